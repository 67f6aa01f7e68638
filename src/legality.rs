//! Questions about one move, answered without generating the others or making it:
//! [`Board0x88::is_legal`] and [`Board0x88::gives_check`].
//!
//! A search asks them at every node: is the move from the transposition table, a killer slot
//! or the counter-move table legal here, and does a move give check (so that it is neither
//! pruned nor reduced). Both are answered through the difference tables and a look-out from
//! the king; only castling and en passant, which move or take a second piece, take a longer
//! way.

use crate::attacks::{
    ATTACK_MASK, SLIDER_ATTACK, diff_index, piece_attacks, ray_step_raw, reaches,
};
use crate::bitboard;
use crate::board::Board0x88;
use crate::movegen::{EAST, NO_SQUARE, WEST};
use crate::moves::{Move, MoveSink};
use crate::piece::{Color, Piece, PieceKind};
use arrayvec::ArrayVec;

impl Board0x88 {
    /// Whether `mv` is a legal move of this position: true exactly when
    /// [`legal_moves`](Board0x88::legal_moves) contains it, for any `Move` value at all (from a
    /// transposition table, a killer slot, another position, [`Move::from_u16`] of random
    /// bits). It never panics, and it costs a few table lookups and one look-out from the
    /// king instead of a whole generation.
    ///
    /// A move is compared whole, its flags included: a killer move stored as quiet is not
    /// legal in a position where its destination holds a piece, because the legal move there
    /// is the capture.
    ///
    /// ```
    /// use x88::{Board0x88, Move};
    /// let board = Board0x88::default();
    /// let e4 = board.parse_uci("e2e4").unwrap();
    /// assert!(board.is_legal(e4));
    /// let mut after = board;
    /// after.play(e4).unwrap();
    /// assert!(!after.is_legal(e4)); // black to move now
    /// for bits in 0..=u16::MAX {
    ///     if let Some(mv) = Move::from_u16(bits) {
    ///         assert_eq!(board.is_legal(mv), board.legal_moves().contains(&mv));
    ///     }
    /// }
    /// ```
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let from = mv.from().x88();
        let to = mv.to().x88();
        let piece = self.cell(from);
        if piece & us.bit() == 0 {
            return false;
        }
        if mv.is_castle() {
            return self.castling_is_legal(mv, us);
        }
        if mv.is_en_passant() {
            return self.en_passant_move_is_legal(from, to, piece, us);
        }
        let target = self.cell(to);
        // The destination must hold what the move's capture flag says: an enemy piece or
        // nothing (never one's own piece, never a king).
        let takes = target != 0;
        if takes != mv.is_capture()
            || target & us.bit() != 0
            || target & Piece::KIND_MASK == PieceKind::King.bits()
        {
            return false;
        }
        let is_pawn = piece & Piece::KIND_MASK == PieceKind::Pawn.bits();
        let shape_ok = if is_pawn {
            self.pawn_move_has_its_shape(mv, from, to, us)
        } else {
            !mv.is_promotion()
                && !mv.is_double_push()
                && reaches(self, from, to, NO_SQUARE, NO_SQUARE)
        };
        if !shape_ok {
            return false;
        }
        let them = !us;
        if piece & Piece::KIND_MASK == PieceKind::King.bits() {
            // The king lifted off its square, so that it does not shield its destination.
            let occupied = (self.occupancy(us) | self.occupancy(them)) & !bitboard::bit(from);
            !self.attacked_through(to, them, occupied, self.occupancy(them))
        } else {
            // The board after the move: `from` empty, `to` ours, a piece taken there gone.
            let king = self.king(us).x88();
            let occupied = (self.occupancy(us) | self.occupancy(them)) & !bitboard::bit(from);
            let attackers = self.occupancy(them) & !bitboard::bit(to);
            !self.attacked_through(king, them, occupied | bitboard::bit(to), attackers)
        }
    }

    /// Whether the pawn move `mv` of `us` from `from` to `to` (which holds an enemy piece
    /// exactly when `mv` says capture) goes the way a pawn can: one step forward to an empty
    /// square, two from its start rank over an empty one (flagged as a double push), or one
    /// diagonal step forward to capture; flagged as a promotion exactly when it reaches the
    /// last rank.
    fn pawn_move_has_its_shape(&self, mv: Move, from: u8, to: u8, us: Color) -> bool {
        let forward = us.forward() as u8;
        let one = from.wrapping_add(forward);
        let shape = if mv.is_capture() {
            to == one.wrapping_add(1) || to == one.wrapping_sub(1)
        } else if mv.is_double_push() {
            let start_rank = if us == Color::White { 1 } else { 6 };
            from >> 4 == start_rank && to == one.wrapping_add(forward) && self.cell(one) == 0
        } else {
            to == one
        };
        let last_rank = to >> 4 == ((!us).back_rank() as u8);
        shape && mv.is_promotion() == last_rank
    }

    /// Whether the en passant capture `mv` (from `from` to `to`, the moving piece byte `piece`)
    /// is legal: the pawn stands beside the pawn that just stepped two squares, behind the en
    /// passant square, and the capture leaves its king safe.
    fn en_passant_move_is_legal(&self, from: u8, to: u8, piece: u8, us: Color) -> bool {
        if piece & Piece::KIND_MASK != PieceKind::Pawn.bits()
            || self.en_passant().map(|sq| sq.x88()) != Some(to)
        {
            return false;
        }
        let behind = to.wrapping_sub(us.forward() as u8);
        (from == behind.wrapping_add(1) || from == behind.wrapping_sub(1))
            && self.en_passant_is_legal(from, to, us)
    }

    /// Whether the castling move `mv` of `us` is legal: the generator's own castling rules,
    /// run for this king alone (castling is rare in a transposition table, so clarity wins).
    fn castling_is_legal(&self, mv: Move, us: Color) -> bool {
        let king = self.king(us).x88();
        if mv.from().x88() != king || !self.castling_may_be_possible(king, us) {
            return false;
        }
        let them = !us;
        if self.is_attacked(self.king(us), them) {
            return false;
        }
        // The generator knows which squares beside the king are attacked from its pass over
        // the enemy pieces; here they are looked up, the king lifted off.
        let mut danger = 0;
        for (step, bit) in [(1u8, EAST), (1u8.wrapping_neg(), WEST)] {
            let beside = king.wrapping_add(step);
            let occupied = (self.occupancy(us) | self.occupancy(them)) & !bitboard::bit(king);
            if beside & 0x88 == 0
                && self.attacked_through(beside, them, occupied, self.occupancy(them))
            {
                danger |= bit;
            }
        }
        let mut castles = ArrayVec::<Move, 8>::new();
        self.castling_moves(&mut CastleSink(&mut castles), king, us, danger, None);
        castles.contains(&mv)
    }

    /// Whether the legal move `mv` gives check, without making it: the piece attacks the
    /// enemy king from its destination (as what it promotes to, if it promotes), or it leaves
    /// a line between the king and one of its own sliders. Castling and en passant, which
    /// move or take a second piece, are played on a copy.
    ///
    /// `mv` must be legal here (as [`is_legal`](Board0x88::is_legal) says); for another move
    /// the answer is unspecified, but it never panics.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "3k4/8/8/8/8/8/3B4/R3K3 w Q - 0 1".parse().unwrap();
    /// let check = |uci: &str| board.gives_check(board.parse_uci(uci).unwrap());
    /// assert!(check("a1a8")); // the rook, directly
    /// assert!(check("d2a5")); // the bishop, directly
    /// assert!(!check("d2c3"));
    /// assert!(!check("e1c1")); // the rook lands on d1, behind the bishop
    ///
    /// let board: Board0x88 = "3k4/8/8/8/8/8/3B4/3RK3 w - - 0 1".parse().unwrap();
    /// let check = |uci: &str| board.gives_check(board.parse_uci(uci).unwrap());
    /// assert!(check("d2c3")); // uncovers the rook
    /// assert!(!check("e1f2"));
    /// ```
    #[must_use]
    pub fn gives_check(&self, mv: Move) -> bool {
        if mv.is_castle() || mv.is_en_passant() {
            let mut after = *self;
            after.play_unchecked(mv);
            return after.is_check();
        }
        let us = self.side_to_move();
        let enemy_king = self.king(!us).x88();
        let from = mv.from().x88();
        let to = mv.to().x88();
        let placed = if mv.is_promotion() {
            mv.promoted_piece(us.bit())
        } else {
            self.cell(from)
        };
        self.attacks_king_from(placed, to, enemy_king, from)
            || self.uncovers_check(from, to, enemy_king, us)
    }

    /// Whether the piece byte `piece`, standing on `sq`, attacks the king on `king` once the
    /// square `vacated` is empty.
    fn attacks_king_from(&self, piece: u8, sq: u8, king: u8, vacated: u8) -> bool {
        let hits = ATTACK_MASK[diff_index(sq, king)] & piece_attacks(piece);
        if hits == 0 {
            return false;
        }
        if hits & SLIDER_ATTACK == 0 {
            return true;
        }
        let step = ray_step_raw(king, sq);
        let mut between = king.wrapping_add(step as u8);
        while between != sq {
            if self.cell(between) != 0 && between != vacated {
                return false;
            }
            between = between.wrapping_add(step as u8);
        }
        true
    }

    /// Whether moving the piece of `us` from `from` to `to` opens a line from the enemy king on
    /// `king` to a slider of `us` behind `from` (a discovered check).
    fn uncovers_check(&self, from: u8, to: u8, king: u8, us: Color) -> bool {
        let step = ray_step_raw(king, from);
        if step == 0 || ray_step_raw(king, to) == step {
            return false;
        }
        let mut sq = king.wrapping_add(step as u8);
        while sq != from {
            if self.cell(sq) != 0 {
                return false;
            }
            sq = sq.wrapping_add(step as u8);
        }
        sq = from.wrapping_add(step as u8);
        while sq & 0x88 == 0 {
            let piece = self.cell(sq);
            if piece != 0 {
                let line = ATTACK_MASK[diff_index(sq, king)] & SLIDER_ATTACK;
                return piece & us.bit() != 0 && piece_attacks(piece) & line != 0;
            }
            sq = sq.wrapping_add(step as u8);
        }
        false
    }
}

