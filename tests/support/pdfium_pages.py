"""Pages read by pdfium, for the tests and benches that draw their own pages: the validator reads
a page from its content operators (``support.pageread.printed.read_parsed``); these read what pdfium,
a printer-side reader, makes of a page into the same ``PagePrint`` and ``Drawn`` objects, so
the tests can hold the two readings to each other and check pages drawn to order.
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Callable, Sequence

from pnp.games.base import Problem
from pnp.paper import Frame
from support.pageread.layout_check import Placed, page_problems, worth_reading
from support.pageread.printed import (IDENTITY, MAX_OBJECTS, Box, Drawn, Other, Outline, PagePrint, Point,
                                Shape, Text, TooMuch, apply, bezier, box_of, compose)

MAX_FORM_DEPTH = 4        # form XObjects nest; pnp writes none, a hostile file may nest deeply


def read_page(page, many: Callable | None = None, words: bool = True) -> PagePrint:
    """Everything a pdfium page prints. Raises TooMuch for pages no pnp build makes.

    Reading a path point by point is most of the cost, so ``many(boxes, texts)`` may choose
    which paths to read so (a flag for each path's box, pdfium's, which is generous by a line
    width, given the page's texts); the others keep just that box, with ``exact`` false. All by
    default. ``words=False`` leaves every text's ``text`` empty (pdfium then skips its text
    layer).
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
    exact = many([bounds for _, bounds, _, _ in paths], texts) if many is not None \
        else [True] * len(paths)
    shapes = [_shape(raw, obj, bounds, tags, outer, e)
              for (obj, bounds, tags, outer), e in zip(paths, exact)]
    return PagePrint(float(width), float(height), tuple(texts), tuple(shapes), tuple(others))


def _read(raw, obj, textpage, outer, tags, depth, budget, texts, paths, others) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise TooMuch(f"page has more than {MAX_OBJECTS} objects")
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        if depth >= MAX_FORM_DEPTH:
            raise TooMuch("form objects nested too deeply")
        m = compose(_matrix(raw, obj), outer)
        tag = _tag(raw, obj, tags)
        for k in range(raw.FPDFFormObj_CountObjects(obj)):
            _read(raw, raw.FPDFFormObj_GetObject(obj, k), textpage, m, (*tags, tag) if tag else tags,
                  depth + 1, budget, texts, paths, others)
        return
    bounds = _bounds(raw, obj)
    if bounds is None:
        return
    if outer != IDENTITY:
        bounds = box_of([apply(outer, p) for p in _corners(bounds)])
    if kind == raw.FPDF_PAGEOBJ_PATH:      # most objects: read further only if asked
        paths.append((obj, bounds, tags, outer))
    elif kind == raw.FPDF_PAGEOBJ_TEXT:
        m = compose(_matrix(raw, obj), outer)
        size = ctypes.c_float(0)
        raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
        scale = min(math.hypot(m[0], m[1]), math.hypot(m[2], m[3]))
        texts.append(Text(_text(raw, obj, textpage), float(size.value) * scale, _quad(raw, obj, outer),
                          bounds, _tag(raw, obj, tags), _clip(raw, obj, outer)))
    else:
        others.append(Other(bounds, _tag(raw, obj, tags), _clip(raw, obj, outer)))


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
    return tuple(apply(outer, (float(x), float(y))) for x, y in pts)


def _shape(raw, obj, bounds, tags, outer, exact: bool) -> Shape:
    b = _BUFFERS
    raw.FPDFPath_GetDrawMode(obj, *b.mode_refs)
    fillmode, stroke = b.mode[0].value, b.mode[1].value
    if not exact:
        return Shape((), bool(stroke), bool(fillmode), 0.0, bounds, exact=False)
    m = compose(_matrix(raw, obj), outer)
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
        p = apply(m, (float(x.value), float(y.value)))
        kind = get_type(seg)
        if kind == raw.FPDF_SEGMENT_MOVETO:
            if len(current) > 1:
                lines.append(tuple(current))
            current, pending, start = [p], [], p
        elif kind == raw.FPDF_SEGMENT_BEZIERTO:
            pending.append(p)
            if len(pending) == 3:
                p0 = current[-1] if current else p
                current += bezier(p0, *pending)
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


def _matrix(raw, obj) -> tuple[float, ...]:
    m = _BUFFERS.matrix
    if not raw.FPDFPageObj_GetMatrix(obj, _BUFFERS.matrix_ref):
        return (1, 0, 0, 1, 0, 0)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _bounds(raw, obj) -> Box | None:
    b = _BUFFERS
    if not raw.FPDFPageObj_GetBounds(obj, *b.box_refs):
        return None
    box = (float(b.box[0].value), float(b.box[1].value), float(b.box[2].value), float(b.box[3].value))
    return box if all(math.isfinite(v) for v in box) else None


