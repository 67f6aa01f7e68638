//! Hostile input: no public parser or generator panics. Arbitrary strings go into every FEN
//! loader, into `parse_uci` and `parse_san` on a few boards, and into `Square`'s `FromStr`;
//! arbitrary positions (random placements written as FEN text with random side, castling, en
//! passant and clock fields) go through each loader, and every board that loads is queried
//! every way there is: moves, captures, checkers, pins, SAN and UCI of each move, make/unmake of
//! each move, perft(2). `Board0x88::chess960` is called with every `u16`.

use proptest::prelude::*;
use std::collections::BTreeSet;
use x88::{
    Board0x88, CastlingNotation, CastlingRights, CastlingSide, Color, FenOptions, Move, MoveError,
    Square, perft,
};

use crate::common;

const OPTIONS: [FenOptions; 4] = [
    FenOptions {
        chess960: false,
        lenient: false,
    },
    FenOptions {
        chess960: false,
        lenient: true,
    },
    FenOptions {
        chess960: true,
        lenient: false,
    },
    FenOptions {
        chess960: true,
        lenient: true,
    },
];

/// Boards to try move text on: the start, Kiwipete, promotions, en passant, Chess960, a mate,
/// a stalemate, and a lenient position with many queens.
fn boards() -> Vec<Board0x88> {
    let mut boards: Vec<Board0x88> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ]
    .iter()
    .map(|fen| Board0x88::from_fen(fen).unwrap())
    .collect();
    boards.push(Board0x88::chess960(0).unwrap());
    boards.push(Board0x88::from_fen_chess960("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1").unwrap());
    boards
        .push(Board0x88::from_fen_lenient("6rk/6pp/8/QQQQQQQ1/QQQQQQQQ/8/8/K7 w - - 0 1").unwrap());
    boards
}

