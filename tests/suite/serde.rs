//! The `serde` feature: every type's JSON text, round trips of every value (every legal move
//! of the suite positions and their children through `MoveSeed`, every suite board through its
//! FEN), and bad input read as an error, never a panic.
#![cfg(feature = "serde")]

use crate::common;

use proptest::prelude::*;
use serde::de::DeserializeSeed;
use x88::{
    Board0x88, CastlingNotation, CastlingRights, Color, DrawReason, Move, MoveSeed, Outcome, Piece,
    PieceKind, Square,
};

/// The JSON text of `value`.
fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("every value serialises")
}

/// `value` written to JSON and read back.
fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    serde_json::from_str(&json(value)).unwrap_or_else(|e| panic!("{}: {e}", json(value)))
}

/// `text` read as a move of `board` through the seed.
fn read_move(board: &Board0x88, text: &str) -> Result<Move, serde_json::Error> {
    MoveSeed(board).deserialize(&mut serde_json::Deserializer::from_str(text))
}

#[test]
fn squares_are_their_names() {
    assert_eq!(json(&Square::E4), "\"e4\"");
    for sq in Square::ALL {
        assert_eq!(json(&sq), format!("\"{sq}\""));
        assert_eq!(round_trip(&sq), sq);
    }
    for bad in [
        "\"i1\"", "\"a9\"", "\"e\"", "\"\"", "\"e44\"", "4", "null", "[\"e4\"]",
    ] {
        assert!(serde_json::from_str::<Square>(bad).is_err(), "{bad}");
    }
}

#[test]
fn colors_and_kinds_are_words() {
    assert_eq!(json(&Color::White), "\"white\"");
    assert_eq!(json(&Color::Black), "\"black\"");
    assert_eq!(round_trip(&Color::Black), Color::Black);
    assert!(serde_json::from_str::<Color>("\"w\"").is_err());

    let names: Vec<String> = PieceKind::ALL.iter().map(json).collect();
    assert_eq!(
        names,
        [
            "\"pawn\"",
            "\"knight\"",
            "\"bishop\"",
            "\"rook\"",
            "\"queen\"",
            "\"king\""
        ]
    );
    for kind in PieceKind::ALL {
        assert_eq!(round_trip(&kind), kind);
        let letter = format!("\"{}\"", kind.to_char());
        assert_eq!(serde_json::from_str::<PieceKind>(&letter).unwrap(), kind);
        let upper = letter.to_uppercase();
        assert_eq!(serde_json::from_str::<PieceKind>(&upper).unwrap(), kind);
    }
    for bad in ["\"x\"", "\"Knight\"", "\"nn\"", "\"\"", "1"] {
        assert!(serde_json::from_str::<PieceKind>(bad).is_err(), "{bad}");
    }
}

#[test]
fn pieces_are_fen_letters_without_the_virgin_flag() {
    for color in [Color::White, Color::Black] {
        for kind in PieceKind::ALL {
            let piece = Piece::new(color, kind);
            assert_eq!(json(&piece), format!("\"{}\"", piece.to_char()));
            assert_eq!(round_trip(&piece), piece);
        }
    }
    assert_eq!(json(&Piece::new(Color::White, PieceKind::Knight)), "\"N\"");
    // A king and rooks that have not moved carry the virgin flag on the board; the letter
    // reads back as the same piece without it.
    let board = Board0x88::default();
    for sq in [Square::A1, Square::E1, Square::H8] {
        let piece = board.piece_on(sq).unwrap();
        assert!(piece.is_virgin());
        assert_eq!(round_trip(&piece), piece.without_virgin());
    }
    for bad in ["\"x\"", "\"NN\"", "\"\"", "\"1\""] {
        assert!(serde_json::from_str::<Piece>(bad).is_err(), "{bad}");
    }
}

