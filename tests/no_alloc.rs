//! No allocation in move generation, make/unmake, perft, FEN output or position setup.
//!
//! This test binary installs a counting global allocator: it forwards every call to the system
//! allocator and counts the allocations (`alloc`, `alloc_zeroed`, `realloc`) made by a thread
//! while that thread is inside a measured section. The test harness runs tests on several
//! threads at once and allocates for its own bookkeeping, so the counting is switched on per
//! thread (a thread-local flag), and the measured sections of the tests take turns (a lock),
//! so that each section's count is its own.
//!
//! Implementing `GlobalAlloc` needs `unsafe`: the library itself forbids `unsafe` code, and this
//! test's only `unsafe` is that forwarding to `System`, which is sound because every call
//! passes its arguments on unchanged, so the caller's contract is exactly `System`'s.
#![allow(unsafe_code)] // the forwarding allocator above; see Cargo.toml's [lints]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::{self, Write};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use x88::{Board0x88, Color, FenOptions, MoveList, Piece, PieceKind, Setup, Square, divide, perft};

/// The system allocator, counting allocations made inside a measured section.
struct CountingAllocator;

/// Allocations made inside measured sections.
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// Whether this thread is inside a measured section.
    static MEASURING: Cell<bool> = const { Cell::new(false) };
}

/// Counts one allocation if the calling thread is measuring.
fn record() {
    // A const-initialised `Cell` has no destructor, so this never fails; `try_with` keeps
    // even a thread being torn down from panicking in the allocator.
    if MEASURING.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    }
}

// SAFETY: each method calls the same method of `System` with the same arguments and returns its
// result, so this allocator keeps every guarantee of `System`; counting only touches an atomic
// and a thread-local flag, and never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record();
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record();
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// One measured section at a time, across the test threads.
static SECTION: Mutex<()> = Mutex::new(());

/// Switches measuring off again when a section ends, even by a panic.
struct Measuring;

impl Drop for Measuring {
    fn drop(&mut self) {
        MEASURING.set(false);
    }
}

/// Runs `section` and returns its result with the number of allocations it made.
fn allocations_in<R>(section: impl FnOnce() -> R) -> (R, usize) {
    let _turn = SECTION.lock().unwrap_or_else(PoisonError::into_inner);
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    MEASURING.set(true);
    let guard = Measuring;
    let result = section();
    drop(guard);
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    (result, after - before)
}

/// Positions with every kind of move: castling both ways, en passant, promotions, checks and
/// pins (the six chessprogramming.org perft positions and a few more).
const FENS: [&str; 9] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/8/8/8/4K2r w - - 0 1",
    "2k5/8/8/8/8/8/8/R3K2R w KQ - 0 1",
];

