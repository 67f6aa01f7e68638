//! Bitboards beside the 0x88 board: the squares each side occupies and the pawns, kept in
//! step with the cells by every change to the board; the rays of the eight directions; a
//! slider's targets, along a file or diagonal by one subtraction each way and along a rank
//! from a table.
//!
//! The 0x88 board answers "what stands on this square" and "how do these two squares relate"
//! in one lookup; a bitboard answers "how many squares does this slider reach" in a few
//! instructions without a loop whose exit the processor has to guess. The move counter (perft's
//! bulk counting) uses both: the board and the difference tables for checks and pins, these
//! bits for the number of targets. A bit is a square's [`index`](crate::Square::index), as in
//! [`SquareSet`].

use crate::attacks::KING_STEPS;
use crate::square_set::SquareSet;

/// The bit of the on-board 0x88 square `x88`: a load from a table, where computing it takes
/// five instructions (make and unmake need two bits per piece moved).
#[inline(always)]
pub(crate) fn bit(x88: u8) -> u64 {
    BITS[usize::from(x88 & 127)]
}

/// [`bit`], computed (for the tables built at compile time); 0 off the board.
pub(crate) const fn bit_of(x88: u8) -> u64 {
    if x88 & 0x88 == 0 {
        1 << ((x88 + (x88 & 7)) >> 1)
    } else {
        0
    }
}

/// `BITS[x88]`: the bit of each 0x88 square, 0 off the board.
static BITS: [u64; 128] = {
    let mut bits = [0; 128];
    let mut x88 = 0;
    while x88 < 128 {
        bits[x88] = bit_of(x88 as u8);
        x88 += 1;
    }
    bits
};

/// The index (0..64) of the on-board 0x88 square `x88`.
#[inline(always)]
pub(crate) const fn index(x88: u8) -> usize {
    ((x88 + (x88 & 7)) >> 1) as usize & 63
}

/// The 0x88 square of the index `index` (0..64).
#[inline(always)]
pub(crate) const fn x88(index: usize) -> u8 {
    X88_OF[index & 63]
}

/// `X88_OF[index]`: the 0x88 square of each index, a load where computing it takes two
/// instructions and a register.
const X88_OF: [u8; 64] = {
    let mut table = [0; 64];
    let mut index = 0;
    while index < 64 {
        table[index] = (index + (index & !7)) as u8;
        index += 1;
    }
    table
};

/// The directions of the lines a slider moves along, in the order of [`KING_STEPS`] (east is
/// 0, west 4; a rank is looked up whole, see `rank_attacks`).
const EAST: usize = 0;
const NORTH_WEST: usize = 1;
const NORTH: usize = 2;
const NORTH_EAST: usize = 3;
const WEST: usize = 4;
const SOUTH_EAST: usize = 5;
const SOUTH: usize = 6;
const SOUTH_WEST: usize = 7;

/// `RAYS[index][direction]`: the squares from the square `index` (not included) to the edge
/// of the board in `direction`. A square's eight rays share one cache line.
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut index = 0;
    while index < 64 {
        let from = (index + (index & !7)) as u8;
        let mut direction = 0;
        while direction < 8 {
            let step = KING_STEPS[direction] as u8;
            let mut sq = from.wrapping_add(step);
            while sq & 0x88 == 0 {
                rays[index][direction] |= bit_of(sq);
                sq = sq.wrapping_add(step);
            }
            direction += 1;
        }
        index += 1;
    }
    rays
}

/// The squares from `index` to the edge in `direction`, the square itself not included.
#[inline(always)]
pub(crate) fn ray(index: usize, direction: usize) -> u64 {
    RAYS[index & 63][direction & 7]
}

/// The squares on the diagonals through `index`, the square itself not included: where a
/// bishop or queen reaches it from on an empty board.
#[inline(always)]
pub(crate) fn diagonal_rays(index: usize) -> u64 {
    let rays = &RAYS[index & 63];
    rays[NORTH_WEST] | rays[NORTH_EAST] | rays[SOUTH_EAST] | rays[SOUTH_WEST]
}

