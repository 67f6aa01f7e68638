//! Legal move generation.
//!
//! Moves are generated legal from the start, never made and taken back to test them:
//! - one pass over the enemy piece list with the difference tables finds the checkers and the
//!   pinned pieces (a lone own piece between the king and an enemy slider, with its ray);
//! - in double check only the king moves; in single check the other pieces may only capture
//!   the checker or step onto the ray between it and the king;
//! - a pinned piece moves only along its pin ray; a king step is tested against the enemy
//!   attacks with the king lifted off the board;
//! - en passant, which can uncover the king along its rank, is tested exactly on a copy.

use crate::attacks::{SLIDER_ATTACK, SliderLine, attack_mask_raw, piece_attacks, ray_step_raw};
use crate::board::{Board0x88, MAX_PIECES, castling_destinations};
use crate::moves::{Move, MoveList, MoveSink};
use crate::piece::{Color, Piece, PieceKind};
use crate::square::Square;

/// The knight's eight jumps in 0x88 steps.
const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];
/// The king's (and queen's) eight directions.
const KING_STEPS: [i8; 8] = [1, 15, 16, 17, -1, -15, -16, -17];
/// The bishop's four directions.
const DIAGONAL_STEPS: [i8; 4] = [15, 17, -15, -17];
/// The rook's four directions.
const STRAIGHT_STEPS: [i8; 4] = [1, 16, -1, -16];

/// No square: a value that never equals a square on the board.
const NO_SQUARE: u8 = 0x80;

/// The pieces of the side to move that are pinned, found once per generation.
struct Pins {
    /// Bit `i`: the piece at index `i` of the piece list is pinned.
    pinned: u16,
    /// For a pinned piece, the unit step from the king towards its pinner.
    ray: [i8; MAX_PIECES],
}

