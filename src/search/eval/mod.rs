//! The static evaluation: what a quiet position is worth to the side to move, in centipawns.
//!
//! A tapered evaluation: every term has a middlegame and an endgame value, blended by the game
//! phase (the non-pawn material left). The terms are material and piece-square tables,
//! mobility (pseudo-legal squares per piece, walked along the 0x88 rays, not counting squares
//! an enemy pawn guards), king safety (pawn shield, enemy pawns storming it and enemy pieces
//! reaching the squares around the king), pawn structure (passed, doubled, isolated, backward
//! and connected pawns; passed pawns worth more when no enemy piece blocks or attacks their
//! way forward), rooks on open files, the bishop pair, knights and bishops on outposts or
//! behind a pawn, bishops by their own pawns on their colour and on the long diagonals,
//! threats (enemy pieces attacked by a lesser piece, or by a pawn after a safe push),
//! hanging pawns and pieces (attacked and not defended), squares both sides attack that the
//! enemy does not hold strongly, a king on a flank without pawns and weak pawns on half-open
//! files; the endgame's complexity (passed pawns, pawns, the kings' places, pawns on both
//! flanks) moves its score away from a draw or towards it, and endgames of bishops on squares
//! of opposite colours, and those where the side ahead has no pawns and a small lead, are
//! scaled towards a draw. Everything is computed from White's side and mirrored for Black, so a
//! position and its colour-flipped mirror score alike (see the tests).
//!
//! Given an [`EvalCache`] ([`evaluate_cached`], as the search does), the pawn terms that
//! depend on the pawns alone are worked out once per pawn structure (and each king's shelter
//! once per pawn structure and king square), and a position's evaluation once while the
//! cache holds it; [`evaluate`] works everything out every time. The two always agree.
//!
//! Every weight is in one table, [`Weights`] (module [`weights`]), whose defaults the search
//! uses; an [`Evaluator`] evaluates with any other set, which is how a tuner tries them.

mod cache;
mod pawns;
pub mod weights;

pub use cache::EvalCache;
pub use weights::Weights;

use pawns::{PawnInfo, front_span};

use crate::{Board0x88, Color, PieceKind, Rank, Square, SquareSet, attacks};

/// The largest game phase: all minor pieces (1 each), rooks (2) and queens (4) on the board.
const MAX_PHASE: i32 = 24;
/// Phase weight by kind (indexed by [`PieceKind::index`], as every per-kind table here).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The largest magnitude [`Evaluator::new`] lets a weight have: beyond any sensible one (the
/// largest default is the queen's 1112), and small enough that no sum of the evaluation can
/// overflow whatever the position.
pub const WEIGHT_LIMIT: i32 = 1_500;

/// The evaluator of [`evaluate`] and the search: the default weights, tables built at
/// compile time.
static DEFAULT: Evaluator = Evaluator::build(&Weights::DEFAULT);

impl Default for Evaluator {
    /// The evaluator of [`Weights::DEFAULT`], as [`evaluate`] uses.
    fn default() -> Evaluator {
        DEFAULT.clone()
    }
}

/// An evaluation with a set of [`Weights`] of your own, for tuning them or for an engine that
/// wants other ones. [`evaluate`] is the same with [`Weights::DEFAULT`].
///
/// ```
/// use x88::Board0x88;
/// use x88::search::eval::{Evaluator, Weights, evaluate};
/// let board = Board0x88::default();
/// assert_eq!(Evaluator::new(&Weights::DEFAULT).evaluate(&board), evaluate(&board));
/// // Having the move is worth 10 centipawns more.
/// let mut weights = Weights::DEFAULT;
/// weights.tempo += 10;
/// assert_eq!(Evaluator::new(&weights).evaluate(&board), evaluate(&board) + 10);
/// ```
#[derive(Clone)]
pub struct Evaluator {
    weights: Weights,
    /// Material plus piece-square value by kind and table index, middlegame and endgame.
    mg_table: [[i32; 64]; 6],
    eg_table: [[i32; 64]; 6],
    /// Mobility by kind and number of reached squares, middlegame and endgame: the weights'
    /// per-kind tables in one shape (zero for pawns and kings, and beyond a kind's reach).
    mobility_mg: [[i32; MOBILITY_COUNTS]; 6],
    mobility_eg: [[i32; MOBILITY_COUNTS]; 6],
}

/// One more than the most squares a piece can reach: a queen in the middle of an empty board
/// reaches 27.
const MOBILITY_COUNTS: usize = 28;

/// Copies `values` to the start of `row` (a `const fn`, so by hand).
const fn copy_into(row: &mut [i32; MOBILITY_COUNTS], values: &[i32]) {
    let mut i = 0;
    while i < values.len() {
        row[i] = values[i];
        i += 1;
    }
}

impl Evaluator {
    /// An evaluator with `weights`, each taken into `-WEIGHT_LIMIT..=WEIGHT_LIMIT` (see
    /// [`WEIGHT_LIMIT`]).
    #[must_use]
    pub fn new(weights: &Weights) -> Evaluator {
        let mut weights = weights.clone();
        weights.for_each_mut(|_, values| {
            for value in values {
                *value = (*value).clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
            }
        });
        Evaluator::build(&weights)
    }

    /// The evaluator of `weights` as they are: for weights known to be within the limit.
    const fn build(weights: &Weights) -> Evaluator {
        let mut mg_table = [[0; 64]; 6];
        let mut eg_table = [[0; 64]; 6];
        let mut kind = 0;
        while kind < 6 {
            let mut index = 0;
            while index < 64 {
                mg_table[kind][index] = weights.material_mg[kind] + weights.psqt_mg[kind][index];
                eg_table[kind][index] = weights.material_eg[kind] + weights.psqt_eg[kind][index];
                index += 1;
            }
            kind += 1;
        }
        let mut mobility_mg = [[0; MOBILITY_COUNTS]; 6];
        let mut mobility_eg = [[0; MOBILITY_COUNTS]; 6];
        copy_into(&mut mobility_mg[1], &weights.mobility_knight_mg);
        copy_into(&mut mobility_eg[1], &weights.mobility_knight_eg);
        copy_into(&mut mobility_mg[2], &weights.mobility_bishop_mg);
        copy_into(&mut mobility_eg[2], &weights.mobility_bishop_eg);
        copy_into(&mut mobility_mg[3], &weights.mobility_rook_mg);
        copy_into(&mut mobility_eg[3], &weights.mobility_rook_eg);
        copy_into(&mut mobility_mg[4], &weights.mobility_queen_mg);
        copy_into(&mut mobility_eg[4], &weights.mobility_queen_eg);
        Evaluator {
            // Every field is a `Copy` array or number.
            weights: Weights { ..*weights },
            mg_table,
            eg_table,
            mobility_mg,
            mobility_eg,
        }
    }

    /// The weights it evaluates with (after [`Evaluator::new`]'s clamping).
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The static evaluation of `board` under these weights, in centipawns, from the point of
    /// view of the side to move.
    #[must_use]
    pub fn evaluate(&self, board: &Board0x88) -> i32 {
        evaluate_with(self, board, &mut PawnInfo::compute(board, self))
    }

    /// [`Evaluator::evaluate`], with the evaluation or the pawn terms from `cache` when it has
    /// them: the same value, sooner. A cache must serve one evaluator only (clear it before
    /// another uses it), as it keeps values, not weights.
    ///
    /// ```
    /// use x88::Board0x88;
    /// use x88::search::eval::{EvalCache, Evaluator, Weights, evaluate};
    /// // Doubled pawns cost much more.
    /// let mut weights = Weights::DEFAULT;
    /// weights.doubled_eg = 200;
    /// let evaluator = Evaluator::new(&weights);
    /// let mut cache = EvalCache::new();
    /// let board: Board0x88 = "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1".parse().unwrap();
    /// let value = evaluator.evaluate(&board);
    /// assert!(value < evaluate(&board) - 100);
    /// assert_eq!(evaluator.evaluate_cached(&board, &mut cache), value);
    /// assert_eq!(evaluator.evaluate_cached(&board, &mut cache), value); // from the cache
    /// ```
    #[must_use]
    pub fn evaluate_cached(&self, board: &Board0x88, cache: &mut EvalCache) -> i32 {
        cache.evaluation(self, board)
    }

    /// [`evaluate_after_null_move`] under these weights: the evaluation after a null move,
    /// from `eval`, the evaluation ([`Evaluator::evaluate`]) before it. Twice the tempo
    /// less `eval`: the side to move's score with its tempo, seen from the other side, which
    /// then has the tempo.
    ///
    /// ```
    /// use x88::Board0x88;
    /// use x88::search::eval::{Evaluator, Weights};
    /// let mut weights = Weights::DEFAULT;
    /// weights.tempo = 40;
    /// let evaluator = Evaluator::new(&weights);
    /// // White a knight up.
    /// let mut board: Board0x88 = "4k3/pppp4/8/8/8/5N2/PPPP4/4K3 w - - 0 1".parse().unwrap();
    /// let before = evaluator.evaluate(&board);
    /// board.make_null_move().unwrap();
    /// let after = evaluator.evaluate(&board);
    /// assert!(after < -200);
    /// assert_eq!(evaluator.evaluate_after_null_move(before), after);
    /// ```
    #[must_use]
    pub fn evaluate_after_null_move(&self, eval: i32) -> i32 {
        2 * self.weights.tempo - eval
    }
}

impl core::fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Evaluator")
            .field("weights", &self.weights)
            .finish_non_exhaustive()
    }
}

/// The index into a diagram-ordered table (rank 8 first) of the square with index `index`
/// for a piece of `color`: white reads the table upside down.
#[inline(always)]
fn table_index(index: usize, color: Color) -> usize {
    match color {
        Color::White => index ^ 56,
        Color::Black => index,
    }
}

/// The rank of `sq` counted from `color`'s own first rank (0 to 7).
#[inline(always)]
fn relative_rank(sq: Square, color: Color) -> usize {
    match color {
        Color::White => sq.rank().index(),
        Color::Black => 7 - sq.rank().index(),
    }
}

/// The king-step distance of two squares.
#[inline(always)]
fn distance(a: Square, b: Square) -> i32 {
    i32::from(a.distance(b))
}

/// Middlegame and endgame sums for one side.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
struct Terms {
    mg: i32,
    eg: i32,
}

impl Terms {
    #[inline(always)]
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// The attack of one side's pieces on the enemy king: how many pieces reach the squares
/// around it, and their attack units.
#[derive(Default, Clone, Copy)]
struct KingAttack {
    attackers: i32,
    units: i32,
}

/// What the terms of one side's pieces depend on besides the piece itself.
struct SideTerms<'a> {
    evaluator: &'a Evaluator,
    color: Color,
    /// The squares the side's own pieces stand on.
    own: SquareSet,
    /// The squares enemy pawns guard.
    enemy_guard: SquareSet,
    /// The enemy king's square and those around it.
    enemy_zone: SquareSet,
}

