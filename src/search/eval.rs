//! The static evaluation: what a quiet position is worth to the side to move, in centipawns.
//!
//! A tapered evaluation: every term has a middlegame and an endgame value, blended by the game
//! phase (the non-pawn material left). The terms are material and piece-square tables,
//! mobility (pseudo-legal squares per piece, walked along the 0x88 rays, not counting squares
//! an enemy pawn guards), king safety (pawn shield and enemy pieces reaching the squares around
//! the king), pawn structure (passed, doubled and isolated pawns), rooks on open files and the
//! bishop pair. Everything is computed from White's side and mirrored for Black, so a position
//! and its colour-flipped mirror score alike (see the tests).
//!
//! The pawn terms that depend on the pawns alone are worked out once per pawn structure when
//! a [`PawnCache`] is given ([`evaluate_cached`], as the search does); [`evaluate`] works
//! them out every time. The two always agree.

use alloc::boxed::Box;
use alloc::vec;

use crate::{Board0x88, Color, Piece, PieceKind, Square, SquareSet};

/// The largest game phase: all minor pieces (1 each), rooks (2) and queens (4) on the board.
const MAX_PHASE: i32 = 24;
/// Phase weight by kind (indexed by [`PieceKind::index`], as every per-kind table here).
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// Middlegame and endgame material by kind.
const VALUE_MG: [i32; 6] = [85, 330, 355, 470, 1020, 0];
const VALUE_EG: [i32; 6] = [100, 290, 300, 520, 940, 0];

/// Mobility per reachable square (middlegame, endgame), and the count that scores zero.
const MOBILITY_MG: [i32; 6] = [0, 4, 5, 2, 1, 0];
const MOBILITY_EG: [i32; 6] = [0, 4, 5, 4, 2, 0];
const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 6, 12, 0];
/// How much a piece of each kind adds to the attack on the enemy king per square it reaches
/// next to the king.
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// Passed pawn bonus by the pawn's rank seen from its own side (0 = first rank).
const PASSED_MG: [i32; 8] = [0, 2, 5, 12, 25, 45, 75, 0];
const PASSED_EG: [i32; 8] = [0, 8, 12, 25, 45, 80, 130, 0];

const DOUBLED_MG: i32 = 8;
const DOUBLED_EG: i32 = 18;
const ISOLATED_MG: i32 = 10;
const ISOLATED_EG: i32 = 12;
const BISHOP_PAIR_MG: i32 = 28;
const BISHOP_PAIR_EG: i32 = 50;
const ROOK_OPEN_MG: i32 = 25;
const ROOK_OPEN_EG: i32 = 10;
const ROOK_SEMI_OPEN_MG: i32 = 12;
const ROOK_SEMI_OPEN_EG: i32 = 6;
const SHIELD_NEAR: i32 = 12;
const SHIELD_FAR: i32 = 6;
const SHIELD_MISSING: i32 = 14;
/// A small bonus for having the move.
const TEMPO: i32 = 10;

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

/// Material plus piece-square value by kind and table index, middlegame and endgame.
static MG_TABLE: [[i32; 64]; 6] = combined_tables(&VALUE_MG, MG_TABLES);
static EG_TABLE: [[i32; 64]; 6] = combined_tables(&VALUE_EG, EG_TABLES);

const MG_TABLES: [&[i32; 64]; 6] = [
    &PAWN_MG, &KNIGHT_MG, &BISHOP_MG, &ROOK_MG, &QUEEN_MG, &KING_MG,
];
const EG_TABLES: [&[i32; 64]; 6] = [
    &PAWN_EG, &KNIGHT_EG, &BISHOP_EG, &ROOK_EG, &QUEEN_EG, &KING_EG,
];

