//! The PGN example (`examples/pgn/`): the binary run on small files written into a temporary
//! directory, checking its report, its exit status and that it never panics; its lexer and
//! replay modules compiled into this test and fed random input; and (feature `search`) the
//! files `examples/make_pgn.rs` writes, whose counts the generator knows.

mod common;

#[allow(dead_code)]
#[path = "../examples/pgn/reader.rs"]
mod reader;
#[allow(dead_code)]
#[path = "../examples/pgn/replay.rs"]
mod replay;

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;

use reader::{GameResult, Lexer, Token};

/// What a run of the example gave.
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The report's lines that start with `prefix`.
    fn lines(&self, prefix: &str) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|line| line.starts_with(prefix))
            .collect()
    }

    /// The report's one line that starts with `prefix`.
    fn line(&self, prefix: &str) -> &str {
        match self.lines(prefix)[..] {
            [line] => line,
            _ => panic!("not one '{prefix}' line in:\n{}", self.stdout),
        }
    }

    /// The failure and warning lines, in order.
    fn problems(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|line| line.starts_with("game ") || line.starts_with("warning: "))
            .collect()
    }
}

/// A fresh path in the temporary directory, for a file named after `name`.
fn temp_path(name: &str) -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("x88-pgn-test-{}-{n}-{name}", std::process::id()))
}

/// Runs the example with `args`.
fn run_args(args: &[&str]) -> Run {
    let output = Command::new(common::example_binary("pgn"))
        .args(args)
        .output()
        .expect("the example runs");
    let run = Run {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "the example panicked:\n{}",
        run.stderr
    );
    run
}

/// Writes `pgn` to a file and runs the example on it.
fn run(pgn: &[u8]) -> Run {
    let path = temp_path("input.pgn");
    std::fs::write(&path, pgn).expect("the temporary file is written");
    let run = run_args(&[path.to_str().expect("a UTF-8 path")]);
    let _ = std::fs::remove_file(&path);
    run
}

/// Every construct of the grammar, in six games that all replay.
const EVERY_CONSTRUCT: &str = concat!(
    "\u{feff}[Event \"Escapes: \\\"quoted\\\" and \\\\ a backslash\"]\r\n",
    "[Site \"?\"]\r\n[Date \"2025.01.01\"]\r\n[Round \"1\"]\r\n",
    "[White \"A\"]\r\n[Black \"B\"]\r\n[Result \"1-0\"]\r\n",
    "[Annotator \"\"]\r\n[TimeControl \"40/7200:3600\"]\r\n\r\n",
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\r\n\r\n",
    // Comments, `%`, nested variations, NAGs, suffixes, `2...`.
    "[Event \"Annotated\"]\n[Result \"1/2-1/2\"]\n\n",
    "% an escape line { not a comment\n",
    "{ A comment\nover two lines } 1. d4 ; rest of line ( not a variation\n",
    "d5 $1 2. c4! (2. Nf3 Nf6 (2... c5 3. dxc5) 3. e3) (2. Bf4) 2... e6!? 3. Nc3?!\n",
    "Nf6!! 4. Bg5 $14 Be7 5. e3 O-O 6. Nf3 1/2-1/2\n\n",
    // No tags; checks.
    "1. e4 c5 2. Nf3 d6 3. Bb5+ Bd7 4. Bxd7+ Qxd7 0-1\n\n",
    // No moves.
    "[Event \"No moves\"]\n[Result \"*\"]\n\n*\n\n",
    // From a position, black to move, mate on the board.
    "[Event \"From a position\"]\n[SetUp \"1\"]\n",
    "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3\"]\n",
    "[Result \"1-0\"]\n\n3... Nd4 4. Qxf7# 1-0\n\n",
    // Chess960, both sides castle queenside.
    "[Event \"Chess960\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n",
    "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n",
    "[Result \"1/2-1/2\"]\n\n",
    "1. d4 d5 2. Nd3 Nd6 3. Ne3 Ne6 4. Qd2 Qd7 5. O-O-O O-O-O 1/2-1/2\n\n",
    // A comment between games belongs to none.
    "{ trailing comment }\n",
);

