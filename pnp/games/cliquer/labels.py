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
from functools import lru_cache

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
# the directions as unit vectors, and the distances out from a letter's first spots
UNITS = [(dx / math.sqrt(dx * dx + dy * dy), dy / math.sqrt(dx * dx + dy * dy)) for dx, dy in DIRECTIONS]
STEPS = [k * (STEP_MM * MM) for k in range(math.ceil((REACH_MM * MM + 1e-9) / (STEP_MM * MM)))]


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
    for every spot at once (issue 14; ``tests/support/labels_baseline.py`` keeps it, and
    ``bench/cliquer_labels.py`` checks both choose the same spots): same letters, no numpy to
    import, a tenth of the time.
    """
    n = len(points)
    if n == 0:
        return []
    pts = [(float(x), float(y)) for x, y in points]
    inner = square.inset(INSIDE_MM * MM)
    reach_dot = float(radius + DOT_GAP_MM * MM)
    grow, gap = LINE_GAP_MM * MM, LABEL_GAP_MM * MM
    # what the tests of every spot need of the board, as floats
    board = (UNITS, STEPS, tuple(float(v) for v in (inner.x, inner.y, inner.right, inner.top)),
             reach_dot, gap, grow, OWN_SHARE)
    nearest = _nearest(pts)
    order = sorted(range(n), key=lambda k: (nearest[k], k))     # the most crowded dot first
    letters = [_letter(names[i], size, reach_dot) for i in range(n)]
    found = _place_python(board, pts, order, nearest, letters, avoid)
    if isinstance(found, int):
        raise Crowded(f"dot {names[found]} is too crowded by its neighbours for its letter")
    # letters[i][0]: the ink's box
    return [Label(i, names[i], size, box, tier, (box[0] - letters[i][0][0], box[1] - letters[i][0][1]))
            for i, (box, tier) in enumerate(found)]


def _place_python(board, pts, order, nearest, letters, avoid):
    """The letters' spots, a dot at a time in ``order``, each clear of the letters before it:
    ``(box, tier)`` a dot (by index), or the index of the first dot with no spot. ``letters``
    holds each dot's ``_letter``."""
    reach_dot = board[3]
    tiers = [_Lines(segments) for segments in avoid]
    found: list = [None] * len(pts)
    taken: list[tuple[float, float, float, float]] = []
    for i in order:
        px, py = pts[i]
        _, half_w, half_h, spots, centres, around = letters[i]
        # Only what is near this dot can stop one of its spots: leaving the rest out changes no
        # answer (each test of the search would pass them anyway, by a point's margin at least)
        # and makes the tests a few dots and lines long instead of the board's
        others = pts[:i] + pts[i + 1:]
        near = around + reach_dot
        clear_of = [(x, y) for x, y in others if abs(x - px) < near and abs(y - py) < near]
        # the dot nearest a centre is among those within nearest + 2 * centres of this dot
        reach = nearest[i] + 2 * centres + 1.0
        rivals = [(x, y) for x, y in others if abs(x - px) <= reach and abs(y - py) <= reach]
        # tier 1's lines near the dot; the lower tiers are asked only when no spot has tier 1
        # (a letter in thirty), and then of all their lines: a line outside the region near()
        # keeps is outside every spot's box, so it changes no answer of meet
        lines = [tiers[0].near(px - around, py - around, px + around, py + around)] + tiers[1:] \
            if tiers else []
        spot = _search_python(board, px, py, half_w, half_h, spots, clear_of, rivals, lines, taken)
        if spot is None:
            return i
        found[i] = spot
        taken.append(spot[0])
    return found


