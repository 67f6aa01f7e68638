//! Writes a PGN file of games the x88 engine plays against itself very fast: test data for
//! the `pgn` example, with every construct of the PGN grammar in it.
//!
//! ```text
//! cargo run --release --features search --example make_pgn -- [--games N] [--seed S] [--out FILE]
//! ```
//!
//! Each game starts with a few random plies (for variety), then both sides search to depth 1
//! or 2 (a node limit is checked too, but the search polls it only every 2048 nodes). Games end
//! by checkmate, a draw by the rules (stalemate, dead position, 75-move rule, fivefold
//! repetition) or by claim (threefold repetition, the 50-move rule), by resignation when the
//! search sees a large deficit, or unfinished (`*`) at a random ply or after 300 plies.
//!
//! The PGN has the seven-tag roster and, in some games: odd but legal tags (empty, long,
//! escaped `\"` and `\\`, unusual names), `[FEN]` + `[SetUp "1"]` positions, Chess960 games
//! (`[Variant "Chess960"]` with Shredder-FEN), brace comments (some on several lines),
//! rest-of-line `;` comments, `%` escape lines, variations (alternative moves continued by the
//! engine, some nested), NAGs and suffix annotations, and CRLF line ends. The rarest of these
//! (a Chess960 game, an unfinished game, CRLF line ends) are also written once in every
//! [`EVERY`] games whatever the dice say, so that any file of that many games holds each of
//! them, however the engine plays. The same seed writes the same file. The file goes to
//! `--out` (default stdout); a summary goes to stderr, in the `pgn` example's words, so that
//! the two can be compared:
//!
//! ```text
//! games 10000 (replayed 10000, failed 0), warnings 0
//! plies ... in main lines, ... in variations
//! results 1-0 ..., 0-1 ..., 1/2-1/2 ..., * ..., none 0
//! comments ..., variations ..., annotations ...
//! ```

use std::env;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[path = "common/rng.rs"]
mod rng;

use rng::Rng;
use x88::search::{Limits, Score, Searcher};
use x88::{Board0x88, Color, Move};

const USAGE: &str = "usage: make_pgn [--games N] [--seed S] [--out FILE]";

/// Games end unfinished after this many plies.
const MAX_PLIES: usize = 300;
/// Each [`Rare`] construct is written at least once in every this many games.
const EVERY: u64 = 40;

/// The constructs that chance alone writes in only a few games in a hundred, which a file of
/// [`EVERY`] games or more holds anyway: each has its round in every [`EVERY`].
#[derive(Clone, Copy)]
enum Rare {
    /// A game from a Chess960 start position.
    Chess960 = 1,
    /// A game stopped unfinished (`*`).
    Unfinished = 2,
    /// A game written with CRLF line ends.
    CrLf = 3,
}

impl Rare {
    /// Whether game `round` (counted from 1) is the one of its [`EVERY`] that must hold it.
    fn falls_on(self, round: u64) -> bool {
        round % EVERY == self as u64
    }
}
/// Movetext lines are wrapped before this column.
const LINE_WIDTH: usize = 79;
/// Variations nest at most this deep.
const MAX_NESTING: usize = 3;

