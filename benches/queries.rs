//! Criterion benchmarks of the board's attack queries, which an engine calls outside move
//! generation (in its evaluation, its legality checks, its search's check tests):
//! [`Board0x88::is_attacked`], [`Board0x88::attackers`], [`Board0x88::checkers`],
//! [`Board0x88::is_check`] and [`Board0x88::pinned`].
//!
//! Each benchmark asks its question of the six chessprogramming.org perft positions and every
//! position one legal move from them (184 boards); the square queries ask about every square
//! and both colours. Run with `cargo bench --bench queries`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use x88::{Board0x88, Color, Square};

/// The six chessprogramming.org perft positions.
const PERFT_POSITIONS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// The perft positions and every position one legal move from them.
fn boards() -> Vec<Board0x88> {
    let mut boards = Vec::new();
    for fen in PERFT_POSITIONS {
        let board = Board0x88::from_fen(fen).expect("the perft positions are valid FENs");
        for mv in board.legal_moves() {
            let mut child = board;
            child.play_unchecked(mv);
            boards.push(child);
        }
        boards.push(board);
    }
    boards
}

fn bench_queries(c: &mut Criterion) {
    let boards = boards();
    let mut group = c.benchmark_group("queries");
    let square_queries = (boards.len() * Square::ALL.len() * Color::ALL.len()) as u64;
    group.throughput(Throughput::Elements(square_queries));
    group.bench_function("is_attacked", |b| {
        b.iter(|| {
            let mut attacked = 0;
            for board in &boards {
                for square in Square::ALL {
                    for color in Color::ALL {
                        attacked += usize::from(board.is_attacked(black_box(square), color));
                    }
                }
            }
            attacked
        });
    });
    group.bench_function("attackers", |b| {
        b.iter(|| {
            let mut attackers = 0;
            for board in &boards {
                for square in Square::ALL {
                    for color in Color::ALL {
                        attackers += board.attackers(black_box(square), color).len();
                    }
                }
            }
            attackers
        });
    });
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("is_check", |b| {
        b.iter(|| {
            let checks: usize = boards
                .iter()
                .map(|board| usize::from(black_box(board).is_check()))
                .sum();
            checks
        });
    });
    group.bench_function("checkers", |b| {
        b.iter(|| {
            let checkers: usize = boards
                .iter()
                .map(|board| black_box(board).checkers().len())
                .sum();
            checkers
        });
    });
    group.bench_function("pinned", |b| {
        b.iter(|| {
            let pinned: usize = boards
                .iter()
                .map(|board| black_box(board).pinned().len())
                .sum();
            pinned
        });
    });
    group.finish();
}

criterion_group!(benches, bench_queries);
criterion_main!(benches);
