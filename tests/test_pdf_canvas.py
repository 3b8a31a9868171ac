"""pnp's canvas (pnp/pdf/canvas.py) writes exactly the bytes reportlab's own canvas writes.

It keeps each string's text operators after the first drawing and inlines a circle's arcs; the
pages must not change by a byte, whatever is drawn in whatever order. Every test draws the same
calls on both canvases and compares the finished PDFs.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas as ReportlabCanvas

from pnp.pdf import canvas as ours
from pnp.pdf.fonts import BOLD, SANS, ensure_fonts

ensure_fonts()

# letters the font has, the font lacks (drawn as notdef), PDF string escapes, a non-breaking
# space, characters past the first 256-code subset
TEXT = st.text(alphabet=st.sampled_from(list("AB ab()\\\u00a0éΣЖ—…\u4e00\t") + [chr(0x1F600)]),
               max_size=12)
COORD = st.floats(min_value=-2000, max_value=2000, allow_nan=False)
STRING = st.tuples(st.just("string"), st.sampled_from(["drawString", "drawCentredString",
                                                       "drawRightString"]),
                   st.sampled_from([SANS, BOLD]), st.sampled_from([6, 7.0, 8.5, 10, 1e-3]),
                   st.one_of(st.none(), st.floats(min_value=0, max_value=30)), COORD, COORD, TEXT)
CIRCLE = st.tuples(st.just("circle"), COORD, COORD,
                   st.one_of(st.floats(min_value=-50, max_value=200, allow_nan=False),
                             st.sampled_from([0, 1, 2.5])),
                   st.sampled_from([0, 1, True, False]), st.sampled_from([0, 1, True, False]))


def drawn(canvas_class, calls, pages: int = 2, bottomup: int = 1) -> bytes:
    out = io.BytesIO()
    canvas = canvas_class(out, invariant=1, pageCompression=0, initialFontName=SANS,
                          bottomup=bottomup)
    for page in range(pages):
        for call in calls:
            if call[0] == "circle":
                _, x, y, r, stroke, fill = call
                canvas.circle(x, y, r, stroke=stroke, fill=fill)
            else:
                _, method, font, size, leading, x, y, text = call
                canvas.setFont(font, size, leading)
                getattr(canvas, method)(x, y, text)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(STRING, CIRCLE), max_size=25), st.sampled_from([1, 0]))
def test_any_drawing_gives_reportlabs_bytes(calls, bottomup):
    # drawn twice over (two pages): the second time every string comes from what was kept
    assert drawn(ours.Canvas, calls, bottomup=bottomup) == drawn(ReportlabCanvas, calls, bottomup=bottomup)


def test_a_string_kept_in_one_font_is_not_reused_in_another():
    calls = [("string", "drawString", SANS, 8, None, 10, 10, "running score"),
             ("string", "drawString", BOLD, 8, None, 10, 20, "running score"),
             ("string", "drawString", SANS, 9, None, 10, 30, "running score"),
             ("string", "drawString", SANS, 8, 20, 10, 40, "running score")]
    mine = drawn(ours.Canvas, calls)
    assert mine == drawn(ReportlabCanvas, calls)
    assert mine.count(b"8 Tf") == 2 * 3 and mine.count(b"9 Tf") == 2


def test_past_the_kept_strings_drawing_goes_on_unchanged(monkeypatch):
    monkeypatch.setattr(ours, "KEPT_LINES", 3)
    calls = [("string", "drawString", SANS, 8, None, 5 * k, 5 * k, f"line {k}") for k in range(10)]
    canvas = ours.Canvas(io.BytesIO(), invariant=1)
    canvas.setFont(SANS, 8)
    for k in range(10):
        canvas.drawString(0, 0, f"line {k}")
    assert len(canvas._lines) == 3
    assert drawn(ours.Canvas, calls) == drawn(ReportlabCanvas, calls)


@pytest.mark.parametrize("options", [{"mode": 1}, {"charSpace": 0.5}, {"wordSpace": 2},
                                     {"direction": "LTR"}])
@pytest.mark.parametrize("method", ["drawString", "drawCentredString", "drawRightString"])
def test_reportlabs_other_text_options_take_reportlabs_path(method, options):
    def draw(canvas_class):
        out = io.BytesIO()
        canvas = canvas_class(out, invariant=1, pageCompression=0, initialFontName=SANS)
        for _ in range(2):
            getattr(canvas, method)(10, 20, "a b", **options)
            getattr(canvas, method)(10, 20, "a b")
        canvas.save()
        return out.getvalue()

    assert draw(ours.Canvas) == draw(ReportlabCanvas)
