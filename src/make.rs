//! Making and unmaking moves, with the Zobrist hash updated incrementally.

use crate::board::{Board0x88, State, castling_destinations};
use crate::moves::Move;
use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;
use crate::zobrist::piece_key;

/// What [`Board0x88::make_move`] needs to remember so that
/// [`Board0x88::unmake_move`] can restore the position exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use = "unmake_move needs the Undo that make_move returned"]
pub struct Undo {
    /// Side, en passant square, clocks and hash before the move, put back whole. The full
    /// move number is restored, not counted back: it stops at 65535, so one less could be wrong.
    state: State,
    /// The moving piece's byte before the move (its virgin bit included).
    moved: u8,
    /// The captured piece's byte, 0 if none.
    captured: u8,
    /// The back-rank files of the mover's rooks whose castling rights (virgin bits) a move of
    /// its virgin king took (see `Board0x88::take_rook_rights`).
    rights_cleared: u8,
}

impl Board0x88 {
    /// Plays `mv`, which must be a legal move of this position (as the move generator gives),
    /// and returns what [`unmake_move`](Board0x88::unmake_move) needs to take it back.
    ///
    /// This is the fast path for engines: it does not check the move. A move that is not legal
    /// here leaves the board in an unspecified (but memory-safe) state.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board = Board0x88::default();
    /// let before = board;
    /// let mv = board.legal_moves()[0];
    /// let undo = board.make_move(mv);
    /// assert_ne!(board, before);
    /// board.unmake_move(mv, undo);
    /// assert_eq!(board, before);
    /// assert_eq!(board.hash(), before.hash());
    /// ```
    #[inline]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        self.apply(mv)
    }

    /// Plays `mv`, which must be a legal move of this position, without keeping what it takes
    /// to undo it: the fast path for copy-make engines, which copy the board (it is `Copy`)
    /// and play the move on the copy. Like [`make_move`](Board0x88::make_move), a move that is
    /// not legal here leaves the board in an unspecified (but memory-safe) state; use
    /// [`play`](Board0x88::play) for moves from outside.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board = Board0x88::default();
    /// for mv in board.legal_moves() {
    ///     let mut child = board;
    ///     child.play_unchecked(mv);
    ///     assert_eq!(child.hash(), child.compute_hash());
    /// }
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) {
        let _ = self.apply(mv);
    }

    /// The Zobrist hash of the position after `mv`, a legal move of this position, without
    /// playing it: what [`hash`](Board0x88::hash) will say once it is made. A search asks it
    /// to start loading the child's transposition-table entry while it still decides whether
    /// to play the move at all. For the common moves, a plain quiet move or capture (not a
    /// double push, promotion, castling or en passant) by any piece but a king that still has
    /// its castling rights, it is a few table lookups; for the others it plays the move on a
    /// copy. For a move that is not legal here the value is unspecified, as the position
    /// after [`play_unchecked`](Board0x88::play_unchecked) is.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let board: Board0x88 = fen.parse().unwrap();
    /// for mv in board.legal_moves() {
    ///     let mut child = board;
    ///     child.play_unchecked(mv);
    ///     assert_eq!(board.hash_after(mv), child.hash());
    /// }
    /// ```
    #[inline]
    #[must_use]
    pub fn hash_after(&self, mv: Move) -> u64 {
        let from = mv.from().x88();
        let to = mv.to().x88();
        let piece = self.cell(from);
        // `make_move`'s two fast paths, whose keys are those of the pieces on the two squares
        // (an empty square's key is 0, so a quiet move's destination adds nothing).
        if (mv.is_plain_quiet() | mv.is_plain_capture()) & !is_virgin_king(piece) {
            let keys = piece_key(self.cell(to), to) ^ step_keys(piece, from, to);
            return self.state().after_move(keys, false).hash;
        }
        let mut child = *self;
        child.play_unchecked(mv);
        child.hash()
    }

    /// The move itself, shared by [`make_move`](Board0x88::make_move) and
    /// [`play_unchecked`](Board0x88::play_unchecked); inlined into both so that the latter
    /// does not write the `Undo` it drops.
    #[inline(always)]
    fn apply(&mut self, mv: Move) -> Undo {
        let before = self.state();
        let us = before.side();
        let from = mv.from().x88();
        let to = mv.to().x88();
        let piece = self.cell(from);
        // The commonest move first: a quiet move of a piece other than a virgin king (a rook
        // that leaves with its castling right loses its own virgin bit, nothing else). One test
        // (`&`, not `&&`: both halves are cheap) tells it from all the others.
        if mv.is_plain_quiet() & !is_virgin_king(piece) {
            let placed = piece & !Piece::VIRGIN;
            self.relocate(from, to, placed, us);
            let keys = step_keys(piece, from, to);
            let resets_clock = piece & Piece::KIND_MASK == PieceKind::Pawn.bits();
            self.set_state(before.after_move(keys, resets_clock));
            return Undo {
                state: before,
                moved: piece,
                captured: 0,
                rights_cleared: 0,
            };
        }
        let them = !us;
        // The next commonest: a plain capture by a piece other than a virgin king.
        if mv.is_plain_capture() & !is_virgin_king(piece) {
            let captured = self.cell(to);
            self.remove(to, captured, them);
            let placed = piece & !Piece::VIRGIN;
            self.relocate(from, to, placed, us);
            let keys = piece_key(captured, to) ^ step_keys(piece, from, to);
            self.set_state(before.after_move(keys, true));
            return Undo {
                state: before,
                moved: piece,
                captured,
                rights_cleared: 0,
            };
        }
        if !mv.is_simple() {
            let (captured, rights_cleared) = self.make_special(mv, before, piece);
            return Undo {
                state: before,
                moved: piece,
                captured,
                rights_cleared,
            };
        }

        // A double push, a promotion or a move of a virgin king: one piece moves, one may be
        // taken on its destination. The hash and the clock are updated without branching on
        // whether a piece was taken (an empty square's key is 0).
        let (rights_cleared, mut keys) = self.settle(us, piece);
        let captured = self.take(mv, them, &mut keys);
        let placed = if mv.is_promotion() {
            let promoted = mv.promoted_piece(us.bit());
            self.promotion_changed_kind(from, promoted);
            promoted
        } else {
            piece & !Piece::VIRGIN
        };
        self.relocate(from, to, placed, us);
        keys ^= piece_key(piece, from) ^ piece_key(placed, to);
        let resets_clock = piece & Piece::KIND_MASK == PieceKind::Pawn.bits() || mv.is_capture();
        let mut after = before.after_move(keys, resets_clock);
        if mv.is_double_push() {
            let skipped = to.wrapping_sub(us.forward() as u8);
            if self.en_passant_capture_exists(to, skipped, them) {
                after = after.with_en_passant(Square::from_x88_unchecked(skipped));
            }
        }
        self.set_state(after);
        // Every field of the Undo is a plain value until here, so that it can stay in
        // registers: built through a reference, it would live on the stack and be copied.
        Undo {
            state: before,
            moved: piece,
            captured,
            rights_cleared,
        }
    }

    /// The rest of [`make_move`](Board0x88::make_move) for castling and en passant, kept out
    /// of line so that the common path stays small. Returns the captured piece's byte and the
    /// rook rights cleared, for the `Undo`.
    #[inline(never)]
    fn make_special(&mut self, mv: Move, before: State, piece: u8) -> (u8, u8) {
        let us = before.side();
        let them = !us;
        let from = mv.from().x88();
        let to = mv.to().x88();
        let mut captured = 0;
        // Castling counts the clock on; en passant is a pawn move.
        let resets_clock = !mv.is_castle();
        // Before the pieces move (see `take_rook_rights`); with castling, the castling rook's
        // bit is among those cleared.
        let (rights_cleared, mut keys) = self.settle(us, piece);
        if mv.is_castle() {
            let rook = self.cell(to);
            let (king_to, rook_to) = castling_destinations(from, to);
            let (king_after, rook_after) = (piece & !Piece::VIRGIN, rook & !Piece::VIRGIN);
            keys ^= piece_key(piece, from)
                ^ piece_key(rook, to)
                ^ piece_key(king_after, king_to)
                ^ piece_key(rook_after, rook_to);
            self.castle_pieces(us, [from, to], [king_to, rook_to], [king_after, rook_after]);
        } else {
            // En passant: the pawn taken stands beside the destination, not on it.
            let captured_sq = to.wrapping_sub(us.forward() as u8);
            captured = self.cell(captured_sq);
            self.remove(captured_sq, captured, them);
            self.relocate(from, to, piece, us);
            keys ^=
                piece_key(captured, captured_sq) ^ piece_key(piece, from) ^ piece_key(piece, to);
        }
        self.set_state(before.after_move(keys, resets_clock));
        (captured, rights_cleared)
    }

    /// Takes the piece of `them` on the destination of `mv`, if the move is a capture, off the
    /// board, adds its key to `keys` and returns its byte (0 for none). The branch tests the
    /// move's flag, known before the destination's byte is loaded.
    #[inline(always)]
    fn take(&mut self, mv: Move, them: Color, keys: &mut u64) -> u8 {
        let to = mv.to().x88();
        let captured = self.cell(to);
        *keys ^= piece_key(captured, to);
        if mv.is_capture() {
            self.remove(to, captured, them);
        }
        captured
    }

    /// Keeps the castling state canonical for a move of `us` that moves `moved` (its byte),
    /// called before the move: a virgin king that moves takes the rights of its rooks with it.
    /// Returns the files of the rooks that lost their right and the change to the hash.
    #[inline(always)]
    fn settle(&mut self, us: Color, moved: u8) -> (u8, u64) {
        if is_virgin_king(moved) {
            self.take_rook_rights(us)
        } else {
            (0, 0)
        }
    }

    // Always inlined: left to the inliner, this function (grown by its fast path) was called,
    // and its `Undo` passed through memory: perft 5 every leaf, 841 M -> 1,320 M instructions.
    /// Takes back `mv`, which must be the last move made, with the [`Undo`] that
    /// [`make_move`](Board0x88::make_move) returned for it. The board is then exactly as before.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let mut board: Board0x88 = fen.parse().unwrap();
    /// // As a search does: each move made, then taken back (castling and captures included).
    /// for mv in board.legal_moves() {
    ///     let undo = board.make_move(mv);
    ///     board.unmake_move(mv, undo);
    ///     assert_eq!(board.to_string(), fen);
    ///     assert_eq!(board.hash(), board.compute_hash());
    /// }
    /// ```
    #[inline(always)]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let us = undo.state.side();
        let from = mv.from().x88();
        let to = mv.to().x88();
        // The two commonest moves, as in `apply`.
        if mv.is_plain_quiet() & !is_virgin_king(undo.moved) {
            self.relocate(to, from, undo.moved, us);
            self.set_state(undo.state);
            return;
        }
        if mv.is_plain_capture() & !is_virgin_king(undo.moved) {
            self.relocate(to, from, undo.moved, us);
            self.reinsert(to, undo.captured, !us);
            self.set_state(undo.state);
            return;
        }
        if mv.is_simple() {
            self.put_back(mv, &undo, us);
        } else {
            self.unmake_special(mv, us, &undo);
        }
        // After the pieces are back: a castling rook's own square is among the files.
        if undo.rights_cleared != 0 {
            self.restore_virgins(us, undo.rights_cleared);
        }
        self.set_state(undo.state);
    }

    /// The piece moves of [`unmake_move`](Board0x88::unmake_move) for castling and en
    /// passant.
    #[inline(never)]
    fn unmake_special(&mut self, mv: Move, us: Color, undo: &Undo) {
        let (moved, captured) = (undo.moved, undo.captured);
        let them = !us;
        let from = mv.from().x88();
        let to = mv.to().x88();
        if mv.is_castle() {
            let rook = Piece::new(us, PieceKind::Rook).with_virgin().bits();
            let (king_to, rook_to) = castling_destinations(from, to);
            self.castle_pieces(us, [king_to, rook_to], [from, to], [moved, rook]);
        } else {
            self.relocate(to, from, moved, us);
            let captured_sq = to.wrapping_sub(us.forward() as u8);
            self.reinsert(captured_sq, captured, them);
        }
    }

    /// Undoes `mv`, a move of one piece of `us` (a promotion included): the piece as it was
    /// goes back, and the piece it took, if any, returns to the destination.
    #[inline(always)]
    fn put_back(&mut self, mv: Move, undo: &Undo, us: Color) {
        let (from, to) = (mv.from().x88(), mv.to().x88());
        if mv.is_promotion() {
            self.promotion_changed_kind(to, self.cell(to));
        }
        self.relocate(to, from, undo.moved, us);
        if mv.is_capture() {
            self.reinsert(to, undo.captured, !us);
        }
    }

    /// The Zobrist hash of the position after a null move
    /// ([`make_null_move`](Board0x88::make_null_move)), without making it: a search can start
    /// loading the null move's transposition-table entry before it decides to try it.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board: Board0x88 = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 7".parse().unwrap();
    /// let expected = board.hash_after_null_move();
    /// board.make_null_move().unwrap();
    /// assert_eq!(board.hash(), expected);
    /// assert_eq!(board.hash(), board.compute_hash());
    /// ```
    #[inline]
    #[must_use]
    pub fn hash_after_null_move(&self) -> u64 {
        self.state().after_move(0, false).hash
    }

    /// Passes the move to the other side (a "null move", for null-move pruning in a search):
    /// the side to move flips, the en passant square is cleared, the half-move clock counts
    /// on, and the hash follows. Returns `None`, changing nothing, when the side to move is in
    /// check, since passing would leave a position where the king can be taken.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board = Board0x88::default();
    /// let before = board;
    /// let undo = board.make_null_move().expect("not in check");
    /// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
    /// assert_eq!(board.hash(), board.compute_hash());
    /// board.unmake_null_move(undo);
    /// assert_eq!(board, before);
    /// ```
    pub fn make_null_move(&mut self) -> Option<Undo> {
        if self.is_check() {
            return None;
        }
        let before = self.state();
        self.set_state(before.after_move(0, false));
        Some(Undo {
            state: before,
            moved: 0,
            captured: 0,
            rights_cleared: 0,
        })
    }

    /// Takes back a null move with the [`Undo`] that
    /// [`make_null_move`](Board0x88::make_null_move) returned.
    ///
    /// ```
    /// use x88::{Board0x88, Square};
    /// let mut board: Board0x88 = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 7".parse().unwrap();
    /// let before = board;
    /// let undo = board.make_null_move().unwrap();
    /// assert_eq!(board.en_passant(), None); // passing forfeits e5xd6
    /// board.unmake_null_move(undo);
    /// assert_eq!(board.en_passant(), Some(Square::D6)); // back, with the clocks and the hash
    /// assert_eq!((board, board.hash()), (before, before.hash()));
    /// ```
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.set_state(undo.state);
    }

    /// Whether a pawn of `them` beside the pawn that just stepped to `pushed` can legally take
    /// it en passant on `skipped`. Only then does the position get an en passant square, so
    /// that positions which differ in nothing else hash alike and repetitions are seen.
    #[inline]
    fn en_passant_capture_exists(&self, pushed: u8, skipped: u8, them: Color) -> bool {
        self.en_passant_capturers(pushed, them)
            .any(|side| self.en_passant_is_legal(side, skipped, them))
    }

    /// The 0x88 squares beside `pushed` that hold a pawn of `them`: the pawns that could take
    /// a pawn just pushed two squares to `pushed` en passant, pins aside (Polyglot's keys
    /// count these, legal or not).
    #[inline]
    pub(crate) fn en_passant_capturers(
        &self,
        pushed: u8,
        them: Color,
    ) -> impl Iterator<Item = u8> + '_ {
        let pawn = Piece::new(them, PieceKind::Pawn).bits();
        [pushed.wrapping_sub(1), pushed.wrapping_add(1)]
            .into_iter()
            .filter(move |&side| side & 0x88 == 0 && self.cell(side) == pawn)
    }
}