/// The squares on the rank and file of `index`, the square itself not included: where a rook
/// or queen reaches it from on an empty board.
#[inline(always)]
pub(crate) fn straight_rays(index: usize) -> u64 {
    let rays = &RAYS[index & 63];
    rays[EAST] | rays[NORTH] | rays[WEST] | rays[SOUTH]
}

/// The squares from the 0x88 square `from` to the edge along the 0x88 unit step `step` (one
/// of [`KING_STEPS`]), `from` not included: a pinned piece's line from its king.
#[inline(always)]
pub(crate) fn ray_from(from: u8, step: i8) -> u64 {
    ray(index(from), direction_of(step))
}

/// The direction of the 0x88 unit step `step` (one of [`KING_STEPS`]).
#[inline(always)]
pub(crate) fn direction_of(step: i8) -> usize {
    // The eight steps are distinct modulo 64: 1, 15, 16, 17, 63, 49, 48, 47.
    const DIRECTION: [u8; 64] = {
        let mut table = [0u8; 64];
        let mut direction = 0;
        while direction < 8 {
            table[(KING_STEPS[direction] as u8 & 63) as usize] = direction as u8;
            direction += 1;
        }
        table
    };
    DIRECTION[(step as u8 & 63) as usize] as usize
}

/// The squares a rook on `index` attacks with the squares `occupied` occupied.
#[inline(always)]
pub(crate) fn rook_attacks(index: usize, occupied: u64) -> u64 {
    let lines = &LINES[index & 63];
    line_attacks(index, occupied, lines.file) | rank_attacks(index, occupied)
}

/// The squares a bishop on `index` attacks with the squares `occupied` occupied.
#[inline(always)]
pub(crate) fn bishop_attacks(index: usize, occupied: u64) -> u64 {
    let lines = &LINES[index & 63];
    line_attacks(index, occupied, lines.diagonal)
        | line_attacks(index, occupied, lines.anti_diagonal)
}

/// The squares a slider on `index` attacks along `line`, its file or one of its diagonals (the
/// square itself not included), which holds at most one square per rank.
///
/// Subtracting twice the slider's bit from the line's occupancy borrows through the empty
/// squares above it up to the first blocker, flipping exactly those: the squares reached
/// upwards, blocker included, are the bits that changed. Reversing the ranks (a byte swap)
/// turns downwards into upwards, so the same subtraction on the swapped word finds the other
/// half ("hyperbola quintessence"). Branch-free, and cheaper than a bit scan per direction.
#[inline(always)]
fn line_attacks(index: usize, occupied: u64, line: u64) -> u64 {
    let slider = 1u64 << (index & 63);
    let on_line = occupied & line;
    let upwards = on_line.wrapping_sub(slider.wrapping_mul(2));
    let downwards = on_line
        .swap_bytes()
        .wrapping_sub(slider.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (upwards ^ downwards) & line
}

/// The squares a rook on `index` attacks along its rank: the rank's six inner squares'
/// occupancy (the edge squares never block anything beyond them) indexes a table of the
/// squares reached from each file.
#[inline(always)]
fn rank_attacks(index: usize, occupied: u64) -> u64 {
    let rank_shift = index & 56;
    let inner = (occupied >> (rank_shift + 1)) as usize & 63;
    u64::from(RANK_ATTACKS[index & 7][inner]) << rank_shift
}

/// The file and the two diagonals through each square, the square itself left out.
#[derive(Clone, Copy)]
struct Lines {
    file: u64,
    diagonal: u64,
    anti_diagonal: u64,
}

static LINES: [Lines; 64] = {
    let empty = Lines {
        file: 0,
        diagonal: 0,
        anti_diagonal: 0,
    };
    let mut lines = [empty; 64];
    let mut index = 0;
    while index < 64 {
        let rays = &RAYS[index];
        lines[index] = Lines {
            file: rays[NORTH] | rays[SOUTH],
            diagonal: rays[NORTH_EAST] | rays[SOUTH_WEST],
            anti_diagonal: rays[NORTH_WEST] | rays[SOUTH_EAST],
        };
        index += 1;
    }
    lines
};

/// `RANK_ATTACKS[file][inner]`: the files a rook on `file` reaches along its rank when bit `i`
/// of `inner` says whether the square of file `i + 1` is occupied.
static RANK_ATTACKS: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut file = 0;
    while file < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occupied = (inner << 1) as u32;
            let mut reached = 0u32;
            let mut to = file + 1;
            while to < 8 {
                reached |= 1 << to;
                if occupied >> to & 1 != 0 {
                    break;
                }
                to += 1;
            }
            let mut to = file;
            while to > 0 {
                to -= 1;
                reached |= 1 << to;
                if occupied >> to & 1 != 0 {
                    break;
                }
            }
            table[file][inner] = reached as u8;
            inner += 1;
        }
        file += 1;
    }
    table
};

