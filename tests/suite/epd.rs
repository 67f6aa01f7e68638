//! `x88::epd`: test-suite lines in both forms, every line of the bundled perft suites against a
//! plain split of the line, located errors for malformed lines, and arbitrary or mutated text
//! read without a panic.

use crate::common;

use proptest::prelude::*;
use x88::epd::{Epd, EpdErrorKind};
use x88::{Board0x88, FenOptions};

/// The options the perft suites are read with.
fn suite_options(chess960: bool) -> FenOptions {
    FenOptions {
        chess960,
        lenient: true,
    }
}

#[test]
fn a_tactics_suite_line() {
    let line = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#;
    let epd = Epd::parse(line).unwrap();
    assert_eq!(epd.id(), Some("WAC.001"));
    assert_eq!(
        epd.board().fen().to_string(),
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
    );
    let best: Vec<String> = epd.best_moves().map(|mv| mv.unwrap().to_string()).collect();
    assert_eq!(best, ["g3g6"]);
    assert_eq!(epd.avoid_moves().count(), 0);
    assert_eq!(epd.perft_counts().count(), 0);
    let opcodes: Vec<&str> = epd.operations().map(|op| op.opcode()).collect();
    assert_eq!(opcodes, ["bm", "id"]);
}

#[test]
fn several_moves_strings_with_semicolons_and_clocks() {
    let line = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - \
                bm Qxf7# Qxf7; am Qh3; c0 \"scholar's mate; the classic\"; hmvc 4; fmvn 4; id x";
    let epd = Epd::parse(line).unwrap();
    let best: Vec<String> = epd
        .best_moves()
        .map(|mv| epd.board().san(mv.unwrap()).to_string())
        .collect();
    assert_eq!(best, ["Qxf7#", "Qxf7#"]);
    let avoid: Vec<String> = epd
        .avoid_moves()
        .map(|mv| mv.unwrap().to_string())
        .collect();
    assert_eq!(avoid, ["h5h3"]);
    let comment = epd.operation("c0").unwrap();
    assert_eq!(
        comment.operands().collect::<Vec<_>>(),
        ["scholar's mate; the classic"]
    );
    assert_eq!(epd.board().halfmove_clock(), 4);
    assert_eq!(epd.board().fullmove_number(), 4);
    // The last operation may leave out its `;`.
    assert_eq!(epd.id(), Some("x"));
    // An operation may have no operands, and a best move may not be legal (an error of its own).
    let epd = Epd::parse("4k3/8/8/8/8/8/8/4K3 w - - noop; bm Qh5;").unwrap();
    assert_eq!(epd.operation("noop").unwrap().operands().count(), 0);
    assert!(epd.best_moves().all(|mv| mv.is_err()));
}

#[test]
fn every_line_of_the_suites_reads_as_a_plain_split_gives_it() {
    for (text, chess960) in [(common::STANDARD_EPD, false), (common::CHESS960_EPD, true)] {
        for (number, line) in text.lines().enumerate() {
            // The reference: the FEN before the first `;`, then `Dn count` fields.
            let mut fields = line.split(';');
            let fen = fields.next().unwrap().trim();
            let counts: Vec<(u32, u64)> = fields
                .map(|field| {
                    let (depth, nodes) = field.trim().split_once(' ').unwrap();
                    (depth[1..].parse().unwrap(), nodes.trim().parse().unwrap())
                })
                .collect();
            let board = Board0x88::from_fen_with(fen, suite_options(chess960)).unwrap();

            let epd = Epd::parse_with(line, suite_options(chess960))
                .unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
            assert_eq!(epd.board(), &board, "line {}", number + 1);
            assert_eq!(epd.position(), fen);
            assert_eq!(
                epd.perft_counts().collect::<Vec<_>>(),
                counts,
                "line {}",
                number + 1
            );
        }
    }
}

#[test]
fn malformed_lines_are_located_errors() {
    let cases: [(&str, EpdErrorKind, usize); 9] = [
        ("", EpdErrorKind::MissingFields, 1),
        ("8/8/8/8/8/8/8/K6k w -", EpdErrorKind::MissingFields, 22),
        (
            "8/8/8/8/8/8/8/K6k w - - id \"WAC.001;",
            EpdErrorKind::UnterminatedString,
            28,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - bm Ka2; 7up 1;",
            EpdErrorKind::BadOpcode,
            33,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 three",
            EpdErrorKind::BadPerftCount,
            30,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 4",
            EpdErrorKind::BadPerftCount,
            30,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - hmvc 99999;",
            EpdErrorKind::BadClock,
            25,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 ;D1 3",
            EpdErrorKind::BadFullmoveNumber,
            27,
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 0",
            EpdErrorKind::BadFullmoveNumber,
            26,
        ),
    ];
    for (line, kind, column) in cases {
        let error = Epd::parse(line).unwrap_err();
        assert_eq!(
            (error.kind(), error.column()),
            (kind, column),
            "{line:?}: {error}"
        );
        assert!(error.to_string().starts_with(&format!("column {column}: ")));
    }
    // A bad position names the FEN's problem.
    let error = Epd::parse("8/8/8/8/8/8/8/8 w - - id \"no kings\";").unwrap_err();
    assert!(matches!(error.kind(), EpdErrorKind::Fen(_)), "{error}");
    assert!(error.to_string().contains("king"), "{error}");
    let error =
        Epd::parse("   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - bm e4;").unwrap_err();
    assert_eq!(error.column(), 4);
}

#[test]
fn trailing_whitespace_and_line_ends_are_ignored() {
    let epd = Epd::parse("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 \r\n").unwrap();
    assert_eq!(epd.perft_counts().collect::<Vec<_>>(), [(1, 3)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Any text is read as a line or refused with an error located inside it (or just after).
    #[test]
    fn arbitrary_text_never_panics(line in ".{0,120}") {
        match Epd::parse(&line) {
            Ok(epd) => {
                let _ = epd.operations().count();
                let _ = epd.best_moves().count();
                let _ = epd.perft_counts().count();
            }
            Err(error) => prop_assert!(error.column() >= 1 && error.column() <= line.len() + 1),
        }
    }

    /// Suite lines with a byte replaced, inserted or removed: read or refused, never a panic,
    /// and a line that reads has a board whose FEN reads back as the same board.
    #[test]
    fn mutated_suite_lines_never_panic(
        line in 0..131usize,
        at in any::<prop::sample::Index>(),
        byte in prop::sample::select(b" ;\"D0123456789abckqKQBNR/-wx".to_vec()),
        action in 0..3u8,
    ) {
        let original = common::STANDARD_EPD.lines().nth(line).unwrap();
        let mut bytes = original.as_bytes().to_vec();
        let i = at.index(bytes.len());
        match action {
            0 => bytes[i] = byte,
            1 => bytes.insert(i, byte),
            _ => { bytes.remove(i); }
        }
        let mutated = String::from_utf8(bytes).unwrap();
        if let Ok(epd) = Epd::parse_with(&mutated, suite_options(false)) {
            let fen = epd.board().fen().to_string();
            let again = Board0x88::from_fen_with(&fen, suite_options(false));
            prop_assert_eq!(again.as_ref().ok(), Some(epd.board()), "{}", mutated);
            let _ = epd.perft_counts().count();
        }
    }
}
