//! Perft: count the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! ```text
//! cargo run --release --example perft                       # perft 6 from the start position
//! cargo run --release --example perft -- --depth 4
//! cargo run --release --example perft -- --fen "<FEN>" --depth 3 --divide
//! cargo run --release --example perft -- --epd tests/data/standard.epd --max-nodes 1000000
//! cargo run --release --example perft -- --depth 7 --hash 256 --threads 2
//! cargo run --release --example perft -- --compare [--no-bulk] [--rounds 3]
//! ```
//!
//! One position (the start position, or `--fen`, parsed strictly) is searched to `--depth`
//! (default 6). With `--divide`, each legal root move is printed first as `<uci move> <count>`.
//! The last line is always
//!
//! ```text
//! perft <depth> nodes <n> time <seconds> s <mnps> Mnps
//! ```
//!
//! `--epd FILE` runs a suite instead: each line is `FEN ;D1 n ;D2 n ...` (blank lines and lines
//! starting with `#` are skipped), and every count of at most `--max-nodes` nodes (default
//! 10,000,000) is checked; larger counts are skipped. Positions are loaded leniently, so that
//! unreachable but well-defined positions run too. Each wrong count prints one `mismatch` line
//! with its line number, FEN, depth, expected and actual count; the last line is
//!
//! ```text
//! epd <passed>/<total> counts passed, <nodes> nodes, <seconds> s, <mnps> Mnps
//! ```
//!
//! Mnps is millions of leaf nodes per second. The exit status is 0 when all is right, 1 on a
//! count mismatch, and 2 on bad input (a bad flag, a malformed FEN or EPD line, an unreadable
//! file), which is reported as one line on stderr starting with `x88: `.
//!
//! `--chess960` reads every FEN in Chess960 mode (Shredder-FEN or X-FEN castling), starts from
//! Chess960 position 518 (the standard array) when no `--fen` is given, and prints castling in
//! divide as king takes rook (`e1h1`), as Chess960 GUIs write it.
//!
//! How the counting is done (for one position and for a suite alike):
//! - `--no-bulk` makes and unmakes every leaf move instead of counting the legal moves at
//!   depth 1 (bulk counting, the library's [`x88::perft`]);
//! - `--hash MB` adds a transposition table of subtree counts keyed by Zobrist hash and depth
//!   (see `hash.rs`), one table shared lock-free by all threads;
//! - `--threads N` splits the root moves over N threads, each with its own copy of the board.
//!
//! `--compare` times x88 against `shakmaty` and `cozy-chess` on the six chessprogramming.org
//! positions (see `compare.rs` and `contenders.rs`), with bulk counting or, with `--no-bulk`,
//! every leaf move played; `--rounds N` (default 3) and `--depth-offset N` (search each
//! position N plies less than the full depth) tune it. Its last line is
//!
//! ```text
//! compare <bulk|no-bulk>: x88 <m> Mnps, shakmaty <m> Mnps, cozy-chess <m> Mnps, x88/shakmaty <r> (paired <p>), x88/cozy-chess <r> (paired <p>)
//! ```
//!
//! where `<r>` is the ratio of the median speeds and `<p>` the median of the ratios within
//! each round (steadier on a host whose speed drifts).

mod compare;
mod contenders;
mod count;
mod hash;
mod suite;

use std::env;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use x88::{Board0x88, FenOptions};

use count::Counter;
use hash::Table;

/// Chess960 start position 518 is the standard start position.
const STANDARD_CHESS960_INDEX: u16 = 518;

/// The depth searched when `--depth` is not given.
const DEFAULT_DEPTH: u32 = 6;
/// The deepest search accepted: beyond this a perft would never finish.
const MAX_DEPTH: u32 = 20;
/// The largest count checked by `--epd` when `--max-nodes` is not given.
const DEFAULT_MAX_NODES: u64 = 10_000_000;
/// The largest `--hash`, in MiB.
const MAX_HASH_MB: u64 = 1 << 16;
/// The most `--threads`.
const MAX_THREADS: usize = 256;
/// The `--compare` rounds when `--rounds` is not given.
const DEFAULT_ROUNDS: u32 = 3;
/// The most `--rounds`.
const MAX_ROUNDS: u32 = 1000;

/// The help text; the `{...}` limits are filled in by [`usage`].
const USAGE: &str = "\
Usage: perft [--fen \"<FEN>\"] [--depth N] [--divide] [COUNTING]
       perft --epd FILE [--max-nodes N] [COUNTING]
       perft --compare [--no-bulk] [--rounds N] [--depth-offset N]
       perft --help

Counts the leaf nodes of the legal move tree (perft) with the x88 move generator.

