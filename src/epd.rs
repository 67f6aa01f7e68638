//! EPD, the Extended Position Description: a position and the operations test suites attach
//! to it, read from one line without allocating.
//!
//! Two forms are common, and both are read:
//!
//! - Standard EPD: FEN's first four fields, then operations, each an opcode, its operands
//!   and a `;`: `r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#;
//!   id "mate in one";`. The clocks come from the `hmvc` and `fmvn` operations when present.
//! - The perft suites' form: a whole six-field FEN, then `;`-separated counts:
//!   `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400`.
//!
//! They are told apart by the fifth field: an opcode starts with a letter, a clock is a
//! number. Operands are words, or strings in double quotes, which may hold spaces and `;`.
//! The last operation's `;` may be left out.
//!
//! ```
//! use x88::epd::Epd;
//!
//! let line = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#;
//! let epd = Epd::parse(line)?;
//! assert_eq!(epd.id(), Some("WAC.001"));
//! let best: Vec<String> = epd.best_moves().map(|mv| epd.board().san(mv.unwrap()).to_string()).collect();
//! assert_eq!(best, ["Qg6"]);
//!
//! let perft = Epd::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400")?;
//! assert_eq!(perft.perft_counts().collect::<Vec<_>>(), [(1, 20), (2, 400)]);
//! # Ok::<(), x88::epd::EpdError>(())
//! ```
//!
//! Everything is checked when the line is read, so the accessors cannot fail, except the
//! moves of `bm` and `am`, which are SAN and are checked against the position when asked for.

use core::fmt;

use arrayvec::ArrayString;

use crate::{Board0x88, FenError, FenOptions, Move, MoveError};

/// A line of EPD: its position and its operations.
#[derive(Clone, Copy, Debug)]
pub struct Epd<'a> {
    board: Board0x88,
    /// The position's fields as the line writes them.
    position: &'a str,
    /// The text after the position.
    operations: &'a str,
    /// Where `operations` starts in the line.
    operations_at: usize,
}

/// What is wrong with a line of EPD, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EpdError {
    column: usize,
    kind: EpdErrorKind,
}

/// The ways a line of EPD can be wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EpdErrorKind {
    /// The line has fewer than FEN's four fields before its operations.
    MissingFields,
    /// The position is not a valid FEN; the error says which field and why.
    Fen(FenError),
    /// A half-move clock is given as the fifth field but the full-move number is missing or is
    /// not a number.
    BadFullmoveNumber,
    /// A string operand has no closing `"`.
    UnterminatedString,
    /// An operation does not start with an opcode (a letter, then letters, digits or `_`).
    BadOpcode,
    /// A `D<depth>` perft count is not one number of nodes, or its depth is not a number.
    BadPerftCount,
    /// `hmvc` or `fmvn` is not one number in range.
    BadClock,
    /// The four position fields are longer than any valid FEN's.
    PositionTooLong,
}

impl EpdError {
    /// The column (in bytes, from 1) where the problem starts.
    ///
    /// ```
    /// use x88::epd::{Epd, EpdErrorKind};
    /// let error = Epd::parse("8/8/8/8/8/8/8/K6k w - - id \"unterminated").unwrap_err();
    /// assert_eq!(error.column(), 28);
    /// assert_eq!(error.kind(), EpdErrorKind::UnterminatedString);
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    ///
    /// ```
    /// use x88::epd::{Epd, EpdErrorKind};
    /// let error = Epd::parse("8/8/8/8 w").unwrap_err();
    /// assert_eq!(error.kind(), EpdErrorKind::MissingFields);
    /// ```
    #[must_use]
    pub fn kind(&self) -> EpdErrorKind {
        self.kind
    }

    fn at(offset: usize, kind: EpdErrorKind) -> EpdError {
        EpdError {
            column: offset + 1,
            kind,
        }
    }
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match self.kind {
            EpdErrorKind::MissingFields => {
                f.write_str("an EPD line starts with FEN's first four fields")
            }
            EpdErrorKind::Fen(error) => write!(f, "{error}"),
            EpdErrorKind::BadFullmoveNumber => {
                f.write_str("a half-move clock must be followed by the full-move number")
            }
            EpdErrorKind::UnterminatedString => f.write_str("a string has no closing '\"'"),
            EpdErrorKind::BadOpcode => f.write_str(
                "an operation starts with an opcode: a letter, then letters, digits or '_'",
            ),
            EpdErrorKind::BadPerftCount => {
                f.write_str("a perft count is 'D<depth> <nodes>', both numbers")
            }
            EpdErrorKind::BadClock => {
                f.write_str("'hmvc' and 'fmvn' take one number (at most 65535)")
            }
            EpdErrorKind::PositionTooLong => {
                f.write_str("the position's fields are longer than any valid FEN's")
            }
        }
    }
}

