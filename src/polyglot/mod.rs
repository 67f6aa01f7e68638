//! Polyglot opening books: the position keys of the format, and a reader of `.bin` books.
//!
//! Polyglot's `.bin` format is the opening-book format GUIs and engines share. A book is a
//! sorted array of 16-byte entries, each a position's key, one move and its weight; the key is
//! a Zobrist hash over 781 published random numbers ([`key`], [`Board0x88::polyglot_key`]).
//!
//! x88's own [`Board0x88::hash`] is a different Zobrist hash, kept incrementally by every move:
//! it keys castling rights through the rooks' virgin bits (so Chess960 needs nothing more) and
//! the en passant square whenever there is one. Polyglot keys an en passant square only when a
//! pawn of the side to move stands beside the pawn that just moved two squares, and that test
//! would cost the move maker a branch and two board reads on every double push, for a key only
//! a book lookup needs. So the Polyglot key is computed from the board when it is asked for:
//! about forty table reads, once per book probe.
//!
//! [`Book`] reads a book held in memory (`no_std`, no allocation): the entries of a position,
//! its moves as legal [`Move`]s with their weights, and a weighted choice from a random number
//! the caller supplies. [`Entry`] writes entries, so tools can make books; with the `std`
//! feature, `BookFile` reads a book file.
//!
//! ```
//! use x88::Board0x88;
//! use x88::polyglot::{Book, Entry, encode_move};
//!
//! // The published key of the start position.
//! let board = Board0x88::default();
//! assert_eq!(board.polyglot_key(), 0x463b_9618_1691_fc9c);
//!
//! // A two-move book: 1. e4 three times as often as 1. d4.
//! let e4 = board.parse_san("e4")?;
//! let d4 = board.parse_san("d4")?;
//! let mut bytes = Vec::new();
//! for (mv, weight) in [(e4, 3), (d4, 1)] {
//!     let entry = Entry { key: board.polyglot_key(), raw_move: encode_move(mv), weight, learn: 0 };
//!     bytes.extend_from_slice(&entry.to_bytes());
//! }
//! let book = Book::new(&bytes)?;
//! let moves: Vec<_> = book.moves(&board).map(|m| (m.mv.to_string(), m.weight)).collect();
//! assert_eq!(moves, [("e2e4".to_string(), 3), ("d2d4".to_string(), 1)]);
//! assert_eq!(book.pick(&board, 0), Some(e4)); // random numbers in the first 3/4 pick e4
//! assert_eq!(book.pick(&board, u64::MAX), Some(d4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod keys;

use core::fmt;

use crate::{Board0x88, CastlingRights, Color, Move, PieceKind, Square};
use keys::RANDOM64;

/// Where the castling keys start: white short, white long, black short, black long.
const CASTLING_KEYS: usize = 768;
/// Where the en passant file keys start.
const EN_PASSANT_KEYS: usize = 772;
/// The key added when white is to move.
const WHITE_TO_MOVE_KEY: usize = 780;

/// The Polyglot key of `board`: the key its entries have in a Polyglot book.
///
/// Castling counts the four standard rights, the king side being the h-file side, also in
/// Chess960; an en passant square counts only when a pawn of the side to move could take
/// on it (beside the pawn that moved two squares), whether or not the capture is legal.
///
/// One case needs the move that led to the position: x88 keeps an en passant square only
/// when the capture is legal, so after a double push whose only possible capturer is pinned
/// the board no longer knows there was one, while Polyglot still keys it. For positions of a
/// game, ask [`Board0x88::polyglot_key_after`] with the last move, or `Game::polyglot_key`
/// (feature `alloc`), which are exact in every case.
///
/// ```
/// use x88::{Board0x88, polyglot};
/// let mut board = Board0x88::default();
/// board.play(board.parse_san("e4")?)?;
/// assert_eq!(polyglot::key(&board), 0x823c_9b50_fd11_4196);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn key(board: &Board0x88) -> u64 {
    let mut key = 0;
    for color in [Color::White, Color::Black] {
        let color_offset = match color {
            Color::White => 64,
            Color::Black => 0,
        };
        for sq in board.occupied_by(color) {
            if let Some(kind) = board.kind_on(sq) {
                key ^= RANDOM64[128 * kind.index() + color_offset + sq.index()];
            }
        }
    }
    let rights = board.castling_rights();
    for (i, right) in [
        CastlingRights::WHITE_KINGSIDE,
        CastlingRights::WHITE_QUEENSIDE,
        CastlingRights::BLACK_KINGSIDE,
        CastlingRights::BLACK_QUEENSIDE,
    ]
    .into_iter()
    .enumerate()
    {
        if rights.contains(right) {
            key ^= RANDOM64[CASTLING_KEYS + i];
        }
    }
    if let Some(target) = board
        .en_passant()
        .filter(|&sq| can_take_en_passant(board, sq))
    {
        key ^= RANDOM64[EN_PASSANT_KEYS + target.file().index()];
    }
    if board.side_to_move() == Color::White {
        key ^= RANDOM64[WHITE_TO_MOVE_KEY];
    }
    key
}

