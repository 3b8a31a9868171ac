"""reportlab's canvas, writing the same bytes with less work for what a pack repeats.

A pack prints the same words on every page (the dot letters, "running score", the rules) and
the same round dots. reportlab measures, subsets and escapes a string anew at every
``drawString``, and works out a circle's Bezier arcs with four sines and cosines a quarter.
Neither needs doing twice:

- once a string has been drawn in a font, size and leading, every character has its code in
  the font's subset for good (reportlab only ever adds codes), so the operators that show it
  are the same each time: the first drawing keeps them and later ones write them at once. So
  too for a run of glyphs HarfBuzz placed (``pnp.pdf.shaping``), kept by its glyphs and their
  placements: reportlab writes each glyph's offsets and rises anew, the most costly text it
  draws, and an Arabic or Hindi pack repeats its words on every page;
- a circle's arcs use the same angles every time, so their sines and cosines are taken once,
  and each point is then computed by reportlab's own expressions, step by step through its
  calls, in its order (``_circle_curves``).

- a drawing a pack repeats on every page (a play page's rule and score boxes) is drawn once:
  ``kept(key, draw, *args)`` runs ``draw(canvas, *args)`` the first time and keeps the
  operators it wrote and the canvas's state before and after; later, from the same state, it
  writes those operators and takes on that after-state. Only a drawing that writes nothing but
  page operators can be kept so (no link, bookmark, form or image), and one whose key says
  everything it depends on (its words are in the key's value; the page's language and
  direction are added here).

The bytes are exactly reportlab's: tests/pdf/test_pdf_canvas.py draws strings and circles both
ways and compares the pages, and the golden PDFs pin whole packs.

Both shortcuts lean on reportlab's private parts (the page's ``_code`` list, the canvas's
``_fontname``, ``_fontsize``, ``_leading`` and ``_fillMode``, ``PDFTextObject._formatText``,
``PATH_OPS``, ``bidiShapedText``) and on a copy of ``bezierArc``'s arithmetic, none of which
reportlab promises to keep. So at import the module draws a few strings and circles both ways
(``SHORTCUTS``): where anything is missing, named otherwise or writes other bytes, every call
takes reportlab's own path instead, slower and the same bytes (a test forces that fallback).
"""

from __future__ import annotations

import io
from math import ceil, cos, pi, sin

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas as _Canvas

try:        # private to reportlab: checked with the rest by _shortcuts_hold()
    from reportlab.pdfgen.canvas import PATH_OPS
    from reportlab.pdfgen.textobject import bidiShapedText
except ImportError:
    PATH_OPS = bidiShapedText = None

from pnp.i18n import current
from pnp.pdf.fonts import page_rtl
from pnp.pdf.shaping import layout, plain

KEPT_LINES = 4096   # strings kept a canvas: a pack's repeated words, not every board's own line
KEPT_DRAWINGS = 256     # drawings kept a canvas (a pack has a few kinds of play page)
# the canvas's state a drawing may read and change (reportlab's own list, less the extended
# graphics state, an object compared by identity: a kept drawing must leave it as it found it)
_STATE = tuple(a for a in _Canvas.STATE_ATTRIBUTES if a != "_extgstate")


def _quarters() -> tuple[tuple[float, ...], ...]:
    """The factors reportlab's ``bezierArc(x1, y1, x2, y2, 0, 360)`` computes for its four
    quarters, each as its own expression gives it (same operations, same order)."""
    extent, start = 360, 0
    n = int(ceil(abs(extent) / 90.))
    frag = float(extent) / n
    half = frag * pi / 360.
    kappa = abs(4. / 3. * (1. - cos(half)) / sin(half))
    out = []
    for i in range(n):
        t0 = (start + i * frag) * pi / 180.
        t1 = (start + (i + 1) * frag) * pi / 180.
        out.append((cos(t0), sin(t0),
                    cos(t0) - kappa * sin(t0), sin(t0) + kappa * cos(t0),
                    cos(t1) + kappa * sin(t1), sin(t1) - kappa * cos(t1),
                    cos(t1), sin(t1)))
    return tuple(out)


_QUARTERS = _quarters()


def _circle_curves(x_cen, y_cen, r) -> list[tuple[float, ...]]:
    """The Bezier curves of reportlab's circle: ``Canvas.circle`` -> ``ellipse(x1, y1, x2, y2)``
    -> ``PDFPathObject.ellipse(x1, y1, x2 - x1, y2 - y1)`` -> ``bezierArc(x, y, x + width,
    y + height, 0, 360)``, every step's arithmetic as there (x1 + (x2 - x1) is not always x2)."""
    x1, y1 = x_cen - r, y_cen - r
    x2, y2 = x1 + ((x_cen + r) - x1), y1 + ((y_cen + r) - y1)
    x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
    xc, yc = (x1 + x2) / 2., (y1 + y2) / 2.
    rx, ry = (x2 - x1) / 2., (y2 - y1) / 2.
    return [(xc + rx * c0, yc - ry * s0, xc + rx * a, yc - ry * b, xc + rx * c, yc - ry * d,
             xc + rx * c1, yc - ry * s1) for c0, s0, a, b, c, d, c1, s1 in _QUARTERS]


