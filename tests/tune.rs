//! The search's parameters in a `tune` build: set at run time, they change what the search
//! does, and a value outside a parameter's range is refused. In a test binary of its own,
//! because the values are shared by the whole process.
#![cfg(feature = "tune")]

mod common;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use common::ticking_clock::TickingClock;

use x88::Board0x88;
use x88::search::params::{self, PARAMETERS, Parameter, ParameterError};
use x88::search::{Limits, Score, Searcher};

/// Kiwipete, two quiet middlegames (the second from the Queen's Gambit Declined) and a rook
/// endgame, White to move in each.
const POSITIONS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "8/8/1p2k3/p1p1r1p1/P1P3P1/1P1K4/4R3/8 w - - 0 1",
];

/// The nodes of fixed-depth searches of [`POSITIONS`] from empty tables: one position alone
/// leaves some parameters' conditions unmet at this depth (a depth-8 search of Kiwipete is
/// the same with any `history_pruning_margin`).
fn nodes() -> u64 {
    POSITIONS
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
    // Each parameter of the search changes the tree at its least or its greatest value;
    // time management's parameters (`time_*`) act on clock limits only, not on a search to a
    // fixed depth, so they are tried on the time that clock-limited searches spend.
    let search_parameters = PARAMETERS.iter().filter(|p| !p.name.starts_with("time_"));
    let unmoved = unmoved_parameters(search_parameters, nodes);
    assert!(unmoved.is_empty(), "no change in the tree: {unmoved:?}");
    let time_parameters = PARAMETERS.iter().filter(|p| p.name.starts_with("time_"));
    let unmoved = unmoved_parameters(time_parameters, time_spent);
    assert!(
        unmoved.is_empty(),
        "no change in the time spent: {unmoved:?}"
    );
    // With the defaults (singular extensions on) the search stays sound: a mate in three is
    // found, with the right distance; so it is with razoring on at every depth it allows (it
    // is off by default): the mating line's quiet moves are not razored away.
    let mate_in_three = (Some("f6a6".to_string()), Score::Mate(3));
    assert_eq!(mate_in_three_search(), mate_in_three);
    params::set("razoring_depth", razoring_max()).expect("in range");
    let razored = mate_in_three_search();
    params::set("razoring_depth", 0).expect("in range");
    assert_eq!(razored, mate_in_three);
    // ProbCut (off by default) on from depth 3: the mate is not cut away either.
    params::set("probcut_depth", 3).expect("in range");
    let probcut = mate_in_three_search();
    params::set("probcut_depth", 0).expect("in range");
    assert_eq!(probcut, mate_in_three);
    // With the capture history (off by default) at its greatest weight the mate in three
    // is still found.
    params::set("capture_history", 8).expect("in range");
    let by_capture_history = mate_in_three_search();
    params::set("capture_history", 0).expect("in range");
    assert_eq!(by_capture_history, mate_in_three);
    // So it is with cut nodes reduced by the most (off by default), with the evaluation
    // corrected by the other pieces' placement alone, with quiescence trying the table's
    // move first or standing pat on the table's score, with quiet moves after a capturing
    // TT move reduced more, with quiet moves that lose material by static exchange pruned,
    // with singular moves extended by two plies at the least margin, with late quiet checks
    // never reduced, with quiescence standing pat before it reads the table, with
    // quiescence reading the table only in check or only there and at its first node, and
    // with the continuation history off or in the quiet moves' order only (the default has
    // it in their pruning and reductions too, reduces late quiet checks and reads the table
    // at every quiescence node; the others are off by default).
    for (name, value) in [
        ("continuation_history", 0),
        ("continuation_history", 1),
        ("reduction_cut_node", 3),
        ("correction_non_pawn", 8),
        ("quiescence_tt_move", 1),
        ("reduction_tt_capture", 2),
        ("see_quiet_depth", 6),
        ("quiescence_tt_eval", 1),
        ("singular_double_margin", 1),
        ("reduction_checks", 0),
        ("quiescence_stand_pat_first", 1),
        ("quiescence_table", 0),
        ("quiescence_table", 1),
    ] {
        let default = params::get(name).expect("a parameter");
        params::set(name, value).expect("in range");
        let found = mate_in_three_search();
        params::set(name, default).expect("in range");
        assert_eq!(found, mate_in_three, "{name} at {value}");
    }
    quiescence_checks_see_a_mate_beyond_the_horizon();
    params::set("quiescence_checks", 1).expect("in range");
    let with_checks = mate_in_three_search();
    params::set("quiescence_checks", 0).expect("in range");
    assert_eq!(with_checks, mate_in_three);
    assert_eq!(
        params::set("no_such_parameter", 1),
        Err(ParameterError::Unknown)
    );
}

