//! Positions with game results from the engine's own games: the data of the Texel tuner
//! (`examples/texel.rs`).
//!
//! ```text
//! cargo run --release --features search --example datagen -- \
//!     [--games N] [--nodes N] [--per-game N] [--threads N] [--seed S] [--out FILE]
//! ```
//!
//! Each game starts with eight random plies from the start position (a start the search
//! judges more than 2 pawns off balance is drawn again), then both sides search a fixed
//! number of nodes a move (default 5000) with x88's search, one game per thread at a time.
//! A game ends by the rules (checkmate, stalemate, dead position, threefold repetition or the
//! 50-move rule, both claimed at once), by adjudication (a side 10 pawns or a mate ahead by
//! both sides' scores for four plies in a row wins; after 120 plies, both scores within 0.1
//! pawn for eight plies in a row is a draw), or as a draw after 400 plies.
//!
//! Of each game it keeps the quiet positions from the 16th ply on: not in check, the move
//! the search chose neither a capture nor a promotion, and no mate score, so that the static
//! evaluation of the position is a fair guess of its value; with `--per-game N`, only N of
//! them chosen at random (a game's positions share one result, so for tuning, more games
//! with fewer positions each are worth more). Each line of the output is
//!
//! ```text
//! <FEN> | <result for White: 1, 0.5 or 0> | <search score for White, centipawns>
//! ```
//!
//! The same seed and thread count write the same positions, in an order that depends on the
//! threads' timing. A summary goes to stderr.

use std::env;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

#[path = "common/rng.rs"]
mod rng;

use rng::Rng;
use x88::search::{Limits, Score, Searcher};
use x88::{Board0x88, Color, Game};

const USAGE: &str =
    "usage: datagen [--games N] [--nodes N] [--per-game N] [--threads N] [--seed S] [--out FILE]";

/// Random plies at the start of each game.
const RANDOM_PLIES: usize = 8;
/// A random start is drawn again when the search scores it beyond this (centipawns).
const BALANCED: i32 = 200;
/// Positions before this ply are not kept (the random opening and the moves right after).
const FIRST_KEPT_PLY: usize = 16;
/// A game is adjudicated a draw after this many plies.
const MAX_PLIES: usize = 400;
/// Both sides' scores beyond this for `WIN_PLIES` plies in a row win the game.
const WIN_SCORE: i32 = 1_000;
const WIN_PLIES: usize = 4;
/// After `DRAW_FROM_PLY` plies, both sides' scores within this for `DRAW_PLIES` plies is a draw.
const DRAW_SCORE: i32 = 10;
const DRAW_PLIES: usize = 8;
const DRAW_FROM_PLY: usize = 120;
/// The table each game's searcher uses.
const HASH_MB: usize = 16;

/// What the command line asks for.
struct Config {
    games: u64,
    nodes: u64,
    per_game: usize,
    threads: usize,
    seed: u64,
    out: Option<String>,
}

fn parse_args() -> Result<Option<Config>, String> {
    let mut config = Config {
        games: 1_000,
        per_game: usize::MAX,
        nodes: 5_000,
        threads: 2,
        seed: 1,
        out: None,
    };
    let mut args = env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            return Ok(None);
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{arg} needs a number, got '{value}'"))
        };
        match arg.as_str() {
            "--games" => config.games = number()?,
            "--nodes" => config.nodes = number()?.max(1),
            "--per-game" => config.per_game = usize::try_from(number()?).unwrap_or(usize::MAX),
            "--threads" => config.threads = usize::try_from(number()?.clamp(1, 256)).unwrap_or(1),
            "--seed" => config.seed = number()?,
            "--out" => config.out = Some(value),
            _ => return Err(format!("unknown argument '{arg}'")),
        }
    }
    Ok(Some(config))
}

