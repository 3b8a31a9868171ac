"""Boards with every dot on the outline (the convex hull) all make the same game for their number
of dots, so the board of the day's answer says so when its board is one (daily.same_on_the_outline).
Checked three ways: the game's structure (which segments cross) is the same for every such board
once the dots are numbered around the outline; brute force (plain minimax, every position) gives
the same margin on random such boards; and every opening is a best one at 7 and 9 dots."""

from __future__ import annotations

import datetime as dt
import math
import random

import pytest

from pnp.games.cliquer import daily
from pnp.games.cliquer.geometry import convex_hull
from pnp.games.cliquer.rules import Rules, check_dots
from pnp.games.cliquer.solver import Solver, plain_minimax


def outline_board(n: int, rng: random.Random) -> tuple:
    """n integer dots at random angles on a large circle, numbered around it: all on the hull."""
    while True:
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
        dots = tuple((round(127 + 120 * math.cos(a)), round(127 + 120 * math.sin(a)))
                     for a in angles)
        try:
            check_dots(dots)
        except ValueError:
            continue
        if len(convex_hull(dots)) == n:
            return dots


@pytest.mark.parametrize("n", range(4, 13))
def test_every_outline_board_of_n_dots_is_the_same_game(n):
    rng = random.Random(f"outline:{n}")
    first = Rules(outline_board(n, rng))
    for _ in range(5):
        other = Rules(outline_board(n, rng))
        assert other.crossing == first.crossing and other.moves_in_game == first.moves_in_game


# brute force: the margin the issue measured, the same on each board (+7 at 6 and 8, +4 at 5 and 7)
@pytest.mark.parametrize("n, margin, boards", [(5, 4, 4), (6, 7, 4), (7, 4, 3), (8, 7, 1)])
def test_brute_force_gives_one_margin_for_every_outline_board(n, margin, boards):
    rng = random.Random(f"brute:{n}")
    assert {plain_minimax(Rules(outline_board(n, rng))) for _ in range(boards)} == {margin}


def openings(rules: Rules) -> set[int]:
    """The perfect-play margin after each opening, from the opener's side (brute force below 8
    dots; pnp's solver, itself held to brute force, at 9)."""
    start, values, memo = rules.start(), set(), {}
    for move in rules.legal_moves(start):
        after, points = rules.play(start, move)
        rest = (Solver(rules).solve([move], whole_line=False).margin if rules.n > 7 else
                _minimax_from(rules, after, memo))
        values.add(points - rest)
    return values


def _minimax_from(rules, state, memo=None) -> int:
    """Memoised minimax through the public rules, from ``state`` (full points)."""
    memo = {} if memo is None else memo
    if state.drawn not in memo:
        memo[state.drawn] = max((p - _minimax_from(rules, s, memo) for s, p in
                                 (rules.play(state, m) for m in rules.legal_moves(state))),
                                default=0)
    return memo[state.drawn]


@pytest.mark.parametrize("n, margin", [(7, 4), (9, 4)])
def test_at_7_and_9_dots_every_opening_is_a_best_one(n, margin):
    assert openings(Rules(outline_board(n, random.Random(f"open:{n}")))) == {margin}


def test_the_answer_says_so_on_an_outline_board_and_not_elsewhere(monkeypatch):
    from pnp.games.cliquer.board import Board

    monday = dt.date(2026, 11, 23)
    plain = daily.previous_answer(dt.date(2026, 11, 25), None)      # Tuesday's 8 dots, inside dots
    assert "outline" not in plain
    seven = outline_board(7, random.Random("daily"))
    monkeypatch.setattr(daily, "board_of", lambda day: Board(
        dots=seven, grid=255, side_mm=100, clearance_mm=3, spacing_mm=8, margin_mm=10,
        ident="outline", difficulty=0.0, band="easy", labels=True))
    line = daily.previous_answer(monday, None)
    assert line.endswith("(every 7-dot board with all its dots on the outline has this answer, "
                         "so it says nothing about this one)")
    assert "the first player wins by 4" in line
    assert daily.previous_answer(monday, None) == line       # the kept answer says it too
