//! `bench`: the search's signature and its speed.
//!
//! A fixed set of positions, each searched to the same depth from an empty transposition
//! table and empty move-ordering tables. The search is deterministic from there, so the total
//! node count is a signature of its behaviour: a change that leaves it alone did not change
//! what the search does, and a change that moves it did. The count goes in the message of
//! every commit that changes the search (`Bench: <nodes>`), and [`SIGNATURE`] records it for
//! the test that checks it.
//!
//! The last line is `<nodes> nodes <nps> nps`, the form distributed testing frameworks such
//! as OpenBench read.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use x88::Board0x88;
use x88::search::{Limits, Searcher};

/// The depth searched when `bench` is given none.
pub const DEFAULT_DEPTH: u32 = 14;

/// The deepest `bench` depth accepted: deeper ones take hours.
pub const MAX_DEPTH: u32 = 30;

/// The total node count of `bench` at [`DEFAULT_DEPTH`]. A change of the search's behaviour
/// changes it: update it in the same commit, whose message quotes the new figure.
pub const SIGNATURE: u64 = 3_483_382;

/// The transposition table's size for every bench search, whatever the `Hash` option says,
/// so that the signature does not depend on it.
const HASH_MB: usize = 16;

/// The positions, from the opening to the endgame, quiet and tactical: the six positions of
/// the chessprogramming.org perft page, middlegames of common openings, a tactic and
/// endgames of pawns, rooks and queens.
pub const POSITIONS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pp3ppp/2nppn2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7",
    "r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 8",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "8/8/1p2k3/p1p1r1p1/P1P3P1/1P1K4/4R3/8 w - - 0 1",
    "8/8/3k4/8/2Q5/8/5q2/4K3 w - - 0 1",
];

/// What a bench run found: the nodes searched over all positions and the time it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bench {
    /// The nodes searched, summed over the positions: the signature.
    pub nodes: u64,
    /// The time the searches took.
    pub elapsed: Duration,
}

