#!/usr/bin/env python3
"""A strength match: x88's UCI engine against Stockfish playing at a limited Elo.

Usage (from anywhere; relative default paths are taken from the repository root):

    cargo build --release --features search --example uci
    pip install chess                   # python-chess
    apt-get install -y stockfish        # /usr/games/stockfish
    python3 examples/match.py [--games 100] [--tc 5+0.05] [--elo 1800]
        [--engine target/release/examples/uci] [--stockfish /usr/games/stockfish]
        [--hash 16] [--engine-option NAME=VALUE ...] [--sf-option NAME=VALUE ...]
        [--pgn out.pgn] [--first 1]

The games are played one at a time, in colour-swapped pairs from the opening lines below
(pair k uses line k, cycling), each engine with its own real clock: base time plus increment
(`--tc 5+0.05` is 5 s and 0.05 s a move). The runner measures each move's time itself; a side
whose move takes longer than its clock loses on time (a draw if the opponent cannot mate). A
move that is not legal (or no move in a position that has one) loses, as does an engine crash;
a crashed or hung engine is restarted for the next game. Games end by python-chess's rules:
checkmate, stalemate, insufficient material, the 75-move rule and fivefold repetition, and the
claimable threefold repetition and 50-move rule are taken as draws at once.

A long match can be split over the cores, one process each: `--first 101 --games 100` plays
games 101 to 200 of the match (the openings and colours those games have in one run), so
that a second process beside `--games 100` completes a 200-game match.

One line is printed per game; the summary gives wins/draws/losses from x88's point of view,
the score, an Elo difference estimate with a 95% error bar (from the per-game score variance),
and the counts of illegal moves, crashes and time forfeits. The exit status is 0. In the
`--pgn` file each engine move carries the time it took and its side's clock after it, as the
comments `[%emt]` and `[%clk]` that GUIs and python-chess read.
"""

import argparse
import asyncio
import math
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

try:
    import chess
    import chess.engine
    import chess.pgn
except ImportError:
    sys.exit("match.py needs python-chess: pip install chess")

REPO = Path(__file__).resolve().parents[1]

# Short, balanced opening lines in UCI, 4 to 8 plies each.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",  # Ruy Lopez
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",  # Italian
    "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6",  # Two Knights
    "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4",  # Scotch
    "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6",  # Four Knights
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",  # Petroff
    "e2e4 e7e5 g1f3 d7d6 d2d4 e5d4",  # Philidor
    "e2e4 e7e5 b1c3 g8f6 g2g3 d7d5",  # Vienna
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6",  # Open Sicilian
    "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g7g6",  # Accelerated Dragon
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6",  # Kan
    "e2e4 c7c5 g1f3 d7d6 f1b5 c8d7",  # Moscow
    "e2e4 c7c5 g1f3 b8c6 f1b5 g7g6",  # Rossolimo
    "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6",  # Closed Sicilian
    "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5",  # Alapin
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",  # French, Classical
    "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4",  # French, Winawer
    "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5",  # French, Advance
    "e2e4 e7e6 d2d4 d7d5 b1d2 c7c5",  # French, Tarrasch
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5",  # Caro-Kann, Classical
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",  # Caro-Kann, Advance
    "e2e4 c7c6 c2c4 d7d5 e4d5 c6d5",  # Caro-Kann, Panov
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",  # Pirc
    "e2e4 g7g6 d2d4 f8g7 b1c3 d7d6",  # Modern
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",  # Scandinavian
    "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6",  # Alekhine
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",  # Queen's Gambit Declined
    "d2d4 g8f6 c2c4 e7e6 g1f3 d7d5 b1c3 f8e7",  # QGD, main line
    "d2d4 d7d5 c2c4 e7e6 g1f3 c7c5",  # Tarrasch Defence
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",  # Slav
    "d2d4 d7d5 c2c4 c7c6 b1c3 e7e6",  # Semi-Slav
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6",  # Queen's Gambit Accepted
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",  # Nimzo-Indian
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",  # Queen's Indian
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",  # King's Indian
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",  # Gruenfeld
    "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6",  # Benoni
    "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5",  # Catalan
    "d2d4 f7f5 g2g3 g8f6 f1g2 g7g6",  # Dutch, Leningrad
    "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6",  # London
    "d2d4 g8f6 g1f3 e7e6 e2e3 c7c5",  # Colle
    "d2d4 g8f6 c1g5 e7e6 e2e4 h7h6",  # Trompowsky
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",  # English, Four Knights
    "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6",  # English, Symmetrical
    "c2c4 g8f6 b1c3 e7e6 e2e4 d7d5",  # English, Mikenas
    "c2c4 e7e5 g2g3 g8f6 f1g2 d7d5",  # English, Reversed Sicilian
    "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6",  # Reti
    "g1f3 g8f6 c2c4 b7b6 g2g3 c8b7",  # Reti, double fianchetto
    "b2b3 e7e5 c1b2 b8c6 e2e3 g8f6",  # Larsen
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6",  # Sicilian, Taimanov
]

