//! Moves, move lists and the sink trait that move generation writes into.

use crate::board::CastlingSide;
use crate::piece::PieceKind;
use crate::square::Square;
use arrayvec::ArrayVec;
use core::fmt;

/// The most legal moves of any chess position is 218; 256 leaves room for the pseudo-legal
/// positions the lenient loader accepts (many queens) while a `MoveList` stays on the stack.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: no allocation in move generation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Flag bits stored in a [`Move`].
///
/// A quiet move of one piece has no bit set, so that make/unmake tell their commonest case
/// from all others by one test. [`CAPTURE`](flag::CAPTURE) comes with any other bit but
/// castling's: the generator knows whether a move takes a piece, so make/unmake need not
/// wait for the destination's byte to decide.
mod flag {
    pub const NORMAL: u8 = 0;
    pub const DOUBLE_PUSH: u8 = 1;
    /// `PROMOTION | kind number` for a promotion.
    pub const PROMOTION: u8 = 8;
    pub const EN_PASSANT: u8 = 16;
    pub const CASTLE: u8 = 32;
    pub const CAPTURE: u8 = 64;
}

/// A move: from, to, and what kind of move it is, in four bytes (the fourth is always 0, so
/// that a move is one aligned 32-bit word to load, store and compare).
///
/// Moves come from the move generator (see [`Board0x88::legal_moves`](crate::Board0x88::legal_moves)),
/// which knows their kind. Castling is stored as "king takes own rook" (`to` is the rook's
/// square), which is unambiguous in standard chess and in Chess960 alike; [`Display`](fmt::Display)
/// writes it in standard UCI as the king's two-square step (`e1g1`).
///
/// ```
/// use x88::Board0x88;
/// let board = Board0x88::default();
/// let mv = board.legal_moves().into_iter().find(|m| m.to_string() == "e2e4").unwrap();
/// assert!(mv.is_double_push());
/// assert_eq!(mv.from().to_string(), "e2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(4))]
pub struct Move {
    from: Square,
    to: Square,
    flag: u8,
    /// Always 0: fills the word (padding would leave the byte undefined, which makes the
    /// compiler move a move byte by byte).
    zero: u8,
}

