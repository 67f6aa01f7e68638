//! The search's parameters in one table: every margin, depth limit and divisor of the pruning,
//! reduction and extension rules, with its default and the range a tuner may try.
//!
//! The search reads each one through a function of this module (`params::null_move_base()`,
//! ...). In a normal build the function returns the default, a constant the compiler folds in:
//! the table costs nothing. With the cargo feature `tune` each parameter is a value that
//! `params::set` changes at run time, so that tuning tools and SPRT tests can move it without
//! editing code (the UCI example offers every parameter as a `spin` option in such a build).
//! A `tune` build is a little slower and shares the values between all searches of the
//! process.
//!
//! Two kinds of numbers are not here. The evaluation's weights are tables, fitted to game
//! results: they live in [`crate::search::eval::Weights`]. The move picker's class scores (TT
//! move, good captures, killers, counter-move, bad captures) only rank the classes, and the
//! ranks of the attackers in a capture's most-valuable-victim, least-valuable-attacker key only
//! break ties between captures of one victim: any values in the same order, far enough apart,
//! give the same tree, so there is nothing to tune in them.
//!
//! ```
//! use x88::search::params::PARAMETERS;
//! let null_move = PARAMETERS.iter().find(|p| p.name == "null_move_base").unwrap();
//! assert_eq!(null_move.default, 3);
//! assert!(null_move.min <= null_move.default && null_move.default <= null_move.max);
//! ```

/// One parameter of the search: its name (the function that reads it, and the UCI option of
/// a `tune` build), its default and the range a tuner may try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// The name, in snake case.
    pub name: &'static str,
    /// What it does.
    pub doc: &'static str,
    /// The value of a normal build.
    pub default: i32,
    /// The smallest value a tuner may try.
    pub min: i32,
    /// The largest value a tuner may try.
    pub max: i32,
}

/// Why [`set`] refused a value.
#[cfg(feature = "tune")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParameterError {
    /// No parameter has this name.
    Unknown,
    /// The value is outside the parameter's range.
    OutOfRange {
        /// The smallest value allowed.
        min: i32,
        /// The largest value allowed.
        max: i32,
    },
}

#[cfg(feature = "tune")]
impl core::fmt::Display for ParameterError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ParameterError::Unknown => f.write_str("no search parameter has this name"),
            ParameterError::OutOfRange { min, max } => {
                write!(f, "the value is not from {min} to {max}")
            }
        }
    }
}

#[cfg(feature = "tune")]
impl core::error::Error for ParameterError {}

