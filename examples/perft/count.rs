//! x88's perft as the example runs it: with bulk counting or playing every leaf move, with or
//! without a transposition table, on one thread or with the root moves split over several.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use x88::{Board0x88, Move, MoveList};

use crate::contenders::x88_perft_every_leaf;
use crate::hash::Table;

/// The shallowest subtree looked up in the transposition table: below it a probe (a likely
/// cache miss) costs more than counting.
const MIN_HASHED_DEPTH: u32 = 2;

/// How a perft is counted.
pub struct Counter {
    /// Count the legal moves at depth 1 instead of making each one.
    pub bulk: bool,
    /// The threads that the root moves are split over; 1 counts on the calling thread only.
    pub threads: usize,
    /// The transposition table, shared by all threads, if any.
    pub table: Option<Table>,
}

impl Counter {
    /// The number of leaves of the legal move tree of `depth` plies from `board`.
    pub fn perft(&self, board: &mut Board0x88, depth: u32) -> Result<u64, String> {
        if self.threads <= 1 {
            Ok(self.subtree(board, depth))
        } else {
            self.divide(board, depth, |_, _| {})
        }
    }

    /// Perft split by root move: calls `per_move` with each legal move and its count, in
    /// generation order, and returns the total. On one thread each move is reported as soon
    /// as it is counted; with several, once all are.
    pub fn divide(
        &self,
        board: &mut Board0x88,
        depth: u32,
        mut per_move: impl FnMut(Move, u64),
    ) -> Result<u64, String> {
        if depth == 0 {
            return Ok(1);
        }
        let moves = board.legal_moves();
        let mut total = 0;
        if self.threads <= 1 {
            for &mv in &moves {
                let undo = board.make_move(mv);
                let nodes = self.subtree(board, depth - 1);
                board.unmake_move(mv, undo);
                per_move(mv, nodes);
                total += nodes;
            }
        } else {
            let counts = self.split(board, &moves, depth - 1)?;
            for (&mv, nodes) in moves.iter().zip(counts) {
                per_move(mv, nodes);
                total += nodes;
            }
        }
        Ok(total)
    }

    /// The counts of depth `depth` below each of `moves`, in order. The calling thread and up
    /// to `threads - 1` more take the moves one at a time, each on its own copy of the board;
    /// if a thread cannot be started, the others do its share.
    fn split(&self, board: &Board0x88, moves: &MoveList, depth: u32) -> Result<Vec<u64>, String> {
        let next = AtomicUsize::new(0);
        let worker = || {
            let mut board = *board;
            let mut done = Vec::new();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(&mv) = moves.get(index) else {
                    return done;
                };
                let undo = board.make_move(mv);
                done.push((index, self.subtree(&mut board, depth)));
                board.unmake_move(mv, undo);
            }
        };
        thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads.min(moves.len()))
                .filter_map(|_| thread::Builder::new().spawn_scoped(scope, worker).ok())
                .collect();
            let mut counts = vec![0; moves.len()];
            let mut record = |done: Vec<(usize, u64)>| {
                for (index, nodes) in done {
                    counts[index] = nodes;
                }
            };
            record(worker());
            for helper in helpers {
                record(
                    helper
                        .join()
                        .map_err(|_| "a perft thread failed".to_owned())?,
                );
            }
            Ok(counts)
        })
    }

    /// The count of one subtree, on the calling thread.
    fn subtree(&self, board: &mut Board0x88, depth: u32) -> u64 {
        match (&self.table, self.bulk) {
            (None, true) => x88::perft(board, depth),
            (None, false) => x88_perft_every_leaf(board, depth),
            (Some(table), true) => hashed::<true>(board, depth, table),
            (Some(table), false) => hashed::<false>(board, depth, table),
        }
    }
}

/// Perft through the transposition table: each subtree of at least [`MIN_HASHED_DEPTH`] plies is
/// looked up first and stored once counted. Shallower ones are counted with bulk counting if
/// `BULK`, else by playing every leaf move.
fn hashed<const BULK: bool>(board: &mut Board0x88, depth: u32, table: &Table) -> u64 {
    if depth < MIN_HASHED_DEPTH {
        return if BULK {
            x88::perft(board, depth)
        } else {
            x88_perft_every_leaf(board, depth)
        };
    }
    let hash = board.hash();
    if let Some(nodes) = table.probe(hash, depth) {
        return nodes;
    }
    let moves = board.legal_moves();
    let mut nodes = 0;
    for &mv in &moves {
        let undo = board.make_move(mv);
        nodes += hashed::<BULK>(board, depth - 1, table);
        board.unmake_move(mv, undo);
    }
    table.store(hash, depth, nodes);
    nodes
}