impl Move {
    /// A plain move of a piece (not castling, en passant, a double push or promotion), which
    /// takes the piece on `to` if `capture`.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn normal(from: Square, to: Square, capture: bool) -> Move {
        Move {
            from,
            to,
            flag: flag::NORMAL | capture_bit(capture),
            zero: 0,
        }
    }

    /// A pawn's two-square first step.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn double_push(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            flag: flag::DOUBLE_PUSH,
            zero: 0,
        }
    }

    /// An en passant capture; `to` is the square the pawn moves to.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            flag: flag::EN_PASSANT | flag::CAPTURE,
            zero: 0,
        }
    }

    /// Castling, encoded as the king taking its own rook on `rook`.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn castle(king: Square, rook: Square) -> Move {
        Move {
            from: king,
            to: rook,
            flag: flag::CASTLE,
            zero: 0,
        }
    }

    /// A promotion to `kind`, which takes the piece on `to` if `capture`.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn promotion(
        from: Square,
        to: Square,
        kind: PieceKind,
        capture: bool,
    ) -> Move {
        Move {
            from,
            to,
            flag: flag::PROMOTION | kind.bits() | capture_bit(capture),
            zero: 0,
        }
    }

    /// The square the piece leaves (the king's square for castling).
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    /// assert_eq!(board.parse_uci("h1h5").unwrap().from(), Square::H1);
    /// assert_eq!(board.parse_uci("e1g1").unwrap().from(), Square::E1); // castling: the king's
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece goes to; for castling, the square of the castling rook.
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    /// assert_eq!(board.parse_uci("h1h5").unwrap().to(), Square::H5);
    /// let castle = board.parse_uci("e1g1").unwrap();
    /// assert_eq!(castle.to(), Square::H1); // the rook's square, not g1
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The kind a pawn promotes to, if this is a promotion.
    ///
    /// ```
    /// use x88::{Board0x88, PieceKind};
    /// let board: Board0x88 = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(board.parse_uci("a7a8n").unwrap().promotion_kind(), Some(PieceKind::Knight));
    /// assert_eq!(board.parse_uci("e1e2").unwrap().promotion_kind(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn promotion_kind(self) -> Option<PieceKind> {
        if self.flag & flag::PROMOTION != 0 {
            PieceKind::from_bits(self.flag & 7)
        } else {
            None
        }
    }

    /// Whether this is a promotion.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    /// let promotions = board.legal_moves().into_iter().filter(|mv| mv.is_promotion()).count();
    /// assert_eq!(promotions, 4); // a8=Q, a8=R, a8=B, a8=N
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.flag & flag::PROMOTION != 0
    }

    /// Whether this is castling.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
    /// assert_eq!(board.legal_moves().into_iter().filter(|mv| mv.is_castle()).count(), 2);
    /// assert!(board.parse_uci("e1g1").unwrap().is_castle());
    /// assert!(!board.parse_uci("e1f1").unwrap().is_castle());
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.flag & flag::CASTLE != 0
    }

    /// Whether this is an en passant capture.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1".parse().unwrap();
    /// let ep = board.parse_uci("e5d6").unwrap();
    /// assert!(ep.is_en_passant() && ep.is_capture()); // d6 is empty: the pawn taken is on d5
    /// assert!(!board.parse_uci("e5e6").unwrap().is_en_passant());
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.flag & flag::EN_PASSANT != 0
    }

    /// Whether this move takes a piece: a capture on its destination, a capturing promotion,
    /// or en passant. Castling, encoded as the king taking its own rook, is not a capture.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/3p4/4P3/8/8/4K2R w K - 0 1".parse().unwrap();
    /// let captures: Vec<String> = board
    ///     .legal_moves()
    ///     .into_iter()
    ///     .filter(|mv| mv.is_capture())
    ///     .map(|mv| mv.to_string())
    ///     .collect();
    /// assert_eq!(captures, ["e4d5"]);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.flag & flag::CAPTURE != 0
    }

    /// Whether this is a quiet move of one piece: no capture, promotion, double push, castling
    /// or en passant. The commonest move, which make/unmake take the shortest way.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn is_plain_quiet(self) -> bool {
        self.flag == flag::NORMAL
    }

    /// Whether this is a capture on the destination and nothing else (not a promotion, not en
    /// passant): the next commonest move, with a short way of its own through make/unmake.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn is_plain_capture(self) -> bool {
        self.flag == flag::CAPTURE
    }

    /// Whether this is a pawn's two-square step.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board = Board0x88::default();
    /// assert_eq!(board.legal_moves().into_iter().filter(|mv| mv.is_double_push()).count(), 8);
    /// assert!(!board.parse_uci("e2e3").unwrap().is_double_push());
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_double_push(self) -> bool {
        self.flag == flag::DOUBLE_PUSH
    }

    /// Whether one piece moves and at most one is taken, on the destination: a plain move or
    /// capture, a double push or a promotion; not castling or en passant, which move or take a
    /// second piece elsewhere. The fast path of make/unmake.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn is_simple(self) -> bool {
        self.flag & (flag::EN_PASSANT | flag::CASTLE) == 0
    }

    /// The byte of the piece a pawn of colour bit `color_bit` promotes to, for a promotion.
    #[inline(always)]
    pub(crate) const fn promoted_piece(self, color_bit: u8) -> u8 {
        color_bit | (self.flag & 7)
    }

    /// The side a castling move castles towards, `None` for any other move.
    ///
    /// ```
    /// use x88::{Board0x88, CastlingSide};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
    /// assert_eq!(board.parse_uci("e1c1").unwrap().castling_side(), Some(CastlingSide::QueenSide));
    /// assert_eq!(board.parse_uci("e1f1").unwrap().castling_side(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        if !self.is_castle() {
            None
        } else if self.to.x88() > self.from.x88() {
            Some(CastlingSide::KingSide)
        } else {
            Some(CastlingSide::QueenSide)
        }
    }

    /// The square where the moving piece ends: [`to`](Move::to) for every move but castling,
    /// and for castling (whose `to` is the rook's square) the square the king lands on, on the
    /// g- or c-file.
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
    /// let castle = board.parse_uci("e1c1").unwrap();
    /// assert_eq!((castle.to(), castle.king_destination()), (Square::A1, Square::C1));
    /// let rook_move = board.parse_uci("a1a5").unwrap();
    /// assert_eq!(rook_move.king_destination(), rook_move.to()); // any other move: `to()`
    /// ```
    #[must_use]
    #[inline]
    pub const fn king_destination(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::new(side.king_destination(), self.from.rank()),
            None => self.to,
        }
    }
}

