//! Properties of random playouts from several start positions: make + unmake restores the
//! board exactly, the incremental hash equals the recomputed one, FEN printing round-trips, and
//! the legal moves, captures, checkers and pins agree with a slow, independent reference (its own
//! 8x8 board read from the FEN text, its own pseudo-legal generator, legality by trying each move
//! and looking for an attack on the king).

use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use x88::{Board0x88, Color, MoveList};

use crate::common;

/// The slow reference: a plain 8x8 board (a1 = 0, h8 = 63) that knows nothing of x88.
mod reference {
    use std::collections::BTreeSet;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Side {
        White,
        Black,
    }

    impl Side {
        fn other(self) -> Side {
            match self {
                Side::White => Side::Black,
                Side::Black => Side::White,
            }
        }

        fn forward(self) -> i32 {
            match self {
                Side::White => 1,
                Side::Black => -1,
            }
        }
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Kind {
        Pawn,
        Knight,
        Bishop,
        Rook,
        Queen,
        King,
    }

    /// One pseudo-legal move.
    #[derive(Clone, Copy, Debug)]
    pub struct RefMove {
        pub from: usize,
        pub to: usize,
        pub promotion: Option<Kind>,
        pub capture: bool,
        pub en_passant: bool,
        /// For castling, the rook's squares before and after.
        pub castle_rook: Option<(usize, usize)>,
    }

    impl RefMove {
        pub fn uci(&self) -> String {
            let promo = match self.promotion {
                None => "",
                Some(Kind::Queen) => "q",
                Some(Kind::Rook) => "r",
                Some(Kind::Bishop) => "b",
                Some(Kind::Knight) => "n",
                Some(kind) => panic!("promotion to {kind:?}"),
            };
            format!("{}{}{promo}", name(self.from), name(self.to))
        }
    }

    pub fn name(sq: usize) -> String {
        format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
    }

    fn at(file: i32, rank: i32) -> Option<usize> {
        ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
    }

    fn coords(sq: usize) -> (i32, i32) {
        ((sq % 8) as i32, (sq / 8) as i32)
    }

    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const STRAIGHT: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

    #[derive(Clone)]
    pub struct RefBoard {
        cells: [Option<(Side, Kind)>; 64],
        side: Side,
        castling: String,
        ep: Option<usize>,
    }

    impl RefBoard {
        /// Reads the first four fields of a FEN (trusted to be well formed).
        pub fn parse(fen: &str) -> RefBoard {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let mut cells = [None; 64];
            for (i, row) in fields[0].split('/').enumerate() {
                let rank = 7 - i;
                let mut file = 0;
                for c in row.chars() {
                    if let Some(d) = c.to_digit(10) {
                        file += d as usize;
                        continue;
                    }
                    let side = if c.is_ascii_uppercase() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    let kind = match c.to_ascii_lowercase() {
                        'p' => Kind::Pawn,
                        'n' => Kind::Knight,
                        'b' => Kind::Bishop,
                        'r' => Kind::Rook,
                        'q' => Kind::Queen,
                        'k' => Kind::King,
                        other => panic!("piece letter {other}"),
                    };
                    cells[rank * 8 + file] = Some((side, kind));
                    file += 1;
                }
            }
            let side = if fields[1] == "w" {
                Side::White
            } else {
                Side::Black
            };
            let ep = (fields[3] != "-").then(|| {
                let b = fields[3].as_bytes();
                (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
            });
            RefBoard {
                cells,
                side,
                castling: fields[2].to_string(),
                ep,
            }
        }

        fn king(&self, side: Side) -> usize {
            (0..64)
                .find(|&sq| self.cells[sq] == Some((side, Kind::King)))
                .expect("a king")
        }

        fn empty(&self, sq: usize) -> bool {
            self.cells[sq].is_none()
        }

        /// Whether every square strictly between `from` and `to` (on one line) is empty.
        fn clear_between(&self, from: usize, to: usize) -> bool {
            let ((ff, fr), (tf, tr)) = (coords(from), coords(to));
            let (sf, sr) = ((tf - ff).signum(), (tr - fr).signum());
            let (mut f, mut r) = (ff + sf, fr + sr);
            while (f, r) != (tf, tr) {
                if !self.empty((r * 8 + f) as usize) {
                    return false;
                }
                f += sf;
                r += sr;
            }
            true
        }

        /// Whether the piece on `from` attacks `to`.
        fn attacks(&self, from: usize, to: usize) -> bool {
            let Some((side, kind)) = self.cells[from] else {
                return false;
            };
            let ((ff, fr), (tf, tr)) = (coords(from), coords(to));
            let (df, dr) = (tf - ff, tr - fr);
            let diagonal = df != 0 && df.abs() == dr.abs();
            let straight = (df == 0) != (dr == 0);
            match kind {
                Kind::Pawn => dr == side.forward() && df.abs() == 1,
                Kind::Knight => KNIGHT.contains(&(df, dr)),
                Kind::King => from != to && df.abs() <= 1 && dr.abs() <= 1,
                Kind::Bishop => diagonal && self.clear_between(from, to),
                Kind::Rook => straight && self.clear_between(from, to),
                Kind::Queen => (diagonal || straight) && self.clear_between(from, to),
            }
        }

        fn attackers(&self, sq: usize, by: Side) -> Vec<usize> {
            (0..64)
                .filter(|&from| matches!(self.cells[from], Some((s, _)) if s == by))
                .filter(|&from| self.attacks(from, sq))
                .collect()
        }

        fn attacked(&self, sq: usize, by: Side) -> bool {
            !self.attackers(sq, by).is_empty()
        }

        fn in_check(&self, side: Side) -> bool {
            self.attacked(self.king(side), side.other())
        }

        fn push_pawn_move(&self, moves: &mut Vec<RefMove>, from: usize, to: usize) {
            let capture = !self.empty(to);
            if to / 8 == 0 || to / 8 == 7 {
                for kind in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                    moves.push(RefMove {
                        from,
                        to,
                        promotion: Some(kind),
                        capture,
                        en_passant: false,
                        castle_rook: None,
                    });
                }
            } else {
                moves.push(plain(from, to, capture));
            }
        }