Options:
  --fen \"<FEN>\"      start from this position (strict FEN) instead of the start position
  --depth N          search depth, 0 to {max_depth} (default {default_depth})
  --divide           first print each legal root move (UCI) with its node count
  --epd FILE         check every \";D<depth> <nodes>\" count of the lines of an EPD suite
  --max-nodes N      with --epd, skip counts above N nodes (default {max_nodes})
  --chess960         Chess960: Shredder-FEN/X-FEN castling, king-takes-rook castling moves
  -h, --help         print this help

Counting (COUNTING):
  --no-bulk          make and unmake every leaf move instead of counting the moves at depth 1
  --hash MB          a transposition table of MB MiB (1 to {max_hash}), shared by the threads
  --threads N        split the root moves over N threads (1 to {max_threads}, default 1)

Comparison:
  --compare          time x88, shakmaty and cozy-chess on the six chessprogramming.org
                     positions (single thread, no hash), alternating, and print each one's
                     median Mnps and the ratios x88/other; --no-bulk plays every leaf move.
                     One process, but each library's perft is written as its own perft is,
                     so the bulk speeds are those of each library's own perft binary
  --rounds N         with --compare, the timed rounds, 1 to {max_rounds} (default {rounds})
  --depth-offset N   with --compare, search N plies less than the full depths, 0 to {max_offset}

Exit status: 0 all right, 1 a count mismatch, 2 bad input.";

/// The help text with the limits filled in from their constants.
fn usage() -> String {
    USAGE
        .replace("{max_depth}", &MAX_DEPTH.to_string())
        .replace("{default_depth}", &DEFAULT_DEPTH.to_string())
        .replace("{max_nodes}", &DEFAULT_MAX_NODES.to_string())
        .replace("{max_hash}", &MAX_HASH_MB.to_string())
        .replace("{max_threads}", &MAX_THREADS.to_string())
        .replace("{max_rounds}", &MAX_ROUNDS.to_string())
        .replace("{rounds}", &DEFAULT_ROUNDS.to_string())
        .replace("{max_offset}", &compare::max_depth_offset().to_string())
}

/// What the command line asks for.
enum Command {
    /// Print the usage.
    Help,
    /// Count one position, optionally split by root move.
    Position {
        /// Boxed: a board is far larger than the other variants.
        board: Box<Board0x88>,
        depth: u32,
        divide: bool,
        counting: Counting,
    },
    /// Check the counts of an EPD suite.
    Suite {
        path: String,
        max_nodes: u64,
        chess960: bool,
        counting: Counting,
    },
    /// Time x88 against the other libraries.
    Compare(compare::Settings),
}

/// How perft counts: the counting flags, before the table is allocated.
struct Counting {
    bulk: bool,
    hash_mb: Option<u64>,
    threads: usize,
}

impl Counting {
    /// The counter these flags ask for, with its table allocated.
    fn counter(&self) -> Result<Counter, Error> {
        let table = self.hash_mb.map(Table::new).transpose().map_err(bad)?;
        Ok(Counter {
            bulk: self.bulk,
            threads: self.threads,
            table,
        })
    }
}

/// Why the program cannot do its job; every case exits with status 2.
enum Error {
    /// A bad flag, FEN, EPD line or file.
    BadInput(String),
    /// The results could not be written.
    Output(io::Error),
    /// The work itself failed (a thread could not finish).
    Failed(String),
}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Error::Output(error)
    }
}

/// Shorthand for a bad-input error.
fn bad(message: impl Into<String>) -> Error {
    Error::BadInput(message.into())
}

fn main() -> ExitCode {
    let result = arguments().and_then(|args| parse_args(&args)).and_then(run);
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            let message = match error {
                Error::BadInput(message) | Error::Failed(message) => message,
                Error::Output(error) => format!("cannot write the results: {error}"),
            };
            // Nothing is left to report to if stderr itself fails.
            let _ = writeln!(io::stderr(), "x88: {message}");
            ExitCode::from(2)
        }
    }
}

/// The command-line arguments after the program name, which must be valid Unicode.
fn arguments() -> Result<Vec<String>, Error> {
    env::args_os()
        .skip(1)
        .map(|arg| {
            arg.into_string()
                .map_err(|arg| bad(format!("argument {arg:?} is not valid Unicode")))
        })
        .collect()
}

/// Runs a command; returns whether every count checked was right.
fn run(command: Command) -> Result<bool, Error> {
    let mut out = io::stdout().lock();
    match command {
        Command::Help => writeln!(out, "{}", usage())?,
        Command::Position {
            board,
            depth,
            divide,
            counting,
        } => run_position(&mut out, *board, depth, divide, &counting.counter()?)?,
        Command::Suite {
            path,
            max_nodes,
            chess960,
            counting,
        } => return suite::run(&mut out, &path, max_nodes, chess960, &counting.counter()?),
        Command::Compare(settings) => return compare::run(&mut out, &settings),
    }
    Ok(true)
}

