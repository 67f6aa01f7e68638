//! Move notation: UCI and SAN, both ways, and the checked [`Board0x88::play`].

use crate::board::{Board0x88, CastlingSide};
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::square::{File, Rank, Square};
use core::fmt;

/// Why a move given as text, or a move to play, was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move in the notation asked for.
    Unparsable,
    /// The move is well formed but not legal in this position.
    Illegal,
    /// The SAN names more than one legal move (e.g. `Nd2` when both knights can go there).
    Ambiguous,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Unparsable => "the text is not a move in this notation",
            MoveError::Illegal => "the move is not legal in this position",
            MoveError::Ambiguous => "the move could be more than one legal move",
        })
    }
}

impl core::error::Error for MoveError {}

/// How castling is written in UCI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// The king's two-square step, `e1g1`: what standard chess GUIs send.
    #[default]
    KingToDestination,
    /// The king taking its own rook, `e1h1`: what Chess960 (`UCI_Chess960`) GUIs send.
    KingTakesRook,
}

/// A move in UCI notation with a chosen castling notation; made by [`Move::uci`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uci {
    mv: Move,
    notation: CastlingNotation,
}

impl Move {
    /// The move in UCI notation, writing castling as `notation` says.
    ///
    /// ```
    /// use x88::{Board0x88, CastlingNotation};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    /// let castle = board.parse_uci("e1g1").unwrap();
    /// assert_eq!(castle.uci(CastlingNotation::KingToDestination).to_string(), "e1g1");
    /// assert_eq!(castle.uci(CastlingNotation::KingTakesRook).to_string(), "e1h1");
    /// ```
    #[must_use]
    pub const fn uci(self, notation: CastlingNotation) -> Uci {
        Uci { mv: self, notation }
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mv.is_castle() && self.notation == CastlingNotation::KingTakesRook {
            write!(f, "{}{}", self.mv.from(), self.mv.to())
        } else {
            fmt::Display::fmt(&self.mv, f)
        }
    }
}

impl Board0x88 {
    /// `mv` in UCI as this board's GUI expects it: castling as the king's step in standard
    /// chess, as king takes rook in Chess960.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    /// let standard = Board0x88::from_fen(fen).unwrap();
    /// let chess960 = Board0x88::from_fen_chess960(fen).unwrap();
    /// let castle = standard.parse_uci("e1g1").unwrap();
    /// assert_eq!(standard.uci(castle).to_string(), "e1g1");
    /// assert_eq!(chess960.uci(castle).to_string(), "e1h1");
    /// ```
    #[must_use]
    pub fn uci(&self, mv: Move) -> Uci {
        mv.uci(if self.is_chess960() {
            CastlingNotation::KingTakesRook
        } else {
            CastlingNotation::KingToDestination
        })
    }

