"""Thinking in Circles on paper: every piece stays in its frame, every space is marked, layout is clear."""

from __future__ import annotations

import io
import math
import random

import pypdfium2 as pdfium
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.pdfgen.canvas import Canvas

from pnp.games import circles
from pnp.paper import Frame
from pnp.games.circles.board import Variants, adjacent_pairs
from pnp.games.circles.layout import (CLEAR, MARKER_OVERLAP, MIN_SPACE_MM, circles_area, place,
                                      space_width)
from pnp.pdf.page import geometry
from pnp.paper import MM

ALL_ON = Variants(lockdown=True, spin_cycle=3, uncloned=True, wild_cards=True)
MARGIN = 14.17   # 5 mm


def render(piece, page_size, frame):
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=page_size, invariant=1)
    piece.draw(canvas, frame)
    canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buf.getvalue())


def drawn(page):
    """The marked objects, read back exactly as the validator reads them."""
    from support.pdfium_pages import objects_of

    return [d for d in objects_of(page) if d.tag]


def outside(page, frame):
    bad = []
    for obj in page.get_objects():
        left, bottom, right, top = obj.get_bounds()
        if left < frame.x or bottom < frame.y or right > frame.right or top > frame.top:
            bad.append((obj.type, (left, bottom, right, top)))
    return bad


def make(arrangement="row", count=5, spaces=16, variants=ALL_ON, seed=3):
    item = circles.Item(circles=count, arrangement=arrangement, spaces=spaces,
                        variants=variants)
    return circles.generate(item, random.Random(seed), "D7")


PAGES = {"A4": A4, "A4 landscape": landscape(A4), "Letter": LETTER,
         "Letter landscape": landscape(LETTER)}


@pytest.mark.parametrize("paper", PAGES)
@pytest.mark.parametrize("arrangement, count, spaces", [("row", 5, 16), ("ring", 5, 16),
                                                        ("row", 3, 24), ("ring", 8, 17),
                                                        ("row", 8, 15), ("ring", 4, 13)])
def test_board_page_stays_in_frame_and_marks_every_space(paper, arrangement, count, spaces):
    b = make(arrangement, count, spaces)
    size = PAGES[paper]
    frame = Frame(MARGIN, MARGIN, size[0] - 2 * MARGIN, size[1] - 2 * MARGIN)
    page = render(circles.pieces(b)[0], size, frame)[0]
    assert outside(page, frame) == []
    seen = {d.index for d in drawn(page) if d.tag == "PnpSpace"}
    assert seen == set(range(count * spaces))
    assert circles.check_drawn(b, [("circles-board", frame, drawn(page))]) == []


def test_token_pieces_stay_in_their_frames():
    b = make()
    for piece in circles.pieces(b)[1:]:
        w, h = piece.size
        frame = Frame(30, 40, w, h)
        page = render(piece, A4, frame)[0]
        assert list(page.get_objects()), piece.name
        assert outside(page, frame) == [], piece.name


def test_the_largest_boards_refused_name_their_space_width_and_a_way_out():
    with pytest.raises(ValueError) as err:
        circles.Item(circles=8, arrangement="ring", spaces=24)
    assert "4.5 mm" in str(err.value) and "at most 17 spaces" in str(err.value)
    circles.Item(circles=8, arrangement="ring", spaces=17)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 8), st.sampled_from(["row", "ring"]), st.integers(13, 24))
def test_every_board_allowed_gives_markers_that_show_their_space(count, arrangement, spaces):
    try:
        b = make(arrangement, count, spaces, variants=Variants(lockdown=True))
    except ValueError:
        assume(False)
    ((w, h),) = {p.size for p in circles.pieces(b) if "marker" in p.name}
    assert w == h <= 11 * MM + 1e-9
    # the space on the page, on every paper, laid out as the board page lays it out
    for paper in ("A4", "Letter"):
        for orientation in ("portrait", "landscape"):
            area = circles_area(geometry(paper, orientation, 10).content)
            radius = place(count, arrangement, area.width, area.height).radius
            assert space_width(radius, spaces) >= MIN_SPACE_MM * MM - 1e-9
            assert w <= MARKER_OVERLAP * space_width(radius, spaces) + 1e-9


def test_pieces_are_what_the_rules_need():
    b = make()
    names = [p.name for p in circles.pieces(b)]
    assert names[0] == "circles-board" and names[1] == "circles-rules"
    assert sum(n.startswith("circles-goals-") for n in names) == 2
    assert sum(n.startswith("circles-marker-") for n in names) == 5
    assert sum(n.startswith("circles-bead-black-") for n in names) == 6
    assert sum(n.startswith("circles-bead-white-") for n in names) == 6
    assert sum(n.startswith("circles-blocker-") for n in names) == 8
    assert len(set(names)) == len(names)
    plain = make(variants=Variants())
    assert not any("blocker" in p.name for p in circles.pieces(plain))
    # everything but the board may share a sheet; chits and blockers are one size
    assert {p.group.split("/")[0] for p in circles.pieces(b)[1:]} == {"circles-set"}
    assert len({p.size for p in circles.pieces(b) if "bead" in p.name or "blocker" in p.name}) == 1


