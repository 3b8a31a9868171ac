"""The figures of a CliqueR board: hull, interior, difficulty, game length and perfect play.

``analyze`` returns plain JSON-ready data; ``format_report`` turns it into a few readable lines.
Dots are named A, B, C ... in the board's own order, as on worksheets.
"""

from __future__ import annotations

from typing import Sequence

from pnp.games.cliquer.board import dot_name
from pnp.games.cliquer.difficulty import measure
from pnp.games.cliquer.geometry import Dot, convex_hull
from pnp.games.cliquer.rules import Rules, triangulation_size
from pnp.words import count

SOLVE_BY_DEFAULT = 9        # dots: perfect play is tried unasked up to here...
DEFAULT_BUDGET = 1_500_000  # ...within this many positions (~20 s, ~250 MB; see bench/solver_speed.py)
SOLVE_AT_MOST = 10          # beyond this the solver would run for hours


def analyze(dots: Sequence[Dot], solve: bool | None = None) -> dict:
    """Every figure of the board; perfect play when ``solve`` (default: up to 9 dots)."""
    dots = tuple((int(x), int(y)) for x, y in dots)
    rules = Rules(dots)
    n = len(dots)
    where = {d: i for i, d in enumerate(dots)}
    hull = [where[d] for d in convex_hull(dots)]
    on_hull = set(hull)
    interior = [i for i in range(n) if i not in on_hull]
    difficulty = measure(dots)
    result = {
        "dots": [list(d) for d in dots],
        "names": [dot_name(i) for i in range(n)],
        "hull_dots": [dot_name(i) for i in hull],
        "interior_dots": [dot_name(i) for i in interior],
        "difficulty": difficulty.value,
        "band": difficulty.band,
        "components": dict(difficulty.components),
        "moves_in_game": triangulation_size(n, len(hull)),
        "perfect_play": None,
    }
    asked = solve
    if solve is None:
        solve = n <= SOLVE_BY_DEFAULT
    if solve:
        if n > SOLVE_AT_MOST:
            raise ValueError(f"perfect play is only worked out for boards of up to {SOLVE_AT_MOST} "
                             f"dots; this one has {n} (leave out --solve)")
        from pnp.games.cliquer.solver import OverBudget, Solver

        try:
            found = Solver(rules, budget=None if asked else DEFAULT_BUDGET).solve()
        except OverBudget:
            result["perfect_play_skipped"] = (f"more than {DEFAULT_BUDGET:,} positions; "
                                              "use --solve to wait for it (can take minutes)")
            return result
        a, b = found.best_move
        result["perfect_play"] = {
            "first_player_margin": found.margin,
            "winner": "first" if found.margin > 0 else "second" if found.margin < 0 else "nobody",
            "best_opening": [dot_name(a), dot_name(b)],
            "positions_searched": found.positions,
        }
    return result


def format_report(figures: dict) -> str:
    """The figures as short readable text."""
    names, dots = figures["names"], figures["dots"]
    comp = figures["components"]
    n, h = comp["dots"], comp["hull_dots"]
    lines = [
        f"Dots: {n}  " + "  ".join(f"{name}{tuple(d)}" for name, d in zip(names, dots)),
        f"Hull: {h} dots ({' '.join(figures['hull_dots'])})",
        f"Interior: {count(len(figures['interior_dots']), 'dot')}"
        + (f" ({' '.join(figures['interior_dots'])})" if figures["interior_dots"] else ""),
        f"Difficulty: {figures['difficulty']:.2f} ({figures['band']}): "
        f"{comp['interior_share']:.0%} of the dots inside the hull, "
        f"{comp['single_dot_triangles']} of {comp['triangles']} triangles hold exactly one dot; "
        f"a careful player gains about {comp['stakes_per_move']:.2f} points a move over a greedy one",
        f"Moves in every finished game: 3 x {n} - 3 - {h} = {figures['moves_in_game']}",
    ]
    play = figures["perfect_play"]
    if play is None:
        why = figures.get("perfect_play_skipped") or f"use --solve; practical up to {SOLVE_AT_MOST} dots"
        lines.append(f"Perfect play: not worked out ({why})")
    else:
        margin = play["first_player_margin"]
        outcome = ("a draw" if margin == 0 else
                   f"the {'first' if margin > 0 else 'second'} player wins by {abs(margin)}")
        lines.append(f"Perfect play: {outcome}; a best opening line is "
                     f"{play['best_opening'][0]}-{play['best_opening'][1]}")
    return "\n".join(lines)
