//! Move ordering: the order in which a node tries its moves, which decides how much of the
//! tree alpha-beta can cut.
//!
//! The order: the transposition table's move; winning and even captures and queen promotions
//! (most valuable victim, least valuable attacker first; a capture of a bigger piece by a
//! smaller one is always good, others pass a static exchange test when picked); the two killer
//! moves of the ply (quiet moves that refuted a sibling); the counter move (the quiet move that
//! last refuted the opponent's previous move); the other quiet moves by their history score
//! (how often they caused cutoffs, with a penalty for the quiet moves tried before a cutoff);
//! then losing captures and under-promotions. Moves are scored once and picked lazily by
//! selection, so that a node cut by its first move never sorts the rest.

use arrayvec::ArrayVec;

use super::params;
use crate::{Board0x88, MAX_MOVES, Move, MoveList, PieceKind, SEE_VALUES};

/// The deepest ply the search stack provides for.
pub(crate) const MAX_PLY: usize = 128;

// The scores of the move classes, far enough apart that no capture's MVV-LVA key (at most
// 15,200) or quiet move's history crosses into another class, and within 2^23 in magnitude,
// so that a score shifted up by 8 bits (with the move's place below) fits an `i32`.
const TT_MOVE_SCORE: i32 = 4_000_000;
const GOOD_CAPTURE_SCORE: i32 = 3_000_000;
const KILLER_SCORES: [i32; 2] = [2_000_002, 2_000_001];
const COUNTER_SCORE: i32 = 2_000_000;
const BAD_CAPTURE_SCORE: i32 = -3_000_000;
const UNDER_PROMOTION_SCORE: i32 = -4_000_000;
const _: () = assert!(TT_MOVE_SCORE < 1 << 23 && UNDER_PROMOTION_SCORE > -(1 << 23));

/// The kind a move captures, if any (en passant takes a pawn; castling captures nothing, though
/// it is stored as the king taking its rook).
#[inline(always)]
pub(crate) fn captured_kind(board: &Board0x88, mv: Move) -> Option<PieceKind> {
    if mv.is_castle() {
        None
    } else if mv.is_en_passant() {
        Some(PieceKind::Pawn)
    } else {
        board.kind_on(mv.to())
    }
}

/// Whether a move is quiet: neither a capture nor a promotion.
#[inline(always)]
pub(crate) fn is_quiet(mv: Move) -> bool {
    !mv.is_promotion() && !mv.is_capture()
}

/// The order in which attackers of the same victim are tried, by [`PieceKind::index`]: pawn,
/// knight, king, bishop, rook, queen (the king before the sliders: it can only take an
/// undefended piece, so its captures rarely lose).
const ATTACKER_RANK: [i32; 6] = [1, 3, 5, 6, 7, 4];

/// The value of a kind in the exchange.
#[inline(always)]
pub(crate) fn value(kind: PieceKind) -> i32 {
    SEE_VALUES[kind.index()]
}

/// The most-valuable-victim, least-valuable-attacker key of a capture or promotion.
#[inline(always)]
pub(crate) fn mvv_lva(board: &Board0x88, mv: Move) -> i32 {
    let victim = captured_kind(board, mv).map_or(0, value);
    let promotion = mv.promotion_kind().map_or(0, value);
    let attacker = board
        .kind_on(mv.from())
        .map_or(0, |k| ATTACKER_RANK[k.index()]);
    (victim + promotion) * 8 - attacker
}

/// The ordering tables a searcher keeps between searches.
pub(crate) struct OrderingTables {
    /// Two killer moves per ply.
    pub killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet-move history by side to move, from square and to square (0..64 numbering).
    history: [[[i16; 64]; 64]; 2],
    /// The quiet move that refuted the move from/to (0..64 numbering).
    counters: [[Option<Move>; 64]; 64],
}