        fn pseudo_legal(&self) -> Vec<RefMove> {
            let us = self.side;
            let mut moves = Vec::new();
            for from in 0..64 {
                let Some((side, kind)) = self.cells[from] else {
                    continue;
                };
                if side != us {
                    continue;
                }
                let (f, r) = coords(from);
                let enemy_or_empty = |to: usize| !matches!(self.cells[to], Some((s, _)) if s == us);
                match kind {
                    Kind::Pawn => {
                        let fwd = us.forward();
                        if let Some(one) = at(f, r + fwd).filter(|&sq| self.empty(sq)) {
                            self.push_pawn_move(&mut moves, from, one);
                            let start = if us == Side::White { 1 } else { 6 };
                            if r == start {
                                if let Some(two) = at(f, r + 2 * fwd).filter(|&sq| self.empty(sq)) {
                                    moves.push(plain(from, two, false));
                                }
                            }
                        }
                        for df in [-1, 1] {
                            let Some(to) = at(f + df, r + fwd) else {
                                continue;
                            };
                            if matches!(self.cells[to], Some((s, _)) if s != us) {
                                self.push_pawn_move(&mut moves, from, to);
                            } else if self.ep == Some(to) {
                                moves.push(RefMove {
                                    en_passant: true,
                                    ..plain(from, to, true)
                                });
                            }
                        }
                    }
                    Kind::Knight | Kind::King => {
                        let steps: Vec<(i32, i32)> = if kind == Kind::Knight {
                            KNIGHT.to_vec()
                        } else {
                            DIAGONAL.iter().chain(&STRAIGHT).copied().collect()
                        };
                        for (df, dr) in steps {
                            if let Some(to) = at(f + df, r + dr).filter(|&to| enemy_or_empty(to)) {
                                moves.push(plain(from, to, !self.empty(to)));
                            }
                        }
                    }
                    Kind::Bishop | Kind::Rook | Kind::Queen => {
                        let dirs: Vec<(i32, i32)> = match kind {
                            Kind::Bishop => DIAGONAL.to_vec(),
                            Kind::Rook => STRAIGHT.to_vec(),
                            _ => DIAGONAL.iter().chain(&STRAIGHT).copied().collect(),
                        };
                        for (df, dr) in dirs {
                            let (mut tf, mut tr) = (f + df, r + dr);
                            while let Some(to) = at(tf, tr) {
                                if !enemy_or_empty(to) {
                                    break;
                                }
                                moves.push(plain(from, to, !self.empty(to)));
                                if !self.empty(to) {
                                    break;
                                }
                                tf += df;
                                tr += dr;
                            }
                        }
                    }
                }
            }
            self.castling_moves(&mut moves);
            moves
        }

