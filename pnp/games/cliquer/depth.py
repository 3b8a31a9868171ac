"""A CliqueR board's strategic depth: the skill chain of Lantz, Isaksen, Jaffe, Nealen and
Togelius ("Depth in Strategic Games", 2017).

A ladder of players of rising strength (players.py), each playing the rung below from both seats
on the same board:

    random < greedy (most points now) < lookahead2 (one reply) < lookahead3 (two replies) < perfect

A rung *reliably beats* the one below when it wins at least WIN_SHARE of ``games`` pairs of games,
a pair being one game from each seat with the same seed: the pair is won when the stronger rung's
margins over its two games add up to more than zero (half when to zero). Pairs, not single games,
because the seat decides much of a game: under perfect play the first player wins exactly when
the game's move count is odd, so a perfect player in the losing seat loses a single game to
almost anyone. The **depth** is the number of rungs, counted from the bottom, that each reliably
beat the one below before the first that does not; the **gain** of a rung is its mean margin a
move over the rung below.

Perfect play is the top rung when the solver finishes within its budget (its table carries over
from move to move, and the budget bounds all of its work, games included). Otherwise the top rung
is ``search`` (players.Deepening: lookahead as deep as a count of positions allows each move,
exact to the end once few moves are left), so a board of any size has a chain of four steps,
and the figures say why perfect play was left out. Every game's seed is a string of the tag, the rung, the pair
and the seat, so the same board, games and tag give the same figures on any machine.
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from .difficulty import measure
from .geometry import Dot
from .players import (SEARCH_POSITIONS, Deepening, Lookahead, Perfect, greedy_player, margin,
                      play_game, random_player)
from .rules import Rules
from .solver import Budget, OverBudget

WIN_SHARE = 0.6
GAMES = 6          # pairs of games a rung pair, as bench/depth.py's default
RUNGS = ("random", "greedy", "lookahead2", "lookahead3", "perfect")
SEARCH = "search"      # the top rung in perfect play's place when the solver is out of budget


def chain(dots: Sequence[Dot], games: int = GAMES, tag: str = "board",
          budget: Budget | None = None, perfect: bool | str = True,
          search: int | None = SEARCH_POSITIONS) -> dict:
    """Each rung against the one below on one board, as JSON-ready figures.

    ``perfect``: True to try the perfect rung within ``budget``; a string leaves it out and is
    the reason given. ``search``: positions a move of the search rung that stands in for perfect
    play when it is left out (None: no stand-in, the chain stops at lookahead3). Keys: rungs
    (those played), steps (one per rung pair: rung, below, pairs won share, reliable, gain a
    move), depth, threshold, pairs, perfect_play_left_out (None or why), search_positions (None
    unless the search rung was played), solve_seconds (CPU seconds of the first solve; None
    without perfect play)."""
    if games < 1:
        raise ValueError(f"the skill chain needs at least one pair of games, got {games}")
    rules = Rules(tuple((int(x), int(y)) for x, y in dots))
    ladder = [random_player, greedy_player, Lookahead(2), Lookahead(3)]
    left_out = perfect if isinstance(perfect, str) else None if perfect else "not asked for"
    solve_seconds = None
    steps = [_step(rules, ladder[i], ladder[i - 1], i, games, tag) for i in range(1, len(ladder))]
    if left_out is None:
        start = time.process_time()
        try:
            top = Perfect(rules, budget)
            top.solver.solve(whole_line=False)
            solve_seconds = time.process_time() - start
            steps.append(_step(rules, top, ladder[-1], len(ladder), games, tag))
            ladder.append(top)
        except (OverBudget, MemoryError) as exc:
            left_out = f"past its budget: {exc}" if isinstance(exc, OverBudget) else "out of memory"
            solve_seconds = None
    names = list(RUNGS[:len(ladder)])
    searched = None
    if left_out is not None and search is not None:
        top = Deepening(search)
        steps.append(_step(rules, top, ladder[-1], len(ladder), games, tag, SEARCH))
        ladder.append(top)
        names.append(SEARCH)
        searched = search
    depth = 0
    for step in steps:
        if not step["reliable"]:
            break
        depth += 1
    return {"rungs": names, "steps": steps, "depth": depth,
            "threshold": WIN_SHARE, "pairs": games, "perfect_play_left_out": left_out,
            "search_positions": searched, "solve_seconds": solve_seconds}


def _step(rules: Rules, strong, weak, i: int, games: int, tag: str, name: str | None = None) -> dict:
    """Rung i (strong) against rung i - 1 (weak): ``games`` pairs, one game from each seat."""
    wins = total = 0.0
    for g in range(games):
        both = 0
        for seat in (0, 1):       # the stronger rung's seat
            pair = [strong, weak] if seat == 0 else [weak, strong]
            end = play_game(rules, pair, random.Random(f"depth:{tag}:{i}:{g}:{seat}"))
            both += margin(end, seat)
        wins += 1.0 if both > 0 else 0.5 if both == 0 else 0.0
        total += both
    win = wins / games
    return {"rung": name or RUNGS[i], "below": RUNGS[i - 1], "win": win, "reliable": win >= WIN_SHARE,
            "gain": total / (2 * games) / rules.moves_in_game}


def perfect_loss(dots: Sequence[Dot], games: int, tag: str) -> dict:
    """Points a move greedy and lookahead2 lose to perfect play (both seats, mean): the perfect
    seat's margin beyond what perfect play guarantees that seat. Unbounded: for the bench."""
    from .solver import Solver

    rules = Rules(dots)
    value = Solver(rules).solve(whole_line=False).margin
    top = Perfect(rules)
    out = {}
    for name, weak in (("greedy", greedy_player), ("lookahead2", Lookahead(2))):
        lost = 0.0
        for g in range(games):
            for seat in (0, 1):
                pair = [top, weak] if seat == 0 else [weak, top]
                end = play_game(rules, pair, random.Random(f"loss:{tag}:{name}:{g}:{seat}"))
                lost += margin(end, seat) - (value if seat == 0 else -value)
        out[name] = lost / (2 * games) / rules.moves_in_game
    return out


def board_row(dots: Sequence[Dot]) -> dict:
    """The fast measures beside the chain: difficulty and the interior-dot share."""
    rules = Rules(dots)
    return {"n": rules.n, "difficulty": measure(dots).value,
            "interior": (rules.n - rules.hull) / rules.n}


def format_depth(figures: dict) -> list[str]:
    """The chain as report lines."""
    lines = [f"Depth: {figures['depth']} of {len(figures['steps'])} steps up the chain "
             f"({' < '.join(figures['rungs'])}); a rung reliably beats the one below when it wins "
             f">= {figures['threshold']:.0%} of {figures['pairs']} pairs of games (one game from "
             f"each seat, same seed)"]
    for s in figures["steps"]:
        lines.append(f"  {s['rung']} over {s['below']}: won {s['win']:.0%} of pairs "
                     f"({'reliable' if s['reliable'] else 'not reliable'}), "
                     f"gains {s['gain']:+.2f} points a move")
    if figures["perfect_play_left_out"]:
        top = (f"search (lookahead as deep as {figures['search_positions']:,} positions a move "
               f"allow) stands in for it" if figures.get("search_positions")
               else "the chain stops at lookahead3")
        lines.append(f"  perfect play left out of the chain ({figures['perfect_play_left_out']}); "
                     f"{top}")
    return lines
