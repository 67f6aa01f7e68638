//! Castling moves, and the attack test of the squares the king crosses.
//!
//! Castling is tested in most positions of an opening or a middle game, so it is on the hot
//! path of both the generator and the counter. The squares between king and rook are checked
//! by one masked compare of the back rank's cells; the king's path, by
//! [`attacked_through`](Board0x88::attacked_through) with the king and the rook lifted off.

use crate::attacks::TWO_STEPS;
use crate::bitboard;
use crate::board::{Board0x88, castling_destinations};
use crate::movegen::{EAST, WEST};
use crate::moves::{Move, MoveSink};
use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;

/// The squares two steps from the king on `king` along its rank that are on the board, as a
/// mask over [`TWO_STEPS`]: what the pass over the enemy pieces is asked about when the king
/// may castle, so that a standard castling's destination needs no attack test of its own.
#[inline(always)]
pub(crate) fn castling_two_steps(king: u8) -> u8 {
    let mut mask = 0;
    for (i, step) in TWO_STEPS.into_iter().enumerate() {
        if king.wrapping_add(step as u8) & 0x88 == 0 {
            mask |= 1 << i;
        }
    }
    mask
}

/// The files of the squares of `two_steps` (a mask over [`TWO_STEPS`]) from the king on
/// `king`, as bits.
#[inline(always)]
fn two_steps_files(king: u8, two_steps: u8) -> u8 {
    let file = king & 7;
    let east = if two_steps & 1 != 0 {
        1 << (file + 2)
    } else {
        0
    };
    let west = if two_steps & 2 != 0 {
        1 << file.wrapping_sub(2)
    } else {
        0
    };
    east | west
}

impl Board0x88 {
    /// Whether `us` might castle: the king is virgin, and a square beside it on the rank is
    /// empty or holds a virgin rook of its own. Castling needs both, since every square between
    /// the king and its rook must be empty; the test rules out most positions in a few loads.
    #[inline(always)]
    pub(crate) fn castling_may_be_possible(&self, king: u8, us: Color) -> bool {
        if self.cell(king) & Piece::VIRGIN == 0 {
            return false;
        }
        let rook = Piece::new(us, PieceKind::Rook).with_virgin().bits();
        let open = |sq: u8| sq & 0x88 == 0 && (self.cell(sq) == 0 || self.cell(sq) == rook);
        open(king.wrapping_add(1)) || open(king.wrapping_sub(1))
    }

    /// Castling with each virgin rook, by the rules that serve standard chess and Chess960: the
    /// king is not in check (the caller knows); every square between the king, the rook and
    /// their destinations is empty but for those two; no square the king crosses or reaches is
    /// attacked once the rook has left. `danger` says which squares next to the king the enemy
    /// attacks, of those the generator asked about (a mask over `KING_STEPS`);
    /// `two_steps_danger`, which squares two steps from it along the rank (a mask over
    /// [`TWO_STEPS`]), if the pass over the enemy pieces was asked about them (see
    /// [`castling_two_steps`]); if not, they are tested here.
    ///
    /// Out of line, behind the cheap test of
    /// [`castling_may_be_possible`](Board0x88::castling_may_be_possible): most positions
    /// cannot castle, and inlined, this code crowds the registers of the generator's loops.
    #[inline(never)]
    pub(crate) fn castling_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        king: u8,
        us: Color,
        danger: u8,
        two_steps_danger: Option<u8>,
    ) {
        let base = (us.back_rank() as u8) << 4;
        let occupied = self.occupancy(Color::White) | self.occupancy(Color::Black);
        let back_rank = (occupied >> (base >> 1)) as u8;
        let paths = &CASTLING_PATHS[usize::from(king & 7)];
        let mut files = self.virgin_rook_files(us);
        while files != 0 {
            let rook_file = files.trailing_zeros();
            files &= files - 1;
            let path = paths[rook_file as usize & 7];
            if back_rank & path.empty != 0 || danger & path.danger != 0 {
                continue;
            }
            let mut tested = path.tested;
            match two_steps_danger {
                Some(attacked) if attacked & path.two_steps != 0 => continue,
                Some(_) => {}
                // Not asked of the enemy pass: those squares are tested here.
                None => tested |= two_steps_files(king, path.two_steps),
            }
            // The king and the rook are lifted off: neither shields a square of the path.
            let rook = base | rook_file as u8;
            let occupied = occupied & !(bitboard::bit(king) | bitboard::bit(rook));
            let mut attacked = false;
            while tested != 0 && !attacked {
                let file = tested.trailing_zeros() as u8;
                tested &= tested - 1;
                attacked = self.attacked_through(base | file, !us, occupied, self.occupancy(!us));
            }
            if !attacked {
                sink.push(Move::castle(
                    Square::from_x88_unchecked(king),
                    Square::from_x88_unchecked(rook),
                ));
            }
        }
    }
}

/// What a castling with the king on one file and the rook on another needs of the back rank,
/// as masks over its files (bit `f` for file `f`).
#[derive(Clone, Copy)]
struct CastlingPath {
    /// The squares that must be empty: every square between the king, the rook and their
    /// destinations, but the king's and the rook's own.
    empty: u8,
    /// The squares of the king's path (from its square to its destination) that must be
    /// tested for attacks with the king and the rook lifted off.
    tested: u8,
    /// The squares next to the king, as a mask over `KING_STEPS` ([`EAST`], [`WEST`]), whose
    /// attack the generator has already found: with the rook in the corner, which shields no
    /// square of the king's path, those and the king's own square (not in check) need no test.
    danger: u8,
    /// The same for the squares two steps from the king, as a mask over [`TWO_STEPS`]: a
    /// standard castling king's destination.
    two_steps: u8,
}

/// `CASTLING_PATHS[king_file][rook_file]`.
const CASTLING_PATHS: [[CastlingPath; 8]; 8] = build_castling_paths();

const fn build_castling_paths() -> [[CastlingPath; 8]; 8] {
    let none = CastlingPath {
        empty: 0,
        tested: 0,
        danger: 0,
        two_steps: 0,
    };
    let mut paths = [[none; 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            let (king_to, rook_to) = castling_destinations(king, rook);
            let files = [king, rook, king_to, rook_to];
            let (mut low, mut high, mut i) = (8, 0, 0);
            while i < 4 {
                low = if files[i] < low { files[i] } else { low };
                high = if files[i] > high { files[i] } else { high };
                i += 1;
            }
            let span = ((0xffu16 << low) & (0xffu16 >> (7 - high))) as u8;
            let (first, last) = if king < king_to {
                (king, king_to)
            } else {
                (king_to, king)
            };
            let mut tested = ((0xffu16 << first) & (0xffu16 >> (7 - last))) as u8;
            let mut danger = 0;
            let mut two_steps = 0;
            if rook == 0 || rook == 7 {
                let (east, west) = ((1u16 << king << 1) as u8, (1u16 << king >> 1) as u8);
                let (far_east, far_west) = ((1u16 << king << 2) as u8, (1u16 << king >> 2) as u8);
                if tested & east != 0 {
                    danger |= EAST;
                }
                if tested & west != 0 {
                    danger |= WEST;
                }
                // TWO_STEPS is east, then west.
                if tested & far_east != 0 {
                    two_steps |= 1;
                }
                if tested & far_west != 0 {
                    two_steps |= 2;
                }
                tested &= !(east | west | far_east | far_west | 1 << king);
            }
            paths[king as usize][rook as usize] = CastlingPath {
                empty: span & !(1 << king | 1 << rook),
                tested,
                danger,
                two_steps,
            };
            rook += 1;
        }
        king += 1;
    }
    paths
}
