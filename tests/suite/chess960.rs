//! Chess960: every count of the Chess960 perft suite (tests/data/chess960.epd) with its FEN
//! printed back as Shredder-FEN; the 960 start positions of `Board0x88::chess960`; X-FEN castling
//! rights; the Chess960 castling rules on hand-made positions with their exact castling moves;
//! make/unmake of castling; and random playouts from random start positions against cozy-chess
//! in Chess960 mode, with castling written as the king taking its rook on both sides.

use cozy_chess::{Board as CozyBoard, Move as CozyMove};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use x88::{
    Board0x88, CastlingNotation, CastlingRights, CastlingSide, Chess960IndexError, Color, FenError,
    FenOptions, File, Move, Piece, PieceKind, Rank, START_FEN, Square, perft,
};

const SUITE: &str = common::CHESS960_EPD;

/// Splits the suite into this many tests so that the harness runs them in parallel.
const CHUNKS: usize = 4;

const LENIENT_960: FenOptions = FenOptions {
    chess960: true,
    lenient: true,
};

use crate::common;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Checks every count of the lines `i` with `i % CHUNKS == chunk`; returns how many.
fn run_chunk(chunk: usize) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (number, line) in SUITE
        .lines()
        .enumerate()
        .filter(|(i, _)| i % CHUNKS == chunk)
    {
        let line_no = number + 1;
        let (fen, counts) = common::parse_epd_line(line);
        let lenient = Board0x88::from_fen_with(fen, LENIENT_960)
            .unwrap_or_else(|e| panic!("line {line_no}: lenient: {fen}: {e}"));
        let mut board = Board0x88::from_fen_chess960(fen)
            .unwrap_or_else(|e| panic!("line {line_no}: strict: {fen}: {e}"));
        assert_eq!(board, lenient, "line {line_no}: the two loaders differ");
        assert!(board.is_chess960(), "line {line_no}");
        assert_eq!(board.fen().to_string(), fen, "line {line_no}: Shredder-FEN");
        assert_eq!(board.hash(), board.compute_hash(), "line {line_no}");
        let before = board;
        let label = format!("line {line_no}: {fen}");
        checked += common::check_counts(&mut board, &counts, u64::MAX, &label, &mut failures);
        assert_eq!(board, before, "line {line_no}: perft changed the board");
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn chess960_suite_part_0() {
    assert_eq!(run_chunk(0), 100);
}

#[test]
fn chess960_suite_part_1() {
    assert_eq!(run_chunk(1), 100);
}

#[test]
fn chess960_suite_part_2() {
    assert_eq!(run_chunk(2), 100);
}

#[test]
fn chess960_suite_part_3() {
    assert_eq!(run_chunk(3), 100);
}

#[test]
fn the_suite_is_all_there() {
    assert_eq!(SUITE.lines().count(), 100);
    let counts: Vec<(u32, u64)> = SUITE
        .lines()
        .flat_map(|l| common::parse_epd_line(l).1)
        .collect();
    assert_eq!(counts.len(), 400);
    let nodes: u64 = counts.iter().map(|&(_, n)| n).sum();
    assert!((59_000_000..60_000_000).contains(&nodes), "{nodes}");
}

// ---------------------------------------------------------------------------------------------
// Start positions.

/// The back rank of `board` on `rank`, as piece kinds a-file first.
fn back_rank(board: &Board0x88, rank: Rank) -> Vec<PieceKind> {
    File::ALL
        .into_iter()
        .map(|file| {
            board
                .kind_on(Square::new(file, rank))
                .unwrap_or_else(|| panic!("empty {file}{rank} in {board}"))
        })
        .collect()
}

/// The castling moves of `board` in king-takes-rook UCI, sorted.
fn castles(board: &Board0x88) -> Vec<String> {
    let mut moves: Vec<String> = board
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| m.uci(CastlingNotation::KingTakesRook).to_string())
        .collect();
    moves.sort();
    moves
}

