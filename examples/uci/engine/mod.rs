//! The UCI engine: reads commands, keeps the position and the options, and hands searches to
//! the search thread.
//!
//! [`run`] is the whole engine over any input and output, so that the tests can drive it
//! through in-memory pipes; `main.rs` gives it stdin and stdout.
//!
//! Bad input never ends the engine: it is answered with `info string <why>` and otherwise
//! ignored. In particular a `position` command with a malformed FEN or an illegal or
//! unparsable move is rejected whole: the previous position is kept, not a part of the new
//! one. In a `go`, a missing or malformed value (`go depth x`), an unknown token and an
//! unsupported parameter (`searchmoves`, `mate`) are reported and skipped, and the search runs
//! on the rest, so that the GUI gets its `bestmove` (a `go` left with no valid limit searches
//! for one second).
//!
//! Time: `Move Overhead` is taken off `movetime` and the clock times before the searcher sees
//! them, and the searcher's own time management decides how long to think. On top of that a
//! watchdog stops a search at `movetime`, or at half the clock (all of it with
//! `movestogo 1`), so that even a search that overruns never loses on time. `go ponder`
//! searches with a clock that stands still until `ponderhit`; `go infinite` and `go ponder`
//! hold their `bestmove` back until `stop` (or `ponderhit`), as UCI asks.
//!
//! Opening book: `BookFile` names a Polyglot `.bin` book (read through `x88::polyglot`), and
//! with `OwnBook` on, a `go` in a position the book knows is answered at once with one of its
//! moves, chosen at random by the entries' weights (`go infinite` and `go ponder` search as
//! usual). A book that cannot be read is reported with `info string` and not used.

pub mod bench;
mod command;
mod options;
mod output;
mod worker;

use std::io::{BufRead, ErrorKind, Write};
use std::time::{Duration, Instant};

use x88::polyglot::BookFile;
use x88::search::Limits;
use x88::{Board0x88, Color, FenOptions, Game};

use command::{Command, GoParams, PositionSpec, Start};
use options::{Effect, Options};
use output::Output;
use worker::{Mode, SearchJob, Worker};

/// Runs the engine until `quit` or the end of `input`; returns once the search thread has
/// finished.
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) {
    let mut engine = Engine::new(Output::new(output));
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => {
                engine
                    .out
                    .info_string(format_args!("cannot read input: {e}"));
                break;
            }
        }
        if !engine.handle(&String::from_utf8_lossy(&line)) {
            break;
        }
    }
    // Dropping the engine stops the search and joins the search thread.
}

/// The engine's state on the main thread.
struct Engine {
    out: Output,
    options: Options,
    /// The position to search, with the history of the game that led to it.
    game: Game,
    worker: Worker,
    /// The opening book of `BookFile`, if one is loaded.
    book: Option<BookFile>,
    /// The state of the xorshift generator that picks book moves by their weights.
    random: u64,
}

impl Engine {
    fn new(out: Output) -> Engine {
        let options = Options::default();
        Engine {
            worker: Worker::spawn(options.hash_mb, out.clone()),
            out,
            options,
            game: Game::default(),
            book: None,
            // Seeded from the clock, so that games from the same book vary; never zero.
            random: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                | 1,
        }
    }

    /// Handles one line; `false` when the engine should quit.
    fn handle(&mut self, line: &str) -> bool {
        let command = match command::parse(line) {
            Ok(Some(command)) => command,
            Ok(None) => return true,
            Err(e) => {
                self.out.info_string(e);
                return true;
            }
        };
        match command {
            Command::Uci => self.identify(),
            Command::IsReady => self.worker.ready(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                self.worker.clear();
                self.game = Game::new(self.start_position());
            }
            Command::Position(spec) => self.set_position(&spec),
            Command::Go(params) => self.go(params),
            Command::Stop => self.worker.stop(),
            Command::PonderHit => self.worker.ponderhit(),
            Command::Quit => return false,
            Command::Ignored => {}
            Command::Display => self
                .out
                .info_string(format_args!("fen {}", self.game.board())),
            Command::Bench(depth) => self.bench(depth),
        }
        true
    }

    /// `bench` at the prompt: the bench searches, on this thread (the engine reads no command
    /// until they end), with their own searcher, so the game's tables are left as they were.
    fn bench(&mut self, depth: u32) {
        if self.worker.is_searching() {
            self.out
                .info_string("bench ignored: a search is running (send stop first)");
            return;
        }
        let bench = bench::run(depth, |line| self.out.info_string(line));
        if let Some(note) = bench.signature_note(depth) {
            self.out.info_string(note);
        }
        self.out.line(bench.summary());
    }

    /// The reply to `uci`.
    fn identify(&self) {
        self.out
            .line(concat!("id name x88 ", env!("CARGO_PKG_VERSION")));
        self.out.line("id author The x88 developers");
        for option in Options::declarations() {
            self.out.line(option);
        }
        self.out.line("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value) {
            Ok(Effect::None) => {}
            Ok(Effect::Resize(mb)) => self.worker.resize(mb),
            Ok(Effect::Clear) => self.worker.clear(),
            Ok(Effect::Threads(threads)) => self.worker.set_threads(threads),
            Ok(Effect::LoadBook(path)) => self.load_book(&path),
            #[cfg(feature = "tune")]
            Ok(Effect::Weights(weights)) => self.worker.set_weights(weights),
            Err(e) => self.out.info_string(e),
        }
    }

