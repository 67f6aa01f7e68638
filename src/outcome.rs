//! The end of the game: checkmate, stalemate, dead positions, the 50- and 75-move rules and
//! repetition.
//!
//! A [`Board0x88`] knows everything the rules need except the earlier positions, so
//! [`Board0x88::outcome`] reports what the position alone decides, and the history-aware
//! functions ([`Board0x88::repetition_count`], [`Board0x88::outcome_with_history`],
//! [`Board0x88::can_claim_draw`]) take the earlier positions as a slice of Zobrist hashes, which
//! works without allocation. [`Game`] (feature `alloc`) keeps that history itself.
//!
//! Repetition is found by comparing hashes only, never by generating moves: a position can only
//! recur while no capture or pawn move has been made, so at most the last
//! [`halfmove_clock`](Board0x88::halfmove_clock) positions are looked at, and of those only
//! every second one (the same side to move). The hash covers the placement, the side to move,
//! the castling rights and the en passant square (which a move sets only when an en passant
//! capture is legal), as the repetition rule asks.

use crate::board::Board0x88;
use crate::piece::{Color, PieceKind};
use core::fmt;

#[cfg(feature = "alloc")]
use crate::{make::Undo, moves::Move, notation::MoveError};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// How a game ended.
///
/// ```
/// use x88::{Color, DrawReason, Outcome};
/// let mate = Outcome::Decisive { winner: Color::Black };
/// assert_eq!(mate.winner(), Some(Color::Black));
/// assert_eq!(mate.to_string(), "black wins by checkmate");
/// assert_eq!(mate.result(), "0-1");
/// let draw = Outcome::Draw(DrawReason::Stalemate);
/// assert_eq!(draw.winner(), None);
/// assert_eq!(draw.to_string(), "draw by stalemate");
/// assert_eq!(draw.result(), "1/2-1/2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won. On the board that only happens by checkmate: the side to move is mated.
    Decisive {
        /// The side that gave mate.
        winner: Color,
    },
    /// The game is drawn, for the reason given.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, or `None` for a draw.
    ///
    /// ```
    /// use x88::{Board0x88, Color};
    /// let mated: Board0x88 = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().unwrap();
    /// assert_eq!(mated.outcome().and_then(|o| o.winner()), Some(Color::White));
    /// let stalemate: Board0x88 = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1".parse().unwrap();
    /// assert_eq!(stalemate.outcome().and_then(|o| o.winner()), None);
    /// ```
    #[must_use]
    #[inline]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// Whether the game is drawn.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let bare_kings: Board0x88 = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
    /// assert!(bare_kings.outcome().is_some_and(|o| o.is_draw())); // a dead position
    /// let mated: Board0x88 = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().unwrap();
    /// assert!(!mated.outcome().unwrap().is_draw());
    /// ```
    #[must_use]
    #[inline]
    pub const fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw(_))
    }

    /// The result as PGN writes it: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    ///
    /// ```
    /// use x88::{Board0x88, Outcome};
    /// let mated: Board0x88 = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().unwrap();
    /// assert_eq!(mated.outcome().map(Outcome::result), Some("1-0"));
    /// let stalemate: Board0x88 = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1".parse().unwrap();
    /// assert_eq!(stalemate.outcome().map(Outcome::result), Some("1/2-1/2"));
    /// ```
    #[must_use]
    pub const fn result(self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// Writes `white wins by checkmate` or `draw by <reason>`; see [`Outcome::result`] for PGN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner } => write!(f, "{winner} wins by checkmate"),
            Outcome::Draw(reason) => write!(f, "draw by {reason}"),
        }
    }
}

/// Why a game ended in a draw without anyone claiming it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate by any series of legal moves (a dead position); see
    /// [`Board0x88::is_insufficient_material`] for the positions recognised.
    InsufficientMaterial,
    /// 75 moves by each side (150 half-moves) without a capture or a pawn move, and the last
    /// move did not mate (FIDE Laws 9.6.2).
    SeventyFiveMoves,
    /// The same position for the fifth time (FIDE Laws 9.6.1).
    FivefoldRepetition,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::SeventyFiveMoves => "the 75-move rule",
            DrawReason::FivefoldRepetition => "fivefold repetition",
        })
    }
}