/// Whether a pawn of the side to move stands beside the pawn that moved two squares past
/// `target`: Polyglot's test for keying the en passant square (pseudo-legal, pins ignored).
fn can_take_en_passant(board: &Board0x88, target: Square) -> bool {
    let us = board.side_to_move();
    // The pawn that moved stands one step beyond `target`, seen from the side that moved it.
    let pushed = target.x88().wrapping_sub(us.forward() as u8);
    board.en_passant_capturers(pushed, us).next().is_some()
}

impl Board0x88 {
    /// The Polyglot key of the position after the legal move `mv`, or `None` if `mv` is not
    /// legal here. Unlike [`polyglot_key`](Board0x88::polyglot_key) of the position after
    /// the move, it keys the en passant square of a double push whose capture would be
    /// illegal (the capturing pawn pinned), as Polyglot does.
    ///
    /// ```
    /// use x88::Board0x88;
    /// // After e2-e4 the pawn on d4 may not take en passant: its king on a4 would stand in
    /// // the rook's line. x88's board drops the en passant square; Polyglot keys it.
    /// let board: Board0x88 = "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1".parse()?;
    /// let e4 = board.parse_san("e4")?;
    /// let mut after = board;
    /// after.play(e4)?;
    /// assert_eq!(after.en_passant(), None);
    /// let with_square: Board0x88 = "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1".parse()?;
    /// assert_eq!(board.polyglot_key_after(e4), Some(with_square.polyglot_key()));
    /// assert_ne!(board.polyglot_key_after(e4), Some(after.polyglot_key()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn polyglot_key_after(&self, mv: Move) -> Option<u64> {
        if !self.is_legal(mv) {
            return None;
        }
        let mut after = *self;
        after.play_unchecked(mv);
        let mut key = key(&after);
        if mv.is_double_push() && after.en_passant().is_none() {
            // The square the pawn passed over, halfway between its two squares.
            let passed = Square::from_index((mv.from().index() + mv.to().index()) / 2)?;
            if can_take_en_passant(&after, passed) {
                key ^= RANDOM64[EN_PASSANT_KEYS + passed.file().index()];
            }
        }
        Some(key)
    }

    /// The position's key in Polyglot opening books: see [`polyglot::key`](key).
    ///
    /// ```
    /// use x88::Board0x88;
    /// assert_eq!(Board0x88::default().polyglot_key(), 0x463b_9618_1691_fc9c);
    /// ```
    #[must_use]
    pub fn polyglot_key(&self) -> u64 {
        key(self)
    }
}

/// A move in Polyglot's 16 bits: to-file in bits 0-2, to-rank 3-5, from-file 6-8,
/// from-rank 9-11, promotion piece 12-14 (1 knight, 2 bishop, 3 rook, 4 queen). Castling is
/// the king taking its own rook (`e1h1`), which is how x88 stores castling too.
///
/// ```
/// use x88::Board0x88;
/// use x88::polyglot::{decode_move, encode_move};
/// let board = Board0x88::default();
/// let e4 = board.parse_san("e4")?;
/// assert_eq!(encode_move(e4), 0x031c); // e2 = from (rank 1, file 4), e4 = to (rank 3, file 4)
/// assert_eq!(decode_move(&board, 0x031c), Some(e4));
/// # Ok::<(), x88::MoveError>(())
/// ```
#[must_use]
pub fn encode_move(mv: Move) -> u16 {
    let square_bits = |sq: Square| (sq.rank().index() << 3 | sq.file().index()) as u16;
    let promotion = match mv.promotion_kind() {
        Some(PieceKind::Knight) => 1,
        Some(PieceKind::Bishop) => 2,
        Some(PieceKind::Rook) => 3,
        Some(PieceKind::Queen) => 4,
        _ => 0,
    };
    square_bits(mv.to()) | square_bits(mv.from()) << 6 | promotion << 12
}

