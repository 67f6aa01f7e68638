//! [`Board0x88`]: the position, the bitboards kept beside its cells, and its hash.

use crate::bitboard;
use crate::piece::{Color, Piece, PieceKind};
use crate::square::{File, Rank, Square};
use crate::square_set::SquareSet;
use crate::zobrist;
use bitflags::bitflags;
use core::fmt;

bitflags! {
    /// Which castling moves each side may still make, as FEN's `KQkq` says.
    ///
    /// The board keeps this in the virgin bits of its kings and rooks (see [`Piece`]);
    /// [`Board0x88::castling_rights`] reads it from there.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct CastlingRights: u8 {
        /// White may castle towards the h-file (`K`).
        const WHITE_KINGSIDE = 1;
        /// White may castle towards the a-file (`Q`).
        const WHITE_QUEENSIDE = 2;
        /// Black may castle towards the h-file (`k`).
        const BLACK_KINGSIDE = 4;
        /// Black may castle towards the a-file (`q`).
        const BLACK_QUEENSIDE = 8;
    }
}

/// The side of the board a king castles towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CastlingSide {
    /// Towards the h-file (`O-O`): the king ends on the g-file, the rook on the f-file.
    KingSide,
    /// Towards the a-file (`O-O-O`): the king ends on the c-file, the rook on the d-file.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side's place in [`CastlingSide::ALL`]: 0 for the king side, 1 for the queen side,
    /// for tables indexed by colour and side.
    ///
    /// ```
    /// use x88::CastlingSide;
    /// for (i, side) in CastlingSide::ALL.into_iter().enumerate() {
    ///     assert_eq!(side.index(), i);
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file where the king ends when it castles to this side (g or c), in standard chess
    /// and Chess960 alike.
    ///
    /// ```
    /// use x88::{Board0x88, CastlingSide, Color, File};
    /// assert_eq!(CastlingSide::KingSide.king_destination(), File::G);
    /// assert_eq!(CastlingSide::QueenSide.king_destination(), File::C);
    /// // Chess960 position 0 (BBQNNRKR): the king starts on g1 and castles king side in place.
    /// let board = Board0x88::chess960(0).unwrap();
    /// assert_eq!(board.king(Color::White).file(), CastlingSide::KingSide.king_destination());
    /// ```
    #[must_use]
    #[inline]
    pub const fn king_destination(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file where the rook ends when its king castles to this side (f or d).
    ///
    /// ```
    /// use x88::{Board0x88, CastlingSide, PieceKind, Rank, Square};
    /// let mut board: Board0x88 = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
    /// board.play(board.parse_uci("e1c1").unwrap()).unwrap();
    /// let rook_to = Square::new(CastlingSide::QueenSide.rook_destination(), Rank::First);
    /// assert_eq!(board.kind_on(rook_to), Some(PieceKind::Rook)); // d1
    /// ```
    #[must_use]
    #[inline]
    pub const fn rook_destination(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }
}

impl CastlingRights {
    /// The rights of the colours and sides for which `granted` says yes.
    #[must_use]
    pub(crate) fn granted_where(granted: impl Fn(Color, CastlingSide) -> bool) -> CastlingRights {
        let mut rights = CastlingRights::empty();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if granted(color, side) {
                    rights |= CastlingRights::of(color, side);
                }
            }
        }
        rights
    }

    /// The right of `color` to castle towards `side`.
    ///
    /// ```
    /// use x88::{CastlingRights, CastlingSide, Color};
    /// assert_eq!(
    ///     CastlingRights::of(Color::Black, CastlingSide::QueenSide),
    ///     CastlingRights::BLACK_QUEENSIDE
    /// );
    /// ```
    #[must_use]
    pub const fn of(color: Color, side: CastlingSide) -> CastlingRights {
        match (color, side) {
            (Color::White, CastlingSide::KingSide) => CastlingRights::WHITE_KINGSIDE,
            (Color::White, CastlingSide::QueenSide) => CastlingRights::WHITE_QUEENSIDE,
            (Color::Black, CastlingSide::KingSide) => CastlingRights::BLACK_KINGSIDE,
            (Color::Black, CastlingSide::QueenSide) => CastlingRights::BLACK_QUEENSIDE,
        }
    }
}

/// The king's and the rook's destination squares (0x88 numbers) when the king on `king` castles
/// with the rook on `rook`: the g- and f-files towards the h-file, the c- and d-files towards
/// the a-file, in standard chess and Chess960 alike.
#[inline]
pub(crate) const fn castling_destinations(king: u8, rook: u8) -> (u8, u8) {
    let base = king & 0x70;
    if rook > king {
        (base | 6, base | 5)
    } else {
        (base | 2, base | 3)
    }
}

/// The back rank of the standard start position.
const STANDARD_BACK_RANK: [PieceKind; 8] = [
    PieceKind::Rook,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Queen,
    PieceKind::King,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Rook,
];

/// Puts `kind` on the `nth` still empty file (0-based) of a back rank being built.
fn put_on_free_square(back: &mut [Option<PieceKind>; 8], nth: usize, kind: PieceKind) {
    if let Some(slot) = back.iter_mut().filter(|slot| slot.is_none()).nth(nth) {
        *slot = Some(kind);
    }
}

