//! The PGN lexer: a byte stream in, one token at a time out.
//!
//! It reads through any [`BufRead`] and holds at most one token's text (a move of at most
//! [`MAX_SYMBOL`] bytes, a tag value of at most [`MAX_TAG_VALUE`] bytes), so memory stays
//! flat whatever the size of the file or the length of its lines: comments, `;` and `%` lines
//! are skipped without being stored. Every error carries the line it was found on, and after an
//! error the lexer can go on reading (an unterminated comment or tag value ends the input).
//!
//! Text is bytes as far as the grammar is concerned: tag values must be UTF-8 (checked),
//! movetext outside comments must be ASCII, and comments are skipped unchecked, since old PGN
//! files often have Latin-1 comments and nothing here reads them.

use std::fmt;
use std::io::{self, BufRead};

/// The longest move, move number or other symbol read (the PGN standard's limit).
pub const MAX_SYMBOL: usize = 255;
/// The longest tag value read; longer ones are an error.
pub const MAX_TAG_VALUE: usize = 64 * 1024;

/// A game's termination marker, also the value of its `Result` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl GameResult {
    /// All four, in the order the report counts them.
    pub const ALL: [GameResult; 4] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ];

    /// The marker as PGN writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The marker written `text`, if it is one.
    pub fn parse(text: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.as_str() == text)
    }

    /// An index 0..4 in the order of [`GameResult::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// One token of PGN. Text that comes with a token (a tag's name and value, a move) is read
/// from the lexer: [`Lexer::tag_name`], [`Lexer::tag_value`], [`Lexer::text`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A tag pair `[Name "value"]`, escapes resolved.
    Tag,
    /// A move in SAN (or anything else that starts like a symbol and is not one of the others).
    San,
    /// A move number's digits (the periods after it are [`Token::Period`]s).
    MoveNumber,
    /// A `.`.
    Period,
    /// A null move, `--`.
    NullMove,
    /// A termination marker.
    Result(GameResult),
    /// A numeric annotation glyph, `$12`.
    Nag(u8),
    /// A suffix annotation: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    Suffix,
    /// A `{...}` or `;` comment (its text is skipped).
    Comment,
    /// `(`: a variation begins.
    Open,
    /// `)`: a variation ends.
    Close,
    /// The end of the input.
    Eof,
}

/// What went wrong in the input, and where.
#[derive(Debug)]
pub struct Error {
    /// The line (from 1) of the token in error; for something unterminated, where it began.
    pub line: u64,
    /// What went wrong.
    pub kind: ErrorKind,
}

/// The kinds of [`Error`].
#[derive(Debug)]
pub enum ErrorKind {
    /// The input could not be read: no further token can come.
    Io(io::Error),
    /// A `{` comment is still open at the end of the input.
    UnterminatedComment,
    /// A tag value's closing quote is missing on its line.
    UnterminatedTagValue,
    /// A tag pair is malformed; says how.
    BadTag(&'static str),
    /// A symbol or tag value is longer than its limit; says which.
    TooLong(&'static str),
    /// A tag value is not UTF-8.
    InvalidUtf8,
    /// A byte that cannot start a token (control characters, non-ASCII outside comments and
    /// tag values).
    UnexpectedByte(u8),
    /// `$` without a number from 0 to 255.
    BadNag,
    /// A run of `!` and `?` that is not one of the six suffix annotations.
    BadSuffix,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Io(e) => write!(f, "read error: {e}"),
            ErrorKind::UnterminatedComment => {
                f.write_str("a comment '{' opened here is not closed by the end of the file")
            }
            ErrorKind::UnterminatedTagValue => f.write_str("a tag value has no closing '\"'"),
            ErrorKind::BadTag(why) => write!(f, "malformed tag pair: {why}"),
            ErrorKind::TooLong(what) => write!(f, "{what} too long"),
            ErrorKind::InvalidUtf8 => f.write_str("a tag value is not valid UTF-8"),
            ErrorKind::UnexpectedByte(b) if b.is_ascii_graphic() => {
                write!(f, "unexpected character '{}'", *b as char)
            }
            ErrorKind::UnexpectedByte(b) => write!(f, "unexpected byte 0x{b:02x}"),
            ErrorKind::BadNag => f.write_str("'$' must be followed by a number from 0 to 255"),
            ErrorKind::BadSuffix => f.write_str("unknown suffix annotation"),
        }
    }
}

/// Whether `b` may continue a symbol (PGN standard 7: letters, digits and `_+#=:-`; `/` for
/// `1/2-1/2`).
fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/')
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
}

/// The UTF-8 byte order mark, skipped at the start of the input.
const BOM: [u8; 3] = [0xef, 0xbb, 0xbf];

