"""Thinking in Circles on paper, read back from the PDF: over every option and paper, no text
under 6 pt, every piece's ink inside its frame, nothing overlapping (text with text, text with
strokes, text on a fill it does not stand out from), and the set's pieces sized to share a sheet.

The ink is read back with pdfium (what a printer gets), and compared with shapely: strokes as
their outlines buffered by half their line width, cut to their clip path; fills as polygons;
text as the tight box of each glyph.
"""

from __future__ import annotations

import io
import random

import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from pnp.games import circles
from pnp.games.circles.board import Variants
from pnp.pdf.page import PAPER_PT, geometry
from pnp.paper import Frame
from support.ink import faults, ink_of, rendered

EVERY = Variants(lockdown=True, spin_cycle=3, uncloned=True, wild_cards=True)


# ---- the option space -----------------------------------------------------------------------

PAPERS = [(size, orientation) for size in PAPER_PT for orientation in ("portrait", "landscape")]
VARIANTS = [Variants(lockdown=lock, spin_cycle=spin, uncloned=unc, wild_cards=wild)
            for lock in (False, True) for spin in (None, 2, 3) for unc in (False, True)
            for wild in (False, True)]


def make(players=2, variants=EVERY, seed=1, ident="WXYZ-01", **options):
    item = circles.Item(players=players, variants=variants, **options)
    return circles.generate(item, random.Random(seed), ident)


def piece(board, name):
    return next(p for p in circles.pieces(board) if p.name == name)


def check_piece(p, at=(30.0, 40.0)) -> list[str]:
    frame = Frame(at[0], at[1], *p.size)
    return faults(rendered(p, frame, PAPER_PT["A4"]), frame)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v.names()) or "plain")
def test_rules_card_is_clean(players, variants):
    b = make(players, variants, arrangement="ring", circles=8, spaces=17, ident="WWWW-5000")
    assert check_piece(piece(b, "circles-rules")) == []


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("spin_cycle", [None, 2, 3])
@pytest.mark.parametrize("uncloned", [False, True])
def test_goal_slips_and_blockers_are_clean(players, spin_cycle, uncloned):
    b = make(players, Variants(lockdown=True, spin_cycle=spin_cycle, uncloned=uncloned),
             ident="WWWW-5000")
    for name in ("circles-goals-1", f"circles-goals-{players}", "circles-blocker-1"):
        assert check_piece(piece(b, name)) == [], name


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 8), st.sampled_from(["row", "ring"]), st.integers(13, 24))
def test_tokens_are_clean_at_every_size_the_boards_give(count, arrangement, spaces):
    try:
        b = make(4, EVERY, circles=count, arrangement=arrangement, spaces=spaces)
    except ValueError:
        assume(False)
    for name in (f"circles-marker-{count}", "circles-bead-black-1", "circles-bead-white-1"):
        assert check_piece(piece(b, name)) == [], name


# the largest spaces, the default, and the smallest spaces each arrangement allows
BOARD_EXTREMES = [dict(circles=3, spaces=24), dict(circles=5, spaces=16),
                  dict(circles=8, spaces=15), dict(circles=8, arrangement="ring", spaces=17),
                  dict(circles=4, arrangement="ring", spaces=24)]


def check_board(b, size, orientation, margin_mm=10) -> list[str]:
    page = geometry(size, orientation, margin_mm)
    return faults(rendered(circles.pieces(b)[0], page.content, (page.width, page.height)),
                  page.content)


@pytest.mark.parametrize("paper", PAPERS, ids="-".join)
@pytest.mark.parametrize("options", BOARD_EXTREMES, ids=lambda o: "-".join(map(str, o.values())))
def test_board_page_is_clean_at_the_extremes_on_every_paper(options, paper):
    assert check_board(make(seed=7, **options), *paper) == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 8), st.sampled_from(["row", "ring"]), st.integers(13, 24),
       st.sampled_from(PAPERS), st.sampled_from([5, 10]), st.integers(0, 2**32))
def test_board_page_is_clean_for_any_board_paper_and_seed(count, arrangement, spaces, paper,
                                                          margin, seed):
    # margins up to the default: the 6 mm space promise is made at the default margin
    try:
        b = make(2, Variants(), seed=seed, circles=count, arrangement=arrangement, spaces=spaces)
    except ValueError:
        assume(False)
    assert check_board(b, *paper, margin) == []