/// A Chess960 start position number outside 0..960.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chess960IndexError {
    /// The number asked for.
    pub index: u16,
}

impl fmt::Display for Chess960IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Chess960 start positions are numbered 0 to 959, not {}",
            self.index
        )
    }
}

impl core::error::Error for Chess960IndexError {}

/// Most pieces a side can have (a rule of the position's set-up).
pub(crate) const MAX_PIECES: usize = 16;

/// A chess position on the 0x88 board.
///
/// The 128-byte array holds the piece byte of each square in its on-board half; the off-board
/// half (the squares with bit `0x08` set) stays empty. Beside the cells the board keeps, as
/// bitboards, the squares of each side's pieces and of each kind's, so that move generation
/// and attack tests visit only the pieces there are, never the 64 squares.
///
/// `Board0x88` is `Copy` (232 bytes), so both copy-make and
/// [`make_move`](Board0x88::make_move) / [`unmake_move`](Board0x88::unmake_move) work.
///
/// ```
/// use x88::{Board0x88, Color, PieceKind, Square};
/// let board = Board0x88::default();
/// assert_eq!(board.side_to_move(), Color::White);
/// assert_eq!(board.kind_on(Square::E1), Some(PieceKind::King));
/// assert_eq!(board.legal_moves().len(), 20);
/// ```
#[derive(Clone, Copy)]
pub struct Board0x88 {
    cells: [u8; 128],
    /// The squares each side occupies (by [`Color::index`]), as bits by [`Square::index`]: a
    /// mirror of the cells that every change of a piece's square keeps in step, for counting
    /// moves (see [`bitboard`](mod@crate::bitboard)).
    occupancy: [u64; 2],
    /// The squares of each kind's pieces, both sides', as bits, by the kind's micro-Max number
    /// ([`PieceKind::bits`]; entries 0 and 2 stay empty): a mirror kept beside `occupancy`.
    /// The counter takes the pawns (counted all at once by shifts) apart from the pieces, and
    /// an evaluation reads each kind's pieces without visiting the others.
    kinds: [u64; 8],
    state: State,
    chess960: bool,
}

/// The part of a position that is not where the pieces stand, in two words, so that
/// [`Board0x88::make_move`] saves it into its `Undo` and [`Board0x88::unmake_move`] puts it
/// back with two stores: the Zobrist hash, and one word holding the half-move clock (bits
/// 0-15), the full move number (bits 16-31), the en passant square (bits 32-39, `0x88` for
/// none) and the side to move's colour bit (bits 40-47). A move updates that word with a few
/// arithmetic steps instead of writing five fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// The Zobrist hash of the whole position.
    pub(crate) hash: u64,
    rest: u64,
}

impl State {
    const FULLMOVE_SHIFT: u32 = 16;
    const EP_SHIFT: u32 = 32;
    const SIDE_SHIFT: u32 = 40;
    /// The en passant byte of "no square": off the board.
    const NO_EP: u64 = 0x88;

    /// The state with these fields.
    #[inline(always)]
    pub(crate) const fn new(
        hash: u64,
        halfmove: u16,
        fullmove: u16,
        ep: Option<Square>,
        side: Color,
    ) -> State {
        let ep = match ep {
            Some(sq) => sq.x88() as u64,
            None => State::NO_EP,
        };
        State {
            hash,
            rest: halfmove as u64
                | (fullmove as u64) << State::FULLMOVE_SHIFT
                | ep << State::EP_SHIFT
                | (side as u64) << State::SIDE_SHIFT,
        }
    }

    /// Half-moves since the last capture or pawn move.
    #[inline(always)]
    pub(crate) const fn halfmove(self) -> u16 {
        self.rest as u16
    }

    /// The full move number, from 1.
    #[inline(always)]
    pub(crate) const fn fullmove(self) -> u16 {
        (self.rest >> State::FULLMOVE_SHIFT) as u16
    }

    /// The en passant target square, set only when the capture is legal.
    #[inline(always)]
    pub(crate) const fn ep(self) -> Option<Square> {
        let sq = (self.rest >> State::EP_SHIFT) as u8;
        if sq & 0x88 == 0 {
            Some(Square::from_x88_unchecked(sq))
        } else {
            None
        }
    }

