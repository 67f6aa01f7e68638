//! Colours, piece kinds and the one-byte [`Piece`] encoding of micro-Max.

use core::fmt;
use core::ops::Not;

/// A side: white or black.
///
/// The discriminants are the colour bits of [`Piece`] (`8` and `16`), so `piece.bits() & color as
/// u8 != 0` tests ownership in one AND, as micro-Max does with its side-to-move variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = Piece::WHITE,
    /// The side that moves second.
    Black = Piece::BLACK,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for white, 1 for black: an index into per-colour arrays.
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self as usize) >> 4
    }

    /// The colour's bit in a [`Piece`] (`8` or `16`).
    #[must_use]
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        self as u8
    }

    /// The other colour.
    #[must_use]
    #[inline(always)]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The 0x88 step of this colour's pawns: `+16` (one rank up) for white, `-16` for black.
    #[must_use]
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 16,
            Color::Black => -16,
        }
    }

    /// The rank (0..8) where this colour's pieces start: 0 for white, 7 for black.
    #[must_use]
    #[inline(always)]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// `'w'` or `'b'`, as in FEN.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// The kind of a piece, whatever its colour.
///
/// The discriminants are micro-Max's piece numbers, with the sliders highest: bishop `5`, rook
/// `6`, queen `7`, so a queen is a bishop and a rook bitwise, "slides diagonally" is `kind & 5 ==
/// 5` and "slides straight" is `kind & 6 == 6`. Number 2 (micro-Max's downward pawn) is not used
/// because the colour bits already tell which way a pawn goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum PieceKind {
    Pawn = 1,
    Knight = 3,
    King = 4,
    Bishop = 5,
    Rook = 6,
    Queen = 7,
}

impl PieceKind {
    /// The six kinds, pawn first, in the usual order of value.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// The kinds a pawn may promote to, queen first.
    pub const PROMOTIONS: [PieceKind; 4] = [
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// The kind with micro-Max number `bits` (the low 3 bits of a [`Piece`]), if any.
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u8) -> Option<PieceKind> {
        match bits {
            1 => Some(PieceKind::Pawn),
            3 => Some(PieceKind::Knight),
            4 => Some(PieceKind::King),
            5 => Some(PieceKind::Bishop),
            6 => Some(PieceKind::Rook),
            7 => Some(PieceKind::Queen),
            _ => None,
        }
    }

    /// The lower-case letter of the kind: `p n b r q k`.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }

    /// The kind named by a letter, either case (`'N'` or `'n'` is a knight).
    #[must_use]
    pub const fn from_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_lowercase() {
            'p' => Some(PieceKind::Pawn),
            'n' => Some(PieceKind::Knight),
            'b' => Some(PieceKind::Bishop),
            'r' => Some(PieceKind::Rook),
            'q' => Some(PieceKind::Queen),
            'k' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// Whether the kind slides along rays (bishop, rook, queen).
    #[must_use]
    #[inline(always)]
    pub const fn is_slider(self) -> bool {
        self as u8 >= 5
    }
}

/// A piece (or an empty square) in one byte, micro-Max's encoding.
///
/// | bits | mask | meaning |
/// |---|---|---|
/// | 0-2 | [`Piece::KIND_MASK`] `7` | the [`PieceKind`] number, 0 for an empty square |
/// | 3 | [`Piece::WHITE`] `8` | a white piece |
/// | 4 | [`Piece::BLACK`] `16` | a black piece |
/// | 5 | [`Piece::VIRGIN`] `32` | a king or rook that has not moved (see below) |
///
/// The virgin bit is set only on kings and rooks: on a rook it is one castling right (a king's
/// move takes it away too), on a king it says that the king has not moved; castling needs both.
/// The board keeps castling rights nowhere else, which makes Chess960 castling and the hash of
/// the rights fall out of the piece placement.
///
/// ```
/// use x88::{Color, Piece, PieceKind};
/// let rook = Piece::new(Color::Black, PieceKind::Rook).with_virgin();
/// assert_eq!(rook.bits(), Piece::BLACK | Piece::VIRGIN | 6);
/// assert_eq!(rook.color(), Some(Color::Black));
/// assert_eq!(rook.kind(), Some(PieceKind::Rook));
/// assert!(rook.is_virgin());
/// assert!(Piece::EMPTY.is_empty());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Piece(u8);

impl Piece {
    /// The low 3 bits: the kind number.
    pub const KIND_MASK: u8 = 7;
    /// Bit 3: a white piece.
    pub const WHITE: u8 = 8;
    /// Bit 4: a black piece.
    pub const BLACK: u8 = 16;
    /// Both colour bits.
    pub const COLOR_MASK: u8 = Piece::WHITE | Piece::BLACK;
    /// Bit 5: the piece has not moved and carries a castling right.
    pub const VIRGIN: u8 = 32;
    /// An empty square.
    pub const EMPTY: Piece = Piece(0);

