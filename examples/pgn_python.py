#!/usr/bin/env python3
"""Replay every game of a PGN file with python-chess: the other side of the `pgn` example's
speed comparison.

Usage:

    pip install chess                  # python-chess
    python3 examples/pgn_python.py FILE [--read-only]

Each game is read with `chess.pgn.read_game`, which already parses every move, main line and
variations, into legal moves (SAN is parsed against the position as the game is read, and an
illegal move becomes an error on the game). Then its main line is replayed on a board, as the
`pgn` example does, and the final position is checked for mate and stalemate. With
`--read-only` only `read_game` runs. The last line is

    games <n>, plies <p>, errors <e>, time <s> s, <g> games/s
"""

import sys
import time

try:
    import chess
    import chess.pgn
except ImportError:
    sys.exit("pgn_python.py needs python-chess: pip install chess")


def main():
    args = sys.argv[1:]
    read_only = "--read-only" in args
    paths = [a for a in args if a != "--read-only"]
    if len(paths) != 1:
        sys.exit("usage: pgn_python.py FILE [--read-only]")
    games = plies = errors = 0
    start = time.perf_counter()
    with open(paths[0], encoding="utf-8-sig", errors="replace") as pgn:
        while True:
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            games += 1
            if game.errors:
                errors += 1
            if read_only:
                continue
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
            board.is_checkmate() or board.is_stalemate()
    seconds = time.perf_counter() - start
    print(f"games {games}, plies {plies}, errors {errors}, time {seconds:.3f} s, "
          f"{games / seconds:.0f} games/s")


if __name__ == "__main__":
    main()
