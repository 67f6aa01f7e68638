//! [`Setup`]: a position built by hand, square by square, and its validation into a
//! [`Board0x88`]; [`SetupError`] names every [`Problem`] that stops it, not just the first.
//!
//! The FEN parser fills a `Setup` from the text and validates it here, so a position is held
//! to the same rules whether it comes from code or from a FEN.

use crate::attacks::ray_step;
use crate::board::{Board0x88, CastlingRights, CastlingSide, MAX_PIECES};
use crate::piece::{Color, Piece, PieceKind};
use crate::square::{File, Rank, Square};
use crate::square_set::SquareSet;
use core::fmt;

/// A position being set up: pieces, side to move, castling rights, en passant square and
/// clocks, with no rule checked yet. [`validate`](Setup::validate) turns it into a
/// [`Board0x88`] or says everything that is wrong with it.
///
/// Pieces are stored without their virgin bit (see [`Piece`]): the castling rights say which
/// kings and rooks may castle, and validation marks them. The default is the empty board,
/// white to move, no castling rights, no en passant square, clocks 0 and 1, standard chess.
///
/// ```
/// use x88::{CastlingRights, Color, Piece, PieceKind, Setup, Square};
/// let mut setup = Setup::empty();
/// setup.put(Square::E1, Piece::new(Color::White, PieceKind::King));
/// setup.put(Square::H1, Piece::new(Color::White, PieceKind::Rook));
/// setup.put(Square::E8, Piece::new(Color::Black, PieceKind::King));
/// setup.set_castling_rights(CastlingRights::WHITE_KINGSIDE);
/// let board = setup.validate().unwrap();
/// assert_eq!(board.fen().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
/// assert_eq!(board.to_setup(), setup);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece byte on each square by [`Square::index`], 0 when empty; never a virgin bit.
    cells: [u8; 64],
    /// The file of the castling rook of each colour (by [`Color::index`]) on each side (king
    /// side first), when that right is granted.
    castling: [[Option<File>; 2]; 2],
    side_to_move: Color,
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    chess960: bool,
}

/// The file of the rook that castles towards `side` in standard chess.
const fn corner_file(side: CastlingSide) -> File {
    match side {
        CastlingSide::KingSide => File::H,
        CastlingSide::QueenSide => File::A,
    }
}