/// Reads PGN tokens from `R`.
pub struct Lexer<R> {
    input: R,
    /// The line of the next byte, from 1.
    line: u64,
    /// Bytes consumed so far.
    offset: u64,
    /// Whether the next byte starts a line (for `%` escape lines).
    at_line_start: bool,
    /// The text of the last `San` or `MoveNumber` token, or the last tag's name.
    text: String,
    /// The last tag's value.
    value: String,
    /// A tag value's bytes before the UTF-8 check.
    raw: Vec<u8>,
    /// The line of the last token.
    token_line: u64,
}

impl<R: BufRead> Lexer<R> {
    /// A lexer at the start of `input`.
    pub fn new(input: R) -> Lexer<R> {
        Lexer {
            input,
            line: 1,
            offset: 0,
            at_line_start: true,
            text: String::new(),
            value: String::new(),
            raw: Vec::new(),
            token_line: 1,
        }
    }

    /// Bytes read so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The line (from 1) where the last token began.
    pub fn token_line(&self) -> u64 {
        self.token_line
    }

    /// The last [`Token::San`] or [`Token::MoveNumber`]'s text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The last [`Token::Tag`]'s name.
    pub fn tag_name(&self) -> &str {
        &self.text
    }

    /// The last [`Token::Tag`]'s value, escapes resolved.
    pub fn tag_value(&self) -> &str {
        &self.value
    }

    fn error(&self, line: u64, kind: ErrorKind) -> Error {
        Error { line, kind }
    }

