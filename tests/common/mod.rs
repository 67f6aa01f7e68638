//! Helpers shared by the integration tests: the modules of `tests/suite/` reach them as
//! `crate::common`, and a test binary of its own that needs them says `mod common;`.
//! Not every file uses every helper, hence the `dead_code` allowance.
#![allow(dead_code)]

/// The chessprogramming.org perft positions 1 to 5, the start positions of random playouts.
pub const START_FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/// One EPD line of the perft suites, read by `x88::epd`: the FEN as the line writes it and its
/// `(depth, nodes)` counts. Read leniently and as Chess960 (which takes standard castling
/// rights too), so that every line of both suites reads; the tests load the FEN as they need.
pub fn parse_epd_line(line: &str) -> (&str, Vec<(u32, u64)>) {
    let options = x88::FenOptions {
        chess960: true,
        lenient: true,
    };
    let epd = x88::epd::Epd::parse_with(line, options)
        .unwrap_or_else(|e| panic!("a suite line: {e}: {line}"));
    (epd.position(), epd.perft_counts().collect())
}

/// Perft by cozy-chess (the test oracle), bulk counting at depth 1.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut next = board.clone();
                next.play_unchecked(mv);
                nodes += cozy_perft(&next, depth - 1);
            }
        }
        false
    });
    nodes
}

/// The FEN placement field of 64 cells (a1 = 0, h8 = 63), each a piece letter or empty.
pub fn placement(cells: &[Option<char>]) -> String {
    assert_eq!(cells.len(), 64, "a board has 64 cells");
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in &cells[rank * 8..rank * 8 + 8] {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        text.push(*c);
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// Runs perft for each `(depth, nodes)` count of at most `limit` nodes, adding a line to
/// `failures` for each mismatch (`label` says which position); returns how many counts ran.
pub fn check_counts(
    board: &mut x88::Board0x88,
    counts: &[(u32, u64)],
    limit: u64,
    label: &str,
    failures: &mut Vec<String>,
) -> usize {
    let mut checked = 0;
    for &(depth, expected) in counts.iter().filter(|&&(_, n)| n <= limit) {
        let got = x88::perft(board, depth);
        checked += 1;
        if got != expected {
            failures.push(format!(
                "{label} depth {depth}: expected {expected}, got {got}"
            ));
        }
    }
    checked
}

/// The standard perft suite: 126 positions and chessprogramming.org positions 3 to 6.
pub const STANDARD_EPD: &str = include_str!("../data/standard.epd");

/// The Chess960 perft suite (Shredder-FEN castling rights).
pub const CHESS960_EPD: &str = include_str!("../data/chess960.epd");

/// The positions of an EPD suite, read leniently (as the crate's own unit tests read them), as
/// Chess960 positions if `chess960`.
pub fn suite_boards(epd: &str, chess960: bool) -> Vec<x88::Board0x88> {
    let options = x88::FenOptions {
        chess960,
        lenient: true,
    };
    epd.lines()
        .map(|line| {
            let (fen, _) = parse_epd_line(line);
            x88::Board0x88::from_fen_with(fen, options).expect("a suite FEN")
        })
        .collect()
}

/// The positions of both bundled suites: the standard one, then the Chess960 one.
pub fn all_suite_boards() -> Vec<x88::Board0x88> {
    let mut boards = suite_boards(STANDARD_EPD, false);
    boards.extend(suite_boards(CHESS960_EPD, true));
    boards
}

/// One position of a random playout, with the position its last move was played in (`None`
/// for the start position).
#[derive(Clone, Copy)]
pub struct Visit {
    pub board: x88::Board0x88,
    pub parent: Option<x88::Board0x88>,
}

/// A random playout from `start`: the start position, then the position after each move that
/// `choices` pick (index modulo the number of legal moves), until a position has no move.
pub fn playout(start: x88::Board0x88, choices: &[usize]) -> Vec<Visit> {
    let mut visits = vec![Visit {
        board: start,
        parent: None,
    }];
    let mut board = start;
    for &choice in choices {
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        let parent = board;
        board.play_unchecked(moves[choice % moves.len()]);
        visits.push(Visit {
            board,
            parent: Some(parent),
        });
    }
    visits
}

/// The binary of the example `name`, where `cargo test` builds examples (next to the test's
/// own binary, in `target/<profile>/examples/`). Cargo builds or rebuilds it first, with the
/// features of this test run, so a test run alone (`cargo test --test uci`) still finds it.
pub fn example_binary(name: &str) -> std::path::PathBuf {
    use std::path::Path;
    use std::sync::Mutex;
    static BUILT: Mutex<Vec<(String, std::path::PathBuf)>> = Mutex::new(Vec::new());
    let mut built = BUILT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, path)) = built.iter().find(|(built_name, _)| built_name == name) {
        return path.clone();
    }
    // A test runs as target/<profile>/deps/<test>-<hash>.
    let exe = std::env::current_exe().expect("the test's path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    let target_dir = profile_dir.parent().expect("target");
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev",
        Some(other) => other,
        None => panic!("no profile in {}", profile_dir.display()),
    };
    let features: Vec<&str> = [
        ("std", cfg!(feature = "std")),
        ("alloc", cfg!(feature = "alloc")),
        ("search", cfg!(feature = "search")),
    ]
    .into_iter()
    .filter_map(|(feature, on)| on.then_some(feature))
    .collect();
    // A no-op when `cargo test` has built the example already with these features.
    let build = std::process::Command::new(env!("CARGO"))
        .args(["build", "--example", name, "--profile", profile])
        .args(["--no-default-features", "--features", &features.join(",")])
        .arg("--manifest-path")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target_dir)
        .output()
        .expect("cargo runs");
    assert!(
        build.status.success(),
        "cargo build --example {name}: {}\n{}",
        build.status,
        String::from_utf8_lossy(&build.stderr)
    );
    let path = profile_dir
        .join("examples")
        .join(name)
        .with_extension(std::env::consts::EXE_EXTENSION);
    built.push((name.to_string(), path.clone()));
    path
}

/// The lines an engine wrote (one per message on `lines`) up to and including the first that
/// starts with `prefix`; panics with what came if that takes longer than `patience` or the
/// engine ends first.
pub fn read_until(
    lines: &std::sync::mpsc::Receiver<String>,
    prefix: &str,
    patience: std::time::Duration,
) -> Vec<String> {
    use std::sync::mpsc::RecvTimeoutError;
    let deadline = std::time::Instant::now() + patience;
    let mut read = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                let found = line.starts_with(prefix);
                read.push(line);
                if found {
                    return read;
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                panic!("no '{prefix}' within {patience:?}; got {read:?}")
            }
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the engine ended before '{prefix}'; got {read:?}")
            }
        }
    }
}

/// A clock for the search's tests whose time does not depend on the host.
#[cfg(feature = "search")]
pub mod ticking_clock {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    use x88::search::Clock;

    /// A clock that moves on by a millisecond each time the search reads it, so that a
    /// search's time is a count of its reads (one every 2,048 nodes and one after each
    /// iteration) whatever the host's load.
    #[derive(Default)]
    pub struct TickingClock(AtomicU64);

    impl TickingClock {
        /// The time the search saw at its last read.
        pub fn last_read(&self) -> Duration {
            Duration::from_millis(self.0.load(Ordering::Relaxed))
        }
    }

    impl Clock for TickingClock {
        fn elapsed(&self) -> Duration {
            Duration::from_millis(self.0.fetch_add(1, Ordering::Relaxed) + 1)
        }
    }
}