X88 = "x88"
STOCKFISH = "stockfish"


@dataclass
class Tally:
    """The match so far, from x88's point of view."""

    scores: list = field(default_factory=list)  # 1, 0.5 or 0 per game
    illegal: dict = field(default_factory=lambda: {X88: 0, STOCKFISH: 0})
    crashes: dict = field(default_factory=lambda: {X88: 0, STOCKFISH: 0})
    forfeits: dict = field(default_factory=lambda: {X88: 0, STOCKFISH: 0})

    def wdl(self):
        return (self.scores.count(1.0), self.scores.count(0.5), self.scores.count(0.0))


class Player:
    """One engine process, restarted after a crash or a hang."""

    def __init__(self, name, command, options):
        self.name = name
        self.command = command
        self.options = options
        self.engine = None
        self.transport = None

    async def start(self):
        self.transport, self.engine = await chess.engine.popen_uci(self.command)
        known = {k: v for k, v in self.options.items() if k in self.engine.options}
        for name in self.options.keys() - known.keys():
            print(f"warning: {self.name} has no option {name!r}", file=sys.stderr)
        await self.engine.configure(known)
        return self

    async def close(self):
        if self.engine is None:
            return
        try:
            await asyncio.wait_for(self.engine.quit(), 5)
        except Exception:  # hung or already dead: make sure it is gone
            self.transport.close()
        self.engine = self.transport = None

    async def restart(self):
        await self.close()
        await self.start()


@dataclass
class Clock:
    """The two sides' remaining time, in seconds."""

    base: float
    inc: float

    def __post_init__(self):
        self.left = {chess.WHITE: self.base, chess.BLACK: self.base}
        # For each move played by an engine, by its ply in the game: the seconds it took and
        # the mover's clock after it (the increment added), for the PGN's comments.
        self.spent = {}

    def limit(self):
        return chess.engine.Limit(
            white_clock=self.left[chess.WHITE],
            black_clock=self.left[chess.BLACK],
            white_inc=self.inc,
            black_inc=self.inc,
        )


