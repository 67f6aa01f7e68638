//! The perft example's `--compare` mode, run as its users run it: the built binary, at the
//! shallowest depths (`--depth-offset 4`, one round), so that it takes milliseconds. It must
//! check every library's counts before it times anything, time them, and report every count
//! right, in both modes; a perft of a contender that miscounts (as a rewrite of one might)
//! fails here rather than in a benchmark run nobody reads to the end.

use crate::common;

use std::process::Command;

/// Runs `perft --compare --depth-offset 4 --rounds 1` with `extra` flags; returns stdout.
fn compare(extra: &[&str]) -> String {
    let output = Command::new(common::example_binary("perft"))
        .args(["--compare", "--depth-offset", "4", "--rounds", "1"])
        .args(extra)
        .output()
        .expect("the example runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "perft --compare {extra:?}: {}\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn compare_checks_times_and_reports_every_library_with_bulk_counting() {
    let out = compare(&[]);
    assert!(!out.contains("mismatch"), "{out}");
    assert!(out.contains("\nchecked: "), "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("compare bulk: x88 "), "{out}");
    assert!(
        last.contains("shakmaty") && last.contains("cozy-chess"),
        "{out}"
    );
}

#[test]
fn compare_checks_times_and_reports_every_library_with_every_leaf_played() {
    let out = compare(&["--no-bulk"]);
    assert!(!out.contains("mismatch"), "{out}");
    assert!(out.contains("\nchecked: "), "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("compare no-bulk: x88 "), "{out}");
}