/// The squares of `set` next to the square `index`, as a mask over [`KING_STEPS`] (bit `i`
/// for the square one step `KING_STEPS[i]` away). `set` holds only such squares (a subset of
/// the king's set of `index`), so a rotation puts the eight where fixed shifts gather them.
#[inline(always)]
pub(crate) fn king_step_mask(index: usize, set: u64) -> u8 {
    // Bit j of `around` is the square j - 9 squares (by index) away from `index`: the steps
    // -9, -8, -7 land on bits 0-2, -1 and +1 on 8 and 10, +7, +8, +9 on 16-18.
    let around = set.rotate_right((index as u32).wrapping_sub(9) & 63);
    // KING_STEPS is east, north-west, north, north-east, west, south-east, south, south-west:
    // +1, +7, +8, +9, -1, -7, -8, -9 by index.
    (around >> 10 & 0x01
        | around >> 15 & 0x0e
        | around >> 4 & 0x10
        | around << 3 & 0x20
        | around << 5 & 0x40
        | around << 7 & 0x80) as u8
}

/// The third and sixth ranks (a double step passes over them) and the first and last.
const RANK_1: u64 = 0xff;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;

/// Where a set of pawns of one side moves, as sets of destination squares: the counter counts
/// them, the generator turns each bit back into a move by the step of its set
/// ([`PawnTargets::steps`]). En passant is not among them.
#[derive(Clone, Copy)]
pub(crate) struct PawnTargets {
    /// Single steps to empty squares.
    pub(crate) single: u64,
    /// Double steps from the second rank over an empty square to an empty one.
    pub(crate) double: u64,
    /// Captures towards the a-file.
    pub(crate) west: u64,
    /// Captures towards the h-file.
    pub(crate) east: u64,
    /// The last rank: a move there promotes.
    pub(crate) last_rank: u64,
}

impl PawnTargets {
    /// The moves of the pawns `pawns` of white if `white`, else of black, with `occupied`
    /// occupied, taking the pieces of `enemies`, ending on the squares `targets` only (all of
    /// them, a check's blocking squares, a pin's line).
    #[inline(always)]
    pub(crate) fn new(white: bool, pawns: u64, occupied: u64, enemies: u64, targets: u64) -> Self {
        let empty = !occupied;
        let forward = if white { 1 } else { -1 };
        let set = SquareSet(pawns);
        let single = set.shift(0, forward).0 & empty;
        let (west, east) = (set.shift(-1, forward).0, set.shift(1, forward).0);
        let double = if white {
            (single & RANK_3) << 8
        } else {
            (single & RANK_6) >> 8
        } & empty;
        PawnTargets {
            single: single & targets,
            double: double & targets,
            west: west & enemies & targets,
            east: east & enemies & targets,
            last_rank: if white { RANK_8 } else { RANK_1 },
        }
    }

