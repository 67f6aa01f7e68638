//! A complete small UCI engine on x88's public API: how to write your own engine on x88.
//!
//! ```text
//! cargo run --release --example tiny_engine
//! ```
//!
//! The design, in the spirit of micro-Max: iterative deepening over a negamax alpha-beta
//! search, a quiescence search over the noisy moves, and a transposition table keyed by the
//! board's hash that keeps the best move packed in 16 bits. Moves are tried in the order:
//! the table's move, captures that do not lose material (most valuable victim first, least
//! valuable attacker first), quiet moves, losing captures. The evaluation counts material,
//! piece-square tables and mobility. Repetitions and the fifty-move rule score 0; mates score
//! by their distance from the root.
//!
//! Commands are read on a thread of their own, so that `isready`, `stop` and `quit` are heard
//! during a search. Bad input is answered with `info string` and never ends the engine.

use std::cmp::Reverse;
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};
use x88::{Board0x88, Color, Move, PieceKind, SEE_VALUES};

/// Above every score: the bounds of the root's search window.
const INFINITY: i32 = 32_000;
/// The score of giving mate now; a mate `n` plies away scores `MATE - n`.
const MATE: i32 = 31_000;
/// The deepest the search goes, in plies from the root.
const MAX_PLY: usize = 100;
/// Scores this far from ±`MATE` are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Transposition table entries (16 bytes each: 16 MiB).
const TT_ENTRIES: usize = 1 << 20;
/// Bonus per square a piece reaches, by [`PieceKind::index`] (none for pawns and kings).
const MOBILITY: [i32; 6] = [0, 4, 4, 2, 1, 0];
/// Placement bonuses from white's side (a1 = 0 ... h8 = 63), by [`PieceKind::index`].
const PIECE_SQUARE: [[i32; 64]; 6] = piece_square_tables();

/// The piece-square tables, from three ideas: pawns forward, pieces to the centre, rooks to
/// the seventh rank; the king (in the middlegame) stays home on a castled wing.
const fn piece_square_tables() -> [[i32; 64]; 6] {
    let mut tables = [[0; 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let off_centre = (2 * file - 7).abs() / 2 + (2 * rank - 7).abs() / 2; // 0 to 6
        let centre_file = if file == 3 || file == 4 { 1 } else { 0 };
        tables[0][sq] = 6 * (rank - 1) + 12 * centre_file * (rank > 1) as i32;
        tables[1][sq] = 20 - 8 * off_centre;
        tables[2][sq] = 10 - 4 * off_centre;
        tables[3][sq] = 20 * (rank == 6) as i32 + 5 * centre_file;
        tables[4][sq] = 5 - 2 * off_centre;
        tables[5][sq] = [10, 20, 15, 0, 0, 5, 20, 10][file as usize] - 25 * rank;
        sq += 1;
    }
    tables
}

/// The position's score for the side to move, in centipawns: material ([`SEE_VALUES`]; the
/// kings' cancel out), placement, and mobility (the squares attacked and not our own).
fn evaluate(board: &Board0x88) -> i32 {
    let endgame = board.occupied().len() <= 12;
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == board.side_to_move() { 1 } else { -1 };
        for kind in PieceKind::ALL {
            // In the endgame the king heads for the centre, as a knight would.
            let table = match kind {
                PieceKind::King if endgame => PieceKind::Knight.index(),
                _ => kind.index(),
            };
            for sq in board.pieces(color, kind) {
                let white_sq = sq.index() ^ (56 * color.index()); // black's ranks flipped
                let reach = (board.attacks_from(sq) - board.occupied_by(color)).len() as i32;
                let value = SEE_VALUES[kind.index()] + PIECE_SQUARE[table][white_sq];
                score += sign * (value + MOBILITY[kind.index()] * reach);
            }
        }
    }
    score
}

/// What a transposition table score says of the true score.
#[derive(Clone, Copy, Default)]
enum Bound {
    #[default]
    Exact,
    /// The search failed high: the true score is at least this.
    Lower,
    /// The search failed low: the true score is at most this.
    Upper,
}

/// A transposition table slot: what the search of the position with this hash found.
#[derive(Clone, Copy, Default)]
struct TtEntry {
    hash: u64,
    /// [`Move::to_u16`]; 0 for none.
    best_move: u16,
    depth: i16,
    bound: Bound,
    score: i32,
}