impl Default for Setup {
    /// The empty setup, as [`Setup::empty`].
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, white to move, no castling rights, no en passant square, half-move
    /// clock 0, full move 1, standard chess.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            cells: [0; 64],
            castling: [[None; 2]; 2],
            side_to_move: Color::White,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
        }
    }

    /// The piece on `sq`, if any (never with the virgin bit).
    #[must_use]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        Piece::from_bits(self.cells[sq.index()])
    }

    /// Puts `piece` on `sq` (without its virgin bit) and returns the piece that was there.
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.piece_on(sq);
        self.cells[sq.index()] = piece.without_virgin().bits();
        old
    }

    /// Empties `sq` and returns the piece that was there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let old = self.piece_on(sq);
        self.cells[sq.index()] = 0;
        old
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        self.side_to_move = color;
    }

    /// The file of the rook with which `color` may castle towards `side`, if it may.
    #[must_use]
    pub fn castling_rook_file(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.castling[color.index()][side.index()]
    }

    /// Grants `color` the right to castle towards `side` with the rook on `rook_file` of its
    /// back rank, or takes the right away with `None`.
    ///
    /// Standard chess needs the a- or h-file rook (and the king on the e-file); Chess960 takes
    /// any rook on that side of the king. Validation checks that king and rook are there.
    pub fn set_castling(&mut self, color: Color, side: CastlingSide, rook_file: Option<File>) {
        self.castling[color.index()][side.index()] = rook_file;
    }

    /// The castling rights granted, whatever the rooks' files.
    #[must_use]
    pub fn castling_rights(&self) -> CastlingRights {
        CastlingRights::granted_where(|color, side| self.castling_rook_file(color, side).is_some())
    }

    /// Sets the castling rights of standard chess: each right in `rights` with the rook in
    /// its corner (a- or h-file), every other right taken away.
    pub fn set_castling_rights(&mut self, rights: CastlingRights) {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let granted = rights.contains(CastlingRights::of(color, side));
                self.set_castling(color, side, granted.then_some(corner_file(side)));
            }
        }
    }

    /// The en passant square: the square a pawn of the side not to move just stepped over.
    #[must_use]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Sets the en passant square (as in FEN, whether or not a capture there is possible).
    pub fn set_en_passant(&mut self, square: Option<Square>) {
        self.en_passant = square;
    }

    /// Half-moves since the last capture or pawn move.
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// Sets the half-move clock.
    pub fn set_halfmove_clock(&mut self, halfmove_clock: u16) {
        self.halfmove_clock = halfmove_clock;
    }

    /// The full-move number.
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// Sets the full-move number (validation refuses 0: it counts from 1).
    pub fn set_fullmove_number(&mut self, fullmove_number: u16) {
        self.fullmove_number = fullmove_number;
    }

    /// Whether the position is Chess960: the castling kings and rooks may stand on any file,
    /// and the board writes Shredder-FEN and king-takes-rook castling.
    #[must_use]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Sets whether the position is Chess960.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// The board of this position, if it can arise in a game; otherwise every problem found.
    ///
    /// Refused: a side without a king or with two, more than 16 pieces or more than a game
    /// can give a side (8 pawns, a promoted piece for each missing pawn), pawns on the first
    /// or last rank, a castling right without its king and rook, an en passant square on the
    /// wrong rank or without the pawn that just stepped over it, the side not to move in
    /// check, a check no legal move can give, a full-move number of 0. The same rules as
    /// [`Board0x88::from_fen`].
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind, Problem, Setup, Square, SquareSet};
    /// let mut setup = Setup::empty();
    /// setup.put(Square::E8, Piece::new(Color::Black, PieceKind::King));
    /// setup.put(Square::H8, Piece::new(Color::White, PieceKind::Pawn));
    /// setup.set_en_passant(Some(Square::E4));
    /// let error = setup.validate().unwrap_err();
    /// let problems: Vec<Problem> = error.problems().collect();
    /// assert_eq!(
    ///     problems,
    ///     [
    ///         Problem::MissingKing { color: Color::White },
    ///         Problem::PawnsOnBackRank { squares: SquareSet::from(Square::H8) },
    ///         Problem::EnPassantWrongRank { square: Square::E4 },
    ///     ]
    /// );
    /// assert_eq!(
    ///     error.to_string(),
    ///     "white has no king; a pawn on the first or last rank: h8; \
    ///      en passant square e4 is not on the 6th rank (white to move) or the 3rd (black to move)"
    /// );
    /// ```
    pub fn validate(&self) -> Result<Board0x88, SetupError> {
        self.validate_with(false)
    }

    /// As [`validate`](Setup::validate), but accepting positions that no game can reach and
    /// whose moves are still well defined: a check no legal move can give, more promoted
    /// pieces than missing pawns. The same rules as [`Board0x88::from_fen_lenient`].
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind, Problem, Setup, Square};
    /// let mut setup = Setup::empty();
    /// setup.put(Square::E1, Piece::new(Color::White, PieceKind::King));
    /// setup.put(Square::E8, Piece::new(Color::Black, PieceKind::King));
    /// // Two knights give check: no single move can do that.
    /// setup.put(Square::D6, Piece::new(Color::White, PieceKind::Knight));
    /// setup.put(Square::F6, Piece::new(Color::White, PieceKind::Knight));
    /// setup.set_side_to_move(Color::Black);
    /// assert!(setup.validate().unwrap_err().contains(Problem::ImpossibleCheck));
    /// assert_eq!(setup.validate_lenient().unwrap().checkers().len(), 2);
    /// ```
    pub fn validate_lenient(&self) -> Result<Board0x88, SetupError> {
        self.validate_with(true)
    }

    /// Validation, strict or lenient.
    pub(crate) fn validate_with(&self, lenient: bool) -> Result<Board0x88, SetupError> {
        let mut error = SetupError::NONE;
        let buildable = self.check_material(lenient, &mut error);
        self.check_pawns(&mut error);
        let castling_rooks = self.check_castling(&mut error);
        let en_passant = self.check_en_passant(&mut error);
        if self.fullmove_number == 0 {
            error.add(Problem::FullmoveNumberZero);
        }
        if !buildable {
            return Err(error);
        }
        let board = self.build(castling_rooks, en_passant);
        check_checks(&board, lenient, &mut error);
        if error.is_empty() {
            Ok(board)
        } else {
            Err(error)
        }
    }

    /// One king a side, at most 16 pieces, and when strict no more than a game can give.
    /// Returns whether the board can be built (each side has one king and at most 16 pieces).
    fn check_material(&self, lenient: bool, error: &mut SetupError) -> bool {
        let mut buildable = true;
        for color in Color::ALL {
            let mut count = [0u8; 6];
            let mut bishops_on = [0u8; 2];
            let mut total = 0usize;
            for sq in Square::ALL {
                let Some(piece) = self.piece_on(sq).filter(|p| p.color() == color) else {
                    continue;
                };
                count[piece.kind().index()] += 1;
                total += 1;
                if piece.kind() == PieceKind::Bishop {
                    bishops_on[usize::from(sq.is_light())] += 1;
                }
            }
            match count[PieceKind::King.index()] {
                0 => error.add(Problem::MissingKing { color }),
                1 => {}
                _ => error.add(Problem::TooManyKings { color }),
            }
            let extra = |kind: PieceKind, usual: u8| count[kind.index()].saturating_sub(usual);
            let promoted = extra(PieceKind::Knight, 2)
                + bishops_on[0].saturating_sub(1)
                + bishops_on[1].saturating_sub(1)
                + extra(PieceKind::Rook, 2)
                + extra(PieceKind::Queen, 1);
            if total > MAX_PIECES {
                error.add(Problem::TooManyPieces { color });
            } else if !lenient && count[PieceKind::Pawn.index()] + promoted > 8 {
                error.add(Problem::ImpossibleMaterial { color });
            }
            buildable &= count[PieceKind::King.index()] == 1 && total <= MAX_PIECES;
        }
        buildable
    }

    /// No pawn on the first or last rank.
    fn check_pawns(&self, error: &mut SetupError) {
        let back_ranks = SquareSet::rank(Rank::First) | SquareSet::rank(Rank::Eighth);
        let pawns: SquareSet = back_ranks
            .into_iter()
            .filter(|&sq| {
                self.piece_on(sq)
                    .is_some_and(|p| p.kind() == PieceKind::Pawn)
            })
            .collect();
        if !pawns.is_empty() {
            error.add(Problem::PawnsOnBackRank { squares: pawns });
        }
    }

    /// Each castling right needs its king and rook; returns the squares of the kings and rooks
    /// of the rights that have them.
    fn check_castling(&self, error: &mut SetupError) -> [Option<(Square, Square)>; 4] {
        let mut found = [None; 4];
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(file) = self.castling_rook_file(color, side) else {
                    continue;
                };
                let pieces = self.castling_pieces(color, side, file);
                if pieces.is_none() {
                    error.add(Problem::CastlingWithoutKingAndRook { color, side });
                }
                found[color.index() * 2 + side.index()] = pieces;
            }
        }
        found
    }

    /// The squares of the king and the rook on `rook_file` with which `color` castles towards
    /// `side`, if they are where the right needs them: both on the back rank, the rook on that
    /// side of the king; in standard chess the king on the e-file and the rook in the corner.
    fn castling_pieces(
        &self,
        color: Color,
        side: CastlingSide,
        rook_file: File,
    ) -> Option<(Square, Square)> {
        let rank = color.back_rank();
        let is = |sq: Square, kind| self.piece_on(sq) == Some(Piece::new(color, kind));
        let king = if self.chess960 {
            File::ALL
                .into_iter()
                .map(|file| Square::new(file, rank))
                .find(|&sq| is(sq, PieceKind::King))?
        } else {
            Some(Square::new(File::E, rank)).filter(|&sq| is(sq, PieceKind::King))?
        };
        let rook = Square::new(rook_file, rank);
        let on_its_side = match side {
            CastlingSide::KingSide => rook_file > king.file(),
            CastlingSide::QueenSide => rook_file < king.file(),
        };
        let standard_corner = self.chess960 || rook_file == corner_file(side);
        (is(rook, PieceKind::Rook) && on_its_side && standard_corner).then_some((king, rook))
    }

    /// The en passant square, if it is on the right rank with the pawn that just stepped over
    /// it in front and both squares it crossed empty; `None` (and a problem) otherwise.
    fn check_en_passant(&self, error: &mut SetupError) -> Option<Square> {
        let square = self.en_passant?;
        let them = !self.side_to_move;
        let expected_rank = match self.side_to_move {
            Color::White => Rank::Sixth,
            Color::Black => Rank::Third,
        };
        if square.rank() != expected_rank {
            error.add(Problem::EnPassantWrongRank { square });
            return None;
        }
        let pawn_there = square
            .offset(them.forward())
            .is_some_and(|sq| self.piece_on(sq) == Some(Piece::new(them, PieceKind::Pawn)));
        let origin_empty = square
            .offset(-them.forward())
            .is_some_and(|sq| self.piece_on(sq).is_none());
        if pawn_there && origin_empty && self.piece_on(square).is_none() {
            Some(square)
        } else {
            error.add(Problem::EnPassantWithoutPawn { square });
            None
        }
    }

    /// The board, for a setup with one king a side and at most 16 pieces each: the kings and
    /// rooks in `castling` get their virgin bits.
    fn build(
        &self,
        castling: [Option<(Square, Square)>; 4],
        en_passant: Option<Square>,
    ) -> Board0x88 {
        let mut board = Board0x88::empty();
        for sq in Square::ALL {
            if let Some(piece) = self.piece_on(sq) {
                board.put(sq, piece);
            }
        }
        for (king, rook) in castling.into_iter().flatten() {
            for sq in [king, rook] {
                if let Some(piece) = self.piece_on(sq) {
                    board.put(sq, piece.with_virgin());
                }
            }
        }
        board.finish_setup(
            self.side_to_move,
            en_passant,
            self.halfmove_clock,
            self.fullmove_number,
            self.chess960,
        );
        board
    }
}

