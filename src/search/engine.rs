//! The tree search: iterative deepening over a principal-variation alpha-beta search with a
//! quiescence search at the leaves.
//!
//! Each iteration searches the root one ply deeper, from depth 5 on inside an aspiration window
//! around the last score that widens on failure. Interior nodes detect draws (repetition of a
//! position of the game or of the search path, within the halfmove clock; the 50-move rule),
//! prune by mate distance, cut on transposition table hits, and at non-PV nodes try reverse
//! futility pruning, razoring (off by default: `params::razoring_depth` is 0 until an SPRT
//! accepts it), null-move pruning (not in check, not twice in a row, not with only king
//! and pawns) and ProbCut (off by default: `params::probcut_depth` is 0). Without a
//! transposition table move, deep nodes search a ply less (internal iterative reduction).
//! A null move's child is not evaluated: its evaluation follows from its parent's
//! ([`evaluate_after_null_move`]), and the parent starts loading its bucket as it evaluates.
//! Moves come ordered from [`MovePicker`]; the first is searched with the full window, later
//! ones with a null window and, when quiet and late, with a late-move reduction (a ply less
//! for a check, none at all when `params::reduction_checks` is 0; more of one at cut nodes
//! and after a capturing TT move, when `params::reduction_cut_node` and
//! `params::reduction_tt_capture` say so), re-searched when they beat alpha. Shallow nodes
//! end their quiet moves but the checks once they are late or the evaluation is far below
//! alpha (late-move and futility pruning: the picker then generates only the quiet checks),
//! and skip quiet moves with a bad history and captures that lose material unless they give
//! check (quiet moves that lose material too, when `params::see_quiet_depth` is not 0: off
//! until an SPRT accepts it). Checks that lose nothing by static exchange extend the search
//! by a ply (`params::check_extension_see`; at 0, every check does).
//! Singular extensions: when the node searched without its TT move, at half the depth, stays
//! below the TT score less a margin, the TT move is searched a ply deeper (two plies, at most
//! `params::singular_double_limit` times on a path, when the others stay a further
//! `params::singular_double_margin` below: off until an SPRT accepts it); when the others
//! reach beta the node is cut (multi-cut), and when they only reach the margin while the TT
//! score is at or above beta, the TT move is searched a ply shallower.
//! The quiescence search is in [`qsearch`]. A triangular table collects the principal
//! variation. Every [`POLL_INTERVAL`] nodes the search looks at the stop flag, the clock and
//! the node count; an iteration cut off that way still yields its best root move so far.

use alloc::vec::Vec;
use arrayvec::ArrayVec;
use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use core::time::Duration;

mod qsearch;

use qsearch::QuiesceFrom;

use super::correction::CorrectionHistory;
use super::eval::{EvalCache, Evaluator, evaluate, evaluate_after_null_move, evaluate_cached};
use super::ordering::{
    ContinuationKey, EarlierMoves, MAX_PLY, MovePicker, OrderingTables, clearly_winning,
    continuation_key, is_quiet,
};
use super::params;
use super::time::Budget;
use super::tt::{Bound, Hit, TranspositionTable};
use super::{Clock, Limits, Score, SearchInfo, SearchResult};
use crate::{Board0x88, Move, PieceKind, Undo};

/// Larger than any score.
pub(crate) const INFINITY: i32 = 32_000;
/// The score of mating at the root; mate at ply `p` scores `MATE - p`.
pub(crate) const MATE: i32 = 30_000;
/// Scores at least this large (in magnitude) are mates.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;

/// Nodes between two looks at the stop flag, the clock and the node limit.
const POLL_INTERVAL: u64 = 2048;

/// `log2(x)` in fixed point with 8 fractional bits, for `x >= 1`.
const fn log2_fixed(x: u32) -> u64 {
    let whole = 31 - x.leading_zeros();
    // The mantissa in [1, 2) with 16 fractional bits; squaring it doubles the logarithm.
    let mut mantissa: u64 = ((x as u64) << 16) >> whole;
    let mut fraction = 0;
    let mut bit = 128;
    while bit > 0 {
        mantissa = (mantissa * mantissa) >> 16;
        if mantissa >= 2 << 16 {
            mantissa >>= 1;
            fraction |= bit;
        }
        bit >>= 1;
    }
    whole as u64 * 256 + fraction
}

/// `LOG2[x]`: [`log2_fixed`] of `x` for 1..64 (0 at 0, which the reductions never ask about).
static LOG2: [u64; 64] = {
    let mut table = [0; 64];
    let mut x = 1;
    while x < 64 {
        table[x] = log2_fixed(x as u32);
        x += 1;
    }
    table
};

/// The base late-move reduction `base / 100 + ln(depth) ln(number) / (divisor / 100)` in whole
/// plies (rounded down), from the two logarithms in [`log2_fixed`]'s fixed point.
const fn reduction_from_logs(log_depth: u64, log_number: u64, base: i32, divisor: i32) -> u8 {
    // The product of two logarithms carries 16 fractional bits; ln(2)^2 = 0.4805.
    let product = log_depth * log_number;
    let base = base as u64 * 65_536 / 100;
    let reduction = (product * 4805 / (divisor as u64 * 100) + base) / 65_536;
    if reduction > u8::MAX as u64 {
        u8::MAX
    } else {
        reduction as u8
    }
}

/// `LMR[depth][move_number]`: the base late-move reduction of the default parameters.
#[cfg(not(feature = "tune"))]
static LMR: [[u8; 64]; 64] = {
    let mut table = [[0u8; 64]; 64];
    let mut depth = 1;
    while depth < 64 {
        let mut number = 1;
        while number < 64 {
            table[depth][number] = reduction_from_logs(
                LOG2[depth],
                LOG2[number],
                params::reduction_base(),
                params::reduction_divisor(),
            );
            number += 1;
        }
        depth += 1;
    }
    table
};