def _plain(text, mode, charSpace, direction, wordSpace, shaping) -> bool:
    """A line of text with none of reportlab's text options: the kind a canvas keeps (any other
    goes reportlab's own way)."""
    return (type(text) is str and mode is None and not charSpace and direction is None
            and not wordSpace and not shaping)


class Canvas(_Canvas):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._lines: dict = {}
        self._drawings: dict = {}

    def _state(self) -> tuple:
        d = self.__dict__
        return tuple(d[a] for a in _STATE) + (len(self.state_stack),)

    def kept(self, key, draw, *args) -> None:
        """``draw(self, *args)``, or what it wrote the first time from this state (see the
        module's docstring); ``key`` hashable, equal only for drawings that write the same."""
        key = (key, _language(), _rtl())
        before = self._state()
        seen = self._drawings.get(key)
        if seen is not None and seen[0] == before:
            self._code.extend(seen[1])
            for name, value in zip(_STATE, seen[2]):
                setattr(self, name, value)
            return
        start, ext = len(self._code), self._extgstate
        draw(self, *args)
        after = self._state()
        if (SHORTCUTS and self._extgstate is ext and after[-1] == before[-1]
                and len(self._drawings) < KEPT_DRAWINGS):
            self._drawings[key] = (before, tuple(self._code[start:]), after[:-1])

    def _line(self, text: str) -> tuple[float, str]:
        """(width, operators) of ``text`` in the current font, as reportlab's text line draws it."""
        key = (self._fontname, self._fontsize, self._leading, text)
        line = self._lines.get(key)
        if line is None:
            shown, width = bidiShapedText(text, None, fontName=self._fontname,
                                          fontSize=self._fontsize, shaping=False)
            line = (width, f"{self.beginText()._formatText(shown)} T*")
            if len(self._lines) < KEPT_LINES:
                self._lines[key] = line
        return line

    def _shaped_line(self, shaped) -> str:
        """The operators of a run of shaped glyphs (reportlab's ShapedStr) in the current font,
        as reportlab's text line draws it; kept by the glyphs and every placement."""
        key = (self._fontname, self._fontsize, self._leading, str(shaped),
               tuple(shaped.__shapeData__))
        line = self._lines.get(key)
        if line is None:
            line = f"{self.beginText()._formatText(shaped)} T*"
            if len(self._lines) < KEPT_LINES:
                self._lines[key] = line
        return line

    def _show(self, x: float, y: float, operators: str) -> None:
        matrix = "1 0 0 1" if self.bottomup else "1 0 0 -1"
        self._code.append(f"BT {matrix} {fp_str(x, y)} Tm {operators} ET")

    def _laid_out(self, text) -> bool:
        """Must ``text`` be laid out (faces, direction, shaping) rather than drawn as is?"""
        return type(text) is str and bool(text) and not plain(text, self._fontname, _rtl())

    def _draw_laid_out(self, x: float, y: float, text: str, anchor: float) -> None:
        """Draw the line ``text`` segment by segment (pnp.pdf.shaping), its left end, centre
        (anchor 0.5) or right end (1) at x; the current font is the same afterwards."""
        font, size, leading = self._fontname, self._fontsize, self._leading
        segments, width = layout(text, font, _rtl(), _language())
        left = x - anchor * width * size / 1000
        for segment in segments:
            if segment.face != self._fontname:
                self.setFont(segment.face, size, leading)
            at = left + segment.x * size / 1000
            if type(segment.text) is str:
                self._draw_plain(at, y, segment.text)
            elif SHORTCUTS:         # glyphs placed by HarfBuzz: reportlab's own shaped text
                self._show(at, y, self._shaped_line(segment.text))
            else:
                super().drawString(at, y, segment.text)
        if self._fontname != font:
            self.setFont(font, size, leading)

    def _draw_plain(self, x, y, text) -> None:
        if SHORTCUTS:
            self._show(x, y, self._line(text)[1])
        else:
            super().drawString(x, y, text)

    def drawString(self, x, y, text, mode=None, charSpace=0, direction=None, wordSpace=None,
                   shaping=False):
        options = (mode, charSpace, direction, wordSpace, shaping)
        if not _plain(text, *options):
            return super().drawString(x, y, text, *options)
        if self._laid_out(text):
            return self._draw_laid_out(x, y, text, 0.0)
        self._draw_plain(x, y, text)

    def drawCentredString(self, x, y, text, mode=None, charSpace=0, direction=None,
                          wordSpace=None, shaping=False):
        options = (mode, charSpace, direction, wordSpace, shaping)
        if not _plain(text, *options):
            return super().drawCentredString(x, y, text, *options)
        if self._laid_out(text):
            return self._draw_laid_out(x, y, text, 0.5)
        if not SHORTCUTS:
            return super().drawCentredString(x, y, text)
        width, operators = self._line(text)
        self._show(x - 0.5 * width, y, operators)

    def drawRightString(self, x, y, text, mode=None, charSpace=0, direction=None,
                        wordSpace=None, shaping=False):
        options = (mode, charSpace, direction, wordSpace, shaping)
        if not _plain(text, *options):
            return super().drawRightString(x, y, text, *options)
        if self._laid_out(text):
            return self._draw_laid_out(x, y, text, 1.0)
        if not SHORTCUTS:
            return super().drawRightString(x, y, text)
        width, operators = self._line(text)
        self._show(x - width, y, operators)

    def marked_dots(self, tag: str, centres, r: float) -> None:
        """Filled circles of radius ``r`` without outline, the k-th in a marked section ``tag``
        with index k (``pnp.pdf.marks``): a board's dots in one call, the bytes of
        ``addLiteral(begin(tag, k)); circle(x, y, r, stroke=0, fill=1); addLiteral(END)``
        each (the bare script of bench/build_baseline.py draws them so, marks left out)."""
        from pnp.pdf.marks import END, begin

        if not SHORTCUTS:
            for k, (x, y) in enumerate(centres):
                self.addLiteral(begin(tag, k))
                super().circle(x, y, r, stroke=0, fill=1)
                self.addLiteral(END)
            return
        paint = PATH_OPS[0, 1, self._fillMode]
        append = self._code.append
        for k, (x, y) in enumerate(centres):
            q1, q2, q3, q4 = _circle_curves(x, y, r)
            append(begin(tag, k))
            append("n")             # as ``circle`` writes it
            append(f"{fp_str(q1[0], q1[1])} m")
            append(f"{fp_str(*q1[2:])} c")
            append(f"{fp_str(*q2[2:])} c")
            append(f"{fp_str(*q3[2:])} c")
            append(f"{fp_str(*q4[2:])} c")
            append(paint)
            append(END)

    def circle(self, x_cen, y_cen, r, stroke=1, fill=0):
        if not SHORTCUTS:
            return super().circle(x_cen, y_cen, r, stroke=stroke, fill=fill)
        code = self._code
        curves = _circle_curves(x_cen, y_cen, r)
        first = curves[0]
        code.append("n")            # a path object's first move ends any path before it
        code.append(f"{fp_str(first[0], first[1])} m")
        for curve in curves:
            code.append(f"{fp_str(*curve[2:])} c")
        code.append(PATH_OPS[stroke, fill, self._fillMode])