/// The change to the hash when `piece` (a piece byte) steps from `from` to `to` and stays
/// what it is: off its square, and on the other without its virgin bit (a rook that leaves
/// with its castling right loses it). Shared by `make_move`'s two fast paths and
/// [`Board0x88::hash_after`], which must agree.
#[inline(always)]
fn step_keys(piece: u8, from: u8, to: u8) -> u64 {
    piece_key(piece, from) ^ piece_key(piece & !Piece::VIRGIN, to)
}

/// Whether `piece` (a piece byte) is a king that has not moved, of either colour: the one
/// piece whose move changes more than its own bits, since it takes its rooks' rights along.
#[inline(always)]
const fn is_virgin_king(piece: u8) -> bool {
    piece & (Piece::VIRGIN | Piece::KIND_MASK) == Piece::VIRGIN | PieceKind::King.bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::CastlingRights;
    use crate::perft::perft;

    fn play(board: &mut Board0x88, uci: &str) -> (Move, Undo) {
        let mv = board
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == uci)
            .unwrap_or_else(|| panic!("{uci} is not legal in {board}"));
        (mv, board.make_move(mv))
    }

    #[test]
    fn null_move_is_refused_in_check_and_clears_en_passant() {
        let mut checked: Board0x88 = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1".parse().unwrap();
        let before = checked;
        assert_eq!(checked.make_null_move(), None);
        assert_eq!(checked, before);

        let mut board: Board0x88 = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 7".parse().unwrap();
        let before = board;
        let undo = board.make_null_move().unwrap();
        assert_eq!(board.to_string(), "4k3/8/8/3pP3/8/8/8/4K3 b - - 1 7");
        assert_eq!(board.hash(), board.compute_hash());
        let again = board.make_null_move().unwrap();
        assert_eq!(board.to_string(), "4k3/8/8/3pP3/8/8/8/4K3 w - - 2 8");
        board.unmake_null_move(again);
        board.unmake_null_move(undo);
        assert_eq!(board, before);
    }

    #[test]
    fn castling_moves_both_pieces_and_clears_the_rights() {
        let mut board: Board0x88 = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let before = board;
        let (mv, undo) = play(&mut board, "e1g1");
        assert_eq!(board.to_string(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        assert_eq!(board.hash(), board.compute_hash());
        board.unmake_move(mv, undo);
        assert_eq!(board, before);
        assert_eq!(board.hash(), before.hash());
    }

    #[test]
    fn capturing_the_last_virgin_rook_takes_the_last_rights() {
        let mut board: Board0x88 = "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1".parse().unwrap();
        let _ = play(&mut board, "a1a8");
        assert_eq!(board.to_string(), "R3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(board.castling_rights(), CastlingRights::empty());
        // Neither king has moved; without a virgin rook that is no right, and the position
        // is the one the FEN describes (where the kings are not virgin), hash included.
        assert!(board.piece_on(Square::E8).is_some_and(|p| p.is_virgin()));
        assert!(board.piece_on(Square::E1).is_some_and(|p| p.is_virgin()));
        let fresh = Board0x88::from_fen("R3k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert!(!fresh.piece_on(Square::E1).is_some_and(|p| p.is_virgin()));
        assert_eq!(board, fresh);
        assert_eq!(board.hash(), fresh.hash());
        assert_eq!(board.hash(), board.compute_hash());
    }

    /// Checks the board's bitboard mirrors (each side's occupancy, each kind's pieces)
    /// against what its cells say.
    fn assert_mirrors_in_step(board: &Board0x88, context: &str) {
        let mut pawns = 0;
        for color in Color::ALL {
            let mut occupied = 0;
            let mut by_kind = [0u64; 6];
            for sq in Square::ALL {
                let Some(piece) = board.piece_on(sq).filter(|p| p.color() == color) else {
                    continue;
                };
                occupied |= 1 << sq.index();
                by_kind[piece.kind().index()] |= 1 << sq.index();
            }
            assert_eq!(board.occupancy(color), occupied, "{board} {context}");
            // `pieces` and `pieces_by_kind` read the kinds' mirror.
            let sets = board.pieces_by_kind(color);
            for kind in PieceKind::ALL {
                let expected = by_kind[kind.index()];
                assert_eq!(
                    board.pieces(color, kind).0,
                    expected,
                    "{kind:?} {board} {context}"
                );
                assert_eq!(sets[kind.index()].0, expected, "{kind:?} {board} {context}");
            }
            pawns |= by_kind[PieceKind::Pawn.index()];
        }
        assert_eq!(board.pawns(), pawns, "{board} {context}");
    }

    #[test]
    fn make_and_unmake_keep_the_bitboard_mirrors_in_step() {
        let (mut moves, mut promotions, mut en_passant, mut castles) = (0, 0, 0, 0);
        for mut board in crate::test_positions::suite_positions_and_children() {
            for mv in board.legal_moves() {
                let undo = board.make_move(mv);
                assert_mirrors_in_step(&board, &format!("after {mv}"));
                board.unmake_move(mv, undo);
                assert_mirrors_in_step(&board, &format!("after {mv} unmade"));
                moves += 1;
                promotions += usize::from(mv.is_promotion());
                en_passant += usize::from(mv.is_en_passant());
                castles += usize::from(mv.is_castle());
            }
        }
        assert!(
            moves > 50_000 && promotions > 100 && en_passant > 5 && castles > 20,
            "{moves} moves, {promotions} promotions, {en_passant} en passant, {castles} castles"
        );
    }

    #[test]
    fn unmake_restores_every_byte() {
        let mut captures = 0;
        for mut board in crate::test_positions::suite_positions_and_children() {
            let before = board;
            for mv in board.legal_moves() {
                let undo = board.make_move(mv);
                board.unmake_move(mv, undo);
                assert!(board.same_bytes(&before), "{board}: {mv:?}");
                captures += usize::from(mv.is_capture());
            }
        }
        assert!(captures > 5_000, "only {captures} captures");
    }

    #[test]
    fn a_king_move_takes_the_rights_of_both_rooks() {
        let mut board: Board0x88 = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let before = board;
        let (mv, undo) = play(&mut board, "e1e2");
        assert_eq!(board.to_string(), "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
        assert!(
            !board.piece_on(Square::A1).is_some_and(|p| p.is_virgin())
                && !board.piece_on(Square::H1).is_some_and(|p| p.is_virgin())
        );
        let fresh = Board0x88::from_fen("r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1").unwrap();
        assert_eq!((board, board.hash()), (fresh, fresh.hash()));
        board.unmake_move(mv, undo);
        assert_eq!(board.castling_rights(), CastlingRights::all());
        assert_eq!((board, board.hash()), (before, before.hash()));
    }

    #[test]
    fn double_push_sets_en_passant_only_when_the_capture_is_legal() {
        // The black pawn on d4 is pinned to its king on d8 by the rook on d1, so it cannot
        // take e4 en passant.
        let mut board: Board0x88 = "3k4/8/8/8/3p4/8/4P3/3R3K w - - 0 1".parse().unwrap();
        let _ = play(&mut board, "e2e4");
        assert_eq!(board.en_passant(), None);
        assert_eq!(board.hash(), board.compute_hash());
    }

    #[test]
    fn double_push_sets_en_passant_only_beside_an_enemy_pawn() {
        let mut board: Board0x88 = "4k3/8/8/8/3p4/8/2P1P3/4K3 w - - 0 1".parse().unwrap();
        let _ = play(&mut board, "c2c4");
        assert_eq!(board.en_passant(), Some("c3".parse().unwrap()));
        let _ = play(&mut board, "d4c3");
        assert_eq!(board.to_string(), "4k3/8/8/8/8/2p5/4P3/4K3 w - - 0 2");
        let _ = play(&mut board, "e2e4");
        assert_eq!(board.en_passant(), None);
        assert_eq!(board.hash(), board.compute_hash());
    }

    #[test]
    fn unmake_restores_the_largest_fullmove_number() {
        let mut board: Board0x88 = "4k3/8/8/8/8/8/8/4K3 b - - 0 65535".parse().unwrap();
        let before = board;
        let (mv, undo) = play(&mut board, "e8e7");
        assert_eq!(board.fullmove_number(), 65535);
        board.unmake_move(mv, undo);
        assert_eq!(board, before);
    }

    #[test]
    fn both_counters_stop_at_their_largest_value_without_touching_the_rest() {
        // The clocks share a word with the en passant square and the side to move.
        let mut board: Board0x88 = "4k3/8/8/8/2p5/8/3P4/4K3 b - - 65535 65535".parse().unwrap();
        let _ = play(&mut board, "e8e7");
        assert_eq!(
            board.to_string(),
            "8/4k3/8/8/2p5/8/3P4/4K3 w - - 65535 65535"
        );
        let (mv, undo) = play(&mut board, "d2d4");
        assert_eq!(board.to_string(), "8/4k3/8/8/2pP4/8/8/4K3 b - d3 0 65535");
        assert_eq!(board.hash(), board.compute_hash());
        let before = board;
        let null = board.make_null_move().unwrap();
        assert_eq!(board.to_string(), "8/4k3/8/8/2pP4/8/8/4K3 w - - 1 65535");
        board.unmake_null_move(null);
        assert_eq!(board, before);
        board.unmake_move(mv, undo);
        assert_eq!(
            board.to_string(),
            "8/4k3/8/8/2p5/8/3P4/4K3 w - - 65535 65535"
        );
    }

    #[test]
    fn promotion_and_unmake() {
        let mut board: Board0x88 = "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1".parse().unwrap();
        let before = board;
        let (mv, undo) = play(&mut board, "b7a8n");
        assert_eq!(board.to_string(), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(board.hash(), board.compute_hash());
        board.unmake_move(mv, undo);
        assert_eq!(board, before);
        assert_eq!(perft(&mut board, 3), perft(&mut before.clone(), 3));
    }
}