// ----------------------------------------------------------------------------------------------
// Command line
// ----------------------------------------------------------------------------------------------

/// The flags as given, before they are checked against each other.
#[derive(Default)]
struct Flags {
    fen: Option<String>,
    depth: Option<u32>,
    divide: bool,
    epd: Option<String>,
    max_nodes: Option<u64>,
    chess960: bool,
    no_bulk: bool,
    hash_mb: Option<u64>,
    threads: Option<usize>,
    compare: bool,
    rounds: Option<u32>,
    depth_offset: Option<u32>,
}

/// Parses the arguments (without the program name) into a command.
fn parse_args(args: &[String]) -> Result<Command, Error> {
    let mut flags = Flags::default();
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let flag = flag.as_str();
        match flag {
            "-h" | "--help" => return Ok(Command::Help),
            "--divide" => set_switch(&mut flags.divide, flag)?,
            "--chess960" => set_switch(&mut flags.chess960, flag)?,
            "--no-bulk" => set_switch(&mut flags.no_bulk, flag)?,
            "--compare" => set_switch(&mut flags.compare, flag)?,
            "--fen" => set_once(&mut flags.fen, flag, value(&mut args, flag)?.to_owned())?,
            "--epd" => set_once(&mut flags.epd, flag, value(&mut args, flag)?.to_owned())?,
            "--depth" => {
                let depth = parsed(&mut args, flag, parse_depth)?;
                set_once(&mut flags.depth, flag, depth)?;
            }
            "--max-nodes" => {
                let max_nodes = parsed(&mut args, flag, parse_nodes)?;
                set_once(&mut flags.max_nodes, flag, max_nodes)?;
            }
            "--hash" => {
                let megabytes = parsed(&mut args, flag, |text| {
                    parse_in_range(text, 1, MAX_HASH_MB, "a size in MiB")
                })?;
                set_once(&mut flags.hash_mb, flag, megabytes)?;
            }
            "--threads" => {
                let threads = parsed(&mut args, flag, |text| {
                    parse_in_range(text, 1, MAX_THREADS, "a number of threads")
                })?;
                set_once(&mut flags.threads, flag, threads)?;
            }
            "--rounds" => {
                let rounds = parsed(&mut args, flag, |text| {
                    parse_in_range(text, 1, MAX_ROUNDS, "a number of rounds")
                })?;
                set_once(&mut flags.rounds, flag, rounds)?;
            }
            "--depth-offset" => {
                let offset = parsed(&mut args, flag, |text| {
                    parse_in_range(text, 0, compare::max_depth_offset(), "a depth offset")
                })?;
                set_once(&mut flags.depth_offset, flag, offset)?;
            }
            _ => return Err(bad(format!("unknown argument `{flag}` (see --help)"))),
        }
    }
    command_from(flags)
}

/// Refuses the first of `flags` that was given, as not usable with `mode`.
fn refuse(mode: &str, flags: &[(&str, bool)]) -> Result<(), Error> {
    match flags.iter().find(|(_, given)| *given) {
        Some((flag, _)) => Err(bad(format!("{flag} cannot be used with {mode}"))),
        None => Ok(()),
    }
}

/// Checks that the flags fit together and builds the command they ask for.
fn command_from(flags: Flags) -> Result<Command, Error> {
    let counting = Counting {
        bulk: !flags.no_bulk,
        hash_mb: flags.hash_mb,
        threads: flags.threads.unwrap_or(1),
    };
    if flags.compare {
        refuse(
            "--compare",
            &[
                ("--fen", flags.fen.is_some()),
                ("--depth", flags.depth.is_some()),
                ("--divide", flags.divide),
                ("--epd", flags.epd.is_some()),
                ("--max-nodes", flags.max_nodes.is_some()),
                ("--chess960", flags.chess960),
                ("--hash", flags.hash_mb.is_some()),
                ("--threads", flags.threads.is_some()),
            ],
        )?;
        return Ok(Command::Compare(compare::Settings {
            bulk: counting.bulk,
            rounds: flags.rounds.unwrap_or(DEFAULT_ROUNDS),
            depth_offset: flags.depth_offset.unwrap_or(0),
        }));
    }
    if flags.rounds.is_some() {
        return Err(bad("--rounds needs --compare"));
    }
    if flags.depth_offset.is_some() {
        return Err(bad("--depth-offset needs --compare"));
    }
    if let Some(path) = flags.epd {
        refuse(
            "--epd",
            &[
                ("--fen", flags.fen.is_some()),
                ("--depth", flags.depth.is_some()),
                ("--divide", flags.divide),
            ],
        )?;
        let max_nodes = flags.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
        return Ok(Command::Suite {
            path,
            max_nodes,
            chess960: flags.chess960,
            counting,
        });
    }
    if flags.max_nodes.is_some() {
        return Err(bad("--max-nodes needs --epd"));
    }
    let board = match flags.fen {
        Some(fen) => {
            let fen = fen.trim();
            let options = FenOptions {
                chess960: flags.chess960,
                lenient: false,
            };
            Board0x88::from_fen_with(fen, options)
                .map_err(|e| bad(format!("bad FEN \"{fen}\": {e}")))?
        }
        None if flags.chess960 => {
            Board0x88::chess960(STANDARD_CHESS960_INDEX).map_err(|e| bad(e.to_string()))?
        }
        None => Board0x88::default(),
    };
    Ok(Command::Position {
        board: Box::new(board),
        depth: flags.depth.unwrap_or(DEFAULT_DEPTH),
        divide: flags.divide,
        counting,
    })
}

