//! Setting up positions in code: `Setup` edits, each `Problem` alone and many together, the
//! strict and lenient rules, Setup -> Board -> Setup round trips over the perft suites, and
//! random setups that never panic and, when valid, print a FEN that parses back to the board.

use crate::common;

use proptest::prelude::*;
use x88::{
    Board0x88, CastlingRights, CastlingSide, Color, FenOptions, File, Piece, PieceKind, Problem,
    Setup, SetupError, Square, SquareSet,
};

const STANDARD: &str = common::STANDARD_EPD;
const CHESS960: &str = common::CHESS960_EPD;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn piece(c: char) -> Piece {
    Piece::from_char(c).unwrap()
}

/// A setup from a placement written as `"Ke1 Ra1 ke8 Ph8"` (letter, square), white to move.
fn setup_with(pieces: &str) -> Setup {
    let mut setup = Setup::empty();
    for word in pieces.split_whitespace() {
        let (letter, square) = word.split_at(1);
        setup.put(sq(square), piece(letter.chars().next().unwrap()));
    }
    setup
}

/// The problems of a refused setup (strict), as a list; panics if it was accepted.
fn problems(setup: &Setup) -> Vec<Problem> {
    match setup.validate() {
        Ok(board) => panic!("{setup:?} accepted as {board:?}"),
        Err(error) => error.problems().collect(),
    }
}

fn white(kind: PieceKind) -> Piece {
    Piece::new(Color::White, kind)
}

#[test]
fn the_empty_setup_is_the_default() {
    let setup = Setup::default();
    assert_eq!(setup, Setup::empty());
    assert!(Square::ALL.iter().all(|&s| setup.piece_on(s).is_none()));
    assert_eq!(setup.side_to_move(), Color::White);
    assert_eq!(setup.castling_rights(), CastlingRights::empty());
    assert_eq!(setup.en_passant(), None);
    assert_eq!(setup.halfmove_clock(), 0);
    assert_eq!(setup.fullmove_number(), 1);
    assert!(!setup.is_chess960());
    assert_eq!(setup.to_string(), "8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        problems(&setup),
        [
            Problem::MissingKing {
                color: Color::White
            },
            Problem::MissingKing {
                color: Color::Black
            },
        ]
    );
}

#[test]
fn put_and_remove_return_what_was_there() {
    let mut setup = Setup::empty();
    let knight = white(PieceKind::Knight);
    assert_eq!(setup.put(Square::C3, knight), None);
    assert_eq!(setup.piece_on(Square::C3), Some(knight));
    let queen = Piece::new(Color::Black, PieceKind::Queen);
    assert_eq!(setup.put(Square::C3, queen), Some(knight));
    assert_eq!(setup.remove(Square::C3), Some(queen));
    assert_eq!(setup.remove(Square::C3), None);
    assert_eq!(setup.piece_on(Square::C3), None);
    // The virgin bit is not kept: castling rights say which rooks may castle.
    let rook = white(PieceKind::Rook);
    setup.put(Square::A1, rook.with_virgin());
    assert_eq!(setup.piece_on(Square::A1), Some(rook));
}

#[test]
fn fields_are_set_and_read_back() {
    let mut setup = setup_with("Ke1 Ra1 Rh1 ke8 ra8 rh8 pd5 Pe5");
    setup.set_side_to_move(Color::White);
    setup.set_castling_rights(CastlingRights::WHITE_KINGSIDE | CastlingRights::BLACK_QUEENSIDE);
    assert_eq!(
        setup.castling_rook_file(Color::White, CastlingSide::KingSide),
        Some(File::H)
    );
    assert_eq!(
        setup.castling_rook_file(Color::Black, CastlingSide::QueenSide),
        Some(File::A)
    );
    assert_eq!(
        setup.castling_rook_file(Color::White, CastlingSide::QueenSide),
        None
    );
    setup.set_en_passant(Some(Square::D6));
    setup.set_halfmove_clock(0);
    setup.set_fullmove_number(30);
    let board = setup.validate().unwrap();
    assert_eq!(
        board.fen().to_string(),
        "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 30"
    );
    assert_eq!(board, Board0x88::from_fen(&setup.to_string()).unwrap());
    assert_eq!(board.to_setup(), setup);
    assert_eq!(Setup::from(board), setup);
    setup.set_castling(Color::White, CastlingSide::KingSide, None);
    assert_eq!(setup.castling_rights(), CastlingRights::BLACK_QUEENSIDE);
    assert_eq!(
        format!("{setup:?}"),
        "Setup(\"r3k2r/8/8/3pP3/8/8/8/R3K2R w q d6 0 30\")"
    );
}

