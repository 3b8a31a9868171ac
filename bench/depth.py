"""CliqueR's strategic depth as a skill chain, and how well the fast difficulty measure predicts it.

The idea of Lantz, Isaksen, Jaffe, Nealen and Togelius ("Depth in Strategic Games", 2017): a
ladder of players of rising strength, each playing the rung below from both seats on the same
board. The rungs and the chain are pnp's own (pnp/games/cliquer/players.py and depth.py, what
`pnp analyze --depth` prints):

    random < greedy (most points now) < lookahead2 (one reply) < lookahead3 (two replies) < perfect

A rung *reliably beats* the one below on a board when it wins at least WIN_SHARE of GAMES pairs of
games, a pair being one game from each seat with the same seed: the pair is won when the
stronger rung's margins over its two games add up to more than zero (half when to zero). Pairs,
not single games, because the seat decides much of a game: under perfect play the first player
wins exactly when the game's move count is odd (bench/solver_speed.py's balance), so a perfect
player in the losing seat loses a single game to almost anyone. A board's **depth** is the
number of rungs, counted from the bottom, that each reliably beat the one below before the first
that does not (0..4); its **gains** are each rung's mean margin a move over the one below.
Perfect play is a rung only where the solver answers quickly (up to PERFECT_UPTO dots); above
that the chain stops at lookahead3 (depth 0..3).

Then Spearman's rho of the fast measure (pnp.games.cliquer.difficulty, milliseconds a board)
against the depth, against the total gain up the chain, and against the points a greedy and a
one-reply player lose a move to perfect play; beside it, rho of the interior-dot share alone.
Also the solver's CPU seconds a board (first solve, the perfect rung's table then carries over).

    python bench/depth.py                  # 7-10 dots, 8 boards a size, 6 games a seat
    python bench/depth.py --quick          # 7-9 dots, 4 boards a size, 4 games a seat
    python bench/depth.py --analyze-cost   # CPU of `pnp analyze --depth` at 9, 10, 11 dots
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from calibrate_difficulty import spearman  # noqa: E402
from cliquer_corpus import corpus  # noqa: E402

from pnp.games.cliquer.depth import RUNGS, WIN_SHARE, board_row, perfect_loss  # noqa: E402
from pnp.games.cliquer.depth import chain as board_chain  # noqa: E402

PERFECT_UPTO = 9


def chain(dots, games: int, tag: str) -> dict:
    """The package's chain (pnp/games/cliquer/depth.py, what `pnp analyze --depth` prints), with
    perfect play up to PERFECT_UPTO dots and no budget, and the fast measures beside it."""
    row = board_row(dots)
    got = board_chain(dots, games, tag, perfect=True if row["n"] <= PERFECT_UPTO
                      else f"more than {PERFECT_UPTO} dots")
    return {**row, "steps": got["steps"], "depth": got["depth"], "solve_s": got["solve_seconds"]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--sizes", help="dot counts (default 7,8,9,10; --quick 7,8,9)")
    ap.add_argument("--boards", type=int, help="boards a size (default 8; --quick 4)")
    ap.add_argument("--games", type=int, help="games from each seat a rung pair (default 6; --quick 4)")
    ap.add_argument("--analyze-cost", action="store_true",
                    help="instead: CPU seconds of `pnp analyze --depth`'s chain (default budget, "
                         "6 pairs) on the corpus boards")
    args = ap.parse_args(argv)
    if args.analyze_cost:
        analyze_cost([int(x) for x in args.sizes.split(",")] if args.sizes else [9, 10, 11],
                     args.boards or 2)
        return
    sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else \
        [7, 8, 9] if args.quick else [7, 8, 9, 10]
    boards = args.boards or (4 if args.quick else 8)
    games = args.games or (4 if args.quick else 6)
    print(f"skill chain {' < '.join(RUNGS)}; a rung reliably beats the one below when it wins >= "
          f"{WIN_SHARE:.0%} of {games} pairs of games (one from each seat); perfect play up to "
          f"{PERFECT_UPTO} dots; boards: bench/cliquer_corpus.py seed 3")
    print(f"{'dots':>4} {'board':>5} {'diff':>6} {'inside':>6} | " +
          " | ".join(f"{b[:5]}>{a[:5]} win  gain" for a, b in zip(RUNGS, RUNGS[1:])) +
          f" | depth | solve s | greedy/la2 loss a move to perfect")
    rows = []
    for n in sizes:
        for i, dots in enumerate(corpus(n, boards, seed=3)):
            row = chain(dots, games, f"{n}:{i}")
            if n <= PERFECT_UPTO:
                row["loss"] = perfect_loss(dots, games, f"{n}:{i}")
            rows.append(row)
            cells = " | ".join(f"{s['win']:15.2f} {s['gain']:5.2f}" for s in row["steps"])
            cells += " | " + " " * 21 if len(row["steps"]) < 4 else ""
            loss = row.get("loss")
            print(f"{n:4d} {i:5d} {row['difficulty']:6.3f} {row['interior']:6.2f} | {cells} | "
                  f"{row['depth']:5d} | {row['solve_s'] if row['solve_s'] is not None else float('nan'):7.2f} | "
                  + (f"{loss['greedy']:.2f} / {loss['lookahead2']:.2f}" if loss else "-"), flush=True)
    print()

    def rho(rows, key, value=lambda r: r["difficulty"]):
        got = spearman([value(r) for r in rows], [key(r) for r in rows])
        return "   -" if got is None else f"{got:+.2f}"

    total_gain = lambda r: sum(s["gain"] for s in r["steps"][:3])   # noqa: E731 (to lookahead3)
    print("Spearman rho        | depth | gain random..la3 | greedy loss | la2 loss | boards")
    for label, group in [(f"{n} dots", [r for r in rows if r["n"] == n]) for n in sizes] + \
            [("all", rows)]:
        solved = [r for r in group if "loss" in r]
        for name, value in (("difficulty", lambda r: r["difficulty"]),
                            ("interior share", lambda r: r["interior"])):
            print(f"{label:>8} {name:>14} | {rho(group, lambda r: r['depth'], value):>5} | "
                  f"{rho(group, total_gain, value):>16} | "
                  f"{rho(solved, lambda r: r['loss']['greedy'], value) if len(solved) > 2 else '   -':>11} | "
                  f"{rho(solved, lambda r: r['loss']['lookahead2'], value) if len(solved) > 2 else '   -':>8} |"
                  f" {len(group):6d}")
    depths = {}
    for r in rows:
        depths.setdefault(r["n"], []).append(r["depth"])
    print()
    print("depth by dots: " + "; ".join(f"{n}: " + ", ".join(f"{d}x{depths[n].count(d)}"
                                                             for d in sorted(set(depths[n])))
                                        for n in sorted(depths)))


def analyze_cost(sizes: list[int], boards: int) -> None:
    """What `pnp analyze CODE --depth` spends on the chain, unasked budget (analysis.QUICK)."""
    import time

    from pnp.games.cliquer.analysis import QUICK, depth_figures

    print(f"pnp analyze --depth: the chain within the default budget ({QUICK.seconds:g} s, "
          f"{QUICK.memory_mb} MB), 6 pairs a rung; boards: bench/cliquer_corpus.py seed 3")
    for n in sizes:
        for i, dots in enumerate(corpus(n, boards, seed=3)):
            start = time.process_time()
            got = depth_figures(dots, None)
            print(f"{n:4d} dots board {i}: depth {got['depth']} of {len(got['steps'])}, "
                  f"{time.process_time() - start:5.1f} s CPU"
                  + (f"; perfect play left out ({got['perfect_play_left_out']})"
                     if got["perfect_play_left_out"] else ""), flush=True)


if __name__ == "__main__":
    main()
