"""The ink of a PDF page as a printer gets it, read back with pdfium and compared with shapely:
strokes as their outlines buffered by half their line width, cut to their clip path; fills as
polygons; text as the tight box of each glyph. ``faults`` lists every broken rule of print
fidelity (text under the smallest size, ink outside its frame, text over text, lines or fills it
does not stand out from)."""

from __future__ import annotations

import ctypes
import io
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import shapely
from reportlab.pdfgen.canvas import Canvas
from shapely import STRtree
from shapely.geometry import LineString, Polygon, box
from shapely.ops import unary_union

from pnp.paper import Frame
from pnp.pdf.fonts import MIN_TEXT_PT

TOUCH = 0.15        # pt: glyph boxes are shrunk by this much before testing for overlap
BEZIER_STEPS = 8


@dataclass
class Glyph:
    char: str
    size: float
    box: tuple[float, float, float, float]     # left, bottom, right, top
    gray: float
    run: int                                   # which text object it belongs to


@dataclass
class Shape:
    geometry: object                           # shapely geometry of the ink
    gray: float


@dataclass
class Ink:
    glyphs: list[Glyph]
    strokes: list[Shape]
    fills: list[Shape]


def _gray(rgba) -> float:
    return sum(c.value for c in rgba[:3]) / 3 / 255


def _color(getter, *args) -> float:
    rgba = [ctypes.c_uint() for _ in range(4)]
    getter(*args, *map(ctypes.byref, rgba))
    return _gray(rgba)


def _point(segment) -> tuple[float, float]:
    x, y = ctypes.c_float(), ctypes.c_float()
    raw.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
    return x.value, y.value


def _subpaths(count: int, segment_at, matrix) -> list[tuple[list, bool]]:
    """Polylines (Béziers flattened) of a path, each with whether it is closed."""
    a, b, c, d, e, f = matrix
    out, points, closed = [], [], False
    k = 0
    while k < count:
        seg = segment_at(k)
        kind = raw.FPDFPathSegment_GetType(seg)
        if kind == raw.FPDF_SEGMENT_MOVETO:
            if len(points) > 1:
                out.append((points, closed))
            points, closed = [_point(seg)], False
        elif kind == raw.FPDF_SEGMENT_BEZIERTO:
            c1, c2, end = _point(seg), _point(segment_at(k + 1)), _point(segment_at(k + 2))
            p0 = points[-1]
            for s in range(1, BEZIER_STEPS + 1):
                t = s / BEZIER_STEPS
                u = 1 - t
                points.append(tuple(u ** 3 * p0[i] + 3 * u * u * t * c1[i] + 3 * u * t * t * c2[i]
                                    + t ** 3 * end[i] for i in (0, 1)))
            seg = segment_at(k + 2)
            k += 2
        else:
            points.append(_point(seg))
        closed = closed or bool(raw.FPDFPathSegment_GetClose(seg))
        k += 1
    if len(points) > 1:
        out.append((points, closed))
    return [([(a * x + c * y + e, b * x + d * y + f) for x, y in pts], shut) for pts, shut in out]


def _clip(obj):
    clip = raw.FPDFPageObj_GetClipPath(obj.raw)
    if not clip or raw.FPDFClipPath_CountPaths(clip) < 1:
        return None
    areas = []
    for p in range(raw.FPDFClipPath_CountPaths(clip)):
        n = raw.FPDFClipPath_CountPathSegments(clip, p)
        for points, _ in _subpaths(n, lambda k, p=p: raw.FPDFClipPath_GetPathSegment(clip, p, k),
                                   (1, 0, 0, 1, 0, 0)):
            if len(points) > 2:
                areas.append(Polygon(points).buffer(0))
    return unary_union(areas) if areas else None