impl core::error::Error for EpdError {}

/// One operation: an opcode and its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operation<'a> {
    opcode: &'a str,
    operands: &'a str,
    column: usize,
}

impl<'a> Operation<'a> {
    /// The opcode: `bm`, `id`, `D1`, ...
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("8/8/8/8/8/8/8/K6k w - - c0 \"a comment\"; D1 3;")?;
    /// let opcodes: Vec<&str> = epd.operations().map(|op| op.opcode()).collect();
    /// assert_eq!(opcodes, ["c0", "D1"]);
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    #[must_use]
    pub fn opcode(&self) -> &'a str {
        self.opcode
    }

    /// The operands, in order: words as written, strings without their quotes.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("8/8/8/8/8/8/8/K6k w - - bm Ka2 Kb1; c0 \"x; y\";")?;
    /// let bm = epd.operation("bm").unwrap();
    /// assert_eq!(bm.operands().collect::<Vec<_>>(), ["Ka2", "Kb1"]);
    /// let c0 = epd.operation("c0").unwrap();
    /// assert_eq!(c0.operands().collect::<Vec<_>>(), ["x; y"]);
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    pub fn operands(self) -> impl Iterator<Item = &'a str> + 'a {
        let mut rest = self.operands;
        core::iter::from_fn(move || {
            rest = rest.trim_start();
            let (operand, after) = next_operand(rest)?;
            rest = after;
            Some(operand)
        })
    }

    /// The column (in bytes, from 1) of the opcode in the line.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("8/8/8/8/8/8/8/K6k w - - id \"x\";")?;
    /// assert_eq!(epd.operation("id").unwrap().column(), 25);
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.column
    }
}

/// The first operand of `text` (which starts with it) and the text after it; `None` when
/// `text` is empty or starts with a string that has no closing quote.
fn next_operand(text: &str) -> Option<(&str, &str)> {
    if let Some(string) = text.strip_prefix('"') {
        let end = string.find('"')?;
        return Some((&string[..end], &string[end + 1..]));
    }
    let end = text
        .find(|c: char| c.is_ascii_whitespace() || c == '"' || c == ';')
        .unwrap_or(text.len());
    (end > 0).then(|| (&text[..end], &text[end..]))
}

/// The operations of `text`, which starts at `offset` in its line: each `Ok((operation, rest))`
/// or the error of the first malformed one.
fn next_operation(text: &str, offset: usize) -> Result<Option<(Operation<'_>, &str)>, EpdError> {
    let start = text.len()
        - text
            .trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ';')
            .len();
    let text = &text[start..];
    if text.is_empty() {
        return Ok(None);
    }
    let at = offset + start;
    let opcode_end = text
        .find(|c: char| c.is_ascii_whitespace() || c == ';')
        .unwrap_or(text.len());
    let opcode = &text[..opcode_end];
    let mut chars = opcode.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(EpdError::at(at, EpdErrorKind::BadOpcode));
    }
    // The operands run to the first `;` outside a string, or to the end.
    let mut rest = &text[opcode_end..];
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            let operands_len = text.len() - opcode_end - rest.len();
            let operands = text[opcode_end..opcode_end + operands_len].trim();
            let after = trimmed.strip_prefix(';').unwrap_or(trimmed);
            let operation = Operation {
                opcode,
                operands,
                column: at + 1,
            };
            return Ok(Some((operation, after)));
        }
        // `trimmed` is not empty, so the only way to find no operand is an open string.
        let Some((_, after)) = next_operand(trimmed) else {
            let operand_at = at + (text.len() - trimmed.len());
            return Err(EpdError::at(operand_at, EpdErrorKind::UnterminatedString));
        };
        rest = after;
    }
}

/// The operations of `text`, which starts at `offset` in its line, in order; after an error,
/// nothing more.
fn operations_from(
    text: &str,
    offset: usize,
) -> impl Iterator<Item = Result<Operation<'_>, EpdError>> {
    let (mut rest, mut at, mut failed) = (text, offset, false);
    core::iter::from_fn(move || {
        if failed {
            return None;
        }
        match next_operation(rest, at) {
            Ok(Some((operation, after))) => {
                at += rest.len() - after.len();
                rest = after;
                Some(Ok(operation))
            }
            Ok(None) => None,
            Err(error) => {
                failed = true;
                Some(Err(error))
            }
        }
    })
}

