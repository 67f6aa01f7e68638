//! FEN parsing and printing: every `FenError` variant comes from a minimal bad FEN and its
//! message names the field at fault; the lenient loader accepts exactly what it promises; an en
//! passant square with no possible capture is valid; printing a parsed FEN gives it back; and
//! neither parser panics on arbitrary text.

use proptest::prelude::*;
use x88::{Board0x88, CastlingRights, Color, FenError, Rank, START_FEN, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A minimal FEN for each error variant, the error it must give, and a word its message must
/// contain (the field at fault).
fn strict_error_cases() -> Vec<(&'static str, FenError, &'static str)> {
    vec![
        ("", FenError::WrongFieldCount { found: 0 }, "6 fields"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0",
            FenError::WrongFieldCount { found: 5 },
            "6 fields",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            FenError::WrongFieldCount { found: 7 },
            "6 fields",
        ),
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            FenError::WrongRankCount { found: 7 },
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::WrongRankCount { found: 9 },
            "placement",
        ),
        (
            "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::RankTooLong { rank: Rank::Eighth },
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3p w - - 0 1",
            FenError::RankTooLong { rank: Rank::First },
            "placement",
        ),
        (
            "4k2/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::RankTooShort { rank: Rank::Eighth },
            "placement",
        ),
        (
            "4k3/8/8/8//8/8/4K3 w - - 0 1",
            FenError::RankTooShort { rank: Rank::Fourth },
            "placement",
        ),
        (
            "4k2x/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::UnknownPiece {
                rank: Rank::Eighth,
                found: 'x',
            },
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/0K7 w - - 0 1",
            FenError::UnknownPiece {
                rank: Rank::First,
                found: '0',
            },
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            FenError::BadSideToMove,
            "side-to-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
            FenError::BadSideToMove,
            "side-to-move",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1",
            FenError::BadCastling,
            "castling",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
            FenError::BadCastling,
            "castling",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            FenError::CastlingWithoutKingAndRook {
                right: CastlingRights::WHITE_KINGSIDE,
            },
            "castling",
        ),
        (
            "4k2r/8/8/8/8/8/8/4K3 w q - 0 1",
            FenError::CastlingWithoutKingAndRook {
                right: CastlingRights::BLACK_QUEENSIDE,
            },
            "castling",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            FenError::BadEnPassant,
            "en passant",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - i6 0 1",
            FenError::BadEnPassant,
            "en passant",
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1",
            FenError::EnPassantWrongRank { square: sq("d5") },
            "en passant",
        ),
        (
            "4k3/8/8/8/3Pp3/8/8/4K3 w - d3 0 1",
            FenError::EnPassantWrongRank { square: sq("d3") },
            "en passant",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - d6 0 1",
            FenError::EnPassantWithoutPawn { square: sq("d6") },
            "en passant",
        ),
        (
            // The pawn is there but the square it came from is occupied.
            "4k3/3r4/8/3pP3/8/8/8/4K3 w - d6 0 1",
            FenError::EnPassantWithoutPawn { square: sq("d6") },
            "en passant",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
            FenError::BadHalfmoveClock,
            "half-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 65536 1",
            FenError::BadHalfmoveClock,
            "half-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            FenError::BadFullmoveNumber,
            "full-move",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 x",
            FenError::BadFullmoveNumber,
            "full-move",
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            FenError::MissingKing {
                color: Color::White,
            },
            "placement",
        ),
        (
            "3kk3/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::TooManyKings {
                color: Color::Black,
            },
            "placement",
        ),
        (
            // Nine white pawns.
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            FenError::TooManyPieces {
                color: Color::White,
            },
            "placement",
        ),
        (
            // Eight pawns and a second queen: a promoted piece with no pawn missing.
            "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1",
            FenError::TooManyPieces {
                color: Color::White,
            },
            "placement",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::PawnOnBackRank { square: sq("a8") },
            "placement",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2p w - - 0 1",
            FenError::PawnOnBackRank { square: sq("h1") },
            "placement",
        ),
        (
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            FenError::OpponentInCheck,
            "not to move is in check",
        ),
        (
            // Two bishops on one diagonal check the black king.
            "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
            FenError::ImpossibleCheck,
            "check",
        ),
        (
            // Two knights give check.
            "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
            FenError::ImpossibleCheck,
            "check",
        ),
        (
            // Black's double step e7-e5 cannot have let the rook on h1 give check.
            "4k3/8/8/4pP2/8/8/8/4K2r w - e6 0 2",
            FenError::ImpossibleCheck,
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
        Board0x88::from_fen(unexplained),
        Err(FenError::ImpossibleCheck)
    );
    assert!(Board0x88::from_fen_lenient(unexplained).is_ok());
}

#[test]
fn each_strict_error_comes_from_its_minimal_fen() {
    for (fen, expected, _) in strict_error_cases() {
        assert_eq!(Board0x88::from_fen(fen), Err(expected), "FEN {fen:?}");
    }
}

#[test]
fn every_error_variant_is_covered() {
    // FenError is #[non_exhaustive], so count the distinct variants by their Debug name.
    let mut names: Vec<String> = strict_error_cases()
        .into_iter()
        .map(|(_, e, _)| {
            let debug = format!("{e:?}");
            debug
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 19, "variants covered: {names:?}");
}

#[test]
fn error_messages_name_the_field() {
    for (fen, expected, word) in strict_error_cases() {
        let text = expected.to_string();
        assert!(
            text.contains(word),
            "message {text:?} for {fen:?} does not mention {word:?}"
        );
        let err = Board0x88::from_fen(fen).unwrap_err();
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
            FenError::MissingKing {
                color: Color::White,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - -",
            FenError::MissingKing {
                color: Color::White,
            },
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::PawnOnBackRank { square: sq("a8") },
        ),
        ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", FenError::OpponentInCheck),
        (
            "4k3/8/8/8/NNNNNNNN/NNNNNNNN/8/4K3 w - - 0 1",
            FenError::TooManyPieces {
                color: Color::White,
            },
        ),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenError::BadSideToMove),
        (
            "4k3/8/8/8/8/8/8/4K3 w - d6 0 1",
            FenError::EnPassantWithoutPawn { square: sq("d6") },
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(
            Board0x88::from_fen_lenient(fen),
            Err(expected),
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
        "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1".parse::<Board0x88>(),
        Err(FenError::ImpossibleCheck)
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
