"""Blind random play on Thinking in Circles boards: game length, blockers, and fairness.

Prints, per board setup, turns per game, Lockdown blockers out of the supply at the peak
(against the default supply), and who wins (black/white, by color or by shapes), so the
defaults and the fairness guarantee can be judged from figures.
Run: python bench/circles_play.py [games-per-setup]
"""

from __future__ import annotations

import random
import statistics
import sys

from pnp.games import circles
from pnp.games.circles.board import Variants
from sim.circles_play import random_game

SETUPS = {
    "default row, Lockdown": circles.Item(variants=Variants(lockdown=True)),
    "default ring, Lockdown": circles.Item(arrangement="ring", variants=Variants(lockdown=True)),
    "row, every variant": circles.Item(variants=Variants(lockdown=True, spin_cycle=3,
                                                         uncloned=True, wild_cards=True)),
    "row, 24 spaces, Lockdown": circles.Item(spaces=24, variants=Variants(lockdown=True)),
    "row, 13 spaces, Lockdown": circles.Item(spaces=13, variants=Variants(lockdown=True)),
}


def pct(values, q):
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main(games: int = 2000) -> None:
    print(f"{games} blind games per setup, a fresh board every 20 games. peak out: most "
          "blockers held at once (the 2 starting ones included); printed: blockers printed; "
          "short: games where a gain found the supply empty; first: the first player won")
    print(f"{'setup':26} {'turns med/p90':>13} {'peak out p90/max':>16} {'printed':>7} "
          f"{'short%':>6} {'black%':>6} {'white%':>6} {'first%':>6} {'color%':>6} {'none%':>5}")
    for name, item in SETUPS.items():
        rng = random.Random(name)
        results = []
        for g in range(games):
            if g % 20 == 0:
                board = circles.generate(item, rng, "B")
            results.append(random_game(board, rng))
        turns = [r.turns for r in results]
        peak = [r.peak_out for r in results]
        won = [r for r in results if r.winner]
        share = lambda pred: 100 * sum(1 for r in won if pred(r)) / max(1, len(won))  # noqa: E731
        # the mover wins when the winning move was made on their turn: turns odd = first player
        print(f"{name:26} {statistics.median(turns):>6.0f}/{pct(turns, 0.9):<6} "
              f"{pct(peak, 0.9):>8}/{max(peak):<7} {item.supply + item.players:>7} "
              f"{100 * sum(r.short > 0 for r in results) / games:>6.1f} "
              f"{share(lambda r: r.winner == 'black'):>6.1f} "
              f"{share(lambda r: r.winner == 'white'):>6.1f} "
              f"{share(lambda r: r.turns % 2 == 1):>6.1f} "
              f"{share(lambda r: r.by == 'color'):>6.1f} "
              f"{100 * (games - len(won)) / games:>5.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
