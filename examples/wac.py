#!/usr/bin/env python3
"""Run a UCI engine over the Win At Chess tactics (or any EPD file with `bm`/`am`).

Usage (from anywhere; relative default paths are taken from the repository root):

    cargo build --release --features search --example uci
    pip install chess                   # python-chess
    python3 examples/wac.py [--engine target/release/examples/uci]
        [--epd ../shared/tactics/wac.epd] [--time 1.0 | --nodes N] [--hash 16] [--first N]
        [--engine-option NAME=VALUE ...]

Each position is searched for `--time` seconds as a new game, or for `--nodes` nodes: a node
limit gives the same answers however busy the machine is, so that two builds or two settings
can be compared while other work runs. It counts as solved when the
engine's move is one of its `bm` moves (if it has any) and none of its `am` moves. One line is
printed per position, then the ids of the missed positions and the total, as
`solved <n>/<total>`. `--engine-option` sets a UCI option before the first position (for
example `--engine-option Threads=2`), as `match.py`'s does.
"""

import argparse
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("wac.py needs python-chess: pip install chess")

# The option and path parsing that match.py and sprt.py use too.
from match import parse_option, repo_path  # noqa: E402


def read_epd(path, first):
    """The (board, operations) of the file's positions, at most `first` of them."""
    positions = []
    with open(path) as epd:
        for number, line in enumerate(epd, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                board, ops = chess.Board.from_epd(line)
            except ValueError as e:
                sys.exit(f"{path}:{number}: {e}")
            ops.setdefault("id", f"line {number}")
            positions.append((board, ops))
            if first is not None and len(positions) == first:
                break
    return positions


def solved(move, ops):
    if move in ops.get("am", []):
        return False
    return "bm" not in ops or move in ops["bm"]


def san_list(board, moves):
    return " ".join(board.san(m) for m in moves)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/examples/uci", help="the UCI engine")
    parser.add_argument("--epd", default="../shared/tactics/wac.epd", help="the EPD file")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per position (default 1)")
    parser.add_argument("--nodes", type=int, help="nodes per position instead of a time")
    parser.add_argument("--hash", type=int, default=16, help="Hash in MiB (default 16)")
    parser.add_argument("--first", type=int, help="only the first N positions")
    parser.add_argument("--engine-option", type=parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="a UCI option for the engine (repeatable)")
    args = parser.parse_args()
    if args.time <= 0:
        parser.error("--time must be positive")
    if args.nodes is not None and args.nodes <= 0:
        parser.error("--nodes must be positive")
    limit = (chess.engine.Limit(nodes=args.nodes) if args.nodes is not None
             else chess.engine.Limit(time=args.time))

    epd = repo_path(args.epd).resolve()
    if not epd.exists():
        sys.exit(f"no EPD file at {epd} (give one with --epd)")
    positions = read_epd(epd, args.first)
    engine = chess.engine.SimpleEngine.popen_uci(str(repo_path(args.engine)))
    missed = []
    try:
        options = {"Hash": args.hash} if "Hash" in engine.options else {}
        options.update(args.engine_option)
        unknown = [name for name in options if name not in engine.options]
        if unknown:
            sys.exit(f"the engine has no option {', '.join(unknown)}")
        engine.configure(options)
        for board, ops in positions:
            result = engine.play(board, limit, game=object())
            move = result.move
            ok = move is not None and solved(move, ops)
            played = board.san(move) if move in board.legal_moves else str(move)
            wanted = "bm " + san_list(board, ops["bm"]) if "bm" in ops else ""
            if "am" in ops:
                wanted += " am " + san_list(board, ops["am"])
            verdict = "ok    " if ok else "missed"
            print(f"{ops['id']}: {verdict} {played:8} ({wanted.strip()})", flush=True)
            if not ok:
                missed.append(ops["id"])
    finally:
        engine.quit()
    print()
    print("missed:", " ".join(missed) if missed else "none")
    print(f"solved {len(positions) - len(missed)}/{len(positions)}")


if __name__ == "__main__":
    main()
