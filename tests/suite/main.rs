//! The integration tests, one module per subject, compiled into one test binary: as seventeen
//! binaries, each compiling the library's inlined code into itself again, they took twice as
//! long to build (`cargo test --release --all-features`: 235 s against 129 s on 2 cores).
//! A test that needs a process of its own stays a file of its own in `tests/`: `tune.rs` (the
//! search's parameters are global), `no_alloc.rs` (a counting global allocator), and `pgn.rs`
//! and `uci.rs` (they include example sources written as crate roots).

#[path = "../common/mod.rs"]
mod common;

mod chess960;
mod differential;
mod en_passant;
mod engine_api;
mod epd;
mod fen;
mod notation;
mod outcome;
mod perft_compare;
mod perft_suite;
mod polyglot;
mod properties;
mod robustness;
mod search;
mod serde;
mod setup;
mod tiny_engine;
