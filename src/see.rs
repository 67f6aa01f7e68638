//! Static exchange evaluation (SEE): what a capture wins or loses in material once every piece
//! that bears on the square has taken in turn, cheapest first, each side free to stop.
//!
//! Move ordering uses it to tell good captures from bad ones, a quiescence search and a main
//! search to skip captures that lose material. Sliders lined up behind a capturer join in
//! (x-rays): the attacks are looked up again through the difference tables with the pieces
//! already used lifted off the board. Pins and checks are ignored, as is usual for SEE.

use crate::attacks::{king_set, knight_set, pawn_set, reaches_through};
use crate::bitboard;
use crate::board::{Board0x88, MAX_PIECES};
use crate::moves::Move;
use crate::piece::{Color, PieceKind};

/// The piece values of the exchange, by [`PieceKind::index`]: pawn 100, knight 320, bishop
/// 330, rook 500, queen 950, king 20 000 (more than all the others together, so that taking
/// a defended piece with the king never pays).
///
/// ```
/// use x88::{PieceKind, SEE_VALUES};
/// assert_eq!(SEE_VALUES[PieceKind::Rook.index()], 500);
/// ```
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// A pawn's exchange value.
const PAWN_VALUE: i32 = SEE_VALUES[PieceKind::Pawn.index()];

/// [`SEE_VALUES`] by micro-Max's kind number (the low 3 bits of a piece byte), 0 for an empty
/// square: one lookup per piece in the exchange loop.
const VALUE_OF_BITS: [i32; 8] = {
    let mut values = [0; 8];
    let mut i = 0;
    while i < 6 {
        let kind = PieceKind::ALL[i];
        values[kind.bits() as usize] = SEE_VALUES[i];
        i += 1;
    }
    values
};

/// The exchange value of the piece byte `piece` (0 for an empty square).
#[inline(always)]
fn value_of(piece: u8) -> i32 {
    VALUE_OF_BITS[(piece & 7) as usize]
}

/// A set of 0x88 squares, one bit per square number: the pieces that have taken already.
#[derive(Clone, Copy)]
struct Lifted(u128);

impl Lifted {
    #[inline(always)]
    fn contains(self, sq: u8) -> bool {
        self.0 >> (sq & 127) & 1 != 0
    }

    #[inline(always)]
    fn insert(&mut self, sq: u8) {
        self.0 |= 1 << (sq & 127);
    }
}

/// The longest exchange: every piece of both sides on one square, and one more.
const MAX_EXCHANGE: usize = 34;