/// A mate score moved `plies` further from the root: the table keeps mates counted from the
/// node that stores them (`+ply` on the way in, `-ply` on the way out).
fn shift_mate(score: i32, plies: i32) -> i32 {
    match score {
        s if s > MATE_BOUND => s + plies,
        s if s < -MATE_BOUND => s - plies,
        s => s,
    }
}

/// Whether `deadline` (if any) has passed.
fn passed(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// How a search ends: by depth, by the clock, or by the GUI.
#[derive(Default)]
struct Limits {
    depth: usize,
    /// When to stop the search (looked at every few thousand nodes).
    deadline: Option<Instant>,
    /// When not to start another iteration, since it would hardly finish in time.
    soft_deadline: Option<Instant>,
    /// `go infinite`: `bestmove` waits for `stop`.
    infinite: bool,
}

/// The engine: the game, the table, the search's state and the GUI's unread commands.
struct Engine {
    board: Board0x88,
    /// The hashes of the game's positions before `board`, then of the search path's.
    history: Vec<u64>,
    tt: Vec<TtEntry>,
    limits: Limits,
    nodes: u64,
    /// The best root move found so far.
    root_move: Option<Move>,
    stopped: bool,
    quit: bool,
    input: Receiver<String>,
    /// Commands that came during a search, for after it.
    pending: VecDeque<String>,
}

impl Engine {
    /// The table slot of the current position, and its hash.
    fn slot(&self) -> (usize, u64) {
        let hash = self.board.hash();
        ((hash % self.tt.len() as u64) as usize, hash)
    }

    /// The table's move for the current position, if it is legal here (positions share
    /// slots, and hashes may collide).
    fn tt_move(&self) -> Option<Move> {
        let (slot, hash) = self.slot();
        let mv = Move::from_u16(self.tt[slot].best_move)?;
        (self.tt[slot].hash == hash && self.board.is_legal(mv)).then_some(mv)
    }

    /// The table's score for the current position if it was searched at least `depth` deep
    /// and its bound settles the window `(alpha, beta)`; never at the root, which needs a move.
    fn tt_cutoff(&self, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let (slot, hash) = self.slot();
        let entry = self.tt[slot];
        if ply == 0 || entry.hash != hash || i32::from(entry.depth) < depth {
            return None;
        }
        let score = shift_mate(entry.score, -(ply as i32));
        match entry.bound {
            Bound::Exact => Some(score),
            Bound::Lower => (score >= beta).then_some(score),
            Bound::Upper => (score <= alpha).then_some(score),
        }
    }

    /// Keeps what the search of the current position found, in place of the slot's entry.
    fn tt_store(&mut self, depth: i32, bound: Bound, best: (Move, i32), ply: usize) {
        let (slot, hash) = self.slot();
        self.tt[slot] = TtEntry {
            hash,
            best_move: best.0.to_u16(),
            depth: depth as i16,
            bound,
            score: shift_mate(best.1, ply as i32),
        };
    }

    /// Higher for the moves to try first: the table's move, captures and promotions that do
    /// not lose material by static exchange (by MVV-LVA), quiet moves, losing captures.
    fn order_key(&self, mv: Move, tt_move: Option<Move>) -> i32 {
        if Some(mv) == tt_move {
            return 1_000_000;
        }
        if !mv.is_capture() && !mv.is_promotion() {
            return 0;
        }
        let value = |kind: Option<PieceKind>| kind.map_or(0, |kind| SEE_VALUES[kind.index()]);
        let en_passant = mv.is_en_passant().then_some(PieceKind::Pawn);
        let victim = value(self.board.kind_on(mv.to()).or(en_passant)) + value(mv.promotion_kind());
        let mvv_lva = 10 * victim - value(self.board.kind_on(mv.from()));
        mvv_lva
            + if self.board.see_ge(mv, 0) {
                100_000
            } else {
                -100_000
            }
    }

    /// Counts a node; every 4096 nodes, looks at the clock and at the GUI's commands.
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes % 4096 == 0 {
            self.stopped |= passed(self.limits.deadline);
            loop {
                match self.input.try_recv() {
                    Ok(line) => self.hear(Some(line)),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return self.hear(None),
                }
            }
        }
    }

    /// Takes a command that came during a search (`None`: the end of the input): answers
    /// `isready`, stops for `stop` and `quit`, and keeps any other for after the search.
    fn hear(&mut self, line: Option<String>) {
        match line.as_deref() {
            Some("isready") => println!("readyok"),
            Some("stop") => self.stopped = true,
            Some("quit") | None => (self.stopped, self.quit) = (true, true),
            Some(_) => self.pending.extend(line),
        }
    }

    /// Negamax alpha-beta: the score of the position within `(alpha, beta)`, searched
    /// `depth` plies deep (one more when in check), `ply` plies from the root.
    fn search(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.count_node();
        let board = &self.board;
        if ply > 0 && (board.halfmove_clock() >= 100 || board.is_repetition(&self.history)) {
            return 0;
        }
        let in_check = board.is_check();
        let depth = depth + i32::from(in_check);
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(alpha, beta, ply);
        }
        if let Some(score) = self.tt_cutoff(depth, alpha, beta, ply) {
            return score;
        }
        let mut moves = self.board.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 }; // mated, or stalemate
        }
        let tt_move = self.tt_move();
        moves.sort_by_cached_key(|&mv| Reverse(self.order_key(mv, tt_move)));
        let (mut best_score, mut best_move, mut bound) = (-INFINITY, moves[0], Bound::Upper);
        for mv in moves {
            self.history.push(self.board.hash());
            let undo = self.board.make_move(mv);
            let score = -self.search(depth - 1, -beta, -alpha, ply + 1);
            self.board.unmake_move(mv, undo);
            self.history.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                (best_score, best_move) = (score, mv);
                if ply == 0 {
                    self.root_move = Some(mv);
                }
            }
            if score >= beta {
                bound = Bound::Lower;
                break;
            }
            if score > alpha {
                (alpha, bound) = (score, Bound::Exact);
            }
        }
        self.tt_store(depth, bound, (best_move, best_score), ply);
        best_score
    }

    /// Quiescence search: the better of the evaluation (standing pat) and the noisy moves
    /// that do not lose material, until the position is quiet.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.count_node();
        let stand_pat = evaluate(&self.board);
        if stand_pat >= beta || ply >= MAX_PLY {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut moves = self.board.noisy_moves();
        moves.sort_by_cached_key(|&mv| Reverse(self.order_key(mv, None)));
        for mv in moves {
            if !self.board.see_ge(mv, 0) {
                break; // only losing captures are left
            }
            let undo = self.board.make_move(mv);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.board.unmake_move(mv, undo);
            if self.stopped || score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// Iterative deepening: searches one ply deeper at a time, with an `info` line per depth,
    /// until a limit is reached; then answers `bestmove` (`0000` when there is no legal move).
    fn go(&mut self, limits: Limits) {
        let start = Instant::now();
        (self.limits, self.nodes, self.stopped) = (limits, 0, false);
        self.root_move = self.board.legal_moves().first().copied();
        for depth in 1..=self.limits.depth.min(MAX_PLY) {
            if self.root_move.is_none() || passed(self.limits.soft_deadline) {
                break;
            }
            let score = self.search(depth as i32, -INFINITY, INFINITY, 0);
            if self.stopped {
                break;
            }
            let (nodes, ms) = (self.nodes, start.elapsed().as_millis());
            let nps = u128::from(nodes) * 1000 / ms.max(1);
            let (score, pv) = (uci_score(score), self.principal_variation(depth));
            println!("info depth {depth} score {score} nodes {nodes} nps {nps} time {ms} pv {pv}");
        }
        while self.limits.infinite && !self.stopped {
            let line = self.input.recv().ok(); // `bestmove` waits for `stop`
            self.hear(line);
        }
        match self.root_move {
            Some(mv) => println!("bestmove {mv}"),
            None => println!("bestmove 0000"),
        }
    }

    /// The table's moves from the root, as far as they are legal (and at most `depth`).
    fn principal_variation(&mut self, depth: usize) -> String {
        let root = self.board;
        let mut line = Vec::new();
        while let Some(mv) = self.tt_move().filter(|_| line.len() < depth) {
            line.push(mv.to_string());
            self.board.play_unchecked(mv);
        }
        self.board = root;
        line.join(" ")
    }

    /// Sets up `position startpos|fen <FEN> [moves ...]`, or keeps the old position and
    /// says why not.
    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let mut board = match words.first() {
            Some(&"startpos") if moves_at == 1 => Board0x88::default(),
            Some(&"fen") => match Board0x88::from_fen(&words[1..moves_at].join(" ")) {
                Ok(board) => board,
                Err(error) => return println!("info string bad FEN: {error}"),
            },
            _ => return println!("info string expected 'position startpos|fen <FEN> ...'"),
        };
        let mut history = Vec::new();
        for text in words.iter().skip(moves_at + 1) {
            match board.parse_uci(text) {
                Ok(mv) => {
                    history.push(board.hash());
                    board.play_unchecked(mv);
                }
                Err(error) => return println!("info string bad move '{text}': {error}"),
            }
        }
        (self.board, self.history) = (board, history);
    }
}

