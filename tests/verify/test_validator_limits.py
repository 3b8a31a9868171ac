"""The exact checks the validator trusts: Limits.clean (the fast path) never disagrees with
Limits.problems (the full report), for every limit including 0, and every read-back tolerance
has a boundary where a value just inside passes and one just outside fails. (The ink itself has
no tolerance: a page's content is the redraw's or it fails, tests/verify/test_validator_structure.py.)"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st
from support.cliquer_boards import full_report

from pnp.games.cliquer.board import Limits

# limits as a spec or a forged file may give them: 0 included, and fractions of a millimetre
LIMIT_MM = st.one_of(st.just(0), st.sampled_from([0.01, 0.5, 1, 2.5, 3, 4.75, 10]),
                     st.fractions(0, 12, max_denominator=8).map(lambda f: float(f)))


@settings(max_examples=400, deadline=None)
@given(st.integers(2, 60), st.sampled_from([30, 60, 80, 170, 270]), LIMIT_MM, LIMIT_MM, LIMIT_MM,
       st.data())
def test_clean_agrees_with_problems_for_every_limit(grid, side, clearance, spacing, margin, data):
    limits = Limits(grid, side, clearance, spacing, margin)
    point = st.tuples(st.integers(0, grid), st.integers(0, grid))
    # small lattices and repeated points make collinear triples and coincident dots common
    dots = tuple(data.draw(st.lists(point, min_size=0, max_size=8)))
    assert limits.clean(dots) == (full_report(limits, dots) == [])


@given(st.integers(3, 40), st.integers(-20, 20), st.integers(-20, 20), st.integers(1, 5))
def test_three_collinear_dots_are_never_clean_even_with_clearance_0(grid, dx, dy, k):
    if (dx, dy) == (0, 0):
        return
    limits = Limits(1000, 1000, 0, 0, 0)
    dots = ((100, 100), (100 + dx, 100 + dy), (100 + k * dx + dx, 100 + k * dy + dy))
    assert not limits.clean(dots)
    assert any(p.code == "collinear" for p in limits.problems(dots))


def test_clearance_0_still_needs_a_triangle():
    assert Limits(10, 10, 0, 0, 0).clean(((0, 0), (1, 0), (0, 1)))
    assert Fraction(0) == Limits(10, 10, 0, 0, 0).clearance


# ------------------------------------------------------------------------------------------
# read-back tolerances: the numbers below are the promises (README), written here on purpose
# rather than imported, so loosening a constant in a game's drawn.py fails a test

import math
import random

import pytest

from pnp.paper import Frame
from support.pageread.printed import Drawn


def _cliquer_marks(radius_delta=0.0, shift=0.0, which=0):
    from pnp.games import cliquer
    from pnp.games.cliquer.draw import dot_position, dot_radius, square_for

    board = cliquer.generate(cliquer.Item(dots=7), random.Random(5), "T-01")
    frame = Frame(28.35, 45.35, 538.6, 740.0)
    square = square_for("board", board, frame)
    r = dot_radius("board", board)
    marks = []
    for i, dot in enumerate(board.dots):
        x, y = dot_position(board, square, dot)
        rr = r + (radius_delta if i == which else 0)
        if i == which:
            x += shift
        marks.append(Drawn("PnpDot", i, (x - rr, y - rr, x + rr, y + rr), (0, 0, 0, 255)))
    return cliquer.check_drawn(board, [("board", frame, marks)])


@pytest.mark.parametrize("shift, ok", [(0.0, True), (0.0099, True), (-0.0099, True),
                                       (0.0101, False), (-0.0101, False), (0.05, False)])
def test_a_dot_is_where_the_data_says_to_a_hundredth_of_a_point(shift, ok):
    codes = {p.code for p in _cliquer_marks(shift=shift)}
    assert (codes == set()) == ok, codes
    assert ok or codes == {"drawn-dot-moved"}


@pytest.mark.parametrize("delta, ok", [(0.049, True), (-0.049, True), (0.051, False),
                                       (-0.051, False), (-1.0, False)])
def test_a_dot_is_printed_its_size_to_five_hundredths_of_a_point(delta, ok):
    codes = {p.code for p in _cliquer_marks(radius_delta=delta)}
    assert (codes == set()) == ok, codes
    assert ok or codes == {"drawn-dot-size"}


def _circles_marks(centres, nudge=None, size=16):
    """A Thinking in Circles board with its spaces read back at ``centres`` (radius 60 pt,
    clockwise from the top); ``nudge(k, x, y, cx, cy) -> (x, y)`` moves space k of circle 1."""
    from pnp.games import circles
    from pnp.games.circles.board import SPACE_KINDS

    board = circles.generate(circles.Item(circles=len(centres), spaces=size), random.Random(2), "T-01")
    marks, index = [], 0
    for n, ((cx, cy), circle) in enumerate(zip(centres, board.circles)):
        step = 360 / len(circle.spaces)
        for k in range(len(circle.spaces)):
            angle = math.radians(90 - step * ((k - circle.start) % len(circle.spaces)))
            x, y = cx + 60 * math.cos(angle), cy + 60 * math.sin(angle)
            if n == 0 and nudge:
                x, y = nudge(k, x, y, cx, cy)
            marks.append(Drawn("PnpSpace", index, (x - 5, y - 5, x + 5, y + 5), None,
                               SPACE_KINDS.index(circle.spaces[k])))
            index += 1
    return {p.code for p in circles.check_drawn(board, [("circles-board", Frame(0, 0, 2000, 2000), marks)])}


def _row_of_three(ratio):
    """Three circles in a row, adjacent ones 200 pt apart, circles 1 and 3 ``ratio`` times that."""
    cos = ratio * ratio / 2 - 1
    return [(300, 300), (500, 300), (500 + 200 * cos, 300 + 200 * math.sqrt(1 - cos * cos))]


@pytest.mark.parametrize("ratio, ok", [(2.0, True), (1.25, True), (1.23, True), (1.22, False),
                                       (1.1, False)])
def test_non_adjacent_circles_are_drawn_at_least_one_and_a_quarter_times_farther(ratio, ok):
    # the promise is 1.25x, read back with 2 % slack for the PDF's rounding: 1.225x
    codes = _circles_marks(_row_of_three(ratio))
    assert ("drawn-adjacency" not in codes) == ok, codes


@pytest.mark.parametrize("turn, ok", [(0.0, True), (0.4, True), (-0.4, True), (0.6, False),
                                      (-0.6, False)])
def test_a_space_is_drawn_within_half_a_step_of_its_place(turn, ok):
    def nudge(k, x, y, cx, cy):
        if k != 3:
            return x, y
        a = math.atan2(y - cy, x - cx) - math.radians(turn * 360 / 16)
        return cx + 60 * math.cos(a), cy + 60 * math.sin(a)
    codes = _circles_marks(_row_of_three(2.0), nudge)
    assert ("drawn-space-moved" not in codes) == ok, codes


@pytest.mark.parametrize("stretch, ok", [(1.0, True), (1.2, True), (0.8, True), (1.32, False),
                                         (0.68, False)])
def test_a_space_is_drawn_on_its_circle_to_a_quarter_of_its_radius(stretch, ok):
    def nudge(k, x, y, cx, cy):
        return (cx + (x - cx) * stretch, cy + (y - cy) * stretch) if k == 5 else (x, y)
    codes = _circles_marks(_row_of_three(2.0), nudge)
    assert ("drawn-space-moved" not in codes) == ok, codes
