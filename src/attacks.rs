//! The difference tables of the 0x88 board, and the attack queries built on them.
//!
//! On the 0x88 board the difference of two square numbers names their geometric relation
//! uniquely, so a table indexed by `from - to + 128` says at once which pieces could attack
//! along that difference ([`attack_mask`]) and which unit step walks the ray ([`ray_step`]).
//! "Is `sq` attacked by the rook on `r`?" is then one lookup and, only if that says yes, a
//! short walk over the squares in between.

use crate::bitboard;
use crate::board::Board0x88;
use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;
use crate::square_set::SquareSet;

/// Attack bit: a white pawn (attacks one rank up, one file aside).
pub const WHITE_PAWN_ATTACK: u8 = 1 << 0;
/// Attack bit: a black pawn (attacks one rank down, one file aside).
pub const BLACK_PAWN_ATTACK: u8 = 1 << 1;
/// Attack bit: a knight's jump.
pub const KNIGHT_ATTACK: u8 = 1 << 2;
/// Attack bit: a king's step.
pub const KING_ATTACK: u8 = 1 << 3;
/// Attack bit: a diagonal ray (bishop, queen).
pub const DIAGONAL_ATTACK: u8 = 1 << 4;
/// Attack bit: a straight ray along a rank or file (rook, queen).
pub const STRAIGHT_ATTACK: u8 = 1 << 5;
/// Both ray bits: the attacks that a piece in between can block.
pub const SLIDER_ATTACK: u8 = DIAGONAL_ATTACK | STRAIGHT_ATTACK;

/// The index of the pair (`from`, `to`) in the difference tables: `from - to + 128` as a byte.
///
/// For two squares on the board the difference lies in -119..=119, so the index lies in
/// 9..=247 and a `[T; 256]` table needs no bounds check. Equal differences give equal indices:
/// the index names the step from `from` to `to`, wherever on the board it is taken.
///
/// ```
/// use x88::Square;
/// use x88::attacks::{ATTACK_MASK, KNIGHT_ATTACK, diff_index};
/// let (g1, f3) = (Square::G1.x88(), Square::F3.x88());
/// let (e4, d6) = (Square::E4.x88(), Square::D6.x88());
/// assert_eq!(diff_index(g1, f3), diff_index(e4, d6)); // the same step, the same entry
/// assert_ne!(ATTACK_MASK[diff_index(g1, f3)] & KNIGHT_ATTACK, 0);
/// ```
#[must_use]
#[inline(always)]
pub const fn diff_index(from: u8, to: u8) -> usize {
    from.wrapping_sub(to).wrapping_add(128) as usize
}

/// `ATTACK_MASK[diff_index(from, to)]`: the attack bits of the pieces on `from` that could reach
/// `to` on an empty board.
pub const ATTACK_MASK: [u8; 256] = build_attack_mask();

/// `RAY_STEP[diff_index(from, to)]`: the unit step from `from` towards `to` along a rank, file or
/// diagonal, 0 where no such line joins them.
pub const RAY_STEP: [i8; 256] = build_ray_step();

/// The king's eight steps in 0x88 numbers (also the queen's eight directions); bit `i` of a
/// king-zone mask stands for `KING_STEPS[i]`.
pub(crate) const KING_STEPS: [i8; 8] = [1, 15, 16, 17, -1, -15, -16, -17];
/// The knight's eight jumps in 0x88 numbers.
pub(crate) const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];

/// `KING_ZONE[piece & 31][diff_index(enemy, king)]`, for the piece byte `piece` on `enemy`,
/// what it attacks around the king on an empty board ([`KingRelation`]): one lookup per enemy
/// piece answers every question the pass over them asks.
static KING_ZONE: [[u32; 256]; 32] = build_king_zone();