/// A draw the side to move may claim (it is not automatic; the game goes on if nobody claims).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawClaim {
    /// The current position has occurred at least three times (FIDE Laws 9.2).
    ThreefoldRepetition,
    /// 50 moves by each side (100 half-moves) without a capture or a pawn move (FIDE Laws 9.3).
    FiftyMoves,
}

impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawClaim::ThreefoldRepetition => "threefold repetition",
            DrawClaim::FiftyMoves => "the 50-move rule",
        })
    }
}

/// Half-moves without capture or pawn move after which a draw may be claimed.
const FIFTY_MOVES: u16 = 100;
/// Half-moves without capture or pawn move after which the game is drawn.
const SEVENTY_FIVE_MOVES: u16 = 150;

impl Board0x88 {
    /// How the game stands decided by this position alone: checkmate, stalemate, a dead
    /// position ([`is_insufficient_material`](Board0x88::is_insufficient_material)) or the
    /// 75-move rule; `None` while the game goes on. Repetition needs the earlier positions:
    /// see [`outcome_with_history`](Board0x88::outcome_with_history).
    ///
    /// Checkmate takes precedence over the 75-move rule, as FIDE Laws 9.6 say. It generates
    /// legal moves only until it finds one.
    ///
    /// ```
    /// use x88::{Board0x88, Color, DrawReason, Outcome};
    /// // Fool's mate.
    /// let mut board = Board0x88::default();
    /// for uci in ["f2f3", "e7e5", "g2g4"] {
    ///     board.play(board.parse_uci(uci)?)?;
    ///     assert_eq!(board.outcome(), None);
    /// }
    /// board.play(board.parse_uci("d8h4")?)?;
    /// assert_eq!(board.outcome(), Some(Outcome::Decisive { winner: Color::Black }));
    ///
    /// let stalemate: Board0x88 = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert_eq!(stalemate.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_moves() {
            return Some(if self.is_check() {
                Outcome::Decisive {
                    winner: !self.side_to_move(),
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        if self.is_insufficient_material() {
            Some(Outcome::Draw(DrawReason::InsufficientMaterial))
        } else if self.halfmove_clock() >= SEVENTY_FIVE_MOVES {
            Some(Outcome::Draw(DrawReason::SeventyFiveMoves))
        } else {
            None
        }
    }

    /// Whether the side to move is checkmated.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse().unwrap();
    /// assert!(board.is_checkmate());
    /// ```
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated: not in check, and no legal move.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1".parse().unwrap();
    /// assert!(board.is_stalemate());
    /// ```
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether the position is dead for lack of material: no series of legal moves, however
    /// badly either side plays, can end in mate (FIDE Laws 5.2.2). Recognised are the positions
    /// with no pawns, rooks or queens and either
    ///
    /// - at most one knight or bishop on the whole board (K v K, K+N v K, K+B v K), or
    /// - bishops only, any number of either side, all on squares of one colour (K+B v K+B with
    ///   same-coloured bishops among them).
    ///
    /// Not dead, and so `false`: K+N+N v K, K+B v K+B with bishops on squares of different
    /// colours, K+B v K+N, K+N v K+N (each can end in mate if the defender helps), and any
    /// position with a pawn. Positions dead for other reasons (such as pawns locked against each
    /// other) are not recognised.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let dead = |fen: &str| fen.parse::<Board0x88>().unwrap().is_insufficient_material();
    /// assert!(dead("8/8/4k3/8/8/2N5/8/4K3 w - - 0 1")); // K+N v K
    /// assert!(dead("8/8/4k3/5b2/8/8/2B5/4K3 w - - 0 1")); // bishops on light squares
    /// assert!(!dead("8/8/4k3/4b3/8/8/2B5/4K3 w - - 0 1")); // a light and a dark bishop
    /// assert!(!dead("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1")); // K+N+N v K
    /// ```
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let (mut minors, mut knights, mut light, mut dark) = (0u32, false, false, false);
        for color in Color::ALL {
            for sq in self.occupied_by(color) {
                match self.kind_on(sq) {
                    Some(PieceKind::King) => {}
                    Some(PieceKind::Knight) => {
                        minors += 1;
                        knights = true;
                    }
                    Some(PieceKind::Bishop) => {
                        minors += 1;
                        light |= sq.is_light();
                        dark |= !sq.is_light();
                    }
                    _ => return false,
                }
            }
        }
        minors <= 1 || !(knights || light && dark)
    }

    /// How many times the current position has occurred, this time included (so at least 1),
    /// given the earlier positions of the game.
    ///
    /// `history` holds the [`hash`](Board0x88::hash) of each earlier position, oldest first,
    /// one per half-move: the last entry is the position before the last move. The current
    /// position must not be in it. Any tail of the game's history will do: only the last
    /// [`halfmove_clock`](Board0x88::halfmove_clock) entries can hold the same position (a
    /// capture or pawn move cannot be undone), and of those only every second one has the same
    /// side to move, so the scan looks at those and compares hashes; it never generates moves.
    /// Entries missing from the slice only make the count lower.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board = Board0x88::default();
    /// let mut history = Vec::new(); // or an array, or a slice of the engine's search stack
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     history.push(board.hash()); // the position before the move
    ///     board.play(board.parse_uci(uci)?)?;
    /// }
    /// // The start position, for the third time.
    /// assert_eq!(board.repetition_count(&history), 3);
    /// assert_eq!(board.repetition_count(&history[4..]), 2); // a shorter tail sees less
    /// assert_eq!(board.repetition_count(&[]), 1);
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    pub fn repetition_count(&self, history: &[u64]) -> usize {
        let hash = self.hash();
        1 + self
            .repetition_candidates(history)
            .filter(|&earlier| earlier == hash)
            .count()
    }

    /// Whether the current position occurred before, given the hashes of the earlier
    /// positions in `history` (as [`repetition_count`](Board0x88::repetition_count) describes:
    /// oldest first, the last entry the position before the last move). The test a search
    /// makes at every node, with the game's positions followed by those of its own path: it
    /// looks back only as far as the half-move clock allows, at every second entry, and stops
    /// at the first match.
    ///
    /// ```
    /// use x88::Board0x88;
    /// let mut board = Board0x88::default();
    /// let mut path = Vec::new();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     assert!(!board.is_repetition(&path));
    ///     path.push(board.hash());
    ///     board.play(board.parse_uci(uci)?)?;
    /// }
    /// assert!(board.is_repetition(&path)); // the start position again
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_repetition(&self, history: &[u64]) -> bool {
        let hash = self.hash();
        self.repetition_candidates(history)
            .any(|earlier| earlier == hash)
    }

    /// The hashes in `history` (earlier positions, oldest first) of the positions that could
    /// repeat this one, newest first: those with the same side to move since the last capture
    /// or pawn move (at most [`halfmove_clock`](Board0x88::halfmove_clock) entries back, every
    /// second one). The one scan behind [`repetition_count`](Board0x88::repetition_count) and
    /// [`is_repetition`](Board0x88::is_repetition), for a search with rules of its own (say,
    /// a draw at the first repetition inside its tree but the third one before the root).
    ///
    /// ```
    /// use x88::Board0x88;
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/4K2R w - - 3 10".parse().unwrap();
    /// // Only the last three positions can repeat it; of those, those with white to move.
    /// let history = [10, 11, 12, 13, 14, 15];
    /// assert_eq!(board.repetition_candidates(&history).collect::<Vec<_>>(), [14]);
    /// ```
    #[inline]
    pub fn repetition_candidates<'a>(&self, history: &'a [u64]) -> impl Iterator<Item = u64> + 'a {
        let reach = usize::from(self.halfmove_clock()).min(history.len());
        history[history.len() - reach..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .copied()
    }

