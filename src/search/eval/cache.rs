//! What the evaluation remembers between calls: the pawn terms of recent pawn structures and
//! the evaluations of recent positions.

use alloc::boxed::Box;
use alloc::vec;

use super::pawns::PawnInfo;
use super::{Evaluator, evaluate_with};
use crate::{Board0x88, Color, PieceKind};

/// How many pawn structures an [`EvalCache`] holds: a power of two.
const PAWN_ENTRIES: usize = 1 << 12;

/// How many evaluations an [`EvalCache`] holds: a power of two.
const EVALUATION_ENTRIES: usize = 1 << 13;

/// An evaluation remembered with its position's full hash.
#[derive(Clone, Copy, Default)]
struct Remembered {
    key: u64,
    eval: i32,
    /// Whether the entry holds an evaluation (a zeroed one would pass for the position whose
    /// hash is 0).
    filled: bool,
}

/// What [`evaluate_cached`](super::evaluate_cached) remembers, so that it works out the pawn
/// terms once per pawn structure (a search meets the same pawns in most of its nodes) and a
/// position's evaluation once while it stays in the table (a search evaluates many positions
/// again: in the quiescence search, a position that stands pat is not stored in the
/// transposition table). About 540 KiB. Pawn entries are checked against both sides' full pawn
/// sets and evaluations against the position's full 64-bit hash, so a cached evaluation is
/// that of the evaluator that filled the cache (unless two positions share a hash, which the
/// transposition table's entries risk as well). The cache keeps values, not weights: one
/// cache serves one evaluator ([`evaluate_cached`](super::evaluate_cached) is the default
/// one); [`clear`](EvalCache::clear) it before another uses it.
///
/// ```
/// use x88::Board0x88;
/// use x88::search::eval::{EvalCache, evaluate, evaluate_cached};
/// let mut cache = EvalCache::new();
/// let board = Board0x88::default();
/// assert_eq!(evaluate_cached(&board, &mut cache), evaluate(&board));
/// assert_eq!(evaluate_cached(&board, &mut cache), evaluate(&board)); // now from the cache
/// ```
#[derive(Clone)]
pub struct EvalCache {
    pawns: Box<[PawnInfo]>,
    evaluations: Box<[Remembered]>,
}

impl EvalCache {
    /// An empty cache.
    #[must_use]
    pub fn new() -> EvalCache {
        EvalCache {
            pawns: vec![PawnInfo::default(); PAWN_ENTRIES].into_boxed_slice(),
            evaluations: vec![Remembered::default(); EVALUATION_ENTRIES].into_boxed_slice(),
        }
    }

    /// Forgets every entry. Entries never go stale (each is checked against its whole key),
    /// so this is for a caller that wants a search not to depend on earlier ones, as
    /// [`Searcher::clear`](crate::search::Searcher::clear) does.
    pub fn clear(&mut self) {
        self.pawns.fill(PawnInfo::default());
        self.evaluations.fill(Remembered::default());
    }

    /// The evaluation of `board` under `evaluator`'s weights, remembered or worked out and
    /// remembered. Always inlined, with the evaluation itself: the default weights are then
    /// constants in the code, and the code takes the processor features of the function it
    /// is inlined into (see [`evaluate_cached`](super::evaluate_cached)).
    #[inline(always)]
    pub(super) fn evaluation(&mut self, evaluator: &Evaluator, board: &Board0x88) -> i32 {
        let key = board.hash();
        let slot = key as usize & (EVALUATION_ENTRIES - 1);
        let remembered = self.evaluations[slot];
        if remembered.filled && remembered.key == key {
            return remembered.eval;
        }
        let eval = evaluate_with(evaluator, board, self.pawn_info(evaluator, board));
        self.evaluations[slot] = Remembered {
            key,
            eval,
            filled: true,
        };
        eval
    }

    /// The pawn terms of `board` under `evaluator`'s weights, from the cache or worked out
    /// and stored.
    #[inline]
    fn pawn_info(&mut self, evaluator: &Evaluator, board: &Board0x88) -> &mut PawnInfo {
        let pawns = Color::ALL.map(|color| board.pieces(color, PieceKind::Pawn).0);
        // Each side's pawns scrambled by a multiplier of its own before they are combined: a
        // plain shift of one side's set onto the other's gave e.g. a white pawn on e3 and a
        // black one on e7 the same bit, so that the two cancelled out.
        let mixed = (pawns[0].wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ pawns[1])
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The table's size is a power of two: the top bits of the product pick the entry.
        let index = (mixed >> (64 - PAWN_ENTRIES.trailing_zeros())) as usize;
        let entry = &mut self.pawns[index & (PAWN_ENTRIES - 1)];
        // A zeroed entry is right for a board without pawns, the only one whose key it has.
        if entry.pawns != pawns {
            *entry = PawnInfo::compute(board, evaluator);
        }
        entry
    }
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache::new()
    }
}

impl core::fmt::Debug for EvalCache {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EvalCache")
            .field("pawns", &self.pawns.len())
            .field("evaluations", &self.evaluations.len())
            .finish_non_exhaustive()
    }
}
