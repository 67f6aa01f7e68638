//! Checks: what a move needs to give check, found once per position ([`CheckSquares`]), so
//! that many moves of the position are tested with a set lookup or two instead of a walk along
//! the lines from the enemy king as [`gives_check`](Board0x88::gives_check) does; and the
//! quiet moves that give check, which a search still looks at among the quiet moves once it
//! prunes the others (late-move and futility pruning spare checks), or which a quiescence
//! search adds to the captures.

use crate::attacks::{SliderLine, ray_step_raw};
use crate::attacks::{knight_set, pawn_set};
use crate::bitboard::{self, bishop_attacks, rook_attacks};
use crate::board::Board0x88;
use crate::moves::{Move, MoveList, MoveSink};
use crate::piece::{Color, Piece, PieceKind};

/// What a move of the side to move needs in order to give check, found once per position by
/// [`Board0x88::check_squares`]: for each kind of piece, the squares from which it attacks the
/// enemy king, and the pieces that stand alone between one of their side's sliders and the
/// enemy king (moving one off that line uncovers check). Worth it for a position whose moves
/// are tested by the handful: finding them costs about as much as three calls of
/// [`gives_check`](Board0x88::gives_check), each test after that a few instructions.
///
/// ```
/// use x88::Board0x88;
/// let board: Board0x88 = "4k3/8/8/3N4/8/8/4B3/4R1K1 w - - 0 1".parse().unwrap();
/// let checks = board.check_squares();
/// for mv in board.legal_moves() {
///     assert_eq!(checks.gives_check(&board, mv), board.gives_check(mv));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckSquares {
    /// By micro-Max kind number (the low 3 bits of a piece byte): the squares from which a
    /// piece of that kind attacks the enemy king. A piece that moves away from the king along
    /// a line to it cannot give check along that line (with nothing between, it would have
    /// given check already), so the sets are those of the board as it is.
    direct: [u64; 8],
    /// The pieces of the side to move alone between one of its sliders and the enemy king.
    discoverers: u64,
    /// The enemy king's 0x88 square.
    king: u8,
}

impl CheckSquares {
    /// The check squares for the side to move of `board`.
    #[inline(always)]
    fn of(board: &Board0x88) -> CheckSquares {
        let us = board.side_to_move();
        let king = board.king(!us).x88();
        let at = bitboard::index(king);
        let occupied = board.occupancy(Color::White) | board.occupancy(Color::Black);
        let diagonal = bishop_attacks(at, occupied);
        let straight = rook_attacks(at, occupied);
        let mut direct = [0u64; 8];
        // A pawn of ours attacks the king from where a pawn of theirs on the king's square
        // would attack.
        direct[usize::from(PieceKind::Pawn.bits())] = pawn_set(!us, at);
        direct[usize::from(PieceKind::Knight.bits())] = knight_set(at);
        direct[usize::from(PieceKind::Bishop.bits())] = diagonal;
        direct[usize::from(PieceKind::Rook.bits())] = straight;
        direct[usize::from(PieceKind::Queen.bits())] = diagonal | straight;
        CheckSquares {
            direct,
            discoverers: discoverers(board, us, king),
            king,
        }
    }

    /// Whether `mv`, a legal move of `board` (the position these squares were found for),
    /// gives check: the answer of [`Board0x88::gives_check`]. Castling, en passant and
    /// promotions, which change more than one square's piece on the line to the king, are
    /// asked of `gives_check` itself. For a move or a board other than those, the answer is
    /// unspecified (but it does not panic).
    #[must_use]
    #[inline]
    pub fn gives_check(&self, board: &Board0x88, mv: Move) -> bool {
        if mv.is_castle() || mv.is_en_passant() || mv.is_promotion() {
            return board.gives_check(mv);
        }
        let (from, to) = (mv.from().x88(), mv.to().x88());
        let kind = board.cell(from) & Piece::KIND_MASK;
        let direct = self.direct[usize::from(kind)] & bitboard::bit(to) != 0;
        // Off the line from the king through `from`, the piece uncovers its slider.
        let uncovers = self.discoverers & bitboard::bit(from) != 0
            && ray_step_raw(self.king, to) != ray_step_raw(self.king, from);
        direct || uncovers
    }
}

/// The pieces of `us` that stand alone between one of its sliders and the enemy king on `king`.
///
/// Only the sliders on a line of the king that their kind moves along can pin (a handful at
/// most, usually none): they are found by set operations, and only their lines are walked.
fn discoverers(board: &Board0x88, us: Color, king: u8) -> u64 {
    let mut found = 0;
    let mut snipers = board.sliders_aligned_with(bitboard::index(king)) & board.occupancy(us);
    while snipers != 0 {
        let slider = bitboard::x88(snipers.trailing_zeros() as usize);
        snipers &= snipers - 1;
        // A pin of the king's line, with the pinned piece and the slider on one side.
        let ray = ray_step_raw(king, slider);
        if let SliderLine::Pin(between) = board.slider_line(king, slider, ray, us) {
            found |= bitboard::bit(between);
        }
    }
    found
}

/// Passes on to `inner` the moves that give check.
struct ChecksOnly<'a, S> {
    board: &'a Board0x88,
    squares: CheckSquares,
    inner: &'a mut S,
}

impl<S: MoveSink> MoveSink for ChecksOnly<'_, S> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if self.squares.gives_check(self.board, mv) {
            self.inner.push(mv);
        }
    }

    #[inline(always)]
    fn wants_more(&self) -> bool {
        self.inner.wants_more()
    }
}