@lru_cache(maxsize=1024, typed=True)
def _letter(text: str, size: float, reach_dot: float):
    """What a letter's search needs of its shape (a board has the same few letters every
    time): its ink, its half width and height, its ``spots``, the farthest centre from the dot,
    and how far from the dot a dot or line can stop a spot.

    The spots are where its box centre may go, in the order they are tried: ``STEPS`` outward
    from just clear of the dot (its start) along each of the ``UNITS``, as (x, y) offsets from
    the dot, each the very float ``(start + step) * unit`` the search adds to the dot's
    position, whether the spot's box may come within ``reach_dot`` of its own dot, and the
    index of its direction in ``UNITS``. Whether it does depends on the letter's shape alone,
    but for the rounding of the dot's position (units of 1e-13 on a page): a spot whose box is
    within the reach by more than ``_TIE`` is left out (the search would refuse it on any
    board; more than half the spots), one clear of it by more than ``_TIE`` skips the test (it
    would pass), and the few near-ties are tested on the board's own floats as before."""
    ink = label_box(text, size)
    w, h = ink[2] - ink[0], ink[3] - ink[1]
    half_w, half_h = w / 2, h / 2
    starts = tuple(reach_dot + min(half_w / max(abs(ux), 1e-9), half_h / max(abs(uy), 1e-9))
                   for ux, uy in UNITS)
    centres = max(starts) + STEPS[-1]
    around = centres + math.hypot(half_w, half_h) + LINE_GAP_MM * MM + 1.0
    spots = []
    for s in STEPS:
        for way, ((ux, uy), start) in enumerate(zip(UNITS, starts)):
            dist = start + s
            ox, oy = dist * ux, dist * uy
            left, bottom, right, top = ox - half_w, oy - half_h, ox + half_w, oy + half_h
            gap = math.hypot(left if left > 0.0 else (-right if right < 0.0 else 0.0),
                             bottom if bottom > 0.0 else (-top if top < 0.0 else 0.0))
            if gap < reach_dot - _TIE:
                continue
            spots.append((ox, oy, gap < reach_dot + _TIE, way))
    return ink, half_w, half_h, tuple(spots), centres, around


# far wider than the rounding of a dot's position on a page (1e-13 pt), far narrower than any
# difference the letters' geometry makes
_TIE = 1e-7


def _search_python(board, px, py, half_w, half_h, spots, clear_of, rivals, lines, taken):
    """What ``_search_every_tier`` answers, in fewer tests.

    Nine spots in ten that a letter tries are crossed by a possible line, so tier 1's line test
    comes first here, and the letters', dots' and rivals' tests (``_free``) only for a spot clear
    of every line: that spot is the answer if it passes them, as it is in
    ``_search_every_tier`` (the first spot free of everything and of tier 1's lines). The line
    that crossed the last spot in a direction is tried first on the next (spots further out
    along one direction are mostly crossed by the same line), and a line found crossing a spot
    moves to the front of this letter's list: whether any segment meets a box does not depend
    on the order they are tried in.

    When no spot has tier 1 (a letter in thirty), the answer is the first spot in order that is
    free and clear of tier 2's lines, then tier 3's, ..., else the first free spot: the same
    spot ``_search_every_tier`` picks from its list of free spots, with each spot's freedom
    tested at most once and only for the spots those lines leave."""
    if not lines:
        return _search_every_tier(board, px, py, half_w, half_h, spots, clear_of, rivals, lines, taken)
    _, _, inner, reach_dot, gap, grow, own_share = board
    in_left, in_bottom, in_right, in_top = inner
    segments = lines[0].segments
    crossed_by = [None] * len(UNITS)  # a direction's index -> the line that crossed its last spot
    for ox, oy, own_tie, way in spots:
        cx, cy = px + ox, py + oy
        left, bottom, right, top = cx - half_w, cy - half_h, cx + half_w, cy + half_h
        if left < in_left or right > in_right or bottom < in_bottom or top > in_top:
            continue
        g_left, g_bottom, g_right, g_top = left - grow, bottom - grow, right + grow, top + grow
        segment = crossed_by[way]
        if segment is not None:
            # _crosses, written out: it runs for most spots
            x0, y0, dx, dy, s_left, s_right, s_bottom, s_top = segment
            if not (g_left > s_right or g_right < s_left or g_bottom > s_top or g_top < s_bottom):
                if dx >= 0.0:
                    y_lo, y_hi = dx * (g_bottom - y0), dx * (g_top - y0)
                else:
                    y_lo, y_hi = dx * (g_top - y0), dx * (g_bottom - y0)
                if dy >= 0.0:
                    x_lo, x_hi = dy * (g_left - x0), dy * (g_right - x0)
                else:
                    x_lo, x_hi = dy * (g_right - x0), dy * (g_left - x0)
                if y_lo <= x_hi and y_hi >= x_lo:
                    continue
        k = _first_crossing(segments, g_left, g_bottom, g_right, g_top)
        if k >= 0:
            # and first in line for the other directions (a line crossing one spot often
            # crosses the next direction's too)
            segment = crossed_by[way] = segments[k]
            segments[k] = segments[0]
            segments[0] = segment
            continue
        if _free(px, py, cx, cy, own_tie, left, bottom, right, top, board, clear_of, rivals, taken):
            return (left, bottom, right, top), 1
    # no spot has tier 1: the spots inside the square, in order, for the lower tiers
    inside = []
    for ox, oy, own_tie, _ in spots:
        cx, cy = px + ox, py + oy
        left, bottom, right, top = cx - half_w, cy - half_h, cx + half_w, cy + half_h
        if not (left < in_left or right > in_right or bottom < in_bottom or top > in_top):
            inside.append((cx, cy, own_tie, left, bottom, right, top))
    freedom: dict = {}                # spot's place in ``inside`` -> whether it is free
    for t, tier in enumerate(lines[1:], 2):
        for k, (cx, cy, own_tie, left, bottom, right, top) in enumerate(inside):
            if tier.meet(left - grow, bottom - grow, right + grow, top + grow):
                continue
            if k not in freedom:
                freedom[k] = _free(px, py, cx, cy, own_tie, left, bottom, right, top, board, clear_of,
                                   rivals, taken)
            if freedom[k]:
                return (left, bottom, right, top), t
    for k, (cx, cy, own_tie, left, bottom, right, top) in enumerate(inside):
        if k not in freedom:
            freedom[k] = _free(px, py, cx, cy, own_tie, left, bottom, right, top, board, clear_of,
                               rivals, taken)
        if freedom[k]:
            return (left, bottom, right, top), len(lines) + 1
    return None


