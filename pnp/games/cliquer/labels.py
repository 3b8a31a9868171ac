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

This is page geometry in points (floats), not a game guarantee: the exact integer tests
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
REACH_MM = 4.0        # how far from its dot a letter may go
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
    box: tuple[float, float, float, float]       # the letters' ink: left, bottom, right, top; pt
    tier: int                                    # 1, 2 or 3 (see the module's docstring)
    origin: tuple[float, float] = (0.0, 0.0)     # where the text is drawn from (its baseline)


# The ink of bold capitals around their origin, in em (read back from DejaVu Sans Bold with
# pdfium): from the baseline (round letters dip 0.013) to 0.742; J and Q reach 0.2 below; J
# starts 0.055 left of its origin and K ends 0.03 past its advance.
INK_LEFT, INK_RIGHT, INK_TOP, INK_BOTTOM, INK_DESCENT = -0.06, 0.035, 0.745, -0.015, -0.2


def label_box(text: str, size: float) -> tuple[float, float, float, float]:
    """The ink of a capital-letter label relative to its origin (pt): left, bottom, right, top."""
    from pnp.pdf import fonts

    bottom = INK_DESCENT if any(ch in "JQ" for ch in text) else INK_BOTTOM
    return (INK_LEFT * size, bottom * size, fonts.string_width(text, fonts.BOLD, size) + INK_RIGHT * size,
            INK_TOP * size)


def every_segment(points) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [(points[i], points[j]) for i in range(len(points)) for j in range(i + 1, len(points))]


def place(points, names, square: Frame, radius: float, size: float, avoid=()) -> list[Label]:
    """Labels for ``points`` (page points of the dots) named ``names``, in the square.

    ``avoid`` lists the sets of segments to keep clear of, most ambitious first (tiers 1, 2);
    the last tier keeps clear of dots and letters only. Raises Crowded when a dot has no spot.
    The letters are placed one by one, the most crowded dot first, each at the first free spot
    of the best tier it can have.

    Spots are tried in order and the search stops at the first spot of the first tier, which is
    nearly always among a dot's first few (a 9-dot board tries about a dozen a letter, not the
    272 there are). Plain floats, in the very operations the numpy placer this replaced made
    for every spot at once (issue 14; ``bench/labels_baseline.py`` keeps it, and
    ``bench/cliquer_labels.py`` checks both choose the same spots): same letters, no numpy to
    import, a tenth of the time.
    """
    n = len(points)
    if n == 0:
        return []
    pts = [(float(x), float(y)) for x, y in points]
    inner = square.inset(INSIDE_MM * MM)
    reach_dot = radius + DOT_GAP_MM * MM
    units = [(dx / math.sqrt(dx * dx + dy * dy), dy / math.sqrt(dx * dx + dy * dy))
             for dx, dy in DIRECTIONS]
    step = STEP_MM * MM
    steps = [k * step for k in range(math.ceil((REACH_MM * MM + 1e-9) / step))]
    tiers = [_Lines(segments) for segments in avoid]
    grow, gap = LINE_GAP_MM * MM, LABEL_GAP_MM * MM
    placed: list[Label] = []
    taken: list[tuple[float, float, float, float]] = []
    nearest = _nearest(pts)
    for i in sorted(range(n), key=lambda k: (nearest[k], k)):     # the most crowded dot first
        px, py = pts[i]
        ink = label_box(names[i], size)
        w, h = ink[2] - ink[0], ink[3] - ink[1]
        half_w, half_h = w / 2, h / 2
        # box centres from just clear of the dot outward, steps major, directions minor
        starts = [reach_dot + min(half_w / max(abs(ux), 1e-9), half_h / max(abs(uy), 1e-9))
                  for ux, uy in units]
        # Only what is near this dot can stop one of its spots: leaving the rest out changes no
        # answer (each test below would pass them anyway, by a point's margin at least) and
        # makes the tests a few dots and lines long instead of the board's
        centres = max(starts) + steps[-1]                 # no centre is farther from the dot
        around = centres + math.hypot(half_w, half_h) + grow + 1.0
        others = [(x, y) for k, (x, y) in enumerate(pts) if k != i]
        clear_of = [(px, py)] + [(x, y) for x, y in others
                                 if abs(x - px) < around + reach_dot and abs(y - py) < around + reach_dot]
        # the dot nearest a centre is among those within nearest + 2 * centres of this dot
        rivals = [(x, y) for x, y in others if max(abs(x - px), abs(y - py)) <= nearest[i] + 2 * centres + 1.0]
        lines = [t.near(px - around, py - around, px + around, py + around) for t in tiers]
        free: list[tuple[float, float, float, float]] = []
        found = None
        for s in steps:
            for (ux, uy), start in zip(units, starts):
                dist = start + s
                cx, cy = px + dist * ux, py + dist * uy
                box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
                if not _free(box, cx, cy, px, py, clear_of, rivals, inner, reach_dot, taken, gap):
                    continue
                if not free and not tiers:
                    found = (box, 1)
                    break
                free.append(box)
                if tiers and not lines[0].meet(box[0] - grow, box[1] - grow, box[2] + grow,
                                               box[3] + grow):
                    found = (box, 1)
                    break
            if found:
                break
        if found is None:
            if not free:
                raise Crowded(f"dot {names[i]} is too crowded by its neighbours for its letter")
            found = next(((box, t) for t, tier in enumerate(lines[1:], 2) for box in free
                          if not tier.meet(box[0] - grow, box[1] - grow, box[2] + grow,
                                            box[3] + grow)),
                         (free[0], len(tiers) + 1))
        box, tier = found
        placed.append(Label(i, names[i], size, box, tier, (box[0] - ink[0], box[1] - ink[1])))
        taken.append(box)
    return sorted(placed, key=lambda label: label.index)


