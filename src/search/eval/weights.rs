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
    material_mg: [i32; 6] = [88, 365, 384, 488, 1068, 0],
    /// Material by kind, endgame.
    material_eg: [i32; 6] = [76, 316, 330, 552, 999, 0],
    /// Piece-square bonuses by kind, middlegame, as seen by White and written rank 8 first
    /// (as a board diagram reads; Black's are the mirror image).
    psqt_mg: [[i32; 64]; 6] = [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG],
    /// Piece-square bonuses by kind, endgame.
    psqt_eg: [[i32; 64]; 6] = [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG],
    /// Mobility per reachable square beyond [`Weights::mobility_base`], middlegame. A reachable
    /// square is one the piece attacks that its own side does not hold and no enemy pawn
    /// guards.
    mobility_mg: [i32; 6] = [0, 6, 9, 6, 4, 0],
    /// Mobility per reachable square, endgame.
    mobility_eg: [i32; 6] = [0, 4, 5, 3, 5, 0],
    /// The number of reachable squares that scores zero mobility.
    mobility_base: [i32; 6] = [0, 4, 6, 6, 12, 0],
    /// King attack units a piece of each kind adds per square it reaches next to the enemy
    /// king. With two attackers or more, the king's side loses
    /// `units² × king_danger_scale / 64` (the units taken into ±1000 first; the result at
    /// most [`Weights::king_danger_max`] and at least `-WEIGHT_LIMIT`) in the middlegame and
    /// [`Weights::king_danger_eg`] 64ths of that in the endgame.
    king_attack: [i32; 6] = [0, 3, 2, 3, 4, 0],
    /// The middlegame cost of the attack on a king, in 64ths of its attack units squared.
    king_danger_scale: i32 = 30,
    /// The most the attack on a king costs, middlegame.
    king_danger_max: i32 = 600,
    /// The endgame cost of the attack on a king, in 64ths of its middlegame cost.
    king_danger_eg: i32 = -17,
    /// King attack units a side adds for each kind of its pieces (knight, bishop, rook,
    /// queen) that can give a safe check: one of them attacks a square from which a piece of
    /// its kind would check the enemy king, and no enemy pawn or piece (the king included)
    /// attacks that square. Counted once per kind, however many such squares there are;
    /// added to [`Weights::king_attack`]'s units, so it costs only with two attackers or more.
    /// Fitted to Stockfish's scores with the king's other weights above, and kept by an SPRT
    /// (+9.6 ± 6.8 Elo in 3,380 games; docs/strength.md).
    king_safe_check: [i32; 6] = [0, 7, 4, 4, 6, 0],
    /// Passed pawn bonus by the pawn's rank counted from its own side (0 = first rank),
    /// middlegame.
    passed_mg: [i32; 8] = [0, -7, -8, -27, 4, 39, 74, 0],
    /// Passed pawn bonus by relative rank, endgame (a third less when the square in front is
    /// taken).
    passed_eg: [i32; 8] = [0, 5, 2, 36, 52, 75, 90, 0],
    /// Endgame bonus of a passed pawn per square of the enemy king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_enemy_king: i32 = 6,
    /// Endgame penalty of a passed pawn per square of its own king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_own_king: i32 = 3,
    /// Bonus of a passed pawn by relative rank when its way to promotion is free: no enemy
    /// piece stands on the squares in front of it and the enemy attacks none of them. Half of
    /// it when only the square in front is free and unattacked. Middlegame. All 0 until an
    /// SPRT accepts the term; it is under test with `[0, 0, 0, 0, 5, 10, 20, 0]` here and
    /// `[0, 0, 0, 10, 20, 40, 70, 0]` in the endgame (docs/strength.md).
    passed_free_mg: [i32; 8] = [0, 0, 0, 0, 0, 0, 0, 0],
    /// The same, endgame: a free passed pawn runs, one that must fight for its path may not.
    passed_free_eg: [i32; 8] = [0, 0, 0, 0, 0, 0, 0, 0],
    /// Penalty for a pawn behind another of its own on its file, middlegame.
    doubled_mg: i32 = 20,
    /// Doubled pawn penalty, endgame.
    doubled_eg: i32 = -2,
    /// Penalty for a pawn with no pawn of its own on the files beside it, middlegame.
    isolated_mg: i32 = 7,
    /// Isolated pawn penalty, endgame.
    isolated_eg: i32 = 14,
    /// Middlegame penalty per backward pawn: one with pawns of its own on a file beside, but
    /// none level with it or behind it there (so none can ever guard it), whose square in
    /// front an enemy pawn guards. At 0 until an SPRT decides; fitted alone to Stockfish's
    /// scores it came out at 1 (docs/strength.md).
    backward_mg: i32 = 0,
    /// The same, endgame; fitted alone: 13.
    backward_eg: i32 = 0,
    /// Bonus for a connected pawn (one that a pawn of its own guards or stands beside on its
    /// rank) by its relative rank, middlegame: a chain or a phalanx holds and advances together.
    connected_mg: [i32; 8] = [0, 5, 16, 14, 23, 42, 76, 0],
    /// Connected pawn bonus by relative rank, endgame.
    connected_eg: [i32; 8] = [0, -1, 6, 6, 12, 36, 60, 0],
    /// Bonus for two bishops or more, middlegame.
    bishop_pair_mg: i32 = 39,
    /// Bishop pair bonus, endgame.
    bishop_pair_eg: i32 = 46,
    /// Bonus for a rook on a file without pawns, middlegame.
    rook_open_mg: i32 = 40,
    /// Open file bonus, endgame.
    rook_open_eg: i32 = 4,
    /// Bonus for a rook on a file with enemy pawns only, middlegame.
    rook_semi_open_mg: i32 = 20,
    /// Semi-open file bonus, endgame.
    rook_semi_open_eg: i32 = 19,
    /// The endgame score, in 64ths, when each side has one bishop, on squares of opposite
    /// colours, and no other piece but pawns: such endgames are often drawn a pawn or two up.
    /// At 64 (no scaling) until an SPRT decides; the test plays 28, as fitted to Stockfish's
    /// scores (docs/strength.md).
    opposite_bishops_scale: i32 = 64,
    /// Middlegame bonus per file of the king's and those beside it with an own pawn one rank
    /// in front of the king (the king on its first two ranks).
    shield_near: i32 = 5,
    /// The same with the pawn two ranks in front.
    shield_far: i32 = -3,
    /// Middlegame penalty per such file without a pawn in front; a king off its first two
    /// ranks counts it once.
    shield_missing: i32 = 18,
    /// Middlegame penalty per enemy pawn storming the king (on its first two ranks): on the
    /// king's file or one beside it, on the king's side's third, fourth or fifth rank
    /// (indexed in that order), with no own pawn right in front of it to stop it. Each pawn
    /// counts, two on one file too. At 0 until an SPRT decides; the test plays `[10, 30, 15]`,
    /// set by hand, not fitted: a pawn on the fourth rank, one push from levering the shield,
    /// weighs most.
    storm_mg: [i32; 3] = [0, 0, 0],
    /// The same, endgame (the test leaves it at 0).
    storm_eg: [i32; 3] = [0, 0, 0],
    /// Without pawns, a side whose pieces' endgame material leads by at most this much keeps
    /// only [`Weights::pawnless_scale`] 64ths of its endgame score: a lead of a minor piece or
    /// less rarely wins.
    pawnless_margin: i32 = 350,
    /// The share of the endgame score, in 64ths, kept by a pawnless side with a small lead.
    /// Fitted below zero to Stockfish's scores (such a lead then counts a little against its
    /// side); docs/strength.md, "Fitted to Stockfish's scores".
    pawnless_scale: i32 = -13,
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
    outpost_knight_mg: i32 = 25,
    /// Knight outpost bonus, endgame.
    outpost_knight_eg: i32 = 6,
    /// Middlegame bonus for a bishop on an outpost.
    outpost_bishop_mg: i32 = 28,
    /// Bishop outpost bonus, endgame.
    outpost_bishop_eg: i32 = 0,
    /// Bonus for having the move.
    tempo: i32 = 28,
    /// Middlegame bonus per enemy knight, bishop, rook or queen that a pawn attacks: it must
    /// move or be lost for a pawn.
    threat_by_pawn_mg: i32 = 52,
    /// The same, endgame.
    threat_by_pawn_eg: i32 = 33,
    /// Middlegame bonus per enemy rook or queen that a knight or bishop attacks.
    threat_by_minor_mg: i32 = 37,
    /// The same, endgame.
    threat_by_minor_eg: i32 = 24,
    /// Middlegame bonus per enemy queen that a rook attacks.
    threat_by_rook_mg: i32 = 39,
    /// The same, endgame.
    threat_by_rook_eg: i32 = 11,
    /// Middlegame bonus per enemy pawn or piece (the king aside) that the side attacks and
    /// no enemy pawn or piece defends: it can be taken for nothing.
    hanging_mg: i32 = 15,
    /// The same, endgame.
    hanging_eg: i32 = 36,
}