def _free(px, py, cx, cy, own_tie, left, bottom, right, top, board, clear_of, rivals, taken) -> bool:
    """Is the box (centre ``cx, cy``) of the dot at ``px, py``'s letter clear of the letters
    ``taken``, of every dot, and nearer its own dot than any rival's? The tests of
    ``_search_every_tier`` but its square's and lines'."""
    _, _, _, reach_dot, gap, _, own_share = board
    for tl, tb, tr, tt in taken:
        if left < tr + gap and right > tl - gap and bottom < tt + gap and top > tb - gap:
            return False
    if own_tie and not _clear_of_dots(left, bottom, right, top, ((px, py),), reach_dot):
        return False
    if not _clear_of_dots(left, bottom, right, top, clear_of, reach_dot):
        return False
    return not rivals or _own_dot_nearest(cx, cy, px, py, rivals, own_share)


def _search_every_tier(board, px, py, half_w, half_h, spots, clear_of, rivals, lines, taken):
    """The first free spot for the letter of the dot at ``px, py`` (a box ``half_w`` by
    ``half_h`` each side of its centre) among its ``spots`` (see ``_letter``), in order:
    ``(box, tier)`` with the best tier any spot has, or None when no spot is free. ``board``
    is (units, steps, the inner square's left, bottom, right, top, reach_dot, gap, grow,
    own_share); ``clear_of``, the other dots near this one; ``lines``, a ``_Lines`` a tier,
    the segments near the dot.

    The test of a spot is written out in the loop: it runs about ten times a letter, and the
    call was a third of its cost."""
    _, _, inner, reach_dot, gap, grow, own_share = board
    in_left, in_bottom, in_right, in_top = inner
    own = ((px, py),)
    free: list[tuple[float, float, float, float]] = []
    for ox, oy, own_tie, _ in spots:
        cx, cy = px + ox, py + oy
        left, bottom, right, top = cx - half_w, cy - half_h, cx + half_w, cy + half_h
        if left < in_left or right > in_right or bottom < in_bottom or top > in_top:
            continue
        on_a_letter = False
        for tl, tb, tr, tt in taken:
            if left < tr + gap and right > tl - gap and bottom < tt + gap and top > tb - gap:
                on_a_letter = True
                break
        if on_a_letter:
            continue
        if own_tie and not _clear_of_dots(left, bottom, right, top, own, reach_dot):
            continue
        if not _clear_of_dots(left, bottom, right, top, clear_of, reach_dot):
            continue
        if rivals and not _own_dot_nearest(cx, cy, px, py, rivals, own_share):
            continue
        box = (left, bottom, right, top)
        if not free and not lines:
            return box, 1
        free.append(box)
        if lines and not lines[0].meet(left - grow, bottom - grow, right + grow, top + grow):
            return box, 1
    if not free:
        return None
    return next(((box, t) for t, tier in enumerate(lines[1:], 2) for box in free
                 if not tier.meet(box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow)),
                (free[0], len(lines) + 1))


