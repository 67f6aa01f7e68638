//! Positions for the unit tests: the bundled perft suites, and one move deeper.

use crate::board::Board0x88;
use crate::fen::FenOptions;

/// Every position of the bundled perft suites (standard and Chess960).
pub(crate) fn suite_positions() -> impl Iterator<Item = Board0x88> {
    let load = |text: &'static str, chess960: bool| {
        text.lines().map(move |line| {
            let fen = line.split(';').next().unwrap_or_default().trim();
            let options = FenOptions {
                chess960,
                lenient: true,
            };
            Board0x88::from_fen_with(fen, options).unwrap()
        })
    };
    load(include_str!("../tests/data/standard.epd"), false)
        .chain(load(include_str!("../tests/data/chess960.epd"), true))
}

/// The suite positions and every position one move deeper, so that checks, captures and
/// en passant squares come up often.
pub(crate) fn suite_positions_and_children() -> impl Iterator<Item = Board0x88> {
    suite_positions().flat_map(|root| {
        core::iter::once(root).chain(root.legal_moves().into_iter().map(move |mv| {
            let mut child = root;
            child.play_unchecked(mv);
            child
        }))
    })
}