/// The 64-square bit of a 0x88 square number, for the check-evasion target set.
#[inline(always)]
fn bit64(sq: u8) -> u64 {
    1u64 << ((sq + (sq & 7)) >> 1)
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

    /// The legal captures (en passant included) and promotions of the side to move: the moves
    /// a quiescence search looks at. Castling is never among them.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/1P6/8/8/8/8/7p/4K2R w K - 0 1".parse().unwrap();
    /// // b7-b8 four ways and Rxh2; neither castling nor quiet moves
    /// assert_eq!(board.captures().len(), 5);
    /// ```
    #[must_use]
    pub fn captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_captures(&mut list);
        list
    }

    /// Writes every legal move of the side to move into `sink`.
    #[inline]
    pub fn generate_legal<S: MoveSink>(&self, sink: &mut S) {
        self.generate::<S, false>(sink);
    }

    /// Writes the legal captures and promotions of the side to move into `sink`.
    #[inline]
    pub fn generate_captures<S: MoveSink>(&self, sink: &mut S) {
        self.generate::<S, true>(sink);
    }

    /// The number of legal moves, without storing them (perft's bulk count).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = crate::moves::MoveCounter(0);
        self.generate_legal(&mut counter);
        counter.0
    }

    fn generate<S: MoveSink, const CAPTURES: bool>(&self, sink: &mut S) {
        let us = self.side_to_move();
        let king = self.king_square(us).index();
        let mut checkers = 0;
        let mut checker = NO_SQUARE;
        let mut pins = Pins {
            pinned: 0,
            ray: [0; MAX_PIECES],
        };
        for &enemy in self.piece_squares(!us) {
            let enemy = enemy.index();
            let hits = attack_mask_raw(enemy, king) & piece_attacks(self.cell(enemy));
            if hits == 0 {
                continue;
            }
            if hits & SLIDER_ATTACK == 0 {
                checkers += 1;
                checker = enemy;
                continue;
            }
            let ray = ray_step_raw(king, enemy);
            match self.slider_line(king, enemy, ray, us) {
                SliderLine::Check => {
                    checkers += 1;
                    checker = enemy;
                }
                SliderLine::Pin(pinned) => {
                    let index = self.cell(pinned | 8) as usize & (MAX_PIECES - 1);
                    pins.pinned |= 1 << index;
                    pins.ray[index] = ray;
                }
                SliderLine::Blocked => {}
            }
        }

        self.king_steps::<S, CAPTURES>(sink, king, us);
        match checkers {
            0 => {
                self.piece_moves::<S, CAPTURES, false>(sink, king, us, &pins, !0);
                if !CAPTURES {
                    self.castling_moves(sink, king, us);
                }
            }
            1 => {
                let mut targets = bit64(checker);
                if piece_attacks(self.cell(checker)) & SLIDER_ATTACK != 0 {
                    let step = ray_step_raw(king, checker) as u8;
                    let mut sq = king.wrapping_add(step);
                    while sq != checker {
                        targets |= bit64(sq);
                        sq = sq.wrapping_add(step);
                    }
                }
                self.piece_moves::<S, CAPTURES, true>(sink, king, us, &pins, targets);
            }
            _ => {}
        }
    }

    fn king_steps<S: MoveSink, const CAPTURES: bool>(&self, sink: &mut S, king: u8, us: Color) {
        for step in KING_STEPS {
            let to = king.wrapping_add(step as u8);
            if to & 0x88 != 0 {
                continue;
            }
            let target = self.cell(to);
            if target & us.bit() != 0 || (CAPTURES && target == 0) {
                continue;
            }
            if !self.attacked_ignoring(to, !us, king, NO_SQUARE) {
                sink.push(Move::normal(
                    Square::from_index_unchecked(king),
                    Square::from_index_unchecked(to),
                ));
            }
        }
    }

    /// The moves of every piece but the king. With `EVASION`, only moves to `targets` (the
    /// checker and the squares between it and the king) are legal, en passant aside.
    fn piece_moves<S: MoveSink, const CAPTURES: bool, const EVASION: bool>(
        &self,
        sink: &mut S,
        king: u8,
        us: Color,
        pins: &Pins,
        targets: u64,
    ) {
        let allowed = |to: u8| !EVASION || targets & bit64(to) != 0;
        let list = self.piece_squares(us);
        for (index, &from_sq) in list.iter().enumerate().skip(1) {
            let from = from_sq.index();
            let pinned = pins.pinned >> index & 1 != 0;
            let ray = pins.ray[index];
            match self.cell(from) & Piece::KIND_MASK {
                k if k == PieceKind::Pawn as u8 => {
                    self.pawn_moves::<S, CAPTURES, EVASION>(
                        sink, from, king, us, pinned, ray, targets,
                    );
                }
                k if k == PieceKind::Knight as u8 => {
                    if pinned {
                        continue;
                    }
                    for step in KNIGHT_STEPS {
                        let to = from.wrapping_add(step as u8);
                        if to & 0x88 != 0 {
                            continue;
                        }
                        let target = self.cell(to);
                        if target & us.bit() != 0 || (CAPTURES && target == 0) || !allowed(to) {
                            continue;
                        }
                        sink.push(Move::normal(from_sq, Square::from_index_unchecked(to)));
                    }
                }
                kind => {
                    let steps: &[i8] = match kind {
                        k if k == PieceKind::Bishop as u8 => &DIAGONAL_STEPS,
                        k if k == PieceKind::Rook as u8 => &STRAIGHT_STEPS,
                        _ => &KING_STEPS,
                    };
                    for &step in steps {
                        if pinned && step != ray && step != -ray {
                            continue;
                        }
                        let mut to = from;
                        loop {
                            to = to.wrapping_add(step as u8);
                            if to & 0x88 != 0 {
                                break;
                            }
                            let target = self.cell(to);
                            if target & us.bit() != 0 {
                                break;
                            }
                            if (target != 0 || !CAPTURES) && allowed(to) {
                                sink.push(Move::normal(from_sq, Square::from_index_unchecked(to)));
                            }
                            if target != 0 {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn pawn_moves<S: MoveSink, const CAPTURES: bool, const EVASION: bool>(
        &self,
        sink: &mut S,
        from: u8,
        king: u8,
        us: Color,
        pinned: bool,
        ray: i8,
        targets: u64,
    ) {
        let allowed = |to: u8| !EVASION || targets & bit64(to) != 0;
        let forward = us.forward() as u8;
        let from_sq = Square::from_index_unchecked(from);
        let promotes = |to: u8| to >> 4 == (!us).back_rank();

        for side in [forward.wrapping_sub(1), forward.wrapping_add(1)] {
            let to = from.wrapping_add(side);
            if to & 0x88 != 0 {
                continue;
            }
            let to_sq = Square::from_index_unchecked(to);
            if self.cell(to) & (!us).bit() != 0 {
                if (pinned && !stays_on_ray(king, to, ray)) || !allowed(to) {
                    continue;
                }
                if promotes(to) {
                    push_promotions(sink, from_sq, to_sq);
                } else {
                    sink.push(Move::normal(from_sq, to_sq));
                }
            } else if self.en_passant() == Some(to_sq) && self.en_passant_is_legal(from, to, us) {
                sink.push(Move::en_passant(from_sq, to_sq));
            }
        }

        let to = from.wrapping_add(forward);
        if self.cell(to) != 0 || (pinned && ray != us.forward() && ray != -us.forward()) {
            return;
        }
        let to_sq = Square::from_index_unchecked(to);
        if promotes(to) {
            if allowed(to) {
                push_promotions(sink, from_sq, to_sq);
            }
            return;
        }
        if CAPTURES {
            return;
        }
        if allowed(to) {
            sink.push(Move::normal(from_sq, to_sq));
        }
        let double = to.wrapping_add(forward);
        let start_rank = match us {
            Color::White => 1,
            Color::Black => 6,
        };
        if from >> 4 == start_rank && self.cell(double) == 0 && allowed(double) {
            sink.push(Move::double_push(
                from_sq,
                Square::from_index_unchecked(double),
            ));
        }
    }

    /// Whether the en passant capture from `from` to `to` leaves the king safe, tested on a copy
    /// of the board with both pawns gone and the capturing pawn in place. Rare, and the only
    /// way to see the pin of two pawns side by side on the king's rank.
    #[cold]
    pub(crate) fn en_passant_is_legal(&self, from: u8, to: u8, us: Color) -> bool {
        let mut after = *self;
        let captured = to.wrapping_sub(us.forward() as u8);
        after.set_cell(to, self.cell(from));
        after.set_cell(from, 0);
        after.set_cell(captured, 0);
        !after.attacked_ignoring(self.king_square(us).index(), !us, NO_SQUARE, NO_SQUARE)
    }

    /// Castling with each virgin rook, by the rules that serve standard chess and Chess960: the
    /// king is not in check (the caller knows); every square between the king, the rook and
    /// their destinations is empty but for those two; no square the king crosses or reaches is
    /// attacked once the rook has left.
    fn castling_moves<S: MoveSink>(&self, sink: &mut S, king: u8, us: Color) {
        if self.cell(king) & Piece::VIRGIN == 0 {
            return;
        }
        for rook in self.virgin_rooks(us) {
            let (king_to, rook_to) = castling_destinations(king, rook);
            let low = king.min(rook).min(king_to).min(rook_to);
            let high = king.max(rook).max(king_to).max(rook_to);
            let blocked = (low..=high).any(|sq| sq != king && sq != rook && self.cell(sq) != 0);
            if blocked {
                continue;
            }
            let attacked = (king.min(king_to)..=king.max(king_to))
                .any(|sq| self.attacked_ignoring(sq, !us, king, rook));
            if !attacked {
                sink.push(Move::castle(
                    Square::from_index_unchecked(king),
                    Square::from_index_unchecked(rook),
                ));
            }
        }
    }
}

/// The four promotions of a pawn move, queen first.
#[inline(always)]
fn push_promotions<S: MoveSink>(sink: &mut S, from: Square, to: Square) {
    for kind in PieceKind::PROMOTIONS {
        sink.push(Move::promotion(from, to, kind));
    }
}
