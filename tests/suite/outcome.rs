//! Game outcomes: checkmate, stalemate, dead positions (and near misses that are not dead), the
//! 75-move rule and its precedence, threefold and fivefold repetition through `Game` and through
//! the slice helpers, the 50-move claim, and `Game`'s undo and input checking.
//!
//! Dead positions follow FIDE Laws 5.2.2: a position is dead when no series of legal moves can
//! end in mate. K v K, K+N v K, K+B v K and bishops of one square colour only are dead;
//! K+N+N v K, K+B v K+B on different colours, K+B v K+N, K+N v K+N and anything with a pawn,
//! rook or queen are not (a mate is possible if the defender helps).

#![cfg(feature = "alloc")] // `Game` keeps its history on the heap.

use x88::{Board0x88, Color, DrawClaim, DrawReason, Game, MoveError, Outcome};

fn board(fen: &str) -> Board0x88 {
    Board0x88::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays UCI moves on `board`, pushing the hash of each position before its move to `history`.
fn play(board: &mut Board0x88, history: &mut Vec<u64>, moves: &[&str]) {
    for uci in moves {
        let mv = board
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("{uci}: {e}"));
        history.push(board.hash());
        board.play(mv).unwrap();
    }
}

fn game_with(start: Board0x88, moves: &[&str]) -> Game {
    let mut game = Game::new(start);
    for uci in moves {
        game.play_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
    game
}

const WHITE_WINS: Option<Outcome> = Some(Outcome::Decisive {
    winner: Color::White,
});
const BLACK_WINS: Option<Outcome> = Some(Outcome::Decisive {
    winner: Color::Black,
});
const STALEMATE: Option<Outcome> = Some(Outcome::Draw(DrawReason::Stalemate));
const DEAD: Option<Outcome> = Some(Outcome::Draw(DrawReason::InsufficientMaterial));
const SEVENTY_FIVE: Option<Outcome> = Some(Outcome::Draw(DrawReason::SeventyFiveMoves));
const FIVEFOLD: Option<Outcome> = Some(Outcome::Draw(DrawReason::FivefoldRepetition));

/// The knight shuffle that brings back the start position every four plies.
const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

#[test]
fn fools_mate_by_play() {
    let mut game = Game::default();
    for san in ["f3", "e5", "g4"] {
        game.play_san(san).unwrap();
        assert_eq!(game.outcome(), None);
        assert!(!game.is_over());
    }
    let mate = game.play_san("Qh4#").unwrap();
    assert_eq!(mate.to_string(), "d8h4");
    assert_eq!(game.outcome(), BLACK_WINS);
    assert!(game.is_over());
    assert!(game.board().is_checkmate());
    assert!(!game.board().is_stalemate());
    assert_eq!(game.outcome().unwrap().result(), "0-1");
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "black wins by checkmate"
    );
    assert_eq!(game.can_claim_draw(), None);
    // Nothing can be played after mate.
    assert_eq!(game.play_uci("e1f2"), Err(MoveError::Illegal));
    assert_eq!(game.moves().len(), 4);
}

#[test]
fn back_rank_mate() {
    let before = board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(before.outcome(), None);
    let mut after = before;
    after.play(before.parse_uci("a1a8").unwrap()).unwrap();
    assert!(after.is_check());
    assert!(after.is_checkmate());
    assert_eq!(after.outcome(), WHITE_WINS);
    assert_eq!(
        after.outcome().and_then(Outcome::winner),
        Some(Color::White)
    );

    // With luft on h6 the king escapes: check, not mate.
    let luft = board("R5k1/5pp1/7p/8/8/8/8/6K1 b - - 0 1");
    assert!(luft.is_check() && !luft.is_checkmate());
    assert_eq!(luft.outcome(), None);
    // A rook that can interpose: not mate either.
    let block = board("R5k1/5ppp/8/8/8/8/3r4/6K1 b - - 0 1");
    assert!(!block.is_checkmate());
    assert_eq!(block.outcome(), None);
}

