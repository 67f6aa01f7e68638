//! Correction history: how far the static evaluation has lately been from what the search
//! found, remembered by pawn structure (and, when `params::correction_non_pawn()` is not 0,
//! by each side's placement of its other pieces), and added back to the static evaluation.
//!
//! A hand-written evaluation misjudges some kinds of position the same way again and again
//! (a blocked centre, a weak pawn it has no term for). Each search of a node whose result is
//! neither a capture's nor a bound that says nothing about it tells how wrong the static
//! evaluation was there; those errors are averaged per pawn structure and side to move, and
//! the search prunes on the evaluation plus that average. Each node computes the evaluation
//! afresh (the transposition table keeps none) and corrects it by the averages as they are
//! then, so a correction learnt later applies to every position.

use alloc::boxed::Box;
use alloc::vec;

use super::params;
use crate::{Board0x88, Color, PieceKind};

/// Entries per side to move (a power of two).
const ENTRIES: usize = 16_384;
/// Corrections are kept in 1/`GRAIN` centipawns, so that small steps of the average add up
/// (the largest, `params::correction_max()`, still fits an `i16`).
const GRAIN: i32 = 256;
/// An update's weight out of `WEIGHT_SCALE` is its depth plus one, up to
/// `params::correction_weight_max()`: deeper searches know better.
const WEIGHT_SCALE: i32 = 256;

/// The weights of the tables in a correction are out of `BLEND_SCALE` (see
/// [`params::correction_non_pawn`]).
const BLEND_SCALE: i32 = 16;

/// The averaged evaluation errors by pawn structure, one table per side to move, and by the
/// placement of each side's pieces other than pawns (its knights, bishops, rooks, queens and
/// king), one table per side to move and side of the pieces.
#[derive(Clone)]
pub(crate) struct CorrectionHistory {
    entries: Box<[[i16; ENTRIES]; 2]>,
    non_pawn: Box<[[[i16; ENTRIES]; 2]; 2]>,
}