    /// The legal move written `text` in UCI: `e2e4`, `e7e8q`, and castling either as the king's
    /// step (`e1g1`) or as the king taking its rook (`e1h1`, as Chess960 GUIs send it).
    ///
    /// ```
    /// use x88::{Board0x88, MoveError};
    /// let board = Board0x88::default();
    /// assert_eq!(board.parse_uci("g1f3").unwrap().to_string(), "g1f3");
    /// assert_eq!(board.parse_uci("e2e5"), Err(MoveError::Illegal));
    /// assert_eq!(board.parse_uci("e2-e4"), Err(MoveError::Unparsable));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let bytes = text.as_bytes();
        if !(4..=5).contains(&bytes.len()) || !text.is_ascii() {
            return Err(MoveError::Unparsable);
        }
        let from: Square = text[0..2].parse().map_err(|_| MoveError::Unparsable)?;
        let to: Square = text[2..4].parse().map_err(|_| MoveError::Unparsable)?;
        let promotion = match bytes.get(4) {
            None => None,
            Some(b'q') => Some(PieceKind::Queen),
            Some(b'r') => Some(PieceKind::Rook),
            Some(b'b') => Some(PieceKind::Bishop),
            Some(b'n') => Some(PieceKind::Knight),
            Some(_) => return Err(MoveError::Unparsable),
        };
        let moves = self.legal_moves();
        let plain = |m: &&Move| {
            !m.is_castle() && m.from() == from && m.to() == to && m.promotion_kind() == promotion
        };
        let castle = |m: &&Move| m.is_castle() && m.from() == from && promotion.is_none();
        moves
            .iter()
            .find(plain)
            .or_else(|| moves.iter().filter(castle).find(|m| m.to() == to))
            .or_else(|| {
                moves
                    .iter()
                    .filter(castle)
                    .find(|m| m.king_destination() == to)
            })
            .copied()
            .ok_or(MoveError::Illegal)
    }

    /// Plays `mv` if it is legal here; otherwise returns [`MoveError::Illegal`] and leaves the
    /// board untouched. Use [`make_move`](Board0x88::make_move) where the move is known legal.
    ///
    /// ```
    /// use x88::{Board0x88, MoveError};
    /// let mut board = Board0x88::default();
    /// let e4 = board.parse_uci("e2e4").unwrap();
    /// board.play(e4).unwrap();
    /// assert_eq!(board.play(e4), Err(MoveError::Illegal)); // not black's move
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.is_legal(mv) {
            let _ = self.make_move(mv);
            Ok(())
        } else {
            Err(MoveError::Illegal)
        }
    }

    /// The move in Standard Algebraic Notation, as a value that implements `Display` (no
    /// allocation): `Nf3`, `exd5`, `e8=Q`, `O-O`, with minimal disambiguation and a `+` or `#`
    /// suffix. `mv` must be legal here.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "7k/6pp/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
    /// let mate = board.parse_uci("a1a8").unwrap();
    /// assert_eq!(board.san(mate).to_string(), "Ra8#");
    /// assert_eq!(board.san(board.parse_uci("e1c1").unwrap()).to_string(), "O-O-O");
    /// ```
    #[must_use]
    pub fn san(&self, mv: Move) -> San<'_> {
        San { board: self, mv }
    }

    /// The legal move written `text` in SAN. Besides strict SAN it takes what people type:
    /// `0-0` for `O-O`, `e8Q` for `e8=Q`, a trailing `e.p.`, `+`, `#`, `!` or `?`, an optional
    /// `x`, and over-disambiguated moves like `Ngf3` or `Ng1f3`.
    ///
    /// ```
    /// use x88::{Board0x88, MoveError};
    /// let board = Board0x88::default();
    /// assert_eq!(board.parse_san("Nf3").unwrap().to_string(), "g1f3");
    /// assert_eq!(board.parse_san("Ngf3!?").unwrap().to_string(), "g1f3");
    /// assert_eq!(board.parse_san("Nd4"), Err(MoveError::Illegal));
    /// assert_eq!(board.parse_san("Zz9"), Err(MoveError::Unparsable));
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let pattern = SanPattern::parse(text)?;
        let moves = self.legal_moves();
        let mut found = None;
        for &mv in moves.iter().filter(|&&mv| pattern.matches(self, mv)) {
            if found.replace(mv).is_some() {
                return Err(MoveError::Ambiguous);
            }
        }
        found.ok_or(MoveError::Illegal)
    }
}

/// What a SAN string says about the move it names.
#[derive(Debug)]
enum SanPattern {
    /// `O-O` (true) or `O-O-O` (false).
    Castle(CastlingSide),
    /// A piece or pawn move.
    Move {
        kind: PieceKind,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<PieceKind>,
    },
}

