//! Criterion benchmark: x88 side by side with shakmaty and cozy-chess.
//!
//! The six chessprogramming.org perft positions, each at two plies less than the full
//! comparison of `cargo run --release --example perft -- --compare` (start D4, Kiwipete D3,
//! position 3 D5, position 4 D4, position 5 D3, position 6 D3), so that the whole run takes
//! minutes. One group per position holds every library in both modes:
//! `<library>/bulk` (the legal moves counted at depth 1) and `<library>/every-leaf` (every leaf
//! move made and unmade by x88, cloned and played by the copy-make crates). The throughput is
//! in nodes ("elements/s").
//!
//! The perft code is the example's own (`examples/perft/contenders.rs`, included below), so the
//! bench and `--compare` time exactly the same thing. Each library's bulk perft there is
//! written as that library's own is, so a library runs as fast here as its own perft binary
//! does in a process of its own (see the module docs of `contenders.rs`). Run with
//! `cargo bench --bench compare`; a filter such as `cargo bench --bench compare -- kiwipete`
//! runs one position.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "../examples/perft/contenders.rs"]
mod contenders;

use contenders::{Boards, Library, POSITIONS};

/// How many plies less than the full comparison depth the bench searches.
const DEPTH_OFFSET: u32 = 2;

fn bench_compare(c: &mut Criterion) {
    for position in &POSITIONS {
        let boards = Boards::new(position.fen).expect("the comparison positions are valid");
        let depth = position.full_depth() - DEPTH_OFFSET;
        let nodes = position.expected(depth).expect("a known count");

        let mut group = c.benchmark_group(position.name);
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(20);
        for (bulk, mode) in [(true, "bulk"), (false, "every-leaf")] {
            for library in Library::ALL {
                // A benchmark of a wrong move generator is worthless: check the count first.
                let got = boards.perft(library, depth, bulk);
                assert_eq!(
                    got,
                    nodes,
                    "{} {mode} perft({depth}) of {}",
                    library.name(),
                    position.name
                );
                group.bench_function(format!("{}/{mode}", library.name()), |b| {
                    b.iter(|| black_box(&boards).perft(library, black_box(depth), bulk));
                });
            }
        }
        group.finish();
    }
}

criterion_group!(benches, bench_compare);
criterion_main!(benches);