#[test]
fn each_problem_alone() {
    let kings = "Ke1 ke8";
    let cases: Vec<(Setup, Problem)> = vec![
        (
            setup_with("ke8"),
            Problem::MissingKing {
                color: Color::White,
            },
        ),
        (
            setup_with("Ke1 ke8 kd8"),
            Problem::TooManyKings {
                color: Color::Black,
            },
        ),
        (
            setup_with(&format!(
                "{kings} Na3 Nb3 Nc3 Nd3 Ne3 Nf3 Ng3 Nh3 Na4 Nb4 Nc4 Nd4 Ne4 Nf4 Ng4 Nh4"
            )),
            Problem::TooManyPieces {
                color: Color::White,
            },
        ),
        (
            setup_with(&format!("{kings} pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7 qa6 qb6")),
            Problem::ImpossibleMaterial {
                color: Color::Black,
            },
        ),
        (
            setup_with(&format!("{kings} Pa8 ph1 pb1")),
            Problem::PawnsOnBackRank {
                squares: [sq("a8"), sq("h1"), sq("b1")].into_iter().collect(),
            },
        ),
        (
            {
                let mut s = setup_with(&format!("{kings} Rh1"));
                s.set_castling_rights(CastlingRights::WHITE_QUEENSIDE);
                s
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::QueenSide,
            },
        ),
        (
            {
                // Standard chess castles with the corner rook only.
                let mut s = setup_with(&format!("{kings} Rg1"));
                s.set_castling(Color::White, CastlingSide::KingSide, Some(File::G));
                s
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::KingSide,
            },
        ),
        (
            {
                // In Chess960 the rook must stand on the side it castles to.
                let mut s = setup_with("Kd1 Rb1 kd8");
                s.set_chess960(true);
                s.set_castling(Color::White, CastlingSide::KingSide, Some(File::B));
                s
            },
            Problem::CastlingWithoutKingAndRook {
                color: Color::White,
                side: CastlingSide::KingSide,
            },
        ),
        (
            {
                let mut s = setup_with(&format!("{kings} pd4"));
                s.set_en_passant(Some(sq("d5")));
                s
            },
            Problem::EnPassantWrongRank { square: sq("d5") },
        ),
        (
            {
                let mut s = setup_with(kings);
                s.set_en_passant(Some(sq("d6")));
                s
            },
            Problem::EnPassantWithoutPawn { square: sq("d6") },
        ),
        (
            setup_with(&format!("{kings} Re5")),
            Problem::OpponentInCheck,
        ),
        (
            {
                let mut s = setup_with(&format!("{kings} Nd6 Nf6"));
                s.set_side_to_move(Color::Black);
                s
            },
            Problem::ImpossibleCheck,
        ),
        (
            {
                let mut s = setup_with(kings);
                s.set_fullmove_number(0);
                s
            },
            Problem::FullmoveNumberZero,
        ),
    ];
    for (setup, problem) in cases {
        assert_eq!(problems(&setup), [problem], "{setup:?}");
        let error = setup.validate().unwrap_err();
        assert!(error.contains(problem));
        assert_eq!(error.to_string(), problem.to_string());
        assert!(!problem.to_string().is_empty());
    }
}

#[test]
fn the_example_of_the_issue_reports_all_three_problems() {
    // No white king, a pawn on h8, an impossible en passant square.
    let mut setup = setup_with("ke8 Ph8");
    setup.set_en_passant(Some(sq("c6")));
    assert_eq!(
        problems(&setup),
        [
            Problem::MissingKing {
                color: Color::White
            },
            Problem::PawnsOnBackRank {
                squares: SquareSet::from(sq("h8"))
            },
            Problem::EnPassantWithoutPawn { square: sq("c6") },
        ]
    );
    let text = setup.validate().unwrap_err().to_string();
    assert_eq!(
        text,
        "white has no king; a pawn on the first or last rank: h8; \
         en passant square c6: no pawn can just have stepped over it"
    );
}

