//! What the fuzz targets share: a byte reader, the fixed start positions, and the checks run on
//! every position a target reaches. Each check panics (with the position's FEN) when a property
//! fails, which libFuzzer reports as a crash.

use x88::{Board0x88, CastlingNotation, FenOptions, Move, MoveError};

/// Reads the fuzzer's bytes one at a time; past the end it gives `None`.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte, if any.
    pub fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.data.split_first()?;
        self.data = rest;
        Some(first)
    }

    /// What has not been read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data
    }
}

const STRICT: FenOptions = FenOptions {
    chess960: false,
    lenient: false,
};
const LENIENT: FenOptions = FenOptions {
    chess960: false,
    lenient: true,
};
const CHESS960: FenOptions = FenOptions {
    chess960: true,
    lenient: false,
};

/// The fixed start positions, with the options they are read (and re-read) with.
pub const FIXED: &[(&str, FenOptions)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        STRICT,
    ),
    // Kiwipete.
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        STRICT,
    ),
    // The other perft positions of the chess programming wiki (en passant pins, promotions).
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", STRICT),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        STRICT,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        STRICT,
    ),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", STRICT),
    // An en passant capture available at once.
    (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        STRICT,
    ),
    // Chess960: a middlegame, a king beside its rooks, and a rook shielding its king.
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        CHESS960,
    ),
    (
        "1r1k1r2/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAfb - 0 1",
        CHESS960,
    ),
    ("4k3/8/8/8/8/8/8/qRK4R w HB - 0 1", CHESS960),
    // Lenient: a check that no game can give.
    ("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", LENIENT),
];

/// A start position chosen by the next bytes: one of [`FIXED`], or (one value more) the
/// Chess960 start position that the two bytes after it number. Returns the board and the
/// options its FEN is read with.
pub fn choose_start(bytes: &mut Bytes<'_>) -> (Board0x88, FenOptions) {
    let pick = usize::from(bytes.next().unwrap_or(0)) % (FIXED.len() + 1);
    match FIXED.get(pick) {
        Some(&(fen, options)) => {
            let board = Board0x88::from_fen_with(fen, options)
                .unwrap_or_else(|err| panic!("fixed FEN {fen:?} refused: {err}"));
            (board, options)
        }
        None => {
            let hi = u16::from(bytes.next().unwrap_or(0));
            let lo = u16::from(bytes.next().unwrap_or(0));
            let index = ((hi << 8) | lo) % 960;
            (
                Board0x88::chess960(index).expect("index below 960"),
                CHESS960,
            )
        }
    }
}

/// Plays up to `max` legal moves, each the next byte modulo the number of legal moves; stops
/// early when the bytes run out or the game is over.
pub fn playout(board: &mut Board0x88, bytes: &mut Bytes<'_>, max: usize) {
    for _ in 0..max {
        let moves = board.legal_moves();
        if moves.is_empty() {
            return;
        }
        let Some(b) = bytes.next() else { return };
        let _ = board.make_move(moves[usize::from(b) % moves.len()]);
    }
}

/// The FEN of `board` read back with `options` gives the same board, hash and text.
pub fn check_fen_round_trip(board: &Board0x88, options: FenOptions) {
    let text = board.fen().to_string();
    let again = Board0x88::from_fen_with(&text, options)
        .unwrap_or_else(|err| panic!("printed FEN {text:?} refused with {options:?}: {err}"));
    assert!(
        again == *board,
        "FEN {text:?} read back as a different board {:?}",
        again.fen().to_string()
    );
    assert_eq!(
        again.hash(),
        board.hash(),
        "FEN {text:?} read back with another hash"
    );
    assert_eq!(
        again.fen().to_string(),
        text,
        "FEN {text:?} printed differently after re-reading"
    );
}

/// Whether `mv` takes something, or promotes: what `noisy_moves()` must list.
fn is_tactical(board: &Board0x88, mv: Move) -> bool {
    !mv.is_castle()
        && (mv.is_en_passant() || mv.is_promotion() || board.piece_on(mv.to()).is_some())
}

