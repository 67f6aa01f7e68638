//! Criterion benchmarks: perft and legal move generation on the start position and Kiwipete.
//!
//! Run with `cargo bench --bench perft`; the perft groups report nodes per second as
//! "elements/s".

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use x88::{Board0x88, perft};

/// Kiwipete (chessprogramming.org position 2): castling, pins, en passant and promotions.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The benchmarked positions: name, board, perft depth and the known node count at that depth.
fn positions() -> [(&'static str, Board0x88, u32, u64); 2] {
    let kiwipete = Board0x88::from_fen(KIWIPETE).expect("Kiwipete is a valid FEN");
    [
        ("start", Board0x88::start_position(), 4, 197_281),
        ("kiwipete", kiwipete, 3, 97_862),
    ]
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, board, depth, nodes) in positions() {
        // A benchmark of a wrong move generator is worthless: check the count first.
        let mut check = board;
        assert_eq!(perft(&mut check, depth), nodes, "perft({depth}) of {name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| {
                let mut board = black_box(board);
                perft(&mut board, black_box(depth))
            });
        });
    }
    group.finish();
}

fn bench_legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, board, _, _) in positions() {
        let moves = board.legal_moves().len() as u64;
        group.throughput(Throughput::Elements(moves));
        group.bench_function(name, |b| {
            b.iter(|| black_box(&board).legal_moves());
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_legal_moves);
criterion_main!(benches);
