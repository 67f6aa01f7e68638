#!/usr/bin/env python3
"""SPRT self-play: does a new build of x88's UCI engine beat the base build?

Usage (from anywhere; relative paths are taken from the repository root when they do not
exist from the current directory):

    cargo build --release --features search --example uci    # the new build
    cp target/release/examples/uci /tmp/uci-base              # ... built from the base commit
    pip install chess                                         # python-chess
    python3 examples/sprt.py --base /tmp/uci-base [--new target/release/examples/uci]
        [--elo0 0] [--elo1 5] [--alpha 0.05] [--beta 0.05] [--tc 8+0.08]
        [--concurrency 1] [--max-pairs 30000] [--hash 16]
        [--new-option NAME=VALUE ...] [--base-option NAME=VALUE ...] [--pgn out.pgn [--resume]]
        [--prior N0,N1,N2,N3,N4]

Games are played in colour-swapped pairs from the opening lines of `match.py` (pair k plays
line k, cycling; the new build has White in the first game of a pair), with real clocks, by
the same rules as `match.py`: an illegal move, a crash or an overrun clock loses. `--concurrency
N` plays N pairs at a time, each with its own two engine processes (one core per pair: the
engines think in turn and do not ponder).

After each pair the test updates the log-likelihood ratio of H1 (the new build is `elo1`
logistic Elo stronger) against H0 (it is `elo0` stronger), from the pentanomial counts of the
pairs' scores (0, 0.5, 1, 1.5 or 2 points of the new build), as fishtest and OpenBench do:
scoring pairs rather than games takes out the variance that the openings add. The test stops
when the ratio leaves [ln(beta / (1 - alpha)), ln((1 - beta) / alpha)]: above, H1 is accepted
(keep the change); below, H0 (reject it). alpha is the chance of accepting a change that is
no better than elo0, beta the chance of rejecting one that is elo1 better.

A test outlives its session: `--pgn F --resume` reads back the finished pairs of an earlier run
from the games it wrote to F, goes on from the next pair (and the next opening) with the counts
where they were, and appends to F. Run it with the same builds and settings; the time control is
checked against the file's. A pair cut off by a stop is left out. A test whose PGN is lost (a
session's machine does not outlive it) goes on from its recorded counts instead: `--prior
N0,N1,N2,N3,N4` starts from that pentanomial (the log in docs/strength.md keeps it), with the
same builds rebuilt from the same code (check their `bench` signatures), and plays on from
about the opening after its last pair. Its games carry the counts in a header (`SPRTPrior`), so
that `--resume` goes on with them, with or without `--prior` given again. The W/D/L counts then
cover the games since, not the earlier ones.

The last line is the verdict, in the form of docs/strength.md's log. Exit status: 0 when H1
is accepted, 1 when H0 is, 3 when `--max-pairs` ran out first, 2 on bad arguments.

The statistics need no python-chess and are checked by `python3 -m doctest examples/sprt.py`.
"""

import argparse
import asyncio
import math
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

NEW = "new"
BASE = "base"

# The exit statuses.
ACCEPTED = 0
REJECTED = 1
INCONCLUSIVE = 3