const fn build_king_zone() -> [[u32; 256]; 32] {
    let mut table = [[0u32; 256]; 32];
    let mut piece = 0;
    while piece < 32 {
        let attacks = PIECE_ATTACKS[piece];
        let mut edr: i32 = -7;
        while attacks != 0 && edr <= 7 {
            let mut edf: i32 = -7;
            while edf <= 7 {
                let mut zone = 0u32;
                let mut i = 0;
                while i < 8 {
                    let step = KING_STEPS[i] as i32;
                    let sdr = (step + 8).div_euclid(16);
                    let sdf = step - sdr * 16;
                    let (df, dr) = (sdf - edf, sdr - edr);
                    if df.abs() <= 7
                        && dr.abs() <= 7
                        && ATTACK_MASK[index_of_step(df, dr)] & attacks != 0
                    {
                        zone |= 1 << i;
                    }
                    i += 1;
                }
                let mut two_steps = 0u32;
                let mut i = 0;
                while i < 2 {
                    let (df, dr) = (TWO_STEPS[i] as i32 - edf, -edr);
                    if df.abs() <= 7
                        && dr.abs() <= 7
                        && ATTACK_MASK[index_of_step(df, dr)] & attacks != 0
                    {
                        two_steps |= 1 << i;
                    }
                    i += 1;
                }
                let on_king = (ATTACK_MASK[index_of_step(-edf, -edr)] & attacks) as u32;
                table[piece][index_of_step(-edf, -edr)] = two_steps << 16 | on_king << 8 | zone;
                edf += 1;
            }
            edr += 1;
        }
        piece += 1;
    }
    table
}

/// The king's two castling steps along its rank, east and west: bit `i` of a mask over these
/// is the square `king + TWO_STEPS[i]`, where a standard castling king lands.
pub(crate) const TWO_STEPS: [i8; 2] = [2, -2];

/// What an enemy piece attacks around the king on an empty board, from [`KING_ZONE`]: bits
/// 0-7 the squares next to the king (bit `i` for `king + KING_STEPS[i]`), bits 8-15 the attack
/// bits with which it reaches the king's own square, bits 16-17 the squares two steps from the
/// king along its rank (bit `16 + i` for `king + TWO_STEPS[i]`).
#[derive(Clone, Copy)]
pub(crate) struct KingRelation(pub(crate) u32);

impl KingRelation {
    /// The bits of the squares two steps from the king, shifted to where a mask over
    /// [`TWO_STEPS`] has them.
    pub(crate) const TWO_STEPS_SHIFT: u32 = 16;

    /// The squares next to the king it attacks, a mask over [`KING_STEPS`].
    #[inline(always)]
    pub(crate) fn zone(self) -> u8 {
        self.0 as u8
    }

    /// The attack bits with which it reaches the king's square (0 if none).
    #[inline(always)]
    pub(crate) fn hits(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The squares two steps from the king it attacks, a mask over [`TWO_STEPS`].
    #[inline(always)]
    pub(crate) fn two_steps(self) -> u8 {
        (self.0 >> Self::TWO_STEPS_SHIFT) as u8
    }
}

/// What the piece byte `piece` on `enemy` attacks around the king on `king`, on an empty
/// board ([`KingRelation`]).
#[inline(always)]
pub(crate) fn king_relation(piece: u8, enemy: u8, king: u8) -> KingRelation {
    KingRelation(KING_ZONE[(piece & 31) as usize][diff_index(enemy, king)])
}

/// The attack bits of each piece byte (colour and kind; the virgin bit is masked off).
const PIECE_ATTACKS: [u8; 32] = build_piece_attacks();

const fn signum(x: i32) -> i32 {
    if x > 0 {
        1
    } else if x < 0 {
        -1
    } else {
        0
    }
}

/// The index of the difference of a move by `df` files and `dr` ranks from `from` to `to`.
const fn index_of_step(df: i32, dr: i32) -> usize {
    (128 - (dr * 16 + df)) as usize
}

const fn build_attack_mask() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut dr: i32 = -7;
    while dr <= 7 {
        let mut df: i32 = -7;
        while df <= 7 {
            let (adr, adf) = (dr.abs(), df.abs());
            let mut bits = 0u8;
            if dr != 0 || df != 0 {
                if adr <= 1 && adf <= 1 {
                    bits |= KING_ATTACK;
                }
                if adf == 1 && dr == 1 {
                    bits |= WHITE_PAWN_ATTACK;
                }
                if adf == 1 && dr == -1 {
                    bits |= BLACK_PAWN_ATTACK;
                }
                if (adr == 1 && adf == 2) || (adr == 2 && adf == 1) {
                    bits |= KNIGHT_ATTACK;
                }
                if adr == adf {
                    bits |= DIAGONAL_ATTACK;
                }
                if adr == 0 || adf == 0 {
                    bits |= STRAIGHT_ATTACK;
                }
            }
            table[index_of_step(df, dr)] = bits;
            df += 1;
        }
        dr += 1;
    }
    table
}

