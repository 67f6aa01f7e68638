//! The UCI engine example (`examples/uci/`), driven through in-memory pipes: its engine module
//! is compiled into this test and run on a thread, reading commands from a channel and
//! writing lines to another. One more test runs the real example binary (built by cargo first
//! when this test runs alone).
#![cfg(all(feature = "search", feature = "std"))]

mod common;
#[path = "../examples/uci/engine/mod.rs"]
mod engine;

use std::io::{BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use x88::Board0x88;

/// How long any expected line may take (generous: the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(5);

/// The reading end of the engine's input: bytes sent through a channel.
struct ChannelReader {
    chunks: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.chunk.len() {
            match self.chunks.recv() {
                Ok(chunk) => (self.chunk, self.at) = (chunk, 0),
                Err(_) => return Ok(0), // the test hung up: end of input
            }
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The writing end of the engine's output: whole lines sent through a channel.
struct ChannelWriter {
    lines: Sender<String>,
    pending: Vec<u8>,
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line).trim_end().to_owned();
            let _ = self.lines.send(text);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An engine running on a thread, with the test at both ends of its pipes.
struct Engine {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    thread: Option<JoinHandle<()>>,
}

impl Engine {
    fn start() -> Engine {
        let (input, chunks) = channel();
        let (lines, output) = channel();
        let reader = BufReader::new(ChannelReader {
            chunks,
            chunk: Vec::new(),
            at: 0,
        });
        let writer = ChannelWriter {
            lines,
            pending: Vec::new(),
        };
        let thread = std::thread::spawn(move || engine::run(reader, writer));
        Engine {
            input: Some(input),
            output,
            thread: Some(thread),
        }
    }

    fn send(&self, line: &str) {
        let input = self.input.as_ref().expect("input still open");
        input
            .send(format!("{line}\n").into_bytes())
            .expect("the engine is still reading");
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn read_until(&self, prefix: &str) -> Vec<String> {
        common::read_until(&self.output, prefix, PATIENCE)
    }

    /// The first line starting with `prefix`.
    fn line(&self, prefix: &str) -> String {
        self.read_until(prefix)
            .pop()
            .expect("read_until returns the line")
    }

    /// The engine's move after `go ...`.
    fn bestmove(&self, go: &str) -> String {
        self.send(go);
        self.line("bestmove")
    }

    /// Sends `isready` and expects `readyok`; returns the lines before it.
    fn ready(&self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until("readyok");
        lines.pop();
        lines
    }

    /// Sends `command` and expects one `info string` saying why it is refused, nothing else.
    fn refuses(&self, command: &str) {
        self.send(command);
        let lines = self.ready();
        assert!(
            lines.len() == 1 && lines[0].starts_with("info string "),
            "{command}: {lines:?}"
        );
    }

    /// The current position, by the engine's `d` command.
    fn fen(&self) -> String {
        self.send("d");
        let line = self.line("info string fen ");
        line["info string fen ".len()..].to_owned()
    }

    /// Waits for the engine to end (after `quit` or the end of its input).
    fn join(mut self) {
        let thread = self.thread.take().expect("joined once");
        let deadline = Instant::now() + PATIENCE;
        while !thread.is_finished() {
            assert!(Instant::now() < deadline, "the engine did not end");
            std::thread::sleep(Duration::from_millis(5));
        }
        thread.join().expect("the engine thread did not panic");
    }
}

/// The move in a `bestmove` line, checked legal in `fen`.
fn legal_bestmove(line: &str, fen: &str) -> String {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "{line}");
    let mv = words.next().expect("a move after bestmove").to_owned();
    let board: Board0x88 = fen.parse().expect("a valid FEN");
    assert!(board.parse_uci(&mv).is_ok(), "{mv} is not legal in {fen}");
    mv
}

#[test]
fn handshake() {
    let engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok");
    assert!(lines[0].starts_with("id name x88 "), "{lines:?}");
    assert!(lines.contains(&"id author The x88 developers".to_owned()));
    for option in [
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Threads type spin default 1 min 1 max 256",
    ] {
        assert!(lines.contains(&option.to_owned()), "{option} in {lines:?}");
    }
    assert!(engine.ready().is_empty());
    engine.send("setoption name Hash value 1");
    engine.send("setoption name move overhead value 0");
    engine.send("ucinewgame");
    assert!(engine.ready().is_empty(), "options accepted silently");
    engine.send("quit");
    engine.join();
}

#[test]
fn position_with_castling_en_passant_and_promotion() {
    let engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    assert_eq!(
        engine.fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    );
    // Castling, a double step beside a pawn, en passant, and a promotion with capture.
    engine
        .send("position fen r3k3/1P1p4/8/4P3/8/8/8/4K2R w K - 0 1 moves e1g1 d7d5 e5d6 e8d8 b7a8q");
    let fen = engine.fen();
    assert_eq!(fen, "Q2k4/8/3P4/8/8/8/8/5RK1 b - - 0 3");
    let line = engine.bestmove("go depth 2");
    assert_eq!(legal_bestmove(&line, &fen), "d8d7", "the only legal move");
    engine.send("quit");
    engine.join();
}

#[test]
fn go_depth_and_movetime() {
    let engine = Engine::start();
    engine.send("position startpos moves d2d4 d7d5");
    let fen = engine.fen();
    engine.send("go depth 3");
    let lines = engine.read_until("bestmove");
    legal_bestmove(lines.last().expect("a line"), &fen);
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 3 "))
        .unwrap_or_else(|| panic!("an info line for depth 3 in {lines:?}"));
    for field in [
        " seldepth ",
        " score ",
        " nodes ",
        " nps ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} in {info}");
    }

    let start = Instant::now();
    let line = engine.bestmove("go movetime 200");
    let took = start.elapsed();
    legal_bestmove(&line, &fen);
    assert!(
        took < Duration::from_millis(1500),
        "movetime 200 took {took:?}"
    );

    // A clock: the engine must not use most of it on one move.
    let start = Instant::now();
    let line = engine.bestmove("go wtime 400 btime 400 winc 0 binc 0");
    legal_bestmove(&line, &fen);
    assert!(start.elapsed() < Duration::from_millis(1500));
    engine.send("quit");
    engine.join();
}

#[test]
fn infinite_search_waits_for_stop() {
    let engine = Engine::start();
    // Mate in one: a search may end early, but bestmove must wait for stop.
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let before = engine.ready();
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "bestmove before stop: {before:?}"
    );
    engine.send("stop");
    let line = engine.line("bestmove");
    assert_eq!(
        legal_bestmove(&line, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        "a1a8"
    );
    // Ponder: held back until ponderhit.
    engine.send("go ponder depth 1");
    std::thread::sleep(Duration::from_millis(100));
    assert!(engine.ready().iter().all(|l| !l.starts_with("bestmove")));
    engine.send("ponderhit");
    engine.line("bestmove");
    engine.send("quit");
    engine.join();
}

#[test]
fn bad_input_is_reported_and_survived() {
    let engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let fen = engine.fen();
    for bad in [
        "xyzzy",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen not a fen",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 zz",
        "position startpos e2e4",
        "position",
        "setoption name Hash value 0",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name Threads value 257",
        "setoption name NoSuchOption value 1",
        "setoption Hash",
    ] {
        engine.refuses(bad);
        assert_eq!(engine.fen(), fen, "{bad} kept the previous position");
    }
    engine.send("position startpos moves e2e4 e7e5 e1e3");
    assert!(engine.line("info string").contains("move 3 'e1e3'"));
    // Bytes that are not UTF-8 and an empty line are survived too.
    engine
        .input
        .as_ref()
        .expect("open")
        .send(b"\xff\xfe\n\n".to_vec())
        .expect("sent");
    engine.line("info string unknown command");
    let line = engine.bestmove("go depth 1 searchmoves e7e5 wibble");
    legal_bestmove(&line, &fen);
    // A malformed value is reported and skipped; the search still answers.
    engine.send("go depth x movetime 100");
    assert!(engine.line("info string").contains("'depth'"));
    let line = engine.line("bestmove");
    legal_bestmove(&line, &fen);
    engine.send("go movetime");
    assert!(
        engine
            .line("info string")
            .contains("'movetime' needs a value")
    );
    let line = engine.line("bestmove");
    legal_bestmove(&line, &fen);
    engine.send("quit");
    engine.join();
}

#[test]
fn own_book_answers_from_a_polyglot_book() {
    use x88::polyglot::{Entry, encode_move};
    // A book made here: 1. g4 (a move no search plays) in the start position, and 1... e5
    // after it; written to a file for the engine to read.
    let start = Board0x88::default();
    let g4 = start.parse_san("g4").unwrap();
    let mut after_g4 = start;
    after_g4.play_unchecked(g4);
    let mut entries = [
        Entry {
            key: start.polyglot_key(),
            raw_move: encode_move(g4),
            weight: 1,
            learn: 0,
        },
        Entry {
            key: after_g4.polyglot_key(),
            raw_move: encode_move(after_g4.parse_san("e5").unwrap()),
            weight: 1,
            learn: 0,
        },
    ];
    entries.sort_by_key(|entry| entry.key);
    let bytes: Vec<u8> = entries.iter().flat_map(Entry::to_bytes).collect();
    let path = std::env::temp_dir().join(format!("x88-uci-book-{}.bin", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();

    let engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok");
    for option in [
        "option name OwnBook type check default false",
        "option name BookFile type string default <empty>",
    ] {
        assert!(lines.contains(&option.to_owned()), "{option} in {lines:?}");
    }
    engine.send(&format!("setoption name BookFile value {}", path.display()));
    assert_eq!(
        engine.ready(),
        [format!("info string book {}: 2 entries", path.display())]
    );
    std::fs::remove_file(&path).unwrap();

    // With OwnBook off, the book is not used.
    engine.send("position startpos");
    engine.send("go depth 1");
    let lines = engine.read_until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");
    // With OwnBook on, the book's move comes at once, for both sides.
    engine.send("setoption name OwnBook value true");
    engine.send("go wtime 60000 btime 60000");
    assert_eq!(
        engine.read_until("bestmove"),
        ["info string book move g2g4", "bestmove g2g4"]
    );
    engine.send("position startpos moves g2g4");
    assert_eq!(engine.bestmove("go depth 5"), "bestmove e7e5");
    // Out of the book, the engine searches.
    engine.send("position startpos moves e2e4");
    let fen = engine.fen();
    let line = engine.bestmove("go depth 2");
    legal_bestmove(&line, &fen);
    // `go infinite` waits for `stop` even in the book, so it searches.
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("stop");
    let lines = engine.read_until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("book move")), "{lines:?}");

    // A book that cannot be read is reported; the engine goes on without one.
    engine.send("setoption name BookFile value /no/such/dir/book.bin");
    let lines = engine.ready();
    assert!(
        lines.len() == 1
            && lines[0].starts_with("info string book /no/such/dir/book.bin: cannot read"),
        "{lines:?}"
    );
    engine.send("position startpos");
    let line = engine.bestmove("go depth 1");
    assert_ne!(line, "bestmove g2g4");
    engine.send("quit");
    engine.join();
}

#[test]
fn no_legal_move_gives_null_move() {
    let engine = Engine::start();
    // Fool's mate: white is mated.
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(engine.bestmove("go depth 3"), "bestmove 0000");
    // Stalemate.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(engine.bestmove("go movetime 100"), "bestmove 0000");
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go infinite");
    assert!(engine.ready().is_empty(), "no bestmove before stop");
    engine.send("stop");
    assert_eq!(engine.line("bestmove"), "bestmove 0000");
    engine.send("quit");
    engine.join();
}

#[test]
fn quit_during_a_search_and_end_of_input() {
    let engine = Engine::start();
    engine.send("go infinite");
    engine.send("quit");
    engine.join();

    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.input = None; // end of input
    engine.join();
}

/// The real binary, built by cargo if this test runs alone.
#[test]
fn example_binary_plays() {
    let path = common::example_binary("uci");
    let mut child = Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(b"uci\nisready\nposition startpos moves e2e4\ngo depth 2\nquit\n")
        .expect("written");
    drop(stdin);
    let mut out = String::new();
    let mut stdout = child.stdout.take().expect("piped");
    stdout.read_to_string(&mut out).expect("read");
    let status = child.wait().expect("the example ends");
    assert!(status.success(), "{status}");
    assert!(
        out.contains("uciok\n") && out.contains("readyok\n"),
        "{out}"
    );
    // A search stopped by quit still names its move.
    assert!(out.contains("bestmove "), "{out}");
}

/// `bench [depth]` at the prompt: a line per position, then the OpenBench summary line with
/// the same count as the bench run directly; bad arguments are reported and survived.
#[test]
fn bench_at_the_prompt() {
    let engine = Engine::start();
    engine.send("bench 5");
    let lines = engine.read_until("info string position 12/12");
    assert_eq!(lines.len(), engine::bench::POSITIONS.len(), "{lines:?}");
    let summary = engine.line("");
    let expected = engine::bench::run(5, |_| {}).nodes;
    let words: Vec<&str> = summary.split_whitespace().collect();
    assert!(
        matches!(words.as_slice(), [nodes, "nodes", nps, "nps"]
            if *nodes == expected.to_string() && nps.parse::<u64>().is_ok()),
        "{summary}"
    );
    for bad in ["bench 0", "bench x", "bench 5 6", "bench 31"] {
        engine.refuses(bad);
    }
    // The position the GUI set is left alone.
    assert_eq!(engine.fen(), Board0x88::default().to_string());
    engine.send("quit");
    engine.join();
}

/// `uci bench [depth]` on the command line: the summary last, exit status 0; a bad depth is
/// an error with status 2.
#[test]
fn example_binary_bench() {
    let path = common::example_binary("uci");
    let output = Command::new(&path)
        .args(["bench", "4"])
        .output()
        .expect("the example runs");
    assert!(output.status.success(), "{}", output.status);
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    let last = out.lines().last().expect("output");
    assert!(
        last.starts_with(&format!("{} nodes ", engine::bench::run(4, |_| {}).nodes)),
        "{out}"
    );
    assert_eq!(
        out.lines().count(),
        engine::bench::POSITIONS.len() + 1,
        "{out}"
    );
    for bad in [&["bench", "deep"][..], &["bench", "4", "5"], &["perft"]] {
        let output = Command::new(&path).args(bad).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert!(!output.stderr.is_empty(), "{bad:?}");
    }
}

/// In a `tune` build every evaluation weight is a `spin` option (`eval_<weight>`, or
/// `eval_<weight>_<i>` for a table's values): setting one changes the search, setting it back
/// gives the same search again, and a value out of range is refused.
#[cfg(feature = "tune")]
#[test]
fn tune_build_offers_every_weight() {
    use x88::search::eval::Weights;
    let engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok");
    let offered = lines
        .iter()
        .filter(|l| l.starts_with("option name eval_"))
        .count();
    let mut weights = 0;
    Weights::DEFAULT.for_each(|_, values| weights += values.len());
    assert_eq!(offered, weights);
    // The defaults offered are the library's (read from it, so that a refit of the weights
    // does not break the test).
    let defaults = Weights::DEFAULT;
    let tempo = format!(
        "option name eval_tempo type spin default {} min -1500 max 1500",
        defaults.tempo
    );
    assert!(lines.contains(&tempo), "{lines:?}");
    let knight = format!(
        "option name eval_material_mg_1 type spin default {} min -1500 max 1500",
        defaults.material_mg[1]
    );
    assert!(lines.contains(&knight), "{lines:?}");

    // The nodes of a fixed-depth search from empty tables.
    let nodes = |engine: &Engine| {
        engine.send("ucinewgame");
        engine.send("position startpos moves e2e4 e7e5 g1f3");
        engine.send("go depth 7");
        let lines = engine.read_until("bestmove");
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 7 "))
            .expect("depth 7 reported");
        let mut words = info.split_whitespace();
        words.find(|&w| w == "nodes");
        words.next().expect("a node count").to_owned()
    };
    let default = nodes(&engine);
    engine.send("setoption name eval_material_mg_1 value 0");
    assert!(engine.ready().is_empty());
    assert_ne!(
        nodes(&engine),
        default,
        "a worthless knight changes nothing"
    );
    engine.send(&format!(
        "setoption name EVAL_MATERIAL_MG_1 value {}",
        defaults.material_mg[1]
    ));
    assert!(engine.ready().is_empty());
    assert_eq!(nodes(&engine), default, "the default weights back");
    // A pawn weight, which the evaluation keeps apart with the pawn structure.
    engine.send("setoption name eval_psqt_mg_36 value 200");
    assert!(engine.ready().is_empty());
    assert_ne!(
        nodes(&engine),
        default,
        "a pawn on e4 worth more changes nothing"
    );
    let e4 = defaults.psqt_mg[0][36];
    engine.send(&format!("setoption name eval_psqt_mg_36 value {e4}"));
    assert!(engine.ready().is_empty());
    assert_eq!(nodes(&engine), default, "the default weights back");
    for bad in [
        "setoption name eval_tempo value 1501",
        "setoption name eval_tempo value ten",
        "setoption name eval_tempo_0 value 1",
        "setoption name eval_material_mg value 1",
        "setoption name eval_material_mg_6 value 1",
    ] {
        engine.refuses(bad);
    }
    assert_eq!(
        nodes(&engine),
        default,
        "the refused values changed nothing"
    );
    engine.send("quit");
    engine.join();
}
