//! Move ordering: the order in which a node tries its moves, which decides how much of the
//! tree alpha-beta can cut.
//!
//! The order: the transposition table's move; winning and even captures and queen promotions
//! (most valuable victim, least valuable attacker first, and by the capture history when
//! `params::capture_history` is on; a capture of a piece worth no less
//! than the capturer is always good, others pass a static exchange test when picked); the two
//! killer moves of the ply (quiet moves that refuted a sibling); the counter move (the quiet
//! move that last refuted the opponent's previous move); the other quiet moves by their history
//! score (how often they caused cutoffs, with a penalty for the quiet moves tried before a
//! cutoff; with `params::continuation_history` on, also how often they did after the moves one
//! and two plies before); then losing captures and under-promotions. The picker goes through
//! them in stages: it hands out the TT move before generating anything, generates the captures
//! and promotions only when it is refuted, and the quiet moves only when no capture or killer
//! has cut the node; the search can ask for only the quiet checks from some point on
//! ([`MovePicker::only_quiet_checks`]): the other quiet moves are then not generated, or
//! dropped if they were. The killers, the counter move and the history are read when their
//! stage comes, so they include what the moves searched before them in the node recorded.
//! Within a stage, moves are scored once and picked lazily by selection, so that a node cut by
//! its first move never sorts the rest.

use alloc::boxed::Box;
use alloc::vec;
use arrayvec::ArrayVec;

use super::params;
use crate::{Board0x88, MAX_MOVES, Move, MoveList, PieceKind, SEE_VALUES};

/// The deepest ply the search stack provides for.
pub(crate) const MAX_PLY: usize = 128;

/// Where a move stands in the continuation history: the side that moves, the kind of its
/// piece and the destination, as `(side * 6 + kind) * 64 + to` (0..64 numbering), below
/// [`CONTINUATION_KEYS`].
pub(crate) type ContinuationKey = u16;

/// How many continuation keys there are: two sides, six kinds, 64 squares.
const CONTINUATION_KEYS: usize = 2 * 6 * 64;

/// The continuation keys of the moves played one and two plies before a node (`None` for a
/// null move, before the root, or with `params::continuation_history` off).
pub(crate) type EarlierMoves = [Option<ContinuationKey>; 2];

/// The continuation key of `mv` in `board`, before it is made; `None` if no piece stands on
/// the move's from square.
#[inline(always)]
pub(crate) fn continuation_key(board: &Board0x88, mv: Move) -> Option<ContinuationKey> {
    let kind = board.kind_on(mv.from())?;
    let side = board.side_to_move().index();
    Some(((side * 6 + kind.index()) * 64 + mv.to().index()) as ContinuationKey)
}

/// The rows of the continuation history after the moves one and two plies before a node.
type ContinuationRows<'a> = [&'a [i16; CONTINUATION_KEYS]; 2];

/// The continuation row of a move that was not played (a null move, or none before the
/// root): nothing follows from it.
static NO_EARLIER_MOVE: [i16; CONTINUATION_KEYS] = [0; CONTINUATION_KEYS];

/// The sum of the entries of the quiet move `mv` in `board` in the continuation `rows`.
#[inline(always)]
fn continuation_in(rows: &ContinuationRows<'_>, board: &Board0x88, mv: Move) -> i32 {
    let Some(key) = continuation_key(board, mv) else {
        return 0;
    };
    let key = usize::from(key);
    rows.iter()
        .map(|row| row.get(key).map_or(0, |&entry| i32::from(entry)))
        .sum()
}

// The scores of the move classes, far enough apart that no capture's MVV-LVA key (at most
// 15,200, with its capture-history term within `CAPTURE_HISTORY_ROOM` either side) or quiet
// move's history crosses into another class, and within 2^23 in magnitude,
// so that a score shifted up by 8 bits (with the move's place below) fits an `i32`. The TT
// move has no score: it is handed out before the others are scored.
/// The end of the good captures' range, above every score.
const GOOD_CAPTURE_END: i32 = 4_000_000;
const GOOD_CAPTURE_SCORE: i32 = 3_000_000;
const KILLER_SCORES: [i32; 2] = [2_000_002, 2_000_001];
const COUNTER_SCORE: i32 = 2_000_000;
const BAD_CAPTURE_SCORE: i32 = -3_000_000;
/// The room a capture's score leaves on each side of its MVV-LVA key for its capture-history
/// term (`params::capture_history`), which stays within it: the term is at most the largest
/// history (`params::history_max`, below 2^15) times the largest weight (8) over 16.
const CAPTURE_HISTORY_ROOM: i32 = 1 << 14;
const _: () = assert!(
    i16::MAX as i32 * 8 / 16 < CAPTURE_HISTORY_ROOM
        && GOOD_CAPTURE_SCORE + 2 * CAPTURE_HISTORY_ROOM + 15_200 < GOOD_CAPTURE_END
);
/// The score of the quiescence search's TT move among its captures: above every capture's
/// key, and below the good captures' range, whose moves the picker checks by SEE.
const QUIESCENCE_TT_MOVE_SCORE: i32 = 1_000_000;
const _: () = assert!(
    15_200 + CAPTURE_HISTORY_ROOM < QUIESCENCE_TT_MOVE_SCORE
        && QUIESCENCE_TT_MOVE_SCORE < GOOD_CAPTURE_SCORE - CAPTURE_HISTORY_ROOM
);
const UNDER_PROMOTION_SCORE: i32 = -4_000_000;
const _: () = assert!(GOOD_CAPTURE_END < 1 << 23 && UNDER_PROMOTION_SCORE > -(1 << 23));

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
    /// Capture history by side to move, capturing kind, destination (0..64 numbering) and
    /// captured kind ([`PieceKind::index`]); read only with `params::capture_history` on.
    captures: [[[[i16; 6]; 64]; 6]; 2],
    /// Continuation history: how a quiet move did after an earlier move, by the earlier
    /// move's [`ContinuationKey`] (one or two plies before, in one table) and the quiet
    /// move's. Kept and read only with `params::continuation_history` on; 1.2 MB, so on the
    /// heap. Not aged between searches: its pairs of moves stay meaningful for the game.
    continuation: Box<[[i16; CONTINUATION_KEYS]]>,
}

