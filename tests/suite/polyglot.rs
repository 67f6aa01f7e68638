//! Polyglot: the published keys of the format's documentation, the keys against shakmaty's
//! Polyglot-compatible Zobrist hash over random games, the en passant rule, moves encoded and
//! decoded for every legal move of the suites, a book written by the test and read back
//! (weights, order, the weighted choice), and arbitrary bytes read without a panic.

use crate::common;

use proptest::prelude::*;
use x88::polyglot::{self, Book, BookError, Entry, decode_move, encode_move};
use x88::{Board0x88, Move};

/// The board after `moves` (SAN) from the start position.
fn after(moves: &[&str]) -> Board0x88 {
    let mut board = Board0x88::default();
    for san in moves {
        let mv = board
            .parse_san(san)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        board.play_unchecked(mv);
    }
    board
}

fn board(fen: &str) -> Board0x88 {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn the_published_keys() {
    // The test positions of the Polyglot book format's documentation, with their keys.
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463b_9618_1691_fc9c),
        (&["e4"], 0x823c_9b50_fd11_4196),
        (&["e4", "d5"], 0x0756_b944_61c5_0fb0),
        (&["e4", "d5", "e5"], 0x662f_afb9_65db_29d4),
        (&["e4", "d5", "e5", "f5"], 0x22a4_8b5a_8e47_ff78),
        (&["e4", "d5", "e5", "f5", "Ke2"], 0x652a_607c_a3f2_42c1),
        (
            &["e4", "d5", "e5", "f5", "Ke2", "Kf7"],
            0x00fd_d303_c946_bdd9,
        ),
        (&["a4", "b5", "h4", "b4", "c4"], 0x3c81_23ea_7b06_7637),
        (
            &["a4", "b5", "h4", "b4", "c4", "bxc3", "Ra3"],
            0x5c3f_9b82_9b27_9560,
        ),
    ];
    for (moves, key) in cases {
        let board = after(moves);
        assert_eq!(
            board.polyglot_key(),
            key,
            "after {moves:?}: {}",
            board.fen()
        );
        assert_eq!(polyglot::key(&board), key);
    }
}

#[test]
fn an_en_passant_square_counts_only_when_a_pawn_can_take() {
    // After 1. e4 no black pawn stands beside e4: the key is that of the FEN without e3.
    let with = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let without = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(with.polyglot_key(), without.polyglot_key());
    assert_ne!(
        with.hash(),
        without.hash(),
        "x88's own hash keys every en passant square"
    );
    // After 1. e4 d5 2. e5 f5 the pawn on e5 can take on f6: the square counts.
    let with = board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let without = board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert_ne!(with.polyglot_key(), without.polyglot_key());
    // A pawn beside the double-pushed one counts even when the capture is illegal (pinned):
    // Polyglot's rule is pseudo-legal.
    let pinned = board("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    let pinned_without = board("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    assert!(pinned.legal_moves().iter().all(|mv| !mv.is_en_passant()));
    assert_ne!(pinned.polyglot_key(), pinned_without.polyglot_key());
    // Pawns on the edge files look only inwards.
    let edge = board("4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1");
    let edge_without = board("4k3/8/8/8/Pp6/8/8/4K3 b - - 0 1");
    assert_ne!(edge.polyglot_key(), edge_without.polyglot_key());
    let h_file = board("4k3/8/8/6pP/8/8/8/4K3 w - g6 0 1");
    let h_file_without = board("4k3/8/8/6pP/8/8/8/4K3 w - - 0 1");
    assert_ne!(h_file.polyglot_key(), h_file_without.polyglot_key());
}

/// shakmaty's position of `board`, if it takes it (it refuses some positions the lenient suite
/// loader takes).
fn shakmaty_position(board: &Board0x88) -> Option<shakmaty::Chess> {
    let mode = if board.is_chess960() {
        shakmaty::CastlingMode::Chess960
    } else {
        shakmaty::CastlingMode::Standard
    };
    let fen: shakmaty::fen::Fen = board.fen().to_string().parse().ok()?;
    fen.into_position(mode).ok()
}

/// shakmaty's Zobrist hash with pseudo-legal en passant, which uses Polyglot's numbers.
fn shakmaty_key(position: &shakmaty::Chess) -> u64 {
    use shakmaty::{EnPassantMode, Position, zobrist::Zobrist64};
    position
        .zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal)
        .0
}

