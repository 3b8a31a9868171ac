"""CliqueR boards: every generated board keeps its guarantees; any broken one is caught."""

from __future__ import annotations

import random
from math import gcd

import pytest
from hypothesis import assume, given, settings, strategies as st
from support.cliquer_boards import full_report

from pnp.errors import PnpError
from pnp.games import cliquer
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.codes import decode, encode
from pnp.games.cliquer.geometry import orient


def board_for(seed: int, **options):
    return cliquer.generate(cliquer.Item(**options), random.Random(seed), "T-01")


# (dots, clearance, size) well inside what fits, so every example must succeed
FEASIBLE = st.one_of(
    st.tuples(st.integers(3, 14), st.sampled_from([2.5, 3, 4.5]), st.just("page")),
    st.tuples(st.integers(3, 11), st.sampled_from([2.5, 3]), st.just("half")),
    st.tuples(st.integers(3, 8), st.sampled_from([2.5, 3]), st.just("quarter")),
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), FEASIBLE)
def test_every_generated_board_passes_every_check(seed, request):
    dots, clearance, size = request
    board = board_for(seed, dots=dots, clearance_mm=clearance, size=size, spacing_mm=8)
    assert len(board.dots) == dots
    assert cliquer.check(board) == []
    # and independently of Limits: no three collinear, all inside the lattice square
    pts = board.dots
    assert all(orient(pts[i], pts[j], pts[k]) != 0
               for i in range(dots) for j in range(i + 1, dots) for k in range(j + 1, dots))
    assert all(0 <= x <= board.grid and 0 <= y <= board.grid for x, y in pts)


def _point_on_line(a, b, grid):
    """A lattice point on line ab, inside the square, other than a and b (or None)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    g = gcd(dx, dy)
    sx, sy = dx // g, dy // g
    for k in range(-grid, grid + 1):
        p = (a[0] + k * sx, a[1] + k * sy)
        if p not in (a, b) and 0 <= p[0] <= grid and 0 <= p[1] <= grid:
            return p
    return None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 12), st.data())
def test_a_dot_moved_onto_a_line_through_two_others_fails(seed, n, data):
    board = board_for(seed, dots=n, margin_mm=2)
    i, j, k = data.draw(st.permutations(range(n)))[:3]
    p = _point_on_line(board.dots[i], board.dots[j], board.grid)
    assume(p is not None and p not in board.dots)
    moved = list(board.dots)
    moved[k] = p
    bad = cliquer.Board(**{**board.__dict__, "dots": tuple(sorted(moved))})
    codes = {problem.code for problem in cliquer.check(bad)}
    assert "collinear" in codes


def test_clearance_is_checked_in_all_three_roles():
    limits = Limits(100, 100, 3, 1, 0)    # 1 unit = 1 mm
    a, b = (10, 10), (90, 10)
    # c 2 mm above the long segment ab: too close to line ab
    assert [p.code for p in limits.problems(((10, 10), (50, 12), (90, 10)))] == ["clearance"] * 1
    # c far from ab, but b is close to the line through a and c (c nearly beyond b)
    found = limits.problems((a, (50, 10 + 50), (11, 11 + 2)))
    assert "clearance" in {p.code for p in found}


def test_same_seed_same_board_and_different_seeds_differ():
    assert board_for(7).dots == board_for(7).dots
    assert len({board_for(s).dots for s in range(10)}) == 10


def test_impossible_request_fails_fast_with_advice():
    with pytest.raises(PnpError, match="use fewer dots"):
        board_for(1, dots=40)


def test_code_round_trips_generated_boards():
    for seed in range(20):
        board = board_for(seed, dots=3 + seed % 12)
        assert decode(encode(board.dots, board.grid)) == (board.dots, board.grid)


def test_board_data_round_trips():
    board = board_for(3)
    assert cliquer.from_data(cliquer.to_data(board)) == board


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=0, max_size=9),
       st.sampled_from([1, 2.5, 3, 4.75]), st.sampled_from([1, 3, 6]), st.sampled_from([0, 2]))
def test_fast_clean_check_agrees_with_the_full_report(dots, clearance, spacing, margin):
    """Limits.clean is the short-cut problems() takes; it must never disagree with it."""
    limits = Limits(40, 60, clearance, spacing, margin)
    dots = tuple(dots)
    assert limits.clean(dots) == (full_report(limits, dots) == [])


def test_a_negative_zero_in_the_data_reads_as_zero():
    """A board whose data says -0.0 prints as one that says 0.0 ("0.00", never "-0.00"): the
    redraw keeps a page's words by equal blocks, and -0.0 == 0.0, so the two must print alike."""
    import math

    from pnp.games.cliquer.sheet import subtitle

    data = cliquer.to_data(board_for(3))
    data.update(difficulty=-0.0, margin_mm=-0.0)
    forged = cliquer.from_data(data)
    assert math.copysign(1, forged.difficulty) == math.copysign(1, forged.margin_mm) == 1
    assert "-0.00" not in subtitle(forged)
