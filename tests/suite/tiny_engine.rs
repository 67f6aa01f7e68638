//! The tiny UCI engine example (`examples/tiny_engine.rs`), run as a GUI runs it: the built
//! binary, spoken to through pipes. Its answers are checked with x88 itself.
//!
//! `cargo test` builds the examples before it runs the tests, so the binary is found next to
//! this test (`target/<profile>/examples/`), as `tests/uci.rs` finds the `uci` example. When
//! only this test was built (`cargo test --test tiny_engine`), or the binary is older than
//! the sources, the test builds it with the same cargo, profile and features rather than
//! skip or test a stale binary: these tests must be able to fail.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use x88::{Board0x88, Move};

/// How long any expected line may take (generous: the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(10);

/// The example binary, running, with the test at both ends of its pipes.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(common::example_binary("tiny_engine"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the example starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("the engine reads");
        self.stdin.flush().expect("the engine reads");
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn read_until(&self, prefix: &str) -> Vec<String> {
        common::read_until(&self.lines, prefix, PATIENCE)
    }

    /// Sends `isready`, expects `readyok`, and returns the lines before it.
    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until("readyok");
        lines.pop();
        lines
    }

    /// The lines of the search that `go` starts, its `bestmove` line last.
    fn go(&mut self, go: &str) -> Vec<String> {
        self.send(go);
        self.read_until("bestmove")
    }

    /// Sends `quit` and expects the engine to end at once, successfully.
    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("waitable") {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < deadline, "the engine did not quit");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    /// A failed test leaves no engine running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line, checked legal in `board`.
fn legal_bestmove(lines: &[String], board: &Board0x88) -> Move {
    let line = lines.last().expect("a bestmove line");
    let text = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{line}"));
    let text = text.split_whitespace().next().unwrap_or_default();
    board
        .parse_uci(text)
        .unwrap_or_else(|e| panic!("bestmove {text} in {board}: {e}"))
}

/// The board after `position startpos moves ...`, by x88.
fn board_after(moves: &[String]) -> Board0x88 {
    let mut board = Board0x88::default();
    for text in moves {
        let mv = board.parse_uci(text).expect("a legal move");
        board.play(mv).expect("legal");
    }
    board
}

#[test]
fn handshake_and_quit() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until("uciok");
    assert!(lines[0].starts_with("id name "), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("id author ")),
        "{lines:?}"
    );
    assert!(engine.ready().is_empty());
    engine.send("ucinewgame");
    assert!(engine.ready().is_empty(), "ucinewgame is silent");
    engine.quit();
}

#[test]
fn info_lines_per_depth_and_a_legal_move() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1");
    let board =
        board_after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"].map(String::from));
    let lines = engine.go("go depth 4");
    legal_bestmove(&lines, &board);
    for depth in 1..=4 {
        let info = lines
            .iter()
            .find(|l| l.starts_with(&format!("info depth {depth} ")))
            .unwrap_or_else(|| panic!("no info line for depth {depth} in {lines:?}"));
        for field in [" score cp ", " nodes ", " pv "] {
            assert!(info.contains(field), "{field} in {info}");
        }
        // The principal variation is a legal line.
        let pv = info.split(" pv ").nth(1).expect("a pv");
        let mut after = board;
        for text in pv.split_whitespace() {
            let mv = after
                .parse_uci(text)
                .unwrap_or_else(|e| panic!("{text} in {info}: {e}"));
            after.play(mv).expect("legal");
        }
    }
    engine.quit();
}

/// The white moves of `board` that mate in two at most, by brute force.
fn mates_in_two(board: &Board0x88) -> Vec<Move> {
    let mates_in_one = |board: &Board0x88| {
        board.legal_moves().into_iter().any(|mv| {
            let mut after = *board;
            after.play_unchecked(mv);
            after.is_checkmate()
        })
    };
    let mut found = Vec::new();
    for mv in board.legal_moves() {
        let mut after = *board;
        after.play_unchecked(mv);
        let mut replies = after.legal_moves().into_iter().peekable();
        let forced = if replies.peek().is_none() {
            after.is_check()
        } else {
            replies.all(|reply| {
                let mut next = after;
                next.play_unchecked(reply);
                mates_in_one(&next)
            })
        };
        if forced {
            found.push(mv);
        }
    }
    found
}

#[test]
fn finds_and_plays_a_mate_in_two() {
    // Morphy's problem: 1. Ra6! bxa6 2. b7#.
    let fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
    let mut board = Board0x88::from_fen(fen).expect("a valid FEN");
    assert_eq!(
        mates_in_two(&board)
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>(),
        ["a1a6"]
    );
    let mut engine = Engine::start();
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("go depth 5");
    assert_eq!(
        legal_bestmove(&lines, &board).to_string(),
        "a1a6",
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:?}"
    );

    // Play it out: the engine answers for black, then mates.
    let mut moves = vec!["a1a6".to_owned()];
    board
        .play(board.parse_uci("a1a6").expect("legal"))
        .expect("legal");
    for _ in 0..2 {
        engine.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let mv = legal_bestmove(&engine.go("go depth 4"), &board);
        board.play(mv).expect("legal");
        moves.push(mv.to_string());
    }
    assert!(board.is_checkmate(), "{moves:?} ends in {board}");
    // Mated: no move to name.
    engine.send(&format!("position fen {fen} moves {}", moves.join(" ")));
    assert_eq!(
        engine.go("go depth 3").last().expect("a line"),
        "bestmove 0000"
    );
    engine.quit();
}