    fn peek(&mut self) -> Result<Option<u8>, Error> {
        match self.input.fill_buf() {
            Ok(buf) => Ok(buf.first().copied()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => self.peek(),
            Err(e) => Err(self.error(self.line, ErrorKind::Io(e))),
        }
    }

    /// Consumes `b`, the byte `peek` returned.
    fn bump(&mut self, b: u8) {
        self.input.consume(1);
        self.offset += 1;
        self.at_line_start = b == b'\n';
        if b == b'\n' {
            self.line += 1;
        }
    }

    /// Consumes bytes up to and including the first `stop`; `false` if the input ended first.
    /// Scans the reader's buffer a slice at a time (comments can be long).
    fn skip_through(&mut self, stop: u8) -> Result<bool, Error> {
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error(self.line, ErrorKind::Io(e))),
            };
            let Some(&last_byte) = buf.last() else {
                return Ok(false);
            };
            let (n, found, last) = match buf.iter().position(|&b| b == stop) {
                Some(i) => (i + 1, true, stop),
                None => (buf.len(), false, last_byte),
            };
            let newlines = buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
            self.input.consume(n);
            self.offset += n as u64;
            self.line += newlines;
            self.at_line_start = last == b'\n';
            if found {
                return Ok(true);
            }
        }
    }

    /// Consumes bytes while `keep` holds, appending them to `self.text` up to `limit` bytes;
    /// returns whether there were more.
    fn take_while(&mut self, keep: fn(u8) -> bool, limit: usize) -> Result<bool, Error> {
        let mut overflow = false;
        while let Some(b) = self.peek()?.filter(|&b| keep(b)) {
            self.bump(b);
            if self.text.len() < limit {
                self.text.push(b as char);
            } else {
                overflow = true;
            }
        }
        Ok(overflow)
    }

    /// The next token, or an error; after an error the next call goes on after the bad
    /// input (an I/O error, though, ends the input).
    pub fn next_token(&mut self) -> Result<Token, Error> {
        if self.offset == 0 {
            self.skip_bom()?;
        }
        loop {
            let Some(b) = self.peek()? else {
                self.token_line = self.line;
                return Ok(Token::Eof);
            };
            self.token_line = self.line;
            if is_space(b) {
                self.bump(b);
                continue;
            }
            if b == b'%' && self.at_line_start {
                self.skip_through(b'\n')?;
                continue;
            }
            self.bump(b);
            return match b {
                b'{' => {
                    if self.skip_through(b'}')? {
                        Ok(Token::Comment)
                    } else {
                        Err(self.error(self.token_line, ErrorKind::UnterminatedComment))
                    }
                }
                b';' => {
                    self.skip_through(b'\n')?;
                    Ok(Token::Comment)
                }
                b'[' => self.tag(),
                b'(' => Ok(Token::Open),
                b')' => Ok(Token::Close),
                b'.' => Ok(Token::Period),
                b'*' => Ok(Token::Result(GameResult::Unknown)),
                b'$' => self.nag(),
                b'!' | b'?' => self.suffix(b),
                b if b.is_ascii_alphanumeric() || b == b'-' => self.symbol(b),
                b => Err(self.error(self.token_line, ErrorKind::UnexpectedByte(b))),
            };
        }
    }

    fn skip_bom(&mut self) -> Result<(), Error> {
        for (i, expected) in BOM.into_iter().enumerate() {
            match self.peek()? {
                Some(b) if b == expected => self.bump(b),
                // Not a BOM: only a lone first byte 0xef has been taken, which no PGN has.
                Some(_) | None if i == 0 => return Ok(()),
                _ => return Err(self.error(1, ErrorKind::UnexpectedByte(BOM[0]))),
            }
        }
        self.at_line_start = true; // a `%` line may follow
        Ok(())
    }

    fn symbol(&mut self, first: u8) -> Result<Token, Error> {
        self.text.clear();
        self.text.push(first as char);
        if self.take_while(is_symbol_byte, MAX_SYMBOL)? {
            return Err(self.error(self.token_line, ErrorKind::TooLong("move or symbol")));
        }
        let text = self.text.as_str();
        Ok(if let Some(result) = GameResult::parse(text) {
            Token::Result(result)
        } else if text == "--" {
            Token::NullMove
        } else if text.bytes().all(|b| b.is_ascii_digit()) {
            Token::MoveNumber
        } else {
            Token::San
        })
    }

    fn nag(&mut self) -> Result<Token, Error> {
        self.text.clear();
        let too_long = self.take_while(|b| b.is_ascii_digit(), 3)?;
        match self.text.parse::<u8>() {
            Ok(nag) if !too_long => Ok(Token::Nag(nag)),
            _ => Err(self.error(self.token_line, ErrorKind::BadNag)),
        }
    }

    fn suffix(&mut self, first: u8) -> Result<Token, Error> {
        self.text.clear();
        self.text.push(first as char);
        let too_long = self.take_while(|b| matches!(b, b'!' | b'?'), 2)?;
        // Every run of one or two of them is one of the six.
        if too_long {
            Err(self.error(self.token_line, ErrorKind::BadSuffix))
        } else {
            Ok(Token::Suffix)
        }
    }

    /// A tag pair, after its `[`. On an error the rest of the line is skipped.
    fn tag(&mut self) -> Result<Token, Error> {
        match self.tag_pair() {
            Ok(()) => Ok(Token::Tag),
            Err(error) => {
                if !matches!(error.kind, ErrorKind::Io(_)) && !self.at_line_start {
                    self.skip_through(b'\n')?;
                }
                Err(error)
            }
        }
    }

    fn tag_pair(&mut self) -> Result<(), Error> {
        let line = self.token_line;
        self.skip_blanks()?;
        self.text.clear();
        if self.take_while(|b| b.is_ascii_alphanumeric() || b == b'_', MAX_SYMBOL)? {
            return Err(self.error(line, ErrorKind::TooLong("tag name")));
        }
        if self.text.is_empty() {
            return Err(self.error(line, ErrorKind::BadTag("no tag name after '['")));
        }
        self.skip_blanks()?;
        match self.peek()? {
            Some(b'"') => self.bump(b'"'),
            _ => return Err(self.error(line, ErrorKind::BadTag("no quoted value"))),
        }
        self.raw.clear();
        let mut too_long = false;
        loop {
            let b = match self.peek()? {
                None | Some(b'\n') => {
                    return Err(self.error(line, ErrorKind::UnterminatedTagValue));
                }
                Some(b) => b,
            };
            self.bump(b);
            let byte = match b {
                b'"' => break,
                b'\\' => match self.peek()? {
                    Some(escaped @ (b'"' | b'\\')) => {
                        self.bump(escaped);
                        escaped
                    }
                    _ => b,
                },
                b => b,
            };
            if self.raw.len() < MAX_TAG_VALUE {
                self.raw.push(byte);
            } else {
                too_long = true;
            }
        }
        if too_long {
            return Err(self.error(line, ErrorKind::TooLong("tag value")));
        }
        self.value.clear();
        match std::str::from_utf8(&self.raw) {
            Ok(value) => self.value.push_str(value),
            Err(_) => return Err(self.error(line, ErrorKind::InvalidUtf8)),
        }
        self.skip_blanks()?;
        match self.peek()? {
            Some(b']') => {
                self.bump(b']');
                Ok(())
            }
            _ => Err(self.error(line, ErrorKind::BadTag("no ']' after the value"))),
        }
    }

    /// Skips spaces and tabs (not line ends: a tag pair is on one line).
    fn skip_blanks(&mut self) -> Result<(), Error> {
        while let Some(b) = self.peek()?.filter(|&b| matches!(b, b' ' | b'\t')) {
            self.bump(b);
        }
        Ok(())
    }
}