/// Everything a position must satisfy: the hash is right, the FEN round-trips, `noisy_moves()` is
/// exactly the legal captures and promotions, and every legal move leaves the mover's king safe
/// and is taken back exactly by `unmake_move`. With `notation`, also every legal move
/// round-trips through SAN and UCI.
pub fn check_position(board: &Board0x88, options: FenOptions, notation: bool) {
    let fen = board.fen().to_string();
    assert_eq!(board.hash(), board.compute_hash(), "stale hash in {fen:?}");
    let _ = (board.to_string(), format!("{board:?}"));
    check_fen_round_trip(board, options);

    let moves = board.legal_moves();
    let captures = board.noisy_moves();
    assert_eq!(
        board.count_legal_moves(),
        moves.len() as u64,
        "move count differs in {fen:?}"
    );
    for mv in &captures {
        assert!(
            moves.contains(mv),
            "capture {mv:?} is not a legal move in {fen:?}"
        );
        assert!(
            is_tactical(board, *mv),
            "{mv:?} is neither capture nor promotion in {fen:?}"
        );
    }
    let tactical = moves.iter().filter(|&&mv| is_tactical(board, mv)).count();
    assert_eq!(
        tactical,
        captures.len(),
        "noisy_moves() misses some in {fen:?}"
    );

    let us = board.side_to_move();
    for &mv in &moves {
        let mut after = *board;
        let undo = after.make_move(mv);
        assert_eq!(
            after.hash(),
            after.compute_hash(),
            "stale hash after {mv:?} in {fen:?}"
        );
        assert_eq!(
            after.side_to_move(),
            !us,
            "side did not change after {mv:?} in {fen:?}"
        );
        assert!(
            !after.is_attacked(after.king(us), !us),
            "{mv:?} leaves the king in check in {fen:?}"
        );
        after.unmake_move(mv, undo);
        assert!(after == *board, "unmake of {mv:?} does not restore {fen:?}");
        assert_eq!(
            after.hash(),
            board.hash(),
            "unmake of {mv:?} does not restore the hash in {fen:?}"
        );
    }

    if notation {
        for &mv in &moves {
            check_notation(board, mv, &fen);
        }
    }
    check_engine_api(board, &moves);
}

/// SAN and UCI of the legal move `mv` read back as `mv`.
pub fn check_notation(board: &Board0x88, mv: Move, fen: &str) {
    let san = board.san(mv).to_string();
    assert_eq!(
        board.parse_san(&san),
        Ok(mv),
        "SAN {san:?} of {mv:?} does not read back in {fen:?}"
    );
    let uci = board.uci(mv).to_string();
    assert_eq!(
        board.parse_uci(&uci),
        Ok(mv),
        "UCI {uci:?} of {mv:?} does not read back in {fen:?}"
    );
    // King-takes-rook castling is never ambiguous; king-to-destination may name a plain king
    // move in Chess960, which then wins.
    let ktr = mv.uci(CastlingNotation::KingTakesRook).to_string();
    assert_eq!(
        board.parse_uci(&ktr),
        Ok(mv),
        "UCI {ktr:?} of {mv:?} does not read back in {fen:?}"
    );
    let ktd = mv.uci(CastlingNotation::KingToDestination).to_string();
    match board.parse_uci(&ktd) {
        Ok(read) if read == mv => {}
        Ok(read) if mv.is_castle() && board.is_chess960() && !read.is_castle() => {
            assert_eq!((read.from(), read.to()), (mv.from(), mv.king_destination()));
        }
        other => panic!("UCI {ktd:?} of {mv:?} reads as {other:?} in {fen:?}"),
    }
}

/// A parser's answer for arbitrary text: an error, or a legal move.
pub fn check_parsed(board: &Board0x88, text: &str, parsed: Result<Move, MoveError>) {
    if let Ok(mv) = parsed {
        assert!(
            board.legal_moves().contains(&mv),
            "{text:?} parsed as {mv:?}, which is not legal in {:?}",
            board.fen().to_string()
        );
    }
}

/// The questions a search asks about single moves agree with the generator: the noisy and
/// quiet moves split the legal moves, `is_legal` says yes to exactly the legal moves (also for
/// every `u16` code with the legal moves' squares and for foreign flags), every move packs
/// into 16 bits and back, `gives_check` agrees with making the move, and `see_ge` agrees with
/// `see`.
pub fn check_engine_api(board: &Board0x88, moves: &[Move]) {
    let fen = board.fen().to_string();
    let (noisy, quiet) = (board.noisy_moves(), board.quiet_moves());
    assert_eq!(
        noisy.len() + quiet.len(),
        moves.len(),
        "noisy + quiet != legal in {fen:?}"
    );
    assert!(
        quiet
            .iter()
            .all(|mv| moves.contains(mv) && !noisy.contains(mv)),
        "a quiet move is not legal or also noisy in {fen:?}"
    );
    assert_eq!(
        board.has_legal_moves(),
        !moves.is_empty(),
        "has_legal_moves in {fen:?}"
    );
    for &mv in moves {
        assert!(board.is_legal(mv), "is_legal refuses {mv:?} in {fen:?}");
        let bits = mv.to_u16();
        assert_eq!(Move::from_u16(bits), Some(mv), "u16 round trip of {mv:?}");
        // The same squares with every other kind of move.
        for code in 0..16u16 {
            if let Some(other) = Move::from_u16(bits & 0x0fff | code << 12) {
                assert_eq!(
                    board.is_legal(other),
                    moves.contains(&other),
                    "is_legal({other:?}) in {fen:?}"
                );
            }
        }
        let mut after = *board;
        after.play_unchecked(mv);
        assert_eq!(
            board.gives_check(mv),
            after.is_check(),
            "gives_check({mv:?}) in {fen:?}"
        );
        let value = board.see(mv);
        for threshold in [value - 1, value, value + 1, 0] {
            assert_eq!(
                board.see_ge(mv, threshold),
                value >= threshold,
                "see_ge({mv:?}) in {fen:?}"
            );
        }
    }
}