/// The base late-move reduction of the `number`-th move searched at `depth`, before the
/// node's adjustments; both count from 1 and are capped at 63. A table lookup in a normal
/// build; a `tune` build computes it from the parameters of the moment.
#[inline(always)]
fn base_reduction(depth: i32, number: usize) -> i32 {
    let depth = depth.clamp(1, 63) as usize;
    let number = number.clamp(1, 63);
    #[cfg(not(feature = "tune"))]
    let reduction = LMR[depth][number];
    #[cfg(feature = "tune")]
    let reduction = reduction_from_logs(
        LOG2[depth],
        LOG2[number],
        params::reduction_base(),
        params::reduction_divisor(),
    );
    i32::from(reduction)
}

/// The share of the soft time limit (in percent) after which no new iteration starts: more
/// when the last iteration's score fell (there is trouble to look into), less when the best
/// move has stayed the same for several iterations. The hard limit still applies.
fn soft_time_percent(score_drop: i32, stable_iterations: u32) -> u32 {
    let percent = if score_drop > params::time_big_drop() {
        params::time_big_drop_percent()
    } else if score_drop > params::time_drop() {
        params::time_drop_percent()
    } else if stable_iterations >= params::time_stable_iterations().unsigned_abs() {
        params::time_stable_percent()
    } else {
        100
    };
    percent.unsigned_abs()
}

/// The share of the soft time limit (in percent) the best move's share of the root's nodes
/// asks for: less when the best move took most of the search (the others were refuted
/// quickly), more when it took little (they needed work, and may yet overtake it).
/// `best_permille` is the best move's share in thousandths; the soft limit is scaled by
/// `factor` percent of (`base` percent minus the share), at least
/// [`MIN_NODE_SHARE_PERCENT`], and left alone with `factor` 0.
pub(super) fn node_share_percent(best_permille: u64, base: u32, factor: u32) -> u32 {
    if factor == 0 {
        return 100;
    }
    let room = (u64::from(base) * 10).saturating_sub(best_permille.min(1000));
    // At most `base * factor / 100`, so it fits a u32. Never below a fifth: a small factor,
    // or a base near the whole, must not stop the search after its first iteration.
    ((room * u64::from(factor) / 1000) as u32).max(MIN_NODE_SHARE_PERCENT)
}

/// The least share of the soft limit [`node_share_percent`] gives, in percent.
const MIN_NODE_SHARE_PERCENT: u32 = 20;

/// Converts an internal score to the reported [`Score`].
pub(crate) fn to_score(score: i32) -> Score {
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        Score::Mate(if score > 0 { moves } else { -moves })
    } else {
        Score::Cp(score)
    }
}

fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
}

/// The better guess of a node's value out of check: its table entry's score where the
/// entry's bound says that is nearer the truth than `static_eval` (a lower bound above it,
/// an upper bound below it, or an exact score; never a mate score), else `static_eval`.
#[inline(always)]
pub(super) fn nearer_the_truth(static_eval: i32, entry: Option<Hit>) -> i32 {
    match entry {
        Some(h) if h.score.abs() < MATE_BOUND => match h.bound {
            Bound::Lower if h.score > static_eval => h.score,
            Bound::Upper if h.score < static_eval => h.score,
            Bound::Exact => h.score,
            _ => static_eval,
        },
        _ => static_eval,
    }
}

/// Whether the side to move has a piece besides its king and pawns (the null-move guard
/// against zugzwang).
fn has_pieces(board: &Board0x88) -> bool {
    let side = board.side_to_move();
    let pawns_and_king = board.pieces(side, PieceKind::Pawn) | board.pieces(side, PieceKind::King);
    board.occupied_by(side) != pawns_and_king
}

/// The continuation key of `mv` in `board` for the search's stack: `None` with
/// `params::continuation_history` off (a constant in a normal build, so nothing is looked
/// up).
#[inline(always)]
fn tracked_continuation_key(board: &Board0x88, mv: Move) -> Option<ContinuationKey> {
    if params::continuation_history() == 0 {
        None
    } else {
        continuation_key(board, mv)
    }
}

/// One search: the tables it borrows from the [`Searcher`](super::Searcher), its limits and
/// its stack.
struct Worker<'a> {
    tt: &'a TranspositionTable,
    tables: &'a mut OrderingTables,
    /// The evaluation's weights and tables, unless they are the default ones.
    evaluator: Option<&'a Evaluator>,
    /// The pawn terms and evaluations met, for the evaluation.
    eval_cache: &'a mut EvalCache,
    /// The static evaluation's average errors, added back to it.
    correction: &'a mut CorrectionHistory,
    stop: &'a AtomicBool,
    clock: &'a dyn Clock,
    /// The nodes of every thread of the search, added to every [`POLL_INTERVAL`] nodes.
    all_nodes: &'a AtomicU64,
    budget: Budget,
    /// The hashes of the game's earlier positions followed by the search path's.
    keys: Vec<u64>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// The triangular PV table: row `ply` holds the PV from `ply` on, `pv_len[ply]` long.
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The static evaluation at each ply of the path.
    evals: [i32; MAX_PLY + 1],
    /// The move played at each ply of the path (`None` for a null move).
    played: [Option<Move>; MAX_PLY + 1],
    /// The continuation key of the move played at each ply of the path (`None` for a null
    /// move, or with `params::continuation_history` off).
    moved: [Option<ContinuationKey>; MAX_PLY + 1],
    /// The best root move of the current iteration so far, its score and its PV.
    root_best: Option<(Move, i32)>,
    root_pv: Vec<Move>,
    /// The move a node at each ply leaves out: its TT move, while the search asks whether
    /// that move is singular (see [`Worker::singularity`]).
    excluded: [Option<Move>; MAX_PLY + 1],
    /// The depth of the current iteration, which bounds how far singular extensions reach.
    root_depth: i32,
    /// The double singular extensions on the path from the root to each ply: a node sets its
    /// slot to its parent's count on entry (which the null move's and ProbCut's children
    /// read), and before each move to the count that move's child inherits. Kept only with
    /// `params::singular_double_margin` on; all zeros otherwise.
    double_extensions: [i32; MAX_PLY + 1],
    /// The nodes this worker searched below each root move, by [`root_move_slot`]: empty
    /// unless `params::time_node_factor` is on and the limit is a game clock.
    root_move_nodes: Vec<u64>,
    /// The evaluation of a node that has just made a null move, set when it searches the
    /// null move's child and cleared when the child returns: the child's own evaluation,
    /// the first one taken after it is set, follows from it
    /// ([`evaluate_after_null_move`]) and takes it.
    before_null_move: Option<i32>,
}