#[test]
fn every_construct_is_read_and_counted() {
    let run = run(EVERY_CONSTRUCT.as_bytes());
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.problems(), Vec::<&str>::new());
    assert_eq!(
        run.line("games "),
        "games 6 (replayed 6, failed 0), warnings 0"
    );
    // 7 + 11 + 8 + 0 + 2 + 10 main-line moves; 3 + 2 + 1 in the variations.
    assert_eq!(
        run.line("plies "),
        "plies 38 in main lines, 6 in variations"
    );
    assert_eq!(
        run.line("results "),
        "results 1-0 2, 0-1 1, 1/2-1/2 2, * 1, none 0"
    );
    assert_eq!(
        run.line("comments "),
        "comments 3, variations 3, annotations 7"
    );
    assert!(run.line("time ").contains(" games/s"));
}

#[test]
fn an_illegal_move_is_reported_with_its_game_line_and_number() {
    let pgn = "[Event \"one\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
               [Event \"two\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6\n\
               3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4+ 7. Kf1 Qxh7 8. d3 1-0\n\n\
               1. e4 (1. d4 d5 2. Bb5+) 1... e5 *\n\n\
               1. d4 d5 2. c4 dxc4 *\n";
    let run = run(pgn.as_bytes());
    assert_eq!(run.status, Some(1), "{}", run.stdout);
    assert_eq!(
        run.problems(),
        [
            "game 2 (line 10): move 7... Qxh7: illegal",
            "game 3 (line 12): move 2. Bb5+ in a variation: illegal",
        ]
    );
    assert_eq!(
        run.line("games "),
        "games 4 (replayed 2, failed 2), warnings 0"
    );
    // Failed games count the moves replayed before the failure: 2 + 13 + 1 + 4.
    assert_eq!(
        run.line("plies "),
        "plies 20 in main lines, 2 in variations"
    );
}

#[test]
fn unparsable_and_ambiguous_moves_and_bad_setups_are_reported() {
    let pgn = "1. e4 e5 2. Nf3 Zz9 *\n\n\
               [SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1\"]\n\n1. Nb3 *\n\n\
               [FEN \"not a fen\"]\n\n1. e4 *\n\n\
               [SetUp \"1\"]\n\n1. e4 *\n\n\
               [Variant \"Crazyhouse\"]\n\n1. e4 *\n\n\
               1. e4 -- 2. d4 *\n\n\
               1. e4 e5 2. Nf3 ) *\n\n\
               (1. d4) 1. e4 *\n";
    let run = run(pgn.as_bytes());
    assert_eq!(run.status, Some(1));
    let problems = run.problems();
    assert_eq!(problems.len(), 8, "{problems:#?}");
    assert_eq!(problems[0], "game 1 (line 1): move 2... Zz9: not a move");
    assert_eq!(problems[1], "game 2 (line 6): move 1. Nb3: ambiguous");
    assert!(
        problems[2].starts_with("game 3 (line 8): bad FEN \"not a fen\": "),
        "{}",
        problems[2]
    );
    assert_eq!(
        problems[3],
        "game 4 (line 12): SetUp \"1\" without a FEN tag"
    );
    assert_eq!(
        problems[4],
        "game 5 (line 16): variant \"Crazyhouse\" is not supported"
    );
    assert_eq!(
        problems[5],
        "game 6 (line 20): move 1... --: null moves are not supported"
    );
    assert_eq!(
        problems[6],
        "game 7 (line 22): ')' without a variation to close"
    );
    assert_eq!(
        problems[7],
        "game 8 (line 24): a variation with no move before it to replace"
    );
    assert_eq!(
        run.line("games "),
        "games 8 (replayed 0, failed 8), warnings 0"
    );
}

#[test]
fn results_that_disagree_are_warnings_not_failures() {
    let pgn = "[Result \"0-1\"]\n\n1. e4 e5 1-0\n\n\
               [Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n\n\
               [Result \"1-0\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n*\n\n\
               [Event \"no marker\"]\n\n1. e4\n\n\
               [Event \"at the end\"]\n\n1. d4\n";
    let run = run(pgn.as_bytes());
    assert_eq!(run.status, Some(0), "{}", run.stdout);
    assert_eq!(
        run.problems(),
        [
            "warning: game 1 (line 3): the Result tag says 0-1 but the movetext ends with 1-0",
            "warning: game 2 (line 7): the board says black wins by checkmate (0-1) but the result is 1/2-1/2",
            "warning: game 3 (line 12): the Result tag says 1-0 but the movetext ends with *",
            "warning: game 3 (line 12): the board says draw by stalemate (1/2-1/2) but the result is *",
            // Found at the next game's tags, and at the end of the file (after its last line).
            "warning: game 4 (line 18): no termination marker before the next game's tags",
            "warning: game 5 (line 21): no termination marker at the end of the file",
        ]
    );
    assert_eq!(
        run.line("results "),
        "results 1-0 1, 0-1 0, 1/2-1/2 1, * 1, none 2"
    );
}

#[test]
fn unterminated_constructs_at_the_end_give_a_located_error() {
    let cases: [(&[u8], &str); 3] = [
        (
            b"1. e4 e5 *\n\n[Event \"x\"]\n\n1. d4 { never\nclosed\n",
            "game 2 (line 5): a comment '{' opened here is not closed by the end of the file",
        ),
        (
            b"[Event \"x]\n[Site \"?\"]\n\n1. e4 *\n",
            "game 1 (line 1): a tag value has no closing '\"'",
        ),
        (
            b"1. e4 (1. d4 d5\n(1... c5\n",
            "game 1 (line 3): a variation opened on line 1 is not closed",
        ),
    ];
    for (pgn, expected) in cases {
        let run = run(pgn);
        assert_eq!(run.status, Some(1), "{}", run.stdout);
        assert_eq!(run.lines("game ").first().copied(), Some(expected));
    }
}

#[test]
fn bad_bytes_and_invalid_utf8_give_a_located_error() {
    let run_1 = run(b"[Event \"caf\xe9\"]\n\n1. e4 *\n");
    assert_eq!(
        run_1.problems(),
        ["game 1 (line 1): a tag value is not valid UTF-8"]
    );
    let run_2 = run(b"1. e4 e5 *\n\n1. d4\n\xff\xfe d5 *\n");
    assert_eq!(run_2.problems(), ["game 2 (line 4): unexpected byte 0xff"]);
    let run_3 = run(b"1. e4 e5 *\n1. d4 d5 2. c4 & *\n");
    assert_eq!(
        run_3.problems(),
        ["game 2 (line 2): unexpected character '&'"]
    );
    // Latin-1 in a comment is skipped, not checked.
    let run_4 = run(b"1. e4 { caf\xe9 } e5 *\n");
    assert_eq!(run_4.status, Some(0));
    for run in [run_1, run_2, run_3] {
        assert_eq!(run.status, Some(1));
    }

    // Binary garbage: a located error on the first game, whatever the bytes.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let garbage: Vec<u8> = (0..100_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    let run = run(&garbage);
    assert_eq!(run.status, Some(1));
    assert!(run.stdout.starts_with("game 1 (line "), "{}", run.stdout);
}

#[test]
fn a_ten_megabyte_line_is_an_error_or_is_skipped_never_held() {
    let long = "a".repeat(10 << 20);
    let cases = [
        (
            format!("1. e4 e5 *\n\n1. {long} *\n"),
            Some("game 2 (line 3): move or symbol too long"),
        ),
        (
            format!("[Event \"{long}\"]\n\n1. e4 *\n"),
            Some("game 1 (line 1): tag value too long"),
        ),
        (format!("1. e4 {{ {long} }} e5 ; {long}\n2. Nf3 *\n"), None),
    ];
    for (pgn, expected) in cases {
        let run = run(pgn.as_bytes());
        assert_eq!(run.lines("game ").first().copied(), expected);
        assert_eq!(run.status, Some(if expected.is_some() { 1 } else { 0 }));
    }
}

#[test]
fn an_unreadable_file_or_a_bad_command_line_exits_with_2() {
    let missing = temp_path("missing.pgn");
    let run = run_args(&[missing.to_str().expect("a UTF-8 path")]);
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr.starts_with("x88: cannot read "),
        "{}",
        run.stderr
    );

    let directory = std::env::temp_dir();
    let run = run_args(&[directory.to_str().expect("a UTF-8 path")]);
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr.starts_with("x88: cannot read "),
        "{}",
        run.stderr
    );

    for args in [&[][..], &["a.pgn", "b.pgn"], &["--frobnicate"]] {
        let run = run_args(args);
        assert_eq!(run.status, Some(2), "{args:?}");
        assert!(run.stderr.contains("usage: pgn FILE"), "{}", run.stderr);
    }
}

