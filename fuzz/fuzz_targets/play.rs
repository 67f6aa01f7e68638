//! `play`: the first bytes choose a start position (as in `uci_san`), the rest a game. Each
//! byte below 0xF0 plays legal move number `byte % count`; a byte from 0xF0 up, with the byte
//! after it, instead picks a move of ANOTHER position (a fixed start position or one earlier in
//! this game) and hands it to `play`: unless it happens to be legal here too, it must be
//! refused with `MoveError::Illegal` and the board left exactly as it was.
//!
//! A foreign move is also asked of `is_legal`, which must agree with the legal move list.
//!
//! After every move: `play` and `make_move` agree, `hash() == compute_hash()`, `unmake_move`
//! restores the board (`==`, hash and FEN text), and the printed FEN reads back as the board.
//! At the end every move is taken back with `unmake_move`, in reverse, and the board must be
//! the start position again (`==`, hash, FEN text).
#![no_main]

use libfuzzer_sys::fuzz_target;
use x88::{Board0x88, FenOptions, Move, MoveError, Undo};
use x88_fuzz::{Bytes, FIXED, check_fen_round_trip, choose_start};

/// At most this many moves a game, so that one input stays fast.
const MAX_PLIES: usize = 400;

fn same(a: &Board0x88, b: &Board0x88) -> bool {
    a == b && a.hash() == b.hash() && a.fen().to_string() == b.fen().to_string()
}

/// Makes `mv` (legal here), checking it against `play` and against its own `unmake_move`.
fn make_checked(board: &mut Board0x88, mv: Move, options: FenOptions) -> Undo {
    let before = *board;
    let mut via_play = *board;
    assert_eq!(
        via_play.play(mv),
        Ok(()),
        "play refused legal {mv:?} in {:?}",
        before.fen().to_string()
    );
    let undo = board.make_move(mv);
    assert!(
        same(board, &via_play),
        "play and make_move differ for {mv:?} in {:?}",
        before.fen().to_string()
    );
    assert_eq!(
        board.hash(),
        board.compute_hash(),
        "stale hash after {mv:?} in {:?}",
        before.fen().to_string()
    );
    let mut back = *board;
    back.unmake_move(mv, undo);
    assert!(
        same(&back, &before),
        "unmake of {mv:?} does not restore {:?}",
        before.fen().to_string()
    );
    check_fen_round_trip(board, options);
    undo
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (start, options) = choose_start(&mut bytes);
    let mut board = start;
    // The positions before each move, and the moves with their undo records.
    let mut history: Vec<Board0x88> = Vec::new();
    let mut made: Vec<(Move, Undo)> = Vec::new();

    while made.len() < MAX_PLIES {
        let Some(b) = bytes.next() else { break };
        let moves = board.legal_moves();
        if b >= 0xF0 {
            // A move of another position: a fixed one, or one met earlier in this game.
            let pick = usize::from(bytes.next().unwrap_or(0));
            let (other, n) = match (b as usize - 0xF0) % 4 {
                0 if !history.is_empty() => (
                    history[history.len() - 1 - pick % history.len().min(4)],
                    pick,
                ),
                1 if !history.is_empty() => (history[pick % history.len()], pick),
                _ => {
                    let (fen, opts) = FIXED[pick % FIXED.len()];
                    (
                        Board0x88::from_fen_with(fen, opts).expect("fixed FEN"),
                        pick / FIXED.len(),
                    )
                }
            };
            let foreign = other.legal_moves();
            if foreign.is_empty() {
                continue;
            }
            let mv = foreign[n % foreign.len()];
            assert_eq!(
                board.is_legal(mv),
                moves.contains(&mv),
                "is_legal({mv:?}) in {:?}",
                board.fen().to_string()
            );
            if moves.contains(&mv) {
                history.push(board);
                let undo = make_checked(&mut board, mv, options);
                made.push((mv, undo));
            } else {
                let before = board;
                assert_eq!(
                    board.play(mv),
                    Err(MoveError::Illegal),
                    "play took illegal {mv:?}"
                );
                assert!(
                    same(&board, &before),
                    "refused {mv:?} changed {:?}",
                    before.fen().to_string()
                );
            }
            continue;
        }
        if moves.is_empty() {
            assert!(board.noisy_moves().is_empty());
            break;
        }
        let mv = moves[usize::from(b) % moves.len()];
        history.push(board);
        let undo = make_checked(&mut board, mv, options);
        made.push((mv, undo));
    }

    while let Some((mv, undo)) = made.pop() {
        board.unmake_move(mv, undo);
        let expected = history.pop().expect("one position per move");
        assert!(
            same(&board, &expected),
            "unwinding {mv:?} does not restore {:?}",
            expected.fen().to_string()
        );
    }
    assert!(
        same(&board, &start),
        "unwinding the whole game does not give back the start"
    );
});
