//! `--compare`: x88, shakmaty and cozy-chess timed side by side on the six chessprogramming.org
//! perft positions, single thread, no hashing, in one process.
//!
//! Every library's count is first checked against the known one at two plies less; then each
//! round times every position with each library in turn, one root move's subtree at a time
//! (the host's speed drifts within seconds, so each library gets its share of every fast and
//! slow stretch), starting with a different library from one slice, position and round to the
//! next so that none always runs first (or last, after a warm cache). Each timed count (the
//! sum over the slices) is checked too. The report gives, per position and in total,
//! each library's median Mnps over the rounds and the ratio of x88's median to each other's
//! (above 1: x88 is faster). The total of a round is all its nodes over all its time. The
//! "paired" ratio is the median over the rounds of the ratio of the two libraries' totals in
//! the same round, which the drift of the host's speed from round to round does not skew.
//!
//! In one process, but what separate processes measure: each library's perft is written as
//! its own perft is (see `contenders.rs`), and the timing in slices with the libraries taking
//! turns changes no library's speed (the same perft of cozy-chess timed whole or slice by
//! slice, each alone in a process, ran equally fast). Alternating x88's perft binary with
//! cozy-chess's own, each in a process of its own (`separate.py` beside this file does it),
//! gives the same ratios as this mode, within a percent or two in total and per position;
//! docs/performance.md ("In one process and in separate ones") has the runs. Every leaf
//! played (`--no-bulk`) is this harness's own mode: the leaves are played in a loop of their
//! own and passed through `black_box` in every library, which cozy-chess's own example does
//! not do.

use std::io::{self, Write};
use std::time::Instant;

use crate::contenders::{Boards, Library, POSITIONS, Position};
use crate::{Error, mnps_of};

/// What `--compare` runs.
pub struct Settings {
    /// Bulk counting at depth 1, or every leaf move played (`--no-bulk`).
    pub bulk: bool,
    /// The timed rounds; medians are reported.
    pub rounds: u32,
    /// How many plies less than the full depth each position is searched.
    pub depth_offset: u32,
}

/// The largest `--depth-offset`: the shallowest position of the comparison then searches 1 ply.
pub fn max_depth_offset() -> u32 {
    POSITIONS
        .iter()
        .map(Position::full_depth)
        .min()
        .unwrap_or(1)
        - 1
}

/// A position ready to run: its boards in each library, the depth and the known count.
struct Case {
    position: &'static Position,
    boards: Boards,
    depth: u32,
    nodes: u64,
}

const LIBRARIES: usize = Library::ALL.len();

/// Runs the comparison; returns whether every count was right.
pub fn run(out: &mut impl Write, settings: &Settings) -> Result<bool, Error> {
    let mut cases = Vec::new();
    for position in &POSITIONS {
        let boards = Boards::new(position.fen)
            .map_err(|e| Error::Failed(format!("{}: {e}", position.name)))?;
        let depth = position
            .full_depth()
            .saturating_sub(settings.depth_offset)
            .max(1);
        let nodes = position.expected(depth).unwrap_or_default();
        cases.push(Case {
            position,
            boards,
            depth,
            nodes,
        });
    }
    let mode = if settings.bulk {
        "bulk counting"
    } else {
        "every leaf move played (--no-bulk)"
    };
    writeln!(
        out,
        "compare: {mode}, single thread, no hash, {} rounds",
        settings.rounds
    )?;

    // A benchmark of a wrong move generator is worthless: check every library first.
    let mut all_right = true;
    for case in &cases {
        let depth = case.depth.saturating_sub(2).max(1);
        let expected = case.position.expected(depth).unwrap_or_default();
        for library in Library::ALL {
            let got = case.boards.perft(library, depth, settings.bulk);
            all_right &= check(out, library, case.position, depth, expected, got)?;
        }
    }
    if !all_right {
        writeln!(
            out,
            "compare: a library's count is wrong; nothing was timed"
        )?;
        return Ok(false);
    }
    writeln!(
        out,
        "checked: each library gives the known counts two plies shallower; timing"
    )?;

    // seconds[case][library][round]
    let mut seconds = vec![[const { Vec::new() }; LIBRARIES]; cases.len()];
    for round in 0..settings.rounds as usize {
        let round_start = Instant::now();
        for (index, case) in cases.iter().enumerate() {
            // Timed slice by slice (a subtree of each root move), the libraries taking turns:
            // the host's speed changes within seconds, and so it changes for all three alike.
            let (slices, depth) = if case.depth >= 2 {
                (case.boards.slices(), case.depth - 1)
            } else {
                (vec![case.boards.clone()], case.depth)
            };
            let mut time = [0.0; LIBRARIES];
            let mut nodes = [0; LIBRARIES];
            for (number, slice) in slices.iter().enumerate() {
                for turn in 0..LIBRARIES {
                    let which = (round + index + number + turn) % LIBRARIES;
                    let start = Instant::now();
                    nodes[which] += slice.perft(Library::ALL[which], depth, settings.bulk);
                    time[which] += start.elapsed().as_secs_f64();
                }
            }
            for (which, library) in Library::ALL.into_iter().enumerate() {
                seconds[index][which].push(time[which]);
                let (depth, expected) = (case.depth, case.nodes);
                all_right &= check(out, library, case.position, depth, expected, nodes[which])?;
            }
        }
        write!(out, "round {}/{}:", round + 1, settings.rounds)?;
        let nodes: u64 = cases.iter().map(|case| case.nodes).sum();
        for (which, library) in Library::ALL.iter().enumerate() {
            let time: f64 = seconds
                .iter()
                .map(|by_library| by_library[which][round])
                .sum();
            write!(out, " {} {:.2} Mnps,", library.name(), mnps_of(nodes, time))?;
        }
        writeln!(out, " {:.1} s", round_start.elapsed().as_secs_f64())?;
    }

    report(out, &cases, &seconds, settings.bulk)?;
    Ok(all_right)
}

