"""How many remarks a game of Cliques takes, from random play (pnp.games.cliques.play).

Prints, per player count, the remarks used in simulated games (median and 90th percentile)
next to the remark cards a set carries by default, so the default can be judged.
Run: python bench/cliques_remarks.py [games-per-count]
"""

from __future__ import annotations

import random
import statistics
import sys

from pnp.games.cliques.rules import remark_cards
from pnp.games.cliques.rules import MAX_PLAYERS, MIN_PLAYERS
from sim.cliques_play import random_game


def main(games: int = 300) -> None:
    print("players  approve  median  p90   max  printed  median/printed")
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for approve in (0.3, 0.5, 0.7):
            rng = random.Random(f"{players}-{approve}")
            used = sorted(sum(len(r) for r in random_game(players, rng, approve).remarks)
                          for _ in range(games))
            printed = remark_cards(players)
            median = statistics.median(used)
            print(f"{players:7d}  {approve:7.1f}  {median:6.1f}  {used[int(0.9 * games)]:4d}  "
                  f"{used[-1]:4d}  {printed:7d}  {median / printed:14.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
