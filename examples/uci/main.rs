//! x88 as a UCI engine, for chess GUIs and match runners.
//!
//! ```text
//! cargo run --release --example uci --features search
//! cargo run --release --example uci --features search -- bench [depth]
//! ```
//!
//! It speaks the UCI protocol on stdin and stdout: `uci`, `isready`, `setoption`,
//! `ucinewgame`, `position startpos|fen <FEN> [moves ...]`, `go` (`depth`, `nodes`,
//! `movetime`, `wtime`, `btime`, `winc`, `binc`, `movestogo`, `infinite`, `ponder`), `stop`,
//! `ponderhit` and `quit`, plus `d`, which prints the current position's FEN as an
//! `info string`, and `bench [depth]`. The options are `Hash` (MiB, default 16), `Clear Hash`,
//! `Threads` (search threads sharing the hash table, default 1),
//! `Move Overhead` (milliseconds taken off every time limit, default 30), `Ponder` and
//! `UCI_Chess960`. Built with the feature `tune` (`--features tune`), it also offers every
//! parameter of `x88::search::params` as a `spin` option under its own name.
//!
//! `bench` (at the prompt, or as the command-line argument, after which the engine exits)
//! searches a fixed set of positions to a fixed depth (default 10) and ends with the line
//! `<nodes> nodes <nps> nps`; the node count is the search's signature (see
//! `engine/bench.rs`).
//!
//! Commands are read on the main thread and searches run on a search thread, so `isready`
//! and `stop` are answered during a search. Bad input is answered with `info string` and
//! never ends the engine; see `engine/mod.rs` for what is kept in each case. The end of the
//! input is taken as `quit`.

use std::process::ExitCode;

mod engine;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        None => {
            engine::run(std::io::stdin().lock(), std::io::stdout());
            ExitCode::SUCCESS
        }
        Some((command, rest)) if command == "bench" => {
            match engine::bench::command(rest, &mut std::io::stdout().lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("uci: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some((other, _)) => {
            eprintln!("uci: unknown argument '{other}' (usage: uci [bench [depth]])");
            ExitCode::from(2)
        }
    }
}
