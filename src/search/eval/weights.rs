//! The evaluation's weights in one table: every number the evaluation adds or multiplies,
//! with its default, so that a tuner can read and change them all without editing code.
//!
//! [`Weights`] holds them; [`Weights::DEFAULT`] is what [`evaluate`](super::evaluate) and the
//! search use. [`Weights::for_each`] and [`Weights::for_each_mut`] walk them in a fixed order
//! as flat slices under their names, which is all a tuner (Texel's method: change a weight,
//! keep it if the evaluation then predicts the game results better) needs;
//! [`Evaluator`](super::Evaluator) evaluates with any set of them.
//!
//! Every per-kind array is indexed by [`PieceKind::index`](crate::PieceKind::index) (pawn,
//! knight, bishop, rook, queen, king). Values are centipawns; most come in a middlegame and
//! an endgame version, blended by the game phase.

/// A weight's values as one slice, whatever its shape.
trait Flat {
    fn flat(&self) -> &[i32];
    fn flat_mut(&mut self) -> &mut [i32];
}

impl Flat for i32 {
    fn flat(&self) -> &[i32] {
        core::slice::from_ref(self)
    }
    fn flat_mut(&mut self) -> &mut [i32] {
        core::slice::from_mut(self)
    }
}

impl<const N: usize> Flat for [i32; N] {
    fn flat(&self) -> &[i32] {
        self
    }
    fn flat_mut(&mut self) -> &mut [i32] {
        self
    }
}

impl<const N: usize, const M: usize> Flat for [[i32; N]; M] {
    fn flat(&self) -> &[i32] {
        self.as_flattened()
    }
    fn flat_mut(&mut self) -> &mut [i32] {
        self.as_flattened_mut()
    }
}