/// Lexes `pgn` to the end, returning the tokens (with the text of tags and moves) and errors.
fn lex(pgn: &[u8]) -> Vec<Result<(Token, u64, String), String>> {
    let mut lexer = Lexer::new(pgn);
    let mut tokens = Vec::new();
    loop {
        match lexer.next_token() {
            Ok(Token::Eof) => return tokens,
            Ok(token) => {
                let text = match token {
                    Token::Tag => format!("{}={}", lexer.tag_name(), lexer.tag_value()),
                    Token::San | Token::MoveNumber => lexer.text().to_string(),
                    _ => String::new(),
                };
                tokens.push(Ok((token, lexer.token_line(), text)));
            }
            Err(error) => tokens.push(Err(format!("line {}: {error}", error.line))),
        }
    }
}

#[test]
fn the_lexer_resolves_escapes_and_splits_tokens() {
    let pgn = concat!(
        "\u{feff}% after the BOM\n",
        "[Event \"a \\\"b\\\" \\\\ c\"]\r\n",
        "% skip\r\n",
        "12...Nf3+!? $3 (--) 1/2-1/2",
    );
    let tokens = lex(pgn.as_bytes());
    let expected = [
        (Token::Tag, 2, "Event=a \"b\" \\ c"),
        (Token::MoveNumber, 4, "12"),
        (Token::Period, 4, ""),
        (Token::Period, 4, ""),
        (Token::Period, 4, ""),
        (Token::San, 4, "Nf3+"),
        (Token::Suffix, 4, ""),
        (Token::Nag(3), 4, ""),
        (Token::Open, 4, ""),
        (Token::NullMove, 4, ""),
        (Token::Close, 4, ""),
        (Token::Result(GameResult::Draw), 4, ""),
    ];
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(token, line, text)| Ok((token, line, text.to_string())))
        .collect();
    assert_eq!(tokens, expected);
    assert_eq!(
        lex(b"e4 $256 !!! $"),
        [
            Ok((Token::San, 1, "e4".to_string())),
            Err("line 1: '$' must be followed by a number from 0 to 255".to_string()),
            Err("line 1: unknown suffix annotation".to_string()),
            Err("line 1: '$' must be followed by a number from 0 to 255".to_string()),
        ]
    );
}

