//! The pawn structure's part of the evaluation.
//!
//! What depends on the two sides' pawns alone (their material and squares, doubled, isolated,
//! backward and connected pawns, which pawns are passed, the squares they guard, the files
//! they hold) is worked out once per pawn structure by [`PawnInfo::compute`] and kept in an
//! [`EvalCache`](super::EvalCache); what depends on the pawns and a king's square (its
//! shelter) is kept beside it for the king's last square.

use super::{
    Evaluator, Terms, Weights, forward, pawn_shield, pawn_storm, relative_rank, table_index,
};
use crate::{Board0x88, Color, PieceKind, Rank, Square, SquareSet};

/// What the pawns alone decide, for both sides (0 White, 1 Black). It depends on the two
/// pawn sets only, so an [`EvalCache`](super::EvalCache) keeps it for every position with the
/// same pawns; with it, each king's shelter for the square the king last stood on.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PawnInfo {
    /// The key: each side's pawns, as [`SquareSet`] bits.
    pub(super) pawns: [u64; 2],
    /// Material, piece-square, isolated, doubled, backward and connected pawn terms.
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
    /// Each side's king shelter, [`PawnInfo::shelter`], for the king on `shelter_king`.
    shelter: [Terms; 2],
    /// The square of each side's king that `shelter` was worked out for (`None` before).
    shelter_king: [Option<Square>; 2],
}

impl PawnInfo {
    /// The shelter (middlegame, endgame) of the king of `color` on `king` in `board`, whose
    /// pawns are this entry's: its pawn shield less the enemy pawns' storm, and less the cost
    /// of a flank without pawns. These depend on the pawns and that king's square only, so
    /// the entry keeps the last one worked out for each side, and a king that has not moved
    /// since costs nothing.
    #[inline(always)]
    pub(super) fn shelter(
        &mut self,
        board: &Board0x88,
        king: Square,
        color: Color,
        w: &Weights,
    ) -> Terms {
        let side = color.index();
        if self.shelter_king[side] != Some(king) {
            let shield = pawn_shield(board, king, color, w);
            let (storm_mg, storm_eg) = pawn_storm(board, king, color, w);
            let flank = file_fill(KING_FLANKS[king.file().index()]);
            let pawns = SquareSet(self.pawns[0] | self.pawns[1]);
            let pawnless = i32::from((pawns & flank).is_empty());
            self.shelter[side] = Terms {
                mg: shield - storm_mg - pawnless * w.pawnless_flank_mg,
                eg: -storm_eg - pawnless * w.pawnless_flank_eg,
            };
            self.shelter_king[side] = Some(king);
        }
        self.shelter[side]
    }