def _free(box, cx, cy, px, py, clear_of, rivals, inner: Frame, reach_dot: float, taken,
          gap: float) -> bool:
    """May a letter's box (centre ``cx, cy``) take this spot by its dot at ``px, py``: inside
    the square, clear of the letters already placed and of the dots ``clear_of`` by the gap, and
    nearer its own dot than any of the ``rivals`` (the other dots that could be nearer)?"""
    left, bottom, right, top = box
    if left < inner.x or right > inner.right or bottom < inner.y or top > inner.top:
        return False
    for tl, tb, tr, tt in taken:
        if left < tr + gap and right > tl - gap and bottom < tt + gap and top > tb - gap:
            return False
    for x, y in clear_of:
        if math.hypot(max(left - x, 0.0, x - right), max(bottom - y, 0.0, y - top)) < reach_dot:
            return False
    if not rivals:
        return True
    return math.hypot(cx - px, cy - py) <= OWN_SHARE * min(math.hypot(cx - x, cy - y) for x, y in rivals)


class _Lines:
    """Segments to keep letters off, with what every box test needs made once."""

    def __init__(self, segments):
        self.segments = []
        for (x0, y0), (x1, y1) in segments:
            x0, y0, x1, y1 = float(x0), float(y0), float(x1), float(y1)
            self.segments.append((x0, y0, x1 - x0, y1 - y0, min(x0, x1), max(x0, x1),
                                  min(y0, y1), max(y0, y1)))

    def near(self, left: float, bottom: float, right: float, top: float) -> "_Lines":
        """The segments whose extents overlap the box: the only ones that can meet a box in it."""
        lines = _Lines(())
        lines.segments = [s for s in self.segments
                          if s[4] <= right and s[5] >= left and s[6] <= top and s[7] >= bottom]
        return lines

    def meet(self, left: float, bottom: float, right: float, top: float) -> bool:
        """Does any segment touch the upright box?

        A segment meets an upright box when their extents overlap on both axes and the box's
        corners are not all strictly on one side of the segment's line (the separating-axis test
        for a box and a segment). The four corners' sides are dx (y - y0) - dy (x - x0) for
        y in (bottom, top) and x in (left, right): all strictly positive exactly when the least
        of the first terms exceeds the greatest of the second (for floats a - b > 0 is a > b).
        """
        for x0, y0, dx, dy, s_left, s_right, s_bottom, s_top in self.segments:
            if left > s_right or right < s_left or bottom > s_top or top < s_bottom:
                continue
            y_a, y_b = dx * (bottom - y0), dx * (top - y0)
            x_a, x_b = dy * (left - x0), dy * (right - x0)
            if min(y_a, y_b) <= max(x_a, x_b) and max(y_a, y_b) >= min(x_a, x_b):
                return True
        return False


def _nearest(pts) -> list[float]:
    """Each dot's distance to its nearest neighbour (infinite for a lone dot)."""
    return [min((math.hypot(x - u, y - v) for j, (u, v) in enumerate(pts) if j != k), default=math.inf)
            for k, (x, y) in enumerate(pts)]
