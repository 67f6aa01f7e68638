//! Properties of the engine-facing API (issue 13, item 10), over random positions reached by
//! random legal play from the perft suite positions: the noisy/quiet split of the legal moves,
//! `is_legal` for any `Move` value, the 16-bit move packing, `gives_check`, `see` against a
//! brute-force exchange and `see_ge` against `see`, the index and set types, and the board's queries.
//!
//! The oracles are written here, independently of the crate's tables: attacks by a plain walk
//! over files and ranks, the exchange by a brute-force minimax on a scratch board.
//!
//! Each property is one `#[test]` running one closure-style `proptest!`, so that after the run
//! it can assert (and print, with `--nocapture`) how much it actually checked.

use proptest::prelude::*;
use std::cell::Cell;
use std::collections::HashSet;
use std::sync::LazyLock;
use x88::{
    Board0x88, Color, FenOptions, File, Move, MoveList, Piece, PieceKind, Rank, SEE_VALUES, Square,
    SquareSet,
};

use crate::common;
use common::Visit;

// ---------------------------------------------------------------------------------------------
// Positions

/// The bundled perft suites, loaded once: the standard one and the Chess960 one.
static SUITES: LazyLock<[Vec<Board0x88>; 2]> = LazyLock::new(|| {
    [
        common::suite_boards(common::STANDARD_EPD, false),
        common::suite_boards(common::CHESS960_EPD, true),
    ]
});

/// The random playouts of one test case: the moves they pick, and which standard and Chess960
/// suite positions they also start from.
#[derive(Clone, Debug)]
struct Playouts {
    choices: Vec<usize>,
    standard: prop::sample::Index,
    chess960: prop::sample::Index,
}

fn playouts() -> impl Strategy<Value = Playouts> {
    (
        prop::collection::vec(any::<usize>(), 0..=60),
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
    )
        .prop_map(|(choices, standard, chess960)| Playouts {
            choices,
            standard,
            chess960,
        })
}

/// Every position of the case's playouts: from each of the five chessprogramming.org perft
/// positions, one position of the standard suite and one of the Chess960 suite, the same
/// choices picking the moves.
fn case_positions(case: &Playouts) -> Vec<Visit> {
    let [standard, chess960] = &*SUITES;
    common::START_FENS
        .iter()
        .map(|fen| Board0x88::from_fen(fen).expect("a start FEN"))
        .chain([
            standard[case.standard.index(standard.len())],
            chess960[case.chess960.index(chess960.len())],
        ])
        .flat_map(|start| common::playout(start, &case.choices))
        .collect()
}

/// `cases` test cases; failures are printed (with the shrunk case), not saved to a file.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A counter the (shared, `Fn`) test closure can add to.
#[derive(Default)]
struct Count(Cell<u64>);

impl Count {
    fn add(&self, n: usize) {
        self.0.set(self.0.get() + n as u64);
    }

    fn get(&self) -> u64 {
        self.0.get()
    }

    fn array<const N: usize>() -> [Count; N] {
        std::array::from_fn(|_| Count::default())
    }
}

// ---------------------------------------------------------------------------------------------
// Independent oracles

/// What stands on each square, by index (a1 = 0, h8 = 63): a scratch board of the test's own.
type Cells = [Option<(Color, PieceKind)>; 64];

fn cells_of(board: &Board0x88) -> Cells {
    let mut cells = [None; 64];
    for (i, cell) in cells.iter_mut().enumerate() {
        let sq = Square::from_index(i).expect("an index below 64");
        *cell = board
            .piece_on(sq)
            .map(|piece| (piece.color(), piece.kind()));
    }
    cells
}

/// The index of the square on `file` and `rank` (0-based), `None` off the board.
fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const STRAIGHTS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The squares one step each of `steps` away from (`file`, `rank`), as index bits.
fn leaps(file: i32, rank: i32, steps: &[(i32, i32)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| at(file + df, rank + dr))
        .fold(0, |bits, to| bits | 1 << to)
}

/// The squares along each of `rays` from (`file`, `rank`), each ray up to and including the
/// first occupied square, as index bits.
fn slides(cells: &Cells, file: i32, rank: i32, rays: &[(i32, i32)]) -> u64 {
    let mut bits = 0;
    for &(df, dr) in rays {
        let (mut f, mut r) = (file + df, rank + dr);
        while let Some(to) = at(f, r) {
            bits |= 1 << to;
            if cells[to].is_some() {
                break;
            }
            f += df;
            r += dr;
        }
    }
    bits
}

