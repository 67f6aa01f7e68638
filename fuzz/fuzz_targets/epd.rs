//! `epd`: arbitrary text as a line of EPD, read in all four FEN modes. Every read returns
//! instead of panicking; an error's column lies in the line (or just after it); an accepted
//! line's board prints a FEN that reads back as the same board, its operations re-read without
//! a failure, and every `bm`/`am` move it gives is legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use x88::FenOptions;
use x88::epd::Epd;
use x88_fuzz::check_fen_round_trip;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for chess960 in [false, true] {
        for lenient in [false, true] {
            let options = FenOptions { chess960, lenient };
            match Epd::parse_with(text, options) {
                Ok(epd) => {
                    check_fen_round_trip(epd.board(), options);
                    for operation in epd.operations() {
                        assert!(!operation.opcode().is_empty());
                        assert!(operation.column() >= 1 && operation.column() <= text.len());
                        let _ = operation.operands().count();
                    }
                    for mv in epd.best_moves().chain(epd.avoid_moves()).flatten() {
                        assert!(epd.board().is_legal(mv), "{mv} from {text:?}");
                    }
                    let _ = (epd.perft_counts().count(), epd.id(), epd.position());
                }
                Err(error) => {
                    assert!(error.column() >= 1 && error.column() <= text.len() + 1);
                    drop(error.to_string());
                }
            }
        }
    }
});