impl OrderingTables {
    /// Empty tables.
    pub fn new() -> OrderingTables {
        OrderingTables {
            killers: [[None; 2]; MAX_PLY],
            history: [[[0; 64]; 64]; 2],
            counters: [[None; 64]; 64],
            captures: [[[[0; 6]; 64]; 6]; 2],
            continuation: vec![[0; CONTINUATION_KEYS]; CONTINUATION_KEYS].into_boxed_slice(),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        self.history = [[[0; 64]; 64]; 2];
        self.counters = [[None; 64]; 64];
        self.captures = [[[[0; 6]; 64]; 6]; 2];
        for row in self.continuation.iter_mut() {
            row.fill(0);
        }
    }

    /// Forgets the killers (which belong to one search's plies) and halves the history.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for entry in self.history.iter_mut().flatten().flatten() {
            *entry /= 2;
        }
        for entry in self.captures.iter_mut().flatten().flatten().flatten() {
            *entry /= 2;
        }
    }

    /// The history score of a quiet move by `side` (0 White, 1 Black).
    #[inline(always)]
    pub fn history(&self, side: usize, mv: Move) -> i32 {
        i32::from(self.history[side & 1][mv.from().index()][mv.to().index()])
    }

    /// The score of a quiet move `mv` by `side` in `board` for its order: its history, plus
    /// its continuation history after the `earlier` moves when `params::continuation_history`
    /// is on (a constant in a normal build: off, nothing more is looked up).
    #[inline(always)]
    pub fn quiet_score(
        &self,
        board: &Board0x88,
        side: usize,
        mv: Move,
        earlier: &EarlierMoves,
    ) -> i32 {
        self.quiet_scorer(side, earlier)(board, mv)
    }

    /// [`quiet_score`](Self::quiet_score) for many quiet moves by `side` after the same
    /// `earlier` moves: the continuation history's rows are found once, not for each move.
    #[inline(always)]
    pub fn quiet_scorer(
        &self,
        side: usize,
        earlier: &EarlierMoves,
    ) -> impl Fn(&Board0x88, Move) -> i32 + '_ {
        let rows = self.continuation_rows(earlier);
        move |board, mv| {
            let history = self.history(side, mv);
            if params::continuation_history() == 0 {
                history
            } else {
                history + continuation_in(&rows, board, mv)
            }
        }
    }

    /// The continuation history of the quiet move `mv` in `board` after the `earlier` moves:
    /// the sum of its entries for each of them (the search reads it through
    /// [`quiet_scorer`](Self::quiet_scorer)).
    #[cfg(test)]
    pub fn continuation(&self, board: &Board0x88, mv: Move, earlier: &EarlierMoves) -> i32 {
        continuation_in(&self.continuation_rows(earlier), board, mv)
    }

    /// The rows of the continuation history after each of the `earlier` moves, a row of
    /// zeros for a missing one: looking a move up in them then needs no test for it.
    #[inline(always)]
    fn continuation_rows(&self, earlier: &EarlierMoves) -> ContinuationRows<'_> {
        earlier.map(|before| {
            before
                .and_then(|before| self.continuation.get(usize::from(before)))
                .unwrap_or(&NO_EARLIER_MOVE)
        })
    }

    /// Records in the continuation history a cutoff at `depth` in `board` by the quiet move
    /// `best`, after the quiet moves `tried` failed to: a bonus for `best` and a malus for each
    /// of `tried`, after each of the `earlier` moves.
    fn record_continuation(
        &mut self,
        board: &Board0x88,
        depth: i32,
        best: Move,
        tried: &[Move],
        earlier: &EarlierMoves,
    ) {
        let bonus = history_bonus(depth);
        self.adjust_continuation(board, best, earlier, bonus);
        for &mv in tried {
            self.adjust_continuation(board, mv, earlier, -bonus);
        }
    }

    /// Moves the continuation history of `mv` in `board` after each of the `earlier` moves by
    /// `bonus`.
    fn adjust_continuation(
        &mut self,
        board: &Board0x88,
        mv: Move,
        earlier: &EarlierMoves,
        bonus: i32,
    ) {
        let Some(key) = continuation_key(board, mv) else {
            return;
        };
        for &before in earlier.iter().flatten() {
            if let Some(entry) = self
                .continuation
                .get_mut(usize::from(before))
                .and_then(|row| row.get_mut(usize::from(key)))
            {
                adjust(entry, bonus);
            }
        }
    }

    /// The counter move to `previous`, if any.
    #[inline(always)]
    pub fn counter(&self, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[p.from().index()][p.to().index()])
    }

    /// The capture-history score of `mv` by the side to move in `board` (0 for a move that
    /// captures nothing).
    #[inline(always)]
    pub fn capture_history(&self, board: &Board0x88, mv: Move) -> i32 {
        capture_slot(board, mv).map_or(0, |(side, attacker, to, victim)| {
            i32::from(self.captures[side][attacker][to][victim])
        })
    }

    fn adjust_history(&mut self, side: usize, mv: Move, bonus: i32) {
        let entry = &mut self.history[side & 1][mv.from().index()][mv.to().index()];
        adjust(entry, bonus);
    }

    fn adjust_capture_history(&mut self, board: &Board0x88, mv: Move, bonus: i32) {
        if let Some((side, attacker, to, victim)) = capture_slot(board, mv) {
            adjust(&mut self.captures[side][attacker][to][victim], bonus);
        }
    }

    /// Records a cutoff at `depth` in `board` for the capture history, after the captures
    /// `tried` failed to cut: a malus for each of them, and a bonus for `noisy`, the move that
    /// cut, if it is a capture or promotion (`None` when a quiet move cut; a promotion that
    /// captures nothing has no history).
    pub fn record_capture_cutoff(
        &mut self,
        board: &Board0x88,
        depth: i32,
        noisy: Option<Move>,
        tried: &[Move],
    ) {
        let bonus = history_bonus(depth);
        if let Some(best) = noisy {
            self.adjust_capture_history(board, best, bonus);
        }
        for &mv in tried {
            self.adjust_capture_history(board, mv, -bonus);
        }
    }

    /// Records that the quiet move `best` caused a cutoff in `board` at `ply` and `depth`,
    /// after the quiet moves `tried` failed to; `previous` is the move that led to `board`,
    /// and `earlier` the continuation keys of the moves one and two plies before.
    #[allow(clippy::too_many_arguments)]
    pub fn record_cutoff(
        &mut self,
        board: &Board0x88,
        side: usize,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &[Move],
        previous: Option<Move>,
        earlier: &EarlierMoves,
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
        let bonus = history_bonus(depth);
        self.adjust_history(side, best, bonus);
        for &mv in tried {
            self.adjust_history(side, mv, -bonus);
        }
        if params::continuation_history() != 0 {
            self.record_continuation(board, depth, best, tried, earlier);
        }
    }
}

