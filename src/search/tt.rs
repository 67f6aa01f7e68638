//! The transposition table: what earlier visits to a position (by any move order) found.
//!
//! A hash table of buckets of four 16-byte entries (one 64-byte cache line per bucket),
//! indexed by the low half of the Zobrist key and checked against the whole key. Each entry
//! keeps the best move, the score with its bound and the search depth (not the static
//! evaluation: the search computes it before it probes, see
//! [`prefetch`](TranspositionTable::prefetch)).
//! Replacement prefers keeping deep entries of the current search: the victim in a full bucket
//! is the entry with the lowest depth, counting an entry from an earlier search (an older
//! generation) as eight plies shallower per search. Mate scores are stored relative to the
//! node (distance to mate from here), not to the root, and converted back on probing.
//!
//! The threads of a search share one table without locks: an entry is two atomic words, the
//! data and the key XOR the data, so that a reader can tell an entry torn by two writers from
//! a whole one (see [`Entry`]). On x86-64 and AArch64 relaxed atomic loads and stores are
//! plain moves, so one thread pays nothing for this.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, Ordering};

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
    /// The depth searched.
    pub depth: i32,
    /// The bound of the score.
    pub bound: Bound,
}

/// One entry: two words written and read without locks, so that several search threads can
/// share the table. `data` packs what was found; `keyed` is the position's full Zobrist key
/// XOR `data`. A reader accepts an entry only if the two words XOR back to its key, so an entry
/// torn by two threads writing at once reads as another position's and is ignored (the
/// lockless scheme of Hyatt and Mann). Both words zero is an empty entry: its depth byte is 0.
#[derive(Default)]
struct Entry {
    keyed: AtomicU64,
    data: AtomicU64,
}

/// The fields of an entry's `data` word.
#[derive(Clone, Copy)]
struct Data {
    mv: Option<Move>,
    score: i16,
    depth: i8,
    /// The bound in the low two bits, the generation above them.
    info: u8,
}

/// The least depth an entry keeps; stored depths are offset so that the byte 0 means empty.
const MIN_DEPTH: i32 = -100;
/// How a missing move is packed: a `u16` that [`Move::from_u16`] reads as no move.
const NO_MOVE: u16 = 0xffff;
/// The depth an empty entry counts as when choosing which entry to replace.
const EMPTY_WORTH: i32 = i8::MIN as i32;
const ENTRIES_PER_BUCKET: usize = 4;
const GENERATION_MASK: u8 = 0x3f;

impl Data {
    fn pack(self) -> u64 {
        let mv = self.mv.map_or(NO_MOVE, Move::to_u16);
        let depth = (i32::from(self.depth) - MIN_DEPTH + 1) as u8;
        // Bits 32 to 47 are unused (they held the static evaluation).
        u64::from(mv)
            | u64::from(self.score as u16) << 16
            | u64::from(depth) << 48
            | u64::from(self.info) << 56
    }

    /// The fields of `word`, or `None` for an empty entry.
    fn unpack(word: u64) -> Option<Data> {
        let depth = (word >> 48) as u8;
        if depth == 0 {
            return None;
        }
        Some(Data {
            mv: Move::from_u16(word as u16),
            score: (word >> 16) as u16 as i16,
            depth: (i32::from(depth) + MIN_DEPTH - 1) as i8,
            info: (word >> 56) as u8,
        })
    }

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

impl Entry {
    /// What the entry holds for `key`, if anything.
    fn read(&self, key: u64) -> Option<Data> {
        let data = self.data.load(Ordering::Relaxed);
        let keyed = self.keyed.load(Ordering::Relaxed);
        if keyed ^ data != key {
            return None;
        }
        Data::unpack(data)
    }

    /// The entry's contents whatever its key, for choosing a victim.
    fn peek(&self) -> Option<Data> {
        Data::unpack(self.data.load(Ordering::Relaxed))
    }

    fn write(&self, key: u64, data: Data) {
        let data = data.pack();
        self.keyed.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }

    fn clear(&self) {
        self.keyed.store(0, Ordering::Relaxed);
        self.data.store(0, Ordering::Relaxed);
    }
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; ENTRIES_PER_BUCKET]);

/// The transposition table, shared by reference between the threads of one search: probing
/// and storing take `&self`.
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