    /// Like [`outcome`](Board0x88::outcome), and also a draw by fivefold repetition, given the
    /// earlier positions in `history` as [`repetition_count`](Board0x88::repetition_count)
    /// describes. Checkmate and stalemate take precedence, then a dead position, the 75-move
    /// rule and fivefold repetition.
    ///
    /// ```
    /// use x88::{Board0x88, DrawReason, Outcome};
    /// let mut board = Board0x88::default();
    /// let mut history = Vec::new();
    /// for _ in 0..4 {
    ///     for uci in ["b1c3", "b8c6", "c3b1", "c6b8"] {
    ///         assert_eq!(board.outcome_with_history(&history), None);
    ///         history.push(board.hash());
    ///         board.play(board.parse_uci(uci)?)?;
    ///     }
    /// }
    /// assert_eq!(
    ///     board.outcome_with_history(&history),
    ///     Some(Outcome::Draw(DrawReason::FivefoldRepetition))
    /// );
    /// assert_eq!(board.outcome(), None); // the board alone cannot know
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    pub fn outcome_with_history(&self, history: &[u64]) -> Option<Outcome> {
        self.outcome().or_else(|| {
            (self.repetition_count(history) >= 5)
                .then_some(Outcome::Draw(DrawReason::FivefoldRepetition))
        })
    }

