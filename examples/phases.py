#!/usr/bin/env python3
"""Where a match is won and lost: a strong engine's score of the games every few moves, and
each side's thinking time by phase.

Usage (relative paths are taken from the repository root when they do not exist from the
current directory):

    apt-get install -y stockfish             # /usr/games/stockfish, the judge
    pip install chess                        # python-chess
    python3 examples/phases.py GAMES.pgn [MORE.pgn ...] [--name x88] [--depth 12]
        [--every 10] [--threshold 150] [--judge /usr/games/stockfish]

For every game of the PGN files (as `match.py` writes them: the engine whose name starts
with `--name` against any other), the judge scores the position after every `--every`th
move, to `--depth`, from the named engine's side. A lost game is decided at the first of
those moves where the score is `--threshold` centipawns or more against it, a won game
where it is as much for it, a draw where it is either. The summary counts the games by the
ten moves in which they were decided, gives the mean score at each checkpoint, and each
side's mean and median thinking time by ten moves, from the `%emt` comments `match.py`
writes.
"""

import argparse
import statistics
import sys


def decided_at(checkpoints, score, threshold):
    """The first move number of `checkpoints` ((move, score for the named engine) pairs) at
    which a game with the named engine's `score` (1, 0.5 or 0) was decided, or None.

    >>> marks = [(10, 20), (20, -90), (30, -160), (40, -400)]
    >>> decided_at(marks, 0, 150), decided_at(marks, 1, 150), decided_at(marks, 0.5, 100)
    (30, None, 30)
    """
    for move, value in checkpoints:
        if score == 0 and value <= -threshold:
            return move
        if score == 1 and value >= threshold:
            return move
        if score == 0.5 and abs(value) >= threshold:
            return move
    return None


def by_tens(counts):
    """A histogram of move numbers (None for never) by ten moves, as text.

    >>> by_tens([12, 18, 25, None, 31])
    '10-19: 2, 20-29: 1, 30-39: 1, never: 1'
    >>> by_tens([])
    'none'
    """
    tens = {}
    for move in counts:
        key = None if move is None else move // 10 * 10
        tens[key] = tens.get(key, 0) + 1
    parts = [f"{k}-{k + 9}: {n}" for k, n in sorted((k, n) for k, n in tens.items()
                                                   if k is not None)]
    if None in tens:
        parts.append(f"never: {tens[None]}")
    return ", ".join(parts) or "none"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="the match's PGN files")
    parser.add_argument("--name", default="x88", help="the engine whose games these are")
    parser.add_argument("--judge", default="/usr/games/stockfish", help="the scoring engine")
    parser.add_argument("--depth", type=int, default=12, help="the judge's depth (default 12)")
    parser.add_argument("--every", type=int, default=10, help="moves between checkpoints")
    parser.add_argument("--threshold", type=int, default=150,
                        help="centipawns that decide a game (default 150)")
    args = parser.parse_args()

    import chess
    import chess.engine
    import chess.pgn

    from match import repo_path

    judge = chess.engine.SimpleEngine.popen_uci(args.judge)
    results = {0: [], 0.5: [], 1: []}
    marks_by_move = {}
    times = {}
    try:
        for path in args.pgn:
            with open(repo_path(path), encoding="utf-8") as games:
                while (game := chess.pgn.read_game(games)) is not None:
                    ours = chess.WHITE if game.headers["White"].startswith(args.name) else chess.BLACK
                    result = game.headers["Result"]
                    if result not in ("1-0", "0-1", "1/2-1/2"):
                        continue
                    score = 0.5 if result == "1/2-1/2" else float((result == "1-0") == (ours == chess.WHITE))
                    board = game.board()
                    checkpoints = []
                    for node in game.mainline():
                        side = "ours" if board.turn == ours else "theirs"
                        move_number = board.fullmove_number
                        board.push(node.move)
                        seconds = node.emt()
                        if seconds is not None:
                            times.setdefault((side, move_number // 10 * 10), []).append(seconds)
                        if board.turn == chess.WHITE and (move_number % args.every == 0):
                            info = judge.analyse(board, chess.engine.Limit(depth=args.depth))
                            value = info["score"].pov(ours).score(mate_score=3000)
                            checkpoints.append((move_number, value))
                            marks_by_move.setdefault(move_number, []).append(value)
                    results[score].append(decided_at(checkpoints, score, args.threshold))
                    print(game.headers.get("Round", "?"), result, "as",
                          "White" if ours == chess.WHITE else "Black",
                          " ".join(f"{m}:{v}" for m, v in checkpoints), flush=True)
    finally:
        judge.quit()
    print()
    for score, name in ((0, "losses"), (1, "wins"), (0.5, "draws")):
        print(f"{name} ({len(results[score])}) decided in moves {by_tens(results[score])}")
    for move in sorted(marks_by_move):
        values = [max(-1000, min(1000, v)) for v in marks_by_move[move]]
        print(f"after move {move}: mean score {statistics.mean(values):+.0f} "
              f"(capped at 1000), median {statistics.median(values):+.0f}, {len(values)} games")
    for band in sorted({band for _, band in times}):
        cells = []
        for side in ("ours", "theirs"):
            spent = times.get((side, band), [])
            if spent:
                cells.append(f"{side} mean {statistics.mean(spent):.3f} s "
                             f"median {statistics.median(spent):.3f} s")
        print(f"moves {band}-{band + 9}: " + ", ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