/// The squares the piece on `from` attacks, as index bits: a pawn its two forward diagonals,
/// knight and king their steps, a slider its rays up to the first piece (inclusive); nothing
/// for an empty square.
fn naive_attacks(cells: &Cells, from: usize) -> u64 {
    let Some((color, kind)) = cells[from] else {
        return 0;
    };
    let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
    match kind {
        PieceKind::Pawn => {
            let forward = if color == Color::White { 1 } else { -1 };
            leaps(file, rank, &[(-1, forward), (1, forward)])
        }
        PieceKind::Knight => leaps(file, rank, &KNIGHT_STEPS),
        PieceKind::King => leaps(file, rank, &KING_STEPS),
        PieceKind::Bishop => slides(cells, file, rank, &DIAGONALS),
        PieceKind::Rook => slides(cells, file, rank, &STRAIGHTS),
        PieceKind::Queen => {
            slides(cells, file, rank, &DIAGONALS) | slides(cells, file, rank, &STRAIGHTS)
        }
    }
}

fn value(kind: PieceKind) -> i32 {
    SEE_VALUES[kind.index()]
}

/// The static exchange that `mv` starts, by brute force: the move is made on a scratch board,
/// then the two sides in turn either stop or take on the destination with their cheapest
/// piece that attacks it on the scratch board as it now stands (so pieces behind the ones
/// that took join in), the taker moved there for real. The model of `x88::see` (its
/// documentation and `src/see.rs`): pins and checks ignored, the king worth 20 000, en passant
/// takes a pawn, a promotion counts the promoted piece (a pawn that takes back onto the last
/// rank stays a pawn), castling scores 0, a quiet move what it loses if taken. Among equally
/// cheap attackers the one on the lowest square takes first, as in `x88::see` (it can decide
/// which x-ray opens).
fn brute_force_see(board: &Board0x88, mv: Move) -> i32 {
    if mv.is_castle() {
        return 0;
    }
    let us = board.side_to_move();
    let mut cells = cells_of(board);
    let (from, to) = (mv.from().index(), mv.to().index());
    let (_, mover) = cells[from].expect("a piece on the move's square");
    let mut won = cells[to].map_or(0, |(_, kind)| value(kind));
    if mv.is_en_passant() {
        // The pawn taken stands on the mover's rank, on the destination's file.
        cells[from / 8 * 8 + to % 8] = None;
        won = value(PieceKind::Pawn);
    }
    let placed = mv.promotion_kind().unwrap_or(mover);
    if mv.is_promotion() {
        won += value(placed) - value(PieceKind::Pawn);
    }
    cells[from] = None;
    cells[to] = Some((us, placed));
    let homes = Color::ALL.map(|color| {
        // In square order, as a SquareSet iterates.
        let squares: Vec<usize> = board
            .occupied_by(color)
            .into_iter()
            .map(|sq| sq.index())
            .collect();
        squares
    });
    won - best_exchange(&cells, to, !us, &homes)
}

/// The most `side` can win from here on by taking on `to` (its cheapest attacker first) or
/// stopping (0), both sides playing their best. `homes` are the pieces' squares before the
/// exchange, in square order; a piece that has taken has left its square.
fn best_exchange(cells: &Cells, to: usize, side: Color, homes: &[Vec<usize>; 2]) -> i32 {
    let mut cheapest: Option<(usize, PieceKind)> = None;
    for &sq in &homes[side.index()] {
        let Some((color, kind)) = cells[sq] else {
            continue;
        };
        if sq == to || color != side || naive_attacks(cells, sq) >> to & 1 == 0 {
            continue;
        }
        if cheapest.is_none_or(|(_, best)| value(kind) < value(best)) {
            cheapest = Some((sq, kind));
        }
    }
    let Some((sq, kind)) = cheapest else {
        return 0;
    };
    let (_, taken) = cells[to].expect("a piece to take");
    let mut next = *cells;
    next[sq] = None;
    next[to] = Some((side, kind));
    (value(taken) - best_exchange(&next, to, !side, homes)).max(0)
}

