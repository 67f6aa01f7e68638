#!/usr/bin/env python3
"""Search speed side by side: nodes per second of x88's UCI engine and other UCI engines.

Usage (relative paths are taken from the repository root when they do not exist from the
current directory):

    cargo build --release --features search --example uci
    apt-get install -y glaurung gnuchess     # /usr/games/glaurung, /usr/games/gnuchess
    pip install chess                        # python-chess
    python3 examples/nps.py [--movetime 3] [--rounds 1] [--hash 16] [--keep-engines]
        [--engine NAME=COMMAND ...]

Every engine searches every position of x88's `bench` (read from
examples/uci/engine/bench.rs, so the two always agree) for `--movetime` seconds, one thread,
`--hash` MiB, from a new game; the engines take turns position by position, so that a change
of the shared machine's speed falls on all of them. Each search's nodes per second is the
engine's own figure from its last `info` line (nodes over time if it gives no `nps`).

Each search runs in a process of its own, started for it and ended after it, so that only
the engine measured runs: an idle `gnuchess --uci` polls its input, and on the same core it
took 15 % of x88's speed (2026-12-07). `--keep-engines` keeps every engine's process
running through the whole run instead, as this script did before.

By default the engines are x88 (target/release/examples/uci), Debian's Glaurung 2.2
(`/usr/games/glaurung`) and GNU Chess 6 (`/usr/games/gnuchess --uci`); `--engine NAME=COMMAND`
replaces the list (repeatable; the command is split at spaces). The table gives each
position's nps per engine, then per engine the median over the positions and the total nodes
over the total time.
"""

import argparse
import re
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "examples" / "uci" / "engine" / "bench.rs"

DEFAULT_ENGINES = [
    ("x88", "target/release/examples/uci"),
    ("glaurung", "/usr/games/glaurung"),
    ("gnuchess", "/usr/games/gnuchess --uci"),
]


def bench_positions(text):
    """The FENs of the `POSITIONS` array in the text of bench.rs.

    >>> bench_positions('const POSITIONS: [&str; 2] = [\\n    "8/8/8/8/8/8/8/K1k5 w - - 0 1",\\n'
    ...                 '    "k7/8/8/8/8/8/8/K7 b - - 0 1",\\n];')
    ['8/8/8/8/8/8/8/K1k5 w - - 0 1', 'k7/8/8/8/8/8/8/K7 b - - 0 1']
    """
    block = re.search(r"POSITIONS: \[&str; \d+\] = \[(.*?)\];", text, re.S)
    if block is None:
        raise ValueError("no POSITIONS array in bench.rs")
    return re.findall(r'"([^"]+)"', block.group(1))


def speed(infos):
    """Nodes, seconds and nodes per second from the `info` dictionaries of one search: the
    last that has nodes, its own nps if it gives one.

    >>> speed([{"nodes": 10, "time": 0.5}, {"nodes": 300, "time": 2.0, "nps": 140}])
    (300, 2.0, 140)
    >>> speed([{"nodes": 300, "time": 2.0}])
    (300, 2.0, 150)
    >>> speed([{"depth": 1}])
    (0, 0.0, 0)
    """
    last = next((info for info in reversed(infos) if "nodes" in info), None)
    if last is None:
        return 0, 0.0, 0
    nodes, seconds = last["nodes"], float(last.get("time", 0.0))
    nps = last.get("nps") or (round(nodes / seconds) if seconds > 0 else 0)
    return nodes, seconds, nps


def run(args):
    import chess
    import chess.engine

    fens = bench_positions(BENCH.read_text())
    commands = {}
    for name, command in args.engines:
        words = command.split()
        path = Path(words[0])
        if not path.exists() and (REPO / path).exists():
            words[0] = str(REPO / path)
        commands[name] = words

    def start(name):
        engine = chess.engine.SimpleEngine.popen_uci(commands[name])
        try:
            options = {"Hash": args.hash, "Threads": 1}
            engine.configure({k: v for k, v in options.items() if k in engine.options})
        except BaseException:
            stop(engine)
            raise
        return engine

    def stop(engine):
        # An engine that died already (or crashes on `quit`, as Debian's GNU Chess does) is
        # gone either way; its error must not hide the one that brought us here.
        try:
            engine.quit()
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, OSError):
            pass

    kept = {}
    try:
        if args.keep_engines:
            for name in commands:
                kept[name] = start(name)
        results = {name: [] for name in commands}
        for round_number in range(args.rounds):
            for index, fen in enumerate(fens):
                board = chess.Board(fen)
                # Rotate who goes first, so that no engine always follows the same one.
                names = list(commands)
                order = names[index % len(names):] + names[:index % len(names)]
                row = {}
                for name in order:
                    engine = kept.get(name) or start(name)
                    try:
                        with engine.analysis(
                            board, chess.engine.Limit(time=args.movetime), game=object()
                        ) as analysis:
                            infos = [dict(info) for info in analysis]
                    finally:
                        if name not in kept:
                            stop(engine)
                    row[name] = speed(infos)
                    results[name].append(row[name])
                cells = "  ".join(f"{name} {row[name][2] / 1e6:5.2f}" for name in commands)
                print(f"round {round_number + 1} position {index + 1:2}: {cells}  (M nps)",
                      flush=True)
    finally:
        for engine in kept.values():
            stop(engine)
    print()
    print(f"{'engine':10} {'median M nps':>12} {'total M nps':>12}")
    for name, figures in results.items():
        median = statistics.median(nps for _, _, nps in figures)
        nodes = sum(n for n, _, _ in figures)
        seconds = sum(s for _, s, _ in figures)
        total = nodes / seconds if seconds > 0 else 0.0
        print(f"{name:10} {median / 1e6:12.2f} {total / 1e6:12.2f}")


def engine_spec(text):
    name, sep, command = text.partition("=")
    if not sep or not name or not command:
        raise argparse.ArgumentTypeError(f"engines are NAME=COMMAND, not {text!r}")
    return name, command


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--movetime", type=float, default=3.0,
                        help="seconds per position (default 3)")
    parser.add_argument("--rounds", type=int, default=1, help="passes over the positions")
    parser.add_argument("--hash", type=int, default=16, help="Hash in MiB (default 16)")
    parser.add_argument("--keep-engines", action="store_true",
                        help="keep every engine's process running through the run (idle "
                             "engines then share the machine with the one measured)")
    parser.add_argument("--engine", type=engine_spec, action="append", default=[],
                        metavar="NAME=COMMAND", help="an engine to measure (repeatable)")
    args = parser.parse_args()
    if args.movetime <= 0 or args.rounds < 1 or args.hash < 1:
        parser.error("--movetime, --rounds and --hash must be positive")
    args.engines = args.engine or DEFAULT_ENGINES
    try:
        import chess  # noqa: F401
    except ImportError:
        sys.exit("nps.py needs python-chess: pip install chess")
    run(args)


if __name__ == "__main__":
    main()
