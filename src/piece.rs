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
    ///
    /// ```
    /// use x88::Color;
    /// let mut material = [0i32; 2]; // an entry per colour
    /// material[Color::Black.index()] += 900;
    /// assert_eq!(material, [0, 900]);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self as usize) >> 4
    }

    /// The colour's bit in a [`Piece`] (`8` or `16`).
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind};
    /// let knight = Piece::new(Color::Black, PieceKind::Knight);
    /// assert_eq!(Color::Black.bit(), Piece::BLACK);
    /// assert_ne!(knight.bits() & Color::Black.bit(), 0); // ownership in one AND
    /// assert_eq!(knight.bits() & Color::White.bit(), 0);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        self as u8
    }

    /// The other colour.
    ///
    /// ```
    /// use x88::Color;
    /// assert_eq!(Color::White.opposite(), Color::Black);
    /// assert_eq!(!Color::Black, Color::White); // the same, as an operator
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The 0x88 step of this colour's pawns: `+16` (one rank up) for white, `-16` for black.
    ///
    /// ```
    /// use x88::{Color, Square};
    /// assert_eq!(Square::E2.offset(Color::White.forward()), Some(Square::E3));
    /// assert_eq!(Square::E7.offset(Color::Black.forward()), Some(Square::E6));
    /// assert_eq!(Square::E8.offset(Color::White.forward()), None); // off the board
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 16,
            Color::Black => -16,
        }
    }

    /// The rank where this colour's pieces start: the first for white, the eighth for black.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Rank};
    /// assert_eq!(Color::White.back_rank(), Rank::First);
    /// let black_king = Board0x88::default().king(Color::Black);
    /// assert_eq!(black_king.rank(), Color::Black.back_rank());
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn back_rank(self) -> crate::Rank {
        match self {
            Color::White => crate::Rank::First,
            Color::Black => crate::Rank::Eighth,
        }
    }

    /// `'w'` or `'b'`, as in FEN.
    ///
    /// ```
    /// use x88::{Board0x88, Color};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/4K3 b - - 0 1".parse().unwrap();
    /// assert_eq!(board.side_to_move().to_char(), 'b'); // FEN's side-to-move field
    /// assert_eq!(Color::Black.to_string(), "black"); // `Display` writes the word
    /// ```
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

/// The kind of a piece, whatever its colour, in order of value: pawn, knight, bishop, rook,
/// queen, king.
///
/// [`index`](PieceKind::index) (0 for a pawn to 5 for a king) indexes value and piece-square
/// tables. Inside a [`Piece`] the kind is stored as micro-Max's number instead
/// ([`bits`](PieceKind::bits)), which puts the sliders highest so that "slides diagonally" and
/// "slides straight" are one bit test each; only code that reads raw piece bytes needs that.
///
/// ```
/// use x88::PieceKind;
/// assert!(PieceKind::Pawn < PieceKind::Knight && PieceKind::Queen < PieceKind::King);
/// const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];
/// assert_eq!(VALUE[PieceKind::Rook.index()], 500);
/// assert_eq!(PieceKind::from_index(4), Some(PieceKind::Queen));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum PieceKind {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

/// The kind of each micro-Max number (the low 3 bits of a piece byte); 0 and 2 name no kind.
const KIND_OF_BITS: [Option<PieceKind>; 8] = [
    None,
    Some(PieceKind::Pawn),
    None,
    Some(PieceKind::Knight),
    Some(PieceKind::King),
    Some(PieceKind::Bishop),
    Some(PieceKind::Rook),
    Some(PieceKind::Queen),
];

impl PieceKind {
    /// The six kinds in [`index`](PieceKind::index) order, pawn first.
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

