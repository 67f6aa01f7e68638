//! Squares on the 0x88 board, files, ranks and small sets of squares.
//!
//! A square number is `rank << 4 | file`, so `a1 = 0x00` and `h8 = 0x77`. The numbers with bit
//! `0x08` (file 8 to 15) or bit `0x80` (rank 8 and up) set lie off the board, so one test,
//! `sq & 0x88 != 0`, replaces every edge check when a piece steps across the board.

use core::fmt;
use core::str::FromStr;

/// A file (column) of the board, `a` to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row) of the board, `1` to `8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

/// The eight files, in order.
const FILES: [File; 8] = [
    File::A,
    File::B,
    File::C,
    File::D,
    File::E,
    File::F,
    File::G,
    File::H,
];

/// The eight ranks, in order.
const RANKS: [Rank; 8] = [
    Rank::First,
    Rank::Second,
    Rank::Third,
    Rank::Fourth,
    Rank::Fifth,
    Rank::Sixth,
    Rank::Seventh,
    Rank::Eighth,
];

impl File {
    /// All files from `a` to `h`.
    pub const ALL: [File; 8] = FILES;

    /// The file with index `index` (0 = `a`), or `None` if `index > 7`.
    ///
    /// ```
    /// use x88::File;
    /// assert_eq!(File::new(4), Some(File::E));
    /// assert_eq!(File::new(8), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(index: usize) -> Option<File> {
        if index < 8 { Some(FILES[index]) } else { None }
    }

    /// The index of the file, 0 for `a` to 7 for `h`.
    ///
    /// ```
    /// use x88::{File, Square};
    /// assert_eq!(File::A.index(), 0);
    /// assert_eq!(Square::E4.file().index(), 4);
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file's letter, `'a'` to `'h'`.
    ///
    /// ```
    /// use x88::File;
    /// assert_eq!(File::H.to_char(), 'h');
    /// assert_eq!(File::ALL.map(File::to_char), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    /// ```
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file named by a letter `'a'` to `'h'` (lower case only).
    ///
    /// ```
    /// use x88::File;
    /// assert_eq!(File::from_char('e'), Some(File::E));
    /// assert_eq!(File::from_char('E'), None); // lower case only
    /// assert_eq!(File::from_char('i'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        if c.is_ascii_lowercase() {
            File::new((c as u8 - b'a') as usize)
        } else {
            None
        }
    }
}

impl Rank {
    /// All ranks from `1` to `8`.
    pub const ALL: [Rank; 8] = RANKS;

    /// The rank with index `index` (0 = rank 1), or `None` if `index > 7`.
    ///
    /// ```
    /// use x88::Rank;
    /// assert_eq!(Rank::new(0), Some(Rank::First));
    /// assert_eq!(Rank::new(8), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(index: usize) -> Option<Rank> {
        if index < 8 { Some(RANKS[index]) } else { None }
    }

    /// The index of the rank, 0 for rank 1 to 7 for rank 8.
    ///
    /// ```
    /// use x88::{Rank, Square};
    /// assert_eq!(Rank::First.index(), 0);
    /// assert_eq!(Square::E4.rank().index(), 3); // rank 4 has index 3
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank's digit, `'1'` to `'8'`.
    ///
    /// ```
    /// use x88::Rank;
    /// assert_eq!(Rank::First.to_char(), '1'); // the digit, not the index 0
    /// assert_eq!(Rank::Eighth.to_char(), '8');
    /// ```
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank named by a digit `'1'` to `'8'`.
    ///
    /// ```
    /// use x88::Rank;
    /// assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
    /// assert_eq!(Rank::from_char('0'), None);
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        if c.is_ascii_digit() && c != '0' {
            Rank::new((c as u8 - b'1') as usize)
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A square of the board.
///
/// Two numberings, both in the API, each under its own name:
/// - [`index`](Square::index) is the square's place in the usual 0..64 numbering (a1 = 0,
///   b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63): the index of piece-square tables, history
///   tables and every other crate's square arrays. [`from_index`](Square::from_index) inverts it.
/// - [`x88`](Square::x88) is the 0x88 number `rank << 4 | file` that the board uses inside
///   (a1 = `0x00`, h8 = `0x77`), for code that steps across the board and tests
///   `sq & 0x88 != 0` for "off the board", or indexes the difference tables of
///   [`attacks`](crate::attacks). [`from_x88`](Square::from_x88) inverts it.
///
/// Every `Square` value is on the board: the constructors refuse off-board numbers.
///
/// ```
/// use x88::{File, Rank, Square};
///
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::new(File::E, Rank::Fourth));
/// assert_eq!(e4, Square::E4);
/// assert_eq!(e4.index(), 28);
/// assert_eq!(e4.x88(), 0x34);
/// assert_eq!(Square::from_index(28), Some(e4));
/// assert_eq!(Square::from_x88(0x34), Some(e4));
/// assert!(Square::from_x88(0x38).is_none()); // file 8: off the board
/// assert_eq!(e4.to_string(), "e4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Square(u8);