// ---------------------------------------------------------------------------------------------
// 1. The noisy/quiet split

/// `noisy_moves()` and `quiet_moves()` are disjoint, duplicate-free and together exactly
/// `legal_moves()`; every noisy move captures (en passant included) or promotes (every
/// promotion, quiet and under-promotions too, is noisy), no quiet move does either; a move's
/// capture flag says what its destination holds; `generate_noisy` / `generate_quiet` into a
/// `MoveList` give the same sets; `has_legal_moves()` is `!legal_moves().is_empty()`.
#[test]
fn noisy_and_quiet_moves_split_the_legal_moves() {
    let [
        positions,
        moves,
        noisy,
        quiet_promotions,
        under_promotions,
        en_passant,
        stuck,
    ] = Count::array();
    proptest!(config(256), |(case in playouts())| {
        for Visit { board, .. } in case_positions(&case) {
            let fen = board.fen().to_string();
            let legal = board.legal_moves();
            let noisy_list = board.noisy_moves();
            let quiet_list = board.quiet_moves();
            let set = |list: &MoveList| list.iter().copied().collect::<HashSet<Move>>();
            let (all, loud, calm) = (set(&legal), set(&noisy_list), set(&quiet_list));
            prop_assert_eq!(all.len(), legal.len(), "duplicate legal moves in {}", fen);
            prop_assert_eq!(loud.len(), noisy_list.len(), "duplicate noisy moves in {}", fen);
            prop_assert_eq!(calm.len(), quiet_list.len(), "duplicate quiet moves in {}", fen);
            prop_assert!(loud.is_disjoint(&calm), "noisy and quiet overlap in {}", fen);
            prop_assert_eq!(&(&loud | &calm), &all, "noisy + quiet != legal in {}", fen);
            for &mv in &noisy_list {
                prop_assert!(mv.is_capture() || mv.is_promotion(), "noisy {} in {}", mv, fen);
                prop_assert!(!mv.is_castle(), "castling {} is noisy in {}", mv, fen);
            }
            for &mv in &quiet_list {
                prop_assert!(
                    !mv.is_capture() && !mv.is_promotion() && !mv.is_en_passant(),
                    "quiet {} captures or promotes in {}", mv, fen
                );
            }
            let them = !board.side_to_move();
            for &mv in &legal {
                if mv.is_castle() {
                    prop_assert!(!mv.is_capture(), "castling {} captures in {}", mv, fen);
                    continue;
                }
                let takes = if mv.is_en_passant() {
                    prop_assert_eq!(board.en_passant(), Some(mv.to()), "{} in {}", mv, fen);
                    prop_assert_eq!(board.piece_on(mv.to()), None, "{} in {}", mv, fen);
                    true
                } else {
                    board.color_on(mv.to()) == Some(them)
                };
                prop_assert_eq!(mv.is_capture(), takes, "capture flag of {} in {}", mv, fen);
                if let Some(kind) = mv.promotion_kind() {
                    quiet_promotions.add(usize::from(!mv.is_capture()));
                    under_promotions.add(usize::from(kind != PieceKind::Queen));
                }
                en_passant.add(usize::from(mv.is_en_passant()));
            }
            let mut sunk_noisy = MoveList::new();
            board.generate_noisy(&mut sunk_noisy);
            prop_assert_eq!(sunk_noisy.len(), noisy_list.len());
            prop_assert_eq!(set(&sunk_noisy), loud, "generate_noisy in {}", fen);
            let mut sunk_quiet = MoveList::new();
            board.generate_quiet(&mut sunk_quiet);
            prop_assert_eq!(sunk_quiet.len(), quiet_list.len());
            prop_assert_eq!(set(&sunk_quiet), calm, "generate_quiet in {}", fen);
            prop_assert_eq!(board.has_legal_moves(), !legal.is_empty(), "in {}", fen);
            positions.add(1);
            moves.add(legal.len());
            noisy.add(noisy_list.len());
            stuck.add(usize::from(legal.is_empty()));
        }
    });
    eprintln!(
        "noisy/quiet: {} positions, {} moves, {} noisy ({} quiet promotions, {} \
         under-promotions, {} en passant), {} positions without a move",
        positions.get(),
        moves.get(),
        noisy.get(),
        quiet_promotions.get(),
        under_promotions.get(),
        en_passant.get(),
        stuck.get()
    );
    assert!(positions.get() > 30_000 && moves.get() > 600_000 && noisy.get() > 60_000);
    assert!(quiet_promotions.get() > 0 && under_promotions.get() > 0 && en_passant.get() > 0);
}

