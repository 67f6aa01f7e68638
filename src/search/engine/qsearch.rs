//! The quiescence search: at the leaves of the main search, play out the captures so that the
//! static evaluation is only ever taken in a quiet position.
//!
//! The side to move may stand pat (take the static evaluation, or the table's score where its
//! bound says that is nearer the truth, when `params::quiescence_tt_eval` is on) or try
//! captures and queen promotions, most valuable victim first (and by the capture history when
//! `params::capture_history` is on; the table's move before them when
//! `params::quiescence_tt_move` is). Captures that cannot lift the score to alpha even
//! with a margin (delta pruning) are skipped, and so are those that lose material by static
//! exchange, unless they give check. In check there is no standing pat: every evasion is tried,
//! and having none is mate. At its first node the quiet checks may follow the captures
//! (`params::quiescence_checks`). Results go to the transposition table at depth 0. A node
//! reads the table before it decides whether to stand pat, unless
//! `params::quiescence_stand_pat_first` is on: then a node whose evaluation is at or above
//! beta returns it without reading the table. With `params::quiescence_table` below 2 only the
//! nodes in check read and write the table (and at 1 the first quiescence node below the main
//! search too), and a quiescence parent prefetches only their buckets.

use super::{INFINITY, MATE, MATE_BOUND, Worker, nearer_the_truth};
use crate::search::ordering::{MAX_PLY, MovePicker, captured_kind, clearly_winning, value};
use crate::search::params;
use crate::search::tt::Bound;
use crate::{Board0x88, Move, MoveList, PieceKind};

