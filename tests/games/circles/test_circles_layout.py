"""Thinking in Circles on paper, read back from the PDF: over every option and paper, no text
under 6 pt, every piece's ink inside its frame, nothing overlapping (text with text, text with
strokes, text on a fill it does not stand out from), and the set's pieces sized to share a sheet.

The ink is read back with pdfium (what a printer gets), and compared with shapely: strokes as
their outlines buffered by half their line width, cut to their clip path; fills as polygons;
text as the tight box of each glyph.
"""

from __future__ import annotations

import ctypes
import io
import random
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas
import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString, Polygon, box
from shapely.ops import unary_union

from pnp.games import circles
from pnp.games.circles.board import Variants
from pnp.pdf.fonts import MIN_TEXT_PT
from pnp.pdf.page import PAPER_PT, geometry
from pnp.paper import Frame

EVERY = Variants(lockdown=True, spin_cycle=3, uncloned=True, wild_cards=True)
TOUCH = 0.15        # pt: glyph boxes are shrunk by this much before testing for overlap
BEZIER_STEPS = 8


# ---- reading the ink back -------------------------------------------------------------------

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

def pack(sizes, width: float, height: float) -> bool:
    """Whether rectangles of ``sizes``, in the order given, go on one sheet by the imposer's own
    packer."""
    from pnp.pdf.pack import Sheet

    sheet = Sheet(width, height)
    return all(sheet.place(w, h) is not None for w, h in sizes)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", [dict(), dict(circles=8, spaces=15), dict(circles=3, spaces=13),
                                     dict(arrangement="ring", circles=8, spaces=17)],
                         ids=lambda o: "-".join(map(str, o.values())) or "default")
def test_card_slips_and_tokens_share_one_sheet_on_every_paper(players, options):
    # in the order pieces() gives them: the card, the slips beside it, the tokens below
    for variants in VARIANTS:
        b = make(players, variants, **options)
        sizes = [p.size for p in circles.pieces(b)[1:]]
        for paper in PAPERS:
            content = geometry(*paper, 10).content
            assert pack(sizes, content.width, content.height), (variants.names(), paper)


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