#[test]
fn no_legal_move_is_bestmove_0000() {
    let mut engine = Engine::start();
    // Fool's mate: white is mated.
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(
        engine.go("go depth 3").last().expect("a line"),
        "bestmove 0000"
    );
    // Stalemate, under every kind of limit.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    for go in ["go movetime 50", "go wtime 1000 btime 1000", "go depth 1"] {
        assert_eq!(
            engine.go(go).last().expect("a line"),
            "bestmove 0000",
            "{go}"
        );
    }
    engine.quit();
}

#[test]
fn self_play_answers_only_legal_moves() {
    let mut engine = Engine::start();
    for opening in [
        "",
        "e2e4 c7c5",
        "d2d4 g8f6 c2c4 e7e6",
        "e2e4 e7e5 f2f4 e5f4",
    ] {
        engine.send("ucinewgame");
        let mut moves: Vec<String> = opening.split_whitespace().map(String::from).collect();
        let mut board = board_after(&moves);
        for ply in 0..40 {
            engine.send(&format!("position startpos moves {}", moves.join(" ")));
            // Mostly by depth; every fourth move on the clock.
            let go = if ply % 4 == 3 {
                "go movetime 50"
            } else {
                "go depth 3"
            };
            let lines = engine.go(go);
            if !board.has_legal_moves() {
                assert_eq!(lines.last().expect("a line"), "bestmove 0000");
                break;
            }
            let mv = legal_bestmove(&lines, &board);
            board.play(mv).expect("legal");
            moves.push(mv.to_string());
        }
    }
    engine.quit();
}

#[test]
fn time_limits_are_kept() {
    let mut engine = Engine::start();
    engine.send("position startpos moves d2d4 d7d5 c2c4");
    let board = board_after(&["d2d4", "d7d5", "c2c4"].map(String::from));
    for (go, limit) in [
        ("go movetime 200", 1000),
        ("go wtime 2000 btime 2000 winc 0 binc 0", 1000),
        ("go wtime 60000 btime 500 movestogo 10", 500),
        ("go btime 0 wtime 0", 300),
    ] {
        let start = Instant::now();
        let lines = engine.go(go);
        let took = start.elapsed();
        legal_bestmove(&lines, &board);
        assert!(took < Duration::from_millis(limit), "{go} took {took:?}");
    }
    engine.quit();
}

#[test]
fn infinite_search_waits_for_stop_and_hears_isready() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    let before = engine.ready();
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "readyok during a search"
    );
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    engine.send("stop");
    legal_bestmove(&engine.read_until("bestmove"), &Board0x88::default());

    // A mate in one is found at once, but bestmove still waits for stop.
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    assert!(engine.ready().iter().all(|l| !l.starts_with("bestmove")));
    engine.send("stop");
    assert_eq!(
        engine.read_until("bestmove").last().expect("a line"),
        "bestmove a1a8"
    );

    // quit during a search ends the engine.
    engine.send("go infinite");
    engine.quit();
}

#[test]
fn bad_input_is_survived() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let board = board_after(&["e2e4".to_owned()]);
    for bad in [
        "xyzzy",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen not a fen",
        "position fen",
        "position startpos moves e7e5 e1e3",
        "position startpos moves zz",
        "position startpos e2e4",
        "position",
        "go depth movetime 100",
        "go movetime -5 depth x",
    ] {
        // A search answers `isready` at once, perhaps before its `bestmove`.
        let lines = if bad.starts_with("go") {
            engine.go(bad)
        } else {
            engine.send(bad);
            engine.ready()
        };
        assert!(
            lines.iter().any(|l| l.starts_with("info string ")),
            "{bad}: {lines:?}"
        );
        if bad.starts_with("go") {
            legal_bestmove(&lines, &board);
        }
    }
    // Left with no limit, `go` is `go infinite`: it waits for `stop`.
    engine.send("go depth");
    assert!(engine.ready().iter().all(|l| !l.starts_with("bestmove")));
    engine.send("stop");
    legal_bestmove(&engine.read_until("bestmove"), &board);
    // Times too long to count are no deadline, not an overflow.
    let huge = i64::MAX;
    for go in [
        format!("go depth 2 movetime {huge}"),
        format!("go depth 2 wtime {huge} btime {huge} winc {huge} binc {huge}"),
    ] {
        legal_bestmove(&engine.go(&go), &board);
    }
    engine.send_bytes(b"\xff\xfe\n\n   \n");
    engine.read_until("info string unknown command");
    // Every bad position kept the last good one: black to move after 1. e4.
    legal_bestmove(&engine.go("go depth 2"), &board);
    engine.quit();
}