impl OrderingTables {
    /// Empty tables.
    pub fn new() -> OrderingTables {
        OrderingTables {
            killers: [[None; 2]; MAX_PLY],
            history: [[[0; 64]; 64]; 2],
            counters: [[None; 64]; 64],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = OrderingTables::new();
    }

    /// Forgets the killers (which belong to one search's plies) and halves the history.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for entry in self.history.iter_mut().flatten().flatten() {
            *entry /= 2;
        }
    }

    /// The history score of a quiet move by `side` (0 White, 1 Black).
    #[inline(always)]
    pub fn history(&self, side: usize, mv: Move) -> i32 {
        i32::from(self.history[side & 1][mv.from().index()][mv.to().index()])
    }

    /// The counter move to `previous`, if any.
    #[inline(always)]
    pub fn counter(&self, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[p.from().index()][p.to().index()])
    }

    fn adjust_history(&mut self, side: usize, mv: Move, bonus: i32) {
        let entry = &mut self.history[side & 1][mv.from().index()][mv.to().index()];
        let value = i32::from(*entry);
        let max = params::history_max();
        let updated = value + bonus - value * bonus.abs() / max;
        *entry = updated.clamp(-max, max) as i16;
    }

    /// Records that the quiet move `best` caused a cutoff at `ply` and `depth`, after the quiet
    /// moves `tried` failed to.
    pub fn record_cutoff(
        &mut self,
        side: usize,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &[Move],
        previous: Option<Move>,
    ) {
        if let Some(killers) = self.killers.get_mut(ply) {
            if killers[0] != Some(best) {
                killers[1] = killers[0];
                killers[0] = Some(best);
            }
        }
        if let Some(p) = previous {
            self.counters[p.from().index()][p.to().index()] = Some(best);
        }
        let bonus =
            (depth * depth * params::history_bonus_scale()).min(params::history_bonus_max());
        self.adjust_history(side, best, bonus);
        for &mv in tried {
            self.adjust_history(side, mv, -bonus);
        }
    }
}

/// The lanes of the picker's maximum: its keys come in whole groups of this many.
const LANES: usize = 8;
const _: () = assert!(MAX_MOVES % LANES == 0 && MAX_MOVES <= 256);

/// The key of a move picked already or of padding: below every move's key.
const GONE: i32 = i32::MIN;

/// The key of the move at `place` with `score`: the score above, the place counted down in the
/// low byte, so that the largest key is the first move of the highest score.
#[inline(always)]
fn key(score: i32, place: usize) -> i32 {
    (score << 8) | (255 - place as i32)
}

/// Hands out a node's moves best first.
///
/// It selects as a scan for the first best score would, and swaps the selected move to the
/// front of those left: the order of ties, and so the tree, depends on that. Each move's key
/// packs its score and place ([`key`]); a picked move's key is [`GONE`]; the keys are padded
/// with [`GONE`] to whole groups of [`LANES`]. So each selection is one maximum over the same
/// number of groups, which the compiler runs a group at a time without branches and whose
/// loop the processor predicts; a scan of only the moves left, one shorter each time, ends at
/// a place the processor mispredicts.
pub(crate) struct MovePicker {
    moves: MoveList,
    keys: ArrayVec<i32, { MAX_MOVES + LANES }>,
    next: usize,
}

impl MovePicker {
    /// A picker with no moves yet. It is filled in place, by [`add_all`](Self::add_all) or
    /// [`add_captures`](Self::add_captures), in the caller's frame: a move list and its
    /// scores are 2 KiB, which a constructor returning the filled picker would copy.
    #[inline(always)]
    pub fn new() -> MovePicker {
        MovePicker {
            moves: MoveList::new(),
            keys: ArrayVec::new(),
            next: 0,
        }
    }

    /// Gives the moves their keys from their scores and pads the keys to whole groups.
    #[inline(always)]
    fn set_keys(&mut self, score: impl Fn(Move) -> i32) {
        self.keys.extend(
            self.moves
                .iter()
                .enumerate()
                .map(|(place, &mv)| key(score(mv), place)),
        );
        // A whole group of padding (the capacity has room for it beyond the most moves), then
        // the keys cut back to whole groups: no loop whose length the processor must guess.
        let padded = self.keys.len().next_multiple_of(LANES);
        let _ = self.keys.try_extend_from_slice(&[GONE; LANES]);
        self.keys.truncate(padded);
    }

    /// Adds all the legal moves of `board`, scored for a node of the main search (or of the
    /// quiescence search in check). For an empty picker only, as is [`add_captures`](Self::add_captures).
    #[inline(always)]
    pub fn add_all(
        &mut self,
        board: &Board0x88,
        tt_move: Option<Move>,
        tables: &OrderingTables,
        ply: usize,
        previous: Option<Move>,
    ) {
        let side = board.side_to_move().index();
        let killers = tables.killers.get(ply).copied().unwrap_or([None; 2]);
        let counter = tables.counter(previous);
        debug_assert!(self.moves.is_empty(), "a picker is filled once");
        board.generate_legal(&mut self.moves);
        self.set_keys(|mv| {
            if Some(mv) == tt_move {
                TT_MOVE_SCORE
            } else if mv.promotion_kind().is_some_and(|k| k != PieceKind::Queen) {
                UNDER_PROMOTION_SCORE + mvv_lva(board, mv)
            } else if !is_quiet(mv) {
                GOOD_CAPTURE_SCORE + mvv_lva(board, mv)
            } else if Some(mv) == killers[0] {
                KILLER_SCORES[0]
            } else if Some(mv) == killers[1] {
                KILLER_SCORES[1]
            } else if Some(mv) == counter {
                COUNTER_SCORE
            } else {
                tables.history(side, mv)
            }
        });
    }

