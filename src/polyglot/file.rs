//! A Polyglot book read from a file (feature `std`).

use std::fmt;
use std::path::Path;
use std::vec::Vec;

use super::{Book, BookError};

/// A Polyglot book file read into memory, checked once; [`book`](BookFile::book) reads it.
///
/// ```no_run
/// use x88::Board0x88;
/// use x88::polyglot::BookFile;
/// let file = BookFile::open("book.bin")?;
/// let board = Board0x88::default();
/// for book_move in file.book().moves(&board) {
///     println!("{} {}", board.san(book_move.mv), book_move.weight);
/// }
/// # Ok::<(), x88::polyglot::BookFileError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BookFile {
    bytes: Vec<u8>,
}

impl BookFile {
    /// Reads the book at `path` and checks it is one ([`Book::new`]).
    ///
    /// ```
    /// use x88::polyglot::{BookFile, BookFileError};
    /// let missing = BookFile::open("no/such/book.bin");
    /// assert!(matches!(missing, Err(BookFileError::Io(_))));
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<BookFile, BookFileError> {
        let bytes = std::fs::read(path).map_err(BookFileError::Io)?;
        BookFile::from_bytes(bytes)
    }

    /// The book in `bytes`, checked as [`Book::new`] checks it.
    ///
    /// ```
    /// use x88::polyglot::{BookError, BookFile, BookFileError};
    /// assert!(BookFile::from_bytes(Vec::new()).is_ok());
    /// assert!(matches!(
    ///     BookFile::from_bytes(vec![0; 17]),
    ///     Err(BookFileError::Book(BookError::Length { len: 17 }))
    /// ));
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<BookFile, BookFileError> {
        Book::new(&bytes).map_err(BookFileError::Book)?;
        Ok(BookFile { bytes })
    }

    /// The book, to look positions up in.
    ///
    /// ```
    /// use x88::polyglot::BookFile;
    /// assert!(BookFile::from_bytes(Vec::new())?.book().is_empty());
    /// # Ok::<(), x88::polyglot::BookFileError>(())
    /// ```
    #[must_use]
    pub fn book(&self) -> Book<'_> {
        // Checked once, when the file was read; the bytes cannot have changed since.
        Book { bytes: &self.bytes }
    }
}

/// Why a book file could not be read.
#[derive(Debug)]
pub enum BookFileError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The file is not a Polyglot book.
    Book(BookError),
}

impl fmt::Display for BookFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookFileError::Io(error) => write!(f, "cannot read the book: {error}"),
            BookFileError::Book(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for BookFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookFileError::Io(error) => Some(error),
            BookFileError::Book(error) => Some(error),
        }
    }
}