/// The flag byte of each 4-bit move code of [`Move::to_u16`]: quiet, capture, double push,
/// en passant, castling, then the promotions to knight, bishop, rook and queen, quiet and
/// capturing. Codes 13 to 15 are no move.
const FLAG_OF_CODE: [u8; 13] = [
    flag::NORMAL,
    flag::CAPTURE,
    flag::DOUBLE_PUSH,
    flag::EN_PASSANT | flag::CAPTURE,
    flag::CASTLE,
    flag::PROMOTION | 3,
    flag::PROMOTION | 5,
    flag::PROMOTION | 6,
    flag::PROMOTION | 7,
    flag::PROMOTION | flag::CAPTURE | 3,
    flag::PROMOTION | flag::CAPTURE | 5,
    flag::PROMOTION | flag::CAPTURE | 6,
    flag::PROMOTION | flag::CAPTURE | 7,
];

impl Move {
    /// The move packed into 16 bits, for a transposition table entry or a killer slot: the
    /// [`index`](Square::index) of `from` in bits 0-5, of `to` in bits 6-11, and the kind of
    /// move in bits 12-15. [`Move::from_u16`] unpacks it. No move packs to 0 but `a1a1`,
    /// which is never legal, so 0 can stand for "no move".
    ///
    /// ```
    /// use x88::{Board0x88, Move};
    /// let board = Board0x88::default();
    /// for mv in board.legal_moves() {
    ///     assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub const fn to_u16(self) -> u16 {
        let code = match self.flag {
            flag::NORMAL => 0,
            flag::CAPTURE => 1,
            flag::DOUBLE_PUSH => 2,
            f if f & flag::EN_PASSANT != 0 => 3,
            flag::CASTLE => 4,
            f => {
                let kind = match f & 7 {
                    3 => 0,
                    5 => 1,
                    6 => 2,
                    _ => 3,
                };
                5 + kind + if f & flag::CAPTURE != 0 { 4 } else { 0 }
            }
        };
        self.from.index() as u16 | (self.to.index() as u16) << 6 | code << 12
    }

    /// The move packed by [`Move::to_u16`], or `None` for the three codes that are no kind of
    /// move. Any other `u16` gives a `Move`, which may well be illegal in the position at
    /// hand: ask [`Board0x88::is_legal`](crate::Board0x88::is_legal) before playing it.
    ///
    /// ```
    /// use x88::{Board0x88, Move};
    /// let board = Board0x88::default();
    /// let nonsense = Move::from_u16(0x0fff).unwrap(); // h8h8, quiet
    /// assert!(!board.is_legal(nonsense));
    /// assert_eq!(Move::from_u16(0xffff), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_u16(bits: u16) -> Option<Move> {
        let code = (bits >> 12) as usize;
        if code >= FLAG_OF_CODE.len() {
            return None;
        }
        let (Some(from), Some(to)) = (
            Square::from_index((bits & 63) as usize),
            Square::from_index((bits >> 6 & 63) as usize),
        ) else {
            return None;
        };
        Some(Move {
            from,
            to,
            flag: FLAG_OF_CODE[code],
            zero: 0,
        })
    }
}

/// The [`CAPTURE`](flag::CAPTURE) bit if `capture`, else 0, without a branch.
#[inline(always)]
const fn capture_bit(capture: bool) -> u8 {
    capture as u8 * flag::CAPTURE
}

