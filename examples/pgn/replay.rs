//! Replaying the games of a PGN token stream with x88, and reporting what went wrong.
//!
//! Each game is replayed as it is read, so only the current game's positions are in memory:
//! the main line's board, and for each open variation the board it branched from. A
//! variation replaces the move before it, so it is replayed from the position before that
//! move; its moves are checked like the main line's. Null moves (`--`) are not supported:
//! the game is reported as not replayed.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use x88::{Board0x88, Color, DrawReason, MoveError, Outcome};

use crate::reader::{Error as ReadError, ErrorKind, GameResult, Lexer, Token};

/// Variations nested deeper than this fail the game (it bounds the boards kept).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// How often (in tokens) the progress callback is called.
const PROGRESS_EVERY: u32 = 4096;

/// What a file held, counted while replaying it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games read (replayed or not).
    pub games: u64,
    /// Games whose replay failed: an illegal or unparsable move, malformed PGN, a bad FEN...
    pub failed: u64,
    /// Warnings: results that disagree, a missing termination marker.
    pub warnings: u64,
    /// Main-line moves replayed.
    pub plies: u64,
    /// Moves replayed inside variations.
    pub variation_plies: u64,
    /// Games by termination marker, in the order of [`GameResult::ALL`].
    pub results: [u64; 4],
    /// Games without a termination marker.
    pub no_result: u64,
    /// `{...}` and `;` comments.
    pub comments: u64,
    /// Variations, `(`.
    pub variations: u64,
    /// NAGs (`$1`) and suffix annotations (`!?`).
    pub annotations: u64,
}

/// An error that ends the run: the input or the report could not be read or written.
#[derive(Debug)]
pub enum Fatal {
    /// Reading the input failed on this line.
    Read(u64, io::Error),
    /// Writing the report failed.
    Write(io::Error),
}

impl From<io::Error> for Fatal {
    fn from(error: io::Error) -> Fatal {
        Fatal::Write(error)
    }
}

/// Replays every game `lexer` reads, writing one line to `out` for each game that fails (the
/// first error only) and for each warning. `progress` is called now and then with the bytes
/// read and the totals so far.
pub fn replay<R: BufRead, W: Write>(
    lexer: &mut Lexer<R>,
    out: &mut W,
    mut progress: impl FnMut(u64, &Totals),
) -> Result<Totals, Fatal> {
    let mut replayer = Replayer {
        out,
        totals: Totals::default(),
        game: None,
    };
    let mut tokens = 0u32;
    loop {
        tokens = tokens.wrapping_add(1);
        if tokens % PROGRESS_EVERY == 0 {
            progress(lexer.offset(), &replayer.totals);
        }
        match lexer.next_token() {
            Ok(Token::Eof) => {
                replayer.end_of_input(lexer.token_line())?;
                progress(lexer.offset(), &replayer.totals);
                return Ok(replayer.totals);
            }
            Ok(token) => replayer.token(token, lexer)?,
            Err(ReadError {
                line,
                kind: ErrorKind::Io(error),
            }) => return Err(Fatal::Read(line, error)),
            Err(error) => {
                replayer.start_game(error.line);
                replayer.fail(error.line, &error)?;
            }
        }
    }
}

/// One line of play: the main line or a variation.
struct Line {
    board: Board0x88,
    /// The position before the last move of this line: where a variation starts from.
    before: Option<Board0x88>,
    /// Where the line began (for a variation left open).
    opened: u64,
}

/// The game being read.
struct Game {
    /// Its number in the file, from 1.
    number: u64,
    /// The line of its first token.
    line: u64,
    /// The `Result` tag, if it has a valid one.
    result_tag: Option<GameResult>,
    /// The `FEN` tag and its line.
    fen: Option<(String, u64)>,
    /// The line of a `SetUp "1"` tag.
    setup: Option<u64>,
    /// Whether a `Variant` tag says Chess960.
    chess960: bool,
    /// A `Variant` tag x88 cannot play, and its line.
    unsupported: Option<(String, u64)>,
    /// Whether the movetext has begun (tags after that begin the next game).
    movetext: bool,
    /// The main line and the open variations, innermost last; emptied when the game fails.
    lines: Vec<Line>,
    /// Open variations, counted even after a failure.
    depth: usize,
    /// Whether the game has failed (its first error is reported, the rest of it skipped).
    failed: bool,
}

impl Game {
    fn new(number: u64, line: u64) -> Game {
        Game {
            number,
            line,
            result_tag: None,
            fen: None,
            setup: None,
            chess960: false,
            unsupported: None,
            movetext: false,
            lines: Vec::new(),
            depth: 0,
            failed: false,
        }
    }

