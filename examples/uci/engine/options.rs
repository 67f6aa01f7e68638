//! The engine's UCI options: their declarations for `uci` and their values.

use std::time::Duration;

/// What the worker has to do after an option changed.
#[derive(Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing beyond storing the value.
    None,
    /// Resize the transposition table to this many MiB.
    Resize(usize),
    /// Empty the transposition table.
    Clear,
    /// Search on this many threads.
    Threads(usize),
    /// Read the Polyglot book at this path (an empty path: no book).
    LoadBook(String),
    /// Evaluate with these weights (a `tune` build's `eval_` options).
    #[cfg(feature = "tune")]
    Weights(Box<x88::search::eval::Weights>),
}

/// Hash table size: default, minimum and maximum in MiB.
const HASH: (usize, usize, usize) = (16, 1, 4096);
/// Threads: default, minimum and maximum.
const THREADS: (usize, usize, usize) = (1, 1, x88::search::MAX_THREADS);
/// Move Overhead: default, minimum and maximum in milliseconds.
const OVERHEAD: (u64, u64, u64) = (30, 0, 5000);

/// The current values of the options.
#[derive(Debug, Clone)]
pub struct Options {
    /// `Hash`, in MiB.
    pub hash_mb: usize,
    /// `Threads`: how many threads a search runs on (Lazy SMP).
    pub threads: usize,
    /// `Move Overhead`: taken off `movetime` and the clock times, for the GUI's and the
    /// pipe's latency.
    pub move_overhead: Duration,
    /// `UCI_Chess960`: read FENs as Chess960 (Shredder-FEN or X-FEN) and write castling as
    /// king takes rook.
    pub chess960: bool,
    /// `OwnBook`: answer `go` from the opening book when it has a move for the position.
    pub own_book: bool,
    /// The evaluation's weights, each an `eval_` option in a `tune` build.
    #[cfg(feature = "tune")]
    pub weights: x88::search::eval::Weights,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: HASH.0,
            threads: THREADS.0,
            move_overhead: Duration::from_millis(OVERHEAD.0),
            chess960: false,
            own_book: false,
            #[cfg(feature = "tune")]
            weights: x88::search::eval::Weights::DEFAULT,
        }
    }
}

impl Options {
    /// The `option` lines of the reply to `uci`: the engine's options, then, in a build with
    /// the feature `tune`, every search parameter as a `spin` option under its own name and
    /// every evaluation weight as one named `eval_<weight>` (a single number) or
    /// `eval_<weight>_<i>` (the `i`-th value of a table, rows one after the other).
    pub fn declarations() -> Vec<String> {
        let lines = vec![
            format!(
                "option name Hash type spin default {} min {} max {}",
                HASH.0, HASH.1, HASH.2
            ),
            "option name Clear Hash type button".to_owned(),
            format!(
                "option name Threads type spin default {} min {} max {}",
                THREADS.0, THREADS.1, THREADS.2
            ),
            format!(
                "option name Move Overhead type spin default {} min {} max {}",
                OVERHEAD.0, OVERHEAD.1, OVERHEAD.2
            ),
            "option name Ponder type check default false".to_owned(),
            "option name UCI_Chess960 type check default false".to_owned(),
            "option name OwnBook type check default false".to_owned(),
            "option name BookFile type string default <empty>".to_owned(),
        ];
        #[cfg(feature = "tune")]
        let lines = {
            let mut lines = lines;
            lines.extend(x88::search::params::PARAMETERS.iter().map(|p| {
                format!(
                    "option name {} type spin default {} min {} max {}",
                    p.name, p.default, p.min, p.max
                )
            }));
            let limit = x88::search::eval::WEIGHT_LIMIT;
            x88::search::eval::Weights::DEFAULT.for_each(|name, values| {
                for (i, value) in values.iter().enumerate() {
                    let option = weight_option(name, values.len(), i);
                    lines.push(format!(
                        "option name {option} type spin default {value} min {} max {limit}",
                        -limit
                    ));
                }
            });
            lines
        };
        lines
    }