/// The side not to move must not be in check; when strict, the check of the side to move must
/// be one that a move can give.
fn check_checks(board: &Board0x88, lenient: bool, error: &mut SetupError) {
    let us = board.side_to_move();
    if board.is_attacked(board.king(!us), us) {
        error.add(Problem::OpponentInCheck);
    }
    if !lenient && !check_is_possible(board) {
        error.add(Problem::ImpossibleCheck);
    }
}

/// Whether a legal move can have given the check of the side to move (true when not in
/// check): at most two checkers, not two leapers nor two on one line, and with an en passant
/// square each check given by the double-stepping pawn or discovered through its origin.
fn check_is_possible(board: &Board0x88) -> bool {
    let us = board.side_to_move();
    let king = board.king(us);
    let checkers = board.checkers();
    if let Some(ep) = board.en_passant() {
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
            return false;
        }
    }
    let mut iter = checkers.into_iter();
    match (iter.next(), iter.next(), iter.next()) {
        (Some(_), Some(_), Some(_)) => false,
        (Some(a), Some(b), None) => {
            let leaper = |sq: Square| !board.kind_on(sq).is_some_and(PieceKind::is_slider);
            let (ray_a, ray_b) = (ray_step(king, a), ray_step(king, b));
            let one_line = ray_a != 0 && (ray_a == ray_b || ray_a == -ray_b);
            let two_leapers = leaper(a) && leaper(b);
            !(one_line || two_leapers)
        }
        _ => true,
    }
}

