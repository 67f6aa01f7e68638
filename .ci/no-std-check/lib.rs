//! A `no_std`, allocation-free user of x88: see Cargo.toml.
#![no_std]

use x88::{Board0x88, Square, perft};

/// Perft of the start position: move generation, make/unmake and the tables all linked in.
pub fn start_position_perft(depth: u32) -> u64 {
    perft(&mut Board0x88::start_position(), depth)
}

/// FEN parsing and the attack queries, which must not allocate either.
pub fn attackers_of_e4(fen: &str) -> Option<usize> {
    let board = Board0x88::from_fen(fen).ok()?;
    Some(board.attackers(Square::E4, board.side_to_move()).len())
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
