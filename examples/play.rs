//! Play chess against x88 in a terminal.
//!
//! ```text
//! cargo run --release --features search --example play -- [OPTIONS]
//!
//!   --color white|black   your colour (default white)
//!   --time SECONDS        the engine's thinking time per move (default 1)
//!   --depth N             search N plies per move instead of a fixed time
//!   --fen "<FEN>"         start from this position (default: the start position)
//!   --hash MB             the engine's transposition table (default 16)
//! ```
//!
//! Type moves in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or UCI (`g1f3`). Other commands: `help`,
//! `moves` (the legal moves), `undo` (take back your last move and the engine's reply),
//! `draw` (claim a draw by threefold repetition or the 50-move rule), `board`, `fen`,
//! `resign` and `quit`. The end of the input quits too. The game ends on checkmate,
//! stalemate, insufficient material, fivefold repetition or the 75-move rule, or when a draw
//! is claimed; the engine claims one when it does not think it is winning.

use std::env;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use x88::search::{Limits, Score, SearchResult, Searcher};
use x88::{Board0x88, Color, File, Game, Move, MoveError, Rank, Square};

const USAGE: &str = "usage: play [--color white|black] [--time SECONDS | --depth N] \
                     [--fen \"<FEN>\"] [--hash MB]";

const HELP: &str = "\
Enter a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q), or a command:
  moves    list the legal moves
  undo     take back your last move (and the engine's reply)
  draw     claim a draw (threefold repetition or the 50-move rule)
  board    show the board again
  fen      print the position as FEN
  resign   give up the game
  quit     leave
  help     this text";

/// What the command line asked for.
struct Settings {
    user: Color,
    limits: Limits,
    start: Board0x88,
    hash_mb: usize,
}

fn main() -> ExitCode {
    let settings = match parse_args(env::args().skip(1)) {
        Ok(Some(settings)) => settings,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("play: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    Session::new(settings).run(&mut stdin.lock());
    ExitCode::SUCCESS
}

/// The settings, or `None` for `--help`.
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Settings>, String> {
    let mut settings = Settings {
        user: Color::White,
        limits: Limits::movetime(Duration::from_secs(1)),
        start: Board0x88::start_position(),
        hash_mb: 16,
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--color" | "--colour" => {
                settings.user = match value()?.as_str() {
                    "white" | "w" => Color::White,
                    "black" | "b" => Color::Black,
                    other => return Err(format!("--color must be white or black, not '{other}'")),
                }
            }
            "--time" => {
                let text = value()?;
                let seconds = text
                    .parse::<f64>()
                    .ok()
                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
                    .ok_or_else(|| format!("--time needs seconds (0 to 3600), not '{text}'"))?;
                settings.limits = Limits::movetime(Duration::from_secs_f64(seconds));
            }
            "--depth" => {
                let text = value()?;
                let depth = text
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=64).contains(d))
                    .ok_or_else(|| format!("--depth needs a number from 1 to 64, not '{text}'"))?;
                settings.limits = Limits::depth(depth);
            }
            "--fen" => {
                let fen = value()?;
                settings.start = fen.parse().map_err(|e| format!("bad FEN '{fen}': {e}"))?;
            }
            "--hash" => {
                let text = value()?;
                settings.hash_mb = text
                    .parse()
                    .ok()
                    .filter(|mb| (1..=4096).contains(mb))
                    .ok_or_else(|| format!("--hash needs MiB from 1 to 4096, not '{text}'"))?;
            }
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(Some(settings))
}

/// What the player's line asked for.
enum Turn {
    /// Nothing changed on the board: read another line.
    Again,
    /// The board changed: show it and go on.
    Changed,
    /// The game is over or the player left.
    End,
}

/// A game between the player and the engine.
struct Session {
    game: Game,
    user: Color,
    limits: Limits,
    searcher: Searcher,
}

impl Session {
    fn new(settings: Settings) -> Session {
        Session {
            game: Game::new(settings.start),
            user: settings.user,
            limits: settings.limits,
            searcher: Searcher::new(settings.hash_mb),
        }
    }

    /// Plays until the game ends, the player quits or the input ends.
    fn run(&mut self, input: &mut impl BufRead) {
        println!("You play {}. Type 'help' for the commands.", self.user);
        self.show();
        loop {
            if let Some(outcome) = self.game.outcome() {
                println!("Game over: {outcome} ({}).", outcome.result());
                println!("{}", verdict(outcome.winner(), self.user));
                return;
            }
            let turn = if self.game.board().side_to_move() == self.user {
                self.user_turn(input)
            } else {
                self.engine_turn()
            };
            match turn {
                Turn::Again => {}
                Turn::Changed => self.show(),
                Turn::End => return,
            }
        }
    }

    /// Reads and carries out one line of the player's.
    fn user_turn(&mut self, input: &mut impl BufRead) -> Turn {
        if let Some(claim) = self.game.can_claim_draw() {
            println!("You may claim a draw by {claim}: type 'draw'.");
        }
        print!("Your move: ");
        let _ = io::stdout().flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                println!("\nEnd of input: goodbye.");
                return Turn::End;
            }
            Ok(_) => {}
            Err(e) => {
                println!("\nCannot read the input ({e}): goodbye.");
                return Turn::End;
            }
        }
        self.user_command(line.trim())
    }

    fn user_command(&mut self, text: &str) -> Turn {
        match text {
            "" => Turn::Again,
            "help" | "?" => {
                println!("{HELP}");
                Turn::Again
            }
            "quit" | "exit" => {
                println!("Goodbye.");
                Turn::End
            }
            "resign" => {
                println!("You resign: {} wins.", !self.user);
                Turn::End
            }
            "moves" => {
                self.list_moves();
                Turn::Again
            }
            "board" => Turn::Changed,
            "fen" => {
                println!("{}", self.game.board());
                Turn::Again
            }
            "undo" => self.undo(),
            "draw" => self.claim_draw(),
            _ => self.user_move(text),
        }
    }

    fn list_moves(&self) {
        let board = self.game.board();
        let moves: Vec<String> = board
            .legal_moves()
            .iter()
            .map(|&mv| board.san(mv).to_string())
            .collect();
        println!("{} legal moves: {}", moves.len(), moves.join(" "));
    }

    /// Takes back moves until it is the player's turn again, at least one move.
    fn undo(&mut self) -> Turn {
        if self.game.undo().is_none() {
            println!("There is no move to take back.");
            return Turn::Again;
        }
        if self.game.board().side_to_move() != self.user && self.game.undo().is_none() {
            println!("The engine moved first; it moves again.");
        }
        Turn::Changed
    }

    fn claim_draw(&mut self) -> Turn {
        match self.game.can_claim_draw() {
            Some(claim) => {
                println!("Game over: draw by {claim}, claimed by you (1/2-1/2).");
                Turn::End
            }
            None => {
                println!(
                    "There is no draw to claim: only on threefold repetition, or after 50 moves \
                     without a capture or a pawn move."
                );
                Turn::Again
            }
        }
    }

    /// Plays the player's move, given in UCI or SAN, or explains why it cannot be played.
    fn user_move(&mut self, text: &str) -> Turn {
        let board = self.game.board();
        let parsed = match board.parse_uci(text) {
            Ok(mv) => Ok(mv),
            Err(MoveError::Illegal) => Err(MoveError::Illegal),
            Err(_) => board.parse_san(text),
        };
        match parsed {
            Ok(mv) => {
                self.game.play(mv).expect("a parsed move is legal");
                Turn::Changed
            }
            Err(e) => {
                println!("{}", move_error_message(text, e));
                Turn::Again
            }
        }
    }

    /// Lets the engine move, or claim a draw when it may and does not expect to win.
    fn engine_turn(&mut self) -> Turn {
        println!("x88 is thinking...");
        let result = self.search();
        if let Some(claim) = self.game.can_claim_draw() {
            if !is_winning(result.score) {
                println!("Game over: draw by {claim}, claimed by x88 (1/2-1/2).");
                return Turn::End;
            }
        }
        let Some(mv) = result.best_move else {
            // Only without legal moves, which `outcome` has caught already.
            return Turn::End;
        };
        let san = self.game.board().san(mv).to_string();
        if self.game.play(mv).is_err() {
            println!("x88 chose an illegal move ({mv}); this is a bug. Game aborted.");
            return Turn::End;
        }
        println!(
            "x88 plays {san} (depth {}, score {}, {} nodes)",
            result.depth, result.score, result.nodes
        );
        Turn::Changed
    }

    fn search(&mut self) -> SearchResult {
        let stop = AtomicBool::new(false);
        let clock = Instant::now();
        self.searcher.search(
            self.game.board(),
            self.game.history(),
            &self.limits,
            &stop,
            &clock,
            |_| {},
        )
    }

    /// Draws the board, the last move and who is to move.
    fn show(&self) {
        println!();
        print!("{}", diagram(self.game.board()));
        if let Some(last) = self.last_move() {
            println!("Last move: {last}");
        }
        let board = self.game.board();
        let side = board.side_to_move();
        let check = if board.is_check() { " (in check)" } else { "" };
        let who = if side == self.user { "you" } else { "x88" };
        let side = if side == Color::White {
            "White"
        } else {
            "Black"
        };
        println!("{side} to move{check}: {who}");
    }

    /// The last move as `12. Nf3` or `12... Nf6`.
    fn last_move(&self) -> Option<String> {
        let mut before = self.game.clone();
        let mv: Move = before.undo()?;
        let board = before.board();
        let dots = if board.side_to_move() == Color::White {
            "."
        } else {
            "..."
        };
        Some(format!(
            "{}{dots} {}",
            board.fullmove_number(),
            board.san(mv)
        ))
    }
}

