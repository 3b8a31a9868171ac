"""The layout check (pnp/verify/layout_check.py) on pages drawn to order: each defect it names is
caught, and the look-alikes that are fine (a label inside a shaded box, a line clipped away
from a text, a cut line on a frame's edge) are not."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest

from pnp.paper import MM, Frame
from pnp.pdf.fonts import SANS, ensure_fonts
from pnp.pdf.page import geometry
from support.pageread.layout_check import safe_area
from support.pageread.printed import MAX_OBJECTS, TooMuch
from support.pageread.layout_check import LAYOUT
from support.pdfium_pages import check_page, read_page

PAGE = geometry("A4", "portrait", 10)
FRAME = Frame(100, 100, 200, 200)


def drawn(draw) -> bytes:
    """A one-page PDF drawn by ``draw(canvas)``."""
    from reportlab.pdfgen.canvas import Canvas

    ensure_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=(PAGE.width, PAGE.height), initialFontName=SANS)
    c.setFont(SANS, 10)
    draw(c)
    c.showPage()
    c.save()
    return out.getvalue()


def _pdfium_problems(data: bytes, frames, text: bool):
    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[0]
        return check_page(page, list(frames), 1, safe_area(*page.get_size()), text=text)
    finally:
        pdf.close()


def codes_of(draw, frames=(("card", FRAME),), text=True) -> set[str]:
    """Draw one page with ``draw(canvas)``, read it back, and return the problem codes."""
    data = drawn(draw)
    problems = _pdfium_problems(data, frames, text)
    for p in problems:
        assert p.code in LAYOUT and p.message.startswith("page 1: ")
    # the validator reads the page from its content instead: it must find the same problems
    parsed = _parsed_problems(data, frames, text)
    assert {p.code for p in parsed} == {p.code for p in problems}, (parsed, problems)
    return {p.code for p in problems}


def _parsed_problems(data: bytes, frames, text: bool):
    import pikepdf

    from support.pageread.layout_check import check_parsed
    from support.pageread.printed import read_parsed

    with pikepdf.open(io.BytesIO(data)) as pdf:
        parsed = read_parsed(pdf.pages[0], {})
        return check_parsed(parsed, list(frames), 1, safe_area(parsed.width, parsed.height),
                            text=text)


def test_a_clean_page_has_no_problems():
    def draw(c):
        c.drawString(110, 280, "Player 1")
        c.rect(105, 105, 190, 100)                   # a box, text inside it
        c.drawString(115, 150, "inside the box")
        c.line(110, 126, 250, 126)                   # a writing line under a label, with a gap
        c.drawString(110, 130, "Name")
        c.circle(250, 250, 5, stroke=0, fill=1)      # a dot well away from text
    assert codes_of(draw) == set()


def test_text_under_6_pt_is_found_through_the_text_matrix():
    def small(c):
        c.saveState()
        c.translate(120, 200)
        c.scale(0.5, 0.5)
        c.setFont(SANS, 10)                          # 10 pt at half scale: prints at 5 pt
        c.drawString(0, 0, "tiny")
        c.restoreState()
    assert codes_of(small) == {"text-too-small"}

    def six(c):
        c.setFont(SANS, 6)
        c.drawString(120, 200, "six point")
    assert codes_of(six) == set()


def test_text_over_text_is_a_collision():
    def draw(c):
        c.drawString(120, 200, "Hello")
        c.drawString(125, 202, "World")
    assert codes_of(draw) == {"text-collision"}


def test_a_line_through_a_text_is_found_and_a_clipped_one_is_not():
    def through(c):
        c.drawString(120, 200, "crossed")
        c.line(110, 203, 200, 203)
    assert codes_of(through) == {"text-on-line"}

    def clipped(c):
        c.drawString(120, 200, "crossed")
        c.saveState()
        p = c.beginPath()
        p.rect(200, 190, 50, 30)                     # the line only shows right of the text
        c.clipPath(p, stroke=0, fill=0)
        c.line(110, 203, 240, 203)
        c.restoreState()
    assert codes_of(clipped) == set()


def test_a_text_half_on_a_dot_is_found_but_a_label_in_a_shaded_box_is_not():
    def half(c):
        c.circle(120, 203, 5, stroke=0, fill=1)
        c.drawString(121, 200, "A")
    assert codes_of(half) == {"text-on-dot"}

    def inside(c):
        c.setFillGray(0.85)
        c.rect(110, 190, 100, 30, stroke=0, fill=1)
        c.setFillGray(0)
        c.drawString(120, 200, "shaded row")
    assert codes_of(inside) == set()


def test_ink_outside_its_frame_is_found_but_a_cut_line_on_the_edge_is_not():
    def spill(c):
        c.line(150, 150, 320, 150)                   # from inside the card to past its right edge
    assert codes_of(spill) == {"ink-outside-frame"}

    def spill_text(c):
        c.drawString(280, 150, "too long for the card")
    assert "text-outside-frame" in codes_of(spill_text)

    def cut_lines(c):
        c.setLineWidth(0.4)
        c.setDash(3, 2)
        c.rect(100, 100, 200, 200)                   # exactly on the frame: the page's, not the card's
        c.line(50, 300, 100 - 1.5, 300)              # a crop mark out in the margin
    assert codes_of(cut_lines) == set()


def test_anything_within_5_mm_of_the_paper_edge_is_found():
    def edge(c):
        c.line(2 * MM, 400, 50, 400)
    assert codes_of(edge, frames=()) == {"outside-safe-area"}


def test_the_cheap_check_sees_frames_and_edges_but_reads_no_words():
    def draw(c):
        c.drawString(120, 200, "Hello")
        c.drawString(125, 202, "World")              # a collision: not looked for
        c.line(150, 150, 320, 150)                   # ink outside the frame: found
    assert codes_of(draw, text=False) == {"ink-outside-frame"}


def test_a_page_with_more_objects_than_pnp_draws_is_refused_not_read():
    def flood(c):
        for k in range(MAX_OBJECTS + 1):
            c.line(100, 100 + k % 100, 101, 100 + k % 100)
    data = drawn(flood)
    with pytest.raises(TooMuch):
        _pdfium_problems(data, (), True)
    with pytest.raises(TooMuch):       # the validator refuses the file (readback.page_read)
        _parsed_problems(data, (), True)


def test_read_back_sizes_are_the_printed_sizes():
    """A text's size is its font size times the text matrix, as the printer sees it."""
    from reportlab.pdfgen.canvas import Canvas

    ensure_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=(PAGE.width, PAGE.height), initialFontName=SANS)
    for scale, size in ((1, 9), (0.5, 20), (2, 4)):
        c.saveState()
        c.translate(100, 100 + 100 * scale)
        c.scale(scale, scale)
        c.setFont(SANS, size)
        c.drawString(0, 0, f"{scale} x {size}")
        c.restoreState()
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(out.getvalue())
    printed = read_page(pdf[0])
    pdf.close()
    assert sorted(round(t.size, 3) for t in printed.texts) == pytest.approx([8, 9, 10])


@pytest.mark.parametrize("length", [1, 255, 256, 257, 2000])
def test_texts_of_any_length_are_read_back_whole(length):
    """read_page reads a text into a reused buffer and grows it for a longer text: every
    length round the buffer's size reads back exactly, and a short text after a long one too."""
    from reportlab.pdfgen.canvas import Canvas

    ensure_fonts()
    words = ("Åbc déf " * length)[:length]
    out = io.BytesIO()
    c = Canvas(out, pagesize=(PAGE.width, PAGE.height), initialFontName=SANS)
    c.setFont(SANS, 1)
    c.drawString(50, 300, words)
    c.drawString(50, 200, "short")
    c.showPage()
    c.save()
    pdf = pdfium.PdfDocument(out.getvalue())
    try:
        printed = read_page(pdf[0])
    finally:
        pdf.close()
    assert sorted((t.text for t in printed.texts), key=len) == sorted([words, "short"], key=len)
