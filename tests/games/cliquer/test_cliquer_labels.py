"""The dot-letter placer (pnp.games.cliquer.labels) against a straightforward reference.

The placer narrows what each spot is tested against, orders the tests, remembers which line
crossed a direction's last spot and skips spots it can rule out from the letter's shape alone.
None of that may move a letter: the reference below tests every spot, in order, against every
dot, every letter already placed and every segment of a tier, with nothing remembered and no
test skipped, and the placer must give the very same floats (or refuse the same dot).
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.games.cliquer import labels
from pnp.games.cliquer.labels import (DOT_GAP_MM, INSIDE_MM, LABEL_GAP_MM, LINE_GAP_MM, OWN_SHARE,
                                      STEPS, UNITS, Crowded, every_segment, label_box, place)
from pnp.paper import MM, Frame


def _meets(segment, left, bottom, right, top) -> bool:
    """A segment touches an upright box: their extents overlap and the box's four corners are
    not all strictly on one side of the segment's line."""
    (x0, y0), (x1, y1) = segment
    x0, y0, x1, y1 = float(x0), float(y0), float(x1), float(y1)
    if left > max(x0, x1) or right < min(x0, x1) or bottom > max(y0, y1) or top < min(y0, y1):
        return False
    dx, dy = x1 - x0, y1 - y0
    sides = [dx * (y - y0) > dy * (x - x0) for x in (left, right) for y in (bottom, top)]
    below = [dx * (y - y0) < dy * (x - x0) for x in (left, right) for y in (bottom, top)]
    return not (all(sides) or all(below))


def _gap(box, x, y) -> float:
    left, bottom, right, top = box
    dx = left - x if x < left else (x - right if x > right else 0.0)
    dy = bottom - y if y < bottom else (y - top if y > top else 0.0)
    return math.hypot(dx, dy)


def reference(points, names, square, radius, size, avoid=()):
    """The placer's rules, written the plain way: each dot's letter, most crowded dot first, at
    the first spot of the best tier; a spot is free when its box is inside the square, clear of
    the letters placed by a gap, at least a pencil gap from every dot, and its centre nearer
    its own dot than ``OWN_SHARE`` of the way to any other; tier t also keeps it off
    ``avoid[t - 1]``'s segments (grown by a line's half width)."""
    n = len(points)
    if n == 0:
        return []
    pts = [(float(x), float(y)) for x, y in points]
    inner = square.inset(INSIDE_MM * MM)
    reach_dot = float(radius + DOT_GAP_MM * MM)
    grow, gap = LINE_GAP_MM * MM, LABEL_GAP_MM * MM
    nearest = [min((math.hypot(pts[k][0] - pts[j][0], pts[k][1] - pts[j][1])
                    for j in range(n) if j != k), default=math.inf) for k in range(n)]
    taken, found = [], [None] * n
    for i in sorted(range(n), key=lambda k: (nearest[k], k)):
        px, py = pts[i]
        ink = label_box(names[i], size)
        half_w, half_h = (ink[2] - ink[0]) / 2, (ink[3] - ink[1]) / 2
        starts = [reach_dot + min(half_w / max(abs(ux), 1e-9), half_h / max(abs(uy), 1e-9))
                  for ux, uy in UNITS]
        spots = []
        for s in STEPS:
            for (ux, uy), start in zip(UNITS, starts):
                cx, cy = px + (start + s) * ux, py + (start + s) * uy
                spots.append((cx, cy, (cx - half_w, cy - half_h, cx + half_w, cy + half_h)))

        def free(cx, cy, box):
            left, bottom, right, top = box
            return (left >= inner.x and right <= inner.right and bottom >= inner.y
                    and top <= inner.top
                    and not any(left < tr + gap and right > tl - gap and bottom < tt + gap
                                and top > tb - gap for tl, tb, tr, tt in taken)
                    and all(_gap(box, x, y) >= reach_dot for x, y in pts)
                    and all(math.hypot(cx - px, cy - py) <= OWN_SHARE * math.hypot(cx - x, cy - y)
                            for k, (x, y) in enumerate(pts) if k != i))

        def clear(box, segments):
            left, bottom, right, top = box
            return not any(_meets(seg, left - grow, bottom - grow, right + grow, top + grow)
                           for seg in segments)

        free_spots = [box for cx, cy, box in spots if free(cx, cy, box)]
        if not free_spots:
            raise Crowded(f"dot {names[i]} is too crowded by its neighbours for its letter")
        box, tier = next(((box, t) for t, segments in enumerate(avoid, 1) for box in free_spots
                          if clear(box, segments)), (free_spots[0], len(avoid) + 1))
        found[i] = (box, tier)
        taken.append(box)
    return [(i, names[i], box, tier) for i, (box, tier) in enumerate(found)]


def placed(placer, *args, **kwargs):
    try:
        return [(label.index, label.text, label.box, label.tier) if not isinstance(label, tuple)
                else label for label in placer(*args, **kwargs)]
    except Crowded as exc:
        return str(exc)


