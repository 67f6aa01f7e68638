#![doc = include_str!("../README.md")]
#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
// No `unsafe` but in five places, each allowed where it stands: the calls into the copies of
// the bulk counter and of the evaluation compiled for the `popcnt` instruction, made only once
// the processor is known to have it (`count.rs`, `search/eval/mod.rs`; measured in
// docs/performance.md, both copies tested), `cpuid`, which tells the counter without `std`
// (`cpu.rs`, tested against `std`'s detection), and the search's prefetch of a
// transposition-table bucket on x86-64 and its request for huge pages under the table on
// Linux (`search/tt.rs`, where both are tested; measured in docs/strength.md).
#![deny(unsafe_code)]
// On docs.rs (and CI's docs step), label every item behind a cargo feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod checks;
mod count;
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
mod cpu;
pub mod epd;
mod fen;
mod legality;
mod make;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod piece;
pub mod polyglot;
mod see;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod square;
mod square_set;
#[cfg(test)]
mod test_positions;
mod zobrist;

#[cfg(feature = "search")]
pub mod search;

pub use board::{Board0x88, CastlingRights, CastlingSide, Chess960IndexError, START_FEN};
pub use checks::CheckSquares;
pub use fen::{Fen, FenError, FenOptions};
pub use make::Undo;
pub use moves::{MAX_MOVES, Move, MoveCounter, MoveList, MoveSink};
pub use notation::{CastlingNotation, MoveError, San, Uci};
#[cfg(feature = "alloc")]
pub use outcome::Game;
pub use outcome::{DrawClaim, DrawReason, Outcome};
pub use perft::{divide, perft};
pub use piece::{Color, Piece, PieceKind};
pub use see::SEE_VALUES;
#[cfg(feature = "serde")]
pub use serde_impls::MoveSeed;
pub use setup::{Problem, Problems, Setup, SetupError};
pub use square::{File, ParseSquareError, Rank, Square};
pub use square_set::{SquareSet, SquareSetIter};
