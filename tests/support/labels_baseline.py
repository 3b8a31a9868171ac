"""The dot-letter placer as it was before issue 14 made it pure Python: numpy, every candidate
spot of every dot tested at once. Frozen here so bench/cliquer_labels.py can time the new placer
against it on the same boards in the same run and check that both choose the same spots.
Not used by pnp.
"""

from __future__ import annotations

import math

from pnp.games.cliquer.labels import (DIRECTIONS, DOT_GAP_MM, INSIDE_MM, LABEL_GAP_MM,
                                      LINE_GAP_MM, OWN_SHARE, REACH_MM, STEP_MM, Crowded, Label,
                                      label_box)
from pnp.paper import MM, Frame


def place(points, names, square: Frame, radius: float, size: float, avoid=()) -> list[Label]:
    """Labels for ``points`` (page points of the dots) named ``names``, in the square.

    ``avoid`` lists the sets of segments to keep clear of, most ambitious first (tiers 1, 2);
    the last tier keeps clear of dots and letters only. Raises Crowded when a dot has no spot.
    Every test but the one between letters is made for all dots' candidates at once; the
    letters are then placed one by one, the most crowded dot first.
    """
    import numpy as np

    n = len(points)
    if n == 0:
        return []
    pts = np.array(points, dtype=float).reshape(n, 2)
    inner = square.inset(INSIDE_MM * MM)
    reach_dot = radius + DOT_GAP_MM * MM
    unit = np.array([(dx / math.sqrt(dx * dx + dy * dy), dy / math.sqrt(dx * dx + dy * dy))
                     for dx, dy in DIRECTIONS])
    steps = np.arange(0, REACH_MM * MM + 1e-9, STEP_MM * MM)
    ink = np.array([label_box(name, size) for name in names]).reshape(n, 4)
    w, h = ink[:, 2:3] - ink[:, 0:1], ink[:, 3:4] - ink[:, 1:2]          # (n, 1)
    # box centres, per dot: from just clear of the dot outward, steps major, directions minor
    start = reach_dot + np.minimum(w / 2 / np.maximum(np.abs(unit[None, :, 0]), 1e-9),
                                   h / 2 / np.maximum(np.abs(unit[None, :, 1]), 1e-9))   # (n, D)
    dist = start[:, None, :] + steps[None, :, None]                                   # (n, S, D)
    cx = (pts[:, 0, None, None] + dist * unit[None, None, :, 0]).reshape(n, -1)
    cy = (pts[:, 1, None, None] + dist * unit[None, None, :, 1]).reshape(n, -1)
    left, right, bottom, top = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2         # (n, C)
    ok = (left >= inner.x) & (right <= inner.right) & (bottom >= inner.y) & (top <= inner.top)
    # clear of every dot, its own included, by the gap
    px, py = pts[None, None, :, 0], pts[None, None, :, 1]
    dx = np.maximum(np.maximum(left[..., None] - px, 0), px - right[..., None])
    dy = np.maximum(np.maximum(bottom[..., None] - py, 0), py - top[..., None])
    ok &= (np.hypot(dx, dy) >= reach_dot).all(axis=2)
    # names its own dot: the centre much nearer to it than to any other
    centre = np.hypot(cx[..., None] - px, cy[..., None] - py)                         # (n, C, n)
    own = centre[np.arange(n), :, np.arange(n)]                                       # (n, C)
    centre[np.arange(n), :, np.arange(n)] = np.inf
    ok &= own <= OWN_SHARE * centre.min(axis=2)
    tiers = [_Lines(np.array(segments, dtype=float).reshape(-1, 2, 2)) for segments in avoid]
    grown = (left - LINE_GAP_MM * MM, bottom - LINE_GAP_MM * MM, right + LINE_GAP_MM * MM,
             top + LINE_GAP_MM * MM)
    gap = LABEL_GAP_MM * MM
    placed: list[Label] = []
    taken = np.zeros((0, 4))
    for i in _crowded_first(pts):
        free = ok[i].copy()
        if len(taken):      # clear of the letters already placed
            free &= ~((left[i, :, None] < taken[None, :, 2] + gap)
                      & (right[i, :, None] > taken[None, :, 0] - gap)
                      & (bottom[i, :, None] < taken[None, :, 3] + gap)
                      & (top[i, :, None] > taken[None, :, 1] - gap)).any(axis=1)
        if not free.any():
            raise Crowded(f"dot {names[i]} is too crowded by its neighbours for its letter")
        spots = np.flatnonzero(free)
        chosen, tier = int(spots[0]), len(tiers) + 1
        for t, lines in enumerate(tiers, 1):
            found = _first_clear(lines, spots, [g[i] for g in grown])
            if found is not None:
                chosen, tier = found, t
                break
        box = (float(left[i, chosen]), float(bottom[i, chosen]), float(right[i, chosen]),
               float(top[i, chosen]))
        origin = (box[0] - float(ink[i, 0]), box[1] - float(ink[i, 1]))
        placed.append(Label(i, names[i], size, box, tier, origin))
        taken = np.vstack([taken, box])
    return sorted(placed, key=lambda label: label.index)


FIRST = 24      # spots tried before the rest: most letters find theirs among the nearest


def _first_clear(lines: "_Lines", spots, grown) -> int | None:
    """The first of ``spots`` whose grown box meets none of the ``lines``, or None."""
    import numpy as np

    for chunk in (spots[:FIRST], spots[FIRST:]):
        clear = ~lines.meet(*(g[chunk] for g in grown))
        if clear.any():
            return int(chunk[np.flatnonzero(clear)[0]])
    return None


class _Lines:
    """Segments (S, 2, 2) to keep letters off, with what every box test needs made once."""

    def __init__(self, segments):
        import numpy as np

        self.count = len(segments)
        (self.x0, self.y0), (x1, y1) = segments[:, 0].T, segments[:, 1].T      # (S,)
        self.dx, self.dy = x1 - self.x0, y1 - self.y0
        self.left, self.right = np.minimum(self.x0, x1), np.maximum(self.x0, x1)
        self.bottom, self.top = np.minimum(self.y0, y1), np.maximum(self.y0, y1)

    def meet(self, left, bottom, right, top):
        """For each box (arrays of its sides), does any segment touch it?

        A segment meets an upright box when their extents overlap on both axes and the box's
        corners are not all strictly on one side of the segment's line (the separating-axis test
        for a box and a segment). The four corners' sides are dx (y - y0) - dy (x - x0) for
        y in (bottom, top) and x in (left, right): all strictly positive exactly when the least
        of the first terms exceeds the greatest of the second (for floats a - b > 0 is a > b).
        All boxes against all segments at once, in plain float arithmetic: many times faster
        than asking a shapely tree box by box for the few dozen segments a board has.
        """
        import numpy as np

        if not self.count:
            return np.zeros(len(left), dtype=bool)
        l, b, r, t = (v[:, None] for v in (left, bottom, right, top))          # (C, 1)
        hit = (l <= self.right) & (r >= self.left) & (b <= self.top) & (t >= self.bottom)
        ys = self.dx * (b - self.y0), self.dx * (t - self.y0)
        xs = self.dy * (l - self.x0), self.dy * (r - self.x0)
        y_low, y_high = np.minimum(*ys), np.maximum(*ys)
        x_low, x_high = np.minimum(*xs), np.maximum(*xs)
        hit &= y_low <= x_high          # not all corners above the line
        hit &= y_high >= x_low          # nor all below it
        return hit.any(axis=1)


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