#[test]
fn every_kind_of_problem_is_reported_together() {
    // White: no king, 17 pieces. Black: two kings, nine pawns. A pawn on a1, all four rights
    // without rooks, an en passant square on the wrong rank, full move 0.
    let mut setup = setup_with(
        "Pa1 Nb1 Nc1 Nd1 Ne1 Nf1 Ng1 Nh1 Na2 Nb2 Nc2 Nd2 Ne2 Nf2 Ng2 Nh2 Na3 \
         kd8 ke8 pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7 pa6",
    );
    setup.set_castling_rights(CastlingRights::all());
    setup.set_en_passant(Some(sq("e4")));
    setup.set_fullmove_number(0);
    let found = problems(&setup);
    let castling = |color, side| Problem::CastlingWithoutKingAndRook { color, side };
    assert_eq!(
        found,
        [
            Problem::MissingKing {
                color: Color::White
            },
            Problem::TooManyKings {
                color: Color::Black
            },
            Problem::TooManyPieces {
                color: Color::White
            },
            Problem::ImpossibleMaterial {
                color: Color::Black
            },
            Problem::PawnsOnBackRank {
                squares: SquareSet::from(sq("a1"))
            },
            castling(Color::White, CastlingSide::KingSide),
            castling(Color::White, CastlingSide::QueenSide),
            castling(Color::Black, CastlingSide::KingSide),
            castling(Color::Black, CastlingSide::QueenSide),
            Problem::EnPassantWrongRank { square: sq("e4") },
            Problem::FullmoveNumberZero,
        ]
    );
    let error = setup.validate().unwrap_err();
    assert_eq!(error.problems().len(), found.len());
    assert_eq!(error.to_string().matches("; ").count(), found.len() - 1);
    assert!(format!("{error:?}").starts_with("SetupError([MissingKing"));
}

#[test]
fn both_check_problems_are_reported_together() {
    // Black to move in a triple check, and the white king is in check too.
    let mut setup = setup_with("Ke1 ke8 Re5 Nd6 Nf6 re2");
    setup.set_side_to_move(Color::Black);
    assert_eq!(
        problems(&setup),
        [Problem::OpponentInCheck, Problem::ImpossibleCheck]
    );
    assert_eq!(
        setup
            .validate_lenient()
            .unwrap_err()
            .problems()
            .collect::<Vec<_>>(),
        [Problem::OpponentInCheck]
    );
}

#[test]
fn checks_are_not_looked_at_without_one_king_a_side() {
    // A rook attacks where black's king would be, but black has none: only that is reported.
    let setup = setup_with("Ke1 Re5 Re6");
    assert_eq!(
        problems(&setup),
        [Problem::MissingKing {
            color: Color::Black
        }]
    );
    let setup = setup_with("Ke1 Kd1 ke8 Re5");
    assert_eq!(
        problems(&setup),
        [Problem::TooManyKings {
            color: Color::White
        }]
    );
}

#[test]
fn lenient_accepts_exactly_what_fen_lenient_accepts() {
    let mut setup = setup_with("Ke1 ke8 pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7 qa6 qb6 Nd6 Nf6");
    setup.set_side_to_move(Color::Black);
    assert_eq!(
        problems(&setup),
        [
            Problem::ImpossibleMaterial {
                color: Color::Black
            },
            Problem::ImpossibleCheck
        ]
    );
    let board = setup.validate_lenient().unwrap();
    assert_eq!(
        board,
        Board0x88::from_fen_lenient(&setup.to_string()).unwrap()
    );
    assert_eq!(board.to_setup(), setup);
}

#[test]
fn chess960_castling_names_the_rook_file() {
    let mut setup = setup_with("Kb1 Ra1 Rc1 kb8 ra8 rc8");
    setup.set_chess960(true);
    setup.set_castling(Color::White, CastlingSide::KingSide, Some(File::C));
    setup.set_castling(Color::White, CastlingSide::QueenSide, Some(File::A));
    setup.set_castling(Color::Black, CastlingSide::KingSide, Some(File::C));
    let board = setup.validate().unwrap();
    assert_eq!(board.fen().to_string(), "rkr5/8/8/8/8/8/8/RKR5 w CAc - 0 1");
    assert_eq!(
        board.castling_rook(Color::White, CastlingSide::KingSide),
        Some(sq("c1"))
    );
    assert_eq!(board.to_setup(), setup);
    // The same rights in standard chess: the king is not on the e-file.
    setup.set_chess960(false);
    assert_eq!(problems(&setup).len(), 3);
}

/// Every position of a perft suite, read leniently (one standard line has an impossible check).
fn suite_boards(
    text: &'static str,
    chess960: bool,
) -> impl Iterator<Item = (&'static str, Board0x88)> {
    text.lines().map(move |line| {
        let (fen, _) = common::parse_epd_line(line);
        let options = FenOptions {
            chess960,
            lenient: true,
        };
        (fen, Board0x88::from_fen_with(fen, options).unwrap())
    })
}