const fn combined_tables(values: &[i32; 6], tables: [&[i32; 64]; 6]) -> [[i32; 64]; 6] {
    let mut combined = [[0; 64]; 6];
    let mut kind = 0;
    while kind < 6 {
        let mut index = 0;
        while index < 64 {
            combined[kind][index] = values[kind] + tables[kind][index];
            index += 1;
        }
        kind += 1;
    }
    combined
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

/// Pawn placement per colour (0 White, 1 Black), per file padded by one on each side so that
/// neighbour files need no bounds checks: count, lowest and highest rank.
struct PawnFiles {
    count: [[i32; 10]; 2],
    lowest: [[u8; 10]; 2],
    highest: [[u8; 10]; 2],
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

/// What the pawns alone decide, for both sides (0 White, 1 Black). It depends on the two
/// pawn sets only, so a [`PawnCache`] keeps it for every position with the same pawns.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
struct PawnInfo {
    /// The key: each side's pawns, as [`SquareSet`] bits.
    pawns: [u64; 2],
    /// Material, piece-square, isolated and doubled pawn terms.
    terms: [Terms; 2],
    /// The passed pawns that earn the passed-pawn bonus (not those behind another of their
    /// own on the file). The bonus itself depends on the kings and on the square in front,
    /// so it is worked out at each evaluation.
    passed: [SquareSet; 2],
    /// The squares the pawns guard.
    guard: [SquareSet; 2],
    /// The files that hold a pawn (bit `f` for file `f`).
    files: [u8; 2],
}

impl PawnInfo {
    /// The pawn terms of `board`.
    fn compute(board: &Board0x88) -> PawnInfo {
        let sets = Color::ALL.map(|color| board.pieces(color, PieceKind::Pawn));
        let mut files = PawnFiles {
            count: [[0; 10]; 2],
            lowest: [[8; 10]; 2],
            highest: [[0; 10]; 2],
        };
        let mut info = PawnInfo {
            pawns: sets.map(|set| set.0),
            ..PawnInfo::default()
        };
        for (side, set) in sets.iter().enumerate() {
            for sq in *set {
                let file = sq.file().index() + 1;
                let rank = sq.rank().index() as u8; // 0..8
                files.count[side][file] += 1;
                files.lowest[side][file] = files.lowest[side][file].min(rank);
                files.highest[side][file] = files.highest[side][file].max(rank);
                info.files[side] |= 1 << (file - 1);
                info.guard[side] |= board.attacks_from(sq);
            }
        }
        for color in Color::ALL {
            let side = color.index();
            for sq in sets[side] {
                let idx = table_index(sq.index(), color);
                let k = PieceKind::Pawn.index();
                info.terms[side].add(MG_TABLE[k][idx], EG_TABLE[k][idx]);
                let (mg, eg, passed) = pawn_structure(&files, sq, color);
                info.terms[side].add(mg, eg);
                if passed {
                    info.passed[side] |= sq;
                }
            }
        }
        info
    }
}

/// How many entries a [`PawnCache`] holds: a power of two.
const PAWN_CACHE_ENTRIES: usize = 1 << 12;

/// The pawn terms of recent pawn structures, so that [`evaluate_cached`] works them out once
/// per structure, not once per position: a search meets the same pawns in most of its nodes.
/// About 300 KiB. Entries are checked against both sides' full pawn sets, so a cached
/// evaluation is always the same as [`evaluate`]'s.
///
/// ```
/// use x88::Board0x88;
/// use x88::search::eval::{PawnCache, evaluate, evaluate_cached};
/// let mut cache = PawnCache::new();
/// let board = Board0x88::default();
/// assert_eq!(evaluate_cached(&board, &mut cache), evaluate(&board));
/// assert_eq!(evaluate_cached(&board, &mut cache), evaluate(&board)); // now from the cache
/// ```
#[derive(Clone)]
pub struct PawnCache {
    entries: Box<[PawnInfo]>,
}

impl PawnCache {
    /// An empty cache.
    #[must_use]
    pub fn new() -> PawnCache {
        PawnCache {
            entries: vec![PawnInfo::default(); PAWN_CACHE_ENTRIES].into_boxed_slice(),
        }
    }

    /// Forgets every entry. Entries never go stale (each is checked against both pawn sets),
    /// so this is for a caller that wants a search not to depend on earlier ones, as
    /// [`Searcher::clear`](crate::search::Searcher::clear) does.
    pub fn clear(&mut self) {
        self.entries.fill(PawnInfo::default());
    }

    /// The pawn terms of `board`, from the cache or worked out and stored.
    #[inline]
    fn get(&mut self, board: &Board0x88) -> &PawnInfo {
        let pawns = Color::ALL.map(|color| board.pieces(color, PieceKind::Pawn).0);
        let mixed = (pawns[0] ^ pawns[1].rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The table's size is a power of two: the top bits of the product pick the entry.
        let index = (mixed >> (64 - PAWN_CACHE_ENTRIES.trailing_zeros())) as usize;
        let entry = &mut self.entries[index & (PAWN_CACHE_ENTRIES - 1)];
        // A zeroed entry is right for a board without pawns, the only one whose key it has.
        if entry.pawns != pawns {
            *entry = PawnInfo::compute(board);
        }
        entry
    }
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache::new()
    }
}

impl core::fmt::Debug for PawnCache {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PawnCache")
            .field("entries", &self.entries.len())
            .finish_non_exhaustive()
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
    evaluate_with(board, &PawnInfo::compute(board))
}

/// [`evaluate`], with the pawn terms from `cache` when it has them: the same value, sooner.
/// See [`PawnCache`].
#[must_use]
pub fn evaluate_cached(board: &Board0x88, cache: &mut PawnCache) -> i32 {
    evaluate_with(board, cache.get(board))
}

/// The evaluation, given the pawn terms of `board`.
fn evaluate_with(board: &Board0x88, pawn_info: &PawnInfo) -> i32 {
    let kings = [board.king(Color::White), board.king(Color::Black)];
    // Per colour: the squares around (and of) its king, and the squares its pieces stand on.
    let king_zone = kings.map(|king| board.attacks_from(king) | SquareSet::from(king));
    let own = Color::ALL.map(|color| board.occupied_by(color));
    let mut non_pawn = [0i32; 2];
    let mut terms = [Terms::default(); 2];
    let mut phase = 0;
    let mut attack_units = [0i32; 2];
    let mut attackers = [0i32; 2];
    for color in Color::ALL {
        let side = color.index();
        let enemy = 1 - side;
        let enemy_guard = pawn_info.guard[enemy];
        let enemy_zone = king_zone[enemy];
        // Summed in locals (registers), not through a reference into `terms`.
        let mut sum = pawn_info.terms[side];
        let mut bishops = 0;
        for &sq in board.piece_squares(color) {
            let Some(kind) = board.kind_on(sq) else {
                continue;
            };
            if kind == PieceKind::Pawn {
                continue; // in `pawn_info`
            }
            let k = kind.index();
            let idx = table_index(sq.index(), color);
            sum.add(MG_TABLE[k][idx], EG_TABLE[k][idx]);
            phase += PHASE_WEIGHT[k];
            match kind {
                PieceKind::King => continue,
                PieceKind::Bishop => bishops += 1,
                PieceKind::Rook => {
                    let file = 1 << sq.file().index();
                    if pawn_info.files[side] & file == 0 {
                        if pawn_info.files[enemy] & file == 0 {
                            sum.add(ROOK_OPEN_MG, ROOK_OPEN_EG);
                        } else {
                            sum.add(ROOK_SEMI_OPEN_MG, ROOK_SEMI_OPEN_EG);
                        }
                    }
                }
                _ => {}
            }
            non_pawn[side] += VALUE_EG[k];
            // Mobility: the squares the piece reaches that its own side does not hold, not
            // counting those an enemy pawn guards; king safety: those next to the enemy king.
            let reach = board.attacks_from(sq) - own[side];
            let squares = (reach - enemy_guard).len() as i32;
            let king_hits = (reach & enemy_zone).len() as i32;
            let extra = squares - MOBILITY_BASE[k];
            sum.add(extra * MOBILITY_MG[k], extra * MOBILITY_EG[k]);
            if king_hits > 0 {
                attackers[side] += 1;
                attack_units[side] += KING_ATTACK_WEIGHT[k] * king_hits;
            }
        }
        for sq in pawn_info.passed[side] {
            let (mg, eg) = passed_bonus(board, sq, color, kings);
            sum.add(mg, eg);
        }
        if bishops >= 2 {
            sum.add(BISHOP_PAIR_MG, BISHOP_PAIR_EG);
        }
        terms[side] = sum;
    }

    for color in Color::ALL {
        let side = color.index();
        let shield = pawn_shield(board, kings[side], color);
        terms[side].add(shield, 0);
        // The attack on the king of `side` comes from the other side's pieces.
        let enemy = 1 - side;
        if attackers[enemy] >= 2 {
            let units = attack_units[enemy];
            let danger = (units * units / 2).min(600);
            terms[side].add(-danger, -danger / 8);
        }
    }

    let mg = terms[0].mg - terms[1].mg;
    let mut eg = terms[0].eg - terms[1].eg;
    // Without pawns, a lead of a minor piece or less rarely wins.
    let stronger = if eg >= 0 { 0 } else { 1 };
    if pawn_info.pawns[stronger] == 0 && non_pawn[stronger] - non_pawn[1 - stronger] <= 350 {
        eg /= 8;
    }
    let phase = phase.min(MAX_PHASE);
    let white_score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    let score = if board.side_to_move() == Color::White {
        white_score
    } else {
        -white_score
    };
    score + TEMPO
}

/// The doubled and isolated terms (middlegame, endgame) of the pawn of `color` on `sq`, and
/// whether it earns the passed-pawn bonus (passed, and not behind another of its own).
fn pawn_structure(pawns: &PawnFiles, sq: Square, color: Color) -> (i32, i32, bool) {
    let mut own = Terms::default();
    let side = color.index();
    let white = color == Color::White;
    let file = sq.file().index() + 1;
    let rank = sq.rank().index() as u8; // 0..8
    let enemy = 1 - side;
    if pawns.count[side][file - 1] == 0 && pawns.count[side][file + 1] == 0 {
        own.add(-ISOLATED_MG, -ISOLATED_EG);
    }
    // Each pawn behind another of its own on the file counts as doubled once.
    let behind = if white {
        pawns.highest[side][file] > rank
    } else {
        pawns.lowest[side][file] < rank
    };
    if behind {
        own.add(-DOUBLED_MG, -DOUBLED_EG);
    }
    let passed = (file - 1..=file + 1).all(|f| {
        if white {
            pawns.highest[enemy][f] <= rank
        } else {
            pawns.lowest[enemy][f] >= rank
        }
    });
    (own.mg, own.eg, passed && !behind)
}

/// The passed-pawn bonus (middlegame, endgame) of the pawn of `color` on `sq`: by its rank,
/// less if its square in front is taken, and in the endgame by the kings' distances to that
/// square.
fn passed_bonus(board: &Board0x88, sq: Square, color: Color, kings: [Square; 2]) -> (i32, i32) {
    let side = color.index();
    let enemy = 1 - side;
    let relative = relative_rank(sq, color);
    let mut eg = PASSED_EG[relative];
    if let Some(front) = sq.offset(color.forward()) {
        if board.piece_on(front).is_some() {
            eg -= eg / 3;
        }
        // In the endgame the kings' distances to the square in front matter.
        let scale = relative as i32;
        eg += scale * (distance(front, kings[enemy]) * 5 - distance(front, kings[side]) * 2);
    }
    (PASSED_MG[relative], eg)
}

/// The middlegame pawn shield of the king of `color` on `king`: own pawns one or two ranks in
/// front of it on its file and the files beside it, a penalty for each of those files without
/// one.
fn pawn_shield(board: &Board0x88, king: Square, color: Color) -> i32 {
    if relative_rank(king, color) > 1 {
        return -SHIELD_MISSING;
    }
    let forward = color.forward();
    let own_pawn = Some(Piece::new(color, PieceKind::Pawn));
    let mut score = 0;
    for side_step in [-1i8, 0, 1] {
        let Some(base) = king.offset(side_step) else {
            continue;
        };
        let near = base.offset(forward);
        let far = near.and_then(|near| near.offset(forward));
        if near.is_some_and(|sq| board.piece_on(sq) == own_pawn) {
            score += SHIELD_NEAR;
        } else if far.is_some_and(|sq| board.piece_on(sq) == own_pawn) {
            score += SHIELD_FAR;
        } else {
            score -= SHIELD_MISSING;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::evaluate;
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

    /// The cache changes nothing: one cache over thousands of positions, twice (so entries are
    /// replaced by other structures and found again) gives every position the uncached value.
    #[test]
    fn cached_evaluation_is_the_evaluation() {
        let mut cache = super::PawnCache::new();
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