impl Worker<'_> {
    /// The quiescence search of the node at `ply`; `in_check` tells whether the side to move is
    /// in check, `from` where the search comes from (see [`QuiesceFrom`]).
    pub(super) fn quiesce(
        &mut self,
        board: &mut Board0x88,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
        from: QuiesceFrom,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if from != QuiesceFrom::SameNode {
            if self.poll() {
                return 0;
            }
            self.seldepth = self.seldepth.max(ply);
        }
        if ply >= MAX_PLY - 1 {
            return if in_check {
                0
            } else {
                self.static_evaluation(board)
            };
        }
        let key = board.hash();
        let raw_eval = self.raw_evaluation(board, in_check);
        // Standing pat at or above beta before the table is read: the node then never waits
        // for its bucket (with `quiescence_stand_pat_first` 0, a constant in a normal build,
        // the table is read first and may answer instead, and a node it answers never
        // corrects its evaluation).
        let corrected_early = (params::quiescence_stand_pat_first() != 0 && !in_check)
            .then(|| self.correction.correct(board, raw_eval, MATE_BOUND - 1));
        if let Some(corrected) = corrected_early.filter(|&corrected| corrected >= beta) {
            return corrected;
        }
        let use_table = reads_table(in_check, from);
        let hit = if use_table {
            self.tt.probe(key, ply)
        } else {
            None
        };
        if let Some(h) = hit {
            if beta - alpha == 1 {
                match h.bound {
                    Bound::Exact => return h.score,
                    Bound::Lower if h.score >= beta => return h.score,
                    Bound::Upper if h.score <= alpha => return h.score,
                    _ => {}
                }
            }
        }
        let original_alpha = alpha;
        let stand_pat;
        let mut picker = MovePicker::new();
        if in_check {
            let tt_move = hit.and_then(|h| h.mv);
            picker.add_all(board, tt_move, self.tables, ply, None, [None; 2]);
            if picker.is_empty() {
                return -MATE + ply as i32;
            }
            stand_pat = -INFINITY;
        } else {
            let corrected = corrected_early
                .unwrap_or_else(|| self.correction.correct(board, raw_eval, MATE_BOUND - 1));
            // The table's score, where its bound says it is nearer the truth than the
            // evaluation (with `quiescence_tt_eval` 0, a constant in a normal build, never).
            stand_pat = if params::quiescence_tt_eval() != 0 {
                nearer_the_truth(corrected, hit)
            } else {
                corrected
            };
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            // (With `quiescence_tt_move` 0, a constant in a normal build, no move goes first.)
            let first = if params::quiescence_tt_move() != 0 {
                hit.and_then(|h| h.mv)
            } else {
                None
            };
            picker.add_captures_after(board, first, self.tables);
        }
        let mut node = Window {
            alpha,
            beta,
            best: stand_pat,
            best_move: None,
        };
        let mut cut = false;
        while let Some(mv) = picker.next(board, self.tables) {
            if !in_check {
                if mv
                    .promotion_kind()
                    .is_some_and(|kind| kind != PieceKind::Queen)
                {
                    continue;
                }
                if !mv.is_promotion() {
                    let victim = captured_kind(board, mv).map_or(0, value);
                    if stand_pat + victim + params::delta_margin() <= node.alpha {
                        continue;
                    }
                }
            }
            let losing = !in_check && !clearly_winning(board, mv) && !board.see_ge(mv, 0);
            // A capture that loses material is worth a look only when it gives check.
            let gives_check = board.gives_check(mv);
            if losing && !gives_check {
                continue;
            }
            cut = self.quiesce_move(board, ply, mv, gives_check, &mut node);
            if cut {
                break;
            }
        }
        // The quiet checks, if the captures did not cut the node off: each child is in check,
        // so it stands no pat and all its evasions are searched (none is mate).
        if from == QuiesceFrom::MainLeaf && !in_check && !cut && params::quiescence_checks() != 0 {
            let mut checks = MoveList::new();
            board.generate_quiet_checks(&mut checks);
            for mv in checks {
                if board.see_ge(mv, 0) && self.quiesce_move(board, ply, mv, true, &mut node) {
                    break;
                }
            }
        }
        if self.aborted {
            return 0;
        }
        let Window {
            best, best_move, ..
        } = node;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_table {
            self.tt.store(key, ply, best_move, best, 0, bound);
        }
        best
    }

    /// Searches `mv` from the quiescence node at `ply` and takes its value into `node`.
    /// Returns whether the node is done with its moves: the move cut it off, or the search
    /// was stopped (`self.aborted`).
    #[inline(always)]
    fn quiesce_move(
        &mut self,
        board: &mut Board0x88,
        ply: usize,
        mv: Move,
        gives_check: bool,
        node: &mut Window,
    ) -> bool {
        // The child's bucket is loaded only if the child will read it.
        let undo = if reads_table(gives_check, QuiesceFrom::Quiescence) {
            self.make(board, mv)
        } else {
            board.make_move(mv)
        };
        let value = -self.quiesce(
            board,
            ply + 1,
            -node.beta,
            -node.alpha,
            gives_check,
            QuiesceFrom::Quiescence,
        );
        board.unmake_move(mv, undo);
        if self.aborted {
            return true;
        }
        if value > node.best {
            node.best = value;
            if value > node.alpha {
                node.alpha = value;
                node.best_move = Some(mv);
                self.update_pv(ply, mv);
                return value >= node.beta;
            }
        }
        false
    }
}

/// Whether a quiescence node reads and writes the transposition table: always with
/// `params::quiescence_table` at 2 (its default); at 1 if `in_check` or the first quiescence
/// node below the main search (`from`); at 0 only `in_check`.
#[inline(always)]
fn reads_table(in_check: bool, from: QuiesceFrom) -> bool {
    match params::quiescence_table() {
        0 => in_check,
        1 => in_check || from != QuiesceFrom::Quiescence,
        _ => true,
    }
}

/// Where a quiescence search comes from, which says whether it is a node of its own (counted
/// as one, and polled: [`Worker::poll`](super::Worker)) and whether it tries quiet checks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum QuiesceFrom {
    /// A child of the main search with no depth left (or ProbCut's first look at a capture's
    /// child): a node of its own, the first below the main search, where the quiet checks
    /// follow the captures if `params::quiescence_checks` says so.
    MainLeaf,
    /// A child of a quiescence node: a node of its own.
    Quiescence,
    /// The main-search node itself (razoring asks quiescence about the node's own position):
    /// counted and polled by the main search already, so neither again.
    SameNode,
}

/// A quiescence node's window and the best it has found so far.
struct Window {
    alpha: i32,
    beta: i32,
    /// The best value: the stand-pat score until a move beats it (`-INFINITY` in check).
    best: i32,
    best_move: Option<Move>,
}
