//! UCI and SAN, both ways, and the checked `play`: along random playouts (standard chess from
//! several start positions, and Chess960 from random start positions) every legal move at every
//! ply round-trips through SAN and through both UCI castling notations, its SAN is minimal and
//! carries the right `+`/`#` suffix, `play` of it equals `make_move`, and `play` of a move taken
//! from another position is refused without touching the board. Then hand cases of what people
//! type, of ambiguous and of illegal moves.

use proptest::prelude::*;
use x88::{Board0x88, CastlingNotation, CastlingSide, Move, MoveError, PieceKind};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const PROMOTIONS: &str = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";

const STANDARD_FENS: [&str; 3] = [START, KIWIPETE, PROMOTIONS];

fn board(fen: &str) -> Board0x88 {
    Board0x88::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move written `uci` in standard UCI (panics if there is none).
fn mv(board: &Board0x88, uci: &str) -> Move {
    board
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{uci} in {board}: {e}"))
}

/// A piece move's SAN cut into its parts: the piece letter, the disambiguation, whether it has
/// `x`, and the destination. `None` for pawn moves and castling.
fn piece_san_parts(san: &str) -> Option<(char, &str, bool, &str)> {
    let body = san.trim_end_matches(['+', '#']);
    let piece = body.chars().next()?;
    if !"NBRQK".contains(piece) || body.len() < 3 {
        return None;
    }
    let (prefix, to) = body[1..].split_at(body.len() - 3);
    let (disambiguation, capture) = match prefix.strip_suffix('x') {
        Some(d) => (d, true),
        None => (prefix, false),
    };
    Some((piece, disambiguation, capture, to))
}

/// Writes a piece move's SAN again from its parts, with the given disambiguation.
fn piece_san(piece: char, disambiguation: &str, capture: bool, to: &str) -> String {
    format!(
        "{piece}{disambiguation}{}{to}",
        if capture { "x" } else { "" }
    )
}

/// Checks every notation property of every legal move of `board`; `foreign` are moves of other
/// positions, which must be refused here unless they are legal.
fn check_notation(board: &Board0x88, foreign: &[Move]) -> Result<(), TestCaseError> {
    let fen = board.fen().to_string();
    let moves = board.legal_moves();
    let sans: Vec<String> = moves.iter().map(|&m| board.san(m).to_string()).collect();
    let standard: Vec<String> = moves.iter().map(|m| m.to_string()).collect();

    for (i, &m) in moves.iter().enumerate() {
        let san = &sans[i];
        let uci = &standard[i];
        let ktr = m.uci(CastlingNotation::KingTakesRook).to_string();
        let ctx = format!("{uci} ({san}) in {fen}");

        // SAN round-trips and is unique.
        prop_assert_eq!(board.parse_san(san), Ok(m), "parse_san of {}", ctx);
        prop_assert_eq!(
            sans.iter().filter(|s| *s == san).count(),
            1,
            "another legal move has the SAN of {}",
            ctx
        );

        // UCI, both castling notations, and the board's own choice.
        prop_assert_eq!(board.parse_uci(&ktr), Ok(m), "king-takes-rook UCI {}", ctx);
        if standard.iter().filter(|s| *s == uci).count() == 1 {
            prop_assert_eq!(board.parse_uci(uci), Ok(m), "standard UCI of {}", ctx);
        } else {
            // Chess960 only: a castling whose king step is also a plain king move (king d1,
            // rook a1: `d1c1`). The text names the plain move; king takes rook names castling.
            prop_assert!(
                board.is_chess960(),
                "shared UCI text in standard chess: {}",
                ctx
            );
            let plain = board.parse_uci(uci);
            prop_assert!(
                plain.is_ok_and(|p| !p.is_castle() && p.to_string() == *uci),
                "{} parses to {:?}",
                ctx,
                plain
            );
        }
        let own = board.uci(m).to_string();
        if board.is_chess960() {
            prop_assert_eq!(&own, &ktr, "board.uci in Chess960: {}", ctx);
        } else {
            prop_assert_eq!(&own, uci, "board.uci in standard chess: {}", ctx);
        }
        prop_assert_eq!(
            board.parse_uci(&own),
            Ok(m),
            "board.uci round trip of {}",
            ctx
        );
        prop_assert_eq!(
            m.uci(CastlingNotation::KingToDestination).to_string(),
            uci.clone()
        );
        if !m.is_castle() {
            prop_assert_eq!(&ktr, uci, "non-castling moves are written alike: {}", ctx);
        }

        // The SAN says what the move is.
        let after = {
            let mut after = *board;
            let _ = after.make_move(m);
            after
        };
        let suffix = if !after.is_check() {
            ""
        } else if after.legal_moves().is_empty() {
            "#"
        } else {
            "+"
        };
        let body = san.strip_suffix(['+', '#']).unwrap_or(san);
        prop_assert_eq!(&san[body.len()..], suffix, "check suffix of {}", ctx);
        prop_assert!(!body.ends_with(['+', '#']), "double suffix in {}", ctx);
        let capture = m.is_en_passant() || (!m.is_castle() && board.piece_on(m.to()).is_some());
        let kind = board.kind_on(m.from());
        if m.is_castle() {
            let expected = if m.castling_side() == Some(CastlingSide::KingSide) {
                "O-O"
            } else {
                "O-O-O"
            };
            prop_assert_eq!(body, expected, "castling SAN of {}", ctx);
        } else if kind == Some(PieceKind::Pawn) {
            let to = m.to().to_string();
            let expected = match (capture, m.promotion_kind()) {
                (false, None) => to,
                (true, None) => format!("{}x{to}", m.from().file()),
                (false, Some(p)) => format!("{to}={}", p.to_char().to_ascii_uppercase()),
                (true, Some(p)) => format!(
                    "{}x{to}={}",
                    m.from().file(),
                    p.to_char().to_ascii_uppercase()
                ),
            };
            prop_assert_eq!(body, expected.as_str(), "pawn SAN of {}", ctx);
        } else {
            let parts = piece_san_parts(san);
            prop_assert!(parts.is_some(), "piece SAN {}", ctx);
            let (letter, disambiguation, has_x, to) = parts.unwrap();
            prop_assert_eq!(
                Some(letter),
                kind.map(|k| k.to_char().to_ascii_uppercase()),
                "piece letter of {}",
                ctx
            );
            prop_assert_eq!(has_x, capture, "capture mark of {}", ctx);
            prop_assert_eq!(to, m.to().to_string(), "destination of {}", ctx);
            prop_assert!(
                m.from().to_string().contains(disambiguation)
                    && (disambiguation.len() != 2 || disambiguation == m.from().to_string()),
                "disambiguation {:?} does not describe {}",
                disambiguation,
                ctx
            );
            // Minimal: every shorter disambiguation is ambiguous, and a rank is only used when
            // the file is not enough.
            let from = m.from().to_string();
            let (file, rank) = from.split_at(1);
            let shorter: &[&str] = match disambiguation.len() {
                0 => &[],
                1 if disambiguation == file => &[""],
                1 => &["", file],
                _ => &["", file, rank],
            };
            for less in shorter {
                let text = piece_san(letter, less, has_x, to);
                prop_assert_eq!(
                    board.parse_san(&text),
                    Err(MoveError::Ambiguous),
                    "{} is not needed for {}",
                    text,
                    ctx
                );
            }
            // Over-disambiguated and long forms name the same move.
            let long = piece_san(letter, &from, has_x, to);
            prop_assert_eq!(board.parse_san(&long), Ok(m), "{} for {}", long, ctx);
            let dashed = format!("{letter}{from}-{to}");
            if !capture {
                prop_assert_eq!(board.parse_san(&dashed), Ok(m), "{} for {}", dashed, ctx);
            }
        }

        // What people type instead.
        let mut variants = vec![
            format!("{san}!"),
            format!("{san}?"),
            format!("{san}!?"),
            format!(" {san} "),
        ];
        if m.is_castle() {
            variants.push(san.replace('O', "0"));
        }
        if m.is_promotion() {
            variants.push(san.replace('=', ""));
        }
        if m.is_en_passant() {
            variants.push(format!("{body}e.p."));
            variants.push(format!("{body} e.p."));
        }
        if suffix.is_empty() {
            // A wrong suffix is ignored: the move is what counts.
            variants.push(format!("{san}+"));
        }
        for text in &variants {
            prop_assert_eq!(board.parse_san(text), Ok(m), "{:?} for {}", text, ctx);
        }

        // `play` of a legal move is `make_move`.
        let mut played = *board;
        prop_assert_eq!(played.play(m), Ok(()), "play {}", ctx);
        prop_assert_eq!(played, after, "play and make_move differ: {}", ctx);
        prop_assert_eq!(played.hash(), after.hash());
        prop_assert!(board.is_legal(m));
    }

    // `play` of a move from elsewhere is refused and leaves the board as it was.
    for &other in foreign {
        if moves.contains(&other) {
            continue;
        }
        prop_assert!(!board.is_legal(other), "{:?} is legal in {}", other, fen);
        let mut copy = *board;
        prop_assert_eq!(
            copy.play(other),
            Err(MoveError::Illegal),
            "play {:?} in {}",
            other,
            fen
        );
        prop_assert_eq!(copy, *board, "play {:?} changed {}", other, fen);
        prop_assert_eq!(copy.hash(), board.hash());
    }
    Ok(())
}

/// Plays `choices` (each an index modulo the number of legal moves) from `start`, checking every
/// ply; the foreign moves are the fixed `others` and the moves of the previous ply.
fn playout(start: Board0x88, choices: &[usize], others: &[Move]) -> Result<(), TestCaseError> {
    let mut board = start;
    let mut previous: Vec<Move> = Vec::new();
    for &choice in choices.iter().chain(core::iter::once(&0)) {
        let mut foreign = previous.clone();
        foreign.extend_from_slice(others);
        check_notation(&board, &foreign)?;
        let moves = board.legal_moves();
        if moves.is_empty() {
            break;
        }
        previous = moves.to_vec();
        let _ = board.make_move(moves[choice % moves.len()]);
    }
    Ok(())
}

/// Moves of several unrelated positions, to try on the boards of a playout.
fn foreign_moves() -> Vec<Move> {
    let mut moves = Vec::new();
    for fen in [
        START,
        KIWIPETE,
        PROMOTIONS,
        "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    ] {
        moves.extend(board(fen).legal_moves());
    }
    moves.extend(Board0x88::chess960(0).unwrap().legal_moves());
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn notation_round_trips_in_standard_playouts(
        choices in prop::collection::vec(any::<usize>(), 0..=60)
    ) {
        let others = foreign_moves();
        for fen in STANDARD_FENS {
            playout(board(fen), &choices, &others)?;
        }
    }

    #[test]
    fn notation_round_trips_in_chess960_playouts(
        index in 0..960u16,
        choices in prop::collection::vec(any::<usize>(), 0..=60),
    ) {
        let others = foreign_moves();
        playout(Board0x88::chess960(index).unwrap(), &choices, &others)?;
        // The standard positions read in Chess960 mode (X-FEN castling rights).
        let fen = STANDARD_FENS[index as usize % STANDARD_FENS.len()];
        let start = Board0x88::from_fen_chess960(fen).unwrap();
        prop_assert!(start.is_chess960());
        playout(start, &choices, &others)?;
    }
}

#[test]
fn every_position_of_the_fixed_starts_passes_at_the_root() {
    let others = foreign_moves();
    let fens = [
        START,
        KIWIPETE,
        PROMOTIONS,
        "r3k2r/1P6/8/3pP3/8/8/3N4/R3K1NR w KQkq d6 0 2",
        "4Q2Q/k7/8/8/8/8/7Q/K7 w - - 0 1",
        "1k6/8/8/3N1N2/8/3N1N2/8/4K3 w - - 0 1",
        "3k4/8/8/8/R6R/8/8/R3K2R w KQ - 0 1",
        "3k4/8/8/2Q1Q3/8/2Q1Q3/8/3K4 w - - 0 1",
    ];
    for fen in fens {
        check_notation(&board(fen), &others).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
}

/// `board.parse_san(text)` in standard UCI, for short assertions.
fn san_to_uci(board: &Board0x88, text: &str) -> Result<String, MoveError> {
    board.parse_san(text).map(|m| m.to_string())
}

#[test]
fn castling_as_people_type_it() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O", "e1c1"),
        ("0-0-0", "e1c1"),
        ("0-0!", "e1g1"),
        ("O-O-O?!", "e1c1"),
        ("O-O+", "e1g1"),
    ] {
        assert_eq!(san_to_uci(&b, text).as_deref(), Ok(uci), "{text}");
    }
    // Castling that gives check: the SAN carries the `+`, and the parser takes it either way.
    let b = board("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    let castle = mv(&b, "e1g1");
    assert_eq!(b.san(castle).to_string(), "O-O+");
    for text in ["O-O+", "O-O", "0-0+", "0-0"] {
        assert_eq!(b.parse_san(text), Ok(castle), "{text}");
    }
    assert_eq!(b.parse_san("O-O-O"), Err(MoveError::Illegal));
    assert_eq!(b.parse_san("0-0-0+"), Err(MoveError::Illegal));
    // No castling in the start position.
    let start = Board0x88::default();
    assert_eq!(start.parse_san("O-O"), Err(MoveError::Illegal));
    assert_eq!(start.parse_san("0-0-0"), Err(MoveError::Illegal));
}

#[test]
fn promotions_as_people_type_them() {
    let b = board("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for (text, uci) in [
        ("e8=Q", "e7e8q"),
        ("e8Q", "e7e8q"),
        ("e8=Q+", "e7e8q"),
        ("e8Q+", "e7e8q"),
        ("e8=N", "e7e8n"),
        ("e8N", "e7e8n"),
        ("e8=R+", "e7e8r"),
        ("e8=B", "e7e8b"),
        ("exd8=Q", "e7d8q"),
        ("exd8Q", "e7d8q"),
        ("ed8=N", "e7d8n"),
        ("e7e8=Q", "e7e8q"),
        ("e7xd8=Q", "e7d8q"),
    ] {
        assert_eq!(san_to_uci(&b, text).as_deref(), Ok(uci), "{text}");
    }
    assert_eq!(b.san(mv(&b, "e7e8q")).to_string(), "e8=Q+");
    assert_eq!(b.san(mv(&b, "e7e8n")).to_string(), "e8=N");
    assert_eq!(b.san(mv(&b, "e7d8r")).to_string(), "exd8=R+");
    // Without its piece a promotion names four moves.
    assert_eq!(b.parse_san("e8"), Err(MoveError::Ambiguous));
    assert_eq!(b.parse_san("exd8"), Err(MoveError::Ambiguous));
    // No promotion to a king or a pawn, and none off the last rank.
    assert!(b.parse_san("e8=K").is_err());
    assert!(b.parse_san("e8=P").is_err());
    assert_eq!(
        board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").parse_san("e4=Q"),
        Err(MoveError::Illegal)
    );
    // UCI: the promotion letter is required, lower case.
    assert_eq!(
        b.parse_uci("e7e8q").map(|m| m.promotion_kind()),
        Ok(Some(PieceKind::Queen))
    );
    assert_eq!(b.parse_uci("e7e8"), Err(MoveError::Illegal));
    assert_eq!(b.parse_uci("e7e8Q"), Err(MoveError::Unparsable));
    assert_eq!(b.parse_uci("e7e8k"), Err(MoveError::Unparsable));
}

#[test]
fn en_passant_as_people_type_it() {
    let b = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let ep = mv(&b, "e5d6");
    assert!(ep.is_en_passant());
    assert_eq!(b.san(ep).to_string(), "exd6");
    for text in [
        "exd6",
        "exd6e.p.",
        "exd6 e.p.",
        "exd6ep",
        "ed6",
        "exd6!",
        "e5xd6",
    ] {
        assert_eq!(b.parse_san(text), Ok(ep), "{text}");
    }
}

#[test]
fn annotations_checks_and_mates() {
    let start = Board0x88::default();
    let nf3 = mv(&start, "g1f3");
    for text in [
        "Nf3", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?", "Nf3?!", "Nf3+",
    ] {
        assert_eq!(start.parse_san(text), Ok(nf3), "{text}");
    }
    // Scholar's mate.
    let b = board("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let mate = mv(&b, "h5f7");
    assert_eq!(b.san(mate).to_string(), "Qxf7#");
    for text in ["Qxf7#", "Qxf7", "Qf7", "Qxf7+", "Qh5xf7#", "Qxf7#!"] {
        assert_eq!(b.parse_san(text), Ok(mate), "{text}");
    }
    let mut after = b;
    after.play(mate).unwrap();
    assert!(after.is_check() && after.legal_moves().is_empty());
    assert_eq!(b.san(mv(&b, "c4f7")).to_string(), "Bxf7+");
    assert_eq!(b.san(mv(&b, "h5h7")).to_string(), "Qxh7");
}

#[test]
fn over_disambiguated_moves() {
    let start = Board0x88::default();
    let nf3 = mv(&start, "g1f3");
    for text in ["Ngf3", "Ng1f3", "N1f3", "Ng1-f3", "Ngf3!"] {
        assert_eq!(start.parse_san(text), Ok(nf3), "{text}");
    }
    // A disambiguation that names the wrong piece is illegal, not some other move.
    for text in ["Nbf3", "N2f3", "Nb1f3", "Nhf3"] {
        assert_eq!(start.parse_san(text), Err(MoveError::Illegal), "{text}");
    }
}

#[test]
fn ambiguity_is_reported_and_resolved() {
    // Knights on b1 and f1 both reach d2; rooks on a4 and h4 both reach d4; rooks on a1 and a4
    // both reach a2 and a3.
    let b = board("4k3/8/8/8/R6R/8/8/RN2KN2 w - - 0 1");
    assert_eq!(b.parse_san("Nd2"), Err(MoveError::Ambiguous));
    assert_eq!(san_to_uci(&b, "Nbd2").as_deref(), Ok("b1d2"));
    assert_eq!(san_to_uci(&b, "Nfd2").as_deref(), Ok("f1d2"));
    assert_eq!(b.san(mv(&b, "b1d2")).to_string(), "Nbd2");
    assert_eq!(b.san(mv(&b, "f1d2")).to_string(), "Nfd2");
    assert_eq!(b.san(mv(&b, "b1c3")).to_string(), "Nc3");
    assert_eq!(b.parse_san("Rd4"), Err(MoveError::Ambiguous));
    assert_eq!(b.san(mv(&b, "a4d4")).to_string(), "Rad4");
    assert_eq!(b.san(mv(&b, "h4d4")).to_string(), "Rhd4");
    assert_eq!(b.parse_san("Ra3"), Err(MoveError::Ambiguous));
    assert_eq!(b.parse_san("Raa3"), Err(MoveError::Ambiguous));
    assert_eq!(b.san(mv(&b, "a1a3")).to_string(), "R1a3");
    assert_eq!(b.san(mv(&b, "a4a3")).to_string(), "R4a3");
    assert_eq!(san_to_uci(&b, "R1a3").as_deref(), Ok("a1a3"));
    assert_eq!(san_to_uci(&b, "Ra1a3").as_deref(), Ok("a1a3"));
    assert_eq!(san_to_uci(&b, "R4a3").as_deref(), Ok("a4a3"));
    assert_eq!(san_to_uci(&b, "Ra4d4").as_deref(), Ok("a4d4"));
    // Both d4 rooks stand on the fourth rank: the rank does not tell them apart.
    assert_eq!(b.parse_san("R4d4"), Err(MoveError::Ambiguous));
    // Four queens around c4: each needs its whole square.
    let b = board("7k/8/8/1Q1Q4/8/1Q1Q4/8/K7 w - - 0 1");
    assert_eq!(b.san(mv(&b, "b5c4")).to_string(), "Qb5c4");
    assert_eq!(b.san(mv(&b, "d3c4")).to_string(), "Qd3c4");
    for text in ["Qc4", "Qbc4", "Q5c4", "Qdc4", "Q3c4"] {
        assert_eq!(b.parse_san(text), Err(MoveError::Ambiguous), "{text}");
    }
    // Two pawns can take on d5.
    let b = board("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1");
    assert_eq!(san_to_uci(&b, "cxd5").as_deref(), Ok("c4d5"));
    assert_eq!(san_to_uci(&b, "exd5").as_deref(), Ok("e4d5"));
    assert_eq!(b.san(mv(&b, "c4d5")).to_string(), "cxd5");
}

#[test]
fn illegal_moves_are_reported() {
    let start = Board0x88::default();
    for text in [
        "Nd4", "e5", "Ke2", "Bb5", "Qh5", "Ra3", "exd5", "O-O", "O-O-O", "e1", "a8=Q", "Kxe2",
    ] {
        assert_eq!(start.parse_san(text), Err(MoveError::Illegal), "{text}");
    }
    // The `x` is optional both ways: its presence on a quiet move is not checked.
    assert_eq!(san_to_uci(&start, "Nxf3").as_deref(), Ok("g1f3"));
    // The pinned knight cannot move; the king cannot walk into check.
    let b = board("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    for text in ["Nc3", "Nf4", "Ng1", "Ke2"] {
        assert_eq!(b.parse_san(text), Err(MoveError::Illegal), "{text}");
    }
    assert_eq!(san_to_uci(&b, "Kd2").as_deref(), Ok("e1d2"));
    for uci in ["e2c3", "e2f4", "e1e2", "e2e4", "e7e1"] {
        assert_eq!(b.parse_uci(uci), Err(MoveError::Illegal), "{uci}");
    }
    // Black's moves when white is to move.
    assert_eq!(start.parse_san("e5"), Err(MoveError::Illegal));
    assert_eq!(start.parse_uci("e7e5"), Err(MoveError::Illegal));
    assert_eq!(start.parse_uci("e1g1"), Err(MoveError::Illegal));
    assert_eq!(start.parse_uci("e1h1"), Err(MoveError::Illegal));
}

#[test]
fn garbage_is_unparsable() {
    let b = board(KIWIPETE);
    for text in [
        "", " ", "x", "N", "Nf", "Z4", "e9", "i4", "N@f3", "O-O-O-O", "OO", "o-o", "e4e5e6",
        "Nf3f3f3", "Qxx", "++", "é4", "Ne4\0", "1-0", "*",
    ] {
        assert_eq!(b.parse_san(text), Err(MoveError::Unparsable), "{text:?}");
    }
    for text in [
        "", "e2", "e2e", "e2e4e", "e2-e4", "E2E4", "e2e4 ", " e2e4", "e2e4qq", "e2e9", "i2i4",
        "0000", "é2e4", "O-O",
    ] {
        assert_eq!(b.parse_uci(text), Err(MoveError::Unparsable), "{text:?}");
    }
}

#[test]
fn uci_castling_in_both_notations() {
    let b = board(KIWIPETE);
    let short = mv(&b, "e1g1");
    let long = mv(&b, "e1c1");
    assert!(short.is_castle() && long.is_castle());
    assert_eq!(b.parse_uci("e1h1"), Ok(short));
    assert_eq!(b.parse_uci("e1a1"), Ok(long));
    assert_eq!(short.to_string(), "e1g1");
    assert_eq!(
        short.uci(CastlingNotation::KingTakesRook).to_string(),
        "e1h1"
    );
    assert_eq!(
        long.uci(CastlingNotation::KingTakesRook).to_string(),
        "e1a1"
    );
    assert_eq!(
        short.uci(CastlingNotation::KingToDestination).to_string(),
        "e1g1"
    );
    assert_eq!(
        CastlingNotation::default(),
        CastlingNotation::KingToDestination
    );
    // The board writes standard chess's notation, and king takes rook in Chess960 mode.
    assert_eq!(b.uci(short).to_string(), "e1g1");
    let b960 = Board0x88::from_fen_chess960(KIWIPETE).unwrap();
    assert_eq!(b960.parse_uci("e1g1"), Ok(short));
    assert_eq!(b960.uci(short).to_string(), "e1h1");
    assert_eq!(b960.uci(long).to_string(), "e1a1");
    // A promotion letter on castling is refused.
    assert_eq!(b.parse_uci("e1g1q"), Err(MoveError::Illegal));
    assert_eq!(b.parse_uci("e1h1q"), Err(MoveError::Illegal));
}

#[test]
fn play_refuses_and_keeps_the_board() {
    let mut b = board(KIWIPETE);
    let before = b;
    // A black move, a move from another position, castling through the d-file after Bd2 left.
    for other in [
        mv(&board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"), "e8g8"),
        mv(&Board0x88::default(), "g1f3"),
        mv(&board("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "a1a8"),
        mv(&board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"), "e5d6"),
    ] {
        assert_eq!(b.play(other), Err(MoveError::Illegal), "{other:?}");
        assert_eq!(b, before);
        assert_eq!(b.hash(), before.hash());
    }
    // A move with the squares of a legal one but not its kind: d5xe6 is a plain capture in
    // Kiwipete, an en passant capture elsewhere.
    let ep = mv(&board("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"), "d5e6");
    assert!(ep.is_en_passant());
    assert_eq!(b.play(ep), Err(MoveError::Illegal));
    assert_eq!(b, before);
    let plain = mv(&b, "d5e6");
    assert!(!plain.is_en_passant());
    assert_eq!(b.play(plain), Ok(()));
    let mut made = before;
    let _ = made.make_move(plain);
    assert_eq!(b, made);
}