/// Asks the kernel to back the memory reserved in `buckets` with huge pages (2 MiB on
/// x86-64 and AArch64 with 4 KiB pages), where it hands them out only on request, as Linux
/// does in its `transparent_hugepage` setting `madvise` (Ubuntu's, and this project's test
/// machines'). A probe at a random bucket then seldom misses the processor's
/// address-translation cache: with 4 KiB pages a 16 MiB table spans 4,096 of them, and each
/// miss walks the page tables before the bucket can even be fetched (the prefetch waits for
/// that walk too). `uci bench` runs about 6 % faster with the table on huge pages, the same
/// tree (docs/strength.md). A hint: a refusal changes nothing but the speed. Returns whether
/// the kernel took it (false where nothing was asked: a table smaller than a huge page, or
/// other systems than Linux on those two architectures with `std`).
#[cfg(all(
    feature = "std",
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
fn advise_huge_pages(buckets: &Vec<Bucket>) -> bool {
    // The C library's `madvise`, which every program linked with `std` on Linux has; declared
    // here rather than through the `libc` crate, for one call. `MADV_HUGEPAGE` is 14 on both
    // architectures (the kernel's `asm-generic/mman-common.h`).
    #[allow(unsafe_code)]
    unsafe extern "C" {
        fn madvise(
            addr: *mut core::ffi::c_void,
            length: usize,
            advice: core::ffi::c_int,
        ) -> core::ffi::c_int;
    }
    const MADV_HUGEPAGE: core::ffi::c_int = 14;
    // Only the 2 MiB windows wholly inside the reservation can be backed by huge pages, so the
    // range asked about is those windows: inside the allocation, and aligned to any page size
    // up to 2 MiB.
    const HUGE: usize = 2 << 20;
    let first = buckets.as_ptr() as usize;
    let bytes = buckets.capacity() * core::mem::size_of::<Bucket>();
    let start = first.next_multiple_of(HUGE);
    let end = (first + bytes) & !(HUGE - 1);
    if start >= end {
        return false;
    }
    // SAFETY: madvise with MADV_HUGEPAGE reads and writes no memory of the program; it marks
    // the pages of the range, which lies inside the allocation of `buckets`, as worth backing
    // with huge pages.
    #[allow(unsafe_code)]
    let result = unsafe { madvise(start as *mut core::ffi::c_void, end - start, MADV_HUGEPAGE) };
    result == 0
}

