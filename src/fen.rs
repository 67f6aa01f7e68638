//! Forsyth-Edwards Notation: parsing (strict and lenient), printing, and [`FenError`].

use crate::board::{Board0x88, CastlingSide};
use crate::piece::{Color, Piece, PieceKind};
use crate::setup::{Setup, SetupError};
use crate::square::{File, Rank, Square};
use core::fmt;
use core::str::FromStr;

/// Why a FEN was refused: which field is malformed and how, or, for well-formed fields, every
/// problem of the position they describe ([`FenError::InvalidPosition`]).
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
    /// The castling field is not `-` or a set of distinct letters from `KQkq` (in Chess960 also
    /// the castling rooks' file letters, `A`-`H` and `a`-`h`).
    BadCastling,
    /// The en passant field is not `-` or a square.
    BadEnPassant,
    /// The half-move clock is not a number from 0 to 65535.
    BadHalfmoveClock,
    /// The full-move number is not a number from 1 to 65535.
    BadFullmoveNumber,
    /// The fields are well formed but the position is not one a game can reach (or, for the
    /// lenient loader, not one whose moves are well defined): every problem found, as
    /// [`Setup::validate`] reports them.
    InvalidPosition(SetupError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenError::WrongFieldCount { found } => {
                write!(f, "a FEN has 6 fields separated by spaces, found {found}")
            }
            FenError::WrongRankCount { found } => {
                write!(
                    f,
                    "placement field: 8 ranks separated by '/' expected, found {found}"
                )
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
                f.write_str("castling field: expected '-' or distinct letters from \"KQkq\" (in Chess960 also the rooks' files)")
            }
            FenError::BadEnPassant => f.write_str("en passant field: expected '-' or a square"),
            FenError::BadHalfmoveClock => {
                f.write_str("half-move clock field: expected a number from 0 to 65535")
            }
            FenError::BadFullmoveNumber => {
                f.write_str("full-move number field: expected a number from 1 to 65535")
            }
            FenError::InvalidPosition(error) => write!(f, "invalid position: {error}"),
        }
    }
}

impl core::error::Error for FenError {}

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

/// Reads the fields into a [`Setup`] (each malformed field is its own error), then validates
/// it as [`Setup::validate`] does.
fn parse(fen: &str, options: FenOptions) -> Result<Board0x88, FenError> {
    parse_setup(fen, options)?
        .validate_with(options.lenient)
        .map_err(FenError::InvalidPosition)
}

impl Setup {
    /// Reads a FEN as `options` say without checking the position: only a malformed field is
    /// an error. For a FEN that [`Board0x88::from_fen_with`] refuses as an invalid position,
    /// to mend it and [`validate`](Setup::validate) again.
    ///
    /// ```
    /// use x88::{FenOptions, Setup, Square};
    /// let fen = "4k2P/8/8/8/8/8/8/4K3 w - - 0 1"; // a pawn on h8
    /// let mut setup = Setup::from_fen_with(fen, FenOptions::default()).unwrap();
    /// assert!(setup.validate().is_err());
    /// setup.remove(Square::H8);
    /// assert!(setup.validate().is_ok());
    /// ```
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Setup, FenError> {
        parse_setup(fen, options)
    }
}

/// Reads the fields of a FEN into a [`Setup`], checking only their syntax.
fn parse_setup(fen: &str, options: FenOptions) -> Result<Setup, FenError> {
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

    let mut setup = Setup::empty();
    setup.set_chess960(options.chess960);
    parse_placement(&mut setup, placement)?;
    setup.set_side_to_move(match side {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(FenError::BadSideToMove),
    });
    parse_castling(&mut setup, castling)?;
    setup.set_en_passant(match ep {
        "-" => None,
        square => Some(square.parse().map_err(|_| FenError::BadEnPassant)?),
    });
    if clocks_given {
        setup.set_halfmove_clock(parse_number(halfmove).ok_or(FenError::BadHalfmoveClock)?);
        let fullmove = parse_number(fullmove).filter(|&n| n >= 1);
        setup.set_fullmove_number(fullmove.ok_or(FenError::BadFullmoveNumber)?);
    }
    Ok(setup)
}

/// A clock: ASCII digits only (no sign), fitting a `u16`.
fn parse_number(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_placement(setup: &mut Setup, placement: &str) -> Result<(), FenError> {
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
                setup.put(
                    Square::new(File::new(usize::from(file)).unwrap_or(File::A), rank),
                    piece,
                );
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

/// Reads the castling field into the setup's rights: `KQkq` in standard chess; in Chess960
/// also the rooks' file letters, `KQkq` then naming the outermost rooks. Only the syntax is
/// checked here (and that no right is given twice); validation checks the kings and rooks.
fn parse_castling(setup: &mut Setup, castling: &str) -> Result<(), FenError> {
    if castling == "-" {
        return Ok(());
    }
    if castling.is_empty() {
        return Err(FenError::BadCastling);
    }
    for c in castling.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let (side, rook_file) = castling_right(setup, c, color)?;
        if setup.castling_rook_file(color, side).is_some() {
            return Err(FenError::BadCastling);
        }
        setup.set_castling(color, side, Some(rook_file));
    }
    Ok(())
}

/// The side and rook file of the castling right that the letter `c` of `color` names. `K`
/// and `Q` name the corner rooks in standard chess and the outermost rooks in Chess960 (the
/// corner when there is none, which validation then refuses); in Chess960 a file letter names
/// the rook on that file, on the side of the king where it stands.
fn castling_right(setup: &Setup, c: char, color: Color) -> Result<(CastlingSide, File), FenError> {
    let rank = match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    };
    let is =
        |file: File, kind| setup.piece_on(Square::new(file, rank)) == Some(Piece::new(color, kind));
    let king_file = File::ALL
        .into_iter()
        .find(|&file| is(file, PieceKind::King))
        .unwrap_or(File::E);
    match c.to_ascii_lowercase() {
        'k' | 'q' => {
            let side = if c.eq_ignore_ascii_case(&'k') {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            let corner = standard_rook_file(side);
            if !setup.is_chess960() {
                return Ok((side, corner));
            }
            let files = File::ALL.into_iter();
            let rook = |f: &File| is(*f, PieceKind::Rook);
            let outermost = match side {
                CastlingSide::KingSide => files.rev().take_while(|&f| f > king_file).find(rook),
                CastlingSide::QueenSide => files.take_while(|&f| f < king_file).find(rook),
            };
            Ok((side, outermost.unwrap_or(corner)))
        }
        letter if setup.is_chess960() => {
            let file = File::from_char(letter).ok_or(FenError::BadCastling)?;
            let side = if file > king_file {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            Ok((side, file))
        }
        _ => Err(FenError::BadCastling),
    }
}
