#!/usr/bin/env python3
"""SPSA self-play: tune some of the search's parameters in a `tune` build by games.

Usage (from anywhere; relative paths are taken from the repository root when they do not
exist from the current directory):

    cargo build --release --features search,tune --example uci
    cp target/release/examples/uci /tmp/uci-tune
    pip install chess                                         # python-chess
    python3 examples/spsa.py --engine /tmp/uci-tune --params futility_base,futility_per_depth
        [--pairs 2000] [--tc 4+0.04] [--concurrency 1] [--step 5] [--rate 0.02]
        [--seed 1] [--hash 16] [--state spsa.json [--resume]]

Simultaneous perturbation stochastic approximation (Spall's method, as fishtest's tuning
tests use it). Every pair of games moves all the tuned parameters at once, each by its step
up or down at random, and plays the engine with them moved so ("plus") against the engine
with them moved the other way ("minus"), colour-swapped from one opening line of `match.py`
(pair k plays line k, cycling), by the rules of `match.py`: an illegal move, a crash or an
overrun clock loses. Each parameter then moves towards the side that won the pair: by `rate`
times its step times the pair's result (plus's points less minus's, -2 to 2) times the sign it
was moved by. One pair says almost nothing; over thousands the noise averages out and each
parameter drifts towards the value that wins. A parameter's step is `--step` percent of its
range (at least 1); its value is kept as a real number and sent rounded, within its range.
The step and the rate stay the same for the whole run. By chance alone a value wanders by
about `rate` times its step times the square root of the pairs, so the default rate (0.02)
suits a run of some 2,000 pairs, where that is about one step: a larger rate moves further
and says less.

The ranges and defaults come from the engine's own UCI options (`src/search/params.rs`), so
the script needs a build with the cargo feature `tune`. A run outlives its session: `--state F`
writes the values and the pair count to F after every pair, and `--state F --resume` goes on
from there (the same engine, parameters and time control). The last lines give the tuned
values as `--new-option` flags for `sprt.py`, which decides whether they are kept: SPSA only
proposes values.

The arithmetic needs no python-chess and is checked by `python3 -m doctest examples/spsa.py`.
"""

import argparse
import asyncio
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

PLUS = "plus"
MINUS = "minus"


@dataclass
class Tuned:
    """One tuned parameter: its range, the size of its perturbation and its value so far."""

    name: str
    low: int
    high: int
    step: float
    value: float

    def sent(self, offset=0.0):
        """The value (moved by `offset`) as the engine gets it: rounded, within the range.

        >>> p = Tuned("futility_base", 0, 400, 20.0, 100.0)
        >>> p.sent(), p.sent(20.0), p.sent(-20.4), p.sent(-1000.0)
        (100, 120, 80, 0)
        """
        return min(self.high, max(self.low, round(self.value + offset)))


def step_for(low, high, percent):
    """A parameter's perturbation: `percent` of its range, at least 1.

    >>> step_for(0, 400, 5), step_for(2, 8, 5), step_for(1000, 30000, 5)
    (20.0, 1.0, 1450.0)
    """
    return max(1.0, (high - low) * percent / 100.0)


def options(tuned, signs, direction):
    """The UCI options of one side of a pair: each parameter moved by its step times its sign
    times `direction` (1 for plus, -1 for minus).

    >>> a = Tuned("a", 0, 10, 2.0, 5.0)
    >>> b = Tuned("b", 0, 100, 5.0, 98.0)
    >>> options([a, b], [1, -1], 1), options([a, b], [1, -1], -1)
    ({'a': 7, 'b': 93}, {'a': 3, 'b': 100})
    """
    return {p.name: p.sent(direction * sign * p.step) for p, sign in zip(tuned, signs)}


def update(tuned, signs, result, rate):
    """Moves each parameter after a pair: by `rate` times its step times `result` (plus's
    points less minus's) times its sign, kept within its range.

    >>> a = Tuned("a", 0, 10, 2.0, 5.0)
    >>> b = Tuned("b", 0, 100, 5.0, 98.0)
    >>> update([a, b], [1, -1], 1.5, 0.1); (a.value, b.value)
    (5.3, 97.25)
    >>> update([a, b], [1, 1], 2.0, 10.0); (a.value, b.value)
    (10, 100)
    """
    for p, sign in zip(tuned, signs):
        moved = p.value + rate * p.step * result * sign
        p.value = min(p.high, max(p.low, moved))


def flags(tuned):
    """The values as `sprt.py` flags for a test against the defaults.

    >>> flags([Tuned("a", 0, 10, 2.0, 5.4), Tuned("b", 0, 100, 5.0, 97.5)])
    '--new-option a=5 --new-option b=98'
    """
    return " ".join(f"--new-option {p.name}={p.sent()}" for p in tuned)


def save(path, tuned, pairs, args):
    state = {
        "engine": str(args.engine),
        "tc": list(args.tc),
        "pairs": pairs,
        "parameters": [vars(p) for p in tuned],
    }
    Path(path).write_text(json.dumps(state, indent=1) + "\n")