/// The best move and score of a depth-10 search, from empty tables, of a mate in three that
/// starts 1. Ra6.
fn mate_in_three_search() -> (Option<String>, Score) {
    search("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 10)
}

/// The best move and score of a search of `fen` to `depth` from empty tables.
fn search(fen: &str, depth: u32) -> (Option<String>, Score) {
    let board: Board0x88 = fen.parse().expect("a valid FEN");
    let result = Searcher::new(1).search(
        &board,
        &[],
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &Instant::now(),
        |_| {},
    );
    (result.best_move.map(|mv| mv.to_string()), result.score)
}

/// White's queen may take a pawn on a7, but eleven of White's 28 moves (that one among them)
/// allow Re1 mate, a quiet check. A search of one ply sees the mate only if quiescence tries
/// quiet checks: without them it plays one of those eleven (which one depends on the
/// evaluation's weights), with them it keeps the back rank covered.
fn quiescence_checks_see_a_mate_beyond_the_horizon() {
    const BACK_RANK: &str = "4r1k1/p4ppp/8/8/8/Q7/5PPP/6K1 w - - 0 1";
    const ALLOW_MATE: [&str; 11] = [
        "a3a7", "a3d6", "a3c5", "a3a4", "a3h3", "a3g3", "a3f3", "a3b3", "a3b2", "a3a2", "g1h1",
    ];
    let (blind, _) = search(BACK_RANK, 1);
    let blind = blind.expect("a best move");
    assert!(
        ALLOW_MATE.contains(&blind.as_str()),
        "without quiescence checks the search played {blind}, which does not allow Re1 mate: \
         the position no longer tells the two settings apart"
    );
    params::set("quiescence_checks", 1).expect("in range");
    let (seeing, score) = search(BACK_RANK, 1);
    params::set("quiescence_checks", 0).expect("in range");
    let seeing = seeing.expect("a best move");
    assert!(
        !ALLOW_MATE.contains(&seeing.as_str()),
        "{seeing} allows Re1 mate"
    );
    assert!(!matches!(score, Score::Mate(_)), "{score:?}");
}

/// The deepest node razoring may apply to.
fn razoring_max() -> i32 {
    PARAMETERS
        .iter()
        .find(|p| p.name == "razoring_depth")
        .map(|p| p.max)
        .expect("razoring_depth is a parameter")
}

/// Clock-limited searches that together reach every branch of time management: the
/// position and White's time on the clock (and 20 ms a move). A score that drops between
/// iterations (position 4 of the perft page, a Sicilian, position 5, and Kiwipete at 4 s,
/// which meets the larger drop under the weights with the endgame's complexity) and a best
/// move that stays (the endgame of position 3, and a quiet middlegame).
///
/// Which search reaches which branch depends on the evaluation: when its weights change, a
/// branch may no longer be reached here, and the test names the parameters left unmoved.
/// Search the bench positions at a few clock times with each such parameter at its least and
/// greatest value to find one that moves it (as was done for the weights of `--l2 3e-9`).
const TIME_SEARCHES: [(&str, u64); 8] = [
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        2,
    ),
    (
        "r1bqkb1r/pp3ppp/2nppn2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7",
        2,
    ),
    (
        "r1bqkb1r/pp3ppp/2nppn2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7",
        3,
    ),
    (
        "r1bqkb1r/pp3ppp/2nppn2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7",
        1,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        2,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

/// The times that the [`TIME_SEARCHES`] spend, on the ticking clock: a count of each search's
/// reads, the same on any host.
fn time_spent() -> Vec<Duration> {
    TIME_SEARCHES
        .iter()
        .map(|&(fen, seconds)| {
            let board: Board0x88 = fen.parse().expect("a valid FEN");
            let limits = Limits {
                wtime: Some(Duration::from_secs(seconds)),
                winc: Some(Duration::from_millis(20)),
                ..Limits::default()
            };
            let clock = TickingClock::default();
            let stop = AtomicBool::new(false);
            Searcher::new(1).search(&board, &[], &limits, &stop, &clock, |_| {});
            clock.last_read()
        })
        .collect()
}

/// The parameter that keeps `name`'s term rare or off at the defaults, and the value it is
/// set to while `name` is tried: history pruning of any negative history, a null-move
/// reduction a ply longer per 50 cp of the evaluation over beta, more time after any fall of
/// the score (each partner at its least), razoring's margins with razoring on as deep as it
/// goes, ProbCut's margin and reduction with ProbCut on from depth 7, the quiet moves' SEE
/// margin with their SEE pruning on as deep as it goes, the double extensions' limit with
/// them on at the widest margin, and the best move's node share's base with the share
/// weighing the most (each at its greatest).
fn partner(name: &str) -> Option<(&'static Parameter, i32)> {
    let (partner, greatest) = match name {
        "history_pruning_depth" => ("history_pruning_margin", false),
        "null_move_eval_max" => ("null_move_eval_divisor", false),
        "razoring_base" | "razoring_per_depth" => ("razoring_depth", true),
        "probcut_margin" | "probcut_reduction" => ("probcut_depth", true),
        "see_quiet_margin" => ("see_quiet_depth", true),
        "singular_double_limit" => ("singular_double_margin", true),
        "time_node_base" => ("time_node_factor", true),
        "time_big_drop_percent" => ("time_big_drop", false),
        "time_drop_percent" => ("time_drop", false),
        _ => return None,
    };
    let partner = PARAMETERS.iter().find(|p| p.name == partner)?;
    Some((partner, if greatest { partner.max } else { partner.min }))
}

/// The names of the `parameters` whose least and greatest values both leave `measure` as it
/// was (each tried with its [`partner`] at the partner's value, if it has one). A parameter that
/// changes nothing is not read, or does nothing here. Each is set back to its default, and
/// `measure` must then give its default result again (checked once, after the last).
fn unmoved_parameters<T: PartialEq + std::fmt::Debug>(
    parameters: impl Iterator<Item = &'static Parameter>,
    measure: fn() -> T,
) -> Vec<&'static str> {
    let default_result = measure();
    let mut unmoved = Vec::new();
    for parameter in parameters {
        let partner = partner(parameter.name);
        let partner_result;
        let base = match partner {
            Some((partner, value)) => {
                params::set(partner.name, value).expect("in range");
                partner_result = measure();
                &partner_result
            }
            None => &default_result,
        };
        let moved = [parameter.min, parameter.max].iter().any(|&other| {
            params::set(parameter.name, other).expect("in range");
            let moved = measure() != *base;
            params::set(parameter.name, parameter.default).expect("in range");
            moved
        });
        if let Some((partner, _)) = partner {
            params::set(partner.name, partner.default).expect("in range");
        }
        if !moved {
            unmoved.push(parameter.name);
        }
    }
    assert_eq!(measure(), default_result, "back at the defaults");
    unmoved
}
