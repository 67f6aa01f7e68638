//! `fen`: arbitrary text as a FEN, read in all four modes (strict, lenient, Chess960, lenient
//! Chess960). Every read must return instead of panicking, and every board it accepts must
//! print a FEN that reads back as the same board (same hash, same text), keep its hash equal to
//! `compute_hash()`, and generate moves that make/unmake cleanly and round-trip through SAN and
//! UCI (see `check_position`). A FEN the strict reader takes, the lenient one takes too, as the
//! same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use x88::{Board0x88, FenOptions};
use x88_fuzz::check_position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for chess960 in [false, true] {
        let strict = FenOptions {
            chess960,
            lenient: false,
        };
        let lenient = FenOptions {
            chess960,
            lenient: true,
        };
        let strict_read = Board0x88::from_fen_with(text, strict);
        let lenient_read = Board0x88::from_fen_with(text, lenient);
        match (&strict_read, &lenient_read) {
            (Ok(s), Ok(l)) => assert!(s == l, "strict and lenient boards differ for {text:?}"),
            (Ok(_), Err(err)) => panic!("strict took {text:?}, lenient refused it: {err}"),
            _ => {}
        }
        // A strict board is also the lenient one, so the costly notation checks (SAN and UCI
        // round trip of every legal move) run on the lenient reading only.
        for (read, options, notation) in
            [(strict_read, strict, false), (lenient_read, lenient, true)]
        {
            match read {
                Ok(board) => check_position(&board, options, notation),
                Err(err) => drop(err.to_string()),
            }
        }
    }
    // The shorthands agree with `from_fen_with`.
    assert_eq!(
        Board0x88::from_fen(text),
        Board0x88::from_fen_with(text, FenOptions::default())
    );
    assert_eq!(text.parse::<Board0x88>(), Board0x88::from_fen(text));
    assert_eq!(
        Board0x88::from_fen_lenient(text),
        Board0x88::from_fen_with(
            text,
            FenOptions {
                chess960: false,
                lenient: true
            }
        )
    );
    assert_eq!(
        Board0x88::from_fen_chess960(text),
        Board0x88::from_fen_with(
            text,
            FenOptions {
                chess960: true,
                lenient: false
            }
        )
    );
});
