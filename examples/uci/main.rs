//! x88 as a UCI engine, for chess GUIs and match runners.
//!
//! ```text
//! cargo run --release --example uci --features search
//! ```
//!
//! It speaks the UCI protocol on stdin and stdout: `uci`, `isready`, `setoption`,
//! `ucinewgame`, `position startpos|fen <FEN> [moves ...]`, `go` (`depth`, `nodes`,
//! `movetime`, `wtime`, `btime`, `winc`, `binc`, `movestogo`, `infinite`, `ponder`), `stop`,
//! `ponderhit` and `quit`, plus `d`, which prints the current position's FEN as an
//! `info string`. The options are `Hash` (MiB, default 16), `Clear Hash`, `Move Overhead`
//! (milliseconds taken off every time limit, default 30), `Ponder` and `UCI_Chess960`.
//!
//! Commands are read on the main thread and searches run on a search thread, so `isready`
//! and `stop` are answered during a search. Bad input is answered with `info string` and
//! never ends the engine; see `engine/mod.rs` for what is kept in each case. The end of the
//! input is taken as `quit`.

mod engine;

fn main() {
    engine::run(std::io::stdin().lock(), std::io::stdout());
}