/// Replays `pgn` in-process: the totals and the report's problem lines.
fn replay_bytes(pgn: &[u8]) -> (replay::Totals, String) {
    let mut out = Vec::new();
    let totals = replay::replay(&mut Lexer::new(pgn), &mut out, |_, _| {})
        .expect("reading a slice and writing a Vec cannot fail");
    (totals, String::from_utf8(out).expect("the report is UTF-8"))
}

/// Checks what a replay of any input must satisfy: the totals add up and every report line
/// names a game counted and a line of the input.
fn check_report(pgn: &[u8]) -> Result<(), TestCaseError> {
    let (totals, report) = replay_bytes(pgn);
    let lines = pgn.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    prop_assert!(totals.failed <= totals.games);
    prop_assert_eq!(
        totals.results.iter().sum::<u64>() + totals.no_result,
        totals.games
    );
    let (mut failures, mut warnings) = (0, 0);
    for line in report.lines() {
        let rest = match line.strip_prefix("warning: ") {
            Some(rest) => {
                warnings += 1;
                rest
            }
            None => {
                failures += 1;
                line
            }
        };
        let (game, at) = rest
            .strip_prefix("game ")
            .and_then(|rest| rest.split_once(" (line "))
            .ok_or_else(|| TestCaseError::fail(format!("unlocated: {line}")))?;
        let at: u64 = at.split(')').next().unwrap_or("").parse().unwrap_or(0);
        let game: u64 = game.parse().unwrap_or(0);
        prop_assert!((1..=totals.games).contains(&game), "{}", line);
        prop_assert!((1..=lines).contains(&at), "{}", line);
    }
    prop_assert_eq!(failures, totals.failed);
    prop_assert_eq!(warnings, totals.warnings);
    Ok(())
}

