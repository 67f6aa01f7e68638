//! A Texel tuner for x88's evaluation: fits [`Weights`] to game results.
//!
//! ```text
//! cargo run --release --features search --example texel -- --data FILE [--data FILE ...] \
//!     [--epochs N] [--rounds N] [--rate R] [--freeze NAME,...] [--l2 LAMBDA] \
//!     [--holdout PERCENT] [--threads N] [--write PATH]
//! ```
//!
//! The data are lines `<FEN> | <result for White: 1, 0.5 or 0> | ...`, as the `datagen`
//! example writes them from the engine's own games (or with any share of the points from 0
//! to 1 as the result, as `examples/label.py` writes a stronger engine's score). Texel's method takes the evaluation `e`
//! of a position (for White, in centipawns) as a prediction of its game's result `r`, through
//! `sigmoid(e) = 1 / (1 + 10^(-K e / 400))`, and looks for the weights that make the mean
//! squared error of those predictions smallest. Here:
//!
//! 1. The last `--holdout` percent of the positions (10 % by default) are kept out of the
//!    fitting, to show whether the new weights predict games they were not fitted to.
//! 2. `K` is fitted to the default weights (a golden-section search), then kept.
//! 3. The evaluation is linearised around the default weights: for each weight, the change
//!    it makes to each position's evaluation when raised by a step, measured with the real
//!    evaluation ([`Evaluator`]). Most terms are linear in their weights; the king attack is
//!    not, and the linear model is only its tangent. The weights named by `--freeze` are
//!    left as they are: by default the two weights of bishop and knight against a lone king,
//!    which games decide (`examples/endgames.py`) and the data hardly meets.
//! 4. Gradient descent (Adam, full batch, `--epochs` steps of `--rate` centipawns) on the
//!    linear model's error, plus, with `--l2 LAMBDA`, `LAMBDA` times the sum of the squares
//!    of each weight's distance from its default: a weight that few positions speak for (a
//!    piece-square entry of a square seldom reached) then stays near its default instead of
//!    fitting those few positions' noise.
//! 5. The weights are rounded and the error measured again with the real evaluation, on the
//!    fitted positions and on the held-out ones.
//! 6. Steps 3 to 5 are repeated around the new weights, `--rounds` times in all (default 2),
//!    so that the terms that are not linear are fitted from nearer.
//!
//! With `--write PATH` the tuned weights replace the defaults in PATH, which should be
//! `src/search/eval/weights.rs`. Every change to the evaluation goes through SPRT before it is
//! kept (see `docs/strength.md`).

use std::env;
use std::fs;
use std::process::ExitCode;
use std::time::Instant;

use x88::search::eval::{Evaluator, Weights};
use x88::{Board0x88, Color};

const USAGE: &str = "usage: texel --data FILE [--data FILE ...] [--epochs N] [--rounds N] \
                     [--rate R] [--freeze NAME,...] [--l2 LAMBDA] [--holdout PERCENT] [--threads N] \
                     [--write PATH]";

/// The step by which each weight is raised to measure its effect (a multiple of the 24
/// phase units, so that the tapering's rounding stays small beside it).
const STEP: i32 = 24;

struct Config {
    data: Vec<String>,
    epochs: usize,
    rounds: usize,
    rate: f64,
    frozen: Vec<String>,
    /// The weight of the penalty on the squared distance of the weights from their defaults.
    l2: f64,
    holdout: usize,
    threads: usize,
    write: Option<String>,
}

fn parse_args() -> Result<Option<Config>, String> {
    let mut config = Config {
        data: Vec::new(),
        epochs: 2_000,
        rounds: 2,
        rate: 1.0,
        frozen: ["bishop_knight_corner", "bishop_knight_kings"]
            .map(str::to_owned)
            .to_vec(),
        l2: 0.0,
        holdout: 10,
        threads: 2,
        write: None,
    };
    let mut args = env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            return Ok(None);
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let bad = format!("{arg}: cannot read '{value}'");
        match arg.as_str() {
            "--data" => config.data.push(value),
            "--epochs" => config.epochs = value.parse().map_err(|_| bad.clone())?,
            "--freeze" => config.frozen = value.split(',').map(str::to_owned).collect(),
            "--rounds" => config.rounds = value.parse::<usize>().map_err(|_| bad.clone())?.max(1),
            "--rate" => config.rate = value.parse().map_err(|_| bad.clone())?,
            "--l2" => {
                config.l2 = value
                    .parse::<f64>()
                    .ok()
                    .filter(|l2| l2.is_finite() && *l2 >= 0.0)
                    .ok_or_else(|| bad.clone())?
            }
            "--holdout" => {
                config.holdout = value.parse::<usize>().map_err(|_| bad.clone())?.min(90)
            }
            "--threads" => {
                config.threads = value
                    .parse::<usize>()
                    .map_err(|_| bad.clone())?
                    .clamp(1, 64)
            }
            "--write" => config.write = Some(value),
            _ => return Err(format!("unknown argument '{arg}'")),
        }
    }
    if config.data.is_empty() {
        return Err("no --data".to_owned());
    }
    Ok(Some(config))
}

