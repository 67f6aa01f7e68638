#!/usr/bin/env python3
"""Which of two builds of x88's UCI engine searches faster: `uci bench` alternating A and B.

Usage (relative paths are taken from the repository root when they do not exist from the
current directory):

    cargo build --release --features search --example uci
    cp target/release/examples/uci /tmp/uci-a       # ... and B built from the change
    python3 examples/bench_ab.py /tmp/uci-a /tmp/uci-b [--pairs 60] [--depth 12]
        [--cores 0,1]

On each core of `--cores` a loop runs `BIN bench DEPTH` `--pairs` times for each build, the
two in turn (the first core starting with A, the next with B, and so on, so that neither
build always runs first), each process pinned to its core. Each pair gives the ratio of B's
nodes a second to A's; the result is the median of all pairs' ratios with its quartiles and
a bootstrap 95 % interval of the median. A build's nodes a second are its own `bench` figure
(its last line, `N nodes M nps`).

Pairs run back to back on one core see the same state of a shared machine, so their ratio
carries less of its noise than two separate runs do; on an idle two-core machine two copies
of one binary give 1.0067 (0.9994 to 1.0121) with 60 pairs a core: differences under about
1 % are noise. Use it for changes that keep the search's tree (the same `bench` signature),
where nodes a second is the whole story; with different trees, it is each build's speed,
not its time to a depth. The script says when the two builds' node counts differ.

The statistics are checked by `python3 -m doctest examples/bench_ab.py`.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def parse_bench(text):
    """The nodes and nodes a second of `uci bench`'s output (its last line).

    >>> parse_bench("position 12/12 depth 12 nodes 5 bestmove e1f2\\n1337227 nodes 2911000 nps\\n")
    (1337227, 2911000)
    >>> parse_bench("error: no such file")
    Traceback (most recent call last):
    ...
    ValueError: not a bench result: 'error: no such file'
    """
    lines = text.strip().splitlines()
    last = lines[-1] if lines else ""
    words = last.split()
    if len(words) != 4 or words[1] != "nodes" or words[3] != "nps":
        raise ValueError(f"not a bench result: {last!r}")
    return int(words[0]), int(words[2])


def paired_ratios(runs):
    """B's nodes a second over A's for each pair of consecutive runs of one core: `runs` is
    that core's list of `(build, nps)` in the order run, the two builds in turn.

    >>> paired_ratios([("A", 100), ("B", 110), ("B", 120), ("A", 100)])
    [1.1, 1.2]
    >>> paired_ratios([("A", 100), ("A", 100)])
    Traceback (most recent call last):
    ...
    ValueError: a pair must hold one run of each build
    """
    ratios = []
    for first, second in zip(runs[0::2], runs[1::2]):
        pair = dict([first, second])
        if set(pair) != {"A", "B"}:
            raise ValueError("a pair must hold one run of each build")
        ratios.append(pair["B"] / pair["A"])
    return ratios


def median_interval(values, resamples=2000, seed=1):
    """A bootstrap 95 % interval of the median of `values`: the 2.5th and 97.5th percentiles
    of the medians of `resamples` samples drawn with replacement (a fixed seed, so that the
    same ratios give the same interval).

    >>> median_interval([1.0] * 10)
    (1.0, 1.0)
    >>> low, high = median_interval([0.9, 1.0, 1.1, 1.0, 1.05, 0.95, 1.0, 1.02])
    >>> low <= 1.0 <= high
    True
    """
    rng = random.Random(seed)
    medians = sorted(
        statistics.median(rng.choices(values, k=len(values))) for _ in range(resamples)
    )
    return medians[int(0.025 * resamples)], medians[int(0.975 * resamples) - 1]


def summary(ratios):
    """The report's line for the pairs' ratios.

    >>> summary([1.0, 1.02, 1.01, 0.99])
    'B/A median 1.0050 (quartiles 0.9925 to 1.0175), 95 % interval 0.9900 to 1.0200, 4 pairs'
    """
    quartiles = statistics.quantiles(ratios, n=4)
    low, high = median_interval(ratios)
    return (
        f"B/A median {statistics.median(ratios):.4f} "
        f"(quartiles {quartiles[0]:.4f} to {quartiles[2]:.4f}), "
        f"95 % interval {low:.4f} to {high:.4f}, {len(ratios)} pairs"
    )


def bench(binary, depth):
    """One `bench` run of `binary` to `depth` (on the calling thread's cores): (nodes, nps)."""
    output = subprocess.run(
        [binary, "bench", str(depth)], capture_output=True, text=True, check=True
    ).stdout
    return parse_bench(output)


def run(args):
    builds = {"A": args.a, "B": args.b}
    runs = {core: [] for core in args.cores}
    nodes = {}
    failures = []

    def loop(core, first):
        order = ["A", "B"] if first == "A" else ["B", "A"]
        try:
            # On Linux this pins the calling thread alone, and the processes it starts
            # inherit the pin.
            os.sched_setaffinity(0, {core})
            for _ in range(args.pairs):
                for name in order:
                    if failures:
                        return
                    count, nps = bench(builds[name], args.depth)
                    nodes.setdefault(name, count)
                    runs[core].append((name, nps))
        except (OSError, subprocess.CalledProcessError, ValueError) as error:
            failures.append(f"core {core}: {error}")

    threads = [
        threading.Thread(target=loop, args=(core, "A" if i % 2 == 0 else "B"))
        for i, core in enumerate(args.cores)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        sys.exit("bench_ab: " + "; ".join(failures))
    if nodes["A"] != nodes["B"]:
        print(
            f"note: the builds search different trees ({nodes['A']} and {nodes['B']} nodes): "
            "the ratio is of their speeds, not of their times to the depth"
        )
    ratios = [ratio for core in args.cores for ratio in paired_ratios(runs[core])]
    print(summary(ratios))


def binary(text):
    path = Path(text)
    if not path.exists() and (REPO / path).exists():
        path = REPO / path
    if not path.exists():
        raise argparse.ArgumentTypeError(f"no such binary: {text}")
    # Absolute: a bare name would be looked up on PATH.
    return str(path.resolve())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=binary, metavar="A", help="the base build")
    parser.add_argument("b", type=binary, metavar="B", help="the build compared with it")
    parser.add_argument("--pairs", type=int, default=60, help="pairs a core (default 60)")
    parser.add_argument("--depth", type=int, default=12, help="bench depth (default 12)")
    parser.add_argument("--cores", default="0,1",
                        help="the cores to run on, comma-separated (default 0,1)")
    args = parser.parse_args()
    try:
        args.cores = [int(core) for core in args.cores.split(",")]
    except ValueError:
        parser.error("--cores takes core numbers separated by commas")
    if len(set(args.cores)) != len(args.cores):
        parser.error("--cores names each core once")
    if args.pairs * len(args.cores) < 2 or not 1 <= args.depth <= 30:
        parser.error("--depth must be 1 to 30, and --pairs times the cores at least 2")
    run(args)


if __name__ == "__main__":
    main()