    /// Adds the captures and promotions of `board`, for the quiescence search: MVV-LVA order
    /// only.
    #[inline(always)]
    pub fn add_captures(&mut self, board: &Board0x88) {
        debug_assert!(self.moves.is_empty(), "a picker is filled once");
        board.generate_noisy(&mut self.moves);
        self.set_keys(|mv| mvv_lva(board, mv));
    }

    /// Whether there are no moves at all (none left to pick is [`next`](Self::next)'s `None`).
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The next move by score; a capture scored good that loses material by static exchange is
    /// moved back among the bad captures the first time it comes up.
    pub fn next(&mut self, board: &Board0x88) -> Option<Move> {
        loop {
            let best_key = self
                .keys
                .chunks_exact(LANES)
                .fold([GONE; LANES], |mut best, group| {
                    for (lane, &key) in best.iter_mut().zip(group) {
                        *lane = (*lane).max(key);
                    }
                    best
                })
                .into_iter()
                .fold(GONE, i32::max);
            if best_key == GONE {
                return None;
            }
            let score = best_key >> 8;
            let best = (255 - (best_key & 255)) as usize;
            let mv = self.moves[best];
            if (GOOD_CAPTURE_SCORE..TT_MOVE_SCORE).contains(&score)
                && !clearly_winning(board, mv)
                && !board.see_ge(mv, 0)
            {
                self.keys[best] = key(BAD_CAPTURE_SCORE + (score - GOOD_CAPTURE_SCORE), best);
                continue;
            }
            // The first move left takes the picked one's place, keeping its score.
            let first = self.next;
            self.moves.swap(first, best);
            self.keys[best] = key(self.keys[first] >> 8, best);
            self.keys[first] = GONE;
            self.next += 1;
            return Some(mv);
        }
    }
}

/// Whether a capture takes at least as much as the capturer is worth (or promotes), so that it
/// needs no exchange test.
#[inline(always)]
pub(crate) fn clearly_winning(board: &Board0x88, mv: Move) -> bool {
    if mv.is_promotion() {
        return true;
    }
    let victim = captured_kind(board, mv).map_or(0, value);
    let attacker = board.kind_on(mv.from()).map_or(0, value);
    victim >= attacker
}

impl core::fmt::Debug for OrderingTables {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OrderingTables").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::{BAD_CAPTURE_SCORE, GOOD_CAPTURE_SCORE, MovePicker, OrderingTables, TT_MOVE_SCORE};
    use super::{clearly_winning, is_quiet, key};
    use crate::test_positions::suite_positions_and_children;
    use crate::{Board0x88, Move};

    /// The order of selection by a plain scan for the first best score, swapped to the front.
    fn picked_by_scan(board: &Board0x88, mut moves: Vec<Move>, mut scores: Vec<i32>) -> Vec<Move> {
        let mut order = Vec::new();
        let mut start = 0;
        while start < moves.len() {
            let mut best = start;
            for i in start..moves.len() {
                if scores[i] > scores[best] {
                    best = i;
                }
            }
            let (mv, score) = (moves[best], scores[best]);
            if (GOOD_CAPTURE_SCORE..TT_MOVE_SCORE).contains(&score)
                && !clearly_winning(board, mv)
                && board.see(mv) < 0
            {
                scores[best] = BAD_CAPTURE_SCORE + (score - GOOD_CAPTURE_SCORE);
                continue;
            }
            moves.swap(start, best);
            scores.swap(start, best);
            order.push(mv);
            start += 1;
        }
        order
    }

    #[test]
    fn moves_come_in_the_order_of_a_scan_for_the_first_best_score() {
        let tables = OrderingTables::new();
        let mut compared = 0;
        for (n, board) in suite_positions_and_children().enumerate().step_by(3) {
            let mut picker = MovePicker::new();
            picker.add_all(&board, None, &tables, 0, None);
            // Many equal scores, as quiet moves without history have, and captures to test.
            let mut scores: Vec<i32> = picker.keys[..picker.moves.len()]
                .iter()
                .map(|key| key >> 8)
                .collect();
            for (i, score) in scores.iter_mut().enumerate() {
                if is_quiet(picker.moves[i]) {
                    *score = ((i * 7 + n) % 4) as i32 * 100 - 150;
                    picker.keys[i] = key(*score, i);
                }
            }
            let expected = picked_by_scan(&board, picker.moves.to_vec(), scores);
            let mut order = Vec::new();
            while let Some(mv) = picker.next(&board) {
                order.push(mv);
            }
            assert_eq!(order, expected, "{board}");
            compared += 1;
        }
        assert!(compared > 500, "only {compared} positions");
    }
}
