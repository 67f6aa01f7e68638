#!/usr/bin/env python3
"""x88's perft binary beside other perft binaries, each count in a process of its own.

The separate-process check of `--compare` (which times the libraries in one process): the
six positions of `contenders.rs` at their full depths, each binary in turn, the order rotated
from one position and round to the next. Each binary's own timing is used (its printed speed),
so process start-up is not counted. Reports, per position, each binary's median Mnps and the
median over the rounds of x88's speed over each other's (above 1: x88 faster); then the same
ratio for all six positions together (all nodes over all time, per round), the figure
`--compare` calls "paired", and the geometric mean of the per-position medians.

    cargo build --release --example perft
    python3 examples/perft/separate.py --rounds 3 target/release/examples/perft \
        /path/to/cozy-chess/target/release/examples/perft

The other binaries are called as cozy-chess's perft example is (`<depth> <fen>`, plus
`--no-bulk` with --no-bulk) and must print `<nodes> nodes in <time> (<nps> nps)`. Every
count is checked against the known one.
"""

import argparse
import math
import re
import statistics
import subprocess

# As in contenders.rs: name, FEN, full depth, perft count at that depth.
POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     5, 193690690),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     6, 706045033),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194),
    ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     5, 164075551),
]


def seconds_x88(binary, fen, depth, nodes, no_bulk):
    """Runs x88's perft example; returns its time, from its own Mnps."""
    args = [binary, "--fen", fen, "--depth", str(depth)] + (["--no-bulk"] if no_bulk else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    found = re.search(r"nodes (\d+) time \S+ s ([\d.]+) Mnps", out)
    if not found or int(found[1]) != nodes:
        raise SystemExit(f"{binary} {fen} depth {depth}: expected {nodes} nodes, got:\n{out}")
    return nodes / (float(found[2]) * 1e6)


def seconds_other(binary, fen, depth, nodes, no_bulk):
    """Runs a perft binary with cozy-chess's example's interface; returns its time."""
    args = [binary, str(depth), fen] + (["--no-bulk"] if no_bulk else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    found = re.search(r"(\d+) nodes in \S+ \((\d+) nps\)", out)
    if not found or int(found[1]) != nodes:
        raise SystemExit(f"{binary} {fen} depth {depth}: expected {nodes} nodes, got:\n{out}")
    return nodes / float(found[2])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-bulk", action="store_true", help="play every leaf move")
    parser.add_argument("x88", help="x88's perft example binary")
    parser.add_argument("others", nargs="+", help="perft binaries like cozy-chess's example")
    args = parser.parse_args()

    runners = [("x88", args.x88, seconds_x88)]
    runners += [(f"other{i + 1}", path, seconds_other) for i, path in enumerate(args.others)]
    for label, path, _ in runners:
        print(f"{label}: {path}")
    # seconds[position][runner][round]
    seconds = [[[] for _ in runners] for _ in POSITIONS]
    total_nodes = sum(nodes for *_, nodes in POSITIONS)
    for round_ in range(args.rounds):
        for index, (_, fen, depth, nodes) in enumerate(POSITIONS):
            first = (round_ + index) % len(runners)
            for which in list(range(first, len(runners))) + list(range(first)):
                _, path, timer = runners[which]
                seconds[index][which].append(timer(path, fen, depth, nodes, args.no_bulk))
        speeds = []
        for which, (label, _, _) in enumerate(runners):
            time = sum(by_runner[which][round_] for by_runner in seconds)
            speeds.append(f"{label} {total_nodes / time / 1e6:.1f} Mnps")
        print(f"round {round_ + 1}/{args.rounds}: " + ", ".join(speeds), flush=True)

    header = f"{'position':<10} {'depth':>5}" + "".join(f" {label:>9}" for label, _, _ in runners)
    print(header + "".join(f" {'x88/' + label:>11}" for label, _, _ in runners[1:])
          + "   (median Mnps; median of the rounds' ratios)")
    logs = [[] for _ in runners]
    for index, (name, _, depth, nodes) in enumerate(POSITIONS):
        line = f"{name:<10} {depth:>5}"
        for which in range(len(runners)):
            line += f" {statistics.median(nodes / t / 1e6 for t in seconds[index][which]):>9.1f}"
        for which in range(1, len(runners)):
            ratios = [o / x for x, o in zip(seconds[index][0], seconds[index][which])]
            ratio = statistics.median(ratios)
            logs[which].append(math.log(ratio))
            line += f" {ratio:>11.3f}"
        print(line)
    for which, (label, _, _) in enumerate(runners[1:], start=1):
        paired = [sum(s[which][r] for s in seconds) / sum(s[0][r] for s in seconds)
                  for r in range(args.rounds)]
        print(f"x88/{label}: all six positions {statistics.median(paired):.3f} (median of the rounds "
              + " ".join(f"{p:.3f}" for p in paired) + "), geometric mean of the positions "
              + f"{math.exp(sum(logs[which]) / len(logs[which])):.3f}")


if __name__ == "__main__":
    main()
