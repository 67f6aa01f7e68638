//! Parsing one line from the GUI into a [`Command`]: pure functions, no engine state.
//!
//! Keywords are matched exactly, as the UCI protocol writes them (lower case). Option names
//! are compared without regard to case later, by the engine's options.

use std::fmt;
use std::time::Duration;

use x88::search::Limits;

use super::bench;

/// One command from the GUI.
#[derive(Debug)]
pub enum Command {
    /// `uci`: identify the engine and list its options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// The value, if any (buttons have none).
        value: Option<String>,
    },
    /// `ucinewgame`: the next search is from a different game.
    UciNewGame,
    /// `position ...`: set up the position to search.
    Position(PositionSpec),
    /// `go ...`: start searching.
    Go(GoParams),
    /// `stop`: end the search now.
    Stop,
    /// `ponderhit`: the opponent played the expected move; the ponder search goes on for real.
    PonderHit,
    /// `quit`: stop everything and exit.
    Quit,
    /// `debug on|off`, `register ...`: accepted and ignored.
    Ignored,
    /// `d` (not UCI, as in other engines): print the current position's FEN.
    Display,
    /// `bench [depth]` (not UCI, as in other engines): search the bench positions to `depth`
    /// and print the node count, the search's signature (see `bench.rs`).
    Bench(u32),
}

/// A command that could not be understood, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn error<T>(message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(message.into()))
}

/// Where a `position` command starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// `startpos`.
    StartPos,
    /// `fen <fields>`: the fields joined by single spaces (not yet checked).
    Fen(String),
}

/// A `position` command: a start and the moves played from it (as text, not yet checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionSpec {
    /// The start position.
    pub start: Start,
    /// The moves in UCI notation.
    pub moves: Vec<String>,
}

/// The parameters of a `go` command.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    /// The limits as the GUI sent them (`depth`, `nodes`, `movetime`, `wtime`, `btime`, `winc`,
    /// `binc`, `movestogo`, `infinite`; a negative time, as some GUIs send once flagged, counts
    /// as zero), before Move Overhead is taken off.
    pub limits: Limits,
    /// `ponder`: search the position after the expected reply until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Things accepted but not acted on (`searchmoves`, `mate`, unknown tokens, bad values),
    /// to report.
    pub notes: Vec<String>,
}

/// The keywords that start a parameter of `go`.
const GO_KEYWORDS: [&str; 12] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "searchmoves",
    "mate",
];

/// Parses one line. `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let mut tokens = line.split_whitespace();
    let Some(name) = tokens.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = tokens.collect();
    let command = match name {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(&rest)?,
        "ucinewgame" => Command::UciNewGame,
        "position" => Command::Position(parse_position(&rest)?),
        "go" => Command::Go(parse_go(&rest)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "debug" | "register" => Command::Ignored,
        "d" => Command::Display,
        "bench" => match rest.as_slice() {
            [] | [_] => {
                Command::Bench(bench::parse_depth(rest.first().copied()).map_err(ParseError)?)
            }
            _ => return error("bench takes at most one argument, the depth"),
        },
        other => return error(format!("unknown command '{other}'")),
    };
    Ok(Some(command))
}

