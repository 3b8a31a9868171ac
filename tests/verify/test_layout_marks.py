"""The layout check and the marks that shaping moves up or down (pnp/verify/layout_check.py).

A shaped line prints as one text until a glyph moves up or down: a raised or lowered mark
(Arabic harakat, Hebrew niqqud, Devanagari signs) starts a text of its own, and so do the
letters after it. The check takes the marks and the letters around them as one cluster, as
shaping drew them, in whatever direction the line runs on the page; it still finds a mark that
runs into the next line and a marked word printed over another.
"""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.paper import Frame
from pnp.pdf.canvas import Canvas
from pnp.pdf.fonts import SANS, ensure_fonts
from support.pageread.layout_check import check_parsed, safe_area
from support.pageread.printed import read_parsed
from support.pdfium_pages import check_page, read_page

SIZE = (595.0, 842.0)
FRAME = Frame(100, 100, 400, 600)

# words with marks on their letters (shadda with fatha prints as one glyph). Noto Sans Arabic UI
# places harakat above and below their letters, cutting the line; Noto Sans Hebrew and
# Devanagari UI form or move their marks sideways only, so those lines stay one text (SPLIT
# says which lines come apart: the others hold that nothing else changed)
MARKED = {
    "harakat": "مُحَمَّدٌ وَفاطِمَةُ",
    "niqqud": "שְׁלֹמֹה וְרִבְקָה",
    "matras": "प्रियंका कृष्ण किताबें हँसी कुँवर",
}
SPLIT = {"harakat"}


def drawn(draw) -> bytes:
    ensure_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=SIZE, initialFontName=SANS, invariant=1)
    c.setFont(SANS, 12)
    draw(c)
    c.showPage()
    c.save()
    return out.getvalue()


def problems(data: bytes) -> set[str]:
    """The layout problems of the page, read by the validator's reader; pdfium's reading must
    find the same."""
    frames = [("card", FRAME)]
    with pikepdf.open(io.BytesIO(data)) as pdf:
        parsed = read_parsed(pdf.pages[0], {})
        found = {p.code for p in check_parsed(parsed, frames, 1, safe_area(*SIZE))}
    document = pdfium.PdfDocument(data)
    try:
        page = document[0]
        assert {p.code for p in check_page(page, frames, 1, safe_area(*SIZE))} == found
    finally:
        document.close()
    return found


def texts_of(data: bytes) -> list[str]:
    document = pdfium.PdfDocument(data)
    try:
        return [t.text for t in read_page(document[0]).texts]
    finally:
        document.close()


def upside_down(c, x, y, text):
    c.saveState()
    c.translate(x, y)
    c.rotate(180)
    c.drawString(0, 0, text)
    c.restoreState()


@pytest.mark.parametrize("script", sorted(MARKED))
def test_a_word_with_its_marks_is_one_cluster_upright_and_upside_down(script):
    text = MARKED[script]

    def draw(c):
        c.drawString(150, 600, text)
        c.drawCentredString(300, 500, text)
        upside_down(c, 400, 400, text)
    data = drawn(draw)
    assert (len(texts_of(data)) > 3 * 2) == (script in SPLIT)   # the marks cut the lines apart
    assert problems(data) == set()


@pytest.mark.parametrize("script", sorted(MARKED))
def test_a_marked_word_printed_over_another_still_collides(script):
    def draw(c):
        c.drawString(150, 600, MARKED[script])
        # a few points away: pdfium reads no words where the same are drawn again a point or so
        # off (it takes that for a faked bold)
        c.drawString(158, 604, MARKED[script])
    assert problems(drawn(draw)) == {"text-collision"}


def test_a_mark_that_runs_into_the_next_line_still_collides():
    """The lowered kasra ending one line, and the next line drawn so close that the kasra
    touches its letters: the two lines are not one cluster."""
    def draw(c):
        c.drawString(150, 600, "بِ")              # the kasra hangs below the letter
        c.drawString(150, 594.5, "ببببب")
    data = drawn(draw)
    assert problems(data) == {"text-collision"}

    def apart(c):
        c.drawString(150, 600, "بِ")
        c.drawString(150, 585, "ببببب")
    assert problems(drawn(apart)) == set()