#[test]
fn other_mates_with_each_winner() {
    // Smothered mate by a knight.
    assert_eq!(
        board("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1").outcome(),
        WHITE_WINS
    );
    // Black mates white with two rooks.
    assert_eq!(
        board("6k1/8/8/8/8/8/r7/1r4K1 w - - 0 1").outcome(),
        BLACK_WINS
    );
    // King and rook against the king on the edge.
    assert_eq!(
        board("R2k4/8/3K4/8/8/8/8/8 b - - 0 1").outcome(),
        WHITE_WINS
    );
}

#[test]
fn stalemates() {
    for fen in [
        // Queen next to the cornered king.
        "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        // King and pawn against the cornered king.
        "k7/P7/1K6/8/8/8/8/8 b - - 0 1",
        // White stalemated by a pawn and a king.
        "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",
        // The only other piece is pinned.
        "kn5R/8/1K6/8/8/8/8/8 b - - 0 1",
        // King and rook.
        "k7/8/K7/8/8/8/8/1R6 b - - 0 1",
    ] {
        let b = board(fen);
        assert!(b.is_stalemate(), "{fen}");
        assert!(!b.is_checkmate(), "{fen}");
        assert_eq!(b.outcome(), STALEMATE, "{fen}");
    }
}

#[test]
fn stalemate_takes_precedence_over_dead_and_clock() {
    // K+B v K, the lone king stalemated: reported as stalemate.
    assert_eq!(board("7k/5K2/6B1/8/8/8/8/8 b - - 0 1").outcome(), STALEMATE);
    assert_eq!(
        board("7k/5Q2/6K1/8/8/8/8/8 b - - 150 120").outcome(),
        STALEMATE
    );
}

#[test]
fn dead_positions() {
    for fen in [
        // K v K
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        // K+N v K, both colours
        "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1",
        // K+B v K, both colours and both square colours
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3bK3 w - - 0 1",
        // K+B v K+B, bishops on squares of one colour (c1 and f8 are dark)
        "5b2/4k3/8/8/8/8/8/2B1K3 w - - 0 1",
        // ... and on light squares (d1 and c8)
        "2b1k3/8/8/8/8/8/8/3BK3 b - - 0 1",
        // several bishops, promoted, all on dark squares
        "3bkb2/8/8/8/8/8/1B6/2B1K1B1 w - - 0 1",
    ] {
        let b = board(fen);
        assert!(b.is_insufficient_material(), "{fen}");
        assert_eq!(b.outcome(), DEAD, "{fen}");
    }
}

#[test]
fn near_misses_are_not_dead() {
    for fen in [
        // K+N+N v K: mate exists if the defender blunders into it.
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
        // K+B v K+B on squares of different colours (c1 dark, c8 light).
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        // Two bishops of one side on both colours.
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        // K+B v K+N and K+N v K+N.
        "1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        // K+N v K+B.
        "2b1k3/8/8/8/8/8/8/1N2K3 w - - 0 1",
        // K+P v K, K+R v K, K+Q v K.
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
        // A pawn of the defender beside same-coloured bishops.
        "4k3/p7/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        let b = board(fen);
        assert!(!b.is_insufficient_material(), "{fen}");
        assert_eq!(b.outcome(), None, "{fen}");
    }
}

#[test]
fn dead_after_the_last_capture() {
    // White takes the last black piece: K+N v K is left.
    let mut game = Game::new(board("4k3/8/8/8/8/8/3r4/1N2K3 w - - 0 1"));
    assert_eq!(game.outcome(), None);
    game.play_san("Kxd2").unwrap();
    assert_eq!(game.outcome(), DEAD);
    assert!(game.is_over());
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "draw by insufficient material"
    );
}