fn main() -> ExitCode {
    let config = match parse_args() {
        Ok(Some(config)) => config,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let out: Box<dyn Write + Send> = match &config.out {
        Some(path) => match File::create(path) {
            Ok(file) => Box::new(file),
            Err(e) => {
                eprintln!("cannot write {path}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => Box::new(io::stdout()),
    };
    let out = Mutex::new(BufWriter::new(out));
    let next_game = AtomicU64::new(0);
    let totals = Mutex::new(Totals::default());
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            scope.spawn(|| {
                let mut searcher = Searcher::new(HASH_MB);
                loop {
                    let number = next_game.fetch_add(1, Ordering::Relaxed);
                    if number >= config.games {
                        break;
                    }
                    let mut rng = Rng(config.seed ^ number.wrapping_mul(0x2545_f491_4f6c_dd1d));
                    let mut record = play(&mut searcher, &mut rng, config.nodes);
                    keep_some(&mut record.positions, config.per_game, &mut rng);
                    let mut text = String::new();
                    for (fen, score) in &record.positions {
                        text.push_str(&format!("{fen} | {} | {score}\n", record.result));
                    }
                    if let Ok(mut out) = out.lock() {
                        if out.write_all(text.as_bytes()).is_err() {
                            break;
                        }
                    }
                    if let Ok(mut totals) = totals.lock() {
                        totals.add(&record);
                        if totals.games % 100 == 0 {
                            eprintln!(
                                "{} games, {} positions, {:.0} s",
                                totals.games,
                                totals.positions,
                                start.elapsed().as_secs_f64()
                            );
                        }
                    }
                }
            });
        }
    });
    let flushed = out
        .lock()
        .map(|mut out| out.flush().is_ok())
        .unwrap_or(false);
    let totals = totals.into_inner().unwrap_or_default();
    eprintln!(
        "games {}: White won {}, Black won {}, drawn {}; {} plies; {} positions kept; {:.1} s",
        totals.games,
        totals.white_wins,
        totals.black_wins,
        totals.draws,
        totals.plies,
        totals.positions,
        start.elapsed().as_secs_f64()
    );
    if flushed {
        ExitCode::SUCCESS
    } else {
        eprintln!("writing the positions failed");
        ExitCode::FAILURE
    }
}

/// One game: its result for White ("1", "0.5" or "0"), its length and the positions kept,
/// with the search's score for White.
struct Record {
    result: &'static str,
    plies: usize,
    positions: Vec<(String, i32)>,
}

#[derive(Default)]
struct Totals {
    games: u64,
    white_wins: u64,
    black_wins: u64,
    draws: u64,
    plies: u64,
    positions: u64,
}

impl Totals {
    fn add(&mut self, record: &Record) {
        self.games += 1;
        match record.result {
            "1" => self.white_wins += 1,
            "0" => self.black_wins += 1,
            _ => self.draws += 1,
        }
        self.plies += record.plies as u64;
        self.positions += record.positions.len() as u64;
    }
}

/// Keeps `count` of `positions` chosen at random, in game order: positions of one game share
/// its result, so many games with a few positions each say more than few games with many.
fn keep_some<T>(positions: &mut Vec<T>, count: usize, rng: &mut Rng) {
    let len = positions.len();
    if len <= count {
        return;
    }
    let mut keep = vec![false; len];
    let mut chosen = 0;
    while chosen < count {
        let i = rng.below(len);
        if !keep[i] {
            keep[i] = true;
            chosen += 1;
        }
    }
    let mut flags = keep.into_iter();
    positions.retain(|_| flags.next().unwrap_or(false));
}

/// A search score in centipawns, mates as ±`WIN_SCORE * 10`, for the side to move.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(moves) if moves > 0 => WIN_SCORE * 10,
        Score::Mate(_) => -WIN_SCORE * 10,
    }
}

/// A balanced start: `RANDOM_PLIES` random legal plies from the start position.
fn random_start(searcher: &mut Searcher, rng: &mut Rng, nodes: u64) -> Game {
    loop {
        let mut game = Game::new(Board0x88::default());
        for _ in 0..RANDOM_PLIES {
            let moves = game.board().legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            if game.play(mv).is_err() {
                break;
            }
        }
        if game.is_over() || game.board().legal_moves().is_empty() {
            continue;
        }
        searcher.clear();
        let stop = AtomicBool::new(false);
        let clock = Instant::now();
        let result = searcher.search(
            game.board(),
            game.history(),
            &Limits::nodes(nodes),
            &stop,
            &clock,
            |_| {},
        );
        if centipawns(result.score).abs() <= BALANCED {
            return game;
        }
    }
}

/// Plays one game from a random start.
fn play(searcher: &mut Searcher, rng: &mut Rng, nodes: u64) -> Record {
    let mut game = random_start(searcher, rng, nodes);
    searcher.clear();
    let mut positions = Vec::new();
    let mut win_streak = [0usize; 2];
    let mut draw_streak = 0;
    let stop = AtomicBool::new(false);
    let result = loop {
        let ply = game.moves().len();
        if let Some(outcome) = game.outcome() {
            break match outcome.winner() {
                Some(Color::White) => "1",
                Some(Color::Black) => "0",
                None => "0.5",
            };
        }
        if game.can_claim_draw().is_some() || ply >= MAX_PLIES {
            break "0.5";
        }
        let board = *game.board();
        let clock = Instant::now();
        let found = searcher.search(
            &board,
            game.history(),
            &Limits::nodes(nodes),
            &stop,
            &clock,
            |_| {},
        );
        let Some(mv) = found.best_move else {
            break "0.5"; // not reached: a position without moves has an outcome
        };
        let score = centipawns(found.score);
        let white_score = if board.side_to_move() == Color::White {
            score
        } else {
            -score
        };
        let quiet = !board.is_check() && !mv.is_capture() && !mv.is_promotion();
        if ply >= FIRST_KEPT_PLY && quiet && matches!(found.score, Score::Cp(_)) {
            positions.push((board.to_string(), white_score));
        }
        // Adjudication on the scores of both sides' last searches.
        for side in [0, 1] {
            let ahead = if side == 0 { white_score } else { -white_score };
            win_streak[side] = if ahead >= WIN_SCORE {
                win_streak[side] + 1
            } else {
                0
            };
        }
        if win_streak[0] >= WIN_PLIES {
            break "1";
        }
        if win_streak[1] >= WIN_PLIES {
            break "0";
        }
        draw_streak = if white_score.abs() <= DRAW_SCORE {
            draw_streak + 1
        } else {
            0
        };
        if ply >= DRAW_FROM_PLY && draw_streak >= DRAW_PLIES {
            break "0.5";
        }
        if game.play(mv).is_err() {
            break "0.5"; // not reached: the search plays legal moves
        }
    };
    Record {
        result,
        plies: game.moves().len(),
        positions,
    }
}
