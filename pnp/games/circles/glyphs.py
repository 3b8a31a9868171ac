"""How each kind of space looks, in black ink only (floats: drawing, not rules).

Shapes are outlines on plain paper; black is a solid fill; white is a thick double border with
a W; neutral is hatched; the start is a neutral space with a bold star. No two kinds differ
only by color, so a grey-scale copy of a copy still reads.
"""

from __future__ import annotations

import math

from pnp.pdf.fonts import MIN_TEXT_PT
from pnp.pdf.fonts import BOLD, ensure_fonts, unmirrored

INK = 1.3   # line width of shape outlines, points


def polygon(canvas, points, stroke=1, fill=0):
    canvas.drawPath(path_of(canvas, points), stroke=stroke, fill=fill)


def regular(cx: float, cy: float, radius: float, corners: int, turn: float = 90.0):
    """Corners of a regular polygon, one corner pointing up by default."""
    return [(cx + radius * math.cos(math.radians(turn + 360 * k / corners)),
             cy + radius * math.sin(math.radians(turn + 360 * k / corners)))
            for k in range(corners)]


def shape(canvas, name: str, cx: float, cy: float, size: float, width: float = INK) -> None:
    """Outline of a shape that fits a ``size`` x ``size`` box; sized to look equally big."""
    canvas.setLineWidth(width)
    canvas.setStrokeGray(0)
    canvas.setLineJoin(1)
    half = size / 2 - width / 2
    if name == "circle":
        canvas.circle(cx, cy, half * 0.86, stroke=1, fill=0)
    elif name == "square":
        s = half * 0.78
        canvas.rect(cx - s, cy - s, 2 * s, 2 * s, stroke=1, fill=0)
    elif name == "triangle":
        # lowered a little so the triangle's mass sits in the middle of the box
        polygon(canvas, regular(cx, cy - half * 0.2, half * 1.0, 3))
    elif name == "pentagon":
        polygon(canvas, regular(cx, cy - half * 0.04, half * 0.95, 5))
    else:
        raise ValueError(f"no shape called {name!r}")


def star(canvas, cx: float, cy: float, radius: float) -> None:
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = math.radians(90 + 36 * k)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    canvas.setFillGray(0)
    polygon(canvas, points, stroke=0, fill=1)


def hatch(canvas, outline, x0: float, y0: float, x1: float, y1: float, step: float) -> None:
    """Diagonal hatching inside ``outline`` (a path), over the box x0,y0..x1,y1 only."""
    canvas.saveState()
    canvas.clipPath(outline, stroke=0, fill=0)
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0.35)
    span = (x1 - x0) + (y1 - y0)
    lines = []
    k = step / 2
    while k < span:
        # a 45-degree line x + y = x0 + y0 + k, cut to the box
        ax, ay = x0 + max(0.0, k - (y1 - y0)), y0 + min(k, y1 - y0)
        bx, by = x0 + min(k, x1 - x0), y0 + max(0.0, k - (x1 - x0))
        lines.append((ax, ay, bx, by))
        k += step
    canvas.lines(lines)
    canvas.restoreState()


def letter(canvas, text: str, cx: float, cy: float, size: float, gray: float) -> None:
    ensure_fonts()
    canvas.setFillGray(gray)
    canvas.setFont(BOLD, size)
    with unmirrored():          # a token's "−1" reads the same on every page
        canvas.drawCentredString(cx, cy - size * 0.36, text)


def path_of(canvas, points):
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    return path


def shrink(points, cx: float, cy: float, factor: float):
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in points]


def space(canvas, kind: str, outline_points, cx: float, cy: float, size: float,
          start: bool = False) -> None:
    """One space: ``outline_points`` is its cell, (cx, cy) and ``size`` the box for its glyph."""
    xs = [p[0] for p in outline_points]
    ys = [p[1] for p in outline_points]
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    if kind == "black":
        # a solid tile inside the cell's outline: two black spaces side by side stay two
        canvas.drawPath(path_of(canvas, shrink(outline_points, cx, cy, 0.86)), stroke=0, fill=1)
        letter(canvas, "B", cx, cy, max(MIN_TEXT_PT, size * 0.5), 1)
    if kind == "neutral":
        hatch(canvas, path_of(canvas, outline_points), min(xs), min(ys), max(xs), max(ys),
              max(2.5, size / 7))
    if kind in ("circle", "triangle", "square", "pentagon"):
        shape(canvas, kind, cx, cy, size)
    elif kind == "white":
        # a bold frame just inside the cell and a W: never mistaken for a shape or a blank
        canvas.setLineWidth(max(1.6, size * 0.12))
        canvas.drawPath(path_of(canvas, shrink(outline_points, cx, cy, 0.72)), stroke=1, fill=0)
        letter(canvas, "W", cx, cy, max(MIN_TEXT_PT, size * 0.5), 0)
    elif kind == "neutral" and start:
        canvas.setFillGray(1)
        canvas.setStrokeGray(1)
        canvas.circle(cx, cy, size * 0.5, stroke=0, fill=1)
        star(canvas, cx, cy, size * 0.48)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(2.2 if start else 0.8)
    canvas.drawPath(path_of(canvas, outline_points), stroke=1, fill=0)
