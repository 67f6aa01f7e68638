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
    #[must_use]
    #[inline]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(FILES[index as usize])
        } else {
            None
        }
    }

    /// The index of the file, 0 for `a` to 7 for `h`.
    #[must_use]
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The file's letter, `'a'` to `'h'`.
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file named by a letter `'a'` to `'h'` (lower case only).
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        if c.is_ascii_lowercase() {
            File::new(c as u8 - b'a')
        } else {
            None
        }
    }
}

impl Rank {
    /// All ranks from `1` to `8`.
    pub const ALL: [Rank; 8] = RANKS;

    /// The rank with index `index` (0 = rank 1), or `None` if `index > 7`.
    #[must_use]
    #[inline]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(RANKS[index as usize])
        } else {
            None
        }
    }

    /// The index of the rank, 0 for rank 1 to 7 for rank 8.
    #[must_use]
    #[inline]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The rank's digit, `'1'` to `'8'`.
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank named by a digit `'1'` to `'8'`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        if c.is_ascii_digit() && c != '0' {
            Rank::new(c as u8 - b'1')
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

/// A square of the board, stored as its 0x88 number `rank << 4 | file`.
///
/// Every `Square` value is on the board: the constructors refuse off-board numbers, so
/// `Square::index() & 0x88 == 0` always holds. Move generation steps with raw `u8` numbers and
/// tests them with `& 0x88` before it makes a `Square` of them.
///
/// ```
/// use x88::{File, Rank, Square};
///
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4, Square::new(File::E, Rank::Fourth));
/// assert_eq!(e4.index(), 0x34);
/// assert_eq!(e4.to_string(), "e4");
/// assert!(Square::from_index(0x38).is_none()); // file 8: off the board
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
    /// The square on `file` and `rank`.
    #[must_use]
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square((rank as u8) << 4 | file as u8)
    }

    /// The square with 0x88 number `index`, or `None` if `index & 0x88 != 0` (off the board).
    #[must_use]
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index & 0x88 == 0 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with 0x88 number `index`, which the caller knows to be on the board.
    ///
    /// Used by move generation after its own `& 0x88` test. In debug builds an off-board number
    /// panics; in release builds it is masked onto the board, so memory safety never depends on it.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index & 0x88 == 0);
        Square(index & 0x77)
    }

    /// The square with index `index` in the usual 0..64 numbering (a1 = 0, b1 = 1, …, h8 = 63),
    /// or `None` if `index >= 64`.
    #[must_use]
    #[inline]
    pub const fn from_index64(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index + (index & !7)))
        } else {
            None
        }
    }

    /// The 0x88 number of the square, `rank << 4 | file`.
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The square's index in the usual 0..64 numbering (a1 = 0, h8 = 63).
    #[must_use]
    #[inline(always)]
    pub const fn index64(self) -> u8 {
        (self.0 + (self.0 & 7)) >> 1
    }

    /// The file of the square.
    #[must_use]
    #[inline]
    pub const fn file(self) -> File {
        FILES[(self.0 & 7) as usize]
    }

    /// The rank of the square.
    #[must_use]
    #[inline]
    pub const fn rank(self) -> Rank {
        RANKS[(self.0 >> 4) as usize]
    }

    /// The square `offset` 0x88 steps away (e.g. `+16` is one rank up), or `None` off the board.
    ///
    /// ```
    /// use x88::Square;
    /// assert_eq!(Square::H1.offset(16), Some("h2".parse().unwrap()));
    /// assert_eq!(Square::H1.offset(1), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn offset(self, offset: i8) -> Option<Square> {
        Square::from_index(self.0.wrapping_add(offset as u8))
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[must_use]
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 0x70)
    }

    /// Whether the square is a light square (h1 is light).
    #[must_use]
    #[inline]
    pub const fn is_light(self) -> bool {
        ((self.0 >> 4) + self.0) & 1 == 1
    }

    /// All 64 squares, a1, b1, …, h1, a2, …, h8.
    pub fn all() -> impl Iterator<Item = Square> + Clone {
        (0..64u8).map(|i| Square(i + (i & !7)))
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

/// A set of squares, one bit per square in the 0..64 numbering of [`Square::index64`].
///
/// Returned by queries such as [`Board0x88::checkers`](crate::Board0x88::checkers); it iterates
/// its squares from a1 to h8.
///
/// ```
/// use x88::{Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::E1);
/// assert!(set.contains(Square::E1));
/// assert_eq!(set.len(), 1);
/// assert_eq!(set.into_iter().next(), Some(Square::E1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 64 squares.
    pub const FULL: SquareSet = SquareSet(!0);

    /// Adds `sq` to the set.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index64();
    }

    /// Whether `sq` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index64() & 1 != 0
    }

    /// The number of squares in the set.
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Iterator over the squares of a [`SquareSet`], from a1 to h8.
#[derive(Clone, Debug)]
pub struct SquareSetIter(u64);

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Square::from_index64(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    fn into_iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_through_text_and_index64() {
        let mut count = 0;
        for sq in Square::all() {
            count += 1;
            assert_eq!(sq.index() & 0x88, 0);
            assert_eq!(Square::from_index64(sq.index64()), Some(sq));
            let mut buf = [0u8; 2];
            buf[0] = sq.file().to_char() as u8;
            buf[1] = sq.rank().to_char() as u8;
            let text = core::str::from_utf8(&buf).unwrap();
            assert_eq!(text.parse::<Square>(), Ok(sq));
        }
        assert_eq!(count, 64);
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
            assert_eq!(Square::from_index(i).is_some(), i & 0x88 == 0);
        }
    }

    #[test]
    fn light_squares() {
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
        assert!(Square::A8.is_light());
    }
}
