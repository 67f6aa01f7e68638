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
    material_mg: [i32; 6] = [85, 330, 355, 470, 1020, 0],
    /// Material by kind, endgame.
    material_eg: [i32; 6] = [100, 290, 300, 520, 940, 0],
    /// Piece-square bonuses by kind, middlegame, as seen by White and written rank 8 first
    /// (as a board diagram reads; Black's are the mirror image).
    psqt_mg: [[i32; 64]; 6] = [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG],
    /// Piece-square bonuses by kind, endgame.
    psqt_eg: [[i32; 64]; 6] = [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG],
    /// Mobility per reachable square beyond [`Weights::mobility_base`], middlegame. A reachable
    /// square is one the piece attacks that its own side does not hold and no enemy pawn
    /// guards.
    mobility_mg: [i32; 6] = [0, 4, 5, 2, 1, 0],
    /// Mobility per reachable square, endgame.
    mobility_eg: [i32; 6] = [0, 4, 5, 4, 2, 0],
    /// The number of reachable squares that scores zero mobility.
    mobility_base: [i32; 6] = [0, 4, 6, 6, 12, 0],
    /// King attack units a piece of each kind adds per square it reaches next to the enemy
    /// king. With two attackers or more, the king's side loses
    /// `units² × king_danger_scale / 64` (the units taken into ±1000 first; the result at
    /// most [`Weights::king_danger_max`] and at least `-WEIGHT_LIMIT`) in the middlegame and
    /// [`Weights::king_danger_eg`] 64ths of that in the endgame.
    king_attack: [i32; 6] = [0, 2, 2, 3, 5, 0],
    /// The middlegame cost of the attack on a king, in 64ths of its attack units squared.
    king_danger_scale: i32 = 32,
    /// The most the attack on a king costs, middlegame.
    king_danger_max: i32 = 600,
    /// The endgame cost of the attack on a king, in 64ths of its middlegame cost.
    king_danger_eg: i32 = 8,
    /// Passed pawn bonus by the pawn's rank counted from its own side (0 = first rank),
    /// middlegame.
    passed_mg: [i32; 8] = [0, 2, 5, 12, 25, 45, 75, 0],
    /// Passed pawn bonus by relative rank, endgame (a third less when the square in front is
    /// taken).
    passed_eg: [i32; 8] = [0, 8, 12, 25, 45, 80, 130, 0],
    /// Endgame bonus of a passed pawn per square of the enemy king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_enemy_king: i32 = 5,
    /// Endgame penalty of a passed pawn per square of its own king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_own_king: i32 = 2,
    /// Penalty for a pawn behind another of its own on its file, middlegame.
    doubled_mg: i32 = 8,
    /// Doubled pawn penalty, endgame.
    doubled_eg: i32 = 18,
    /// Penalty for a pawn with no pawn of its own on the files beside it, middlegame.
    isolated_mg: i32 = 10,
    /// Isolated pawn penalty, endgame.
    isolated_eg: i32 = 12,
    /// Bonus for a connected pawn (one that a pawn of its own guards or stands beside on its
    /// rank) by its relative rank, middlegame: a chain or a phalanx holds and advances together.
    connected_mg: [i32; 8] = [0, 6, 7, 10, 24, 40, 70, 0],
    /// Connected pawn bonus by relative rank, endgame.
    connected_eg: [i32; 8] = [0, 0, 0, 3, 12, 30, 60, 0],
    /// Bonus for two bishops or more, middlegame.
    bishop_pair_mg: i32 = 28,
    /// Bishop pair bonus, endgame.
    bishop_pair_eg: i32 = 50,
    /// Bonus for a rook on a file without pawns, middlegame.
    rook_open_mg: i32 = 25,
    /// Open file bonus, endgame.
    rook_open_eg: i32 = 10,
    /// Bonus for a rook on a file with enemy pawns only, middlegame.
    rook_semi_open_mg: i32 = 12,
    /// Semi-open file bonus, endgame.
    rook_semi_open_eg: i32 = 6,
    /// Middlegame bonus per file of the king's and those beside it with an own pawn one rank
    /// in front of the king (the king on its first two ranks).
    shield_near: i32 = 12,
    /// The same with the pawn two ranks in front.
    shield_far: i32 = 6,
    /// Middlegame penalty per such file without a pawn in front; a king off its first two
    /// ranks counts it once.
    shield_missing: i32 = 14,
    /// Without pawns, a side whose pieces' endgame material leads by at most this much keeps
    /// only [`Weights::pawnless_scale`] 64ths of its endgame score: a lead of a minor piece or
    /// less rarely wins.
    pawnless_margin: i32 = 350,
    /// The share of the endgame score, in 64ths, kept by a pawnless side with a small lead.
    pawnless_scale: i32 = 8,
    /// Middlegame bonus for a knight on an outpost: a square on its side's fourth to sixth
    /// rank that a pawn of its own guards and that no enemy pawn can ever attack.
    outpost_knight_mg: i32 = 30,
    /// Knight outpost bonus, endgame.
    outpost_knight_eg: i32 = 20,
    /// Middlegame bonus for a bishop on an outpost.
    outpost_bishop_mg: i32 = 15,
    /// Bishop outpost bonus, endgame.
    outpost_bishop_eg: i32 = 10,
    /// Bonus for having the move.
    tempo: i32 = 10,
    /// Middlegame bonus per enemy knight, bishop, rook or queen that a pawn attacks: it must
    /// move or be lost for a pawn.
    threat_by_pawn_mg: i32 = 45,
    /// The same, endgame.
    threat_by_pawn_eg: i32 = 35,
    /// Middlegame bonus per enemy rook or queen that a knight or bishop attacks.
    threat_by_minor_mg: i32 = 30,
    /// The same, endgame.
    threat_by_minor_eg: i32 = 35,
    /// Middlegame bonus per enemy queen that a rook attacks.
    threat_by_rook_mg: i32 = 30,
    /// The same, endgame.
    threat_by_rook_eg: i32 = 20,
    /// Middlegame bonus per enemy pawn or piece (the king aside) that the side attacks and
    /// no enemy pawn or piece defends: it can be taken for nothing.
    hanging_mg: i32 = 40,
    /// The same, endgame.
    hanging_eg: i32 = 20,
}

