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
    material_mg: [i32; 6] = [77, 357, 373, 485, 1082, 0],
    /// Material by kind, endgame.
    material_eg: [i32; 6] = [82, 321, 336, 555, 1001, 0],
    /// Piece-square bonuses by kind, middlegame, as seen by White and written rank 8 first
    /// (as a board diagram reads; Black's are the mirror image).
    psqt_mg: [[i32; 64]; 6] = [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG],
    /// Piece-square bonuses by kind, endgame.
    psqt_eg: [[i32; 64]; 6] = [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG],
    /// Mobility of a knight by the number of squares it reaches (0 to 8), middlegame. A
    /// reached square is one the piece attacks that its own side does not hold and no enemy
    /// pawn guards. One value per count, so that the curve may bend: a piece with almost no
    /// squares may be worth much less than one with a few.
    mobility_knight_mg: [i32; 9] = [-32, -24, -16, -8, 0, 8, 16, 24, 32],
    /// The same, endgame.
    mobility_knight_eg: [i32; 9] = [-8, -6, -4, -2, 0, 2, 4, 6, 8],
    /// Mobility of a bishop by the number of squares it reaches (0 to 13), middlegame.
    mobility_bishop_mg: [i32; 14] = [-42, -35, -28, -21, -14, -7, 0, 7, 14, 21, 28, 35, 42, 49],
    /// The same, endgame.
    mobility_bishop_eg: [i32; 14] = [-36, -30, -24, -18, -12, -6, 0, 6, 12, 18, 24, 30, 36, 42],
    /// Mobility of a rook by the number of squares it reaches (0 to 14), middlegame.
    mobility_rook_mg: [i32; 15] = [-36, -30, -24, -18, -12, -6, 0, 6, 12, 18, 24, 30, 36, 42, 48],
    /// The same, endgame.
    mobility_rook_eg: [i32; 15] = [-18, -15, -12, -9, -6, -3, 0, 3, 6, 9, 12, 15, 18, 21, 24],
    /// Mobility of a queen by the number of squares it reaches (0 to 27), middlegame.
    mobility_queen_mg: [i32; 28] = [-48, -44, -40, -36, -32, -28, -24, -20, -16, -12, -8, -4, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60],
    /// The same, endgame.
    mobility_queen_eg: [i32; 28] = [-12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    /// King attack units a piece of each kind adds per square it reaches next to the enemy
    /// king. With two attackers or more, the king's side loses
    /// `units² × king_danger_scale / 64` (the units taken into ±1000 first; the result at
    /// most [`Weights::king_danger_max`] and at least `-WEIGHT_LIMIT`) in the middlegame and
    /// [`Weights::king_danger_eg`] 64ths of that in the endgame.
    king_attack: [i32; 6] = [0, 3, 2, 3, 4, 0],
    /// The middlegame cost of the attack on a king, in 64ths of its attack units squared.
    king_danger_scale: i32 = 18,
    /// The most the attack on a king costs, middlegame.
    king_danger_max: i32 = 600,
    /// The endgame cost of the attack on a king, in 64ths of its middlegame cost.
    king_danger_eg: i32 = -15,
    /// King attack units a side adds for each kind of its pieces (knight, bishop, rook,
    /// queen) that can give a safe check: one of them attacks a square from which a piece of
    /// its kind would check the enemy king, and no enemy pawn or piece (the king included)
    /// attacks that square. Counted once per kind, however many such squares there are;
    /// added to [`Weights::king_attack`]'s units, so it costs only with two attackers or more.
    /// Fitted to Stockfish's scores with the king's other weights above, and kept by an SPRT
    /// (+9.6 ± 6.8 Elo in 3,380 games; docs/strength.md).
    king_safe_check: [i32; 6] = [0, 10, 7, 7, 9, 0],
    /// Passed pawn bonus by the pawn's rank counted from its own side (0 = first rank),
    /// middlegame.
    passed_mg: [i32; 8] = [0, -11, -15, -15, 8, 41, 53, 0],
    /// Passed pawn bonus by relative rank, endgame (a third less when the square in front is
    /// taken).
    passed_eg: [i32; 8] = [0, 0, 4, 25, 36, 71, 92, 0],
    /// Endgame bonus of a passed pawn per square of the enemy king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_enemy_king: i32 = 6,
    /// Endgame penalty of a passed pawn per square of its own king's distance to the square in
    /// front of it, times the pawn's relative rank.
    passed_own_king: i32 = 2,
    /// Bonus of a passed pawn by relative rank when its way to promotion is free: no enemy
    /// piece stands on the squares in front of it and the enemy attacks none of them. Half of
    /// it when only the square in front is free and unattacked. Middlegame. Taken in by the
    /// refit of 2026-12-06 (all weights fitted together to Stockfish's scores), which an SPRT
    /// kept as a whole; the same for the backward pawns, the pawn storm and the opposite
    /// bishops below (docs/strength.md, "Evaluation tuning").
    passed_free_mg: [i32; 8] = [0, 11, -11, -24, 2, 4, 6, 0],
    /// The same, endgame: a free passed pawn runs, one that must fight for its path may not.
    passed_free_eg: [i32; 8] = [0, 13, -4, 11, 26, 43, 31, 0],
    /// Penalty for a pawn behind another of its own on its file, middlegame.
    doubled_mg: i32 = 14,
    /// Doubled pawn penalty, endgame.
    doubled_eg: i32 = 6,
    /// Penalty for a pawn with no pawn of its own on the files beside it, middlegame.
    isolated_mg: i32 = 8,
    /// Isolated pawn penalty, endgame.
    isolated_eg: i32 = 12,
    /// Middlegame penalty per backward pawn: one with pawns of its own on a file beside, but
    /// none level with it or behind it there (so none can ever guard it), whose square in
    /// front an enemy pawn guards. From the refit of 2026-12-06 (see
    /// [`Weights::passed_free_mg`]).
    backward_mg: i32 = 4,
    /// The same, endgame.
    backward_eg: i32 = 20,
    /// Bonus for a connected pawn (one that a pawn of its own guards or stands beside on its
    /// rank) by its relative rank, middlegame: a chain or a phalanx holds and advances together.
    connected_mg: [i32; 8] = [0, 5, 14, 13, 22, 51, 77, 0],
    /// Connected pawn bonus by relative rank, endgame.
    connected_eg: [i32; 8] = [0, -3, 3, 9, 24, 49, 68, 0],
    /// Bonus for two bishops or more, middlegame.
    bishop_pair_mg: i32 = 36,
    /// Bishop pair bonus, endgame.
    bishop_pair_eg: i32 = 46,
    /// Bonus for a rook on a file without pawns, middlegame.
    rook_open_mg: i32 = 42,
    /// Open file bonus, endgame.
    rook_open_eg: i32 = 3,
    /// Bonus for a rook on a file with enemy pawns only, middlegame.
    rook_semi_open_mg: i32 = 17,
    /// Semi-open file bonus, endgame.
    rook_semi_open_eg: i32 = 28,
    /// The endgame score, in 64ths, when each side has one bishop, on squares of opposite
    /// colours, and no other piece but pawns: such endgames are often drawn a pawn or two up.
    /// From the refit of 2026-12-06 (see [`Weights::passed_free_mg`]); 64 would not scale.
    opposite_bishops_scale: i32 = 31,
    /// Middlegame bonus per file of the king's and those beside it with an own pawn one rank
    /// in front of the king (the king on its first two ranks).
    shield_near: i32 = 9,
    /// The same with the pawn two ranks in front.
    shield_far: i32 = 2,
    /// Middlegame penalty per such file without a pawn in front; a king off its first two
    /// ranks counts it once.
    shield_missing: i32 = 15,
    /// Middlegame penalty per enemy pawn storming the king (on its first two ranks): on the
    /// king's file or one beside it, on the king's side's third, fourth or fifth rank
    /// (indexed in that order), with no own pawn right in front of it to stop it. Each pawn
    /// counts, two on one file too. From the refit of 2026-12-06 (see
    /// [`Weights::passed_free_mg`]): a pawn on the fourth rank, one push from levering the
    /// shield, weighs most.
    storm_mg: [i32; 3] = [5, 14, 9],
    /// The same, endgame (fitted below zero).
    storm_eg: [i32; 3] = [-19, -3, -6],
    /// Without pawns, a side whose pieces' endgame material leads by at most this much keeps
    /// only [`Weights::pawnless_scale`] 64ths of its endgame score: a lead of a minor piece or
    /// less rarely wins.
    pawnless_margin: i32 = 352,
    /// The share of the endgame score, in 64ths, kept by a pawnless side with a small lead.
    /// Fitted below zero to Stockfish's scores (such a lead then counts a little against its
    /// side); docs/strength.md, "Fitted to Stockfish's scores".
    pawnless_scale: i32 = -20,
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
    outpost_knight_mg: i32 = 31,
    /// Knight outpost bonus, endgame.
    outpost_knight_eg: i32 = 8,
    /// Middlegame bonus for a bishop on an outpost.
    outpost_bishop_mg: i32 = 34,
    /// Bishop outpost bonus, endgame.
    outpost_bishop_eg: i32 = -2,
    /// Bonus for having the move.
    tempo: i32 = 27,
    /// Middlegame bonus per enemy knight, bishop, rook or queen that a pawn attacks: it must
    /// move or be lost for a pawn.
    threat_by_pawn_mg: i32 = 57,
    /// The same, endgame.
    threat_by_pawn_eg: i32 = 29,
    /// Middlegame bonus per enemy rook or queen that a knight or bishop attacks.
    threat_by_minor_mg: i32 = 44,
    /// The same, endgame.
    threat_by_minor_eg: i32 = 15,
    /// Middlegame bonus per enemy queen that a rook attacks.
    threat_by_rook_mg: i32 = 41,
    /// The same, endgame.
    threat_by_rook_eg: i32 = 4,
    /// Middlegame bonus per enemy pawn or piece (the king aside) that the side attacks and
    /// no enemy pawn or piece defends: it can be taken for nothing.
    hanging_mg: i32 = 13,
    /// The same, endgame.
    hanging_eg: i32 = 35,
    /// Middlegame bonus per knight or bishop with a pawn of either side on the square in
    /// front of it: the pawn screens it from rooks and queens on its file.
    minor_behind_pawn_mg: i32 = 0,
    /// The same, endgame.
    minor_behind_pawn_eg: i32 = 0,
    /// Middlegame bonus, for each bishop, per pawn of its own side on squares of its colour
    /// (a bonus below zero is a cost: such pawns block the bishop and leave the other colour
    /// to the enemy).
    bishop_pawns_mg: i32 = 0,
    /// The same, endgame.
    bishop_pawns_eg: i32 = 0,
    /// Middlegame bonus for a bishop on a long diagonal that sees both centre squares on it
    /// through every piece but pawns.
    long_diagonal_bishop_mg: i32 = 0,
    /// The same, endgame.
    long_diagonal_bishop_eg: i32 = 0,
    /// Middlegame bonus per enemy piece (the king included, not the pawns) that a pawn
    /// would attack after a safe push: one square forward, or two from the second rank, to a
    /// square that no enemy pawn guards, and that either the enemy does not attack or the side
    /// defends.
    threat_by_push_mg: i32 = 0,
    /// The same, endgame.
    threat_by_push_eg: i32 = 0,
    /// Middlegame penalty for a king on a flank without pawns of either side (its file and
    /// those near it: a to c for a king on the a-file, a to d on b or c, c to f on d or e, e
    /// to h on f or g, f to h on h): no pawn shelters it there, and the enemy's pieces have
    /// open lines to it.
    pawnless_flank_mg: i32 = 0,
    /// The same, endgame.
    pawnless_flank_eg: i32 = 0,
    /// Middlegame penalty per isolated or backward pawn with no enemy pawn in front of it on
    /// its file: the file is half-open for the enemy's rooks and queens to attack it.
    weak_unopposed_mg: i32 = 0,
    /// The same, endgame.
    weak_unopposed_eg: i32 = 0,
}

