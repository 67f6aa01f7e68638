//! The search (feature `search`): mates found with their exact distance, draws by stalemate,
//! repetition and the 50-move rule seen in the tree, the limits and the stop flag honoured,
//! every returned move legal, and several threads searching as one.
#![cfg(feature = "search")]

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::common;

use common::ticking_clock::TickingClock;
use x88::Board0x88;
use x88::search::{Clock, Limits, MAX_DEPTH, Score, SearchResult, Searcher};

/// A clock of the test's own, so that the search runs here without the `std` feature as a
/// `no_std` user would run it (the library implements [`Clock`] for `Instant` only with `std`).
struct Stopwatch(Instant);

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch(Instant::now())
    }
}

impl Clock for Stopwatch {
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}

fn board(fen: &str) -> Board0x88 {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Searches `fen` with `limits` and no game history.
fn search(fen: &str, limits: &Limits) -> SearchResult {
    search_with_history(&board(fen), &[], limits)
}

fn search_with_history(board: &Board0x88, history: &[u64], limits: &Limits) -> SearchResult {
    let mut searcher = Searcher::new(8);
    let stop = AtomicBool::new(false);
    let clock = Stopwatch::start();
    searcher.search(board, history, limits, &stop, &clock, |_| {})
}

/// Checks that the best move and the whole PV are legal moves in sequence.
fn assert_legal_line(start: &Board0x88, result: &SearchResult) {
    let best = result.best_move.expect("a position with moves gets a move");
    assert!(start.is_legal(best), "{start}: illegal best move {best}");
    assert_eq!(
        result.pv.first(),
        Some(&best),
        "{start}: the PV starts with the best move"
    );
    let mut board = *start;
    for &mv in &result.pv {
        assert!(
            board.is_legal(mv),
            "{start}: illegal PV move {mv} in {:?}",
            result.pv
        );
        let _ = board.make_move(mv);
    }
}

fn uci(result: &SearchResult) -> String {
    result.best_move.map(|m| m.to_string()).unwrap_or_default()
}

#[test]
fn mate_in_one() {
    let result = search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &Limits::depth(4));
    assert_eq!(
        (uci(&result).as_str(), result.score),
        ("a1a8", Score::Mate(1))
    );
}

#[test]
fn mate_in_two() {
    // 1. Qd8+ Bxd8 2. Re8#.
    let fen = "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1";
    let result = search(fen, &Limits::depth(6));
    assert_eq!(
        (uci(&result).as_str(), result.score),
        ("d5d8", Score::Mate(2))
    );
    // 1. Nf6+ gxf6 2. Bxf7#.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let result = search(fen, &Limits::depth(6));
    assert_eq!(
        (uci(&result).as_str(), result.score),
        ("d5f6", Score::Mate(2))
    );
}

#[test]
fn mate_in_three() {
    // 1. Ra6 f6 (1... Rg7 2. Rxa8+) 2. Bxf6+ Rg7 3. Rxa8#.
    let result = search("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", &Limits::depth(8));
    assert_eq!(
        (uci(&result).as_str(), result.score),
        ("f6a6", Score::Mate(3))
    );
}

#[test]
fn being_mated_is_a_negative_mate() {
    // WAC.001 after 1. Qg6: every black move allows mate at once.
    let fen = "2rr3k/pp3pp1/1nnqbNQp/3pN3/2pP4/2P5/PPB4P/R4RK1 b - - 0 1";
    let result = search(fen, &Limits::depth(5));
    assert_eq!(result.score, Score::Mate(-1));
    assert_legal_line(&board(fen), &result);
}

#[test]
fn avoids_the_stalemating_capture() {
    // Qxb1 wins the knight and stalemates Black; Qb8 mates.
    let fen = "7k/5K1p/7P/8/8/1Q6/8/1n6 w - - 0 1";
    let result = search(fen, &Limits::depth(5));
    assert_ne!(uci(&result), "b3b1");
    assert_eq!(
        (uci(&result).as_str(), result.score),
        ("b3b8", Score::Mate(1))
    );
    // Without the mate, still no capture of the knight: Black's only piece keeps the game on.
    let fen = "7k/5K1p/7P/8/8/8/8/1n2Q3 w - - 0 1";
    let result = search(fen, &Limits::depth(6));
    assert_ne!(uci(&result), "e1b1");
    assert!(rank(result.score) > 300, "{:?}", result.score);
}