impl Board0x88 {
    /// The material balance of the exchange that `mv` starts on its destination, from the
    /// mover's side, in the units of [`SEE_VALUES`]: positive when it wins material, 0 for an
    /// even trade, negative when it loses. Both sides take with their cheapest attacker, and
    /// either may stop when taking on would lose. A quiet move scores what it loses if the
    /// piece can be taken; castling scores 0. A promotion counts the promoted piece. Of two
    /// equally cheap attackers the one on the lower square (by
    /// [`Square::index`](crate::Square::index)) takes first, which can decide whether a piece
    /// behind the other joins in: the value depends on the position alone.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let see = |fen: &str, uci: &str| {
    ///     let board: Board0x88 = fen.parse().unwrap();
    ///     board.see(board.parse_uci(uci).unwrap())
    /// };
    /// // Rook takes a rook defended by a rook, a queen behind it (x-ray): an even trade.
    /// assert_eq!(see("3r2k1/3r4/8/3r4/8/8/3R4/3Q2K1 w - - 0 1", "d2d5"), 0);
    /// // Queen takes a pawn guarded by the king.
    /// assert_eq!(see("4k3/4p3/8/8/8/8/8/4Q1K1 w - - 0 1", "e1e7"), 100 - 950);
    /// ```
    #[must_use]
    pub fn see(&self, mv: Move) -> i32 {
        if mv.is_castle() {
            return 0;
        }
        let to = mv.to().x88();
        let us = self.side_to_move();
        let FirstCapture {
            mut lifted,
            taken,
            exposed: mut on_square,
        } = self.first_capture(mv);
        let mut gain = [0i32; MAX_EXCHANGE];
        gain[0] = taken;
        let theirs = Candidates::of(self, !us, to);
        // Most captures the opponent cannot answer: then the mover's own pieces don't matter.
        let ours = if theirs.len == 0 {
            Candidates::NONE
        } else {
            Candidates::of(self, us, to)
        };
        let mut side = !us;
        let mut depth = 0;
        while let Some((sq, value)) =
            if side == us { &ours } else { &theirs }.least_valuable(self, to, lifted)
        {
            depth += 1;
            if depth >= gain.len() {
                break;
            }
            // `side` takes the piece worth `on_square`.
            gain[depth] = on_square - gain[depth - 1];
            on_square = value;
            lifted.insert(sq);
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

    /// Whether the exchange that `mv` starts wins at least `threshold`: exactly
    /// `self.see(mv) >= threshold`, and cheaper. The exchange is played only as far as it
    /// takes to decide the question, the mover's pieces are looked up only if the opponent
    /// can take back, and the first capture alone often decides (the opponent can always
    /// stop, so the exchange is worth at most what `mv` takes; and it can cost at most the
    /// piece that moves).
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1".parse().unwrap();
    /// let takes_queen = board.parse_uci("e4d5").unwrap();
    /// assert!(board.see_ge(takes_queen, 900));
    /// assert!(!board.see_ge(takes_queen, 1000));
    /// ```
    #[must_use]
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        if mv.is_castle() {
            return 0 >= threshold;
        }
        let to = mv.to().x88();
        let us = self.side_to_move();
        let FirstCapture {
            mut lifted,
            taken,
            mut exposed,
        } = self.first_capture(mv);
        // The exchange as a race to a target: the mover wins if the balance ends at
        // `threshold` or more, the opponent if it ends at `threshold - 1` or less. `surplus`
        // is how far the side that took last (`taker`) is past its target if the exchange
        // stops here; `exposed` is the value of its piece on the square.
        // Saturating: a threshold near `i32::MIN` leaves the mover past its target whatever
        // follows (a saturated surplus exceeds every piece value).
        let mut surplus = taken.saturating_sub(threshold);
        let mut taker = us;
        let mut candidates: [Option<Candidates>; 2] = [None, None];
        loop {
            // Short of its target, the taker loses: the other side stops.
            if surplus < 0 {
                return taker != us;
            }
            // Past its target even if its piece is taken, it wins: it can stop after that.
            if surplus >= exposed {
                return taker == us;
            }
            // Otherwise the other side must take (stopping loses), with its cheapest piece.
            let side = !taker;
            // The opponent's first answer, when a pawn of its takes back: the cheapest piece,
            // so the exchange goes on with a pawn whichever it is. If that decides, no other
            // piece is looked up (a pawn guarding the square is the commonest refutation).
            let pawn_answer = exposed - surplus - 1;
            if side != us
                && candidates[side.index()].is_none()
                && pawn_answer >= PAWN_VALUE
                && pawn_set(us, mv.to().index()) & self.pawns() & self.occupancy(side) != 0
            {
                return false;
            }
            let side_candidates =
                candidates[side.index()].get_or_insert_with(|| Candidates::of(self, side, to));
            let Some((sq, value)) = side_candidates.least_valuable(self, to, lifted) else {
                return taker == us;
            };
            lifted.insert(sq);
            // Its surplus against its own target, one short of the taker's.
            surplus = exposed - surplus - 1;
            exposed = value;
            taker = side;
        }
    }
}

/// The exchange after `mv` itself, which starts it: what [`Board0x88::see`] and
/// [`Board0x88::see_ge`] both begin from.
struct FirstCapture {
    /// The squares emptied: the mover's, and the pawn's taken en passant.
    lifted: Lifted,
    /// What `mv` wins: the piece taken, and what a promotion adds.
    taken: i32,
    /// The value of the piece `mv` leaves on the square, for the opponent to take.
    exposed: i32,
}

impl Board0x88 {
    /// The exchange after `mv` (not castling), before anyone takes back.
    #[inline(always)]
    fn first_capture(&self, mv: Move) -> FirstCapture {
        let from = mv.from().x88();
        let to = mv.to().x88();
        let mut lifted = Lifted(0);
        lifted.insert(from);
        let mut taken = if mv.is_en_passant() {
            // The captured pawn stands beside the target square, behind it for the capturer.
            lifted.insert(to.wrapping_sub(self.side_to_move().forward() as u8));
            PAWN_VALUE
        } else {
            value_of(self.cell(to))
        };
        let mut exposed = value_of(self.cell(from));
        if let Some(kind) = mv.promotion_kind() {
            exposed = SEE_VALUES[kind.index()];
            taken += exposed - PAWN_VALUE;
        }
        FirstCapture {
            lifted,
            taken,
            exposed,
        }
    }
}

/// The pieces of one side that could take on the exchange square by the difference table (on
/// an empty board), in square order (by [`Square::index`](crate::Square::index)). Found once
/// per exchange, so that each step of it asks the board only about these few, not about every
/// piece of the side.
struct Candidates {
    squares: [u8; MAX_PIECES],
    len: usize,
}

impl Candidates {
    const NONE: Candidates = Candidates {
        squares: [0; MAX_PIECES],
        len: 0,
    };

    /// The pieces of `color` that could reach `to`, leaving out the piece on `to` itself.
    #[inline(always)]
    fn of(board: &Board0x88, color: Color, to: u8) -> Candidates {
        let mut candidates = Candidates {
            squares: [0; MAX_PIECES],
            len: 0,
        };
        // Each kind's pieces where a piece of the kind reaches `to` on an empty board: a
        // leaper's and a slider's attacks are symmetric, a pawn's are those of the other
        // colour's pawn on `to`.
        let index = bitboard::index(to);
        let kind = |kind: PieceKind| board.kind_bits(kind);
        let reach = pawn_set(!color, index) & kind(PieceKind::Pawn)
            | knight_set(index) & kind(PieceKind::Knight)
            | king_set(index) & kind(PieceKind::King)
            | board.sliders_aligned_with(index);
        let mut around = board.occupancy(color) & reach;
        while around != 0 {
            candidates.squares[candidates.len & (MAX_PIECES - 1)] =
                bitboard::x88(around.trailing_zeros() as usize);
            candidates.len += 1;
            around &= around - 1;
        }
        candidates
    }

