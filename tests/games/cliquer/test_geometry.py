"""Exact geometry: property tests against independent formulations."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from hypothesis import given, strategies as st

from pnp.games.cliquer.geometry import (convex_hull, far_enough, in_triangle, line_clear, orient,
                                        segments_cross)

coord = st.integers(-300, 300)
point = st.tuples(coord, coord)


@given(point, point, point)
def test_orient_is_antisymmetric_and_cyclic(a, b, c):
    assert orient(a, b, c) == orient(b, c, a) == orient(c, a, b) == -orient(b, a, c)


@given(point, point, st.integers(-5, 5))
def test_points_on_a_line_are_collinear(a, b, k):
    c = (a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1]))
    assert orient(a, b, c) == 0


@given(point, point, point, point)
def test_segments_cross_is_symmetric(a, b, c, d):
    assert segments_cross(a, b, c, d) == segments_cross(b, a, c, d) == segments_cross(c, d, a, b)


def test_segments_cross_examples():
    assert segments_cross((0, 0), (4, 4), (0, 4), (4, 0))
    assert not segments_cross((0, 0), (1, 1), (3, 0), (0, 3))     # would cross if extended
    assert not segments_cross((0, 0), (4, 4), (4, 4), (8, 0))     # share an endpoint


@given(st.lists(point, min_size=3, max_size=25, unique=True))
def test_hull_contains_every_dot(dots):
    hull = convex_hull(dots)
    if len(hull) < 3:
        return
    for i in range(len(hull)):
        a, b = hull[i], hull[(i + 1) % len(hull)]
        assert all(orient(a, b, p) >= 0 for p in dots)   # every dot left of (or on) each hull edge


@given(point, point, point)
def test_in_triangle_agrees_with_area_sum(p, a, b):
    c = (a[0] + 7, b[1] - 11)
    if orient(a, b, c) == 0:
        return
    whole = abs(orient(a, b, c))
    parts = [abs(orient(p, a, b)), abs(orient(p, b, c)), abs(orient(p, c, a))]
    assert in_triangle(p, a, b, c) == (sum(parts) == whole and all(parts))


@given(point, point, point, st.fractions(min_value=0, max_value=50, max_denominator=40))
def test_line_clear_matches_exact_distance(a, b, p, limit):
    if a == b:
        return
    cross = Fraction(orient(a, b, p))
    dist2 = cross * cross / ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2)
    assert line_clear(a, b, p, limit) == (dist2 >= limit * limit)


@given(point, point, st.fractions(min_value=0, max_value=50, max_denominator=40))
def test_far_enough_matches_exact_distance(a, b, limit):
    assert far_enough(a, b, limit) == ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 >= limit * limit)


def test_orient_never_uses_floats_on_huge_coordinates():
    big = 10 ** 30
    a, b, c = (0, 0), (big, big + 1), (2 * big, 2 * big + 2)
    assert orient(a, b, c) == 0
    assert orient(a, b, (2 * big, 2 * big + 1)) != 0
    assert all(orient(*perm) == 0 for perm in permutations([a, b, c]))
