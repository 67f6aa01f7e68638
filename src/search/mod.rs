//! The optional search (cargo feature `search`): iterative deepening alpha-beta over x88's
//! move generator, with its own transposition table and evaluation.
//!
//! The search needs a clock but the crate is `no_std`, so the caller passes one: anything
//! that implements [`Clock`] (with the `std` feature, `std::time::Instant` does; a closure
//! returning the elapsed [`Duration`] does too). It stops when its [`Limits`] are reached or
//! when the caller sets the `AtomicBool` it was given.
//!
//! The parts: `engine` holds the tree search (iterative deepening, principal-variation
//! alpha-beta with aspiration windows, pruning and reductions) and its quiescence search;
//! `ordering` the move ordering (transposition table move, captures by MVV-LVA and static
//! exchange, killers, counter moves, history); `tt` the
//! transposition table; `time` the time management; and the public [`eval`] module the static
//! evaluation.
//!
//! ```
//! use core::sync::atomic::{AtomicBool, AtomicU64};
//! use x88::Board0x88;
//! use x88::search::{Limits, Score, Searcher};
//!
//! // White mates in one: Ra8#.
//! let board: Board0x88 = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".parse().unwrap();
//! let mut searcher = Searcher::new(1);
//! let stop = AtomicBool::new(false);
//! let start = std::time::Instant::now();
//! let clock = || start.elapsed(); // a closure clock: works without the `std` feature too
//! let result = searcher.search(&board, &[], &Limits::depth(3), &stop, &clock, |_info| {});
//! assert_eq!(result.best_move.unwrap().to_string(), "a1a8");
//! assert_eq!(result.score, Score::Mate(1));
//! ```

mod correction;
mod engine;
pub mod eval;
mod ordering;
pub mod params;
mod time;
mod tt;

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, AtomicU64};
use core::time::Duration;

use crate::{Board0x88, Move};
use correction::CorrectionHistory;
use eval::{EvalCache, Evaluator, Weights};
use ordering::OrderingTables;
use tt::TranspositionTable;

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

/// The most search threads a [`Searcher`] runs.
pub const MAX_THREADS: usize = 256;

/// A searcher: owns the transposition table and, for each search thread, the move-ordering
/// tables and evaluation cache, which it keeps between searches of the same game.
///
/// With the `std` feature a searcher can search on several threads at once
/// ([`Searcher::set_threads`]): Lazy SMP, in which every thread searches the same position by
/// iterative deepening and they help one another only through the shared transposition table.
/// The extra threads are scoped to each call of [`Searcher::search`]; the first thread is the
/// caller's, and its result is the one returned. Without `std` a searcher has one thread.
#[derive(Debug)]
pub struct Searcher {
    tt: TranspositionTable,
    /// The evaluation's weights and tables when they are not the default ones (boxed: they
    /// take about 6 KiB). The default ones are constants the compiler folds into the code,
    /// which evaluates 6 % faster than reading them.
    evaluator: Option<Box<Evaluator>>,
    /// The first thread's tables, then each helper thread's.
    threads: Vec<ThreadTables>,
}

/// What each search thread keeps for itself between searches.
#[derive(Debug)]
struct ThreadTables {
    ordering: Box<OrderingTables>,
    eval_cache: EvalCache,
    correction: CorrectionHistory,
}

impl ThreadTables {
    fn new() -> ThreadTables {
        ThreadTables {
            ordering: Box::new(OrderingTables::new()),
            eval_cache: EvalCache::new(),
            correction: CorrectionHistory::new(),
        }
    }

    fn clear(&mut self) {
        self.ordering.clear();
        self.eval_cache.clear();
        self.correction.clear();
    }
}

