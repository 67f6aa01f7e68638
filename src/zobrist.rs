//! Zobrist keys, generated at compile time.
//!
//! The key of a piece is indexed by its whole byte, virgin bit included, and by its 0x88 square.
//! Because the castling rights live in the rooks' virgin bits (see [`Piece`]),
//! the rights need no keys of their own: a rook that loses its right changes its key. A king's
//! virgin bit says only that it has not moved, which is no right by itself, so a virgin king
//! has the key of the same king without the bit. The en passant square adds the key of its
//! file; black to move adds [`SIDE_KEY`].

use crate::piece::{Piece, PieceKind};

/// One step of SplitMix64: a fixed, well-mixed sequence of keys from a fixed seed.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Keys for `[piece byte & 63][0x88 square]`; the off-board half of each rank and the rows of
/// byte values that are no piece are never read, but keep the index a plain lookup.
pub(crate) static PIECE_KEYS: [[u64; 128]; 64] = build_piece_keys();

const fn build_piece_keys() -> [[u64; 128]; 64] {
    let mut keys = [[0u64; 128]; 64];
    let mut state = 0x0088_0088_0088_0088u64;
    let mut piece = 0;
    while piece < 64 {
        let mut sq = 0;
        while sq < 128 {
            let (next, key) = splitmix64(state);
            state = next;
            // Empty squares hash to nothing, so moving a piece only touches its own keys.
            keys[piece][sq] = if piece & 7 == 0 { 0 } else { key };
            sq += 1;
        }
        piece += 1;
    }
    // A virgin king hashes as the king (see the module's documentation).
    let king = PieceKind::King.bits() as usize;
    keys[Piece::WHITE as usize | Piece::VIRGIN as usize | king] =
        keys[Piece::WHITE as usize | king];
    keys[Piece::BLACK as usize | Piece::VIRGIN as usize | king] =
        keys[Piece::BLACK as usize | king];
    keys
}

/// What the hash changes by when the virgin rook of a colour (index 0 white, 1 black) on its
/// back rank's file (index) loses its castling right: a small table of its own, since these
/// keys are rarely needed and the rows of the big one may have left the cache.
pub(crate) static ROOK_RIGHT_KEYS: [[u64; 8]; 2] = build_rook_right_keys();

const fn build_rook_right_keys() -> [[u64; 8]; 2] {
    let all = build_piece_keys();
    let mut keys = [[0u64; 8]; 2];
    let rook = PieceKind::Rook.bits() as usize;
    let mut file = 0;
    while file < 8 {
        let (white, black) = (file, 0x70 + file);
        keys[0][file] = all[Piece::WHITE as usize | Piece::VIRGIN as usize | rook][white]
            ^ all[Piece::WHITE as usize | rook][white];
        keys[1][file] = all[Piece::BLACK as usize | Piece::VIRGIN as usize | rook][black]
            ^ all[Piece::BLACK as usize | rook][black];
        file += 1;
    }
    keys
}

/// Added to the hash when black is to move.
pub(crate) const SIDE_KEY: u64 = splitmix64(0x5151_5151).1;

/// Keys of the en passant square's file.
pub(crate) static EN_PASSANT_KEYS: [u64; 8] = build_en_passant_keys();

const fn build_en_passant_keys() -> [u64; 8] {
    let mut keys = [0u64; 8];
    let mut state = 0xE9E9_E9E9u64;
    let mut i = 0;
    while i < 8 {
        let (next, key) = splitmix64(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
}

/// The key of `piece` (a raw piece byte) on the 0x88 square `sq`.
#[inline(always)]
pub(crate) fn piece_key(piece: u8, sq: u8) -> u64 {
    PIECE_KEYS[(piece & 63) as usize][(sq & 127) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_real_pieces_are_distinct_and_nonzero() {
        let mut keys: [u64; 2048] = [0; 2048];
        let mut n = 0;
        // Every piece byte but the virgin kings (white 44, black 52).
        for piece in [9u8, 11, 12, 13, 14, 15, 17, 19, 20, 21, 22, 23, 46, 54] {
            for sq in 0..128u8 {
                if sq & 0x88 == 0 {
                    keys[n] = piece_key(piece, sq);
                    n += 1;
                }
            }
        }
        let keys = &mut keys[..n];
        keys.sort_unstable();
        assert!(keys[0] != 0);
        assert!(keys.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn rook_right_keys_are_the_change_of_a_rooks_key() {
        for (c, (rook, base)) in [(14u8, 0u8), (22, 0x70)].into_iter().enumerate() {
            for file in 0..8u8 {
                let sq = base | file;
                let change = piece_key(rook | Piece::VIRGIN, sq) ^ piece_key(rook, sq);
                assert_eq!(ROOK_RIGHT_KEYS[c][file as usize], change);
                assert_ne!(change, 0);
            }
        }
    }

    #[test]
    fn a_virgin_king_hashes_as_the_king() {
        for (king, virgin) in [(12u8, 44u8), (20, 52)] {
            for sq in 0..128u8 {
                assert_eq!(piece_key(king, sq), piece_key(virgin, sq));
            }
        }
    }
}