    /// A draw the side to move may claim now: threefold repetition of the current position,
    /// or 50 moves by each side without a capture or pawn move (half-move clock at least 100).
    /// `history` is as [`repetition_count`](Board0x88::repetition_count) describes.
    ///
    /// `None` when there is nothing to claim, and also when the game is already over
    /// ([`outcome_with_history`](Board0x88::outcome_with_history) is `Some`): a checkmate on the
    /// 100th half-move stands, and an automatic draw needs no claim. When both claims hold,
    /// threefold repetition is reported. Claims announced with a move not yet played (FIDE
    /// Laws 9.2.1.1, 9.3.1) are the caller's to check on the position after that move.
    ///
    /// ```
    /// use x88::{Board0x88, DrawClaim};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80".parse()?;
    /// assert_eq!(board.can_claim_draw(&[]), Some(DrawClaim::FiftyMoves));
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80".parse()?;
    /// assert_eq!(board.can_claim_draw(&[]), None);
    /// # Ok::<(), x88::FenError>(())
    /// ```
    #[must_use]
    pub fn can_claim_draw(&self, history: &[u64]) -> Option<DrawClaim> {
        let claim = if self.repetition_count(history) >= 3 {
            DrawClaim::ThreefoldRepetition
        } else if self.halfmove_clock() >= FIFTY_MOVES {
            DrawClaim::FiftyMoves
        } else {
            return None;
        };
        self.outcome_with_history(history)
            .is_none()
            .then_some(claim)
    }
}

/// A game: the position, the moves played from the start position and the positions they
/// passed through, which is what repetition needs. Available with the `alloc` feature (on by
/// default through `std`).
///
/// Moves are checked: [`play`](Game::play), [`play_uci`](Game::play_uci) and
/// [`play_san`](Game::play_san) refuse an illegal move and leave the game as it was, and
/// [`undo`](Game::undo) takes back the last move exactly. A game over by an automatic draw
/// (the 75-move rule, fivefold repetition, a dead position) still accepts legal moves: ask
/// [`is_over`](Game::is_over) before playing on if the rules should stop the game.
///
/// ```
/// use x88::{Color, DrawClaim, DrawReason, Game, MoveError, Outcome};
/// let mut game = Game::default();
/// for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
///     game.play_san(san)?;
/// }
/// assert_eq!(game.can_claim_draw(), None);
/// game.play_san("Ng8")?; // the start position for the third time
/// assert_eq!(game.can_claim_draw(), Some(DrawClaim::ThreefoldRepetition));
/// assert!(!game.is_over()); // until somebody claims it
///
/// assert_eq!(game.play_uci("e2e5"), Err(MoveError::Illegal));
/// assert_eq!(game.undo().map(|mv| mv.to_string()), Some("f6g8".to_string()));
/// assert_eq!(game.can_claim_draw(), None);
/// assert_eq!(game.moves().len(), 7);
/// # Ok::<(), MoveError>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug)]
pub struct Game {
    start: Board0x88,
    board: Board0x88,
    /// The hash of the position before each move of `moves`.
    history: Vec<u64>,
    moves: Vec<Move>,
    undos: Vec<Undo>,
}