/// Every text parser on `text`: it may refuse, but not panic, and what it accepts is legal.
fn parse_everything(text: &str, boards: &[Board0x88]) -> Result<(), TestCaseError> {
    for options in OPTIONS {
        if let Ok(board) = Board0x88::from_fen_with(text, options) {
            prop_assert_eq!(board.is_chess960(), options.chess960);
            query_everything(&board, options)?;
        }
    }
    let _ = Board0x88::from_fen(text);
    let _ = Board0x88::from_fen_lenient(text);
    let _ = Board0x88::from_fen_chess960(text);
    let _ = text.parse::<Board0x88>();
    let _ = text.parse::<Square>();
    for board in boards {
        for result in [board.parse_uci(text), board.parse_san(text)] {
            match result {
                Ok(mv) => prop_assert!(board.is_legal(mv), "{:?} from {:?} in {}", mv, text, board),
                Err(e) => {
                    prop_assert!(matches!(
                        e,
                        MoveError::Unparsable | MoveError::Illegal | MoveError::Ambiguous
                    ));
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }
    Ok(())
}

/// Calls every query on `board`, loaded with `options`, and checks that they agree.
fn query_everything(board: &Board0x88, options: FenOptions) -> Result<(), TestCaseError> {
    let fen = board.fen().to_string();
    let display = board.to_string();
    prop_assert_eq!(&display, &fen);
    let debug = format!("{board:?}");
    prop_assert!(debug.contains(&fen));
    prop_assert_eq!(
        Board0x88::from_fen_with(&fen, options),
        Ok(*board),
        "the printed FEN does not load back with {:?}",
        options
    );
    prop_assert_eq!(board.hash(), board.compute_hash(), "hash of {}", fen);

    let us = board.side_to_move();
    let king = board.king(us);
    prop_assert!(
        board
            .piece_on(king)
            .is_some_and(|p| p.is_piece(us, x88::PieceKind::King))
    );
    for color in Color::ALL {
        let squares = board.occupied_by(color);
        prop_assert!(!squares.is_empty() && squares.len() <= 16);
        let on_board = Square::ALL
            .into_iter()
            .filter(|&sq| board.color_on(sq) == Some(color))
            .count();
        prop_assert_eq!(board.piece_count(color), on_board, "piece_count in {}", fen);
        for sq in squares {
            prop_assert!(board.color_on(sq) == Some(color), "{} in {}", sq, fen);
        }
        for side in CastlingSide::ALL {
            if let Some(rook) = board.castling_rook(color, side) {
                prop_assert!(
                    board
                        .piece_on(rook)
                        .is_some_and(|p| p.is_piece(color, x88::PieceKind::Rook))
                );
                prop_assert!(
                    board
                        .castling_rights()
                        .contains(CastlingRights::of(color, side))
                );
            }
        }
    }
    let checkers = board.checkers();
    prop_assert_eq!(checkers, board.attackers(king, !us));
    prop_assert_eq!(board.is_check(), !checkers.is_empty());
    prop_assert_eq!(board.is_attacked(king, !us), board.is_check());
    for sq in board.pinned() {
        prop_assert!(board.color_on(sq) == Some(us), "pinned {} in {}", sq, fen);
    }

    let moves = board.legal_moves();
    prop_assert_eq!(board.count_legal_moves(), moves.len() as u64);
    let set: BTreeSet<String> = moves
        .iter()
        .map(|m| m.uci(CastlingNotation::KingTakesRook).to_string())
        .collect();
    prop_assert_eq!(set.len(), moves.len(), "duplicate moves in {}", fen);
    let expected_captures: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            m.is_en_passant()
                || m.is_promotion()
                || (!m.is_castle() && board.piece_on(m.to()).is_some())
        })
        .collect();
    let mut captures = board.noisy_moves().to_vec();
    captures.sort_by_key(|m| m.uci(CastlingNotation::KingTakesRook).to_string());
    let mut expected = expected_captures;
    expected.sort_by_key(|m| m.uci(CastlingNotation::KingTakesRook).to_string());
    prop_assert_eq!(captures, expected, "captures of {}", fen);

    let mut leaves = 0;
    for &mv in &moves {
        let san = board.san(mv).to_string();
        prop_assert_eq!(board.parse_san(&san), Ok(mv), "SAN {} in {}", san, fen);
        let ktr = mv.uci(CastlingNotation::KingTakesRook).to_string();
        prop_assert_eq!(board.parse_uci(&ktr), Ok(mv), "UCI {} in {}", ktr, fen);
        let own = board.uci(mv).to_string();
        prop_assert_eq!(board.parse_uci(&own), Ok(mv), "UCI {} in {}", own, fen);
        let _ = board.parse_uci(&mv.to_string());
        let _ = format!("{mv:?}");

        let mut copy = *board;
        let undo = copy.make_move(mv);
        prop_assert_eq!(
            copy.hash(),
            copy.compute_hash(),
            "hash after {} in {}",
            ktr,
            fen
        );
        prop_assert!(
            !copy.is_attacked(copy.king(us), !us),
            "{} leaves the king in check in {}",
            ktr,
            fen
        );
        leaves += copy.count_legal_moves();
        let _ = copy.fen().to_string();
        copy.unmake_move(mv, undo);
        prop_assert_eq!(copy, *board, "unmake {} in {}", ktr, fen);
        prop_assert_eq!(copy.hash(), board.hash());

        let mut played = *board;
        prop_assert_eq!(played.play(mv), Ok(()));
    }
    let mut copy = *board;
    prop_assert_eq!(perft(&mut copy, 2), leaves, "perft 2 of {}", fen);
    prop_assert_eq!(copy, *board, "perft changed {}", fen);

    // The outcome queries, with a few made-up histories.
    let outcome = board.outcome();
    let no_moves = moves.is_empty();
    prop_assert_eq!(board.is_checkmate(), no_moves && board.is_check());
    prop_assert_eq!(board.is_stalemate(), no_moves && !board.is_check());
    prop_assert!(
        !no_moves || outcome.is_some(),
        "no moves but no outcome in {}",
        fen
    );
    let _ = board.is_insufficient_material();
    let hash = board.hash();
    for history in [
        vec![],
        vec![hash; 1],
        vec![hash; 9],
        vec![hash ^ 1, hash, 0, hash],
    ] {
        prop_assert!(board.repetition_count(&history) >= 1);
        let with_history = board.outcome_with_history(&history);
        prop_assert!(outcome.is_none() || with_history == outcome);
        let _ = board.can_claim_draw(&history);
    }
    prop_assert_eq!(board.outcome_with_history(&[]), outcome);
    #[cfg(feature = "alloc")]
    {
        let mut game = x88::Game::new(*board);
        if let Some(&mv) = moves.first() {
            prop_assert_eq!(game.play(mv), Ok(()));
            let _ = game.outcome();
            let _ = game.can_claim_draw();
            prop_assert_eq!(game.undo(), Some(mv));
            prop_assert_eq!(game.board(), board);
        }
        let _ = game.play_san("O-O");
        let _ = game.play_uci("e1g1");
    }
    Ok(())
}

/// Valid FENs to mutate.
const SEEDS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
];