#[allow(missing_docs)]
impl Square {
    pub const A1: Square = Square(0x00);
    pub const B1: Square = Square(0x01);
    pub const C1: Square = Square(0x02);
    pub const D1: Square = Square(0x03);
    pub const E1: Square = Square(0x04);
    pub const F1: Square = Square(0x05);
    pub const G1: Square = Square(0x06);
    pub const H1: Square = Square(0x07);
    pub const A2: Square = Square(0x10);
    pub const B2: Square = Square(0x11);
    pub const C2: Square = Square(0x12);
    pub const D2: Square = Square(0x13);
    pub const E2: Square = Square(0x14);
    pub const F2: Square = Square(0x15);
    pub const G2: Square = Square(0x16);
    pub const H2: Square = Square(0x17);
    pub const A3: Square = Square(0x20);
    pub const B3: Square = Square(0x21);
    pub const C3: Square = Square(0x22);
    pub const D3: Square = Square(0x23);
    pub const E3: Square = Square(0x24);
    pub const F3: Square = Square(0x25);
    pub const G3: Square = Square(0x26);
    pub const H3: Square = Square(0x27);
    pub const A4: Square = Square(0x30);
    pub const B4: Square = Square(0x31);
    pub const C4: Square = Square(0x32);
    pub const D4: Square = Square(0x33);
    pub const E4: Square = Square(0x34);
    pub const F4: Square = Square(0x35);
    pub const G4: Square = Square(0x36);
    pub const H4: Square = Square(0x37);
    pub const A5: Square = Square(0x40);
    pub const B5: Square = Square(0x41);
    pub const C5: Square = Square(0x42);
    pub const D5: Square = Square(0x43);
    pub const E5: Square = Square(0x44);
    pub const F5: Square = Square(0x45);
    pub const G5: Square = Square(0x46);
    pub const H5: Square = Square(0x47);
    pub const A6: Square = Square(0x50);
    pub const B6: Square = Square(0x51);
    pub const C6: Square = Square(0x52);
    pub const D6: Square = Square(0x53);
    pub const E6: Square = Square(0x54);
    pub const F6: Square = Square(0x55);
    pub const G6: Square = Square(0x56);
    pub const H6: Square = Square(0x57);
    pub const A7: Square = Square(0x60);
    pub const B7: Square = Square(0x61);
    pub const C7: Square = Square(0x62);
    pub const D7: Square = Square(0x63);
    pub const E7: Square = Square(0x64);
    pub const F7: Square = Square(0x65);
    pub const G7: Square = Square(0x66);
    pub const H7: Square = Square(0x67);
    pub const A8: Square = Square(0x70);
    pub const B8: Square = Square(0x71);
    pub const C8: Square = Square(0x72);
    pub const D8: Square = Square(0x73);
    pub const E8: Square = Square(0x74);
    pub const F8: Square = Square(0x75);
    pub const G8: Square = Square(0x76);
    pub const H8: Square = Square(0x77);
}

