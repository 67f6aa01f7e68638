//! Forsyth-Edwards Notation: parsing (strict and lenient), printing, and [`FenError`].

use crate::attacks::ray_step;
use crate::board::{Board0x88, CastlingRights, CastlingSide, MAX_PIECES};
use crate::piece::{Color, Piece, PieceKind};
use crate::setup::Setup;
use crate::square::{File, Rank, Square};
use core::fmt;
use core::str::FromStr;

/// Why a FEN was refused: which field is wrong, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenError {
    /// The FEN does not have 6 space-separated fields (the lenient loader also takes 4).
    WrongFieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// The placement field does not have 8 ranks separated by `/`.
    WrongRankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A rank of the placement field describes more than 8 squares.
    RankTooLong {
        /// The rank.
        rank: Rank,
    },
    /// A rank of the placement field describes fewer than 8 squares.
    RankTooShort {
        /// The rank.
        rank: Rank,
    },
    /// The placement field has a character that is neither a piece letter nor a digit 1-8.
    UnknownPiece {
        /// The rank where it stands.
        rank: Rank,
        /// The character.
        found: char,
    },
    /// The side-to-move field is not `w` or `b`.
    BadSideToMove,
    /// The castling field is not `-` or a set of distinct letters from `KQkq`.
    BadCastling,
    /// The castling field grants a right whose king and rook are not on their squares.
    CastlingWithoutKingAndRook {
        /// The right that cannot be.
        right: CastlingRights,
    },
    /// The en passant field is not `-` or a square.
    BadEnPassant,
    /// The en passant square is not on the 6th rank (white to move) or the 3rd (black to move).
    EnPassantWrongRank {
        /// The square.
        square: Square,
    },
    /// No pawn can just have made the double step that the en passant square says it made.
    EnPassantWithoutPawn {
        /// The square.
        square: Square,
    },
    /// The half-move clock is not a number from 0 to 65535.
    BadHalfmoveClock,
    /// The full-move number is not a number from 1 to 65535.
    BadFullmoveNumber,
    /// A side has no king.
    MissingKing {
        /// The side.
        color: Color,
    },
    /// A side has more than one king.
    TooManyKings {
        /// The side.
        color: Color,
    },
    /// A side has more pieces than a game can give it (more than 16, more than 8 pawns, or more
    /// promoted pieces than missing pawns; the lenient loader only checks the 16).
    TooManyPieces {
        /// The side.
        color: Color,
    },
    /// A pawn stands on the first or last rank.
    PawnOnBackRank {
        /// Its square.
        square: Square,
    },
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// The side to move is in a check that no legal move can have given (three checkers, two
    /// on one line, two pawns or knights, or a check that the double step named by the en
    /// passant square cannot have given). The lenient loader accepts it.
    ImpossibleCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenError::WrongFieldCount { found } => {
                write!(f, "a FEN has 6 fields separated by spaces, found {found}")
            }
            FenError::WrongRankCount { found } => {
                write!(f, "placement field: 8 ranks separated by '/' expected, found {found}")
            }
            FenError::RankTooLong { rank } => {
                write!(f, "placement field: rank {rank} has more than 8 squares")
            }
            FenError::RankTooShort { rank } => {
                write!(f, "placement field: rank {rank} has fewer than 8 squares")
            }
            FenError::UnknownPiece { rank, found } => write!(
                f,
                "placement field: rank {rank} has {found:?}, which is neither a piece letter nor a digit 1-8"
            ),
            FenError::BadSideToMove => f.write_str("side-to-move field: expected 'w' or 'b'"),
            FenError::BadCastling => {
                f.write_str("castling field: expected '-' or distinct letters from \"KQkq\"")
            }
            FenError::CastlingWithoutKingAndRook { right } => write!(
                f,
                "castling field: right {} needs its king and rook on their starting squares",
                castling_letters(right)
            ),
            FenError::BadEnPassant => f.write_str("en passant field: expected '-' or a square"),
            FenError::EnPassantWrongRank { square } => write!(
                f,
                "en passant field: {square} is not on the 6th rank (white to move) or the 3rd (black to move)"
            ),
            FenError::EnPassantWithoutPawn { square } => write!(
                f,
                "en passant field: no pawn can just have stepped over {square}"
            ),
            FenError::BadHalfmoveClock => {
                f.write_str("half-move clock field: expected a number from 0 to 65535")
            }
            FenError::BadFullmoveNumber => {
                f.write_str("full-move number field: expected a number from 1 to 65535")
            }
            FenError::MissingKing { color } => write!(f, "placement field: {color} has no king"),
            FenError::TooManyKings { color } => {
                write!(f, "placement field: {color} has more than one king")
            }
            FenError::TooManyPieces { color } => write!(
                f,
                "placement field: {color} has more pieces than a game can give (at most 16, 8 pawns, a promoted piece for each missing pawn)"
            ),
            FenError::PawnOnBackRank { square } => {
                write!(f, "placement field: a pawn on {square}, on the first or last rank")
            }
            FenError::OpponentInCheck => f.write_str("the side that is not to move is in check"),
            FenError::ImpossibleCheck => f.write_str(
                "the side to move is in a check no legal move can give (use the lenient loader to accept it)",
            ),
        }
    }
}