    /// The position the movetext starts from, as the tags say, or the line and reason why
    /// there is none.
    fn start_position(&self) -> Result<Board0x88, (u64, String)> {
        if let Some((variant, line)) = &self.unsupported {
            return Err((*line, format!("variant \"{variant}\" is not supported")));
        }
        match (&self.fen, self.setup) {
            (Some((fen, line)), _) => {
                let board = if self.chess960 {
                    Board0x88::from_fen_chess960(fen)
                } else {
                    Board0x88::from_fen(fen)
                };
                board.map_err(|e| (*line, format!("bad FEN \"{fen}\": {e}")))
            }
            (None, Some(line)) => Err((line, "SetUp \"1\" without a FEN tag".to_string())),
            (None, None) if self.chess960 => {
                Ok(Board0x88::chess960(518).expect("518 is a Chess960 index"))
            }
            (None, None) => Ok(Board0x88::start_position()),
        }
    }

    /// What disagrees about the result of the game ended by `marker`: the `Result` tag and the
    /// marker, and a mate or stalemate on the board (unless the game failed) and the result.
    fn result_problems(&self, marker: Option<GameResult>) -> [Option<String>; 2] {
        let tag_and_marker = match (self.result_tag, marker) {
            (Some(tag), Some(marker)) if tag != marker => Some(format!(
                "the Result tag says {} but the movetext ends with {}",
                tag.as_str(),
                marker.as_str()
            )),
            _ => None,
        };
        // A failed game has no lines left.
        let on_board = self
            .lines
            .first()
            .and_then(|main| main.board.outcome())
            .filter(|o| {
                matches!(
                    o,
                    Outcome::Decisive { .. } | Outcome::Draw(DrawReason::Stalemate)
                )
            });
        let board_and_result = match (on_board, marker.or(self.result_tag)) {
            (Some(outcome), Some(stated)) if outcome.result() != stated.as_str() => Some(format!(
                "the board says {outcome} ({}) but the result is {}",
                outcome.result(),
                stated.as_str()
            )),
            _ => None,
        };
        [tag_and_marker, board_and_result]
    }
}

/// Whether a `Variant` tag's value names Chess960 (the names in use), or standard chess.
fn variant_kind(value: &str) -> Option<bool> {
    let name = value.trim().to_ascii_lowercase();
    match name.as_str() {
        "chess960"
        | "chess 960"
        | "960"
        | "fischerandom"
        | "fischer random"
        | "fischer random chess" => Some(true),
        "" | "standard" | "chess" | "normal" | "from position" => Some(false),
        _ => None,
    }
}

/// The move `san` as a reader finds it: `23. Qxh7` or `23... Qxh7`, numbered from `board`.
fn numbered(board: &Board0x88, san: &str) -> String {
    let dots = if board.side_to_move() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots} {san}", board.fullmove_number())
}

struct Replayer<'w, W> {
    out: &'w mut W,
    totals: Totals,
    game: Option<Game>,
}