// ---------------------------------------------------------------------------------------------
// 2. is_legal for any Move value

/// The move with `mv`'s squares and the 4-bit kind `code` of [`Move::to_u16`] (0 to 12): the
/// same squares with every other set of flags, as a stale killer or table move may carry.
fn with_code(mv: Move, code: u16) -> Move {
    Move::from_u16(mv.to_u16() & 0x0fff | code << 12).expect("codes 0 to 12 are moves")
}

/// `is_legal(mv)` is exactly `legal_moves().contains(&mv)`, and never panics, for: every legal
/// move of the position; every legal move of the parent position and of every sibling (the
/// parent's other children), the moves a killer slot or a hash collision brings; each of
/// these moves' squares with all 13 kinds of move; and `Move::from_u16` of many random `u16`
/// values (which is `None` exactly for the kind codes 13 to 15).
#[test]
fn is_legal_agrees_with_the_legal_move_list_for_any_move() {
    let [
        positions,
        checked,
        legal_found,
        foreign_legal,
        foreign_illegal,
        random,
    ] = Count::array();
    let bits = prop::collection::vec(any::<u16>(), 256);
    proptest!(config(96), |(case in playouts(), bits in bits.clone())| {
        for Visit { board, parent } in case_positions(&case) {
            let legal = board.legal_moves();
            let fen = board.fen().to_string();
            let check = |mv: Move| -> Result<bool, TestCaseError> {
                let expected = legal.contains(&mv);
                prop_assert_eq!(
                    board.is_legal(mv), expected,
                    "is_legal({:?}) [{:#06x}] in {}", mv, mv.to_u16(), fen
                );
                checked.add(1);
                Ok(expected)
            };
            for &mv in &legal {
                prop_assert!(check(mv)?, "{} is generated but not legal in {}", mv, fen);
                for code in 0..13 {
                    check(with_code(mv, code))?;
                }
            }
            legal_found.add(legal.len());
            if let Some(parent) = parent {
                for parent_move in parent.legal_moves() {
                    for code in 0..13 {
                        check(with_code(parent_move, code))?;
                    }
                    let mut sibling = parent;
                    sibling.play_unchecked(parent_move);
                    for mv in sibling.legal_moves() {
                        if check(mv)? {
                            foreign_legal.add(1);
                        } else {
                            foreign_illegal.add(1);
                        }
                    }
                }
            }
            for &b in &bits {
                match Move::from_u16(b) {
                    None => prop_assert!(b >> 12 >= 13, "from_u16({:#06x}) is None", b),
                    Some(mv) => {
                        prop_assert!(b >> 12 < 13, "from_u16({:#06x}) is a move", b);
                        check(mv)?;
                        random.add(1);
                    }
                }
            }
            positions.add(1);
        }
    });
    eprintln!(
        "is_legal: {} positions, {} moves checked: {} generated, {} legal and {} illegal from \
         sibling positions, {} from random bits",
        positions.get(),
        checked.get(),
        legal_found.get(),
        foreign_legal.get(),
        foreign_illegal.get(),
        random.get()
    );
    assert!(positions.get() > 5_000 && checked.get() > 10_000_000);
    assert!(foreign_legal.get() > 100_000 && foreign_illegal.get() > 100_000);
    assert!(random.get() > 1_000_000);
}

// ---------------------------------------------------------------------------------------------
// 3. The 16-bit packing