impl core::error::Error for FenError {}

/// The FEN letters of a set of castling rights, `KQkq` order, as a `Display` value.
fn castling_letters(rights: CastlingRights) -> impl fmt::Display {
    struct Letters(CastlingRights);
    impl fmt::Display for Letters {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            if self.0.is_empty() {
                return f.write_str("-");
            }
            for (flag, letter) in CASTLING_LETTERS {
                if self.0.contains(flag) {
                    write!(f, "{letter}")?;
                }
            }
            Ok(())
        }
    }
    Letters(rights)
}

const CASTLING_LETTERS: [(CastlingRights, char); 4] = [
    (CastlingRights::WHITE_KINGSIDE, 'K'),
    (CastlingRights::WHITE_QUEENSIDE, 'Q'),
    (CastlingRights::BLACK_KINGSIDE, 'k'),
    (CastlingRights::BLACK_QUEENSIDE, 'q'),
];

/// The FEN letter of a castling right: `K`, `Q`, `k` or `q`.
pub(crate) fn castling_letter(color: Color, side: CastlingSide) -> char {
    let letter = match side {
        CastlingSide::KingSide => 'k',
        CastlingSide::QueenSide => 'q',
    };
    in_case_of(color, letter)
}

/// `letter` in the case of `color`: upper case for white, lower case for black.
fn in_case_of(color: Color, letter: char) -> char {
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    }
}

/// How a FEN is read: the castling notation, and how strictly the position is checked.
///
/// ```
/// use x88::{Board0x88, FenOptions};
/// // Shredder-FEN: the castling rights name the rooks' files.
/// let options = FenOptions { chess960: true, ..FenOptions::default() };
/// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// let board = Board0x88::from_fen_with(fen, options).unwrap();
/// assert_eq!(board.legal_moves().len(), 21);
/// assert_eq!(board.fen().to_string(), fen);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FenOptions {
    /// Chess960: the castling field is Shredder-FEN (`HAha`, the rooks' files) or X-FEN (`KQkq`
    /// for the outermost rooks, file letters for the others), the king and rooks may start on
    /// any file, and the board writes Shredder-FEN and king-takes-rook castling.
    pub chess960: bool,
    /// Accept positions that no game can reach but whose moves are well defined, and FENs
    /// without the two clock fields (see [`Board0x88::from_fen_lenient`]).
    pub lenient: bool,
}

impl FromStr for Board0x88 {
    type Err = FenError;

    /// Parses a FEN strictly, as [`Board0x88::from_fen`].
    fn from_str(fen: &str) -> Result<Board0x88, FenError> {
        Board0x88::from_fen(fen)
    }
}

impl Board0x88 {
    /// Parses a FEN, strictly: all six fields, and a position that can arise in a game.
    ///
    /// ```
    /// use x88::{Board0x88, FenError};
    /// let board = Board0x88::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    /// assert_eq!(board.legal_moves().len(), 6); // Kd1 Kf1 Kd2 Kf2 e3 e4
    /// assert_eq!(
    ///     Board0x88::from_fen("4k3/8/8/8/8/8/4P3/4K3 x - - 0 1"),
    ///     Err(FenError::BadSideToMove)
    /// );
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board0x88, FenError> {
        parse(fen, FenOptions::default())
    }