/// Characters FEN and move text are made of, and a few that they are not.
const ALPHABET: &str = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh09xX=+#!?.O:é\t\n\u{0}";

fn fen_like() -> impl Strategy<Value = String> {
    let chars: Vec<char> = ALPHABET.chars().collect();
    prop::collection::vec(prop::sample::select(chars), 0..90)
        .prop_map(|cs| cs.into_iter().collect())
}

/// A seed FEN with a few characters replaced, inserted or deleted.
fn mutated_fen() -> impl Strategy<Value = String> {
    let chars: Vec<char> = ALPHABET.chars().collect();
    (
        prop::sample::select(SEEDS.to_vec()),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                0..3u8,
                prop::sample::select(chars),
            ),
            1..4,
        ),
    )
        .prop_map(|(seed, edits)| {
            let mut text: Vec<char> = seed.chars().collect();
            for (at, op, c) in edits {
                let i = at.index(text.len() + 1);
                match op {
                    0 if i < text.len() => text[i] = c,
                    1 => text.insert(i, c),
                    _ if i < text.len() => {
                        text.remove(i);
                    }
                    _ => text.push(c),
                }
            }
            text.into_iter().collect()
        })
}

fn move_like() -> impl Strategy<Value = String> {
    let chars: Vec<char> = "abcdefghi123456789NBRQKPOo0x=+#!?-. :epqrnbk"
        .chars()
        .collect();
    prop::collection::vec(prop::sample::select(chars), 0..10)
        .prop_map(|cs| cs.into_iter().collect())
}