impl Square {
    /// All 64 squares in [`index`](Square::index) order: a1, b1, ..., h1, a2, ..., h8.
    pub const ALL: [Square; 64] = [
        Square::A1,
        Square::B1,
        Square::C1,
        Square::D1,
        Square::E1,
        Square::F1,
        Square::G1,
        Square::H1,
        Square::A2,
        Square::B2,
        Square::C2,
        Square::D2,
        Square::E2,
        Square::F2,
        Square::G2,
        Square::H2,
        Square::A3,
        Square::B3,
        Square::C3,
        Square::D3,
        Square::E3,
        Square::F3,
        Square::G3,
        Square::H3,
        Square::A4,
        Square::B4,
        Square::C4,
        Square::D4,
        Square::E4,
        Square::F4,
        Square::G4,
        Square::H4,
        Square::A5,
        Square::B5,
        Square::C5,
        Square::D5,
        Square::E5,
        Square::F5,
        Square::G5,
        Square::H5,
        Square::A6,
        Square::B6,
        Square::C6,
        Square::D6,
        Square::E6,
        Square::F6,
        Square::G6,
        Square::H6,
        Square::A7,
        Square::B7,
        Square::C7,
        Square::D7,
        Square::E7,
        Square::F7,
        Square::G7,
        Square::H7,
        Square::A8,
        Square::B8,
        Square::C8,
        Square::D8,
        Square::E8,
        Square::F8,
        Square::G8,
        Square::H8,
    ];

    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use x88::{File, Rank, Square};
    /// let e4 = Square::new(File::E, Rank::Fourth);
    /// assert_eq!(e4, Square::E4);
    /// assert_eq!((e4.file(), e4.rank()), (File::E, Rank::Fourth));
    /// ```
    #[must_use]
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square((rank as u8) << 4 | file as u8)
    }

    /// The square with index `index` in the usual 0..64 numbering (a1 = 0, b1 = 1, ..., h8 =
    /// 63), or `None` if `index >= 64`.
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::from_index(0), Some(Square::A1));
    /// assert_eq!(Square::from_index(8), Some(Square::A2)); // its 0x88 number is 0x10
    /// assert_eq!(Square::from_index(64), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            let index = index as u8;
            // The rank's bits moved up one, written with disjoint bits (not as
            // `index + (index & !7)`) so that the compiler sees `from_index(i).index()` is `i`
            // and drops both conversions where a square set's square is used by its index.
            Some(Square((index & 7) | ((index & 0x38) << 1)))
        } else {
            None
        }
    }

    /// The square's index in the usual 0..64 numbering (a1 = 0, b1 = 1, ..., h8 = 63).
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::A1.index(), 0);
    /// assert_eq!(Square::H8.index(), 63);
    /// assert_eq!(Square::E4.index(), 28); // while its 0x88 number, `x88()`, is 0x34
    /// let mut history = [0u32; 64]; // a table with an entry per square
    /// history[Square::E4.index()] += 1;
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        // The rank's bits moved down one beside the file's, as masks (not as
        // `(x88 + (x88 & 7)) >> 1`): the compiler then sees that `Square::from_index(i)`'s
        // index is `i` and drops the two conversions.
        (((self.0 >> 1) & 0x38) | (self.0 & 7)) as usize
    }

    /// The square with 0x88 number `x88` (`rank << 4 | file`), or `None` if `x88 & 0x88 != 0`
    /// (off the board).
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::from_x88(0x34), Some(Square::E4));
    /// assert_eq!(Square::from_x88(0x77), Some(Square::H8));
    /// assert_eq!(Square::from_x88(0x08), None); // one step east of h1: 0x08 & 0x88 != 0
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_x88(x88: u8) -> Option<Square> {
        if x88 & 0x88 == 0 {
            Some(Square(x88))
        } else {
            None
        }
    }

    /// The square with 0x88 number `x88`, which the caller knows to be on the board.
    ///
    /// Used by move generation after its own `& 0x88` test. In debug builds an off-board number
    /// panics; in release builds it is masked onto the board, so memory safety never depends on it.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn from_x88_unchecked(x88: u8) -> Square {
        debug_assert!(x88 & 0x88 == 0);
        Square(x88 & 0x77)
    }

    /// The square's 0x88 number, `rank << 4 | file` (a1 = `0x00`, h8 = `0x77`): what the board
    /// and the difference tables of [`attacks`](crate::attacks) are indexed by.
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::A1.x88(), 0x00);
    /// assert_eq!(Square::H8.x88(), 0x77);
    /// assert_eq!(Square::E4.x88(), 0x34); // rank index 3, file index 4; `index()` is 28
    /// assert_ne!((Square::H1.x88() + 1) & 0x88, 0); // a step east of h1 leaves the board
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn x88(self) -> u8 {
        self.0
    }

    /// The file of the square.
    ///
    /// ```
    /// use x88::{File, Square};
    /// assert_eq!(Square::E4.file(), File::E);
    /// assert_eq!(Square::A8.file(), File::A);
    /// ```
    #[must_use]
    #[inline]
    pub const fn file(self) -> File {
        FILES[(self.0 & 7) as usize]
    }

    /// The rank of the square.
    ///
    /// ```
    /// use x88::{Rank, Square};
    /// assert_eq!(Square::E4.rank(), Rank::Fourth);
    /// assert_eq!(Square::A8.rank(), Rank::Eighth);
    /// ```
    #[must_use]
    #[inline]
    pub const fn rank(self) -> Rank {
        RANKS[(self.0 >> 4) as usize]
    }

    /// The square `offset` 0x88 steps away (e.g. `+16` is one rank up), or `None` off the board.
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::H1.offset(16), Some(Square::H2));
    /// assert_eq!(Square::H1.offset(1), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn offset(self, offset: i8) -> Option<Square> {
        Square::from_x88(self.0.wrapping_add(offset as u8))
    }

    /// The square on the same file and the mirrored rank (a1 <-> a8, e2 <-> e7): where a
    /// piece-square table written for white looks up a black piece.
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::A1.flip_rank(), Square::A8);
    /// // A black pawn on e7 reads the entry a white pawn on e2 has.
    /// assert_eq!(Square::E7.flip_rank(), Square::E2);
    /// assert_eq!(Square::E7.flip_rank().flip_rank(), Square::E7);
    /// ```
    #[must_use]
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 0x70)
    }

    /// Whether the square is a light square (h1 is light).
    ///
    /// ```
    /// use x88::Square;
    /// assert!(Square::H1.is_light()); // "light on the right"
    /// assert!(!Square::A1.is_light());
    /// assert!(Square::D1.is_light()); // the white queen starts on her own colour
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_light(self) -> bool {
        ((self.0 >> 4) + self.0) & 1 == 1
    }

    /// The number of king steps from this square to `other` (Chebyshev distance, 0 to 7).
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::A1.distance(Square::H8), 7);
    /// assert_eq!(Square::E4.distance(Square::F6), 2);
    /// ```
    #[must_use]
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let files = (self.0 & 7).abs_diff(other.0 & 7);
        let ranks = (self.0 >> 4).abs_diff(other.0 >> 4);
        if files > ranks { files } else { ranks }
    }
}

