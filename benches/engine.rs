//! Criterion benchmark of the engine workload: the move-generation calls a search makes at
//! each node, over a fixed tree, so that the speed a search sees is tracked and not only
//! perft's.
//!
//! Perft times one kind of work (bulk counting, or generation and make/unmake of every leaf);
//! a search spends its time differently. At every interior node of the tree this bench does
//! what an alpha-beta search with a staged move picker does, with no evaluation and no
//! pruning, so that the tree stays fixed:
//! 1. asks [`Board0x88::is_legal`] about a "TT move", and if it is legal makes it first;
//! 2. generates the noisy moves ([`Board0x88::generate_noisy`]) and makes, searches and
//!    unmakes each one (skipping the TT move);
//! 3. then the quiet moves ([`Board0x88::generate_quiet`]), the same way.
//!
//! A leaf generates its noisy moves and plays none of them, as a quiescence search that stands
//! pat does (there is no evaluation to say otherwise). The TT move is the first move searched
//! at the previous node of the same ply (a sibling or a cousin), as a transposition table or a
//! killer slot would hand it over: deterministic, mostly legal, and illegal at some nodes, so
//! that `is_legal` takes its paths that say no too (the setup prints how many were legal).
//!
//! The tree is the six chessprogramming.org perft positions, each to a small depth (one
//! benchmark each, in the group `engine`). The throughput is in nodes ("elements/s"), a node
//! being a position visited (the root and every move made), as a search counts them.
//!
//! Before timing, each walk is run once with checks: every legal move is searched exactly
//! once, so each ply's nodes must be the perft of that depth (by bulk counting, another code
//! path); every `is_legal` answer must agree with the legal move list, and every noisy and
//! quiet list with the legal moves. The timed walk must give the same counts again. Run with
//! `cargo bench --bench engine`; a filter such as `cargo bench --bench engine -- kiwipete`
//! runs one position.
//!
//! A second group, `queries`, times the board's attack queries that an engine calls outside
//! move generation (in its evaluation, its legality checks, its check tests):
//! [`Board0x88::is_attacked`] and [`Board0x88::attackers`] on every square for both colours,
//! [`Board0x88::is_check`], [`Board0x88::checkers`] and [`Board0x88::pinned`], each asked of
//! the same six positions and every position one legal move from them (184 boards):
//! `cargo bench --bench engine -- queries`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use x88::{Board0x88, Color, Move, MoveList, Square, perft};

/// The positions (the six of chessprogramming.org's "Perft Results") and the depth of each
/// tree: 60 to 720 thousand nodes, a few milliseconds a walk.
const POSITIONS: [(&str, &str, u32); 6] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
    ),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        3,
    ),
];

/// The deepest tree of [`POSITIONS`], plus one for the leaves' ply.
const MAX_PLIES: usize = 6;

/// What a walk counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Counts {
    /// Nodes at each ply: `[0]` the root, `[d]` the leaves of a walk of depth `d`.
    per_ply: [u64; MAX_PLIES],
    /// TT moves asked about (one per interior node after the first at its ply).
    probes: u64,
    /// Of those, the legal ones (searched first).
    legal: u64,
    /// The noisy moves generated at the leaves, summed.
    leaf_noisy: u64,
}

impl Counts {
    /// All nodes visited: the root and every move made.
    fn nodes(&self) -> u64 {
        self.per_ply.iter().sum()
    }
}

/// One walk: the board, the TT-move slot of each ply, and what it counted. With `CHECK`, each
/// `is_legal` answer and each move list is compared with the legal moves (too slow to be
/// timed).
struct Walk<const CHECK: bool> {
    board: Board0x88,
    /// `slots[ply]`: the first move searched at the last node of `ply`.
    slots: [Option<Move>; MAX_PLIES],
    counts: Counts,
}

impl<const CHECK: bool> Walk<CHECK> {
    fn new(board: Board0x88) -> Self {
        Walk {
            board,
            slots: [None; MAX_PLIES],
            counts: Counts::default(),
        }
    }

    /// Visits the node at `ply` with `depth` plies left below it.
    fn node(&mut self, ply: usize, depth: u32) {
        self.counts.per_ply[ply] += 1;
        // Filled in place, as a search's move picker does: each list lives in this frame.
        let mut noisy = MoveList::new();
        if depth == 0 {
            self.board.generate_noisy(&mut noisy);
            if CHECK {
                let legal = self.board.legal_moves();
                let listed = legal
                    .iter()
                    .filter(|mv| mv.is_capture() || mv.is_promotion());
                assert_eq!(noisy.len(), listed.count(), "noisy moves of {}", self.board);
            }
            self.counts.leaf_noisy += noisy.len() as u64;
            return;
        }
        let tt_move = self.slots[ply].filter(|&mv| {
            self.counts.probes += 1;
            let legal = self.board.is_legal(mv);
            if CHECK {
                let listed = self.board.legal_moves().contains(&mv);
                assert_eq!(legal, listed, "is_legal({mv:?}) in {}", self.board);
            }
            self.counts.legal += u64::from(legal);
            legal
        });
        let mut first = None;
        if let Some(mv) = tt_move {
            self.child(mv, ply, depth);
            first = Some(mv);
        }
        self.board.generate_noisy(&mut noisy);
        for &mv in &noisy {
            if Some(mv) != tt_move {
                self.child(mv, ply, depth);
                first = first.or(Some(mv));
            }
        }
        let mut quiet = MoveList::new();
        self.board.generate_quiet(&mut quiet);
        if CHECK {
            let legal = self.board.count_legal_moves();
            assert_eq!((noisy.len() + quiet.len()) as u64, legal, "{}", self.board);
        }
        for &mv in &quiet {
            if Some(mv) != tt_move {
                self.child(mv, ply, depth);
                first = first.or(Some(mv));
            }
        }
        // The next node at this ply gets this one's first move (none if it had no moves: a
        // mate or a stalemate keeps the old one).
        self.slots[ply] = first.or(self.slots[ply]);
    }