/// `Move::from_u16(mv.to_u16()) == Some(mv)` for every legal move, and the legal moves of a
/// position pack to distinct values, none of them 0 ("no move"); any `u16` with a kind code
/// below 13 unpacks to a move that packs back to it.
#[test]
fn to_u16_round_trips_and_tells_legal_moves_apart() {
    let [positions, moves, random] = Count::array();
    let bits = prop::collection::vec(any::<u16>(), 64);
    proptest!(config(256), |(case in playouts(), bits in bits.clone())| {
        for Visit { board, .. } in case_positions(&case) {
            let legal = board.legal_moves();
            let mut packed = HashSet::new();
            for &mv in &legal {
                let code = mv.to_u16();
                prop_assert_eq!(Move::from_u16(code), Some(mv), "{:?} in {}", mv, board.fen());
                prop_assert_ne!(code, 0, "{:?} packs to 0 in {}", mv, board.fen());
                prop_assert!(packed.insert(code), "two moves pack to {:#06x} in {}", code, board.fen());
            }
            positions.add(1);
            moves.add(legal.len());
        }
        for b in bits {
            if let Some(mv) = Move::from_u16(b) {
                prop_assert_eq!(mv.to_u16(), b);
                random.add(1);
            }
        }
    });
    eprintln!(
        "to_u16: {} positions, {} moves, {} random codes",
        positions.get(),
        moves.get(),
        random.get()
    );
    assert!(positions.get() > 30_000 && moves.get() > 600_000 && random.get() > 5_000);
}

// ---------------------------------------------------------------------------------------------
// 4. gives_check

/// `gives_check(mv)` is whether the opponent is in check once `mv` is played (on a copy, with
/// `play_unchecked`), for every legal move.
#[test]
fn gives_check_is_check_after_the_move() {
    let [moves, checks, special_checks] = Count::array();
    proptest!(config(256), |(case in playouts())| {
        for Visit { board, .. } in case_positions(&case) {
            for mv in board.legal_moves() {
                let mut after = board;
                after.play_unchecked(mv);
                let check = after.is_check();
                prop_assert_eq!(board.gives_check(mv), check, "{} in {}", mv, board.fen());
                moves.add(1);
                checks.add(usize::from(check));
                special_checks.add(usize::from(
                    check && (mv.is_castle() || mv.is_en_passant() || mv.is_promotion()),
                ));
            }
        }
    });
    eprintln!(
        "gives_check: {} moves, {} checks ({} by castling, en passant or promotion)",
        moves.get(),
        checks.get(),
        special_checks.get()
    );
    assert!(moves.get() > 300_000 && checks.get() > 10_000 && special_checks.get() > 0);
}

// ---------------------------------------------------------------------------------------------
// 5. Static exchange evaluation

/// `see_ge(mv, t)` is exactly `see(mv) >= t` for every legal move, for thresholds around
/// its value, fixed ones and random ones; castling scores 0.
#[test]
fn see_ge_is_see_compared_with_the_threshold() {
    let [moves, castles, thresholds] = Count::array();
    let random_thresholds = prop::collection::vec(-21_000..21_000i32, 8);
    proptest!(config(128), |(case in playouts(), random in random_thresholds.clone())| {
        for Visit { board, .. } in case_positions(&case) {
            for mv in board.legal_moves() {
                let see = board.see(mv);
                if mv.is_castle() {
                    prop_assert_eq!(see, 0, "see({}) in {}", mv, board.fen());
                    castles.add(1);
                }
                let near = [see - 1, see, see + 1];
                let fixed = [-20_000, -950, -101, -100, -1, 0, 1, 100, 101, 950, 20_000];
                for t in near.into_iter().chain(fixed).chain(random.iter().copied()) {
                    prop_assert_eq!(
                        board.see_ge(mv, t), see >= t,
                        "see_ge({}, {}) with see {} in {}", mv, t, see, board.fen()
                    );
                    thresholds.add(1);
                }
                moves.add(1);
            }
        }
    });
    eprintln!(
        "see_ge: {} moves ({} castling), {} thresholds",
        moves.get(),
        castles.get(),
        thresholds.get()
    );
    assert!(moves.get() > 150_000 && castles.get() > 100 && thresholds.get() > 3_000_000);
}

