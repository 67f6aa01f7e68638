//! `--epd FILE`: checking every count of a perft suite.

use std::fs;
use std::io::Write;
use std::time::Instant;

use x88::epd::Epd;
use x88::{Board0x88, FenOptions};

use crate::count::Counter;
use crate::{Error, MAX_DEPTH, bad, mnps};

/// One position of a suite with its expected counts.
struct Entry {
    /// The line number in the file, from 1.
    line: usize,
    fen: String,
    board: Board0x88,
    /// `(depth, expected nodes)` pairs.
    counts: Vec<(u32, u64)>,
}

/// Checks every count of the suite at `path` up to `max_nodes`; returns whether all matched.
pub fn run(
    out: &mut impl Write,
    path: &str,
    max_nodes: u64,
    chess960: bool,
    counter: &Counter,
) -> Result<bool, Error> {
    let text = fs::read_to_string(path).map_err(|e| bad(format!("cannot read {path}: {e}")))?;
    let options = FenOptions {
        chess960,
        lenient: true,
    };
    let entries = parse_suite(&text, options).map_err(|e| bad(format!("{path}:{e}")))?;

    let start = Instant::now();
    let (mut passed, mut total, mut nodes) = (0u64, 0u64, 0u64);
    for entry in &entries {
        for &(depth, expected) in entry.counts.iter().filter(|(_, n)| *n <= max_nodes) {
            let mut board = entry.board;
            let got = counter.perft(&mut board, depth).map_err(Error::Failed)?;
            total += 1;
            nodes = nodes.saturating_add(got);
            if got == expected {
                passed += 1;
            } else {
                writeln!(
                    out,
                    "mismatch line {} fen \"{}\" depth {depth} expected {expected} got {got}",
                    entry.line, entry.fen
                )?;
            }
        }
    }
    let elapsed = start.elapsed();
    writeln!(
        out,
        "epd {passed}/{total} counts passed, {nodes} nodes, {:.3} s, {:.2} Mnps",
        elapsed.as_secs_f64(),
        mnps(nodes, elapsed)
    )?;
    Ok(passed == total)
}

/// Parses a whole suite; an error reads `<line>: <reason>`.
fn parse_suite(text: &str, options: FenOptions) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = parse_entry(number, line, options).map_err(|e| format!("{number}: {e}"))?;
        entries.push(entry);
    }
    Ok(entries)
}

/// Parses one suite line, `FEN ;D1 n ;D2 n ...`, numbered `number`, with `x88::epd`.
fn parse_entry(number: usize, line: &str, options: FenOptions) -> Result<Entry, String> {
    let epd = Epd::parse_with(line, options).map_err(|e| e.to_string())?;
    let counts: Vec<(u32, u64)> = epd.perft_counts().collect();
    // A depth the perft example cannot search is an error of the file, not a count to skip.
    if let Some(&(depth, _)) = counts.iter().find(|&&(depth, _)| depth > MAX_DEPTH) {
        let column = epd
            .operations()
            .find(|op| op.opcode() == format!("D{depth}"))
            .map_or(1, |op| op.column());
        return Err(format!(
            "column {column}: D{depth} is too deep (at most {MAX_DEPTH})"
        ));
    }
    Ok(Entry {
        line: number,
        fen: epd.board().fen().to_string(),
        board: *epd.board(),
        counts,
    })
}