/// All legal moves of `board` in king-takes-rook UCI.
fn x88_moves(board: &Board0x88) -> BTreeSet<String> {
    board
        .legal_moves()
        .iter()
        .map(|m| m.uci(CastlingNotation::KingTakesRook).to_string())
        .collect()
}

/// cozy-chess's legal moves, by their UCI text (castling as king takes rook).
fn cozy_moves(board: &CozyBoard) -> BTreeMap<String, CozyMove> {
    let mut moves = BTreeMap::new();
    board.generate_moves(|piece_moves| {
        for mv in piece_moves {
            moves.insert(mv.to_string(), mv);
        }
        false
    });
    moves
}

fn cozy_set(board: &CozyBoard) -> BTreeSet<String> {
    cozy_moves(board).into_keys().collect()
}

fn cozy_960(fen: &str) -> CozyBoard {
    CozyBoard::from_fen(fen, true).unwrap_or_else(|e| panic!("cozy-chess rejects {fen}: {e:?}"))
}

#[test]
fn all_960_start_positions() {
    let mut placements = HashSet::new();
    let mut with_castling = 0;
    for n in 0..960u16 {
        let board = Board0x88::chess960(n).unwrap_or_else(|e| panic!("{n}: {e}"));
        let fen = board.fen().to_string();
        let ctx = format!("position {n}: {fen}");
        assert!(board.is_chess960(), "{ctx}");

        // The same position as cozy-chess builds from the same Scharnagl number.
        let cozy = CozyBoard::chess960_startpos(u32::from(n));
        assert_eq!(fen, format!("{cozy:#}"), "{ctx}");

        let placement = fen.split(' ').next().unwrap().to_string();
        assert!(placements.insert(placement), "{ctx} seen twice");

        // Bishops on opposite colours, king between the rooks, black mirrors white.
        let white = back_rank(&board, Rank::First);
        let black = back_rank(&board, Rank::Eighth);
        assert_eq!(white, black, "{ctx}");
        let files_of =
            |kind: PieceKind| -> Vec<usize> { (0..8).filter(|&f| white[f] == kind).collect() };
        let bishops = files_of(PieceKind::Bishop);
        let rooks = files_of(PieceKind::Rook);
        let king = files_of(PieceKind::King);
        assert_eq!(bishops.len(), 2, "{ctx}");
        assert_ne!(
            bishops[0] % 2,
            bishops[1] % 2,
            "{ctx}: bishops on one colour"
        );
        assert_eq!(files_of(PieceKind::Knight).len(), 2, "{ctx}");
        assert_eq!(files_of(PieceKind::Queen).len(), 1, "{ctx}");
        assert_eq!((rooks.len(), king.len()), (2, 1), "{ctx}");
        assert!(
            rooks[0] < king[0] && king[0] < rooks[1],
            "{ctx}: king between rooks"
        );
        for file in File::ALL {
            for (rank, color) in [(Rank::Second, Color::White), (Rank::Seventh, Color::Black)] {
                assert!(
                    board.piece_on(Square::new(file, rank))
                        == Some(Piece::new(color, PieceKind::Pawn)),
                    "{ctx}: pawns"
                );
            }
            for rank in [Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth] {
                assert!(board.piece_on(Square::new(file, rank)).is_none(), "{ctx}");
            }
        }

        // State: white to move, all four rights on the rooks found above.
        assert_eq!(board.side_to_move(), Color::White, "{ctx}");
        assert_eq!(board.en_passant(), None, "{ctx}");
        assert_eq!((board.halfmove_clock(), board.fullmove_number()), (0, 1));
        assert_eq!(board.castling_rights(), CastlingRights::all(), "{ctx}");
        for (color, rank) in [(Color::White, Rank::First), (Color::Black, Rank::Eighth)] {
            let file = |f: usize| Some(Square::new(File::ALL[f], rank));
            assert_eq!(
                board.castling_rook(color, CastlingSide::QueenSide),
                file(rooks[0]),
                "{ctx}"
            );
            assert_eq!(
                board.castling_rook(color, CastlingSide::KingSide),
                file(rooks[1]),
                "{ctx}"
            );
            assert_eq!(board.king(color), file(king[0]).unwrap(), "{ctx}");
        }
        assert_eq!(board.hash(), board.compute_hash(), "{ctx}");
        assert_eq!(Board0x88::from_fen_chess960(&fen), Ok(board), "{ctx}");

        // 16 pawn moves, a knight's one or two moves to the third rank, plus castling where king
        // and rook stand side by side on d1/c1 (queen side) or f1/g1 (king side): only then are
        // the squares they cross and land on all theirs.
        let knight_moves: usize = files_of(PieceKind::Knight)
            .iter()
            .map(|&f| usize::from(f > 0) + usize::from(f < 7))
            .sum();
        let expected_castles: Vec<String> = [
            (king[0] == 3 && rooks[0] == 2).then(|| "d1c1".to_string()),
            (king[0] == 5 && rooks[1] == 6).then(|| "f1g1".to_string()),
        ]
        .into_iter()
        .flatten()
        .collect();
        with_castling += usize::from(!expected_castles.is_empty());
        assert_eq!(castles(&board), expected_castles, "{ctx}");
        assert_eq!(
            board.legal_moves().len(),
            16 + knight_moves + expected_castles.len(),
            "{ctx}"
        );
        assert_eq!(x88_moves(&board), cozy_set(&cozy), "{ctx}");
        let mut copy = board;
        assert_eq!(perft(&mut copy, 3), common::cozy_perft(&cozy, 3), "{ctx}");
    }
    assert_eq!(placements.len(), 960);
    assert!(with_castling > 0);
}