/// `see(mv)` equals the brute-force exchange ([`brute_force_see`]) for every legal capture
/// and every third quiet move, and is the same on the board parsed again from its FEN: the
/// value is a function of the position, not of the moves that led to it.
#[test]
fn see_agrees_with_a_brute_force_exchange() {
    let [captures, quiet, winning, losing] = Count::array();
    proptest!(config(64), |(case in playouts())| {
        for Visit { board, .. } in case_positions(&case) {
            // Leniently: a suite's position may hold a check no game can give.
            let options = FenOptions {
                chess960: board.is_chess960(),
                lenient: true,
            };
            let reparsed = Board0x88::from_fen_with(&board.fen().to_string(), options)
                .expect("a board's own FEN");
            for (i, mv) in board.legal_moves().into_iter().enumerate() {
                if mv.is_capture() || i % 3 == 0 {
                    let expected = brute_force_see(&board, mv);
                    prop_assert_eq!(board.see(mv), expected, "see({}) in {}", mv, board.fen());
                    prop_assert_eq!(reparsed.see(mv), expected, "see({}) in {}", mv, board.fen());
                    if mv.is_capture() {
                        captures.add(1);
                    } else {
                        quiet.add(1);
                    }
                    winning.add(usize::from(expected > 0));
                    losing.add(usize::from(expected < 0));
                }
            }
        }
        // Two exchanges written out: a pawn takes a queen that a pawn guards (the pawn is
        // taken back), and a knight steps where a pawn takes it and a pawn takes back.
        for (fen, uci, value) in [
            ("4k3/8/2p5/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", 950 - 100),
            ("4k3/8/8/3p4/8/NP6/8/4K3 w - - 0 1", "a3c4", -320 + 100),
            // Two white queens can take the black queen on e8; the one on d7 (the lower
            // square) takes first, so the one on c8 still blocks the rook on a8 and only the
            // king could take back, into the c8 queen's reach: the queen is lost. (Had c8
            // taken first, the rook would have joined in and Black would have lost nothing.)
            ("r1Qq1kr1/pp1Q1p2/n1p3p1/8/2B5/1PP1b3/P3N1PP/RN3KR1 b - - 1 17", "d8e8", -950),
        ] {
            let board: Board0x88 = fen.parse().expect("a valid FEN");
            let mv = board.parse_uci(uci).expect("a legal move");
            prop_assert_eq!(brute_force_see(&board, mv), value, "brute force {} in {}", uci, fen);
            prop_assert_eq!(board.see(mv), value, "see({}) in {}", uci, fen);
        }
    });
    eprintln!(
        "see: {} captures and {} quiet moves against the brute force ({} winning, {} losing)",
        captures.get(),
        quiet.get(),
        winning.get(),
        losing.get()
    );
    assert!(captures.get() > 20_000 && quiet.get() > 20_000);
    assert!(winning.get() > 1_000 && losing.get() > 1_000);
}

// ---------------------------------------------------------------------------------------------
// 6. Indices and square sets

/// Squares, piece kinds and colours round-trip through their indices (a square's index is
/// rank * 8 + file, its 0x88 number rank * 16 + file), kinds are ordered by value, and
/// `from_index` / `from_x88` refuse exactly what is off the board (checked for all values
/// once, and for random ones in every case).
#[test]
fn indices_round_trip() {
    let exhaustive = || -> Result<(), TestCaseError> {
        for (i, sq) in Square::ALL.into_iter().enumerate() {
            prop_assert_eq!(sq.index(), i);
            prop_assert_eq!(usize::from(sq), i);
            prop_assert_eq!(Square::from_index(sq.index()), Some(sq));
            prop_assert_eq!(Square::from_x88(sq.x88()), Some(sq));
            prop_assert_eq!(i, sq.rank().index() * 8 + sq.file().index());
            prop_assert_eq!(
                usize::from(sq.x88()),
                sq.rank().index() << 4 | sq.file().index()
            );
            prop_assert_eq!(Square::new(sq.file(), sq.rank()), sq);
            prop_assert_eq!(File::ALL[i % 8], sq.file());
            prop_assert_eq!(Rank::ALL[i / 8], sq.rank());
        }
        for (i, kind) in PieceKind::ALL.into_iter().enumerate() {
            prop_assert_eq!(kind.index(), i);
            prop_assert_eq!(PieceKind::from_index(kind.index()), Some(kind));
        }
        for pair in PieceKind::ALL.windows(2) {
            prop_assert!(pair[0] < pair[1], "{:?} < {:?}", pair[0], pair[1]);
            prop_assert!(
                value(pair[0]) < value(pair[1]),
                "value {:?} < {:?}",
                pair[0],
                pair[1]
            );
        }
        for (i, color) in Color::ALL.into_iter().enumerate() {
            prop_assert_eq!(color.index(), i);
            prop_assert_eq!(Color::ALL[color.index()], color);
            prop_assert_ne!(!color, color);
            prop_assert_eq!(!!color, color);
        }
        for x in 0..=u8::MAX {
            prop_assert_eq!(
                Square::from_x88(x).map(Square::x88),
                (x & 0x88 == 0).then_some(x)
            );
        }
        for i in 0..200 {
            prop_assert_eq!(Square::from_index(i).is_some(), i < 64);
            prop_assert_eq!(PieceKind::from_index(i).is_some(), i < 6);
        }
        Ok(())
    };
    exhaustive().unwrap();
    proptest!(config(1024), |(i in 0..64usize, k in 0..6usize, any_index in any::<usize>(), x in any::<u8>())| {
        let sq = Square::from_index(i).expect("below 64");
        prop_assert_eq!(sq.index(), i);
        prop_assert_eq!(Square::ALL[i], sq);
        prop_assert_eq!(Square::from_x88(sq.x88()), Some(sq));
        prop_assert_eq!(PieceKind::ALL[k].index(), k);
        prop_assert_eq!(PieceKind::from_index(k), Some(PieceKind::ALL[k]));
        prop_assert_eq!(Square::from_index(any_index).map(Square::index), (any_index < 64).then_some(any_index));
        prop_assert_eq!(PieceKind::from_index(any_index).is_some(), any_index < 6);
        prop_assert_eq!(Square::from_x88(x).map(Square::x88), (x & 0x88 == 0).then_some(x));
    });
}