/// Piece-square tables as seen by White, written rank 8 first (as a board diagram reads).
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     78,  88,  61,  89,  87,  73,  90,  84,
     15,  22,   9,  35,  38,  47,  21,  26,
     -8,  10,  15,  29,  26,  45,  20,   6,
     -9, -15,   6,  16,  29,  13,   2,  -2,
    -11, -21, -15, -13,   0, -10,   2, -11,
    -12, -14,  -2, -18, -11,  14,  19,  -9,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     45,  58,  49,  44,  36,  50,  55,  14,
     27,  22,  37,  15,  28,  10,  22,   3,
     24,   5,   3,  -1,   7,   2,  17,  12,
      9,  10,   4,  -9,  -4,   7,  12,   8,
     -2,   1,   2,  11,   6,  12,   4,   6,
     12,  16,  20,  21,  18,  25,  15,  13,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -93, -44, -41, -24, -28, -31, -42, -80,
    -41, -16, -12,  -3,   7,  11, -22, -39,
    -22,  11,   7,  38,  38,  30,  14, -20,
    -21,  -5,  17,  33,  19,  34,  13,   6,
     -8,  -2,  10,  15,  19,  13,  15,   6,
    -32, -12,  -5,  12,  21,  10,  14, -19,
    -20, -25,  -2,   5,   9,   3,   7, -24,
    -62, -32, -17, -19, -17, -28, -28, -55,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -49, -37, -25, -15, -23, -18, -36, -56,
    -28, -11,   2,   4,  10,  -2, -15, -24,
    -19,  -7,   1,  21,  12,   9,   0, -20,
    -10,  14,  14,  16,  29,  20,   4, -11,
    -29,  -2,  11,  24,  27,  26,  -3, -27,
    -15,  -1,   0,  15,   8,  -8,  -3,  -1,
    -31, -18, -11, -18,  -6, -15,  -9, -26,
    -49, -44, -17, -14, -27, -23, -41, -47,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -20, -10, -22, -15, -14, -17, -12, -22,
    -26, -25,  -3,  -8, -11, -12,  -3, -21,
    -14,  -4,   7,  28,  19,  35,   7,  -2,
      4,  15,   5,  15,  12,  24,  18,  -9,
     -3,   4,   1,  22,  30,  -6,  11,   1,
     -3,  14,  19,   9,   4,  12,   7,   7,
      4,  12,  21,   4,   9,  14,  25,  10,
    -13,  -8,  -7, -17, -25, -12,   3, -26,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
     -4,  -7, -14,  -6,   1,  -9,  -3, -12,
     -4,   5,   5, -13,  -5,   0,   0,  -3,
      2,   4,  22,   5,   4,  -8,  13,  -1,
     -3,   2,  14,  12,  16,   4,   6,   1,
     -3,  11,  11,   3,   0,  12,  -4,  -2,
     -2,   1,  -1,   4,  16,   5,   3, -10,
     -6,  -4, -20,   1, -15, -11, -15,  -7,
    -22, -13, -18,  -4,  -9, -24, -11, -19,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
     28,  42,  21,  30,  38,  24,  28,  36,
     30,  15,  24,  43,  39,  30,  24,  34,
      9,   9,  22,  29,  26,  21,   0,  21,
    -16,   0,   2,  10,   5,  -2,   9,   4,
    -34, -18, -21,  -5,  15,   7,  -9, -23,
    -33, -39, -20, -23, -15, -16, -19, -24,
    -32, -21, -30, -11, -15,  -6, -16, -48,
    -13, -12,   0,  16,  23,  13, -14, -15,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
      2,   6,  10,   8,  21,  21,  10,  26,
     15,  14,  17,  19,  12,   7,   3,  13,
     20,  17,   5,  15,   9,   3,   8,  14,
     21,  10,  11,  13,   5,   8,   3,  16,
     10,   2,  13,   4,   2,   6,   5,   2,
      0,  -3,  -7,  -1,  -5,  -2,   2,  -7,
     -6,   3,   0, -15,  -7, -10, -14,  -4,
     -7,  -9,  -3, -17, -27, -11,  -9, -11,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -15,   1,  -1,   9,   4,  14,   0, -12,
    -28, -29, -10,   2,   4,  -3,  -9,  -2,
     -7,   9,  13,   9,   8,  21,  14,  29,
    -19, -34,  -7, -20,   3,   8,  -6,   5,
    -13, -21, -22, -15, -10,   0,  -1,  -8,
    -33,  -8, -14, -12,  -2, -11,   5, -20,
    -19, -16,   4,   2,   8,  15, -13, -17,
     -9, -20,  -9,  -1,   6, -16, -22, -26,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
     -6,  17,   6,  21,  16,  28,  19,   2,
     -5,  19,  29,  43,  41,  26,  29,  -5,
    -12,  17,  17,  44,  34,  22,  21,   3,
      1,  19,  25,  49,  43,  31,  19,   9,
    -10,  16,  18,  31,  32,  24,  21,  -4,
    -17, -14,   7,  -6,  -6,   2, -14, -17,
    -26, -20, -48, -25, -16, -35, -26, -22,
    -32, -33, -35, -45, -43, -30, -31, -41,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -59, -30, -37, -47, -49, -39, -27, -60,
    -39, -27, -36, -51, -50, -37, -27, -41,
    -40, -30, -35, -50, -51, -37, -25, -38,
    -41, -35, -50, -64, -61, -50, -34, -37,
    -38, -44, -52, -60, -60, -53, -30, -35,
    -21, -20, -26, -51, -59, -35, -22, -30,
      3,   0, -19, -53, -39, -23,   7,   5,
     -2,  38,  24, -34,   6, -22,  32,  11,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -74, -29, -15,  -7, -16, -31, -22, -76,
    -14,  19,  23,   9,   6,  27,  16, -21,
      4,  33,  26,  13,  21,  29,  20,  19,
     -4,  14,  19,  25,  26,  37,  28,  -4,
    -18,  -4,   4,  13,  28,  21,   9, -11,
    -35, -12,   0,   7,  16,   7,  -5, -18,
    -25, -10,  -3,   3,  -1,   0,  -7, -21,
    -41, -27, -23, -27, -36, -24, -40, -47,
];