/// A score as a number that orders scores from worst to best for the side to move.
fn rank(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

#[test]
fn positions_without_moves() {
    let mated = search("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", &Limits::depth(3));
    assert_eq!((mated.best_move, mated.score), (None, Score::Mate(0)));
    assert!(mated.pv.is_empty() && mated.ponder_move().is_none());
    let stalemate = search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &Limits::depth(3));
    assert_eq!((stalemate.best_move, stalemate.score), (None, Score::Cp(0)));
}

#[test]
fn single_legal_move_returns_at_once() {
    let fen = "7k/8/8/8/8/8/8/6RK b - - 0 1";
    let start = Instant::now();
    let result = search(fen, &Limits::movetime(Duration::from_secs(10)));
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(uci(&result), "h8h7");
    // Without a time limit the move is searched as usual.
    let result = search(fen, &Limits::depth(4));
    assert_eq!((uci(&result).as_str(), result.depth), ("h8h7", 4));
}

#[test]
fn preset_stop_returns_a_legal_move() {
    let start = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let mut searcher = Searcher::new(1);
    let stop = AtomicBool::new(true);
    let clock = Stopwatch::start();
    let result = searcher.search(&start, &[], &Limits::default(), &stop, &clock, |_| {});
    assert!(clock.elapsed() < Duration::from_secs(1));
    assert!(start.is_legal(result.best_move.unwrap()));
}

#[test]
fn stop_ends_an_infinite_search() {
    let start = Board0x88::default();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        infinite: true,
        depth: Some(2),
        ..Limits::default()
    };
    let clock = Stopwatch::start();
    let result = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let mut searcher = Searcher::new(4);
            searcher.search(&start, &[], &limits, &stop, &clock, |_| {})
        });
        std::thread::sleep(Duration::from_millis(200));
        stop.store(true, Ordering::Relaxed);
        worker.join().unwrap()
    });
    // `infinite` overrides the depth limit: the search ran until stopped.
    assert!(clock.elapsed() >= Duration::from_millis(200));
    assert!(
        clock.elapsed() < Duration::from_secs(2),
        "{:?}",
        clock.elapsed()
    );
    assert!(result.depth > 2, "depth {}", result.depth);
    assert_legal_line(&start, &result);
}

#[test]
fn node_limit_is_respected() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let result = search(fen, &Limits::nodes(20_000));
    assert!(result.nodes <= 20_000 + 4_096, "{} nodes", result.nodes);
    assert!(result.nodes >= 15_000, "{} nodes", result.nodes);
    assert_legal_line(&board(fen), &result);
}

/// A fixed `movetime` is a hard limit: the search aborts when the clock reaches it, and not
/// before. On the ticking clock (a millisecond a read) the limit is a count of reads, so the
/// test does not depend on the host's speed or load.
#[test]
fn movetime_is_respected() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut searcher = Searcher::new(8);
    let stop = AtomicBool::new(false);
    let clock = TickingClock::default();
    let limits = Limits::movetime(Duration::from_millis(150));
    let result = searcher.search(&board(fen), &[], &limits, &stop, &clock, |_| {});
    let spent = clock.last_read();
    assert!(spent >= Duration::from_millis(150), "{spent:?}");
    // It stops within a read or two of the limit.
    assert!(spent <= Duration::from_millis(152), "{spent:?}");
    assert!(
        result.depth >= 3 && result.depth < MAX_DEPTH,
        "depth {}",
        result.depth
    );
    assert_legal_line(&board(fen), &result);
}

