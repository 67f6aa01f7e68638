//! Criterion benchmark of the search (feature `search`): a fixed-depth search of a few
//! positions from an empty transposition table.
//!
//! Run with `cargo bench --bench search --features search`; each group reports the nodes
//! searched per second as "elements/s".

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use x88::Board0x88;
use x88::search::{Limits, Searcher};

/// The benchmarked positions: name, FEN and search depth.
const POSITIONS: [(&str, &str, u32); 3] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        9,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        7,
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 11),
];

/// Searches `board` to `depth` with a fresh searcher and returns the node count.
fn search_nodes(board: &Board0x88, depth: u32) -> u64 {
    let mut searcher = Searcher::new(1);
    let stop = AtomicBool::new(false);
    let clock = Instant::now();
    searcher
        .search(board, &[], &Limits::depth(depth), &stop, &clock, |_| {})
        .nodes
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen, depth) in POSITIONS {
        let board = Board0x88::from_fen(fen).expect("the benchmark FENs are valid");
        // The search is deterministic from an empty table: every run visits as many nodes.
        let nodes = search_nodes(&board, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| search_nodes(black_box(&board), black_box(depth)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