        /// Castling: the right, king and rook at home, the squares between empty, and the
        /// king's start, crossing and destination squares not attacked.
        fn castling_moves(&self, moves: &mut Vec<RefMove>) {
            let us = self.side;
            let base = if us == Side::White { 0 } else { 56 };
            let (king_letter, queen_letter) = if us == Side::White {
                ('K', 'Q')
            } else {
                ('k', 'q')
            };
            struct Castling {
                letter: char,
                rook_file: usize,
                /// Files that must be empty.
                between: &'static [usize],
                /// Files of the squares the king stands on, crosses and reaches.
                path: [usize; 3],
                king_to: usize,
                rook_to: usize,
            }
            let options = [
                Castling {
                    letter: king_letter,
                    rook_file: 7,
                    between: &[5, 6],
                    path: [4, 5, 6],
                    king_to: 6,
                    rook_to: 5,
                },
                Castling {
                    letter: queen_letter,
                    rook_file: 0,
                    between: &[1, 2, 3],
                    path: [4, 3, 2],
                    king_to: 2,
                    rook_to: 3,
                },
            ];
            for Castling {
                letter,
                rook_file,
                between,
                path,
                king_to,
                rook_to,
            } in options
            {
                let king = base + 4;
                let rook = base + rook_file;
                let allowed = self.castling.contains(letter)
                    && self.cells[king] == Some((us, Kind::King))
                    && self.cells[rook] == Some((us, Kind::Rook))
                    && between.iter().all(|&file| self.empty(base + file))
                    && path
                        .iter()
                        .all(|&file| !self.attacked(base + file, us.other()));
                if allowed {
                    moves.push(RefMove {
                        castle_rook: Some((rook, base + rook_to)),
                        ..plain(king, base + king_to, false)
                    });
                }
            }
        }

        /// The board after `mv` (pieces and side only: enough to test the king's safety).
        fn after(&self, mv: &RefMove) -> RefBoard {
            let mut next = self.clone();
            let piece = next.cells[mv.from].take();
            if mv.en_passant {
                let captured = (mv.from / 8) * 8 + mv.to % 8;
                next.cells[captured] = None;
            }
            next.cells[mv.to] = match mv.promotion {
                Some(kind) => Some((self.side, kind)),
                None => piece,
            };
            if let Some((rook_from, rook_to)) = mv.castle_rook {
                let rook = next.cells[rook_from].take();
                next.cells[rook_to] = rook;
            }
            next.side = self.side.other();
            next.ep = None;
            next
        }

        /// The pseudo-legal moves that do not leave the mover's king attacked.
        pub fn legal_moves(&self) -> Vec<RefMove> {
            self.pseudo_legal()
                .into_iter()
                .filter(|mv| !self.after(mv).in_check(self.side))
                .collect()
        }

        /// The squares of the enemy pieces attacking the king of the side to move.
        pub fn checkers(&self) -> BTreeSet<String> {
            self.attackers(self.king(self.side), self.side.other())
                .into_iter()
                .map(name)
                .collect()
        }

        /// The pieces of the side to move that stand alone between their king and an enemy
        /// slider moving along that line.
        pub fn pinned(&self) -> BTreeSet<String> {
            let us = self.side;
            let (kf, kr) = coords(self.king(us));
            let mut pinned = BTreeSet::new();
            for (dirs, slider) in [(DIAGONAL, Kind::Bishop), (STRAIGHT, Kind::Rook)] {
                for (df, dr) in dirs {
                    let mut seen = Vec::new();
                    let (mut f, mut r) = (kf + df, kr + dr);
                    while let Some(sq) = at(f, r) {
                        if let Some(piece) = self.cells[sq] {
                            seen.push((sq, piece));
                            if seen.len() == 2 {
                                break;
                            }
                        }
                        f += df;
                        r += dr;
                    }
                    if let [(own, (s1, _)), (_, (s2, kind))] = seen[..] {
                        if s1 == us && s2 != us && (kind == slider || kind == Kind::Queen) {
                            pinned.insert(name(own));
                        }
                    }
                }
            }
            pinned
        }

        pub fn in_check_now(&self) -> bool {
            self.in_check(self.side)
        }
    }

