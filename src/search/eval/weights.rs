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
    material_mg: [i32; 6] = [81, 350, 371, 467, 1112, 0],
    /// Material by kind, endgame.
    material_eg: [i32; 6] = [83, 315, 331, 556, 1008, 0],
    /// Piece-square bonuses by kind, middlegame, as seen by White and written rank 8 first
    /// (as a board diagram reads; Black's are the mirror image).
    psqt_mg: [[i32; 64]; 6] = [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG],
    /// Piece-square bonuses by kind, endgame.
    psqt_eg: [[i32; 64]; 6] = [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG],
    /// Mobility of a knight by the number of squares it reaches (0 to 8), middlegame. A
    /// reached square is one the piece attacks that its own side does not hold and no enemy
    /// pawn guards. One value per count, so that the curve may bend: a piece with almost no
    /// squares may be worth much less than one with a few.
    mobility_knight_mg: [i32; 9] = [-41, -25, -10, -2, 4, 10, 15, 21, 22],
    /// The same, endgame.
    mobility_knight_eg: [i32; 9] = [-19, -19, -12, -2, 9, 9, 6, 2, 1],
    /// Mobility of a bishop by the number of squares it reaches (0 to 13), middlegame.
    mobility_bishop_mg: [i32; 14] = [-52, -35, -23, -13, -6, -1, 3, 8, 19, 14, 25, 27, 37, 44],
    /// The same, endgame.
    mobility_bishop_eg: [i32; 14] = [-47, -27, -17, -8, 1, 8, 12, 18, 16, 17, 17, 19, 19, 30],
    /// Mobility of a rook by the number of squares it reaches (0 to 14), middlegame.
    mobility_rook_mg: [i32; 15] = [-47, -26, -19, -11, -8, -5, 1, 5, 8, 15, 22, 27, 29, 35, 47],
    /// The same, endgame.
    mobility_rook_eg: [i32; 15] = [-35, -23, -13, -9, -4, 0, 7, 7, 13, 16, 18, 20, 25, 17, 8],
    /// Mobility of a queen by the number of squares it reaches (0 to 27), middlegame.
    mobility_queen_mg: [i32; 28] = [-45, -43, -43, -38, -30, -26, -23, -17, -11, -7, -5, 0, 0, 2, 7, 9, 14, 27, 30, 32, 38, 37, 39, 41, 46, 51, 55, 60],
    /// The same, endgame.
    mobility_queen_eg: [i32; 28] = [-13, -14, -14, -10, -13, -17, -12, -9, -7, 4, -2, 6, 1, 9, 17, 15, 12, 8, 13, 10, 13, 6, 3, 1, 7, 8, 13, 14],
    /// King attack units a piece of each kind adds per square it reaches next to the enemy
    /// king. With two attackers or more, the king's side loses
    /// `units² × king_danger_scale / 64` (the units taken into ±1000 first; the result at
    /// most [`Weights::king_danger_max`] and at least `-WEIGHT_LIMIT`) in the middlegame and
    /// [`Weights::king_danger_eg`] 64ths of that in the endgame.
    king_attack: [i32; 6] = [0, 3, 3, 3, 4, 0],
    /// The middlegame cost of the attack on a king, in 64ths of its attack units squared.
    king_danger_scale: i32 = 16,
    /// The most the attack on a king costs, middlegame.
    king_danger_max: i32 = 600,
    /// The endgame cost of the attack on a king, in 64ths of its middlegame cost.
    king_danger_eg: i32 = -14,
    /// King attack units a side adds for each kind of its pieces (knight, bishop, rook,
    /// queen) that can give a safe check: one of them attacks a square from which a piece of
    /// its kind would check the enemy king, and no enemy pawn or piece (the king included)
    /// attacks that square. Counted once per kind, however many such squares there are;
    /// added to [`Weights::king_attack`]'s units, so it costs only with two attackers or more.
    /// Fitted to Stockfish's scores with the king's other weights above, and kept by an SPRT
    /// (+9.6 ± 6.8 Elo in 3,380 games; docs/strength.md).
    king_safe_check: [i32; 6] = [0, 12, 7, 10, 9, 0],
    /// Passed pawn bonus by the pawn's rank counted from its own side (0 = first rank),
    /// middlegame.
    passed_mg: [i32; 8] = [0, -6, -17, -17, 6, 31, 47, 0],
    /// Passed pawn bonus by relative rank, endgame (a third less when the square in front is
    /// taken).
    passed_eg: [i32; 8] = [0, -3, 1, 14, 37, 66, 101, 0],
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
    passed_free_mg: [i32; 8] = [0, 3, -20, -28, -15, 13, 11, 0],
    /// The same, endgame: a free passed pawn runs, one that must fight for its path may not.
    passed_free_eg: [i32; 8] = [0, 17, 5, 26, 41, 59, 59, 0],
    /// Penalty for a pawn behind another of its own on its file, middlegame.
    doubled_mg: i32 = 18,
    /// Doubled pawn penalty, endgame.
    doubled_eg: i32 = 6,
    /// Penalty for a pawn with no pawn of its own on the files beside it, middlegame.
    isolated_mg: i32 = 3,
    /// Isolated pawn penalty, endgame.
    isolated_eg: i32 = 16,
    /// Middlegame penalty per backward pawn: one with pawns of its own on a file beside, but
    /// none level with it or behind it there (so none can ever guard it), whose square in
    /// front an enemy pawn guards. From the refit of 2026-12-06 (see
    /// [`Weights::passed_free_mg`]).
    backward_mg: i32 = 6,
    /// The same, endgame.
    backward_eg: i32 = 19,
    /// Bonus for a connected pawn (one that a pawn of its own guards or stands beside on its
    /// rank) by its relative rank, middlegame: a chain or a phalanx holds and advances together.
    connected_mg: [i32; 8] = [0, 5, 13, 12, 20, 45, 80, 0],
    /// Connected pawn bonus by relative rank, endgame.
    connected_eg: [i32; 8] = [0, -6, -1, 6, 23, 49, 78, 0],
    /// Bonus for two bishops or more, middlegame.
    bishop_pair_mg: i32 = 36,
    /// Bishop pair bonus, endgame.
    bishop_pair_eg: i32 = 51,
    /// Bonus for a rook on a file without pawns, middlegame.
    rook_open_mg: i32 = 45,
    /// Open file bonus, endgame.
    rook_open_eg: i32 = 2,
    /// Bonus for a rook on a file with enemy pawns only, middlegame.
    rook_semi_open_mg: i32 = 19,
    /// Semi-open file bonus, endgame.
    rook_semi_open_eg: i32 = 25,
    /// The endgame score, in 64ths, when each side has one bishop, on squares of opposite
    /// colours, and no other piece but pawns: such endgames are often drawn a pawn or two up.
    /// From the refit of 2026-12-06 (see [`Weights::passed_free_mg`]); 64 would not scale.
    opposite_bishops_scale: i32 = 27,
    /// Middlegame bonus per file of the king's and those beside it with an own pawn one rank
    /// in front of the king (the king on its first two ranks).
    shield_near: i32 = 16,
    /// The same with the pawn two ranks in front.
    shield_far: i32 = 9,
    /// Middlegame penalty per such file without a pawn in front; a king off its first two
    /// ranks counts it once.
    shield_missing: i32 = 9,
    /// Middlegame penalty per enemy pawn storming the king (on its first two ranks): on the
    /// king's file or one beside it, on the king's side's third, fourth or fifth rank
    /// (indexed in that order), with no own pawn right in front of it to stop it. Each pawn
    /// counts, two on one file too. From the refit of 2026-12-06 (see
    /// [`Weights::passed_free_mg`]).
    storm_mg: [i32; 3] = [24, 16, 11],
    /// The same, endgame (fitted below zero).
    storm_eg: [i32; 3] = [-34, -3, -7],
    /// Without pawns, a side whose pieces' endgame material leads by at most this much keeps
    /// only [`Weights::pawnless_scale`] 64ths of its endgame score: a lead of a minor piece or
    /// less rarely wins.
    pawnless_margin: i32 = 372,
    /// The share of the endgame score, in 64ths, kept by a pawnless side with a small lead.
    /// Fitted below zero to Stockfish's scores (such a lead then counts a little against its
    /// side); docs/strength.md, "Fitted to Stockfish's scores".
    pawnless_scale: i32 = -9,
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
    outpost_knight_mg: i32 = 24,
    /// Knight outpost bonus, endgame.
    outpost_knight_eg: i32 = 3,
    /// Middlegame bonus for a bishop on an outpost.
    outpost_bishop_mg: i32 = 25,
    /// Bishop outpost bonus, endgame.
    outpost_bishop_eg: i32 = -6,
    /// Bonus for having the move.
    tempo: i32 = 28,
    /// Middlegame bonus per enemy knight, bishop, rook or queen that a pawn attacks: it must
    /// move or be lost for a pawn.
    threat_by_pawn_mg: i32 = 59,
    /// The same, endgame.
    threat_by_pawn_eg: i32 = 23,
    /// Middlegame bonus per enemy rook or queen that a knight or bishop attacks.
    threat_by_minor_mg: i32 = 47,
    /// The same, endgame.
    threat_by_minor_eg: i32 = 12,
    /// Middlegame bonus per enemy queen that a rook attacks.
    threat_by_rook_mg: i32 = 47,
    /// The same, endgame.
    threat_by_rook_eg: i32 = -4,
    /// Middlegame bonus per enemy pawn or piece (the king aside) that the side attacks and
    /// no enemy pawn or piece defends: it can be taken for nothing.
    hanging_mg: i32 = 16,
    /// The same, endgame.
    hanging_eg: i32 = 34,
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
    bishop_pawns_eg: i32 = -6,
    /// Middlegame bonus for a bishop on a long diagonal that sees both centre squares on it
    /// through every piece but pawns.
    long_diagonal_bishop_mg: i32 = 21,
    /// The same, endgame.
    long_diagonal_bishop_eg: i32 = 6,
    /// Middlegame bonus per enemy piece (the king included, not the pawns) that a pawn
    /// would attack after a safe push: one square forward, or two from the second rank, to a
    /// square that no enemy pawn guards, and that either the enemy does not attack or the side
    /// defends.
    threat_by_push_mg: i32 = 18,
    /// The same, endgame.
    threat_by_push_eg: i32 = 12,
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
    complexity_passed: i32 = 0,
    /// The endgame's complexity per pawn on the board.
    complexity_pawns: i32 = 0,
    /// The endgame's complexity per file the kings are further apart than ranks (negative
    /// when a king stands in front of the other, blocking its way).
    complexity_outflanking: i32 = 0,
    /// The endgame's complexity when there are pawns on both flanks (files a to d and e to
    /// h).
    complexity_both_flanks: i32 = 0,
    /// The endgame's complexity when a king has crossed into the enemy's half of the board.
    complexity_infiltration: i32 = 0,
    /// The endgame's complexity when no piece but the kings and pawns is left.
    complexity_pawns_only: i32 = 0,
    /// The endgame's complexity when the pawns are on one flank and a king blocks the other
    /// (the outflanking is negative): such endings are hard to win.
    complexity_unwinnable: i32 = 0,
    /// The endgame's complexity in every position, its constant term.
    complexity_base: i32 = 0,
}