const fn build_ray_step() -> [i8; 256] {
    let mut table = [0i8; 256];
    let mut dr: i32 = -7;
    while dr <= 7 {
        let mut df: i32 = -7;
        while df <= 7 {
            if (dr != 0 || df != 0) && (dr == 0 || df == 0 || dr.abs() == df.abs()) {
                table[index_of_step(df, dr)] = (signum(dr) * 16 + signum(df)) as i8;
            }
            df += 1;
        }
        dr += 1;
    }
    table
}

const fn build_piece_attacks() -> [u8; 32] {
    let mut table = [0u8; 32];
    let mut color = 0;
    while color < 2 {
        let c = if color == 0 {
            Piece::WHITE
        } else {
            Piece::BLACK
        };
        let pawn = if color == 0 {
            WHITE_PAWN_ATTACK
        } else {
            BLACK_PAWN_ATTACK
        };
        table[(c | PieceKind::Pawn.bits()) as usize] = pawn;
        table[(c | PieceKind::Knight.bits()) as usize] = KNIGHT_ATTACK;
        table[(c | PieceKind::King.bits()) as usize] = KING_ATTACK;
        table[(c | PieceKind::Bishop.bits()) as usize] = DIAGONAL_ATTACK;
        table[(c | PieceKind::Rook.bits()) as usize] = STRAIGHT_ATTACK;
        table[(c | PieceKind::Queen.bits()) as usize] = SLIDER_ATTACK;
        color += 1;
    }
    table
}

/// For each leaper (white pawn, black pawn, knight, king) and each square by
/// [`Square::index`], the squares it attacks from there: [`Board0x88::attacks_from`] for a
/// piece whose attacks no other piece can block.
static LEAPER_SETS: [[u64; 64]; 4] = build_leaper_sets();

const fn build_leaper_sets() -> [[u64; 64]; 4] {
    let pawn_steps: [[i8; 2]; 2] = [[15, 17], [-15, -17]];
    let mut sets = [[0u64; 64]; 4];
    let mut index = 0;
    while index < 64 {
        let from = (index + (index & !7)) as u8;
        let mut leaper = 0;
        while leaper < 4 {
            let steps: &[i8] = match leaper {
                0 => &pawn_steps[0],
                1 => &pawn_steps[1],
                2 => &KNIGHT_STEPS,
                _ => &KING_STEPS,
            };
            let mut i = 0;
            while i < steps.len() {
                let to = from.wrapping_add(steps[i] as u8);
                if to & 0x88 == 0 {
                    sets[leaper][index] |= bitboard::bit_of(to);
                }
                i += 1;
            }
            leaper += 1;
        }
        index += 1;
    }
    sets
}

/// The squares a knight on the square with [`Square::index`] `index` attacks.
#[inline(always)]
pub(crate) fn knight_set(index: usize) -> u64 {
    LEAPER_SETS[2][index & 63]
}

/// The squares a king on the square with [`Square::index`] `index` attacks.
#[inline(always)]
pub(crate) fn king_set(index: usize) -> u64 {
    LEAPER_SETS[3][index & 63]
}

/// The squares a pawn of `color` on the square with [`Square::index`] `index` attacks.
#[inline(always)]
pub(crate) fn pawn_set(color: Color, index: usize) -> u64 {
    LEAPER_SETS[color.index() & 1][index & 63]
}

