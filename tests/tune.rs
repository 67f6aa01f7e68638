//! The search's parameters in a `tune` build: set at run time, they change what the search
//! does, and a value outside a parameter's range is refused. In a test binary of its own,
//! because the values are shared by the whole process.
#![cfg(feature = "tune")]

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use x88::Board0x88;
use x88::search::params::{self, PARAMETERS, ParameterError};
use x88::search::{Limits, Score, Searcher};

/// The nodes of fixed-depth searches from empty tables of Kiwipete, a quiet middlegame and a
/// rook endgame: one position alone leaves some parameters' conditions unmet at this depth
/// (a depth-8 search of Kiwipete is the same with any `history_pruning_margin`).
fn nodes() -> u64 {
    [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/8/1p2k3/p1p1r1p1/P1P3P1/1P1K4/4R3/8 w - - 0 1",
    ]
    .iter()
    .map(|fen| {
        let board: Board0x88 = fen.parse().expect("a valid FEN");
        let stop = AtomicBool::new(false);
        Searcher::new(1)
            .search(
                &board,
                &[],
                &Limits::depth(8),
                &stop,
                &Instant::now(),
                |_| {},
            )
            .nodes
    })
    .sum()
}

#[test]
fn parameters_move_the_search_and_ranges_hold() {
    let default_nodes = nodes();
    for parameter in PARAMETERS {
        assert_eq!(
            params::get(parameter.name),
            Some(parameter.default),
            "{}",
            parameter.name
        );
        assert_eq!(
            params::set(parameter.name, parameter.max + 1),
            Err(ParameterError::OutOfRange {
                min: parameter.min,
                max: parameter.max
            })
        );
    }
    params::set("null_move_base", 5).expect("in range");
    params::set("futility_base", 300).expect("in range");
    assert_eq!(params::null_move_base(), 5);
    assert_eq!(params::get("futility_base"), Some(300));
    let changed_nodes = nodes();
    assert_ne!(
        changed_nodes, default_nodes,
        "the parameters made no difference"
    );
    params::set("null_move_base", 3).expect("in range");
    params::set("futility_base", 100).expect("in range");
    assert_eq!(
        nodes(),
        default_nodes,
        "back to the defaults, back to the same tree"
    );
    // Each parameter of the search, at its least or its greatest value, changes the tree (a
    // parameter that changes nothing is not read, or does nothing at this depth); back at its
    // default, the tree is the default one again. Time management's parameters (`time_*`)
    // act on clock limits only, not on a search to a fixed depth, so they are left out.
    // Two bound a term that their partner keeps rare at this depth, so they are tried with
    // the partner at its least: history pruning of any negative history, and a null-move
    // reduction a ply longer per 50 cp of the evaluation over beta.
    let partner = |name: &str| match name {
        "history_pruning_depth" => Some("history_pruning_margin"),
        "null_move_eval_max" => Some("null_move_eval_divisor"),
        _ => None,
    };
    let least = |name: &str| {
        let parameter = PARAMETERS
            .iter()
            .find(|p| p.name == name)
            .expect("a parameter");
        (parameter.min, parameter.default)
    };
    let mut unmoved = Vec::new();
    for parameter in PARAMETERS.iter().filter(|p| !p.name.starts_with("time_")) {
        let partner = partner(parameter.name);
        if let Some(name) = partner {
            params::set(name, least(name).0).expect("in range");
        }
        let base = nodes();
        let moved = [parameter.min, parameter.max].iter().any(|&other| {
            params::set(parameter.name, other).expect("in range");
            let moved = nodes() != base;
            params::set(parameter.name, parameter.default).expect("in range");
            moved
        });
        if let Some(name) = partner {
            params::set(name, least(name).1).expect("in range");
        }
        if !moved {
            unmoved.push(parameter.name);
        }
        assert_eq!(
            nodes(),
            default_nodes,
            "{} back at its default",
            parameter.name
        );
    }
    assert!(unmoved.is_empty(), "no change in the tree: {unmoved:?}");
    // With the defaults (singular extensions on) the search stays sound: a mate in three is
    // found, with the right distance.
    let board: Board0x88 = "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1"
        .parse()
        .expect("a valid FEN");
    let result = Searcher::new(1).search(
        &board,
        &[],
        &Limits::depth(10),
        &AtomicBool::new(false),
        &Instant::now(),
        |_| {},
    );
    assert_eq!(
        (result.best_move.map(|mv| mv.to_string()), result.score),
        (Some("f6a6".to_string()), Score::Mate(3))
    );
    assert_eq!(
        params::set("no_such_parameter", 1),
        Err(ParameterError::Unknown)
    );
}