/// The legal move of `board` that the Polyglot move `raw` names, or `None` when it names no
/// legal move there. Castling is read as king takes rook (`e1h1`), and also, as some books
/// write it, as the king's two-square step (`e1g1`).
///
/// ```
/// use x88::Board0x88;
/// use x88::polyglot::decode_move;
/// let board: Board0x88 = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
/// let castle = decode_move(&board, 0x0107).unwrap(); // e1h1
/// assert!(castle.is_castle());
/// assert_eq!(decode_move(&board, 0x0000), None); // a1a1
/// ```
#[must_use]
pub fn decode_move(board: &Board0x88, raw: u16) -> Option<Move> {
    find_move(&board.legal_moves(), raw)
}

/// The move of `legal` that the Polyglot move `raw` names, if any.
fn find_move(legal: &[Move], raw: u16) -> Option<Move> {
    let square = |bits: u16| Square::from_index(usize::from(bits & 63));
    let (to, from) = (square(raw)?, square(raw >> 6)?);
    let promotion = match raw >> 12 & 7 {
        0 => None,
        1 => Some(PieceKind::Knight),
        2 => Some(PieceKind::Bishop),
        3 => Some(PieceKind::Rook),
        4 => Some(PieceKind::Queen),
        _ => return None,
    };
    let moves = || legal.iter().copied().filter(|mv| mv.from() == from);
    // Castling is the king taking its rook, as x88 stores it; failing that, the king's step
    // (some books write `e1g1`), but never where a plain king move is meant.
    moves()
        .find(|mv| mv.to() == to && mv.promotion_kind() == promotion)
        .or_else(|| {
            moves().find(|mv| mv.is_castle() && mv.king_destination() == to && promotion.is_none())
        })
}

/// One entry of a Polyglot book: 16 bytes, big-endian.
///
/// ```
/// use x88::polyglot::Entry;
/// let entry = Entry { key: 0x463b_9618_1691_fc9c, raw_move: 0x031c, weight: 7, learn: 0 };
/// let bytes = entry.to_bytes();
/// assert_eq!(bytes[..8], 0x463b_9618_1691_fc9c_u64.to_be_bytes());
/// assert_eq!(Entry::from_bytes(bytes), entry);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The position's Polyglot key ([`key`]).
    pub key: u64,
    /// The move in Polyglot's encoding ([`encode_move`], [`decode_move`]).
    pub raw_move: u16,
    /// How often to play the move, relative to the position's other moves.
    pub weight: u16,
    /// Learning data some tools keep; not used for choosing.
    pub learn: u32,
}

impl Entry {
    /// The size of an entry in a book file.
    pub const SIZE: usize = 16;

    /// The entry stored in `bytes`.
    ///
    /// ```
    /// use x88::polyglot::Entry;
    /// let entry = Entry::from_bytes([0, 0, 0, 0, 0, 0, 0, 1, 0x03, 0x1c, 0, 2, 0, 0, 0, 3]);
    /// assert_eq!((entry.key, entry.raw_move, entry.weight, entry.learn), (1, 0x031c, 2, 3));
    /// ```
    #[must_use]
    pub fn from_bytes(bytes: [u8; Entry::SIZE]) -> Entry {
        let [
            k0,
            k1,
            k2,
            k3,
            k4,
            k5,
            k6,
            k7,
            m0,
            m1,
            w0,
            w1,
            l0,
            l1,
            l2,
            l3,
        ] = bytes;
        Entry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            raw_move: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    /// The 16 bytes of the entry, as a book file stores them.
    ///
    /// ```
    /// use x88::polyglot::Entry;
    /// let entry = Entry { key: 1, raw_move: 2, weight: 3, learn: 4 };
    /// assert_eq!(entry.to_bytes(), [0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 4]);
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> [u8; Entry::SIZE] {
        let mut bytes = [0; Entry::SIZE];
        bytes[..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// Why bytes are not a Polyglot book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The length is not a whole number of 16-byte entries.
    Length {
        /// The length in bytes.
        len: usize,
    },
    /// The entries are not sorted by key, which the lookup by binary search needs.
    Unsorted {
        /// The first entry whose key is smaller than the key before it.
        index: usize,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Length { len } => write!(
                f,
                "a Polyglot book is a whole number of 16-byte entries, but this one has {len} bytes"
            ),
            BookError::Unsorted { index } => write!(
                f,
                "the entries of a Polyglot book must be sorted by key, but entry {index} has a \
                 smaller key than the one before it"
            ),
        }
    }
}

impl core::error::Error for BookError {}

/// A move of a book with its weight and learning data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The legal move.
    pub mv: Move,
    /// How often to play it, relative to the position's other book moves.
    pub weight: u16,
    /// The entry's learning data.
    pub learn: u32,
}

/// A Polyglot book held in memory: a byte slice of sorted 16-byte entries. Reading it
/// allocates nothing.
///
/// ```
/// use x88::polyglot::{Book, BookError};
/// assert_eq!(Book::new(&[]).map(|book| book.len()), Ok(0));
/// assert_eq!(Book::new(&[0; 15]).err(), Some(BookError::Length { len: 15 }));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Book<'a> {
    bytes: &'a [u8],
}