    /// The cheapest of the candidates that attacks `to` with the pieces in `lifted` taken off
    /// the board, with its value; of two as cheap, the first in square order.
    #[inline(always)]
    fn least_valuable(&self, board: &Board0x88, to: u8, lifted: Lifted) -> Option<(u8, i32)> {
        let mut best: Option<(u8, i32)> = None;
        for &sq in &self.squares[..self.len.min(MAX_PIECES)] {
            if lifted.contains(sq) {
                continue;
            }
            let value = value_of(board.cell(sq));
            if best.is_some_and(|(_, v)| v <= value) {
                continue;
            }
            if reaches_through(board, sq, to, |between| lifted.contains(between)) {
                best = Some((sq, value));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use crate::Board0x88;
    use crate::test_positions::suite_positions_and_children;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let board: Board0x88 = fen.parse().unwrap();
        let mv = board.parse_uci(uci).unwrap();
        board.see(mv)
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
        // Pawn takes a queen and is taken back: the exchange plays on even when the side
        // that starts it is already ahead (an early exit once gave 950 here).
        assert_eq!(see_of("4k3/8/2p5/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 850);
        assert_eq!(
            see_of(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "f3h3"
            ),
            -350
        );
        // En passant wins a pawn.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // Queen takes a pawn guarded by the king.
        assert_eq!(
            see_of("4k3/4p3/8/8/8/8/8/4Q1K1 w - - 0 1", "e1e7"),
            100 - 950
        );
        // A capturing promotion counts the new queen.
        assert_eq!(
            see_of("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q"),
            500 + 850
        );
    }

    /// The exchange worked out the slow way, as `see` did before it kept candidates: every
    /// step looks at every piece of the side to take. Of two as cheap, the lower square takes
    /// first, as in `see` (0x88 numbers sort as the squares' indices do).
    fn see_by_full_scan(board: &Board0x88, mv: crate::Move) -> i32 {
        use super::{Lifted, value_of};
        use crate::attacks::reaches_through;
        if mv.is_castle() {
            return 0;
        }
        let (from, to) = (mv.from().x88(), mv.to().x88());
        let us = board.side_to_move();
        let mut lifted = Lifted(0);
        lifted.insert(from);
        let mut gains = std::vec![if mv.is_en_passant() {
            lifted.insert(to.wrapping_sub(us.forward() as u8));
            100
        } else {
            value_of(board.cell(to))
        }];
        let mut on_square = value_of(board.cell(from));
        if let Some(kind) = mv.promotion_kind() {
            on_square = super::SEE_VALUES[kind.index()];
            gains[0] += on_square - 100;
        }
        let mut side = !us;
        loop {
            let cheapest = board
                .occupied_by(side)
                .into_iter()
                .map(|sq| sq.x88())
                .filter(|&sq| !lifted.contains(sq) && sq != to)
                .filter(|&sq| reaches_through(board, sq, to, |b| lifted.contains(b)))
                .map(|sq| (value_of(board.cell(sq)), sq))
                .min_by_key(|&(value, sq)| (value, sq));
            let Some((value, sq)) = cheapest else { break };
            gains.push(on_square - gains[gains.len() - 1]);
            on_square = value;
            lifted.insert(sq);
            side = !side;
        }
        while gains.len() > 1 {
            let last = gains.pop().unwrap_or(0);
            let previous = gains.len() - 1;
            gains[previous] = -(-gains[previous]).max(last);
        }
        gains[0]
    }

    #[test]
    fn see_matches_a_full_scan_of_the_attackers() {
        let mut compared = 0;
        for board in suite_positions_and_children() {
            for mv in board.legal_moves() {
                assert_eq!(
                    board.see(mv),
                    see_by_full_scan(&board, mv),
                    "{board}: {mv:?}"
                );
                compared += 1;
            }
        }
        assert!(compared > 50_000, "only {compared} moves");
    }

    #[test]
    fn see_ge_is_see_compared() {
        let mut compared = 0;
        for board in suite_positions_and_children().step_by(7) {
            for mv in board.legal_moves() {
                let value = board.see(mv);
                for threshold in [
                    i32::MIN,
                    -20_000,
                    -950,
                    -330,
                    -101,
                    -100,
                    -1,
                    0,
                    1,
                    99,
                    100,
                    101,
                    330,
                    500,
                    20_000,
                    i32::MAX,
                ] {
                    assert_eq!(
                        board.see_ge(mv, threshold),
                        value >= threshold,
                        "{board}: {mv:?} {threshold}"
                    );
                }
                for threshold in [value - 1, value, value + 1] {
                    assert_eq!(
                        board.see_ge(mv, threshold),
                        value >= threshold,
                        "{board}: {mv:?}"
                    );
                }
                compared += 1;
            }
        }
        assert!(compared > 5_000, "only {compared} moves");
    }
}