/// Declares the parameters: the table, a reading function for each and, with `tune`, the
/// values behind them and [`set`].
macro_rules! parameters {
    ($( $(#[doc = $doc:literal])+ $name:ident = $default:literal, $min:literal..=$max:literal; )+) => {
        /// Every parameter of the search, in the order the search meets them.
        pub const PARAMETERS: &[Parameter] = &[
            $( Parameter {
                name: stringify!($name),
                doc: concat!($($doc),+),
                default: $default,
                min: $min,
                max: $max,
            }, )+
        ];

        $(
            $(#[doc = $doc])+
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            #[must_use]
            pub const fn $name() -> i32 {
                $default
            }

            $(#[doc = $doc])+
            #[cfg(feature = "tune")]
            #[inline(always)]
            #[must_use]
            pub fn $name() -> i32 {
                values::$name.load(core::sync::atomic::Ordering::Relaxed)
            }
        )+

        /// The values of a `tune` build, one atomic per parameter.
        #[cfg(feature = "tune")]
        #[allow(non_upper_case_globals)]
        mod values {
            use core::sync::atomic::AtomicI32;
            $( pub(super) static $name: AtomicI32 = AtomicI32::new($default); )+
        }

        /// The value of the parameter `name` as the search reads it now (the default, unless
        /// a `tune` build has `set` it), or `None` if no parameter has this name.
        ///
        /// ```
        /// use x88::search::params;
        /// assert_eq!(params::get("futility_base"), Some(params::futility_base()));
        /// assert_eq!(params::get("no_such"), None);
        /// ```
        #[must_use]
        pub fn get(name: &str) -> Option<i32> {
            match name {
                $( stringify!($name) => Some($name()), )+
                _ => None,
            }
        }

        /// Sets the parameter `name` to `value` for every search of the process from now on
        /// (only in a build with the feature `tune`).
        ///
        /// ```
        /// # #[cfg(feature = "tune")] {
        /// use x88::search::params::{self, ParameterError};
        /// // (Set to its default here: the doctests share one process.)
        /// params::set("null_move_base", 3).unwrap();
        /// assert_eq!(params::null_move_base(), 3);
        /// assert_eq!(
        ///     params::set("null_move_base", 99),
        ///     Err(ParameterError::OutOfRange { min: 1, max: 6 })
        /// );
        /// assert_eq!(params::set("no_such", 1), Err(ParameterError::Unknown));
        /// # }
        /// ```
        #[cfg(feature = "tune")]
        pub fn set(name: &str, value: i32) -> Result<(), ParameterError> {
            let parameter = PARAMETERS
                .iter()
                .find(|p| p.name == name)
                .ok_or(ParameterError::Unknown)?;
            if !(parameter.min..=parameter.max).contains(&value) {
                return Err(ParameterError::OutOfRange {
                    min: parameter.min,
                    max: parameter.max,
                });
            }
            match name {
                $( stringify!($name) => values::$name.store(value, core::sync::atomic::Ordering::Relaxed), )+
                _ => return Err(ParameterError::Unknown),
            }
            Ok(())
        }
    };
}

parameters! {
    /// The half-width of the first aspiration window around the last iteration's score.
    aspiration_delta = 20, 5..=200;
    /// The first depth searched with an aspiration window (shallower: the full window).
    aspiration_depth = 5, 1..=20;
    /// What a failed aspiration window grows by, beyond half its width.
    aspiration_growth = 10, 0..=100;
    /// Reverse futility: the deepest node it applies to.
    reverse_futility_depth = 8, 0..=16;
    /// Reverse futility: the margin above beta per ply of depth.
    reverse_futility_margin = 80, 20..=300;
    /// Reverse futility: what the margin shrinks by when the evaluation is improving.
    reverse_futility_improving = 60, 0..=200;
    /// Razoring: the deepest node it applies to; 0 turns it off (off until an SPRT accepts
    /// it). A non-PV node whose evaluation is below alpha by `razoring_base` plus
    /// `razoring_per_depth` × depth² asks quiescence and fails low if that does too.
    razoring_depth = 0, 0..=6;
    /// Razoring: the margin below alpha before the depth term.
    razoring_base = 250, 0..=1000;
    /// Razoring: the margin added per square of the depth.
    razoring_per_depth = 150, 0..=600;
    /// Null move: the shallowest node it is tried at.
    null_move_depth = 2, 1..=8;
    /// Null move: the reduction before the depth and evaluation terms.
    null_move_base = 3, 1..=6;
    /// Null move: one more ply of reduction per this many plies of depth.
    null_move_depth_divisor = 3, 1..=8;
    /// Null move: one more ply of reduction per this many centipawns above beta.
    null_move_eval_divisor = 200, 50..=800;
    /// Null move: the most plies the evaluation term adds.
    null_move_eval_max = 3, 0..=6;
    /// ProbCut: the shallowest node it applies to; 0 turns it off (off until an SPRT accepts
    /// it). At a non-PV node, a capture or queen promotion that wins at least
    /// `beta + probcut_margin` less the static evaluation by static exchange, and still scores
    /// that much in quiescence and then in a search `probcut_reduction` plies shallower, fails
    /// the node high.
    probcut_depth = 0, 0..=7;
    /// ProbCut: the margin above beta the capture must hold.
    probcut_margin = 200, 50..=600;
    /// ProbCut: how much shallower than the node's children its verifying search is.
    probcut_reduction = 4, 2..=8;
    /// Without a TT move, nodes at least this deep are searched a ply shallower.
    no_tt_move_reduction_depth = 5, 2..=12;
    /// Singular extensions: 1 on, 0 off (on since their SPRT: +22.0 ± 11.3 Elo at 4+0.04).
    singular_extensions = 1, 0..=1;
    /// Singular extensions: the shallowest node whose TT move may be extended.
    singular_depth = 7, 4..=14;
    /// Singular extensions: how many plies shallower than the node the TT entry may be.
    singular_tt_depth_margin = 3, 0..=8;
    /// Singular extensions: the margin below the TT score, per ply of depth, that the other
    /// moves must stay under for the TT move to be singular.
    singular_margin = 2, 1..=8;
    /// Singular extensions: how far (in centipawns) below the singular beta every other move
    /// must stay, more than this, for the TT move to be searched two plies deeper instead of
    /// one, at a node off the PV. 0 (off until an SPRT accepts it) never extends by two: it
    /// is a switch as well as a margin (1 extends nearly every singular move by two).
    singular_double_margin = 0, 0..=100;
    /// Singular extensions: the most double extensions on one path from the root (0: none).
    singular_double_limit = 6, 0..=16;
    /// Check extensions: 0 extends every node in check by a ply; 1 (the default since an SPRT
    /// accepted it, +11.2 Elo) extends it only when the move that gave the check loses nothing
    /// by static exchange, so that a checking sacrifice the opponent simply takes costs no
    /// extra ply.
    check_extension_see = 1, 0..=1;
    /// Late-move pruning: the deepest node it applies to.
    late_move_pruning_depth = 8, 0..=16;
    /// Late-move pruning: quiet moves searched before the rest are pruned, before depth².
    late_move_pruning_base = 3, 0..=12;
    /// Futility pruning of quiet moves: the deepest node it applies to.
    futility_depth = 7, 0..=16;
    /// Futility pruning: the margin over alpha at depth 0.
    futility_base = 100, 0..=400;
    /// Futility pruning: the margin added per ply of depth.
    futility_per_depth = 90, 20..=300;
    /// History pruning of quiet moves: the deepest node it applies to.
    history_pruning_depth = 3, 0..=8;
    /// History pruning: the history score per ply of depth below which a quiet move is pruned.
    history_pruning_margin = 1500, 0..=8000;
    /// SEE pruning of captures: the deepest node it applies to.
    see_pruning_depth = 6, 0..=12;
    /// SEE pruning: the material per ply of depth a capture may lose before it is pruned.
    see_pruning_margin = 100, 20..=400;
    /// SEE pruning of quiet moves: the deepest node it applies to; 0 (off until an SPRT
    /// accepts it) prunes no quiet move by static exchange.
    see_quiet_depth = 0, 0..=12;
    /// SEE pruning of quiet moves: a quiet move that loses more than this many centipawns
    /// times the depth squared by static exchange (its piece taken on its new square) is
    /// pruned. A quiet move loses a queen at most, so depths where this margin times the
    /// depth squared exceeds a queen's value prune nothing (at 25: past depth 6).
    see_quiet_margin = 25, 0..=200;
    /// Late-move reductions: the shallowest node they apply to.
    reduction_depth = 3, 2..=8;
    /// Late-move reductions: the constant of the base reduction
    /// `base / 100 + ln(depth) ln(move number) / (divisor / 100)`, in hundredths of a ply.
    reduction_base = 75, 0..=200;
    /// Late-move reductions: the divisor of the base reduction's logarithm term, in hundredths.
    reduction_divisor = 225, 100..=600;
    /// Late-move reductions: plies less at a PV node.
    reduction_pv = 1, 0..=3;
    /// Late-move reductions: plies more when the evaluation is not improving.
    reduction_not_improving = 1, 0..=3;
    /// Late-move reductions: plies less for a killer or the counter-move.
    reduction_refutation = 1, 0..=3;
    /// Late-move reductions: plies more at a node expected to fail high (a cut node: a
    /// zero-window child searched with a reduction, or the first child of a node expected to
    /// fail low); 0 (off until an SPRT accepts it) reduces cut nodes as any other.
    reduction_cut_node = 0, 0..=3;
    /// Late-move reductions: plies more for a quiet move at a node whose TT move (legal
    /// here) is a capture or promotion: the move an earlier search found best there takes
    /// or promotes, so a quiet one is less likely to beat it, as Stockfish reasons; 0 (off
    /// until an SPRT accepts it) reduces them as any other.
    reduction_tt_capture = 0, 0..=3;
    /// Late-move reductions for quiet moves that give check: 1 reduces them as the other
    /// quiet moves, a ply less (accepted by SPRT: +13.7 +/- 8.6 Elo in 2,232 games); 0 never
    /// reduces a check.
    reduction_checks = 1, 0..=1;
    /// Late-move reductions: one ply less reduction per this much history score.
    reduction_history_divisor = 6000, 1000..=30000;
    /// Quiescence delta pruning: the margin over the captured piece's value.
    delta_margin = 200, 0..=1000;
    /// Quiescence checks: 1 tries, at the first quiescence node below the main search and
    /// after its captures, the quiet moves that give check and lose nothing by static
    /// exchange, so that a mate or a fork by check one ply beyond the horizon is seen; 0 (off
    /// until an SPRT accepts it) tries captures only.
    quiescence_checks = 0, 0..=1;
    /// Quiescence TT move: 1 tries the move of the node's table entry first among the
    /// captures when it is one of them (the search that stored it found it best, or good
    /// enough for a cutoff); 0 (off until an SPRT accepts it) orders them all by MVV-LVA
    /// (and the capture history). In check the TT move goes first either way.
    quiescence_tt_move = 0, 0..=1;
    /// Quiescence TT evaluation: 1 stands pat on the table's score instead of the static
    /// evaluation when the entry's bound says the score is nearer the truth (a lower bound
    /// above the evaluation, an upper one below it, or an exact score), as the main search's
    /// pruning does already; 0 (off until an SPRT accepts it) stands pat on the evaluation.
    quiescence_tt_eval = 0, 0..=1;
    /// Quiescence stand pat first: 1 returns the corrected static evaluation of a node out
    /// of check at or above beta before probing the table, so that such a node (about half
    /// of them) never waits for its bucket; 0 (off until an SPRT accepts it) probes first,
    /// and the table's score may answer instead.
    quiescence_stand_pat_first = 0, 0..=1;
    /// Quiescence table: 2 reads and writes the transposition table at every quiescence
    /// node; 1 only at the first one below the main search and at those in check; 0 only at
    /// those in check. A node that does not use it neither waits for its bucket nor, below
    /// another quiescence node, has it prefetched (Fruit 2.1's quiescence, GNU Chess 6's,
    /// never uses the table). At 2 until an SPRT decides.
    quiescence_table = 2, 0..=2;
    /// Capture history: the weight, in sixteenths, of a capture's history (by capturing kind,
    /// destination and captured kind: raised by the captures that cut a node off, lowered by
    /// those tried before a cutoff) in its order among the captures of the same class; 0 (off
    /// until an SPRT accepts it) orders them by MVV-LVA alone and keeps no such history. (At
    /// most 8: the move picker's class scores leave room for no larger term.)
    capture_history = 0, 0..=8;
    /// Continuation history: a quiet move is also scored by how it did after the moves one and
    /// two plies before it (by each one's side, piece kind and destination and its own),
    /// raised when it cuts a node off and lowered when it was tried before a cutoff. 1 adds it
    /// to the quiet moves' order, 2 (the default since its SPRT accepted it: +25.3 +/- 12.2 Elo
    /// against 0) also to the history that prunes and reduces them; 0 keeps no such history.
    continuation_history = 2, 0..=2;
    /// The history bonus of a quiet move that caused a cutoff, per depth².
    history_bonus_scale = 16, 1..=64;
    /// The most a history bonus can be.
    history_bonus_max = 1600, 100..=8000;
    /// The magnitude history scores stay within: each update moves a score towards it by the
    /// bonus's share of the distance (a score is kept in 16 bits).
    history_max = 16384, 1024..=32767;
    /// Correction history: the largest correction of the static evaluation, in centipawns.
    correction_max = 64, 8..=127;
    /// Correction history: the most an update weighs, out of 256 (an update at depth `d`
    /// weighs `d + 1` up to this).
    correction_weight_max = 16, 1..=64;
    /// Correction history by each side's pieces other than pawns: the weight, in sixteenths,
    /// of the average error remembered for White's placement of its knights, bishops, rooks,
    /// queens and king, and as much for Black's, in a node's correction; the pawn structure's
    /// average weighs the rest. 0 (off until an SPRT accepts it) corrects by the pawn
    /// structure alone and keeps no such averages.
    correction_non_pawn = 0, 0..=8;
    /// Time: the moves to the next time control assumed when the clock does not say.
    time_moves_to_go = 30, 10..=60;
    /// Time: the share of the increment planned for each move, in percent.
    time_increment_percent = 75, 0..=100;
    /// Time: the hard limit (where a search is cut off) as a multiple of the soft one, which
    /// is where no new iteration starts.
    time_hard_factor = 3, 1..=6;
    /// Time: a score drop (in centipawns) from the last iteration that earns the most time.
    time_big_drop = 40, 10..=200;
    /// Time: the share of the soft limit (in percent) used after a big score drop.
    time_big_drop_percent = 200, 100..=300;
    /// Time: a score drop (in centipawns) that earns some more time.
    time_drop = 15, 0..=100;
    /// Time: the share of the soft limit (in percent) used after such a drop.
    time_drop_percent = 140, 100..=300;
    /// Time: iterations with the same best move after which the search stops sooner.
    time_stable_iterations = 6, 2..=20;
    /// Time: the share of the soft limit (in percent) used once the best move is stable.
    time_stable_percent = 60, 20..=100;
    /// Time: how strongly the best move's share of the root's nodes scales the soft limit, in
    /// percent: the soft limit is multiplied by this times (`time_node_base` percent minus the
    /// share), and never below a fifth of it. 0 (off until an SPRT accepts it) leaves the
    /// limit alone: it is a switch as well as a factor (1 would cut the limit to a fifth).
    time_node_factor = 0, 0..=300;
    /// Time: the share of the root's nodes (in percent) at which the best move's share asks
    /// for no time at all; see `time_node_factor`.
    time_node_base = 150, 100..=250;
}

#[cfg(test)]
mod tests {
    use super::PARAMETERS;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        for (i, p) in PARAMETERS.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{p:?}");
            assert!(!p.doc.is_empty(), "{}", p.name);
            assert!(
                PARAMETERS[..i].iter().all(|q| q.name != p.name),
                "{}",
                p.name
            );
        }
        assert_eq!(PARAMETERS.len(), 71);
    }
}