#[cfg(feature = "alloc")]
impl Default for Game {
    /// A game from the standard start position.
    fn default() -> Game {
        Game::new(Board0x88::start_position())
    }
}

#[cfg(feature = "alloc")]
impl From<Board0x88> for Game {
    fn from(board: Board0x88) -> Game {
        Game::new(board)
    }
}

#[cfg(feature = "alloc")]
impl Game {
    /// A game starting from `board`, with no moves played yet. Positions before `board` are
    /// unknown, so repetitions count from here.
    ///
    /// ```
    /// use x88::{Board0x88, Game};
    /// let board: Board0x88 = "4k3/8/8/8/8/8/8/R3K3 w Q - 20 40".parse()?;
    /// let game = Game::new(board);
    /// assert_eq!(game.board(), &board);
    /// assert!(game.moves().is_empty() && game.history().is_empty());
    /// assert_eq!(game.repetition_count(), 1); // what came before `board` is unknown
    /// # Ok::<(), x88::FenError>(())
    /// ```
    #[must_use]
    pub fn new(board: Board0x88) -> Game {
        Game {
            start: board,
            board,
            history: Vec::new(),
            moves: Vec::new(),
            undos: Vec::new(),
        }
    }

    /// The current position.
    ///
    /// ```
    /// use x88::Game;
    /// let mut game = Game::default();
    /// game.play_san("e4")?;
    /// let board = game.board();
    /// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert_eq!(board.legal_moves().len(), 20);
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn board(&self) -> &Board0x88 {
        &self.board
    }

    /// The position the game started from.
    ///
    /// ```
    /// use x88::{Board0x88, Game};
    /// let mut game = Game::default();
    /// game.play_san("d4")?;
    /// assert_eq!(game.start(), &Board0x88::default()); // the moves leave it as it was
    /// assert_ne!(game.board(), game.start());
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn start(&self) -> &Board0x88 {
        &self.start
    }

