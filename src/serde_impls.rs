//! `Serialize` and `Deserialize` for the crate's value types (cargo feature `serde`).
//!
//! Every type is written as the short text chess already uses for it, so that JSON, TOML or
//! YAML files read naturally and the formats stay stable across releases:
//!
//! | type | written as | examples |
//! | --- | --- | --- |
//! | [`Square`] | its name | `"e4"` |
//! | [`Color`] | the word | `"white"`, `"black"` |
//! | [`PieceKind`] | the word (the FEN letter is read too) | `"knight"` |
//! | [`Piece`] | its FEN letter | `"N"`, `"q"` |
//! | [`CastlingRights`] | FEN's castling field | `"KQkq"`, `"Kq"`, `"-"` |
//! | [`Outcome`] | a word for who won or why it is drawn | `"white-wins"`, `"stalemate"` |
//! | [`Move`] | UCI, castling as king takes rook | `"e2e4"`, `"e7e8q"`, `"e1h1"` |
//! | [`Board0x88`] | its FEN | `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"` |
//!
//! None of it allocates, so the feature works in `no_std` builds without `alloc`: writing
//! goes through `Display` and `collect_str`, reading through a visitor over `&str`.
//!
//! A [`Move`] is read back through [`MoveSeed`], with the position it is played in: a move
//! knows whether it captures, castles, takes en passant or pushes a pawn two squares, and its
//! UCI text does not say (`e1g1` may be castling or a rook's step), so no board-free reading of
//! the text could give back the same `Move`. The seed reads the text as
//! [`Board0x88::parse_uci`] does, and so gives the exact, legal move.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::{
    Board0x88, CastlingNotation, CastlingRights, Color, DrawReason, FenOptions, Move, Outcome,
    Piece, PieceKind, Square,
};

/// A visitor that reads a string and turns it into `T` with `parse`, reporting `expected`
/// when the text is not one.
struct TextVisitor<T> {
    expected: &'static str,
    parse: fn(&str) -> Option<T>,
    marker: PhantomData<T>,
}

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        (self.parse)(text).ok_or_else(|| de::Error::invalid_value(de::Unexpected::Str(text), &self))
    }
}

/// Reads a string with `parse`, or fails saying `expected`.
fn deserialize_text<'de, D, T>(
    deserializer: D,
    expected: &'static str,
    parse: fn(&str) -> Option<T>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    deserializer.deserialize_str(TextVisitor {
        expected,
        parse,
        marker: PhantomData,
    })
}

/// `"e4"`: the square's name.
impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads a square's name, `"a1"` to `"h8"`.
impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        deserialize_text(deserializer, "a square name such as \"e4\"", |text| {
            Square::from_str(text).ok()
        })
    }
}

/// `"white"` or `"black"`.
impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(color_word(*self))
    }
}

/// Reads `"white"` or `"black"`.
impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        deserialize_text(deserializer, "\"white\" or \"black\"", |text| match text {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        })
    }
}

const fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The kinds' names, in [`PieceKind::ALL`]'s order.
const KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// `"pawn"`, `"knight"`, `"bishop"`, `"rook"`, `"queen"` or `"king"`.
impl Serialize for PieceKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(KIND_NAMES[self.index()])
    }
}

/// Reads a kind's name (`"knight"`) or its FEN letter in either case (`"n"`, `"N"`).
impl<'de> Deserialize<'de> for PieceKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PieceKind, D::Error> {
        deserialize_text(deserializer, "a piece kind such as \"knight\"", |text| {
            if let Some(index) = KIND_NAMES.iter().position(|&name| name == text) {
                return PieceKind::from_index(index);
            }
            single_char(text).and_then(|c| PieceKind::from_char(c.to_ascii_lowercase()))
        })
    }
}

/// The one character of `text`, if it has exactly one.
fn single_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let first = chars.next()?;
    chars.next().is_none().then_some(first)
}

/// The FEN letter: upper case for white (`"N"`), lower case for black (`"n"`).
///
/// The [virgin](Piece::is_virgin) flag of an unmoved king or rook is not written: it is part of
/// the position (its castling rights), which a board's FEN carries, not of the piece. Reading
/// gives the piece without it, so a piece from a board reads back as
/// [`without_virgin`](Piece::without_virgin).
impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads a FEN piece letter, `"P"` to `"k"`.
impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        deserialize_text(
            deserializer,
            "a FEN piece letter such as \"N\" or \"q\"",
            |text| single_char(text).and_then(Piece::from_char),
        )
    }
}

/// FEN's castling letters, in FEN's order, for each right held.
const CASTLING_LETTERS: [(char, CastlingRights); 4] = [
    ('K', CastlingRights::WHITE_KINGSIDE),
    ('Q', CastlingRights::WHITE_QUEENSIDE),
    ('k', CastlingRights::BLACK_KINGSIDE),
    ('q', CastlingRights::BLACK_QUEENSIDE),
];

/// Writes `rights` as FEN's castling field: `KQkq`, `Kq`, or `-` for none.
struct CastlingField(CastlingRights);

impl fmt::Display for CastlingField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        for (letter, right) in CASTLING_LETTERS {
            if self.0.contains(right) {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

/// FEN's castling field in standard letters: `"KQkq"`, `"Kq"`, or `"-"` for none.
impl Serialize for CastlingRights {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&CastlingField(*self))
    }
}