/// Piece-square tables as seen by White, written rank 8 first (as a board diagram reads).
#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     78,  72,  71,  94,  87,  75,  72,  74,
     17,  13,  19,  43,  33,  53,  18,  40,
      0,   8,  10,  17,  24,  36,  14,  -9,
    -10,  -8,   4,  14,  18,  10,   8, -11,
    -11, -11,  -3, -12,  -6,  -3,  13, -10,
     -9,   1,  -4, -15, -13,  13,  27,  -6,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     27,  50,  51,  55,  38,  40,  49,   6,
     21,  14,  33,  13,  21,  17,  21,   4,
     12,   7,  -3,  -1,   0,   1,   7,  12,
     15,  11,   5,   9,   2,   7,   8,  11,
      8,   6,  10,  12,  18,  16,  -3,   9,
     17,  14,  23,  35,  26,  24,   9,  10,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -113, -42, -46, -23, -27, -33, -43, -89,
    -40, -12,  -3,   8,   2,  22, -25, -36,
    -18,  15,  13,  41,  37,  32,  18, -13,
    -11,   5,  22,  35,  23,  49,  21,  22,
    -13, -11,   7,  19,  24,  21,  23,   7,
    -43, -14,  -7,   4,  11,   6,  10, -23,
    -34, -38, -12,  -1,   3,   1, -12, -29,
    -59, -38, -21, -19,  -9, -22, -28, -53,
];
#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -50, -31, -29, -11, -19, -24, -36, -67,
    -21,  -5,   5,  23,   8, -11, -15, -24,
    -13, -12,   6,  13,   6,  17, -10, -14,
     -4,  -1,  22,  14,  20,   8,  12,  -7,
    -12,   3,  15,  17,  23,  13,   1, -12,
    -19,   4,  -3,  19,   3,  -9, -13, -14,
    -22, -21, -19, -16,  -9, -15, -13, -31,
    -55, -38, -16, -21, -16, -30, -27, -45,
];
#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -32, -16, -22, -25, -19, -20, -11, -23,
    -21, -45, -13,  -9, -16,  -5, -14, -17,
    -15,   1, -14,  39,  27,  31,  14,  11,
      0,  23,  14,  27,   7,  32,  19,  -4,
     -5,  -1,  20,  24,  31,   7,  18,   9,
     -4,   5,   2,  12,   4,  -2,  10,   6,
     19,  -1,  13,  -1,   8,  30,   9,  -4,
    -10,   7,  -8, -16, -13, -18, -10, -12,
];
#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
     -7,  -2,  -3, -17,  11,  -8,  -2, -19,
      6,   4,  13,   1,   4,  16,  -5,  -1,
     -5,  -8,  14,   3,  -1,  -3,  21,   8,
     -6,   2,   9,   3,  17,   4,   1,  -3,
     -6,   3,   9,   3,   8,  11,  -5,  -4,
      1,   5,   1,   4,   8,   5,  -3,  -2,
      0, -19, -14,  -5, -14, -21, -14, -14,
    -27,  -9,  -9,  -4, -13,  -4,  -7, -18,
];
#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
     22,  34,  32,  29,  25,  26,  38,  27,
      6,  13,  31,  33,  43,  38,  28,  43,
      6,  14,  28,  32,  35,  27,   5,  19,
    -11,  -9,  15,  10,  15,  16,   1,  -7,
    -21, -19, -19, -12,   4,  -9,  -2, -20,
    -31, -25, -29, -26, -12, -28,  -6, -20,
    -35, -25, -30, -10, -18,  -2, -19, -64,
    -14,  -7,  -2,   6,  14,   8, -15, -14,
];
#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
     22,  15,  19,  27,  24,  24,  19,  21,
     24,  17,   9,  11,  10,  16,   8,  13,
     18,  16,   4,   7,   3,  -1,  11,   2,
     25,  22,  16,  13,  11,   5,  11,  20,
      9,  11,  12,  13,  -4,   4,   8,   7,
      0,  -4,  -3,   0, -12,   0,  -1,  -6,
    -11,  -9,   0, -19, -17, -14, -25, -13,
     -5, -11,  -9, -14, -28, -21, -10, -22,
];
#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -14,  -1,   9,  11,  18,  22,  -1,  -1,
    -22, -38,  -9,   3,  11,   3, -10,  16,
    -13,  -1,   5,   6,   3,  52,  16,  10,
    -24, -18, -21, -25,  -8,  12,   8,  13,
    -20, -17, -17, -11, -11,  -3,   0,  -6,
    -35, -15,  -8, -14,  -7,  -2,  -3, -16,
    -17, -11,   2,   5,   6,  10,   0, -20,
    -12, -16,  -6,  -2, -17, -28, -21, -24,
];
#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -10,  14,  17,  21,  28,  34,  16,  15,
     -5,  27,  27,  55,  46,  36,  28,  12,
    -12,  18,  14,  37,  38,  32,  32,  -1,
     -3,  25,  23,  45,  45,  32,  34,  23,
    -12,  13,  18,  43,  26,  34,  15,   3,
    -20, -11,   3,   1,  -4,  -3, -10, -18,
    -26, -30, -52, -36, -46, -47, -28, -23,
    -41, -29, -39, -70, -51, -39, -34, -45,
];
#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -62, -26, -35, -46, -48, -36, -27, -66,
    -40, -25, -29, -45, -45, -36, -24, -48,
    -38, -32, -35, -49, -50, -38, -25, -38,
    -44, -32, -49, -66, -60, -51, -37, -43,
    -44, -39, -44, -63, -59, -55, -32, -47,
    -24, -15, -15, -49, -54, -46, -35, -35,
     13,   7, -19, -27, -36, -28,   1,   4,
    -34,  24,  28, -31,   6, -22,  34,  25,
];
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -98, -25, -10,  -4, -11, -20, -18, -111,
    -29,  14,  45,  21,  23,  36,  33, -55,
      4,  36,  33,  37,  37,  39,  41,  17,
    -16,  15,  29,  27,  35,  35,  30,  -7,
    -27,   4,  18,  23,  21,  18,   8, -17,
    -24,   0,   8,   4,  15,  16,   0, -13,
    -23,  -8,  -9,  -6,  -2,  -5, -13, -28,
    -32, -37, -41, -36, -50, -33, -42, -64,
];