/// The bonus of a history update at `depth`.
#[inline(always)]
fn history_bonus(depth: i32) -> i32 {
    (depth * depth * params::history_bonus_scale()).min(params::history_bonus_max())
}

/// Moves a history score towards the bonus's end of the range, by the bonus's share of the
/// distance (so that scores saturate at `params::history_max` instead of overflowing).
#[inline(always)]
fn adjust(entry: &mut i16, bonus: i32) {
    let value = i32::from(*entry);
    let max = params::history_max();
    let updated = value + bonus - value * bonus.abs() / max;
    *entry = updated.clamp(-max, max) as i16;
}

/// Where the capture history keeps `mv` in `board`: the side to move, the capturing kind,
/// the destination's index and the captured kind; `None` for a move that captures nothing.
#[inline(always)]
fn capture_slot(board: &Board0x88, mv: Move) -> Option<(usize, usize, usize, usize)> {
    let victim = captured_kind(board, mv)?;
    let attacker = board.kind_on(mv.from())?;
    Some((
        board.side_to_move().index() & 1,
        attacker.index(),
        mv.to().index(),
        victim.index(),
    ))
}

/// The capture-history term of a capture's score: its history times
/// `params::capture_history` sixteenths (nothing with the parameter at 0, its default, where
/// this folds away).
#[inline(always)]
fn capture_history_term(board: &Board0x88, mv: Move, tables: &OrderingTables) -> i32 {
    if params::capture_history() == 0 {
        0
    } else {
        tables.capture_history(board, mv) * params::capture_history() / 16
    }
}

/// The lanes of the picker's maximum: its keys come in whole groups of this many.
const LANES: usize = 8;
const _: () = assert!(MAX_MOVES % LANES == 0 && MAX_MOVES <= 256);

/// The key of a move picked already or of padding: below every move's key.
const GONE: i32 = i32::MIN;

/// The key of the move at `place` (in its segment of the picker) with `score`: the score
/// above, the place counted down in the low byte, so that the largest key is the first move
/// of the highest score.
#[inline(always)]
fn key(score: i32, place: usize) -> i32 {
    (score << 8) | (255 - place as i32)
}

/// The place (in its segment) of the move with key `key`.
#[inline(always)]
fn place_of(key: i32) -> usize {
    (255 - (key & 255)) as usize
}

/// The largest of `keys`, a whole number of groups of [`LANES`]: one maximum a group at a
/// time, which the compiler runs without branches and whose loop the processor predicts
/// (a scan of only the moves left, one shorter each time, ends where it cannot).
#[inline(always)]
fn max_key(keys: &[i32]) -> i32 {
    keys.chunks_exact(LANES)
        .fold([GONE; LANES], |mut best, group| {
            for (lane, &key) in best.iter_mut().zip(group) {
                *lane = (*lane).max(key);
            }
            best
        })
        .into_iter()
        .fold(GONE, i32::max)
}

/// Hands out a node's moves best first, generating them in stages so that a node refuted
/// early never generates the rest.
///
/// In a node of the main search out of check ([`add_staged`](Self::add_staged)): a legal move
/// from the transposition table; then the captures and promotions are generated, and the good
/// ones handed out (MVV-LVA order, with the capture history's term when
/// `params::capture_history` is on; a capture that loses material by static exchange is put
/// back among the bad ones when it comes up); then the killers and the counter move, each if
/// it is legal here; then the quiet moves are generated, best history first; then the bad
/// captures and under-promotions. In check, or in the quiescence search, all the moves wanted
/// are generated at once ([`add_all`](Self::add_all), [`add_captures`](Self::add_captures),
/// [`add_captures_after`](Self::add_captures_after)).
///
/// Each generated move has a key packing its score with its place in its segment (the noisy
/// moves, or the quiet ones) ([`key`]): the highest score first, the first generated among
/// equals. A picked move's key becomes [`GONE`], and each segment's keys are padded with it
/// to whole groups of [`LANES`], so that a selection is one [`max_key`].
pub(crate) struct MovePicker {
    /// The noisy moves (or all of them, when generated at once), then the quiet moves from
    /// `quiet_move_start`.
    moves: MoveList,
    /// The keys of the noisy segment, padded, then those of the quiet segment from
    /// `quiet_key_start`, padded: two segments' padding, so `2 * LANES` beyond the most moves.
    keys: ArrayVec<i32, { MAX_MOVES + 2 * LANES }>,
    /// Where the quiet moves begin in `moves` (its length until they are generated).
    quiet_move_start: usize,
    /// Where the quiet moves' keys begin in `keys` (its length until they are generated).
    quiet_key_start: usize,
    /// The legal TT move (handed out first, skipped by the generation).
    tt_move: Option<Move>,
    /// The killers and the counter move that are legal here, in order, as found.
    refutations: [Option<Move>; 3],
    /// What the picker found out about the exchange that the move it handed out last starts
    /// ([`exchange_wins`](Self::exchange_wins)).
    last_exchange_wins: Option<bool>,
    /// Whether the quiet moves still to come are only those that give check
    /// ([`only_quiet_checks`](Self::only_quiet_checks)).
    quiet_checks_only: bool,
    /// For scoring the moves generated later: the ply, the move that led here and the
    /// continuation keys of the moves before.
    ply: usize,
    previous: Option<Move>,
    earlier: EarlierMoves,
    stage: Stage,
}

/// Where a [`MovePicker`] stands. Two sequences, each in the order its stages come: the
/// first three for [`add_all`](MovePicker::add_all), the others for
/// [`add_staged`](MovePicker::add_staged).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// The TT move is next; all the others follow at once ([`MovePicker::add_all`]).
    TtMoveThenAll,
    /// All the others are to be generated.
    GenerateAll,
    /// Everything is generated and keyed: select by key to the end. Also the stage of a new
    /// picker and of one filled by [`add_captures`](MovePicker::add_captures) or
    /// [`add_captures_after`](MovePicker::add_captures_after).
    SelectAll,
    /// The staged order ([`MovePicker::add_staged`]): the TT move is next.
    TtMove,
    GenerateNoisy,
    GoodNoisy,
    /// The refutation at this index of the list is next.
    Refutation(usize),
    GenerateQuiet,
    Quiet,
    BadNoisy,
}