impl CorrectionHistory {
    /// A table that corrects nothing yet.
    pub fn new() -> CorrectionHistory {
        let entries = vec![[0i16; ENTRIES]; 2]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("two tables were made"));
        let non_pawn = vec![[[0i16; ENTRIES]; 2]; 2]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("two pairs of tables were made"));
        CorrectionHistory { entries, non_pawn }
    }

    /// Forgets every correction.
    pub fn clear(&mut self) {
        for table in self.entries.iter_mut() {
            table.fill(0);
        }
        for table in self.non_pawn.iter_mut().flatten() {
            table.fill(0);
        }
    }

    /// Where the entry of `board`'s pawn structure and side to move is: its table and index.
    #[inline(always)]
    fn slot(board: &Board0x88) -> (usize, usize) {
        let white = board.pieces(Color::White, PieceKind::Pawn).0;
        let black = board.pieces(Color::Black, PieceKind::Pawn).0;
        let mixed = (white ^ black.rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let index = (mixed >> (64 - ENTRIES.trailing_zeros())) as usize;
        (board.side_to_move().index() & 1, index & (ENTRIES - 1))
    }

    /// The entries of the placements of White's and of Black's pieces other than pawns in the
    /// tables of `board`'s side to move.
    #[inline(always)]
    fn non_pawn_slots(board: &Board0x88) -> [usize; 2] {
        Color::ALL.map(|color| {
            // Each kind's set scrambled by a multiplier of its own, so that the same squares
            // held by different kinds give different keys.
            let mixed = [
                (PieceKind::Knight, 0xD6E8_FEB8_6659_FD93u64),
                (PieceKind::Bishop, 0xA076_1D64_78BD_642F),
                (PieceKind::Rook, 0xE703_7ED1_A0B4_28DB),
                (PieceKind::Queen, 0x8EBC_6AF0_9C88_C6E3),
                (PieceKind::King, 0x5899_65CC_7537_4CC3),
            ]
            .into_iter()
            .fold(0u64, |key, (kind, multiplier)| {
                key ^ board.pieces(color, kind).0.wrapping_mul(multiplier)
            });
            let index = ((mixed ^ mixed >> 32).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                >> (64 - ENTRIES.trailing_zeros())) as usize;
            index & (ENTRIES - 1)
        })
    }

    /// `eval`, the static evaluation of `board` (for the side to move), corrected by the
    /// average error of the evaluation in its pawn structure, blended with those of each
    /// side's other pieces' placement when [`params::correction_non_pawn`] is not 0. Stays
    /// within `-bound..=bound`.
    #[inline(always)]
    pub fn correct(&self, board: &Board0x88, eval: i32, bound: i32) -> i32 {
        self.correct_blended(board, eval, bound, params::correction_non_pawn())
    }

    /// [`correct`](Self::correct) with each side's other pieces weighing `non_pawn_weight`
    /// sixteenths.
    #[inline(always)]
    fn correct_blended(
        &self,
        board: &Board0x88,
        eval: i32,
        bound: i32,
        non_pawn_weight: i32,
    ) -> i32 {
        let (side, index) = Self::slot(board);
        let pawn = i32::from(self.entries[side][index]);
        let correction = if non_pawn_weight == 0 {
            pawn / GRAIN
        } else {
            let [white, black] = Self::non_pawn_slots(board);
            let tables = &self.non_pawn[side];
            let non_pawn = i32::from(tables[0][white]) + i32::from(tables[1][black]);
            (pawn * (BLEND_SCALE - 2 * non_pawn_weight) + non_pawn * non_pawn_weight)
                / (BLEND_SCALE * GRAIN)
        };
        (eval + correction).clamp(-bound, bound)
    }

    /// Moves the average error of `board`'s pawn structure towards `error` (what the search
    /// found at `depth` less the static evaluation), the more the deeper the search.
    /// (And those of its other pieces' placements too, when they count.)
    pub fn update(&mut self, board: &Board0x88, depth: i32, error: i32) {
        self.update_tables(board, depth, error, params::correction_non_pawn() != 0);
    }

    /// [`update`](Self::update), of the other pieces' averages too if `non_pawn`.
    fn update_tables(&mut self, board: &Board0x88, depth: i32, error: i32, non_pawn: bool) {
        let weight = (depth + 1).clamp(1, params::correction_weight_max());
        let max = params::correction_max();
        let target = error.clamp(-max, max) * GRAIN;
        let average_in = |entry: &mut i16| {
            let average =
                (i32::from(*entry) * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
            *entry = average.clamp(-max * GRAIN, max * GRAIN) as i16;
        };
        let (side, index) = Self::slot(board);
        average_in(&mut self.entries[side][index]);
        if non_pawn {
            let [white, black] = Self::non_pawn_slots(board);
            let tables = &mut self.non_pawn[side];
            average_in(&mut tables[0][white]);
            average_in(&mut tables[1][black]);
        }
    }
}

impl core::fmt::Debug for CorrectionHistory {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CorrectionHistory").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::CorrectionHistory;
    use crate::Board0x88;
    use crate::search::params;

    #[test]
    fn corrections_follow_the_errors_of_their_pawn_structure_only() {
        let mut history = CorrectionHistory::new();
        let start = Board0x88::default();
        let other: Board0x88 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
            .parse()
            .unwrap();
        assert_eq!(history.correct(&start, 10, 1000), 10);
        for _ in 0..200 {
            history.update(&start, 12, 40);
        }
        let corrected = history.correct(&start, 10, 1000);
        assert!((45..=50).contains(&corrected), "{corrected}");
        // Another pawn structure, or the other side to move, is not corrected.
        assert_eq!(history.correct(&other, 10, 1000), 10);
        let mut black_to_move = start;
        let knight_out = black_to_move.parse_uci("g1f3").unwrap();
        black_to_move.play(knight_out).unwrap();
        assert_eq!(history.correct(&black_to_move, 10, 1000), 10);
        // Errors beyond the cap move the average only to the cap; the bound holds.
        for _ in 0..500 {
            history.update(&start, 20, -5_000);
        }
        // (The integer average stops within a centipawn of the cap.)
        let capped = history.correct(&start, 0, 1000);
        let max = params::correction_max();
        assert!((-max..=-max + 1).contains(&capped), "{capped}");
        assert_eq!(history.correct(&start, -990, 1000), -1000);
        history.clear();
        assert_eq!(history.correct(&start, 10, 1000), 10);
    }

    #[test]
    fn non_pawn_corrections_follow_each_sides_other_pieces() {
        let start = Board0x88::default();
        let parse = |fen: &str| fen.parse::<Board0x88>().unwrap();
        // The same pawns and side to move: White's knight out, then both sides' knights out.
        let white_knight_out = parse("rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 1 1");
        let knights_out = parse("r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2");
        let mut history = CorrectionHistory::new();
        for _ in 0..200 {
            history.update_tables(&start, 12, 40, true);
        }
        let corrected =
            |board: &Board0x88, weight| history.correct_blended(board, 10, 1000, weight);
        // Each table learnt the error of 40: any blend of them corrects by about 40.
        for weight in [0, 4, 8] {
            assert!((45..=50).contains(&corrected(&start, weight)), "{weight}");
        }
        // With the other pieces alone (weight 8), each side's placement gives half: Black's
        // is the start's in the first position, neither is in the second.
        assert!((27..=30).contains(&corrected(&white_knight_out, 8)));
        assert_eq!(corrected(&knights_out, 8), 10);
        // The pawn structure alone (weight 0) is the start's in both.
        assert!((45..=50).contains(&corrected(&knights_out, 0)));
        // Updates of the pawn structure alone leave the other tables as they were.
        let mut pawns_only = CorrectionHistory::new();
        for _ in 0..200 {
            pawns_only.update_tables(&start, 12, 40, false);
        }
        assert_eq!(pawns_only.correct_blended(&start, 10, 1000, 8), 10);
        assert!((45..=50).contains(&pawns_only.correct_blended(&start, 10, 1000, 0)));
        history.clear();
        assert_eq!(history.correct_blended(&start, 10, 1000, 4), 10);
    }
}
