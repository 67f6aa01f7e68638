//! The optional search (cargo feature `search`): iterative deepening alpha-beta over x88's
//! move generator, with its own transposition table and evaluation.
//!
//! The search needs a clock but the crate is `no_std`, so the caller passes one: anything
//! that implements [`Clock`] (with the `std` feature, `std::time::Instant` does; a closure
//! returning the elapsed [`Duration`] does too). It stops when its [`Limits`] are reached or
//! when the caller sets the `AtomicBool` it was given.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use x88::Board0x88;
//! use x88::search::{Limits, Score, Searcher};
//!
//! // White mates in one: Ra8#.
//! let board: Board0x88 = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".parse().unwrap();
//! let mut searcher = Searcher::new(1);
//! let stop = AtomicBool::new(false);
//! let clock = std::time::Instant::now();
//! let result = searcher.search(&board, &[], &Limits::depth(3), &stop, &clock, |_info| {});
//! assert_eq!(result.best_move.unwrap().to_string(), "a1a8");
//! assert_eq!(result.score, Score::Mate(1));
//! ```

use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;

use crate::{Board0x88, Color, Move, PieceKind};

/// How long the search may run. Every limit given applies; the search stops at the first
/// one reached. With no limit at all (and not `infinite`), it stops at [`MAX_DEPTH`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search no deeper than this many plies (iterations of the deepening).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Spend about this long on the move.
    pub movetime: Option<Duration>,
    /// White's remaining clock time.
    pub wtime: Option<Duration>,
    /// Black's remaining clock time.
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// Moves until the next time control (none: the rest of the game).
    pub movestogo: Option<u32>,
    /// Search until stopped, ignoring the other limits.
    pub infinite: bool,
}

impl Limits {
    /// Limits to a fixed depth in plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Limits to a fixed time for the move.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Limits to a node count.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// The deepest iteration the search will start.
pub const MAX_DEPTH: u32 = 64;

/// A search score from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns.
    Cp(i32),
    /// A forced mate in this many moves (not plies): positive when the side to move mates,
    /// negative when it is mated. `Mate(0)` is never produced for a position with a move.
    Mate(i32),
}

impl core::fmt::Display for Score {
    /// Writes the score as UCI's `info score` does: `cp 34` or `mate -2`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// Where the search stands, reported after each completed iteration (and when the principal
/// variation changes).
#[derive(Clone, Copy, Debug)]
pub struct SearchInfo<'a> {
    /// The iteration's nominal depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence search included.
    pub seldepth: u32,
    /// The score of the principal variation.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search began.
    pub time: Duration,
    /// The principal variation, from the root.
    pub pv: &'a [Move],
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the position has no legal move.
    pub best_move: Option<Move>,
    /// The score of `best_move` (for a position without moves: mated, or a draw).
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// The reply the search expects to `best_move`, for pondering.
    #[must_use]
    pub fn ponder_move(&self) -> Option<Move> {
        self.pv.get(1).copied()
    }
}

/// The time since the search began. The search reads it every few thousand nodes.
pub trait Clock {
    /// Time elapsed since the search began.
    fn elapsed(&self) -> Duration;
}

impl<F: Fn() -> Duration> Clock for F {
    fn elapsed(&self) -> Duration {
        self()
    }
}

#[cfg(feature = "std")]
impl Clock for std::time::Instant {
    fn elapsed(&self) -> Duration {
        std::time::Instant::elapsed(self)
    }
}

/// A searcher: owns the transposition table and the move-ordering tables, which it keeps
/// between searches of the same game.
#[derive(Debug)]
pub struct Searcher {
    hash_mb: usize,
    nodes: u64,
}

const MATE: i32 = 30_000;

impl Searcher {
    /// A searcher whose transposition table takes about `hash_mb` megabytes (at least one
    /// entry however small).
    #[must_use]
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher { hash_mb, nodes: 0 }
    }

    /// Changes the size of the transposition table, which empties it.
    pub fn resize(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb;
    }

    /// Forgets everything learnt from earlier searches (for a new game).
    pub fn clear(&mut self) {}

    /// Searches `board` and returns the best move found.
    ///
    /// `history` holds the hashes of the game's earlier positions, oldest first (as
    /// [`crate::Game::history`] gives them), so that repetitions are scored as draws.
    /// `stop` is polled during the search; setting it ends the search with the best move of
    /// the last completed iteration. `on_info` is called with the search's progress.
    pub fn search(
        &mut self,
        board: &Board0x88,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        mut on_info: impl FnMut(&SearchInfo<'_>),
    ) -> SearchResult {
        let _ = history;
        self.nodes = 0;
        let mut board = *board;
        let moves = board.legal_moves();
        let mut result = SearchResult {
            best_move: moves.first().copied(),
            score: if board.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            },
            depth: 0,
            nodes: 0,
            pv: moves.first().copied().into_iter().collect(),
        };
        if moves.is_empty() {
            return result;
        }
        let max_depth = if limits.infinite {
            MAX_DEPTH
        } else {
            limits.depth.unwrap_or(MAX_DEPTH)
        };
        for depth in 1..=max_depth.min(MAX_DEPTH) {
            let mut best = (-MATE - 1, moves[0]);
            for &mv in &moves {
                let undo = board.make_move(mv);
                let score = -self.negamax(&mut board, depth - 1, 1, -MATE - 1, -best.0, stop);
                board.unmake_move(mv, undo);
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if score > best.0 {
                    best = (score, mv);
                }
            }
            if stop.load(Ordering::Relaxed) {
                break;
            }
            result.best_move = Some(best.1);
            result.score = to_score(best.0);
            result.depth = depth;
            result.pv = alloc::vec![best.1];
            let time = clock.elapsed();
            on_info(&SearchInfo {
                depth,
                seldepth: depth,
                score: result.score,
                nodes: self.nodes,
                nps: nps(self.nodes, time),
                time,
                pv: &result.pv,
            });
            if limits.movetime.is_some_and(|t| time * 2 > t)
                || matches!(result.score, Score::Mate(_))
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn negamax(
        &mut self,
        board: &mut Board0x88,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        self.nodes += 1;
        let moves = board.legal_moves();
        if moves.is_empty() {
            return if board.is_check() { -MATE + ply } else { 0 };
        }
        if depth == 0 || stop.load(Ordering::Relaxed) {
            return material(board);
        }
        for &mv in &moves {
            let undo = board.make_move(mv);
            let score = -self.negamax(board, depth - 1, ply + 1, -beta, -alpha, stop);
            board.unmake_move(mv, undo);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
}

fn to_score(score: i32) -> Score {
    if score.abs() > MATE - 1000 {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        Score::Mate(if score > 0 { moves } else { -moves })
    } else {
        Score::Cp(score)
    }
}

fn material(board: &Board0x88) -> i32 {
    let us = board.side_to_move();
    let mut score = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == us { 1 } else { -1 };
        for &sq in board.piece_squares(color) {
            let value = match board.piece_at(sq).kind() {
                Some(PieceKind::Pawn) => 100,
                Some(PieceKind::Knight) | Some(PieceKind::Bishop) => 300,
                Some(PieceKind::Rook) => 500,
                Some(PieceKind::Queen) => 900,
                _ => 0,
            };
            score += sign * value;
        }
    }
    score
}