#[test]
fn seventy_five_move_rule() {
    let at = |clock: u16| board(&format!("6k1/5ppp/8/8/8/8/8/R5K1 w - - {clock} 100"));
    assert_eq!(at(149).outcome(), None);
    assert_eq!(at(150).outcome(), SEVENTY_FIVE);
    assert_eq!(at(400).outcome(), SEVENTY_FIVE);

    // The 150th half-move: a quiet move draws ...
    let mut quiet = Game::new(at(149));
    quiet.play_uci("a1a2").unwrap();
    assert_eq!(quiet.board().halfmove_clock(), 150);
    assert_eq!(quiet.outcome(), SEVENTY_FIVE);
    assert_eq!(
        quiet.outcome().unwrap().to_string(),
        "draw by the 75-move rule"
    );
    // ... a mate on that move wins ...
    let mut mate = Game::new(at(149));
    mate.play_uci("a1a8").unwrap();
    assert_eq!(mate.board().halfmove_clock(), 150);
    assert_eq!(mate.outcome(), WHITE_WINS);
    // ... and a pawn move resets the clock.
    let mut pawn = Game::new(board("6k1/5ppp/8/8/8/8/7P/R5K1 w - - 149 100"));
    pawn.play_uci("h2h3").unwrap();
    assert_eq!(pawn.board().halfmove_clock(), 0);
    assert_eq!(pawn.outcome(), None);
}

#[test]
fn fifty_move_claim() {
    let mut game = Game::new(board("6k1/5ppp/8/8/8/8/7P/R5K1 w - - 98 100"));
    game.play_uci("a1a2").unwrap();
    assert_eq!(game.board().halfmove_clock(), 99);
    assert_eq!(game.can_claim_draw(), None);
    game.play_uci("g8h8").unwrap();
    assert_eq!(game.can_claim_draw(), Some(DrawClaim::FiftyMoves));
    assert_eq!(DrawClaim::FiftyMoves.to_string(), "the 50-move rule");
    // A claim is not an outcome: the game goes on.
    assert_eq!(game.outcome(), None);
    assert!(!game.is_over());
    game.play_uci("h2h3").unwrap();
    assert_eq!(game.can_claim_draw(), None);

    // The slice helper says the same with no history at all.
    let b = board("6k1/5ppp/8/8/8/8/7P/R5K1 w - - 100 100");
    assert_eq!(b.can_claim_draw(&[]), Some(DrawClaim::FiftyMoves));
    // A mate on the 100th half-move stands: nothing to claim.
    let mate = board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 100");
    assert_eq!(mate.outcome(), WHITE_WINS);
    assert_eq!(mate.can_claim_draw(&[]), None);
    // From 150 on the draw is automatic, so there is nothing to claim either.
    assert_eq!(
        board("6k1/5ppp/8/8/8/8/7P/R5K1 w - - 150 100").can_claim_draw(&[]),
        None
    );
}

#[test]
fn threefold_by_knight_shuffles_through_game() {
    let mut game = Game::default();
    assert_eq!(game.repetition_count(), 1);
    for round in 0..2 {
        for (i, uci) in SHUFFLE.iter().enumerate() {
            assert_eq!(game.can_claim_draw(), None, "round {round}, before {uci}");
            game.play_uci(uci).unwrap();
            if i < 3 {
                assert_eq!(game.repetition_count(), round + 1, "after {uci}");
            }
        }
        assert_eq!(game.repetition_count(), round + 2);
    }
    assert_eq!(game.can_claim_draw(), Some(DrawClaim::ThreefoldRepetition));
    assert_eq!(game.outcome(), None);
    assert!(!game.is_over());
    assert_eq!(game.history().len(), 8);
    // Nf3 again: the position after the first Nf3 also occurs for the third time.
    game.play_san("Nf3").unwrap();
    assert_eq!(game.can_claim_draw(), Some(DrawClaim::ThreefoldRepetition));
    game.play_san("Nc6").unwrap();
    assert_eq!(game.can_claim_draw(), None);
}

#[test]
fn threefold_through_the_slice_helper() {
    let mut b = Board0x88::default();
    let mut history = Vec::new();
    play(&mut b, &mut history, &SHUFFLE);
    assert_eq!(b.repetition_count(&history), 2);
    assert_eq!(b.can_claim_draw(&history), None);
    play(&mut b, &mut history, &SHUFFLE);
    assert_eq!(b.repetition_count(&history), 3);
    assert_eq!(
        b.can_claim_draw(&history),
        Some(DrawClaim::ThreefoldRepetition)
    );
    assert_eq!(b.outcome_with_history(&history), None);
    // Without the history the board cannot know.
    assert_eq!(b.can_claim_draw(&[]), None);
    // A fixed-size array works as well as a Vec (no allocation needed).
    let array: [u64; 8] = history.as_slice().try_into().unwrap();
    assert_eq!(b.repetition_count(&array), 3);
    // The slice helper and Game agree.
    let game = game_with(Board0x88::default(), &[SHUFFLE, SHUFFLE].concat());
    assert_eq!(game.history(), history.as_slice());
    assert_eq!(game.board(), &b);
}

