"""Blind random play on Thinking in Circles boards, by the printed rules: game length, blockers,
fairness, and how often the card's house rules come into play.

Prints, per board setup and player count, and for two kinds of player (blind: spends a blocker
30 % of the times it may; hoard: never spends one):
  turns     median / 90th percentile turns per game
  peak out  90th percentile / most blockers held at once (the starting ones included)
  printed   blockers printed (one per player plus the default supply)
  empty%    games where a gain found the supply empty (house rule: nobody gains one)
  both%     games won by a move that met both sides' goals (house rule: the mover's side wins)
  black%, white%, first%   who won (first: the side that moved first), as shares of won games
  color%    wins by three on the winner's color rather than by shapes
  none%     games without a winner after 2000 turns (these rows play without the card's turn limit)
  calm%     games the card's ending would come into play in (longer than CALM_TURNS turns)

Then the card's ending with blind, greedy (one move ahead: see pnp/games/circles/playing/players.py),
marker-count, guessing and lead-keeping players on plain, Lockdown, ring and every-variant boards
("endings" below, the columns there).
Run: python bench/circles_play.py [games-per-setup] [greedy-games]
     (default 2000 and 100: 20 rows of 2000 blind games and 12 of looking ones, some minutes)
     python bench/circles_play.py --endings [games]   # every ending in ENDINGS (default 40)
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))   # tests/support

from pnp.games import circles  # noqa: E402
from pnp.games.circles.board import Variants  # noqa: E402
from pnp.games.circles.card_text import CALM_TURNS, ENDING  # noqa: E402
from pnp.games.circles.rules import Ending  # noqa: E402
from support.sim.circles_play import BLIND_SPEND, Candidate, random_game  # noqa: E402

LOCKDOWN = Variants(lockdown=True)
EVERY = Variants(lockdown=True, spin_cycle=3, uncloned=True, wild_cards=True)
SETUPS = {
    "default row": circles.Item(variants=LOCKDOWN),
    "default ring": circles.Item(arrangement="ring", variants=LOCKDOWN),
    "row, every variant": circles.Item(variants=EVERY),
    "row, 24 spaces": circles.Item(spaces=24, variants=LOCKDOWN),
    "row, 13 spaces": circles.Item(spaces=13, variants=LOCKDOWN),
}
PLAYERS = (2, 4)
PLAYS = {"blind": BLIND_SPEND, "hoard": 0.0}


def pct(values, q):
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def share(part: int, whole: int) -> float:
    return 100 * part / max(1, whole)


def run(item, games: int, spend: float, seed: str, every: int = 20, **play) -> list:
    rng = random.Random(seed)
    results = []
    for g in range(games):
        if g % every == 0:
            board = circles.generate(item, rng, "B")
        results.append(random_game(board, rng, spend, **play))
    return results


GREEDY_SETUPS = {"plain row": circles.Item(), **{k: SETUPS[k] for k in ("default row",
                                                                        "default ring",
                                                                        "row, every variant")}}
# Endings weighed (rules.Ending, and the simulator's Candidate for rules a card's Ending cannot
# say): the card's, the one it had before issue 36, and every other one tried (issue 36)
ENDINGS = {
    f"card: 0 moves from {CALM_TURNS + 1}": ENDING,
    "before: markers at 150": Ending(step_from=None, draw_at=150, markers=True),
    "draw at 200": Ending(step_from=None, draw_at=200),
    "0 mover's way from 40": Ending(step_from=40, draw_at=200),
    "0 clockwise from 20": Ending(step_from=20, draw_at=200, clockwise=True),
    "the card's, any circle": Ending(step_from=CALM_TURNS + 1, draw_at=200, clockwise=True),
    "Wild Cards from 40": Candidate(step_from=None, draw_at=200, wild_from=40),
    "a goal more every 20": Candidate(step_from=None, draw_at=200, goals_from=40, smart=True),
    "hand hidden first, 40": Candidate(step_from=None, draw_at=200, first_from=40),
    "no circle twice": Candidate(step_from=None, draw_at=200, fresh_from=1),
    "0 back to start, 20": Candidate(step_from=20, draw_at=200, reset=True),
}
LOOKING = ("blind", "greedy", "marker-count", "guessing", "lead-keeping")


def endings(games: int, names=tuple(ENDINGS)) -> None:
    """Each ending with blind, greedy, marker-count, guessing and lead-keeping players (two; see
    pnp/games/circles/playing/players.py) on plain, Lockdown, ring and every-variant boards: the
    share of games the ending's last turn decides (by markers or as a draw), the share won by a
    move the ending made (a total of 0 it moved) or allowed (Wild Cards it switched on, a goal it
    wrote), and the first side's share of the games won."""
    print(f"\n{games} games per row, 2 players, a fresh board every 10 games")
    print(f"{'ending':24} {'setup':19} {'players':12} {'turns':>9} {'last turn%':>10} "
          f"{'draw%':>5} {'won by the rule%':>16} {'first% of won':>13}")
    for name in names:
        ending = ENDINGS[name]
        for setup, base in GREEDY_SETUPS.items():
            item = circles.Item(**{**base.__dict__, "players": 2})
            for players in LOOKING:
                rows = run(item, games, BLIND_SPEND, f"{setup}/{players}", every=10,
                           players=players, ending=ending)
                turns = [r.turns for r in rows]
                won = [r for r in rows if r.winner]
                assert all(r.winner or r.limit for r in rows)      # every game ends
                print(f"{name:24} {setup:19} {players:12} "
                      f"{statistics.median(turns):>4.0f}/{pct(turns, 0.9):<4} "
                      f"{share(sum(r.limit for r in rows), games):>10.1f} "
                      f"{share(sum(r.limit and r.winner is None for r in rows), games):>5.1f} "
                      f"{share(sum(r.rule_won for r in rows), games):>16.1f} "
                      f"{share(sum(r.first_won for r in won), len(won)):>13.1f}", flush=True)