impl MovePicker {
    /// A picker with no moves yet. It is filled in place, by [`add_staged`](Self::add_staged),
    /// [`add_all`](Self::add_all), [`add_captures`](Self::add_captures) or
    /// [`add_captures_after`](Self::add_captures_after), in the caller's frame: a move list
    /// and its scores are 2 KiB, which a constructor returning the filled picker would copy.
    #[inline(always)]
    pub fn new() -> MovePicker {
        MovePicker {
            moves: MoveList::new(),
            keys: ArrayVec::new(),
            quiet_move_start: 0,
            quiet_key_start: 0,
            tt_move: None,
            refutations: [None; 3],
            last_exchange_wins: None,
            quiet_checks_only: false,
            ply: 0,
            previous: None,
            earlier: [None; 2],
            stage: Stage::SelectAll,
        }
    }

    /// Keys the moves from `self.moves[first_move..]`, scored by `score` (`None` for a move
    /// handed out already), after the keys there are, and pads them to whole groups.
    #[inline(always)]
    fn set_keys(&mut self, first_move: usize, score: impl Fn(Move) -> Option<i32>) {
        let moves = self.moves.get(first_move..).unwrap_or_default();
        self.keys.extend(
            moves
                .iter()
                .enumerate()
                .map(|(place, &mv)| score(mv).map_or(GONE, |score| key(score, place))),
        );
        // A whole group of padding (the capacity has room for a group beyond the most moves
        // for each of the two segments), then the keys cut back to whole groups: no loop
        // whose length the processor must guess.
        let padded = self.keys.len().next_multiple_of(LANES);
        let _ = self.keys.try_extend_from_slice(&[GONE; LANES]);
        self.keys.truncate(padded);
        debug_assert!(
            self.keys.len() % LANES == 0,
            "a key left out of every group"
        );
    }

    /// Prepares the moves of `board`, not in check, for a node of the main search, to come in
    /// stages (see [`MovePicker`]): the TT move if it is legal, the good captures, the killers
    /// of `ply` and the counter move to `previous` (from the tables [`next`](Self::next) is
    /// given), the quiet moves by history (and by continuation history after the `earlier`
    /// moves, [`OrderingTables::quiet_score`]), the bad captures. For an empty picker only, as
    /// are the other two.
    #[inline(always)]
    pub fn add_staged(
        &mut self,
        board: &Board0x88,
        tt_move: Option<Move>,
        ply: usize,
        previous: Option<Move>,
        earlier: EarlierMoves,
    ) {
        debug_assert!(self.moves.is_empty(), "a picker is filled once");
        self.tt_move = tt_move.filter(|&mv| board.is_legal(mv));
        self.ply = ply;
        self.previous = previous;
        self.earlier = earlier;
        self.stage = Stage::TtMove;
    }

    /// Prepares all the legal moves of `board`, for a node in check: the TT move first if it
    /// is legal, then all the others, generated when the first of them is asked for and
    /// ordered as by [`add_staged`](Self::add_staged).
    #[inline(always)]
    pub fn add_all(
        &mut self,
        board: &Board0x88,
        tt_move: Option<Move>,
        tables: &OrderingTables,
        ply: usize,
        previous: Option<Move>,
        earlier: EarlierMoves,
    ) {
        self.add_staged(board, tt_move, ply, previous, earlier);
        if self.tt_move.is_some() {
            self.stage = Stage::TtMoveThenAll;
        } else {
            self.generate_all(board, tables);
        }
    }

    /// Generates and keys all the legal moves but the TT move handed out already.
    #[inline(never)]
    fn generate_all(&mut self, board: &Board0x88, tables: &OrderingTables) {
        let side = board.side_to_move().index();
        let killers = tables.killers.get(self.ply).copied().unwrap_or([None; 2]);
        let counter = tables.counter(self.previous);
        let handed = self.tt_move;
        let quiet_score = tables.quiet_scorer(side, &self.earlier);
        board.generate_legal(&mut self.moves);
        self.set_keys(0, |mv| {
            if Some(mv) == handed {
                None
            } else if !is_quiet(mv) {
                Some(noisy_score(board, mv, tables))
            } else if Some(mv) == killers[0] {
                Some(KILLER_SCORES[0])
            } else if Some(mv) == killers[1] {
                Some(KILLER_SCORES[1])
            } else if Some(mv) == counter {
                Some(COUNTER_SCORE)
            } else {
                Some(quiet_score(board, mv))
            }
        });
        self.stage = Stage::SelectAll;
    }

    /// Adds the captures and promotions of `board`, for the quiescence search: MVV-LVA order
    /// (with the capture history's term, `params::capture_history`, when it is on).
    #[inline(always)]
    pub fn add_captures(&mut self, board: &Board0x88, tables: &OrderingTables) {
        self.add_captures_after(board, None, tables);
    }

    /// Adds the captures and promotions of `board` as [`add_captures`](Self::add_captures)
    /// does, but with `first` (a TT move, say) before the others if it is one of them. A
    /// `first` that is not a capture or promotion of `board`, or `None`, changes nothing.
    #[inline(always)]
    pub fn add_captures_after(
        &mut self,
        board: &Board0x88,
        first: Option<Move>,
        tables: &OrderingTables,
    ) {
        debug_assert!(self.moves.is_empty(), "a picker is filled once");
        board.generate_noisy(&mut self.moves);
        self.set_keys(0, |mv| {
            Some(if Some(mv) == first {
                QUIESCENCE_TT_MOVE_SCORE
            } else {
                mvv_lva(board, mv) + capture_history_term(board, mv, tables)
            })
        });
    }