/// The squares a knight on `sq` attacks: one table lookup.
///
/// These free functions answer for a piece that need not stand on any board, given the
/// occupied squares where it matters; an evaluation that already knows each piece's kind (see
/// [`Board0x88::pieces_by_kind`]) asks them directly instead of
/// [`Board0x88::attacks_from`], which first reads the kind off the board.
///
/// ```
/// use x88::{Square, SquareSet};
/// use x88::attacks::knight_attacks;
/// assert_eq!(knight_attacks(Square::A1), SquareSet::from(Square::B3) | Square::C2.into());
/// assert_eq!(knight_attacks(Square::E4).len(), 8);
/// ```
#[must_use]
#[inline(always)]
pub fn knight_attacks(sq: Square) -> SquareSet {
    SquareSet(knight_set(sq.index()))
}

/// The squares a king on `sq` attacks: one table lookup.
///
/// ```
/// use x88::Square;
/// use x88::attacks::king_attacks;
/// assert_eq!(king_attacks(Square::H8).len(), 3);
/// assert_eq!(king_attacks(Square::E4).len(), 8);
/// ```
#[must_use]
#[inline(always)]
pub fn king_attacks(sq: Square) -> SquareSet {
    SquareSet(king_set(sq.index()))
}

/// The squares a pawn of `color` on `sq` attacks: its two forward diagonals (one on the edge
/// files), not the square it steps to.
///
/// ```
/// use x88::{Color, Square, SquareSet};
/// use x88::attacks::pawn_attacks;
/// assert_eq!(pawn_attacks(Color::White, Square::A2), SquareSet::from(Square::B3));
/// assert_eq!(pawn_attacks(Color::Black, Square::E7).len(), 2);
/// ```
#[must_use]
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> SquareSet {
    SquareSet(pawn_set(color, sq.index()))
}

/// The squares a bishop on `sq` attacks when `occupied` are occupied: along each diagonal up
/// to and including the first occupied square. Whether `sq` itself is in `occupied` makes no
/// difference. Branch-free: a few instructions per diagonal, whatever the blockers.
///
/// ```
/// use x88::{Board0x88, Square};
/// use x88::attacks::bishop_attacks;
/// let board = Board0x88::default();
/// assert_eq!(bishop_attacks(Square::C1, board.occupied()).len(), 2); // b2, d2
/// assert_eq!(bishop_attacks(Square::D4, Default::default()).len(), 13);
/// ```
#[must_use]
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: SquareSet) -> SquareSet {
    SquareSet(bitboard::bishop_attacks(sq.index(), occupied.0))
}

/// The squares a rook on `sq` attacks when `occupied` are occupied: along its rank and file up
/// to and including the first occupied square each way.
///
/// ```
/// use x88::{Board0x88, Square};
/// use x88::attacks::rook_attacks;
/// let board = Board0x88::default();
/// assert_eq!(rook_attacks(Square::A1, board.occupied()).len(), 2); // a2, b1
/// assert_eq!(rook_attacks(Square::D4, Default::default()).len(), 14);
/// ```
#[must_use]
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: SquareSet) -> SquareSet {
    SquareSet(bitboard::rook_attacks(sq.index(), occupied.0))
}

/// The squares a queen on `sq` attacks when `occupied` are occupied: a bishop's and a
/// rook's.
///
/// ```
/// use x88::Square;
/// use x88::attacks::queen_attacks;
/// assert_eq!(queen_attacks(Square::D4, Default::default()).len(), 27);
/// ```
#[must_use]
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: SquareSet) -> SquareSet {
    bishop_attacks(sq, occupied) | rook_attacks(sq, occupied)
}

/// The attack bits of the pieces that could go from `from` to `to` on an empty board.
///
/// ```
/// use x88::Square;
/// use x88::attacks::{attack_mask, KNIGHT_ATTACK, STRAIGHT_ATTACK};
/// let g1 = Square::G1;
/// assert_ne!(attack_mask(g1, "f3".parse().unwrap()) & KNIGHT_ATTACK, 0);
/// assert_ne!(attack_mask(g1, "g8".parse().unwrap()) & STRAIGHT_ATTACK, 0);
/// ```
#[must_use]
#[inline(always)]
pub fn attack_mask(from: Square, to: Square) -> u8 {
    ATTACK_MASK[diff_index(from.x88(), to.x88())]
}