/// The board in ASCII, rank 8 on top, files and ranks labelled; upper case is white.
fn diagram(board: &Board0x88) -> String {
    let files = "    a b c d e f g h\n";
    let border = "  +-----------------+\n";
    let mut text = format!("{files}{border}");
    for &rank in Rank::ALL.iter().rev() {
        text.push_str(&format!("{rank} |"));
        for file in File::ALL {
            let piece = board.piece_on(Square::new(file, rank));
            text.push(' ');
            text.push(piece.map_or('.', |p| p.to_char()));
        }
        text.push_str(&format!(" | {rank}\n"));
    }
    text.push_str(border);
    text.push_str(files);
    text
}

/// Whether the side the score is for expects to win.
fn is_winning(score: Score) -> bool {
    match score {
        Score::Cp(cp) => cp > 0,
        Score::Mate(moves) => moves > 0,
    }
}

/// The closing line for the player.
fn verdict(winner: Option<Color>, user: Color) -> &'static str {
    match winner {
        None => "A draw.",
        Some(color) if color == user => "You win. Well played!",
        Some(_) => "x88 wins.",
    }
}

fn move_error_message(text: &str, error: MoveError) -> String {
    match error {
        MoveError::Illegal => {
            format!("'{text}' is not a legal move here (type 'moves' to list them).")
        }
        MoveError::Ambiguous => {
            format!(
                "'{text}' could be more than one move: add the piece's file or rank (e.g. Nbd2)."
            )
        }
        _ => format!(
            "'{text}' is neither a move (SAN like Nf3, or UCI like g1f3) \
             nor a command (type 'help')."
        ),
    }
}