impl<W: Write> Replayer<'_, W> {
    /// Starts a game at `line` unless one is being read.
    fn start_game(&mut self, line: u64) {
        if self.game.is_none() {
            self.game = Some(Game::new(self.totals.games + 1, line));
        }
    }

    fn game(&mut self) -> &mut Game {
        self.game.as_mut().expect("a game was started")
    }

    /// Fails the current game with `message` at `line`, if it has not failed already.
    fn fail(&mut self, line: u64, message: &dyn Display) -> io::Result<()> {
        let game = self.game.as_mut().expect("a game was started");
        if !game.failed {
            game.failed = true;
            game.lines.clear();
            writeln!(self.out, "game {} (line {line}): {message}", game.number)?;
        }
        Ok(())
    }

    fn warn(&mut self, line: u64, message: &dyn Display) -> io::Result<()> {
        let number = self.game().number;
        self.totals.warnings += 1;
        writeln!(self.out, "warning: game {number} (line {line}): {message}")
    }

    fn token<R: BufRead>(&mut self, token: Token, lexer: &Lexer<R>) -> io::Result<()> {
        let line = lexer.token_line();
        match token {
            Token::Tag => {
                if self.game.as_ref().is_some_and(|game| game.movetext) {
                    self.warn(line, &"no termination marker before the next game's tags")?;
                    self.end_game(None, line)?;
                }
                self.start_game(line);
                self.tag(lexer.tag_name(), lexer.tag_value(), line)
            }
            // A comment between games belongs to none; it starts no game.
            Token::Comment => {
                self.totals.comments += 1;
                Ok(())
            }
            Token::Eof => self.end_of_input(line),
            _ => {
                self.start_game(line);
                self.begin_movetext()?;
                self.movetext(token, lexer.text(), line)
            }
        }
    }

    fn tag(&mut self, name: &str, value: &str, line: u64) -> io::Result<()> {
        let game = self.game();
        if name.eq_ignore_ascii_case("Result") {
            game.result_tag = GameResult::parse(value.trim());
            if game.result_tag.is_none() {
                self.warn(
                    line,
                    &format_args!("Result tag \"{value}\" is not a result"),
                )?;
            }
        } else if name.eq_ignore_ascii_case("FEN") {
            game.fen = Some((value.to_string(), line));
        } else if name.eq_ignore_ascii_case("SetUp") {
            game.setup = (value.trim() == "1").then_some(line);
        } else if name.eq_ignore_ascii_case("Variant") {
            match variant_kind(value) {
                Some(chess960) => game.chess960 = chess960,
                None => game.unsupported = Some((value.to_string(), line)),
            }
        }
        Ok(())
    }

    /// Sets up the board when the first movetext token of the game comes.
    fn begin_movetext(&mut self) -> io::Result<()> {
        let game = self.game();
        if game.movetext {
            return Ok(());
        }
        game.movetext = true;
        if game.failed {
            return Ok(());
        }
        match game.start_position() {
            Ok(board) => {
                let opened = game.line;
                game.lines.push(Line {
                    board,
                    before: None,
                    opened,
                });
                Ok(())
            }
            Err((line, message)) => self.fail(line, &message),
        }
    }

    fn movetext(&mut self, token: Token, text: &str, line: u64) -> io::Result<()> {
        match token {
            Token::San => self.play(text, line),
            Token::NullMove => match self.game().lines.last() {
                Some(current) => {
                    let message = format!(
                        "move {}: null moves are not supported",
                        numbered(&current.board, "--")
                    );
                    self.fail(line, &message)
                }
                None => Ok(()),
            },
            Token::Open => self.open(line),
            Token::Close => self.close(line),
            Token::Result(result) => {
                let depth = self.game().depth;
                if depth > 0 {
                    let message = format!("the game ends inside {depth} open variation(s)");
                    self.fail(line, &message)?;
                }
                self.end_game(Some(result), line)
            }
            Token::Nag(_) | Token::Suffix => {
                self.totals.annotations += 1;
                Ok(())
            }
            Token::MoveNumber | Token::Period => Ok(()),
            Token::Tag | Token::Comment | Token::Eof => unreachable!("handled by token()"),
        }
    }

    /// Plays the SAN move `san` in the current line.
    fn play(&mut self, san: &str, line: u64) -> io::Result<()> {
        let game = self.game.as_mut().expect("a game was started");
        let depth = game.depth;
        let Some(current) = game.lines.last_mut() else {
            return Ok(()); // the game has failed
        };
        match current.board.parse_san(san) {
            Ok(mv) => {
                current.before = Some(current.board);
                current.board.play_unchecked(mv);
                if depth == 0 {
                    self.totals.plies += 1;
                } else {
                    self.totals.variation_plies += 1;
                }
                Ok(())
            }
            Err(error) => {
                let reason = match error {
                    MoveError::Illegal => "illegal",
                    MoveError::Ambiguous => "ambiguous",
                    _ => "not a move",
                };
                let place = if depth == 0 { "" } else { " in a variation" };
                let message = format!("move {}{place}: {reason}", numbered(&current.board, san));
                self.fail(line, &message)
            }
        }
    }

    /// A variation begins: it replaces the last move of the current line.
    fn open(&mut self, line: u64) -> io::Result<()> {
        self.totals.variations += 1;
        let game = self.game();
        game.depth += 1;
        if game.failed {
            return Ok(());
        }
        if game.depth > MAX_VARIATION_DEPTH {
            let message = format!("variations nested deeper than {MAX_VARIATION_DEPTH}");
            return self.fail(line, &message);
        }
        match game.lines.last().and_then(|current| current.before) {
            Some(board) => {
                game.lines.push(Line {
                    board,
                    before: None,
                    opened: line,
                });
                Ok(())
            }
            None => self.fail(line, &"a variation with no move before it to replace"),
        }
    }

    fn close(&mut self, line: u64) -> io::Result<()> {
        let game = self.game();
        if game.depth == 0 {
            return self.fail(line, &"')' without a variation to close");
        }
        game.depth -= 1;
        if !game.failed {
            game.lines.pop();
        }
        Ok(())
    }

    fn end_of_input(&mut self, line: u64) -> io::Result<()> {
        let Some(game) = &self.game else {
            return Ok(());
        };
        if let Some(open) = game.lines.get(1) {
            let message = format!("a variation opened on line {} is not closed", open.opened);
            self.fail(line, &message)?;
        }
        if !self.game().failed {
            self.warn(line, &"no termination marker at the end of the file")?;
        }
        self.end_game(None, line)
    }

    /// Counts the game ended by `marker` (on `line`) and checks its result.
    fn end_game(&mut self, marker: Option<GameResult>, line: u64) -> io::Result<()> {
        let Some(game) = &self.game else {
            return Ok(());
        };
        let (failed, problems) = (game.failed, game.result_problems(marker));
        for message in problems.into_iter().flatten() {
            self.warn(line, &message)?;
        }
        self.totals.games += 1;
        self.totals.failed += u64::from(failed);
        match marker {
            Some(result) => self.totals.results[result.index()] += 1,
            None => self.totals.no_result += 1,
        }
        self.game = None;
        Ok(())
    }
}