    /// The side to move.
    #[inline(always)]
    pub(crate) const fn side(self) -> Color {
        if (self.rest >> State::SIDE_SHIFT) as u8 == Color::Black as u8 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The state after a move of the side to move that changed the piece keys `piece_keys`
    /// (the keys of the pieces that left and reached squares, XORed): the other side moves,
    /// no en passant square (see [`with_en_passant`](State::with_en_passant)), the half-move
    /// clock reset if `resets_clock` (a capture or a pawn move) or counted on, the full move
    /// number counted on after black's move, both counters stopping at 65535; the hash
    /// follows the side, the en passant square and the pieces.
    #[inline(always)]
    pub(crate) fn after_move(self, piece_keys: u64, resets_clock: bool) -> State {
        // The side and en passant keys first: they depend on `self` alone, so a caller that
        // makes many moves from one position can compute them once.
        let mut hash = self.hash ^ zobrist::SIDE_KEY;
        if let Some(ep) = self.ep() {
            hash ^= zobrist::EN_PASSANT_KEYS[ep.file() as usize];
        }
        hash ^= piece_keys;
        let mut rest =
            self.rest ^ ((Color::White as u64 ^ Color::Black as u64) << State::SIDE_SHIFT);
        rest = rest & !(0xFF << State::EP_SHIFT) | State::NO_EP << State::EP_SHIFT;
        let black_moved = matches!(self.side(), Color::Black);
        rest += ((black_moved && self.fullmove() != u16::MAX) as u64) << State::FULLMOVE_SHIFT;
        rest = if resets_clock {
            rest & !0xFFFF
        } else {
            rest + (self.halfmove() != u16::MAX) as u64
        };
        State { hash, rest }
    }

    /// This state, which has no en passant square, with the en passant square `sq`.
    #[inline(always)]
    pub(crate) fn with_en_passant(self, sq: Square) -> State {
        State {
            hash: self.hash ^ zobrist::EN_PASSANT_KEYS[sq.file() as usize],
            rest: self.rest & !(0xFF << State::EP_SHIFT) | (sq.x88() as u64) << State::EP_SHIFT,
        }
    }
}

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Default for Board0x88 {
    /// The standard start position.
    fn default() -> Board0x88 {
        Board0x88::start_position()
    }
}

impl Board0x88 {
    /// The standard start position.
    ///
    /// ```
    /// use x88::{Board0x88, START_FEN};
    /// let board = Board0x88::start_position();
    /// assert_eq!(board.to_string(), START_FEN);
    /// assert_eq!(board, Board0x88::default());
    /// ```
    #[must_use]
    pub fn start_position() -> Board0x88 {
        Board0x88::from_back_rank(STANDARD_BACK_RANK, false)
    }

    /// Chess960 start position number `index` (0 to 959) in Scharnagl's numbering, in which
    /// 518 is the standard start position. The board is in Chess960 mode.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board = Board0x88::chess960(0).unwrap();
    /// assert_eq!(board.fen().to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// assert_eq!(Board0x88::chess960(518).unwrap().legal_moves().len(), 20);
    /// assert!(Board0x88::chess960(960).is_err());
    /// ```
    pub fn chess960(index: u16) -> Result<Board0x88, Chess960IndexError> {
        if index >= 960 {
            return Err(Chess960IndexError { index });
        }
        let mut back = [None; 8];
        let mut n = index as usize;
        back[(n % 4) * 2 + 1] = Some(PieceKind::Bishop);
        n /= 4;
        back[(n % 4) * 2] = Some(PieceKind::Bishop);
        n /= 4;
        put_on_free_square(&mut back, n % 6, PieceKind::Queen);
        n /= 6;
        // The ten ways to place two knights on the five files left, by Scharnagl's table.
        const KNIGHTS: [(usize, usize); 10] = [
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 3),
            (2, 4),
            (3, 4),
        ];
        let (first, second) = KNIGHTS[n];
        put_on_free_square(&mut back, second, PieceKind::Knight);
        put_on_free_square(&mut back, first, PieceKind::Knight);
        for kind in [PieceKind::Rook, PieceKind::King, PieceKind::Rook] {
            put_on_free_square(&mut back, 0, kind);
        }
        Ok(Board0x88::from_back_rank(
            back.map(|k| k.unwrap_or(PieceKind::Pawn)),
            true,
        ))
    }

    /// The start position with `back` on the first and last ranks, kings and rooks virgin.
    fn from_back_rank(back: [PieceKind; 8], chess960: bool) -> Board0x88 {
        let mut board = Board0x88::empty();
        for color in Color::ALL {
            let (back_rank, pawn_rank) = match color {
                Color::White => (Rank::First, Rank::Second),
                Color::Black => (Rank::Eighth, Rank::Seventh),
            };
            for (file, kind) in File::ALL.into_iter().zip(back) {
                let mut piece = Piece::new(color, kind);
                if matches!(kind, PieceKind::King | PieceKind::Rook) {
                    piece = piece.with_virgin();
                }
                board.put(Square::new(file, back_rank), piece);
                board.put(
                    Square::new(file, pawn_rank),
                    Piece::new(color, PieceKind::Pawn),
                );
            }
        }
        board.finish_setup(Color::White, None, 0, 1, chess960);
        board
    }

    /// Whether the board is in Chess960 mode: it writes Shredder-FEN and king-takes-rook
    /// castling (move generation is the same, it serves both).
    ///
    /// ```
    /// use x88::Board0x88;
    /// assert!(!Board0x88::default().is_chess960());
    /// let board = Board0x88::chess960(518).unwrap(); // the standard setup, in Chess960 mode
    /// assert!(board.is_chess960());
    /// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    #[must_use]
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// A board with no pieces, white to move: only for building a position.
    pub(crate) const fn empty() -> Board0x88 {
        Board0x88 {
            cells: [0; 128],
            occupancy: [0; 2],
            kinds: [0; 8],
            state: State::new(0, 0, 1, None, Color::White),
            chess960: false,
        }
    }