impl SideTerms<'_> {
    /// Adds the piece-square values and mobility of the side's pieces of `kind` (from `sets`,
    /// [`Board0x88::pieces_by_kind`]) to `sum`, and their reach next to the enemy king to
    /// `attack`; `attacks` gives the squares a piece of `kind` on a square attacks. Returns
    /// how many pieces of `kind` the side has (counted on the way: no population count) and
    /// the squares they attack together (for the threats).
    #[inline(always)]
    fn add_kind(
        &self,
        kind: PieceKind,
        sets: [SquareSet; 6],
        sum: &mut Terms,
        attack: &mut KingAttack,
        attacks: impl Fn(Square) -> SquareSet,
    ) -> (i32, SquareSet) {
        let evaluator = self.evaluator;
        let k = kind.index();
        let mut count = 0;
        let mut attacked = SquareSet::default();
        for sq in sets[k] {
            count += 1;
            let idx = table_index(sq.index(), self.color);
            // Mobility: the squares the piece reaches that its own side does not hold, not
            // counting those an enemy pawn guards; king safety: those next to the enemy king.
            let targets = attacks(sq);
            attacked |= targets;
            let reach = targets - self.own;
            // At most 27 (a queen on an empty board's centre); `min` only spares the check.
            let squares = (reach - self.enemy_guard).len().min(MOBILITY_COUNTS - 1);
            sum.add(
                evaluator.mg_table[k][idx] + evaluator.mobility_mg[k][squares],
                evaluator.eg_table[k][idx] + evaluator.mobility_eg[k][squares],
            );
            // Most pieces are nowhere near the enemy king: no squares to count then.
            let near_king = reach & self.enemy_zone;
            if !near_king.is_empty() {
                attack.attackers += 1;
                attack.units += evaluator.weights.king_attack[k] * near_king.len() as i32;
            }
        }
        (count, attacked)
    }
}

/// The static evaluation of `board` in centipawns, from the point of view of the side to move.
///
/// ```
/// use x88::Board0x88;
/// use x88::search::eval::evaluate;
/// let start = evaluate(&Board0x88::default());
/// assert!(start.abs() < 50);
/// let up_a_queen: Board0x88 = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// assert!(evaluate(&up_a_queen) > 700);
/// ```
#[must_use]
pub fn evaluate(board: &Board0x88) -> i32 {
    DEFAULT.evaluate(board)
}

/// The evaluation ([`evaluate`]) of the position after a null move, given `eval`, the
/// evaluation of the position before it. The two positions hold the same pieces and only the
/// side to move differs; the evaluation scores both colours alike and adds
/// [`Weights::tempo`] for the side to move, so the one follows from the other exactly,
/// without evaluating (a search's null move needs its child's evaluation at once).
///
/// ```
/// use x88::Board0x88;
/// use x88::search::eval::{evaluate, evaluate_after_null_move};
/// let mut board: Board0x88 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
///     .parse()
///     .unwrap();
/// let before = evaluate(&board);
/// board.make_null_move().unwrap();
/// assert_eq!(evaluate_after_null_move(before), evaluate(&board));
/// ```
#[must_use]
pub fn evaluate_after_null_move(eval: i32) -> i32 {
    DEFAULT.evaluate_after_null_move(eval)
}

/// [`evaluate`], with the evaluation or the pawn terms from `cache` when it has them: the same
/// value, sooner. See [`EvalCache`].
#[must_use]
pub fn evaluate_cached(board: &Board0x88, cache: &mut EvalCache) -> i32 {
    #[cfg(all(feature = "std", any(target_arch = "x86", target_arch = "x86_64")))]
    if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi1") {
        // SAFETY: the processor has the `popcnt` and `bmi1` instructions, the features that
        // `evaluate_cached_popcnt_bmi1` is compiled for (tested just above).
        #[allow(unsafe_code)]
        return unsafe { evaluate_cached_popcnt_bmi1(board, cache) };
    }
    evaluate_cached_portable(board, cache)
}

/// [`evaluate_cached`] compiled for processors with the `popcnt` and `bmi1` instructions
/// (Rust may assume neither without a target-cpu flag): mobility and king attack count
/// squares, a dozen instructions a set without `popcnt`; the loops over a set's squares
/// find and clear its lowest one with `tzcnt` and `blsr` (0.6 % fewer instructions in the
/// search than with `popcnt` alone, `uci bench 10` under callgrind).
///
/// # Safety
///
/// The processor must have `popcnt` and `bmi1`.
#[cfg(all(feature = "std", any(target_arch = "x86", target_arch = "x86_64")))]
#[allow(unsafe_code)]
#[target_feature(enable = "popcnt,bmi1")]
unsafe fn evaluate_cached_popcnt_bmi1(board: &Board0x88, cache: &mut EvalCache) -> i32 {
    evaluate_cached_portable(board, cache)
}

/// [`evaluate_cached`] for any processor.
#[inline(always)]
fn evaluate_cached_portable(board: &Board0x88, cache: &mut EvalCache) -> i32 {
    // Not `DEFAULT.evaluate_cached`: inlined here, the default weights are constants the
    // compiler folds into the code (6 % fewer instructions than reading them).
    cache.evaluation(&DEFAULT, board)
}

/// The evaluation under `evaluator`'s weights, given the pawn terms of `board` under them.
#[inline(always)]
fn evaluate_with(evaluator: &Evaluator, board: &Board0x88, pawn_info: &mut PawnInfo) -> i32 {
    let w = &evaluator.weights;
    let kings = [board.king(Color::White), board.king(Color::Black)];
    // Per colour: the squares around (and of) its king, and the squares its pieces stand on.
    let king_zone = [0, 1].map(|side| attacks::king_attacks(kings[side]) | kings[side].into());
    let own = Color::ALL.map(|color| board.occupied_by(color));
    let mut non_pawn = [0i32; 2];
    let mut terms = [Terms::default(); 2];
    let mut phase = 0;
    let mut attack_units = [0i32; 2];
    let mut attackers = [0i32; 2];
    // Per colour: every square one of its pawns or pieces attacks, the king's included.
    let mut attacked_by = [SquareSet::default(); 2];
    // Per colour: the squares two or more of its kinds attack (pawns, knights, bishops, rooks,
    // queens, the king; two pieces of one kind count once), which it holds strongly against a
    // side that attacks them with one kind.
    let mut attacked_twice = [SquareSet::default(); 2];
    // Per colour: the squares its knights, bishops, rooks and queens attack, kind by kind.
    let mut piece_attacks = [[SquareSet::default(); 4]; 2];
    // Written out: through `Color::ALL.map` the compiler calls a function for it.
    let sets_by_color = [
        board.pieces_by_kind(Color::White),
        board.pieces_by_kind(Color::Black),
    ];
    // Each colour written out, so that moving the pawns a rank is a constant shift.
    let minor_terms = [
        minor_and_bishop_terms(&sets_by_color, Color::White, w),
        minor_and_bishop_terms(&sets_by_color, Color::Black, w),
    ];
    for color in Color::ALL {
        let side = color.index();
        let enemy = 1 - side;
        let enemy_guard = pawn_info.guard[enemy];
        let enemy_zone = king_zone[enemy];
        // Summed in locals (registers), not through a reference into `terms`.
        let mut sum = pawn_info.terms[side];
        // The king stands on its square (its table) and does no more here.
        let king = PieceKind::King.index();
        let king_idx = table_index(kings[side].index(), color);
        sum.add(
            evaluator.mg_table[king][king_idx],
            evaluator.eg_table[king][king_idx],
        );
        // The pawns are in `pawn_info`; the other pieces are walked kind by kind, so that no
        // branch asks what a piece is (the processor could not predict it).
        let sets = sets_by_color[side];
        let mut attack = KingAttack::default();
        let side_terms = SideTerms {
            evaluator,
            color,
            own: own[side],
            enemy_guard,
            enemy_zone,
        };
        let occupied = board.occupied();
        let (knights, knight_attacks) =
            side_terms.add_kind(PieceKind::Knight, sets, &mut sum, &mut attack, |sq| {
                attacks::knight_attacks(sq)
            });
        let (bishops, bishop_attacks) =
            side_terms.add_kind(PieceKind::Bishop, sets, &mut sum, &mut attack, |sq| {
                attacks::bishop_attacks(sq, occupied)
            });
        let (rooks, rook_attacks) =
            side_terms.add_kind(PieceKind::Rook, sets, &mut sum, &mut attack, |sq| {
                attacks::rook_attacks(sq, occupied)
            });
        let (queens, queen_attacks) =
            side_terms.add_kind(PieceKind::Queen, sets, &mut sum, &mut attack, |sq| {
                attacks::queen_attacks(sq, occupied)
            });
        attackers[side] = attack.attackers;
        piece_attacks[side] = [knight_attacks, bishop_attacks, rook_attacks, queen_attacks];
        attacked_by[side] = pawn_info.guard[side]
            | knight_attacks
            | bishop_attacks
            | rook_attacks
            | queen_attacks
            // The king's squares: its own square in it changes nothing, as no enemy stands there.
            | king_zone[side];
        let mut once = pawn_info.guard[side];
        let mut twice = SquareSet::default();
        for reached in [
            knight_attacks,
            bishop_attacks,
            rook_attacks,
            queen_attacks,
            // The king's attacks, without its own square.
            attacks::king_attacks(kings[side]),
        ] {
            twice |= once & reached;
            once |= reached;
        }
        attacked_twice[side] = twice;
        attack_units[side] = attack.units;
        for (kind, count) in [
            (PieceKind::Knight, knights),
            (PieceKind::Bishop, bishops),
            (PieceKind::Rook, rooks),
            (PieceKind::Queen, queens),
        ] {
            phase += PHASE_WEIGHT[kind.index()] * count;
            non_pawn[side] += w.material_eg[kind.index()] * count;
        }
        // Rooks on files without own pawns, counted without branches.
        for sq in sets[PieceKind::Rook.index()] {
            let file = 1 << sq.file().index();
            let no_own_pawn = i32::from(pawn_info.files[side] & file == 0);
            let no_enemy_pawn = i32::from(pawn_info.files[enemy] & file == 0);
            let open = no_own_pawn * no_enemy_pawn;
            let semi_open = no_own_pawn - open;
            sum.add(
                open * w.rook_open_mg + semi_open * w.rook_semi_open_mg,
                open * w.rook_open_eg + semi_open * w.rook_semi_open_eg,
            );
        }
        for sq in pawn_info.passed[side] {
            let (mg, eg) = passed_bonus(board, sq, color, kings, w);
            sum.add(mg, eg);
        }
        if bishops >= 2 {
            sum.add(w.bishop_pair_mg, w.bishop_pair_eg);
        }
        let (mg, eg) = minor_terms[side];
        sum.add(mg, eg);
        let outposts = pawn_info.outposts[side];
        let knights_on = (sets[PieceKind::Knight.index()] & outposts).len() as i32;
        let bishops_on = (sets[PieceKind::Bishop.index()] & outposts).len() as i32;
        sum.add(
            knights_on * w.outpost_knight_mg + bishops_on * w.outpost_bishop_mg,
            knights_on * w.outpost_knight_eg + bishops_on * w.outpost_bishop_eg,
        );
        let (mg, eg) = threats(
            sets_by_color[enemy],
            pawn_info.guard[side],
            knight_attacks | bishop_attacks,
            rook_attacks,
            w,
        );
        sum.add(mg, eg);
        terms[side] = sum;
    }

    // Each colour written out, so that the pawns' pushes and attacks are constant shifts.
    let guard = pawn_info.guard;
    let king_squares = SquareSet::from(kings[0]) | SquareSet::from(kings[1]);
    let push_threats = [
        threats_by_push(&sets_by_color, own, Color::White, attacked_by, guard),
        threats_by_push(&sets_by_color, own, Color::Black, attacked_by, guard),
    ];
    for color in Color::ALL {
        let side = color.index();
        let shelter = pawn_info.shelter(board, kings[side], color, w);
        terms[side].add(shelter.mg, shelter.eg);
        let enemy = 1 - side;
        // Enemy pawns and pieces the side attacks and no enemy defends.
        let targets = own[enemy] - SquareSet::from(kings[enemy]);
        let hanging = targets & (attacked_by[side] - attacked_by[enemy]);
        let hanging = hanging.len() as i32;
        terms[side].add(hanging * w.hanging_mg, hanging * w.hanging_eg);
        let pushes = push_threats[side];
        terms[side].add(pushes * w.threat_by_push_mg, pushes * w.threat_by_push_eg);
        // Squares both sides attack that the enemy does not hold strongly (with a pawn, or with
        // two or more kinds where the side attacks with one): an enemy piece going there can
        // be taken. The kings' squares are left out (`attacked_by` has them).
        let strong = guard[enemy] | (attacked_twice[enemy] - attacked_twice[side]);
        let both_attack = (attacked_by[side] & attacked_by[enemy]) - king_squares;
        let restricted = (both_attack - strong).len() as i32;
        terms[side].add(restricted * w.restricted_mg, restricted * w.restricted_eg);
        // Passed pawns whose way forward no enemy piece blocks or attacks.
        let contested = own[enemy] | attacked_by[enemy];
        for sq in pawn_info.passed[side] {
            let (mg, eg) = free_passer_bonus(sq, color, contested, w);
            terms[side].add(mg, eg);
        }
        // The attack on the king of `side` comes from the other side's pieces.
        if attackers[enemy] >= 2 {
            // Past 1000 units either way the danger is at its cap whatever the weights (each
            // is at most `WEIGHT_LIMIT`), and the products stay far from overflow.
            let checks = safe_checks(
                board,
                kings[side],
                piece_attacks[enemy],
                own[enemy] | attacked_by[side],
                w,
            );
            let units = (attack_units[enemy] + checks).clamp(-1_000, 1_000);
            let danger = (units * units * w.king_danger_scale / 64)
                .min(w.king_danger_max)
                .max(-WEIGHT_LIMIT);
            terms[side].add(-danger, -danger * w.king_danger_eg / 64);
        }
    }

    let mg = terms[0].mg - terms[1].mg;
    let mut eg = terms[0].eg - terms[1].eg;
    eg = with_complexity(eg, pawn_info, kings, phase == 0, w);
    // Without pawns, a lead of a minor piece or less rarely wins.
    let stronger = if eg >= 0 { 0 } else { 1 };
    if pawn_info.pawns[stronger] == 0
        && non_pawn[stronger] - non_pawn[1 - stronger] <= w.pawnless_margin
    {
        // In 64 bits: with extreme weights the product would not fit in 32.
        eg = (i64::from(eg) * i64::from(w.pawnless_scale) / 64) as i32;
    } else if w.opposite_bishops_scale != 64 && opposite_bishops_only(&sets_by_color) {
        eg = (i64::from(eg) * i64::from(w.opposite_bishops_scale) / 64) as i32;
    }
    eg += bishop_knight_mate(&sets_by_color, own, kings, w);
    let phase = phase.min(MAX_PHASE);
    // In 64 bits: with extreme weights the products would not fit in 32. The result is
    // between `mg` and `eg`, so it fits.
    let blended = (i64::from(mg) * i64::from(phase) + i64::from(eg) * i64::from(MAX_PHASE - phase))
        / i64::from(MAX_PHASE);
    let white_score = blended as i32;
    let score = if board.side_to_move() == Color::White {
        white_score
    } else {
        -white_score
    };
    score + w.tempo
}