    /// Whether [`add_all`](Self::add_all) or [`add_captures`](Self::add_captures) (or
    /// [`add_captures_after`](Self::add_captures_after)) found no moves at all (none left to
    /// pick is [`next`](Self::next)'s `None`). A staged picker does not know before it is
    /// done.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.stage == Stage::SelectAll && self.moves.is_empty()
    }

    /// Selects the best key of `keys[first_key..end_key]` (a segment whose moves start at
    /// `first_move`) whose score is at least `floor`, and hands out its move; a capture scored
    /// good that loses material by static exchange is put back among the bad captures when it
    /// comes up.
    #[inline(always)]
    fn select(
        &mut self,
        board: &Board0x88,
        first_key: usize,
        first_move: usize,
        end_key: usize,
        floor: i32,
    ) -> Option<Move> {
        loop {
            let keys = self.keys.get(first_key..end_key).unwrap_or_default();
            let best_key = max_key(keys);
            let score = best_key >> 8;
            if best_key == GONE || score < floor {
                return None;
            }
            let place = place_of(best_key);
            let mv = *self.moves.get(first_move + place)?;
            let slot = &mut self.keys[first_key + place];
            if (GOOD_CAPTURE_SCORE..GOOD_CAPTURE_END).contains(&score)
                && !clearly_winning(board, mv)
            {
                if !board.see_ge(mv, 0) {
                    *slot = key(BAD_CAPTURE_SCORE + (score - GOOD_CAPTURE_SCORE), place);
                    continue;
                }
                self.last_exchange_wins = Some(true);
            } else if (BAD_CAPTURE_SCORE
                ..BAD_CAPTURE_SCORE + (GOOD_CAPTURE_END - GOOD_CAPTURE_SCORE))
                .contains(&score)
            {
                // Only a capture put back by the test above has a score here.
                self.last_exchange_wins = Some(false);
            }
            *slot = GONE;
            return Some(mv);
        }
    }

    /// The next move (see [`MovePicker`] for the order); `tables` score the moves generated
    /// now.
    pub fn next(&mut self, board: &Board0x88, tables: &OrderingTables) -> Option<Move> {
        self.last_exchange_wins = None;
        loop {
            match self.stage {
                Stage::TtMoveThenAll => {
                    self.stage = Stage::GenerateAll;
                    return self.tt_move;
                }
                Stage::GenerateAll => self.generate_all(board, tables),
                Stage::SelectAll => return self.select(board, 0, 0, self.keys.len(), i32::MIN),
                Stage::TtMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::GenerateNoisy => self.generate_noisy(board, tables),
                Stage::GoodNoisy => {
                    let good = self.select(board, 0, 0, self.quiet_key_start, GOOD_CAPTURE_SCORE);
                    if good.is_some() {
                        return good;
                    }
                    self.find_refutations(board, tables);
                    self.stage = Stage::Refutation(0);
                }
                Stage::Refutation(index) => {
                    if let Some(&refutation) = self.refutations.get(index) {
                        self.stage = Stage::Refutation(index + 1);
                        if refutation
                            .is_some_and(|mv| !self.quiet_checks_only || board.gives_check(mv))
                        {
                            return refutation;
                        }
                    } else {
                        self.stage = Stage::GenerateQuiet;
                    }
                }
                Stage::GenerateQuiet => self.generate_quiet(board, tables),
                Stage::Quiet => {
                    let (first_key, first_move) = (self.quiet_key_start, self.quiet_move_start);
                    let quiet =
                        self.select(board, first_key, first_move, self.keys.len(), i32::MIN);
                    if quiet.is_some() {
                        return quiet;
                    }
                    self.stage = Stage::BadNoisy;
                }
                Stage::BadNoisy => return self.select(board, 0, 0, self.quiet_key_start, i32::MIN),
            }
        }
    }

    // The generating stages are calls, not inlined into `next`: inlined, the generators'
    // set-up from the board is hoisted to the top of `next` and paid at every selection.

    /// Generates and keys the noisy moves but the TT move.
    #[inline(never)]
    fn generate_noisy(&mut self, board: &Board0x88, tables: &OrderingTables) {
        board.generate_noisy(&mut self.moves);
        let handed = self.tt_move;
        self.set_keys(0, |mv| {
            (Some(mv) != handed).then(|| noisy_score(board, mv, tables))
        });
        self.quiet_move_start = self.moves.len();
        self.quiet_key_start = self.keys.len();
        self.stage = Stage::GoodNoisy;
    }

    /// Generates and keys the quiet moves but the TT move and the refutations.
    #[inline(never)]
    fn generate_quiet(&mut self, board: &Board0x88, tables: &OrderingTables) {
        if self.quiet_checks_only {
            board.generate_quiet_checks(&mut self.moves);
        } else {
            board.generate_quiet(&mut self.moves);
        }
        let side = board.side_to_move().index();
        let handed = [
            self.tt_move,
            self.refutations[0],
            self.refutations[1],
            self.refutations[2],
        ];
        let score = tables.quiet_scorer(side, &self.earlier);
        self.set_keys(self.quiet_move_start, |mv| {
            (!handed.contains(&Some(mv))).then(|| score(board, mv))
        });
        self.stage = Stage::Quiet;
    }

    /// Whether the exchange that the move [`next`](Self::next) handed out last starts wins at
    /// least nothing ([`Board0x88::see_ge`] with 0), when the picker had to find out to place
    /// the move (a capture that does not clearly win), so that the search need not ask again.
    #[inline(always)]
    pub fn exchange_wins(&self) -> Option<bool> {
        self.last_exchange_wins
    }

    /// From now on, of the quiet moves not handed out yet, hands out only those that give check
    /// in `board`, the position the picker is for: the search calls it when no other quiet
    /// move is worth a search any more in this node. The quiet moves not generated yet are
    /// then never generated, only the checks among them; of those generated already, the ones
    /// that give no check are dropped. A picker filled by [`add_all`](Self::add_all) or
    /// [`add_captures`](Self::add_captures) (or [`add_captures_after`](Self::add_captures_after);
    /// in check, or in the quiescence search, where nothing is pruned this way) ignores it.
    #[inline(always)]
    pub fn only_quiet_checks(&mut self, board: &Board0x88) {
        if !self.quiet_checks_only {
            self.quiet_checks_only = true;
            if self.stage == Stage::Quiet {
                self.drop_quiets_without_check(board);
            }
        }
    }

    /// Drops the generated quiet moves not handed out yet that give no check.
    #[inline(never)]
    fn drop_quiets_without_check(&mut self, board: &Board0x88) {
        let quiet_moves = self.moves.get(self.quiet_move_start..).unwrap_or_default();
        let quiet_keys = self
            .keys
            .get_mut(self.quiet_key_start..)
            .unwrap_or_default();
        // Most of a node's quiet moves are still to come here: worth finding the check
        // squares once.
        let checks = board.check_squares();
        for (key, &mv) in quiet_keys.iter_mut().zip(quiet_moves) {
            if *key != GONE && !checks.gives_check(board, mv) {
                *key = GONE;
            }
        }
    }

    /// Lists the killers of the ply and the counter move, in that order, that are quiet,
    /// legal, not the TT move and not listed already.
    #[inline(never)]
    fn find_refutations(&mut self, board: &Board0x88, tables: &OrderingTables) {
        let killers = tables.killers.get(self.ply).copied().unwrap_or([None; 2]);
        let candidates = [killers[0], killers[1], tables.counter(self.previous)];
        for (index, candidate) in candidates.into_iter().enumerate() {
            let fresh = candidate.filter(|&mv| {
                is_quiet(mv)
                    && Some(mv) != self.tt_move
                    && !self.refutations[..index].contains(&Some(mv))
                    && board.is_legal(mv)
            });
            self.refutations[index] = fresh;
        }
    }
}