/// The value following `flag`; another flag in its place counts as a missing value.
fn value<'a>(args: &mut impl Iterator<Item = &'a String>, flag: &str) -> Result<&'a str, Error> {
    match args.next() {
        Some(value) if !value.starts_with("--") => Ok(value),
        _ => Err(bad(format!("{flag} needs a value (see --help)"))),
    }
}

/// The value following `flag`, converted by `parse`.
fn parsed<'a, T>(
    args: &mut impl Iterator<Item = &'a String>,
    flag: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, Error> {
    parse(value(args, flag)?).map_err(|e| bad(format!("{flag}: {e}")))
}

/// Records a flag that takes a value, refusing to see it twice.
fn set_once<T>(slot: &mut Option<T>, flag: &str, value: T) -> Result<(), Error> {
    match slot.replace(value) {
        Some(_) => Err(bad(format!("{flag} given twice"))),
        None => Ok(()),
    }
}

/// Records a flag without a value, refusing to see it twice.
fn set_switch(switch: &mut bool, flag: &str) -> Result<(), Error> {
    if *switch {
        return Err(bad(format!("{flag} given twice")));
    }
    *switch = true;
    Ok(())
}

/// Parses a search depth, from 0 to [`MAX_DEPTH`].
fn parse_depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(depth) if depth <= MAX_DEPTH => Ok(depth),
        Ok(depth) => Err(format!("{depth} is too deep (at most {MAX_DEPTH})")),
        Err(_) => Err(format!(
            "`{text}` is not a depth (a whole number from 0 to {MAX_DEPTH})"
        )),
    }
}

/// Parses a node count.
fn parse_nodes(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| format!("`{text}` is not a node count (a whole number)"))
}

/// Parses a whole number from `min` to `max`; `what` names it in the error.
fn parse_in_range<T>(text: &str, min: T, max: T, what: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    match text.parse::<T>() {
        Ok(number) if number >= min && number <= max => Ok(number),
        _ => Err(format!(
            "`{text}` is not {what} (a whole number from {min} to {max})"
        )),
    }
}

// ----------------------------------------------------------------------------------------------
// One position
// ----------------------------------------------------------------------------------------------

/// Counts one position, with one line per root move first if `split` is set.
fn run_position(
    out: &mut impl Write,
    mut board: Board0x88,
    depth: u32,
    split: bool,
    counter: &Counter,
) -> Result<(), Error> {
    let start = Instant::now();
    let nodes = if split {
        divide_printing(out, &mut board, depth, counter)?
    } else {
        counter.perft(&mut board, depth).map_err(Error::Failed)?
    };
    let elapsed = start.elapsed();
    writeln!(
        out,
        "perft {depth} nodes {nodes} time {:.3} s {:.2} Mnps",
        elapsed.as_secs_f64(),
        mnps(nodes, elapsed)
    )?;
    Ok(())
}

/// Runs divide, printing `<uci move> <count>` for each root move as it is counted.
fn divide_printing(
    out: &mut impl Write,
    board: &mut Board0x88,
    depth: u32,
    counter: &Counter,
) -> Result<u64, Error> {
    let mut written = Ok(());
    let uci_board = *board;
    let nodes = counter
        .divide(board, depth, |mv, count| {
            if written.is_ok() {
                written = writeln!(out, "{} {count}", uci_board.uci(mv));
            }
        })
        .map_err(Error::Failed)?;
    written?;
    Ok(nodes)
}

/// Millions of nodes per second (0 when no measurable time passed).
fn mnps(nodes: u64, elapsed: Duration) -> f64 {
    mnps_of(nodes, elapsed.as_secs_f64())
}

/// Millions of nodes per second from a time in seconds (0 for no time).
fn mnps_of(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds / 1e6
    } else {
        0.0
    }
}