#[test]
fn position_518_is_the_standard_start() {
    let board = Board0x88::chess960(518).unwrap();
    let standard = Board0x88::start_position();
    assert_eq!(
        board.fen().to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        board.fen().to_string().split(' ').next(),
        START_FEN.split(' ').next()
    );
    assert_eq!(board.castling_rights(), standard.castling_rights());
    assert_eq!(board.hash(), standard.hash());
    assert_eq!(x88_moves(&board), x88_moves(&standard));
    assert!(!standard.is_chess960());
    assert_eq!(Board0x88::from_fen_chess960(START_FEN), Ok(board));
    let mut board = board;
    assert_eq!(perft(&mut board, 4), 197_281);
    // Position 0, the first of Scharnagl's table.
    assert_eq!(
        Board0x88::chess960(0).unwrap().fen().to_string(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
    assert_eq!(
        Board0x88::chess960(959).unwrap().fen().to_string(),
        "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"
    );
}

#[test]
fn numbers_from_960_are_errors() {
    for n in [960, 961, 1000, 4096, u16::MAX] {
        let err = Board0x88::chess960(n).unwrap_err();
        assert_eq!(err, Chess960IndexError { index: n });
        assert!(err.to_string().contains(&n.to_string()), "{err}");
    }
    assert!(Board0x88::chess960(959).is_ok());
}

// ---------------------------------------------------------------------------------------------
// X-FEN.

#[test]
fn x_fen_names_the_outermost_rooks_and_files_the_inner_ones() {
    // Rooks on a1 and b1 (and a8, b8) on the queen side, h1 (h8) on the king side.
    let placement = "rr2k2r/8/8/8/8/8/8/RR2K2R";
    let fen = |castling: &str| format!("{placement} w {castling} - 0 1");
    let outer = Board0x88::from_fen_chess960(&fen("KQkq")).unwrap();
    assert_eq!(
        outer.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(sq("a1"))
    );
    assert_eq!(
        outer.castling_rook(Color::White, CastlingSide::KingSide),
        Some(sq("h1"))
    );
    assert_eq!(
        outer.castling_rook(Color::Black, CastlingSide::QueenSide),
        Some(sq("a8"))
    );
    assert_eq!(
        outer.castling_rook(Color::Black, CastlingSide::KingSide),
        Some(sq("h8"))
    );
    assert_eq!(outer.fen().to_string(), fen("HAha"));
    assert_eq!(Board0x88::from_fen_chess960(&fen("HAha")), Ok(outer));
    assert_eq!(Board0x88::from_fen_chess960(&fen("KAkq")), Ok(outer));
    // The a1 rook cannot castle: it would cross b1, where the other rook stands.
    assert_eq!(castles(&outer), ["e1h1"]);

    let inner = Board0x88::from_fen_chess960(&fen("KBkb")).unwrap();
    assert_eq!(
        inner.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(sq("b1"))
    );
    assert_eq!(
        inner.castling_rook(Color::Black, CastlingSide::QueenSide),
        Some(sq("b8"))
    );
    assert_eq!(inner.fen().to_string(), fen("HBhb"));
    assert_eq!(Board0x88::from_fen_chess960(&fen("HBhb")), Ok(inner));
    assert_eq!(castles(&inner), ["e1b1", "e1h1"]);
    let long = inner.parse_uci("e1b1").unwrap();
    assert_eq!(inner.parse_uci("e1c1"), Ok(long));
    let mut after = inner;
    after.play(long).unwrap();
    assert_eq!(
        after.fen().to_string(),
        "rr2k2r/8/8/8/8/8/8/R1KR3R b hb - 1 1"
    );
    for (board, shredder) in [(outer, "HAha"), (inner, "HBhb")] {
        let cozy = cozy_960(&fen(shredder));
        assert_eq!(x88_moves(&board), cozy_set(&cozy), "{shredder}");
    }

    // A file letter in standard chess is an error; KQkq there means the corner rooks.
    assert_eq!(
        Board0x88::from_fen(&fen("KBkb")),
        Err(FenError::BadCastling)
    );
    let standard = Board0x88::from_fen(&fen("KQkq")).unwrap();
    assert_eq!(
        standard.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(sq("a1"))
    );
    assert_eq!(standard.fen().to_string(), fen("KQkq"));

    // Two rooks on the king side: K is the h-file one, G the g-file one.
    let placement = "1k4rr/6p1/8/8/8/8/8/1K4RR";
    let fen = |castling: &str| format!("{placement} w {castling} - 0 1");
    let outer = Board0x88::from_fen_chess960(&fen("Kk")).unwrap();
    assert_eq!(
        outer.castling_rook(Color::White, CastlingSide::KingSide),
        Some(sq("h1"))
    );
    assert_eq!(outer.fen().to_string(), fen("Hh"));
    assert!(castles(&outer).is_empty(), "the g1 rook is in the way");
    let inner = Board0x88::from_fen_chess960(&fen("Gg")).unwrap();
    assert_eq!(
        inner.castling_rook(Color::Black, CastlingSide::KingSide),
        Some(sq("g8"))
    );
    assert_eq!(inner.fen().to_string(), fen("Gg"));
    assert_eq!(castles(&inner), ["b1g1"]);

    // Letters naming no rook, or the king's own file, are refused.
    for castling in ["C", "E", "Kc", "HH", "KH", "-K"] {
        let result =
            Board0x88::from_fen_chess960(&format!("rr2k2r/8/8/8/8/8/8/RR2K2R w {castling} - 0 1"));
        assert!(result.is_err(), "{castling}: {result:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Castling rules.

/// A Chess960 board (panics if refused).
fn b960(fen: &str) -> Board0x88 {
    Board0x88::from_fen_chess960(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Checks that `fen` has exactly the castling moves `expected` (king takes rook), that all its
/// legal moves agree with cozy-chess, and that each castling makes and unmakes cleanly and
/// leads to the position cozy-chess reaches.
fn check_castling(fen: &str, expected: &[&str]) {
    let board = b960(fen);
    assert_eq!(castles(&board), expected, "castling moves of {fen}");
    let cozy = cozy_960(fen);
    assert_eq!(x88_moves(&board), cozy_set(&cozy), "legal moves of {fen}");
    for mv in board.legal_moves().into_iter().filter(|m| m.is_castle()) {
        check_make_unmake(&board, mv);
        let mut ours = board;
        let _ = ours.make_move(mv);
        let mut theirs = cozy.clone();
        theirs.play(cozy_moves(&cozy)[&mv.uci(CastlingNotation::KingTakesRook).to_string()]);
        assert_eq!(
            ours.fen().to_string(),
            format!("{theirs:#}"),
            "after {mv:?} in {fen}"
        );
        assert_eq!(
            board.san(mv).to_string().trim_end_matches('+'),
            if mv.castling_side() == Some(CastlingSide::KingSide) {
                "O-O"
            } else {
                "O-O-O"
            }
        );
    }
}

/// Make and unmake `mv` on `board`: the hash is right after the move, and the board and hash
/// are restored after it.
fn check_make_unmake(board: &Board0x88, mv: Move) {
    let mut copy = *board;
    let undo = copy.make_move(mv);
    assert_eq!(
        copy.hash(),
        copy.compute_hash(),
        "hash after {mv:?} in {board}"
    );
    copy.unmake_move(mv, undo);
    assert_eq!(copy, *board, "unmake {mv:?}");
    assert_eq!(
        copy.hash(),
        board.hash(),
        "hash after unmake {mv:?} in {board}"
    );
    assert_eq!(copy.fen().to_string(), board.fen().to_string());
    assert_eq!(
        copy.legal_moves().as_slice(),
        board.legal_moves().as_slice()
    );
}

#[test]
fn king_already_on_its_destination() {
    // King g1, rook h1: the king stays, the rook goes to f1.
    let fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
    check_castling(fen, &["g1h1"]);
    let board = b960(fen);
    let castle = board.parse_uci("g1h1").unwrap();
    assert!(castle.is_castle() && castle.castling_side() == Some(CastlingSide::KingSide));
    assert_eq!(castle.to_string(), "g1g1");
    assert_eq!(board.parse_uci("g1g1"), Ok(castle));
    assert_eq!(board.uci(castle).to_string(), "g1h1");
    assert_eq!(board.san(castle).to_string(), "O-O");
    let mut after = board;
    after.play(castle).unwrap();
    assert_eq!(after.fen().to_string(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Queen side: king c1 with rook a1 stays on c1, the rook goes to d1.
    check_castling("4k3/8/8/8/8/8/8/R1K5 w A - 0 1", &["c1a1"]);
    // Black.
    check_castling("6kr/8/8/8/8/8/8/4K3 b h - 0 1", &["g8h8"]);
    check_castling("r1k5/8/8/8/8/8/8/4K3 b a - 0 1", &["c8a8"]);
}

#[test]
fn rook_on_the_kings_destination() {
    // King b1, rook g1: the king goes to g1, where the rook stands, the rook to f1.
    check_castling("4k3/8/8/8/8/8/8/1K4R1 w G - 0 1", &["b1g1"]);
    // King e1, rook g1: both notations write e1g1, and e1g1 is not a plain king move.
    let fen = "4k3/8/8/8/8/8/8/4K1R1 w G - 0 1";
    check_castling(fen, &["e1g1"]);
    let board = b960(fen);
    let castle = board.parse_uci("e1g1").unwrap();
    assert!(castle.is_castle());
    assert_eq!(castle.to_string(), "e1g1");
    // Queen side: king e1, rook c1.
    check_castling("4k3/8/8/8/8/8/8/2R1K3 w C - 0 1", &["e1c1"]);
    // Rook on the king's square's neighbour, and the king on the rook's destination: f1/h1
    // and d1/a1. The king's step (f1g1, d1c1) is then also a plain king move, which is what
    // that text names; king takes rook names castling.
    for (fen, castle, step) in [
        ("4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1h1", "f1g1"),
        ("4k3/8/8/8/8/8/8/R2K4 w A - 0 1", "d1a1", "d1c1"),
    ] {
        check_castling(fen, &[castle]);
        let board = b960(fen);
        let plain = board.parse_uci(step).unwrap();
        assert!(!plain.is_castle(), "{fen}");
        assert!(board.parse_uci(castle).unwrap().is_castle(), "{fen}");
        assert_eq!(board.parse_uci(castle).unwrap().to_string(), step);
    }
    // King and rook swap squares, on each side at once.
    check_castling("4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1", &["f1b1", "f1g1"]);
    check_castling("4k3/8/8/8/8/8/8/2RK2R1 w GC - 0 1", &["d1c1", "d1g1"]);
}

#[test]
fn castling_blocked_by_a_piece_between() {
    // On the king's path.
    check_castling("4k3/8/8/8/8/8/8/1K1N2R1 w G - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/1K1n2R1 w G - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/1K4R1 w G - 0 1", &["b1g1"]);
    // Only on the rook's path.
    check_castling("4k3/8/8/8/8/8/8/RN3K2 w A - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/R4K2 w A - 0 1", &["f1a1"]);
    // On the rook's destination, beyond the king's path.
    check_castling("4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/RK1b4 w A - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/RK6 w A - 0 1", &["b1a1"]);
    // On the king's destination, beyond the rook's path.
    check_castling("4k3/8/8/8/8/8/8/4KRB1 w F - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", &["e1f1"]);
    // Another rook is in the way like any piece; each castling rook only clears its own path.
    check_castling("4k3/8/8/8/8/8/8/R1R1K3 w A - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", &["e1b1", "e1g1"]);
}

#[test]
fn castling_through_or_into_check() {
    // The king would cross d1, attacked by the rook on d8.
    check_castling("3rk3/8/8/8/8/8/8/1K4R1 w G - 0 1", &[]);
    // The king's destination g1 is attacked.
    check_castling("4k1r1/8/8/8/8/8/8/1K5R w H - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/1K5R w H - 0 1", &["b1h1"]);
    // The king is in check.
    check_castling("4k3/8/8/8/8/3b4/8/RK6 w A - 0 1", &[]);
    // Only the rook's path and destination are attacked: castling is legal.
    check_castling("3rk3/8/8/8/8/8/8/RK6 w A - 0 1", &["b1a1"]);
    check_castling("2r1k3/8/8/8/8/8/8/1K4R1 w G - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/RKq5 w A - 0 1", &[]);
}

#[test]
fn a_rook_that_shields_the_king_is_not_free_to_go() {
    // The rook b1 stands between the king c1 and the black rook a1; castling would take it to d1
    // and leave the king (which stays on c1) in check.
    check_castling("4k3/8/8/8/8/8/8/rRK5 w B - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/1RK5 w B - 0 1", &["c1b1"]);
    check_castling("4k3/8/8/8/8/8/8/qRK5 w B - 0 1", &[]);
    // The king goes from d1 to c1, which the black rook attacks once the rook b1 has left.
    check_castling("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", &[]);
    check_castling("4k3/8/8/8/8/8/8/1R1K4 w B - 0 1", &["d1b1"]);
    // Black.
    check_castling("Rrk5/8/8/8/8/8/8/4K3 b b - 0 1", &[]);
    check_castling("1rk5/8/8/8/8/8/8/4K3 b b - 0 1", &["c8b8"]);
}

#[test]
fn castling_rights_after_moves() {
    // Moving the castling rook or the king ends the rights; castling ends both.
    let board = b960("r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1");
    let play = |board: Board0x88, uci: &str| {
        let mut copy = board;
        copy.play(copy.parse_uci(uci).unwrap()).unwrap();
        copy.fen().to_string()
    };
    assert_eq!(play(board, "e1g1"), "r3k2r/8/8/8/8/8/8/1R3RK1 b ha - 1 1");
    assert_eq!(play(board, "e1b1"), "r3k2r/8/8/8/8/8/8/2KR2R1 b ha - 1 1");
    assert_eq!(play(board, "b1a1"), "r3k2r/8/8/8/8/8/8/R3K1R1 b Gha - 1 1");
    assert_eq!(play(board, "g1g7"), "r3k2r/6R1/8/8/8/8/8/1R2K3 b Bha - 1 1");
    assert_eq!(play(board, "e1e2"), "r3k2r/8/8/8/8/8/4K3/1R4R1 b ha - 1 1");
    // Taking a castling rook ends its right too.
    let capture = b960("r3k2r/8/8/8/8/8/8/R3K1R1 w GAha - 0 1");
    assert_eq!(play(capture, "a1a8"), "R3k2r/8/8/8/8/8/8/4K1R1 b Gh - 0 1");
    for mv in capture.legal_moves() {
        check_make_unmake(&capture, mv);
    }
    for mv in board.legal_moves() {
        check_make_unmake(&board, mv);
    }
}

// ---------------------------------------------------------------------------------------------
// Differential playouts.

/// The FEN fields but the en passant square (cozy-chess writes it after every double push).
fn fields_but_en_passant(fen: &str) -> Vec<String> {
    fen.split(' ')
        .enumerate()
        .filter(|&(i, _)| i != 3)
        .map(|(_, field)| field.to_string())
        .collect()
}

/// Plays `choices` from `ours`/`theirs`, comparing the legal moves and the FEN at every ply,
/// making and unmaking every move, and perft(2) at the end. A choice divisible by 3 plays
/// castling when there is one, so that castling happens often.
fn playout(
    mut ours: Board0x88,
    mut theirs: CozyBoard,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    for step in 0..=choices.len() {
        let printed = ours.fen().to_string();
        let moves = x88_moves(&ours);
        let cozy = cozy_moves(&theirs);
        let cozy_keys: BTreeSet<String> = cozy.keys().cloned().collect();
        prop_assert_eq!(&moves, &cozy_keys, "legal moves in {}", printed);
        prop_assert_eq!(
            fields_but_en_passant(&printed),
            fields_but_en_passant(&format!("{theirs:#}")),
            "FEN"
        );
        let reparsed = Board0x88::from_fen_chess960(&printed);
        prop_assert_eq!(reparsed, Ok(ours), "reparsing {}", printed);
        prop_assert_eq!(ours.hash(), ours.compute_hash(), "hash of {}", printed);

        let list = ours.legal_moves();
        for &mv in &list {
            let mut copy = ours;
            let undo = copy.make_move(mv);
            prop_assert_eq!(
                copy.hash(),
                copy.compute_hash(),
                "hash after {:?} in {}",
                mv,
                printed
            );
            prop_assert_eq!(
                ours.hash_after(mv),
                copy.hash(),
                "hash_after {:?} in {}",
                mv,
                printed
            );
            copy.unmake_move(mv, undo);
            prop_assert_eq!(copy, ours, "unmake {:?} in {}", mv, printed);
            prop_assert_eq!(copy.hash(), ours.hash());
        }
        let Some(&choice) = choices.get(step) else {
            break;
        };
        if list.is_empty() {
            break;
        }
        let castles: Vec<Move> = list.iter().copied().filter(|m| m.is_castle()).collect();
        let mv = if choice % 3 == 0 && !castles.is_empty() {
            castles[choice / 3 % castles.len()]
        } else {
            list[choice % list.len()]
        };
        let text = mv.uci(CastlingNotation::KingTakesRook).to_string();
        let _ = ours.make_move(mv);
        theirs.play_unchecked(cozy[&text]);
    }
    let fen = ours.fen().to_string();
    prop_assert_eq!(
        perft(&mut ours, 2),
        common::cozy_perft(&theirs, 2),
        "perft 2 of {}",
        fen
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_chess960_playouts_agree_with_cozy_chess(
        index in 0..960u16,
        choices in prop::collection::vec(any::<usize>(), 0..=80),
    ) {
        let ours = Board0x88::chess960(index).unwrap();
        let theirs = CozyBoard::chess960_startpos(u32::from(index));
        playout(ours, theirs, &choices)?;
    }

    #[test]
    fn random_playouts_from_the_suite_agree_with_cozy_chess(
        line in 0..100usize,
        choices in prop::collection::vec(any::<usize>(), 0..=40),
    ) {
        let (fen, _) = common::parse_epd_line(SUITE.lines().nth(line).unwrap());
        playout(b960(fen), cozy_960(fen), &choices)?;
    }
}