def ink_of(page) -> Ink:
    glyphs = []
    text = page.get_textpage()
    runs: dict[int, int] = {}
    for i in range(raw.FPDFText_CountChars(text.raw)):
        obj = ctypes.cast(raw.FPDFText_GetTextObject(text.raw, i), ctypes.c_void_p).value
        char = chr(raw.FPDFText_GetUnicode(text.raw, i))
        if obj is None or char.isspace():
            continue
        edges = [ctypes.c_double() for _ in range(4)]
        raw.FPDFText_GetCharBox(text.raw, i, *map(ctypes.byref, edges))
        left, right, bottom, top = (e.value for e in edges)
        glyphs.append(Glyph(char, raw.FPDFText_GetFontSize(text.raw, i), (left, bottom, right, top),
                            _color(raw.FPDFText_GetFillColor, text.raw, i),
                            runs.setdefault(obj, len(runs))))
    strokes, fills = [], []
    for obj in page.get_objects(max_depth=8):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        m = raw.FS_MATRIX()
        raw.FPDFPageObj_GetMatrix(obj.raw, ctypes.byref(m))
        n = raw.FPDFPath_CountSegments(obj.raw)
        paths = _subpaths(n, lambda k: raw.FPDFPath_GetPathSegment(obj.raw, k),
                          (m.a, m.b, m.c, m.d, m.e, m.f))
        if not paths:
            continue
        mode, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(mode), ctypes.byref(stroke))
        clip = _clip(obj)
        # one shape per subpath, never a union: faster, and overlap tests need no more
        if stroke.value:
            width = ctypes.c_float()
            raw.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
            gray = _color(raw.FPDFPageObj_GetStrokeColor, obj.raw)
            for pts, shut in paths:
                geom = LineString(pts + ([pts[0]] if shut else [])).buffer(
                    max(width.value, 0.1) / 2, quad_segs=4)
                geom = geom.intersection(clip) if clip is not None else geom
                if not geom.is_empty:
                    strokes.append(Shape(geom, gray))
        if mode.value:
            gray = _color(raw.FPDFPageObj_GetFillColor, obj.raw)
            for pts, _ in paths:
                if len(pts) > 2:
                    geom = Polygon(pts).buffer(0)
                    geom = geom.intersection(clip) if clip is not None else geom
                    if not geom.is_empty:
                        fills.append(Shape(geom, gray))
    return Ink(glyphs, strokes, fills)


def rendered(piece, frame: Frame, page_size) -> Ink:
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=page_size, invariant=1)
    piece.draw(canvas, frame)
    canvas.showPage()
    canvas.save()
    return ink_of(pdfium.PdfDocument(buf.getvalue())[0])


# ---- what is wrong with some ink ------------------------------------------------------------

def faults(ink: Ink, frame: Frame) -> list[str]:
    """Every broken rule of print fidelity in ``ink``, drawn for ``frame``."""
    out = []
    inside = box(frame.x, frame.y, frame.right, frame.top)
    for g in ink.glyphs:
        if g.size < MIN_TEXT_PT - 1e-6:
            out.append(f"{g.char!r} printed at {g.size:.2f} pt")
        if not inside.contains(box(*g.box)):
            out.append(f"{g.char!r} at {g.box} outside the frame")
    for s in ink.strokes + ink.fills:
        left, bottom, right, top = s.geometry.bounds
        if left < frame.x - 0.01 or bottom < frame.y - 0.01 or right > frame.right + 0.01 \
                or top > frame.top + 0.01:
            out.append(f"ink at {s.geometry.bounds} outside the frame")
    if not ink.glyphs:
        return out
    edges = np.array([g.box for g in ink.glyphs])
    shrunk = shapely.box(edges[:, 0] + TOUCH, edges[:, 1] + TOUCH, edges[:, 2] - TOUCH,
                         edges[:, 3] - TOUCH)
    for i, j in STRtree(shrunk).query(shrunk, predicate="intersects").T:
        g, h = ink.glyphs[i], ink.glyphs[j]
        if i < j and g.run != h.run:
            out.append(f"text {g.char!r} overlaps text {h.char!r} at {g.box}")
    for i, j in STRtree([s.geometry for s in ink.strokes]).query(shrunk, predicate="intersects").T:
        out.append(f"text {ink.glyphs[i].char!r} at {ink.glyphs[i].box} touches a line at "
                   f"{ink.strokes[j].geometry.bounds}")
    for i, j in STRtree([s.geometry for s in ink.fills]).query(shrunk, predicate="intersects").T:
        g, s = ink.glyphs[i], ink.fills[j]
        if abs(s.gray - g.gray) < 0.5 or not s.geometry.contains(shrunk[i]):
            out.append(f"text {g.char!r} at {g.box} is on a fill it does not stand out from "
                       f"at {s.geometry.bounds}")
    return out


def colours(pdf: bytes) -> set[tuple[int, int, int]]:
    """Every fill and stroke colour used on any page, as (r, g, b)."""
    found = set()
    for page in pdfium.PdfDocument(pdf):
        for obj in page.get_objects(max_depth=8):
            for get in (raw.FPDFPageObj_GetFillColor, raw.FPDFPageObj_GetStrokeColor):
                rgba = [ctypes.c_uint() for _ in range(4)]
                if get(obj.raw, *map(ctypes.byref, rgba)):
                    found.add(tuple(c.value for c in rgba[:3]))
    return found