def test_the_checker_sees_what_it_must():
    """The fault finder itself: small text, ink outside, text on a line, text on text."""
    def ink(draw):
        buf = io.BytesIO()
        canvas = Canvas(buf, pagesize=(200, 200), invariant=1)
        from pnp.pdf.fonts import SANS, ensure_fonts
        ensure_fonts()
        canvas.setFont(SANS, 8)
        draw(canvas)
        canvas.showPage()
        canvas.save()
        return faults(ink_of(pdfium.PdfDocument(buf.getvalue())[0]), Frame(20, 20, 160, 160))

    assert ink(lambda c: c.drawString(50, 50, "fine")) == []
    assert ink(lambda c: (c.setFont("PnpSans", 5.5), c.drawString(50, 50, "tiny")))
    assert ink(lambda c: c.drawString(170, 50, "outside"))
    assert ink(lambda c: (c.line(40, 52, 90, 52), c.drawString(50, 50, "crossed")))
    assert ink(lambda c: (c.drawString(50, 50, "one"), c.drawString(55, 51, "two")))
    assert ink(lambda c: (c.rect(45, 45, 40, 20, fill=1), c.drawString(50, 50, "unseen")))
    assert ink(lambda c: (c.rect(45, 45, 40, 20, fill=1), c.setFillGray(1),
                          c.drawString(50, 50, "seen"))) == []
    # hatching cut to its clip path does not reach text beside the clip
    def hatched(c):
        path = c.beginPath()
        path.rect(40, 40, 20, 20)
        c.saveState()
        c.clipPath(path, stroke=0, fill=0)
        c.line(30, 30, 110, 110)
        c.restoreState()
        c.drawString(70, 75, "free")
    assert ink(hatched) == []


# ---- one sheet for the card, the slips and the tokens ---------------------------------------

def pack(pieces, width: float, height: float) -> bool:
    """Whether ``pieces``, in the order given, go on one sheet as the imposer puts them (its own
    packer; a piece of another group than the one before starts a new row)."""
    from pnp.pdf.pack import Sheet

    sheet, last = Sheet(width, height), None
    for p in pieces:
        if sheet.place(*p.size, new_row=last is not None and p.group != last) is None:
            return False
        last = p.group
    return True


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", [dict(), dict(circles=8, spaces=15), dict(circles=3, spaces=13),
                                     dict(arrangement="ring", circles=8, spaces=17)],
                         ids=lambda o: "-".join(map(str, o.values())) or "default")
def test_card_slips_tokens_and_track_share_one_sheet_on_every_paper(players, options):
    # in the order pieces() gives them: the card, the slips beside it, the tokens below, the
    # turn track under them
    for variants in VARIANTS:
        b = make(players, variants, **options)
        pieces = circles.pieces(b)[1:]
        for paper in PAPERS:
            content = geometry(*paper, 10).content
            assert pack(pieces, content.width, content.height), (variants.names(), paper)


def test_every_set_piece_fits_the_smallest_page_a_spec_allows():
    # the largest margin (40 mm) on the smaller side of each paper
    smallest = [geometry(*paper, 40).content for paper in PAPERS]
    width, height = min(c.width for c in smallest), min(c.height for c in smallest)
    for players in (2, 4):
        for variants in VARIANTS:
            for p in circles.pieces(make(players, variants))[1:]:
                assert p.size[0] <= width and p.size[1] <= height, p.name


def test_the_boards_key_fits_every_width_a_page_can_give_it():
    """The key under the board, one row or two, is never wider than its frame: at 27 mm
    margins it once ran 1 mm past (its fixed gaps were scaled with the cells)."""
    from pnp.games.circles.draw import KEY_ENTRIES, _key_layout
    from pnp.pdf.fonts import SANS, string_width

    for width in [w / 2 for w in range(2 * 300, 2 * 800)]:
        try:
            rows, cell, label = _key_layout(width)
        except ValueError:
            assert width < 400, width          # only far narrower than any page's content
            continue
        per_row = -(-len(KEY_ENTRIES) // rows)
        for r in range(rows):
            entries = KEY_ENTRIES[r * per_row:(r + 1) * per_row]
            drawn = sum(cell + 4 + string_width(text, SANS, label) + 10 for _, text in entries) - 10
            assert drawn <= width + 1e-6, (width, rows, drawn)