/// Declares [`Weights`] from one list of fields (docs, name, type, default), so that the
/// struct, its default and its walk in name order cannot disagree.
macro_rules! weights {
    ($($(#[doc = $doc:literal])* $name:ident: $ty:ty = $default:expr,)*) => {
        /// The weights of the evaluation (see the [module](self) docs). Build a set from
        /// [`Weights::DEFAULT`] and change what you like; [`Evaluator::new`](super::Evaluator::new)
        /// evaluates with it.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[doc = $doc])* pub $name: $ty,)*
        }

        impl Weights {
            /// The weights the search uses.
            pub const DEFAULT: Weights = Weights {
                $($name: $default,)*
            };

            /// Calls `f` with each weight's name and values (one value for a single number;
            /// tables row by row), always in the same order.
            pub fn for_each(&self, mut f: impl FnMut(&'static str, &[i32])) {
                $(f(stringify!($name), Flat::flat(&self.$name));)*
            }

            /// Calls `f` with each weight's name and values to change, as
            /// [`Weights::for_each`] does.
            pub fn for_each_mut(&mut self, mut f: impl FnMut(&'static str, &mut [i32])) {
                $(f(stringify!($name), Flat::flat_mut(&mut self.$name));)*
            }
        }
    };
}

weights! {
    /// Material by kind, middlegame (the king's is unused).
    material_mg: [i32; 6] = [80, 341, 360, 446, 1131, 0],
    /// Material by kind, endgame.
    material_eg: [i32; 6] = [89, 328, 339, 582, 1021, 0],
    /// Piece-square bonuses by kind, middlegame, as seen by White and written rank 8 first
    /// (as a board diagram reads; Black's are the mirror image).
    psqt_mg: [[i32; 64]; 6] = [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG],
    /// Piece-square bonuses by kind, endgame.
    psqt_eg: [[i32; 64]; 6] = [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG],
    /// Mobility of a knight by the number of squares it reaches (0 to 8), middlegame. A
    /// reached square is one the piece attacks that its own side does not hold and no enemy
    /// pawn guards. One value per count, so that the curve may bend: a piece with almost no
    /// squares may be worth much less than one with a few.
    mobility_knight_mg: [i32; 9] = [-41, -24, -10, -3, 3, 8, 14, 19, 18],
    /// The same, endgame.
    mobility_knight_eg: [i32; 9] = [-28, -21, -8, 2, 10, 13, 8, 5, 4],
    /// Mobility of a bishop by the number of squares it reaches (0 to 13), middlegame.
    mobility_bishop_mg: [i32; 14] = [-50, -33, -22, -13, -5, -1, 2, 8, 18, 11, 25, 22, 34, 40],
    /// The same, endgame.
    mobility_bishop_eg: [i32; 14] = [-45, -21, -13, 0, 5, 13, 16, 22, 20, 21, 17, 19, 9, 25],
    /// Mobility of a rook by the number of squares it reaches (0 to 14), middlegame.
    mobility_rook_mg: [i32; 15] = [-46, -25, -19, -11, -8, -5, 0, 5, 6, 11, 19, 24, 26, 32, 43],
    /// The same, endgame.
    mobility_rook_eg: [i32; 15] = [-34, -23, -10, -8, -1, 2, 8, 9, 16, 21, 22, 24, 28, 19, 18],
    /// Mobility of a queen by the number of squares it reaches (0 to 27), middlegame.
    mobility_queen_mg: [i32; 28] = [-42, -41, -41, -37, -28, -24, -21, -15, -9, -6, -3, 0, 1, 0, 4, 6, 12, 31, 32, 34, 42, 38, 38, 39, 44, 49, 55, 59],
    /// The same, endgame.
    mobility_queen_eg: [i32; 28] = [-15, -16, -18, -9, -18, -21, -18, -13, -8, 5, 0, 10, 2, 15, 28, 25, 20, 12, 17, 16, 18, 6, 0, -9, 3, 0, 12, 12],
    /// King attack units a piece of each kind adds per square it reaches next to the enemy
    /// king. With two attackers or more, the king's side loses
    /// `units² × king_danger_scale / 64` (the units taken into ±1000 first; the result at
    /// most [`Weights::king_danger_max`] and at least `-WEIGHT_LIMIT`) in the middlegame and
    /// [`Weights::king_danger_eg`] 64ths of that in the endgame.
    king_attack: [i32; 6] = [0, 3, 3, 3, 4, 0],
    /// The middlegame cost of the attack on a king, in 64ths of its attack units squared.
    king_danger_scale: i32 = 15,
    /// The most the attack on a king costs, middlegame.
    king_danger_max: i32 = 600,
    /// The endgame cost of the attack on a king, in 64ths of its middlegame cost.
    king_danger_eg: i32 = -11,
    /// King attack units a side adds for each kind of its pieces (knight, bishop, rook,
    /// queen) that can give a safe check: one of them attacks a square from which a piece of
    /// its kind would check the enemy king, and no enemy pawn or piece (the king included)
    /// attacks that square. Counted once per kind, however many such squares there are;
    /// added to [`Weights::king_attack`]'s units, so it costs only with two attackers or more.
    /// Fitted to Stockfish's scores with the king's other weights above, and kept by an SPRT
    /// (+9.6 ± 6.8 Elo in 3,380 games; docs/strength.md).
    king_safe_check: [i32; 6] = [0, 12, 7, 9, 9, 0],
    /// Passed pawn bonus by the pawn's rank counted from its own side (0 = first rank),
    /// middlegame.
    passed_mg: [i32; 8] = [0, -8, -18, -19, 7, 26, 51, 0],
    /// Passed pawn bonus by relative rank, endgame (a third less when the square in front is
    /// taken).
    passed_eg: [i32; 8] = [0, -8, -1, 21, 47, 80, 116, 0],
    /// Endgame bonus of a passed pawn per square of the enemy king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_enemy_king: i32 = 6,
    /// Endgame penalty of a passed pawn per square of its own king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_own_king: i32 = 3,
    /// Bonus of a passed pawn by relative rank when its way to promotion is free: no enemy
    /// piece stands on the squares in front of it and the enemy attacks none of them. Half of
    /// it when only the square in front is free and unattacked. Middlegame. Taken in by the
    /// refit of 2026-12-06 (all weights fitted together to Stockfish's scores), which an SPRT
    /// kept as a whole; the same for the backward pawns, the pawn storm and the opposite
    /// bishops below (docs/strength.md, "Evaluation tuning").
    passed_free_mg: [i32; 8] = [0, -4, -26, -29, -26, 20, 15, 0],
    /// The same, endgame: a free passed pawn runs, one that must fight for its path may not.
    passed_free_eg: [i32; 8] = [0, 22, 8, 24, 44, 63, 74, 0],
    /// Penalty for a pawn behind another of its own on its file, middlegame.
    doubled_mg: i32 = 18,
    /// Doubled pawn penalty, endgame.
    doubled_eg: i32 = 16,
    /// Penalty for a pawn with no pawn of its own on the files beside it, middlegame.
    isolated_mg: i32 = -2,
    /// Isolated pawn penalty, endgame.
    isolated_eg: i32 = 10,
    /// Middlegame penalty per backward pawn: one with pawns of its own on a file beside, but
    /// none level with it or behind it there (so none can ever guard it), whose square in
    /// front an enemy pawn guards. From the refit of 2026-12-06 (see
    /// [`Weights::passed_free_mg`]).
    backward_mg: i32 = 2,
    /// The same, endgame.
    backward_eg: i32 = 14,
    /// Bonus for a connected pawn (one that a pawn of its own guards or stands beside on its
    /// rank) by its relative rank, middlegame: a chain or a phalanx holds and advances together.
    connected_mg: [i32; 8] = [0, 5, 12, 11, 19, 40, 81, 0],
    /// Connected pawn bonus by relative rank, endgame.
    connected_eg: [i32; 8] = [0, -4, 2, 7, 25, 48, 85, 0],
    /// Bonus for two bishops or more, middlegame.
    bishop_pair_mg: i32 = 34,
    /// Bishop pair bonus, endgame.
    bishop_pair_eg: i32 = 53,
    /// Bonus for a rook on a file without pawns, middlegame.
    rook_open_mg: i32 = 45,
    /// Open file bonus, endgame.
    rook_open_eg: i32 = 2,
    /// Bonus for a rook on a file with enemy pawns only, middlegame.
    rook_semi_open_mg: i32 = 18,
    /// Semi-open file bonus, endgame.
    rook_semi_open_eg: i32 = 24,
    /// The endgame score, in 64ths, when each side has one bishop, on squares of opposite
    /// colours, and no other piece but pawns: such endgames are often drawn a pawn or two up.
    /// From the refit of 2026-12-06 (see [`Weights::passed_free_mg`]); 64 would not scale.
    opposite_bishops_scale: i32 = 29,
    /// Middlegame bonus per file of the king's and those beside it with an own pawn one rank
    /// in front of the king (the king on its first two ranks).
    shield_near: i32 = 18,
    /// The same with the pawn two ranks in front.
    shield_far: i32 = 11,
    /// Middlegame penalty per such file without a pawn in front; a king off its first two
    /// ranks counts it once.
    shield_missing: i32 = 8,
    /// Middlegame penalty per enemy pawn storming the king (on its first two ranks): on the
    /// king's file or one beside it, on the king's side's third, fourth or fifth rank
    /// (indexed in that order), with no own pawn right in front of it to stop it. Each pawn
    /// counts, two on one file too. From the refit of 2026-12-06 (see
    /// [`Weights::passed_free_mg`]).
    storm_mg: [i32; 3] = [37, 16, 11],
    /// The same, endgame (fitted below zero).
    storm_eg: [i32; 3] = [-29, -1, -5],
    /// Without pawns, a side whose pieces' endgame material leads by at most this much keeps
    /// only [`Weights::pawnless_scale`] 64ths of its endgame score: a lead of a minor piece or
    /// less rarely wins.
    pawnless_margin: i32 = 372,
    /// The share of the endgame score, in 64ths, kept by a pawnless side with a small lead.
    /// Fitted below zero to Stockfish's scores (such a lead then counts a little against its
    /// side); docs/strength.md, "Fitted to Stockfish's scores".
    pawnless_scale: i32 = -15,
    /// Endgame bonus, for a king, bishop and knight against a lone king, per step (files plus
    /// ranks) the lone king stands nearer than 7 (the farthest it can be) to a corner of the
    /// bishop's colour: only there can it be mated, and nothing else here drives it there.
    /// With it and [`Weights::bishop_knight_kings`], x88 at 100,000 nodes a move mated
    /// Stockfish's king from 20 of 20 random such positions, 1 without them
    /// (`examples/endgames.py`; docs/strength.md, "Endgame knowledge").
    bishop_knight_corner: i32 = 40,
    /// In the same ending, endgame bonus per king step the two kings stand nearer than 4 (a
    /// penalty when farther): the strong king must help drive the lone one.
    bishop_knight_kings: i32 = 20,
    /// Middlegame bonus for a knight on an outpost: a square on its side's fourth to sixth
    /// rank that a pawn of its own guards and that no enemy pawn can ever attack.
    outpost_knight_mg: i32 = 22,
    /// Knight outpost bonus, endgame.
    outpost_knight_eg: i32 = 3,
    /// Middlegame bonus for a bishop on an outpost.
    outpost_bishop_mg: i32 = 22,
    /// Bishop outpost bonus, endgame.
    outpost_bishop_eg: i32 = -5,
    /// Bonus for having the move.
    tempo: i32 = 27,
    /// Middlegame bonus per enemy knight, bishop, rook or queen that a pawn attacks: it must
    /// move or be lost for a pawn.
    threat_by_pawn_mg: i32 = 59,
    /// The same, endgame.
    threat_by_pawn_eg: i32 = 20,
    /// Middlegame bonus per enemy rook or queen that a knight or bishop attacks.
    threat_by_minor_mg: i32 = 47,
    /// The same, endgame.
    threat_by_minor_eg: i32 = 12,
    /// Middlegame bonus per enemy queen that a rook attacks.
    threat_by_rook_mg: i32 = 51,
    /// The same, endgame.
    threat_by_rook_eg: i32 = -11,
    /// Middlegame bonus per enemy pawn or piece (the king aside) that the side attacks and
    /// no enemy pawn or piece defends: it can be taken for nothing.
    hanging_mg: i32 = 15,
    /// The same, endgame.
    hanging_eg: i32 = 33,
    /// Middlegame bonus per knight or bishop with a pawn of either side on the square in
    /// front of it: the pawn screens it from rooks and queens on its file.
    minor_behind_pawn_mg: i32 = 7,
    /// The same, endgame.
    minor_behind_pawn_eg: i32 = 13,
    /// Middlegame bonus, for each bishop, per pawn of its own side on squares of its colour
    /// (a bonus below zero is a cost: such pawns block the bishop and leave the other colour
    /// to the enemy).
    bishop_pawns_mg: i32 = -2,
    /// The same, endgame.
    bishop_pawns_eg: i32 = -5,
    /// Middlegame bonus for a bishop on a long diagonal that sees both centre squares on it
    /// through every piece but pawns.
    long_diagonal_bishop_mg: i32 = 22,
    /// The same, endgame.
    long_diagonal_bishop_eg: i32 = 11,
    /// Middlegame bonus per enemy piece (the king included, not the pawns) that a pawn
    /// would attack after a safe push: one square forward, or two from the second rank, to a
    /// square that no enemy pawn guards, and that either the enemy does not attack or the side
    /// defends.
    threat_by_push_mg: i32 = 18,
    /// The same, endgame.
    threat_by_push_eg: i32 = 13,
    /// Middlegame penalty for a king on a flank without pawns of either side (its file and
    /// those near it: a to c for a king on the a-file, a to d on b or c, c to f on d or e, e
    /// to h on f or g, f to h on h): no pawn shelters it there, and the enemy's pieces have
    /// open lines to it.
    pawnless_flank_mg: i32 = 9,
    /// The same, endgame.
    pawnless_flank_eg: i32 = 52,
    /// Middlegame penalty per isolated or backward pawn with no enemy pawn in front of it on
    /// its file: the file is half-open for the enemy's rooks and queens to attack it.
    weak_unopposed_mg: i32 = 12,
    /// The same, endgame.
    weak_unopposed_eg: i32 = 4,
    /// Middlegame bonus per square that both sides attack and the enemy does not hold
    /// strongly (with a pawn, or with two or more kinds of pieces where the side attacks
    /// with one), the kings' squares left out: the enemy's pieces cannot go there safely.
    restricted_mg: i32 = 0,
    /// The same, endgame.
    restricted_eg: i32 = 0,
    /// The endgame's complexity, per passed pawn of either side. The complexity is the sum
    /// of the `complexity_*` weights by their features; it moves the endgame score away
    /// from 0 when positive (the stronger side has chances) and towards 0 when negative, but
    /// never past it.
    complexity_passed: i32 = 5,
    /// The endgame's complexity per pawn on the board.
    complexity_pawns: i32 = 7,
    /// The endgame's complexity per file the kings are further apart than ranks (negative
    /// when a king stands in front of the other, blocking its way).
    complexity_outflanking: i32 = 1,
    /// The endgame's complexity when there are pawns on both flanks (files a to d and e to
    /// h).
    complexity_both_flanks: i32 = 33,
    /// The endgame's complexity when a king has crossed into the enemy's half of the board.
    complexity_infiltration: i32 = -4,
    /// The endgame's complexity when no piece but the kings and pawns is left.
    complexity_pawns_only: i32 = 73,
    /// The endgame's complexity when the pawns are on one flank and a king blocks the other
    /// (the outflanking is negative): such endings are hard to win.
    complexity_unwinnable: i32 = -30,
    /// The endgame's complexity in every position, its constant term.
    complexity_base: i32 = -87,
}

/// Piece-square tables as seen by White, written rank 8 first (as a board diagram reads).
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     81,  67,  74, 101,  92,  74,  66,  73,
     15,  13,  21,  46,  32,  48,  15,  43,
      1,   8,  10,  18,  24,  37,  14,  -9,
     -9,  -8,   4,  14,  17,   7,   8, -11,
    -10, -11,  -3, -12,  -8,  -6,  13, -10,
     -9,   2,  -5, -16, -15,  10,  28,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     17,  54,  57,  60,  39,  33,  49,   9,
     25,  20,  34,  15,  21,  25,  27,   4,
     14,  10,  -3,  -3,   0,   3,  10,  16,
     17,  15,   4,   7,   3,  11,  12,  12,
      9,  10,   9,  11,  19,  20,   2,  11,
     17,  18,  22,  34,  28,  26,  13,  11,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -124, -41, -48, -22, -27, -34, -43, -89,
    -40, -15,  -2,  14,  -1,  27, -25, -33,
    -18,  15,  11,  46,  37,  35,  21,  -8,
     -9,   6,  20,  35,  22,  53,  21,  20,
    -15, -11,   6,  18,  24,  22,  25,   4,
    -44, -16,  -7,  -1,  10,   5,   9, -22,
    -35, -37, -13,  -2,   2,  -1, -16, -34,
    -60, -39, -22, -21,  -4, -15, -29, -51,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -55, -25, -32,  -7, -15, -22, -36, -68,
    -16,  -3,   4,  27,   5, -13, -14, -24,
    -14, -10,   9,  14,   4,  18, -17, -13,
     -5,  -5,  25,  14,  20,   5,  11,  -8,
     -4,   7,  17,  17,  23,  14,   3,  -7,
    -21,   2,  -5,  21,   1,  -9, -14, -20,
    -17, -21, -19, -15,  -8, -14, -13, -37,
    -61, -34, -10, -23, -10, -33, -24, -43,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -38, -19, -19, -26, -21, -22, -11, -25,
    -20, -55, -16, -10, -17,   0, -19, -12,
    -18,   1, -18,  46,  32,  29,  16,   8,
     -2,  25,  17,  30,  10,  31,  20,  -1,
     -4,   2,  21,  22,  33,   7,  27,  12,
     -5,   3,   0,  12,   4,  -5,  13,   3,
     25,  -1,   8,  -2,   7,  30,   7,  -9,
    -11,  14,  -9, -21, -11, -19, -19,  -8,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -13,   1,  -4, -17,  16,  -7,  -2, -24,
      8,   1,  18,   6,  10,  17, -10,  -1,
     -4, -11,  10,   2,   0,   0,  22,   6,
     -6,   0,  11,   8,  16,   6,   2,  -3,
     -5,   4,  10,   6,   9,  12,  -8,  -5,
     -2,   5,  -3,   4,   7,   0,  -9,   2,
      2, -24,  -7,  -4, -12, -20, -17, -20,
    -29,  -5,  -7,   0,  -7,  -1, -14, -22,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
     18,  30,  36,  26,  15,  26,  40,  19,
      4,  13,  34,  34,  46,  40,  21,  42,
      3,  13,  23,  31,  37,  26,   6,  15,
    -13,  -6,  13,   2,  18,  19,   1, -15,
    -19, -19, -20, -12,   0, -11,   0, -21,
    -27, -21, -32, -27, -11, -30,  -7, -15,
    -35, -24, -28,  -8, -12,   1, -16, -69,
    -13,  -6,  -1,   7,  15,   8, -14, -12,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     22,  19,  16,  27,  25,  23,  20,  18,
     23,  19,   5,  15,   7,  16,  12,  13,
     20,  21,   9,   8,   5,   0,  15,   4,
     28,  25,  20,  16,  11,   6,  14,  25,
      6,  15,  13,  13,  -1,   7,   9,   6,
     -3,  -5,   3,   0, -12,   3,   1,  -9,
    -12, -11,  -5, -20, -21, -15, -25, -13,
    -10, -11, -11, -15, -29, -21, -13, -26,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -12,  -2,  14,  12,  24,  26,   2,   4,
    -20, -43,  -9,   5,  13,   5, -13,  19,
    -15,  -2,   5,   5,   1,  58,  14,   1,
    -25, -13, -24, -24, -10,  10,   6,  15,
    -20, -17, -14, -11, -13,  -1,  -2,  -6,
    -34, -15, -10, -15,  -6,  -1,  -4, -16,
    -17,  -8,   3,   7,   7,  11,   2, -25,
    -10, -19,  -5,  -1, -20, -26, -25, -23,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -12,  13,  20,  22,  31,  34,  19,  25,
     -6,  29,  26,  60,  50,  38,  28,  18,
    -14,  19,  11,  36,  40,  32,  34,   1,
     -3,  29,  25,  46,  47,  32,  39,  27,
    -14,  13,  12,  42,  28,  32,  14,   2,
    -22,  -9,   3,   5,  -5,  -5, -12, -19,
    -21, -37, -51, -35, -47, -48, -37, -26,
    -46, -23, -40, -74, -55, -44, -40, -47,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -63, -23, -33, -46, -47, -33, -27, -70,
    -38, -22, -26, -42, -43, -37, -23, -51,
    -37, -33, -35, -48, -50, -38, -26, -36,
    -46, -33, -48, -65, -58, -50, -36, -45,
    -49, -38, -44, -66, -59, -54, -32, -52,
    -22, -15, -17, -56, -55, -47, -37, -36,
     14,   4, -20, -25, -39, -28,   0,   6,
    -41,  23,  29, -30,   7, -19,  36,  28,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -106, -21,  -2,  -4, -10, -10, -16, -130,
    -29,  15,  52,  27,  32,  40,  39, -70,
      6,  35,  38,  47,  43,  40,  34,  17,
    -15,  13,  37,  29,  35,  32,  27,  -4,
    -25,   5,  22,  26,  25,  16,  10, -18,
    -18,  -1,   9,   8,  16,  15,  -1, -13,
    -22,  -8,  -9,  -8,  -1,  -8, -16, -29,
    -23, -36, -40, -36, -50, -34, -44, -59,
];