fn main() -> ExitCode {
    let (mut games, mut seed, mut out) = (10_000u64, 1u64, None);
    let mut args = env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--games" | "--seed" | "--out" => args.next(),
            _ => None,
        };
        let Some(value) = value else {
            eprintln!("make_pgn: bad argument '{arg}'\n{USAGE}");
            return ExitCode::from(2);
        };
        let number = value.parse::<u64>();
        match (arg.as_str(), number) {
            ("--games", Ok(n)) => games = n,
            ("--seed", Ok(n)) => seed = n,
            ("--out", _) => out = Some(value),
            _ => {
                eprintln!("make_pgn: {arg} needs a number, not '{value}'\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let sink: Box<dyn Write> = match &out {
        Some(path) => match File::create(path) {
            Ok(file) => Box::new(file),
            Err(e) => {
                eprintln!("make_pgn: cannot write {path}: {e}");
                return ExitCode::from(2);
            }
        },
        None => Box::new(io::stdout().lock()),
    };
    let mut sink = BufWriter::new(sink);
    let mut maker = Maker::new(seed);
    let start = Instant::now();
    let written = (1..=games).try_for_each(|round| {
        let game = maker.game(round);
        sink.write_all(game.as_bytes())
    });
    if let Err(e) = written.and_then(|()| sink.flush()) {
        eprintln!("make_pgn: cannot write: {e}");
        return ExitCode::from(2);
    }
    let c = &maker.counts;
    eprintln!("games {games} (replayed {games}, failed 0), warnings 0");
    eprintln!(
        "plies {} in main lines, {} in variations",
        c.plies, c.variation_plies
    );
    eprintln!(
        "results 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}, none 0",
        c.results[0], c.results[1], c.results[2], c.results[3]
    );
    eprintln!(
        "comments {}, variations {}, annotations {}",
        c.comments, c.variations, c.annotations
    );
    eprintln!("written in {:.1} s", start.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}

/// What has been written, in the `pgn` example's categories.
#[derive(Default)]
struct Counts {
    plies: u64,
    variation_plies: u64,
    /// By result: 1-0, 0-1, 1/2-1/2, *.
    results: [u64; 4],
    comments: u64,
    variations: u64,
    annotations: u64,
}

/// Movetext being written: tokens separated by spaces, wrapped at [`LINE_WIDTH`].
struct Text {
    text: String,
    column: usize,
}

impl Text {
    fn new() -> Text {
        Text {
            text: String::new(),
            column: 0,
        }
    }

    fn token(&mut self, token: &str) {
        let width = token.lines().next().map_or(0, str::len);
        if self.column > 0 && self.column + 1 + width > LINE_WIDTH {
            self.newline();
        } else if self.column > 0 {
            self.text.push(' ');
            self.column += 1;
        }
        self.text.push_str(token);
        self.column = match token.rfind('\n') {
            Some(at) => token.len() - at - 1,
            None => self.column + token.len(),
        };
    }

    /// Appends `text` to the last token, without a space (a closing parenthesis).
    fn attach(&mut self, text: &str) {
        self.text.push_str(text);
        self.column += text.len();
    }

    fn newline(&mut self) {
        self.text.push('\n');
        self.column = 0;
    }

    /// A `;` comment, which runs to the end of its line.
    fn rest_of_line(&mut self, comment: &str) {
        self.token(&format!("; {comment}"));
        self.newline();
    }

    /// A `%` escape line, which must start at column 0.
    fn escape_line(&mut self, line: &str) {
        if self.column > 0 {
            self.newline();
        }
        self.text.push_str(line);
        self.newline();
    }
}

const COMMENTS: [&str; 8] = [
    "{ A quiet move. }",
    "{The only move.}",
    "{ }",
    "{ Better was to castle; now (after this) the [king] is stuck: 1-0 soon? }",
    "{ Two ideas here:\n  first the knight,\n  then the rook. }",
    "{ \"Quoted\" words, a backslash \\ and 100% nonsense. }",
    "{ Engine line: depth 2\n}",
    "{ Time trouble $1 !? }",
];
const LINE_COMMENTS: [&str; 3] = [
    "a rest-of-line comment { with a brace",
    "threatening mate ) or not (",
    "",
];
const ESCAPES: [&str; 2] = ["% an escape line { ( [ ; ignored", "%"];
const SUFFIXES: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];
const PLAYERS: [&str; 6] = [
    "x88, depth 1",
    "x88, depth 2",
    "Random, J.",
    "O'Neil, \\\"Fast\\\" Eddie",
    "Back\\\\slash, B.",
    "",
];

/// How a game ended, as its termination marker's index in [`Counts::results`].
fn result_text(index: usize) -> &'static str {
    ["1-0", "0-1", "1/2-1/2", "*"][index]
}

struct Maker {
    rng: Rng,
    searcher: Searcher,
    counts: Counts,
}

/// One game's moves and end.
struct Played {
    start: Board0x88,
    moves: Vec<Move>,
    /// Index into [`Counts::results`].
    result: usize,
    termination: &'static str,
}

impl Maker {
    fn new(seed: u64) -> Maker {
        Maker {
            rng: Rng(seed),
            searcher: Searcher::new(1),
            counts: Counts::default(),
        }
    }

