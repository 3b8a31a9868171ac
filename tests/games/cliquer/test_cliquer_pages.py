"""CliqueR on paper: every piece, every paper and orientation, every size, read back with pdfium.

Each piece is drawn in the frame the imposer gives it and read back as the validator reads it.
On every page: all ink inside the piece's frame and the 5 mm safe area, no text under 6 pt, no
text over text, no text on a dot, words never on the square, every letter naming its own dot and
clear of the hull (and the key's lines), and the dots exactly where the data says. The square's
place depends on the paper, not on the seed; what a seed changes (letters, words, answers) is
covered by many seeds: 60 for each play-board size on each paper.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString

from support.cliquer_pages import PAPERS, TEXT, boards, draw_pieces, overlap, read_page
from pnp.games import cliquer
from pnp.games.cliquer.board import dot_name
from pnp.games.cliquer.geometry import convex_hull
from pnp.games.cliquer.ink import dot_position, dot_radius
from pnp.pdf.fonts import MIN_TEXT_PT
from pnp.games.cliquer.layout import Unfit, square_for
from pnp.games.cliquer.worksheet import example_clique
from pnp.paper import MM
from pnp.pdf.page import EDGE_MM

SLACK = 0.01          # pt: rounding in the PDF's number format
# configuration name -> (item options, seeds on each paper)
CONFIGS = {
    "page": ((), 60),
    "half": ((("size", "half"),), 60),
    "quarter": ((("size", "quarter"),), 60),
    "page, 14 dots, no letters": ((("dots", 14), ("labels", False)), 12),
    "quarter, 11 dots": ((("dots", 11), ("size", "quarter"), ("spacing_mm", 6), ("clearance_mm", 2)), 20),
    "worksheet": ((("worksheet", True),), 24),
    "worksheet, quarter side": ((("worksheet", True), ("size", "quarter")), 12),
    "worksheet, 13 dots": ((("worksheet", True), ("dots", 13)), 12),
}
SMALL = (("dots", 4), ("spacing_mm", 6), ("margin_mm", 3), ("clearance_mm", 1), ("size_mm", 30))
EXTREMES = {
    "page, 30 mm": (SMALL, 6),
    "half, 30 mm": (SMALL + (("size", "half"),), 6),
    "quarter, 30 mm": (SMALL + (("size", "quarter"),), 6),
    "worksheet, 30 mm": (SMALL + (("worksheet", True),), 6),
    "half, 120 mm (card grows)": ((("size", "half"), ("size_mm", 120)), 6),
    "quarter, 90 mm (card grows)": ((("size", "quarter"), ("size_mm", 90)), 6),
}


def lines_of_piece(board, piece_name, square):
    """The segments a piece draws or asks for in its square: the hull, and a key's 4-clique."""
    points = [dot_position(board, square, d) for d in board.dots]
    where = {d: i for i, d in enumerate(board.dots)}
    ring = [where[d] for d in convex_hull(board.dots)]
    out = [(points[ring[k]], points[ring[(k + 1) % len(ring)]]) for k in range(len(ring))]
    if piece_name == "answer-key" and example_clique(board):
        a, b, c, d = example_clique(board)
        out += [(points[p], points[q]) for p, q in ((a, b), (b, c), (c, a), (d, a), (d, b), (d, c))]
    return out