    /// Places `piece` on an empty square while a position is being built. The bitboards are
    /// made by [`Board0x88::finish_setup`].
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.cells[sq.x88() as usize] = piece.bits();
    }

    /// Completes a position built with [`Board0x88::put`]: the state fields, the bitboards
    /// and the hash. The caller has checked that each side has one king and at most
    /// [`MAX_PIECES`] pieces.
    pub(crate) fn finish_setup(
        &mut self,
        side: Color,
        ep: Option<Square>,
        halfmove: u16,
        fullmove: u16,
        chess960: bool,
    ) {
        self.chess960 = chess960;
        self.state = State::new(0, halfmove, fullmove, ep, side);
        self.occupancy = [0; 2];
        self.kinds = [0; 8];
        for sq in Square::ALL {
            let Some(piece) = self.piece_on(sq) else {
                continue;
            };
            let bit = bitboard::bit(sq.x88());
            self.occupancy[piece.color().index()] |= bit;
            self.kinds[kind_slot(piece.bits())] |= bit;
        }
        self.state.hash = self.compute_hash();
    }

    /// The squares the pieces of `color` occupy, as bits by [`Square::index`].
    #[inline(always)]
    pub(crate) fn occupancy(&self, color: Color) -> u64 {
        self.occupancy[color.index()]
    }

    /// The squares of the pawns of both sides, as bits by [`Square::index`].
    #[inline(always)]
    pub(crate) fn pawns(&self) -> u64 {
        self.kinds[usize::from(PieceKind::Pawn.bits())]
    }

    /// The squares of both sides' pieces of `kind`, as bits by [`Square::index`].
    #[inline(always)]
    pub(crate) fn kind_bits(&self, kind: PieceKind) -> u64 {
        self.kinds[usize::from(kind.bits())]
    }

    /// The squares of both sides' sliders that would reach the square with index `index` on
    /// an empty board: the bishops and queens on its diagonals, the rooks and queens on its
    /// rank and file (as bits by [`Square::index`]). Whether anything stands between is the
    /// caller's to find out, for the few pieces this leaves.
    #[inline(always)]
    pub(crate) fn sliders_aligned_with(&self, index: usize) -> u64 {
        let queens = self.kind_bits(PieceKind::Queen);
        bitboard::diagonal_rays(index) & (self.kind_bits(PieceKind::Bishop) | queens)
            | bitboard::straight_rays(index) & (self.kind_bits(PieceKind::Rook) | queens)
    }

    /// The piece byte on the 0x88 square `sq` (the caller keeps `sq` on the board).
    #[inline(always)]
    pub(crate) fn cell(&self, sq: u8) -> u8 {
        self.cells[(sq & 127) as usize]
    }

    /// Writes the piece byte on `sq` without touching the bitboards or the hash (the caller
    /// keeps them in step).
    #[inline(always)]
    pub(crate) fn set_cell(&mut self, sq: u8, piece: u8) {
        self.cells[(sq & 127) as usize] = piece;
    }

    /// Moves the piece on `from` to the empty square `to`, in the cells and the bitboards.
    /// `piece` is its byte on `to`; a promotion, whose piece changes kind on the way, puts the
    /// kinds' mirror right itself (see [`promotion_changed_kind`](Board0x88::promotion_changed_kind)).
    #[inline(always)]
    pub(crate) fn relocate(&mut self, from: u8, to: u8, piece: u8, color: Color) {
        self.cells[(from & 127) as usize] = 0;
        self.cells[(to & 127) as usize] = piece;
        let both = bitboard::bit(from) | bitboard::bit(to);
        self.occupancy[color.index()] ^= both;
        self.kinds[kind_slot(piece)] ^= both;
    }

    /// Corrects the kinds' mirror after a promotion's [`relocate`](Board0x88::relocate), made
    /// or taken back, which moved the piece as the kind it has on arrival: on `pawn_square`
    /// (the move's origin when made, its destination when taken back) the pawn's bit and the
    /// `promoted` piece's bit flip.
    #[inline(always)]
    pub(crate) fn promotion_changed_kind(&mut self, pawn_square: u8, promoted: u8) {
        let bit = bitboard::bit(pawn_square);
        self.kinds[usize::from(PieceKind::Pawn.bits())] ^= bit;
        self.kinds[kind_slot(promoted)] ^= bit;
    }

    /// Moves the king and the rook of a castling of `color` from the squares `from` to the
    /// squares `to`, written as the bytes `pieces` (king first). The squares may overlap in
    /// Chess960, so both pieces leave before either lands.
    #[inline]
    pub(crate) fn castle_pieces(
        &mut self,
        color: Color,
        from: [u8; 2],
        to: [u8; 2],
        pieces: [u8; 2],
    ) {
        let c = color.index();
        for sq in from {
            self.kinds[kind_slot(self.cells[(sq & 127) as usize])] &= !bitboard::bit(sq);
            self.cells[(sq & 127) as usize] = 0;
            self.occupancy[c] &= !bitboard::bit(sq);
        }
        for i in 0..2 {
            self.occupancy[c] |= bitboard::bit(to[i]);
            self.kinds[kind_slot(pieces[i])] |= bitboard::bit(to[i]);
            self.cells[(to[i] & 127) as usize] = pieces[i];
        }
    }

    /// Takes `piece`, the piece of `color` on `sq`, off the board.
    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: u8, piece: u8, color: Color) {
        self.cells[(sq & 127) as usize] = 0;
        self.occupancy[color.index()] &= !bitboard::bit(sq);
        self.kinds[kind_slot(piece)] &= !bitboard::bit(sq);
    }

    /// Takes back [`remove`](Board0x88::remove): `piece` of `color` returns to the empty square
    /// `sq`.
    #[inline(always)]
    pub(crate) fn reinsert(&mut self, sq: u8, piece: u8, color: Color) {
        self.cells[(sq & 127) as usize] = piece;
        self.occupancy[color.index()] |= bitboard::bit(sq);
        self.kinds[kind_slot(piece)] |= bitboard::bit(sq);
    }

    /// The piece on `sq`, `None` if the square is empty.
    ///
    /// The piece is the board's own byte, so a king or rook that still carries a castling
    /// right has its virgin flag set ([`Piece::is_virgin`]) and is not `==` to
    /// `Piece::new(color, kind)`: compare with [`Piece::is_piece`], [`Board0x88::kind_on`],
    /// or [`Piece::without_virgin`].
    ///
    /// ```
    /// use x88::{Board0x88, Color, Piece, PieceKind, Square};
    /// let board = Board0x88::default();
    /// assert_eq!(board.piece_on(Square::D1), Some(Piece::new(Color::White, PieceKind::Queen)));
    /// assert_eq!(board.piece_on(Square::E4), None);
    /// // The unmoved king can still castle: it carries the virgin flag.
    /// let king = board.piece_on(Square::E1).unwrap();
    /// assert!(king.is_virgin() && king.is_piece(Color::White, PieceKind::King));
    /// assert_eq!(king.without_virgin(), Piece::new(Color::White, PieceKind::King));
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let bits = self.cell(sq.x88());
        if bits == 0 {
            None
        } else {
            Some(Piece::from_bits_unchecked(bits))
        }
    }

    /// The colour of the piece on `sq`, `None` if the square is empty.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let board = Board0x88::default();
    /// assert_eq!(board.color_on(Square::E2), Some(Color::White));
    /// assert_eq!(board.color_on(Square::E7), Some(Color::Black));
    /// assert_eq!(board.color_on(Square::E4), None);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn color_on(&self, sq: Square) -> Option<Color> {
        self.piece_on(sq).map(Piece::color)
    }

    /// The kind of the piece on `sq`, `None` if the square is empty.
    ///
    /// ```
    /// use x88::{Board0x88, PieceKind, Square};
    /// let board = Board0x88::default();
    /// assert_eq!(board.kind_on(Square::G8), Some(PieceKind::Knight));
    /// assert_eq!(board.kind_on(Square::G5), None);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn kind_on(&self, sq: Square) -> Option<PieceKind> {
        PieceKind::from_bits(self.cell(sq.x88()))
    }

    /// The square of the king of `color`.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let board: Board0x88 = "6k1/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(board.king(Color::White), Square::E1);
    /// assert_eq!(board.king(Color::Black), Square::G8);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.kinds[usize::from(PieceKind::King.bits())] & self.occupancy[color.index()];
        // Every position has its kings (see `Setup`); `& 63` keeps the index on the board.
        Square::from_x88_unchecked(bitboard::x88(kings.trailing_zeros() as usize & 63))
    }

    /// The squares of the pieces of `color`.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Rank, SquareSet};
    /// let white = Board0x88::default().occupied_by(Color::White);
    /// assert_eq!(white, SquareSet::rank(Rank::First) | SquareSet::rank(Rank::Second));
    /// ```
    #[must_use]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        SquareSet(self.occupancy(color))
    }

    /// The squares of every piece.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let board = Board0x88::default();
    /// let (white, black) = (board.occupied_by(Color::White), board.occupied_by(Color::Black));
    /// assert_eq!(board.occupied(), white | black);
    /// assert_eq!(board.occupied().len(), 32);
    /// assert!(!board.occupied().contains(Square::E4));
    /// ```
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        SquareSet(self.occupancy[0] | self.occupancy[1])
    }

    /// The squares of the pieces of `color` and `kind`, read from the bitboards the board
    /// keeps beside its cells (no piece is visited).
    ///
    /// ```
    /// use x88::{Board0x88, Color, PieceKind, Square, SquareSet};
    /// let board = Board0x88::default();
    /// let rooks = board.pieces(Color::White, PieceKind::Rook);
    /// assert_eq!(rooks, SquareSet::from(Square::A1) | Square::H1.into());
    /// assert_eq!(board.pieces(Color::Black, PieceKind::Pawn).len(), 8);
    /// ```
    #[must_use]
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> SquareSet {
        SquareSet(self.kinds[usize::from(kind.bits())] & self.occupancy[color.index()])
    }

    /// The squares of the pieces of `color`, one set per kind, indexed by
    /// [`PieceKind::index`]: [`pieces`](Board0x88::pieces) for each kind at once, read from the
    /// bitboards the board keeps. An evaluation that walks each kind's pieces apart takes its
    /// sets from here.
    ///
    /// ```
    /// use x88::{Board0x88, Color, PieceKind, Square, SquareSet};
    /// let board = Board0x88::default();
    /// let black = board.pieces_by_kind(Color::Black);
    /// assert_eq!(black[PieceKind::Knight.index()], SquareSet::from(Square::B8) | Square::G8.into());
    /// assert_eq!(black[PieceKind::King.index()], SquareSet::from(Square::E8));
    /// for kind in PieceKind::ALL {
    ///     assert_eq!(black[kind.index()], board.pieces(Color::Black, kind));
    /// }
    /// ```
    #[must_use]
    #[inline]
    pub fn pieces_by_kind(&self, color: Color) -> [SquareSet; 6] {
        let own = self.occupancy[color.index()];
        PieceKind::ALL.map(|kind| SquareSet(self.kinds[usize::from(kind.bits())] & own))
    }

    /// The squares of the pieces of `color` and `kind`, in square order (a1, b1, ... h8): the
    /// squares of [`pieces`](Board0x88::pieces), one by one.
    ///
    /// ```
    /// use x88::{Board0x88, Color, PieceKind, Square};
    /// let board = Board0x88::default();
    /// let knights: Vec<Square> = board.piece_squares_of(Color::Black, PieceKind::Knight).collect();
    /// assert_eq!(knights, [Square::B8, Square::G8]);
    /// ```
    #[inline]
    pub fn piece_squares_of(
        &self,
        color: Color,
        kind: PieceKind,
    ) -> impl Iterator<Item = Square> + Clone + '_ {
        self.pieces(color, kind).into_iter()
    }

    /// The number of pieces of `color` and `kind`.
    ///
    /// ```
    /// use x88::{Board0x88, Color, PieceKind};
    /// let board = Board0x88::default();
    /// assert_eq!(board.count(Color::White, PieceKind::Knight), 2);
    /// assert_eq!(board.piece_count(Color::Black), 16);
    /// ```
    #[must_use]
    pub fn count(&self, color: Color, kind: PieceKind) -> usize {
        self.pieces(color, kind).len()
    }

    /// The number of pieces of `color`, its king included.
    ///
    /// ```
    /// use x88::{Board0x88, Color};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/PPP5/R3K3 w Q - 0 1".parse().unwrap();
    /// assert_eq!(board.piece_count(Color::White), 5); // the king included
    /// assert_eq!(board.piece_count(Color::Black), 1);
    /// ```
    #[must_use]
    #[inline]
    pub fn piece_count(&self, color: Color) -> usize {
        self.occupancy[color.index()].count_ones() as usize
    }

    /// The side to move.
    ///
    /// ```
    /// use x88::{Board0x88, Color};
    /// let mut board = Board0x88::default();
    /// assert_eq!(board.side_to_move(), Color::White);
    /// board.play(board.parse_uci("e2e4").unwrap()).unwrap();
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.state.side()
    }

    /// The en passant target square, if any: the square a pawn of the other side just skipped
    /// with its double step, where a pawn of the side to move may take it.
    ///
    /// A move sets it only when such a capture is legal, so that two positions that differ in
    /// nothing else compare and [`hash`](Board0x88::hash) alike, as the repetition rule asks.
    /// A board read from a FEN keeps the FEN's square as written (the loader checks only that a
    /// pawn can just have made that double step).
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let mut board: Board0x88 = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1".parse().unwrap();
    /// board.play(board.parse_uci("d7d5").unwrap()).unwrap();
    /// assert_eq!(board.en_passant(), Some(Square::D6)); // e5xd6 is legal
    /// let mut start = Board0x88::default();
    /// start.play(start.parse_uci("e2e4").unwrap()).unwrap();
    /// assert_eq!(start.en_passant(), None); // no black pawn can take e4 en passant
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.state.ep()
    }

    /// The number of half-moves since the last capture or pawn move (the 50-move rule's clock).
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board = Board0x88::default();
    /// for uci in ["g1f3", "g8f6"] {
    ///     board.play(board.parse_uci(uci)?)?;
    /// }
    /// assert_eq!(board.halfmove_clock(), 2);
    /// board.play(board.parse_uci("e2e4")?)?;
    /// assert_eq!(board.halfmove_clock(), 0); // a pawn move resets it
    /// board.play(board.parse_uci("f6e4")?)?;
    /// assert_eq!(board.halfmove_clock(), 0); // and so does a capture
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.state.halfmove()
    }

    /// The number of the full move, starting at 1 and counting up after each black move.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board = Board0x88::default();
    /// board.play(board.parse_uci("e2e4")?)?;
    /// assert_eq!(board.fullmove_number(), 1); // white's move does not count it on
    /// board.play(board.parse_uci("e7e5")?)?;
    /// assert_eq!(board.fullmove_number(), 2);
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.state.fullmove()
    }

    /// The Zobrist hash of the position: the placement, the side to move, the castling rights
    /// and the [en passant square](Board0x88::en_passant); the key of a transposition table and
    /// of repetition tests. Every move updates it; [`compute_hash`](Board0x88::compute_hash)
    /// computes it from scratch.
    ///
    /// ```
    /// use x88::Board0x88;
    /// // One position by two move orders (a transposition): one hash, one table entry.
    /// let (mut a, mut b) = (Board0x88::default(), Board0x88::default());
    /// for uci in ["g1f3", "g8f6", "b1c3"] {
    ///     a.play(a.parse_uci(uci)?)?;
    /// }
    /// for uci in ["b1c3", "g8f6", "g1f3"] {
    ///     b.play(b.parse_uci(uci)?)?;
    /// }
    /// assert_eq!(a.hash(), b.hash());
    /// assert_ne!(a.hash(), Board0x88::default().hash());
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// Side to move, en passant square, clocks and hash, as one block.
    #[inline(always)]
    pub(crate) fn state(&self) -> State {
        self.state
    }

    /// Replaces side to move, en passant square, clocks and hash (make/unmake).
    #[inline(always)]
    pub(crate) fn set_state(&mut self, state: State) {
        self.state = state;
    }

    /// The Zobrist hash computed from scratch; always equal to [`Board0x88::hash`].
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board = Board0x88::default();
    /// let mv = board.legal_moves()[0];
    /// board.make_move(mv);
    /// assert_eq!(board.hash(), board.compute_hash());
    /// ```
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for sq in Square::ALL {
            hash ^= zobrist::piece_key(self.cell(sq.x88()), sq.x88());
        }
        if self.state.side() == Color::Black {
            hash ^= zobrist::SIDE_KEY;
        }
        if let Some(ep) = self.state.ep() {
            hash ^= zobrist::EN_PASSANT_KEYS[ep.file() as usize];
        }
        hash
    }

    /// The 0x88 squares of the rooks of `color` that still carry a castling right (virgin rooks
    /// on its back rank), from the a-file to the h-file.
    #[inline]
    pub(crate) fn virgin_rooks(&self, color: Color) -> impl Iterator<Item = u8> + '_ {
        let rook = Piece::new(color, PieceKind::Rook).with_virgin().bits();
        let base = (color.back_rank() as u8) << 4;
        (base..base + 8).filter(move |&sq| self.cell(sq) == rook)
    }

    /// The square of the rook with which `color` may still castle on the given side, if any.
    ///
    /// In standard chess that is the rook on the h- or a-file; the lookup reads the virgin bits,
    /// so it works for any rook file (Chess960).
    ///
    /// ```
    /// use x88::{Board0x88, CastlingSide, Color, Square};
    /// let board: Board0x88 = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse().unwrap();
    /// assert_eq!(board.castling_rook(Color::White, CastlingSide::KingSide), Some(Square::H1));
    /// assert_eq!(board.castling_rook(Color::White, CastlingSide::QueenSide), None); // no `Q`
    /// // Chess960 position 0 (BBQNNRKR): the king is on g8, its queen-side rook on f8.
    /// let board = Board0x88::chess960(0).unwrap();
    /// assert_eq!(board.castling_rook(Color::Black, CastlingSide::QueenSide), Some(Square::F8));
    /// ```
    #[must_use]
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king(color).x88();
        let kingside = side == CastlingSide::KingSide;
        if self.cell(king) & Piece::VIRGIN == 0 {
            return None;
        }
        self.virgin_rooks(color)
            .find(|&sq| (sq > king) == kingside)
            .map(Square::from_x88_unchecked)
    }

    /// The castling rights, read from the virgin bits of the kings and rooks.
    ///
    /// ```
    /// use x88::{Board0x88, CastlingRights};
    /// let board: Board0x88 = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse().unwrap();
    /// assert_eq!(
    ///     board.castling_rights(),
    ///     CastlingRights::WHITE_KINGSIDE | CastlingRights::BLACK_QUEENSIDE
    /// );
    /// ```
    #[must_use]
    pub fn castling_rights(&self) -> CastlingRights {
        CastlingRights::granted_where(|color, side| self.castling_rook(color, side).is_some())
    }

    /// Takes the castling rights of `color`'s rooks when its king moves: clears the virgin
    /// bits of its rooks and returns their files (for unmake) and the change to the hash (for
    /// the caller to fold into its move's keys). A rook's move or capture needs nothing of the
    /// kind: its own bit goes with it.
    ///
    /// To be called before the king's move writes its back rank: the rank is read as one
    /// word, and a load that overlaps a byte just stored waits for the store to complete.
    #[inline(never)]
    pub(crate) fn take_rook_rights(&mut self, color: Color) -> (u8, u64) {
        let rooks = self.virgin_rook_files(color);
        let base = (color.back_rank() as u8) << 4;
        let plain = Piece::new(color, PieceKind::Rook).bits();
        let right_keys = &zobrist::ROOK_RIGHT_KEYS[color.index()];
        let mut keys = 0;
        let mut files = rooks;
        while files != 0 {
            let file = files.trailing_zeros() as u8;
            files &= files - 1;
            keys ^= right_keys[usize::from(file & 7)];
            self.set_cell(base | file, plain);
        }
        (rooks, keys)
    }

    /// The files of the virgin rooks of `color` on its back rank, as a bit per file (bit 0 the
    /// a-file): the eight cells of the rank are compared with the virgin rook's byte at once.
    #[inline]
    pub(crate) fn virgin_rook_files(&self, color: Color) -> u8 {
        let rook = Piece::new(color, PieceKind::Rook).with_virgin().bits();
        files_holding(self.rank_cells((color.back_rank() as u8) << 4), rook)
    }

    /// The eight cells of the rank of the 0x88 square `sq` as one word, the a-file lowest.
    #[inline(always)]
    pub(crate) fn rank_cells(&self, sq: u8) -> u64 {
        let base = usize::from(sq & 0x70);
        let mut rank = [0u8; 8];
        rank.copy_from_slice(&self.cells[base..base + 8]);
        u64::from_le_bytes(rank)
    }

    /// Sets again the virgin bits that [`Board0x88::take_rook_rights`] cleared on the back rank
    /// of `color` (the hash is restored separately).
    #[inline(never)]
    pub(crate) fn restore_virgins(&mut self, color: Color, files: u8) {
        let base = (color.back_rank() as u8) << 4;
        let mut bits = files;
        while bits != 0 {
            let file = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let sq = base | file;
            self.set_cell(sq, self.cell(sq) | Piece::VIRGIN);
        }
    }
}