def main(games: int = 2000) -> None:
    print(f"{games} blind games per row, a fresh board every 20 games; Lockdown on in every "
          "setup. Columns: see the docstring of bench/circles_play.py.")
    print(f"{'setup':19} {'pl':>2} {'play':5} {'turns':>7} {'peak out':>8} {'printed':>7} "
          f"{'empty%':>6} {'both%':>5} {'black%':>6} {'white%':>6} {'first%':>6} "
          f"{'color%':>6} {'none%':>5} {'calm%':>6}")
    totals = {play: [0, 0, 0] for play in PLAYS}      # games, empty supply, double wins
    for name, base in SETUPS.items():
        for players in PLAYERS:
            item = circles.Item(**{**base.__dict__, "players": players})
            for play, spend in PLAYS.items():
                results = run(item, games, spend, f"{name}/{players}/{play}")
                turns = [r.turns for r in results]
                peak = [r.peak_out for r in results]
                won = [r for r in results if r.winner]
                empty = sum(r.short > 0 for r in results)
                both = sum(r.both for r in results)
                t = totals[play]
                t[0], t[1], t[2] = t[0] + games, t[1] + empty, t[2] + both
                print(f"{name:19} {players:>2} {play:5} "
                      f"{statistics.median(turns):>3.0f}/{pct(turns, 0.9):<3} "
                      f"{pct(peak, 0.9):>4}/{max(peak):<3} {item.supply + players:>7} "
                      f"{share(empty, games):>6.1f} {share(both, games):>5.1f} "
                      f"{share(sum(r.winner == 'black' for r in won), len(won)):>6.1f} "
                      f"{share(sum(r.winner == 'white' for r in won), len(won)):>6.1f} "
                      f"{share(sum(r.first_won for r in won), len(won)):>6.1f} "
                      f"{share(sum(r.by == 'color' for r in won), len(won)):>6.1f} "
                      f"{share(games - len(won), games):>5.1f} "
                      f"{share(sum(t > CALM_TURNS for t in turns), games):>6.1f}")
    for play, (n, empty, both) in totals.items():
        print(f"all setups, {play}: the supply ran out in {share(empty, n):.1f} % of {n} games; "
              f"one move won for both sides in {share(both, n):.1f} %")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--endings":
        endings(int(sys.argv[2]) if len(sys.argv) > 2 else 40)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
        endings(int(sys.argv[2]) if len(sys.argv) > 2 else 100, names=tuple(ENDINGS)[:1])
