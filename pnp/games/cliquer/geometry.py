"""Exact plane geometry on integer dots: every decision here is made with integers.

A CliqueR board is a set of dots with integer coordinates on a square lattice. Whether three
dots are collinear, whether two segments cross, which dots are on the hull: all are decided by
the sign of an integer cross product, never by floats, so a board cannot pass on one machine
and fail on another.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

Dot = tuple[int, int]


def orient(a: Dot, b: Dot, c: Dot) -> int:
    """Twice the signed area of triangle abc: > 0 counter-clockwise, < 0 clockwise, 0 collinear."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def sq_dist(a: Dot, b: Dot) -> int:
    dx, dy = a[0] - b[0], a[1] - b[1]
    return dx * dx + dy * dy


def collinear_triples(dots: Sequence[Dot]) -> list[tuple[int, int, int]]:
    """Every triple (by index) of dots on one line."""
    return [t for t in combinations(range(len(dots)), 3)
            if orient(dots[t[0]], dots[t[1]], dots[t[2]]) == 0]


def segments_cross(a: Dot, b: Dot, c: Dot, d: Dot) -> bool:
    """Do segments ab and cd cross at a point interior to both?

    Segments that share an endpoint never cross (they meet at a dot). On a board with no three
    collinear dots a touching-but-not-crossing case cannot occur, so strict signs decide it.
    """
    if a == c or a == d or b == c or b == d:
        return False
    o1, o2 = orient(a, b, c), orient(a, b, d)
    o3, o4 = orient(c, d, a), orient(c, d, b)
    return (o1 > 0) != (o2 > 0) and (o3 > 0) != (o4 > 0) and o1 != 0 and o2 != 0 and o3 != 0 and o4 != 0


def convex_hull(dots: Iterable[Dot]) -> list[Dot]:
    """Hull vertices counter-clockwise (Andrew's monotone chain), collinear points dropped."""
    pts = sorted(set(dots))
    if len(pts) <= 2:
        return pts

    def half(points: list[Dot]) -> list[Dot]:
        out: list[Dot] = []
        for p in points:
            px, py = p
            while len(out) >= 2:
                (ax, ay), (bx, by) = out[-2], out[-1]
                if (bx - ax) * (py - ay) - (by - ay) * (px - ax) > 0:     # orient(a, b, p) > 0
                    break
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


@lru_cache(maxsize=64)
def board_hull(dots: tuple) -> tuple:
    """A board's hull (``convex_hull``), made once for everything that asks it of the same
    dots: its difficulty when generated, then the sheet's figures, lines and letters."""
    return tuple(convex_hull(dots))


def in_triangle(p: Dot, a: Dot, b: Dot, c: Dot) -> bool:
    """Is p strictly inside triangle abc?"""
    o1, o2, o3 = orient(a, b, p), orient(b, c, p), orient(c, a, p)
    return (o1 > 0 and o2 > 0 and o3 > 0) or (o1 < 0 and o2 < 0 and o3 < 0)


class Scale:
    """Converts millimetre limits to exact comparisons on lattice coordinates.

    The square is ``grid`` lattice units wide and printed ``side_mm`` wide, so one unit is
    side_mm/grid millimetres. Limits are Fractions built from their decimal text, so 2.5 mm is
    exactly 5/2 and no comparison depends on binary rounding.
    """

    def __init__(self, grid: int, side_mm: Fraction | float | int | str):
        self.grid = grid
        self.side_mm = Fraction(str(side_mm))
        self.unit_mm = self.side_mm / grid

    def mm(self, value) -> Fraction:
        """A millimetre limit in lattice units, exactly."""
        return Fraction(str(value)) / self.unit_mm


def line_clear(a: Dot, b: Dot, p: Dot, limit_units: Fraction) -> bool:
    """Is p at least ``limit_units`` from the infinite line through a and b (exactly)?

    distance = |orient(a,b,p)| / |ab|, so compare orient^2 * den^2 >= num^2 * |ab|^2.
    """
    cross = orient(a, b, p)
    return cross * cross * limit_units.denominator ** 2 >= limit_units.numerator ** 2 * sq_dist(a, b)


def far_enough(a: Dot, b: Dot, limit_units: Fraction) -> bool:
    """Are a and b at least ``limit_units`` apart (exactly)?"""
    return sq_dist(a, b) * limit_units.denominator ** 2 >= limit_units.numerator ** 2


def line_distance(a: Dot, b: Dot, p: Dot) -> float:
    """Distance from p to the line ab in lattice units, for reports only (never decides)."""
    return abs(orient(a, b, p)) / sq_dist(a, b) ** 0.5
