"""Where the circles go on the page, so adjacency reads at a glance (floats: drawing only).

A row is laid out as a zigzag along the page's long side (a straight line when it fits); a ring
as an ellipse. In both, circles that are adjacent in the rules are the nearest on the page:
every non-adjacent pair is at least ``CLEAR`` times farther apart than the farthest adjacent
pair, and bars join the adjacent ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from pnp.paper import Frame
from .board import adjacent_pairs
from pnp.pdf.page import PAPER_PT, geometry
from pnp.paper import MM

CLEAR = 1.25      # non-adjacent centres at least this many times farther than adjacent ones
HEADER = 26.0     # the board page's title line, points
KEY = 58.0        # the key under the circles
INK_MARGIN = 3.0  # strokes reach past the lines they follow; keep them inside the frame
# A marker may be this much wider than a space and still show plainly which space it is on
# (it overlaps each neighbour by an eighth of a space); spaces narrower than MIN_SPACE_MM would
# need markers too small to cut out and pick up.
MARKER_OVERLAP = 1.25
MIN_SPACE_MM = 6.0
SPEC_MARGIN_MM = 10.0    # the spec's default page margin
TOKEN = 11 * MM          # the largest marker, and every bead chit and blocker


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


def circles_area(frame: Frame) -> Frame:
    """Where the circles go on a board page drawn in ``frame``: below the title, above the key."""
    inner = frame.inset(INK_MARGIN)
    return Frame(inner.x, inner.y + KEY, inner.width, inner.height - KEY - HEADER)


def ring_depth(radius: float, size: int) -> float:
    """Radial depth of the ring of spaces, chosen so each space is about as wide as it is deep."""
    return 2 * math.pi * radius / (size + math.pi)


def space_width(radius: float, size: int) -> float:
    """The narrower side of a space: its depth, or its width along the ring's middle."""
    depth = ring_depth(radius, size)
    return min(depth, 2 * math.pi * (radius - depth / 2) / size)


@lru_cache(maxsize=None)
def smallest_space(count: int, arrangement: str, size: int) -> float:
    """The narrowest a space gets, in points, on A4 or Letter either way up (default margin).

    The board does not know the paper it will be printed on, and markers are cut out at one
    size, so both are sized for the least room any page gives.
    """
    widths = []
    for paper in PAPER_PT:
        for orientation in ("portrait", "landscape"):
            area = circles_area(geometry(paper, orientation, SPEC_MARGIN_MM).content)
            widths.append(space_width(place(count, arrangement, area.width, area.height).radius,
                                      size))
    return min(widths)


def marker_side(count: int, arrangement: str, size: int) -> float:
    """Side of a marker (and of every token cut with it), in points: a space's width give or
    take ``MARKER_OVERLAP``, never above ``TOKEN`` (11 mm suits fingers and pennies alike)."""
    return min(TOKEN, MARKER_OVERLAP * smallest_space(count, arrangement, size))
