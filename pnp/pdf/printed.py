"""What a page prints, read back from the PDF as plain geometry: text boxes, strokes and fills.

The layout checks (``pnp.pdf.layout_check``) judge a page from this alone, never from the code
that drew it, so they see what a printer sees: a text's size is its font size times the text
matrix (a text drawn at 10 pt inside a half-scale transform prints at 5 pt), and a path's
points are where its matrix puts them. pdfium does the parsing (see ``pnp.pdf.readback``).
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Box = tuple[float, float, float, float]          # left, bottom, right, top in points
Outline = tuple[tuple[Point, ...], ...]          # a path's subpaths, as polylines

BEZIER_STEPS = 8          # chords per curve segment: a 3.6 mm dot is then off by under 0.01 mm
MAX_OBJECTS = 20000       # a hostile page with millions of objects is refused, not read
MAX_FORM_DEPTH = 4        # form XObjects nest; pnp writes none, a hostile file may nest deeply


class TooMuch(ValueError):
    """A page with more objects than any page pnp draws."""


@dataclass(frozen=True)
class Text:
    """One text object: what it says, its printed size, and the box of its glyphs."""

    text: str
    size: float                    # printed em size in points
    quad: tuple[Point, Point, Point, Point]     # glyph box, turned with the text
    bounds: Box
    tag: str = ""
    clip: tuple[Outline, ...] = ()      # drawn only where every one of these outlines is


@dataclass(frozen=True)
class Shape:
    """One path object: its outlines (as polylines) and whether they are stroked or filled."""

    lines: tuple[tuple[Point, ...], ...]   # each subpath, curves flattened, closed ones repeat p0
    stroked: bool
    filled: bool
    width: float                   # printed stroke width in points (0 if not stroked)
    bounds: Box
    tag: str = ""
    fill: tuple[int, int, int, int] | None = None       # RGBA, when filled
    dashed: bool = False
    clip: tuple[Outline, ...] = ()
    exact: bool = True             # lines read point by point; if not, lines are () and the
    #                                bounds are pdfium's, a line width generous


@dataclass(frozen=True)
class Other:
    """An image or shading: known only by its box."""

    bounds: Box
    tag: str = ""
    clip: tuple[Outline, ...] = ()


@dataclass(frozen=True)
class PagePrint:
    width: float
    height: float
    texts: tuple[Text, ...]
    shapes: tuple[Shape, ...]
    others: tuple[Other, ...]

    @property
    def everything(self):
        return (*self.texts, *self.shapes, *self.others)


def read_page(page, detail: Callable[[Box, Sequence[Text]], bool] | None = None,
              words: bool = True) -> PagePrint:
    """Everything a pdfium page prints. Raises TooMuch for pages no pnp build makes.

    Reading a path point by point is most of the cost, so ``detail(box, texts)`` may choose
    which paths to read so (by their box, pdfium's, which is generous by a line width, and the
    page's texts); the others keep just that box, with ``exact`` false. All by default.
    ``words=False`` leaves every text's ``text`` empty (pdfium then skips its text layer).
    """
    from pypdfium2 import raw

    width, height = page.get_size()
    texts: list[Text] = []
    paths: list = []
    others: list[Other] = []
    _BUFFERS.ready(raw)
    textpage = page.get_textpage() if words else None
    try:
        count = raw.FPDFPage_CountObjects(page.raw)
        if count > MAX_OBJECTS:
            raise TooMuch(f"page has {count} objects")
        budget = [MAX_OBJECTS]
        for i in range(count):
            _read(raw, raw.FPDFPage_GetObject(page.raw, i), textpage, IDENTITY, (),
                  0, budget, texts, paths, others)
    finally:
        if textpage is not None:
            textpage.close()
    shapes = [_shape(raw, obj, bounds, tags, outer, detail is None or detail(bounds, texts))
              for obj, bounds, tags, outer in paths]
    return PagePrint(float(width), float(height), tuple(texts), tuple(shapes), tuple(others))


def _read(raw, obj, textpage, outer, tags, depth, budget, texts, paths, others) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise TooMuch(f"page has more than {MAX_OBJECTS} objects")
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        if depth >= MAX_FORM_DEPTH:
            raise TooMuch("form objects nested too deeply")
        m = _compose(_matrix(raw, obj), outer)
        tag = _tag(raw, obj, tags)
        for k in range(raw.FPDFFormObj_CountObjects(obj)):
            _read(raw, raw.FPDFFormObj_GetObject(obj, k), textpage, m, (*tags, tag) if tag else tags,
                  depth + 1, budget, texts, paths, others)
        return
    bounds = _bounds(raw, obj)
    if bounds is None:
        return
    if outer != IDENTITY:
        bounds = _box_of([_apply(outer, p) for p in _corners(bounds)])
    if kind == raw.FPDF_PAGEOBJ_PATH:      # most objects: read further only if asked
        paths.append((obj, bounds, tags, outer))
    elif kind == raw.FPDF_PAGEOBJ_TEXT:
        m = _compose(_matrix(raw, obj), outer)
        size = ctypes.c_float(0)
        raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
        scale = min(math.hypot(m[0], m[1]), math.hypot(m[2], m[3]))
        texts.append(Text(_text(raw, obj, textpage), float(size.value) * scale, _quad(raw, obj, outer),
                          bounds, _tag(raw, obj, tags), _clip(raw, obj, outer)))
    else:
        others.append(Other(bounds, _tag(raw, obj, tags), _clip(raw, obj, outer)))


# ---- text ---------------------------------------------------------------------------------------

def _text(raw, obj, textpage) -> str:
    if textpage is None:
        return ""
    # one call when the text fits the buffer (pdfium writes nothing, and says the length it
    # needs, when it does not)
    buf, size = _BUFFERS.text()
    n = raw.FPDFTextObj_GetText(obj, textpage.raw, buf, size)
    if n > size:
        buf, size = _BUFFERS.text(n)
        n = raw.FPDFTextObj_GetText(obj, textpage.raw, buf, size)
    if n <= 2:
        return ""
    return ctypes.string_at(buf, n - 2).decode("utf-16-le", "replace")


def _quad(raw, obj, outer):
    q = raw.FS_QUADPOINTSF()
    if not raw.FPDFPageObj_GetRotatedBounds(obj, ctypes.byref(q)):
        b = _bounds(raw, obj)
        pts = _corners(b)
    else:
        pts = [(q.x1, q.y1), (q.x2, q.y2), (q.x3, q.y3), (q.x4, q.y4)]
    return tuple(_apply(outer, (float(x), float(y))) for x, y in pts)


# ---- paths --------------------------------------------------------------------------------------

def _shape(raw, obj, bounds, tags, outer, exact: bool) -> Shape:
    b = _BUFFERS
    raw.FPDFPath_GetDrawMode(obj, *b.mode_refs)
    fillmode, stroke = b.mode[0].value, b.mode[1].value
    if not exact:
        return Shape((), bool(stroke), bool(fillmode), 0.0, bounds, exact=False)
    m = _compose(_matrix(raw, obj), outer)
    width = 0.0
    if stroke:
        raw.FPDFPageObj_GetStrokeWidth(obj, b.box_refs[0])
        width = float(b.box[0].value) * math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    fill = None
    if fillmode:
        if raw.FPDFPageObj_GetFillColor(obj, *b.rgba_refs):
            fill = tuple(c.value for c in b.rgba)
    dashed = bool(stroke) and raw.FPDFPageObj_GetDashCount(obj) > 0
    tag = _tag(raw, obj, tags)
    count = raw.FPDFPath_CountSegments(obj)
    lines = _polylines(raw, (raw.FPDFPath_GetPathSegment(obj, k) for k in range(count)), m)
    if lines:     # pdfium's box of a stroked path is a whole line width too wide: ours is exact
        half = width / 2
        xs = [p[0] for run in lines for p in run]
        ys = [p[1] for run in lines for p in run]
        bounds = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
    return Shape(tuple(lines), bool(stroke), bool(fillmode), width, bounds, tag, fill,
                 dashed, _clip(raw, obj, outer))


def _polylines(raw, segments, m) -> list[tuple[Point, ...]]:
    """A path's subpaths as polylines in page space, curves flattened, closed ones closed."""
    lines: list[tuple[Point, ...]] = []
    current: list[Point] = []
    pending: list[Point] = []         # control points of a curve being read
    start: Point | None = None
    x, y = _BUFFERS.box[0], _BUFFERS.box[1]
    x_ref, y_ref = _BUFFERS.box_refs[0], _BUFFERS.box_refs[1]
    get_point, get_type = raw.FPDFPathSegment_GetPoint, raw.FPDFPathSegment_GetType
    for seg in segments:
        get_point(seg, x_ref, y_ref)
        p = _apply(m, (float(x.value), float(y.value)))
        kind = get_type(seg)
        if kind == raw.FPDF_SEGMENT_MOVETO:
            if len(current) > 1:
                lines.append(tuple(current))
            current, pending, start = [p], [], p
        elif kind == raw.FPDF_SEGMENT_BEZIERTO:
            pending.append(p)
            if len(pending) == 3:
                p0 = current[-1] if current else p
                current += _bezier(p0, *pending)
                pending = []
        else:
            current.append(p)
        if raw.FPDFPathSegment_GetClose(seg) and start is not None and current and current[-1] != start:
            current.append(start)
    if len(current) > 1:
        lines.append(tuple(current))
    elif current and not lines:           # a lone point (a zero-length dot): keep it as one
        lines.append((current[0], current[0]))
    return lines


def _clip(raw, obj, outer) -> tuple[Outline, ...]:
    """The clip paths an object is drawn through (page space); () if none."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return ()
    out = []
    for k in range(max(0, raw.FPDFClipPath_CountPaths(clip))):
        n = raw.FPDFClipPath_CountPathSegments(clip, k)
        out.append(tuple(_polylines(raw, (raw.FPDFClipPath_GetPathSegment(clip, k, s) for s in range(n)),
                                    outer)))
    return tuple(out)


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    x0, y0 = p0
    x1, y1 = p1
    x2, y2 = p2
    x3, y3 = p3
    return [(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)
            for a, b, c, d in _BERNSTEIN]


# the cubic's weights at t = k / BEZIER_STEPS, made once (each product in the order the
# formula u^3 p0 + 3 u^2 t p1 + 3 u t^2 p2 + t^3 p3 multiplies it, so the points are the same)
_BERNSTEIN = tuple((u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3)
                   for t, u in ((k / BEZIER_STEPS, 1 - k / BEZIER_STEPS)
                                for k in range(1, BEZIER_STEPS + 1)))


# ---- matrices, boxes, marks ---------------------------------------------------------------------

IDENTITY = (1, 0, 0, 1, 0, 0)


def _matrix(raw, obj) -> tuple[float, ...]:
    m = _BUFFERS.matrix
    if not raw.FPDFPageObj_GetMatrix(obj, _BUFFERS.matrix_ref):
        return (1, 0, 0, 1, 0, 0)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _compose(inner, outer) -> tuple[float, ...]:
    """inner then outer (PDF row-vector convention: p' = p · inner · outer)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m, p: Point) -> Point:
    return (p[0] * m[0] + p[1] * m[2] + m[4], p[0] * m[1] + p[1] * m[3] + m[5])


def _bounds(raw, obj) -> Box | None:
    b = _BUFFERS
    if not raw.FPDFPageObj_GetBounds(obj, *b.box_refs):
        return None
    box = (float(b.box[0].value), float(b.box[1].value), float(b.box[2].value), float(b.box[3].value))
    return box if all(math.isfinite(v) for v in box) else None


def _corners(b: Box) -> list[Point]:
    return [(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])]


def _box_of(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _tag(raw, obj, outer_tags=()) -> str:
    """The innermost marked-content tag the object is drawn in (its own, or its form's)."""
    from pnp.pdf.readback import _mark_name

    tag = outer_tags[-1] if outer_tags else ""
    for k in range(raw.FPDFPageObj_CountMarks(obj)):
        tag = _mark_name(raw, raw.FPDFPageObj_GetMark(obj, k), _BUFFERS.names) or tag
    return tag


class _Buffers:
    """The ctypes out-parameters every object's reading fills, made once rather than per call
    (making them was a good part of reading a page). Each value is copied out as soon as the
    call returns, and pages are read one at a time, so sharing them is safe."""

    def __init__(self):
        self.box = [ctypes.c_float() for _ in range(4)]
        self.box_refs = [ctypes.byref(v) for v in self.box]
        self.mode = [ctypes.c_int(0), ctypes.c_int(0)]
        self.mode_refs = [ctypes.byref(v) for v in self.mode]
        self.rgba = [ctypes.c_uint(0) for _ in range(4)]
        self.rgba_refs = [ctypes.byref(c) for c in self.rgba]
        self.matrix = self.matrix_ref = None
        self._text = (ctypes.c_ushort * 256)()
        self.names: dict[bytes, str] = {}     # marked-content names: a page has a few kinds

    def ready(self, raw) -> None:
        """At the start of a page: the matrix (pdfium's own struct) once, and a fresh name
        cache (a hostile page's names are forgotten with it)."""
        if self.matrix is None:
            self.matrix = raw.FS_MATRIX()
            self.matrix_ref = ctypes.byref(self.matrix)
        self.names.clear()

    def text(self, n: int = 0):
        """A buffer for a text's UTF-16 of at least ``n`` bytes, and its size in bytes."""
        if ctypes.sizeof(self._text) < n:
            self._text = (ctypes.c_ushort * (n // 2 + 1))()
        return self._text, ctypes.sizeof(self._text)


_BUFFERS = _Buffers()