/// `SquareSet` operators agree with per-square boolean logic on the bits of random `u64`
/// pairs: `|`, `&`, `^`, `-`, `!` and their assigning forms, `len`, `first`, the order of
/// `iter`, `contains`, `insert`, `remove`, `From<Square>`, collecting, and the rank and file
/// sets.
#[test]
fn square_set_operators_agree_with_per_square_logic() {
    let bit = |bits: u64, sq: Square| bits >> sq.index() & 1 != 0;
    proptest!(config(1024), |(a in any::<u64>(), b in any::<u64>(), i in 0..64usize)| {
        let (sa, sb) = (SquareSet(a), SquareSet(b));
        for sq in Square::ALL {
            let (x, y) = (bit(a, sq), bit(b, sq));
            prop_assert_eq!(sa.contains(sq), x);
            prop_assert_eq!(bit((sa | sb).0, sq), x || y);
            prop_assert_eq!(bit((sa & sb).0, sq), x && y);
            prop_assert_eq!(bit((sa ^ sb).0, sq), x != y);
            prop_assert_eq!(bit((sa - sb).0, sq), x && !y);
            prop_assert_eq!(bit((!sa).0, sq), !x);
            prop_assert_eq!(SquareSet::from(sq).0, 1u64 << sq.index());
            prop_assert_eq!(bit(SquareSet::rank(sq.rank()).0, sq), true);
            prop_assert_eq!(bit(SquareSet::file(sq.file()).0, sq), true);
        }
        let mut assigned = sa;
        assigned |= sb;
        prop_assert_eq!(assigned, sa | sb);
        assigned = sa;
        assigned &= sb;
        prop_assert_eq!(assigned, sa & sb);
        assigned = sa;
        assigned ^= sb;
        prop_assert_eq!(assigned, sa ^ sb);
        assigned = sa;
        assigned -= sb;
        prop_assert_eq!(assigned, sa - sb);
        let members: Vec<Square> = Square::ALL.into_iter().filter(|&sq| bit(a, sq)).collect();
        prop_assert_eq!(sa.len(), members.len());
        prop_assert_eq!(sa.is_empty(), members.is_empty());
        prop_assert_eq!(sa.first(), members.first().copied());
        prop_assert_eq!(sa.iter().collect::<Vec<_>>(), members.clone());
        prop_assert_eq!(sa.iter().len(), members.len());
        prop_assert_eq!(sa.into_iter().collect::<SquareSet>(), sa);
        prop_assert_eq!(sa.intersects(sb), a & b != 0);
        let sq = Square::ALL[i];
        let mut with = sa;
        with.insert(sq);
        prop_assert_eq!(with.0, a | 1 << i);
        let mut without = sa;
        without.remove(sq);
        prop_assert_eq!(without.0, a & !(1 << i));
        for rank in Rank::ALL {
            let set = SquareSet::rank(rank);
            prop_assert_eq!(set.len(), 8);
            prop_assert!(set.iter().all(|sq| sq.rank() == rank));
        }
        for file in File::ALL {
            let set = SquareSet::file(file);
            prop_assert_eq!(set.len(), 8);
            prop_assert!(set.iter().all(|sq| sq.file() == file));
        }
    });
    assert_eq!(SquareSet::EMPTY.0, 0);
    assert_eq!(SquareSet::FULL.0, u64::MAX);
}