    /// A piece of `color` and `kind`, without the virgin bit.
    #[must_use]
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(color as u8 | kind as u8)
    }

    /// The raw byte.
    #[must_use]
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The piece with raw byte `bits`, if it is empty or a valid piece: one colour bit, a kind
    /// number, and the virgin bit only on a king or a rook.
    #[must_use]
    pub const fn from_bits(bits: u8) -> Option<Piece> {
        if bits == 0 {
            return Some(Piece::EMPTY);
        }
        let color = bits & Piece::COLOR_MASK;
        if bits & !(Piece::KIND_MASK | Piece::COLOR_MASK | Piece::VIRGIN) != 0
            || (color != Piece::WHITE && color != Piece::BLACK)
        {
            return None;
        }
        match PieceKind::from_bits(bits & Piece::KIND_MASK) {
            None => None,
            Some(PieceKind::King | PieceKind::Rook) => Some(Piece(bits)),
            Some(_) if bits & Piece::VIRGIN == 0 => Some(Piece(bits)),
            Some(_) => None,
        }
    }

    /// The raw byte, from code that built it from valid parts.
    #[must_use]
    #[inline(always)]
    pub(crate) const fn from_bits_unchecked(bits: u8) -> Piece {
        Piece(bits)
    }

    /// The same piece with the virgin bit set.
    #[must_use]
    #[inline(always)]
    pub const fn with_virgin(self) -> Piece {
        Piece(self.0 | Piece::VIRGIN)
    }

    /// The same piece with the virgin bit cleared.
    #[must_use]
    #[inline(always)]
    pub const fn without_virgin(self) -> Piece {
        Piece(self.0 & !Piece::VIRGIN)
    }

    /// Whether this is an empty square.
    #[must_use]
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colour of the piece, `None` for an empty square.
    #[must_use]
    #[inline]
    pub const fn color(self) -> Option<Color> {
        if self.0 & Piece::WHITE != 0 {
            Some(Color::White)
        } else if self.0 & Piece::BLACK != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The kind of the piece, `None` for an empty square.
    #[must_use]
    #[inline]
    pub const fn kind(self) -> Option<PieceKind> {
        PieceKind::from_bits(self.0 & Piece::KIND_MASK)
    }

    /// Whether the piece has not moved and still carries a castling right.
    #[must_use]
    #[inline(always)]
    pub const fn is_virgin(self) -> bool {
        self.0 & Piece::VIRGIN != 0
    }

    /// Whether the piece belongs to `color`.
    #[must_use]
    #[inline(always)]
    pub const fn is(self, color: Color) -> bool {
        self.0 & color as u8 != 0
    }

    /// Whether the piece is `kind` of `color` (ignoring the virgin bit).
    #[must_use]
    #[inline(always)]
    pub const fn is_piece(self, color: Color, kind: PieceKind) -> bool {
        self.0 & !Piece::VIRGIN == color as u8 | kind as u8
    }

    /// The FEN letter of the piece (upper case for white), `None` for an empty square.
    #[must_use]
    pub const fn to_char(self) -> Option<char> {
        match (self.color(), self.kind()) {
            (Some(Color::White), Some(kind)) => Some(kind.to_char().to_ascii_uppercase()),
            (Some(Color::Black), Some(kind)) => Some(kind.to_char()),
            _ => None,
        }
    }

    /// The piece named by a FEN letter (upper case for white), without the virgin bit.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match PieceKind::from_char(c) {
            Some(kind) => Some(Piece::new(color, kind)),
            None => None,
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_char() {
            Some(c) if self.is_virgin() => write!(f, "Piece({c}, virgin)"),
            Some(c) => write!(f, "Piece({c})"),
            None => f.write_str("Piece(empty)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_follow_micro_max() {
        assert_eq!(Piece::new(Color::White, PieceKind::Pawn).bits(), 9);
        assert_eq!(Piece::new(Color::Black, PieceKind::Pawn).bits(), 17);
        assert_eq!(
            Piece::new(Color::White, PieceKind::King)
                .with_virgin()
                .bits(),
            8 + 32 + 4
        );
        assert_eq!(
            PieceKind::Queen as u8,
            PieceKind::Bishop as u8 | PieceKind::Rook as u8
        );
    }

    #[test]
    fn from_bits_accepts_exactly_the_valid_bytes() {
        let mut valid = 0;
        for bits in 0..=255u8 {
            if let Some(p) = Piece::from_bits(bits) {
                valid += 1;
                assert_eq!(p.bits(), bits);
            }
        }
        // empty + 2 colours x 6 kinds + 2 colours x 2 virgin kinds
        assert_eq!(valid, 1 + 12 + 4);
    }

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(Piece::from_char(p.to_char().unwrap()), Some(p));
                assert_eq!(p.color(), Some(color));
                assert_eq!(p.kind(), Some(kind));
                assert!(p.is_piece(color, kind));
                assert!(p.is(color) && !p.is(!color));
            }
        }
        assert_eq!(Piece::from_char('x'), None);
    }
}