/// The score of a capture or promotion: good captures and queen promotions by MVV-LVA (and
/// the capture history's term, `params::capture_history`, when it is on) above the quiet
/// moves, under-promotions below everything.
#[inline(always)]
fn noisy_score(board: &Board0x88, mv: Move, tables: &OrderingTables) -> i32 {
    if mv.promotion_kind().is_some_and(|k| k != PieceKind::Queen) {
        UNDER_PROMOTION_SCORE + mvv_lva(board, mv)
    } else {
        GOOD_CAPTURE_SCORE
            + CAPTURE_HISTORY_ROOM
            + mvv_lva(board, mv)
            + capture_history_term(board, mv, tables)
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
    use super::{
        BAD_CAPTURE_SCORE, GOOD_CAPTURE_END, GOOD_CAPTURE_SCORE, MovePicker, OrderingTables,
    };
    use super::{CONTINUATION_KEYS, continuation_key, params};
    use super::{clearly_winning, is_quiet, key, noisy_score};
    use crate::test_positions::suite_positions_and_children;
    use crate::{Board0x88, Move, MoveList, Square};

    /// Fails unless `order` holds each move of `legal` exactly once.
    fn assert_each_legal_move_once(board: &Board0x88, order: &[Move], legal: &[Move]) {
        let mut sorted = order.to_vec();
        sorted.sort_by_key(|mv| mv.to_u16());
        let mut expected = legal.to_vec();
        expected.sort_by_key(|mv| mv.to_u16());
        assert_eq!(sorted, expected, "{board}: each legal move exactly once");
    }

    /// The order of selection by a plain scan for the first best score.
    fn picked_by_scan(board: &Board0x88, moves: Vec<Move>, scores: Vec<Option<i32>>) -> Vec<Move> {
        scored_by_scan(board, moves, scores)
            .into_iter()
            .map(|(mv, _)| mv)
            .collect()
    }

    /// [`picked_by_scan`], each move with the score it was picked at.
    fn scored_by_scan(
        board: &Board0x88,
        moves: Vec<Move>,
        mut scores: Vec<Option<i32>>,
    ) -> Vec<(Move, i32)> {
        let mut order = Vec::new();
        loop {
            let mut best = None;
            for i in 0..moves.len() {
                if scores[i].is_some() && best.is_none_or(|b: usize| scores[i] > scores[b]) {
                    best = Some(i);
                }
            }
            let Some(best) = best else {
                return order;
            };
            let (mv, score) = (moves[best], scores[best].unwrap());
            if (GOOD_CAPTURE_SCORE..GOOD_CAPTURE_END).contains(&score)
                && !clearly_winning(board, mv)
                && board.see(mv) < 0
            {
                scores[best] = Some(BAD_CAPTURE_SCORE + (score - GOOD_CAPTURE_SCORE));
                continue;
            }
            scores[best] = None;
            order.push((mv, score));
        }
    }

    #[test]
    fn moves_come_in_the_order_of_a_scan_for_the_first_best_score() {
        let tables = OrderingTables::new();
        let mut compared = 0;
        for (n, board) in suite_positions_and_children().enumerate().step_by(3) {
            let mut picker = MovePicker::new();
            picker.add_all(&board, None, &tables, 0, None, [None; 2]);
            // Many equal scores, as quiet moves without history have, and captures to test.
            let mut scores: Vec<Option<i32>> = picker.keys[..picker.moves.len()]
                .iter()
                .map(|key| Some(key >> 8))
                .collect();
            for (i, score) in scores.iter_mut().enumerate() {
                if is_quiet(picker.moves[i]) {
                    let new = ((i * 7 + n) % 4) as i32 * 100 - 150;
                    *score = Some(new);
                    picker.keys[i] = key(new, i);
                }
            }
            let expected = picked_by_scan(&board, picker.moves.to_vec(), scores);
            let mut order = Vec::new();
            while let Some(mv) = picker.next(&board, &tables) {
                order.push(mv);
            }
            assert_eq!(order, expected, "{board}");
            compared += 1;
        }
        assert!(compared > 500, "only {compared} positions");
    }

    #[test]
    fn a_legal_tt_move_comes_first_and_once_and_an_illegal_one_never() {
        let tables = OrderingTables::new();
        let mut tested = 0;
        for board in suite_positions_and_children().step_by(5) {
            let legal = board.legal_moves();
            // The last legal move, and a move of the other side, which is not legal here.
            let mut other_side = board;
            let candidates = [
                legal.last().copied(),
                other_side
                    .make_null_move()
                    .and_then(|_| other_side.legal_moves().first().copied()),
            ];
            for tt_move in candidates {
                let mut picker = MovePicker::new();
                picker.add_all(&board, tt_move, &tables, 0, None, [None; 2]);
                assert_eq!(picker.is_empty(), legal.is_empty());
                let mut order = Vec::new();
                while let Some(mv) = picker.next(&board, &tables) {
                    order.push(mv);
                }
                if let Some(tt_move) = tt_move.filter(|&mv| legal.contains(&mv)) {
                    assert_eq!(order.first(), Some(&tt_move), "{board}");
                }
                assert_each_legal_move_once(&board, &order, &legal);
                tested += 1;
            }
        }
        assert!(tested > 300, "only {tested}");
    }

    #[test]
    fn staged_moves_come_stage_by_stage_each_in_the_order_of_a_scan() {
        let mut tables = OrderingTables::new();
        let ply = 3;
        let mut compared = 0;
        let mut known_exchanges = 0;
        let mut dropped_positions = 0;
        for (n, board) in suite_positions_and_children().enumerate().step_by(3) {
            if board.is_check() {
                continue;
            }
            let legal = board.legal_moves();
            let side = board.side_to_move().index();
            let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
            board.generate_noisy(&mut noisy);
            board.generate_quiet(&mut quiet);
            // Histories with many ties, two killers (the second a move of the other side, not
            // legal here), a counter move, and a TT move that is quiet (and sometimes the
            // first killer too), noisy, absent, or not legal here.
            tables.clear();
            for (i, &mv) in quiet.iter().enumerate() {
                tables.adjust_history(side, mv, ((i * 7 + n) % 5) as i32 * 50 - 100);
            }
            let mut other_side = board;
            let not_legal = other_side
                .make_null_move()
                .and_then(|_| other_side.legal_moves().last().copied());
            let previous = legal.first().copied();
            let counter = quiet.get(n % 5).copied();
            tables.killers[ply] = [quiet.get(n % 3).copied(), not_legal];
            if let Some(p) = previous {
                tables.counters[p.from().index()][p.to().index()] = counter;
            }
            let offered = match n % 5 {
                0 => quiet.last().copied(),
                1 => noisy.first().copied(),
                2 => None,
                3 => not_legal,
                _ => tables.killers[ply][0],
            };

            let tt_move = offered.filter(|mv| legal.contains(mv));
            let mut expected: Vec<Move> = tt_move.into_iter().collect();
            let noisy_scores = noisy
                .iter()
                .map(|&mv| (Some(mv) != tt_move).then(|| noisy_score(&board, mv, &tables)))
                .collect();
            let noisy_order = scored_by_scan(&board, noisy.to_vec(), noisy_scores);
            let is_good = |&(_, score): &(Move, i32)| score >= GOOD_CAPTURE_SCORE;
            expected.extend(noisy_order.iter().filter(|s| is_good(s)).map(|&(mv, _)| mv));
            let mut refutations = Vec::new();
            for mv in [tables.killers[ply][0], tables.killers[ply][1], counter]
                .into_iter()
                .flatten()
            {
                if is_quiet(mv)
                    && legal.contains(&mv)
                    && Some(mv) != tt_move
                    && !refutations.contains(&mv)
                {
                    refutations.push(mv);
                }
            }
            expected.extend(&refutations);
            let quiet_scores = quiet
                .iter()
                .map(|&mv| {
                    (Some(mv) != tt_move && !refutations.contains(&mv))
                        .then(|| tables.history(side, mv))
                })
                .collect();
            expected.extend(picked_by_scan(&board, quiet.to_vec(), quiet_scores));
            expected.extend(
                noisy_order
                    .iter()
                    .filter(|s| !is_good(s))
                    .map(|&(mv, _)| mv),
            );

            let mut picker = MovePicker::new();
            picker.add_staged(&board, offered, ply, previous, [None; 2]);
            let mut order = Vec::new();
            while let Some(mv) = picker.next(&board, &tables) {
                order.push(mv);
                // The picker knows how the exchange of every capture it had to test ends.
                let tested = !is_quiet(mv) && Some(mv) != tt_move && !clearly_winning(&board, mv);
                let known = picker.exchange_wins();
                assert_eq!(known.is_some(), tested, "{board} {mv}");
                if let Some(wins) = known {
                    assert_eq!(wins, board.see(mv) >= 0, "{board} {mv}");
                    known_exchanges += 1;
                }
            }
            assert_eq!(order, expected, "{board}");
            // Told after the k-th move that only quiet checks are wanted (before the quiet
            // moves are generated, among the refutations, or among the generated quiet
            // moves), the picker hands out the rest of the order without the quiet moves that
            // give no check.
            let k = 1 + (n / 3) % 6;
            let mut picker = MovePicker::new();
            picker.add_staged(&board, offered, ply, previous, [None; 2]);
            let mut checks_only = Vec::new();
            while let Some(mv) = picker.next(&board, &tables) {
                checks_only.push(mv);
                if checks_only.len() >= k {
                    picker.only_quiet_checks(&board);
                }
            }
            let kept: Vec<Move> = expected
                .iter()
                .enumerate()
                .filter(|&(at, &mv)| at < k || !is_quiet(mv) || board.gives_check(mv))
                .map(|(_, &mv)| mv)
                .collect();
            assert_eq!(checks_only, kept, "{board}");
            if kept.len() < expected.len() {
                dropped_positions += 1;
            }
            assert_each_legal_move_once(&board, &order, &legal);
            compared += 1;
        }
        assert!(compared > 500, "only {compared} positions");
        assert!(
            known_exchanges > 100,
            "only {known_exchanges} exchanges known"
        );
        assert!(
            dropped_positions > 500,
            "quiet moves dropped in {dropped_positions}"
        );
    }

    #[test]
    fn a_quiescence_tt_move_among_the_captures_comes_first_and_changes_nothing_else() {
        let tables = OrderingTables::new();
        let picked = |board: &Board0x88, first: Option<Move>| {
            let mut picker = MovePicker::new();
            picker.add_captures_after(board, first, &tables);
            let mut order = Vec::new();
            while let Some(mv) = picker.next(board, &tables) {
                order.push(mv);
            }
            order
        };
        let mut tested = 0;
        // A capture of the position before, as a hash collision hands a TT move over.
        let mut foreign: Option<Move> = None;
        let mut foreign_tested = 0;
        for board in suite_positions_and_children().step_by(3) {
            let by_mvv_lva = picked(&board, None);
            let mut noisy = MoveList::new();
            board.generate_noisy(&mut noisy);
            assert_each_legal_move_once(&board, &by_mvv_lva, &noisy);
            // A move that is not among the captures (a quiet move, or a capture of another
            // position) leaves the order as it was.
            if let Some(&quiet) = board.legal_moves().iter().find(|&&mv| is_quiet(mv)) {
                assert_eq!(picked(&board, Some(quiet)), by_mvv_lva, "{board}");
            }
            if let Some(other) = foreign.filter(|mv| !noisy.contains(mv)) {
                assert_eq!(picked(&board, Some(other)), by_mvv_lva, "{board}");
                foreign_tested += 1;
            }
            foreign = by_mvv_lva.first().copied().or(foreign);
            // The capture MVV-LVA tries last goes first; the others keep their order.
            let Some(&last) = by_mvv_lva.last() else {
                continue;
            };
            let mut expected = vec![last];
            expected.extend(by_mvv_lva.iter().copied().filter(|&mv| mv != last));
            assert_eq!(picked(&board, Some(last)), expected, "{board}");
            tested += 1;
        }
        assert!(tested > 200, "only {tested} positions with captures");
        assert!(
            foreign_tested > 100,
            "only {foreign_tested} foreign captures"
        );
    }

    #[test]
    fn capture_history_rewards_the_cutting_capture_and_blames_those_tried() {
        let board: Board0x88 = "4k3/8/8/3p1p2/4P3/2N5/8/4K3 w - - 0 1".parse().unwrap();
        let mv = |uci: &str| board.parse_uci(uci).unwrap();
        let (pawn_takes, knight_takes, other_capture) = (mv("e4d5"), mv("c3d5"), mv("e4f5"));
        let mut tables = OrderingTables::new();
        tables.record_capture_cutoff(&board, 4, Some(pawn_takes), &[knight_takes]);
        let rewarded = tables.capture_history(&board, pawn_takes);
        let blamed = tables.capture_history(&board, knight_takes);
        assert!(rewarded > 0 && blamed == -rewarded, "{rewarded} {blamed}");
        // Each is kept by capturing kind, destination and captured kind, for its side only:
        // Black's pawn taking a pawn on d5 has a slot of its own.
        assert_eq!(tables.capture_history(&board, other_capture), 0);
        let black: Board0x88 = "4k3/8/4p3/3P4/8/8/8/4K3 b - - 0 1".parse().unwrap();
        let black_takes = black.parse_uci("e6d5").unwrap();
        assert_eq!(tables.capture_history(&black, black_takes), 0);
        // A move that captures nothing has no capture history, nor gets one.
        let quiet = mv("c3b5");
        let before = tables.captures;
        tables.record_capture_cutoff(&board, 4, Some(quiet), &[quiet]);
        assert_eq!(tables.captures, before);
        assert_eq!(tables.capture_history(&board, quiet), 0);
        // Captures passed over for a quiet cutoff lose, by more at a deeper cutoff.
        tables.record_capture_cutoff(&board, 6, None, &[pawn_takes]);
        assert!(tables.capture_history(&board, pawn_takes) < -rewarded);
        tables.age();
        assert_eq!(tables.capture_history(&board, knight_takes), blamed / 2);
    }

    #[test]
    fn continuation_keys_tell_side_kind_and_destination_apart() {
        let white: Board0x88 = "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1".parse().unwrap();
        let black: Board0x88 = "4k3/8/2n5/8/8/8/8/4K3 b - - 0 1".parse().unwrap();
        let key = |board: &Board0x88, uci: &str| {
            continuation_key(board, board.parse_uci(uci).unwrap()).unwrap()
        };
        let keys = [
            key(&white, "c3d5"),
            key(&white, "c3b5"),
            key(&white, "e1d1"),
            key(&black, "c6d4"),
            key(&black, "e8d8"),
        ];
        for (i, a) in keys.iter().enumerate() {
            assert!(usize::from(*a) < CONTINUATION_KEYS);
            for b in &keys[i + 1..] {
                assert_ne!(a, b, "{keys:?}");
            }
        }
        // The same piece going to the same square from elsewhere has the same key.
        let knight_on_b4: Board0x88 = "4k3/8/8/8/1N6/8/8/4K3 w - - 0 1".parse().unwrap();
        assert_eq!(key(&knight_on_b4, "b4d5"), key(&white, "c3d5"));
        assert_eq!(
            continuation_key(&white, Move::normal(Square::A1, Square::A2, false)),
            None
        );
    }

    #[test]
    fn continuation_history_rewards_the_cutting_move_after_each_earlier_move() {
        let board: Board0x88 = "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1".parse().unwrap();
        let mv = |uci: &str| board.parse_uci(uci).unwrap();
        let (best, tried, other) = (mv("c3d5"), mv("c3b5"), mv("e1d1"));
        // Two earlier moves (keys of Black's pieces), then a null move two plies back.
        let (one_back, two_back) = (700, 500);
        let both = [Some(one_back), Some(two_back)];
        let mut tables = OrderingTables::new();
        tables.record_continuation(&board, 4, best, &[tried], &both);
        let rewarded = tables.continuation(&board, best, &[Some(one_back), None]);
        assert!(rewarded > 0);
        assert_eq!(
            tables.continuation(&board, best, &[None, Some(two_back)]),
            rewarded
        );
        assert_eq!(tables.continuation(&board, best, &both), 2 * rewarded);
        assert_eq!(tables.continuation(&board, tried, &both), -2 * rewarded);
        // Nothing else moved: another move, another earlier move, or none at all.
        assert_eq!(tables.continuation(&board, other, &both), 0);
        assert_eq!(tables.continuation(&board, best, &[Some(100), None]), 0);
        assert_eq!(tables.continuation(&board, best, &[None, None]), 0);
        // Only the earlier moves given are updated; a deeper cutoff moves the entry further.
        tables.record_continuation(&board, 8, tried, &[], &[Some(one_back), None]);
        let after_one = tables.continuation(&board, tried, &[Some(one_back), None]);
        assert!(after_one > 0, "{after_one}");
        assert_eq!(
            tables.continuation(&board, tried, &[None, Some(two_back)]),
            -rewarded
        );
        // The quiet moves' order adds it to the history only with the parameter on.
        let with = tables.quiet_score(&board, 0, tried, &both);
        let history = tables.history(0, tried);
        if params::continuation_history() == 0 {
            assert_eq!(with, history);
        } else {
            assert_eq!(with, history + after_one - rewarded);
        }
        tables.clear();
        assert_eq!(tables.continuation(&board, tried, &both), 0);
    }
}