/// Reads FEN's castling field in standard letters: `K`, `Q`, `k`, `q` in that order, each at
/// most once, or `-`.
impl<'de> Deserialize<'de> for CastlingRights {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CastlingRights, D::Error> {
        deserialize_text(
            deserializer,
            "FEN castling rights such as \"KQkq\" or \"-\"",
            |text| {
                if text == "-" {
                    return Some(CastlingRights::empty());
                }
                let mut rights = CastlingRights::empty();
                let mut letters = CASTLING_LETTERS.iter();
                for c in text.chars() {
                    // Each letter must come after the ones before it, as FEN writes them.
                    let &(_, right) = letters.by_ref().find(|&&(letter, _)| letter == c)?;
                    rights |= right;
                }
                (!rights.is_empty()).then_some(rights)
            },
        )
    }
}

/// The words for [`Outcome`]s.
const OUTCOME_WORDS: [(&str, Outcome); 6] = [
    (
        "white-wins",
        Outcome::Decisive {
            winner: Color::White,
        },
    ),
    (
        "black-wins",
        Outcome::Decisive {
            winner: Color::Black,
        },
    ),
    ("stalemate", Outcome::Draw(DrawReason::Stalemate)),
    (
        "insufficient-material",
        Outcome::Draw(DrawReason::InsufficientMaterial),
    ),
    (
        "seventy-five-moves",
        Outcome::Draw(DrawReason::SeventyFiveMoves),
    ),
    (
        "fivefold-repetition",
        Outcome::Draw(DrawReason::FivefoldRepetition),
    ),
];

/// `"white-wins"`, `"black-wins"`, or the reason for a draw: `"stalemate"`,
/// `"insufficient-material"`, `"seventy-five-moves"`, `"fivefold-repetition"`.
impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let word = OUTCOME_WORDS
            .iter()
            .find(|(_, outcome)| outcome == self)
            .map_or("", |(word, _)| word);
        serializer.serialize_str(word)
    }
}

/// Reads the words [`Outcome`] is written as.
impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Outcome, D::Error> {
        deserialize_text(
            deserializer,
            "an outcome such as \"white-wins\" or \"stalemate\"",
            |text| {
                OUTCOME_WORDS
                    .iter()
                    .find(|(word, _)| *word == text)
                    .map(|&(_, outcome)| outcome)
            },
        )
    }
}

/// UCI text: `"e2e4"`, `"e7e8q"`, and castling as the king taking its own rook (`"e1h1"`),
/// which names one move in Chess960 too, where the king's step (`f1g1`) may also be a plain
/// king move. Read it back with [`MoveSeed`] and the position it is played in.
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.uci(CastlingNotation::KingTakesRook))
    }
}

/// Reads a [`Move`] written in UCI as the legal move it names in a position, the way
/// [`Board0x88::parse_uci`] does (castling as the king's step or as king takes rook).
///
/// A move's UCI text does not say whether it captures, castles, takes en passant or pushes a
/// pawn two squares, which a [`Move`] knows, so a move can only be read with its position:
///
/// ```
/// use serde::de::DeserializeSeed;
/// use x88::{Board0x88, MoveSeed};
///
/// let board = Board0x88::default();
/// let mv = board.parse_san("Nf3")?;
/// let json = serde_json::to_string(&mv)?;
/// assert_eq!(json, "\"g1f3\"");
///
/// let mut reader = serde_json::Deserializer::from_str(&json);
/// assert_eq!(MoveSeed(&board).deserialize(&mut reader)?, mv);
///
/// // A move that is not legal in the position is an error.
/// let mut reader = serde_json::Deserializer::from_str("\"e2e5\"");
/// assert!(MoveSeed(&board).deserialize(&mut reader).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MoveSeed<'a>(pub &'a Board0x88);

impl<'de> DeserializeSeed<'de> for MoveSeed<'_> {
    type Value = Move;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Move, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for MoveSeed<'_> {
    type Value = Move;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a legal move of the position in UCI notation, such as \"e2e4\"")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Move, E> {
        self.0.parse_uci(text).map_err(|error| {
            de::Error::custom(format_args!("{error}: {text:?} in {}", self.0.fen()))
        })
    }
}

/// The board's FEN ([`Board0x88::fen`]): Shredder-FEN castling (`HAha`) for a Chess960 board.
impl Serialize for Board0x88 {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.fen())
    }
}

/// Reads a FEN, leniently, so that every board this crate can hold reads back equal to the
/// one written (a board loaded with [`Board0x88::from_fen_lenient`] included); check untrusted
/// input with [`Board0x88::to_setup`] and [`Setup::validate`](crate::Setup::validate) when it
/// must be a position a game can reach.
///
/// A castling field with file letters (`HAha`, as a Chess960 board writes it) reads as
/// Chess960. A Chess960 board without castling rights is written exactly as the standard board
/// with the same pieces, and reads back as that one, which plays the same moves.
impl<'de> Deserialize<'de> for Board0x88 {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board0x88, D::Error> {
        deserializer.deserialize_str(BoardVisitor)
    }
}

struct BoardVisitor;

impl Visitor<'_> for BoardVisitor {
    type Value = Board0x88;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a position in FEN")
    }

    fn visit_str<E: de::Error>(self, fen: &str) -> Result<Board0x88, E> {
        let castling = fen.split_ascii_whitespace().nth(2).unwrap_or("-");
        let options = FenOptions {
            chess960: castling
                .chars()
                .any(|c| !matches!(c, 'K' | 'Q' | 'k' | 'q' | '-')),
            lenient: true,
        };
        Board0x88::from_fen_with(fen, options)
            .map_err(|error| de::Error::custom(format_args!("{error}: {fen:?}")))
    }
}
