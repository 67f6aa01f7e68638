//! A transposition table for perft: subtree counts keyed by Zobrist hash and depth.
//!
//! The table is shared by every thread without locks. Each slot is two atomic words, `check`
//! and `data`, written one after the other with `check = key ^ data` (the "lockless hashing"
//! XOR trick). A reader accepts a slot only if `check ^ data` gives back its key, so a slot torn
//! by two threads writing at once reads as a miss, never as a wrong count.
//!
//! The key is the position's Zobrist hash mixed with the remaining depth, and the depth is
//! stored in the slot and checked again on a hit: a count is never returned for another depth
//! of the same position. The table has a power-of-two number of buckets of two slots: the
//! first keeps the deepest subtree seen (depth-preferred), the second takes everything else
//! (always replace).

use std::sync::atomic::{AtomicU64, Ordering};

/// The low bits of `data` hold the depth; the count is shifted above them.
const DEPTH_BITS: u32 = 8;
const DEPTH_MASK: u64 = (1 << DEPTH_BITS) - 1;
/// The largest count a slot can hold; larger subtrees are not stored.
const MAX_COUNT: u64 = u64::MAX >> DEPTH_BITS;

/// One stored count, readable and writable by every thread at once.
#[derive(Default)]
struct Slot {
    /// `key ^ data`.
    check: AtomicU64,
    /// `count << DEPTH_BITS | depth`; 0 (depth 0) when empty, and depth 0 is never stored.
    data: AtomicU64,
}

impl Slot {
    /// The count stored here for `key` at `depth`, if any.
    fn read(&self, key: u64, depth: u32) -> Option<u64> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (check ^ data == key && data & DEPTH_MASK == u64::from(depth)).then_some(data >> DEPTH_BITS)
    }

    /// The depth of the count stored here (0 when empty).
    fn depth(&self) -> u64 {
        self.data.load(Ordering::Relaxed) & DEPTH_MASK
    }

    fn write(&self, key: u64, data: u64) {
        self.check.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// Two slots sharing a cache line: depth-preferred, then always-replace.
#[derive(Default)]
#[repr(align(32))]
struct Bucket([Slot; 2]);

/// The perft transposition table.
pub struct Table {
    buckets: Vec<Bucket>,
    /// `buckets.len() - 1`; the length is a power of two.
    mask: u64,
}

impl Table {
    /// The size in bytes of one bucket.
    const BUCKET_BYTES: usize = size_of::<Bucket>();

    /// A table of at most `megabytes` MiB (the largest power-of-two number of buckets that
    /// fits), or an error if that memory cannot be had.
    pub fn new(megabytes: u64) -> Result<Table, String> {
        let bytes = megabytes
            .checked_mul(1 << 20)
            .and_then(|bytes| usize::try_from(bytes).ok())
            .ok_or_else(|| format!("a {megabytes} MB table does not fit in memory"))?;
        let wanted = (bytes / Self::BUCKET_BYTES).max(1);
        // The largest power of two that is at most `wanted`.
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(len)
            .map_err(|e| format!("cannot allocate a {megabytes} MB hash table: {e}"))?;
        buckets.resize_with(len, Bucket::default);
        Ok(Table {
            buckets,
            mask: len as u64 - 1,
        })
    }

    /// The key of a position at a depth: its Zobrist hash mixed with the depth, so that the
    /// counts of one position at several depths go to different buckets.
    fn key(hash: u64, depth: u32) -> u64 {
        hash ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // The mask keeps the index below the length, which fits in usize.
        &self.buckets[(key & self.mask) as usize]
    }

    /// The count stored for the position with Zobrist hash `hash` at `depth`, if any.
    pub fn probe(&self, hash: u64, depth: u32) -> Option<u64> {
        let key = Self::key(hash, depth);
        let Bucket(slots) = self.bucket(key);
        slots.iter().find_map(|slot| slot.read(key, depth))
    }

    /// Stores `count` for the position with Zobrist hash `hash` at `depth` (1 to 255).
    pub fn store(&self, hash: u64, depth: u32, count: u64) {
        if count > MAX_COUNT || depth == 0 || u64::from(depth) > DEPTH_MASK {
            return;
        }
        let key = Self::key(hash, depth);
        let data = count << DEPTH_BITS | u64::from(depth);
        let Bucket([deep, recent]) = self.bucket(key);
        if u64::from(depth) >= deep.depth() {
            deep.write(key, data);
        } else {
            recent.write(key, data);
        }
    }
}
