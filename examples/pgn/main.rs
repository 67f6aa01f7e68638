//! Reads a PGN file of any size and replays every game with x88: a tool writer's starting
//! point, and a check of a PGN file.
//!
//! ```text
//! cargo run --release --example pgn -- FILE [--quiet]
//! ```
//!
//! The file is streamed through a buffered reader (memory stays flat for a file of any size
//! and lines of any length; see `reader.rs`), and each game is replayed as it is read (see
//! `replay.rs`): its SAN moves from the start position, or from its `[FEN "..."]` tag
//! (with or without `[SetUp "1"]`), in Chess960 with `[Variant "Chess960"]`. Variations are
//! replayed too, from the position before the move they replace.
//!
//! Each game that fails is reported on stdout when it is read, with its first error only:
//!
//! ```text
//! game 17 (line 402): move 23... Qxh7: illegal
//! ```
//!
//! (or `ambiguous`, `not a move`, a malformed tag, an unterminated comment, a byte that
//! cannot be there, a bad FEN, a null move `--`, which is not supported...). Warnings do not
//! fail a game: a `Result` tag that disagrees with the termination marker, a mate or stalemate
//! on the board that disagrees with the result, a game without a termination marker:
//!
//! ```text
//! warning: game 5 (line 90): the board says white wins by checkmate (1-0) but the result is 1/2-1/2
//! ```
//!
//! The report ends with the totals: games (replayed, failed), plies, results, comments,
//! variations, annotations, and the time taken with games per second. When stderr is a
//! terminal (and without `--quiet`), a progress line there is updated every second: bytes read
//! of the total, games, games per second.
//!
//! Exit status: 0 when every game was replayed, 1 when some were not, 2 when the file cannot
//! be read (or for a bad command line), reported as one line on stderr starting with `x88: `.

mod reader;
mod replay;

use std::env;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use reader::{GameResult, Lexer};
use replay::{Fatal, Totals};

const USAGE: &str = "usage: pgn FILE [--quiet]";

/// The reader's buffer: large enough that a read is rare, small enough not to matter.
const BUFFER: usize = 256 * 1024;

/// How often the progress line is updated.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

fn main() -> ExitCode {
    let mut path = None;
    let mut quiet = false;
    for arg in env::args().skip(1) {
        match arg.as_str() {
            "--quiet" | "-q" => quiet = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if path.is_none() && !arg.starts_with('-') => path = Some(arg),
            _ => return usage_error(&format!("unexpected argument '{arg}'")),
        }
    }
    let Some(path) = path else {
        return usage_error("no FILE given");
    };
    match run(&path, quiet) {
        Ok(totals) if totals.failed == 0 => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(message) => {
            eprintln!("x88: {message}");
            ExitCode::from(2)
        }
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("x88: {message}\n{USAGE}");
    ExitCode::from(2)
}

/// Replays the file at `path`, writing the report to stdout.
fn run(path: &str, quiet: bool) -> Result<Totals, String> {
    let file = File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut lexer = Lexer::new(BufReader::with_capacity(BUFFER, file));
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let start = Instant::now();
    let mut progress = Progress::new(size, !quiet && io::stderr().is_terminal());
    let result = replay::replay(&mut lexer, &mut out, |offset, totals| {
        progress.update(offset, totals)
    });
    progress.clear();
    let totals = match result {
        Ok(totals) => totals,
        Err(Fatal::Read(line, e)) => return Err(format!("cannot read {path} (line {line}): {e}")),
        Err(Fatal::Write(e)) => return Err(format!("cannot write the report: {e}")),
    };
    summary(&mut out, &totals, lexer.offset(), start.elapsed())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write the report: {e}"))?;
    Ok(totals)
}

/// Writes the totals, the last lines of the report.
fn summary(out: &mut impl Write, t: &Totals, bytes: u64, elapsed: Duration) -> io::Result<()> {
    let seconds = elapsed.as_secs_f64().max(1e-9);
    writeln!(
        out,
        "games {} (replayed {}, failed {}), warnings {}",
        t.games,
        t.games - t.failed,
        t.failed,
        t.warnings
    )?;
    writeln!(
        out,
        "plies {} in main lines, {} in variations",
        t.plies, t.variation_plies
    )?;
    write!(out, "results")?;
    for result in GameResult::ALL {
        write!(out, " {} {},", result.as_str(), t.results[result.index()])?;
    }
    writeln!(out, " none {}", t.no_result)?;
    writeln!(
        out,
        "comments {}, variations {}, annotations {}",
        t.comments, t.variations, t.annotations
    )?;
    writeln!(
        out,
        "time {seconds:.3} s, {bytes} bytes, {:.0} games/s, {:.0} plies/s, {:.1} MB/s",
        t.games as f64 / seconds,
        (t.plies + t.variation_plies) as f64 / seconds,
        bytes as f64 / seconds / 1e6
    )
}

/// The progress line on stderr: `\r`-updated, so only when stderr is a terminal.
struct Progress {
    size: u64,
    enabled: bool,
    start: Instant,
    last: Instant,
    shown: bool,
}

impl Progress {
    fn new(size: u64, enabled: bool) -> Progress {
        let now = Instant::now();
        Progress {
            size,
            enabled,
            start: now,
            last: now,
            shown: false,
        }
    }

    fn update(&mut self, offset: u64, totals: &Totals) {
        if !self.enabled || self.last.elapsed() < PROGRESS_EVERY {
            return;
        }
        self.last = Instant::now();
        let seconds = self.start.elapsed().as_secs_f64();
        let percent = if self.size > 0 {
            offset as f64 * 100.0 / self.size as f64
        } else {
            0.0
        };
        eprint!(
            "\r{:.1} / {:.1} MB ({percent:.0}%), {} games, {:.0} games/s ",
            offset as f64 / 1e6,
            self.size as f64 / 1e6,
            totals.games,
            totals.games as f64 / seconds
        );
        self.shown = true;
    }

    /// Erases the progress line, if one was shown.
    fn clear(&self) {
        if self.shown {
            eprint!("\r{:70}\r", "");
        }
    }
}