async def play_pair(match, number, opening, players, tuned, signs, args, tally):
    """Plays pair `number`: plus and minus with their options, each with White once. Returns
    plus's points less minus's."""
    for name, direction in ((PLUS, 1), (MINUS, -1)):
        await players[name].engine.configure(options(tuned, signs, direction))
    points = 0.0
    for plus_color in (match.chess.WHITE, match.chess.BLACK):
        seats = {plus_color: players[PLUS], not plus_color: players[MINUS]}
        result, _, _ = await match.play_game(seats, opening, match.Clock(*args.tc), tally)
        points += match.score_for(result, plus_color)
    return 2 * points - 2


async def run(args, match, tuned, done):
    tally = match.Tally(
        illegal={PLUS: 0, MINUS: 0}, crashes={PLUS: 0, MINUS: 0}, forfeits={PLUS: 0, MINUS: 0}
    )
    state = {"next": done, "done": done}
    rng = random.Random(args.seed + done)

    async def worker():
        players = {
            name: await match.Player(name, str(args.engine), {"Hash": args.hash}).start()
            for name in (PLUS, MINUS)
        }
        try:
            while state["next"] < args.pairs:
                number = state["next"]
                state["next"] += 1
                signs = [rng.choice((-1, 1)) for _ in tuned]
                opening = match.OPENINGS[number % len(match.OPENINGS)]
                result = await play_pair(match, number, opening, players, tuned, signs, args,
                                         tally)
                update(tuned, signs, result, args.rate)
                state["done"] += 1
                if args.state:
                    save(args.state, tuned, state["done"], args)
                values = ", ".join(f"{p.name} {p.value:.1f}" for p in tuned)
                print(f"pair {state['done']:5}: plus {result:+g}  {values}", flush=True)
        finally:
            for player in players.values():
                await player.close()

    await asyncio.gather(*(worker() for _ in range(args.concurrency)))
    for name in (PLUS, MINUS):
        print(f"{name}: {tally.illegal[name]} illegal moves, {tally.crashes[name]} crashes, "
              f"{tally.forfeits[name]} time forfeits")
    print(f"after {state['done']} pairs: {flags(tuned)}")


async def engine_ranges(match, engine, names):
    """The (low, high, default) of each named spin option of `engine`."""
    player = await match.Player("probe", str(engine), {}).start()
    try:
        found = {}
        for name in names:
            option = player.engine.options.get(name)
            if option is None or option.type != "spin":
                sys.exit(f"{engine} has no spin option {name!r}: build it with --features "
                         "search,tune, and see src/search/params.rs for the names")
            found[name] = (option.min, option.max, int(option.default))
        return found
    finally:
        await player.close()


def main():
    # python-chess and the match runner only for playing, so that the doctests run without it.
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import match
    from sprt import positive_int, number_in

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/examples/uci",
                        help="a build with --features search,tune")
    parser.add_argument("--params", required=True,
                        help="the parameters to tune, comma-separated")
    parser.add_argument("--pairs", type=positive_int, default=2000,
                        help="stop after this many pairs, resumed ones included (default 2000)")
    parser.add_argument("--tc", type=match.parse_tc, default=(4.0, 0.04),
                        help="BASE+INC seconds (default 4+0.04)")
    parser.add_argument("--concurrency", type=positive_int, default=1,
                        help="pairs played at a time (default 1)")
    parser.add_argument("--step", type=number_in(float, "a number", 0.0, 100.0, False),
                        default=5.0, help="perturbation, percent of each range (default 5)")
    parser.add_argument("--rate", type=number_in(float, "a number", 0.0, None, False),
                        default=0.02, help="steps moved per point of a pair's result "
                        "(default 0.02)")
    parser.add_argument("--seed", type=int, default=1, help="for the perturbations' signs")
    parser.add_argument("--hash", type=positive_int, default=16,
                        help="Hash in MiB for both (default 16)")
    parser.add_argument("--state", help="write the values to this JSON file after each pair")
    parser.add_argument("--resume", action="store_true",
                        help="go on with the run whose values are in --state")
    args = parser.parse_args()
    args.engine = match.repo_path(args.engine)
    if not args.engine.exists():
        parser.error(f"no engine at {args.engine}")
    names = [name for name in args.params.split(",") if name]
    if len(set(names)) != len(names) or not names:
        parser.error("--params needs one or more different names")
    ranges = asyncio.run(engine_ranges(match, args.engine, names))
    done = 0
    if args.resume:
        if not args.state:
            parser.error("--resume needs --state, the file of the run to go on with")
        try:
            saved = json.loads(Path(args.state).read_text())
        except (OSError, ValueError) as error:
            parser.error(f"cannot read {args.state}: {error}")
        if [p["name"] for p in saved["parameters"]] != names or saved["tc"] != list(args.tc):
            parser.error(f"{args.state} tunes {[p['name'] for p in saved['parameters']]} at "
                         f"{saved['tc']}, not {names} at {list(args.tc)}")
        tuned = [Tuned(**p) for p in saved["parameters"]]
        done = saved["pairs"]
    else:
        if args.state and Path(args.state).exists():
            parser.error(f"{args.state} exists: --resume to go on with that run, or remove it")
        tuned = [
            Tuned(name, low, high, step_for(low, high, args.step), float(default))
            for name, (low, high, default) in ranges.items()
        ]
    asyncio.run(run(args, match, tuned, done))


if __name__ == "__main__":
    main()