#[test]
fn keys_agree_with_shakmaty_on_the_suite_positions_and_after_each_of_their_moves() {
    use shakmaty::Position;
    let boards = common::all_suite_boards();
    let (mut checked, mut refused) = (0, 0);
    for root in boards {
        let Some(position) = shakmaty_position(&root) else {
            refused += 1;
            continue;
        };
        assert_eq!(
            root.polyglot_key(),
            shakmaty_key(&position),
            "{}",
            root.fen()
        );
        for mv in root.legal_moves() {
            // The move played in shakmaty too, so that its en passant rule (pseudo-legal, as
            // Polyglot's) sees the double push even where x88's board drops the square.
            let uci = mv.uci(x88::CastlingNotation::KingTakesRook).to_string();
            let theirs = shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
                .ok()
                .and_then(|m| m.to_move(&position).ok())
                .unwrap_or_else(|| panic!("shakmaty takes {uci} in {}", root.fen()));
            let child = position.clone().play(theirs).expect("a legal move");
            let expected = shakmaty_key(&child);
            assert_eq!(
                root.polyglot_key_after(mv),
                Some(expected),
                "{uci} in {}",
                root.fen()
            );
            let mut after = root;
            after.play_unchecked(mv);
            // The board's own key agrees unless the board dropped a pinned en passant square.
            if !(mv.is_double_push() && after.en_passant().is_none()) {
                assert_eq!(after.polyglot_key(), expected, "{uci} in {}", root.fen());
            }
            checked += 1;
        }
    }
    assert!(
        checked > 4_000 && refused * 20 < checked,
        "{checked} checked, {refused} refused"
    );
}

