"""Where the circles go on the page, so adjacency reads at a glance (floats: drawing only).

A row is laid out as a zigzag along the page's long side (a straight line when it fits); a ring
as an ellipse. In both, circles that are adjacent in the rules are the nearest on the page:
every non-adjacent pair is at least ``CLEAR`` times farther apart than the farthest adjacent
pair, and bars join the adjacent ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.games.circles.board import adjacent_pairs

CLEAR = 1.25      # non-adjacent centres at least this many times farther than adjacent ones


@dataclass(frozen=True)
class Placement:
    centres: tuple[tuple[float, float], ...]   # relative to the area's bottom-left corner
    radius: float
    gap: float                                 # space between adjacent circles, for the bar


def gap_for(radius: float) -> float:
    return max(22.0, radius * 0.4)


def _row(count: int, radius: float, width: float, height: float):
    long_, cross = max(width, height), min(width, height)
    step = (long_ - 2 * radius) / (count - 1)
    if step <= 0:
        return None
    reach = 2 * radius + gap_for(radius)
    offset = math.sqrt(max(0.0, reach * reach - step * step))
    if offset + 2 * radius > cross:
        return None
    base = (cross - offset) / 2
    points = []
    for i in range(count):
        along = radius + i * step
        across = cross - base - (offset if i % 2 else 0.0)   # first circle on the upper lane
        points.append((along, across) if width >= height else (cross - across, long_ - along))
    return points


def _ring(count: int, radius: float, width: float, height: float, squash: float, turn: float):
    """Centres on an ellipse; ``squash`` 0 is a circle, 1 fills the area's longer side."""
    short = min(width, height) / 2 - radius
    a = short + squash * (width / 2 - radius - short)
    b = short + squash * (height / 2 - radius - short)
    if short <= 0:
        return None
    # circle 1 at the top (or just right of it), numbered clockwise like the spaces
    return [(width / 2 + a * math.sin(2 * math.pi * (i + turn) / count),
             height / 2 + b * math.cos(2 * math.pi * (i + turn) / count)) for i in range(count)]


def _clear(points, radius: float, pairs) -> bool:
    adjacent = {frozenset(p) for p in pairs}
    near, far = 0.0, math.inf
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            d = math.dist(points[i], points[j])
            if d < 2 * radius + gap_for(radius) - 1e-6:
                return False
            if frozenset((i, j)) in adjacent:
                near = max(near, d)
            else:
                far = min(far, d)
    return far >= CLEAR * near


def _largest(lay, count: int, width: float, height: float, pairs) -> Placement | None:
    def fits(radius: float):
        points = lay(count, radius, width, height)
        return points if points is not None and _clear(points, radius, pairs) else None

    low, high = 4.0, min(width, height) / 2
    if fits(low) is None:
        return None
    while high - low > 0.25:
        mid = (low + high) / 2
        low, high = (mid, high) if fits(mid) is not None else (low, mid)
    return Placement(tuple(fits(low)), low, gap_for(low))


def place(count: int, arrangement: str, width: float, height: float) -> Placement:
    """The largest circles that fit ``width`` x ``height`` with adjacency unmistakable."""
    pairs = adjacent_pairs(count, arrangement)
    if arrangement == "ring":
        lays = [lambda c, r, w, h, s=s, t=t: _ring(c, r, w, h, s, t)
                for s in (0.0, 0.25, 0.5, 0.75, 1.0) for t in (0.0, 0.5)]
    else:
        lays = [_row]
    found = [p for p in (_largest(lay, count, width, height, pairs) for lay in lays) if p]
    if not found:
        raise ValueError(f"{count} circles do not fit a {width:.0f} x {height:.0f} pt area")
    # the first of the largest wins, so the choice never depends on float noise in ordering
    best = max(p.radius for p in found)
    return next(p for p in found if p.radius == best)