    /// 0 for a pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king: an index into per-kind tables.
    ///
    /// ```
    /// use x88::PieceKind;
    /// const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0]; // pawn to king
    /// assert_eq!(VALUE[PieceKind::Knight.index()], 320);
    /// assert_eq!(PieceKind::King.index(), 5);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `index` (see [`index`](PieceKind::index)), or `None` if `index > 5`.
    ///
    /// ```
    /// use x88::PieceKind;
    /// assert_eq!(PieceKind::from_index(1), Some(PieceKind::Knight));
    /// assert_eq!(PieceKind::from_index(6), None);
    /// assert!((0..6).all(|i| PieceKind::from_index(i).map(PieceKind::index) == Some(i)));
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < 6 {
            Some(PieceKind::ALL[index])
        } else {
            None
        }
    }

    /// micro-Max's number of the kind, as stored in the low 3 bits ([`Piece::KIND_MASK`]) of a
    /// piece byte: pawn 1, knight 3, king 4, bishop 5, rook 6, queen 7. A queen is a bishop and
    /// a rook bitwise (`7 = 5 | 6`).
    ///
    /// ```
    /// use x88::{Piece, PieceKind};
    /// assert_eq!(PieceKind::Knight.bits(), 3); // while its index is 1
    /// assert_eq!(PieceKind::Queen.bits(), PieceKind::Bishop.bits() | PieceKind::Rook.bits());
    /// assert!(PieceKind::ALL.iter().all(|k| k.bits() & !Piece::KIND_MASK == 0));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        match self {
            PieceKind::Pawn => 1,
            PieceKind::Knight => 3,
            PieceKind::Bishop => 5,
            PieceKind::Rook => 6,
            PieceKind::Queen => 7,
            PieceKind::King => 4,
        }
    }

    /// The kind with micro-Max number `bits` (see [`bits`](PieceKind::bits)); only the low 3
    /// bits are read, and 0 and 2 name no kind.
    ///
    /// ```
    /// use x88::{Board0x88, PieceKind, Square};
    /// let byte = Board0x88::default().piece_on(Square::E1).unwrap().bits(); // white, virgin
    /// assert_eq!(PieceKind::from_bits(byte), Some(PieceKind::King)); // the other bits are ignored
    /// assert_eq!(PieceKind::from_bits(2), None);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn from_bits(bits: u8) -> Option<PieceKind> {
        KIND_OF_BITS[(bits & Piece::KIND_MASK) as usize]
    }

    /// The lower-case letter of the kind: `p n b r q k`.
    ///
    /// ```
    /// use x88::PieceKind;
    /// assert_eq!(PieceKind::Knight.to_char(), 'n');
    /// assert_eq!(PieceKind::Queen.to_string(), "q"); // `Display` writes the same letter
    /// ```
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
    ///
    /// ```
    /// use x88::PieceKind;
    /// assert_eq!(PieceKind::from_char('N'), Some(PieceKind::Knight));
    /// assert_eq!(PieceKind::from_char('n'), Some(PieceKind::Knight));
    /// assert_eq!(PieceKind::from_char('x'), None);
    /// ```
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
    ///
    /// ```
    /// use x88::PieceKind;
    /// let sliders: Vec<_> = PieceKind::ALL.into_iter().filter(|k| k.is_slider()).collect();
    /// assert_eq!(sliders, [PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen]);
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_slider(self) -> bool {
        matches!(self, PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen)
    }
}

impl fmt::Display for PieceKind {
    /// The kind's lower-case letter, as [`to_char`](PieceKind::to_char).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A piece in one byte, micro-Max's encoding. Board queries give `Option<Piece>`: an empty
/// square is `None`, never a `Piece`.
///
/// | bits | mask | meaning |
/// |---|---|---|
/// | 0-2 | [`Piece::KIND_MASK`] `7` | micro-Max's kind number ([`PieceKind::bits`]) |
/// | 3 | [`Piece::WHITE`] `8` | a white piece |
/// | 4 | [`Piece::BLACK`] `16` | a black piece |
/// | 5 | [`Piece::VIRGIN`] `32` | a king or rook that has not moved (see below) |
///
/// The virgin bit is set only on kings and rooks: on a rook it is one castling right (a king's
/// move takes it away too), on a king it says that the king has not moved; castling needs both.
/// The board keeps castling rights nowhere else, which makes Chess960 castling and the hash of
/// the rights fall out of the piece placement. Callers need none of this to use the crate:
/// [`color`](Piece::color), [`kind`](Piece::kind) and [`Piece::new`] speak in the enums.
///
/// ```
/// use x88::{Color, Piece, PieceKind};
/// let rook = Piece::new(Color::Black, PieceKind::Rook).with_virgin();
/// assert_eq!(rook.bits(), Piece::BLACK | Piece::VIRGIN | PieceKind::Rook.bits());
/// assert_eq!(rook.color(), Color::Black);
/// assert_eq!(rook.kind(), PieceKind::Rook);
/// assert!(rook.is_virgin());
/// assert_eq!(rook.to_char(), 'r');
/// assert_eq!(Piece::from_bits(0), None); // an empty square's byte is no piece
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Piece(u8);

impl Piece {
    /// The low 3 bits: micro-Max's kind number ([`PieceKind::bits`]).
    pub const KIND_MASK: u8 = 7;
    /// Bit 3: a white piece.
    pub const WHITE: u8 = 8;
    /// Bit 4: a black piece.
    pub const BLACK: u8 = 16;
    /// Both colour bits.
    pub const COLOR_MASK: u8 = Piece::WHITE | Piece::BLACK;
    /// Bit 5: a king or rook that has not moved (on a rook, a castling right).
    pub const VIRGIN: u8 = 32;