def expected_score(elo):
    """The expected score of a side `elo` logistic Elo stronger than its opponent.

    >>> expected_score(0)
    0.5
    >>> round(expected_score(400), 4)
    0.9091
    >>> round(expected_score(-400), 4)
    0.0909
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def bounds(alpha, beta):
    """The lower and upper bounds of the log-likelihood ratio.

    >>> [round(b, 3) for b in bounds(0.05, 0.05)]
    [-2.944, 2.944]
    """
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def pair_stats(penta):
    """The number of pairs, the mean score per game and the variance of a pair's mean score,
    from the pentanomial counts (pairs that scored 0, 0.5, 1, 1.5 and 2 points).

    >>> pair_stats([0, 0, 4, 0, 0])
    (4, 0.5, 0.0)
    >>> pair_stats([1, 0, 0, 0, 1])
    (2, 0.5, 0.25)
    """
    n = sum(penta)
    if n == 0:
        return 0, 0.5, 0.0
    mean = sum(count * i / 4.0 for i, count in enumerate(penta)) / n
    variance = sum(count * (i / 4.0 - mean) ** 2 for i, count in enumerate(penta)) / n
    return n, mean, variance


def llr(penta, elo0, elo1):
    """The log-likelihood ratio of H1 (elo1) against H0 (elo0) after the pairs of `penta`:
    the generalized SPRT's normal approximation, n (s1 - s0) (2 m - s0 - s1) / (2 v), with m the
    mean score per game, v the variance of a pair's mean score and s0, s1 the scores expected
    under the hypotheses. No information (0) until the pairs' scores differ.

    >>> llr([0, 0, 0, 0, 0], 0, 5)
    0.0
    >>> llr([0, 0, 10, 0, 0], 0, 5)
    0.0
    >>> round(llr([5, 20, 50, 20, 5], 0, 5), 3)
    -0.052
    >>> round(llr([200, 1700, 4000, 1900, 250], 0, 5), 3)
    7.918
    >>> round(llr([250, 1900, 4000, 1700, 200], 0, 5), 3)
    -17.878
    """
    n, mean, variance = pair_stats(penta)
    if n == 0 or variance <= 0.0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)


def elo_estimate(penta):
    """The logistic Elo difference and the half-width of its 95 % interval, from the pairs.

    >>> elo_estimate([0, 0, 0, 0, 0])
    (0.0, inf)
    >>> [round(x, 1) for x in elo_estimate([5, 20, 50, 20, 5])]
    [0.0, 30.5]

    One pair says nothing about how the pairs spread, so its interval is unbounded (its
    variance, 0, would give a width of 0):

    >>> [round(x, 1) for x in elo_estimate([0, 0, 0, 1, 0])]
    [190.8, inf]
    """
    n, mean, variance = pair_stats(penta)
    if n == 0:
        return 0.0, math.inf
    if not 0.0 < mean < 1.0:
        return (math.inf if mean >= 1.0 else -math.inf), math.nan

    def elo(score):
        return 400.0 * math.log10(score / (1.0 - score))

    if n < 2:
        return elo(mean), math.inf
    margin = 1.96 * math.sqrt(variance / n)
    low = elo(max(mean - margin, 1e-6))
    high = elo(min(mean + margin, 1.0 - 1e-6))
    return elo(mean), (high - low) / 2.0


def verdict(penta, wdl, args, status):
    """The log line: outcome, Elo estimate, the pentanomial and W/D/L counts, the bounds."""
    word = {ACCEPTED: "H1 accepted", REJECTED: "H0 accepted", INCONCLUSIVE: "inconclusive"}
    diff, margin = elo_estimate(penta)
    low, high = bounds(args.alpha, args.beta)
    w, d, l = wdl
    prior = f" (with {2 * sum(args.prior)} earlier games by --prior)" if any(args.prior) else ""
    return (
        f"{word[status]}: LLR {llr(penta, args.elo0, args.elo1):.2f} ({low:.2f}, {high:.2f}) "
        f"[{args.elo0:g}, {args.elo1:g}], {2 * sum(penta)} games{prior} at "
        f"{args.tc[0]:g}+{args.tc[1]:g}, new +{w} ={d} -{l}"
        f"{' since --prior' if prior else ''}, pentanomial {penta}, "
        f"Elo {diff:+.1f} +/- {margin:.1f}"
    )


PRIOR_HEADER = "SPRTPrior"


def priors_in(pgn_text):
    """The `--prior` counts that the games of a PGN were played on top of, from the
    `SPRTPrior` header that a run with `--prior` writes into each game: a set of lists' text
    (empty for games without one).

    >>> games = ['[Event "x"]', '[SPRTPrior "8,43,90,51,7"]', '[Event "y"]']
    >>> sorted(priors_in(chr(10).join(games)))
    ['8,43,90,51,7']
    >>> priors_in('[Event "x"]')
    set()
    """
    found = set()
    for line in pgn_text.splitlines():
        line = line.strip()
        if line.startswith(f'[{PRIOR_HEADER} "') and line.endswith('"]'):
            found.add(line[len(PRIOR_HEADER) + 3:-2])
    return found


def counts_text(counts):
    """The text of `--prior`'s counts, as the `SPRTPrior` header holds them.

    >>> counts_text([8, 43, 90, 51, 7])
    '8,43,90,51,7'
    """
    return ",".join(str(count) for count in counts)


def pentanomial(text):
    """An argparse type: five comma-separated counts of pairs, `--prior`'s pentanomial.

    >>> pentanomial("8, 43,90,51,7")
    [8, 43, 90, 51, 7]
    >>> pentanomial("1,2,3")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1,2,3' is not five counts of pairs such as 8,43,90,51,7
    >>> pentanomial("1,2,3,-4,5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1,2,3,-4,5' is not five counts of pairs such as 8,43,90,51,7
    """
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if len(counts) != 5 or min(counts) < 0:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not five counts of pairs such as 8,43,90,51,7"
        )
    return counts


EVENT = "x88 SPRT"


def event(tc):
    """The PGN `Event` of a test at time control `tc`, which `--resume` checks.

    >>> event((4.0, 0.04))
    'x88 SPRT 4+0.04'
    """
    return f"{EVENT} {tc[0]:g}+{tc[1]:g}"


def finished_pairs(pgn_text):
    """The pairs an earlier run wrote to its PGN, from the headers alone: the `Event` of the
    games and {pair number from 1: [the new build's points in game 1, in game 2]}, with a
    pair's missing game as None.

    >>> text = '''
    ... [Event "x88 SPRT 4+0.04"]
    ... [Round "1.1"]
    ... [White "new"]
    ... [Black "base"]
    ... [Result "1-0"]
    ...
    ... 1. e4 1-0
    ...
    ... [Event "x88 SPRT 4+0.04"]
    ... [Round "1.2"]
    ... [White "base"]
    ... [Black "new"]
    ... [Result "1/2-1/2"]
    ...
    ... 1. e4 1/2-1/2
    ...
    ... [Event "x88 SPRT 4+0.04"]
    ... [Round "2.1"]
    ... [White "new"]
    ... [Black "base"]
    ... [Result "0-1"]
    ... '''
    >>> finished_pairs(text)
    ({'x88 SPRT 4+0.04'}, {1: [1.0, 0.5], 2: [0.0, None]})
    >>> finished_pairs(chr(10).join(['[Round "x.1"]', '[White "new"]', '[Result "1-0"]']))
    (set(), {})
    """
    events, pairs, game = set(), {}, {}

    def close(game):
        if "Round" in game:
            pair, _, half = game["Round"].partition(".")
            new_is_white = game.get("White") == NEW
            result = game.get("Result")
            points = {"1/2-1/2": 0.5, "1-0": float(new_is_white), "0-1": float(not new_is_white)}
            if result in points and half in ("1", "2") and pair.isdigit():
                pairs.setdefault(int(pair), [None, None])[int(half) - 1] = points[result]
                events.add(game.get("Event", ""))

    for line in pgn_text.splitlines():
        line = line.strip()
        if line.startswith("[Event "):
            close(game)
            game = {}
        if line.startswith("[") and line.endswith('"]') and ' "' in line:
            key, _, value = line[1:-2].partition(' "')
            game[key] = value
    close(game)
    return events, pairs


async def play_pair(match, number, opening, players, args, tally):
    """Plays the pair `number` from `opening`; returns the new build's points in its two games
    and the games in PGN (to be written only if the pair is counted)."""
    scores, games = [], []
    for new_color in (match.chess.WHITE, match.chess.BLACK):
        seats = {new_color: players[NEW], not new_color: players[BASE]}
        clock = match.Clock(*args.tc)
        result, why, board = await match.play_game(seats, opening, clock, tally)
        scores.append(match.score_for(result, new_color))
        if args.pgn_file:
            names = {new_color: NEW, not new_color: BASE}
            headers = {
                "Event": event(args.tc),
                "Date": time.strftime("%Y.%m.%d"),
                "Round": f"{number + 1}.{len(scores)}",
                "White": names[match.chess.WHITE],
                "Black": names[match.chess.BLACK],
                "Result": result,
                "Termination": why,
            }
            if any(args.prior):
                headers[PRIOR_HEADER] = counts_text(args.prior)
            games.append(str(match.pgn_game(board, headers, clock.spent)))
    return scores, games


async def run(args, match):
    low, high = bounds(args.alpha, args.beta)
    tally = match.Tally(
        illegal={NEW: 0, BASE: 0}, crashes={NEW: 0, BASE: 0}, forfeits={NEW: 0, BASE: 0}
    )
    # The earlier pairs of `--prior` (whose games are lost) count as finished, and this run
    # plays on from the opening after theirs.
    penta = list(args.prior)
    # `next`: the number of the next pair (its opening); `started`: the pairs finished or
    # under way, which `--max-pairs` limits (a pair a stop cut short is played again).
    state = {"next": sum(penta), "started": 0, "status": None}
    for pair, scores in sorted(args.resumed.items()):
        state["next"] = max(state["next"], pair)  # pair numbers in the PGN count from 1
        if None not in scores:
            tally.scores.extend(scores)
            penta[int(2 * sum(scores))] += 1
    state["started"] = sum(penta)
    if args.resumed or any(args.prior):
        ratio = llr(penta, args.elo0, args.elo1)
        print(f"resumed after pair {state['next']}: {sum(penta)} finished pairs, "
              f"pentanomial {penta}  LLR {ratio:+.2f} ({low:.2f}, {high:.2f})", flush=True)
        if ratio >= high:
            state["status"] = ACCEPTED
        elif ratio <= low:
            state["status"] = REJECTED

    async def worker():
        players = {
            NEW: await match.Player(NEW, str(args.new), args.new_options).start(),
            BASE: await match.Player(BASE, str(args.base), args.base_options).start(),
        }
        try:
            while state["status"] is None and state["started"] < args.max_pairs:
                number = state["next"]
                state["next"] += 1
                state["started"] += 1
                opening = match.OPENINGS[number % len(match.OPENINGS)]
                scores, games = await play_pair(match, number, opening, players, args, tally)
                if state["status"] is not None:
                    break  # another pair ended the test meanwhile: not counted, not written
                for game in games:
                    print(game, file=args.pgn_file, end="\n\n", flush=True)
                tally.scores.extend(scores)
                penta[int(2 * sum(scores))] += 1
                ratio = llr(penta, args.elo0, args.elo1)
                w, d, l = tally.wdl()
                print(
                    f"pair {sum(penta):5}: new {scores[0]:g} {scores[1]:g}  +{w} ={d} -{l}  "
                    f"pentanomial {penta}  LLR {ratio:+.2f} ({low:.2f}, {high:.2f})",
                    flush=True,
                )
                if ratio >= high:
                    state["status"] = ACCEPTED
                elif ratio <= low:
                    state["status"] = REJECTED
        finally:
            for player in players.values():
                await player.close()

    await asyncio.gather(*(worker() for _ in range(args.concurrency)))
    status = INCONCLUSIVE if state["status"] is None else state["status"]
    for name in (NEW, BASE):
        print(
            f"{name}: {tally.illegal[name]} illegal moves, {tally.crashes[name]} crashes, "
            f"{tally.forfeits[name]} time forfeits"
        )
    print(verdict(penta, tally.wdl(), args, status))
    return status


def number_in(kind, what, low, high, inclusive):
    """An argparse type: `what`, a number of `kind` from `low` to `high` (both excluded unless
    `inclusive`; `high` None for no upper bound)."""

    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        above = value >= low if inclusive else value > low
        below = high is None or (value <= high if inclusive else value < high)
        if not (above and below):
            span = f"at least {low}" if high is None else f"between {low} and {high}"
            raise argparse.ArgumentTypeError(f"{text!r} is not {span}")
        return value

    return parse


positive_int = number_in(int, "a whole number", 1, None, inclusive=True)
probability = number_in(float, "a number", 0.0, 0.5, inclusive=False)


def main():
    # python-chess and the match runner only for playing, so that the doctests run without it.
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import match

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--new", default="target/release/examples/uci", help="the new build")
    parser.add_argument("--base", required=True, help="the base build to beat")
    parser.add_argument("--elo0", type=float, default=0.0, help="H0's Elo (default 0)")
    parser.add_argument("--elo1", type=float, default=5.0, help="H1's Elo (default 5)")
    parser.add_argument("--alpha", type=probability, default=0.05, help="default 0.05")
    parser.add_argument("--beta", type=probability, default=0.05, help="default 0.05")
    parser.add_argument("--tc", type=match.parse_tc, default=(8.0, 0.08),
                        help="BASE+INC seconds (default 8+0.08)")
    parser.add_argument("--concurrency", type=positive_int, default=1,
                        help="pairs played at a time (default 1)")
    parser.add_argument("--max-pairs", type=positive_int, default=30000,
                        help="stop undecided after this many finished pairs, resumed and "
                        "--prior ones included (default 30000)")
    parser.add_argument("--hash", type=positive_int, default=16,
                        help="Hash in MiB for both (default 16)")
    parser.add_argument("--new-option", type=match.parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="a UCI option for the new build (repeatable)")
    parser.add_argument("--base-option", type=match.parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="a UCI option for the base build (repeatable)")
    parser.add_argument("--pgn", help="write the games to this PGN file")
    parser.add_argument("--resume", action="store_true",
                        help="go on with the test whose games are in --pgn, appending to it")
    parser.add_argument("--prior", type=pentanomial, default=[0] * 5, metavar="N0,N1,N2,N3,N4",
                        help="go on with a test whose games are lost, from its pentanomial "
                        "counts (pairs of 0, 0.5, 1, 1.5 and 2 points for the new build)")
    args = parser.parse_args()
    args.resumed = {}
    if args.resume:
        if not args.pgn:
            parser.error("--resume needs --pgn, the file of the test to go on with")
        try:
            text = Path(args.pgn).read_text()
        except (OSError, UnicodeDecodeError) as error:
            parser.error(f"cannot read {args.pgn}: {error}")
        events, args.resumed = finished_pairs(text)
        # The games of a run with `--prior` name its counts: a resumption goes on with them
        # (given again or not), and never counts them twice or drops them.
        priors = priors_in(text)
        given = counts_text(args.prior) if any(args.prior) else None
        if len(priors) > 1:
            parser.error(f"{args.pgn} holds games on different --prior counts: {sorted(priors)}")
        if priors and given not in (None, *priors):
            parser.error(f"{args.pgn} goes on from --prior {priors.pop()}, not {given}")
        if not priors and given and args.resumed:
            parser.error(f"{args.pgn} holds games without --prior: resume it without one")
        if priors:
            args.prior = pentanomial(priors.pop())
        if events - {event(args.tc)}:
            parser.error(f"{args.pgn} holds games of {sorted(events)}, not {event(args.tc)!r}")
    if args.elo1 <= args.elo0:
        parser.error("--elo1 must be greater than --elo0")
    args.new, args.base = match.repo_path(args.new), match.repo_path(args.base)
    for path in (args.new, args.base):
        if not path.exists():
            parser.error(f"no engine at {path}")
    args.new_options = {"Hash": args.hash, **dict(args.new_option)}
    args.base_options = {"Hash": args.hash, **dict(args.base_option)}
    if args.pgn and not args.resume and Path(args.pgn).exists() and Path(args.pgn).stat().st_size:
        parser.error(f"{args.pgn} holds games already: --resume to go on with that test, or "
                     "remove it first")
    args.pgn_file = open(args.pgn, "a" if args.resume else "w") if args.pgn else None
    try:
        status = asyncio.run(run(args, match))
    finally:
        if args.pgn_file:
            args.pgn_file.close()
    sys.exit(status)


if __name__ == "__main__":
    main()