impl From<&Board0x88> for Setup {
    /// The setup of a board: validating it gives the board back.
    fn from(board: &Board0x88) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::ALL {
            if let Some(piece) = board.piece_on(sq) {
                setup.put(sq, piece);
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let rook = board.castling_rook(color, side);
                setup.set_castling(color, side, rook.map(Square::file));
            }
        }
        setup.side_to_move = board.side_to_move();
        setup.en_passant = board.en_passant();
        setup.halfmove_clock = board.halfmove_clock();
        setup.fullmove_number = board.fullmove_number();
        setup.chess960 = board.is_chess960();
        setup
    }
}

impl From<Board0x88> for Setup {
    /// The setup of a board, as [`Board0x88::to_setup`].
    fn from(board: Board0x88) -> Setup {
        Setup::from(&board)
    }
}

impl Board0x88 {
    /// The position as a [`Setup`], to change by hand and validate again.
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let mut setup = Board0x88::start_position().to_setup();
    /// setup.remove(Square::D1); // queen odds
    /// let board = setup.validate().unwrap();
    /// assert_eq!(board.fen().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    /// ```
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup::from(self)
    }
}

impl fmt::Display for Setup {
    /// Writes the FEN of the setup, valid or not: in standard chess `KQkq` for rights with
    /// corner rooks, in Chess960 (or for another rook file) the rook's file letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::fen::write_fen(f, self)
    }
}

impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup(\"{self}\")")
    }
}