    /// Makes `mv`, visits the child, unmakes it.
    #[inline]
    fn child(&mut self, mv: Move, ply: usize, depth: u32) {
        let undo = self.board.make_move(mv);
        self.node(ply + 1, depth - 1);
        self.board.unmake_move(mv, undo);
    }
}

/// Walks the tree of `board` to `depth`; returns the counts.
fn walk<const CHECK: bool>(board: Board0x88, depth: u32) -> Counts {
    let mut walk = Walk::<CHECK>::new(board);
    walk.node(0, depth);
    assert_eq!(walk.board, board, "the walk left the board as it found it");
    walk.counts
}

fn bench_engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(5));
    for (name, fen, depth) in POSITIONS {
        let board = Board0x88::from_fen(fen).expect("the benchmark FENs are valid");

        // A benchmark of a broken walk is worthless: check it first. Every legal move is
        // searched once, so each ply holds perft's count (bulk counting, another code path).
        let counts = walk::<true>(board, depth);
        for (ply, &nodes) in counts.per_ply.iter().enumerate() {
            let expected = match u32::try_from(ply) {
                Ok(ply) if ply <= depth => perft(&mut { board }, ply),
                _ => 0,
            };
            assert_eq!(nodes, expected, "{name}: nodes at ply {ply}");
        }
        assert!(
            counts.legal > 0 && counts.legal < counts.probes,
            "{name}: the TT moves should be legal sometimes, not always ({counts:?})"
        );
        assert_eq!(
            walk::<false>(board, depth),
            counts,
            "{name}: the timed walk"
        );
        eprintln!(
            "engine/{name}/depth{depth}: {} nodes, TT moves legal {} of {}",
            counts.nodes(),
            counts.legal,
            counts.probes
        );

        group.throughput(Throughput::Elements(counts.nodes()));
        group.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| walk::<false>(black_box(board), black_box(depth)));
        });
    }
    group.finish();
}

/// The boards of the `queries` group: each of [`POSITIONS`] and every position one legal move
/// from it.
fn query_boards() -> Vec<Board0x88> {
    let mut boards = Vec::new();
    for (_, fen, _) in POSITIONS {
        let board = Board0x88::from_fen(fen).expect("the benchmark FENs are valid");
        for mv in board.legal_moves() {
            let mut child = board;
            child.play_unchecked(mv);
            boards.push(child);
        }
        boards.push(board);
    }
    boards
}

/// A square query asked of every square, for both colours, on every board; the answers are
/// summed so that none can be optimised away.
fn on_every_square(boards: &[Board0x88], query: fn(&Board0x88, Square, Color) -> usize) -> usize {
    let mut sum = 0;
    for board in boards {
        for square in Square::ALL {
            for color in Color::ALL {
                sum += query(board, black_box(square), color);
            }
        }
    }
    sum
}

/// A position query asked once of every board, the answers summed.
fn on_every_board(boards: &[Board0x88], query: fn(&Board0x88) -> usize) -> usize {
    boards.iter().map(|board| query(black_box(board))).sum()
}

fn bench_queries(c: &mut Criterion) {
    let boards = query_boards();
    let mut group = c.benchmark_group("queries");
    group.throughput(Throughput::Elements(
        (boards.len() * Square::ALL.len() * Color::ALL.len()) as u64,
    ));
    group.bench_function("is_attacked", |b| {
        b.iter(|| {
            on_every_square(&boards, |board, square, color| {
                usize::from(board.is_attacked(square, color))
            })
        });
    });
    group.bench_function("attackers", |b| {
        b.iter(|| {
            on_every_square(&boards, |board, square, color| {
                board.attackers(square, color).len()
            })
        });
    });
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("is_check", |b| {
        b.iter(|| on_every_board(&boards, |board| usize::from(board.is_check())));
    });
    group.bench_function("checkers", |b| {
        b.iter(|| on_every_board(&boards, |board| board.checkers().len()));
    });
    group.bench_function("pinned", |b| {
        b.iter(|| on_every_board(&boards, |board| board.pinned().len()));
    });
    group.finish();
}

criterion_group!(benches, bench_engine, bench_queries);
criterion_main!(benches);
