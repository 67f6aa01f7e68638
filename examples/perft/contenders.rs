//! The side-by-side comparison's positions and contenders: the six chessprogramming.org perft
//! positions, and a perft for each library compared on them (x88, shakmaty and cozy-chess), each
//! through its fastest public API.
//!
//! Each bulk perft is the one that library's users run: x88's is [`x88::perft`] itself, and
//! shakmaty's and cozy-chess's are written as `shakmaty::perft` and cozy-chess's own perft
//! example are, down to the shape of the code the compiler sees (cozy-chess's listener for the
//! counting ply is a separate closure from the one that recurses; see `cozy_perft`). So a
//! library timed here in one process, beside the others, runs at the speed of its own perft
//! binary in a process of its own, within the noise of a shared host; docs/performance.md
//! ("In one process and in separate ones") has the measurements.
//!
//! This file is shared: the perft example's `--compare` mode uses it as a module, and
//! `benches/compare.rs` includes it with `#[path]`, so both time exactly the same code.
//!
//! Two modes are timed:
//! - **bulk counting**: at depth 1 the legal moves are counted, not played (`x88::perft`,
//!   the length of shakmaty's move list, the sizes of cozy-chess's per-piece move sets);
//! - **every leaf**: every leaf move is played. x88 makes and unmakes it in place
//!   (`make_move` / `unmake_move`); shakmaty and cozy-chess are copy-make libraries, so the
//!   position is cloned and the move played on the clone (`play_unchecked`), as their own perfts
//!   do. Each played leaf goes through [`black_box`], so that the optimiser cannot drop a move
//!   whose result is never read (for a clone it otherwise would).

use std::hint::black_box;

use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};
use x88::{Board0x88, MoveList};

/// One position of the comparison, with its known perft counts.
pub struct Position {
    /// A short name for the tables.
    pub name: &'static str,
    /// The position (standard chess).
    pub fen: &'static str,
    /// `counts[d - 1]` is perft(`d`); the last one is the depth of the full comparison.
    pub counts: &'static [u64],
}

impl Position {
    /// The depth of the full comparison (the deepest known count).
    pub fn full_depth(&self) -> u32 {
        self.counts.len() as u32
    }

    /// The known perft count at `depth` (1 to [`full_depth`](Position::full_depth)).
    pub fn expected(&self, depth: u32) -> Option<u64> {
        let index = usize::try_from(depth).ok()?.checked_sub(1)?;
        self.counts.get(index).copied()
    }
}

/// The six perft positions of chessprogramming.org ("Perft Results"), to the depths of the
/// comparison: start D6, Kiwipete D5, position 3 D7, position 4 D6, position 5 D5, position 6 D5.
pub const POSITIONS: [Position; 6] = [
    Position {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        counts: &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    },
    Position {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: &[48, 2_039, 97_862, 4_085_603, 193_690_690],
    },
    Position {
        name: "position3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
    },
    Position {
        name: "position4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9_467, 422_333, 15_833_292, 706_045_033],
    },
    Position {
        name: "position5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    },
    Position {
        name: "position6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        counts: &[46, 2_079, 89_890, 3_894_594, 164_075_551],
    },
];

/// A move generator in the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Library {
    /// This crate: make/unmake on a 0x88 board.
    X88,
    /// `shakmaty`: bitboards, copy-make.
    Shakmaty,
    /// `cozy-chess`: bitboards, copy-make.
    CozyChess,
}

impl Library {
    /// Every library, x88 first.
    pub const ALL: [Library; 3] = [Library::X88, Library::Shakmaty, Library::CozyChess];

    /// The crate's name.
    pub fn name(self) -> &'static str {
        match self {
            Library::X88 => "x88",
            Library::Shakmaty => "shakmaty",
            Library::CozyChess => "cozy-chess",
        }
    }
}

/// One position loaded into each library.
#[derive(Clone)]
pub struct Boards {
    x88: Board0x88,
    shakmaty: Chess,
    cozy: cozy_chess::Board,
}

impl Boards {
    /// Loads `fen` (standard chess) into each library.
    pub fn new(fen: &str) -> Result<Boards, String> {
        let x88 = Board0x88::from_fen(fen).map_err(|e| format!("x88: {e}"))?;
        let shakmaty = Fen::from_ascii(fen.as_bytes())
            .map_err(|e| format!("shakmaty: {e}"))?
            .into_position(CastlingMode::Standard)
            .map_err(|e| format!("shakmaty: {e}"))?;
        let cozy = fen
            .parse::<cozy_chess::Board>()
            .map_err(|e| format!("cozy-chess: {e}"))?;
        Ok(Boards {
            x88,
            shakmaty,
            cozy,
        })
    }