/// One reason a [`Setup`] (or a FEN) is not a position the board can play from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
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
    /// A side has more than 16 pieces (lenient validation refuses it too).
    TooManyPieces {
        /// The side.
        color: Color,
    },
    /// A side has more pawns and promoted pieces than a game can give it: more than 8 pawns,
    /// or more promoted pieces than missing pawns. Lenient validation accepts it.
    ImpossibleMaterial {
        /// The side.
        color: Color,
    },
    /// Pawns stand on the first or last rank.
    PawnsOnBackRank {
        /// Their squares.
        squares: SquareSet,
    },
    /// A castling right whose king and rook are not on their squares.
    CastlingWithoutKingAndRook {
        /// The side that has the right.
        color: Color,
        /// Where it castles.
        side: CastlingSide,
    },
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
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// The side to move is in a check that no legal move can have given (three checkers, two
    /// on one line, two pawns or knights, or a check that the double step named by the en
    /// passant square cannot have given). Lenient validation accepts it.
    ImpossibleCheck,
    /// The full-move number is 0; it counts from 1.
    FullmoveNumberZero,
}

impl Problem {
    /// The bit of this problem in [`SetupError`]: its place in the order problems are listed.
    const fn slot(self) -> u32 {
        match self {
            Problem::MissingKing { color } => color.index() as u32,
            Problem::TooManyKings { color } => 2 + color.index() as u32,
            Problem::TooManyPieces { color } => 4 + color.index() as u32,
            Problem::ImpossibleMaterial { color } => 6 + color.index() as u32,
            Problem::PawnsOnBackRank { .. } => 8,
            Problem::CastlingWithoutKingAndRook { color, side } => {
                9 + 2 * color.index() as u32 + side.index() as u32
            }
            Problem::EnPassantWrongRank { .. } => 13,
            Problem::EnPassantWithoutPawn { .. } => 14,
            Problem::OpponentInCheck => 15,
            Problem::ImpossibleCheck => 16,
            Problem::FullmoveNumberZero => 17,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::MissingKing { color } => write!(f, "{color} has no king"),
            Problem::TooManyKings { color } => write!(f, "{color} has more than one king"),
            Problem::TooManyPieces { color } => {
                write!(f, "{color} has more than {MAX_PIECES} pieces")
            }
            Problem::ImpossibleMaterial { color } => write!(
                f,
                "{color} has more pieces than a game can give (8 pawns, a promoted piece for each missing pawn)"
            ),
            Problem::PawnsOnBackRank { squares } => {
                let plural = if squares.len() > 1 { "pawns" } else { "a pawn" };
                write!(f, "{plural} on the first or last rank:")?;
                for (i, sq) in squares.into_iter().enumerate() {
                    let separator = if i == 0 { " " } else { ", " };
                    write!(f, "{separator}{sq}")?;
                }
                Ok(())
            }
            Problem::CastlingWithoutKingAndRook { color, side } => write!(
                f,
                "castling right {} needs its king and rook on their starting squares",
                crate::fen::castling_letter(color, side)
            ),
            Problem::EnPassantWrongRank { square } => write!(
                f,
                "en passant square {square} is not on the 6th rank (white to move) or the 3rd (black to move)"
            ),
            Problem::EnPassantWithoutPawn { square } => write!(
                f,
                "en passant square {square}: no pawn can just have stepped over it"
            ),
            Problem::OpponentInCheck => f.write_str("the side that is not to move is in check"),
            Problem::ImpossibleCheck => f.write_str(
                "the side to move is in a check no legal move can give (lenient validation accepts it)",
            ),
            Problem::FullmoveNumberZero => {
                f.write_str("the full-move number is 0, it counts from 1")
            }
        }
    }
}

/// Every [`Problem`] that stops a [`Setup`] from being a valid position, in a small `Copy`
/// value (no allocation). [`problems`](SetupError::problems) lists them in a fixed order:
/// kings, material, pawns, castling rights (`KQkq`), en passant, checks, full-move number.
///
/// Checks are only looked at when each side has one king and at most 16 pieces.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SetupError {
    /// A bit for each problem found, at its [`Problem::slot`].
    slots: u32,
    /// The squares of [`Problem::PawnsOnBackRank`] (empty without it).
    pawns_on_back_rank: SquareSet,
    /// The square of the en passant problem (`None` without one).
    en_passant: Option<Square>,
}

impl SetupError {
    /// No problem yet.
    const NONE: SetupError = SetupError {
        slots: 0,
        pawns_on_back_rank: SquareSet::EMPTY,
        en_passant: None,
    };

    /// Records `problem`.
    fn add(&mut self, problem: Problem) {
        self.slots |= 1 << problem.slot();
        match problem {
            Problem::PawnsOnBackRank { squares } => self.pawns_on_back_rank |= squares,
            Problem::EnPassantWrongRank { square } | Problem::EnPassantWithoutPawn { square } => {
                self.en_passant = Some(square);
            }
            _ => {}
        }
    }