impl<'a> Epd<'a> {
    /// Reads a line of EPD (standard chess, positions checked strictly).
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("8/8/8/8/8/8/8/K6k b - - hmvc 12; fmvn 40;")?;
    /// assert_eq!(epd.board().halfmove_clock(), 12);
    /// assert_eq!(epd.board().fullmove_number(), 40);
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    pub fn parse(line: &'a str) -> Result<Epd<'a>, EpdError> {
        Epd::parse_with(line, FenOptions::default())
    }

    /// Reads a line of EPD with the FEN options given: Chess960 castling, or lenient reading.
    ///
    /// ```
    /// use x88::FenOptions;
    /// use x88::epd::Epd;
    /// let line = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21";
    /// let options = FenOptions { chess960: true, ..FenOptions::default() };
    /// let epd = Epd::parse_with(line, options)?;
    /// assert!(epd.board().is_chess960());
    /// assert_eq!(epd.perft_counts().next(), Some((1, 21)));
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    pub fn parse_with(line: &'a str, options: FenOptions) -> Result<Epd<'a>, EpdError> {
        let line = line.trim_end();
        // FEN's first four fields, then perhaps the two clocks.
        let mut fields = FieldSplitter { line, at: 0 };
        let mut four_end = 0;
        for _ in 0..4 {
            let Some((_, end)) = fields.next_field() else {
                return Err(EpdError::at(line.len(), EpdErrorKind::MissingFields));
            };
            four_end = end;
        }
        let fen_start = line.len() - line.trim_start().len();
        let (fen_end, clocks) = match fields.peek_field() {
            Some((start, end)) if line[start..end].starts_with(|c: char| c.is_ascii_digit()) => {
                // The perft form: the half-move clock, then the full-move number.
                fields.next_field();
                let Some((full_start, full_end)) = fields.next_field() else {
                    let missing_at = line.len() - line[fields.at..].trim_start().len();
                    return Err(EpdError::at(missing_at, EpdErrorKind::BadFullmoveNumber));
                };
                if !line[full_start..full_end]
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                {
                    return Err(EpdError::at(full_start, EpdErrorKind::BadFullmoveNumber));
                }
                (full_end, true)
            }
            _ => (four_end, false),
        };
        let operations = &line[fen_end..];
        // Check every operation now, and find the clocks' operations.
        let mut halfmove = None;
        let mut fullmove = None;
        for operation in operations_from(operations, fen_end) {
            let operation = operation?;
            let bad = |kind| EpdError::at(operation.column - 1, kind);
            match operation.opcode {
                "hmvc" => {
                    halfmove =
                        Some(single_number::<u16>(operation).ok_or(bad(EpdErrorKind::BadClock))?)
                }
                "fmvn" => {
                    fullmove =
                        Some(single_number::<u16>(operation).ok_or(bad(EpdErrorKind::BadClock))?)
                }
                opcode if is_perft_opcode(opcode) => {
                    perft_count(operation).ok_or(bad(EpdErrorKind::BadPerftCount))?;
                }
                _ => {}
            }
        }
        let fen_text = &line[fen_start..fen_end];
        let board = if clocks {
            Board0x88::from_fen_with(fen_text, options)
        } else {
            // Four fields and the clocks of the operations (0 and 1 without them), as one FEN
            // on the stack.
            let mut fen = ArrayString::<160>::new();
            fmt::write(
                &mut fen,
                format_args!(
                    "{fen_text} {} {}",
                    halfmove.unwrap_or(0),
                    fullmove.unwrap_or(1)
                ),
            )
            .map_err(|_| EpdError::at(fen_start, EpdErrorKind::PositionTooLong))?;
            Board0x88::from_fen_with(&fen, options)
        }
        .map_err(|error| EpdError::at(fen_start, EpdErrorKind::Fen(error)))?;
        Ok(Epd {
            board,
            position: fen_text,
            operations,
            operations_at: fen_end,
        })
    }

    /// The position.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - bm O-O;")?;
    /// assert_eq!(epd.board().fen().to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board0x88 {
        &self.board
    }

    /// The position's fields as the line writes them: four, or six in the perft suites' form.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - 3 9 ;D1 15")?;
    /// assert_eq!(epd.position(), "4k3/8/8/8/8/8/8/4K2R w K - 3 9");
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    #[must_use]
    pub fn position(&self) -> &'a str {
        self.position
    }

