//! [`SquareSet`]: a set of squares in one `u64`, with the set operators.

use crate::piece::Color;
use crate::square::{File, Rank, Square};
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A set of squares, bit `i` for the square with [`index`](Square::index) `i` (a1 is bit 0,
/// h8 bit 63).
///
/// A small `Copy` value with the usual operators: `|` union, `&` intersection, `^` symmetric
/// difference, `-` difference, `!` complement, and their assigning forms. Attack queries such
/// as [`Board0x88::attacks_from`](crate::Board0x88::attacks_from) and
/// [`Board0x88::checkers`](crate::Board0x88::checkers) return one, so that an evaluation counts
/// mobility with [`len`](SquareSet::len) and king-zone attacks with `&`. It iterates its squares
/// from a1 to h8.
///
/// ```
/// use x88::{File, Rank, Square, SquareSet};
/// let mut set = SquareSet::EMPTY;
/// set.insert(Square::E1);
/// set |= Square::E8;
/// assert!(set.contains(Square::E1));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.first(), Some(Square::E1));
/// assert_eq!(set & SquareSet::rank(Rank::Eighth), SquareSet::from(Square::E8));
/// assert_eq!(set - Square::E1.into(), Square::E8.into());
/// assert_eq!(set, SquareSet::file(File::E) & (SquareSet::rank(Rank::First) | SquareSet::rank(Rank::Eighth)));
/// assert_eq!((!set).len(), 62);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::E1, Square::E8]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 64 squares.
    pub const FULL: SquareSet = SquareSet(!0);

    /// The eight squares of `rank`.
    ///
    /// ```
    /// use x88::{Rank, Square, SquareSet};
    /// let eighth = SquareSet::rank(Rank::Eighth);
    /// assert_eq!(eighth.len(), 8);
    /// assert!(eighth.contains(Square::A8) && eighth.contains(Square::H8));
    /// assert_eq!(eighth.0, 0xff00_0000_0000_0000); // bits 56 to 63
    /// ```
    #[must_use]
    #[inline]
    pub const fn rank(rank: Rank) -> SquareSet {
        SquareSet(0xff << (8 * rank as u32))
    }

    /// The eight squares of `file`.
    ///
    /// ```
    /// use x88::{Board0x88, Color, File, PieceKind, SquareSet};
    /// let board: Board0x88 = "4k3/ppp2ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1".parse().unwrap();
    /// let pawns = board.pieces(Color::White, PieceKind::Pawn);
    /// assert!(!pawns.intersects(SquareSet::file(File::D))); // a half-open file for white
    /// assert!(pawns.intersects(SquareSet::file(File::C)));
    /// ```
    #[must_use]
    #[inline]
    pub const fn file(file: File) -> SquareSet {
        SquareSet(0x0101_0101_0101_0101 << file as u32)
    }

    /// The set holding only `sq`.
    ///
    /// ```
    /// use x88::{Square, SquareSet};
    /// assert_eq!(SquareSet::from_square(Square::A1).0, 1);
    /// assert_eq!(SquareSet::from_square(Square::H8).0, 1 << 63);
    /// assert_eq!(SquareSet::from_square(Square::E4), Square::E4.into()); // the same as `From`
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1 << sq.index())
    }

    /// Adds `sq` to the set.
    ///
    /// ```
    /// use x88::{Square, SquareSet};
    /// let mut set = SquareSet::EMPTY;
    /// set.insert(Square::E4);
    /// set.insert(Square::E4); // already there: no change
    /// assert_eq!(set, SquareSet::from(Square::E4));
    /// ```
    #[inline(always)]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1 << sq.index();
    }

    /// Takes `sq` out of the set.
    ///
    /// ```
    /// use x88::{Square, SquareSet};
    /// let mut set = SquareSet::from(Square::E4) | Square::D5.into();
    /// set.remove(Square::E4);
    /// set.remove(Square::A1); // not there: no change
    /// assert_eq!(set, SquareSet::from(Square::D5));
    /// ```
    #[inline(always)]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq.index());
    }

    /// Whether `sq` is in the set.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let board = Board0x88::default();
    /// assert!(board.occupied_by(Color::White).contains(Square::E2));
    /// assert!(!board.occupied().contains(Square::E4));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The number of squares in the set.
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let board = Board0x88::default();
    /// assert_eq!(board.occupied().len(), 32);
    /// assert_eq!(board.attacks_from(Square::B1).len(), 3); // the knight's a3, c3 and d2
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use x88::{Board0x88, SquareSet};
    /// assert!(SquareSet::EMPTY.is_empty());
    /// assert!(Board0x88::default().checkers().is_empty()); // no check
    /// assert!(!SquareSet::FULL.is_empty());
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The square of the set with the lowest index (nearest a1), if any.
    ///
    /// ```
    /// use x88::{Board0x88, Square, SquareSet};
    /// // The square of the single checker.
    /// let board: Board0x88 = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(board.checkers().first(), Some(Square::E2));
    /// assert_eq!(SquareSet::FULL.first(), Some(Square::A1));
    /// assert_eq!(SquareSet::EMPTY.first(), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// Whether the two sets share a square.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/3RK3 w - - 0 1".parse().unwrap();
    /// let zone = board.attacks_from(board.king(Color::Black)); // the squares next to the king
    /// assert!(board.attacks_from(Square::D1).intersects(zone)); // the rook hits d7 and d8
    /// assert!(!board.attacks_from(Square::E1).intersects(zone));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn intersects(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The set moved `files` files towards the h-file (towards the a-file if negative) and
    /// `ranks` ranks towards the eighth (towards the first if negative). Squares that would
    /// leave the board are dropped, never wrapped onto another rank; a step of eight or more
    /// either way leaves the empty set.
    ///
    /// With constant steps it compiles to a mask and a shift: pawn captures, the squares beside
    /// a set, a king's reach.
    ///
    /// ```
    /// use x88::{Square, SquareSet};
    /// let set = SquareSet::from(Square::A1) | Square::H4.into();
    /// assert_eq!(set.shift(1, 1), Square::B2.into()); // h4 has no file to its right
    /// assert_eq!(set.shift(-1, 0), Square::G4.into()); // a1 has none to its left
    /// assert_eq!(set.shift(0, -1), Square::H3.into()); // a1 falls off the first rank
    /// assert_eq!(set.shift(8, 0), SquareSet::EMPTY);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn shift(self, files: i8, ranks: i8) -> SquareSet {
        if files <= -8 || files >= 8 || ranks <= -8 || ranks >= 8 {
            return SquareSet::EMPTY;
        }
        // The files a step of `files` keeps on the board: the first `8 - files` when moving
        // right, the last `8 + files` when moving left.
        let kept_files: u8 = if files >= 0 {
            0xff >> files
        } else {
            0xff << -files
        };
        let kept = self.0 & (kept_files as u64 * 0x0101_0101_0101_0101);
        let by = 8 * ranks as i32 + files as i32;
        SquareSet(if by >= 0 { kept << by } else { kept >> -by })
    }

    /// The squares the pawns of `color` on the squares of the set attack: those diagonally in
    /// front of each (for White, one rank up). A pawn on its last rank attacks nothing.
    ///
    /// ```
    /// use x88::{Board0x88, Color, PieceKind, Square, SquareSet};
    /// let board: Board0x88 = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1".parse().unwrap();
    /// let white = board.pieces(Color::White, PieceKind::Pawn).pawn_attacks(Color::White);
    /// let black = board.pieces(Color::Black, PieceKind::Pawn).pawn_attacks(Color::Black);
    /// assert_eq!(white, SquareSet::from(Square::D5) | Square::F5.into());
    /// assert_eq!(black, SquareSet::from(Square::C4) | Square::E4.into());
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn pawn_attacks(self, color: Color) -> SquareSet {
        let ranks = color.forward() / 16;
        SquareSet(self.shift(-1, ranks).0 | self.shift(1, ranks).0)
    }

    /// The squares of the set, from a1 to h8.
    ///
    /// ```
    /// use x88::{Board0x88, Color, PieceKind, Square};
    /// let board = Board0x88::default();
    /// let knights: Vec<Square> = board.pieces(Color::White, PieceKind::Knight).iter().collect();
    /// assert_eq!(knights, [Square::B1, Square::G1]); // from a1 towards h8
    /// ```
    #[must_use]
    #[inline]
    pub const fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