// ---------------------------------------------------------------------------------------------
// 7. Board queries

/// The board's queries agree with each other and with a plain walk: `piece_on`, `color_on`
/// and `kind_on` on every square; `pieces(color, kind)`, `occupied_by`, `occupied`, `count`,
/// `piece_count` and `king` with the squares whose `piece_on` says so; `attacks_from` on
/// every square with [`naive_attacks`]; and `attackers(sq, color)` on every square with the
/// pieces of `color` whose `attacks_from` holds `sq`.
#[test]
fn board_queries_agree_with_each_other() {
    let [positions, attacked] = Count::array();
    proptest!(config(192), |(case in playouts())| {
        for Visit { board, .. } in case_positions(&case) {
            let fen = board.fen().to_string();
            let cells = cells_of(&board);
            for sq in Square::ALL {
                let piece = board.piece_on(sq);
                prop_assert_eq!(board.color_on(sq), piece.map(Piece::color), "{} in {}", sq, fen);
                prop_assert_eq!(board.kind_on(sq), piece.map(Piece::kind), "{} in {}", sq, fen);
                // The virgin bit (an unmoved king or rook) aside, the piece is its colour and kind.
                prop_assert_eq!(
                    piece.map(Piece::without_virgin),
                    piece.map(|p| Piece::new(p.color(), p.kind())),
                    "{} in {}", sq, fen
                );
                let naive = SquareSet(naive_attacks(&cells, sq.index()));
                prop_assert_eq!(board.attacks_from(sq), naive, "attacks_from({}) in {}", sq, fen);
                attacked.add(naive.len());
            }
            let mut all = SquareSet::EMPTY;
            for color in Color::ALL {
                let on_board: SquareSet =
                    Square::ALL.into_iter().filter(|&sq| board.color_on(sq) == Some(color)).collect();
                prop_assert_eq!(board.occupied_by(color), on_board, "occupied_by in {}", fen);
                prop_assert_eq!(board.piece_count(color), on_board.len());
                let kings: Vec<Square> = on_board
                    .into_iter()
                    .filter(|&sq| board.kind_on(sq) == Some(PieceKind::King))
                    .collect();
                prop_assert_eq!(kings, vec![board.king(color)], "king in {}", fen);
                let mut by_kind = SquareSet::EMPTY;
                for kind in PieceKind::ALL {
                    let want: SquareSet = Square::ALL
                        .into_iter()
                        .filter(|&sq| {
                            board.piece_on(sq).map(|p| (p.color(), p.kind())) == Some((color, kind))
                        })
                        .collect();
                    prop_assert_eq!(board.pieces(color, kind), want, "pieces({:?}, {:?}) in {}", color, kind, fen);
                    prop_assert_eq!(board.count(color, kind), want.len());
                    by_kind |= want;
                }
                prop_assert_eq!(by_kind, on_board);
                prop_assert_eq!(
                    board.pieces(color, PieceKind::King),
                    SquareSet::from(board.king(color)),
                    "king({:?}) in {}", color, fen
                );
                for sq in Square::ALL {
                    let want: SquareSet = on_board
                        .into_iter()
                        .filter(|&from| board.attacks_from(from).contains(sq))
                        .collect();
                    prop_assert_eq!(board.attackers(sq, color), want, "attackers({}, {:?}) in {}", sq, color, fen);
                }
                all |= on_board;
            }
            prop_assert_eq!(board.occupied(), all, "occupied in {}", fen);
            prop_assert_eq!(
                board.occupied(),
                board.occupied_by(Color::White) | board.occupied_by(Color::Black)
            );
            positions.add(1);
        }
    });
    eprintln!(
        "board queries: {} positions, {} attacked squares",
        positions.get(),
        attacked.get()
    );
    assert!(positions.get() > 10_000 && attacked.get() > 1_000_000);
}