/// The entry of the kinds' mirror for the piece byte `piece`: its kind's micro-Max number.
#[inline(always)]
fn kind_slot(piece: u8) -> usize {
    usize::from(piece & Piece::KIND_MASK)
}

/// `0x01` in each byte of a word.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;

/// The bytes of `rank` (eight cells, the a-file lowest) equal to `byte`, as a bit per file.
#[inline(always)]
fn files_holding(rank: u64, byte: u8) -> u8 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // A byte of `diff` is zero exactly where the cell holds `byte`; `found` gets the high bit
    // of each such byte (the classic exact zero-byte test, no false positives).
    let diff = rank ^ (u64::from(byte) * BYTE_ONES);
    let found = !(((diff & LOW7) + LOW7) | diff | LOW7);
    // Gather the eight high bits into one byte, a-file lowest.
    ((found >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

impl Board0x88 {
    /// Whether every field of the two boards is the same, byte for byte (`==` compares the
    /// positions).
    #[cfg(test)]
    pub(crate) fn same_bytes(&self, other: &Board0x88) -> bool {
        self.cells == other.cells
            && self.occupancy == other.occupancy
            && self.kinds == other.kinds
            && self.state == other.state
            && self.chess960 == other.chess960
    }
}

impl PartialEq for Board0x88 {
    /// Two boards are equal when they hold the same position: pieces with their castling
    /// rights (the rooks' virgin bits), side to move, en passant square and clocks. A king's
    /// virgin bit (whether it has moved) does not count beyond the rights its rooks carry, as
    /// for the hash.
    fn eq(&self, other: &Board0x88) -> bool {
        Square::ALL.iter().all(|sq| {
            let (a, b) = (self.cell(sq.x88()), other.cell(sq.x88()));
            a == b || (a ^ b == Piece::VIRGIN && a & Piece::KIND_MASK == PieceKind::King.bits())
        }) && self.state.side() == other.state.side()
            && self.state.ep() == other.state.ep()
            && self.state.halfmove() == other.state.halfmove()
            && self.state.fullmove() == other.state.fullmove()
            && self.chess960 == other.chess960
    }
}

impl Eq for Board0x88 {}

impl core::hash::Hash for Board0x88 {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.state.hash);
    }
}

impl fmt::Debug for Board0x88 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board0x88(\"{}\")", self.fen())
    }
}

/// Writes the FEN of the position.
impl fmt::Display for Board0x88 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.fen(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_bitboards_and_hash() {
        let board = Board0x88::start_position();
        for color in Color::ALL {
            let squares = board.occupied_by(color);
            assert_eq!(squares.len(), 16);
            assert_eq!(board.piece_count(color), 16);
            assert_eq!(board.kind_on(board.king(color)), Some(PieceKind::King));
            for sq in squares {
                assert!(board.color_on(sq) == Some(color));
                assert_eq!(
                    board.cell(sq.x88() | 8),
                    0,
                    "the off-board half stays empty"
                );
            }
        }
        assert_eq!(board.castling_rights(), CastlingRights::all());
        assert_eq!(board.hash(), board.compute_hash());
        assert_eq!(board.to_string(), START_FEN);
    }

    #[test]
    fn fits_the_size_budget() {
        // 208 bytes until the kinds' mirror replaced the pawn bitboard (56 bytes more), 264
        // until the piece lists went (their squares are the bitboards' now).
        assert!(core::mem::size_of::<Board0x88>() <= 232);
    }
}