/// `name <words...> [value <words...>]`.
fn parse_setoption(tokens: &[&str]) -> Result<Command, ParseError> {
    let Some((&"name", rest)) = tokens.split_first() else {
        return error("setoption needs 'name <option>'");
    };
    let (name, value) = match rest.iter().position(|&t| t == "value") {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return error("setoption needs an option name after 'name'");
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `startpos [moves ...]` or `fen <fields> [moves ...]`.
fn parse_position(tokens: &[&str]) -> Result<PositionSpec, ParseError> {
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (tokens, &[][..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"startpos", extra)) => {
            return error(format!(
                "unexpected '{}' after 'startpos' (expected 'moves')",
                extra.join(" ")
            ));
        }
        Some((&"fen", [])) => return error("'fen' needs a FEN"),
        Some((&"fen", fields)) => Start::Fen(fields.join(" ")),
        Some((other, _)) => {
            return error(format!("expected 'startpos' or 'fen', got '{other}'"));
        }
        None => return error("position needs 'startpos' or 'fen <FEN>'"),
    };
    Ok(PositionSpec {
        start,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    })
}

/// The parameters of `go`. A parameter with a missing or bad value, an unknown token and an
/// unsupported parameter each become a note, and the search goes on with the rest: a GUI that
/// sent `go` waits for a `bestmove`. If bad values leave no limit at all, the search gets
/// [`FALLBACK_MOVETIME`] rather than running unbounded.
fn parse_go(tokens: &[&str]) -> GoParams {
    let mut params = GoParams::default();
    let limits = &mut params.limits;
    let mut malformed = false;
    let mut tokens = tokens.iter().copied().peekable();
    while let Some(token) = tokens.next() {
        let mut value = || {
            tokens
                .next()
                .ok_or_else(|| ParseError(format!("'{token}' needs a value")))
        };
        let parsed = match token {
            "depth" => set(&mut limits.depth, value().and_then(|v| number(token, v))),
            "nodes" => set(&mut limits.nodes, value().and_then(|v| number(token, v))),
            "movestogo" => set(
                &mut limits.movestogo,
                value().and_then(|v| number(token, v)),
            ),
            "movetime" => set(&mut limits.movetime, value().and_then(|v| millis(token, v))),
            "wtime" => set(&mut limits.wtime, value().and_then(|v| millis(token, v))),
            "btime" => set(&mut limits.btime, value().and_then(|v| millis(token, v))),
            "winc" => set(&mut limits.winc, value().and_then(|v| millis(token, v))),
            "binc" => set(&mut limits.binc, value().and_then(|v| millis(token, v))),
            "infinite" => {
                limits.infinite = true;
                Ok(())
            }
            "ponder" => {
                params.ponder = true;
                Ok(())
            }
            "mate" => value().map(|moves| {
                params.notes.push(format!(
                    "'mate {moves}' is not supported; searching normally"
                ));
            }),
            "searchmoves" => {
                while tokens.next_if(|t| !GO_KEYWORDS.contains(t)).is_some() {}
                params
                    .notes
                    .push("'searchmoves' is not supported; searching all moves".to_owned());
                Ok(())
            }
            other => {
                params
                    .notes
                    .push(format!("ignoring unknown 'go' parameter '{other}'"));
                Ok(())
            }
        };
        if let Err(ParseError(why)) = parsed {
            malformed = true;
            params.notes.push(format!("{why}; ignoring it"));
        }
    }
    let limits = &mut params.limits;
    let unlimited = limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.movetime.is_none()
        && limits.wtime.is_none()
        && limits.btime.is_none()
        && !limits.infinite
        && !params.ponder;
    if malformed && unlimited {
        limits.movetime = Some(FALLBACK_MOVETIME);
        params.notes.push(format!(
            "no valid limit left; searching for {} ms",
            FALLBACK_MOVETIME.as_millis()
        ));
    }
    params
}

/// Stores a parsed value in its slot, or passes the parse error on.
fn set<T>(slot: &mut Option<T>, parsed: Result<T, ParseError>) -> Result<(), ParseError> {
    *slot = Some(parsed?);
    Ok(())
}

/// The search time of a `go` whose limits were all malformed.
pub const FALLBACK_MOVETIME: Duration = Duration::from_secs(1);

/// A non-negative integer parameter.
fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, ParseError> {
    text.parse().map_err(|_| {
        ParseError(format!(
            "'{name}' needs a non-negative integer, got '{text}'"
        ))
    })
}

/// A time in milliseconds; negative times count as zero.
fn millis(name: &str, text: &str) -> Result<Duration, ParseError> {
    let ms: i64 = text.parse().map_err(|_| {
        ParseError(format!(
            "'{name}' needs a time in milliseconds, got '{text}'"
        ))
    })?;
    Ok(Duration::from_millis(ms.max(0).unsigned_abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoParams {
        match parse(line) {
            Ok(Some(Command::Go(params))) => params,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn go_parameters() {
        let params = go("go wtime 1000 btime -5 winc 10 binc 0 movestogo 20 depth 4 nodes 9");
        assert_eq!(params.limits.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(params.limits.btime, Some(Duration::ZERO));
        assert_eq!(params.limits.movestogo, Some(20));
        assert_eq!(
            (params.limits.depth, params.limits.nodes),
            (Some(4), Some(9))
        );
        let params = go("go searchmoves e2e4 d2d4 infinite");
        assert!(params.limits.infinite);
        assert_eq!(params.notes.len(), 1);
        // A bad value is a note, and the rest of the command stands.
        let params = go("go depth x wtime 500");
        assert_eq!(
            (params.limits.depth, params.limits.wtime),
            (None, Some(Duration::from_millis(500)))
        );
        assert_eq!(params.notes.len(), 1);
        // With no valid limit left, the search gets a fixed time instead of none.
        for bad in ["go depth -1", "go movetime"] {
            let params = go(bad);
            assert_eq!(params.limits.movetime, Some(FALLBACK_MOVETIME), "{bad}");
            assert_eq!(params.notes.len(), 2, "{bad}");
        }
    }

    #[test]
    fn position_and_setoption() {
        let Ok(Some(Command::Position(spec))) = parse("position fen 8/8 w - - 0 1 moves a1a2")
        else {
            panic!("not a position");
        };
        assert_eq!(spec.start, Start::Fen("8/8 w - - 0 1".to_owned()));
        assert_eq!(spec.moves, ["a1a2"]);
        assert!(parse("position startpos e2e4").is_err());
        assert!(parse("position").is_err());
        let Ok(Some(Command::SetOption { name, value })) =
            parse("setoption name Move Overhead value 50")
        else {
            panic!("not a setoption");
        };
        assert_eq!(
            (name.as_str(), value.as_deref()),
            ("Move Overhead", Some("50"))
        );
        assert!(parse("setoption Hash 4").is_err());
    }
}
