//! `book`: a Polyglot book from arbitrary bytes. A start position (as in `play`), a ply count
//! (0 to 7) and that many moves come from the first bytes; the rest is read as a book twice: as it is, and with every
//! entry's key set to the position's, so that each entry's move is decoded there. Nothing may
//! panic, and every move the book gives, and every pick, is legal in the position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use x88::polyglot::{Book, Entry};
use x88_fuzz::{Bytes, choose_start, playout};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (mut board, _) = choose_start(&mut bytes);
    let plies = usize::from(bytes.next().unwrap_or(0) % 8);
    playout(&mut board, &mut bytes, plies);
    let rest = bytes.rest();

    let keyed: Vec<u8> = rest
        .chunks_exact(Entry::SIZE)
        .flat_map(|chunk| {
            let mut entry = Entry::from_bytes(chunk.try_into().expect("16 bytes"));
            entry.key = board.polyglot_key();
            entry.to_bytes()
        })
        .collect();
    for book_bytes in [rest, &keyed[..]] {
        let Ok(book) = Book::new(book_bytes) else {
            continue;
        };
        for book_move in book.moves(&board) {
            assert!(board.is_legal(book_move.mv), "{}", book_move.mv);
        }
        for random in [0, 1, u64::MAX / 3, u64::MAX] {
            if let Some(mv) = book.pick(&board, random) {
                assert!(board.is_legal(mv));
            }
        }
    }
});