    /// The operations, in the order of the line.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"castle\";")?;
    /// assert_eq!(epd.operations().count(), 2);
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    pub fn operations(&self) -> impl Iterator<Item = Operation<'a>> + use<'a> {
        // Checked when the line was read: an error cannot come now.
        operations_from(self.operations, self.operations_at).map_while(Result::ok)
    }

    /// The first operation with opcode `opcode`.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - bm O-O;")?;
    /// assert!(epd.operation("bm").is_some());
    /// assert!(epd.operation("am").is_none());
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    #[must_use]
    pub fn operation(&self, opcode: &str) -> Option<Operation<'a>> {
        self.operations().find(|op| op.opcode == opcode)
    }

    /// The first operand of `id`, the position's name in its suite.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - id \"castle 1\";")?;
    /// assert_eq!(epd.id(), Some("castle 1"));
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    #[must_use]
    pub fn id(&self) -> Option<&'a str> {
        self.operation("id")?.operands().next()
    }

    /// The best moves (`bm`), each read as SAN against the position: an error for one that
    /// is not a legal move there.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - bm O-O Rh8+;")?;
    /// let moves: Vec<String> = epd.best_moves().map(|mv| mv.unwrap().to_string()).collect();
    /// assert_eq!(moves, ["e1g1", "h1h8"]);
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    pub fn best_moves(&self) -> impl Iterator<Item = Result<Move, MoveError>> + '_ {
        self.moves_of("bm")
    }

    /// The moves to avoid (`am`), each read as SAN against the position.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - am Kd1 Qd1;")?;
    /// let moves: Vec<_> = epd.avoid_moves().collect();
    /// assert_eq!(moves[0].map(|mv| mv.to_string()), Ok("e1d1".to_string()));
    /// assert!(moves[1].is_err()); // white has no queen
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    pub fn avoid_moves(&self) -> impl Iterator<Item = Result<Move, MoveError>> + '_ {
        self.moves_of("am")
    }

    fn moves_of(&self, opcode: &str) -> impl Iterator<Item = Result<Move, MoveError>> + '_ {
        let board = &self.board;
        self.operation(opcode)
            .into_iter()
            .flat_map(|op| op.operands())
            .map(move |san| board.parse_san(san))
    }

    /// The perft counts, `(depth, nodes)` of each `D<depth> <nodes>` operation, in the order
    /// of the line.
    ///
    /// ```
    /// use x88::epd::Epd;
    /// let epd = Epd::parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66")?;
    /// assert_eq!(epd.perft_counts().collect::<Vec<_>>(), [(1, 15), (2, 66)]);
    /// # Ok::<(), x88::epd::EpdError>(())
    /// ```
    pub fn perft_counts(&self) -> impl Iterator<Item = (u32, u64)> + use<'a> {
        self.operations()
            .filter(|op| is_perft_opcode(op.opcode))
            .filter_map(|op| perft_count(op))
    }
}

/// `D` followed by digits.
fn is_perft_opcode(opcode: &str) -> bool {
    opcode
        .strip_prefix('D')
        .is_some_and(|depth| !depth.is_empty() && depth.bytes().all(|b| b.is_ascii_digit()))
}

/// The `(depth, nodes)` of a `D<depth> <nodes>` operation, if both are numbers in range and
/// there is exactly one operand.
fn perft_count(operation: Operation<'_>) -> Option<(u32, u64)> {
    let depth = operation.opcode.strip_prefix('D')?.parse().ok()?;
    Some((depth, single_number(operation)?))
}

/// The operation's one operand as a number of type `T`.
fn single_number<T: core::str::FromStr>(operation: Operation<'_>) -> Option<T> {
    let mut operands = operation.operands();
    let number = operands.next()?;
    if operands.next().is_some() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}

/// Splits a line into whitespace-separated fields, with their byte ranges.
struct FieldSplitter<'a> {
    line: &'a str,
    at: usize,
}

impl FieldSplitter<'_> {
    /// The byte range of the next field, if any, moving past it.
    fn next_field(&mut self) -> Option<(usize, usize)> {
        let field = self.peek_field()?;
        self.at = field.1;
        Some(field)
    }

    /// The byte range of the next field, if any.
    fn peek_field(&self) -> Option<(usize, usize)> {
        let rest = &self.line[self.at..];
        let start = self.at + (rest.len() - rest.trim_start().len());
        let field = &self.line[start..];
        let len = field
            .find(|c: char| c.is_ascii_whitespace() || c == ';')
            .unwrap_or(field.len());
        (len > 0).then_some((start, start + len))
    }
}