impl Bench {
    /// Nodes per second (searches that took no measurable time count as one microsecond).
    #[must_use]
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        u64::try_from(u128::from(self.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
    }

    /// The last line of the output, as testing frameworks read it.
    #[must_use]
    pub fn summary(&self) -> String {
        format!("{} nodes {} nps", self.nodes, self.nps())
    }

    /// At the default depth, a reminder when the count is not the recorded [`SIGNATURE`]:
    /// the search's behaviour changed, so the commit must say so and update it.
    #[must_use]
    pub fn signature_note(&self, depth: u32) -> Option<String> {
        (depth == DEFAULT_DEPTH && self.nodes != SIGNATURE).then(|| {
            format!(
                "the signature {} is not the recorded {SIGNATURE} (bench.rs): if the search \
                 changed, record it and quote it in the commit message",
                self.nodes
            )
        })
    }
}

/// The depth a `bench` argument asks for: none gives [`DEFAULT_DEPTH`]; anything but a
/// number from 1 to [`MAX_DEPTH`] is an error, with the reason.
pub fn parse_depth(argument: Option<&str>) -> Result<u32, String> {
    let Some(text) = argument else {
        return Ok(DEFAULT_DEPTH);
    };
    match text.parse::<u32>() {
        Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => Ok(depth),
        _ => Err(format!(
            "bench depth '{text}' is not a number from 1 to {MAX_DEPTH}"
        )),
    }
}

/// Searches every position of [`POSITIONS`] to `depth` and returns the total; `report` gets
/// one line per position (its number, depth, nodes and best move) as each search ends.
pub fn run(depth: u32, mut report: impl FnMut(String)) -> Bench {
    let mut searcher = Searcher::new(HASH_MB);
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(depth);
    let mut nodes = 0;
    let mut elapsed = Duration::ZERO;
    for (index, fen) in POSITIONS.iter().enumerate() {
        let board = Board0x88::from_fen(fen).expect("the bench positions are valid FEN");
        // Each position as a new game: the signature does not depend on the order.
        searcher.clear();
        let started = Instant::now();
        let result = searcher.search(&board, &[], &limits, &stop, &started, |_| {});
        elapsed += started.elapsed();
        nodes += result.nodes;
        let best = result
            .best_move
            .map_or_else(|| "(none)".to_owned(), |mv| board.uci(mv).to_string());
        report(format!(
            "position {}/{} depth {depth} nodes {} bestmove {best}",
            index + 1,
            POSITIONS.len(),
            result.nodes
        ));
    }
    Bench { nodes, elapsed }
}

/// `bench [depth]` from the command line (`uci bench`): the bench searches, a line for each
/// position, then the summary line; an error (with the reason) for more than one argument or
/// a depth that is not a number from 1 to the bench's deepest.
pub fn command(args: &[String], out: &mut impl Write) -> Result<(), String> {
    let depth = match args {
        [] => parse_depth(None)?,
        [depth] => parse_depth(Some(depth))?,
        _ => return Err("bench takes at most one argument, the depth".to_owned()),
    };
    let mut write_error = None;
    let bench = run(depth, |line| {
        if let Err(e) = writeln!(out, "{line}") {
            write_error.get_or_insert(e);
        }
    });
    if let Some(note) = bench.signature_note(depth) {
        if let Err(e) = writeln!(out, "{note}") {
            write_error.get_or_insert(e);
        }
    }
    writeln!(out, "{}", bench.summary())
        .and_then(|()| out.flush())
        .map_err(|e| write_error.unwrap_or(e).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_argument() {
        assert_eq!(parse_depth(None), Ok(DEFAULT_DEPTH));
        assert_eq!(parse_depth(Some("7")), Ok(7));
        assert_eq!(parse_depth(Some(&MAX_DEPTH.to_string())), Ok(MAX_DEPTH));
        for bad in ["0", "31", "-3", "x", "", "99999999999"] {
            assert!(parse_depth(Some(bad)).is_err(), "{bad}");
        }
    }

    /// The search's behaviour is what was recorded: a change that moves the count must update
    /// [`SIGNATURE`] (and say so in its commit message). Two runs agree, so the count is a
    /// property of the code, not of the run.
    #[test]
    fn signature_is_recorded_and_stable() {
        let first = run(DEFAULT_DEPTH, |_| {});
        assert_eq!(
            first.nodes, SIGNATURE,
            "update SIGNATURE if the search changed"
        );
        assert_eq!(first.signature_note(DEFAULT_DEPTH), None);
        let mut lines = Vec::new();
        let second = run(DEFAULT_DEPTH, |line| lines.push(line));
        assert_eq!(second.nodes, first.nodes);
        assert_eq!(lines.len(), POSITIONS.len());
        assert!(
            lines[0].starts_with("position 1/12 depth 14 nodes "),
            "{}",
            lines[0]
        );
    }

    #[test]
    fn a_different_count_is_pointed_out() {
        let changed = Bench {
            nodes: SIGNATURE + 1,
            elapsed: Duration::from_secs(1),
        };
        let note = changed.signature_note(DEFAULT_DEPTH).expect("a note");
        assert!(note.contains(&(SIGNATURE + 1).to_string()), "{note}");
        assert_eq!(changed.signature_note(DEFAULT_DEPTH - 1), None);
    }

    #[test]
    fn command_line() {
        let mut out = Vec::new();
        command(&["3".to_owned()], &mut out).expect("bench 3 runs");
        let text = String::from_utf8(out).expect("UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), POSITIONS.len() + 1, "{text}");
        let nodes = run(3, |_| {}).nodes;
        assert!(
            lines[POSITIONS.len()].starts_with(&format!("{nodes} nodes ")),
            "{text}"
        );
        for bad in [&["0"][..], &["3", "4"], &["three"]] {
            let args: Vec<String> = bad.iter().map(|&arg| arg.to_owned()).collect();
            let mut out = Vec::new();
            assert!(command(&args, &mut out).is_err(), "{bad:?}");
            assert!(out.is_empty(), "{bad:?}");
        }
    }

    #[test]
    fn summary_line() {
        let bench = Bench {
            nodes: 3_000_000,
            elapsed: Duration::from_millis(1500),
        };
        assert_eq!(bench.summary(), "3000000 nodes 2000000 nps");
        let instant = Bench {
            nodes: 5,
            elapsed: Duration::ZERO,
        };
        assert_eq!(instant.nps(), 5_000_000);
    }
}