#[test]
fn a_pinned_capturer_still_keys_the_en_passant_square() {
    // After e2-e4 the pawn on d4 may not take: its king on a4 would stand in the rook's line.
    let board = board("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
    let e4 = board.parse_san("e4").unwrap();
    let mut after = board;
    after.play_unchecked(e4);
    assert_eq!(
        after.en_passant(),
        None,
        "x88 keeps only a legal en passant square"
    );
    let polyglot = {
        use shakmaty::Position;
        let position = shakmaty_position(&board).unwrap();
        let e2e4 = shakmaty::uci::UciMove::from_ascii(b"e2e4").unwrap();
        let theirs = e2e4.to_move(&position).unwrap();
        shakmaty_key(&position.play(theirs).unwrap())
    };
    assert_eq!(board.polyglot_key_after(e4), Some(polyglot));
    assert_ne!(after.polyglot_key(), polyglot);
    #[cfg(feature = "alloc")]
    {
        let mut game = x88::Game::new(board);
        game.play(e4).unwrap();
        assert_eq!(game.polyglot_key(), polyglot);
        game.undo();
        assert_eq!(game.polyglot_key(), board.polyglot_key());
    }
    // A move that is not legal here (one of black's, after e4) has no key after it.
    let black_move = after.legal_moves()[0];
    assert_eq!(board.polyglot_key_after(black_move), None);
}

#[test]
fn every_legal_move_of_the_suites_encodes_and_decodes() {
    for board in common::all_suite_boards() {
        for mv in board.legal_moves() {
            let raw = encode_move(mv);
            assert_eq!(raw >> 15, 0, "bit 15 is unused");
            assert_eq!(
                decode_move(&board, raw),
                Some(mv),
                "{mv} in {}",
                board.fen()
            );
        }
    }
}

#[test]
fn castling_is_king_takes_rook_and_the_kings_step_is_read_too() {
    let board = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = board.parse_san("O-O").unwrap();
    let long = board.parse_san("O-O-O").unwrap();
    // e1h1 and e1a1: from e1 (rank 0, file 4) to the rook's square.
    assert_eq!(encode_move(short), 4 << 6 | 7);
    assert_eq!(encode_move(long), 4 << 6);
    // Some books write the king's step, e1g1 and e1c1.
    assert_eq!(decode_move(&board, 4 << 6 | 6), Some(short));
    assert_eq!(decode_move(&board, 4 << 6 | 2), Some(long));
}

#[test]
fn promotions_carry_their_piece() {
    let board = board("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (letter, code) in [("N", 1u16), ("B", 2), ("R", 3), ("Q", 4)] {
        let mv = board.parse_san(&format!("a8={letter}")).unwrap();
        let raw = encode_move(mv);
        assert_eq!(raw >> 12, code, "{mv}");
        assert_eq!(decode_move(&board, raw), Some(mv));
    }
    // Codes 5 to 7 are no piece.
    assert_eq!(decode_move(&board, 5 << 12 | 6 << 9 | 7 << 3), None);
}

/// A book made by the test: a few positions of an opening tree, each with weighted moves,
/// sorted by key as the format asks.
/// The book's bytes, and each position with its legal book moves and its number of entries.
type TestBook = (Vec<u8>, Vec<(Board0x88, Vec<(Move, u16)>, usize)>);

fn test_book() -> TestBook {
    // Each line: the moves to the position, then its book moves (SAN) with their weights.
    type Line<'a> = (&'a [&'a str], &'a [(&'a str, u16)]);
    let lines: [Line<'_>; 4] = [
        (&[], &[("e4", 3), ("d4", 1)]),
        (&["e4"], &[("e5", 5), ("c5", 4), ("e6", 1)]),
        (&["d4"], &[("d5", 1), ("Nf6", 1)]),
        (&["e4", "e5"], &[("Nf3", 2), ("O-O", 7)]), // O-O is illegal here: must be skipped
    ];
    let mut positions = Vec::new();
    let mut entries = Vec::new();
    for (moves, replies) in lines {
        let position = after(moves);
        let mut legal = Vec::new();
        for &(san, weight) in replies {
            let raw = match position.parse_san(san) {
                Ok(mv) => {
                    legal.push((mv, weight));
                    encode_move(mv)
                }
                // White's e1h1, not legal before the knight and bishop have moved.
                Err(_) => 4 << 6 | 7,
            };
            entries.push(Entry {
                key: position.polyglot_key(),
                raw_move: raw,
                weight,
                learn: 0,
            });
        }
        positions.push((position, legal, replies.len()));
    }
    // Sort by key, keeping each position's moves in their order.
    entries.sort_by_key(|entry| entry.key);
    let bytes = entries.iter().flat_map(Entry::to_bytes).collect();
    (bytes, positions)
}

#[test]
fn a_book_written_by_the_test_reads_back() {
    let (bytes, positions) = test_book();
    let book = Book::new(&bytes).unwrap();
    assert_eq!(book.len(), positions.iter().map(|p| p.2).sum::<usize>());
    for (position, expected, entries) in &positions {
        let moves: Vec<(Move, u16)> = book.moves(position).map(|m| (m.mv, m.weight)).collect();
        assert_eq!(&moves, expected, "{}", position.fen());
        assert_eq!(book.entries(position.polyglot_key()).count(), *entries);
    }
    // A position the book does not have.
    let elsewhere = after(&["c4"]);
    assert_eq!(book.moves(&elsewhere).count(), 0);
    assert_eq!(book.pick(&elsewhere, 12345), None);
}

#[cfg(feature = "std")]
#[test]
fn a_book_file_reads_back() {
    let (bytes, positions) = test_book();
    let path = std::env::temp_dir().join(format!("x88-test-book-{}.bin", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let file = polyglot::BookFile::open(&path);
    std::fs::remove_file(&path).unwrap();
    let file = file.unwrap();
    let (start, expected, _) = &positions[0];
    let moves: Vec<Move> = file.book().moves(start).map(|m| m.mv).collect();
    assert_eq!(
        moves,
        expected.iter().map(|&(mv, _)| mv).collect::<Vec<_>>()
    );

    let error = polyglot::BookFile::from_bytes(bytes[..bytes.len() - 1].to_vec()).unwrap_err();
    assert!(error.to_string().contains("16-byte entries"), "{error}");
}

#[test]
fn the_weighted_choice_follows_the_weights() {
    let (bytes, positions) = test_book();
    let book = Book::new(&bytes).unwrap();
    for (position, expected, _) in &positions {
        let total: u64 = expected.iter().map(|&(_, w)| u64::from(w)).sum();
        // Random numbers spread evenly over the whole u64 range: each move is picked in
        // proportion to its weight, within one pick.
        let samples = 10_000u64;
        let mut counts = vec![0u64; expected.len()];
        for i in 0..samples {
            let random = i.wrapping_mul(u64::MAX / samples);
            let mv = book.pick(position, random).unwrap();
            let index = expected.iter().position(|&(m, _)| m == mv).unwrap();
            counts[index] += 1;
        }
        for (&(mv, weight), &count) in expected.iter().zip(&counts) {
            let share = samples * u64::from(weight) / total;
            assert!(
                count.abs_diff(share) <= 1,
                "{mv}: {count} picks for {share} expected"
            );
        }
    }
}

#[test]
fn moves_of_weight_zero_are_never_picked() {
    let board = Board0x88::default();
    let entry = |san: &str, weight| Entry {
        key: board.polyglot_key(),
        raw_move: encode_move(board.parse_san(san).unwrap()),
        weight,
        learn: 0,
    };
    let bytes: Vec<u8> = [entry("e4", 0), entry("d4", 2), entry("c4", 0)]
        .iter()
        .flat_map(Entry::to_bytes)
        .collect();
    let book = Book::new(&bytes).unwrap();
    let d4 = board.parse_san("d4").unwrap();
    for random in [0, 1, u64::MAX / 2, u64::MAX] {
        assert_eq!(book.pick(&board, random), Some(d4));
    }
    let zero: Vec<u8> = entry("e4", 0).to_bytes().to_vec();
    assert_eq!(Book::new(&zero).unwrap().pick(&board, 7), None);
}

#[test]
fn bad_books_are_errors() {
    assert_eq!(
        Book::new(&[0; 17]).err(),
        Some(BookError::Length { len: 17 })
    );
    let entry = |key: u64| {
        Entry {
            key,
            raw_move: 0,
            weight: 1,
            learn: 0,
        }
        .to_bytes()
    };
    let unsorted = [entry(1), entry(3), entry(2)].concat();
    assert_eq!(
        Book::new(&unsorted).err(),
        Some(BookError::Unsorted { index: 2 })
    );
    assert!(
        BookError::Unsorted { index: 2 }
            .to_string()
            .contains("entry 2")
    );
}

proptest! {
    /// Any bytes are read as a book or refused, and probing a book never panics; every move it
    /// gives is legal.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let board = Board0x88::default();
        let whole = &bytes[..bytes.len() / 16 * 16];
        for slice in [&bytes[..], whole] {
            if let Ok(book) = Book::new(slice) {
                for book_move in book.moves(&board) {
                    prop_assert!(board.is_legal(book_move.mv));
                }
                let _ = book.pick(&board, 99);
                let _ = book.entries(0).count();
            }
        }
    }

    /// Any 16 bits decode to a legal move or to nothing.
    #[test]
    fn arbitrary_raw_moves_decode_to_legal_moves_or_nothing(raw in any::<u16>(), index in 0usize..1000) {
        let boards = common::suite_boards(common::STANDARD_EPD, false);
        let board = boards[index % boards.len()];
        if let Some(mv) = decode_move(&board, raw) {
            prop_assert!(board.is_legal(mv));
        }
    }
}
