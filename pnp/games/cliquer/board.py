"""The CliqueR board as plain data, and the limits every printed board must keep."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pnp.games.base import Problem
from .problems import PROBLEMS
from .geometry import Dot, Scale, far_enough, line_clear, line_distance, orient
from pnp.i18n.message import Message, Number


@dataclass(frozen=True)
class Board:
    dots: tuple[Dot, ...]       # lattice points, sorted, so a board code round-trips exactly
    grid: int                   # lattice positions 0..grid on each side of the square
    side_mm: float              # printed width of the square
    clearance_mm: float         # every dot at least this far from a line through two others
    spacing_mm: float           # every two dots at least this far apart
    margin_mm: float            # every dot at least this far inside the square's edge
    ident: str                  # short ID printed on the board
    title: str = "CliqueR"
    difficulty: float | None = None   # recorded at generation; the validator recomputes it
    band: str | None = None
    worksheet: bool = False
    size: str = "page"          # page | half | quarter: how large it is printed
    labels: bool = True         # each dot's letter printed beside it (worksheets always)


class Limits:
    """Exact tests of a board's print guarantees, in lattice units."""

    def __init__(self, grid: int, side_mm, clearance_mm, spacing_mm, margin_mm):
        scale = Scale(grid, side_mm)
        self.grid = grid
        self.clearance = scale.mm(clearance_mm)
        self.spacing = scale.mm(spacing_mm)
        margin = scale.mm(margin_mm)
        self.lo = -(-margin.numerator // margin.denominator)        # ceil: stay inside the margin
        self.hi = grid - self.lo
        self.unit_mm = float(scale.unit_mm)

    @classmethod
    def of(cls, board: Board) -> "Limits":
        return cls(board.grid, board.side_mm, board.clearance_mm, board.spacing_mm, board.margin_mm)

    def inside(self, p: Dot) -> bool:
        return self.lo <= p[0] <= self.hi and self.lo <= p[1] <= self.hi

    def clean(self, dots: tuple[Dot, ...]) -> bool:
        """Does the board keep every guarantee? The same integer tests as ``problems``, inlined
        and stopping at the first failure: a generated board is checked this way first, and
        only a failing one pays for the messages.

        For a triple a, b, c the cross product is twice the triangle's area in every role, so
        c is clear of line ab exactly when cross^2 * den^2 >= num^2 * |ab|^2, and likewise
        for a against bc and b against ac: one cross product serves all three roles.
        """
        lo, hi = self.lo, self.hi
        space_n, space_d = self.spacing.numerator ** 2, self.spacing.denominator ** 2
        clear_n, clear_d = self.clearance.numerator ** 2, self.clearance.denominator ** 2
        if any(not (lo <= x <= hi and lo <= y <= hi) for x, y in dots):
            return False
        n = len(dots)
        apart = [0] * (n * n)       # apart[i * n + j], i < j: clear_n * |ij|^2
        for i in range(n):
            xi, yi = dots[i]
            for j in range(i + 1, n):
                dx, dy = dots[j][0] - xi, dots[j][1] - yi
                q = dx * dx + dy * dy
                if q == 0 or q * space_d < space_n:
                    return False
                apart[i * n + j] = clear_n * q
        for i, j, k, ij, ik, jk in _triples(n):
            (ax, ay), (bx, by), (cx, cy) = dots[i], dots[j], dots[k]
            cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
            area = cross * cross * clear_d
            if cross == 0 or area < apart[ij] or area < apart[ik] or area < apart[jk]:
                return False
        return True

    def problems(self, dots: tuple[Dot, ...]) -> list[Problem]:
        """Every broken guarantee: each triple is checked with each dot in the role of the
        one that must stay clear of the line through the other two (all three roles)."""
        if self.clean(dots):
            return []
        out: list[Problem] = []
        name = _dot_name
        for i, p in enumerate(dots):
            if not self.inside(p):
                out.append(PROBLEMS("outside", Message("dot {dot} at {at} is not inside the square's margin "
                                                       "(allowed {lo}..{hi})"), dot=name(i), at=str(p),
                                    lo=Number(self.lo), hi=Number(self.hi)))
        for i, j in combinations(range(len(dots)), 2):
            if dots[i] == dots[j]:
                out.append(PROBLEMS("spacing", Message("dots {one} and {other} are the same point {at}"),
                                    one=name(i), other=name(j), at=str(dots[i])))
            elif not far_enough(dots[i], dots[j], self.spacing):
                gap = ((dots[i][0] - dots[j][0]) ** 2 + (dots[i][1] - dots[j][1]) ** 2) ** 0.5
                out.append(PROBLEMS("spacing", Message("dots {one} and {other} are {gap} mm apart, less than "
                                                       "the spacing"), one=name(i), other=name(j),
                                    gap=Number(gap * self.unit_mm, ".2f")))
        for i, j, k in combinations(range(len(dots)), 3):
            a, b, c = dots[i], dots[j], dots[k]
            if a == b or b == c or a == c:
                continue
            if orient(a, b, c) == 0:
                out.append(PROBLEMS("collinear", Message("dots {dots} {points} lie on one line"),
                                    dots=f"{name(i)}, {name(j)}, {name(k)}", points=f"{a} {b} {c}"))
                continue
            for p, q, r, names in ((a, b, c, (k, i, j)), (a, c, b, (j, i, k)), (b, c, a, (i, j, k))):
                if not line_clear(p, q, r, self.clearance):
                    d = line_distance(p, q, r) * self.unit_mm
                    out.append(PROBLEMS("clearance", Message("dot {dot} is {gap} mm from the line through {one} "
                                                             "and {other}"), dot=name(names[0]),
                                        gap=Number(d, ".2f"), one=name(names[1]), other=name(names[2])))
        return out


@lru_cache(maxsize=None)
def _triples(n: int) -> tuple:
    """The triples i < j < k of n dots in combinations order, with the places of their pairs
    ij, ik, jk in ``Limits.clean``'s list (made once for each number of dots, not each board)."""
    return tuple((i, j, k, i * n + j, i * n + k, j * n + k) for i, j, k in combinations(range(n), 3))


def _dot_name(i: int) -> str:
    """Dots are named A, B, ..., Z, AA, AB ... on worksheets and in reports."""
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(65 + r) + name
    return name


dot_name = _dot_name

