//! FEN parsing and printing: every `FenError` variant and every position `Problem` a FEN can
//! give comes from a minimal bad FEN and its message names the field or problem at fault; the
//! lenient loader accepts exactly what it promises; an en passant square with no possible
//! capture is valid; printing a parsed FEN gives it back; and neither parser panics on
//! arbitrary text.

use proptest::prelude::*;
use x88::{
    Board0x88, CastlingRights, CastlingSide, Color, FenError, Problem, Rank, START_FEN, Square,
    SquareSet,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// What a bad FEN must give: a malformed field, or a well-formed FEN whose position has these
/// problems (`FenError::InvalidPosition`).
#[derive(Clone, Debug, PartialEq)]
enum Expected {
    Field(FenError),
    Position(Vec<Problem>),
}

use Expected::{Field, Position};

/// The error of a parse, in the shape of `Expected` (`None` if the FEN was accepted).
fn outcome(result: Result<Board0x88, FenError>) -> Option<Expected> {
    match result {
        Ok(_) => None,
        Err(FenError::InvalidPosition(error)) => Some(Position(error.problems().collect())),
        Err(error) => Some(Field(error)),
    }
}

/// A minimal FEN for each malformed field and each position problem, the error it must give,
/// and a word its message must contain (the field or the problem at fault).
fn strict_error_cases() -> Vec<(&'static str, Expected, &'static str)> {
    vec![
        (
            "",
            Field(FenError::WrongFieldCount { found: 0 }),
            "6 fields",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0",
            Field(FenError::WrongFieldCount { found: 5 }),
            "6 fields",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            Field(FenError::WrongFieldCount { found: 7 }),
            "6 fields",
        ),
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            Field(FenError::WrongRankCount { found: 7 }),
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
            Field(FenError::WrongRankCount { found: 9 }),
            "placement",
        ),
        (
            "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
            Field(FenError::RankTooLong { rank: Rank::Eighth }),
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3p w - - 0 1",
            Field(FenError::RankTooLong { rank: Rank::First }),
            "placement",
        ),
        (
            "4k2/8/8/8/8/8/8/4K3 w - - 0 1",
            Field(FenError::RankTooShort { rank: Rank::Eighth }),
            "placement",
        ),
        (
            "4k3/8/8/8//8/8/4K3 w - - 0 1",
            Field(FenError::RankTooShort { rank: Rank::Fourth }),
            "placement",
        ),
        (
            "4k2x/8/8/8/8/8/8/4K3 w - - 0 1",
            Field(FenError::UnknownPiece {
                rank: Rank::Eighth,
                found: 'x',
            }),
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/0K7 w - - 0 1",
            Field(FenError::UnknownPiece {
                rank: Rank::First,
                found: '0',
            }),
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            Field(FenError::BadSideToMove),
            "side-to-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
            Field(FenError::BadSideToMove),
            "side-to-move",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1",
            Field(FenError::BadCastling),
            "castling",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
            Field(FenError::BadCastling),
            "castling",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            Position(vec![Problem::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::KingSide,
            }]),
            "castling",
        ),
        (
            "4k2r/8/8/8/8/8/8/4K3 w q - 0 1",
            Position(vec![Problem::CastlingWithoutKingAndRook {
                color: Color::Black,
                side: CastlingSide::QueenSide,
            }]),
            "castling",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            Field(FenError::BadEnPassant),
            "en passant",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - i6 0 1",
            Field(FenError::BadEnPassant),
            "en passant",
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1",
            Position(vec![Problem::EnPassantWrongRank { square: sq("d5") }]),
            "en passant",
        ),
        (
            "4k3/8/8/8/3Pp3/8/8/4K3 w - d3 0 1",
            Position(vec![Problem::EnPassantWrongRank { square: sq("d3") }]),
            "en passant",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - d6 0 1",
            Position(vec![Problem::EnPassantWithoutPawn { square: sq("d6") }]),
            "en passant",
        ),
        (
            // The pawn is there but the square it came from is occupied.
            "4k3/3r4/8/3pP3/8/8/8/4K3 w - d6 0 1",
            Position(vec![Problem::EnPassantWithoutPawn { square: sq("d6") }]),
            "en passant",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
            Field(FenError::BadHalfmoveClock),
            "half-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 65536 1",
            Field(FenError::BadHalfmoveClock),
            "half-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            Field(FenError::BadFullmoveNumber),
            "full-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 x",
            Field(FenError::BadFullmoveNumber),
            "full-move",
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            Position(vec![Problem::MissingKing {
                color: Color::White,
            }]),
            "no king",
        ),
        (
            "3kk3/8/8/8/8/8/8/4K3 w - - 0 1",
            Position(vec![Problem::TooManyKings {
                color: Color::Black,
            }]),
            "more than one king",
        ),
        (
            "4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1",
            Position(vec![Problem::TooManyPieces {
                color: Color::White,
            }]),
            "more than 16 pieces",
        ),
        (
            // Nine white pawns.
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            Position(vec![Problem::ImpossibleMaterial {
                color: Color::White,
            }]),
            "promoted piece",
        ),
        (
            // Eight pawns and a second queen: a promoted piece with no pawn missing.
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            Position(vec![Problem::ImpossibleMaterial {
                color: Color::White,
            }]),
            "promoted piece",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            Position(vec![Problem::PawnsOnBackRank {
                squares: SquareSet::from(sq("a8")),
            }]),
            "first or last rank",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
            Position(vec![Problem::PawnsOnBackRank {
                squares: SquareSet::from(sq("h1")),
            }]),
            "first or last rank",
        ),
        (
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            Position(vec![Problem::OpponentInCheck]),
            "not to move is in check",
        ),
        (
            // Two bishops on one diagonal check the black king.
            "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
            Position(vec![Problem::ImpossibleCheck]),
            "check",
        ),
        (
            // Two knights give check.
            "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
            Position(vec![Problem::ImpossibleCheck]),
            "check",
        ),
        (
            // Black's double step e7-e5 cannot have let the rook on h1 give check.
            "4k3/8/8/4pP2/8/8/8/4K2r w - e6 0 2",
            Position(vec![Problem::ImpossibleCheck]),
            "check",
        ),
    ]
}