#[test]
fn clock_limits_leave_time() {
    let fen = "r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 b - - 0 1";
    let limits = Limits {
        wtime: Some(Duration::from_secs(60)),
        btime: Some(Duration::from_millis(300)),
        binc: Some(Duration::from_millis(10)),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(8);
    let stop = AtomicBool::new(false);
    let clock = TickingClock::default();
    let result = searcher.search(&board(fen), &[], &limits, &stop, &clock, |_| {});
    // Black's 300 ms (less a 50 ms margin) are 30 moves' worth: a soft limit of 16 ms (250 / 30
    // plus three quarters of the increment), after which no iteration starts, and a hard
    // limit of three times that, at which the search aborts. It stopped between iterations,
    // before the hard limit, and not at once.
    let spent = clock.last_read();
    assert!(spent < Duration::from_millis(47), "{spent:?}");
    assert!(spent >= Duration::from_millis(10), "{spent:?}");
    assert_legal_line(&board(fen), &result);
}

#[test]
fn losing_side_takes_the_repetition() {
    // White is a queen up. After 1. Qd2 Kg8 2. Qd1, Black to move can repeat the start
    // position with 2... Kh8, a draw by the game's history; every other move loses.
    let mut position = board("7k/8/8/8/8/8/8/3Q3K w - - 0 1");
    let mut history = Vec::new();
    for uci in ["d1d2", "h8g8", "d2d1"] {
        history.push(position.hash());
        let mv = position.parse_uci(uci).unwrap();
        position.play(mv).unwrap();
    }
    let result = search_with_history(&position, &history, &Limits::depth(6));
    assert_eq!(
        (uci(&result).as_str(), result.score),
        ("g8h8", Score::Cp(0))
    );
    // Without the history Black knows no draw.
    let result = search_with_history(&position, &[], &Limits::depth(6));
    assert!(rank(result.score) < -500, "{:?}", result.score);
}

#[test]
fn fifty_move_rule_in_the_tree() {
    // A queen up, but every white move is the 100th half-move without capture or pawn move and
    // none mates.
    let result = search("7k/8/8/8/8/8/8/3Q3K w - - 99 80", &Limits::depth(5));
    assert_eq!(result.score, Score::Cp(0));
    let result = search("7k/8/8/8/8/8/8/3Q3K w - - 0 80", &Limits::depth(5));
    assert!(rank(result.score) > 500, "{:?}", result.score);
}

#[test]
fn info_after_each_iteration() {
    let start = Board0x88::default();
    let mut searcher = Searcher::new(4);
    let stop = AtomicBool::new(false);
    let clock = Stopwatch::start();
    let mut reports = Vec::new();
    let result = searcher.search(&start, &[], &Limits::depth(6), &stop, &clock, |info| {
        assert!(!info.pv.is_empty());
        assert!(info.seldepth >= info.depth);
        reports.push((info.depth, info.nodes, info.pv[0]));
    });
    assert_eq!(
        reports.iter().map(|r| r.0).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert!(reports.windows(2).all(|w| w[0].1 <= w[1].1));
    assert_eq!(reports.last().map(|r| r.2), result.best_move);
    assert_eq!(result.depth, 6);
    let ponder = result.ponder_move().expect("a PV of two moves at depth 6");
    let mut after = start;
    after.play(result.best_move.unwrap()).unwrap();
    assert!(after.is_legal(ponder));
}

#[test]
fn searcher_is_reusable() {
    let mut searcher = Searcher::new(2);
    let stop = AtomicBool::new(false);
    let clock = Stopwatch::start();
    let fen = "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1";
    for round in 0..3 {
        match round {
            1 => searcher.clear(),
            2 => searcher.resize(1),
            _ => {}
        }
        let result = searcher.search(&board(fen), &[], &Limits::depth(7), &stop, &clock, |_| {});
        assert_eq!(result.score, Score::Mate(3), "round {round}");
    }
}

#[test]
fn moves_of_the_perft_suite_are_legal() {
    let suite = common::STANDARD_EPD;
    let mut searcher = Searcher::new(4);
    let stop = AtomicBool::new(false);
    let clock = Stopwatch::start();
    let mut checked = 0;
    for line in suite.lines().step_by(3) {
        let epd = x88::epd::Epd::parse(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        let (start, fen) = (*epd.board(), epd.position());
        let result = searcher.search(&start, &[], &Limits::depth(3), &stop, &clock, |_| {});
        if start.legal_moves().is_empty() {
            assert_eq!(result.best_move, None);
        } else {
            assert_legal_line(&start, &result);
            assert_eq!(result.depth, 3, "{fen}");
        }
        checked += 1;
    }
    assert!(checked >= 40);
}

/// Searches `board` on `threads` threads to `depth`, from empty tables.
#[cfg(feature = "std")]
fn search_on_threads(board: &Board0x88, threads: usize, limits: &Limits) -> SearchResult {
    let mut searcher = Searcher::new(8);
    searcher.set_threads(threads);
    assert_eq!(
        searcher.threads(),
        threads.clamp(1, x88::search::MAX_THREADS)
    );
    let stop = AtomicBool::new(false);
    searcher.search(board, &[], limits, &stop, &Stopwatch::start(), |_| {})
}

#[cfg(feature = "std")]
#[test]
fn threads_find_the_mates_and_count_all_nodes() {
    // The helpers share the table: the result is the first thread's, as sure as one thread's.
    let start = board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    for threads in [2, 3] {
        let result = search_on_threads(&start, threads, &Limits::depth(4));
        assert_eq!(
            (uci(&result).as_str(), result.score),
            ("h5f7", Score::Mate(1))
        );
        assert_legal_line(&start, &result);
    }
    // The node limit counts every thread's nodes, and so does the result. Each thread adds
    // its count every 2048 nodes and looks at the stop flag as often, so each may overrun by
    // twice that before it ends.
    let kiwipete = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    let result = search_on_threads(&kiwipete, 2, &Limits::nodes(200_000));
    assert!(
        (200_000..200_000 + 5 * 2_048).contains(&result.nodes),
        "{} nodes",
        result.nodes
    );
    assert_legal_line(&kiwipete, &result);
}

#[cfg(feature = "std")]
#[test]
fn threads_stop_with_the_first() {
    // An infinite search on four threads ends, helpers and all, soon after `stop`.
    let start = Board0x88::default();
    let stop = AtomicBool::new(false);
    let clock = Stopwatch::start();
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(8);
    searcher.set_threads(4);
    let result = std::thread::scope(|scope| {
        let worker = scope.spawn(|| searcher.search(&start, &[], &limits, &stop, &clock, |_| {}));
        std::thread::sleep(Duration::from_millis(300));
        stop.store(true, Ordering::Relaxed);
        worker.join().unwrap()
    });
    assert!(
        clock.elapsed() < Duration::from_secs(3),
        "{:?}",
        clock.elapsed()
    );
    assert_legal_line(&start, &result);
    // Back to one thread, the same searcher still searches.
    searcher.set_threads(0);
    assert_eq!(searcher.threads(), 1);
    let stop = AtomicBool::new(false);
    let again = searcher.search(&start, &[], &Limits::depth(5), &stop, &clock, |_| {});
    assert_eq!(again.depth, 5);
}

/// Plays `fen` out between two searchers of `nodes` a move, the game's history known to both,
/// until it ends or `max_moves` moves of each side are played; returns the final position.
fn play_out(fen: &str, nodes: u64, max_moves: usize) -> Board0x88 {
    let mut position = board(fen);
    let mut history = Vec::new();
    let mut searchers = [Searcher::new(4), Searcher::new(4)];
    let stop = AtomicBool::new(false);
    for ply in 0..2 * max_moves {
        if position.outcome_with_history(&history).is_some() {
            break;
        }
        let clock = Stopwatch::start();
        let result = searchers[ply % 2].search(
            &position,
            &history,
            &Limits::nodes(nodes),
            &stop,
            &clock,
            |_| {},
        );
        let mv = result.best_move.expect("a game not over has a move");
        history.push(position.hash());
        position.play(mv).unwrap();
    }
    position
}

#[test]
fn bishop_and_knight_mate_the_lone_king() {
    // The lone king in the centre, far from the corners of the bishop's colour: mate takes
    // some thirty moves of driving it into one, where a search of 100,000 nodes sees no
    // mate until the last few. A dark-squared bishop (c1: a1 and h8), then a light one (f1:
    // a8 and h1).
    for fen in [
        "8/8/8/3k4/8/8/8/1NB1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/2K1NB2 w - - 0 1",
    ] {
        let end = play_out(fen, 100_000, 50);
        assert!(end.is_checkmate(), "{fen}: not mated, ended at {end}");
    }
}