def _clear_of_dots(left, bottom, right, top, dots, reach_dot: float) -> bool:
    """Is the box at least ``reach_dot`` from each of the ``dots``? math.hypot of the gaps on
    the two axes, asked only when neither gap alone settles it: hypot(dx, dy) >= dx exactly
    (it is rounded faithfully from a value at least dx, and dx is a float)."""
    for x, y in dots:
        dx = left - x if x < left else (x - right if x > right else 0.0)
        if dx >= reach_dot:
            continue
        dy = bottom - y if y < bottom else (y - top if y > top else 0.0)
        if dy >= reach_dot:
            continue
        if math.hypot(dx, dy) < reach_dot:
            return False
    return True


def _own_dot_nearest(cx, cy, px, py, rivals, own_share: float) -> bool:
    """Is the centre ``cx, cy`` nearer its own dot than ``own_share`` of the way to each of the
    ``rivals``? Stops at the first rival too near: own <= share * min(d) is own <= share * d
    for every d, because multiplying by a positive float keeps order."""
    own = math.hypot(cx - px, cy - py)
    for x, y in rivals:
        if own > own_share * math.hypot(cx - x, cy - y):
            return False
    return True


class _Lines:
    """Segments to keep letters off, with what every box test needs made once."""

    __slots__ = ("segments",)

    def __init__(self, segments):
        self.segments = []
        for (x0, y0), (x1, y1) in segments:
            x0, y0, x1, y1 = float(x0), float(y0), float(x1), float(y1)
            # min and max, without two calls each (a board has a few dozen segments a tier)
            self.segments.append((x0, y0, x1 - x0, y1 - y0, x1 if x1 < x0 else x0,
                                  x1 if x1 > x0 else x0, y1 if y1 < y0 else y0,
                                  y1 if y1 > y0 else y0))

    def near(self, left: float, bottom: float, right: float, top: float) -> "_Lines":
        """The segments whose extents overlap the box: the only ones that can meet a box in it."""
        lines = _Lines.__new__(_Lines)
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
        Which product is the least is known from the sign of dx (of dy): rounding keeps order,
        so bottom <= top gives dx (bottom - y0) <= dx (top - y0) for dx >= 0, the reverse below.
        """
        return _first_crossing(self.segments, left, bottom, right, top) >= 0


def _first_crossing(segments, left: float, bottom: float, right: float, top: float) -> int:
    """Where in ``segments`` the first that touches the upright box is, or -1 (the test is
    ``_Lines.meet``'s)."""
    for k, (x0, y0, dx, dy, s_left, s_right, s_bottom, s_top) in enumerate(segments):
        if left > s_right or right < s_left or bottom > s_top or top < s_bottom:
            continue
        if dx >= 0.0:
            y_lo, y_hi = dx * (bottom - y0), dx * (top - y0)
        else:
            y_lo, y_hi = dx * (top - y0), dx * (bottom - y0)
        if dy >= 0.0:
            x_lo, x_hi = dy * (left - x0), dy * (right - x0)
        else:
            x_lo, x_hi = dy * (right - x0), dy * (left - x0)
        if y_lo <= x_hi and y_hi >= x_lo:
            return k
    return -1


def _nearest(pts) -> list[float]:
    """Each dot's distance to its nearest neighbour (infinite for a lone dot). Each pair's
    distance once: math.hypot(x - u, y - v) is hypot(u - x, v - y) to the bit (a difference
    rounds to the negative of its reverse, and hypot takes magnitudes)."""
    nearest = [math.inf] * len(pts)
    for k, (x, y) in enumerate(pts):
        for j in range(k + 1, len(pts)):
            u, v = pts[j]
            d = math.hypot(x - u, y - v)
            if d < nearest[k]:
                nearest[k] = d
            if d < nearest[j]:
                nearest[j] = d
    return nearest
