//! Every count of the standard perft suite (tests/data/standard.epd) up to a node limit.
//!
//! The limit is 10,000,000 nodes per count; set `X88_PERFT_MAX_NODES` to raise it for a deep
//! local run (the whole file, 6.68 billion nodes, needs 1000000000).

use x88::Board0x88;

use crate::common;

const STANDARD: &str = common::STANDARD_EPD;

/// Splits the suite into this many tests so that the test harness runs them in parallel.
const CHUNKS: usize = 4;

fn max_nodes() -> u64 {
    match std::env::var("X88_PERFT_MAX_NODES") {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("X88_PERFT_MAX_NODES={text:?} is not a number")),
        Err(_) => 10_000_000,
    }
}

/// Runs the counts of the lines `i` with `i % CHUNKS == chunk`; returns how many it checked.
fn run_chunk(chunk: usize) -> usize {
    let limit = max_nodes();
    let mut checked = 0;
    let mut failures = Vec::new();
    for (number, line) in STANDARD
        .lines()
        .enumerate()
        .filter(|(i, _)| i % CHUNKS == chunk)
    {
        let (fen, counts) = common::parse_epd_line(line);
        let mut board = Board0x88::from_fen_lenient(fen)
            .unwrap_or_else(|e| panic!("line {}: {fen}: {e}", number + 1));
        let label = format!("line {}: {fen}", number + 1);
        checked += common::check_counts(&mut board, &counts, limit, &label, &mut failures);
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn standard_suite_part_0() {
    assert!(run_chunk(0) > 0);
}

#[test]
fn standard_suite_part_1() {
    assert!(run_chunk(1) > 0);
}

#[test]
fn standard_suite_part_2() {
    assert!(run_chunk(2) > 0);
}

#[test]
fn standard_suite_part_3() {
    assert!(run_chunk(3) > 0);
}

#[test]
fn the_suite_is_all_there() {
    assert_eq!(STANDARD.lines().count(), 131);
    let counts: usize = STANDARD
        .lines()
        .map(|l| common::parse_epd_line(l).1.len())
        .sum();
    assert_eq!(counts, 784);
}

#[test]
fn every_line_but_the_impossible_check_parses_strictly() {
    for (number, line) in STANDARD.lines().enumerate() {
        let (fen, _) = common::parse_epd_line(line);
        let strict = Board0x88::from_fen(fen);
        if number + 1 == 51 {
            let Err(x88::FenError::InvalidPosition(error)) = strict else {
                panic!("line 51 must be refused as a position: {strict:?}");
            };
            assert!(error.problems().eq([x88::Problem::ImpossibleCheck]));
        } else {
            let board = strict.unwrap_or_else(|e| panic!("line {}: {fen}: {e}", number + 1));
            assert_eq!(board.fen().to_string(), fen, "line {}", number + 1);
        }
    }
}