#[test]
fn castling_rights_make_positions_differ() {
    // The kings step out and back: same placement, but the castling rights are gone.
    let start = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let walk = ["e1e2", "e8e7", "e2e1", "e7e8"];
    let mut game = Game::new(start);
    for round in 1..=3 {
        assert!(game.can_claim_draw().is_none());
        for uci in walk {
            game.play_uci(uci).unwrap();
        }
        // Without the rights in the hash the start would count too: one more each round.
        assert_eq!(game.repetition_count(), round);
    }
    assert_eq!(game.can_claim_draw(), Some(DrawClaim::ThreefoldRepetition));
}

#[test]
fn en_passant_right_makes_positions_differ() {
    // After e2-e4 black could take en passant; later the same placement has no such right.
    let mut game = Game::new(board("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1"));
    game.play_uci("e2e4").unwrap();
    assert!(game.board().en_passant().is_some());
    for round in 1..=3 {
        for uci in ["e8d8", "e1d1", "d8e8", "d1e1"] {
            game.play_uci(uci).unwrap();
        }
        // The first time back counts once: the position with the en passant right differs.
        assert_eq!(game.repetition_count(), round);
    }
}

#[test]
fn fivefold_through_game_and_slice() {
    let mut game = Game::default();
    for round in 0..4 {
        for uci in SHUFFLE {
            assert_eq!(game.outcome(), None, "round {round}, before {uci}");
            game.play_uci(uci).unwrap();
        }
    }
    assert_eq!(game.repetition_count(), 5);
    assert_eq!(game.outcome(), FIVEFOLD);
    assert!(game.is_over());
    assert_eq!(game.can_claim_draw(), None); // automatic, nothing to claim
    assert_eq!(game.board().outcome(), None); // the board alone does not know
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "draw by fivefold repetition"
    );
    assert_eq!(game.outcome().unwrap().result(), "1/2-1/2");

    let mut b = Board0x88::default();
    let mut history = Vec::new();
    for _ in 0..4 {
        play(&mut b, &mut history, &SHUFFLE);
    }
    assert_eq!(b.outcome_with_history(&history), FIVEFOLD);
    // Dropping the oldest entry loses the first occurrence: four times only.
    assert_eq!(b.outcome_with_history(&history[1..]), None);
    assert_eq!(
        b.can_claim_draw(&history[1..]),
        Some(DrawClaim::ThreefoldRepetition)
    );
}

#[test]
fn repetition_is_bounded_by_the_halfmove_clock() {
    // A game reaching a position, then a capture, then shuffles: entries older than the
    // capture are never compared, even if (as here, by construction) they held the same hash.
    let mut b = board("4k3/8/8/8/8/8/3r4/1N2K2R w - - 0 1");
    let mut history = Vec::new();
    play(&mut b, &mut history, &["e1d2"]);
    assert_eq!(b.halfmove_clock(), 0);
    let forged = [vec![b.hash(); 6], history.clone()].concat();
    assert_eq!(b.repetition_count(&forged), 1);
    play(&mut b, &mut history, &["e8e7", "h1h2", "e7e8", "h2h1"]);
    assert_eq!(b.halfmove_clock(), 4);
    assert_eq!(b.repetition_count(&history), 2);
    let forged = [vec![b.hash(); 6], history].concat();
    assert_eq!(b.repetition_count(&forged), 2);
}

