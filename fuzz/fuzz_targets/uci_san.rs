//! `uci_san`: the first bytes choose a position (one of the fixed FENs, Kiwipete and Chess960
//! ones among them, or a Chess960 start position by number), then up to 32 bytes play a random
//! game from it (each byte modulo the number of legal moves; the byte before them says how
//! many). The rest of the input, as text, goes to `parse_uci` and `parse_san`: an `Ok` must be
//! a legal move, and its own SAN/UCI must read back as it. Then every legal move of the
//! position must round-trip: `parse_san(san(mv)) == Ok(mv)`, `parse_uci(uci(mv)) == Ok(mv)`
//! (both castling notations), with the position checks of `check_position` besides.
#![no_main]

use libfuzzer_sys::fuzz_target;
use x88_fuzz::{Bytes, check_notation, check_parsed, check_position, choose_start, playout};

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (mut board, options) = choose_start(&mut bytes);
    let plies = usize::from(bytes.next().unwrap_or(0) % 33);
    playout(&mut board, &mut bytes, plies);
    let fen = board.fen().to_string();

    let text = String::from_utf8_lossy(bytes.rest());
    for text in [&*text, text.trim()] {
        let uci = board.parse_uci(text);
        check_parsed(&board, text, uci);
        let san = board.parse_san(text);
        check_parsed(&board, text, san);
        for mv in [uci, san].into_iter().flatten() {
            check_notation(&board, mv, &fen);
        }
    }

    check_position(&board, options, true);
});