    /// The engine's move in `board` after the positions `history`, with its score.
    fn search(&mut self, board: &Board0x88, history: &[u64], depth: u32) -> Option<(Move, Score)> {
        let limits = Limits {
            depth: Some(depth),
            nodes: Some(2_000),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let start = Instant::now();
        let clock = || start.elapsed();
        let result = self
            .searcher
            .search(board, history, &limits, &stop, &clock, |_| {});
        result.best_move.map(|mv| (mv, result.score))
    }

    /// A random legal move of `board`, if it has one.
    fn random_move(&mut self, board: &Board0x88) -> Option<Move> {
        let moves = board.legal_moves();
        (!moves.is_empty()).then(|| self.rng.pick(&moves))
    }

    /// The start position of a game: the standard one mostly, sometimes a position reached by
    /// random moves (written as a FEN), sometimes a Chess960 one (always in game `round` when
    /// it is [`Rare::Chess960`]'s).
    fn start_position(&mut self, round: u64) -> Board0x88 {
        let dice = self.rng.below(100);
        let dice = if Rare::Chess960.falls_on(round) {
            0
        } else {
            dice
        };
        match dice {
            0..=2 => Board0x88::chess960(self.rng.below(960) as u16).expect("below 960"),
            3..=7 => loop {
                let mut board = Board0x88::start_position();
                for _ in 0..10 + self.rng.below(20) {
                    match self.random_move(&board) {
                        Some(mv) => board.play_unchecked(mv),
                        None => break,
                    }
                }
                if board.outcome().is_none() {
                    break board;
                }
            },
            _ => Board0x88::start_position(),
        }
    }

    /// Plays game `round`.
    fn play(&mut self, round: u64) -> Played {
        let start = self.start_position(round);
        let mut board = start;
        let (mut moves, mut history) = (Vec::new(), Vec::new());
        let random_plies = self.rng.below(9);
        let depths = [1 + self.rng.below(2) as u32, 1 + self.rng.below(2) as u32];
        let stop_at = if self.rng.chance(6) {
            self.rng.below(60)
        } else {
            MAX_PLIES
        };
        // The unfinished game of its round stops before a game could end (the shortest mate
        // takes four plies).
        let stop_at = if Rare::Unfinished.falls_on(round) {
            stop_at.min(2)
        } else {
            stop_at
        };
        self.searcher.clear();
        let (result, termination) = loop {
            if let Some(outcome) = board.outcome_with_history(&history) {
                let result = match outcome.winner() {
                    Some(Color::White) => 0,
                    Some(Color::Black) => 1,
                    None => 2,
                };
                break (result, "normal");
            }
            if board.can_claim_draw(&history).is_some() {
                break (2, "normal");
            }
            if moves.len() >= stop_at {
                break (3, "unterminated");
            }
            let mv = if moves.len() < random_plies || self.rng.chance(2) {
                self.random_move(&board)
            } else {
                let depth = depths[board.side_to_move().index()];
                match self.search(&board, &history, depth) {
                    Some((_, Score::Cp(cp))) if cp < -700 && moves.len() > 30 => {
                        let winner = if board.side_to_move() == Color::White {
                            1
                        } else {
                            0
                        };
                        break (winner, "normal");
                    }
                    found => found.map(|(mv, _)| mv),
                }
            };
            let Some(mv) = mv else {
                break (3, "unterminated");
            };
            history.push(board.hash());
            board.play_unchecked(mv);
            moves.push(mv);
        };
        Played {
            start,
            moves,
            result,
            termination,
        }
    }

    /// One game as PGN, with a blank line after it.
    fn game(&mut self, round: u64) -> String {
        let played = self.play(round);
        let annotated = self.rng.chance(30);
        let mut text = self.tags(round, &played);
        text.push('\n');
        let mut movetext = Text::new();
        if annotated && self.rng.chance(20) {
            self.comment(&mut movetext);
        }
        let mut board = played.start;
        let mut number_next = true;
        for &mv in &played.moves {
            self.counts.plies += 1;
            let before = board;
            let suffix = self.suffix(annotated);
            self.write_move(&mut movetext, &board, mv, number_next, ("", suffix));
            board.play_unchecked(mv);
            number_next = false;
            if annotated {
                number_next = self.annotate(&mut movetext, &before, mv, 0);
            }
        }
        movetext.token(result_text(played.result));
        self.counts.results[played.result] += 1;
        text.push_str(&movetext.text);
        text.push_str("\n\n");
        if self.rng.chance(3) || Rare::CrLf.falls_on(round) {
            text = text.replace('\n', "\r\n");
        }
        text
    }

    /// The tag pairs: the seven-tag roster, then others now and then.
    fn tags(&mut self, round: u64, played: &Played) -> String {
        let mut tags = String::new();
        let mut tag = |name: &str, value: &str| {
            let _ = writeln!(tags, "[{name} \"{value}\"]");
        };
        let event = if self.rng.chance(2) {
            "A very long event name, ".repeat(12)
        } else {
            "x88 self-play".to_string()
        };
        tag("Event", &event);
        tag("Site", "?");
        tag(
            "Date",
            &format!("2025.{:02}.{:02}", 1 + round % 12, 1 + round % 28),
        );
        tag("Round", &round.to_string());
        tag("White", self.rng.pick(&PLAYERS));
        tag("Black", self.rng.pick(&PLAYERS));
        tag("Result", result_text(played.result));
        if played.start.is_chess960() {
            tag("Variant", "Chess960");
        }
        if played.start != Board0x88::start_position() {
            tag("SetUp", "1");
            tag("FEN", &played.start.fen().to_string());
        }
        if self.rng.chance(10) {
            tag("Annotator", "");
            tag("TimeControl", "40/7200:3600");
            tag("Opening_Name_2", "An \\\"unusual\\\" tag name");
            tag("PlyCount", &played.moves.len().to_string());
            tag("Termination", played.termination);
        }
        tags
    }

    /// Writes `mv`, played in `board`, with its number when white moves or `numbered`, and
    /// `(before, after)` it (a `(` that opens a variation, a suffix annotation).
    fn write_move(
        &mut self,
        text: &mut Text,
        board: &Board0x88,
        mv: Move,
        numbered: bool,
        (before, after): (&str, &str),
    ) {
        let number = board.fullmove_number();
        let mut token = before.to_string();
        match board.side_to_move() {
            Color::White => write!(token, "{number}. "),
            Color::Black if numbered => write!(token, "{number}... "),
            Color::Black => Ok(()),
        }
        .and_then(|()| write!(token, "{}{after}", board.san(mv)))
        .expect("writing to a String");
        text.token(&token);
    }

    /// A suffix annotation for the next move, now and then in an annotated line.
    fn suffix(&mut self, annotated: bool) -> &'static str {
        if annotated && self.rng.chance(8) {
            self.counts.annotations += 1;
            self.rng.pick(&SUFFIXES)
        } else {
            ""
        }
    }

