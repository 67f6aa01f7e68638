//! What an x86 processor can do, asked at run time: whether it has the `popcnt` instruction.
//!
//! A default build may not assume `popcnt` (it is not in the x86-64 baseline), so the bulk
//! counter has a copy compiled for it and takes that copy once [`has_popcnt`] says yes. (The
//! search's evaluation, a client of the public API only, asks `std` as before.) With `std`,
//! the standard library's detection answers (it asks the processor once and keeps the
//! answer); without it, on x86-64, this module asks `cpuid` itself and keeps the answer in an
//! atomic, so a `no_std` build is as fast as a `std` one.

/// Whether this processor has the `popcnt` instruction.
///
/// With `std` the standard library's detection; without it, `cpuid` on x86-64 (asked once)
/// and `false` on 32-bit x86, where `cpuid` itself may be missing.
#[inline]
pub(crate) fn has_popcnt() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(all(not(feature = "std"), target_arch = "x86_64"))]
    {
        popcnt_by_cpuid()
    }
    #[cfg(all(not(feature = "std"), target_arch = "x86"))]
    {
        false
    }
}

/// `cpuid`'s answer for `popcnt` (leaf 1, bit 23 of `ecx`), asked on the first call and kept
/// for the later ones. Two threads may both ask on their first call; they get the same answer.
#[cfg(all(target_arch = "x86_64", any(test, not(feature = "std"))))]
pub(crate) fn popcnt_by_cpuid() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    const UNKNOWN: u8 = 0;
    const ABSENT: u8 = 1;
    const PRESENT: u8 = 2;
    static ANSWER: AtomicU8 = AtomicU8::new(UNKNOWN);

    match ANSWER.load(Ordering::Relaxed) {
        UNKNOWN => {}
        known => return known == PRESENT,
    }
    // SAFETY: every x86-64 processor has `cpuid`, and leaf 1 exists on all of them; the
    // instruction only reads the processor's identification. (`__cpuid` is `unsafe` in the
    // declared rust-version, 1.85, and safe in later ones: hence `unused_unsafe` allowed.)
    #[allow(unsafe_code, unused_unsafe)]
    let features = unsafe { core::arch::x86_64::__cpuid(1) };
    let present = features.ecx & (1 << 23) != 0;
    ANSWER.store(if present { PRESENT } else { ABSENT }, Ordering::Relaxed);
    present
}

#[cfg(test)]
mod tests {
    /// `cpuid`, asked by hand, agrees with the standard library's detection, and asking again
    /// (the kept answer) gives the same.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn cpuid_agrees_with_std() {
        let expected = std::is_x86_feature_detected!("popcnt");
        assert_eq!(super::popcnt_by_cpuid(), expected);
        assert_eq!(super::popcnt_by_cpuid(), expected);
        assert_eq!(super::has_popcnt(), expected);
    }
}