    /// Parses a FEN leniently: the clocks may be left out (4 fields), and positions that no game
    /// can reach but whose moves are well defined are accepted (an impossible check, more
    /// promoted pieces than missing pawns). Still refused: what would make move generation
    /// meaningless (no king, pawns on the back rank, the side not to move in check, more than
    /// 16 pieces a side) and every malformed field.
    ///
    /// ```
    /// use x88::Board0x88;
    /// // Two bishops check along one diagonal: no move can do that, but perft is well defined.
    /// let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    /// assert!(Board0x88::from_fen(fen).is_err());
    /// assert_eq!(Board0x88::from_fen_lenient(fen).unwrap().legal_moves().len(), 6);
    /// ```
    pub fn from_fen_lenient(fen: &str) -> Result<Board0x88, FenError> {
        parse(
            fen,
            FenOptions {
                lenient: true,
                ..FenOptions::default()
            },
        )
    }

    /// Parses a Chess960 FEN strictly; the castling field may be Shredder-FEN or X-FEN.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board = Board0x88::from_fen_chess960(
    ///     "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9",
    /// )
    /// .unwrap();
    /// assert!(board.is_chess960());
    /// assert_eq!(board.legal_moves().len(), 33);
    /// ```
    pub fn from_fen_chess960(fen: &str) -> Result<Board0x88, FenError> {
        parse(
            fen,
            FenOptions {
                chess960: true,
                ..FenOptions::default()
            },
        )
    }

    /// Parses a FEN as `options` say.
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Board0x88, FenError> {
        parse(fen, options)
    }

    /// The FEN of the position, as a value that implements `Display` (no allocation).
    ///
    /// ```
    /// use x88::Board0x88;
    /// let fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 2";
    /// assert_eq!(Board0x88::from_fen(fen).unwrap().fen().to_string(), fen);
    /// ```
    #[must_use]
    pub fn fen(&self) -> Fen<'_> {
        Fen(self)
    }
}

/// The FEN of a board, written when displayed. Made by [`Board0x88::fen`].
#[derive(Clone, Copy, Debug)]
pub struct Fen<'a>(&'a Board0x88);

impl fmt::Display for Fen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_fen(f, &self.0.to_setup())
    }
}

/// Writes the FEN of `setup`, valid or not.
pub(crate) fn write_fen(f: &mut fmt::Formatter<'_>, setup: &Setup) -> fmt::Result {
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match setup.piece_on(Square::new(file, rank)).map(Piece::to_char) {
                Some(c) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{c}")?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank != Rank::First {
            f.write_str("/")?;
        }
    }
    write!(f, " {} ", setup.side_to_move().to_char())?;
    write_castling(f, setup)?;
    f.write_str(" ")?;
    match setup.en_passant() {
        Some(sq) => write!(f, "{sq}")?,
        None => f.write_str("-")?,
    }
    write!(f, " {} {}", setup.halfmove_clock(), setup.fullmove_number())
}

/// The castling field, white's rights first, each side's king side first; `-` if none. In
/// Chess960 each right is its rook's file (Shredder-FEN); in standard chess `KQkq`, or the
/// file when the rook is not in its corner (a setup that validation refuses).
fn write_castling(f: &mut fmt::Formatter<'_>, setup: &Setup) -> fmt::Result {
    let mut any = false;
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            let Some(file) = setup.castling_rook_file(color, side) else {
                continue;
            };
            let letter = if setup.is_chess960() || file != standard_rook_file(side) {
                in_case_of(color, file.to_char())
            } else {
                castling_letter(color, side)
            };
            write!(f, "{letter}")?;
            any = true;
        }
    }
    if !any {
        f.write_str("-")?;
    }
    Ok(())
}

/// The file of the rook that castles towards `side` in standard chess.
fn standard_rook_file(side: CastlingSide) -> File {
    match side {
        CastlingSide::KingSide => File::H,
        CastlingSide::QueenSide => File::A,
    }
}

fn parse(fen: &str, options: FenOptions) -> Result<Board0x88, FenError> {
    let mut fields = [""; 6];
    let mut found = 0;
    for field in fen.split_ascii_whitespace() {
        if found < 6 {
            fields[found] = field;
        }
        found += 1;
    }
    let clocks_given = match (found, options.lenient) {
        (6, _) => true,
        (4, true) => false,
        _ => return Err(FenError::WrongFieldCount { found }),
    };
    let [placement, side, castling, ep, halfmove, fullmove] = fields;

    let mut board = Board0x88::empty();
    parse_placement(&mut board, placement)?;
    let side = match side {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(FenError::BadSideToMove),
    };
    check_material(&board, options.lenient)?;
    parse_castling(&mut board, castling, options.chess960)?;
    let ep = parse_en_passant(&board, ep, side)?;
    let (halfmove, fullmove) = if clocks_given {
        let halfmove = parse_number(halfmove).ok_or(FenError::BadHalfmoveClock)?;
        let fullmove = parse_number(fullmove)
            .filter(|&n| n >= 1)
            .ok_or(FenError::BadFullmoveNumber)?;
        (halfmove, fullmove)
    } else {
        (0, 1)
    };
    board.finish_setup(side, ep, halfmove, fullmove, options.chess960);
    check_checks(&board, options.lenient)?;
    Ok(board)
}