#[test]
fn suite_positions_round_trip_through_setup() {
    let mut count = 0;
    for (suite, chess960) in [(STANDARD, false), (CHESS960, true)] {
        for (fen, board) in suite_boards(suite, chess960) {
            let setup = board.to_setup();
            assert_eq!(setup.to_string(), fen);
            assert_eq!(setup.is_chess960(), chess960);
            assert_eq!(setup.validate_lenient(), Ok(board), "{fen}");
            assert_eq!(setup.validate_lenient().unwrap().to_setup(), setup);
            let strict = Board0x88::from_fen_with(
                fen,
                FenOptions {
                    chess960,
                    lenient: false,
                },
            );
            let expected: Result<Board0x88, SetupError> = match strict {
                Ok(board) => Ok(board),
                Err(x88::FenError::InvalidPosition(error)) => Err(error),
                Err(other) => panic!("{fen}: {other}"),
            };
            assert_eq!(setup.validate(), expected, "{fen}");
            count += 1;
        }
    }
    assert_eq!(count, 231);
}

/// A random setup: a few random pieces on random squares (kings most of the time), random
/// side, castling rook files, en passant square, clocks and variant.
fn random_setup() -> impl Strategy<Value = Setup> {
    let pieces = prop::collection::vec(
        (
            0..64usize,
            prop::sample::select("PNBRQKpnbrqk".chars().collect::<Vec<_>>()),
        ),
        0..12,
    );
    let kings = (
        prop::option::weighted(0.9, 0..64usize),
        prop::option::weighted(0.9, 0..64usize),
    );
    let file = prop::option::weighted(0.1, 0..8u8);
    (
        pieces,
        kings,
        [file.clone(), file.clone(), file.clone(), file],
        prop::option::weighted(0.2, prop_oneof![16..24usize, 40..48usize]),
        any::<bool>(),
        any::<bool>(),
        any::<u16>(),
        prop_oneof![Just(0u16), 1..400u16],
    )
        .prop_map(
            |(pieces, (white_king, black_king), files, ep, black, chess960, half, full)| {
                let mut setup = Setup::empty();
                for (index, letter) in pieces {
                    setup.put(Square::from_index(index).unwrap(), piece(letter));
                }
                if let Some(index) = white_king {
                    setup.put(Square::from_index(index).unwrap(), piece('K'));
                }
                if let Some(index) = black_king {
                    setup.put(Square::from_index(index).unwrap(), piece('k'));
                }
                let rights = [
                    (Color::White, CastlingSide::KingSide),
                    (Color::White, CastlingSide::QueenSide),
                    (Color::Black, CastlingSide::KingSide),
                    (Color::Black, CastlingSide::QueenSide),
                ];
                for ((color, side), file) in rights.into_iter().zip(files) {
                    setup.set_castling(
                        color,
                        side,
                        file.and_then(|f: u8| File::new(usize::from(f))),
                    );
                }
                setup.set_en_passant(ep.and_then(Square::from_index));
                setup.set_side_to_move(if black { Color::Black } else { Color::White });
                setup.set_chess960(chess960);
                setup.set_halfmove_clock(half);
                setup.set_fullmove_number(full);
                setup
            },
        )
}

/// Back-rank setups with castling rights, so that valid castling comes up often.
fn castling_setup() -> impl Strategy<Value = Setup> {
    (0..8u8, 0..8u8, 0..8u8, any::<[bool; 4]>(), any::<bool>()).prop_map(
        |(king, rook_a, rook_b, granted, chess960)| {
            let file = |i: u8| File::new(usize::from(i)).unwrap();
            let mut setup = Setup::empty();
            setup.set_chess960(chess960);
            for (color, rank) in [(Color::White, 0u8), (Color::Black, 7u8)] {
                let at = |f: u8| Square::from_index(usize::from(rank * 8 + f)).unwrap();
                setup.put(at(rook_a), Piece::new(color, PieceKind::Rook));
                setup.put(at(rook_b), Piece::new(color, PieceKind::Rook));
                setup.put(at(king), Piece::new(color, PieceKind::King));
            }
            for (i, (color, side)) in [
                (Color::White, CastlingSide::KingSide),
                (Color::White, CastlingSide::QueenSide),
                (Color::Black, CastlingSide::KingSide),
                (Color::Black, CastlingSide::QueenSide),
            ]
            .into_iter()
            .enumerate()
            {
                if granted[i] {
                    let rook = match side {
                        CastlingSide::KingSide => rook_a.max(rook_b),
                        CastlingSide::QueenSide => rook_a.min(rook_b),
                    };
                    setup.set_castling(color, side, Some(file(rook)));
                }
            }
            setup
        },
    )
}