    /// A piece of `color` and `kind`, without the virgin bit.
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind};
    /// let knight = Piece::new(Color::White, PieceKind::Knight);
    /// assert_eq!(knight.to_char(), 'N');
    /// assert_eq!(knight.bits(), Piece::WHITE | PieceKind::Knight.bits());
    /// assert!(!Piece::new(Color::White, PieceKind::King).is_virgin()); // see `with_virgin`
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(color as u8 | kind.bits())
    }

    /// The raw byte.
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind};
    /// let pawn = Piece::new(Color::Black, PieceKind::Pawn);
    /// assert_eq!(pawn.bits(), 17); // `Piece::BLACK` (16) | the pawn's number (1)
    /// assert_eq!(Piece::from_bits(pawn.bits()), Some(pawn));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The piece with raw byte `bits`, if it is a valid piece: one colour bit, a kind number,
    /// and the virgin bit only on a king or a rook. `None` for anything else, an empty square's
    /// 0 included.
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind};
    /// let rook = Piece::WHITE | PieceKind::Rook.bits();
    /// assert_eq!(Piece::from_bits(rook), Some(Piece::new(Color::White, PieceKind::Rook)));
    /// assert!(Piece::from_bits(rook | Piece::VIRGIN).is_some_and(Piece::is_virgin));
    /// assert_eq!(Piece::from_bits(Piece::WHITE | Piece::VIRGIN | 3), None); // a virgin knight
    /// assert_eq!(Piece::from_bits(Piece::COLOR_MASK | 6), None); // both colours
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u8) -> Option<Piece> {
        let color = bits & Piece::COLOR_MASK;
        if bits & !(Piece::KIND_MASK | Piece::COLOR_MASK | Piece::VIRGIN) != 0
            || (color != Piece::WHITE && color != Piece::BLACK)
        {
            return None;
        }
        match PieceKind::from_bits(bits) {
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

    /// The same piece with the virgin bit set. Only kings and rooks carry it: on any other
    /// kind the result is a byte that [`Piece::from_bits`] would refuse.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Piece, PieceKind, Square};
    /// let rook = Piece::new(Color::White, PieceKind::Rook).with_virgin();
    /// assert!(rook.is_virgin());
    /// assert_eq!(Board0x88::default().piece_on(Square::H1), Some(rook)); // an unmoved rook
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn with_virgin(self) -> Piece {
        Piece(self.0 | Piece::VIRGIN)
    }

    /// The same piece with the virgin bit cleared.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Piece, PieceKind, Square};
    /// let king = Board0x88::default().piece_on(Square::E1).unwrap();
    /// assert_ne!(king, Piece::new(Color::White, PieceKind::King)); // it is virgin
    /// assert_eq!(king.without_virgin(), Piece::new(Color::White, PieceKind::King));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn without_virgin(self) -> Piece {
        Piece(self.0 & !Piece::VIRGIN)
    }

    /// The colour of the piece.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let board = Board0x88::default();
    /// assert_eq!(board.piece_on(Square::D8).map(|p| p.color()), Some(Color::Black));
    /// assert_eq!(board.piece_on(Square::D1).map(|p| p.color()), Some(Color::White));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 & Piece::WHITE != 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The kind of the piece.
    ///
    /// ```
    /// use x88::{Board0x88, PieceKind, Square};
    /// let king = Board0x88::default().piece_on(Square::E8).unwrap();
    /// assert_eq!(king.kind(), PieceKind::King); // whatever its colour and virgin bit
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        match PieceKind::from_bits(self.0) {
            Some(kind) => kind,
            // Every `Piece` holds a kind number (see `from_bits`).
            None => PieceKind::Pawn,
        }
    }

    /// Whether the virgin bit is set: on a rook, one castling right; on a king, that it has not
    /// moved (a board read from a FEN sets it only on a king that has a castling right, and a
    /// virgin king castles only with a virgin rook). Never set on other kinds on a board.
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let mut board = Board0x88::default();
    /// assert!(board.piece_on(Square::E1).unwrap().is_virgin()); // unmoved: may still castle
    /// for uci in ["e2e4", "e7e5", "e1e2"] {
    ///     board.play(board.parse_uci(uci).unwrap()).unwrap();
    /// }
    /// assert!(!board.piece_on(Square::E2).unwrap().is_virgin()); // the king has moved
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_virgin(self) -> bool {
        self.0 & Piece::VIRGIN != 0
    }

    /// Whether the piece belongs to `color`.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let knight = Board0x88::default().piece_on(Square::G8).unwrap();
    /// assert!(knight.is(Color::Black));
    /// assert!(!knight.is(Color::White));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is(self, color: Color) -> bool {
        self.0 & color as u8 != 0
    }

    /// Whether the piece is `kind` of `color` (whether it is virgin or not).
    ///
    /// ```
    /// use x88::{Board0x88, Color, PieceKind, Square};
    /// let rook = Board0x88::default().piece_on(Square::A1).unwrap(); // a virgin rook
    /// assert!(rook.is_piece(Color::White, PieceKind::Rook)); // the virgin bit does not count
    /// assert!(!rook.is_piece(Color::Black, PieceKind::Rook));
    /// ```
    #[must_use]
    #[inline(always)]
    pub const fn is_piece(self, color: Color, kind: PieceKind) -> bool {
        self.0 & !Piece::VIRGIN == color as u8 | kind.bits()
    }

    /// The FEN letter of the piece, upper case for white.
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::new(Color::White, PieceKind::Knight).to_char(), 'N');
    /// assert_eq!(Piece::new(Color::Black, PieceKind::Knight).to_char(), 'n');
    /// assert_eq!(Piece::new(Color::White, PieceKind::Rook).with_virgin().to_char(), 'R');
    /// ```
    #[must_use]
    pub const fn to_char(self) -> char {
        let letter = self.kind().to_char();
        match self.color() {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }

    /// The piece named by a FEN letter (upper case for white), without the virgin bit.
    ///
    /// ```
    /// use x88::{Color, Piece, PieceKind};
    /// assert_eq!(Piece::from_char('Q'), Some(Piece::new(Color::White, PieceKind::Queen)));
    /// assert_eq!(Piece::from_char('k'), Some(Piece::new(Color::Black, PieceKind::King)));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
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

impl fmt::Display for Piece {
    /// The FEN letter, as [`to_char`](Piece::to_char).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_virgin() {
            write!(f, "Piece({}, virgin)", self.to_char())
        } else {
            write!(f, "Piece({})", self.to_char())
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
            PieceKind::Queen.bits(),
            PieceKind::Bishop.bits() | PieceKind::Rook.bits()
        );
    }

    #[test]
    fn from_bits_accepts_exactly_the_valid_bytes() {
        let mut valid = 0;
        for bits in 0..=255u8 {
            if let Some(p) = Piece::from_bits(bits) {
                valid += 1;
                assert_eq!(p.bits(), bits);
                assert_eq!(p.kind().bits(), bits & Piece::KIND_MASK);
            }
        }
        // 2 colours x 6 kinds + 2 colours x 2 virgin kinds
        assert_eq!(valid, 12 + 4);
    }

    #[test]
    fn kinds_index_in_order_of_value_and_round_trip() {
        for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
            assert_eq!(kind.index(), i);
            assert_eq!(PieceKind::from_index(i), Some(kind));
            assert_eq!(PieceKind::from_bits(kind.bits()), Some(kind));
            assert_eq!(PieceKind::from_char(kind.to_char()), Some(kind));
        }
        assert_eq!(PieceKind::from_index(6), None);
        assert!(PieceKind::ALL.windows(2).all(|w| w[0] < w[1]));
        for color in Color::ALL {
            assert_eq!(Color::ALL[color.index()], color);
            assert_ne!(!color, color);
        }
    }

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(Piece::from_char(p.to_char()), Some(p));
                assert_eq!(p.color(), color);
                assert_eq!(p.kind(), kind);
                assert!(p.is_piece(color, kind));
                assert!(p.is(color) && !p.is(!color));
            }
        }
        assert_eq!(Piece::from_char('x'), None);
    }
}
