#!/usr/bin/env python3
"""Does a UCI engine win the won endings against a lone king? Random positions, a defender.

Usage (from anywhere; relative default paths are taken from the repository root):

    cargo build --release --features search --example uci
    pip install chess                   # python-chess
    apt-get install -y stockfish        # the defender
    python3 examples/endgames.py [--engine target/release/examples/uci] [--nodes 100000]
        [--endings KBN,KQ,KR,KBB] [--games 10] [--seed 7]
        [--defender /usr/games/stockfish] [--defender-time 0.05]
        [--engine-option NAME=VALUE ...]

For each ending (the strong side's pieces besides its king: `KBN` a bishop and a knight, `KQ`
a queen, `KR` a rook, `KBB` two bishops on squares of opposite colours) it plays `--games`
games from random legal positions, the same for every engine with the same `--seed`: the
engine has White and the pieces and searches `--nodes` nodes a move (the same moves however
busy the machine is); the defender has the lone king and `--defender-time` seconds a move. No
White piece starts next to the lone king. A game counts as won when it ends in mate before
the defender may claim a draw (by the fifty-move rule or a repetition, on its move). One line
per ending gives the games won and the moves each mate took, then the total as
`won <n>/<games>`. `--engine-option` sets a UCI option (a `tune` build's `eval_` weights,
for example), as `match.py`'s does.

>>> pieces_of("KBN")
['B', 'N']
>>> board = random_position(["B", "N"], random.Random(1))
>>> board.is_valid() and board.turn == chess.WHITE and not board.is_check()
True
>>> sorted(p.symbol() for p in board.piece_map().values())
['B', 'K', 'N', 'k']
>>> opposite_bishops = random_position(["B", "B"], random.Random(2))
>>> len({chess.square_file(s) % 2 ^ chess.square_rank(s) % 2
...      for s in opposite_bishops.pieces(chess.BISHOP, chess.WHITE)})
2
"""

import argparse
import random
import sys

try:
    import chess
    import chess.engine
except ImportError:
    sys.exit("endgames.py needs python-chess: pip install chess")

# The option and path parsing that match.py and sprt.py use too.
from match import parse_option, repo_path  # noqa: E402

ENDINGS = ("KBN", "KQ", "KR", "KBB")


def pieces_of(ending):
    """The strong side's pieces of `ending` besides its king, as White's symbols."""
    if ending not in ENDINGS:
        raise ValueError(f"unknown ending {ending} (one of {', '.join(ENDINGS)})")
    return list(ending[1:])


def square_colour(square):
    return (chess.square_file(square) + chess.square_rank(square)) % 2


def random_position(pieces, rng):
    """A legal position, White to move and not in check, of White's king and `pieces` against
    Black's lone king, the game not over; two bishops stand on squares of opposite colours."""
    while True:
        squares = rng.sample(chess.SQUARES, 2 + len(pieces))
        board = chess.Board(None)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for square, symbol in zip(squares[2:], pieces):
            board.set_piece_at(square, chess.Piece.from_symbol(symbol))
        bishops = list(board.pieces(chess.BISHOP, chess.WHITE))
        if len(bishops) == 2 and square_colour(bishops[0]) == square_colour(bishops[1]):
            continue
        # No piece next to the lone king, where it might be taken before the ending begins.
        if board.attacks_mask(squares[1]) & board.occupied_co[chess.WHITE]:
            continue
        if board.is_valid() and not board.is_check() and not board.is_game_over():
            return board


def over(board):
    """Whether the game has ended: by the rules, or by a draw the defender (Black) may claim
    on its move (a repetition the engine could make, it need not).

    >>> over(chess.Board("7k/8/6QK/8/8/8/8/8 b - - 0 1"))  # stalemate
    True
    >>> over(chess.Board("7k/8/8/8/8/8/8/Q6K b - - 98 60"))
    False
    >>> over(chess.Board("7k/8/8/8/8/8/8/Q6K b - - 99 60"))  # Black's move would be the 100th
    True
    """
    return board.outcome() is not None or (board.turn == chess.BLACK and board.can_claim_draw())


def play(engine, defender, board, engine_limit, defender_limit):
    """Plays `board` out as a new game for both engines; returns the finished board."""
    game = object()
    while not over(board):
        player, limit = ((engine, engine_limit) if board.turn == chess.WHITE
                         else (defender, defender_limit))
        board.push(player.play(board, limit, game=game).move)
    return board


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/examples/uci", help="the UCI engine")
    parser.add_argument("--nodes", type=int, default=100_000,
                        help="the engine's nodes a move (default 100000)")
    parser.add_argument("--endings", default=",".join(ENDINGS),
                        help=f"comma-separated, of {', '.join(ENDINGS)} (default all)")
    parser.add_argument("--games", type=int, default=10, help="games an ending (default 10)")
    parser.add_argument("--seed", type=int, default=7, help="of the positions (default 7)")
    parser.add_argument("--defender", default="/usr/games/stockfish",
                        help="the lone king's UCI engine")
    parser.add_argument("--defender-time", type=float, default=0.05,
                        help="the defender's seconds a move (default 0.05)")
    parser.add_argument("--engine-option", type=parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="a UCI option for the engine (repeatable)")
    args = parser.parse_args()
    if args.nodes <= 0 or args.games <= 0 or args.defender_time <= 0:
        parser.error("--nodes, --games and --defender-time must be positive")
    try:
        endings = [(name, pieces_of(name)) for name in args.endings.split(",")]
    except ValueError as e:
        parser.error(str(e))

    engine = chess.engine.SimpleEngine.popen_uci(str(repo_path(args.engine)))
    defender = chess.engine.SimpleEngine.popen_uci(args.defender)
    won = played = 0
    try:
        options = dict(args.engine_option)
        unknown = [name for name in options if name not in engine.options]
        if unknown:
            sys.exit(f"the engine has no option {', '.join(unknown)}")
        engine.configure(options)
        engine_limit = chess.engine.Limit(nodes=args.nodes)
        defender_limit = chess.engine.Limit(time=args.defender_time)
        for name, pieces in endings:
            # Each ending its own positions, the same whichever endings are asked for.
            rng = random.Random(f"{args.seed}-{name}")
            mates = []
            for _ in range(args.games):
                end = play(engine, defender, random_position(pieces, rng),
                           engine_limit, defender_limit)
                if end.is_checkmate():
                    mates.append(end.fullmove_number)
            won += len(mates)
            played += args.games
            print(f"{name}: won {len(mates)}/{args.games}, mate after moves {mates}", flush=True)
    finally:
        engine.quit()
        defender.quit()
    print(f"won {won}/{played}")


if __name__ == "__main__":
    main()