/// A clock: ASCII digits only (no sign), fitting a `u16`.
fn parse_number(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_placement(board: &mut Board0x88, placement: &str) -> Result<(), FenError> {
    let found = placement.split('/').count();
    if found != 8 {
        return Err(FenError::WrongRankCount { found });
    }
    for (text, rank) in placement.split('/').zip(Rank::ALL.into_iter().rev()) {
        let mut file = 0u8;
        for c in text.chars() {
            if file >= 8 {
                return Err(FenError::RankTooLong { rank });
            }
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(FenError::RankTooLong { rank });
                }
            } else if let Some(piece) = Piece::from_char(c) {
                let square = Square::new(File::new(file).unwrap_or(File::A), rank);
                if piece.kind() == PieceKind::Pawn && matches!(rank, Rank::First | Rank::Eighth) {
                    return Err(FenError::PawnOnBackRank { square });
                }
                board.put(square, piece);
                file += 1;
            } else {
                return Err(FenError::UnknownPiece { rank, found: c });
            }
        }
        if file < 8 {
            return Err(FenError::RankTooShort { rank });
        }
    }
    Ok(())
}

/// One king a side; at most 16 pieces; when strict, no more than a game can give.
fn check_material(board: &Board0x88, lenient: bool) -> Result<(), FenError> {
    for color in Color::ALL {
        let mut count = [0u8; 8];
        let mut bishops_on = [0u8; 2];
        let mut total = 0;
        for sq in Square::ALL {
            if let Some(piece) = board.piece_on(sq) {
                let kind = piece.kind();
                if piece.color() == color {
                    count[kind.index()] += 1;
                    total += 1;
                    if kind == PieceKind::Bishop {
                        bishops_on[sq.is_light() as usize] += 1;
                    }
                }
            }
        }
        match count[PieceKind::King.index()] {
            0 => return Err(FenError::MissingKing { color }),
            1 => {}
            _ => return Err(FenError::TooManyKings { color }),
        }
        let extra = |kind: PieceKind, usual: u8| count[kind.index()].saturating_sub(usual);
        let promoted = extra(PieceKind::Knight, 2)
            + bishops_on[0].saturating_sub(1)
            + bishops_on[1].saturating_sub(1)
            + extra(PieceKind::Rook, 2)
            + extra(PieceKind::Queen, 1);
        let impossible = total > MAX_PIECES
            || (!lenient && count[PieceKind::Pawn.index()] as usize + promoted as usize > 8);
        if impossible {
            return Err(FenError::TooManyPieces { color });
        }
    }
    Ok(())
}

/// Reads the castling field into the virgin bits of the kings and rooks: `KQkq` in standard
/// chess; in Chess960 also the rooks' file letters, `KQkq` then naming the outermost rooks.
fn parse_castling(board: &mut Board0x88, castling: &str, chess960: bool) -> Result<(), FenError> {
    if castling == "-" {
        return Ok(());
    }
    if castling.is_empty() {
        return Err(FenError::BadCastling);
    }
    let mut rights = CastlingRights::empty();
    for c in castling.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = Rank::new(color.back_rank()).unwrap_or(Rank::First);
        let (king_sq, rook_sq, right) = castling_pieces(board, c, color, rank, chess960)?;
        if rights.contains(right) {
            return Err(FenError::BadCastling);
        }
        rights |= right;
        let (Some(king_sq), Some(rook_sq)) = (king_sq, rook_sq) else {
            return Err(FenError::CastlingWithoutKingAndRook { right });
        };
        board.put(king_sq, Piece::new(color, PieceKind::King).with_virgin());
        board.put(rook_sq, Piece::new(color, PieceKind::Rook).with_virgin());
    }
    Ok(())
}