/// Piece-square tables as seen by White, written rank 8 first (as a board diagram reads).
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     78,  79,  66,  85,  84,  77,  81,  78,
     19,  15,  13,  33,  34,  60,  21,  33,
     -6,   3,  11,  21,  30,  24,  16,  -7,
     -6, -13,   4,  15,  23,  19,   5,  -6,
     -7, -17,  -8, -10,  -3,  -3,  11,  -7,
    -10,  -6,  -7, -15, -11,  18,  23,  -6,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     37,  50,  46,  42,  40,  56,  52,   7,
     18,   8,  33,   4,  27,  14,  24,  20,
     19,   5,   3,   1,   3,   3,  18,  22,
      8,  14,  -1,   2,  -3,   2,   7,  14,
      8,   4,  12,  17,  14,  10,   3,   4,
     15,  14,  12,  34,  26,  18,  10,   8,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -99, -43, -43, -25, -27, -33, -43, -88,
    -41, -10,  -4,  -1,   5,  15, -25, -40,
    -19,  14,  12,  31,  37,  28,  17, -20,
    -14,   4,  18,  32,  28,  40,  21,  26,
    -15, -13,   6,  17,  18,   8,  18,  14,
    -34,  -3,  -7,  13,  14,   6,  13, -25,
    -35, -40,  -7,   7,   5,   4,  -5, -16,
    -58, -34, -20, -14, -20, -31, -25, -55,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -43, -36, -25, -16, -24, -27, -37, -64,
    -32,  -7,   9,  13,  13,  -5, -15, -25,
    -16, -10,   2,   8,  11,  12,   1, -18,
     -2,   9,  12,  12,  26,  18,  11,  -4,
    -24,  -5,   9,  19,  22,  23,   3, -24,
    -15,   8,   2,  19,   6,  -4,  -9,  -4,
    -28, -21, -18, -17,  -2, -14,  -9, -22,
    -49, -36, -22, -12, -25, -25, -33, -47,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -24, -13, -25, -25, -17, -18, -11, -20,
    -24, -32,  -9,  -9, -16, -14,  -5, -23,
    -11,   4,  -9,  28,  21,  32,  11,  14,
      4,  11,   9,  18,   3,  36,   9, -10,
     -5,  -5,   7,  28,  23,   4,   4,   1,
     -4,  10,  10,  15,   5,   7,  10,  12,
      9,  11,  28,  -1,   8,  29,  24,   6,
     -9,  -4, -12,  -9, -17, -15,   1, -20,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
      0,  -5,  -2, -20,   2, -10,  -2, -12,
      1,   7,   4,  -8,  -5,  11,   1,  -3,
     -5,   0,  18,   6,   0,  -5,  15,   3,
     -3,   5,   7,   4,  24,   2,  -5,  -6,
     -7,   6,   8,   5,   7,   5,  -3,  -6,
      3,   7,   8,   2,   9,   5,  14,  -9,
     -2,  -8, -27, -10, -12, -17,  -7,  -7,
    -25, -15, -18,  -3, -21, -10,  -1, -14,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
     28,  38,  25,  32,  35,  24,  34,  37,
     13,  15,  28,  33,  40,  33,  36,  40,
     11,  15,  33,  35,  32,  28,   0,  24,
    -12, -14,  14,  21,   9,  10,  -1,   2,
    -26, -22, -15, -13,  12,  -4,  -4, -25,
    -39, -32, -21, -21, -10, -24,  -3, -34,
    -35, -24, -28, -16, -26,  -8, -24, -42,
    -19,  -9,  -6,   5,  19,   8, -19, -15,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     15,   9,  16,  22,  21,  21,  15,  25,
     24,  18,  18,   7,  14,  10,   6,  12,
     24,  14,   4,  16,  10,   5,   7,   9,
     16,  15,  12,   9,  13,   9,   6,  17,
     14,   5,  12,  10,   3,   4,   5,   4,
      0,  -2,  -7,  -2,  -6,  -3,  -2,  -3,
    -14,  -6,  11, -21,  -9, -12, -26, -14,
     -5, -15,  -1, -16, -31, -23,  -4, -17,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -18,  -2,   2,  10,  10,  19,  -4, -12,
    -27, -29,  -8,  -3,   8,   1,  -6,  10,
     -8,  -1,   6,   7,   5,  42,  18,  29,
    -21, -31, -17, -29,  -5,  19,   7,   1,
    -18, -17, -22, -16,  -7, -13,   8,  -9,
    -36, -14,  -6, -15, -11,  -5,   2, -18,
    -17, -14,   4,   2,  11,   8,   0, -13,
    -13, -12, -10,  -2,  -6, -29, -15, -25,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -11,  14,  12,  21,  22,  35,  14,   5,
     -5,  25,  29,  48,  41,  32,  29,   3,
     -8,  18,  19,  36,  35,  28,  27,  -1,
      1,  18,  21,  43,  43,  33,  24,  16,
     -9,  13,  23,  41,  28,  32,  18,   3,
    -20, -13,   1,  -9,  -5,   2,  -7, -18,
    -30, -25, -50, -29, -42, -45, -19, -19,
    -37, -33, -37, -55, -44, -34, -29, -42,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -61, -30, -37, -46, -48, -39, -27, -62,
    -41, -27, -33, -47, -48, -35, -25, -43,
    -40, -31, -34, -50, -50, -37, -23, -40,
    -41, -28, -51, -66, -60, -50, -37, -40,
    -39, -41, -46, -61, -59, -55, -30, -39,
    -26, -16, -15, -45, -60, -44, -34, -34,
     14,   9, -18, -33, -37, -23,   3,   2,
    -24,  28,  27, -40,   8, -30,  33,  17,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -87, -29, -16,  -3, -10, -28, -18, -87,
    -28,  17,  37,  19,  14,  32,  23, -32,
      0,  32,  31,  22,  24,  40,  44,  17,
    -14,  24,  18,  27,  34,  41,  39,  -7,
    -29,   6,  14,  17,  22,  23,   7, -10,
    -28,  -4,   3,   0,  18,  13,   3, -17,
    -23, -12, -11,  -2,   1,  -6, -14, -29,
    -39, -39, -35, -37, -45, -26, -40, -66,
];
