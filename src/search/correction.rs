//! Correction history: how far the static evaluation has lately been from what the search
//! found, remembered by pawn structure, and added back to the static evaluation.
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

/// The averaged evaluation errors by pawn structure, one table per side to move.
#[derive(Clone)]
pub(crate) struct CorrectionHistory {
    entries: Box<[[i16; ENTRIES]; 2]>,
}

impl CorrectionHistory {
    /// A table that corrects nothing yet.
    pub fn new() -> CorrectionHistory {
        let entries = vec![[0i16; ENTRIES]; 2]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("two tables were made"));
        CorrectionHistory { entries }
    }

    /// Forgets every correction.
    pub fn clear(&mut self) {
        for table in self.entries.iter_mut() {
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

    /// `eval`, the static evaluation of `board` (for the side to move), corrected by the
    /// average error of the evaluation in its pawn structure. Stays within `-bound..=bound`.
    #[inline(always)]
    pub fn correct(&self, board: &Board0x88, eval: i32, bound: i32) -> i32 {
        let (side, index) = Self::slot(board);
        (eval + i32::from(self.entries[side][index]) / GRAIN).clamp(-bound, bound)
    }

    /// Moves the average error of `board`'s pawn structure towards `error` (what the search
    /// found at `depth` less the static evaluation), the more the deeper the search.
    pub fn update(&mut self, board: &Board0x88, depth: i32, error: i32) {
        let weight = (depth + 1).clamp(1, params::correction_weight_max());
        let max = params::correction_max();
        let target = error.clamp(-max, max) * GRAIN;
        let (side, index) = Self::slot(board);
        let entry = &mut self.entries[side][index];
        let average =
            (i32::from(*entry) * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        *entry = average.clamp(-max * GRAIN, max * GRAIN) as i16;
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
}