/// Collects the castling moves of one king (one per virgin rook at most).
struct CastleSink<'a>(&'a mut ArrayVec<Move, 8>);

impl MoveSink for CastleSink<'_> {
    fn push(&mut self, mv: Move) {
        let _ = self.0.try_push(mv);
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::Move;
    use crate::test_positions::{suite_positions, suite_positions_and_children};
    use std::collections::HashSet;

    #[test]
    fn is_legal_agrees_with_the_generator_on_every_u16() {
        let every_move: std::vec::Vec<Move> = (0..=u16::MAX).filter_map(Move::from_u16).collect();
        let mut legal_seen = 0;
        for board in suite_positions() {
            let legal: HashSet<Move> = board.legal_moves().into_iter().collect();
            for &mv in &every_move {
                assert_eq!(board.is_legal(mv), legal.contains(&mv), "{board}: {mv:?}");
            }
            legal_seen += legal.len();
        }
        assert!(legal_seen > 3_000, "only {legal_seen} legal moves");
    }

    #[test]
    fn is_legal_agrees_with_the_generator_on_moves_of_other_positions() {
        // Killer moves and hash collisions bring moves of nearby positions: every child is
        // asked about every move of its parent and its siblings.
        let positions: std::vec::Vec<_> = suite_positions_and_children().collect();
        let mut asked = 0;
        for pair in positions.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let legal: HashSet<Move> = b.legal_moves().into_iter().collect();
            for mv in a.legal_moves() {
                assert_eq!(b.is_legal(mv), legal.contains(&mv), "{b}: {mv:?} from {a}");
                asked += 1;
            }
        }
        assert!(asked > 50_000, "only {asked} moves asked");
    }

    #[test]
    fn gives_check_agrees_with_making_the_move() {
        let (mut checks, mut quiet) = (0, 0);
        for board in suite_positions_and_children() {
            for mv in board.legal_moves() {
                let mut after = board;
                after.play_unchecked(mv);
                assert_eq!(board.gives_check(mv), after.is_check(), "{board}: {mv:?}");
                if after.is_check() {
                    checks += 1;
                } else {
                    quiet += 1;
                }
            }
        }
        assert!(
            checks > 1_000 && quiet > 50_000,
            "{checks} checks, {quiet} others"
        );
    }
}