/// What must hold for any setup: validation returns (strict and lenient), and an accepted
/// setup is the board's setup, prints a FEN that parses back to the board, and the strict
/// rules refuse at least what the lenient ones do.
fn check_setup(setup: &Setup) -> Result<(), TestCaseError> {
    let strict = setup.validate();
    let lenient = setup.validate_lenient();
    let _ = (setup.to_string(), format!("{setup:?}"));
    for (result, lenient_mode) in [(&strict, false), (&lenient, true)] {
        match result {
            Ok(board) => {
                prop_assert_eq!(board.to_setup(), *setup);
                let options = FenOptions {
                    chess960: setup.is_chess960(),
                    lenient: lenient_mode,
                };
                let fen = board.fen().to_string();
                prop_assert_eq!(fen.clone(), setup.to_string());
                prop_assert_eq!(
                    Board0x88::from_fen_with(&fen, options),
                    Ok(*board),
                    "{}",
                    fen
                );
                prop_assert_eq!(board.hash(), board.compute_hash());
            }
            Err(error) => {
                prop_assert!(error.problems().len() > 0);
                prop_assert!(error.problems().all(|p| error.contains(p)));
                prop_assert!(!error.to_string().is_empty());
            }
        }
    }
    match (&strict, &lenient) {
        (Ok(s), Ok(l)) => prop_assert_eq!(s, l),
        (Ok(_), Err(e)) => prop_assert!(false, "strict accepted what lenient refused: {}", e),
        (Err(s), Err(l)) => prop_assert!(l.problems().all(|p| s.contains(p))),
        (Err(_), Ok(_)) => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_setups_never_panic_and_valid_ones_round_trip(setup in random_setup()) {
        check_setup(&setup)?;
    }

    #[test]
    fn castling_setups_never_panic_and_valid_ones_round_trip(setup in castling_setup()) {
        check_setup(&setup)?;
    }

    #[test]
    fn positions_of_the_suites_edited_still_validate_consistently(
        line in 0..231usize,
        square in 0..64usize,
        letter in prop::option::of(prop::sample::select("PNBRQKpnbrqk".chars().collect::<Vec<_>>())),
    ) {
        let (_, board) = suite_boards(STANDARD, false)
            .chain(suite_boards(CHESS960, true))
            .nth(line)
            .unwrap();
        let mut setup = board.to_setup();
        let square = Square::from_index(square).unwrap();
        match letter {
            Some(letter) => setup.put(square, piece(letter)),
            None => setup.remove(square),
        };
        check_setup(&setup)?;
    }
}

#[test]
fn a_refused_fen_can_be_read_as_a_setup_and_mended() {
    let fen = "4k2P/8/8/8/8/8/8/8 w k e4 0 1";
    let mut setup = Setup::from_fen_with(fen, FenOptions::default()).unwrap();
    assert_eq!(setup.to_string(), fen);
    let Err(x88::FenError::InvalidPosition(error)) = Board0x88::from_fen(fen) else {
        panic!("{fen} must be an invalid position");
    };
    assert_eq!(setup.validate(), Err(error));
    setup.remove(sq("h8"));
    setup.put(sq("e1"), piece('K'));
    setup.set_castling(Color::Black, CastlingSide::KingSide, None);
    setup.set_en_passant(None);
    assert_eq!(
        setup.validate().unwrap().fen().to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    // Malformed fields are still errors.
    assert_eq!(
        Setup::from_fen_with("4k3/8/8/8/8/8/8/4K3 w - - 0 0", FenOptions::default()),
        Err(x88::FenError::BadFullmoveNumber)
    );
    assert_eq!(
        Setup::from_fen_with("4k3/8/8/8/8/8/8/4K3 w - -", FenOptions::default()),
        Err(x88::FenError::WrongFieldCount { found: 4 })
    );
    let lenient = FenOptions {
        lenient: true,
        ..FenOptions::default()
    };
    assert_eq!(
        Setup::from_fen_with("4k3/8/8/8/8/8/8/4K3 w - -", lenient)
            .unwrap()
            .fullmove_number(),
        1
    );
}
