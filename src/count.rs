//! Counting the legal moves without generating them: perft's bulk count.
//!
//! The generator hands moves to a sink one at a time, so counting through it costs a step of a
//! ray walk per move. The counter answers the same question by sets: checks, pins and the
//! king's safe squares come from the same pass over the enemy pieces as in the generator (the
//! difference tables), and then each piece's targets are a bitboard ([`crate::bitboard`])
//! whose bits are counted at once, its pin line and, in check, the squares that capture or
//! block the checker as masks. The pawns are counted together, a shift of all of them per
//! kind of move. Castling and en passant, rare and intricate, go through the generator.

use crate::attacks::{SLIDER_ATTACK, knight_set, piece_attacks, ray_step_raw};
use crate::bitboard::{self, PawnTargets, bishop_attacks, ray_from, rook_attacks};
use crate::board::Board0x88;
use crate::castling::castling_two_steps;
use crate::movegen::{ALL, KingSafety, Pins};
use crate::moves::MoveCounter;
use crate::piece::{Color, Piece, PieceKind};

impl Board0x88 {
    /// The number of legal moves, without storing them (perft's bulk count).
    ///
    /// Each piece's moves are counted as a set, with the same rules as
    /// [`legal_moves`](Board0x88::legal_moves): the two always agree.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let kiwipete: Board0x88 = fen.parse().unwrap();
    /// assert_eq!(kiwipete.count_legal_moves(), 48);
    /// assert_eq!(kiwipete.count_legal_moves(), kiwipete.legal_moves().len() as u64);
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        if crate::cpu::has_popcnt() {
            // SAFETY: the processor has the `popcnt` instruction, the one feature that
            // `count_with_popcnt` is compiled for (tested just above).
            #[allow(unsafe_code)]
            return unsafe { self.count_with_popcnt() };
        }
        self.count_portable()
    }

    /// [`count_legal_moves`](Board0x88::count_legal_moves) compiled for processors with the
    /// `popcnt` instruction: each set's size is one instruction instead of a dozen (without a
    /// target-cpu flag Rust may not assume it). 13 to 15 % fewer instructions in bulk perft
    /// (callgrind: the start position at depth 5 219.3 M -> 186.2 M, Kiwipete at depth 4
    /// 131.8 M -> 115.1 M).
    ///
    /// # Safety
    ///
    /// The processor must have `popcnt`.
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    #[allow(unsafe_code)]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_with_popcnt(&self) -> u64 {
        self.count_portable()
    }

    /// [`count_legal_moves`](Board0x88::count_legal_moves) for any processor.
    #[inline(always)]
    pub(crate) fn count_portable(&self) -> u64 {
        // A copy for each colour, as for the generator: the side's shifts are constants there.
        match self.side_to_move() {
            Color::White => self.count_for::<true>(),
            Color::Black => self.count_for::<false>(),
        }
    }

    /// [`count_legal_moves`](Board0x88::count_legal_moves) for white to move if `WHITE`, else
    /// for black.
    #[inline(always)]
    fn count_for<const WHITE: bool>(&self) -> u64 {
        let us = if WHITE { Color::White } else { Color::Black };
        let king = self.king(us).x88();
        let free = self.king_targets::<ALL>(king, us);
        let castling = self.castling_may_be_possible(king, us);
        let two_steps = if castling {
            castling_two_steps(king)
        } else {
            0
        };
        let KingSafety {
            danger,
            two_steps_danger,
            checkers,
            checker,
            pins,
        } = self.king_safety(king, us, free, two_steps);
        let mut count = u64::from((free & !danger).count_ones());
        let own = self.occupancy(us);
        let occupied = own | self.occupancy(!us);
        let targets = match checkers {
            0 => !own,
            // Capture the checker, or step between it and the king (a pinned piece cannot:
            // its pin line meets the check's line only at the king, so its mask is empty).
            1 => check_line(self, king, checker),
            _ => return count,
        };
        count += if pins.squares == 0 {
            self.count_piece_moves::<WHITE, false>(king, &pins, targets, occupied)
        } else {
            self.count_piece_moves::<WHITE, true>(king, &pins, targets, occupied)
        };
        let mut special = MoveCounter(0);
        self.en_passant_moves(&mut special, us);
        if checkers == 0 && castling {
            self.castling_moves(&mut special, king, us, danger, Some(two_steps_danger));
        }
        count + special.0
    }

    /// The moves of the pieces of the side to move other than the king to the squares
    /// `targets`, with the squares `occupied` occupied; pins looked at only if `PINS`.
    #[inline(always)]
    fn count_piece_moves<const WHITE: bool, const PINS: bool>(
        &self,
        king: u8,
        pins: &Pins,
        targets: u64,
        occupied: u64,
    ) -> u64 {
        let us = if WHITE { Color::White } else { Color::Black };
        let own = self.occupancy(us);
        let enemies = self.occupancy(!us);
        let pawns = own & self.pawns();
        let pinned = if PINS { pins.squares } else { 0 };
        // The pawns that are free to move are counted together, a shift for each kind of move.
        let mut count = count_pawn_moves::<WHITE>(pawns & !pinned, targets, occupied, enemies);
        // A pinned piece moves along the line from its king through it.
        let pin_line = |from: u8| bitboard::ray_from(king, ray_step_raw(king, from));
        let mut pinned_pawns = pawns & pinned;
        while pinned_pawns != 0 {
            let from = bitboard::x88(pinned_pawns.trailing_zeros() as usize);
            pinned_pawns &= pinned_pawns - 1;
            let line = pin_line(from);
            count +=
                count_pawn_moves::<WHITE>(bitboard::bit(from), targets & line, occupied, enemies);
        }
        let mut pieces = own & !self.pawns() & !bitboard::bit(king);
        while pieces != 0 {
            let index = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let from = bitboard::x88(index);
            let reach = match self.cell(from) & Piece::KIND_MASK {
                // A knight's jump never ends on a line through its square: a pinned knight's
                // set below is empty.
                k if k == PieceKind::Knight.bits() => knight_set(index),
                k if k == PieceKind::Bishop.bits() => bishop_attacks(index, occupied),
                k if k == PieceKind::Rook.bits() => rook_attacks(index, occupied),
                _ => bishop_attacks(index, occupied) | rook_attacks(index, occupied),
            };
            let reach = if PINS && pinned >> index & 1 != 0 {
                reach & pin_line(from)
            } else {
                reach
            };
            count += u64::from((reach & targets).count_ones());
        }
        count
    }
}