fn main() -> ExitCode {
    match parse_args() {
        Ok(Some(config)) => match run(&config) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        },
        Ok(None) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// A position and its game's result for White.
struct Sample {
    board: Board0x88,
    result: f64,
}

/// Reads the data files; says how many lines could not be read.
fn load(paths: &[String]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    let mut skipped = 0usize;
    for path in paths {
        let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines() {
            let mut fields = line.split('|').map(str::trim);
            let board = fields.next().and_then(|fen| fen.parse::<Board0x88>().ok());
            let result = fields.next().and_then(|r| r.parse::<f64>().ok());
            match (board, result) {
                (Some(board), Some(result)) if (0.0..=1.0).contains(&result) => {
                    samples.push(Sample { board, result });
                }
                _ => skipped += 1,
            }
        }
    }
    if skipped > 0 {
        eprintln!("skipped {skipped} lines that are not '<FEN> | <result> | ...'");
    }
    Ok(samples)
}

/// The evaluation of `board` for White.
fn white_eval(evaluator: &Evaluator, board: &Board0x88) -> i32 {
    let eval = evaluator.evaluate(board);
    if board.side_to_move() == Color::White {
        eval
    } else {
        -eval
    }
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The mean squared error of `evals` as predictions of `samples`' results.
fn error(k: f64, samples: &[Sample], evals: &[f64]) -> f64 {
    let sum: f64 = samples
        .iter()
        .zip(evals)
        .map(|(s, &e)| (s.result - sigmoid(k, e)).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The evaluations of `samples` for White under `weights`, on `threads` threads.
fn evaluate_all(weights: &Weights, samples: &[Sample], threads: usize) -> Vec<f64> {
    let evaluator = Evaluator::new(weights);
    let chunk = samples.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                let evaluator = &evaluator;
                scope.spawn(move || {
                    part.iter()
                        .map(|s| f64::from(white_eval(evaluator, &s.board)))
                        .collect::<Vec<f64>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// The `K` that makes the error of `evals` smallest (golden-section search on 0.1..3).
fn fit_k(samples: &[Sample], evals: &[f64]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.1f64, 3.0f64);
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(a, samples, evals) < error(b, samples, evals) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// The weights as one flat list, in [`Weights::for_each`]'s order.
fn flatten(weights: &Weights) -> Vec<i32> {
    let mut flat = Vec::new();
    weights.for_each(|_, values| flat.extend_from_slice(values));
    flat
}

/// `base` with the flat list `flat` written back into it.
fn unflatten(base: &Weights, flat: &[i32]) -> Weights {
    let mut weights = base.clone();
    let mut next = flat.iter();
    weights.for_each_mut(|_, values| {
        for value in values {
            if let Some(&v) = next.next() {
                *value = v;
            }
        }
    });
    weights
}

/// For each weight, the positions whose evaluation it changes and by how much per
/// centipawn of the weight: one sparse column per weight.
type Columns = Vec<Vec<(u32, f32)>>;

fn linearise(
    base: &Weights,
    samples: &[Sample],
    base_evals: &[f64],
    threads: usize,
    frozen: &[String],
) -> Columns {
    let flat = flatten(base);
    // The weights not to tune: their columns stay empty, so they get no gradient.
    let mut tuned = Vec::new();
    base.for_each(|name, values| {
        let tune = !frozen.iter().any(|f| f == name);
        tuned.extend(std::iter::repeat_n(tune, values.len()));
    });
    let tuned = &tuned;
    let count = flat.len();
    let started = Instant::now();
    let mut columns: Columns = vec![Vec::new(); count];
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                let flat = &flat;
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    for index in (thread..count).step_by(threads) {
                        if !tuned[index] {
                            continue;
                        }
                        let mut raised = flat.clone();
                        raised[index] += STEP;
                        let evaluator = Evaluator::new(&unflatten(base, &raised));
                        let mut column = Vec::new();
                        for (i, (sample, &before)) in samples.iter().zip(base_evals).enumerate() {
                            let after = f64::from(white_eval(&evaluator, &sample.board));
                            if after != before {
                                column
                                    .push((i as u32, ((after - before) / f64::from(STEP)) as f32));
                            }
                        }
                        mine.push((index, column));
                        if thread == 0 && index % 100 < threads {
                            eprintln!(
                                "linearising: {index} of {count} weights, {:.0} s",
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                    mine
                })
            })
            .collect();
        for handle in handles {
            for (index, column) in handle.join().unwrap_or_default() {
                columns[index] = column;
            }
        }
    });
    columns
}

/// How [`descend`] steps: Adam's epochs and step size, and the L2 penalty's weight.
struct Descent {
    epochs: usize,
    rate: f64,
    l2: f64,
}

/// Adam on the linear model's error plus `descent.l2` times the sum over the weights of
/// `(offsets[j] + change)²`, where `offsets[j]` is how far weight `j` stands from its default
/// before this descent: returns the change to each weight.
fn descend(
    k: f64,
    samples: &[Sample],
    base_evals: &[f64],
    columns: &Columns,
    offsets: &[f64],
    descent: &Descent,
) -> Vec<f64> {
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let count = columns.len();
    let mut delta = vec![0.0f64; count];
    let mut moment = vec![0.0f64; count];
    let mut velocity = vec![0.0f64; count];
    let mut evals = base_evals.to_vec();
    let mut slopes = vec![0.0f64; samples.len()];
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for epoch in 1..=descent.epochs {
        evals.copy_from_slice(base_evals);
        for (column, &d) in columns.iter().zip(&delta) {
            if d != 0.0 {
                for &(i, c) in column {
                    evals[i as usize] += f64::from(c) * d;
                }
            }
        }
        let mut loss = 0.0;
        for ((slope, sample), &eval) in slopes.iter_mut().zip(samples).zip(&evals) {
            let s = sigmoid(k, eval);
            loss += (sample.result - s).powi(2);
            // d(error)/d(eval), up to the factor 2 / n common to all.
            *slope = (s - sample.result) * s * (1.0 - s) * scale;
        }
        for (j, column) in columns.iter().enumerate() {
            if column.is_empty() {
                continue;
            }
            let gradient: f64 = column
                .iter()
                .map(|&(i, c)| slopes[i as usize] * f64::from(c))
                .sum::<f64>()
                * 2.0
                / samples.len() as f64
                + 2.0 * descent.l2 * (offsets[j] + delta[j]);
            moment[j] = beta1 * moment[j] + (1.0 - beta1) * gradient;
            velocity[j] = beta2 * velocity[j] + (1.0 - beta2) * gradient * gradient;
            let m = moment[j] / (1.0 - beta1.powi(epoch as i32));
            let v = velocity[j] / (1.0 - beta2.powi(epoch as i32));
            delta[j] -= descent.rate * m / (v.sqrt() + epsilon);
        }
        if epoch % 100 == 0 || epoch == 1 {
            eprintln!(
                "epoch {epoch}: linear model's error {:.6}",
                loss / samples.len() as f64
            );
        }
    }
    delta
}

fn run(config: &Config) -> Result<(), String> {
    let started = Instant::now();
    let all = load(&config.data)?;
    // The last positions are held out: they come from other games than the fitted ones
    // (a game's positions are together in the data), which the fit cannot have learnt.
    let mut fit = all;
    let held = fit.split_off(fit.len() - fit.len() * config.holdout / 100);
    if fit.is_empty() {
        return Err("no positions to fit".to_owned());
    }
    println!("positions: {} fitted, {} held out", fit.len(), held.len());
    let base = Weights::DEFAULT;
    let base_evals = evaluate_all(&base, &fit, config.threads);
    let k = fit_k(&fit, &base_evals);
    let held_before = error(k, &held, &evaluate_all(&base, &held, config.threads));
    let fit_before = error(k, &fit, &base_evals);
    println!("K = {k:.4}");
    println!("error before: fitted {fit_before:.6}, held out {held_before:.6}");

    let mut tuned = base.clone();
    let mut evals = base_evals;
    let descent = Descent {
        epochs: config.epochs,
        rate: config.rate,
        l2: config.l2,
    };
    for round in 1..=config.rounds {
        let columns = linearise(&tuned, &fit, &evals, config.threads, &config.frozen);
        let used = columns.iter().filter(|c| !c.is_empty()).count();
        let entries: usize = columns.iter().map(Vec::len).sum();
        println!(
            "round {round}: {used} of {} weights change some evaluation ({entries} entries, {:.0} s)",
            columns.len(),
            started.elapsed().as_secs_f64()
        );
        let offsets: Vec<f64> = flatten(&tuned)
            .iter()
            .zip(flatten(&base))
            .map(|(&w, default)| f64::from(w - default))
            .collect();
        let delta = descend(k, &fit, &evals, &columns, &offsets, &descent);
        let next: Vec<i32> = flatten(&tuned)
            .iter()
            .zip(&delta)
            .map(|(&w, &d)| w + d.round() as i32)
            .collect();
        // Through an evaluator, so that what is measured and written is what it clamps to.
        tuned = Evaluator::new(&unflatten(&tuned, &next)).weights().clone();
        evals = evaluate_all(&tuned, &fit, config.threads);
        let fit_after = error(k, &fit, &evals);
        let held_after = error(k, &held, &evaluate_all(&tuned, &held, config.threads));
        println!("round {round}: error after: fitted {fit_after:.6}, held out {held_after:.6}");
    }
    let changed = flatten(&base)
        .iter()
        .zip(flatten(&tuned))
        .filter(|(a, b)| *a != b)
        .count();
    println!(
        "{changed} weights changed; {:.0} s in all",
        started.elapsed().as_secs_f64()
    );
    print_weights(&tuned);
    if let Some(path) = &config.write {
        let source = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let rewritten = rewrite(&source, &tuned)?;
        fs::write(path, rewritten).map_err(|e| format!("{path}: {e}"))?;
        println!("wrote the tuned weights into {path}");
    }
    Ok(())
}

fn print_weights(weights: &Weights) {
    weights.for_each(|name, values| {
        // The piece-square tables are too long for a line (`--write` has them).
        if !name.starts_with("psqt_") {
            println!("{name}: {values:?}");
        }
    });
}

/// The names of the piece-square constants of `weights.rs`, by kind.
const TABLE_NAMES: [&str; 6] = ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"];

/// `source` (the text of `weights.rs`) with its defaults replaced by `weights`: each
/// `    name: type = value,` line of the `weights!` list, and each piece-square constant.
fn rewrite(source: &str, weights: &Weights) -> Result<String, String> {
    let mut text = source.to_owned();
    let mut failure = None;
    weights.for_each(|name, values| {
        if failure.is_some() {
            return;
        }
        let done = if let Some(phase) = name.strip_prefix("psqt_") {
            values.chunks(64).zip(TABLE_NAMES).all(|(table, kind)| {
                let constant = format!("{kind}_{}", phase.to_uppercase());
                replace_table(&mut text, &constant, table)
            })
        } else {
            let value = match values {
                [single] => single.to_string(),
                many => format!("{many:?}"),
            };
            replace_default(&mut text, name, &value)
        };
        if !done {
            failure = Some(format!("cannot find the default of '{name}'"));
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(text),
    }
}

/// Replaces the default in the line `    name: type = default,`.
fn replace_default(text: &mut String, name: &str, value: &str) -> bool {
    let prefix = format!("\n    {name}: ");
    let Some(start) = text.find(&prefix) else {
        return false;
    };
    let line_end = text[start + 1..]
        .find('\n')
        .map_or(text.len(), |i| start + 1 + i);
    let line = &text[start + 1..line_end];
    let Some(equals) = line.find(" = ") else {
        return false;
    };
    let new_line = format!("{} = {value},", &line[..equals]);
    text.replace_range(start + 1..line_end, &new_line);
    true
}

/// Replaces the body of `const NAME: [i32; 64] = [ ... ];` with `values`, eight a row.
fn replace_table(text: &mut String, constant: &str, values: &[i32]) -> bool {
    let head = format!("const {constant}: [i32; 64] = [\n");
    let Some(start) = text.find(&head) else {
        return false;
    };
    let body = start + head.len();
    let Some(end) = text[body..].find("];").map(|i| body + i) else {
        return false;
    };
    let mut rows = String::new();
    for row in values.chunks(8) {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>3},")).collect();
        rows.push_str(&format!("    {}\n", cells.join(" ")));
    }
    text.replace_range(body..end, &rows);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = include_str!("../src/search/eval/weights.rs");

    /// Writing the default weights into `weights.rs` gives back the file as it is, and
    /// changed weights land where the library reads them.
    #[test]
    fn rewrite_writes_each_default_in_place() {
        assert_eq!(rewrite(SOURCE, &Weights::DEFAULT).as_deref(), Ok(SOURCE));
        let mut weights = Weights::DEFAULT;
        weights.tempo = 17;
        weights.passed_eg[6] = -3;
        weights.psqt_eg[5][63] = 123;
        let text = rewrite(SOURCE, &weights).unwrap();
        assert!(text.contains("\n    tempo: i32 = 17,\n"));
        // The other values as the defaults have them, so that a refit does not break the test.
        let passed = format!("\n    passed_eg: [i32; 8] = {:?},\n", weights.passed_eg);
        assert!(text.contains(&passed), "{passed}");
        let king = &Weights::DEFAULT.psqt_eg[5];
        let last_row = format!(
            "{:>3}, {:>3}, {:>3}, 123,\n];",
            king[60], king[61], king[62]
        );
        let king_eg = &text[text.find("const KING_EG").unwrap()..];
        assert!(king_eg.contains(&last_row), "{king_eg}");
        assert!(rewrite("no weights here", &weights).is_err());
    }

    #[test]
    fn flat_weights_go_back_where_they_came_from() {
        let mut flat = flatten(&Weights::DEFAULT);
        assert_eq!(unflatten(&Weights::DEFAULT, &flat), Weights::DEFAULT);
        // `tempo`'s place in the flat list: the values of the weights before it.
        let mut tempo = None;
        let mut offset = 0;
        Weights::DEFAULT.for_each(|name, values| {
            if name == "tempo" {
                tempo = Some(offset);
            }
            offset += values.len();
        });
        flat[tempo.expect("tempo is a weight")] += 5;
        assert_eq!(
            unflatten(&Weights::DEFAULT, &flat).tempo,
            Weights::DEFAULT.tempo + 5
        );
    }

    /// One weight that raises every position's evaluation by its change, and results that
    /// call for 100 centipawns more: the descent finds the 100 without a penalty, and with a
    /// large one keeps the weight at its default, wherever it starts.
    #[test]
    fn l2_penalty_holds_weights_near_their_defaults() {
        let board = Board0x88::default();
        let samples: Vec<Sample> = (0..50)
            .map(|_| Sample {
                board,
                result: sigmoid(1.0, 100.0),
            })
            .collect();
        let evals = vec![0.0; samples.len()];
        let columns: Columns = vec![(0..50).map(|i| (i, 1.0)).collect()];
        let descent = |l2| Descent {
            epochs: 2_000,
            rate: 1.0,
            l2,
        };
        let free = descend(1.0, &samples, &evals, &columns, &[0.0], &descent(0.0));
        assert!((free[0] - 100.0).abs() < 2.0, "{free:?}");
        let held = descend(1.0, &samples, &evals, &columns, &[0.0], &descent(1.0));
        assert!(held[0].abs() < 2.0, "{held:?}");
        // 30 away from its default already: pulled back by 30.
        let back = descend(1.0, &samples, &evals, &columns, &[30.0], &descent(1.0));
        assert!((back[0] + 30.0).abs() < 2.0, "{back:?}");
    }

    #[test]
    fn k_fits_the_results() {
        // Results that follow the sigmoid with K = 1.3 exactly are fitted with that K.
        let board = Board0x88::default();
        let evals: Vec<f64> = (-20..=20).map(|i| f64::from(i) * 25.0).collect();
        let samples: Vec<Sample> = evals
            .iter()
            .map(|&e| Sample {
                board,
                result: sigmoid(1.3, e),
            })
            .collect();
        assert!((fit_k(&samples, &evals) - 1.3).abs() < 1e-3);
        assert!(error(1.3, &samples, &evals) < 1e-12);
    }
}