/// A random position written as FEN: up to 16 pieces a side around (usually) one king each,
/// sometimes a Chess960 back rank with virgin-looking kings and rooks, and random side,
/// castling, en passant and clock fields (the clocks sometimes left out or malformed).
fn random_position() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        'P', 'P', 'P', 'N', 'B', 'R', 'Q', 'p', 'p', 'p', 'n', 'b', 'r', 'q',
    ]);
    let castling = prop_oneof![
        6 => Just("-".to_string()),
        3 => prop::sample::select(vec!["KQkq", "K", "q", "Kk", "HAha", "KQ", "kq"])
            .prop_map(str::to_string),
        2 => prop::collection::vec(
            prop::sample::select("KQkqABCDEFGHabcdefgh".chars().collect::<Vec<_>>()),
            1..5
        )
        .prop_map(|cs| cs.into_iter().collect()),
    ];
    let file = || (0..8u8).prop_map(|f| (b'a' + f) as char);
    let en_passant = prop_oneof![
        8 => Just("-".to_string()),
        2 => (file(), prop::sample::select(vec!['3', '6'])).prop_map(|(f, r)| format!("{f}{r}")),
        1 => (file(), 1..=8u8).prop_map(|(f, r)| format!("{f}{r}")),
        1 => prop::sample::select(vec!["i3", "e", "-e3", "33", "e3e3"]).prop_map(str::to_string),
    ];
    let clocks = prop_oneof![
        12 => (0..120u32, 1..200u32).prop_map(|(h, f)| format!(" {h} {f}")),
        2 => Just(String::new()),
        1 => prop::sample::select(vec![
            " 0 0",
            " -1 1",
            " +1 1",
            " 65536 1",
            " 0 65535",
            " 65535 65535",
            " x 1",
            " 0",
            " 0 1 2",
        ])
        .prop_map(str::to_string),
    ];
    let side = prop_oneof![20 => Just("w"), 20 => Just("b"), 1 => Just("W"), 1 => Just("-")];
    // A pawn lands on the first or last rank one time in twenty.
    let square = |pawn: bool| {
        if pawn {
            prop_oneof![19 => 8..56usize, 1 => 0..64usize].boxed()
        } else {
            (0..64usize).boxed()
        }
    };
    let placed = piece.prop_flat_map(move |c| (square(c.eq_ignore_ascii_case(&'p')), Just(c)));
    (
        prop::collection::vec(placed, 0..24),
        (0..64usize, 0..64usize, 0..64usize, 0..24u8),
        (0..3u8, 0..960u16),
        side,
        castling,
        en_passant,
        clocks,
    )
        .prop_map(
            |(
                pieces,
                (wk, bk, extra, kings),
                (home, index),
                side,
                castling,
                en_passant,
                clocks,
            )| {
                let mut cells: Vec<Option<char>> = vec![None; 64];
                // Fewer extra pieces around a full start position.
                let extra_pieces = if home == 2 { 6 } else { pieces.len() };
                for (sq, c) in pieces.into_iter().take(extra_pieces) {
                    cells[sq] = Some(c);
                }
                if home > 0 {
                    // The kings and rooks (and, for home == 2, all the pieces) of a Chess960
                    // start position, so that castling rights can be valid.
                    let start = Board0x88::chess960(index).unwrap().fen().to_string();
                    let back = start.split('/').next().unwrap().to_string();
                    for (file, c) in back.chars().enumerate() {
                        if home == 2 || matches!(c, 'k' | 'r') {
                            cells[56 + file] = Some(c);
                            cells[file] = Some(c.to_ascii_uppercase());
                        } else if cells[file].is_some_and(|c| c.eq_ignore_ascii_case(&'p')) {
                            cells[file] = None;
                        }
                    }
                } else {
                    cells[wk] = Some('K');
                    cells[bk] = Some('k');
                }
                // Now and then a king too many or too few.
                match kings {
                    0 => cells[extra] = Some('K'),
                    1 => cells[extra] = None,
                    _ => {}
                }
                let ranks = common::placement(&cells);
                format!("{} {side} {castling} {en_passant}{clocks}", ranks)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        parse_everything(&text, &boards())?;
    }

    #[test]
    fn fen_like_strings_never_panic(text in fen_like()) {
        parse_everything(&text, &boards())?;
    }

    #[test]
    fn mutated_fens_never_panic(text in mutated_fen()) {
        parse_everything(&text, &boards())?;
    }

    #[test]
    fn move_like_strings_never_panic(text in move_like()) {
        parse_everything(&text, &boards())?;
    }

    #[test]
    fn square_text_never_panics(text in "[a-jA-J0-9 ]{0,3}") {
        if let Ok(sq) = text.parse::<Square>() {
            prop_assert_eq!(sq.to_string(), text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    #[test]
    fn arbitrary_positions_never_panic(fen in random_position()) {
        let foreign: Vec<Move> = boards().iter().flat_map(|b| b.legal_moves()).collect();
        for options in OPTIONS {
            let Ok(board) = Board0x88::from_fen_with(&fen, options) else {
                continue;
            };
            query_everything(&board, options)?;
            for &mv in &foreign {
                let mut copy = board;
                let legal = board.is_legal(mv);
                prop_assert_eq!(copy.play(mv).is_ok(), legal);
                if !legal {
                    prop_assert_eq!(copy, board);
                }
            }
        }
        let _ = Board0x88::from_fen(&fen);
        let _ = Board0x88::from_fen_lenient(&fen);
        let _ = Board0x88::from_fen_chess960(&fen);
    }
}

#[test]
fn chess960_takes_any_number() {
    for index in 0..=u16::MAX {
        match Board0x88::chess960(index) {
            Ok(board) => {
                assert!(index < 960);
                assert!(board.legal_moves().len() >= 18);
            }
            Err(e) => {
                assert!(index >= 960);
                assert_eq!(e.index, index);
            }
        }
    }
}

/// Found by `arbitrary_positions_never_panic`: at the largest full-move number, a black move
/// keeps the number at 65535 (it saturates), and taking the move back must give 65535 again.
#[test]
fn make_unmake_at_the_largest_fullmove_number() {
    for fen in [
        "5rkr/8/8/8/8/8/8/5RKR b - - 0 65535",
        "4k3/8/8/8/8/8/8/4K3 b - - 65535 65535",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 65535",
    ] {
        let board = Board0x88::from_fen(fen).unwrap();
        for mv in board.legal_moves() {
            let mut copy = board;
            let undo = copy.make_move(mv);
            copy.unmake_move(mv, undo);
            assert_eq!(copy, board, "make/unmake {mv:?} in {fen}");
        }
        let mut copy = board;
        let _ = perft(&mut copy, 2);
        assert_eq!(copy, board, "perft 2 in {fen}");
    }
}