def check_page(board, piece, frame, objs, page) -> list[str]:
    """Every defect on one piece's page, said so a person can find it."""
    bad = []
    edge = EDGE_MM * MM
    square = square_for(piece.name, board, frame)
    radius = dot_radius(piece.name, board)
    for o in objs:
        left, bottom, right, top = o.bounds
        if left < frame.x - SLACK or bottom < frame.y - SLACK or right > frame.right + SLACK \
                or top > frame.top + SLACK:
            bad.append(f"{o.text or o.tag or 'path'} at {o.bounds} leaves the frame {frame}")
        if left < edge or bottom < edge or right > page.width - edge or top > page.height - edge:
            bad.append(f"{o.text or 'ink'} within 5 mm of the paper edge")
        if o.kind == TEXT and o.size < MIN_TEXT_PT - 1e-6:
            bad.append(f"text {o.text!r} at {o.size} pt")
    texts = [o for o in objs if o.kind == TEXT]
    b = np.array([o.bounds for o in texts]).reshape(-1, 4)
    crossed = ((np.minimum(b[:, None, 2], b[None, :, 2]) - np.maximum(b[:, None, 0], b[None, :, 0]) > 0.05)
               & (np.minimum(b[:, None, 3], b[None, :, 3]) - np.maximum(b[:, None, 1], b[None, :, 1]) > 0.05))
    for k, j in zip(*np.nonzero(np.triu(crossed, 1))):
        bad.append(f"text {texts[k].text!r} overlaps {texts[j].text!r}")
    if square is None:
        return bad
    centres = [dot_position(board, square, d) for d in board.dots]
    lines = [LineString(seg) for seg in lines_of_piece(board, piece.name, square)]
    sq = (square.x, square.y, square.right, square.top)
    c = np.array(centres)
    dx = np.maximum(np.maximum(b[:, None, 0] - c[None, :, 0], 0), c[None, :, 0] - b[:, None, 2])
    dy = np.maximum(np.maximum(b[:, None, 1] - c[None, :, 1], 0), c[None, :, 1] - b[:, None, 3])
    near_dot = np.hypot(dx, dy).min(axis=1)
    for k, o in enumerate(texts):
        if near_dot[k] < radius + 0.3 * MM:
            bad.append(f"text {o.text!r} on or touching a dot")
        if not overlap(o.bounds, sq, 0):
            continue
        left, bottom, right, top = o.bounds
        if not (sq[0] <= left and right <= sq[2] and sq[1] <= bottom and top <= sq[3]):
            bad.append(f"text {o.text!r} straddles the square's outline")
            continue
        names = {dot_name(i): i for i in range(len(board.dots))}
        if o.text not in names:
            bad.append(f"words {o.text!r} printed on the square")
            continue
        cx, cy = (o.bounds[0] + o.bounds[2]) / 2, (o.bounds[1] + o.bounds[3]) / 2
        own = names[o.text]
        nearest = min(range(len(centres)),
                      key=lambda i: (centres[i][0] - cx) ** 2 + (centres[i][1] - cy) ** 2)
        if nearest != own:
            bad.append(f"letter {o.text} is nearer to dot {dot_name(nearest)} than to its own")
    letters = [o for o in texts if overlap(o.bounds, sq, 0)]
    if letters and lines:
        g = 0.3 * MM
        boxes = shapely.box(*(np.array([o.bounds for o in letters]) + [-g, -g, g, g]).T)
        crossed = shapely.intersects(boxes[:, None], np.array(lines, dtype=object)[None, :]).any(axis=1)
        bad += [f"letter {o.text} on a line the piece draws or asks for"
                for o, c in zip(letters, crossed) if c]
    labels = [o.text for o in letters]
    wanted = piece.name == "answer-key" or board.worksheet or board.labels
    expected = sorted(dot_name(i) for i in range(len(board.dots))) if wanted else []
    if sorted(labels) != expected:
        bad.append(f"letters printed {sorted(labels)}, expected {expected}")
    found = cliquer.check_drawn(board, [(piece.name, frame, [o.mark for o in objs if o.mark])])
    bad += [str(p) for p in found]
    return bad


def run(config, count, paper, orientation, made=None):
    """Every piece of ``count`` boards of ``config`` (or the boards ``made``), drawn and checked."""
    jobs = [(b, p) for b in (made or boards(config, count)) for p in cliquer.pieces(b)]
    doc, page, placed = draw_pieces(jobs, paper, orientation)
    problems = []
    for i, (board, piece, frame) in enumerate(placed):
        found = check_page(board, piece, frame, read_page(doc[i]), page)
        problems += [f"{board.ident} {piece.name}: {p}" for p in found]
    return problems, placed


@pytest.mark.parametrize("paper, orientation", PAPERS)
@pytest.mark.parametrize("name", list(CONFIGS))
def test_every_piece_is_clean_on_every_paper(name, paper, orientation):
    config, count = CONFIGS[name]
    problems, placed = run(config, count, paper, orientation)
    assert problems == [], problems[:10]
    assert len(placed) >= count


@pytest.mark.parametrize("paper, orientation", PAPERS)
@pytest.mark.parametrize("name", list(EXTREMES))
def test_size_extremes_are_clean_on_every_paper(name, paper, orientation):
    config, count = EXTREMES[name]
    problems, _ = run(config, count, paper, orientation)
    assert problems == [], problems[:10]