    /// Whether no problem was found.
    fn is_empty(&self) -> bool {
        self.slots == 0
    }

    /// The problem recorded at `slot` (which must be one of `slots`).
    fn problem_at(&self, slot: u32) -> Problem {
        let color = |first: u32| Color::ALL[(slot - first) as usize & 1];
        let square = self.en_passant.unwrap_or(Square::A1);
        match slot {
            0 | 1 => Problem::MissingKing { color: color(0) },
            2 | 3 => Problem::TooManyKings { color: color(2) },
            4 | 5 => Problem::TooManyPieces { color: color(4) },
            6 | 7 => Problem::ImpossibleMaterial { color: color(6) },
            8 => Problem::PawnsOnBackRank {
                squares: self.pawns_on_back_rank,
            },
            9..=12 => Problem::CastlingWithoutKingAndRook {
                color: Color::ALL[((slot - 9) / 2) as usize & 1],
                side: CastlingSide::ALL[((slot - 9) % 2) as usize],
            },
            13 => Problem::EnPassantWrongRank { square },
            14 => Problem::EnPassantWithoutPawn { square },
            15 => Problem::OpponentInCheck,
            16 => Problem::ImpossibleCheck,
            _ => Problem::FullmoveNumberZero,
        }
    }

    /// Every problem found, in a fixed order (see [`SetupError`]); never none.
    #[must_use]
    pub fn problems(&self) -> Problems {
        Problems {
            error: *self,
            remaining: self.slots,
        }
    }

    /// Whether `problem` is one of the problems found (with the same details).
    #[must_use]
    pub fn contains(&self, problem: Problem) -> bool {
        let slot = problem.slot();
        self.slots & (1 << slot) != 0 && self.problem_at(slot) == problem
    }
}

impl fmt::Display for SetupError {
    /// The problems, separated by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SetupError(")?;
        f.debug_list().entries(self.problems()).finish()?;
        f.write_str(")")
    }
}

impl core::error::Error for SetupError {}

/// The problems of a [`SetupError`], in order. Made by [`SetupError::problems`].
#[derive(Clone, Debug)]
pub struct Problems {
    error: SetupError,
    /// The slots not listed yet.
    remaining: u32,
}

impl Iterator for Problems {
    type Item = Problem;

    fn next(&mut self) -> Option<Problem> {
        if self.remaining == 0 {
            return None;
        }
        let slot = self.remaining.trailing_zeros();
        self.remaining &= self.remaining - 1;
        Some(self.error.problem_at(slot))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.remaining.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Problems {}

impl core::iter::FusedIterator for Problems {}

impl IntoIterator for SetupError {
    type Item = Problem;
    type IntoIter = Problems;

    fn into_iter(self) -> Problems {
        self.problems()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_gives_back_its_problem() {
        let mut all = SetupError::NONE;
        let problems = [
            Problem::MissingKing {
                color: Color::White,
            },
            Problem::MissingKing {
                color: Color::Black,
            },
            Problem::TooManyKings {
                color: Color::White,
            },
            Problem::TooManyKings {
                color: Color::Black,
            },
            Problem::TooManyPieces {
                color: Color::White,
            },
            Problem::TooManyPieces {
                color: Color::Black,
            },
            Problem::ImpossibleMaterial {
                color: Color::White,
            },
            Problem::ImpossibleMaterial {
                color: Color::Black,
            },
            Problem::PawnsOnBackRank {
                squares: SquareSet::from(Square::A8),
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::KingSide,
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::QueenSide,
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::Black,
                side: CastlingSide::KingSide,
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::Black,
                side: CastlingSide::QueenSide,
            },
            Problem::EnPassantWrongRank { square: Square::E4 },
            Problem::EnPassantWithoutPawn { square: Square::E4 },
            Problem::OpponentInCheck,
            Problem::ImpossibleCheck,
            Problem::FullmoveNumberZero,
        ];
        for (slot, problem) in problems.into_iter().enumerate() {
            assert_eq!(problem.slot() as usize, slot, "{problem:?}");
            let mut one = SetupError::NONE;
            one.add(problem);
            assert_eq!(one.problems().collect::<std::vec::Vec<_>>(), [problem]);
            assert!(one.contains(problem));
            all.add(problem);
        }
        assert_eq!(all.problems().len(), problems.len());
        assert!(all.problems().eq(problems));
    }
}