impl From<Square> for usize {
    /// The square's [`index`](Square::index), 0..64.
    #[inline(always)]
    fn from(sq: Square) -> usize {
        sq.index()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error of parsing a [`Square`] from text that is not a file letter and a rank digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is a file letter a-h and a rank digit 1-8, like \"e4\"")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseSquareError);
        };
        match (File::from_char(f), Rank::from_char(r)) {
            (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_through_text_index_and_x88() {
        for (i, &sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!(sq.x88() & 0x88, 0);
            assert_eq!(Square::from_index(i), Some(sq));
            assert_eq!(Square::from_x88(sq.x88()), Some(sq));
            assert_eq!(sq.x88(), (sq.rank() as u8) << 4 | sq.file() as u8);
            assert_eq!(i, sq.rank().index() * 8 + sq.file().index());
            let mut buf = [0u8; 2];
            buf[0] = sq.file().to_char() as u8;
            buf[1] = sq.rank().to_char() as u8;
            let text = core::str::from_utf8(&buf).unwrap();
            assert_eq!(text.parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::from_index(64), None);
        assert_eq!(Square::H8.index(), 63);
    }

    #[test]
    fn bad_square_text_is_an_error() {
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e", "e0"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
        }
    }

    #[test]
    fn off_board_numbers_are_refused() {
        for i in 0..=255u8 {
            assert_eq!(Square::from_x88(i).is_some(), i & 0x88 == 0);
        }
    }

    #[test]
    fn light_squares_and_distance() {
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
        assert!(Square::A8.is_light());
        for a in Square::ALL {
            for b in Square::ALL {
                let files = (a.file() as i32 - b.file() as i32).abs();
                let ranks = (a.rank() as i32 - b.rank() as i32).abs();
                assert_eq!(i32::from(a.distance(b)), files.max(ranks));
            }
        }
    }
}