    /// How far each set's squares are from the pawns' (by [`Square::index`](crate::Square::index)):
    /// single, double, west, east.
    #[inline(always)]
    pub(crate) const fn steps(white: bool) -> [i8; 4] {
        if white {
            [8, 16, 7, 9]
        } else {
            [-8, -16, -9, -7]
        }
    }
}

/// The squares within two files and two ranks of each square (a five-by-five box, cut at the
/// edges): the only squares from which a pawn can attack the square or one next to it.
#[inline(always)]
pub(crate) fn near(index: usize) -> u64 {
    NEAR[index & 63]
}

static NEAR: [u64; 64] = {
    let mut near = [0; 64];
    let mut index = 0;
    while index < 64 {
        let center = x88(index) as i32;
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                let sq = center + dr * 16 + df;
                if sq >= 0 && sq < 128 {
                    near[index] |= bit_of(sq as u8);
                }
                dr += 1;
            }
            df += 1;
        }
        index += 1;
    }
    near
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    /// The squares a slider reaches by walking the 0x88 board step by step.
    fn walked(from: Square, steps: &[i8], occupied: u64) -> u64 {
        let mut set = 0;
        for &step in steps {
            let mut sq = from.x88().wrapping_add(step as u8);
            while sq & 0x88 == 0 {
                set |= bit(sq);
                if occupied & bit(sq) != 0 {
                    break;
                }
                sq = sq.wrapping_add(step as u8);
            }
        }
        set
    }

    #[test]
    fn each_step_has_its_direction_and_its_rays_are_the_walks_on_an_empty_board() {
        for (direction, &step) in KING_STEPS.iter().enumerate() {
            assert_eq!(direction_of(step), direction);
            for sq in Square::ALL {
                assert_eq!(
                    ray_from(sq.x88(), step),
                    walked(sq, &[step], 0),
                    "{sq} {step}"
                );
            }
        }
    }

    #[test]
    fn king_step_mask_gathers_the_squares_around_in_the_order_of_the_steps() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for sq in Square::ALL {
            let around = walked(sq, &KING_STEPS, u64::MAX);
            for _ in 0..64 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let set = around & seed;
                let mut expected = 0u8;
                for (i, &step) in KING_STEPS.iter().enumerate() {
                    let to = sq.x88().wrapping_add(step as u8);
                    if to & 0x88 == 0 && set & bit(to) != 0 {
                        expected |= 1 << i;
                    }
                }
                assert_eq!(king_step_mask(sq.index(), set), expected, "{sq} {set:#x}");
            }
        }
    }

    #[test]
    fn near_is_the_box_of_squares_two_files_and_two_ranks_away_at_most() {
        for a in Square::ALL {
            for b in Square::ALL {
                let files = a.file().index().abs_diff(b.file().index());
                let ranks = a.rank().index().abs_diff(b.rank().index());
                let inside = near(a.index()) >> b.index() & 1 == 1;
                assert_eq!(inside, files <= 2 && ranks <= 2, "{a} {b}");
            }
        }
    }

    #[test]
    fn slider_attacks_agree_with_walking_the_board() {
        // A fixed pseudo-random sequence of occupancies, sparse to dense.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut compared = 0;
        for round in 0..600 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = match round % 3 {
                0 => seed & seed.rotate_left(17) & seed.rotate_left(31),
                1 => seed & seed.rotate_left(23),
                _ => seed,
            };
            for sq in Square::ALL {
                let i = sq.index();
                assert_eq!(
                    rook_attacks(i, occupied),
                    walked(sq, &[1, 16, -1, -16], occupied),
                    "rook {sq} {occupied:#x}"
                );
                assert_eq!(
                    bishop_attacks(i, occupied),
                    walked(sq, &[15, 17, -15, -17], occupied),
                    "bishop {sq} {occupied:#x}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 600 * 64);
    }

    #[test]
    fn bits_and_indices_follow_square_index() {
        for sq in Square::ALL {
            assert_eq!(index(sq.x88()), sq.index());
            assert_eq!(bit(sq.x88()), 1 << sq.index());
        }
    }
}
