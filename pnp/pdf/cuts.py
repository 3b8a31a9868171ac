"""Cut lines for a sheet of pieces: every piece's edges dashed, crop marks for the long cuts.

Pieces abut, so one cut separates two of them. Every edge of every piece is drawn as a thin
dashed line, merged where pieces share an edge; a dashed line survives any cut, so after the
first cuts the smaller strips still show where to cut next. A cut that runs right across the
sheet without entering any piece (a through cut) also gets crop marks in the margin at both
ends, which survive the first cut across them; a cut that stops at a piece gets none, since a
mark in the margin would invite a trimmer to cut through that piece.
"""

from __future__ import annotations

from pnp.paper import MM, Frame

CROP_MARK_MM = 4
MIN_CROP_MARK_MM = 1.5      # shorter than this a mark is a speck: left out
CUT_WIDTH = 0.4
CUT_GRAY = 0.55
CUT_DASH = (3, 2)
GAP = 1.5                   # points between a crop mark and the piece it points at
EPS = 1e-3


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[list[float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + EPS:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def edges(frames: list[Frame]) -> tuple[dict[float, list], dict[float, list]]:
    """Horizontal lines {y: [(x0, x1), ...]} and vertical lines {x: [(y0, y1), ...]}, merged."""
    horizontal: dict[float, list] = {}
    vertical: dict[float, list] = {}
    for f in frames:
        for y in (f.y, f.top):
            horizontal.setdefault(_key(y), []).append((f.x, f.right))
        for x in (f.x, f.right):
            vertical.setdefault(_key(x), []).append((f.y, f.top))
    return ({y: _merged(s) for y, s in sorted(horizontal.items())},
            {x: _merged(s) for x, s in sorted(vertical.items())})


def through_cuts(frames: list[Frame]) -> tuple[list[float], list[float]]:
    """The ys and xs of edges that cross the whole sheet without entering any piece."""
    h, v = edges(frames)
    ys = [y for y in h if not any(f.y + EPS < y < f.top - EPS for f in frames)]
    xs = [x for x in v if not any(f.x + EPS < x < f.right - EPS for f in frames)]
    return ys, xs


def _key(v: float) -> float:
    return round(v, 4)


def draw_cuts(canvas, frames: list[Frame], limit: Frame) -> None:
    """Dashed edges of ``frames`` and crop marks reaching no further out than ``limit``."""
    if not frames:
        return
    c = canvas
    c.saveState()
    c.setLineWidth(CUT_WIDTH)
    c.setStrokeGray(CUT_GRAY)
    c.setDash(*CUT_DASH)
    horizontal, vertical = edges(frames)
    for y, spans in horizontal.items():
        for a, b in spans:
            c.line(a, y, b, y)
    for x, spans in vertical.items():
        for a, b in spans:
            c.line(x, a, x, b)
    c.setDash()
    c.setStrokeGray(0)
    left, right = min(f.x for f in frames), max(f.right for f in frames)
    bottom, top = min(f.y for f in frames), max(f.top for f in frames)
    reach, least = CROP_MARK_MM * MM, MIN_CROP_MARK_MM * MM
    ys, xs = through_cuts(frames)
    for x in xs:
        _mark(c, (x, top + GAP), (0, 1), min(top + reach, limit.top) - top - GAP, least)
        _mark(c, (x, bottom - GAP), (0, -1), bottom - GAP - max(bottom - reach, limit.y), least)
    for y in ys:
        _mark(c, (left - GAP, y), (-1, 0), left - GAP - max(left - reach, limit.x), least)
        _mark(c, (right + GAP, y), (1, 0), min(right + reach, limit.right) - right - GAP, least)
    c.restoreState()


def _mark(c, start, outward, length, least) -> None:
    """A crop mark from ``start`` going ``outward``, if there is room for a visible one."""
    if length >= least:
        c.line(start[0], start[1], start[0] + outward[0] * length, start[1] + outward[1] * length)