/// PGN-like pieces, so that random input reaches past the first error.
const PIECES: [&str; 24] = [
    "[Event \"x\"]\n",
    "[Result \"1-0\"]",
    "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]",
    "1.",
    " e4",
    " e5",
    " Nf3",
    " Nc6",
    " Bb5",
    " O-O",
    " d4",
    "...",
    "(",
    ")",
    "{",
    "}",
    ";",
    "\n",
    "%",
    "$1",
    "!?",
    " 1-0",
    " *",
    "\"",
];

proptest! {
    #[test]
    fn any_bytes_give_a_consistent_report(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
        check_report(&bytes)?;
    }

    #[test]
    fn any_pgn_soup_gives_a_consistent_report(
        pieces in prop::collection::vec(0..PIECES.len(), 0..200),
    ) {
        let pgn: String = pieces.into_iter().map(|i| PIECES[i]).collect();
        check_report(pgn.as_bytes())?;
    }
}

/// The generator's summary (on stderr) and the example's report (on stdout) agree on a file
/// the generator wrote, and the same seed writes the same file.
#[cfg(feature = "search")]
#[test]
fn the_generated_games_replay_with_the_counts_the_generator_wrote() {
    let generator = common::example_binary("make_pgn");
    let generate = |path: &PathBuf| {
        let output = Command::new(&generator)
            .args(["--games", "100", "--seed", "7", "--out"])
            .arg(path)
            .output()
            .expect("the generator runs");
        assert!(output.status.success());
        String::from_utf8(output.stderr).expect("UTF-8")
    };
    let (first, second) = (temp_path("first.pgn"), temp_path("second.pgn"));
    let summary = generate(&first);
    let _ = generate(&second);
    let file = std::fs::read(&first).expect("the generated file");
    assert_eq!(file, std::fs::read(&second).expect("the generated file"));
    let run = run_args(&[first.to_str().expect("a UTF-8 path")]);
    for path in [first, second] {
        let _ = std::fs::remove_file(path);
    }
    assert_eq!(run.status, Some(0), "{}", run.stdout);
    assert!(run.problems().is_empty(), "{}", run.stdout);
    for prefix in ["games ", "plies ", "results ", "comments "] {
        let from_generator = summary.lines().find(|line| line.starts_with(prefix));
        assert_eq!(from_generator, Some(run.line(prefix)));
    }
    // The file holds what it should: every kind of construct.
    let text = String::from_utf8_lossy(&file);
    let constructs = [
        "{",
        ";",
        "(",
        "$",
        "!?",
        "[FEN ",
        "[Variant \"Chess960\"]",
        "\n%",
        "\r\n",
        "\\\"",
        "[Result \"*\"]",
    ];
    for construct in constructs {
        assert!(text.contains(construct), "no {construct:?} in 100 games");
    }
}