/// The squares that end a single check by the piece on `checker` of the king on `king`: the
/// checker's own, and for a slider those between the two.
#[inline(always)]
fn check_line(board: &Board0x88, king: u8, checker: u8) -> u64 {
    let step = ray_step_raw(king, checker);
    let is_slider = piece_attacks(board.cell(checker)) & SLIDER_ATTACK != 0;
    if step == 0 || !is_slider {
        return bitboard::bit(checker);
    }
    // The ray from the king up to the edge, less the part beyond the checker.
    ray_from(king, step) & !ray_from(checker, step)
}

/// The moves of the pawns `pawns` of white if `WHITE`, else of black, to the squares
/// `targets`: single and double steps to empty squares, captures of `enemies`, each move to
/// the last rank counted four times (queen, rook, bishop, knight). En passant is not counted.
#[inline(always)]
fn count_pawn_moves<const WHITE: bool>(
    pawns: u64,
    targets: u64,
    occupied: u64,
    enemies: u64,
) -> u64 {
    let moves = PawnTargets::new(WHITE, pawns, occupied, enemies, targets);
    // A single step and a double step never share a square (a pawn on the third rank blocks
    // the double step of the pawn behind it), so one count serves both; two pawns may take
    // on the same square, so the captures are counted apart.
    let count = (moves.single | moves.double).count_ones()
        + moves.west.count_ones()
        + moves.east.count_ones();
    // Most positions have no pawn about to promote: one test, then no more counting.
    let last = moves.last_rank;
    if (moves.single | moves.west | moves.east) & last == 0 {
        return u64::from(count);
    }
    let promotions = (moves.single & last).count_ones()
        + (moves.west & last).count_ones()
        + (moves.east & last).count_ones();
    u64::from(count + 3 * promotions)
}

#[cfg(test)]
mod tests {
    use crate::moves::MoveList;
    use crate::test_positions::suite_positions_and_children;

    #[test]
    fn counting_agrees_with_generating_in_every_suite_position_and_child() {
        let (mut positions, mut moves) = (0, 0);
        for board in suite_positions_and_children() {
            let mut list = MoveList::new();
            board.generate_legal(&mut list);
            assert_eq!(board.count_legal_moves(), list.len() as u64, "{board}");
            // Where the processor has `popcnt`, the line above took the copy compiled for it.
            assert_eq!(board.count_portable(), list.len() as u64, "{board}");
            positions += 1;
            moves += list.len();
        }
        assert!(
            positions > 1_000 && moves > 50_000,
            "{positions} positions, {moves} moves"
        );
    }
}
