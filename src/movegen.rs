//! Legal move generation.
//!
//! Moves are generated legal from the start, never made and taken back to test them:
//! - one pass over the enemy pieces with the difference tables finds the checkers and the
//!   pinned pieces (a lone own piece between the king and an enemy slider), kept as a set of
//!   squares; the enemy pawns far from the king are left out by a bitboard test;
//! - in double check only the king moves; in single check the other pieces may only capture
//!   the checker or step onto the ray between it and the king;
//! - a pinned piece moves only along its pin ray; a king step is tested against the enemy
//!   attacks with the king lifted off the board;
//! - en passant, which can uncover the king along its rank, is tested by looking out from the
//!   king with both pawns lifted off and the capturing pawn on its destination.

use crate::attacks::{
    KING_STEPS, KingRelation, SLIDER_ATTACK, SliderLine, TWO_STEPS, king_relation, king_set,
    knight_set, piece_attacks, ray_step_raw, reaches,
};
use crate::bitboard::{self, PawnTargets, bishop_attacks, rook_attacks};
use crate::board::Board0x88;
use crate::moves::{FirstMove, Move, MoveList, MoveSink};
use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;
use crate::square_set::SquareSet;

/// The bits of the king's steps east (`+1`) and west (`-1`) in a mask over [`KING_STEPS`].
pub(crate) const EAST: u8 = 1 << 0;
pub(crate) const WEST: u8 = 1 << 4;

/// Which of the legal moves a generation writes: all of them, the noisy ones (captures, en
/// passant, promotions) or the quiet ones (the rest). A const parameter of the generator, so
/// each choice compiles to its own copy with the tests for the others folded away.
pub(crate) const ALL: u8 = 0;
const NOISY: u8 = 1;
const QUIET: u8 = 2;

/// No square: a value that never equals a square on the board.
pub(crate) const NO_SQUARE: u8 = 0x80;

/// The pieces of the side to move that are pinned, found once per generation. A pinned
/// piece moves along the line from its king through it (`ray_step_raw(king, from)`).
pub(crate) struct Pins {
    /// The squares of the pinned pieces, as bits.
    pub(crate) squares: u64,
}

/// What the enemy pieces do to the king of the side to move, found in one pass over them by
/// [`king_safety`](Board0x88::king_safety).
pub(crate) struct KingSafety {
    /// The squares next to the king they attack, of those asked about (a mask over
    /// [`KING_STEPS`]).
    pub(crate) danger: u8,
    /// The squares two steps from the king along its rank that they attack, of those asked
    /// about (a mask over [`TWO_STEPS`]; asked only when the king may castle).
    pub(crate) two_steps_danger: u8,
    /// How many give check: 0, 1 or 2.
    pub(crate) checkers: u8,
    /// The square of a checker ([`NO_SQUARE`] if none).
    pub(crate) checker: u8,
    /// The pinned pieces of the side to move.
    pub(crate) pins: Pins,
}

/// Whether a move of a pinned piece to `to` stays on its pin ray.
#[inline(always)]
fn stays_on_ray(king: u8, to: u8, ray: i8) -> bool {
    ray_step_raw(king, to) == ray
}