    /// Perft of `depth` with `library`, with bulk counting at depth 1 if `bulk`, else playing
    /// every leaf move.
    pub fn perft(&self, library: Library, depth: u32, bulk: bool) -> u64 {
        let mut board = self.x88;
        match (library, bulk) {
            (Library::X88, true) => x88::perft(&mut board, depth),
            (Library::X88, false) => x88_perft_every_leaf(&mut board, depth),
            (Library::Shakmaty, true) => shakmaty_perft::<true>(&self.shakmaty, depth),
            (Library::Shakmaty, false) => shakmaty_perft::<false>(&self.shakmaty, depth),
            (Library::CozyChess, true) => cozy_perft::<true>(&self.cozy, depth),
            (Library::CozyChess, false) => cozy_perft::<false>(&self.cozy, depth),
        }
    }

    /// The positions one move deeper, for timing a perft slice by slice: the `i`-th holds, in
    /// each library, the position after the `i`-th move of that library's own move list. So
    /// the three hold the same set of positions, each in its own order; the perft of depth
    /// `d` is the sum over the slices of their perfts of depth `d - 1` in every library. A
    /// library that found a different number of moves shows up as a wrong count.
    #[allow(
        dead_code,
        reason = "the perft example's --compare uses it, the bench does not"
    )]
    pub fn slices(&self) -> Vec<Boards> {
        let x88 = self.x88.legal_moves().into_iter().map(|mv| {
            let mut child = self.x88;
            child.play_unchecked(mv);
            child
        });
        let shakmaty = self.shakmaty.legal_moves().into_iter().map(|mv| {
            let mut child = self.shakmaty.clone();
            child.play_unchecked(mv);
            child
        });
        let mut cozy = Vec::new();
        self.cozy.generate_moves(|moves| {
            for mv in moves {
                let mut child = self.cozy.clone();
                child.play_unchecked(mv);
                cozy.push(child);
            }
            false
        });
        x88.zip(shakmaty)
            .zip(cozy)
            .map(|((x88, shakmaty), cozy)| Boards {
                x88,
                shakmaty,
                cozy,
            })
            .collect()
    }
}

/// x88's perft without bulk counting: every leaf move is made and unmade.
///
/// The library's own [`x88::perft`] counts the moves at depth 1 instead; this is the
/// make-every-leaf variant, kept here because it is a measurement, not something a user of the
/// library needs.
pub fn x88_perft_every_leaf(board: &mut Board0x88, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Filled in place: `legal_moves()` would return the 1 KiB list by copy.
    let mut moves = MoveList::new();
    board.generate_legal(&mut moves);
    if depth == 1 {
        // The leaves in a loop of their own: nothing of the recursion stays live across it.
        for &mv in &moves {
            let undo = board.make_move(mv);
            black_box(&*board);
            board.unmake_move(mv, undo);
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &moves {
        let undo = board.make_move(mv);
        nodes += x88_perft_every_leaf(board, depth - 1);
        board.unmake_move(mv, undo);
    }
    nodes
}

/// shakmaty's perft: its move list, copy-make with `play_unchecked`; at depth 1 the length of
/// the move list if `BULK` (as `shakmaty::perft` does), else every leaf move played.
fn shakmaty_perft<const BULK: bool>(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        if !BULK {
            // As for x88: the leaves in a loop of their own.
            for &mv in &moves {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                black_box(&child);
            }
        }
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in &moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += shakmaty_perft::<BULK>(&child, depth - 1);
    }
    nodes
}

/// cozy-chess's perft: moves by piece through `generate_moves`, copy-make with
/// `play_unchecked`; at depth 1 the sizes of the move sets if `BULK` (as its own perft example
/// does), else every leaf move played.
///
/// The depth is tested outside the listener, so that depth 1 and the plies above it each pass
/// `generate_moves` a listener of their own. That is how cozy-chess's own perft example is
/// written, and it matters: with the one listener that tests the depth inside (as this function
/// did before), the generator and the listener stay out of line and are called through once
/// per set of moves, and bulk counting ran about a fifth slower than cozy-chess's own binary
/// (see "In one process and in separate ones" in docs/performance.md). With a listener that
/// only adds the set sizes, the compiler inlines the whole generation into the counting ply.
fn cozy_perft<const BULK: bool>(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                if !BULK {
                    // As for x88: the leaves in a loop of their own.
                    for mv in moves {
                        let mut child = board.clone();
                        child.play_unchecked(mv);
                        black_box(&child);
                    }
                }
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft::<BULK>(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}