/// The unit 0x88 step from `from` towards `to` along a rank, file or diagonal; 0 if none joins
/// them (or they are the same square).
///
/// ```
/// use x88::Square;
/// use x88::attacks::ray_step;
/// assert_eq!(ray_step(Square::A1, Square::H8), 17);
/// assert_eq!(ray_step(Square::H1, Square::A1), -1);
/// assert_eq!(ray_step(Square::A1, "b3".parse().unwrap()), 0);
/// ```
#[must_use]
#[inline(always)]
pub fn ray_step(from: Square, to: Square) -> i8 {
    RAY_STEP[diff_index(from.x88(), to.x88())]
}

/// [`ray_step`] on raw 0x88 numbers.
#[inline(always)]
pub(crate) fn ray_step_raw(from: u8, to: u8) -> i8 {
    RAY_STEP[diff_index(from, to)]
}

/// The attack bits of a piece byte (0 for an empty square).
#[inline(always)]
pub(crate) fn piece_attacks(piece: u8) -> u8 {
    PIECE_ATTACKS[(piece & 31) as usize]
}

/// Whether `attack` bits of the attacker on `from` can reach `to` on this board: one table
/// lookup, and a walk over the squares in between for a slider. `ignore_a` and `ignore_b` are
/// treated as empty (the king lifted off the board, a castling rook about to leave).
#[inline(always)]
pub(crate) fn reaches(board: &Board0x88, from: u8, to: u8, ignore_a: u8, ignore_b: u8) -> bool {
    reaches_through(board, from, to, |sq| sq == ignore_a || sq == ignore_b)
}

/// [`reaches`] with the occupied squares to look through given by `see_through` (the static
/// exchange evaluation lifts off every piece that has already taken).
#[inline(always)]
pub(crate) fn reaches_through(
    board: &Board0x88,
    from: u8,
    to: u8,
    see_through: impl Fn(u8) -> bool,
) -> bool {
    let idx = diff_index(from, to);
    let hits = ATTACK_MASK[idx] & piece_attacks(board.cell(from));
    if hits == 0 {
        return false;
    }
    if hits & SLIDER_ATTACK == 0 {
        return true;
    }
    let step = RAY_STEP[diff_index(to, from)];
    let mut sq = to.wrapping_add(step as u8);
    while sq != from {
        if board.cell(sq) != 0 && !see_through(sq) {
            return false;
        }
        sq = sq.wrapping_add(step as u8);
    }
    true
}

/// What lies between a king and an enemy slider on one of its lines.
pub(crate) enum SliderLine {
    /// Nothing: the slider gives check.
    Check,
    /// One piece of the king's side and nothing else: that piece (its 0x88 square) is pinned.
    Pin(u8),
    /// Anything else.
    Blocked,
}