#[test]
fn checks_that_the_double_step_gave_are_accepted() {
    // d7-d5 and the pawn on d5 checks the king on e4.
    let by_the_pawn = "4k3/8/8/3p4/4K3/8/8/8 w - d6 0 2";
    assert!(Board0x88::from_fen(by_the_pawn).is_ok());
    // d7-d5 uncovered the bishop on e8, which checks through d7.
    let discovered = "4b2k/8/8/1K1p4/8/8/8/8 w - d6 0 2";
    assert!(Board0x88::from_fen(discovered).is_ok());
    // The bishop on g2 checks, but not through d7: d7-d5 cannot have given that check.
    let unexplained = "4k3/8/8/3p4/8/8/6b1/7K w - d6 0 2";
    assert_eq!(
        outcome(Board0x88::from_fen(unexplained)),
        Some(Position(vec![Problem::ImpossibleCheck]))
    );
    assert!(Board0x88::from_fen_lenient(unexplained).is_ok());
}

#[test]
fn each_strict_error_comes_from_its_minimal_fen() {
    for (fen, expected, _) in strict_error_cases() {
        assert_eq!(
            outcome(Board0x88::from_fen(fen)),
            Some(expected),
            "FEN {fen:?}"
        );
    }
}

/// The variant name of a value's `Debug` text (`Foo { .. }` or `Foo(..)` gives `Foo`).
fn variant_name(debug: String) -> String {
    debug
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn every_error_variant_and_problem_is_covered() {
    // FenError and Problem are #[non_exhaustive], so count the distinct variants by name.
    let mut fields = Vec::new();
    let mut problems = Vec::new();
    for (_, expected, _) in strict_error_cases() {
        match expected {
            Field(error) => fields.push(variant_name(format!("{error:?}"))),
            Position(list) => problems.extend(list.iter().map(|p| variant_name(format!("{p:?}")))),
        }
    }
    for names in [&mut fields, &mut problems] {
        names.sort();
        names.dedup();
    }
    // Every FenError but InvalidPosition, which carries the problems.
    assert_eq!(fields.len(), 10, "field errors covered: {fields:?}");
    // Every Problem but FullmoveNumberZero, which FEN refuses as a malformed field.
    assert_eq!(problems.len(), 10, "problems covered: {problems:?}");
}

#[test]
fn error_messages_name_the_field_or_the_problem() {
    for (fen, expected, word) in strict_error_cases() {
        let err = Board0x88::from_fen(fen).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains(word),
            "message {text:?} for {fen:?} does not mention {word:?}"
        );
        if let Position(_) = expected {
            assert!(text.starts_with("invalid position: "), "{text:?}");
        }
        let boxed: Box<dyn std::error::Error> = Box::new(err);
        assert_eq!(boxed.to_string(), text);
    }
}

