"""Where each dot's letter goes: next to its dot, on no dot, and where no pencil line will run.

A letter is a small box. Around each dot we try boxes in 16 directions at growing distances and
keep the first that is free, preferring, in order (the *tier* of the label):

1. clear of every line a game could draw near it: every segment between two dots (any of them
   can be drawn in some game, since no three dots are collinear) and the lines the piece draws;
2. clear of the lines the piece draws or a worksheet asks for (the hull, the answer key's
   4-clique), when every spot by the dot is crossed by some possible line;
3. clear of dots and letters only.

In every tier the box stays inside the square, clear of every dot by a pencil gap, clear of the
letters already placed, and nearer to its own dot than to any other (so it names one dot). A dot
with no such spot within reach is refused: a letter squeezed elsewhere would name the wrong dot.

This is page geometry in points (floats, shapely), not a game guarantee: the exact integer tests
of ``geometry`` stay the only judges of the board itself. Directions are integer vectors
normalised with a correctly rounded square root, so the same board places its letters the same
on every machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.paper import MM, Frame

DOT_GAP_MM = 0.5        # a letter never comes nearer than this to any dot
LINE_GAP_MM = 0.45      # half a pencil line and a little air
LABEL_GAP_MM = 0.3      # between two letters
INSIDE_MM = 0.6         # letters stay this far inside the square's outline
REACH_MM = 5.0          # how far from its dot a letter may go
STEP_MM = 0.25
OWN_SHARE = 0.8         # a letter's centre is at most this share of the way to any other dot
# upper right first (where a reader looks), then round the clock
DIRECTIONS = [(1, 1), (0, 1), (1, 0), (-1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1),
              (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


class Crowded(PnpError):
    """A dot whose letter has nowhere to go."""


@dataclass(frozen=True)
class Label:
    index: int                                   # the dot it names
    text: str
    size: float                                  # font size, pt
    box: tuple[float, float, float, float]       # left, bottom (the baseline), right, top; pt
    tier: int                                    # 1, 2 or 3 (see the module's docstring)


def label_box(text: str, size: float) -> tuple[float, float]:
    """Width and height (pt) of a capital-letter label, as pdfium reads the glyphs back."""
    from pnp.games.cliquer.ink import CAP_HEIGHT
    from pnp.pdf import fonts

    return fonts.string_width(text, fonts.BOLD, size), CAP_HEIGHT * size


def every_segment(points) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [(points[i], points[j]) for i in range(len(points)) for j in range(i + 1, len(points))]


def place(points, names, square: Frame, radius: float, size: float, avoid=()) -> list[Label]:
    """Labels for ``points`` (page points of the dots) named ``names``, in the square.

    ``avoid`` lists the sets of segments to keep clear of, most ambitious first (tiers 1, 2);
    the last tier keeps clear of dots and letters only. Raises Crowded when a dot has no spot.
    """
    import numpy as np
    from shapely import STRtree, box as boxes, linestrings

    n = len(points)
    pts = np.array(points, dtype=float).reshape(n, 2)
    trees = []
    for segments in avoid:
        lines = [linestrings([a, b]) for a, b in segments]
        trees.append(STRtree(lines) if lines else None)
    inner = square.inset(INSIDE_MM * MM)
    reach_dot = radius + DOT_GAP_MM * MM
    unit = np.array([(dx / math.sqrt(dx * dx + dy * dy), dy / math.sqrt(dx * dx + dy * dy))
                     for dx, dy in DIRECTIONS])
    steps = np.arange(0, REACH_MM * MM + 1e-9, STEP_MM * MM)
    placed: list[Label] = []
    taken = np.zeros((0, 4))
    for i in _crowded_first(pts):
        w, h = label_box(names[i], size)
        # box centres: from just clear of the dot outward, every direction at every step
        start = reach_dot + np.minimum(w / 2 / np.maximum(np.abs(unit[:, 0]), 1e-9),
                                       h / 2 / np.maximum(np.abs(unit[:, 1]), 1e-9))
        dist = start[None, :] + steps[:, None]                  # (steps, directions)
        cx = (pts[i, 0] + dist * unit[None, :, 0]).ravel()
        cy = (pts[i, 1] + dist * unit[None, :, 1]).ravel()
        left, bottom, right, top = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
        ok = (left >= inner.x) & (right <= inner.right) & (bottom >= inner.y) & (top <= inner.top)
        # clear of every dot, its own included, by the gap
        dx = np.maximum(np.maximum(left[:, None] - pts[None, :, 0], 0), pts[None, :, 0] - right[:, None])
        dy = np.maximum(np.maximum(bottom[:, None] - pts[None, :, 1], 0), pts[None, :, 1] - top[:, None])
        ok &= (np.hypot(dx, dy) >= reach_dot).all(axis=1)
        # names its own dot: the centre much nearer to it than to any other
        centre = np.hypot(cx[:, None] - pts[None, :, 0], cy[:, None] - pts[None, :, 1])
        others = np.delete(centre, i, axis=1)
        if others.shape[1]:
            ok &= centre[:, i] <= OWN_SHARE * others.min(axis=1)
        # clear of the letters already placed
        gap = LABEL_GAP_MM * MM
        if len(taken):
            overlap = ((left[:, None] < taken[None, :, 2] + gap)
                       & (right[:, None] > taken[None, :, 0] - gap)
                       & (bottom[:, None] < taken[None, :, 3] + gap)
                       & (top[:, None] > taken[None, :, 1] - gap))
            ok &= ~overlap.any(axis=1)
        candidates = np.flatnonzero(ok)
        if not len(candidates):
            raise Crowded(f"dot {names[i]} is too crowded by its neighbours for its letter")
        line_gap = LINE_GAP_MM * MM
        chosen, tier = int(candidates[0]), len(trees) + 1
        for t, tree in enumerate(trees, 1):
            if tree is None:
                chosen, tier = int(candidates[0]), t
                break
            grown = boxes(left[candidates] - line_gap, bottom[candidates] - line_gap,
                          right[candidates] + line_gap, top[candidates] + line_gap)
            hit = np.zeros(len(candidates), dtype=bool)
            hit[tree.query(grown, predicate="intersects")[0]] = True
            if not hit.all():
                chosen, tier = int(candidates[np.flatnonzero(~hit)[0]]), t
                break
        bx = (float(left[chosen]), float(bottom[chosen]), float(right[chosen]), float(top[chosen]))
        placed.append(Label(i, names[i], size, bx, tier))
        taken = np.vstack([taken, bx])
    return sorted(placed, key=lambda label: label.index)


def _crowded_first(pts) -> list[int]:
    """Dots with the nearest neighbour first: they have the fewest spots to choose from."""
    import numpy as np

    n = len(pts)
    if n < 2:
        return list(range(n))
    d = np.hypot(pts[:, None, 0] - pts[None, :, 0], pts[:, None, 1] - pts[None, :, 1])
    np.fill_diagonal(d, np.inf)
    nearest = d.min(axis=1)
    return sorted(range(n), key=lambda k: (float(nearest[k]), k))
