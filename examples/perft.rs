//! Perft: count the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! ```text
//! cargo run --release --example perft                       # perft 6 from the start position
//! cargo run --release --example perft -- --depth 4
//! cargo run --release --example perft -- --fen "<FEN>" --depth 3 --divide
//! cargo run --release --example perft -- --epd tests/data/standard.epd --max-nodes 1000000
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

use std::env;
use std::fs;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use x88::{Board0x88, FenOptions, divide, perft};

/// Chess960 start position 518 is the standard start position.
const STANDARD_CHESS960_INDEX: u16 = 518;

/// The depth searched when `--depth` is not given.
const DEFAULT_DEPTH: u32 = 6;
/// The deepest search accepted: beyond this a perft would never finish.
const MAX_DEPTH: u32 = 20;
/// The largest count checked by `--epd` when `--max-nodes` is not given.
const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// The help text; `{max_depth}` and `{max_nodes}` are filled in by [`usage`].
const USAGE: &str = "\
Usage: perft [--fen \"<FEN>\"] [--depth N] [--divide]
       perft --epd FILE [--max-nodes N]
       perft --help

Counts the leaf nodes of the legal move tree (perft) with the x88 move generator.

Options:
  --fen \"<FEN>\"   start from this position (strict FEN) instead of the start position
  --depth N       search depth, 0 to {max_depth} (default {default_depth})
  --divide        first print each legal root move (UCI) with its node count
  --epd FILE      check every \";D<depth> <nodes>\" count of the lines of an EPD suite
  --max-nodes N   with --epd, skip counts above N nodes (default {max_nodes})
  --chess960      Chess960: Shredder-FEN/X-FEN castling, king-takes-rook castling moves
  -h, --help      print this help

Exit status: 0 all right, 1 a count mismatch, 2 bad input.";

/// The help text with the limits filled in from their constants.
fn usage() -> String {
    USAGE
        .replace("{max_depth}", &MAX_DEPTH.to_string())
        .replace("{default_depth}", &DEFAULT_DEPTH.to_string())
        .replace("{max_nodes}", &DEFAULT_MAX_NODES.to_string())
}

/// What the command line asks for.
enum Command {
    /// Print the usage.
    Help,
    /// Count one position, optionally split by root move.
    Position {
        board: Board0x88,
        depth: u32,
        divide: bool,
    },
    /// Check the counts of an EPD suite.
    Suite {
        path: String,
        max_nodes: u64,
        chess960: bool,
    },
}

/// Why the program cannot do its job; both cases exit with status 2.
enum Error {
    /// A bad flag, FEN, EPD line or file.
    BadInput(String),
    /// The results could not be written.
    Output(io::Error),
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
                Error::BadInput(message) => message,
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
        } => run_position(&mut out, board, depth, divide)?,
        Command::Suite {
            path,
            max_nodes,
            chess960,
        } => return run_suite(&mut out, &path, max_nodes, chess960),
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
            _ => return Err(bad(format!("unknown argument `{flag}` (see --help)"))),
        }
    }
    command_from(flags)
}

/// Checks that the flags fit together and builds the command they ask for.
fn command_from(flags: Flags) -> Result<Command, Error> {
    if let Some(path) = flags.epd {
        let single_position_flags = [
            ("--fen", flags.fen.is_some()),
            ("--depth", flags.depth.is_some()),
            ("--divide", flags.divide),
        ];
        if let Some((flag, _)) = single_position_flags.iter().find(|(_, given)| *given) {
            return Err(bad(format!("{flag} cannot be used with --epd")));
        }
        let max_nodes = flags.max_nodes.unwrap_or(DEFAULT_MAX_NODES);
        return Ok(Command::Suite {
            path,
            max_nodes,
            chess960: flags.chess960,
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
        board,
        depth: flags.depth.unwrap_or(DEFAULT_DEPTH),
        divide: flags.divide,
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
    parse: fn(&str) -> Result<T, String>,
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

// ----------------------------------------------------------------------------------------------
// One position
// ----------------------------------------------------------------------------------------------

/// Counts one position, with one line per root move first if `split` is set.
fn run_position(
    out: &mut impl Write,
    mut board: Board0x88,
    depth: u32,
    split: bool,
) -> Result<(), Error> {
    let start = Instant::now();
    let nodes = if split {
        divide_printing(out, &mut board, depth)?
    } else {
        perft(&mut board, depth)
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
fn divide_printing(out: &mut impl Write, board: &mut Board0x88, depth: u32) -> io::Result<u64> {
    let mut written = Ok(());
    let uci_board = *board;
    let nodes = divide(board, depth, |mv, count| {
        if written.is_ok() {
            written = writeln!(out, "{} {count}", uci_board.uci(mv));
        }
    });
    written.map(|()| nodes)
}

/// Millions of nodes per second (0 when no measurable time passed).
fn mnps(nodes: u64, elapsed: Duration) -> f64 {
    let seconds = elapsed.as_secs_f64();
    if seconds > 0.0 {
        nodes as f64 / seconds / 1e6
    } else {
        0.0
    }
}

// ----------------------------------------------------------------------------------------------
// EPD suite
// ----------------------------------------------------------------------------------------------

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
fn run_suite(
    out: &mut impl Write,
    path: &str,
    max_nodes: u64,
    chess960: bool,
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
            let got = perft(&mut board, depth);
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

/// Parses one suite line, `FEN ;D1 n ;D2 n ...`, numbered `number`.
fn parse_entry(number: usize, line: &str, options: FenOptions) -> Result<Entry, String> {
    let mut fields = line.split(';');
    let fen = fields.next().unwrap_or_default().trim();
    let board =
        Board0x88::from_fen_with(fen, options).map_err(|e| format!("bad FEN \"{fen}\": {e}"))?;
    let counts = fields
        .map(str::trim)
        .filter(|field| !field.is_empty())
        .map(parse_count)
        .collect::<Result<_, _>>()?;
    Ok(Entry {
        line: number,
        fen: fen.to_owned(),
        board,
        counts,
    })
}

/// Parses one `D<depth> <nodes>` field.
fn parse_count(field: &str) -> Result<(u32, u64), String> {
    let malformed = || format!("`{field}` is not a count of the form `D<depth> <nodes>`");
    let (depth, nodes) = field
        .strip_prefix('D')
        .and_then(|rest| rest.split_once(char::is_whitespace))
        .ok_or_else(malformed)?;
    let depth = parse_depth(depth).map_err(|e| format!("`{field}`: {e}"))?;
    let nodes = parse_nodes(nodes.trim()).map_err(|e| format!("`{field}`: {e}"))?;
    Ok((depth, nodes))
}
