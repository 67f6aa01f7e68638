//! Differential tests against cozy-chess: along random playouts the two libraries have the same
//! legal moves at every ply (also after the position goes through x88's printed FEN) and the
//! same FEN fields, and perft agrees at the end of each playout, on random positions that both
//! libraries accept, and on positions with an en passant square.

use cozy_chess::{Board as CozyBoard, File as CozyFile, Move as CozyMove, Piece as CozyPiece};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use x88::{Board0x88, perft};

use crate::common;

/// A cozy-chess move in standard UCI: cozy-chess writes castling as the king taking its rook.
fn cozy_uci(board: &CozyBoard, mv: CozyMove) -> String {
    let castles = board.piece_on(mv.from) == Some(CozyPiece::King)
        && board.color_on(mv.to) == Some(board.side_to_move());
    if castles {
        let file = if mv.to.file() > mv.from.file() {
            CozyFile::G
        } else {
            CozyFile::C
        };
        let to = cozy_chess::Square::new(file, mv.from.rank());
        return format!("{}{}", mv.from, to);
    }
    mv.to_string()
}

/// cozy-chess's legal moves, by their standard UCI text.
fn cozy_moves(board: &CozyBoard) -> BTreeMap<String, CozyMove> {
    let mut moves = BTreeMap::new();
    board.generate_moves(|piece_moves| {
        for mv in piece_moves {
            moves.insert(cozy_uci(board, mv), mv);
        }
        false
    });
    moves
}

fn x88_moves(board: &Board0x88) -> BTreeSet<String> {
    board.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// The FEN fields but the en passant square (cozy-chess writes it after every double push,
/// x88 only when an en passant capture is legal).
fn fields_but_en_passant(fen: &str) -> Vec<String> {
    fen.split(' ')
        .enumerate()
        .filter(|&(i, _)| i != 3)
        .map(|(_, field)| field.to_string())
        .collect()
}

/// Plays `choices` (index modulo the number of legal moves) from `fen` on both boards, checking
/// the moves and FENs at every ply, then compares perft(3) at the end.
fn playout(fen: &str, choices: &[usize]) -> Result<(), TestCaseError> {
    let mut ours = Board0x88::from_fen(fen).expect("x88 parses the start FEN");
    let mut theirs = CozyBoard::from_fen(fen, false).expect("cozy-chess parses the start FEN");
    let mut choices = choices.iter();
    loop {
        let printed = ours.fen().to_string();
        let moves = x88_moves(&ours);
        let cozy = cozy_moves(&theirs);
        let cozy_set: BTreeSet<String> = cozy.keys().cloned().collect();
        prop_assert_eq!(&moves, &cozy_set, "legal moves in {}", printed);

        let reparsed = CozyBoard::from_fen(&printed, false);
        prop_assert!(reparsed.is_ok(), "cozy-chess rejects x88's FEN {}", printed);
        let reparsed_set: BTreeSet<String> =
            cozy_moves(&reparsed.unwrap()).keys().cloned().collect();
        prop_assert_eq!(
            &moves,
            &reparsed_set,
            "legal moves after reparsing {}",
            printed
        );
        prop_assert_eq!(
            fields_but_en_passant(&printed),
            fields_but_en_passant(&theirs.to_string()),
            "FEN fields"
        );

        let Some(&choice) = choices.next() else {
            break;
        };
        let list = ours.legal_moves();
        if list.is_empty() {
            break;
        }
        let mv = list[choice % list.len()];
        let _ = ours.make_move(mv);
        theirs.play_unchecked(cozy[&mv.to_string()]);
    }
    let fen = ours.fen().to_string();
    prop_assert_eq!(
        perft(&mut ours, 3),
        common::cozy_perft(&theirs, 3),
        "perft 3 of {}",
        fen
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_playouts_agree_with_cozy_chess(
        choices in prop::collection::vec(any::<usize>(), 0..=60)
    ) {
        for fen in common::START_FENS {
            playout(fen, &choices)?;
        }
    }
}

/// A FEN of random pieces around the two kings, which may stand at home with their rooks so
/// that castling rights can be valid, and a random en passant field. Many are refused by one
/// library or the other; the ones both accept are compared.
fn random_position() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        7 => Just(None),
        1 => prop::sample::select(vec!['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q']).prop_map(Some),
    ];
    let castling = prop_oneof![
        Just("-"),
        prop::sample::select(vec!["KQkq", "K", "Q", "k", "q", "Kq", "Qk"]),
    ];
    let files = "abcdefgh";
    let ep = prop_oneof![
        Just("-".to_string()),
        (0..8usize, any::<bool>()).prop_map(move |(f, third)| format!(
            "{}{}",
            &files[f..=f],
            if third { 3 } else { 6 }
        )),
    ];
    (
        prop::collection::vec(cell, 64),
        any::<bool>(),
        any::<bool>(),
        (0..64usize, 0..64usize),
        any::<bool>(),
        castling,
        ep,
    )
        .prop_map(
            |(mut cells, white_home, black_home, (wk, bk), white, castling, ep)| {
                for (home, base, king, rook) in
                    [(white_home, 0, 'K', 'R'), (black_home, 56, 'k', 'r')]
                {
                    if home {
                        for file in 0..8 {
                            cells[base + file] = None;
                        }
                        cells[base + 4] = Some(king);
                        cells[base] = Some(rook);
                        cells[base + 7] = Some(rook);
                    }
                }
                if !white_home {
                    cells[wk] = Some('K');
                }
                if !black_home && cells[bk] != Some('K') {
                    cells[bk] = Some('k');
                }
                let ranks = common::placement(&cells);
                let side = if white { 'w' } else { 'b' };
                format!("{} {side} {castling} {ep} 0 1", ranks)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn random_positions_agree_with_cozy_chess(fen in random_position()) {
        if let (Ok(mut ours), Ok(theirs)) =
            (Board0x88::from_fen_lenient(&fen), CozyBoard::from_fen(&fen, false))
        {
            let cozy_set: BTreeSet<String> = cozy_moves(&theirs).keys().cloned().collect();
            prop_assert_eq!(x88_moves(&ours), cozy_set, "legal moves in {}", fen);
            prop_assert_eq!(perft(&mut ours, 2), common::cozy_perft(&theirs, 2), "perft 2 of {}", fen);
        }
    }
}

#[test]
fn perft_of_en_passant_positions_agrees_with_cozy_chess() {
    let cases = [
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            4,
        ),
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
            4,
        ),
        (
            "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            4,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1",
            3,
        ),
        ("r3k2r/8/8/8/3pPp2/8/8/R3K1RR b KQkq e3 0 1", 4),
        ("8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1", 4),
        ("8/2p5/3p4/KP5r/1R3pPk/8/4P3/8 b - g3 0 1", 4),
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 4),
        ("8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1", 4),
        ("4k3/8/p1n5/Pp6/K7/7r/8/8 w - b6 0 2", 4),
        ("2b1k3/8/8/3pPK2/8/8/8/8 w - d6 0 2", 4),
    ];
    for (fen, depth) in cases {
        let mut ours = Board0x88::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(ours.en_passant().is_some(), "{fen}");
        let theirs = CozyBoard::from_fen(fen, false)
            .unwrap_or_else(|e| panic!("cozy-chess rejects {fen}: {e:?}"));
        for d in 1..=depth {
            assert_eq!(
                perft(&mut ours, d),
                common::cozy_perft(&theirs, d),
                "{fen} depth {d}"
            );
        }
    }
}