    /// After the move `mv` played in `before` (in a line nested `depth` deep), perhaps some
    /// annotations, comments and a variation. Returns whether the next move needs its number.
    fn annotate(&mut self, text: &mut Text, before: &Board0x88, mv: Move, depth: usize) -> bool {
        let mut interrupted = false;
        if self.rng.chance(6) {
            text.token(&format!("${}", 1 + self.rng.below(20)));
            self.counts.annotations += 1;
        }
        if self.rng.chance(5) {
            self.comment(text);
            interrupted = true;
        }
        if self.rng.chance(2) {
            text.rest_of_line(self.rng.pick(&LINE_COMMENTS));
            self.counts.comments += 1;
            interrupted = true;
        }
        if depth == 0 && self.rng.chance(1) {
            text.escape_line(self.rng.pick(&ESCAPES));
        }
        if depth < MAX_NESTING && self.rng.chance(if depth == 0 { 6 } else { 15 }) {
            let alternatives: Vec<Move> = before
                .legal_moves()
                .iter()
                .copied()
                .filter(|&other| other != mv)
                .collect();
            if !alternatives.is_empty() {
                let first = self.rng.pick(&alternatives);
                self.variation(text, before, first, depth + 1);
                interrupted = true;
            }
        }
        interrupted
    }

    fn comment(&mut self, text: &mut Text) {
        text.token(self.rng.pick(&COMMENTS));
        self.counts.comments += 1;
    }

    /// A variation nested `depth` deep: `first` instead of the move played in `board`,
    /// continued by the engine for a few plies.
    fn variation(&mut self, text: &mut Text, board: &Board0x88, first: Move, depth: usize) {
        self.counts.variations += 1;
        let mut board = *board;
        let mut mv = first;
        let mut numbered = true;
        for ply in 0..1 + self.rng.below(6) {
            if ply > 0 {
                match self.search(&board, &[], 1) {
                    Some((next, _)) => mv = next,
                    None => break,
                }
            }
            let before = board;
            let open = if ply == 0 { "(" } else { "" };
            let suffix = self.suffix(true);
            self.write_move(text, &board, mv, numbered, (open, suffix));
            self.counts.variation_plies += 1;
            board.play_unchecked(mv);
            numbered = self.annotate(text, &before, mv, depth);
        }
        // After a `;` comment the line is new: `)` goes on it as a token of its own.
        if text.column == 0 {
            text.token(")");
        } else {
            text.attach(")");
        }
    }
}