/// A score in UCI: `cp <centipawns>`, or `mate <moves>` (negative when being mated).
fn uci_score(score: i32) -> String {
    match score {
        s if s > MATE_BOUND => format!("mate {}", (MATE - s + 1) / 2),
        s if s < -MATE_BOUND => format!("mate -{}", (MATE + s) / 2),
        s => format!("cp {s}"),
    }
}

/// The limits of `go` for `us`: `depth`, `movetime`, the clocks (`wtime btime winc binc
/// movestogo`) or `infinite` (as is a bare `go`). A missing or bad number is reported and
/// ignored.
fn parse_go(words: &[&str], us: Color) -> Limits {
    let number = |name: &str| {
        let at = words.iter().position(|&w| w == name)?;
        let value = words
            .get(at + 1)
            .and_then(|value| value.parse::<i64>().ok());
        if value.is_none() {
            println!("info string '{name}' needs a number");
        }
        value.map(|value| value.max(0) as u64)
    };
    let (time, increment) = match us {
        Color::White => (number("wtime"), number("winc")),
        Color::Black => (number("btime"), number("binc")),
    };
    // A share of the clock, never more than half of it, less a margin for the GUI.
    let budget = number("movetime").or(time.map(|time| {
        let share = time / number("movestogo").unwrap_or(30).max(1);
        let share = share.saturating_add(increment.unwrap_or(0) / 4 * 3);
        share.min(time / 2).saturating_sub(20)
    }));
    let depth = number("depth");
    let now = Instant::now();
    Limits {
        depth: depth.map_or(MAX_PLY, |depth| depth.max(1) as usize),
        // (No deadline at all if it is too far to count.)
        deadline: budget.and_then(|ms| now.checked_add(Duration::from_millis(ms))),
        // The next iteration takes several times the last: start one only in the first half.
        soft_deadline: budget.and_then(|ms| now.checked_add(Duration::from_millis(ms / 2))),
        infinite: words.contains(&"infinite") || (depth.is_none() && budget.is_none()),
    }
}

