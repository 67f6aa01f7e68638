//! The transposition table: what earlier visits to a position (by any move order) found.
//!
//! A hash table of buckets of four 16-byte entries (one cache line per bucket), indexed by the
//! low half of the Zobrist key and checked by its high half. Each entry keeps the best move,
//! the score with its bound, the static evaluation and the search depth. Replacement prefers
//! keeping deep entries of the current search: the victim in a full bucket is the entry with
//! the lowest depth, counting an entry from an earlier search (an older generation) as eight
//! plies shallower per search. Mate scores are stored relative to the node (distance to mate
//! from here), not to the root, and converted back on probing.

use alloc::vec::Vec;

use super::engine::MATE_BOUND;
use crate::Move;

/// How an entry's score relates to the true value of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true value is at least the score (the node failed high).
    Lower,
    /// The true value is at most the score (the node failed low).
    Upper,
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    /// The best move found at the position, if any (it may be illegal on a key collision).
    pub mv: Option<Move>,
    /// The score, adjusted to the probing ply for mates.
    pub score: i32,
    /// The static evaluation.
    pub eval: i32,
    /// The depth searched.
    pub depth: i32,
    /// The bound of the score.
    pub bound: Bound,
}

#[derive(Clone, Copy)]
struct Entry {
    /// The high half of the Zobrist key; 0 with `depth == EMPTY_DEPTH` marks an empty entry.
    check: u32,
    mv: Option<Move>,
    score: i16,
    eval: i16,
    depth: i8,
    /// The bound in the low two bits, the generation above them.
    info: u8,
}

const EMPTY_DEPTH: i8 = i8::MIN;
const ENTRIES_PER_BUCKET: usize = 4;
const GENERATION_MASK: u8 = 0x3f;

impl Entry {
    const EMPTY: Entry = Entry {
        check: 0,
        mv: None,
        score: 0,
        eval: 0,
        depth: EMPTY_DEPTH,
        info: 0,
    };

    fn generation(self) -> u8 {
        self.info >> 2
    }

    fn bound(self) -> Bound {
        match self.info & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Entry; ENTRIES_PER_BUCKET]);

/// The transposition table.
pub(crate) struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl core::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("buckets", &self.buckets.len())
            .field("generation", &self.generation)
            .finish()
    }
}

/// A score as stored: mates counted from the node at `ply`, not from the root.
pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// A stored score as seen from the root, for a node at `ply`.
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