impl<'a> Book<'a> {
    /// The book stored in `bytes`, which must be a whole number of entries, sorted by key.
    ///
    /// Checking the order reads every key once; books are a few megabytes at most.
    ///
    /// ```
    /// use x88::polyglot::{Book, BookError, Entry};
    /// let entry = |key| Entry { key, raw_move: 0x031c, weight: 1, learn: 0 }.to_bytes();
    /// let unsorted = [entry(2), entry(1)].concat();
    /// assert_eq!(Book::new(&unsorted).err(), Some(BookError::Unsorted { index: 1 }));
    /// ```
    pub fn new(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        if bytes.len() % Entry::SIZE != 0 {
            return Err(BookError::Length { len: bytes.len() });
        }
        let book = Book { bytes };
        if let Some(index) = (1..book.len()).find(|&i| book.key_at(i) < book.key_at(i - 1)) {
            return Err(BookError::Unsorted { index });
        }
        Ok(book)
    }

    /// The number of entries.
    ///
    /// ```
    /// use x88::polyglot::{Book, Entry};
    /// let bytes = Entry { key: 1, raw_move: 0, weight: 1, learn: 0 }.to_bytes();
    /// assert_eq!(Book::new(&bytes)?.len(), 1);
    /// # Ok::<(), x88::polyglot::BookError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.bytes.len() / Entry::SIZE
    }

    /// Whether the book has no entries.
    ///
    /// ```
    /// use x88::polyglot::Book;
    /// assert!(Book::new(&[])?.is_empty());
    /// # Ok::<(), x88::polyglot::BookError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Entry `index`, or `None` past the end.
    ///
    /// ```
    /// use x88::polyglot::{Book, Entry};
    /// let entry = Entry { key: 9, raw_move: 0x031c, weight: 1, learn: 0 };
    /// let bytes = entry.to_bytes();
    /// let book = Book::new(&bytes)?;
    /// assert_eq!(book.entry(0), Some(entry));
    /// assert_eq!(book.entry(1), None);
    /// # Ok::<(), x88::polyglot::BookError>(())
    /// ```
    #[must_use]
    pub fn entry(&self, index: usize) -> Option<Entry> {
        let start = index.checked_mul(Entry::SIZE)?;
        let bytes = self.bytes.get(start..start.checked_add(Entry::SIZE)?)?;
        bytes.try_into().ok().map(Entry::from_bytes)
    }

    /// The key of entry `index` (which must exist).
    fn key_at(&self, index: usize) -> u64 {
        self.entry(index).map_or(u64::MAX, |entry| entry.key)
    }

    /// Every entry of the position with Polyglot key `key`, in the book's order.
    ///
    /// ```
    /// use x88::polyglot::{Book, Entry};
    /// let entry = |key, weight| Entry { key, raw_move: 0x031c, weight, learn: 0 }.to_bytes();
    /// let bytes = [entry(1, 5), entry(7, 2), entry(7, 3), entry(9, 1)].concat();
    /// let book = Book::new(&bytes)?;
    /// let weights: Vec<u16> = book.entries(7).map(|e| e.weight).collect();
    /// assert_eq!(weights, [2, 3]);
    /// assert_eq!(book.entries(8).count(), 0);
    /// # Ok::<(), x88::polyglot::BookError>(())
    /// ```
    pub fn entries(&self, key: u64) -> impl Iterator<Item = Entry> + 'a {
        let book = *self;
        // The first entry whose key is not below `key`, by binary search.
        let (mut low, mut high) = (0, book.len());
        while low < high {
            let mid = low + (high - low) / 2;
            if book.key_at(mid) < key {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        (low..book.len())
            .map_while(move |i| book.entry(i))
            .take_while(move |entry| entry.key == key)
    }

    /// The book's moves for `board` that are legal there, with their weights. Entries whose
    /// move is not legal in the position (a key collision, or a broken book) are skipped.
    ///
    /// ```
    /// use x88::Board0x88;
    /// use x88::polyglot::{Book, Entry, encode_move};
    /// let board = Board0x88::default();
    /// let e4 = board.parse_san("e4")?;
    /// let bytes = Entry { key: board.polyglot_key(), raw_move: encode_move(e4), weight: 1, learn: 0 }
    ///     .to_bytes();
    /// let book = Book::new(&bytes)?;
    /// assert_eq!(book.moves(&board).map(|m| m.mv).collect::<Vec<_>>(), [e4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self, board: &Board0x88) -> impl Iterator<Item = BookMove> + 'a {
        self.moves_with_key(board, board.polyglot_key())
    }

    /// The book's moves for `board` under the Polyglot key `key`: for a position of a game,
    /// the exact key of [`Board0x88::polyglot_key_after`] or `Game::polyglot_key` (see [`key`]).
    ///
    /// ```
    /// use x88::Board0x88;
    /// use x88::polyglot::{Book, Entry, encode_move};
    /// let board = Board0x88::default();
    /// let e4 = board.parse_san("e4")?;
    /// let bytes = Entry { key: board.polyglot_key(), raw_move: encode_move(e4), weight: 1, learn: 0 }
    ///     .to_bytes();
    /// let book = Book::new(&bytes)?;
    /// assert_eq!(book.moves_with_key(&board, board.polyglot_key()).count(), 1);
    /// assert_eq!(book.moves_with_key(&board, 12345).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves_with_key(
        &self,
        board: &Board0x88,
        key: u64,
    ) -> impl Iterator<Item = BookMove> + 'a {
        // The legal moves once for all the position's entries.
        let legal = board.legal_moves();
        self.entries(key).filter_map(move |entry| {
            find_move(&legal, entry.raw_move).map(|mv| BookMove {
                mv,
                weight: entry.weight,
                learn: entry.learn,
            })
        })
    }

    /// A book move for `board` chosen at random in proportion to the weights, from the random
    /// number `random` (any `u64`: the choice scales it to the total weight), or `None` when
    /// the book has no legal move of positive weight for the position. The caller brings the
    /// randomness, so the book needs no random number generator (and tests can be exact).
    ///
    /// ```
    /// use x88::Board0x88;
    /// use x88::polyglot::{Book, Entry, encode_move};
    /// let board = Board0x88::default();
    /// let (e4, d4) = (board.parse_san("e4")?, board.parse_san("d4")?);
    /// let entry = |mv, weight| {
    ///     Entry { key: board.polyglot_key(), raw_move: encode_move(mv), weight, learn: 0 }.to_bytes()
    /// };
    /// let bytes = [entry(e4, 1), entry(d4, 1)].concat();
    /// let book = Book::new(&bytes)?;
    /// assert_eq!(book.pick(&board, 0), Some(e4));
    /// assert_eq!(book.pick(&board, u64::MAX), Some(d4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pick(&self, board: &Board0x88, random: u64) -> Option<Move> {
        self.pick_with_key(board, board.polyglot_key(), random)
    }

    /// [`pick`](Book::pick) under the Polyglot key `key` (see [`moves_with_key`](Book::moves_with_key)).
    ///
    /// ```
    /// use x88::Board0x88;
    /// use x88::polyglot::{Book, Entry, encode_move};
    /// let start = Board0x88::default();
    /// let e4 = start.parse_san("e4")?;
    /// let mut board = start;
    /// board.play(e4)?;
    /// let key = start.polyglot_key_after(e4).unwrap(); // exact, whatever the pins
    /// let e5 = board.parse_san("e5")?;
    /// let bytes = Entry { key, raw_move: encode_move(e5), weight: 1, learn: 0 }.to_bytes();
    /// let book = Book::new(&bytes)?;
    /// assert_eq!(book.pick_with_key(&board, key, 7), Some(e5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pick_with_key(&self, board: &Board0x88, key: u64, random: u64) -> Option<Move> {
        let total: u64 = self
            .moves_with_key(board, key)
            .map(|m| u64::from(m.weight))
            .sum();
        if total == 0 {
            return None;
        }
        // `random` scaled to 0..total, by the high half of the 128-bit product.
        let mut target = ((u128::from(random) * u128::from(total)) >> 64) as u64;
        for book_move in self.moves_with_key(board, key) {
            let weight = u64::from(book_move.weight);
            if target < weight {
                return Some(book_move.mv);
            }
            target -= weight;
        }
        None
    }
}

#[cfg(feature = "std")]
mod file;
#[cfg(feature = "std")]
pub use file::{BookFile, BookFileError};
