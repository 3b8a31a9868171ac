"""CliqueR difficulty: pinned on hand-built boards, and its promised properties on random ones."""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest
from hypothesis import assume, given, settings, strategies as st

from support.cliquer_boards import boards
from pnp.games.cliquer.difficulty import BANDS, band_of, band_range, containment_counts, measure
from pnp.games.cliquer.geometry import convex_hull, in_triangle, orient

HEXAGON = ((0, 20), (10, 0), (30, 0), (40, 20), (30, 40), (10, 40))
K4 = ((0, 0), (10, 0), (5, 9), (5, 3))


def test_convex_position_scores_zero_and_is_easy():
    d = measure(HEXAGON)
    assert d.value == 0.0 and d.band == "easy"
    assert d.components["interior_dots"] == 0 and d.components["single_dot_triangles"] == 0
    assert d.components["moves_in_game"] == 3 * 6 - 3 - 6


def test_definition_pinned_on_the_smallest_four_clique_board():
    d = measure(K4)
    # one interior dot; of the 4 triangles only the outer one holds a dot
    assert d.components["interior_dots"] == 1 and d.components["single_dot_triangles"] == 1
    share = (1 + 2 * (1 / 4) / 5) / 4
    assert d.value == round(1 - math.exp(-4 * share), 4) == 0.6671


def test_each_dot_added_inside_a_triangle_raises_it():
    board = list(HEXAGON)
    values = [measure(board).value]
    for dot in ((20, 20), (14, 12), (26, 29), (21, 8)):
        assert any(in_triangle(dot, *t) for t in combinations(board, 3))
        board.append(dot)
        values.append(measure(board).value)
    assert values == sorted(values) and len(set(values)) == len(values)
    assert [band_of(v) for v in values][0] == "easy" and band_of(values[-1]) == "hard"


def test_convex_boards_score_lowest_among_random_boards():
    rng = random.Random(3)
    for _ in range(30):
        dots = tuple({(rng.randint(0, 60), rng.randint(0, 60)) for _ in range(9)})
        if any(orient(*t) == 0 for t in combinations(dots, 3)):
            continue
        d = measure(dots)
        assert (d.value == 0) == (len(convex_hull(dots)) == len(dots))


@settings(max_examples=80, deadline=None)
@given(boards(3, 12), st.randoms(use_true_random=False))
def test_adding_a_dot_inside_any_triangle_raises_it(dots, rnd):
    tri = rnd.choice(list(combinations(dots, 3)))
    xs, ys = [p[0] for p in tri], [p[1] for p in tri]
    inside = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)
              if in_triangle((x, y), *tri)
              and all(orient(a, b, (x, y)) != 0 for a, b in combinations(dots, 2))]
    assume(inside)
    before, after = measure(dots), measure(dots + (rnd.choice(inside),))
    assert after.value > before.value


@settings(max_examples=60, deadline=None)
@given(boards(3, 11), st.randoms(use_true_random=False), st.integers(-50, 50), st.integers(-50, 50))
def test_deterministic_and_independent_of_dot_order_and_position(dots, rnd, dx, dy):
    d = measure(dots)
    shuffled = list(dots)
    rnd.shuffle(shuffled)
    moved = [(x + dx, y + dy) for x, y in shuffled]
    assert measure(moved) == d and measure(moved).components == d.components
    assert 0.0 <= d.value <= 1.0
    low, high = band_range(d.band)
    assert low <= d.value < high or (d.band == "hard" and d.value == 1.0)


@settings(max_examples=40, deadline=None)
@given(boards(3, 9))
def test_containment_counts_match_brute_force(dots):
    brute = [sum(in_triangle(p, dots[i], dots[j], dots[k]) for p in dots)
             for i, j, k in combinations(range(len(dots)), 3)]
    assert containment_counts(dots) == brute


def _counts_pair_by_pair(dots):
    """containment_counts as first written: each pair's mask from a test of every dot."""
    n = len(dots)
    left = [[0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        (ax, ay), (bx, by) = dots[i], dots[j]
        mask = sum(1 << k for k, (x, y) in enumerate(dots) if (bx - ax) * (y - ay) > (by - ay) * (x - ax))
        left[i][j] = mask
        left[j][i] = ((1 << n) - 1) & ~mask & ~(1 << i | 1 << j)
    return [(left[i][j] & left[j][k] & left[k][i] if (left[i][j] >> k) & 1
             else left[j][i] & left[i][k] & left[k][j]).bit_count()
            for i, j, k in combinations(range(n), 3)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=10))
def test_containment_counts_from_one_product_a_triple_are_those_of_every_pair_and_dot(dots):
    # any dots, three on a line and the same point twice included (a board has neither, but
    # the counts must not depend on how the masks are made)
    assert containment_counts(dots) == _counts_pair_by_pair(dots)


def test_bands_cover_zero_to_one_and_unknown_names_are_refused():
    edges = sorted(BANDS.values())
    assert edges[0][0] == 0.0 and edges[-1][1] == 1.0
    assert all(a[1] == b[0] for a, b in zip(edges, edges[1:]))
    with pytest.raises(ValueError, match="easy, medium, hard"):
        band_range("brutal")