#[test]
fn error_messages_carry_their_details() {
    let text = |fen: &str| Board0x88::from_fen(fen).unwrap_err().to_string();
    assert!(text("4k3/8/8/8/8/8/8/4K3 w - - 0").contains('5'));
    assert!(text("4k3/8/8/8/8/8/8/4K3 w - d6 0 1").contains("d6"));
    assert!(text("4k3/8/8/8/8/8/8/4K3 w - e4 0 1").contains("e4"));
    assert!(text("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").contains("a8"));
    assert!(text("4k2x/8/8/8/8/8/8/4K3 w - - 0 1").contains('x'));
    assert!(text("4k3/8/8/8/8/8/8/4K3 w K - 0 1").contains("right K "));
    assert!(text("4k2r/8/8/8/8/8/8/4K3 w q - 0 1").contains("right q "));
}

#[test]
fn a_fen_reports_every_problem_of_its_position() {
    // No white king, a pawn on h8, an en passant square on the wrong rank, a castling right
    // without its rook.
    let fen = "4k2P/8/8/8/8/8/8/8 w k e4 0 1";
    let error = Board0x88::from_fen(fen).unwrap_err();
    assert_eq!(
        outcome(Err(error)),
        Some(Position(vec![
            Problem::MissingKing {
                color: Color::White
            },
            Problem::PawnsOnBackRank {
                squares: SquareSet::from(Square::H8)
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::Black,
                side: CastlingSide::KingSide
            },
            Problem::EnPassantWrongRank { square: Square::E4 },
        ]))
    );
    assert_eq!(
        error.to_string(),
        "invalid position: white has no king; a pawn on the first or last rank: h8; \
         castling right k needs its king and rook on their starting squares; \
         en passant square e4 is not on the 6th rank (white to move) or the 3rd (black to move)"
    );
    // A malformed field is reported before any position problem.
    assert_eq!(
        Board0x88::from_fen("4k2P/8/8/8/8/8/8/8 x k e4 0 1"),
        Err(FenError::BadSideToMove)
    );
}

#[test]
fn lenient_accepts_four_fields_with_default_clocks() {
    let board = Board0x88::from_fen_lenient("4k3/8/8/8/8/8/4P3/4K3 w - -").unwrap();
    assert_eq!(board.halfmove_clock(), 0);
    assert_eq!(board.fullmove_number(), 1);
    assert_eq!(board.fen().to_string(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        Board0x88::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - -"),
        Err(FenError::WrongFieldCount { found: 4 })
    );
    for fen in ["4k3/8/8/8/8/8/4P3/4K3 w -", "4k3/8/8/8/8/8/4P3/4K3 w - - 0"] {
        assert!(matches!(
            Board0x88::from_fen_lenient(fen),
            Err(FenError::WrongFieldCount { .. })
        ));
    }
}

#[test]
fn lenient_accepts_unreachable_but_well_defined_positions() {
    let impossible_check = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    let board = Board0x88::from_fen_lenient(impossible_check).unwrap();
    assert!(board.is_check());
    assert_eq!(board.checkers().len(), 2);
    assert_eq!(board.fen().to_string(), impossible_check);

    // Nine pawns cannot arise in a game, but moves are still well defined.
    let nine_pawns = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
    assert!(Board0x88::from_fen_lenient(nine_pawns).is_ok());
}

#[test]
fn lenient_still_refuses_what_makes_move_generation_meaningless() {
    let cases = [
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            Position(vec![Problem::MissingKing {
                color: Color::White,
            }]),
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - -",
            Position(vec![Problem::MissingKing {
                color: Color::White,
            }]),
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            Position(vec![Problem::PawnsOnBackRank {
                squares: SquareSet::from(sq("a8")),
            }]),
        ),
        (
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            Position(vec![Problem::OpponentInCheck]),
        ),
        (
            "4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1",
            Position(vec![Problem::TooManyPieces {
                color: Color::White,
            }]),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            Field(FenError::BadSideToMove),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - d6 0 1",
            Position(vec![Problem::EnPassantWithoutPawn { square: sq("d6") }]),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(
            outcome(Board0x88::from_fen_lenient(fen)),
            Some(expected),
            "FEN {fen:?}"
        );
    }
}

#[test]
fn en_passant_square_without_a_possible_capture_is_valid() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let board = Board0x88::from_fen(fen).unwrap();
    assert_eq!(board.en_passant(), Some(sq("e3")));
    assert_eq!(board.fen().to_string(), fen);
    assert_eq!(Board0x88::from_fen_lenient(fen).unwrap(), board);
}