impl SanPattern {
    fn parse(text: &str) -> Result<SanPattern, MoveError> {
        let mut s = text.trim().trim_end_matches(['+', '#', '!', '?']);
        for suffix in ["e.p.", "ep"] {
            if let Some(rest) = s.strip_suffix(suffix) {
                s = rest.trim_end();
                break;
            }
        }
        s = s.trim_end_matches(['+', '#']);
        if !s.is_ascii() || s.is_empty() {
            return Err(MoveError::Unparsable);
        }
        match s {
            "O-O" | "0-0" => return Ok(SanPattern::Castle(CastlingSide::KingSide)),
            "O-O-O" | "0-0-0" => return Ok(SanPattern::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        let mut bytes = s.as_bytes();
        let (kind, rest) = match bytes[0] {
            b'N' => (PieceKind::Knight, &bytes[1..]),
            b'B' => (PieceKind::Bishop, &bytes[1..]),
            b'R' => (PieceKind::Rook, &bytes[1..]),
            b'Q' => (PieceKind::Queen, &bytes[1..]),
            b'K' => (PieceKind::King, &bytes[1..]),
            _ => (PieceKind::Pawn, bytes),
        };
        bytes = rest;
        let mut promotion = None;
        if kind == PieceKind::Pawn {
            if let Some((&last, init)) = bytes.split_last() {
                let promoted = match last.to_ascii_uppercase() {
                    b'Q' => Some(PieceKind::Queen),
                    b'R' => Some(PieceKind::Rook),
                    b'B' => Some(PieceKind::Bishop),
                    b'N' => Some(PieceKind::Knight),
                    _ => None,
                };
                // A promotion letter follows the destination's rank digit (or '=').
                let after_square = init
                    .last()
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'=');
                if promoted.is_some() && after_square {
                    promotion = promoted;
                    bytes = init.strip_suffix(b"=").unwrap_or(init);
                }
            }
        }
        let Some(split) = bytes.len().checked_sub(2) else {
            return Err(MoveError::Unparsable);
        };
        let (prefix, square) = bytes.split_at(split);
        let to = core::str::from_utf8(square)
            .ok()
            .and_then(|sq| sq.parse::<Square>().ok())
            .ok_or(MoveError::Unparsable)?;
        let (mut from_file, mut from_rank) = (None, None);
        for &b in prefix
            .iter()
            .filter(|&&b| !matches!(b, b'x' | b'X' | b':' | b'-'))
        {
            if let Some(file) = File::from_char(b as char).filter(|_| from_file.is_none()) {
                from_file = Some(file);
            } else if let Some(rank) = Rank::from_char(b as char).filter(|_| from_rank.is_none()) {
                from_rank = Some(rank);
            } else {
                return Err(MoveError::Unparsable);
            }
        }
        Ok(SanPattern::Move {
            kind,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    fn matches(&self, board: &Board0x88, mv: Move) -> bool {
        match *self {
            SanPattern::Castle(side) => mv.castling_side() == Some(side),
            SanPattern::Move {
                kind,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                !mv.is_castle()
                    && board.kind_on(mv.from()) == Some(kind)
                    && mv.to() == to
                    // A promotion without its piece matches all four: ambiguous, not illegal.
                    && (promotion.is_none() || mv.promotion_kind() == promotion)
                    && from_file.is_none_or(|f| mv.from().file() == f)
                    && from_rank.is_none_or(|r| mv.from().rank() == r)
            }
        }
    }
}

/// A move in SAN, written when displayed. Made by [`Board0x88::san`].
#[derive(Clone, Copy, Debug)]
pub struct San<'a> {
    board: &'a Board0x88,
    mv: Move,
}

impl fmt::Display for San<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (board, mv) = (self.board, self.mv);
        let moving = board.kind_on(mv.from());
        if mv.is_castle() {
            f.write_str(if mv.castling_side() == Some(CastlingSide::KingSide) {
                "O-O"
            } else {
                "O-O-O"
            })?;
        } else {
            let capture = mv.is_capture();
            match moving {
                Some(PieceKind::Pawn) | None => {
                    if capture {
                        write!(f, "{}x", mv.from().file())?;
                    }
                    write!(f, "{}", mv.to())?;
                    if let Some(kind) = mv.promotion_kind() {
                        write!(f, "={}", kind.to_char().to_ascii_uppercase())?;
                    }
                }
                Some(kind) => {
                    write!(f, "{}", kind.to_char().to_ascii_uppercase())?;
                    write_disambiguation(f, &board.legal_moves(), board, mv, kind)?;
                    if capture {
                        f.write_str("x")?;
                    }
                    write!(f, "{}", mv.to())?;
                }
            }
        }
        let mut after = *board;
        let _ = after.make_move(mv);
        if after.is_check() {
            f.write_str(if after.count_legal_moves() == 0 {
                "#"
            } else {
                "+"
            })?;
        }
        Ok(())
    }
}

/// The file, rank or square of the moving piece, as little as tells it from the other pieces
/// of its kind that could go to the same square.
fn write_disambiguation(
    f: &mut fmt::Formatter<'_>,
    moves: &MoveList,
    board: &Board0x88,
    mv: Move,
    kind: PieceKind,
) -> fmt::Result {
    let rivals = moves.iter().filter(|m| {
        !m.is_castle()
            && m.to() == mv.to()
            && m.from() != mv.from()
            && board.kind_on(m.from()) == Some(kind)
    });
    let (mut any, mut same_file, mut same_rank) = (false, false, false);
    for rival in rivals {
        any = true;
        same_file |= rival.from().file() == mv.from().file();
        same_rank |= rival.from().rank() == mv.from().rank();
    }
    match (any, same_file, same_rank) {
        (false, _, _) => Ok(()),
        (true, false, _) => write!(f, "{}", mv.from().file()),
        (true, true, false) => write!(f, "{}", mv.from().rank()),
        (true, true, true) => write!(f, "{}", mv.from()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board0x88 {
        Board0x88::from_fen(fen).unwrap()
    }

    fn san_of(fen: &str, uci: &str) -> String {
        let board = board(fen);
        board.san(board.parse_uci(uci).unwrap()).to_string()
    }

    #[test]
    fn san_disambiguates_as_little_as_it_can() {
        // Knights on b1 and f3 can both reach d2; rooks on a1 and a5 share a file.
        let fen = "4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1";
        assert_eq!(san_of(fen, "b1d2"), "Nbd2");
        assert_eq!(san_of(fen, "a1a3"), "R1a3");
        assert_eq!(san_of(fen, "a5a3"), "R5a3");
        assert_eq!(san_of(fen, "b1c3"), "Nc3");
        // Three queens reach e5: the one on h8 shares its file with h2 and its rank with e8.
        let fen = "4Q2Q/k7/8/8/8/8/7Q/K7 w - - 0 1";
        assert_eq!(san_of(fen, "h8e5"), "Qh8e5");
        assert_eq!(san_of(fen, "e8e5"), "Qee5");
        assert_eq!(san_of(fen, "h2e5"), "Q2e5");
    }

    #[test]
    fn san_of_pawns_castling_and_checks() {
        let fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2";
        assert_eq!(san_of(fen, "e5d6"), "exd6");
        assert_eq!(san_of(fen, "b7a8q"), "bxa8=Q+");
        assert_eq!(san_of(fen, "b7b8n"), "b8=N");
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1c1"), "O-O-O");
        assert_eq!(san_of(fen, "a1a8"), "Rxa8+");
        assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
    }

    #[test]
    fn parse_san_takes_what_people_type() {
        let fen = "r3k2r/1P6/8/3pP3/8/8/3N4/R3K1NR w KQkq d6 0 2";
        let b = board(fen);
        let uci = |san: &str| b.parse_san(san).map(|m| m.to_string());
        assert_eq!(uci("0-0-0").as_deref(), Ok("e1c1"));
        assert_eq!(uci("O-O-O+").as_deref(), Ok("e1c1"));
        assert_eq!(uci("b8Q").as_deref(), Ok("b7b8q"));
        assert_eq!(uci("b8=Q").as_deref(), Ok("b7b8q"));
        assert_eq!(uci("bxa8=N").as_deref(), Ok("b7a8n"));
        assert_eq!(uci("exd6e.p.").as_deref(), Ok("e5d6"));
        assert_eq!(uci("exd6 e.p.").as_deref(), Ok("e5d6"));
        assert_eq!(uci("ed6").as_deref(), Ok("e5d6"));
        assert_eq!(uci("Ngf3").as_deref(), Ok("g1f3"));
        assert_eq!(uci("Ng1f3!?").as_deref(), Ok("g1f3"));
        assert_eq!(uci("Ng1-f3").as_deref(), Ok("g1f3"));
        assert_eq!(uci("Nd2xf3").as_deref(), Ok("d2f3"));
        assert_eq!(uci("Nf3"), Err(MoveError::Ambiguous));
        assert_eq!(uci("b8"), Err(MoveError::Ambiguous));
        assert_eq!(uci("O-O"), Err(MoveError::Illegal));
        assert_eq!(uci("Nb5"), Err(MoveError::Illegal));
        for junk in [
            "", "x", "N", "Nz9", "e9", "Kxx4", "O-O-O-O", "é4", "Pe4", "N1f3g",
        ] {
            assert_eq!(b.parse_san(junk), Err(MoveError::Unparsable), "{junk:?}");
        }
    }

    #[test]
    fn parse_uci_takes_both_castling_notations() {
        let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let castle = b.parse_uci("e1g1").unwrap();
        assert!(castle.is_castle());
        assert_eq!(b.parse_uci("e1h1"), Ok(castle));
        assert_eq!(b.parse_uci("e1a1"), b.parse_uci("e1c1"));
        assert_eq!(b.parse_uci("e1g1q"), Err(MoveError::Illegal));
        for junk in ["", "e2", "e2e4x", "e2e4qq", "i2i4", "e2e4Q", "0000"] {
            assert_eq!(b.parse_uci(junk), Err(MoveError::Unparsable), "{junk:?}");
        }
    }

    #[test]
    fn play_refuses_an_illegal_move_and_keeps_the_board() {
        let mut b = Board0x88::default();
        let e4 = b.parse_uci("e2e4").unwrap();
        let other = board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        let foreign = other.parse_uci("a1a8").unwrap();
        let before = b;
        assert_eq!(b.play(foreign), Err(MoveError::Illegal));
        assert_eq!(b, before);
        assert_eq!(b.play(e4), Ok(()));
        assert_eq!(b.side_to_move(), crate::Color::Black);
    }
}