_rtl = page_rtl       # asked at every string drawn: imported once, not once a call


def _language() -> str:
    return current().code


# what the check draws: strings in each way and twice (the second from what was kept), in a
# font with a leading, upside down pages too, and circles whose arcs round differently
_TRIAL_STRINGS = (("drawString", 10.5, 700.25, "Ab (c)\\ é"), ("drawCentredString", 300.0, 12.0, "xyz"),
                  ("drawRightString", 99.9, 1e-3, "Ab (c)\\ é"), ("drawString", -5.0, 5.0, "xyz"))
_TRIAL_CIRCLES = ((2.8048050000000004, 1.0377778500000001, 16.76, 1, 0), (100.0, 200.0, 1.53, 0, 1),
                  (-7.25, 3.5, 0.0, 1, 1))


def _trial(canvas_class, bottomup: int) -> tuple[str, ...]:
    canvas = canvas_class(io.BytesIO(), bottomup=bottomup, invariant=1)
    canvas.setFont("Helvetica", 9.5, 11)
    for _ in range(2):
        for method, x, y, text in _TRIAL_STRINGS:
            getattr(canvas, method)(x, y, text)
        for x, y, r, stroke, fill in _TRIAL_CIRCLES:
            canvas.circle(x, y, r, stroke=stroke, fill=fill)
    return tuple(canvas._code)


def _shortcuts_hold() -> bool:
    """Are reportlab's private parts all there, and do the shortcuts write what reportlab's own
    calls write with them? (Drawn with the shortcuts on, whatever SHORTCUTS says now.)"""
    global SHORTCUTS
    if PATH_OPS is None or bidiShapedText is None:
        return False
    was, SHORTCUTS = SHORTCUTS, True
    try:
        return all(_trial(Canvas, up) == _trial(_Canvas, up) for up in (1, 0))
    except (AttributeError, TypeError, KeyError, ValueError, IndexError):
        return False            # a part renamed, gone or taking other arguments
    finally:
        SHORTCUTS = was


SHORTCUTS = False
SHORTCUTS = _shortcuts_hold()      # False: every call goes reportlab's own way