    fn start_position(&self) -> Board0x88 {
        if self.options.chess960 {
            Board0x88::chess960(518).expect("518 is the standard start position")
        } else {
            Board0x88::start_position()
        }
    }

    /// Sets up the position, or keeps the previous one and says why.
    fn set_position(&mut self, spec: &PositionSpec) {
        match self.build_game(spec) {
            Ok(game) => self.game = game,
            Err(e) => self.out.info_string(format_args!(
                "position ignored ({e}); keeping the previous position"
            )),
        }
    }

    /// The game a `position` command describes: its start and its moves.
    fn build_game(&self, spec: &PositionSpec) -> Result<Game, String> {
        let start = match &spec.start {
            Start::StartPos => self.start_position(),
            Start::Fen(fen) => self.parse_fen(fen)?,
        };
        let mut game = Game::new(start);
        for (i, text) in spec.moves.iter().enumerate() {
            game.play_uci(text)
                .map_err(|e| format!("move {} '{text}': {e}", i + 1))?;
        }
        Ok(game)
    }

    /// A FEN read strictly; the clocks may be left out (`0 1` is assumed), as some GUIs do.
    fn parse_fen(&self, fen: &str) -> Result<Board0x88, String> {
        let full;
        let fen = if fen.split_whitespace().count() == 4 {
            full = format!("{fen} 0 1");
            &full
        } else {
            fen
        };
        let options = FenOptions {
            chess960: self.options.chess960,
            ..FenOptions::default()
        };
        Board0x88::from_fen_with(fen, options).map_err(|e| format!("bad FEN '{fen}': {e}"))
    }

    /// Loads the Polyglot book at `path` (none for an empty path); a book that cannot be read
    /// is reported and leaves the engine without a book.
    fn load_book(&mut self, path: &str) {
        self.book = None;
        if path.is_empty() {
            return;
        }
        match BookFile::open(path) {
            Ok(book) => {
                self.out
                    .info_string(format_args!("book {path}: {} entries", book.book().len()));
                self.book = Some(book);
            }
            Err(e) => self.out.info_string(format_args!("book {path}: {e}")),
        }
    }

    /// With `OwnBook` on, a move of the book for the current position, chosen by weight.
    fn book_move(&mut self) -> Option<x88::Move> {
        if !self.options.own_book {
            return None;
        }
        let book = self.book.as_ref()?.book();
        // xorshift64: enough randomness to vary the openings.
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        // The game's key is exact after a double push with a pinned capturer.
        book.pick_with_key(self.game.board(), self.game.polyglot_key(), self.random)
    }

    fn go(&mut self, params: GoParams) {
        let started = Instant::now();
        for note in &params.notes {
            self.out.info_string(note);
        }
        // A book move is played at once, except in the modes that wait for `stop`.
        if !params.limits.infinite && !params.ponder {
            if let Some(mv) = self.book_move() {
                let uci = self.game.board().uci(mv);
                self.out.info_string(format_args!("book move {uci}"));
                self.out.line(format_args!("bestmove {uci}"));
                return;
            }
        }
        let mode = if params.limits.infinite {
            Mode::Infinite
        } else if params.ponder {
            Mode::Ponder
        } else {
            Mode::Normal
        };
        let board = *self.game.board();
        let limits = self.limits(&params);
        let deadline = match mode {
            Mode::Normal => hard_deadline(&limits, board.side_to_move()),
            Mode::Infinite | Mode::Ponder => None,
        };
        self.worker.search(SearchJob {
            board,
            history: self.game.history().to_vec(),
            limits,
            mode,
            started,
            deadline,
        });
    }

    /// The search limits of `params`, with Move Overhead taken off every time the engine may
    /// spend (but never down to nothing: at least a millisecond is left).
    fn limits(&self, params: &GoParams) -> Limits {
        let overhead = self.options.move_overhead;
        let budget = |time: Duration| time.saturating_sub(overhead).max(Duration::from_millis(1));
        let sent = &params.limits;
        Limits {
            movetime: sent.movetime.map(budget),
            wtime: sent.wtime.map(budget),
            btime: sent.btime.map(budget),
            ..*sent
        }
    }
}

/// The time after which the engine stops a search itself, whatever the searcher's own time
/// management says: `movetime`, and half the clock (all of it when the time control ends
/// after this move), so that a search that overruns can never lose on time. A sound search
/// stops well before.
fn hard_deadline(limits: &Limits, side: Color) -> Option<Duration> {
    let clock = match side {
        Color::White => limits.wtime,
        Color::Black => limits.btime,
    };
    let from_clock = clock.map(|time| {
        if limits.movestogo == Some(1) {
            time
        } else {
            time / 2
        }
    });
    match (limits.movetime, from_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