def test_four_players_get_a_slip_chits_and_a_blocker_each():
    b = circles.generate(circles.Item(players=4, variants=ALL_ON), random.Random(2), "D8")
    names = [p.name for p in circles.pieces(b)]
    assert [n for n in names if n.startswith("circles-goals-")] == [
        f"circles-goals-{k}" for k in range(1, 5)]
    assert sum(n.startswith("circles-bead-black-") for n in names) == 12
    assert sum(n.startswith("circles-bead-white-") for n in names) == 12
    assert sum(n.startswith("circles-blocker-") for n in names) == 4 + 6


def test_goal_slips_grow_with_spin_cycle():
    sizes = [circles.pieces(make(variants=Variants(spin_cycle=g)))[2].size[1]
             for g in (None, 2, 3)]
    assert sizes[0] < sizes[1] < sizes[2]


@pytest.mark.parametrize("w, h", [(567, 700), (813, 455), (560, 660), (740, 510)])
@pytest.mark.parametrize("arrangement", ["row", "ring"])
@pytest.mark.parametrize("count", range(3, 9))
def test_layout_puts_adjacent_circles_nearest(w, h, arrangement, count):
    if arrangement == "ring" and count < 4:
        return
    lay = place(count, arrangement, w, h)
    r = lay.radius
    pts = lay.centres
    assert all(r <= x <= w - r and r <= y <= h - r for x, y in pts)
    adjacent = {frozenset(p) for p in adjacent_pairs(count, arrangement)}
    near = max(math.dist(pts[i], pts[j]) for i, j in map(tuple, adjacent))
    for i in range(count):
        for j in range(i + 1, count):
            d = math.dist(pts[i], pts[j])
            assert d >= 2 * r + lay.gap - 1e-6                # circles never touch
            if frozenset((i, j)) not in adjacent:
                assert d >= CLEAR * near - 1e-6               # and adjacency is unmistakable
    # spaces stay big enough for an 11 mm marker to show its space (9-12 mm, five circles)
    assert r >= (75 if count <= 5 else 50)


@pytest.fixture(scope="module")
def drawn_board():
    b = make(seed=11)
    frame = Frame(MARGIN, MARGIN, A4[0] - 2 * MARGIN, A4[1] - 2 * MARGIN)
    return b, frame, drawn(render(circles.pieces(b)[0], A4, frame)[0])


def _codes(b, frame, marks):
    return sorted({p.code for p in circles.check_drawn(b, [("circles-board", frame, marks)])})


def test_check_drawn_finds_a_missing_space(drawn_board):
    b, frame, marks = drawn_board
    assert _codes(b, frame, [d for d in marks if d.index != 20]) == ["drawn-space-missing"]


def test_check_drawn_finds_spaces_out_of_order(drawn_board):
    from dataclasses import replace

    b, frame, marks = drawn_board
    swap = {3: 9, 9: 3}      # two spaces of circle 1 drawn in each other's place
    moved = [replace(d, index=swap.get(d.index, d.index)) for d in marks]
    assert "drawn-space-moved" in _codes(b, frame, moved)     # (and their kinds, if they differ)


def test_check_drawn_finds_spaces_the_data_lacks(drawn_board):
    from dataclasses import replace

    b, frame, marks = drawn_board
    extra = [replace(d, index=d.index + 1000) for d in marks if d.index == 0]
    assert _codes(b, frame, marks + extra) == ["drawn-space-unknown"]


def test_check_drawn_finds_a_ring_drawn_as_a_row(drawn_board):
    from dataclasses import replace

    b, frame, marks = drawn_board
    # the data claims 5 is next to 1, but the page shows them at opposite ends of a zigzag
    assert _codes(replace(b, arrangement="ring"), frame, marks) == ["drawn-adjacency"]


def test_check_drawn_copes_with_an_empty_circle_in_the_data(drawn_board):
    from dataclasses import replace

    from pnp.games.circles.board import Circle

    b, frame, marks = drawn_board
    empty = replace(b, circles=(Circle((), 0),) + b.circles[1:])
    # circle 1's 16 marked spaces are now ones the data does not have
    assert "drawn-space-unknown" in _codes(empty, frame, marks)   # later spaces shift: kinds too


def test_check_drawn_needs_the_board_page(drawn_board):
    b, frame, marks = drawn_board
    assert [p.code for p in circles.check_drawn(b, [("circles-rules", frame, [])])] == \
        ["drawn-board-missing"]


def test_check_drawn_finds_a_page_drawn_from_other_data(drawn_board):
    from dataclasses import replace

    b, frame, marks = drawn_board
    first = b.circles[0].spaces[0]
    other = next(k for k in ("circle", "black") if k != first)
    from pnp.games.circles.board import SPACE_KINDS
    relabelled = [replace(d, kind=SPACE_KINDS.index(other)) if d.index == 0 else d for d in marks]
    assert _codes(b, frame, relabelled) == ["drawn-space-kind"]