#[test]
fn game_undo_restores_everything() {
    // Castling, a capture, en passant and a promotion, each taken back.
    let start = board("r3k2r/1P6/8/8/5p2/8/4P3/R3K2R w KQkq - 0 1");
    let moves = [
        "e1g1", "e8g8", "e2e4", "f4e3", "b7b8q", "a8b8", "a1a8", "b8a8",
    ];
    let mut game = Game::new(start);
    let mut snapshots = Vec::new();
    for uci in moves {
        snapshots.push((
            *game.board(),
            game.board().fen().to_string(),
            game.history().to_vec(),
            game.moves().to_vec(),
        ));
        game.play_uci(uci).unwrap();
    }
    assert_eq!(game.moves().len(), moves.len());
    for uci in moves.iter().rev() {
        let (board, fen, history, played) = snapshots.pop().unwrap();
        let mv = game.undo().unwrap();
        assert_eq!(mv.to_string(), *uci);
        assert_eq!(game.board(), &board);
        assert_eq!(game.board().fen().to_string(), fen);
        assert_eq!(game.board().hash(), board.hash());
        assert_eq!(game.board().hash(), game.board().compute_hash());
        assert_eq!(game.board().halfmove_clock(), board.halfmove_clock());
        assert_eq!(game.history(), history.as_slice());
        assert_eq!(game.moves(), played.as_slice());
    }
    assert_eq!(game.undo(), None);
    assert_eq!(game.board(), game.start());
    assert_eq!(game.board(), &start);
}

#[test]
fn undo_takes_back_a_repetition_and_a_mate() {
    let mut game = game_with(Board0x88::default(), &[SHUFFLE, SHUFFLE].concat());
    assert_eq!(game.can_claim_draw(), Some(DrawClaim::ThreefoldRepetition));
    game.undo();
    assert_eq!(game.can_claim_draw(), None);
    assert_eq!(game.repetition_count(), 2);

    let mut game = game_with(Board0x88::default(), &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(game.is_over());
    assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("d8h4"));
    assert!(!game.is_over());
    game.play_san("Qh4").unwrap();
    assert_eq!(game.outcome(), BLACK_WINS);
}

#[test]
fn game_rejects_illegal_and_unparsable_input() {
    let mut game = Game::default();
    let before = *game.board();
    assert_eq!(game.play_uci("e2e5"), Err(MoveError::Illegal));
    assert_eq!(game.play_uci("e7e5"), Err(MoveError::Illegal)); // not black's move
    assert_eq!(game.play_uci("e2-e4"), Err(MoveError::Unparsable));
    assert_eq!(game.play_uci(""), Err(MoveError::Unparsable));
    assert_eq!(game.play_uci("e2e4x"), Err(MoveError::Unparsable));
    assert_eq!(game.play_san("Qh5"), Err(MoveError::Illegal));
    assert_eq!(game.play_san("O-O"), Err(MoveError::Illegal));
    assert_eq!(game.play_san("hello"), Err(MoveError::Unparsable));
    assert_eq!(game.play_san("é4"), Err(MoveError::Unparsable));
    // A move legal elsewhere but not here.
    let other = board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let castle = other.parse_uci("e1c1").unwrap();
    assert_eq!(game.play(castle), Err(MoveError::Illegal));
    assert_eq!(game.board(), &before);
    assert!(game.moves().is_empty() && game.history().is_empty());

    // An ambiguous SAN.
    let mut game = Game::new(board("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1"));
    assert_eq!(game.play_san("Nb3"), Err(MoveError::Ambiguous));
    assert_eq!(game.play_san("Nab3").unwrap().to_string(), "a1b3");
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn game_from_a_position() {
    let start = board("4k3/8/8/8/8/8/8/R3K3 w - - 37 60");
    let game = Game::from(start);
    assert_eq!(game.board(), &start);
    assert_eq!(game.start(), &start);
    assert_eq!(game.repetition_count(), 1);
    assert_eq!(game.outcome(), None);
    assert_eq!(Game::default().board(), &Board0x88::start_position());
}

#[test]
fn outcome_texts() {
    assert_eq!(WHITE_WINS.unwrap().to_string(), "white wins by checkmate");
    assert_eq!(WHITE_WINS.unwrap().result(), "1-0");
    assert!(STALEMATE.unwrap().is_draw() && !WHITE_WINS.unwrap().is_draw());
    assert_eq!(STALEMATE.unwrap().winner(), None);
    assert_eq!(
        DrawReason::InsufficientMaterial.to_string(),
        "insufficient material"
    );
    assert_eq!(
        DrawClaim::ThreefoldRepetition.to_string(),
        "threefold repetition"
    );
}
