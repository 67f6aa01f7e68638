//! En passant from FEN, move by move: the plain capture, the two-pawn pin along the king's rank
//! (both orders, both colours), the capturing pawn pinned on a diagonal or file, the capture of a
//! checking pawn, the discovered check through the captured pawn's square, the capture that does
//! not answer a check, en passant as the only evasion, and an en passant square that no pawn can
//! use. Perft counts of these positions are compared with cozy-chess.

use std::collections::BTreeSet;
use x88::{Board0x88, perft};

use crate::common;

fn board(fen: &str) -> Board0x88 {
    Board0x88::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// All legal moves, as UCI.
fn legal_of(board: &Board0x88) -> BTreeSet<String> {
    board.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// The legal moves of the piece on `from`, as UCI.
fn moves_of(board: &Board0x88, from: &str) -> BTreeSet<String> {
    legal_of(board)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn legal(fen: &str) -> BTreeSet<String> {
    legal_of(&board(fen))
}

fn moves_from(fen: &str, from: &str) -> BTreeSet<String> {
    moves_of(&board(fen), from)
}

fn ep_moves(fen: &str) -> Vec<String> {
    board(fen)
        .legal_moves()
        .iter()
        .filter(|m| m.is_en_passant())
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn plain_capture_is_legal_for_both_colours() {
    let white = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(moves_from(white, "e5"), set(&["e5e6", "e5d6"]));
    assert_eq!(ep_moves(white), ["e5d6"]);
    let black = "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1";
    assert_eq!(moves_from(black, "e4"), set(&["e4e3", "e4d3"]));
    assert_eq!(ep_moves(black), ["e4d3"]);
}

#[test]
fn pawns_on_both_sides_can_capture() {
    let fen = "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2";
    let ep: BTreeSet<String> = ep_moves(fen).into_iter().collect();
    assert_eq!(ep, set(&["c5d6", "e5d6"]));
}

#[test]
fn capture_removes_the_passed_pawn_and_unmake_restores_it() {
    let mut b = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let before = b;
    let mv = b
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "e5d6")
        .unwrap();
    let undo = b.make_move(mv);
    assert_eq!(b.fen().to_string(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    assert_eq!(b.hash(), b.compute_hash());
    b.unmake_move(mv, undo);
    assert_eq!(b, before);
    assert_eq!(b.hash(), before.hash());
}

#[test]
fn double_push_beside_an_enemy_pawn_allows_the_capture() {
    let mut b = board("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    let mv = b
        .legal_moves()
        .into_iter()
        .find(|m| m.to_string() == "d7d5")
        .unwrap();
    let _ = b.make_move(mv);
    assert_eq!(b.en_passant(), Some("d6".parse().unwrap()));
    assert!(b.legal_moves().iter().any(|m| m.to_string() == "e5d6"));
}

#[test]
fn rank_pin_of_both_pawns_forbids_the_capture() {
    // Each: the FEN and the only legal move of the pawn that could capture en passant. The
    // capturing pawn stands on either side of the captured one, the slider on either side of
    // the king, both colours, rook or queen.
    let cases = [
        ("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2", "e5", "e5e6"),
        ("4k3/8/8/K2Pp2r/8/8/8/8 w - e6 0 2", "d5", "d5d6"),
        ("4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 2", "e5", "e5e6"),
        ("4k3/8/8/q2Pp2K/8/8/8/8 w - e6 0 2", "d5", "d5d6"),
        ("8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1", "e4", "e4e3"),
        ("8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1", "d4", "d4d3"),
        ("8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1", "f4", "f4f3"),
    ];
    for (fen, from, only) in cases {
        assert_eq!(moves_from(fen, from), set(&[only]), "{fen}");
        assert!(ep_moves(fen).is_empty(), "{fen}");
    }
}

#[test]
fn capturing_pawn_pinned_on_a_diagonal_cannot_leave_it() {
    // King b2, bishop h8: the pawn on e5 is pinned on the long diagonal; e5xd6 leaves it.
    let fen = "4k2b/8/8/3pP3/8/8/1K6/8 w - d6 0 2";
    assert_eq!(moves_from(fen, "e5"), set(&[]));
}

#[test]
fn capturing_pawn_pinned_on_a_diagonal_may_capture_along_it() {
    // e5xf6 stays on the b2-h8 diagonal, towards the pinning bishop.
    let fen = "4k2b/8/8/4Pp2/8/8/1K6/8 w - f6 0 2";
    assert_eq!(moves_from(fen, "e5"), set(&["e5f6"]));
}

#[test]
fn capturing_pawn_pinned_on_its_file_cannot_capture() {
    let fen = "4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(moves_from(fen, "e5"), set(&["e5e6"]));
}

#[test]
fn capturing_the_checking_pawn_en_passant_is_legal() {
    // d7-d5 gave check to the king on e4; e5xd6 takes the checker.
    let white = "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2";
    assert_eq!(
        legal(white),
        set(&[
            "e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4d5", "e4f5", "e5d6"
        ])
    );
    let black = "8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1";
    assert_eq!(
        legal(black),
        set(&[
            "e5d6", "e5e6", "e5f6", "e5d5", "e5f5", "e5f4", "e5d4", "e4d3"
        ])
    );
}

#[test]
fn capture_that_opens_a_diagonal_through_the_captured_pawn_is_illegal() {
    // Removing the pawn on d5 (d4) opens the bishop's diagonal to the king. No game reaches
    // these positions (before the double step the bishop gave check with the wrong side to
    // move), so they are loaded leniently: the move rules are still well defined.
    let white = Board0x88::from_fen_lenient("b3k3/8/8/3pP3/8/8/8/7K w - d6 0 2").unwrap();
    assert_eq!(moves_of(&white, "e5"), set(&["e5e6"]));
    let black = Board0x88::from_fen_lenient("7k/8/8/8/3Pp3/8/8/B3K3 b - d3 0 1").unwrap();
    assert_eq!(moves_of(&black, "e4"), set(&["e4e3"]));
}

#[test]
fn capture_that_does_not_answer_a_discovered_check_is_illegal() {
    // d7-d5 uncovered the bishop on c8 against the king on f5: e5-e6 blocks, e5xd6 does not.
    let fen = "2b1k3/8/8/3pPK2/8/8/8/8 w - d6 0 2";
    assert!(board(fen).is_check());
    assert_eq!(moves_from(fen, "e5"), set(&["e5e6"]));
}

#[test]
fn en_passant_as_the_only_evasion() {
    // b7-b5 checks the king on a4, whose every flight square is covered.
    let fen = "4k3/8/p1n5/Pp6/K7/7r/8/8 w - b6 0 2";
    assert_eq!(legal(fen), set(&["a5b6"]));
    // Without the en passant right it is checkmate.
    let no_ep = "4k3/8/p1n5/Pp6/K7/7r/8/8 w - - 0 2";
    assert!(board(no_ep).is_check());
    assert!(legal(no_ep).is_empty());
}

#[test]
fn en_passant_square_that_no_pawn_can_use() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        ),
        (
            "4k3/8/8/8/P3p3/8/8/4K3 b - a3 0 1",
            "4k3/8/8/8/P3p3/8/8/4K3 b - - 0 1",
        ),
    ];
    for (with_ep, without) in cases {
        assert!(board(with_ep).en_passant().is_some());
        assert!(ep_moves(with_ep).is_empty(), "{with_ep}");
        assert_eq!(legal(with_ep), legal(without), "{with_ep}");
    }
    assert_eq!(
        legal("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").len(),
        20
    );
}

#[test]
fn perft_of_en_passant_positions_matches_cozy_chess() {
    let fens = [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
        "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2",
        "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
        "4k3/8/8/q2Pp2K/8/8/8/8 w - e6 0 2",
        "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",
        "8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1",
        "8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1",
        "4k2b/8/8/3pP3/8/8/1K6/8 w - d6 0 2",
        "4k2b/8/8/4Pp2/8/8/1K6/8 w - f6 0 2",
        "4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2",
        "8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1",
        "b3k3/8/8/3pP3/8/8/8/7K w - d6 0 2",
        "7k/8/8/8/3Pp3/8/8/B3K3 b - d3 0 1",
        "2b1k3/8/8/3pPK2/8/8/8/8 w - d6 0 2",
        "4k3/8/p1n5/Pp6/K7/7r/8/8 w - b6 0 2",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ];
    for fen in fens {
        let cozy = cozy_chess::Board::from_fen(fen, false)
            .unwrap_or_else(|e| panic!("cozy-chess rejects {fen}: {e:?}"));
        let mut ours = Board0x88::from_fen_lenient(fen).unwrap();
        for depth in 1..=4 {
            assert_eq!(
                perft(&mut ours, depth),
                common::cozy_perft(&cozy, depth),
                "{fen} depth {depth}"
            );
        }
    }
}