/// Where `mv` counts its nodes in [`Worker::root_move_nodes`]: by its squares, so that a
/// promotion's count includes its under-promotions' nodes (which lengthens its share a
/// little, and so shortens the time).
fn root_move_slot(mv: Move) -> usize {
    mv.from().index() * 64 + mv.to().index()
}

/// What the search without a node's TT move found (see [`Worker::singularity`]).
enum Singularity {
    /// Every other move falls below the singular beta: the TT move alone holds the score.
    /// `below` is how far under the singular beta the others' bound lies (the bound is
    /// `-INFINITY`, and `below` huge, when the TT move is the only legal move).
    Singular { below: i32 },
    /// Some other move reaches the singular beta; this is the best value found.
    Others(i32),
}

impl Worker<'_> {
    /// The static evaluation of `board`, through the evaluation cache: with the default
    /// weights through [`evaluate_cached`], whose weights are constants in the code. Other
    /// weights, however extreme, give a value below the mate scores.
    #[inline(always)]
    fn static_evaluation(&mut self, board: &Board0x88) -> i32 {
        // The child of a null move: its evaluation follows from its parent's.
        if let Some(before) = self.before_null_move.take() {
            return match self.evaluator {
                None => evaluate_after_null_move(before),
                Some(evaluator) => evaluator
                    .evaluate_after_null_move(before)
                    .clamp(-(MATE_BOUND - 1), MATE_BOUND - 1),
            };
        }
        match self.evaluator {
            None => evaluate_cached(board, self.eval_cache),
            Some(evaluator) => evaluator
                .evaluate_cached(board, self.eval_cache)
                .clamp(-(MATE_BOUND - 1), MATE_BOUND - 1),
        }
    }

    /// The node's evaluation before correction, or `-INFINITY` in check, where nothing stands
    /// pat (every evasion is searched). Taken before the node probes the table: the parent
    /// prefetched the node's bucket, which arrives while the evaluation runs (see
    /// [`TranspositionTable::prefetch`]).
    #[inline(always)]
    fn raw_evaluation(&mut self, board: &Board0x88, in_check: bool) -> i32 {
        if in_check {
            // A null move's child is never in check (the null move is not tried in check),
            // but should it be, from a position the side not to move is in check in, the
            // parent's value is dropped here rather than handed to a grandchild.
            self.before_null_move = None;
            -INFINITY
        } else {
            self.static_evaluation(board)
        }
    }

    /// Makes `mv` and starts loading the child's table bucket, which the child probes after
    /// its evaluation: the moves of ProbCut and of the quiescence search go through here,
    /// except for a quiescence node's child that will not read the table
    /// (`params::quiescence_table` below 2 and no check). The main search's moves do not:
    /// their buckets start loading when they are picked, and a null move's when its node
    /// evaluates.
    #[inline(always)]
    fn make(&self, board: &mut Board0x88, mv: Move) -> Undo {
        let undo = board.make_move(mv);
        self.tt.prefetch(board.hash());
        undo
    }
}