NAMES = [chr(ord("A") + k) for k in range(26)]


@st.composite
def layouts(draw):
    """Dots in a square (some close enough to crowd a letter out), a letter size and dot radius
    as CliqueR's, and the tiers to avoid: every segment, then some of them (as the hull is)."""
    side = draw(st.sampled_from([90.0, 150.0, 300.0, 500.0]))
    n = draw(st.integers(1, 14))
    grid = draw(st.sampled_from([8, 20, 60]))
    raw = draw(st.lists(st.tuples(st.integers(0, grid), st.integers(0, grid)), min_size=n,
                        max_size=n, unique=True))
    margin = side * 0.08
    points = [(margin + x * (side - 2 * margin) / grid, margin + y * (side - 2 * margin) / grid)
              for x, y in raw]
    size = draw(st.sampled_from([6.0, 7.0, 8.0]))
    radius = draw(st.sampled_from([1.4, 2.0, 2.8]))
    every = every_segment(points)
    some = [s for s, keep in zip(every, draw(st.lists(st.booleans(), min_size=len(every),
                                                      max_size=len(every)))) if keep]
    avoid = draw(st.sampled_from([(), (every,), (every, some), (some, every)]))
    return points, NAMES[:n], Frame(0, 0, side, side), radius, size, avoid


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts())
def test_every_letter_where_the_reference_puts_it(layout):
    """Random dots, crowded or sparse, any tiers: the same spots, tiers and refusals."""
    points, names, square, radius, size, avoid = layout
    assert placed(place, points, names, square, radius, size, avoid) == \
        placed(reference, points, names, square, radius, size, avoid)


KINDS = [{}, {"size": "quarter"}, {"size": "half"}, {"worksheet": True}, {"dots": 14},
         {"size": "quarter", "dots": 11, "spacing_mm": 6, "clearance_mm": 2},
         {"dots": 20, "spacing_mm": 5, "clearance_mm": 2}]


@pytest.mark.parametrize("options", KINDS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
                         or "default")
def test_real_boards_letters_where_the_reference_puts_them(options):
    """CliqueR's own boards, as a pack draws them (its letter sizes, dot radius, every segment
    then the hull), 15 of each kind: the same spots, tiers and refusals as the reference."""
    from pnp.games import cliquer
    from pnp.games.cliquer.board import dot_name
    from pnp.games.cliquer.draw import LABEL_PT
    from pnp.games.cliquer.ink import dot_position, dot_radius
    from pnp.games.cliquer.layout import is_card
    from pnp.games.cliquer.sheet import hull_segments

    item = cliquer.Item(**options)
    tiers = set()
    for k in range(15):
        board = cliquer.generate(item, random.Random(f"labels-test-{k}"), "B-01")
        side = board.side_mm * 72 / 25.4
        square = Frame(0, 0, side, side)
        points = [dot_position(board, square, d) for d in board.dots]
        names = [dot_name(i) for i in range(len(points))]
        sizes = LABEL_PT["card" if is_card(board) else "page"]    # one size, or tried in turn
        for pt in sizes if isinstance(sizes, tuple) else (sizes,):
            args = (points, names, square, dot_radius("board", board), pt,
                    (every_segment(points), hull_segments(board, points)))
            got = placed(place, *args)
            assert got == placed(reference, *args)
            if not isinstance(got, str):
                tiers.update(label[3] for label in got)
    assert 1 in tiers


def test_the_comparison_catches_a_placer_that_forgets_a_line(monkeypatch):
    """The comparison has teeth: a search whose line test misses every line puts letters on
    lines, and the reference tells."""
    points = [(30.0, 30.0), (60.0, 45.0), (40.0, 70.0), (75.0, 75.0), (52.0, 58.0)]
    args = (points, NAMES[:5], Frame(0, 0, 100, 100), 2.0, 8.0, (every_segment(points),))
    want = placed(reference, *args)
    assert placed(place, *args) == want
    monkeypatch.setattr(labels, "_first_crossing", lambda *a: -1)
    assert placed(place, *args) != want


def test_a_crowded_dot_is_refused_by_name():
    """Two dots closer than a letter: the placer refuses, naming the dot, as the reference."""
    points = [(50.0, 50.0), (50.6, 50.4), (51.0, 49.5)]
    args = (points, NAMES[:3], Frame(0, 0, 100, 100), 2.0, 8.0, (every_segment(points),))
    got = placed(place, *args)
    assert isinstance(got, str) and got.startswith("dot ")
    assert got == placed(reference, *args)


def test_letter_spots_know_their_direction():
    """Each spot carries the index of its direction, which the search uses to remember the
    line that crossed that direction's last spot: the offset points along that direction."""
    spots = labels._letter("A", 8.0, 3.0)[3]
    assert spots
    for ox, oy, _, way in spots:
        ux, uy = UNITS[way]
        assert abs(ox * uy - oy * ux) < 1e-9 and ox * ux + oy * uy > 0