/// Files a to d, the queen's flank.
const QUEEN_FLANK: SquareSet = SquareSet(0x0f0f_0f0f_0f0f_0f0f);

/// The endgame score `eg` moved by the position's complexity under the `complexity_*`
/// weights, given the pawn terms, the kings' squares and whether only kings and pawns are
/// left: away from 0 by a positive complexity (the side ahead keeps chances to win), towards
/// 0 by a negative one, but never past 0 (it does not change who is ahead).
#[inline(always)]
fn with_complexity(
    eg: i32,
    pawn_info: &PawnInfo,
    kings: [Square; 2],
    pawns_only: bool,
    w: &Weights,
) -> i32 {
    let pawns = SquareSet(pawn_info.pawns[0] | pawn_info.pawns[1]);
    let passed = (pawn_info.passed[0] | pawn_info.passed[1]).len() as i32;
    let [white_king, black_king] = kings;
    let files_apart = white_king
        .file()
        .index()
        .abs_diff(black_king.file().index()) as i32;
    let ranks_apart = white_king
        .rank()
        .index()
        .abs_diff(black_king.rank().index()) as i32;
    let outflanking = files_apart - ranks_apart;
    let both_flanks = !(pawns & QUEEN_FLANK).is_empty() && !(pawns - QUEEN_FLANK).is_empty();
    // A White king on the fifth rank or beyond, or a Black one on the fourth or below.
    let infiltration = white_king.rank().index() >= 4 || black_king.rank().index() <= 3;
    let unwinnable = outflanking < 0 && !both_flanks;
    let complexity = passed * w.complexity_passed
        + pawns.len() as i32 * w.complexity_pawns
        + outflanking * w.complexity_outflanking
        + i32::from(both_flanks) * w.complexity_both_flanks
        + i32::from(infiltration) * w.complexity_infiltration
        + i32::from(pawns_only) * w.complexity_pawns_only
        + i32::from(unwinnable) * w.complexity_unwinnable
        + w.complexity_base;
    eg + eg.signum() * complexity.max(-eg.abs())
}

/// The light squares (b1, a2, ...), as a set.
const LIGHT_SQUARES: SquareSet = SquareSet(0x55aa_55aa_55aa_55aa);
/// The four centre squares, d4, e4, d5 and e5.
const CENTRE: SquareSet = SquareSet(0x0000_0018_1800_0000);
/// The two long diagonals, a1-h8 and h1-a8: the only ones through two centre squares.
const LONG_DIAGONALS: SquareSet = SquareSet(0x8142_2418_1824_4281);

/// The terms (middlegame, endgame) of the knights and bishops of `color` that depend on the
/// pawns around them, given both sides' pieces by kind (`sets`): knights and bishops behind
/// a pawn, each bishop's own pawns on its colour, and bishops on a long diagonal that see
/// the centre.
#[inline(always)]
fn minor_and_bishop_terms(sets: &[[SquareSet; 6]; 2], color: Color, w: &Weights) -> (i32, i32) {
    let own = &sets[color.index()];
    let pawn = PieceKind::Pawn.index();
    let bishop = PieceKind::Bishop.index();
    let all_pawns = sets[0][pawn] | sets[1][pawn];
    // A pawn one rank in front of a piece, moved one rank back, lands on the piece.
    let behind_pawn = forward(all_pawns, color.opposite());
    let minors = own[PieceKind::Knight.index()] | own[bishop];
    let screened = (minors & behind_pawn).len() as i32;
    let light_pawns = (own[pawn] & LIGHT_SQUARES).len() as i32;
    let dark_pawns = own[pawn].len() as i32 - light_pawns;
    let light_bishops = (own[bishop] & LIGHT_SQUARES).len() as i32;
    let dark_bishops = own[bishop].len() as i32 - light_bishops;
    let same_colour_pawns = light_bishops * light_pawns + dark_bishops * dark_pawns;
    let mut long_diagonal = 0;
    for sq in own[bishop] & LONG_DIAGONALS {
        long_diagonal += i32::from((attacks::bishop_attacks(sq, all_pawns) & CENTRE).len() > 1);
    }
    (
        screened * w.minor_behind_pawn_mg
            + same_colour_pawns * w.bishop_pawns_mg
            + long_diagonal * w.long_diagonal_bishop_mg,
        screened * w.minor_behind_pawn_eg
            + same_colour_pawns * w.bishop_pawns_eg
            + long_diagonal * w.long_diagonal_bishop_eg,
    )
}

/// How many enemy pieces (the king included, not the pawns) the pawns of `color` would
/// attack after a safe push, given both sides' pieces by kind (`sets`) and all together
/// (`own`), the squares each side attacks (`attacked_by`) and those each side's pawns guard
/// (`guard`). A push is safe when no enemy pawn guards its square, and either the enemy does
/// not attack it or the side defends it; a pawn on its second rank may push two squares,
/// through an empty one.
#[inline(always)]
fn threats_by_push(
    sets: &[[SquareSet; 6]; 2],
    own: [SquareSet; 2],
    color: Color,
    attacked_by: [SquareSet; 2],
    guard: [SquareSet; 2],
) -> i32 {
    let side = color.index();
    let enemy = 1 - side;
    let pawn = PieceKind::Pawn.index();
    let empty = !(own[0] | own[1]);
    let single = forward(sets[side][pawn], color) & empty;
    let third_rank = SquareSet::rank(match color {
        Color::White => Rank::Third,
        Color::Black => Rank::Sixth,
    });
    let pushes = single | (forward(single & third_rank, color) & empty);
    let safe = (!attacked_by[enemy] | attacked_by[side]) - guard[enemy];
    let enemy_pieces = own[enemy] - sets[enemy][pawn];
    ((pushes & safe).pawn_attacks(color) & enemy_pieces).len() as i32
}

/// `set` moved a rank forward as `color` sees it. Called with a constant colour, it is one
/// shift.
#[inline(always)]
fn forward(set: SquareSet, color: Color) -> SquareSet {
    match color {
        Color::White => set.shift(0, 1),
        Color::Black => set.shift(0, -1),
    }
}

/// The threats (middlegame, endgame) of one side on the other's pieces, given the other's
/// pieces by kind (`enemy`), the squares the side's pawns guard, its knights and bishops
/// attack and its rooks attack: a piece attacked by a lesser one must move or be lost.
#[inline(always)]
fn threats(
    enemy: [SquareSet; 6],
    pawn_guard: SquareSet,
    minor_attacks: SquareSet,
    rook_attacks: SquareSet,
    w: &Weights,
) -> (i32, i32) {
    let queens = enemy[PieceKind::Queen.index()];
    let majors = enemy[PieceKind::Rook.index()] | queens;
    let pieces = enemy[PieceKind::Knight.index()] | enemy[PieceKind::Bishop.index()] | majors;
    let by_pawn = (pawn_guard & pieces).len() as i32;
    let by_minor = (minor_attacks & majors).len() as i32;
    let by_rook = (rook_attacks & queens).len() as i32;
    (
        by_pawn * w.threat_by_pawn_mg
            + by_minor * w.threat_by_minor_mg
            + by_rook * w.threat_by_rook_mg,
        by_pawn * w.threat_by_pawn_eg
            + by_minor * w.threat_by_minor_eg
            + by_rook * w.threat_by_rook_eg,
    )
}

/// The king attack units of the safe checks on the king on `king`: for each kind of
/// piece (knight, bishop, rook, queen; `attacks` holds what the attacker's pieces of each
/// kind attack), [`Weights::king_safe_check`] when one of them attacks a square from which
/// it would give check and that is not in `unsafe_squares` (held by the attacker or
/// guarded by the king's side).
#[inline(always)]
fn safe_checks(
    board: &Board0x88,
    king: Square,
    attacks: [SquareSet; 4],
    unsafe_squares: SquareSet,
    w: &Weights,
) -> i32 {
    // With every weight at 0 there is nothing to add: skip the rays from the king.
    if w.king_safe_check == [0; 6] {
        return 0;
    }
    let occupied = board.occupied();
    let diagonal = attacks::bishop_attacks(king, occupied);
    let straight = attacks::rook_attacks(king, occupied);
    let checking = [
        attacks::knight_attacks(king),
        diagonal,
        straight,
        diagonal | straight,
    ];
    let kinds = [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ];
    let mut units = 0;
    for i in 0..4 {
        let safe = (checking[i] & attacks[i]) - unsafe_squares;
        units += i32::from(!safe.is_empty()) * w.king_safe_check[kinds[i].index()];
    }
    units
}