impl Searcher {
    /// A searcher with one thread, whose transposition table takes about `hash_mb` megabytes
    /// (at least one entry however small).
    #[must_use]
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            evaluator: None,
            threads: alloc::vec![ThreadTables::new()],
        }
    }

    /// The weights the search evaluates with: [`Weights::DEFAULT`] unless
    /// [`Searcher::set_weights`] changed them.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        self.evaluator
            .as_deref()
            .map_or(&Weights::DEFAULT, Evaluator::weights)
    }

    /// Makes the search evaluate with `weights`, each taken into the range
    /// [`Evaluator::new`] allows: for an engine with weights of its own, or a tuner that tries
    /// them in games. Unless they are the weights it has already, everything learnt from
    /// earlier searches is forgotten, as by [`Searcher::clear`]: it was learnt with the old
    /// weights. With weights far from the defaults a static evaluation is kept below the
    /// mate scores.
    ///
    /// ```
    /// use core::sync::atomic::AtomicBool;
    /// use core::time::Duration;
    /// use x88::Board0x88;
    /// use x88::search::eval::Weights;
    /// use x88::search::{Limits, Score, Searcher};
    ///
    /// // A knight against two pawns.
    /// let board: Board0x88 = "4k3/pp6/4p3/3p4/8/2N5/PP6/4K3 w - - 0 1".parse().unwrap();
    /// let stop = AtomicBool::new(false);
    /// // A depth limit needs no clock: one that stands still will do (and works without std).
    /// let clock = || Duration::ZERO;
    /// let mut score = |searcher: &mut Searcher| {
    ///     let limits = Limits::depth(4);
    ///     let result = searcher.search(&board, &[], &limits, &stop, &clock, |_| {});
    ///     match result.score {
    ///         Score::Cp(cp) => cp,
    ///         Score::Mate(_) => unreachable!("no mate in sight"),
    ///     }
    /// };
    /// let mut searcher = Searcher::new(1);
    /// assert!(score(&mut searcher) > 0);
    /// // With knights worth nothing, White's knight no longer makes up for the pawns.
    /// let mut weights = Weights::DEFAULT;
    /// weights.material_mg[1] = 0;
    /// weights.material_eg[1] = 0;
    /// searcher.set_weights(&weights);
    /// assert_eq!(searcher.weights(), &weights);
    /// assert!(score(&mut searcher) < 0);
    /// ```
    pub fn set_weights(&mut self, weights: &Weights) {
        let evaluator = Evaluator::new(weights);
        if evaluator.weights() == self.weights() {
            return;
        }
        self.evaluator = (evaluator.weights() != &Weights::DEFAULT).then(|| Box::new(evaluator));
        self.clear();
    }

    /// Changes the size of the transposition table, which empties it.
    pub fn resize(&mut self, hash_mb: usize) {
        // Free the old table first, so that the two never take memory at once.
        self.tt = TranspositionTable::new(0);
        self.tt = TranspositionTable::new(hash_mb);
    }

    /// How many threads a search runs on.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Sets how many threads a search runs on, from 1 to [`MAX_THREADS`] (a count outside is
    /// taken to the nearest end). The threads share the transposition table; each has its own
    /// move-ordering tables, and those of a thread added here start empty.
    ///
    /// ```
    /// use core::sync::atomic::{AtomicBool, AtomicU64};
    /// use std::time::Instant;
    /// use x88::Board0x88;
    /// use x88::search::{Limits, Searcher};
    ///
    /// let mut searcher = Searcher::new(16);
    /// searcher.set_threads(2);
    /// assert_eq!(searcher.threads(), 2);
    /// let board = Board0x88::default();
    /// let start = Instant::now();
    /// let stop = AtomicBool::new(false);
    /// let result = searcher.search(&board, &[], &Limits::depth(6), &stop, &start, |_| {});
    /// assert!(board.is_legal(result.best_move.unwrap()));
    /// ```
    #[cfg(feature = "std")]
    pub fn set_threads(&mut self, threads: usize) {
        self.threads
            .resize_with(threads.clamp(1, MAX_THREADS), ThreadTables::new);
    }

    /// Forgets everything learnt from earlier searches (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        for thread in &mut self.threads {
            thread.clear();
        }
    }

    /// Searches `board` and returns the best move found.
    ///
    /// `history` holds the hashes of the game's earlier positions, oldest first (as
    /// [`crate::Game::history`] gives them), so that repetitions are scored as draws.
    /// `stop` is polled during the search; setting it ends the search with the best move of
    /// the last completed iteration (or a better root move the unfinished one already proved).
    /// `on_info` is called with the search's progress, after each completed iteration.
    ///
    /// A position without legal moves gets `best_move: None` and `Mate(0)` (checkmate) or
    /// `Cp(0)` (stalemate). With exactly one legal move and a time limit, that move comes back
    /// at once. Repetitions (of the game's positions or within the search) and the 50-move rule
    /// count as draws inside the tree.
    ///
    /// With more than one thread ([`Searcher::set_threads`]) the helper threads search until
    /// the calling thread's search ends; the limits, the clock and `on_info` belong to the
    /// calling thread, and the node counts (the limit's and the reported ones) are those of
    /// all threads together.
    pub fn search(
        &mut self,
        board: &Board0x88,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        clock: &dyn Clock,
        mut on_info: impl FnMut(&SearchInfo<'_>),
    ) -> SearchResult {
        self.tt.new_search();
        let tt = &self.tt;
        let evaluator = self.evaluator.as_deref();
        let all_nodes = AtomicU64::new(0);
        let Some((main, helpers)) = self.threads.split_first_mut() else {
            unreachable!("a searcher always has its first thread")
        };
        let mut search_main = || {
            engine::run(
                tt,
                &mut main.ordering,
                evaluator,
                &mut main.eval_cache,
                &mut main.correction,
                board,
                history,
                limits,
                stop,
                clock,
                &all_nodes,
                &mut on_info,
            )
        };
        #[cfg(feature = "std")]
        if !helpers.is_empty() {
            let mut result = search_with_helpers(
                helpers,
                tt,
                evaluator,
                board,
                history,
                limits,
                &all_nodes,
                search_main,
            );
            result.nodes = all_nodes.load(core::sync::atomic::Ordering::Relaxed);
            return result;
        }
        let _ = helpers;
        search_main()
    }
}

/// Runs `search_main` on this thread while each of `helpers` searches the same position on a
/// scoped thread of its own, until `search_main` returns.
#[cfg(feature = "std")]
#[allow(clippy::too_many_arguments)]
fn search_with_helpers(
    helpers: &mut [ThreadTables],
    tt: &TranspositionTable,
    evaluator: Option<&Evaluator>,
    board: &Board0x88,
    history: &[u64],
    limits: &Limits,
    all_nodes: &AtomicU64,
    search_main: impl FnOnce() -> SearchResult,
) -> SearchResult {
    let done = AtomicBool::new(false);
    // A helper searches until told to stop or the node limit is reached (so that a slow first
    // thread cannot let the helpers run past it); it reads no clock and reports nothing.
    let helper_limits = Limits {
        nodes: limits.nodes,
        ..Limits::default()
    };
    let no_clock = || Duration::ZERO;
    std::thread::scope(|scope| {
        for helper in helpers {
            let (done, helper_limits, no_clock) = (&done, &helper_limits, &no_clock);
            // A helper the system cannot start is done without: the search runs on the rest.
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                engine::run(
                    tt,
                    &mut helper.ordering,
                    evaluator,
                    &mut helper.eval_cache,
                    &mut helper.correction,
                    board,
                    history,
                    helper_limits,
                    done,
                    no_clock,
                    all_nodes,
                    &mut |_| {},
                );
            });
        }
        let result = search_main();
        done.store(true, core::sync::atomic::Ordering::Relaxed);
        result
    })
}