/// Runs one thread's search; the body of [`Searcher::search`](super::Searcher::search).
///
/// The table `tt` and the node count `all_nodes` are shared by all threads of the search
/// (the caller starts the table's new search); the other tables are this thread's own. The
/// node limit counts the nodes of all threads, and so do the reported nodes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run(
    tt: &TranspositionTable,
    tables: &mut OrderingTables,
    evaluator: Option<&Evaluator>,
    eval_cache: &mut EvalCache,
    correction: &mut CorrectionHistory,
    board: &Board0x88,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    clock: &dyn Clock,
    all_nodes: &AtomicU64,
    on_info: &mut dyn FnMut(&SearchInfo<'_>),
) -> SearchResult {
    let mut board = *board;
    let moves = board.legal_moves();
    let in_check = board.is_check();
    if moves.is_empty() {
        return SearchResult {
            best_move: None,
            score: if in_check {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            },
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
    }
    tables.age();
    let budget = Budget::new(limits, board.side_to_move());
    let fallback = tt
        .probe(board.hash(), 0)
        .and_then(|hit| hit.mv)
        .filter(|&mv| board.is_legal(mv))
        .unwrap_or(moves[0]);
    let mut result = SearchResult {
        best_move: Some(fallback),
        score: Score::Cp(evaluator.map_or_else(
            || evaluate(&board),
            |e| e.evaluate(&board).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1),
        )),
        depth: 0,
        nodes: 0,
        pv: alloc::vec![fallback],
    };
    if (moves.len() == 1 && budget.has_time_limit()) || stop.load(Ordering::Relaxed) {
        return result;
    }

    let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
    keys.extend_from_slice(history);
    let mut worker = Worker {
        tt,
        tables,
        evaluator,
        eval_cache,
        correction,
        stop,
        clock,
        all_nodes,
        budget,
        keys,
        nodes: 0,
        seldepth: 0,
        aborted: false,
        pv: alloc::vec![[None; MAX_PLY]; MAX_PLY + 1],
        pv_len: [0; MAX_PLY + 1],
        evals: [0; MAX_PLY + 1],
        played: [None; MAX_PLY + 1],
        moved: [None; MAX_PLY + 1],
        root_best: None,
        root_pv: Vec::new(),
        excluded: [None; MAX_PLY + 1],
        root_depth: 0,
        double_extensions: [0; MAX_PLY + 1],
        root_move_nodes: if params::time_node_factor() != 0 && budget.flexible {
            alloc::vec![0; 64 * 64]
        } else {
            Vec::new()
        },
        before_null_move: None,
    };

    let mut score = 0;
    let mut previous_score = 0;
    let mut score_drop = 0;
    let mut stable_iterations = 0;
    for depth in 1..=budget.depth {
        let mut delta = params::aspiration_delta();
        let (mut alpha, mut beta) = if depth as i32 >= params::aspiration_depth() {
            (
                (score - delta).max(-INFINITY),
                (score + delta).min(INFINITY),
            )
        } else {
            (-INFINITY, INFINITY)
        };
        worker.root_depth = depth as i32;
        loop {
            // Only this attempt's window says what a root move proved; a best move kept from a
            // failed attempt would come back with a stale bound as its score.
            worker.root_best = None;
            let value = worker.negamax(
                &mut board,
                depth as i32,
                0,
                alpha,
                beta,
                in_check,
                true,
                false,
            );
            if worker.aborted {
                break;
            }
            if value <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITY);
            } else if value >= beta {
                beta = (value + delta).min(INFINITY);
            } else {
                score = value;
                break;
            }
            delta += delta / 2 + params::aspiration_growth();
        }
        if worker.aborted {
            // A root move that beat the window of an unfinished iteration is still better
            // than what the last finished iteration knew.
            if let Some((mv, value)) = worker.root_best {
                result.best_move = Some(mv);
                result.score = to_score(value);
                result.pv = core::mem::take(&mut worker.root_pv);
            }
            break;
        }
        let Some((best, _)) = worker.root_best else {
            break;
        };
        if depth > 1 {
            stable_iterations = if result.best_move == Some(best) {
                stable_iterations + 1
            } else {
                0
            };
            score_drop = previous_score - score;
        }
        previous_score = score;
        result.best_move = Some(best);
        result.pv = core::mem::take(&mut worker.root_pv);
        result.score = to_score(score);
        result.depth = depth;
        let time = clock.elapsed();
        let nodes = worker.all_nodes();
        on_info(&SearchInfo {
            depth,
            seldepth: worker.seldepth as u32,
            score: result.score,
            nodes,
            nps: nps(nodes, time),
            time,
            pv: &result.pv,
        });
        let time_percent = if budget.flexible {
            let best_nodes = worker
                .root_move_nodes
                .get(root_move_slot(best))
                .copied()
                .unwrap_or(0);
            let best_permille = best_nodes * 1000 / worker.nodes.max(1);
            let node_share = node_share_percent(
                best_permille,
                params::time_node_base().unsigned_abs(),
                params::time_node_factor().unsigned_abs(),
            );
            soft_time_percent(score_drop, stable_iterations) * node_share / 100
        } else {
            100
        };
        if budget
            .soft
            .is_some_and(|soft| time >= soft * time_percent / 100)
        {
            break;
        }
        let mate_plies = MATE - score.abs();
        if !limits.infinite && score.abs() >= MATE_BOUND && depth as i32 >= 2 * mate_plies + 2 {
            break;
        }
    }
    // The nodes since the last poll join the shared count.
    all_nodes.fetch_add(worker.nodes % POLL_INTERVAL, Ordering::Relaxed);
    result.nodes = all_nodes.load(Ordering::Relaxed);
    result
}