async def play_game(players, opening, clock, tally):
    """Plays one game; returns (result, termination, board). `players` maps colour to Player."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    game_key = object()  # a new key makes python-chess send ucinewgame
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower(), board
        side = board.turn
        player = players[side]
        loses = "0-1" if side == chess.WHITE else "1-0"
        start = time.monotonic()
        try:
            # Some grace over the clock to tell a hung engine from a slow one.
            result = await asyncio.wait_for(
                player.engine.play(board, clock.limit(), game=game_key),
                clock.left[side] + 2.0,
            )
        except asyncio.TimeoutError:
            tally.forfeits[player.name] += 1
            await player.restart()
            return flag_result(board, side), f"{player.name} hung and lost on time", board
        except chess.engine.EngineTerminatedError:
            tally.crashes[player.name] += 1
            await player.restart()
            return loses, f"{player.name} crashed", board
        except chess.engine.EngineError as e:
            tally.illegal[player.name] += 1
            await player.restart()
            return loses, f"{player.name} sent an illegal move ({e})", board
        elapsed = time.monotonic() - start
        if elapsed > clock.left[side]:
            tally.forfeits[player.name] += 1
            return flag_result(board, side), f"{player.name} lost on time", board
        clock.left[side] += clock.inc - elapsed
        clock.spent[len(board.move_stack)] = (elapsed, clock.left[side])
        if not result.move or result.move not in board.legal_moves:
            tally.illegal[player.name] += 1
            return loses, f"{player.name} sent an illegal move ({result.move})", board
        board.push(result.move)


def flag_result(board, side):
    """The result when `side` runs out of time: a loss, or a draw if the other side cannot mate."""
    if board.has_insufficient_material(not side):
        return "1/2-1/2"
    return "0-1" if side == chess.WHITE else "1-0"


def score_for(result, x88_color):
    if result == "1/2-1/2":
        return 0.5
    white_won = result == "1-0"
    return 1.0 if white_won == (x88_color == chess.WHITE) else 0.0


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_estimate(scores):
    """The Elo difference and the half-width of its 95% interval, from the per-game scores.

    >>> [round(x, 1) for x in elo_estimate([1.0, 0.5, 0.5, 0.0, 0.5, 1.0])]
    [58.5, 226.6]

    One game says nothing about how the scores spread, so its interval is unbounded (their
    variance, 0, would give a width of 0), and no game gives no estimate:

    >>> elo_estimate([0.5])[1]
    inf
    >>> elo_estimate([])
    (0.0, inf)
    """
    n = len(scores)
    if n == 0:
        return 0.0, math.inf
    mean = sum(scores) / n
    variance = sum((s - mean) ** 2 for s in scores) / n
    if not 0.0 < mean < 1.0:
        return (math.inf if mean >= 1.0 else -math.inf), math.nan
    if n < 2:
        return elo(mean), math.inf
    margin = 1.96 * math.sqrt(variance / n)
    low = elo(max(mean - margin, 1e-6))
    high = elo(min(mean + margin, 1.0 - 1e-6))
    return elo(mean), (high - low) / 2.0


def pgn_game(board, headers, spent):
    """The game as PGN; each engine move carries its time (`[%emt]`) and the mover's clock
    after it (`[%clk]`), from `spent` (see `Clock.spent`)."""
    game = chess.pgn.Game.from_board(board)
    for key, value in headers.items():
        game.headers[key] = value
    for ply, node in enumerate(game.mainline()):
        if ply in spent:
            elapsed, left = spent[ply]
            node.set_emt(elapsed)
            node.set_clock(max(left, 0.0))
    return game


def parse_tc(text):
    base, _, inc = text.partition("+")
    try:
        base, inc = float(base), float(inc or 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"time control must be BASE+INC in seconds, not {text!r}")
    if base <= 0 or inc < 0:
        raise argparse.ArgumentTypeError(
            "the base time must be positive and the increment not negative"
        )
    return base, inc


def parse_option(text):
    """`NAME=VALUE` as a (name, value) pair, for the engine-option flags of match.py,
    sprt.py and wac.py.

    >>> parse_option("Threads=2")
    ('Threads', '2')
    >>> parse_option("UCI_Elo=")
    ('UCI_Elo', '')
    >>> parse_option("Threads")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: options are NAME=VALUE, not 'Threads'
    """
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"options are NAME=VALUE, not {text!r}")
    return name, value


def repo_path(text):
    """`text` as a path: as given when it is absolute or exists from here, else from the
    repository root (so `target/release/examples/uci` works from any directory)."""
    path = Path(text)
    return path if path.is_absolute() or path.exists() else REPO / path


async def run(args):
    base, inc = args.tc
    engine = repo_path(args.engine)
    if not engine.exists():
        sys.exit(f"no engine at {engine}: cargo build --release --features search --example uci")
    if not (Path(args.stockfish).exists() or shutil.which(args.stockfish)):
        sys.exit(
            f"no Stockfish at {args.stockfish}: apt-get install -y stockfish, or --stockfish PATH"
        )
    x88_options = {"Hash": args.hash, **dict(args.engine_option)}
    sf_options = {
        "Hash": args.hash,
        "Threads": 1,
        "UCI_LimitStrength": "true",
        "UCI_Elo": args.elo,
        **dict(args.sf_option),
    }
    x88 = await Player(X88, str(engine), x88_options).start()
    stockfish = await Player(STOCKFISH, args.stockfish, sf_options).start()
    tally = Tally()
    pgn = open(args.pgn, "w") if args.pgn else None
    try:
        for number in range(args.first - 1, args.first - 1 + args.games):
            opening = OPENINGS[(number // 2) % len(OPENINGS)]
            x88_color = chess.WHITE if number % 2 == 0 else chess.BLACK
            players = {x88_color: x88, not x88_color: stockfish}
            clock = Clock(base, inc)
            result, why, board = await play_game(players, opening, clock, tally)
            tally.scores.append(score_for(result, x88_color))
            w, d, l = tally.wdl()
            colour = "white" if x88_color == chess.WHITE else "black"
            print(
                f"game {number + 1:3}/{args.first - 1 + args.games}: x88 {colour:5} {result:7} "
                f"({why}, {board.fullmove_number} moves)  x88 +{w} ={d} -{l}",
                flush=True,
            )
            if pgn:
                names = {x88_color: X88, not x88_color: f"stockfish {args.elo}"}
                white, black = names[chess.WHITE], names[chess.BLACK]
                headers = {
                    "Event": f"x88 match {base:g}+{inc:g}",
                    "Date": time.strftime("%Y.%m.%d"),
                    "Round": str(number + 1),
                    "White": white,
                    "Black": black,
                    "Result": result,
                    "Termination": why,
                }
                print(pgn_game(board, headers, clock.spent), file=pgn, end="\n\n", flush=True)
    finally:
        if pgn:
            pgn.close()
        await x88.close()
        await stockfish.close()
    summarize(tally, args)


def summarize(tally, args):
    w, d, l = tally.wdl()
    n = len(tally.scores)
    score = sum(tally.scores) / n
    diff, margin = elo_estimate(tally.scores)
    print()
    print(f"x88 vs stockfish (UCI_Elo {args.elo}), {n} games at {args.tc[0]:g}+{args.tc[1]:g}")
    print(f"x88: +{w} ={d} -{l}, score {100 * score:.1f}%")
    if math.isinf(diff):
        print(f"Elo difference: {diff:+} (every game {'won' if diff > 0 else 'lost'}: no estimate)")
    else:
        print(f"Elo difference: {diff:+.0f} +/- {margin:.0f} (95%)")
    for name in (X88, STOCKFISH):
        print(
            f"{name}: {tally.illegal[name]} illegal moves, {tally.crashes[name]} crashes, "
            f"{tally.forfeits[name]} time forfeits"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--tc", type=parse_tc, default=(5.0, 0.05),
                        help="BASE+INC seconds (default 5+0.05)")
    parser.add_argument("--elo", type=int, default=1800, help="Stockfish's UCI_Elo (default 1800)")
    parser.add_argument("--engine", default="target/release/examples/uci",
                        help="the x88 UCI engine")
    parser.add_argument("--stockfish", default="/usr/games/stockfish", help="the Stockfish binary")
    parser.add_argument("--hash", type=int, default=16, help="Hash in MiB for both (default 16)")
    parser.add_argument("--engine-option", type=parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="a UCI option for x88 (repeatable)")
    parser.add_argument("--sf-option", type=parse_option, action="append", default=[],
                        metavar="NAME=VALUE", help="a UCI option for Stockfish (repeatable)")
    parser.add_argument("--pgn", help="write the games to this PGN file")
    parser.add_argument("--first", type=int, default=1,
                        help="number of the first game to play (default 1; see above)")
    args = parser.parse_args()
    if args.games < 1 or args.first < 1:
        parser.error("--games and --first must be at least 1")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