    /// Sets option `name` (any case) to `value`, or says why not (the value is then kept).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = spin(name, value, HASH.1, HASH.2)?;
                Ok(Effect::Resize(self.hash_mb))
            }
            "clear hash" => Ok(Effect::Clear),
            "threads" => {
                self.threads = spin(name, value, THREADS.1, THREADS.2)?;
                Ok(Effect::Threads(self.threads))
            }
            "move overhead" => {
                let ms = spin(name, value, OVERHEAD.1, OVERHEAD.2)?;
                self.move_overhead = Duration::from_millis(ms);
                Ok(Effect::None)
            }
            "uci_chess960" => {
                self.chess960 = check(name, value)?;
                Ok(Effect::None)
            }
            "ownbook" => {
                self.own_book = check(name, value)?;
                Ok(Effect::None)
            }
            // A path may have spaces; `<empty>` is how GUIs send an empty string.
            "bookfile" => Ok(Effect::LoadBook(match value {
                None | Some("<empty>") => String::new(),
                Some(path) => path.to_owned(),
            })),
            // The GUI tells whether it will ever send `go ponder`; pondering needs nothing set.
            "ponder" => check(name, value).map(|_| Effect::None),
            lower => set_parameter(self, lower, name, value),
        }
    }
}

/// The option of value `i` of the weight `name`, which has `len` values.
#[cfg(feature = "tune")]
fn weight_option(name: &str, len: usize, i: usize) -> String {
    if len == 1 {
        format!("eval_{name}")
    } else {
        format!("eval_{name}_{i}")
    }
}

/// Sets the evaluation weight whose option is `lower` (`name` in lower case) in `weights`, if
/// one is; `None` if no weight has this option.
#[cfg(feature = "tune")]
fn set_weight(
    weights: &mut x88::search::eval::Weights,
    lower: &str,
    name: &str,
    value: Option<&str>,
) -> Option<Result<Effect, String>> {
    let limit = x88::search::eval::WEIGHT_LIMIT;
    let mut result = None;
    weights.for_each_mut(|weight, values| {
        let len = values.len();
        for (i, slot) in values.iter_mut().enumerate() {
            if result.is_none() && weight_option(weight, len, i) == lower {
                result = Some(spin(name, value, -limit, limit).map(|v| *slot = v));
            }
        }
    });
    result.map(|set| set.map(|()| Effect::Weights(Box::new(weights.clone()))))
}

/// Sets the search parameter or evaluation weight `lower` (the option `name` in lower case)
/// in a `tune` build, where every parameter and weight is an option; any other name is an
/// unknown option.
#[cfg(feature = "tune")]
fn set_parameter(
    options: &mut Options,
    lower: &str,
    name: &str,
    value: Option<&str>,
) -> Result<Effect, String> {
    use x88::search::params::{self, PARAMETERS};
    if let Some(result) = set_weight(&mut options.weights, lower, name, value) {
        return result;
    }
    let parameter = PARAMETERS
        .iter()
        .find(|p| p.name == lower)
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let value = spin(name, value, parameter.min, parameter.max)?;
    params::set(parameter.name, value).map_err(|e| format!("option '{name}': {e}"))?;
    Ok(Effect::None)
}

/// Without the feature `tune` the search's parameters are constants, not options.
#[cfg(not(feature = "tune"))]
fn set_parameter(
    _options: &mut Options,
    _lower: &str,
    name: &str,
    _value: Option<&str>,
) -> Result<Effect, String> {
    Err(format!("unknown option '{name}'"))
}

/// A `spin` value between `min` and `max`.
fn spin<T>(name: &str, value: Option<&str>, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
    match text.parse::<T>() {
        Ok(n) if min <= n && n <= max => Ok(n),
        _ => Err(format!(
            "option '{name}' needs an integer from {min} to {max}, got '{text}'"
        )),
    }
}

/// A `check` value: `true` or `false`.
fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!(
            "option '{name}' needs 'true' or 'false', got '{}'",
            value.unwrap_or("")
        )),
    }
}