@pytest.mark.parametrize("paper, orientation", PAPERS)
@pytest.mark.parametrize("what", ["board", "worksheet"])
def test_a_square_too_large_is_refused_naming_the_largest_that_fits(what, paper, orientation):
    """A board's refusal names the largest square that fits it with its words: the same dots
    at that side print clean, one millimetre more is refused again. (Each board's own: worksheet
    words differ a little between boards, one with every dot on the hull asks its third question
    in other words.)"""
    from dataclasses import replace

    worksheet = what == "worksheet"
    for big in boards((("size_mm", 270), ("worksheet", worksheet), ("dots", 6)), 2):
        with pytest.raises(Unfit) as refused:
            run_one(big, paper, orientation)
        m = re.search(r"largest square that fits with its words is (\d+) mm", str(refused.value))
        assert m, str(refused.value)
        side = int(m.group(1))
        problems, placed = run((), 0, paper, orientation, made=[replace(big, side_mm=float(side))])
        assert problems == [], problems[:10]
        with pytest.raises(Unfit, match=f"is {side} mm"):
            run_one(replace(big, side_mm=float(side + 1)), paper, orientation)
        if not worksheet:
            assert side >= 170          # the default board fits every paper, either orientation
        else:
            assert side >= 120          # and the default worksheet


def run_one(board, paper, orientation):
    jobs = [(board, p) for p in cliquer.pieces(board)[:1]]
    draw_pieces(jobs, paper, orientation)


coordinate = st.floats(-20, 20, allow_nan=False).map(lambda v: round(v, 1))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(coordinate, coordinate, coordinate, coordinate), min_size=1, max_size=6),
       st.lists(st.tuples(coordinate, coordinate, st.floats(0.1, 8), st.floats(0.1, 8)),
                min_size=1, max_size=6))
def test_the_letters_box_and_line_test_agrees_with_shapely(segments, boxes):
    """The letters' box-and-segment test says a box meets a segment exactly when shapely does,
    touching included; rounded coordinates make touching and collinear cases common. (The
    placer also narrows a board's segments to those ``near`` a dot: asked of a box inside that
    region, the narrowed set answers the same.)"""
    from pnp.games.cliquer.labels import _Lines

    sides = [(x, y, x + w, y + h) for x, y, w, h in boxes]
    lines = _Lines([((a, b), (c, d)) for a, b, c, d in segments])
    got = [lines.meet(*box) for box in sides]
    region = (min(b[0] for b in sides) - 1, min(b[1] for b in sides) - 1,
              max(b[2] for b in sides) + 1, max(b[3] for b in sides) + 1)
    assert [lines.near(*region).meet(*box) for box in sides] == got
    shapes = [shapely.LineString([(a, b), (c, d)]) if (a, b) != (c, d) else shapely.Point(a, b)
              for a, b, c, d in segments]
    want = [any(shapely.box(*box).intersects(line) for line in shapes) for box in sides]
    assert list(got) == want


point = st.tuples(st.floats(0, 1), st.floats(0, 1), st.sampled_from([None, 1.0, 0.5, 0.01]))


@settings(max_examples=150, deadline=None)
@given(st.lists(point, max_size=16), st.sampled_from([60.0, 150.0, 400.0]), st.floats(1, 6),
       st.sampled_from([6.0, 7.0, 8.0]), st.integers(0, 3), st.randoms(use_true_random=False))
def test_the_letters_are_where_the_placer_that_tried_every_spot_put_them(points, side, radius, size,
                                                                           tiers, rnd):
    """The placer stops at a dot's first good spot and tests only nearby dots and lines; the
    numpy placer it replaced (frozen in tests/support/labels_baseline.py) tested every spot against
    everything. Same letters, tiers and refusals, on crowded, gridded (ties) and empty boards."""
    from support import labels_baseline
    from pnp.games.cliquer import labels
    from pnp.paper import Frame

    square = Frame(20.0, 30.0, side, side)
    pts = [(square.x + x * side, square.y + y * side) if g is None else
           (round((square.x + x * side) / g) * g, round((square.y + y * side) / g) * g) for x, y, g in points]
    names = [dot_name(i) for i in range(len(pts))]
    every = labels.every_segment(pts)
    some = rnd.sample(every, min(len(every), 5))
    avoid = [(every, some), (some,), (), (every,)][tiers]

    def outcome(place):
        try:
            return place(pts, names, square, radius, size, avoid=avoid)
        except labels.Crowded as exc:
            return str(exc)

    assert outcome(labels.place) == outcome(labels_baseline.place)