fn boards() -> Vec<Board0x88> {
    FENS.iter()
        .map(|fen| Board0x88::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
        .collect()
}

/// A `fmt::Write` into a fixed array: formatting without a `String`.
struct FixedBuffer {
    bytes: [u8; 128],
    len: usize,
}

impl FixedBuffer {
    fn new() -> FixedBuffer {
        FixedBuffer {
            bytes: [0; 128],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).expect("only str is written")
    }
}

impl Write for FixedBuffer {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let end = self.len + text.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[test]
fn the_counter_sees_allocations() {
    let (_, count) = allocations_in(|| black_box(vec![1u8; 64]));
    assert!(count >= 1, "a Vec allocated but the counter saw {count}");
}

#[test]
fn move_generation_does_not_allocate() {
    for board in boards() {
        let (moves, count) = allocations_in(|| black_box(&board).legal_moves());
        assert_eq!(count, 0, "legal_moves of {}", board.fen());
        assert!(!moves.is_empty());

        let (generated, count) = allocations_in(|| {
            let mut list = MoveList::new();
            black_box(&board).generate_legal(&mut list);
            list
        });
        assert_eq!(count, 0, "generate_legal of {}", board.fen());
        assert_eq!(generated, moves);

        let ((captures, generated, counted), count) = allocations_in(|| {
            let board = black_box(&board);
            let mut list = MoveList::new();
            board.generate_noisy(&mut list);
            (board.noisy_moves(), list, board.count_legal_moves())
        });
        assert_eq!(count, 0, "captures and counting of {}", board.fen());
        assert_eq!(captures, generated);
        assert_eq!(counted, moves.len() as u64);
    }
}

#[test]
fn make_unmake_and_play_unchecked_do_not_allocate() {
    for board in boards() {
        let moves = board.legal_moves();
        let mut played = board;
        let (hashes, count) = allocations_in(|| {
            let mut hashes = 0u64;
            for &mv in &moves {
                let undo = played.make_move(black_box(mv));
                hashes ^= played.hash();
                played.unmake_move(mv, undo);
                let mut copied = played;
                copied.play_unchecked(black_box(mv));
                hashes ^= copied.hash();
            }
            hashes
        });
        assert_eq!(count, 0, "make/unmake/play_unchecked in {}", board.fen());
        black_box(hashes);
        assert_eq!(played, board);
        assert_eq!(played.hash(), board.hash());
    }
}

#[test]
fn perft_does_not_allocate() {
    for board in boards() {
        let mut searched = board;
        let ((nodes, divided), count) = allocations_in(|| {
            let nodes = perft(&mut searched, black_box(3));
            let divided = divide(&mut searched, black_box(3), |mv, n| {
                black_box((mv, n));
            });
            (nodes, divided)
        });
        assert_eq!(count, 0, "perft 3 of {}", board.fen());
        assert_eq!(nodes, divided);
        assert_eq!(searched, board);
    }
    let mut start = Board0x88::default();
    let (nodes, count) = allocations_in(|| perft(&mut start, 3));
    assert_eq!((nodes, count), (8_902, 0));
}

#[test]
fn fen_and_move_notation_do_not_allocate() {
    for (board, fen) in boards().into_iter().zip(FENS) {
        let moves = board.legal_moves();
        let ((written, parsed), count) = allocations_in(|| {
            let mut buffer = FixedBuffer::new();
            let written = write!(buffer, "{}", board.fen());
            let parsed = Board0x88::from_fen_with(fen, FenOptions::default());
            for &mv in &moves {
                let mut text = FixedBuffer::new();
                let _ = write!(text, "{} {}", board.uci(mv), board.san(mv));
                black_box(text.len);
            }
            (written.map(|()| buffer), parsed)
        });
        assert_eq!(count, 0, "FEN and notation of {fen}");
        assert_eq!(written.expect("a FEN fits in 128 bytes").as_str(), fen);
        assert_eq!(parsed.ok(), Some(board));
    }
}

#[test]
fn setting_up_and_validating_positions_do_not_allocate() {
    for board in boards() {
        let ((valid, broken, message), count) = allocations_in(|| {
            let mut setup = black_box(&board).to_setup();
            let valid = setup.validate();
            // Take a king away and put a pawn on a back rank: two problems to report.
            setup.remove(board.king(board.side_to_move()));
            setup.put(Square::A8, Piece::new(Color::White, PieceKind::Pawn));
            let broken = setup.validate_lenient();
            let mut message = FixedBuffer::new();
            if let Err(error) = &broken {
                let _ = write!(message, "{error}");
            }
            (valid, broken, message)
        });
        assert_eq!(count, 0, "setup and validation of {}", board.fen());
        assert_eq!(valid, Ok(board));
        let error = broken.expect_err("no king");
        assert!(error.problems().len() >= 2, "{error}");
        assert!(message.as_str().contains("no king"), "{}", message.as_str());
    }
    let (setup, count) =
        allocations_in(|| Setup::from_fen_with(black_box(FENS[1]), FenOptions::default()));
    assert_eq!(count, 0);
    assert_eq!(setup.map(|s| s.to_string()).as_deref(), Ok(FENS[1]));
}
