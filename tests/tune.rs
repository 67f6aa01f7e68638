//! The search's parameters in a `tune` build: set at run time, they change what the search
//! does, and a value outside a parameter's range is refused. In a test binary of its own,
//! because the values are shared by the whole process.
#![cfg(feature = "tune")]

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use x88::Board0x88;
use x88::search::params::{self, PARAMETERS, ParameterError};
use x88::search::{Limits, Score, Searcher};

/// The nodes of a fixed-depth search of Kiwipete from empty tables.
fn nodes() -> u64 {
    let board: Board0x88 = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .expect("a valid FEN");
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
    // One parameter at `other` changes the tree; back at its default, the tree is the default
    // one again.
    let moves_the_tree = |name: &str, other: i32| {
        let default = params::get(name).expect("a parameter");
        params::set(name, other).expect("in range");
        assert_ne!(
            nodes(),
            default_nodes,
            "{name} = {other} made no difference"
        );
        params::set(name, default).expect("in range");
        assert_eq!(nodes(), default_nodes, "{name} back at {default}");
    };
    // The late-move reductions of a `tune` build are computed from their parameters.
    moves_the_tree("reduction_base", 175);
    // Singular extensions, on by default, change the tree: off, it is another one.
    moves_the_tree("singular_extensions", 0);
    // With them the search stays sound: a mate in three is found, with the right distance.
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