/// Standard UCI: `e2e4`, `e7e8q`, and castling as the king's step (`e1g1`, `e8c8`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.king_destination())?;
        if let Some(kind) = self.promotion_kind() {
            write!(f, "{}", kind.to_char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        if self.is_castle() {
            write!(f, ", castle with {}", self.to)?;
        } else if self.is_en_passant() {
            f.write_str(", en passant")?;
        }
        f.write_str(")")
    }
}

/// Where move generation puts the moves it finds.
///
/// One generator serves every caller: a [`MoveList`] collects moves, a [`MoveCounter`] only
/// counts them (perft's bulk counting), and an engine may implement its own sink to score moves
/// as they come, or to stop early.
///
/// ```
/// use x88::{Board0x88, Move, MoveSink};
/// /// Keeps the first capture the generator finds, then asks it to stop.
/// struct FirstCapture(Option<Move>);
/// impl MoveSink for FirstCapture {
///     fn push(&mut self, mv: Move) {
///         if mv.is_capture() && self.0.is_none() {
///             self.0 = Some(mv);
///         }
///     }
///     fn wants_more(&self) -> bool {
///         self.0.is_none()
///     }
/// }
/// let board: Board0x88 = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1".parse().unwrap();
/// let mut sink = FirstCapture(None);
/// board.generate_noisy(&mut sink);
/// assert_eq!(sink.0.map(|mv| mv.to_string()), Some("e4d5".to_string()));
/// ```
pub trait MoveSink {
    /// Receives one legal move.
    fn push(&mut self, mv: Move);

    /// Whether the generator should go on. It asks between pieces, so a sink may still receive
    /// a few moves after it says no. The default, `true`, costs nothing: the test folds away.
    #[inline(always)]
    fn wants_more(&self) -> bool {
        true
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        // A legal position has at most 218 moves and the lenient loader's at most 16 pieces a
        // side cannot make more than 256, so this never drops a move; it must not panic anyway.
        let _ = self.try_push(mv);
    }
}

/// A [`MoveSink`] that counts the moves it receives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// A [`MoveSink`] that keeps the first move it receives and then asks the generator to stop:
/// the sink of [`Board0x88::has_legal_moves`](crate::Board0x88::has_legal_moves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FirstMove(pub(crate) Option<Move>);

impl MoveSink for FirstMove {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if self.0.is_none() {
            self.0 = Some(mv);
        }
    }

    #[inline(always)]
    fn wants_more(&self) -> bool {
        self.0.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_text_of_each_kind() {
        let e1 = Square::E1;
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(Move::castle(e1, Square::H1).to_string(), "e1g1");
        assert!(!Move::castle(e1, Square::H1).is_capture());
        assert_eq!(Move::castle(e1, Square::A1).to_string(), "e1c1");
        assert_eq!(Move::castle(Square::B8, Square::A8).to_string(), "b8c8");
        let promo = Move::promotion(sq("e7"), sq("d8"), PieceKind::Knight, true);
        assert!(promo.is_capture() && promo.is_promotion() && !promo.is_plain_quiet());
        assert_eq!(promo.to_string(), "e7d8n");
        assert_eq!(promo.promotion_kind(), Some(PieceKind::Knight));
        assert_eq!(
            Move::normal(sq("g1"), sq("f3"), false).promotion_kind(),
            None
        );
        assert!(Move::normal(sq("g1"), sq("f3"), false).is_plain_quiet());
        assert!(Move::en_passant(sq("e5"), sq("d6")).is_capture());
        assert_eq!(core::mem::size_of::<Move>(), 4);
    }

    #[test]
    fn every_u16_code_round_trips() {
        let mut moves = 0;
        for bits in 0..=u16::MAX {
            match Move::from_u16(bits) {
                Some(mv) => {
                    moves += 1;
                    assert_eq!(mv.to_u16(), bits, "{mv:?}");
                }
                None => assert!(bits >> 12 >= 13, "{bits:#x}"),
            }
        }
        assert_eq!(moves, 13 * 4096);
    }
}