impl From<Square> for SquareSet {
    #[inline(always)]
    fn from(sq: Square) -> SquareSet {
        SquareSet::from_square(sq)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl Extend<Square> for SquareSet {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

/// Implements a binary set operator and its assigning form from the operation on the bits.
macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, |$a:ident, $b:ident| $bits:expr) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            #[inline(always)]
            fn $method(self, other: SquareSet) -> SquareSet {
                let ($a, $b) = (self.0, other.0);
                SquareSet($bits)
            }
        }

        impl $assign_trait for SquareSet {
            #[inline(always)]
            fn $assign_method(&mut self, other: SquareSet) {
                *self = $trait::$method(*self, other);
            }
        }

        impl $assign_trait<Square> for SquareSet {
            #[inline(always)]
            fn $assign_method(&mut self, sq: Square) {
                *self = $trait::$method(*self, SquareSet::from(sq));
            }
        }
    };
}

set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
set_operator!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl Not for SquareSet {
    type Output = SquareSet;
    #[inline(always)]
    fn not(self) -> SquareSet {
        SquareSet(!self.0)
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
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Square::from_index(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

impl core::iter::FusedIterator for SquareSetIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;

    #[inline]
    fn into_iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_agree_with_membership() {
        let a: SquareSet = [Square::A1, Square::E4, Square::H8].into_iter().collect();
        let b: SquareSet = [Square::E4, Square::D5].into_iter().collect();
        for sq in Square::ALL {
            let (in_a, in_b) = (a.contains(sq), b.contains(sq));
            assert_eq!((a | b).contains(sq), in_a || in_b);
            assert_eq!((a & b).contains(sq), in_a && in_b);
            assert_eq!((a ^ b).contains(sq), in_a != in_b);
            assert_eq!((a - b).contains(sq), in_a && !in_b);
            assert_eq!((!a).contains(sq), !in_a);
        }
        let mut c = a;
        c -= b;
        c |= Square::B2;
        c ^= Square::A1;
        c &= SquareSet::FULL;
        assert_eq!(
            c.iter().collect::<std::vec::Vec<_>>(),
            [Square::B2, Square::H8]
        );
        c.remove(Square::H8);
        assert_eq!(c, SquareSet::from(Square::B2));
        assert!(a.intersects(b) && !c.intersects(b));
    }

    #[test]
    fn ranks_and_files_hold_their_eight_squares() {
        for rank in Rank::ALL {
            let set = SquareSet::rank(rank);
            assert_eq!(set.len(), 8);
            assert!(set.iter().all(|sq| sq.rank() == rank));
        }
        for file in File::ALL {
            let set = SquareSet::file(file);
            assert_eq!(set.len(), 8);
            assert!(set.iter().all(|sq| sq.file() == file));
        }
        assert_eq!(SquareSet::EMPTY.first(), None);
        assert_eq!(SquareSet::FULL.first(), Some(Square::A1));
        assert_eq!(SquareSet::FULL.iter().len(), 64);
    }
}