    fn plain(from: usize, to: usize, capture: bool) -> RefMove {
        RefMove {
            from,
            to,
            promotion: None,
            capture,
            en_passant: false,
            castle_rook: None,
        }
    }
}

use reference::{RefBoard, RefMove};

/// Plays the moves that `choices` pick (index modulo the number of legal moves) from each start
/// position, calling `visit` on the start position and after every move.
fn playouts(
    choices: &[usize],
    mut visit: impl FnMut(&Board0x88) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for fen in common::START_FENS {
        let mut board = Board0x88::from_fen(fen).expect("valid start FEN");
        visit(&board)?;
        for &choice in choices {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let _ = board.make_move(moves[choice % moves.len()]);
            visit(&board)?;
        }
    }
    Ok(())
}

fn uci_set(moves: &MoveList) -> BTreeSet<String> {
    moves.iter().map(|mv| mv.to_string()).collect()
}

fn square_names(set: x88::SquareSet) -> BTreeSet<String> {
    set.into_iter().map(|sq| sq.to_string()).collect()
}

/// The squares of each colour's pieces as the board's cells show them, sorted.
fn occupied_squares(board: &Board0x88, color: Color) -> Vec<x88::Square> {
    x88::Square::ALL
        .into_iter()
        .filter(|&sq| board.color_on(sq) == Some(color))
        .collect()
}

fn choices() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(any::<usize>(), 0..=60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// (a) Every legal move, made and unmade, leaves the board exactly as it was; played on a
    /// copy with `play_unchecked`, it gives the same board as `make_move`.
    #[test]
    fn make_unmake_restores_the_board(choices in choices()) {
        playouts(&choices, |board| {
            let before_fen = board.fen().to_string();
            for mv in board.legal_moves() {
                let mut played = *board;
                let undo = played.make_move(mv);
                prop_assert_ne!(played.side_to_move(), board.side_to_move());
                let mut copied = *board;
                copied.play_unchecked(mv);
                prop_assert_eq!(&copied, &played, "play_unchecked {} in {}", mv, before_fen);
                prop_assert_eq!(copied.hash(), played.hash(), "after {} in {}", mv, before_fen);
                played.unmake_move(mv, undo);
                prop_assert_eq!(&played, board, "after {} in {}", mv, before_fen);
                prop_assert_eq!(played.hash(), board.hash(), "after {} in {}", mv, before_fen);
                prop_assert_eq!(played.fen().to_string(), before_fen.clone(), "after {}", mv);
                prop_assert_eq!(played.castling_rights(), board.castling_rights());
                for color in [Color::White, Color::Black] {
                    prop_assert_eq!(played.king(color), board.king(color));
                    let squares: Vec<x88::Square> = played.occupied_by(color).into_iter().collect();
                    prop_assert_eq!(squares, occupied_squares(board, color), "after {}", mv);
                }
            }
            Ok(())
        })?;
    }

    /// (b) The incremental hash equals the hash computed from scratch after every move, and
    /// the one `hash_after` foretells; the bitboards match the cells.
    #[test]
    fn incremental_hash_equals_recomputed_hash(choices in choices()) {
        playouts(&choices, |board| {
            prop_assert_eq!(board.hash(), board.compute_hash(), "in {}", board);
            for mv in board.legal_moves() {
                let mut next = *board;
                let _ = next.make_move(mv);
                prop_assert_eq!(next.hash(), next.compute_hash(), "{} in {}", mv, board);
                prop_assert_eq!(board.hash_after(mv), next.hash(), "{} in {}", mv, board);
                for color in [Color::White, Color::Black] {
                    prop_assert!(next.kind_on(next.king(color)) == Some(x88::PieceKind::King));
                    let squares: Vec<x88::Square> = next.occupied_by(color).into_iter().collect();
                    prop_assert_eq!(squares, occupied_squares(&next, color), "{} in {}", mv, board);
                }
            }
            Ok(())
        })?;
    }

    /// (c) The printed FEN parses (strictly) back to the same board, hash included.
    #[test]
    fn fen_round_trip(choices in choices()) {
        playouts(&choices, |board| {
            let fen = board.fen().to_string();
            let parsed = Board0x88::from_fen(&fen);
            prop_assert!(parsed.is_ok(), "{} does not parse: {:?}", fen, parsed);
            let parsed = parsed.unwrap();
            prop_assert_eq!(&parsed, board);
            prop_assert_eq!(parsed.fen().to_string(), fen);
            prop_assert_eq!(parsed.hash(), board.hash());
            Ok(())
        })?;
    }

    /// (d) The legal moves are exactly the reference's pseudo-legal moves that do not leave the
    /// king attacked, with the same en passant, castling and promotion flags.
    #[test]
    fn legal_moves_match_the_reference(choices in choices()) {
        playouts(&choices, |board| {
            let fen = board.fen().to_string();
            let expected: BTreeMap<String, RefMove> = RefBoard::parse(&fen)
                .legal_moves()
                .into_iter()
                .map(|mv| (mv.uci(), mv))
                .collect();
            let moves = board.legal_moves();
            let got = uci_set(&moves);
            prop_assert_eq!(got.len(), moves.len(), "duplicate moves in {}", fen);
            let want: BTreeSet<String> = expected.keys().cloned().collect();
            prop_assert_eq!(&got, &want, "in {}", fen);
            prop_assert_eq!(board.count_legal_moves(), moves.len() as u64);
            let mut sunk = MoveList::new();
            board.generate_legal(&mut sunk);
            prop_assert_eq!(uci_set(&sunk), got);
            for mv in moves {
                let reference = &expected[&mv.to_string()];
                prop_assert_eq!(mv.is_en_passant(), reference.en_passant, "{} in {}", mv, fen);
                prop_assert_eq!(mv.is_castle(), reference.castle_rook.is_some(), "{} in {}", mv, fen);
                prop_assert_eq!(mv.is_promotion(), reference.promotion.is_some(), "{} in {}", mv, fen);
            }
            Ok(())
        })?;
    }

    /// (e) `noisy_moves()` is exactly the legal captures (en passant included) and promotions.
    #[test]
    fn captures_are_the_capturing_and_promoting_legal_moves(choices in choices()) {
        playouts(&choices, |board| {
            let fen = board.fen().to_string();
            let want: BTreeSet<String> = RefBoard::parse(&fen)
                .legal_moves()
                .into_iter()
                .filter(|mv| mv.capture || mv.promotion.is_some())
                .map(|mv| mv.uci())
                .collect();
            let captures = board.noisy_moves();
            let got = uci_set(&captures);
            prop_assert_eq!(got.len(), captures.len(), "duplicate captures in {}", fen);
            prop_assert_eq!(&got, &want, "in {}", fen);
            let mut sunk = MoveList::new();
            board.generate_noisy(&mut sunk);
            prop_assert_eq!(uci_set(&sunk), got);
            Ok(())
        })?;
    }

    /// (f) `checkers()`, `is_check()` and `pinned()` agree with the reference.
    #[test]
    fn checkers_and_pins_match_the_reference(choices in choices()) {
        playouts(&choices, |board| {
            let fen = board.fen().to_string();
            let reference = RefBoard::parse(&fen);
            prop_assert_eq!(square_names(board.checkers()), reference.checkers(), "in {}", fen);
            prop_assert_eq!(board.is_check(), reference.in_check_now(), "in {}", fen);
            prop_assert_eq!(square_names(board.pinned()), reference.pinned(), "in {}", fen);
            Ok(())
        })?;
    }

    /// (g) `SquareSet::shift` moves each square as a 0x88 step does (off the board is dropped,
    /// never wrapped), and `pawn_attacks` is the two forward diagonal steps of `Color::forward`.
    #[test]
    fn shift_and_pawn_attacks_match_0x88_steps(bits in any::<u64>(), files in -9i8..=9, ranks in -9i8..=9) {
        let set = x88::SquareSet(bits);
        let stepped = |files: i8, ranks: i8| -> x88::SquareSet {
            if files.abs() >= 8 || ranks.abs() >= 8 {
                return x88::SquareSet::EMPTY;
            }
            set.iter().filter_map(|sq| sq.offset(16 * ranks + files)).collect()
        };
        prop_assert_eq!(set.shift(files, ranks), stepped(files, ranks));
        for color in Color::ALL {
            let ahead = color.forward();
            let diagonals: x88::SquareSet = set
                .iter()
                .flat_map(|sq| [sq.offset(ahead - 1), sq.offset(ahead + 1)])
                .flatten()
                .collect();
            prop_assert_eq!(set.pawn_attacks(color), diagonals);
        }
    }
}