impl Board0x88 {
    /// Whether a piece of colour `by` attacks `square` (whatever stands on it).
    ///
    /// ```
    /// use x88::{Board0x88, Color};
    /// let board = Board0x88::default();
    /// assert!(board.is_attacked("f3".parse().unwrap(), Color::White));
    /// assert!(!board.is_attacked("e4".parse().unwrap(), Color::White));
    /// ```
    #[must_use]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        self.attacked_through(square.x88(), by, self.occupied().0, self.occupancy(by))
    }

    /// [`Board0x88::is_attacked`] with up to two squares treated as empty (`0x80` for none),
    /// the slow way: every piece of `by` asked in turn. The tests hold the bitboard answers
    /// ([`Board0x88::attacked_through`]) to it.
    #[cfg(test)]
    pub(crate) fn attacked_ignoring(&self, sq: u8, by: Color, ignore_a: u8, ignore_b: u8) -> bool {
        // A plain loop: with `any` the compiler kept the test out of line, a call per piece.
        for from in self.occupied_by(by) {
            if reaches(self, from.x88(), sq, ignore_a, ignore_b) {
                return true;
            }
        }
        false
    }

    /// The squares the piece on `sq` attacks: where it could capture an enemy piece, and the
    /// squares of its own pieces it defends. A slider's rays stop at the first piece in the
    /// way (that square included); a pawn attacks its two forward diagonals, not the square
    /// it steps to. Empty for an empty square.
    ///
    /// Mobility and king-zone terms of an evaluation are set operations on it:
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square};
    /// let board = Board0x88::default();
    /// let knight = board.attacks_from(Square::G1);
    /// assert_eq!(knight.len(), 3); // e2 (defended), f3, h3
    /// let mobility = knight - board.occupied_by(Color::White);
    /// assert_eq!(mobility.len(), 2);
    /// assert!(board.attacks_from(Square::A1).len() == 2); // a2 and b1, both defended
    /// assert!(board.attacks_from(Square::E4).is_empty());
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn attacks_from(&self, sq: Square) -> SquareSet {
        let attacks = piece_attacks(self.cell(sq.x88()));
        // A leaper (or nothing) takes one lookup; a slider, its rays in the bitboards.
        let leaper = match attacks {
            WHITE_PAWN_ATTACK => 0,
            BLACK_PAWN_ATTACK => 1,
            KNIGHT_ATTACK => 2,
            KING_ATTACK => 3,
            0 => return SquareSet::EMPTY,
            _ => {
                let occupied = self.occupancy(Color::White) | self.occupancy(Color::Black);
                let mut bits = 0;
                if attacks & DIAGONAL_ATTACK != 0 {
                    bits |= bitboard::bishop_attacks(sq.index(), occupied);
                }
                if attacks & STRAIGHT_ATTACK != 0 {
                    bits |= bitboard::rook_attacks(sq.index(), occupied);
                }
                return SquareSet(bits);
            }
        };
        SquareSet(LEAPER_SETS[leaper][sq.index()])
    }

    /// The squares of the pieces of colour `by` that attack `square`.
    ///
    /// ```
    /// use x88::{Board0x88, Color, Square, SquareSet};
    /// let board = Board0x88::default();
    /// let attackers = board.attackers(Square::H3, Color::White);
    /// assert_eq!(attackers, SquareSet::from(Square::G1) | Square::G2.into()); // knight and pawn
    /// assert!(board.attackers(Square::H3, Color::Black).is_empty());
    /// ```
    #[must_use]
    pub fn attackers(&self, square: Square, by: Color) -> SquareSet {
        let sq = square.x88();
        let mut candidates = self.attack_candidates(sq, by, self.occupied().0) & self.occupancy(by);
        let mut set = 0;
        while candidates != 0 {
            let from = bitboard::x88(candidates.trailing_zeros() as usize);
            candidates &= candidates - 1;
            if self.attacks_along_its_line(from, sq) {
                set |= bitboard::bit(from);
            }
        }
        SquareSet(set)
    }

    /// The squares of the pieces that give check to the side to move.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse().unwrap();
    /// assert_eq!(board.checkers().len(), 1);
    /// assert!(board.is_check());
    /// ```
    #[must_use]
    pub fn checkers(&self) -> SquareSet {
        let us = self.side_to_move();
        self.attackers(self.king(us), !us)
    }

    /// Whether the side to move is in check.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/1B6/8/8/8/4K3 b - - 0 1".parse().unwrap();
    /// assert!(board.is_check()); // the bishop on b5 checks the king on e8
    /// assert!(!Board0x88::default().is_check());
    /// ```
    #[must_use]
    pub fn is_check(&self) -> bool {
        let us = self.side_to_move();
        self.is_attacked(self.king(us), !us)
    }

    /// The pieces of the side to move that are pinned to their king: each stands alone between
    /// the king and an enemy slider that would attack the king if it moved off the line.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1".parse().unwrap();
    /// let pinned = board.pinned();
    /// assert!(pinned.contains("d2".parse().unwrap()));
    /// assert_eq!(pinned.len(), 1);
    /// ```
    #[must_use]
    pub fn pinned(&self) -> SquareSet {
        let us = self.side_to_move();
        let king = self.king(us).x88();
        let mut set = SquareSet::EMPTY;
        // Only an enemy slider on one of the king's lines that it moves along can pin (a
        // bishop or queen on a diagonal, a rook or queen on a rank or file).
        let mut snipers = self.sliders_aligned_with(bitboard::index(king)) & self.occupancy(!us);
        while snipers != 0 {
            let enemy = bitboard::x88(snipers.trailing_zeros() as usize);
            snipers &= snipers - 1;
            let ray = RAY_STEP[diff_index(king, enemy)];
            if let SliderLine::Pin(pinned) = self.slider_line(king, enemy, ray, us) {
                set.insert(Square::from_x88_unchecked(pinned));
            }
        }
        set
    }

    /// Whether a piece of `by` standing on one of the squares `attackers` attacks the 0x88
    /// square `sq` when the squares of `occupied` are the occupied ones (both bits by
    /// [`Square::index`]): the board after a move or with pieces lifted off, without making
    /// it. A piece taken still blocks if something stands on its square, so it leaves
    /// `attackers` only. The bitboards find the candidates (the attackers a knight's jump, a
    /// king's or pawn's step, or the first piece along each line away from `sq`), usually none
    /// or one; the difference table then says whether each attacks along that line.
    #[inline(always)]
    pub(crate) fn attacked_through(
        &self,
        sq: u8,
        by: Color,
        occupied: u64,
        attackers: u64,
    ) -> bool {
        let mut candidates = self.attack_candidates(sq, by, occupied) & attackers & occupied;
        while candidates != 0 {
            let from = bitboard::x88(candidates.trailing_zeros() as usize);
            candidates &= candidates - 1;
            if self.attacks_along_its_line(from, sq) {
                return true;
            }
        }
        false
    }

    /// The squares (bits by [`Square::index`]) from which a piece of `by` could attack the
    /// 0x88 square `sq` when `occupied` are the occupied squares: a knight's jump, a king's
    /// step, a pawn's diagonal step of `by` towards it, or the first square occupied along
    /// each of its eight lines. The piece there must still be of a kind that attacks that
    /// way ([`Board0x88::attacks_along_its_line`]).
    #[inline(always)]
    fn attack_candidates(&self, sq: u8, by: Color, occupied: u64) -> u64 {
        let index = bitboard::index(sq);
        knight_set(index)
            | king_set(index)
            | pawn_set(!by, index)
            | bitboard::bishop_attacks(index, occupied)
            | bitboard::rook_attacks(index, occupied)
    }

    /// Whether the piece on the 0x88 square `from` attacks `to` by its kind and colour alone,
    /// when nothing stands between them: one lookup in the difference table.
    #[inline(always)]
    fn attacks_along_its_line(&self, from: u8, to: u8) -> bool {
        ATTACK_MASK[diff_index(from, to)] & piece_attacks(self.cell(from)) != 0
    }

    /// What stands between the king of `us` on `king` and the enemy slider on `enemy`, which
    /// the caller knows to be aligned with it along `ray` (the unit step from the king).
    #[inline(always)]
    pub(crate) fn slider_line(&self, king: u8, enemy: u8, ray: i8, us: Color) -> SliderLine {
        let first = self.next_piece(king, ray);
        if first == enemy {
            SliderLine::Check
        } else if self.cell(first) & us.bit() != 0 && self.next_piece(first, ray) == enemy {
            SliderLine::Pin(first)
        } else {
            SliderLine::Blocked
        }
    }

    /// The first occupied square after `from` in direction `step`; the caller knows that one
    /// lies on the board in that direction.
    #[inline(always)]
    pub(crate) fn next_piece(&self, from: u8, step: i8) -> u8 {
        let mut sq = from.wrapping_add(step as u8);
        while self.cell(sq) == 0 {
            sq = sq.wrapping_add(step as u8);
        }
        sq
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The geometric relation of two squares, found by walking every direction step by step.
    fn brute_force(from: Square, to: Square) -> (u8, i8) {
        let (f0, r0) = (from.file().index() as i32, from.rank().index() as i32);
        let (f1, r1) = (to.file().index() as i32, to.rank().index() as i32);
        let mut bits = 0;
        let mut step = 0;
        for (df, dr) in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ] {
            if f0 + df == f1 && r0 + dr == r1 {
                bits |= KNIGHT_ATTACK;
            }
        }
        for df in -1..=1i32 {
            for dr in -1..=1i32 {
                if df == 0 && dr == 0 {
                    continue;
                }
                let (mut f, mut r, mut n) = (f0, r0, 0);
                loop {
                    f += df;
                    r += dr;
                    n += 1;
                    if !(0..8).contains(&f) || !(0..8).contains(&r) {
                        break;
                    }
                    if f == f1 && r == r1 {
                        step = (dr * 16 + df) as i8;
                        bits |= if df != 0 && dr != 0 {
                            DIAGONAL_ATTACK
                        } else {
                            STRAIGHT_ATTACK
                        };
                        if n == 1 {
                            bits |= KING_ATTACK;
                            if df != 0 && dr == 1 {
                                bits |= WHITE_PAWN_ATTACK;
                            }
                            if df != 0 && dr == -1 {
                                bits |= BLACK_PAWN_ATTACK;
                            }
                        }
                    }
                }
            }
        }
        (bits, step)
    }

    #[test]
    fn tables_match_brute_force_ray_walks_for_every_pair() {
        for from in Square::ALL {
            for to in Square::ALL {
                let (bits, step) = brute_force(from, to);
                assert_eq!(attack_mask(from, to), bits, "{from} -> {to}");
                assert_eq!(ray_step(from, to), step, "{from} -> {to}");
            }
        }
    }

    #[test]
    fn attacks_from_agrees_with_the_difference_tables() {
        let mut compared = 0;
        for board in crate::test_positions::suite_positions() {
            for color in Color::ALL {
                for from in board.occupied_by(color) {
                    let set = board.attacks_from(from);
                    for to in Square::ALL {
                        let reached = reaches(&board, from.x88(), to.x88(), 0x80, 0x80);
                        assert_eq!(set.contains(to), reached, "{board}: {from} -> {to}");
                        compared += 1;
                    }
                }
            }
            let empty = Square::ALL
                .into_iter()
                .find(|&sq| board.piece_on(sq).is_none());
            assert_eq!(
                empty.map(|sq| board.attacks_from(sq)),
                Some(SquareSet::EMPTY)
            );
        }
        assert!(compared > 100_000, "only {compared} pairs");
    }

    /// The free functions by kind give what `attacks_from` gives for the piece on the board,
    /// and `pieces_by_kind` finds every piece under its kind.
    #[test]
    fn attacks_by_kind_agree_with_attacks_from() {
        let mut compared = 0;
        for board in crate::test_positions::suite_positions_and_children() {
            let occupied = board.occupied();
            for color in Color::ALL {
                let sets = board.pieces_by_kind(color);
                let mut found = SquareSet::EMPTY;
                for kind in PieceKind::ALL {
                    assert_eq!(sets[kind.index()], board.pieces(color, kind), "{board}");
                    found |= sets[kind.index()];
                    for sq in sets[kind.index()] {
                        let by_kind = match kind {
                            PieceKind::Pawn => pawn_attacks(color, sq),
                            PieceKind::Knight => knight_attacks(sq),
                            PieceKind::Bishop => bishop_attacks(sq, occupied),
                            PieceKind::Rook => rook_attacks(sq, occupied),
                            PieceKind::Queen => queen_attacks(sq, occupied),
                            PieceKind::King => king_attacks(sq),
                        };
                        assert_eq!(by_kind, board.attacks_from(sq), "{board}: {kind:?} on {sq}");
                        compared += 1;
                    }
                }
                assert_eq!(found, board.occupied_by(color), "{board}");
            }
        }
        assert!(compared > 90_000, "only {compared} pieces");
    }

    #[test]
    fn index_stays_inside_the_used_range() {
        for from in Square::ALL {
            for to in Square::ALL {
                let i = diff_index(from.x88(), to.x88());
                assert!((9..=247).contains(&i));
            }
        }
    }
}