/// The king and rook that the castling letter `c` of `color` names (each `None` when it is not
/// where the letter needs it), and the right it grants.
fn castling_pieces(
    board: &Board0x88,
    c: char,
    color: Color,
    rank: Rank,
    chess960: bool,
) -> Result<(Option<Square>, Option<Square>, CastlingRights), FenError> {
    let is = |sq: &Square, kind| board.piece_on(*sq).is_some_and(|p| p.is_piece(color, kind));
    let on_rank = |file: File| Square::new(file, rank);
    let king = if chess960 {
        File::ALL
            .into_iter()
            .map(on_rank)
            .find(|sq| is(sq, PieceKind::King))
    } else {
        Some(on_rank(File::E)).filter(|sq| is(sq, PieceKind::King))
    };
    let king_file = king.map_or(File::E, |sq| sq.file());
    let side_of = |kingside: bool| {
        if kingside {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    };
    let (side, rook) = match c.to_ascii_lowercase() {
        'k' | 'q' => {
            let kingside = c.eq_ignore_ascii_case(&'k');
            let files = File::ALL.into_iter();
            let outermost = if chess960 {
                let rook = |f: &File| is(&on_rank(*f), PieceKind::Rook);
                if kingside {
                    files.rev().take_while(|&f| f > king_file).find(rook)
                } else {
                    files.take_while(|&f| f < king_file).find(rook)
                }
            } else {
                let corner = if kingside { File::H } else { File::A };
                Some(corner).filter(|f| is(&on_rank(*f), PieceKind::Rook))
            };
            (side_of(kingside), outermost)
        }
        letter if chess960 => {
            let file = File::from_char(letter).ok_or(FenError::BadCastling)?;
            let rook = Some(file).filter(|f| is(&on_rank(*f), PieceKind::Rook) && *f != king_file);
            (side_of(file > king_file), rook)
        }
        _ => return Err(FenError::BadCastling),
    };
    Ok((king, rook.map(on_rank), CastlingRights::of(color, side)))
}

/// The en passant square: on the right rank, with the pawn that just stepped over it in front
/// and both squares it crossed empty.
fn parse_en_passant(board: &Board0x88, ep: &str, side: Color) -> Result<Option<Square>, FenError> {
    if ep == "-" {
        return Ok(None);
    }
    let square: Square = ep.parse().map_err(|_| FenError::BadEnPassant)?;
    let them = !side;
    let expected_rank = match side {
        Color::White => Rank::Sixth,
        Color::Black => Rank::Third,
    };
    if square.rank() != expected_rank {
        return Err(FenError::EnPassantWrongRank { square });
    }
    let forward = them.forward();
    let pawn_sq = square.offset(forward);
    let origin = square.offset(-forward);
    let pawn_there =
        pawn_sq.is_some_and(|sq| board.piece_on(sq) == Some(Piece::new(them, PieceKind::Pawn)));
    let path_empty =
        board.piece_on(square).is_none() && origin.is_some_and(|sq| board.piece_on(sq).is_none());
    if !pawn_there || !path_empty {
        return Err(FenError::EnPassantWithoutPawn { square });
    }
    Ok(Some(square))
}

/// The side not to move must not be in check; when strict, the check of the side to move must
/// be one that a move can give.
fn check_checks(board: &Board0x88, lenient: bool) -> Result<(), FenError> {
    let us = board.side_to_move();
    if board.is_attacked(board.king(!us), us) {
        return Err(FenError::OpponentInCheck);
    }
    if lenient {
        return Ok(());
    }
    let king = board.king(us);
    let checkers = board.checkers();
    if let Some(ep) = board.en_passant() {
        // The last move was the double step over `ep`: each check must come from that pawn or
        // be discovered through the square it left.
        let them = !us;
        let pawn = ep.offset(them.forward());
        let origin = ep.offset(-them.forward());
        let explained = |checker: Square| {
            Some(checker) == pawn
                || origin.is_some_and(|origin| {
                    let ray = ray_step(king, checker);
                    ray != 0 && ray_step(king, origin) == ray && ray_step(origin, checker) == ray
                })
        };
        if !checkers.into_iter().all(explained) {
            return Err(FenError::ImpossibleCheck);
        }
    }
    let mut iter = checkers.into_iter();
    match (iter.next(), iter.next(), iter.next()) {
        (Some(_), Some(_), Some(_)) => Err(FenError::ImpossibleCheck),
        (Some(a), Some(b), None) => {
            let leaper = |sq: Square| !board.kind_on(sq).is_some_and(PieceKind::is_slider);
            let (ray_a, ray_b) = (ray_step(king, a), ray_step(king, b));
            let one_line = ray_a != 0 && (ray_a == ray_b || ray_a == -ray_b);
            if one_line || (leaper(a) && leaper(b)) {
                Err(FenError::ImpossibleCheck)
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}