impl Board0x88 {
    /// What a move of the side to move needs in order to give check (see [`CheckSquares`]).
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
    /// let checks = board.check_squares();
    /// let gives_check = |uci: &str| checks.gives_check(&board, board.parse_uci(uci).unwrap());
    /// assert!(gives_check("a1a8"));
    /// assert!(!gives_check("a1b1"));
    /// ```
    #[must_use]
    pub fn check_squares(&self) -> CheckSquares {
        CheckSquares::of(self)
    }

    /// The quiet legal moves that give check: exactly those of
    /// [`quiet_moves`](Board0x88::quiet_moves) for which
    /// [`gives_check`](Board0x88::gives_check) is true, in the same order, found with a
    /// lookup or two per move instead of a walk along the lines from the enemy king.
    ///
    /// ```
    /// use x88::Board0x88;
    /// // The knight checks from c7 or f6; the bishop, moving off the e-file, uncovers the rook.
    /// let board: Board0x88 = "4k3/8/8/3N4/8/8/4B3/4R1K1 w - - 0 1".parse().unwrap();
    /// let mut checks: Vec<String> = board.quiet_checks().iter().map(|m| m.to_string()).collect();
    /// checks.sort();
    /// assert_eq!(checks.len(), 2 + 9); // Nc7, Nf6 and the bishop's nine moves
    /// assert!(checks.contains(&"d5c7".to_string()) && checks.contains(&"e2b5".to_string()));
    /// ```
    #[must_use]
    pub fn quiet_checks(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_quiet_checks(&mut list);
        list
    }

    /// Writes the quiet legal moves that give check into `sink` (see
    /// [`quiet_checks`](Board0x88::quiet_checks)): for a search that prunes the other quiet
    /// moves, or a quiescence search that looks at checks.
    ///
    /// ```
    /// use x88::{Board0x88, MoveCounter};
    /// let board = Board0x88::default();
    /// let mut counter = MoveCounter::default();
    /// board.generate_quiet_checks(&mut counter);
    /// assert_eq!(counter.0, 0);
    /// ```
    #[inline]
    pub fn generate_quiet_checks<S: MoveSink>(&self, sink: &mut S) {
        let mut only = ChecksOnly {
            board: self,
            squares: CheckSquares::of(self),
            inner: sink,
        };
        self.generate_quiet(&mut only);
    }
}

#[cfg(test)]
mod tests {
    use crate::test_positions::suite_positions_and_children;
    use crate::{Board0x88, Move};

    fn sorted(moves: impl IntoIterator<Item = Move>) -> std::vec::Vec<std::string::String> {
        let mut names: std::vec::Vec<_> = moves.into_iter().map(|m| m.to_string()).collect();
        names.sort();
        names
    }

    /// The suites' positions one and two moves deep (the second move from every third
    /// position), where discovered checks and checks while in check come up.
    fn positions() -> impl Iterator<Item = Board0x88> {
        let deeper = suite_positions_and_children().step_by(3).flat_map(|board| {
            board.legal_moves().into_iter().map(move |mv| {
                let mut child = board;
                child.play_unchecked(mv);
                child
            })
        });
        suite_positions_and_children().chain(deeper)
    }

    #[test]
    fn check_squares_answer_as_gives_check() {
        let (mut moves, mut checks) = (0, 0);
        for board in positions() {
            let squares = board.check_squares();
            for mv in board.legal_moves() {
                let check = board.gives_check(mv);
                assert_eq!(squares.gives_check(&board, mv), check, "{board}: {mv}");
                moves += 1;
                checks += usize::from(check);
            }
        }
        assert!(
            moves > 1_000_000 && checks > 20_000,
            "{moves} moves, {checks} checks"
        );
    }

    #[test]
    fn quiet_checks_are_the_quiet_moves_that_give_check() {
        let (mut seen, mut checks) = (0, 0);
        for board in positions() {
            let expected: std::vec::Vec<Move> = board
                .quiet_moves()
                .into_iter()
                .filter(|&mv| board.gives_check(mv))
                .collect();
            let found = board.quiet_checks();
            // The same moves in the same order.
            assert_eq!(found.as_slice(), expected.as_slice(), "{board}");
            seen += 1;
            checks += found.len();
        }
        assert!(
            seen > 30_000 && checks > 10_000,
            "{seen} positions, {checks} checks"
        );
    }

    #[test]
    fn discovered_and_direct_checks() {
        // The bishop uncovers the rook on every move; the knight checks from two squares.
        let board: Board0x88 = "4k3/8/8/3N4/8/8/4B3/4R1K1 w - - 0 1".parse().unwrap();
        let found = sorted(board.quiet_checks());
        let bishop = [
            "e2a6", "e2b5", "e2c4", "e2d1", "e2d3", "e2f1", "e2f3", "e2g4", "e2h5",
        ];
        assert!(
            bishop.iter().all(|m| found.contains(&m.to_string())),
            "{found:?}"
        );
        assert!(found.contains(&"d5c7".into()) && found.contains(&"d5f6".into()));
        assert_eq!(found.len(), bishop.len() + 2, "{found:?}");
        // A pawn blocking the rook's rank uncovers it by its push and checks by none.
        let board: Board0x88 = "8/8/8/R3P2k/8/8/8/6K1 w - - 0 1".parse().unwrap();
        assert_eq!(sorted(board.quiet_checks()), ["e5e6"]);
        // Castling that puts the rook on the king's file.
        let board: Board0x88 = "5k2/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
        assert!(sorted(board.quiet_checks()).contains(&"e1g1".into()));
    }
}