impl Board0x88 {
    /// All legal moves of the side to move.
    ///
    /// ```
    /// use x88::Board0x88;
    /// assert_eq!(Board0x88::default().legal_moves().len(), 20);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// The noisy legal moves of the side to move: every capture (en passant included) and
    /// every promotion, quiet promotions and under-promotions included. Castling is never
    /// among them. With [`quiet_moves`](Board0x88::quiet_moves) they split the legal moves
    /// into two disjoint sets, so that a staged move picker (noisy moves first, quiet moves
    /// only if no cutoff came) never generates a move twice; a quiescence search looks at
    /// these alone.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/1P6/8/8/8/8/7p/4K2R w K - 0 1".parse().unwrap();
    /// // b7-b8 four ways and Rxh2; neither castling nor the other quiet moves
    /// assert_eq!(board.noisy_moves().len(), 5);
    /// assert_eq!(
    ///     board.noisy_moves().len() + board.quiet_moves().len(),
    ///     board.legal_moves().len()
    /// );
    /// ```
    #[must_use]
    pub fn noisy_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_noisy(&mut list);
        list
    }

    /// The quiet legal moves of the side to move: every legal move that is not in
    /// [`noisy_moves`](Board0x88::noisy_moves): moves to empty squares without promotion,
    /// double pushes and castling.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board = Board0x88::default();
    /// assert_eq!(board.quiet_moves().len(), 20);
    /// assert!(board.noisy_moves().is_empty());
    /// ```
    #[must_use]
    pub fn quiet_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_quiet(&mut list);
        list
    }

    /// Writes every legal move of the side to move into `sink`.
    ///
    /// ```
    /// use x88::{Board0x88, MoveCounter, MoveList};
    /// let board = Board0x88::default();
    /// let mut list = MoveList::new(); // a list the caller may clear and reuse
    /// board.generate_legal(&mut list);
    /// let mut counter = MoveCounter::default(); // or only count them
    /// board.generate_legal(&mut counter);
    /// assert_eq!((list.len(), counter.0), (20, 20));
    /// ```
    #[inline]
    pub fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        self.generate::<S, ALL>(sink);
    }

    /// Writes the noisy legal moves of the side to move into `sink` (see
    /// [`noisy_moves`](Board0x88::noisy_moves)).
    ///
    /// ```
    /// use x88::{Board0x88, MoveList};
    /// let board: Board0x88 = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2".parse().unwrap();
    /// let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
    /// board.generate_noisy(&mut noisy); // Rxa8, Rxh8, bxa8 and b8 four ways each, exd6 e.p.
    /// board.generate_quiet(&mut quiet);
    /// assert_eq!(noisy.len(), 11);
    /// // Together they are the legal moves, each in one of the two.
    /// let legal = board.legal_moves();
    /// assert_eq!(noisy.len() + quiet.len(), legal.len());
    /// assert!(legal.iter().all(|mv| noisy.contains(mv) != quiet.contains(mv)));
    /// ```
    #[inline]
    pub fn generate_noisy<S: MoveSink>(&self, sink: &mut S) {
        self.generate::<S, NOISY>(sink);
    }

    /// Writes the quiet legal moves of the side to move into `sink` (see
    /// [`quiet_moves`](Board0x88::quiet_moves)).
    ///
    /// ```
    /// use x88::{Board0x88, MoveList};
    /// let board: Board0x88 = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2".parse().unwrap();
    /// // A staged move picker: the noisy moves first, the quiet ones after, none twice.
    /// let mut staged = MoveList::new();
    /// board.generate_noisy(&mut staged);
    /// board.generate_quiet(&mut staged);
    /// let legal = board.legal_moves();
    /// assert_eq!(staged.len(), legal.len());
    /// assert!(legal.iter().all(|mv| staged.contains(mv)));
    /// assert!(staged[11..].iter().any(|mv| mv.is_castle())); // castling is quiet
    /// ```
    #[inline]
    pub fn generate_quiet<S: MoveSink>(&self, sink: &mut S) {
        self.generate::<S, QUIET>(sink);
    }

    /// Whether the side to move has a legal move. Generation stops at the first one it finds
    /// (king steps come first), so this is cheaper than counting them.
    ///
    /// ```
    /// use x88::Board0x88;
    /// assert!(Board0x88::default().has_legal_moves());
    /// let mated: Board0x88 = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().unwrap();
    /// assert!(!mated.has_legal_moves());
    /// ```
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        let mut first = FirstMove(None);
        self.generate_legal(&mut first);
        first.0.is_some()
    }

    #[inline(always)]
    fn generate<S: MoveSink, const MODE: u8>(&self, sink: &mut S) {
        // A copy of the generator for each colour: the side's bit, its forward step and its
        // ranks are constants there, which frees registers in every loop.
        match self.side_to_move() {
            Color::White => self.generate_for::<S, MODE, true>(sink),
            Color::Black => self.generate_for::<S, MODE, false>(sink),
        }
    }

    /// [`generate`](Board0x88::generate) for white to move if `WHITE`, else for black.
    #[inline(always)]
    fn generate_for<S: MoveSink, const MODE: u8, const WHITE: bool>(&self, sink: &mut S) {
        let us = if WHITE { Color::White } else { Color::Black };
        let king = self.king(us).x88();
        let free = self.king_targets::<MODE>(king, us);
        // The squares two steps away are not asked of the enemy pass here: it would need a
        // second copy of it in every generator (the counter has one).
        let safety = self.king_safety(king, us, free, 0);
        self.king_steps(sink, king, free & !safety.danger);
        if !sink.wants_more() {
            return;
        }
        match safety.checkers {
            0 => {
                self.piece_moves::<S, MODE>(sink, king, us, &safety.pins);
                if MODE != NOISY && sink.wants_more() && self.castling_may_be_possible(king, us) {
                    self.castling_moves(sink, king, us, safety.danger, None);
                }
            }
            1 => self.evasions::<S, MODE>(sink, king, us, &safety.pins, safety.checker),
            _ => {}
        }
    }

    /// One pass over the enemy pieces: which of the squares `free` next to the king of `us` on
    /// `king` (a mask over [`KING_STEPS`]) and of the squares `two_steps` two steps from it
    /// along its rank (a mask over [`TWO_STEPS`], where castling takes the king) they attack
    /// with the king lifted off, which of them give check, and which pieces of `us` they pin.
    #[inline(always)]
    pub(crate) fn king_safety(&self, king: u8, us: Color, free: u8, two_steps: u8) -> KingSafety {
        // Most positions cannot castle: their copy of the pass has no trace of the squares two
        // steps away (with it, positions without castling ran about 3 % more instructions).
        if two_steps == 0 {
            self.king_safety_with::<false>(king, us, free, 0)
        } else {
            self.king_safety_with::<true>(king, us, free, two_steps)
        }
    }

    /// [`king_safety`](Board0x88::king_safety), with the squares two steps away asked about
    /// only if `CASTLING`.
    #[inline(always)]
    fn king_safety_with<const CASTLING: bool>(
        &self,
        king: u8,
        us: Color,
        free: u8,
        two_steps: u8,
    ) -> KingSafety {
        let two_steps = if CASTLING { two_steps } else { 0 };
        let mut safety = KingSafety {
            danger: 0,
            two_steps_danger: 0,
            checkers: 0,
            checker: NO_SQUARE,
            pins: Pins { squares: 0 },
        };
        // A pawn attacks only the squares diagonally in front of it: one far from the king (most
        // of them) can neither give check nor attack a square next to the king.
        // With the squares two steps away asked about, the box widens by a file each way.
        let enemies = self.occupancy(!us);
        let near = bitboard::near(bitboard::index(king));
        let near = if !CASTLING {
            near
        } else {
            let near = SquareSet(near);
            (near | near.shift(1, 0) | near.shift(-1, 0)).0
        };
        let far_pawns = self.pawns() & !near;
        // The parts of the table's entries wanted: the king's square, the squares next to it,
        // and the squares two steps away only if asked about.
        let asked = 0xffff | u32::from(two_steps) << KingRelation::TWO_STEPS_SHIFT;
        let mut looked_at = enemies & !far_pawns;
        while looked_at != 0 {
            let enemy = bitboard::x88(looked_at.trailing_zeros() as usize);
            looked_at &= looked_at - 1;
            let piece = self.cell(enemy);
            // Most enemy pieces reach neither the king's square nor a square around it that
            // the caller asks about: one test of the table's entry passes over them.
            let relation = KingRelation(king_relation(piece, enemy, king).0 & asked);
            if relation.0 == 0 {
                continue;
            }
            let zone = relation.zone() & free & !safety.danger;
            if zone != 0 {
                safety.danger |= self.verified_zone(piece, enemy, king, zone);
            }
            let two_steps = relation.two_steps() & !safety.two_steps_danger;
            if CASTLING && two_steps != 0 {
                safety.two_steps_danger |= self.verified_two_steps(piece, enemy, king, two_steps);
            }
            let hits = relation.hits();
            if hits == 0 {
                continue;
            }
            if hits & SLIDER_ATTACK == 0 {
                safety.checkers += 1;
                safety.checker = enemy;
                continue;
            }
            let ray = ray_step_raw(king, enemy);
            match self.slider_line(king, enemy, ray, us) {
                SliderLine::Check => {
                    safety.checkers += 1;
                    safety.checker = enemy;
                }
                SliderLine::Pin(pinned) => safety.pins.squares |= bitboard::bit(pinned),
                SliderLine::Blocked => {}
            }
        }
        safety
    }

    /// The squares next to the king that it could step to if they were safe, as a mask over
    /// [`KING_STEPS`]: on the board and not held by its own side; only those held by the enemy
    /// for the noisy moves, only the empty ones for the quiet moves.
    #[inline(always)]
    pub(crate) fn king_targets<const MODE: u8>(&self, king: u8, us: Color) -> u8 {
        let own = self.occupancy(us);
        let occupied = own | self.occupancy(!us);
        let wanted = match MODE {
            NOISY => occupied & !own,
            QUIET => !occupied,
            _ => !own,
        };
        let index = bitboard::index(king);
        bitboard::king_step_mask(index, king_set(index) & wanted)
    }

    /// Of the squares `zone` next to the king that the piece on `enemy` attacks on an empty
    /// board, those it really attacks: a slider's ray must be clear, the king lifted off.
    #[inline(always)]
    fn verified_zone(&self, piece: u8, enemy: u8, king: u8, zone: u8) -> u8 {
        if piece_attacks(piece) & SLIDER_ATTACK == 0 {
            return zone;
        }
        let mut attacked = 0;
        let mut bits = zone;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let to = king.wrapping_add(KING_STEPS[i as usize] as u8);
            if reaches(self, enemy, to, king, NO_SQUARE) {
                attacked |= 1 << i;
            }
        }
        attacked
    }

    /// [`verified_zone`](Board0x88::verified_zone) for the squares `reached` two steps from the
    /// king along its rank (a mask over [`TWO_STEPS`]).
    #[inline(always)]
    fn verified_two_steps(&self, piece: u8, enemy: u8, king: u8, reached: u8) -> u8 {
        if piece_attacks(piece) & SLIDER_ATTACK == 0 {
            return reached;
        }
        let mut attacked = 0;
        for (i, step) in TWO_STEPS.into_iter().enumerate() {
            let to = king.wrapping_add(step as u8);
            if reached >> i & 1 != 0 && reaches(self, enemy, to, king, NO_SQUARE) {
                attacked |= 1 << i;
            }
        }
        attacked
    }

    /// The king's steps to the squares of `safe`, a mask over [`KING_STEPS`].
    #[inline(always)]
    pub(crate) fn king_steps<S: MoveSink>(&self, sink: &mut S, king: u8, safe: u8) {
        let from = Square::from_x88_unchecked(king);
        let mut bits = safe;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let to = king.wrapping_add(KING_STEPS[i] as u8);
            let capture = self.cell(to) != 0;
            sink.push(Move::normal(from, Square::from_x88_unchecked(to), capture));
        }
    }

    /// The moves of every piece but the king, when the king is not in check.
    #[inline(always)]
    fn piece_moves<S: MoveSink, const MODE: u8>(
        &self,
        sink: &mut S,
        king: u8,
        us: Color,
        pins: &Pins,
    ) {
        // Most positions have no pin: their copy of the loop tests nothing about pins.
        if pins.squares == 0 {
            self.piece_moves_with::<S, MODE, false>(sink, king, us, pins);
        } else {
            self.piece_moves_with::<S, MODE, true>(sink, king, us, pins);
        }
    }

    /// [`piece_moves`](Board0x88::piece_moves), with pins looked at only if `PINS`.
    #[inline(always)]
    fn piece_moves_with<S: MoveSink, const MODE: u8, const PINS: bool>(
        &self,
        sink: &mut S,
        king: u8,
        us: Color,
        pins: &Pins,
    ) {
        let own = self.occupancy(us);
        let enemies = self.occupancy(!us);
        let occupied = own | enemies;
        // The squares a knight's or a slider's move may end on.
        let wanted = match MODE {
            NOISY => enemies,
            QUIET => !occupied,
            _ => !own,
        };
        let pawns = own & self.pawns();
        let pinned = if PINS { pins.squares } else { 0 };
        // The pawns free to move, all at once: a shift of the set for each kind of move.
        self.pawn_moves_by_sets::<S, MODE>(sink, us, pawns & !pinned, occupied, enemies);
        let mut pinned_pawns = pawns & pinned;
        while pinned_pawns != 0 {
            let from = bitboard::x88(pinned_pawns.trailing_zeros() as usize);
            pinned_pawns &= pinned_pawns - 1;
            self.pawn_moves::<S, MODE>(sink, from, king, us, true, ray_step_raw(king, from));
        }
        // The pieces (the king moves elsewhere), in square order.
        let mut pieces = own & !self.pawns() & !bitboard::bit(king);
        while pieces != 0 {
            if !sink.wants_more() {
                return;
            }
            let at = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let from = bitboard::x88(at);
            let reach = match self.cell(from) & Piece::KIND_MASK {
                // A knight's jump never ends on a line through its square: a pinned knight's
                // set below is empty.
                k if k == PieceKind::Knight.bits() => knight_set(at),
                k if k == PieceKind::Bishop.bits() => bishop_attacks(at, occupied),
                k if k == PieceKind::Rook.bits() => rook_attacks(at, occupied),
                _ => bishop_attacks(at, occupied) | rook_attacks(at, occupied),
            };
            let reach = if PINS && pinned >> at & 1 != 0 {
                reach & bitboard::ray_from(king, ray_step_raw(king, from))
            } else {
                reach
            };
            push_targets(
                sink,
                Square::from_x88_unchecked(from),
                reach & wanted,
                enemies,
            );
        }
        if MODE != QUIET {
            self.en_passant_moves(sink, us);
        }
    }

    /// The moves of the pawns `pawns` of `us`, none of them pinned, but en passant: from the
    /// sets of [`PawnTargets`], each square turned back into a move by its set's step. Every
    /// promotion is noisy, under-promotions included.
    #[inline(always)]
    fn pawn_moves_by_sets<S: MoveSink, const MODE: u8>(
        &self,
        sink: &mut S,
        us: Color,
        pawns: u64,
        occupied: u64,
        enemies: u64,
    ) {
        let white = us == Color::White;
        let moves = PawnTargets::new(white, pawns, occupied, enemies, u64::MAX);
        let [single, double, west, east] = PawnTargets::steps(white);
        let last = moves.last_rank;
        let square = |index: u32| Square::from_x88_unchecked(bitboard::x88(index as usize));
        let origin = |index: u32, step: i8| square(index.wrapping_sub(step as u32));
        if MODE != QUIET {
            for (set, step) in [(moves.west, west), (moves.east, east)] {
                let mut bits = set;
                while bits != 0 {
                    let to = bits.trailing_zeros();
                    bits &= bits - 1;
                    if last >> to & 1 != 0 {
                        push_promotions(sink, origin(to, step), square(to), true);
                    } else {
                        sink.push(Move::normal(origin(to, step), square(to), true));
                    }
                }
            }
            let mut bits = moves.single & last;
            while bits != 0 {
                let to = bits.trailing_zeros();
                bits &= bits - 1;
                push_promotions(sink, origin(to, single), square(to), false);
            }
        }
        if MODE != NOISY {
            let mut bits = moves.single & !last;
            while bits != 0 {
                let to = bits.trailing_zeros();
                bits &= bits - 1;
                sink.push(Move::normal(origin(to, single), square(to), false));
            }
            let mut bits = moves.double;
            while bits != 0 {
                let to = bits.trailing_zeros();
                bits &= bits - 1;
                sink.push(Move::double_push(origin(to, double), square(to)));
            }
        }
    }

    /// The moves of the pawn on `from` but en passant (see
    /// [`en_passant_moves`](Board0x88::en_passant_moves)). Whether it promotes is known from
    /// its rank, once: a pawn short of the seventh takes the path without promotion tests.
    #[inline(always)]
    fn pawn_moves<S: MoveSink, const MODE: u8>(
        &self,
        sink: &mut S,
        from: u8,
        king: u8,
        us: Color,
        pinned: bool,
        ray: i8,
    ) {
        if from >> 4 == promotion_start_rank(us) {
            // Every promotion is noisy, under-promotions included.
            if MODE != QUIET {
                self.promoting_pawn_moves(sink, from, king, us, pinned, ray);
            }
            return;
        }
        let from_sq = Square::from_x88_unchecked(from);
        let wanted = (MODE != QUIET, MODE != NOISY);
        let pushed = self.pawn_targets(from, king, us, (pinned, ray), wanted, |to, capture| {
            sink.push(Move::normal(
                from_sq,
                Square::from_x88_unchecked(to),
                capture,
            ));
        });
        let forward = us.forward() as u8;
        let double = from.wrapping_add(forward).wrapping_add(forward);
        if pushed && from >> 4 == pawn_start_rank(us) && self.cell(double) == 0 {
            sink.push(Move::double_push(
                from_sq,
                Square::from_x88_unchecked(double),
            ));
        }
    }

    /// [`pawn_moves`](Board0x88::pawn_moves) for a pawn on its seventh rank: every move is a
    /// promotion, four ways, and every one is noisy.
    #[inline(never)]
    fn promoting_pawn_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        from: u8,
        king: u8,
        us: Color,
        pinned: bool,
        ray: i8,
    ) {
        let from_sq = Square::from_x88_unchecked(from);
        self.pawn_targets(
            from,
            king,
            us,
            (pinned, ray),
            (true, true),
            |to, capture| {
                push_promotions(sink, from_sq, Square::from_x88_unchecked(to), capture);
            },
        );
    }

    /// The squares the pawn on `from` captures on (if `with_captures`) and the square it steps
    /// to (if `with_push`), each given to `target` with whether it is a capture; a pinned pawn
    /// (`pin`: whether, and its ray) keeps to its ray. Returns whether the pawn stepped one
    /// square (so that the caller may try two).
    #[inline(always)]
    fn pawn_targets(
        &self,
        from: u8,
        king: u8,
        us: Color,
        (pinned, ray): (bool, i8),
        (with_captures, with_push): (bool, bool),
        mut target: impl FnMut(u8, bool),
    ) -> bool {
        let forward = us.forward() as u8;
        if with_captures {
            for side in [forward.wrapping_sub(1), forward.wrapping_add(1)] {
                let to = from.wrapping_add(side);
                if to & 0x88 != 0 || self.cell(to) & (!us).bit() == 0 {
                    continue;
                }
                if pinned && !stays_on_ray(king, to, ray) {
                    continue;
                }
                target(to, true);
            }
        }
        let to = from.wrapping_add(forward);
        if !with_push
            || self.cell(to) != 0
            || (pinned && ray != us.forward() && ray != -us.forward())
        {
            return false;
        }
        target(to, false);
        true
    }

    /// The en passant captures, once per position rather than once per pawn: the pawns of
    /// `us` beside the pawn that just stepped two squares, each capture tested by
    /// [`en_passant_is_legal`](Board0x88::en_passant_is_legal), which settles pins (also the
    /// one along the rank) and checks (also the one by the pawn that stepped), so the normal
    /// and the evasion generators both call it as it is.
    #[inline(always)]
    pub(crate) fn en_passant_moves<S: MoveSink>(&self, sink: &mut S, us: Color) {
        let Some(ep) = self.en_passant() else {
            return;
        };
        let to = ep.x88();
        let behind = to.wrapping_sub(us.forward() as u8);
        let pawn = us.bit() | PieceKind::Pawn.bits();
        for from in [behind.wrapping_sub(1), behind.wrapping_add(1)] {
            if from & 0x88 == 0 && self.cell(from) == pawn && self.en_passant_is_legal(from, to, us)
            {
                sink.push(Move::en_passant(Square::from_x88_unchecked(from), ep));
            }
        }
    }

    /// The moves out of a single check by the piece on `checker`: king steps aside (generated
    /// by the caller), or another piece captures the checker or steps between it and the king.
    /// Instead of generating every move and filtering, each unpinned piece is asked, through
    /// the difference tables, whether it reaches one of those few squares. A pinned piece never
    /// can: its line and the line of the check meet only at the king.
    fn evasions<S: MoveSink, const MODE: u8>(
        &self,
        sink: &mut S,
        king: u8,
        us: Color,
        pins: &Pins,
        checker: u8,
    ) {
        let mut targets = [checker; 8];
        let mut count = 1;
        if piece_attacks(self.cell(checker)) & SLIDER_ATTACK != 0 {
            let step = ray_step_raw(king, checker) as u8;
            let mut sq = king.wrapping_add(step);
            while sq != checker {
                targets[count & 7] = sq;
                count += 1;
                sq = sq.wrapping_add(step);
            }
        }
        let blocks = &targets[1..count.min(8)];
        // A pinned piece can neither take the checker nor block: its move would leave the
        // king to the pinner.
        let mut movers = self.occupancy(us) & !pins.squares & !bitboard::bit(king);
        while movers != 0 {
            let from = bitboard::x88(movers.trailing_zeros() as usize);
            movers &= movers - 1;
            let from_sq = Square::from_x88_unchecked(from);
            let pawn = self.cell(from) & Piece::KIND_MASK == PieceKind::Pawn.bits();
            if MODE != QUIET && reaches(self, from, checker, NO_SQUARE, NO_SQUARE) {
                self.push_capture(sink, from_sq, checker, pawn, us);
            }
            if pawn {
                self.pawn_blocks::<S, MODE>(sink, from, us, blocks);
            } else if MODE != NOISY {
                for &to in blocks {
                    if reaches(self, from, to, NO_SQUARE, NO_SQUARE) {
                        sink.push(Move::normal(from_sq, Square::from_x88_unchecked(to), false));
                    }
                }
            }
        }
        // En passant may take the checker or block; its legality test settles both.
        if MODE != QUIET {
            self.en_passant_moves(sink, us);
        }
    }

    /// The capture by the piece on `from` of the piece on `to`, as the promotions if a pawn
    /// reaches the last rank.
    #[inline(always)]
    fn push_capture<S: MoveSink>(&self, sink: &mut S, from: Square, to: u8, pawn: bool, us: Color) {
        let to_sq = Square::from_x88_unchecked(to);
        if pawn && to >> 4 == ((!us).back_rank() as u8) {
            push_promotions(sink, from, to_sq, true);
        } else {
            sink.push(Move::normal(from, to_sq, true));
        }
    }

    /// The pushes of the pawn on `from` that block a check on one of the empty squares
    /// `blocks`: the promotions among them are noisy, the other pushes quiet.
    #[inline(always)]
    fn pawn_blocks<S: MoveSink, const MODE: u8>(
        &self,
        sink: &mut S,
        from: u8,
        us: Color,
        blocks: &[u8],
    ) {
        let forward = us.forward() as u8;
        let one = from.wrapping_add(forward);
        if self.cell(one) != 0 {
            return;
        }
        let from_sq = Square::from_x88_unchecked(from);
        if blocks.contains(&one) {
            if one >> 4 == ((!us).back_rank() as u8) {
                if MODE != QUIET {
                    push_promotions(sink, from_sq, Square::from_x88_unchecked(one), false);
                }
            } else if MODE != NOISY {
                sink.push(Move::normal(
                    from_sq,
                    Square::from_x88_unchecked(one),
                    false,
                ));
            }
        } else if MODE != NOISY && from >> 4 == pawn_start_rank(us) {
            let two = one.wrapping_add(forward);
            if blocks.contains(&two) {
                sink.push(Move::double_push(from_sq, Square::from_x88_unchecked(two)));
            }
        }
    }

    /// Whether the en passant capture from `from` to `to` leaves the king safe: no attack on
    /// the king once both pawns have left their squares and the capturing pawn stands on `to`,
    /// looked for from the king's square. The only way to see the pin of two pawns side by
    /// side on the king's rank; it also settles every other pin and check.
    #[cold]
    #[inline(never)]
    pub(crate) fn en_passant_is_legal(&self, from: u8, to: u8, us: Color) -> bool {
        let captured = to.wrapping_sub(us.forward() as u8);
        let king = self.king(us).x88();
        let lifted = bitboard::bit(from) | bitboard::bit(captured);
        let occupied = (self.occupancy(Color::White) | self.occupancy(Color::Black)) & !lifted;
        let attackers = self.occupancy(!us) & !lifted;
        !self.attacked_through(king, !us, occupied | bitboard::bit(to), attackers)
    }
}