#[test]
fn castling_rights_are_fens_field() {
    assert_eq!(json(&CastlingRights::all()), "\"KQkq\"");
    assert_eq!(json(&CastlingRights::empty()), "\"-\"");
    let some = CastlingRights::WHITE_KINGSIDE | CastlingRights::BLACK_QUEENSIDE;
    assert_eq!(json(&some), "\"Kq\"");
    for bits in 0..16u8 {
        let rights = CastlingRights::from_bits(bits).unwrap();
        assert_eq!(round_trip(&rights), rights);
    }
    // Out of FEN's order, repeated, unknown letters, empty, or a dash with letters.
    for bad in [
        "\"QK\"",
        "\"KK\"",
        "\"KQkqK\"",
        "\"A\"",
        "\"\"",
        "\"-K\"",
        "\"K-\"",
    ] {
        assert!(
            serde_json::from_str::<CastlingRights>(bad).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn outcomes_are_words() {
    let all = [
        (
            Outcome::Decisive {
                winner: Color::White,
            },
            "white-wins",
        ),
        (
            Outcome::Decisive {
                winner: Color::Black,
            },
            "black-wins",
        ),
        (Outcome::Draw(DrawReason::Stalemate), "stalemate"),
        (
            Outcome::Draw(DrawReason::InsufficientMaterial),
            "insufficient-material",
        ),
        (
            Outcome::Draw(DrawReason::SeventyFiveMoves),
            "seventy-five-moves",
        ),
        (
            Outcome::Draw(DrawReason::FivefoldRepetition),
            "fivefold-repetition",
        ),
    ];
    for (outcome, word) in all {
        assert_eq!(json(&outcome), format!("\"{word}\""));
        assert_eq!(round_trip(&outcome), outcome);
    }
    // An outcome a real position gives: fool's mate.
    let mated: Board0x88 = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .unwrap();
    assert_eq!(json(&mated.outcome()), "\"black-wins\"");
    assert!(serde_json::from_str::<Outcome>("\"draw\"").is_err());
}

#[test]
fn every_legal_move_of_the_suites_and_their_children_reads_back_through_the_seed() {
    let mut moves = 0;
    for root in common::all_suite_boards() {
        let children = root.legal_moves().into_iter().map(|mv| {
            let mut child = root;
            child.play_unchecked(mv);
            child
        });
        for board in std::iter::once(root).chain(children) {
            for mv in board.legal_moves() {
                let text = json(&mv);
                let uci = mv.uci(CastlingNotation::KingTakesRook);
                assert_eq!(text, format!("\"{uci}\""));
                assert_eq!(
                    read_move(&board, &text).unwrap(),
                    mv,
                    "{text} in {}",
                    board.fen()
                );
                moves += 1;
            }
        }
    }
    assert!(moves > 100_000, "only {moves} moves checked");
}

#[test]
fn castling_is_written_as_king_takes_rook() {
    let board: Board0x88 = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let castle = board.parse_san("O-O").unwrap();
    assert_eq!(json(&castle), "\"e1h1\"");
    assert_eq!(read_move(&board, "\"e1h1\"").unwrap(), castle);
    // The king's step, as standard UCI writes it, reads as the same move.
    assert_eq!(read_move(&board, "\"e1g1\"").unwrap(), castle);
}

#[test]
fn a_move_not_legal_in_the_position_is_an_error() {
    let board = Board0x88::default();
    assert_eq!(read_move(&board, "\"e2e4\"").unwrap().to_string(), "e2e4");
    for bad in [
        "\"e2e5\"",
        "\"e7e5\"",
        "\"e2\"",
        "\"\"",
        "\"e2e4x\"",
        "42",
        "null",
    ] {
        let error = read_move(&board, bad).unwrap_err();
        assert!(!error.to_string().is_empty(), "{bad}");
    }
    // The error names the text and the position.
    let error = read_move(&board, "\"e2e5\"").unwrap_err().to_string();
    assert!(
        error.contains("e2e5") && error.contains(x88::START_FEN),
        "{error}"
    );
}

#[test]
fn boards_are_their_fen_and_read_back_equal() {
    assert_eq!(
        json(&Board0x88::default()),
        format!("\"{}\"", x88::START_FEN)
    );
    for board in common::all_suite_boards() {
        assert_eq!(json(&board), format!("\"{}\"", board.fen()));
        let back: Board0x88 = round_trip(&board);
        assert_eq!(back, board, "{}", board.fen());
        assert_eq!(back.hash(), board.hash());
        assert_eq!(back.is_chess960(), board.is_chess960());
    }
}

#[test]
fn a_chess960_board_without_castling_rights_reads_back_as_the_standard_board() {
    let fen = "bnrbkqnr/pppppppp/8/8/8/8/PPPPPPPP/BNRBKQNR w - - 0 1";
    let chess960 = Board0x88::from_fen_chess960(fen).unwrap();
    let back: Board0x88 = round_trip(&chess960);
    assert!(!back.is_chess960());
    assert_eq!(back.fen().to_string(), chess960.fen().to_string());
    assert_eq!(
        back.legal_moves().as_slice(),
        chess960.legal_moves().as_slice()
    );
}

#[test]
fn a_bad_fen_is_an_error_that_says_why() {
    for bad in [
        "\"\"",
        "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq\"",
        "\"8/8/8/8/8/8/8/8 w - - 0 1\"",
        "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\"",
        "1",
    ] {
        let error = serde_json::from_str::<Board0x88>(bad)
            .unwrap_err()
            .to_string();
        assert!(!error.is_empty(), "{bad}");
    }
}

#[test]
fn values_inside_a_record() {
    #[derive(serde::Serialize)]
    struct Record {
        position: Board0x88,
        best: Move,
        side: Color,
        rights: CastlingRights,
        outcome: Option<Outcome>,
    }
    let position = Board0x88::default();
    let record = Record {
        best: position.parse_san("e4").unwrap(),
        side: position.side_to_move(),
        rights: position.castling_rights(),
        outcome: position.outcome(),
        position,
    };
    let text = serde_json::to_string(&record).unwrap();
    assert_eq!(
        text,
        format!(
            "{{\"position\":\"{}\",\"best\":\"e2e4\",\"side\":\"white\",\"rights\":\"KQkq\",\"outcome\":null}}",
            x88::START_FEN
        )
    );
    // Reading it back: the board first, then the move against it.
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let board: Board0x88 = serde_json::from_value(value["position"].clone()).unwrap();
    let best = MoveSeed(&board).deserialize(value["best"].clone()).unwrap();
    assert_eq!(best, record.best);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any string at all, as JSON text or as a JSON string, is read as a value or an error.
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,80}") {
        let quoted = serde_json::to_string(&text).unwrap();
        for input in [text.as_str(), quoted.as_str()] {
            let _ = serde_json::from_str::<Board0x88>(input);
            let _ = serde_json::from_str::<Square>(input);
            let _ = serde_json::from_str::<Piece>(input);
            let _ = serde_json::from_str::<PieceKind>(input);
            let _ = serde_json::from_str::<CastlingRights>(input);
            let _ = serde_json::from_str::<Outcome>(input);
            let _ = read_move(&Board0x88::default(), input);
        }
    }

    /// A FEN-like string built from FEN's own characters reads as a board that writes the same
    /// position back, or as an error.
    #[test]
    fn fen_like_text_reads_as_a_board_or_an_error(
        fen in "[pnbrqkPNBRQK1-8/]{1,40} [wb] (-|[KQkqA-Ha-h]{1,4}) (-|[a-h][36]) [0-9]{1,3} [0-9]{1,3}"
    ) {
        let quoted = serde_json::to_string(&fen).unwrap();
        if let Ok(board) = serde_json::from_str::<Board0x88>(&quoted) {
            let again: Board0x88 = round_trip(&board);
            prop_assert_eq!(again, board);
        }
    }
}