    /// The pawn terms of `board` under the weights of `evaluator`: set operations on both
    /// sides' pawns, then for each side a walk over its pawns for their squares' values and
    /// one over its connected pawns for their bonus.
    pub(super) fn compute(board: &Board0x88, evaluator: &Evaluator) -> PawnInfo {
        let sets = Color::ALL.map(|color| board.pieces(color, PieceKind::Pawn));
        let w = &evaluator.weights;
        let mut info = PawnInfo {
            pawns: sets.map(|set| set.0),
            guard: [
                sets[0].pawn_attacks(Color::White),
                sets[1].pawn_attacks(Color::Black),
            ],
            files: sets.map(files),
            ..PawnInfo::default()
        };
        // The squares in front of each side's pawns on their files, from that side's view.
        let front = [
            front_span(sets[0], Color::White),
            front_span(sets[1], Color::Black),
        ];
        // White's fourth to sixth ranks, and Black's (the fifth to third counted from White):
        // outposts are those of them that no enemy pawn can ever attack, its attack span being
        // the files beside the squares in front of it.
        let middle = SquareSet::rank(Rank::Fourth) | SquareSet::rank(Rank::Fifth);
        let outpost_ranks = [
            middle | SquareSet::rank(Rank::Sixth),
            middle | SquareSet::rank(Rank::Third),
        ];
        for color in Color::ALL {
            let side = color.index();
            let enemy = 1 - side;
            info.outposts[side] = info.guard[side] & !beside(front[enemy]) & outpost_ranks[side];
            let pawns = sets[side];
            let k = PieceKind::Pawn.index();
            let mut terms = Terms::default();
            for sq in pawns {
                let idx = table_index(sq.index(), color);
                terms.add(evaluator.mg_table[k][idx], evaluator.eg_table[k][idx]);
            }
            let connected = pawns & (info.guard[side] | beside(pawns));
            for sq in connected {
                let rank = relative_rank(sq, color);
                terms.add(w.connected_mg[rank], w.connected_eg[rank]);
            }
            // Isolated: no pawn of its own on a file beside its own.
            let files = info.files[side];
            let lonely_files = !(files << 1 | files >> 1);
            let isolated_set = pawns & file_fill(lonely_files);
            let isolated = isolated_set.len() as i32;
            // Doubled: behind another pawn of its own on the file (once per such pawn).
            let behind = pawns & front_span(pawns, !color);
            let doubled = behind.len() as i32;
            // Backward: not isolated, yet no pawn of its own stands beside it or behind it on
            // a file beside (so none can ever guard it), and an enemy pawn guards the square
            // in front of it, so it cannot safely advance to find support either.
            let backward_set = {
                let can_be_guarded = beside(pawns | front_span(pawns, color));
                let stop_guarded = forward(info.guard[enemy], !color);
                (pawns & stop_guarded) - can_be_guarded - isolated_set
            };
            let backward = backward_set.len() as i32;
            // Weak and unopposed: isolated or backward, with no enemy pawn in front of it on
            // its file, which is half-open for the enemy's rooks and queens.
            let unopposed = ((isolated_set | backward_set) - front[enemy]).len() as i32;
            terms.add(
                -isolated * w.isolated_mg
                    - doubled * w.doubled_mg
                    - backward * w.backward_mg
                    - unopposed * w.weak_unopposed_mg,
                -isolated * w.isolated_eg
                    - doubled * w.doubled_eg
                    - backward * w.backward_eg
                    - unopposed * w.weak_unopposed_eg,
            );
            // Passed: no enemy pawn in front of it on its file or the files beside; the bonus
            // goes to the front one of pawns doubled on a file.
            let enemy_front = front[enemy];
            info.passed[side] = pawns - (enemy_front | beside(enemy_front)) - behind;
            info.terms[side] = terms;
        }
        info
    }
}

/// The files of a king's flank by the king's file (bit `f` for file `f`): a to c for a king on
/// the a-file, a to d on b or c, c to f on d or e, e to h on f or g, f to h on h.
const KING_FLANKS: [u8; 8] = [0x07, 0x0f, 0x0f, 0x3c, 0x3c, 0xf0, 0xf0, 0xe0];

/// The files of `pawns` (bit `f` for file `f`).
fn files(pawns: SquareSet) -> u8 {
    let mut folded = pawns.0;
    folded |= folded >> 32;
    folded |= folded >> 16;
    folded |= folded >> 8;
    folded as u8
}

/// Every square of the files in `files` (bit `f` for file `f`).
fn file_fill(files: u8) -> SquareSet {
    SquareSet(u64::from(files) * 0x0101_0101_0101_0101)
}

/// The squares in front of those of `set` on their files, as `color` advances (for White up
/// the board), the squares of `set` themselves not included.
pub(super) fn front_span(set: SquareSet, color: Color) -> SquareSet {
    let mut span = set.0;
    match color {
        Color::White => {
            span <<= 8;
            span |= span << 8;
            span |= span << 16;
            span |= span << 32;
        }
        Color::Black => {
            span >>= 8;
            span |= span >> 8;
            span |= span >> 16;
            span |= span >> 32;
        }
    }
    SquareSet(span)
}

/// The squares beside those of `set` on their ranks, one file to the left or right (none
/// across the board's edge).
fn beside(set: SquareSet) -> SquareSet {
    set.shift(-1, 0) | set.shift(1, 0)
}