impl Worker<'_> {
    /// Counts a node and, every [`POLL_INTERVAL`] nodes, checks whether to stop. True once the
    /// search must unwind.
    #[inline(always)]
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % POLL_INTERVAL == 0 {
            let all_nodes =
                self.all_nodes.fetch_add(POLL_INTERVAL, Ordering::Relaxed) + POLL_INTERVAL;
            self.aborted = self.aborted
                || self.stop.load(Ordering::Relaxed)
                || self.budget.nodes.is_some_and(|limit| all_nodes >= limit)
                || self
                    .budget
                    .hard
                    .is_some_and(|hard| self.clock.elapsed() >= hard);
        }
        self.aborted
    }

    /// The nodes of all threads so far: the shared count and this thread's since its last poll.
    fn all_nodes(&self) -> u64 {
        self.all_nodes.load(Ordering::Relaxed) + self.nodes % POLL_INTERVAL
    }

    /// Whether the position repeats one of the game or the search path since the last
    /// irreversible move.
    fn is_repetition(&self, board: &Board0x88) -> bool {
        board.is_repetition(&self.keys)
    }

    /// Makes `mv` the PV at `ply`, followed by the child's PV.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1].min(MAX_PLY - 1)
        } else {
            0
        };
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[0] = Some(mv);
        if child_len > 0 {
            row[1..=child_len].copy_from_slice(&tail[0][..child_len]);
        }
        self.pv_len[ply] = child_len + 1;
        if ply == 0 {
            self.root_pv.clear();
            self.root_pv
                .extend(row[..=child_len].iter().map_while(|&mv| mv));
        }
    }

    /// Searches the node at `ply` without its TT move `tt_move`, at `(depth - 1) / 2`, with a
    /// null window a margin below the TT score `tt_score`: whether any other move comes close
    /// to what the TT move is known to achieve.
    #[allow(clippy::too_many_arguments)]
    fn singularity(
        &mut self,
        board: &mut Board0x88,
        depth: i32,
        ply: usize,
        in_check: bool,
        tt_score: i32,
        tt_move: Move,
        cut_node: bool,
    ) -> Singularity {
        let singular_beta = tt_score - params::singular_margin() * depth;
        // The node's own static evaluation, which the plies below read for `improving`: the
        // search without the TT move writes it again, corrected by a history it may change.
        let eval = self.evals[ply];
        self.excluded[ply] = Some(tt_move);
        let value = self.negamax(
            board,
            (depth - 1) / 2,
            ply,
            singular_beta - 1,
            singular_beta,
            in_check,
            false,
            cut_node,
        );
        self.excluded[ply] = None;
        self.evals[ply] = eval;
        // The search without the TT move wrote its own PV at this ply.
        self.pv_len[ply] = 0;
        if value < singular_beta {
            Singularity::Singular {
                below: singular_beta - value,
            }
        } else {
            Singularity::Others(value)
        }
    }

    /// ProbCut at the non-PV node at `ply`, at least `params::probcut_depth` deep (not in
    /// check, nor searched without its TT move).
    /// A capture or queen promotion whose static exchange lifts `static_eval` past the bound
    /// `beta + params::probcut_margin`, and that holds the bound in quiescence and then in a
    /// search `params::probcut_reduction` plies shallower than the node's children, would
    /// surely hold `beta` in a full search. Returns its value, a lower bound also stored in the
    /// table; `None` if no capture does, or if the table's `entry` is from a deeper search than
    /// the verifying one and scores below the bound. The caller checks `self.aborted` after a
    /// `None`.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        board: &mut Board0x88,
        depth: i32,
        ply: usize,
        beta: i32,
        static_eval: i32,
        entry: Option<Hit>,
        cut_node: bool,
    ) -> Option<i32> {
        let probcut_beta = beta + params::probcut_margin();
        let child_depth = depth - params::probcut_reduction();
        if probcut_beta.abs() >= MATE_BOUND {
            return None;
        }
        if entry.is_some_and(|h| h.depth > child_depth && h.score < probcut_beta) {
            return None;
        }
        let key = board.hash();
        let mut captures = MovePicker::new();
        captures.add_captures(board, self.tables);
        while let Some(mv) = captures.next(board, self.tables) {
            if mv
                .promotion_kind()
                .is_some_and(|kind| kind != PieceKind::Queen)
                || !board.see_ge(mv, probcut_beta - static_eval)
            {
                continue;
            }
            let gives_check = board.gives_check(mv);
            self.moved[ply] = tracked_continuation_key(board, mv);
            let undo = self.make(board, mv);
            self.keys.push(key);
            self.played[ply] = Some(mv);
            // Quiescence first: most captures that fail there need no deeper look.
            let mut value = -self.quiesce(
                board,
                ply + 1,
                -probcut_beta,
                -probcut_beta + 1,
                gives_check,
                QuiesceFrom::MainLeaf,
            );
            if value >= probcut_beta && child_depth > 0 {
                value = -self.negamax(
                    board,
                    child_depth,
                    ply + 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    gives_check,
                    true,
                    !cut_node,
                );
            }
            self.keys.pop();
            board.unmake_move(mv, undo);
            if self.aborted {
                return None;
            }
            if value >= probcut_beta && value.abs() < MATE_BOUND {
                self.tt
                    .store(key, ply, Some(mv), value, child_depth + 1, Bound::Lower);
                return Some(value);
            }
        }
        None
    }

    /// The principal-variation search of the node at `ply`, `depth` plies deep, in the window
    /// `alpha..beta`: its value for the side to move. `in_check` says whether that side is in
    /// check, `allow_null` whether a null move may be tried (not right after one, nor in the
    /// search without the TT move), and `cut_node` whether the node is expected to fail high
    /// (never at a PV node), which `params::reduction_cut_node` reduces by more.
    #[allow(clippy::too_many_arguments, clippy::too_many_lines)]
    fn negamax(
        &mut self,
        board: &mut Board0x88,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        in_check: bool,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        let root = ply == 0;
        // The path's double extensions, which every child (the null move's and ProbCut's too)
        // inherits unless the move to it is extended by two (kept only with
        // `singular_double_margin` on; a constant in a normal build).
        let double_extensions = if params::singular_double_margin() == 0 || root {
            0
        } else {
            self.double_extensions[ply - 1]
        };
        if params::singular_double_margin() != 0 {
            self.double_extensions[ply] = double_extensions;
        }
        if !root {
            if board.halfmove_clock() >= 100 && (!in_check || board.has_legal_moves()) {
                return 0;
            }
            if self.is_repetition(board) {
                return 0;
            }
            if ply >= MAX_PLY - 1 {
                return if in_check {
                    0
                } else {
                    self.static_evaluation(board)
                };
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        // The node searched again without its TT move (its depth holds the check extension
        // already): the same position, so neither the table's score for it nor a null move
        // says anything about the other moves.
        // (With singular extensions off, a constant in a normal build, none is: the tests of
        // it below fold away.)
        let excluded = if params::singular_extensions() != 0 {
            self.excluded[ply]
        } else {
            None
        };
        if in_check && excluded.is_none() {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(board, ply, alpha, beta, in_check, QuiesceFrom::MainLeaf);
        }
        // A position counts as one node each time the search enters it from its parent, not
        // again when the singular search looks at it once more without its TT move (as
        // razoring's quiescence does not either: `QuiesceFrom::SameNode`).
        if excluded.is_none() && self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let pv_node = beta - alpha > 1;
        debug_assert!(
            !(pv_node && cut_node),
            "a PV node is never expected to fail high"
        );
        let key = board.hash();
        // Whether the node may try a null move, if its evaluation turns out to be at or above
        // beta. Such a node starts loading the null move's bucket now, while it evaluates: the
        // child, whose evaluation follows from this one, probes at once.
        let null_move_allowed = !pv_node
            && !in_check
            && allow_null
            && excluded.is_none()
            && depth >= params::null_move_depth();
        if null_move_allowed {
            self.tt.prefetch(board.hash_after_null_move());
        }
        let raw_eval = self.raw_evaluation(board, in_check);
        // In the search without the TT move, the entry's move is the excluded move and its
        // score that move's: nothing in it is of use there, so it is not read.
        let entry = if excluded.is_none() {
            self.tt.probe(key, ply)
        } else {
            None
        };
        let tt_move = entry.and_then(|h| h.mv);
        if let Some(h) = entry {
            if !pv_node && h.depth >= depth {
                match h.bound {
                    Bound::Exact => return h.score,
                    Bound::Lower if h.score >= beta => return h.score,
                    Bound::Upper if h.score <= alpha => return h.score,
                    _ => {}
                }
            }
        }
        // The search prunes on the evaluation corrected by the history of its errors.
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.correction.correct(board, raw_eval, MATE_BOUND - 1)
        };
        // The TT score, where its bound allows, is a better guess than the static evaluation
        // (not in the search without the TT move: the score is the TT move's).
        let eval = if in_check {
            static_eval
        } else {
            nearer_the_truth(static_eval, entry)
        };
        self.evals[ply] = static_eval;
        let improving = !in_check && (ply < 2 || static_eval > self.evals[ply - 2]);
        if let Some(killers) = self.tables.killers.get_mut(ply + 1) {
            *killers = [None; 2];
        }

        if !pv_node && !in_check && excluded.is_none() {
            // Reverse futility: far enough above beta that a shallow search will not fall back.
            if depth <= params::reverse_futility_depth() && eval.abs() < MATE_BOUND {
                let margin = params::reverse_futility_margin() * depth
                    - if improving {
                        params::reverse_futility_improving()
                    } else {
                        0
                    };
                if eval - margin >= beta {
                    return eval;
                }
            }
            // Razoring: so far below alpha that only captures could bring the score back. If
            // quiescence (captures only, at this node's window) agrees, the node fails low.
            if depth <= params::razoring_depth()
                && alpha.abs() < MATE_BOUND
                && eval + params::razoring_base() + params::razoring_per_depth() * depth * depth
                    <= alpha
            {
                let value = self.quiesce(board, ply, alpha, beta, false, QuiesceFrom::SameNode);
                if self.aborted {
                    return 0;
                }
                if value <= alpha {
                    return value;
                }
            }
            // Null move: if passing still fails high, a real move surely would.
            if null_move_allowed && eval >= beta && beta > -MATE_BOUND && has_pieces(board) {
                let reduction = params::null_move_base()
                    + depth / params::null_move_depth_divisor()
                    + ((eval - beta) / params::null_move_eval_divisor())
                        .min(params::null_move_eval_max());
                if let Some(undo) = board.make_null_move() {
                    self.keys.push(key);
                    self.played[ply] = None;
                    self.moved[ply] = None;
                    // An evaluation at the bounds may have been clamped there: the child's
                    // would not follow from it.
                    self.before_null_move = (raw_eval.abs() < MATE_BOUND - 1).then_some(raw_eval);
                    let value = -self.negamax(
                        board,
                        depth - 1 - reduction,
                        ply + 1,
                        -beta,
                        -beta + 1,
                        false,
                        false,
                        false,
                    );
                    // Not taken if the child ended before it evaluated (a draw, say).
                    self.before_null_move = None;
                    self.keys.pop();
                    board.unmake_null_move(undo);
                    if self.aborted {
                        return 0;
                    }
                    if value >= beta {
                        return if value >= MATE_BOUND { beta } else { value };
                    }
                }
            }
        }
        // ProbCut (with `probcut_depth` 0, a constant in a normal build, the test folds away).
        if !pv_node
            && !in_check
            && excluded.is_none()
            && params::probcut_depth() != 0
            && depth >= params::probcut_depth()
        {
            if let Some(value) = self.probcut(board, depth, ply, beta, static_eval, entry, cut_node)
            {
                return value;
            }
            if self.aborted {
                return 0;
            }
        }
        // Without a move to try first a deep search is costly: search a ply less.
        if depth >= params::no_tt_move_reduction_depth() && tt_move.is_none() && excluded.is_none()
        {
            depth -= 1;
        }

        // Singular extension: a TT move that alone keeps the node's score is searched a ply
        // deeper. If another move beats beta too (short of a mate, which a search this shallow
        // should not decide), the node fails high on it (multi-cut). If the TT move is not
        // alone and its score is at or above beta, it is searched a ply shallower.
        let mut tt_move_extension = 0;
        if let (Some(mv), Some(h)) = (tt_move, entry) {
            if params::singular_extensions() != 0
                && !root
                && depth >= params::singular_depth()
                && h.depth >= depth - params::singular_tt_depth_margin()
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && h.score.abs() < MATE_BOUND
                && (ply as i32) < 2 * self.root_depth
                && board.is_legal(mv)
            {
                match self.singularity(board, depth, ply, in_check, h.score, mv, cut_node) {
                    _ if self.aborted => return 0,
                    // Far below it, at a node that is not on the PV, the TT move is searched two
                    // plies deeper, a few times on a path at most (with
                    // `singular_double_margin` 0, a constant in a normal build, never).
                    Singularity::Singular { below }
                        if params::singular_double_margin() != 0
                            && !pv_node
                            && below > params::singular_double_margin()
                            && double_extensions < params::singular_double_limit() =>
                    {
                        tt_move_extension = 2;
                    }
                    Singularity::Singular { .. } => tt_move_extension = 1,
                    Singularity::Others(value) if value >= beta && value.abs() < MATE_BOUND => {
                        return value;
                    }
                    Singularity::Others(_) if h.score >= beta => tt_move_extension = -1,
                    Singularity::Others(_) => {}
                }
            }
        }

        let previous = if root { None } else { self.played[ply - 1] };
        // The moves one and two plies before, for the continuation history (with it off, a
        // constant in a normal build, none).
        let earlier: EarlierMoves = if params::continuation_history() == 0 {
            [None; 2]
        } else {
            let before = |back: usize| ply.checked_sub(back).and_then(|p| self.moved[p]);
            [before(1), before(2)]
        };
        let mut picker = MovePicker::new();
        if in_check {
            picker.add_all(board, tt_move, self.tables, ply, previous, earlier);
        } else {
            picker.add_staged(board, tt_move, ply, previous, earlier);
        }
        let side = board.side_to_move().index();
        let killers = self.tables.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = self.tables.counter(previous);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        // For the capture history (`params::capture_history`; with it off nothing is kept).
        let mut captures_tried: ArrayVec<Move, 32> = ArrayVec::new();
        // A TT move that takes or promotes: the quiet moves after it are reduced by more. (A
        // move of another position, from a hash collision, does not count; with
        // `reduction_tt_capture` 0, a constant in a normal build, nothing is tested.)
        let tt_capture = params::reduction_tt_capture() != 0
            && tt_move.is_some_and(|mv| !is_quiet(mv) && board.is_legal(mv));
        let lmp_limit = (params::late_move_pruning_base() + depth * depth) as usize
            / if improving { 1 } else { 2 };

        // The moves handed out, pruned or not: none means mate or stalemate. Nothing is pruned,
        // nor left ungenerated, before a move has been searched (`may_prune` needs `best` above
        // the mate scores), so a position with a legal move always hands one out.
        let mut legal_moves = 0usize;
        loop {
            let may_prune = !root && !in_check && best > -MATE_BOUND;
            // Late in a node, or with the evaluation far below alpha, a quiet move is not worth
            // a search unless it gives check (a quiet check after a sacrifice may mate). Each
            // condition, once it holds, stays true for the rest of the node (the count grows,
            // alpha only rises), so the picker hands out no other quiet move from here: those
            // not generated yet never are, only the quiet checks.
            let quiets_done = may_prune
                && ((depth <= params::late_move_pruning_depth() && searched >= lmp_limit)
                    || (depth <= params::futility_depth()
                        && eval + params::futility_base() + params::futility_per_depth() * depth
                            <= alpha));
            if quiets_done {
                picker.only_quiet_checks(board);
            }
            let Some(mv) = picker.next(board, self.tables) else {
                break;
            };
            legal_moves += 1;
            if Some(mv) == excluded {
                continue;
            }
            // The child's table entry starts loading now, while the move's pruning is decided
            // (only where `prefetch` does something: elsewhere the hash would be wasted work).
            #[cfg(target_arch = "x86_64")]
            self.tt.prefetch(board.hash_after(mv));
            let quiet = is_quiet(mv);
            // The quiet move's history for pruning and reductions; with
            // `continuation_history` at 2, its continuation history too.
            let history = if !quiet {
                0
            } else if params::continuation_history() >= 2 {
                self.tables.quiet_score(board, side, mv, &earlier)
            } else {
                self.tables.history(side, mv)
            };
            let losing_capture = may_prune
                && !quiet
                && depth <= params::see_pruning_depth()
                && !clearly_winning(board, mv)
                // The threshold is below 0 (the margin and the depth are positive): a capture
                // the picker found to win at least nothing passes without another exchange.
                && picker.exchange_wins() != Some(true)
                && !board.see_ge(mv, -params::see_pruning_margin() * depth);
            let gives_check = board.gives_check(mv);
            // A check that loses material by static exchange goes without the check extension:
            // its child, in check, adds the ply back (with `check_extension_see` 0, in a `tune`
            // build, every check keeps it). A capture the picker tested already needs no
            // second exchange.
            let unextended_check = params::check_extension_see() != 0
                && gives_check
                && !picker
                    .exchange_wins()
                    .unwrap_or_else(|| board.see_ge(mv, 0));
            if may_prune && !gives_check {
                // Nor is a quiet move with a bad history, or a capture that loses material.
                let prune = if quiet {
                    quiets_done
                        || (depth <= params::history_pruning_depth()
                            && history < -params::history_pruning_margin() * depth)
                        // A quiet move that hangs its piece (with `see_quiet_depth` 0, a
                        // constant in a normal build, this folds away).
                        || (params::see_quiet_depth() != 0
                            && depth <= params::see_quiet_depth()
                            && !board.see_ge(mv, -params::see_quiet_margin() * depth * depth))
                } else {
                    losing_capture
                };
                if prune {
                    continue;
                }
            }
            self.moved[ply] = tracked_continuation_key(board, mv);
            // The root's nodes by move, for the time management (with `time_node_factor` 0, a
            // constant in a normal build, not counted).
            let count_nodes = params::time_node_factor() != 0 && root;
            let nodes_before = if count_nodes { self.nodes } else { 0 };
            // Not `make`: the child's bucket was prefetched when the move was picked, and
            // prefetching it again here cost 1.5 to 2.5 % of `uci bench`'s speed (two sets
            // of 30 alternating runs), for 0.15 % of its instructions.
            let undo = board.make_move(mv);
            self.keys.push(key);
            self.played[ply] = Some(mv);
            let extension = if Some(mv) == tt_move {
                tt_move_extension
            } else {
                0
            };
            if params::singular_double_margin() != 0 {
                self.double_extensions[ply] = double_extensions + i32::from(extension >= 2);
            }
            let new_depth = depth - 1 + extension - i32::from(unextended_check);
            // A later move first gets a zero-window search, reduced if it is late and quiet;
            // the first move, and a later one that lands inside a PV node's window, get the
            // full window.
            let zero_window = if searched == 0 {
                None
            } else {
                let mut reduction = 0;
                // (With `reduction_checks` 0, in a `tune` build, no check is reduced.)
                if depth >= params::reduction_depth()
                    && quiet
                    && !in_check
                    && (!gives_check || params::reduction_checks() != 0)
                    && searched > usize::from(pv_node)
                {
                    let mut r = base_reduction(depth, searched);
                    if params::reduction_checks() != 0 && gives_check {
                        r -= 1;
                    }
                    if pv_node {
                        r -= params::reduction_pv();
                    }
                    if !improving {
                        r += params::reduction_not_improving();
                    }
                    if Some(mv) == killers[0] || Some(mv) == killers[1] || Some(mv) == counter {
                        r -= params::reduction_refutation();
                    }
                    if cut_node {
                        r += params::reduction_cut_node();
                    }
                    if tt_capture {
                        r += params::reduction_tt_capture();
                    }
                    r -= history / params::reduction_history_divisor();
                    // The reduction leaves at least a ply where there is one to leave: a check
                    // that loses material by static exchange comes a ply short already
                    // (`unextended_check`), so at the shallowest `reduction_depth` a tuner may
                    // set, its child may have none (`clamp` would panic on a negative bound).
                    reduction = r.clamp(0, (new_depth - 1).max(0));
                }
                // A later move is expected to fail low: its reduced search is of a node expected
                // to fail high (a cut node). Searched again at full depth, or without a
                // reduction, it is of the kind opposite to this node's.
                let mut value = -self.negamax(
                    board,
                    new_depth - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    gives_check,
                    true,
                    reduction > 0 || !cut_node,
                );
                if value > alpha && reduction > 0 {
                    value = -self.negamax(
                        board,
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        gives_check,
                        true,
                        !cut_node,
                    );
                }
                Some(value)
            };
            let value = match zero_window {
                Some(value) if value <= alpha || value >= beta => value,
                // The full window's child of a PV node is a PV node; at a node expected to fail
                // high it is one expected to fail low, and the other way round. (A zero-window
                // value inside the window is only possible at a PV node.)
                _ => -self.negamax(
                    board,
                    new_depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    gives_check,
                    true,
                    !pv_node && !cut_node,
                ),
            };
            self.keys.pop();
            board.unmake_move(mv, undo);
            if count_nodes {
                if let Some(count) = self.root_move_nodes.get_mut(root_move_slot(mv)) {
                    *count += self.nodes - nodes_before;
                }
            }
            if self.aborted {
                return 0;
            }
            searched += 1;
            if value > best {
                best = value;
                if value > alpha {
                    best_move = Some(mv);
                    alpha = value;
                    self.update_pv(ply, mv);
                    if root {
                        self.root_best = Some((mv, value));
                    }
                    if value >= beta {
                        if quiet {
                            self.tables.record_cutoff(
                                board,
                                side,
                                ply,
                                depth,
                                mv,
                                &quiets_tried,
                                previous,
                                &earlier,
                            );
                        }
                        if params::capture_history() != 0 {
                            let noisy = (!quiet).then_some(mv);
                            self.tables
                                .record_capture_cutoff(board, depth, noisy, &captures_tried);
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = quiets_tried.try_push(mv);
            } else if params::capture_history() != 0 && mv.is_capture() {
                let _ = captures_tried.try_push(mv);
            }
        }

        if legal_moves == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if excluded.is_some() {
            // A bound on the other moves only: not the node's value, for neither the table
            // nor the correction history.
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // What the search found says how wrong the evaluation was, unless a capture or
        // promotion found it or the bound points the evaluation's way.
        if !in_check
            && best_move.is_none_or(is_quiet)
            && best.abs() < MATE_BOUND
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.correction.update(board, depth, best - raw_eval);
        }
        self.tt.store(key, ply, best_move, best, depth, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::{LOG2, base_reduction, log2_fixed, node_share_percent, reduction_from_logs};

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(log2_fixed(1), 0);
        assert_eq!(log2_fixed(8), 3 * 256);
        assert!((log2_fixed(3) as i64 - 406).abs() <= 1); // log2(3) = 1.585
        // 0.75 + ln(d) ln(n) / 2.25, rounded down.
        assert_eq!(base_reduction(1, 1), 0);
        assert_eq!(base_reduction(3, 4), 1); // 1.43
        assert_eq!(base_reduction(10, 10), 3); // 3.11
        assert_eq!(base_reduction(20, 30), 5); // 5.28
        assert_eq!(base_reduction(63, 63), 8); // 8.38
        assert_eq!(base_reduction(200, 500), base_reduction(63, 63));
        for depth in 1..63 {
            for number in 1..63 {
                assert!(base_reduction(depth, number) <= base_reduction(depth + 1, number));
                assert!(base_reduction(depth, number) <= base_reduction(depth, number + 1));
            }
        }
    }

    #[test]
    fn reductions_follow_their_parameters() {
        let (ten, twenty) = (LOG2[10], LOG2[20]);
        assert_eq!(reduction_from_logs(ten, ten, 75, 225), 3);
        assert_eq!(reduction_from_logs(ten, ten, 175, 225), 4); // one more ply of base
        assert_eq!(reduction_from_logs(ten, ten, 0, 100), 5); // ln(10)^2 = 5.30
        assert_eq!(reduction_from_logs(twenty, twenty, 0, 600), 1); // 8.97 / 6
        assert_eq!(reduction_from_logs(LOG2[63], LOG2[63], 200, 100), 19); // 2 + 17.16
    }

    #[test]
    fn the_best_moves_share_of_nodes_scales_the_soft_limit() {
        // Off: the limit as it is, whatever the share.
        assert_eq!(node_share_percent(0, 150, 0), 100);
        assert_eq!(node_share_percent(1000, 150, 0), 100);
        // (1.5 - share) * 1.35: a move that took all the nodes plays sooner, one that took
        // a tenth of them thinks longer.
        assert_eq!(node_share_percent(1000, 150, 135), 67);
        assert_eq!(node_share_percent(500, 150, 135), 135);
        assert_eq!(node_share_percent(100, 150, 135), 189);
        // A share above the whole (not possible, but not trusted) counts as the whole.
        assert_eq!(node_share_percent(5000, 150, 135), 67);
        for permille in 0..1000 {
            assert!(
                node_share_percent(permille, 150, 135)
                    >= node_share_percent(permille + 1, 150, 135)
            );
        }
        // The largest the parameters allow stays far inside a u32; the least is a fifth.
        assert_eq!(node_share_percent(0, 250, 300), 750);
        assert_eq!(node_share_percent(1000, 110, 1), 20);
        assert_eq!(node_share_percent(1000, 100, 135), 20);
    }
}
