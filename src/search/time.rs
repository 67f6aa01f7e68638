//! Time management: turns the caller's [`Limits`] into the budget the search checks.
//!
//! A game clock gives two limits: a soft one, after which no new iteration starts (an iteration
//! started late would rarely finish), and a hard one, at which the search aborts mid-iteration
//! and plays the best move found so far. Both keep a safety margin so that the engine never
//! loses on time, even with a second or less on the clock. A fixed `movetime` is a hard limit
//! (the UCI layer subtracts its move overhead itself); depth and node limits apply alongside
//! the time limits, and `infinite` ignores everything but the caller's stop flag.

use core::time::Duration;

use super::{Limits, MAX_DEPTH, params};
use crate::Color;

/// Time always left on the clock, unless the clock holds less than twice that.
const SAFETY_MARGIN: Duration = Duration::from_millis(50);

/// What the search may spend, derived from [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// No new iteration starts after this much time.
    pub soft: Option<Duration>,
    /// The search aborts when this much time has passed.
    pub hard: Option<Duration>,
    /// The search aborts after about this many nodes.
    pub nodes: Option<u64>,
    /// The deepest iteration to run.
    pub depth: u32,
    /// Whether the soft limit comes from a game clock, so that the search may stretch or
    /// shorten it (a fixed `movetime` is meant to be used).
    pub flexible: bool,
}

impl Budget {
    /// The budget for `side` to move under `limits`.
    pub fn new(limits: &Limits, side: Color) -> Budget {
        if limits.infinite {
            return Budget {
                soft: None,
                hard: None,
                nodes: None,
                depth: MAX_DEPTH,
                flexible: false,
            };
        }
        let (remaining, increment) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        // Times past a year mean "no limit" in practice; capping them keeps every product
        // below (the hard factor, the stretch percentages) far from `Duration`'s overflow.
        let remaining = remaining.map(cap);
        let increment = increment.map(cap);
        let movetime = limits.movetime.map(cap);
        let mut soft = None;
        let mut hard = None;
        if let Some(remaining) = remaining {
            let (clock_soft, clock_hard) = clock_limits(
                remaining,
                increment.unwrap_or(Duration::ZERO),
                limits.movestogo,
            );
            soft = Some(clock_soft);
            hard = Some(clock_hard);
        }
        if let Some(movetime) = movetime {
            soft = Some(soft.map_or(movetime, |s| s.min(movetime)));
            hard = Some(hard.map_or(movetime, |h| h.min(movetime)));
        }
        Budget {
            soft,
            hard,
            nodes: limits.nodes,
            depth: limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            flexible: remaining.is_some() && movetime.is_none(),
        }
    }

    /// Whether the budget limits time (rather than only depth or nodes).
    pub fn has_time_limit(&self) -> bool {
        self.hard.is_some()
    }
}

/// The longest time the budget works with: a year.
const LONGEST: Duration = Duration::from_secs(365 * 24 * 60 * 60);

/// `time`, at most [`LONGEST`].
fn cap(time: Duration) -> Duration {
    time.min(LONGEST)
}

/// The soft and hard limits for a clock with `remaining` time, `increment` per move and
/// `moves_to_go` moves to the next time control.
fn clock_limits(
    remaining: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
) -> (Duration, Duration) {
    let margin = SAFETY_MARGIN.min(remaining / 2);
    let usable = remaining.saturating_sub(margin);
    let moves = moves_to_go
        .unwrap_or(params::time_moves_to_go().unsigned_abs())
        .clamp(1, 60);
    let share = usable / moves + increment * params::time_increment_percent().unsigned_abs() / 100;
    // Never plan more than half of what is left, nor abort later than a third of it past that.
    let soft = share.min(usable / 2);
    let hard = (soft * params::time_hard_factor().unsigned_abs())
        .min(usable / 3)
        .max(soft);
    (soft, hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn clock_budget_keeps_a_margin() {
        let limits = Limits {
            wtime: Some(ms(5_000)),
            winc: Some(ms(50)),
            btime: Some(ms(100)),
            binc: Some(ms(10)),
            ..Limits::default()
        };
        let white = Budget::new(&limits, Color::White);
        assert!(white.flexible);
        let (soft, hard) = (white.soft.unwrap(), white.hard.unwrap());
        assert!(soft > ms(100) && soft < ms(400), "{soft:?}");
        assert!(hard >= soft && hard <= ms(1_700), "{hard:?}");
        let black = Budget::new(&limits, Color::Black);
        assert!(black.hard.unwrap() <= ms(30), "{:?}", black.hard);
        // Many seconds and one move to go: still never all of it.
        let last = Limits {
            wtime: Some(ms(10_000)),
            movestogo: Some(1),
            ..Limits::default()
        };
        assert!(Budget::new(&last, Color::White).hard.unwrap() <= ms(5_000));
    }

    #[test]
    fn movetime_and_infinite() {
        let fixed = Budget::new(&Limits::movetime(ms(300)), Color::Black);
        assert_eq!(fixed.hard, Some(ms(300)));
        assert_eq!(fixed.depth, MAX_DEPTH);
        assert!(!fixed.flexible);
        let infinite = Limits {
            infinite: true,
            depth: Some(3),
            movetime: Some(ms(5)),
            ..Limits::default()
        };
        let budget = Budget::new(&infinite, Color::White);
        assert_eq!(
            (budget.hard, budget.nodes, budget.depth),
            (None, None, MAX_DEPTH)
        );
        let both = Limits {
            depth: Some(4),
            nodes: Some(1000),
            ..Limits::movetime(ms(10))
        };
        let budget = Budget::new(&both, Color::White);
        assert_eq!((budget.depth, budget.nodes), (4, Some(1000)));
    }

    #[test]
    fn the_longest_times_do_not_overflow() {
        let endless = Limits {
            wtime: Some(Duration::MAX),
            winc: Some(Duration::MAX),
            movetime: Some(Duration::MAX),
            ..Limits::default()
        };
        let budget = Budget::new(&endless, Color::White);
        let soft = budget.soft.unwrap();
        assert!(soft <= LONGEST && budget.hard.unwrap() <= LONGEST);
        // The search stretches the soft limit by up to its largest percentage, and the hard
        // limit is a multiple of the soft one.
        for name in [
            "time_big_drop_percent",
            "time_drop_percent",
            "time_hard_factor",
        ] {
            assert!(soft.checked_mul(largest(name)).is_some());
        }
        // The stretch for a score drop times the one for the best move's share of the nodes
        // (the search divides the product by 100 again: this bounds it from above).
        let drop = largest("time_big_drop_percent").max(largest("time_drop_percent"));
        let node_share = crate::search::engine::node_share_percent(
            0,
            largest("time_node_base"),
            largest("time_node_factor"),
        );
        assert!(soft.checked_mul(drop * node_share).is_some());
    }

    /// The largest value a tuner may give the parameter `name`.
    fn largest(name: &str) -> u32 {
        let parameter = params::PARAMETERS.iter().find(|p| p.name == name);
        parameter.unwrap().max.unsigned_abs()
    }
}