#[test]
fn printing_a_parsed_fen_gives_it_back() {
    let fens = [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 17",
        "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w q - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 12 30",
        "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 9",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
        "4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 40",
        "4k3/8/8/6pP/8/8/8/4K3 w - g6 0 40",
        "4k3/8/8/8/pP6/8/8/4K3 b - b3 0 40",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/8/8/8/8/K6k w - - 99 150",
        "8/8/8/8/8/8/8/K6k b - - 65535 65535",
        "7k/8/8/8/8/8/8/K7 b - - 0 1",
    ];
    for fen in fens {
        let board = Board0x88::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.fen().to_string(), fen);
        assert_eq!(board.to_string(), fen);
        assert_eq!(Board0x88::from_fen(&board.fen().to_string()), Ok(board));
        assert_eq!(board.hash(), board.compute_hash());
    }
}

#[test]
fn fields_are_read_into_the_board() {
    let board = Board0x88::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b Qk - 7 42").expect("valid FEN");
    assert_eq!(board.side_to_move(), Color::Black);
    assert_eq!(
        board.castling_rights(),
        CastlingRights::WHITE_QUEENSIDE | CastlingRights::BLACK_KINGSIDE
    );
    assert_eq!(board.en_passant(), None);
    assert_eq!(board.halfmove_clock(), 7);
    assert_eq!(board.fullmove_number(), 42);
    assert_eq!(board.king(Color::White), Square::E1);
    assert_eq!(board.king(Color::Black), Square::E8);
}

#[test]
fn from_str_is_the_strict_parser() {
    let board: Board0x88 = START_FEN.parse().unwrap();
    assert_eq!(board, Board0x88::default());
    assert_eq!(board, Board0x88::from_fen(START_FEN).unwrap());
    assert_eq!(
        "4k3/8/8/8/8/8/8/4K3 w - -".parse::<Board0x88>(),
        Err(FenError::WrongFieldCount { found: 4 })
    );
    assert_eq!(
        outcome("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1".parse::<Board0x88>()),
        Some(Position(vec![Problem::ImpossibleCheck]))
    );
}

/// If a parser accepts `text`, the board it gives prints a FEN that parses back to it.
fn check_accepted(text: &str) -> Result<(), TestCaseError> {
    for (lenient, result) in [
        (false, Board0x88::from_fen(text)),
        (true, Board0x88::from_fen_lenient(text)),
    ] {
        match result {
            Ok(board) => {
                let printed = board.fen().to_string();
                let again = if lenient {
                    Board0x88::from_fen_lenient(&printed)
                } else {
                    Board0x88::from_fen(&printed)
                };
                prop_assert_eq!(again, Ok(board), "{:?} printed as {:?}", text, printed);
                prop_assert_eq!(board.hash(), board.compute_hash());
                prop_assert_eq!(board.count_legal_moves(), board.legal_moves().len() as u64);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
    Ok(())
}

/// A FEN from random placement (both kings always present), random other fields.
fn fen_like_board() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        8 => Just(' '),
        1 => prop::sample::select(vec!['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q']),
    ];
    (
        prop::collection::vec(cell, 64),
        0..64usize,
        0..64usize,
        any::<bool>(),
        prop_oneof![
            Just("-"),
            prop::sample::select(vec!["K", "Qk", "KQkq", "q", "kq"]),
        ],
        prop_oneof![
            Just("-"),
            prop::sample::select(vec![
                "a3", "c3", "d3", "e3", "h3", "a6", "d6", "e6", "f6", "h6"
            ]),
        ],
        0..120u32,
        1..200u32,
    )
        .prop_map(|(mut cells, wk, bk, white, castling, ep, half, full)| {
            cells[wk] = 'K';
            if bk != wk {
                cells[bk] = 'k';
            }
            let mut placement = String::new();
            for rank in (0..8).rev() {
                let mut empty = 0;
                for file in 0..8 {
                    match cells[rank * 8 + file] {
                        ' ' => empty += 1,
                        c => {
                            if empty > 0 {
                                placement.push_str(&empty.to_string());
                                empty = 0;
                            }
                            placement.push(c);
                        }
                    }
                }
                if empty > 0 {
                    placement.push_str(&empty.to_string());
                }
                if rank > 0 {
                    placement.push('/');
                }
            }
            let side = if white { 'w' } else { 'b' };
            format!("{placement} {side} {castling} {ep} {half} {full}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parsers_never_panic_on_any_text(text in ".*") {
        check_accepted(&text)?;
    }

    #[test]
    fn parsers_never_panic_on_fen_like_text(
        text in "[pnbrqkPNBRQK1-9/ wbKQkq\\-a-h0-9]{0,90}"
    ) {
        check_accepted(&text)?;
    }

    #[test]
    fn parsers_never_panic_on_random_boards(fen in fen_like_board()) {
        check_accepted(&fen)?;
    }
}