/// The rank (0..8) from which the pawns of `us` may step two squares.
#[inline(always)]
fn pawn_start_rank(us: Color) -> u8 {
    match us {
        Color::White => 1,
        Color::Black => 6,
    }
}

/// The rank (0..8) from which the pawns of `us` promote with their next step.
#[inline(always)]
fn promotion_start_rank(us: Color) -> u8 {
    match us {
        Color::White => 6,
        Color::Black => 1,
    }
}

/// The moves of the piece on `from` to each square of `targets` (bits by [`Square::index`]),
/// captures where `enemies` has the bit: the captures first, then the quiet moves, each set
/// in square order, so that each loop writes its flag as a constant.
#[inline(always)]
fn push_targets<S: MoveSink>(sink: &mut S, from: Square, targets: u64, enemies: u64) {
    for (set, capture) in [(targets & enemies, true), (targets & !enemies, false)] {
        let mut bits = set;
        while bits != 0 {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let to = Square::from_x88_unchecked(bitboard::x88(index));
            sink.push(Move::normal(from, to, capture));
        }
    }
}

/// The four promotions of a pawn move, queen first, taking the piece on `to` if `capture`.
#[inline(always)]
fn push_promotions<S: MoveSink>(sink: &mut S, from: Square, to: Square, capture: bool) {
    for kind in PieceKind::PROMOTIONS {
        sink.push(Move::promotion(from, to, kind, capture));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::FenOptions;
    use crate::test_positions::{suite_positions, suite_positions_and_children};

    /// En passant legality the slow way: the capture played on a copy, every enemy piece
    /// asked whether it attacks the king.
    fn en_passant_is_legal_on_a_copy(board: &Board0x88, from: u8, to: u8, us: Color) -> bool {
        let mut after = *board;
        after.set_cell(to, board.cell(from));
        after.set_cell(from, 0);
        after.set_cell(to.wrapping_sub(us.forward() as u8), 0);
        !after.attacked_ignoring(board.king(us).x88(), !us, NO_SQUARE, NO_SQUARE)
    }

    #[test]
    fn en_passant_legality_agrees_with_playing_the_capture_on_a_copy() {
        // (position, whether the capture is legal)
        let cases = [
            // Both pawns between the king and a rook on the rank.
            ("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", false),
            ("8/8/8/8/k2Pp2Q/8/8/7K b - d3 0 1", false),
            // The capturing pawn pinned on a diagonal.
            ("7b/8/8/3pP3/8/8/8/K6k w - d6 0 1", false),
            // The captured pawn shields the king from a bishop.
            ("6b1/8/8/3pP3/8/8/K7/7k w - d6 0 1", false),
            // The pawn that just stepped gives check, and the capture takes it.
            ("8/8/8/3pP3/4K3/8/8/7k w - d6 0 1", true),
            // The captured pawn shielded the king from a rook; the capturing pawn lands in
            // between.
            ("3K4/8/8/3pP3/8/8/8/3r3k w - d6 0 1", true),
            ("3k4/8/8/8/3Pp3/8/8/3R3K b - d3 0 1", true),
            // Nothing in the way of the capture.
            ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", true),
            // The double step uncovered a check along a diagonal through the square the pawn
            // left, which the capture does not block; the king shares no line with the pawns.
            ("3bk3/8/8/4pP2/7K/8/8/8 w - e6 0 2", false),
        ];
        let lenient = FenOptions {
            chess960: false,
            lenient: true,
        };
        let mut compared = 0;
        let hand_made = cases
            .iter()
            .map(|&(fen, legal)| (Board0x88::from_fen_with(fen, lenient).unwrap(), Some(legal)));
        for (board, expected) in hand_made.chain(suite_positions().map(|board| (board, None))) {
            let Some(ep) = board.en_passant() else {
                continue;
            };
            let us = board.side_to_move();
            let to = ep.x88();
            let behind = to.wrapping_sub(us.forward() as u8);
            let pawn = us.bit() | PieceKind::Pawn.bits();
            for from in [behind.wrapping_sub(1), behind.wrapping_add(1)] {
                if from & 0x88 != 0 || board.cell(from) != pawn {
                    continue;
                }
                let legal = board.en_passant_is_legal(from, to, us);
                assert_eq!(
                    legal,
                    en_passant_is_legal_on_a_copy(&board, from, to, us),
                    "{board}: {from:#x}"
                );
                if let Some(expected) = expected {
                    assert_eq!(legal, expected, "{board}");
                }
                compared += 1;
            }
        }
        assert!(compared >= 8, "only {compared} captures compared");
    }

    #[test]
    fn attacked_through_agrees_with_testing_every_attacker() {
        let mut compared = 0;
        for board in suite_positions() {
            let occupied = board.occupancy(Color::White) | board.occupancy(Color::Black);
            for by in Color::ALL {
                let king = board.king(!by).x88();
                let others = board.occupied_by(!by) - board.king(!by).into();
                // Nothing ignored, the defender's king lifted off, and the king with each of
                // its other pieces (as castling lifts off the king and the rook).
                let mut ignored = std::vec![(NO_SQUARE, NO_SQUARE), (king, NO_SQUARE)];
                ignored.extend(others.into_iter().map(|sq| (king, sq.x88())));
                for sq in Square::ALL {
                    for &(a, b) in &ignored {
                        let expected = board.attacked_ignoring(sq.x88(), by, a, b);
                        let context = || format!("{board}: {sq} by {by:?} ignoring {a:#x} {b:#x}");
                        // The same question through the occupancy with both squares lifted.
                        let seen = [a, b]
                            .into_iter()
                            .filter(|&lifted| lifted != NO_SQUARE)
                            .fold(occupied, |seen, lifted| seen & !bitboard::bit(lifted));
                        let through =
                            board.attacked_through(sq.x88(), by, seen, board.occupancy(by));
                        assert_eq!(through, expected, "{}", context());
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 200_000, "only {compared} comparisons");
    }

    #[test]
    fn noisy_and_quiet_moves_split_the_legal_moves() {
        let (mut noisy_total, mut quiet_total, mut in_check) = (0, 0, 0);
        for board in suite_positions_and_children() {
            let legal = board.legal_moves();
            let (noisy, quiet) = (board.noisy_moves(), board.quiet_moves());
            for mv in &noisy {
                assert!(mv.is_capture() || mv.is_promotion(), "{board}: {mv:?}");
                assert!(legal.contains(mv) && !quiet.contains(mv), "{board}: {mv:?}");
            }
            for mv in &quiet {
                assert!(!mv.is_capture() && !mv.is_promotion(), "{board}: {mv:?}");
                assert!(legal.contains(mv), "{board}: {mv:?}");
            }
            assert_eq!(noisy.len() + quiet.len(), legal.len(), "{board}");
            assert_eq!(board.has_legal_moves(), !legal.is_empty(), "{board}");
            noisy_total += noisy.len();
            quiet_total += quiet.len();
            in_check += usize::from(board.is_check());
        }
        assert!(
            noisy_total > 5_000 && quiet_total > 50_000 && in_check > 100,
            "{noisy_total} noisy, {quiet_total} quiet, {in_check} in check"
        );
    }

    /// Whether `mv` takes a piece, by the board: something stands on its destination (castling
    /// aside, whose destination is the own rook), or it is en passant.
    fn takes_a_piece(board: &Board0x88, mv: Move) -> bool {
        mv.is_en_passant() || (!mv.is_castle() && board.piece_on(mv.to()).is_some())
    }

    #[test]
    fn capture_flag_agrees_with_the_board() {
        let mut captures = 0;
        let mut quiet = 0;
        for board in suite_positions_and_children() {
            for mv in board.legal_moves() {
                assert_eq!(
                    mv.is_capture(),
                    takes_a_piece(&board, mv),
                    "{board}: {mv:?}"
                );
                if mv.is_capture() {
                    captures += 1;
                } else {
                    quiet += 1;
                }
            }
            for mv in board.noisy_moves() {
                assert!(mv.is_capture() || mv.is_promotion(), "{board}: {mv:?}");
                assert_eq!(
                    mv.is_capture(),
                    takes_a_piece(&board, mv),
                    "{board}: {mv:?}"
                );
            }
        }
        assert!(
            captures > 5_000 && quiet > 50_000,
            "{captures} captures, {quiet} quiet"
        );
    }
}