/// Piece-square tables as seen by White, written rank 8 first (as a board diagram reads).
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     80,  90,  70,  85,  85,  70,  90,  80,
     15,  20,  30,  35,  35,  30,  20,  15,
      0,   5,  10,  22,  22,  10,   5,   0,
     -5,   0,   5,  18,  18,   5,   0,  -5,
     -5,  -3,   0,   5,   5,  -5,  -3,  -5,
     -6,   0,   0, -12, -12,   8,  10,  -6,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     60,  58,  55,  50,  50,  55,  58,  60,
     35,  35,  30,  25,  25,  30,  35,  35,
     15,  12,   8,   5,   5,   8,  12,  15,
      6,   5,   0,  -2,  -2,   0,   5,   6,
      2,   2,  -2,   0,   0,  -2,   2,   2,
      5,   5,   5,   5,   5,   5,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -80, -40, -30, -25, -25, -30, -40, -80,
    -40, -20,   5,   0,   0,   5, -20, -40,
    -25,  10,  20,  30,  30,  20,  10, -25,
    -15,  10,  20,  30,  30,  20,  10, -15,
    -15,   0,  15,  18,  18,  15,   0, -15,
    -20,   0,  12,  10,  10,  12,   0, -20,
    -30, -15,   0,   5,   5,   0, -15, -30,
    -60, -22, -25, -18, -18, -25, -22, -60,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -50, -35, -20, -20, -20, -20, -35, -50,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -20,  -5,  10,  12,  12,  10,  -5, -20,
    -15,   5,  15,  20,  20,  15,   5, -15,
    -15,   0,  15,  18,  18,  15,   0, -15,
    -20,  -5,   5,  12,  12,   5,  -5, -20,
    -35, -15,  -8,   0,   0,  -8, -15, -35,
    -50, -40, -20, -15, -15, -20, -40, -50,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -25, -10, -20, -15, -15, -20, -10, -25,
    -20,   5,  -5,  -5,  -5,  -5,   5, -20,
    -10,  10,  15,  15,  15,  15,  10, -10,
     -5,   5,  12,  20,  20,  12,   5,  -5,
     -5,  10,  10,  18,  18,  10,  10,  -5,
      0,  12,  12,  10,  10,  12,  12,   0,
      0,  15,  10,   5,   5,  10,  15,   0,
    -25,  -5, -12, -15, -15, -12,  -5, -25,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
    -10,  -3,   2,  -5,  -5,   2,  -3, -10,
     -5,   0,   5,   3,   3,   5,   0,  -5,
     -3,   5,  10,   8,   8,  10,   5,  -3,
     -5,   2,  10,  12,  12,  10,   2,  -5,
     -8,  -3,   8,   8,   8,   8,  -3,  -8,
    -12,  -8,  -5,   0,   0,  -5,  -8, -12,
    -18, -10, -15,  -5,  -5, -15, -10, -18,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
     25,  30,  25,  35,  35,  25,  30,  25,
     25,  28,  40,  45,  45,  40,  28,  25,
      0,  12,  15,  15,  15,  15,  12,   0,
    -15,  -5,   5,  10,  10,   5,  -5, -15,
    -25, -15,  -5,   0,   0,  -5, -15, -25,
    -35, -20, -10, -10, -10, -10, -20, -35,
    -40, -15, -15,  -8,  -8, -15, -15, -40,
    -15, -10,   0,  12,  12,   5, -20, -15,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     12,  12,  15,  12,  12,  15,  12,  12,
     10,  12,  12,  10,  10,  12,  12,  10,
      5,   5,   5,   3,   3,   5,   5,   5,
      3,   3,   5,   2,   2,   5,   3,   3,
      2,   3,   5,   0,   0,   5,   3,   2,
     -3,   0,  -3,  -3,  -3,  -3,   0,  -3,
     -5,  -5,   0,  -2,  -2,   0,  -5,  -5,
     -8,   2,   3,  -2,  -2,   3,   2,  -8,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -20,  -5,   5,   5,   5,   5,  -5, -20,
    -15, -25,  -5,   0,   0,  -5, -25, -15,
     -5,  -5,   5,  10,  10,   5,  -5,  -5,
    -15, -15,  -5,  -5,  -5,  -5, -15, -15,
     -8, -15,  -5,  -5,  -5,  -5, -15,  -8,
    -10,   0,  -5,  -3,  -3,  -5,   0, -10,
    -25,  -8,  10,   5,   5,  10,  -8, -25,
    -20, -20, -10,   5,   5, -10, -20, -20,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -10,  15,  15,  20,  20,  15,  15, -10,
    -15,  15,  25,  35,  35,  25,  15, -15,
    -15,   5,  10,  40,  40,  10,   5, -15,
      0,  20,  25,  45,  45,  25,  20,   0,
    -15,  20,  20,  40,  40,  20,  20, -15,
    -15, -20,  10,   5,   5,  10, -20, -15,
    -25, -25, -30, -15, -15, -30, -25, -25,
    -35, -30, -25, -30, -30, -25, -30, -35,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -60, -30, -40, -50, -50, -40, -30, -60,
    -40, -30, -40, -50, -50, -40, -30, -40,
    -40, -30, -40, -50, -50, -40, -30, -40,
    -40, -40, -50, -60, -60, -50, -40, -40,
    -40, -40, -50, -60, -60, -50, -40, -40,
    -20, -20, -30, -40, -40, -30, -20, -20,
      0,   5, -10, -40, -40, -20,  10,  10,
     -5,  30,  10, -40,   5, -20,  35,  15,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -70, -35, -20, -15, -15, -20, -35, -70,
    -20,  10,  15,  15,  15,  15,  10, -20,
      5,  15,  20,  20,  20,  20,  15,   5,
     -5,  15,  25,  28,  28,  25,  15,  -5,
    -15,   0,  20,  25,  25,  20,   0, -15,
    -20,  -5,  10,  18,  18,  10,  -5, -20,
    -30, -12,   0,   8,   8,   0, -12, -30,
    -50, -35, -20, -15, -15, -20, -35, -50,
];