    /// The moves played, in order.
    ///
    /// ```
    /// use x88::Game;
    /// let mut game = Game::default();
    /// for san in ["e4", "e5", "Nf3"] {
    ///     game.play_san(san)?;
    /// }
    /// let uci: Vec<String> = game.moves().iter().map(|mv| mv.to_string()).collect();
    /// assert_eq!(uci, ["e2e4", "e7e5", "g1f3"]);
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The hashes of the positions before the current one, oldest first: the `history` that
    /// [`Board0x88::outcome_with_history`] and [`Board0x88::can_claim_draw`] take.
    ///
    /// ```
    /// use x88::{Board0x88, Game};
    /// let mut game = Game::default();
    /// game.play_san("Nf3")?;
    /// assert_eq!(game.history(), &[Board0x88::default().hash()]); // the position before Nf3
    /// assert_eq!(game.board().repetition_count(game.history()), game.repetition_count());
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Plays `mv` if it is legal in the current position; otherwise returns
    /// [`MoveError::Illegal`] and changes nothing.
    ///
    /// ```
    /// use x88::{Game, MoveError};
    /// let mut game = Game::default();
    /// let e4 = game.board().parse_uci("e2e4")?;
    /// game.play(e4)?;
    /// assert_eq!(game.play(e4), Err(MoveError::Illegal)); // black to move now
    /// assert_eq!(game.moves(), &[e4]);
    /// # Ok::<(), MoveError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if !self.board.is_legal(mv) {
            return Err(MoveError::Illegal);
        }
        self.push(mv);
        Ok(())
    }

    /// Plays the move written `text` in UCI (see [`Board0x88::parse_uci`]) and returns it; an
    /// unparsable or illegal move is refused with its [`MoveError`] and changes nothing.
    ///
    /// ```
    /// use x88::{Game, MoveError};
    /// let mut game = Game::default();
    /// let e4 = game.play_uci("e2e4")?;
    /// assert_eq!(game.play_uci("e2e4"), Err(MoveError::Illegal)); // e2 is empty now
    /// assert_eq!(game.play_uci("e7-e5"), Err(MoveError::Unparsable));
    /// assert_eq!(game.moves(), &[e4]); // the refused moves changed nothing
    /// # Ok::<(), MoveError>(())
    /// ```
    pub fn play_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.board.parse_uci(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// Plays the move written `text` in SAN (see [`Board0x88::parse_san`]) and returns it; an
    /// unparsable, illegal or ambiguous move is refused with its [`MoveError`] and changes
    /// nothing.
    ///
    /// ```
    /// use x88::{Game, MoveError};
    /// let mut game = Game::new("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1".parse()?);
    /// assert_eq!(game.play_san("Nd2"), Err(MoveError::Ambiguous)); // from b1 or from f1?
    /// assert_eq!(game.play_san("Nbd2")?.to_string(), "b1d2");
    /// assert_eq!(game.moves().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_san(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.board.parse_san(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// Plays `mv`, known to be legal, and records it.
    fn push(&mut self, mv: Move) {
        self.history.push(self.board.hash());
        self.undos.push(self.board.make_move(mv));
        self.moves.push(mv);
    }

    /// Takes back the last move and returns it; `None` if no move has been played.
    /// The position, its clocks and the history are then exactly as before that move.
    ///
    /// ```
    /// use x88::Game;
    /// let mut game = Game::default();
    /// game.play_san("e4")?;
    /// assert_eq!(game.undo().map(|mv| mv.to_string()), Some("e2e4".to_string()));
    /// assert_eq!(game.board(), game.start());
    /// assert_eq!(game.undo(), None); // nothing left to take back
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let (mv, undo) = (self.moves.pop()?, self.undos.pop()?);
        self.history.pop();
        self.board.unmake_move(mv, undo);
        Some(mv)
    }

    /// The current position's key in Polyglot opening books, exact in every case: with the
    /// last move at hand it keys the en passant square of a double push whose only capturer
    /// is pinned, which the board alone cannot (see [`polyglot::key`](crate::polyglot::key)).
    ///
    /// ```
    /// use x88::{Board0x88, Game};
    /// let mut game = Game::default();
    /// assert_eq!(game.polyglot_key(), 0x463b_9618_1691_fc9c);
    /// game.play_san("e4")?;
    /// assert_eq!(game.polyglot_key(), 0x823c_9b50_fd11_4196);
    /// // A pinned capturer: the board drops the en passant square, the game's key keeps it.
    /// let mut pinned = Game::new("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1".parse()?);
    /// pinned.play_san("e4")?;
    /// let with_square: Board0x88 = "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1".parse()?;
    /// assert_eq!(pinned.polyglot_key(), with_square.polyglot_key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn polyglot_key(&self) -> u64 {
        match (self.moves.last(), self.undos.last()) {
            (Some(&mv), Some(&undo)) => {
                let mut before = self.board;
                before.unmake_move(mv, undo);
                before
                    .polyglot_key_after(mv)
                    .unwrap_or_else(|| self.board.polyglot_key())
            }
            _ => self.board.polyglot_key(),
        }
    }

    /// How many times the current position has occurred in this game, this time included.
    ///
    /// ```
    /// use x88::Game;
    /// let mut game = Game::default();
    /// for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
    ///     game.play_san(san)?;
    /// }
    /// assert_eq!(game.repetition_count(), 2); // the start position, for the second time
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    pub fn repetition_count(&self) -> usize {
        self.board.repetition_count(&self.history)
    }

    /// How the game has ended, if it has: [`Board0x88::outcome_with_history`] on this game's
    /// history, so fivefold repetition included.
    ///
    /// ```
    /// use x88::{DrawReason, Game, Outcome};
    /// let mut game = Game::default();
    /// for _ in 0..4 {
    ///     for san in ["Nc3", "Nc6", "Nb1", "Nb8"] {
    ///         game.play_san(san)?;
    ///     }
    /// }
    /// let fivefold = Some(Outcome::Draw(DrawReason::FivefoldRepetition));
    /// assert_eq!(game.outcome(), fivefold);
    /// assert_eq!(game.board().outcome(), None); // the board alone cannot see it
    /// # Ok::<(), x88::MoveError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.outcome_with_history(&self.history)
    }

    /// A draw the side to move may claim now (threefold repetition or the 50-move rule); see
    /// [`Board0x88::can_claim_draw`].
    ///
    /// ```
    /// use x88::{DrawClaim, Game};
    /// let mut game = Game::new("4k3/8/8/8/8/8/8/R3K3 w - - 99 80".parse()?);
    /// assert_eq!(game.can_claim_draw(), None);
    /// game.play_san("Ra7")?; // the 100th half-move without a capture or a pawn move
    /// assert_eq!(game.can_claim_draw(), Some(DrawClaim::FiftyMoves));
    /// assert!(!game.is_over()); // a draw to claim, not an automatic one
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn can_claim_draw(&self) -> Option<DrawClaim> {
        self.board.can_claim_draw(&self.history)
    }

    /// Whether the game is over without a claim: [`outcome`](Game::outcome) is `Some`.
    ///
    /// ```
    /// use x88::Game;
    /// let mut game = Game::new("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1".parse()?);
    /// assert!(!game.is_over());
    /// game.play_san("Kxd2")?; // bare kings: a dead position
    /// assert!(game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board0x88 {
        Board0x88::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn mate_stalemate_and_ongoing() {
        let mate = board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        assert!(mate.is_checkmate() && !mate.is_stalemate());
        assert_eq!(mate.outcome().and_then(Outcome::winner), Some(Color::White));
        let stale = board("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
        assert!(stale.is_stalemate() && !stale.is_checkmate());
        let check = board("4k3/8/8/8/8/8/8/4RK2 b - - 0 1");
        assert!(check.is_check() && !check.is_checkmate() && check.outcome().is_none());
        assert_eq!(Board0x88::default().outcome(), None);
    }

    #[test]
    fn material() {
        let dead = |fen| board(fen).is_insufficient_material();
        assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/8/2b1K3 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/B7/1B1bK2B w - - 0 1")); // all four on light squares
        assert!(!dead("4k3/8/8/8/8/8/B7/B3K3 w - - 0 1")); // a2 light, a1 dark
        assert!(!dead("4k3/8/8/8/8/8/8/2n1K1N1 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/8/3RK3 w - - 0 1"));
        assert!(!dead("4k3/p7/8/8/8/8/8/4K3 w - - 0 1"));
    }

    #[test]
    fn clocks() {
        let at = |clock: u16| board(&format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 90"));
        assert_eq!(at(149).outcome(), None);
        assert_eq!(at(149).can_claim_draw(&[]), Some(DrawClaim::FiftyMoves));
        let drawn = Some(Outcome::Draw(DrawReason::SeventyFiveMoves));
        assert_eq!(at(150).outcome(), drawn);
        assert_eq!(at(150).can_claim_draw(&[]), None);
    }

    #[test]
    fn repetition_scans_only_same_side_within_the_clock() {
        let b = board("4k3/8/8/8/8/8/8/R3K3 w - - 4 10");
        let h = b.hash();
        // An entry one ply back (other side to move) never counts, nor one beyond the clock.
        assert_eq!(b.repetition_count(&[h, 0, h, 0, h]), 1);
        assert_eq!(b.repetition_count(&[h, 0, 0, h, 0, h, 0]), 3);
        assert_eq!(b.repetition_count(&[h, 0, 0, 0, 0, 0]), 1); // six plies back, clock 4
        assert_eq!(b.repetition_count(&[h, 0]), 2);
        assert_eq!(b.repetition_count(&[0]), 1);
    }

    #[test]
    fn texts() {
        assert_eq!(
            Outcome::Draw(DrawReason::SeventyFiveMoves).to_string(),
            "draw by the 75-move rule"
        );
        assert_eq!(
            Outcome::Decisive {
                winner: Color::White
            }
            .result(),
            "1-0"
        );
        assert_eq!(DrawClaim::FiftyMoves.to_string(), "the 50-move rule");
    }
}
