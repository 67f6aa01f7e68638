#!/usr/bin/env python3
"""Label tuning positions with a stronger engine's score instead of their game's result.

Usage (from anywhere; relative paths are taken from the current directory):

    cargo run --release --features search --example datagen -- --per-game 50 --out data.txt
    apt-get install -y stockfish        # /usr/games/stockfish
    pip install chess                   # python-chess
    python3 examples/label.py data.txt labelled.txt [--depth 8] [--processes 2]
        [--engine /usr/games/stockfish]
    cargo run --release --features search --example texel -- --data labelled.txt

Each position of a `datagen` file (`<FEN> | <result> | ...`) is searched by the engine to
`--depth` (one thread, 16 MiB, positions of one game in a row so its hash helps), and written
as `<FEN> | <p> | <cp>`: `cp` the engine's score for White in centipawns and `p = 1 / (1 +
10^(-cp / 400))`, the share of the points that score stands for. The `texel` example fits
x88's weights to `p` as it would to a game's result: one number per position, not one per
game, and far less noisy. Positions are dropped when the engine sees a mate, scores beyond
15 pawns, or would capture or promote (the position is not quiet for it). The order of the
input is kept, so `texel`'s held-out tail is still other games.
"""

import argparse
import sys
from multiprocessing import Pool

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("label.py needs python-chess: pip install chess")

# The share of the points a lead stands for: the same logistic curve as Elo's.
from sprt import expected_score  # noqa: E402

# Scores beyond this (centipawns) are dropped: the game is decided, the weights have no say.
LIMIT = 1500
# Lines handed to a process at a time: about one game of `datagen --per-game 50`.
CHUNK = 50


def fen_of(line):
    """The FEN of a data line, or None for a line without one.

    >>> fen_of("8/8/8/8/8/8/8/K1k5 w - - 0 1 | 0.5 | 0")
    '8/8/8/8/8/8/8/K1k5 w - - 0 1'
    >>> fen_of("   ") is None
    True
    """
    fen = line.split("|")[0].strip()
    return fen or None


def label(board, info):
    """The (share, cp) for White of an engine's `info` on `board`, or None to drop it.

    >>> board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1")
    >>> label(board, {"score": chess.engine.PovScore(chess.engine.Cp(-120), chess.BLACK),
    ...               "pv": [chess.Move.from_uci("e8d7")]})
    (0.6661, 120)
    >>> label(board, {"score": chess.engine.PovScore(chess.engine.Mate(3), chess.BLACK),
    ...               "pv": [chess.Move.from_uci("e8d7")]}) is None
    True
    >>> board = chess.Board("4k3/8/8/8/8/8/3pP3/4K3 w - - 0 1")
    >>> label(board, {"score": chess.engine.PovScore(chess.engine.Cp(300), chess.WHITE),
    ...               "pv": [chess.Move.from_uci("e1d2")]}) is None
    True
    """
    score = info.get("score")
    pv = info.get("pv")
    if score is None or not pv:
        return None
    cp = score.white().score()
    if cp is None or abs(cp) > LIMIT:
        return None
    best = pv[0]
    if board.is_capture(best) or best.promotion:
        return None
    return round(expected_score(cp), 4), cp


ENGINE = None


def open_engine(command, depth):
    global ENGINE
    ENGINE = (chess.engine.SimpleEngine.popen_uci(command), depth)
    ENGINE[0].configure({"Threads": 1, "Hash": 16})


def label_chunk(lines):
    engine, depth = ENGINE
    out = []
    for line in lines:
        fen = fen_of(line)
        if fen is None:
            continue
        board = chess.Board(fen)
        info = engine.analyse(board, chess.engine.Limit(depth=depth))
        labelled = label(board, info)
        if labelled is not None:
            out.append(f"{fen} | {labelled[0]:.4f} | {labelled[1]}\n")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", help="positions from datagen: <FEN> | <result> | ...")
    parser.add_argument("out", help="where to write <FEN> | <share> | <cp>")
    parser.add_argument("--depth", type=int, default=8, help="the engine's depth (default 8)")
    parser.add_argument("--processes", type=int, default=2, help="engines at once (default 2)")
    parser.add_argument("--engine", default="/usr/games/stockfish", help="the labelling engine")
    args = parser.parse_args()
    with open(args.data) as data:
        lines = data.readlines()
    chunks = [lines[i : i + CHUNK] for i in range(0, len(lines), CHUNK)]
    kept = 0
    with Pool(args.processes, open_engine, (args.engine, args.depth)) as pool, open(
        args.out, "w"
    ) as out:
        for done, labelled in enumerate(pool.imap(label_chunk, chunks), 1):
            out.writelines(labelled)
            kept += len(labelled)
            if done % 200 == 0:
                print(f"{done * CHUNK} of {len(lines)} positions, {kept} kept", file=sys.stderr)
    print(f"{len(lines)} positions, {kept} kept", file=sys.stderr)


if __name__ == "__main__":
    main()
