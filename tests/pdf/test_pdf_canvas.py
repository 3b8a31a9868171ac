"""pnp's canvas (pnp/pdf/canvas.py) writes exactly the bytes reportlab's own canvas writes.

It keeps each string's text operators after the first drawing and inlines a circle's arcs; the
pages must not change by a byte, whatever is drawn in whatever order. Every test draws the same
calls on both canvases and compares the finished PDFs.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas as ReportlabCanvas

from pnp.pdf import canvas as ours
from pnp.pdf.fonts import BOLD, SANS, ensure_fonts

ensure_fonts()

# letters the font has, no face has (drawn as notdef), PDF string escapes, a non-breaking
# space (a second subset of codes: test_strings_past_the_first_subset); letters another face
# draws (Arabic, CJK) are laid out instead: test_lines_in_other_scripts_are_laid_out
TEXT = st.text(alphabet=st.sampled_from(list("AB ab()\\\u00a0éΣЖ—…\ua997\t") + [chr(0x1F600)]),
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


def _draw_calls(canvas, calls) -> None:
    """Make each drawing call on ``canvas``: a circle, or a string in its font."""
    for call in calls:
        if call[0] == "circle":
            _, x, y, r, stroke, fill = call
            canvas.circle(x, y, r, stroke=stroke, fill=fill)
        else:
            _, method, font, size, leading, x, y, text = call
            canvas.setFont(font, size, leading)
            getattr(canvas, method)(x, y, text)


def drawn(canvas_class, calls, pages: int = 2, bottomup: int = 1) -> bytes:
    out = io.BytesIO()
    canvas = canvas_class(out, invariant=1, pageCompression=0, initialFontName=SANS,
                          bottomup=bottomup)
    for page in range(pages):
        _draw_calls(canvas, calls)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(STRING, CIRCLE), max_size=25), st.sampled_from([1, 0]))
# x1 + (x2 - x1) is not x2 here, and the arc's start prints otherwise (helper-13 found it)
@example([("circle", 2.8048050000000004, 1.0377778500000001, 16.76, 1, 0)], 1)
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


# page coordinates as layouts make them: quotients and products with long mantissas, where
# x1 + (x2 - x1) and x2 part in the last place about once in 250 (plain hypothesis floats are
# mostly round numbers, which never do)
UGLY = st.builds(lambda k, d, s: k / d * s, st.integers(-10**9, 10**9),
                 st.sampled_from([7.0, 25.4, 72.0, 2.834645669, 1000.0]), st.sampled_from([1.0, 0.3528]))


@settings(max_examples=1500, deadline=None)
@given(st.one_of(COORD, UGLY), st.one_of(COORD, UGLY),
       st.one_of(st.floats(min_value=-100, max_value=300, allow_nan=False), UGLY))
@example(2.8048050000000004, 1.0377778500000001, 16.76)
def test_a_circle_s_curves_are_reportlabs_to_the_bit(x, y, r):
    """The very floats reportlab's circle hands its path (not only as printed: a point one unit
    in the last place off prints the same far more often than not)."""
    from reportlab.pdfgen import pathobject

    taken = []
    arc = pathobject.pdfgeom.bezierArc

    def recorded(*args):
        taken.append(arc(*args))
        return taken[-1]

    pathobject.pdfgeom.bezierArc = recorded
    try:
        ReportlabCanvas(io.BytesIO()).circle(x, y, r)
    finally:
        pathobject.pdfgeom.bezierArc = arc
    assert ours._circle_curves(x, y, r) == taken[0]


def test_strings_past_the_first_subset():
    """More than 256 distinct characters: a font's codes go on in a second subset, and a string
    that mixes both switches subsets within its kept operators."""
    from pnp.pdf.faces import charset

    chars = [chr(c) for c in sorted(charset(SANS)) if c > 32 and chr(c).isprintable()][:700]
    lines = ["".join(chars[k:k + 7]) for k in range(0, len(chars), 7)]
    mixed = [chars[k] + chars[-1 - k] for k in range(0, 300, 30)]
    calls = [("string", method, font, 8, None, 10, 10 + k, text)
             for k, text in enumerate(lines + mixed)
             for method, font in (("drawString", SANS), ("drawRightString", BOLD))]
    mine = drawn(ours.Canvas, calls)
    assert mine == drawn(ReportlabCanvas, calls)
    assert b"/F1+1" in mine and b"/F2+1" in mine


# --- reportlab's private parts: checked at import, plain reportlab when anything is off --------

def test_the_shortcuts_hold_with_the_reportlab_installed():
    assert ours.SHORTCUTS and ours._shortcuts_hold()


@pytest.mark.parametrize("breakage", ["PATH_OPS", "bidiShapedText", "_formatText", "_code",
                                      "arcs", "fillMode"])
def test_a_missing_or_changed_private_part_turns_the_shortcuts_off(monkeypatch, breakage):
    """Each private part gone (or reportlab's arithmetic moved away from our copy of it): the
    check says no, so a canvas would take reportlab's own path."""
    from reportlab.pdfgen import canvas as rl_canvas
    from reportlab.pdfgen.textobject import PDFTextObject

    if breakage in ("PATH_OPS", "bidiShapedText"):
        monkeypatch.setattr(ours, breakage, None)
    elif breakage == "_formatText":
        monkeypatch.delattr(PDFTextObject, "_formatText")
    elif breakage == "_code":      # the page's operators kept under another name
        init = rl_canvas.Canvas.init_graphics_state

        def renamed(self):
            init(self)
            self._ops = self.__dict__.pop("_code")
        monkeypatch.setattr(rl_canvas.Canvas, "init_graphics_state", renamed)
    elif breakage == "arcs":
        monkeypatch.setattr(ours, "_QUARTERS", tuple(tuple(v * (1 + 1e-12) for v in q)
                                                     for q in ours._QUARTERS))
    else:
        monkeypatch.setattr(ours, "PATH_OPS", {key: op.upper() for key, op in rl_canvas.PATH_OPS.items()})
    assert not ours._shortcuts_hold()


def test_without_the_shortcuts_a_pack_is_the_same_bytes(monkeypatch, tmp_path):
    """The fallback forced: every string and circle drawn by reportlab itself, the same PDF."""
    from pnp.build import build
    from pnp.spec import loads

    spec = loads("title: fallback\nseed: fb\noutput: pack.pdf\nitems:\n"
                 "  - {kind: cliquer, count: 2}\n  - {kind: cliquer, worksheet: true}\n"
                 "  - {kind: circles}\n  - {kind: cliques, players: 7}\n")
    build(spec, tmp_path / "fast")
    monkeypatch.setattr(ours, "SHORTCUTS", False)
    calls = []
    circle = ReportlabCanvas.circle
    monkeypatch.setattr(ReportlabCanvas, "circle", lambda self, *a, **k: calls.append(1) or circle(self, *a, **k))
    build(spec, tmp_path / "plain")
    assert calls, "the fallback did not go through reportlab's circle"
    assert (tmp_path / "plain" / "pack.pdf").read_bytes() == (tmp_path / "fast" / "pack.pdf").read_bytes()


# lines HarfBuzz places (Arabic joined and with its harakat raised and lowered, Hebrew with
# niqqud, Devanagari conjuncts and matras, a Latin word inside), and a CJK one in its own face
SHAPED_LINES = ["مُحَمَّدٌ وَفاطِمَةُ", "النقاط 12 والخطوط", "שְׁלֹמֹה וְרִבְקָה", "प्रियंका कृष्ण किताबें",
                "Ali علي", "नियम: 3 बिंदु"]


@pytest.mark.parametrize("rtl", [False, True])
def test_shaped_lines_kept_are_the_bytes_reportlab_draws_them_in(monkeypatch, rtl):
    """A run of shaped glyphs is kept by its glyphs and placements after its first drawing; the
    page is the same, byte for byte, as when reportlab draws every run itself (the shortcuts
    off), in both directions, at two sizes, drawn again on a second page."""
    from pnp.pdf import fonts

    monkeypatch.setattr(fonts, "page_rtl", lambda: rtl)
    calls = [("string", method, font, size, None, 30, 20 + 40 * k + size, text)
             for k, text in enumerate(SHAPED_LINES)
             for method, font, size in (("drawString", SANS, 9), ("drawRightString", BOLD, 12.5),
                                        ("drawCentredString", SANS, 12.5))]
    kept = drawn(ours.Canvas, calls)
    monkeypatch.setattr(ours, "SHORTCUTS", False)
    assert kept == drawn(ours.Canvas, calls)
    assert b" Ts" in kept                       # a mark raised or lowered: reportlab's rise


def test_a_shaped_run_is_kept_by_its_placements_not_only_its_glyphs():
    """Two runs of the same glyphs placed apart differently are two kept lines."""
    from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

    from pnp.pdf.faces import ttfont

    ttfont("PnpArabic")
    canvas = ours.Canvas(io.BytesIO(), invariant=1)
    canvas.setFont("PnpArabic", 10)
    glyphs = "\u0628\u0628"
    near = ShapedStr(glyphs, [ShapeData(0, 500, 0, 0, 0, 500), ShapeData(1, 500, 0, 0, 0, 500)])
    far = ShapedStr(glyphs, [ShapeData(0, 700, 0, 0, 0, 500), ShapeData(1, 500, 0, 0, 0, 500)])
    assert canvas._shaped_line(near) != canvas._shaped_line(far)
    assert canvas._shaped_line(near) is canvas._shaped_line(near)


def _kept_drawing(canvas, calls):
    """Draw ``calls`` (as ``drawn`` does), in a saved state, leaving the font and fill changed."""
    canvas.saveState()
    _draw_calls(canvas, calls)
    canvas.restoreState()
    canvas.setFont(BOLD, 9)
    canvas.setFillGray(0.25)


def _pages_with_a_kept_drawing(calls, keep: bool, grey: float | None = None) -> bytes:
    """Three pages each drawing ``calls`` once through ``kept`` (or straight, ``keep`` False),
    then a string in whatever state it left; the third page's drawing starts from another
    line width (the kept one must not be reused there) and ``grey`` changes the fill before
    the second."""
    out = io.BytesIO()
    canvas = ours.Canvas(out, invariant=1, pageCompression=0, initialFontName=SANS)
    for page in range(3):
        if page == 1 and grey is not None:
            canvas.setFillGray(grey)
        if page == 2:
            canvas.setLineWidth(3)
        if keep:
            canvas.kept(("rule", tuple(calls)), _kept_drawing, calls)
        else:
            _kept_drawing(canvas, calls)
        canvas.drawString(10, 10, "after")
        canvas.circle(50, 50, 5, stroke=1, fill=1)
        canvas.showPage()
    canvas.save()
    return out.getvalue()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(STRING, CIRCLE), max_size=12), st.sampled_from([None, 0.5]))
def test_a_kept_drawing_writes_what_drawing_it_again_writes(calls, grey):
    assert _pages_with_a_kept_drawing(calls, True, grey) == _pages_with_a_kept_drawing(calls, False, grey)


def test_a_kept_drawing_is_drawn_once_per_state(monkeypatch):
    canvas = ours.Canvas(io.BytesIO(), invariant=1)
    times = []

    def draw(c, n):
        times.append(n)
        c.setFont(BOLD, 12)
        c.drawString(0, 0, "x")

    canvas.kept("k", draw, 1)
    canvas.showPage()                   # a new page starts from the same state
    canvas.kept("k", draw, 2)           # so the kept operators, and the same font after
    assert times == [1] and (canvas._fontname, canvas._fontsize) == (BOLD, 12)
    canvas.kept("k", draw, 3)           # from the state it left (in 12 pt): drawn afresh
    canvas.showPage()
    canvas.kept("other", draw, 4)
    assert times == [1, 3, 4]
    canvas.showPage()
    monkeypatch.setattr(ours, "_language", lambda: "fr")
    canvas.kept("k", draw, 5)           # the same key in another language is another drawing
    assert times == [1, 3, 4, 5]