/// Reads the GUI's lines on a thread of their own (invalid UTF-8 is replaced, not fatal).
fn spawn_input_reader() -> Receiver<String> {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().split(b'\n') {
            let Ok(line) = line else { break };
            if sender
                .send(String::from_utf8_lossy(&line).trim().to_owned())
                .is_err()
            {
                break;
            }
        }
    });
    receiver
}

fn main() {
    let mut engine = Engine {
        board: Board0x88::default(),
        history: Vec::new(),
        tt: vec![TtEntry::default(); TT_ENTRIES],
        limits: Limits::default(),
        nodes: 0,
        root_move: None,
        stopped: false,
        quit: false,
        input: spawn_input_reader(),
        pending: VecDeque::new(),
    };
    while !engine.quit {
        let next = engine
            .pending
            .pop_front()
            .or_else(|| engine.input.recv().ok());
        let Some(line) = next else { break }; // the end of the input
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => println!("id name x88 tiny\nid author The x88 developers\nuciok"),
            Some("isready") => println!("readyok"),
            Some("ucinewgame") => engine.tt.fill(TtEntry::default()),
            Some("position") => engine.set_position(&words[1..]),
            Some("go") => engine.go(parse_go(&words[1..], engine.board.side_to_move())),
            Some("quit") => break,
            Some("stop") | None => {}
            Some(other) => println!("info string unknown command '{other}'"),
        }
    }
}
