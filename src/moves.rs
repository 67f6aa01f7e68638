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
    #[must_use]
    #[inline(always)]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The square the piece goes to; for castling, the square of the castling rook.
    #[must_use]
    #[inline(always)]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The kind a pawn promotes to, if this is a promotion.
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
    #[must_use]
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.flag & flag::PROMOTION != 0
    }

    /// Whether this is castling.
    #[must_use]
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.flag & flag::CASTLE != 0
    }

    /// Whether this is an en passant capture.
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

    /// The square where the king ends: its destination, also for castling (g- or c-file).
    #[must_use]
    #[inline]
    pub const fn king_destination(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::new(side.king_destination(), self.from.rank()),
            None => self.to,
        }
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
/// as they come.
pub trait MoveSink {
    /// Receives one legal move.
    fn push(&mut self, mv: Move);
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
}
