//! The pawn structure's part of the evaluation.
//!
//! What depends on the two sides' pawns alone (their material and squares, doubled, isolated
//! and connected pawns, which pawns are passed, the squares they guard, the files they hold) is
//! worked out once per pawn structure by [`PawnInfo::compute`] and kept in an
//! [`EvalCache`](super::EvalCache).

use super::{Evaluator, Terms, Weights, relative_rank, table_index};
use crate::{Board0x88, Color, File, PieceKind, Rank, Square, SquareSet};

/// Pawn placement per colour (0 White, 1 Black), per file padded by one on each side so that
/// neighbour files need no bounds checks: count, lowest and highest rank.
struct PawnFiles {
    count: [[i32; 10]; 2],
    lowest: [[u8; 10]; 2],
    highest: [[u8; 10]; 2],
}

/// What the pawns alone decide, for both sides (0 White, 1 Black). It depends on the two
/// pawn sets only, so an [`EvalCache`](super::EvalCache) keeps it for every position with the
/// same pawns.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PawnInfo {
    /// The key: each side's pawns, as [`SquareSet`] bits.
    pub(super) pawns: [u64; 2],
    /// Material, piece-square, isolated, doubled and connected pawn terms.
    pub(super) terms: [Terms; 2],
    /// The passed pawns that earn the passed-pawn bonus (not those behind another of their
    /// own on the file). The bonus itself depends on the kings and on the square in front,
    /// so it is worked out at each evaluation.
    pub(super) passed: [SquareSet; 2],
    /// The squares the pawns guard.
    pub(super) guard: [SquareSet; 2],
    /// The files that hold a pawn (bit `f` for file `f`).
    pub(super) files: [u8; 2],
    /// The outposts: squares on the side's fourth to sixth rank that its pawns guard and no
    /// enemy pawn can ever attack, however far it advances.
    pub(super) outposts: [SquareSet; 2],
}

impl PawnInfo {
    /// The pawn terms of `board` under the weights of `evaluator`.
    pub(super) fn compute(board: &Board0x88, evaluator: &Evaluator) -> PawnInfo {
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
        // White's fourth to sixth ranks, and Black's (the fifth to third counted from White).
        let middle = SquareSet::rank(Rank::Fourth) | SquareSet::rank(Rank::Fifth);
        let outpost_ranks = [
            middle | SquareSet::rank(Rank::Sixth),
            middle | SquareSet::rank(Rank::Third),
        ];
        let span = [
            attack_span(sets[0], Color::White),
            attack_span(sets[1], Color::Black),
        ];
        for side in 0..2 {
            info.outposts[side] = info.guard[side] & !span[1 - side] & outpost_ranks[side];
        }
        let w = &evaluator.weights;
        for color in Color::ALL {
            let side = color.index();
            let connected = info.guard[side] | beside(sets[side]);
            for sq in sets[side] {
                let idx = table_index(sq.index(), color);
                let k = PieceKind::Pawn.index();
                info.terms[side].add(evaluator.mg_table[k][idx], evaluator.eg_table[k][idx]);
                if connected.contains(sq) {
                    let rank = relative_rank(sq, color);
                    info.terms[side].add(w.connected_mg[rank], w.connected_eg[rank]);
                }
                let (mg, eg, passed) = pawn_structure(&files, sq, color, w);
                info.terms[side].add(mg, eg);
                if passed {
                    info.passed[side] |= sq;
                }
            }
        }
        info
    }
}

/// The squares beside those of `set` on their ranks, one file to the left or right (none
/// across the board's edge).
fn beside(set: SquareSet) -> SquareSet {
    const NOT_FILE_A: u64 = !SquareSet::file(File::A).0;
    const NOT_FILE_H: u64 = !SquareSet::file(File::H).0;
    SquareSet(((set.0 & NOT_FILE_H) << 1) | ((set.0 & NOT_FILE_A) >> 1))
}

/// The squares the pawns of `color` in `pawns` attack or could attack by advancing: those on
/// the files beside each pawn, on every rank in front of it.
fn attack_span(pawns: SquareSet, color: Color) -> SquareSet {
    // The squares in front of each pawn on its file (a fill along the file, pawn excluded).
    let mut front = 0;
    let mut step = pawns.0;
    for _ in 0..6 {
        step = match color {
            Color::White => step << 8,
            Color::Black => step >> 8,
        };
        front |= step;
    }
    beside(SquareSet(front))
}

/// The doubled and isolated terms (middlegame, endgame) of the pawn of `color` on `sq`, and
/// whether it earns the passed-pawn bonus (passed, and not behind another of its own).
fn pawn_structure(pawns: &PawnFiles, sq: Square, color: Color, w: &Weights) -> (i32, i32, bool) {
    let mut own = Terms::default();
    let side = color.index();
    let white = color == Color::White;
    let file = sq.file().index() + 1;
    let rank = sq.rank().index() as u8; // 0..8
    let enemy = 1 - side;
    if pawns.count[side][file - 1] == 0 && pawns.count[side][file + 1] == 0 {
        own.add(-w.isolated_mg, -w.isolated_eg);
    }
    // Each pawn behind another of its own on the file counts as doubled once.
    let behind = if white {
        pawns.highest[side][file] > rank
    } else {
        pawns.lowest[side][file] < rank
    };
    if behind {
        own.add(-w.doubled_mg, -w.doubled_eg);
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