/// The most buckets a table has: the index takes 32 bits of the key (2^32 buckets of 64 bytes
/// would be 256 GiB); on 32-bit targets, whatever `usize` holds.
const MAX_BUCKETS: usize = (u32::MAX as usize).saturating_add(1);

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one bucket).
    ///
    /// A size the allocator refuses is halved until it is granted (one bucket at the least), so
    /// that a too-large request gives a smaller table instead of a panic or an abort.
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.saturating_mul(1 << 20);
        let mut count = (bytes / core::mem::size_of::<Bucket>()).clamp(1, MAX_BUCKETS);
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(count).is_err() && count > 1 {
            count /= 2;
        }
        buckets.resize(count, Bucket([Entry::EMPTY; ENTRIES_PER_BUCKET]));
        TranspositionTable {
            buckets,
            generation: 0,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.buckets
            .fill(Bucket([Entry::EMPTY; ENTRIES_PER_BUCKET]));
        self.generation = 0;
    }

    /// Starts a new search: entries stored from now on are younger than the earlier ones.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
    }

    fn bucket_index(&self, key: u64) -> usize {
        // The low half of the key, scaled to the bucket count (no power of two needed).
        (((key & 0xffff_ffff) * self.buckets.len() as u64) >> 32) as usize
    }

    /// The entry for `key`, scores adjusted for a node at `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let check = (key >> 32) as u32;
        let bucket = self.buckets.get(self.bucket_index(key))?;
        bucket
            .0
            .iter()
            .find(|e| e.check == check && e.depth != EMPTY_DEPTH)
            .map(|e| Hit {
                mv: e.mv,
                score: score_from_tt(i32::from(e.score), ply),
                eval: i32::from(e.eval),
                depth: i32::from(e.depth),
                bound: e.bound(),
            })
    }

    /// Stores what a search of the position `key` at `ply` found.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let check = (key >> 32) as u32;
        let generation = self.generation;
        let index = self.bucket_index(key);
        let Some(bucket) = self.buckets.get_mut(index) else {
            return;
        };
        let slot = match bucket
            .0
            .iter()
            .position(|e| e.check == check && e.depth != EMPTY_DEPTH)
        {
            Some(same) => same,
            None => {
                let mut victim = 0;
                let mut lowest = i32::MAX;
                for (i, e) in bucket.0.iter().enumerate() {
                    let age = i32::from(generation.wrapping_sub(e.generation()) & GENERATION_MASK);
                    let worth = i32::from(e.depth) - 8 * age;
                    if worth < lowest {
                        lowest = worth;
                        victim = i;
                    }
                }
                victim
            }
        };
        let old = bucket.0[slot];
        let same = old.check == check && old.depth != EMPTY_DEPTH;
        // Keep a deeper entry of the same position unless the new result is exact or the old
        // one is from an earlier search.
        if same
            && bound != Bound::Exact
            && i32::from(old.depth) > depth + 2
            && old.generation() == generation
        {
            return;
        }
        let bound_bits = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        bucket.0[slot] = Entry {
            check,
            mv: if mv.is_none() && same { old.mv } else { mv },
            score: score_to_tt(score, ply).clamp(-32_000, 32_000) as i16,
            eval: eval.clamp(-32_000, 32_000) as i16,
            depth: depth.clamp(-100, 127) as i8,
            info: generation << 2 | bound_bits,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board0x88;
    use crate::search::engine::MATE;

    #[test]
    fn store_and_probe() {
        let mut tt = TranspositionTable::new(1);
        let board = Board0x88::default();
        let mv = board.legal_moves()[3];
        assert_eq!(tt.probe(board.hash(), 0), None);
        tt.store(board.hash(), 0, Some(mv), 37, 12, 5, Bound::Lower);
        let hit = tt.probe(board.hash(), 0).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (Some(mv), 37, 12, 5, Bound::Lower)
        );
        // Another key is not found, and storing without a move keeps the old move.
        assert_eq!(tt.probe(board.hash() ^ 1 << 40, 0), None);
        tt.store(board.hash(), 0, None, -3, 12, 6, Bound::Upper);
        assert_eq!(tt.probe(board.hash(), 0).unwrap().mv, Some(mv));
        tt.clear();
        assert_eq!(tt.probe(board.hash(), 0), None);
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let mut tt = TranspositionTable::new(1);
        // Found at ply 3: mate at ply 7 from the root, so mate in 4 plies from the node.
        tt.store(42, 3, None, MATE - 7, 0, 4, Bound::Exact);
        // Seen again at ply 5 (another move order): mate at ply 9 from the root.
        assert_eq!(tt.probe(42, 5).unwrap().score, MATE - 9);
        tt.store(43, 2, None, -(MATE - 6), 0, 4, Bound::Exact);
        assert_eq!(tt.probe(43, 0).unwrap().score, -(MATE - 4));
        tt.store(44, 9, None, 150, 0, 4, Bound::Exact);
        assert_eq!(tt.probe(44, 1).unwrap().score, 150);
    }

    #[test]
    fn replacement_prefers_depth() {
        // The smallest table: one bucket of four, so every key competes.
        let mut tt = TranspositionTable::new(0);
        for (key, depth) in [(1u64 << 32, 9), (2 << 32, 1), (3 << 32, 7), (4 << 32, 8)] {
            tt.store(key, 0, None, 0, 0, depth, Bound::Exact);
        }
        tt.store(5 << 32, 0, None, 0, 0, 4, Bound::Exact);
        assert!(tt.probe(2 << 32, 0).is_none(), "the shallowest entry goes");
        assert!(tt.probe(1 << 32, 0).is_some() && tt.probe(5 << 32, 0).is_some());
        // After a new search, old entries count as shallower.
        tt.new_search();
        tt.new_search();
        tt.store(6 << 32, 0, None, 0, 0, 2, Bound::Exact);
        assert!(tt.probe(6 << 32, 0).is_some());
    }
}