/// Whether each side has one bishop, the two on squares of opposite colours, and no other
/// piece but its king and pawns (`sets`: each side's pieces by kind).
fn opposite_bishops_only(sets: &[[SquareSet; 6]; 2]) -> bool {
    let others = |s: &[SquareSet; 6]| {
        s[PieceKind::Knight.index()] | s[PieceKind::Rook.index()] | s[PieceKind::Queen.index()]
    };
    let (white, black) = (
        sets[0][PieceKind::Bishop.index()],
        sets[1][PieceKind::Bishop.index()],
    );
    if white.len() != 1 || black.len() != 1 || !(others(&sets[0]) | others(&sets[1])).is_empty() {
        return false;
    }
    match (white.first(), black.first()) {
        (Some(white), Some(black)) => white.is_light() != black.is_light(),
        _ => false,
    }
}

/// The endgame bonus, from White's point of view, of a side with its king, a bishop and a
/// knight and nothing else against a lone king (`sets`: each side's pieces by kind; `own`:
/// the squares of each side's pieces; `kings`: their squares): the nearer the lone king to a
/// corner of the bishop's colour, where alone it can be mated, and the nearer the kings, the
/// better. Without it the search, which sees no mate thirty moves ahead, has no plan, and the
/// fifty-move rule ends the game. 0 for any other material.
#[inline(always)]
fn bishop_knight_mate(
    sets: &[[SquareSet; 6]; 2],
    own: [SquareSet; 2],
    kings: [Square; 2],
    w: &Weights,
) -> i32 {
    // Four pieces in all, the two kings among them: the one test most positions pay.
    if (own[0] | own[1]).len() != 4 {
        return 0;
    }
    for color in Color::ALL {
        let side = color.index();
        // Three pieces, a king and a knight among them: the third is a bishop if any is.
        if own[side].len() != 3 || sets[side][PieceKind::Knight.index()].len() != 1 {
            continue;
        }
        let Some(bishop) = sets[side][PieceKind::Bishop.index()].first() else {
            continue;
        };
        let lone = kings[1 - side];
        let (file, rank) = (lone.file().index() as i32, lone.rank().index() as i32);
        // Steps (files plus ranks) to the nearer corner of the bishop's colour, 0 to 7: h1
        // and a8 are light, a1 and h8 dark.
        let to_corner = if bishop.is_light() {
            (7 - file + rank).min(file + 7 - rank)
        } else {
            (file + rank).min(14 - file - rank)
        };
        // The corner term is 0 to 7 steps' worth, the kings' term (the kings stand 2 to 7
        // apart) 2 to -3: at best 320 centipawns at the defaults, less than the rook a side
        // would give up to reach the ending. Only the slopes steer the search.
        let bonus = (7 - to_corner) * w.bishop_knight_corner
            + (4 - distance(kings[0], kings[1])) * w.bishop_knight_kings;
        return if color == Color::White { bonus } else { -bonus };
    }
    0
}

/// The passed-pawn bonus (middlegame, endgame) of the pawn of `color` on `sq`: by its rank,
/// less if its square in front is taken, and in the endgame by the kings' distances to that
/// square.
fn passed_bonus(
    board: &Board0x88,
    sq: Square,
    color: Color,
    kings: [Square; 2],
    w: &Weights,
) -> (i32, i32) {
    let side = color.index();
    let enemy = 1 - side;
    let relative = relative_rank(sq, color);
    let mut eg = w.passed_eg[relative];
    if let Some(front) = sq.offset(color.forward()) {
        if board.piece_on(front).is_some() {
            eg -= eg / 3;
        }
        // In the endgame the kings' distances to the square in front matter.
        let scale = relative as i32;
        eg += scale
            * (distance(front, kings[enemy]) * w.passed_enemy_king
                - distance(front, kings[side]) * w.passed_own_king);
    }
    (w.passed_mg[relative], eg)
}

/// The free-path bonus (middlegame, endgame) of the passed pawn of `color` on `sq`, given the
/// squares the enemy holds or attacks (`contested`): the whole bonus when none of the squares
/// in front of the pawn is contested, half of it when the square right in front is not.
#[inline(always)]
fn free_passer_bonus(sq: Square, color: Color, contested: SquareSet, w: &Weights) -> (i32, i32) {
    let pawn = SquareSet::from(sq);
    let path = front_span(pawn, color);
    // The square in front: the path's nearest square.
    let stop = match color {
        Color::White => SquareSet(pawn.0 << 8),
        Color::Black => SquareSet(pawn.0 >> 8),
    };
    let relative = relative_rank(sq, color);
    let (mg, eg) = (w.passed_free_mg[relative], w.passed_free_eg[relative]);
    if (path & contested).is_empty() {
        (mg, eg)
    } else if (stop & contested).is_empty() {
        (mg / 2, eg / 2)
    } else {
        (0, 0)
    }
}

/// The middlegame pawn shield of the king of `color` on `king`: own pawns one or two ranks in
/// front of it on its file and the files beside it, a penalty for each of those files without
/// one.
#[inline(always)]
fn pawn_shield(board: &Board0x88, king: Square, color: Color, w: &Weights) -> i32 {
    if relative_rank(king, color) > 1 {
        return -w.shield_missing;
    }
    // Counted with sets, not a branch per file: a file's pawn two ranks ahead counts only if
    // none stands one rank ahead.
    let ahead = |set: u64| match color {
        Color::White => set << 8,
        Color::Black => set >> 8,
    };
    // The king's square and those beside it, one rank ahead (the king is on its first two
    // ranks, so that rank is on the board).
    let beside = (attacks::king_attacks(king) | king.into()) & SquareSet::rank(king.rank());
    let near_mask = ahead(beside.0);
    let pawns = board.pieces(color, PieceKind::Pawn).0;
    let near = pawns & near_mask;
    let far = pawns & ahead(near_mask) & !ahead(near);
    let (near, far) = (near.count_ones() as i32, far.count_ones() as i32);
    let missing = near_mask.count_ones() as i32 - near - far;
    near * w.shield_near + far * w.shield_far - missing * w.shield_missing
}

/// The penalty (middlegame, endgame) for the enemy pawns storming the king of `color` on
/// `king`, when it stands on its first two ranks: those on its file or the files beside it,
/// on its side's third to fifth rank, that no own pawn right in front of them stops (a
/// stopped pawn cannot advance to open a file on the king).
#[inline(always)]
fn pawn_storm(board: &Board0x88, king: Square, color: Color, w: &Weights) -> (i32, i32) {
    if relative_rank(king, color) > 1 {
        return (0, 0);
    }
    let file = SquareSet::file(king.file());
    let files = file | file.shift(-1, 0) | file.shift(1, 0);
    let own = board.pieces(color, PieceKind::Pawn);
    let enemy = board.pieces(!color, PieceKind::Pawn);
    // The squares where an enemy pawn has an own pawn right in front of it.
    let stopped = forward(own, color);
    let storming = (enemy & files) - stopped;
    let (mut mg, mut eg) = (0, 0);
    for i in 0..3 {
        // The third, fourth and fifth ranks from the king's side.
        let relative = i + 2;
        let rank = match color {
            Color::White => relative,
            Color::Black => 7 - relative,
        };
        let count = (storming & SquareSet::rank(Rank::ALL[rank])).len() as i32;
        mg += count * w.storm_mg[i];
        eg += count * w.storm_eg[i];
    }
    (mg, eg)
}

#[cfg(test)]
mod tests {
    use super::{Evaluator, WEIGHT_LIMIT, Weights, evaluate};
    use crate::Board0x88;
    use alloc::string::String;