/// [`advise_huge_pages`] where there is nothing to ask.
#[cfg(not(all(
    feature = "std",
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
fn advise_huge_pages(_buckets: &Vec<Bucket>) -> bool {
    false
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
        // Before the first write: the kernel backs a page with a huge one when it is first
        // touched, not later (but slowly, in the background).
        let _ = advise_huge_pages(&buckets);
        buckets.resize_with(count, Bucket::default);
        TranspositionTable {
            buckets,
            generation: 0,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for entry in self.buckets.iter().flat_map(|b| &b.0) {
            entry.clear();
        }
        self.generation = 0;
    }

    /// Starts a new search: entries stored from now on are younger than the earlier ones.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & GENERATION_MASK;
    }

    fn bucket(&self, key: u64) -> Option<&Bucket> {
        // The low half of the key, scaled to the bucket count (no power of two needed).
        let index = ((key & 0xffff_ffff) * self.buckets.len() as u64) >> 32;
        self.buckets.get(index as usize)
    }

    /// Starts loading the bucket of `key` into the cache without waiting for it, so that
    /// a [`probe`](TranspositionTable::probe) of `key` after some other work finds it there.
    ///
    /// The search calls it as soon as a move is made (the main search as soon as the move is
    /// picked, by [`Board0x88::hash_after`](crate::Board0x88::hash_after)) and evaluates the
    /// child before probing its entry: a bucket is seldom in the cache, and at 16 MiB its
    /// first load took a third of the search's time. `bench` runs 15 % faster for it, the
    /// same tree (docs/strength.md, "Where the third goes"); prefetching alone gains a few
    /// per cent, evaluating first alone nothing. On targets other than x86-64, it does
    /// nothing.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
        #[cfg(target_arch = "x86_64")]
        if let Some(bucket) = self.bucket(key) {
            // SAFETY: `prefetch` is an SSE instruction, which every x86-64 processor has; it
            // is a hint that reads nothing into the program and cannot fault, and the address
            // is that of a live bucket in any case.
            #[allow(unsafe_code)]
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                    core::ptr::from_ref(bucket).cast(),
                );
            }
        }
    }

    /// The entry for `key`, scores adjusted for a node at `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        self.bucket(key)?
            .0
            .iter()
            .find_map(|e| e.read(key))
            .map(|e| Hit {
                mv: e.mv,
                score: score_from_tt(i32::from(e.score), ply),
                depth: i32::from(e.depth),
                bound: e.bound(),
            })
    }

    /// Stores what a search of the position `key` at `ply` found.
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let Some(bucket) = self.bucket(key) else {
            return;
        };
        let (slot, old) = match bucket
            .0
            .iter()
            .find_map(|e| e.read(key).map(|data| (e, Some(data))))
        {
            Some(same) => same,
            None => {
                // The victim: the entry worth least, shallow and old. An empty one counts as
                // the shallowest depth of generation 0.
                let mut victim = &bucket.0[0];
                let mut lowest = i32::MAX;
                for e in &bucket.0 {
                    let (depth, born) = e
                        .peek()
                        .map_or((EMPTY_WORTH, 0), |d| (i32::from(d.depth), d.generation()));
                    let age = generation.wrapping_sub(born) & GENERATION_MASK;
                    let worth = depth - 8 * i32::from(age);
                    if worth < lowest {
                        lowest = worth;
                        victim = e;
                    }
                }
                (victim, None)
            }
        };
        // Keep a deeper entry of the same position unless the new result is exact or the old
        // one is from an earlier search.
        if let Some(old) = old {
            if bound != Bound::Exact
                && i32::from(old.depth) > depth + 2
                && old.generation() == generation
            {
                return;
            }
        }
        let bound_bits = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        slot.write(
            key,
            Data {
                mv: mv.or_else(|| old.and_then(|o| o.mv)),
                score: score_to_tt(score, ply).clamp(-32_000, 32_000) as i16,
                depth: depth.clamp(MIN_DEPTH, 127) as i8,
                info: generation << 2 | bound_bits,
            },
        );
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
        tt.store(board.hash(), 0, Some(mv), 37, 5, Bound::Lower);
        let hit = tt.probe(board.hash(), 0).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.depth, hit.bound),
            (Some(mv), 37, 5, Bound::Lower)
        );
        // Another key is not found, and storing without a move keeps the old move.
        assert_eq!(tt.probe(board.hash() ^ 1 << 40, 0), None);
        tt.store(board.hash(), 0, None, -3, 6, Bound::Upper);
        assert_eq!(tt.probe(board.hash(), 0).unwrap().mv, Some(mv));
        tt.clear();
        assert_eq!(tt.probe(board.hash(), 0), None);
    }

    #[test]
    fn prefetching_changes_nothing() {
        // A hint only: whatever the key and the table's size, what a probe finds is the same.
        for megabytes in [0, 1] {
            let tt = TranspositionTable::new(megabytes);
            tt.store(7, 0, None, 21, 3, Bound::Lower);
            for key in [0, 7, u64::MAX, 0x9e37_79b9_7f4a_7c15] {
                let before = tt.probe(key, 0);
                tt.prefetch(key);
                assert_eq!(tt.probe(key, 0), before);
            }
            assert_eq!(tt.probe(7, 0).map(|h| h.score), Some(21));
        }
    }

    /// The kernel's flags of the memory mapping that holds `address`, from
    /// `/proc/self/smaps` (its `VmFlags` line), or `None` if no mapping does.
    #[cfg(all(
        feature = "std",
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    fn mapping_flags(address: usize) -> Option<std::string::String> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        for line in smaps.lines() {
            // A mapping's first line is its range in hex, `start-end perms ...`.
            let range = line
                .split_whitespace()
                .next()
                .and_then(|r| r.split_once('-'));
            if let Some((Ok(start), Ok(end))) =
                range.map(|(s, e)| (usize::from_str_radix(s, 16), usize::from_str_radix(e, 16)))
            {
                inside = (start..end).contains(&address);
            } else if inside {
                if let Some(flags) = line.strip_prefix("VmFlags:") {
                    return Some(flags.into());
                }
            }
        }
        None
    }

    #[cfg(all(
        feature = "std",
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    #[test]
    fn a_large_table_asks_for_huge_pages() {
        // The request itself: where the kernel takes it (not under an emulator that ignores
        // it, nor a kernel without transparent huge pages), the reserved memory is marked `hg`
        // in its mapping's flags, whatever the kernel's setting (`never` included).
        let mut reserved: Vec<Bucket> = Vec::new();
        reserved.reserve_exact(8 << 20 >> 6);
        let middle = reserved.as_ptr() as usize + (4 << 20);
        if !advise_huge_pages(&reserved) {
            return;
        }
        // A sandbox may hide the flags; then there is nothing to read.
        let Some(flags) = mapping_flags(middle) else {
            return;
        };
        assert!(flags.split_whitespace().any(|f| f == "hg"), "flags {flags}");
        // A table asks for its own memory, and is still a table.
        let tt = TranspositionTable::new(8);
        let middle = &tt.buckets[tt.buckets.len() / 2] as *const Bucket as usize;
        let flags = mapping_flags(middle).expect("the table's mapping has flags too");
        assert!(flags.split_whitespace().any(|f| f == "hg"), "flags {flags}");
        tt.store(7, 0, None, 21, 3, Bound::Lower);
        assert_eq!(tt.probe(7, 0).map(|h| h.score), Some(21));
        // A table smaller than a huge page asks for nothing.
        let small: Vec<Bucket> = Vec::with_capacity(1000);
        assert!(!advise_huge_pages(&small));
    }

    #[test]
    fn every_field_survives_packing() {
        let board: Board0x88 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
            .parse()
            .unwrap();
        let generation = GENERATION_MASK;
        for (i, &mv) in board.legal_moves().iter().enumerate() {
            let depth = [MIN_DEPTH, -1, 0, 1, 127][i % 5];
            let data = Data {
                mv: if i % 7 == 0 { None } else { Some(mv) },
                score: [-32_000, -1, 0, 1, 32_000][i % 5],
                depth: depth as i8,
                info: generation << 2 | (i % 3) as u8,
            };
            let word = data.pack();
            assert_eq!(word >> 32 & 0xffff, 0, "bits 32 to 47 are unused");
            let back = Data::unpack(word).expect("a stored entry is not empty");
            assert_eq!(
                (back.mv, back.score, back.depth, back.info),
                (data.mv, data.score, data.depth, data.info)
            );
        }
    }

    #[test]
    fn a_torn_entry_is_no_hit() {
        // Two threads writing one entry at once can leave one's key word beside the other's
        // data word: such an entry answers to no key.
        let tt = TranspositionTable::new(0);
        let key = 0x1234_5678_9abc_def0;
        tt.store(key, 0, None, 11, 3, Bound::Exact);
        assert_eq!(tt.probe(key, 0).map(|h| h.score), Some(11));
        let entry = tt.buckets[0].0.iter().find(|e| e.peek().is_some()).unwrap();
        let other = Data {
            score: 22,
            ..entry.peek().unwrap()
        };
        entry.data.store(other.pack(), Ordering::Relaxed);
        assert_eq!(tt.probe(key, 0), None);
    }

    #[cfg(feature = "std")]
    #[test]
    fn threads_share_the_table() {
        // Four threads store and probe their own keys in one small table at once: every hit
        // is a key's own entry, never another's or a torn one.
        let tt = TranspositionTable::new(1);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    for i in 0..100_000u64 {
                        let key = (thread << 60 | i).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        let score = (key % 1000) as i32;
                        tt.store(key, 0, None, score, (i % 20) as i32, Bound::Exact);
                        if let Some(hit) = tt.probe(key, 0) {
                            assert_eq!(hit.score, score);
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        // Found at ply 3: mate at ply 7 from the root, so mate in 4 plies from the node.
        tt.store(42, 3, None, MATE - 7, 4, Bound::Exact);
        // Seen again at ply 5 (another move order): mate at ply 9 from the root.
        assert_eq!(tt.probe(42, 5).unwrap().score, MATE - 9);
        tt.store(43, 2, None, -(MATE - 6), 4, Bound::Exact);
        assert_eq!(tt.probe(43, 0).unwrap().score, -(MATE - 4));
        tt.store(44, 9, None, 150, 4, Bound::Exact);
        assert_eq!(tt.probe(44, 1).unwrap().score, 150);
    }

    #[test]
    fn replacement_prefers_depth() {
        // The smallest table: one bucket of four, so every key competes.
        let mut tt = TranspositionTable::new(0);
        for (key, depth) in [(1u64 << 32, 9), (2 << 32, 1), (3 << 32, 7), (4 << 32, 8)] {
            tt.store(key, 0, None, 0, depth, Bound::Exact);
        }
        tt.store(5 << 32, 0, None, 0, 4, Bound::Exact);
        assert!(tt.probe(2 << 32, 0).is_none(), "the shallowest entry goes");
        assert!(tt.probe(1 << 32, 0).is_some() && tt.probe(5 << 32, 0).is_some());
        // After a new search, old entries count as shallower.
        tt.new_search();
        tt.new_search();
        tt.store(6 << 32, 0, None, 0, 2, Bound::Exact);
        assert!(tt.probe(6 << 32, 0).is_some());
    }
}