def _tag(raw, obj, outer_tags=()) -> str:
    """The innermost marked-content tag the object is drawn in (its own, or its form's)."""
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


def _mark_name(raw, mark, cache: dict[bytes, str] | None = None) -> str:
    needed = ctypes.c_ulong(0)
    if not raw.FPDFPageObjMark_GetName(mark, None, 0, ctypes.byref(needed)) or needed.value == 0:
        return ""
    buf = (ctypes.c_ushort * (needed.value // 2 + 1))()
    raw.FPDFPageObjMark_GetName(mark, buf, needed.value, ctypes.byref(needed))
    key = bytes(buf)[: max(0, needed.value - 2)]
    name = cache.get(key) if cache is not None else None
    if name is None:
        name = key.decode("utf-16-le", "replace")
        if cache is not None:
            cache[key] = name
    return name


def _corners(b: Box) -> list[Point]:
    return [(b[0], b[1]), (b[2], b[1]), (b[2], b[3]), (b[0], b[3])]


MAX_PAGE_OBJECTS = 20_000         # drawn objects on a page; a pnp page has at most a few thousand


class TooManyObjects(Exception):
    """A page draws more objects than any pnp page (``MAX_PAGE_OBJECTS``)."""


FORM_DEPTH = 4           # form XObjects inside form XObjects looked into; pnp draws none


def objects_of(page) -> list[Drawn]:
    """Every object drawn on a pdfium page (and inside its form XObjects, ``FORM_DEPTH`` deep),
    with its marked-content tag, index and kind.

    Raw pdfium calls with reused buffers: a hostile page can hold tens of thousands of objects,
    and this walk must stay a few microseconds an object.
    """
    import pypdfium2.raw as raw

    out: list[Drawn] = []
    box = [ctypes.c_float() for _ in range(4)]
    box_refs = [ctypes.byref(v) for v in box]
    value = ctypes.c_int(-1)
    value_ref = ctypes.byref(value)
    rgba = [ctypes.c_uint(0) for _ in range(4)]
    rgba_refs = [ctypes.byref(c) for c in rgba]
    names: dict[bytes, str] = {}
    form = raw.FPDF_PAGEOBJ_FORM

    def walk(count, get, depth):
        for i in range(count):
            if len(out) >= MAX_PAGE_OBJECTS:
                raise TooManyObjects(f"draws more than {MAX_PAGE_OBJECTS} objects")
            obj = get(i)
            if not obj:
                continue
            if raw.FPDFPageObj_GetBounds(obj, *box_refs):
                tag, idx, fill, kind = "", -1, None, -1
                for m in range(raw.FPDFPageObj_CountMarks(obj)):
                    mark = raw.FPDFPageObj_GetMark(obj, m)
                    tag = _mark_name(raw, mark, names) or tag
                    if raw.FPDFPageObjMark_GetParamIntValue(mark, b"I", value_ref):
                        idx = value.value
                    if raw.FPDFPageObjMark_GetParamIntValue(mark, b"K", value_ref):
                        kind = value.value
                if tag and raw.FPDFPageObj_GetFillColor(obj, *rgba_refs):
                    fill = tuple(c.value for c in rgba)
                out.append(Drawn(tag, idx, (box[0].value, box[1].value, box[2].value, box[3].value),
                                 fill, kind))
            # an object without extent (an empty path) draws nothing, but a form may hold more
            if depth < FORM_DEPTH and raw.FPDFPageObj_GetType(obj) == form:
                walk(raw.FPDFFormObj_CountObjects(obj),
                     lambda k, o=obj: raw.FPDFFormObj_GetObject(o, k), depth + 1)

    walk(raw.FPDFPage_CountObjects(page.raw), lambda k: raw.FPDFPage_GetObject(page.raw, k), 0)
    return out


def check_page(page, frames: Sequence[Placed], number: int, safe: Frame | None = None,
               text: bool = True) -> list[Problem]:
    """Problems of a pdfium ``page`` (page ``number``, from 1) holding pieces in ``frames``.
    ``text=False`` checks only where ink is (frames, safe area), which is much cheaper.
    Raises TooMuch for a page no pnp build makes (the validator refuses such a file)."""
    printed = read_page(page, worth_reading([f for _, f in frames], safe, text), words=text)
    return page_problems(printed, frames, number, safe, text)