    /// The FEN of the position with ranks flipped and colours swapped.
    fn mirror(fen: &str) -> String {
        let fields: alloc::vec::Vec<&str> = fen.split_whitespace().collect();
        let swap_case = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let placement: alloc::vec::Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| rank.chars().map(swap_case).collect())
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let castling: String = if fields[2] == "-" {
            String::from("-")
        } else {
            let mut c: alloc::vec::Vec<char> = fields[2].chars().map(swap_case).collect();
            c.sort_unstable();
            c.into_iter().collect()
        };
        let ep = if fields[3] == "-" {
            String::from("-")
        } else {
            let mut chars = fields[3].chars();
            let file = chars.next().unwrap_or('a');
            let rank = chars.next().unwrap_or('3');
            let flipped = if rank == '3' { '6' } else { '3' };
            alloc::format!("{file}{flipped}")
        };
        alloc::format!(
            "{} {side} {castling} {ep} {} {}",
            placement.join("/"),
            fields[4],
            fields[5]
        )
    }

    #[test]
    fn colour_symmetric() {
        let fens = [
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
            "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
            "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        ];
        for fen in fens {
            let board: Board0x88 = fen.parse().unwrap();
            let mirrored: Board0x88 = mirror(fen).parse().unwrap();
            assert_eq!(
                evaluate(&board),
                evaluate(&mirrored),
                "{fen} vs {}",
                mirror(fen)
            );
        }
    }

    /// The default weights with the newer terms at values of their own (restricted squares,
    /// whose default is 0, among them).
    fn newer_terms_set() -> Weights {
        let mut weights = Weights::DEFAULT;
        (weights.minor_behind_pawn_mg, weights.minor_behind_pawn_eg) = (7, 13);
        (weights.bishop_pawns_mg, weights.bishop_pawns_eg) = (-2, -6);
        (
            weights.long_diagonal_bishop_mg,
            weights.long_diagonal_bishop_eg,
        ) = (21, 6);
        (weights.threat_by_push_mg, weights.threat_by_push_eg) = (18, 12);
        (weights.pawnless_flank_mg, weights.pawnless_flank_eg) = (4, 51);
        (weights.weak_unopposed_mg, weights.weak_unopposed_eg) = (12, 4);
        (weights.restricted_mg, weights.restricted_eg) = (3, 1);
        weights.complexity_passed = 9;
        weights.complexity_pawns = 12;
        weights.complexity_outflanking = 9;
        weights.complexity_both_flanks = 21;
        weights.complexity_infiltration = 24;
        weights.complexity_pawns_only = 51;
        weights.complexity_unwinnable = -43;
        weights.complexity_base = -110;
        weights
    }

    /// A null move's child is evaluated from its parent's value
    /// ([`super::evaluate_after_null_move`]): exactly, over thousands of positions, under the
    /// default weights and under others.
    #[test]
    fn null_move_evaluation_follows_from_the_parents() {
        // A tempo of its own too, so that the default's cannot pass for every one.
        let mut weights = newer_terms_set();
        weights.tempo = 41;
        let other = Evaluator::new(&weights);
        let mut checked = 0;
        for board in crate::test_positions::suite_positions_and_children().take(3_000) {
            let mut passed = board;
            if passed.make_null_move().is_none() {
                continue;
            }
            assert_eq!(
                super::evaluate_after_null_move(evaluate(&board)),
                evaluate(&passed),
                "{board}"
            );
            assert_eq!(
                other.evaluate_after_null_move(other.evaluate(&board)),
                other.evaluate(&passed),
                "{board}"
            );
            checked += 1;
        }
        assert!(checked > 2_000, "{checked} positions not in check");
    }

    /// The same with the newer terms at values of their own (restricted squares, whose
    /// default is 0, among them), over thousands of positions: each term is worked out for
    /// both colours alike.
    #[test]
    fn colour_symmetric_with_the_newer_terms_set() {
        let evaluator = Evaluator::new(&newer_terms_set());
        for board in crate::test_positions::suite_positions_and_children().take(3_000) {
            let fen = alloc::format!("{board}");
            // Leniently, as the suites are read: one of them has an impossible double check.
            let options = crate::FenOptions {
                chess960: true,
                lenient: true,
            };
            let mirrored = Board0x88::from_fen_with(&mirror(&fen), options).expect(&fen);
            assert_eq!(
                evaluator.evaluate(&board),
                evaluator.evaluate(&mirrored),
                "{fen}"
            );
        }
    }

    /// The cache changes nothing: one cache over thousands of positions, twice, gives every
    /// position the uncached value. The first pass meets most pawn structures again (children
    /// keep their parent's pawns) and the second most positions. On a processor with
    /// `popcnt` this also compares the two copies of the code: the cached evaluation runs the
    /// one compiled for it, the uncached one the portable one.
    #[test]
    fn cached_evaluation_is_the_evaluation() {
        let mut cache = super::EvalCache::new();
        let mut positions = 0;
        for pass in 0..2 {
            for board in crate::test_positions::suite_positions_and_children() {
                assert_eq!(
                    super::evaluate_cached(&board, &mut cache),
                    evaluate(&board),
                    "{board} (pass {pass})"
                );
                positions += 1;
            }
        }
        assert!(positions > 8_000, "{positions}");
        cache.clear();
        let start = Board0x88::default();
        assert_eq!(super::evaluate_cached(&start, &mut cache), evaluate(&start));
    }

    /// An evaluator with weights of its own gets its own values through a cache, pawn terms
    /// included: every weight changed, so that any term taken from the default weights shows.
    #[test]
    fn cached_evaluation_of_other_weights_is_theirs() {
        let mut weights = Weights::DEFAULT;
        let mut step = 0;
        weights.for_each_mut(|_, values| {
            for value in values {
                step = (step + 7) % 23;
                *value += step - 11;
            }
        });
        let evaluator = Evaluator::new(&weights);
        let mut cache = super::EvalCache::new();
        let mut differs = 0;
        for pass in 0..2 {
            for board in crate::test_positions::suite_positions_and_children().step_by(2) {
                let value = evaluator.evaluate(&board);
                assert_eq!(
                    evaluator.evaluate_cached(&board, &mut cache),
                    value,
                    "{board} (pass {pass})"
                );
                differs += usize::from(value != evaluate(&board));
            }
        }
        assert!(differs > 1_000, "{differs}");
    }

    #[test]
    fn weights_are_walked_once_each_by_name() {
        let mut names = alloc::vec::Vec::new();
        let mut count = 0;
        Weights::DEFAULT.for_each(|name, values| {
            names.push(name);
            count += values.len();
        });
        // Material 12, piece-square 768, mobility 2 × (9 + 14 + 15 + 28), king attack 6 + 3,
        // safe checks 6, passed pawns 16 + 2, free passed pawns 16, connected pawns 16, pawn
        // storm 6, and 55 single numbers.
        assert_eq!(count, 1038);
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        // What `for_each_mut` changes, `for_each` and the struct see.
        let mut weights = Weights::DEFAULT;
        weights.for_each_mut(|name, values| {
            if name == "psqt_eg" {
                values[64 * 5 + 7] = 77; // the king's table, h8
            }
        });
        assert_eq!(weights.psqt_eg[5][7], 77);
    }

    #[test]
    fn default_evaluator_is_evaluate() {
        let evaluator = Evaluator::new(&Weights::DEFAULT);
        assert_eq!(evaluator.weights(), &Weights::DEFAULT, "nothing clamped");
        for board in crate::test_positions::suite_positions_and_children().take(2_000) {
            assert_eq!(evaluator.evaluate(&board), evaluate(&board), "{board}");
        }
    }

    /// Each weight is used: changing it changes the evaluation of some position.
    #[test]
    fn every_weight_counts() {
        let mut boards: alloc::vec::Vec<Board0x88> =
            crate::test_positions::suite_positions_and_children()
                .step_by(3)
                .take(3_000)
                .collect();
        // The suites have no knight or bishop on an outpost where the endgame weights show.
        for fen in [
            "4k3/p7/8/3N4/4P3/8/8/4K3 w - - 0 1",
            "4k3/p7/8/3B4/4P3/8/8/4K3 w - - 0 1",
            // Nor an endgame of bishops on squares of opposite colours.
            "4k3/pp3b2/8/8/8/8/PPP2B2/4K3 w - - 0 1",
            // Nor a bishop and knight against a lone king.
            "8/8/4k3/8/8/8/8/1NB1K3 w - - 0 1",
        ] {
            boards.push(fen.parse().unwrap());
        }
        let mut names = alloc::vec::Vec::new();
        Weights::DEFAULT.for_each(|name, _| names.push(name));
        for name in names {
            let changed = [0, 100].iter().any(|&new| {
                let mut weights = Weights::DEFAULT;
                weights.for_each_mut(|n, values| {
                    if n == name {
                        values.fill(new);
                    }
                });
                let evaluator = Evaluator::new(&weights);
                boards.iter().any(|b| evaluator.evaluate(b) != evaluate(b))
            });
            assert!(changed, "{name} changes no evaluation");
        }
    }

    /// With a king, bishop and knight against a lone king, the evaluation drives the lone
    /// king to a corner of the bishop's colour: only there is mate possible.
    #[test]
    fn bishop_and_knight_want_the_corner_of_the_bishops_colour() {
        let eval = |fen: &str| evaluate(&fen.parse::<Board0x88>().unwrap());
        // A dark-squared bishop (c1): a1 is a mating corner, a8 is not. Black to move, so
        // the values are Black's; the white king stands as far from each.
        let in_right_corner = eval("8/8/8/8/8/2K5/8/k1B1N3 b - - 0 1");
        let in_wrong_corner = eval("k7/8/2K5/8/8/8/8/2B1N3 b - - 0 1");
        let in_centre = eval("8/8/8/3k4/8/8/8/2BKN3 b - - 0 1");
        assert!(
            in_right_corner < in_wrong_corner - 200,
            "{in_right_corner} {in_wrong_corner}"
        );
        // (The king's table alone puts the corner about 110 below the centre.)
        assert!(
            in_right_corner < in_centre - 300,
            "{in_right_corner} {in_centre}"
        );
        // With colours reversed: Black's light-squared bishop (f1) wants h1 or a8, not a1.
        let mirrored_right = eval("6n1/8/8/8/8/5k2/8/5b1K w - - 0 1");
        let mirrored_wrong = eval("6n1/8/8/8/8/2k5/8/K4b2 w - - 0 1");
        assert!(
            mirrored_right < mirrored_wrong - 200,
            "{mirrored_right} {mirrored_wrong}"
        );
        // With a pawn more on the board the term is off: it is for the bare ending only.
        let weights = Weights {
            bishop_knight_corner: 0,
            bishop_knight_kings: 0,
            ..Weights::DEFAULT
        };
        let without = Evaluator::new(&weights);
        let with_pawn: Board0x88 = "8/8/8/8/8/2K5/4P3/k1B1N3 b - - 0 1".parse().unwrap();
        assert_eq!(without.evaluate(&with_pawn), evaluate(&with_pawn));
    }

    /// Weights far out of range are clamped, so that no sum overflows (a debug build would
    /// panic on one).
    #[test]
    fn extreme_weights_are_clamped() {
        // The suites' positions, and a bishop and knight against a lone king for that term.
        let boards = || {
            crate::test_positions::suite_positions_and_children()
                .take(1_000)
                .chain(core::iter::once(
                    "8/8/8/4k3/8/8/8/2K1NB2 w - - 0 1".parse().unwrap(),
                ))
        };
        for extreme in [i32::MAX, i32::MIN, -WEIGHT_LIMIT, WEIGHT_LIMIT] {
            let mut weights = Weights::DEFAULT;
            let mut flip = false;
            weights.for_each_mut(|_, values| {
                for value in values {
                    flip = !flip;
                    *value = if flip { extreme } else { extreme / 2 };
                }
            });
            let evaluator = Evaluator::new(&weights);
            evaluator.weights().for_each(|name, values| {
                assert!(values.iter().all(|v| v.abs() <= WEIGHT_LIMIT), "{name}");
            });
            for board in boards() {
                let _ = evaluator.evaluate(&board);
            }
            let mut uniform = Weights::DEFAULT;
            uniform.for_each_mut(|_, values| values.fill(extreme));
            let uniform = Evaluator::new(&uniform);
            for board in boards() {
                let _ = uniform.evaluate(&board);
            }
        }
    }

    /// A threat is an enemy piece attacked by a lesser one: a knight, bishop, rook or queen
    /// by a pawn, a rook or queen by a knight or bishop, a queen by a rook; kings and pawns
    /// are never its victims. With one threat weight at 64 in the middlegame and the endgame
    /// alike, the evaluation moves by 64 per threat of White less Black's (within the phase
    /// blend's rounding).
    #[test]
    fn threats_count_pieces_attacked_by_lesser_ones() {
        let with = |by_pawn: i32, by_minor: i32, by_rook: i32| {
            let mut weights = linear_defaults();
            (weights.threat_by_pawn_mg, weights.threat_by_pawn_eg) = (by_pawn, by_pawn);
            (weights.threat_by_minor_mg, weights.threat_by_minor_eg) = (by_minor, by_minor);
            (weights.threat_by_rook_mg, weights.threat_by_rook_eg) = (by_rook, by_rook);
            Evaluator::new(&weights)
        };
        let none = with(0, 0, 0);
        let one_each = [with(64, 0, 0), with(0, 64, 0), with(0, 0, 64)];
        // White to move; each side keeps a pawn, so that no pawnless scaling applies.
        let cases = [
            // The e4 pawn attacks the d5 knight.
            ("4k3/7p/8/3n4/4P3/8/P7/4K3 w - - 0 1", [1, 0, 0]),
            // The e3 knight attacks the d5 rook.
            ("4k3/7p/8/3r4/8/4N3/P7/4K3 w - - 0 1", [0, 1, 0]),
            // The d1 rook attacks the d5 queen; the queen attacking the rook is no threat.
            ("4k3/7p/8/3q4/8/8/P7/3RK3 w - - 0 1", [0, 0, 1]),
            // A pawn on each side attacks a piece: b5 the c6 knight, h7 the g6 bishop.
            ("3k4/7p/2n3B1/1P6/8/8/P7/4K3 w - - 0 1", [0, 0, 0]),
            // The e4 pawn attacks the king, c2 and d3 attack pawns: no threat.
            ("8/7p/8/3k4/4P3/3p4/P1P5/4K3 b - - 0 1", [0, 0, 0]),
            // The c4 bishop attacks the f7 rook (which hides the g8 queen from it), the f1
            // rook the f5 queen and the g4 pawn it too (Black to move: its side's view).
            ("6qk/5r2/8/5q2/2B3P1/8/P7/5RK1 b - - 0 1", [-1, -1, -1]),
        ];
        for (fen, threats) in cases {
            let board: Board0x88 = fen.parse().unwrap();
            let base = none.evaluate(&board);
            for (evaluator, count) in one_each.iter().zip(threats) {
                let moved = evaluator.evaluate(&board) - base;
                assert!(
                    (moved - 64 * count).abs() <= 1,
                    "{fen}: {moved} for {count}"
                );
            }
        }
    }

    /// A safe check is a square from which a piece would check the enemy king, that a piece
    /// of its kind attacks and no enemy defends; it adds to the attack on the king only
    /// when two pieces or more attack it.
    #[test]
    fn safe_checks_are_undefended_checking_squares() {
        let knight = crate::PieceKind::Knight.index();
        let (none, each) = without_and_with(40, |w, v| w.king_safe_check[knight] = v);
        let moved = |fen: &str| {
            let board: Board0x88 = fen.parse().unwrap();
            each.evaluate(&board) - none.evaluate(&board)
        };
        // The knight on d5 can check from e7; the queen and the rook attack the king.
        let attack = "6k1/5ppp/8/3N3Q/8/8/8/5RK1 w - - 0 1";
        assert!(moved(attack) > 0, "{}", moved(attack));
        // The same check by Black's knight, with Black to move, scores the same.
        let mirrored: Board0x88 = mirror(attack).parse().unwrap();
        assert_eq!(
            each.evaluate(&attack.parse().unwrap()),
            each.evaluate(&mirrored)
        );
        // A rook on e8 guards e7 (f6 and h6 are the g-pawn's): no safe check.
        assert_eq!(moved("4r1k1/5ppp/8/3N3Q/8/8/8/5RK1 w - - 0 1"), 0);
        // Without the rook, the queen alone attacks the king: no danger to add to.
        assert_eq!(moved("6k1/5ppp/8/3N3Q/8/8/8/6K1 w - - 0 1"), 0);
    }

    /// The endgame score is scaled only when the bishops are the sides' only pieces and
    /// stand on squares of opposite colours.
    #[test]
    fn opposite_bishops_scale_only_their_endgames() {
        // At 32 (half the endgame score) and at 64 (no scaling), whatever the default.
        let (_, scaled) = without_and_with(32, |w, v| w.opposite_bishops_scale = v);
        let (_, full) = without_and_with(64, |w, v| w.opposite_bishops_scale = v);
        let both = |fen: &str| {
            let board: Board0x88 = fen.parse().unwrap();
            (scaled.evaluate(&board), full.evaluate(&board))
        };
        // White's bishop on f2 (dark), Black's on f7 (light): White's extra pawn counts less,
        // and Black's as much less in the mirrored position.
        let ocb = "4k3/pp3b2/8/8/8/8/PPP2B2/4K3 w - - 0 1";
        let (less, more) = both(ocb);
        assert!(0 < less && less < more, "{less} {more}");
        assert_eq!(both(&mirror(ocb)), (less, more));
        for fen in [
            // Both bishops on dark squares.
            "4k3/pp2b3/8/8/8/8/PPP2B2/4K3 w - - 0 1",
            // A knight each besides.
            "4k1n1/pp3b2/8/8/8/8/PPP2B2/4KN2 w - - 0 1",
        ] {
            let (less, more) = both(fen);
            assert_eq!(less, more, "{fen}");
        }
    }

    /// A backward pawn has pawns of its own on a file beside it, all of them ahead of it, and
    /// an enemy pawn guards its square in front.
    #[test]
    fn backward_pawns_cannot_be_guarded_or_advance() {
        let (none, each) = without_and_with(40, |w, v| w.backward_eg = v);
        let moved = |fen: &str| {
            let board: Board0x88 = fen.parse().unwrap();
            each.evaluate(&board) - none.evaluate(&board)
        };
        // d3 behind c4 and e4, its way forward guarded by c5 (which is isolated, so not
        // backward though d3 guards its square in front).
        let backward = "4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1";
        assert!(moved(backward) < 0, "{}", moved(backward));
        // Black's backward pawn, Black to move, costs the same.
        let mirrored: Board0x88 = mirror(backward).parse().unwrap();
        assert_eq!(
            each.evaluate(&backward.parse().unwrap()),
            each.evaluate(&mirrored)
        );
        for fen in [
            // Nothing guards d4: d3 may advance.
            "4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1",
            // e3 stands level with d3, so it can advance with support: none is backward.
            "4k3/8/8/2p5/2P5/3PP3/8/4K3 w - - 0 1",
            // d3 alone on its files is isolated, not backward.
            "4k3/8/8/2p5/8/3P4/8/4K3 w - - 0 1",
        ] {
            assert_eq!(moved(fen), 0, "{fen}");
        }
    }

    /// The default weights without the endgame's complexity, for tests that move one term by
    /// its weight: the complexity is not linear in the endgame score (it may stop it at 0), so
    /// with it a term would not move the score by its weight.
    fn linear_defaults() -> Weights {
        let mut weights = Weights::DEFAULT;
        weights.for_each_mut(|name, values| {
            if name.starts_with("complexity_") {
                values.fill(0);
            }
        });
        weights
    }

    /// Two evaluators that differ from [`linear_defaults`] in one term only, which `set`
    /// gives the value 0 in the first and `value` in the second.
    fn without_and_with(value: i32, set: impl Fn(&mut Weights, i32)) -> (Evaluator, Evaluator) {
        let build = |v| {
            let mut weights = linear_defaults();
            set(&mut weights, v);
            Evaluator::new(&weights)
        };
        (build(0), build(value))
    }

    /// Checks that in each `(fen, count)` case the evaluation under `each` (a term weighted
    /// 64) exceeds the one under `none` (the term at 0) by 64 × `count`, within a centipawn
    /// of rounding: the side to move's instances of the term less the other side's.
    fn assert_moves_by_64(none: &Evaluator, each: &Evaluator, cases: &[(&str, i32)]) {
        for &(fen, count) in cases {
            let board: Board0x88 = fen.parse().unwrap();
            let moved = each.evaluate(&board) - none.evaluate(&board);
            assert!(
                (moved - 64 * count).abs() <= 1,
                "{fen}: {moved} for {count}"
            );
        }
    }

    /// Mobility is read from each kind's table at the number of squares the piece reaches:
    /// not those its own side holds, nor those an enemy pawn guards. With one entry of a
    /// table raised by 64, the evaluation moves by 64 per piece of the side to move with
    /// that count, less the other side's.
    #[test]
    fn mobility_goes_by_the_count_of_reached_squares() {
        /// The middlegame and endgame entries of one kind's table at one count.
        type Entry = fn(&mut Weights) -> [&mut i32; 2];
        let cases: [(Entry, &[(&str, i32)]); 5] = [
            // A knight on d4 reaches all eight of its squares. (Each side has a pawn: a lead
            // of a knight without pawns has its endgame scaled by `pawnless_scale`.)
            (
                |w| [&mut w.mobility_knight_mg[8], &mut w.mobility_knight_eg[8]],
                &[
                    ("4k3/7p/8/8/3N4/8/P7/4K3 w - - 0 1", 1),
                    // Black to move: the white knight counts against it.
                    ("4k3/7p/8/8/3N4/8/P7/4K3 b - - 0 1", -1),
                    // Its own pawn on e6 and the black pawn guarding c6 (from d7) take two.
                    ("4k3/3p4/4P3/8/3N4/8/8/4K3 w - - 0 1", 0),
                ],
            ),
            (
                |w| [&mut w.mobility_knight_mg[6], &mut w.mobility_knight_eg[6]],
                &[("4k3/3p4/4P3/8/3N4/8/8/4K3 w - - 0 1", 1)],
            ),
            // A bishop on d4 with nothing on its diagonals reaches 13.
            (
                |w| [&mut w.mobility_bishop_mg[13], &mut w.mobility_bishop_eg[13]],
                &[("4k3/7p/8/8/3B4/8/P7/4K3 w - - 0 1", 1)],
            ),
            // A rook in a corner of an empty board reaches 14.
            (
                |w| [&mut w.mobility_rook_mg[14], &mut w.mobility_rook_eg[14]],
                &[("7k/8/8/8/8/8/7K/R7 b - - 0 1", -1)],
            ),
            // A queen alone in the middle of the board reaches 27.
            (
                |w| [&mut w.mobility_queen_mg[27], &mut w.mobility_queen_eg[27]],
                &[("k7/8/8/8/3Q4/8/8/7K w - - 0 1", 1)],
            ),
        ];
        let none = Evaluator::new(&linear_defaults());
        for (entry, positions) in cases {
            let mut weights = linear_defaults();
            for value in entry(&mut weights) {
                *value += 64;
            }
            assert_moves_by_64(&none, &Evaluator::new(&weights), positions);
        }
    }

    /// A connected pawn is one that a pawn of its own guards or stands beside on its rank;
    /// an enemy pawn's guard and a pawn on the far edge of the next rank (beside it in square
    /// numbering only) do not count. With the connected weights at 64 for every rank, the
    /// evaluation moves by 64 per connected pawn of the side to move less the other side's.
    #[test]
    fn connected_pawns_are_guarded_or_side_by_side() {
        let (none, each) = without_and_with(64, |w, v| {
            w.connected_mg = [v; 8];
            w.connected_eg = [v; 8];
        });
        let cases = [
            // d3 guards e4; nothing guards d3 or stands beside it.
            ("4k3/7p/8/8/4P3/3P4/8/4K3 w - - 0 1", 1),
            // d4 and e4 side by side: each is connected.
            ("4k3/7p/8/8/3PP3/8/8/4K3 w - - 0 1", 2),
            // A chain of three, b2 c3 d4: c3 and d4 are guarded, b2 is not.
            ("4k3/7p/8/8/3P4/2P5/1P6/4K3 w - - 0 1", 2),
            // h3 and a4, a3 and h2: neighbours in square numbering, not on the board.
            ("4k3/7p/8/8/P7/P6P/7P/4K3 w - - 0 1", 0),
            // e4 and d5 guard each other's square, but each is the other side's pawn.
            ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 0),
            // Black's e6 guards d5 (Black to move: its side's view), White's a2 is alone.
            ("4k3/8/4p3/3p4/8/8/P7/4K3 b - - 0 1", 1),
            // The same from White's side.
            ("4k3/8/4p3/3p4/8/8/P7/4K3 w - - 0 1", -1),
        ];
        assert_moves_by_64(&none, &each, &cases);
    }

    /// Enemy pawns storm a king on its first two ranks from its file and those beside it, on
    /// its side's third to fifth rank, unless an own pawn right in front stops them. With the
    /// storm weights at 64, the evaluation moves by 64 per storming pawn against the other
    /// side's king less those against the side to move's.
    #[test]
    fn storming_pawns_near_the_king_on_its_third_to_fifth_rank() {
        let (none, each) = without_and_with(64, |w, v| {
            w.storm_mg = [v; 3];
            w.storm_eg = [v; 3];
        });
        let cases = [
            // Black's g4 and h5 storm the g1 king; White to move, so they count against it.
            ("4k3/8/8/7p/6p1/8/5PP1/6K1 w - - 0 1", -2),
            // g4 with White's g3 right in front is stopped; h5 still storms.
            ("4k3/8/8/7p/6p1/6P1/5P2/6K1 w - - 0 1", -1),
            // On the sixth rank, or two files away, no storm.
            ("4k3/8/6p1/8/8/8/8/6K1 w - - 0 1", 0),
            ("4k3/8/8/8/4p3/8/8/6K1 w - - 0 1", 0),
            // Nor across the board's edge: the h1 king's files are g and h only.
            ("4k3/8/8/8/p7/8/8/7K w - - 0 1", 0),
            // A king off its first two ranks is left to the shield's penalty.
            ("4k3/8/8/8/6p1/6K1/8/8 w - - 0 1", 0),
            // White's b5 storms the b8 king (Black's fourth rank from its side), and the
            // same from the other side; with Black's b6 in front of it, it is stopped.
            ("1k6/8/8/1P6/8/8/8/4K3 w - - 0 1", 1),
            ("1k6/8/8/1P6/8/8/8/4K3 b - - 0 1", -1),
            ("1k6/8/1p6/1P6/8/8/8/4K3 w - - 0 1", 0),
        ];
        assert_moves_by_64(&none, &each, &cases);
    }

    /// The storm's middlegame weights go by the storming pawn's rank: with all the pieces on
    /// the board (a middlegame by the phase), a pawn on the king's third, fourth or fifth
    /// rank costs the first, second or third weight, whatever the endgame weights.
    #[test]
    fn storm_weights_go_by_rank_in_the_middlegame() {
        let (none, each) = without_and_with(1, |w, v| {
            w.storm_mg = [64 * v, 128 * v, 192 * v];
            w.storm_eg = [1000 * v; 3];
        });
        // Every piece on the board; one black pawn on g3, g4 or g5 against the g1 king
        // (White to move), its own g-pawn gone so that nothing stops it.
        for (fen, cost) in [
            (
                "rnbqkbnr/pppppp1p/8/8/8/3B1Np1/PPPPPP1P/RNBQ1RK1 w kq - 0 1",
                64,
            ),
            (
                "rnbqkbnr/pppppp1p/8/8/6p1/3B1N2/PPPPPP1P/RNBQ1RK1 w kq - 0 1",
                128,
            ),
            (
                "rnbqkbnr/pppppp1p/8/6p1/8/3B1N2/PPPPPP1P/RNBQ1RK1 w kq - 0 1",
                192,
            ),
        ] {
            let board: Board0x88 = fen.parse().unwrap();
            assert_eq!(none.evaluate(&board) - each.evaluate(&board), cost, "{fen}");
        }
    }

    /// An outpost is a square on the side's fourth to sixth rank that a pawn of its own
    /// guards and no enemy pawn can ever attack. With the outpost weights at 64, the
    /// evaluation moves by 64 per knight or bishop on one, the side to move's less the
    /// other's.
    #[test]
    fn outposts_are_guarded_and_beyond_enemy_pawns() {
        let (none, each) = without_and_with(64, |w, v| {
            w.outpost_knight_mg = v;
            w.outpost_knight_eg = v;
            w.outpost_bishop_mg = v;
            w.outpost_bishop_eg = v;
        });
        let cases = [
            // e4 guards the d5 knight; a7 is too far to ever attack d5.
            ("4k3/p7/8/3N4/4P3/8/8/4K3 w - - 0 1", 1),
            // The same with a bishop.
            ("4k3/p7/8/3B4/4P3/8/8/4K3 w - - 0 1", 1),
            // c7 can attack d5 once it reaches c6.
            ("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", 0),
            // c5 stands beside d5 and can never attack it; e6 attacks d5 now.
            ("4k3/8/8/2pN4/4P3/8/8/4K3 w - - 0 1", 1),
            ("4k3/8/4p3/3N4/4P3/8/8/4K3 w - - 0 1", 0),
            // Unguarded, or on the third or seventh rank: no outpost.
            ("4k3/p7/8/3N4/8/8/8/4K3 w - - 0 1", 0),
            ("4k3/p7/8/8/8/3N4/4P3/4K3 w - - 0 1", 0),
            ("4k3/p2N4/4P3/8/8/8/8/4K3 w - - 0 1", 0),
            // Black's knight on e4, guarded by d5, beyond White's h2 (Black to move: its
            // side's view), and the same from White's side.
            ("4k3/8/8/3p4/4n3/8/7P/4K3 b - - 0 1", 1),
            ("4k3/8/8/3p4/4n3/8/7P/4K3 w - - 0 1", -1),
        ];
        assert_moves_by_64(&none, &each, &cases);
    }

    /// A passed pawn's way is free when no enemy piece stands on the squares in front of it
    /// and the enemy attacks none of them; with only the square in front free and unattacked
    /// it earns half. With the free-path weights at 128 for every rank, the evaluation moves
    /// by 128 per free passed pawn of the side to move and 64 per half-free one, less the
    /// other side's.
    #[test]
    fn free_passed_pawns_have_an_uncontested_way() {
        let (none, each) = without_and_with(128, |w, v| {
            w.passed_free_mg = [v; 8];
            w.passed_free_eg = [v; 8];
        });
        // The counts are in halves: 2 for a free pawn, 1 for a half-free one.
        let cases = [
            // a4 and h7 both run free: the kings are far from their ways.
            ("4k3/7p/8/8/P7/8/8/4K3 w - - 0 1", 0),
            // The g1 king guards h2 and h1, but h6 in front of the black pawn is free: half.
            ("4k3/7p/8/8/P7/8/8/6K1 w - - 0 1", 1),
            // The same from Black's side.
            ("4k3/7p/8/8/P7/8/8/6K1 b - - 0 1", -1),
            // The a8 rook stands on a4's way and attacks a5 in front of it: nothing.
            ("r3k3/7p/8/8/P7/8/8/4K3 w - - 0 1", -2),
            // The b6 knight attacks a8 but not a5: half.
            ("4k3/7p/1n6/8/P7/8/8/4K3 w - - 0 1", -1),
            // h7 is not passed past the g6 pawn; a4 runs free.
            ("4k3/7p/6P1/8/P7/8/8/4K3 w - - 0 1", 2),
        ];
        assert_moves_by_64(&none, &each, &cases);
    }

    /// A hanging pawn or piece is one the other side attacks (with a pawn, a piece or its
    /// king) and its own side does not defend; kings are never hanging. With the hanging
    /// weights at 64, the evaluation moves by 64 per enemy pawn or piece hanging to the side
    /// to move less its own hanging to the other side.
    #[test]
    fn hanging_pieces_are_attacked_and_undefended() {
        let (none, each) = without_and_with(64, |w, v| {
            w.hanging_mg = v;
            w.hanging_eg = v;
        });
        let cases = [
            // The d1 rook attacks the d5 knight, which nothing defends.
            ("4k3/7p/8/3n4/8/8/P7/3RK3 w - - 0 1", 1),
            // The same from Black's side.
            ("4k3/7p/8/3n4/8/8/P7/3RK3 b - - 0 1", -1),
            // The e6 pawn defends it, or the d8 queen does through d7 and d6.
            ("4k3/7p/4p3/3n4/8/8/P7/3RK3 w - - 0 1", 0),
            ("3qk3/7p/8/3n4/8/8/P7/3RK3 w - - 0 1", 0),
            // The e4 pawn attacks it.
            ("4k3/7p/8/3n4/4P3/8/P7/4K3 w - - 0 1", 1),
            // The rook gives check: the king is not a hanging piece.
            ("3k4/7p/8/8/8/8/P7/3RK3 b - - 0 1", 0),
            // The h1 rook attacks the h7 pawn; with the king on g8 defending it, nothing hangs.
            ("4k3/7p/8/8/8/8/P7/4K2R w - - 0 1", 1),
            ("6k1/7p/8/8/8/8/P7/4K2R w - - 0 1", 0),
            // The knight attacks the c3 pawn, which nothing defends, as the rook attacks the
            // knight: one each.
            ("4k3/7p/8/3n4/8/2P5/P7/3RK3 w - - 0 1", 0),
        ];
        assert_moves_by_64(&none, &each, &cases);
    }

    /// A knight or bishop counts as behind a pawn when a pawn of either side stands on the
    /// square in front of it, as its side sees forward.
    #[test]
    fn minors_behind_a_pawn_have_it_on_the_square_in_front() {
        let (none, each) = without_and_with(64, |w, v| {
            (w.minor_behind_pawn_mg, w.minor_behind_pawn_eg) = (v, v);
        });
        assert_moves_by_64(
            &none,
            &each,
            &[
                // The d3 knight behind its own d4 pawn.
                ("4k3/7p/8/8/3P4/3N4/P7/4K3 w - - 0 1", 1),
                // The d4 bishop behind the enemy's d5 pawn.
                ("4k3/7p/8/3p4/3B4/8/P7/4K3 w - - 0 1", 1),
                // Black's d7 knight behind its d6 pawn: forward is down for Black.
                ("4k3/3n4/3p4/8/8/8/P7/4K3 w - - 0 1", -1),
                // A pawn behind the knight, and a rook behind a pawn, do not count.
                ("4k3/7p/8/8/3N4/3P4/P7/4K3 w - - 0 1", 0),
                ("4k3/7p/8/8/3P4/3R4/P7/4K3 w - - 0 1", 0),
            ],
        );
    }

    /// Each bishop counts the pawns of its own side on squares of its colour.
    #[test]
    fn bishop_pawns_are_own_pawns_on_the_bishops_colour() {
        let (none, each) = without_and_with(64, |w, v| {
            (w.bishop_pawns_mg, w.bishop_pawns_eg) = (v, v);
        });
        assert_moves_by_64(
            &none,
            &each,
            &[
                // The dark c1 bishop and the dark b2 pawn (a2 is light).
                ("4k3/7p/8/8/8/8/PP6/2B1K3 w - - 0 1", 1),
                // With the light f1 bishop too, a2 counts for it.
                ("4k3/7p/8/8/8/8/PP6/2B1KB2 w - - 0 1", 2),
                // Black's dark f8 bishop and its dark g7 pawn (h7 is light); White's a2
                // pawn has no bishop.
                ("4kb2/6pp/8/8/8/8/P7/4K3 w - - 0 1", -1),
            ],
        );
    }

    /// A bishop on a long diagonal counts when it sees both centre squares on it, through
    /// pieces but not through pawns.
    #[test]
    fn long_diagonal_bishops_see_both_centre_squares() {
        let (none, each) = without_and_with(64, |w, v| {
            (w.long_diagonal_bishop_mg, w.long_diagonal_bishop_eg) = (v, v);
        });
        assert_moves_by_64(
            &none,
            &each,
            &[
                // From b2 the bishop sees d4 and e5; from g2, on the other long diagonal,
                // e4 and d5.
                ("4k3/7p/8/8/8/8/PB6/4K3 w - - 0 1", 1),
                ("4k3/7p/8/8/8/8/P5B1/4K3 w - - 0 1", 1),
                // A pawn on c3 blocks it.
                ("4k3/7p/8/8/8/2P5/1B6/4K3 w - - 0 1", 0),
                // A pawn on e5 is the last square it sees: still both.
                ("4k3/7p/8/4p3/8/8/1B5P/4K3 w - - 0 1", 1),
                // A knight on d4 does not block it.
                ("4k3/7p/8/8/3n4/8/1B5P/4K3 w - - 0 1", 1),
                // On d4 itself it sees only e5 of the centre.
                ("4k3/7p/8/8/3B4/8/P7/4K3 w - - 0 1", 0),
                // Black's g7 bishop sees e5 and d4.
                ("4k3/6bp/8/8/8/8/P7/4K3 w - - 0 1", -1),
            ],
        );
    }

    /// A safe pawn push (one square, or two from the second rank, to a square no enemy
    /// pawn guards, and that either the enemy does not attack or the side defends)
    /// threatens the enemy pieces it would attack, the king included.
    #[test]
    fn pawn_pushes_threaten_pieces_when_safe() {
        let (none, each) = without_and_with(64, |w, v| {
            (w.threat_by_push_mg, w.threat_by_push_eg) = (v, v);
        });
        assert_moves_by_64(
            &none,
            &each,
            &[
                // d3-d4 would attack the c5 knight.
                ("4k3/7p/8/2n5/8/3P4/P7/4K3 w - - 0 1", 1),
                // Not when the d8 rook attacks d4 and nothing defends it...
                ("3rk3/7p/8/2n5/8/3P4/P7/4K3 w - - 0 1", 0),
                // ...but when the f3 knight defends it.
                ("3rk3/7p/8/2n5/8/3P1N2/P7/4K3 w - - 0 1", 1),
                // An enemy pawn guarding d4 makes it unsafe, defended or not (here by the b3
                // knight; Black's e5-e4 is as unsafe, with the d3 pawn guarding e4).
                ("4k3/7p/8/2n1p3/8/1N1P4/P7/4K3 w - - 0 1", 0),
                // A push onto a piece, or two squares through one, is no push.
                ("4k3/7p/8/2n5/3b4/3P4/P7/4K3 w - - 0 1", 0),
                ("4k3/7p/8/4n3/8/3N4/3P4/4K3 w - - 0 1", 0),
                // d2-d4, two squares, would attack the e5 knight (d3 empty).
                ("4k3/7p/8/4n3/8/8/3P4/4K3 w - - 0 1", 1),
                // From the third rank, one square only: d3-d5 would attack the c6 knight.
                ("4k3/7p/2n5/8/8/3P4/8/4K3 w - - 0 1", 0),
                // Black's d7-d6 would attack the c5 knight, d7-d5 the e4 knight.
                ("4k3/3p4/8/2N5/8/8/P7/4K3 w - - 0 1", -1),
                ("4k3/3p4/8/8/4N3/8/P7/4K3 w - - 0 1", -1),
                // e2-e4 would attack the king on f5; the c3 knight defends e4.
                ("8/7p/8/5k2/8/2N5/4P3/4K3 w - - 0 1", 1),
            ],
        );
    }

    /// A king on a flank with no pawn of either side pays the flank's cost, once per king.
    #[test]
    fn kings_on_a_flank_without_pawns_pay_for_it() {
        let (none, each) = without_and_with(64, |w, v| {
            (w.pawnless_flank_mg, w.pawnless_flank_eg) = (v, v);
        });
        assert_moves_by_64(
            &none,
            &each,
            &[
                // The g1 king's flank, e to h, has no pawn; the b8 king's, a to d, has four.
                ("1k6/pp6/8/8/8/8/PP6/6K1 w - - 0 1", -1),
                // The g8 king's flank has none: Black pays.
                ("6k1/8/8/8/8/8/PP6/1K6 w - - 0 1", 1),
                // An enemy pawn on the flank shelters the king as well as an own one.
                ("6k1/8/8/8/8/8/PP4pp/1K6 w - - 0 1", 0),
                // On d1 the flank is c to f; on h1 f to h (e2 is off it, f2 on it).
                ("k7/p7/8/8/8/8/7P/3K4 w - - 0 1", -1),
                ("k7/p7/8/8/8/8/4P3/7K w - - 0 1", -1),
                ("k7/p7/8/8/8/8/5P2/7K w - - 0 1", 0),
            ],
        );
    }

    /// An isolated or backward pawn with no enemy pawn in front of it on its file pays the
    /// weak unopposed pawn's cost, besides its own.
    #[test]
    fn weak_unopposed_pawns_have_no_enemy_pawn_in_front() {
        let (none, each) = without_and_with(64, |w, v| {
            (w.weak_unopposed_mg, w.weak_unopposed_eg) = (v, v);
        });
        assert_moves_by_64(
            &none,
            &each,
            &[
                // The isolated h2 pawn; a2 and a7 are isolated too, but face each other.
                ("4k3/p7/8/8/8/8/P6P/4K3 w - - 0 1", -1),
                // The isolated a2 pawn faces a7, which is not weak.
                ("4k3/pp6/8/8/8/8/P7/4K3 w - - 0 1", 0),
                // The backward e3 pawn (f5 guards e4, and no own pawn can guard e3); the
                // black f5 and g6 pawns are neither isolated nor backward.
                ("4k3/8/6p1/5p2/3P4/4P3/8/4K3 w - - 0 1", -1),
                // With a black e6 pawn in front of it, e3 is opposed (and e6, backward too,
                // is opposed by e3).
                ("4k3/8/4p1p1/5p2/3P4/4P3/8/4K3 w - - 0 1", 0),
            ],
        );
    }

    /// A square both sides attack restricts the enemy unless the enemy holds it strongly:
    /// with a pawn, or with two or more kinds of pieces where the side attacks with one.
    #[test]
    fn restricted_squares_are_contested_and_not_held_strongly() {
        let (none, each) = without_and_with(64, |w, v| {
            (w.restricted_mg, w.restricted_eg) = (v, v);
        });
        assert_moves_by_64(
            &none,
            &each,
            &[
                // The rooks contest d2 to d7 alike: 6 each. (The pawn on h4, away from it
                // all, keeps a lead without pawns from scaling the endgame score down.)
                ("3r3k/8/8/8/7P/8/8/K2R4 w - - 0 1", 0),
                // The knight on b3 doubles White's hold on d2 and d4: Black restricts 4.
                ("3r3k/8/8/8/7P/1N6/8/K2R4 w - - 0 1", 2),
                // The pawn on e6 guards d5: White restricts 5.
                ("3r3k/8/4p3/8/7P/1N6/8/K2R4 w - - 0 1", 1),
                // The knight on c6 doubles Black's hold on d4, which is then strong for
                // neither side: White restricts 8 (a5 and d2 to d8), Black 7.
                ("3r3k/8/2n5/8/7P/1N6/8/K2R4 w - - 0 1", 1),
                // A pawn on e5 guards d4 for Black: White restricts 7 as well.
                ("3r3k/8/2n5/4p3/7P/1N6/8/K2R4 w - - 0 1", 0),
                // The pawn on c3 guards b2 (beside the White king) and d2: White restricts 5
                // (d3 to d7), Black 7 (b2 and d2 to d7).
                ("3r3k/8/8/8/7P/2p5/8/K2R4 w - - 0 1", -2),
            ],
        );
    }

    /// Each complexity feature, with its weight at 64 and the others at 0, moves the
    /// endgame score of these pawn endings (no piece, so the endgame score is the whole
    /// evaluation) by 64 per unit away from 0: up when White is ahead, down when Black is.
    #[test]
    fn complexity_moves_the_endgame_score_away_from_0() {
        type Set = fn(&mut Weights, i32);
        let features: [(Set, &[(&str, i32)]); 7] = [
            (
                |w, v| w.complexity_pawns = v,
                &[
                    ("4k3/8/8/8/8/8/4PP2/4K3 w - - 0 1", 2),
                    // Black is ahead: the score goes further below 0.
                    ("4k3/4pp2/8/8/8/8/8/4K3 w - - 0 1", -2),
                ],
            ),
            (
                |w, v| w.complexity_passed = v,
                &[
                    ("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", 2),
                    // b7 stops both White pawns, and they stop it.
                    ("4k3/1p6/8/8/8/8/PP6/4K3 w - - 0 1", 0),
                    // Black's passed pawns count the same.
                    ("4k3/pp6/8/8/8/8/8/4K3 w - - 0 1", -2),
                ],
            ),
            (
                |w, v| w.complexity_outflanking = v,
                &[
                    // Kings on a1 and h3: 7 files apart, 2 ranks.
                    ("8/8/8/8/8/7k/1P6/K7 w - - 0 1", 5),
                    // Kings on e1 and e3: the same file, 2 ranks apart.
                    ("8/8/8/8/8/4k3/PP6/4K3 w - - 0 1", -2),
                ],
            ),
            (
                |w, v| w.complexity_both_flanks = v,
                &[
                    ("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1", 1),
                    ("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", 0),
                ],
            ),
            (
                |w, v| w.complexity_infiltration = v,
                &[
                    // The Black king on its side's sixth rank, then on its fifth (h4) and its
                    // fourth (h5); the White king on its fifth (e5) and its fourth (e4).
                    ("8/8/8/8/8/7k/1P6/K7 w - - 0 1", 1),
                    ("7k/8/8/8/8/8/1P6/K7 w - - 0 1", 0),
                    ("8/8/8/8/7k/8/1P6/K7 w - - 0 1", 1),
                    ("8/8/8/7k/8/8/1P6/K7 w - - 0 1", 0),
                    ("7k/8/8/4K3/8/8/1P6/8 w - - 0 1", 1),
                    ("7k/8/8/8/4K3/8/1P6/8 w - - 0 1", 0),
                ],
            ),
            (
                |w, v| w.complexity_pawns_only = v,
                &[("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", 1)],
            ),
            (
                |w, v| w.complexity_unwinnable = v,
                &[
                    // The kings face each other on the e-file; the pawns on one flank, then both.
                    ("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1", 1),
                    ("4k3/8/8/8/8/8/P6P/4K3 w - - 0 1", 0),
                ],
            ),
        ];
        for (set, cases) in features {
            let (none, each) = without_and_with(64, set);
            assert_moves_by_64(&none, &each, cases);
        }
        // With pieces on the board the feature is 0: the knights' ending is no pawn ending.
        let (none, each) = without_and_with(64, |w, v| w.complexity_pawns_only = v);
        assert_moves_by_64(&none, &each, &[("1n2k3/8/8/8/8/8/PP6/1N2K3 w - - 0 1", 0)]);
    }

    /// A negative complexity moves the endgame score towards 0, and at most to 0: it never
    /// changes which side is ahead.
    #[test]
    fn negative_complexity_stops_at_0() {
        let (none, each) = without_and_with(-64, |w, v| w.complexity_base = v);
        // Two pawns up: the score comes 64 nearer 0, whichever side is ahead.
        assert_moves_by_64(
            &none,
            &each,
            &[
                ("4k3/8/8/8/8/8/4PP2/4K3 w - - 0 1", -1),
                ("4k3/4pp2/8/8/8/8/8/4K3 w - - 0 1", 1),
            ],
        );
        let mut weights = Weights::DEFAULT;
        weights.complexity_base = -WEIGHT_LIMIT;
        let drawish = Evaluator::new(&weights);
        for fen in [
            "4k3/8/8/8/8/8/4PP2/4K3 w - - 0 1",
            "4k3/4pp2/8/8/8/8/8/4K3 b - - 0 1",
        ] {
            let board: Board0x88 = fen.parse().unwrap();
            // Only the side to move's tempo is left.
            assert_eq!(drawish.evaluate(&board), weights.tempo, "{fen}");
        }
    }

    #[test]
    fn material_counts() {
        let start = evaluate(&Board0x88::default());
        let no_knight: Board0x88 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"
            .parse()
            .unwrap();
        assert!(evaluate(&no_knight) < start - 200);
        // Bare kings and a lone minor piece are nearly equal.
        let lone_bishop: Board0x88 = "4k3/8/8/8/8/8/8/4KB2 w - - 0 1".parse().unwrap();
        assert!(evaluate(&lone_bishop).abs() < 80);
    }
}
