//! Perft: counting the leaves of the legal move tree, the proof of a move generator.

use crate::board::Board0x88;
use crate::moves::{Move, MoveList};

/// The number of leaf nodes of the legal move tree of `depth` plies from `board`.
///
/// At depth 1 the legal moves are counted, not made (bulk counting). The board is left as it
/// was.
///
/// ```
/// use x88::{Board0x88, perft};
/// let mut board = Board0x88::default();
/// assert_eq!(perft(&mut board, 3), 8_902);
/// ```
pub fn perft(board: &mut Board0x88, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            // Filled in place: `legal_moves()` would return the list by copy.
            let mut moves = MoveList::new();
            board.generate_legal(&mut moves);
            for mv in moves {
                let undo = board.make_move(mv);
                nodes += perft(board, depth - 1);
                board.unmake_move(mv, undo);
            }
            nodes
        }
    }
}

/// Perft split by root move: calls `per_move` with each legal move and the leaf count below it,
/// in generation order, and returns the total.
///
/// ```
/// use x88::{Board0x88, divide};
/// let mut board = Board0x88::default();
/// let mut lines = 0;
/// let total = divide(&mut board, 2, |mv, nodes| {
///     assert_eq!(nodes, 20, "{mv}");
///     lines += 1;
/// });
/// assert_eq!((lines, total), (20, 400));
/// ```
pub fn divide(board: &mut Board0x88, depth: u32, mut per_move: impl FnMut(Move, u64)) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for mv in board.legal_moves() {
        let undo = board.make_move(mv);
        let nodes = perft(board, depth - 1);
        board.unmake_move(mv, undo);
        per_move(mv, nodes);
        total += nodes;
    }
    total
}