/// Prints a mismatch line if `got` is not `expected`; returns whether it was.
fn check(
    out: &mut impl Write,
    library: Library,
    position: &Position,
    depth: u32,
    expected: u64,
    got: u64,
) -> Result<bool, Error> {
    if got != expected {
        writeln!(
            out,
            "mismatch {} position {} fen \"{}\" depth {depth} expected {expected} got {got}",
            library.name(),
            position.name,
            position.fen
        )?;
    }
    Ok(got == expected)
}

/// Prints the table of median Mnps and ratios, and the total as the last line.
fn report(
    out: &mut impl Write,
    cases: &[Case],
    seconds: &[[Vec<f64>; LIBRARIES]],
    bulk: bool,
) -> Result<(), Error> {
    write!(out, "{:<10} {:>5} {:>12}", "position", "depth", "nodes")?;
    for library in Library::ALL {
        write!(out, " {:>10}", library.name())?;
    }
    for library in &Library::ALL[1..] {
        write!(out, " {:>14}", format!("x88/{}", library.name()))?;
    }
    writeln!(out, "   (median Mnps)")?;

    for (case, by_library) in cases.iter().zip(seconds) {
        let medians = by_library
            .each_ref()
            .map(|times| median(times.iter().map(|&time| mnps_of(case.nodes, time))));
        let depth = case.depth.to_string();
        row(out, case.position.name, &depth, case.nodes, medians)?;
    }
    let nodes: u64 = cases.iter().map(|case| case.nodes).sum();
    let totals: [f64; LIBRARIES] = std::array::from_fn(|which| {
        let rounds = seconds
            .first()
            .map_or(0, |by_library| by_library[which].len());
        median((0..rounds).map(|round| {
            let time = seconds
                .iter()
                .map(|by_library| by_library[which][round])
                .sum();
            mnps_of(nodes, time)
        }))
    });
    row(out, "total", "", nodes, totals)?;

    // The host's speed drifts between rounds; the ratio of two libraries timed in the same
    // round is steadier than the ratio of their medians taken over different rounds.
    let mut paired = [0.0; LIBRARIES];
    for (which, library) in Library::ALL.iter().enumerate().skip(1) {
        let per_round = round_ratios(seconds, which);
        paired[which] = median(per_round.iter().copied());
        write!(
            out,
            "paired x88/{}: median {:.2} of the rounds' ratios",
            library.name(),
            paired[which]
        )?;
        for value in &per_round {
            write!(out, " {value:.2}")?;
        }
        writeln!(out)?;
    }

    let mode = if bulk { "bulk" } else { "no-bulk" };
    write!(out, "compare {mode}:")?;
    for (library, total) in Library::ALL.iter().zip(totals) {
        write!(out, " {} {total:.2} Mnps,", library.name())?;
    }
    let ratios = Library::ALL[1..].iter().zip(&totals[1..]);
    for (index, (library, total)) in ratios.enumerate() {
        let separator = if index == 0 { "" } else { "," };
        let name = library.name();
        write!(
            out,
            "{separator} x88/{name} {:.2} (paired {:.2})",
            ratio(totals[0], *total),
            paired[index + 1]
        )?;
    }
    writeln!(out)?;
    Ok(())
}

/// Per round, x88's speed over the six positions divided by library `which`'s speed in the
/// same round (both over the same nodes, so the inverse ratio of their times).
fn round_ratios(seconds: &[[Vec<f64>; LIBRARIES]], which: usize) -> Vec<f64> {
    let rounds = seconds.first().map_or(0, |by_library| by_library[0].len());
    (0..rounds)
        .map(|round| {
            let time_of = |library: usize| -> f64 {
                seconds
                    .iter()
                    .map(|by_library| by_library[library][round])
                    .sum()
            };
            ratio(time_of(which), time_of(0))
        })
        .collect()
}

/// One row of the table: a position (or the total), each library's median Mnps, and x88's
/// ratio to each other library.
fn row(
    out: &mut impl Write,
    name: &str,
    depth: &str,
    nodes: u64,
    medians: [f64; LIBRARIES],
) -> io::Result<()> {
    write!(out, "{name:<10} {depth:>5} {nodes:>12}")?;
    for median in medians {
        write!(out, " {median:>10.2}")?;
    }
    for other in &medians[1..] {
        write!(out, " {:>14.2}", ratio(medians[0], *other))?;
    }
    writeln!(out)
}

/// The median of some values (the mean of the middle two for an even number; 0 for none).
fn median(values: impl Iterator<Item = f64>) -> f64 {
    let mut values: Vec<f64> = values.collect();
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// `a / b`, or 0 when `b` is 0.
fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 { a / b } else { 0.0 }
}
