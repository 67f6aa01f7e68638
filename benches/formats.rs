//! Criterion benchmarks of the formats for tool writers: the Polyglot key of a position, a
//! book probe, and reading a line of EPD.
//!
//! Run with `cargo bench --bench formats`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use x88::Board0x88;
use x88::epd::Epd;
use x88::polyglot::{Book, Entry, encode_move};

/// Kiwipete (chessprogramming.org position 2): a middlegame with all 32 squares' worth of work.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A book of every legal move of every position one and two plies from the start position
/// (about 9,000 entries, each weight 1), sorted by key as the format asks.
fn two_ply_book() -> Vec<u8> {
    let mut entries = Vec::new();
    let start = Board0x88::start_position();
    for first in start.legal_moves() {
        let mut after_first = start;
        after_first.play_unchecked(first);
        for board in [start, after_first] {
            for mv in board.legal_moves() {
                entries.push(Entry {
                    key: board.polyglot_key(),
                    raw_move: encode_move(mv),
                    weight: 1,
                    learn: 0,
                });
            }
        }
    }
    entries.sort_by_key(|entry| (entry.key, entry.raw_move));
    entries.dedup();
    entries.iter().flat_map(Entry::to_bytes).collect()
}

fn bench_polyglot(c: &mut Criterion) {
    let mut group = c.benchmark_group("polyglot");
    let kiwipete = Board0x88::from_fen(KIWIPETE).expect("Kiwipete is a valid FEN");
    group.bench_function("key/kiwipete", |b| {
        b.iter(|| black_box(&kiwipete).polyglot_key());
    });
    let bytes = two_ply_book();
    let book = Book::new(&bytes).expect("the book is sorted");
    let mut after_e4 = Board0x88::start_position();
    after_e4.play_unchecked(after_e4.parse_san("e4").expect("e4 is legal"));
    assert_eq!(
        book.moves(&after_e4).count(),
        20,
        "black's 20 replies are in the book"
    );
    group.bench_function("pick/after_e4", |b| {
        b.iter(|| book.pick(black_box(&after_e4), black_box(0x9e37_79b9_7f4a_7c15)));
    });
    group.finish();
}

fn bench_epd(c: &mut Criterion) {
    let mut group = c.benchmark_group("epd");
    let wac = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#;
    group.bench_function("parse/wac", |b| b.iter(|| Epd::parse(black_box(wac))));
    let perft = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 \
                 ;D1 48 ;D2 2039 ;D3 97862 ;D4 4085603 ;D5 193690690";
    group.bench_function("parse/perft_line", |b| {
        b.iter(|| Epd::parse(black_box(perft)))
    });
    group.finish();
}

criterion_group!(benches, bench_polyglot, bench_epd);
criterion_main!(benches);
