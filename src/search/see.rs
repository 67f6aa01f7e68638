//! Static exchange evaluation (SEE): what a capture wins or loses in material once every
//! piece that bears on the square has taken in turn, cheapest first.
//!
//! Move ordering uses it to tell good captures from bad ones, the quiescence search and the
//! main search to skip captures that lose material. Sliders lined up behind a capturer join in
//! (x-rays), as the attacks are recomputed with the pieces already used lifted off the board;
//! pins are ignored.

use crate::attacks::reaches_through;
use crate::{Board0x88, Color, Move};

/// Piece values for exchanges, by kind number (pawn 1, knight 3, king 4, bishop 5, rook 6,
/// queen 7).
pub(crate) const SEE_VALUE: [i32; 8] = [0, 100, 0, 320, 20_000, 330, 500, 950];

/// The value of the piece byte `piece`.
#[inline(always)]
pub(crate) fn piece_value(piece: u8) -> i32 {
    SEE_VALUE[(piece & 7) as usize]
}

/// A set of 0x88 squares, one bit per square number.
#[derive(Clone, Copy)]
struct Removed(u128);

impl Removed {
    #[inline(always)]
    fn contains(self, sq: u8) -> bool {
        self.0 >> (sq & 127) & 1 != 0
    }
    #[inline(always)]
    fn insert(&mut self, sq: u8) {
        self.0 |= 1 << (sq & 127);
    }
}

/// Whether the piece on `from` attacks `to`, counting the squares in `removed` as empty.
#[inline(always)]
fn attacks(board: &Board0x88, from: u8, to: u8, removed: Removed) -> bool {
    reaches_through(board, from, to, |sq| removed.contains(sq))
}

/// The cheapest piece of `color` that attacks `to`, not counting those in `removed`.
fn least_valuable_attacker(
    board: &Board0x88,
    to: u8,
    color: Color,
    removed: Removed,
) -> Option<(u8, i32)> {
    let mut best: Option<(u8, i32)> = None;
    for &sq in board.piece_squares(color) {
        let sq = sq.x88();
        if removed.contains(sq) || sq == to {
            continue;
        }
        let value = piece_value(board.cell(sq));
        if best.is_some_and(|(_, v)| v <= value) {
            continue;
        }
        if attacks(board, sq, to, removed) {
            best = Some((sq, value));
        }
    }
    best
}

/// The material balance of the exchange that `mv` starts, from the mover's side: positive when
/// it wins material, 0 for an even trade, negative when it loses. A quiet move scores what it
/// loses if the piece can be taken.
#[must_use]
pub(crate) fn see(board: &Board0x88, mv: Move) -> i32 {
    if mv.is_castle() {
        return 0;
    }
    let from = mv.from().x88();
    let to = mv.to().x88();
    let us = board.side_to_move();
    let mut removed = Removed(0);
    removed.insert(from);
    let mut gain = [0i32; 34];
    let mut on_square = piece_value(board.cell(from));
    gain[0] = if mv.is_en_passant() {
        // The captured pawn stands beside the target square, behind it for the capturer.
        let captured = if us == Color::White {
            to.wrapping_sub(16)
        } else {
            to.wrapping_add(16)
        };
        removed.insert(captured);
        SEE_VALUE[1]
    } else {
        piece_value(board.cell(to))
    };
    if let Some(kind) = mv.promotion_kind() {
        let promoted = SEE_VALUE[kind.bits() as usize];
        gain[0] += promoted - SEE_VALUE[1];
        on_square = promoted;
    }
    let mut side = !us;
    let mut depth = 0;
    while let Some((sq, value)) = least_valuable_attacker(board, to, side, removed) {
        depth += 1;
        if depth >= gain.len() {
            break;
        }
        // `side` takes the piece worth `on_square`.
        gain[depth] = on_square - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 {
            // Taking here cannot change the outcome: the exchange ends before it.
            depth -= 1;
            break;
        }
        on_square = value;
        removed.insert(sq);
        side = !side;
    }
    while depth > 0 {
        if depth < gain.len() {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        }
        depth -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::see;
    use crate::Board0x88;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let board: Board0x88 = fen.parse().unwrap();
        let mv = board.parse_uci(uci).unwrap();
        see(&board, mv)
    }

    #[test]
    fn exchanges() {
        // A free pawn.
        assert_eq!(
            see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        // Knight takes a pawn guarded by a pawn, more attackers behind: loses the knight.
        assert_eq!(
            see_of(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            100 - 320
        );
        // Rook takes a rook defended by a rook, with a queen behind it (x-ray): even.
        assert_eq!(see_of("3r2k1/8/8/3r4/8/8/3R4/3Q2K1 w - - 0 1", "d2d5"), 500);
        assert_eq!(see_of("3r2k1/3r4/8/3r4/8/8/3R4/3Q2K1 w - - 0 1", "d2d5"), 0);
        // Pawn takes a queen.
        assert_eq!(see_of("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 950);
        // En passant wins a pawn.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // Queen takes a pawn guarded by the king.
        assert_eq!(
            see_of("4k3/4p3/8/8/8/8/8/4Q1K1 w - - 0 1", "e1e7"),
            100 - 950
        );
    }
}
