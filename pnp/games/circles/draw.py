"""The board page: numbered circles of spaces joined by bars, a key, and which way is plus.

Each space is drawn inside ``marked(canvas, "PnpSpace", index)`` (index counts spaces over the
circles in order), so the validator can find every space on the page and compare it with the
data.
"""

from __future__ import annotations

import math

from pnp.paper import Frame
from . import glyphs
from .board import SHAPES, SPACE_KINDS, Board
from .layout import (INK_MARGIN, KEY, circles_area, place,
                                      ring_depth, space_width)
from pnp.i18n import N_, _
from pnp.pdf.fonts import BOLD, MIN_TEXT_PT, SANS, draw_fitted, ensure_fonts, string_width
from pnp.pdf.marks import marked

SPACE_TAG = "PnpSpace"
ARC_POINTS = 10   # points per arc of a space's outline


def space_cell(cx: float, cy: float, outer: float, inner: float, size: int, index: int):
    """Outline of space ``index`` (0 at the top, then clockwise) and its glyph centre."""
    mid = 90.0 - 360.0 * index / size
    a0, a1 = math.radians(mid + 180.0 / size), math.radians(mid - 180.0 / size)
    arc = [a0 + (a1 - a0) * k / ARC_POINTS for k in range(ARC_POINTS + 1)]
    points = [(cx + outer * math.cos(a), cy + outer * math.sin(a)) for a in arc]
    points += [(cx + inner * math.cos(a), cy + inner * math.sin(a)) for a in reversed(arc)]
    r = (outer + inner) / 2
    return points, (cx + r * math.cos(math.radians(mid)), cy + r * math.sin(math.radians(mid)))


def _direction(canvas, cx: float, cy: float, radius: float) -> None:
    """A clockwise arrow round the circle's number: + at its head, - at its tail."""
    canvas.setLineWidth(max(1.2, radius * 0.07))
    canvas.setStrokeGray(0)
    canvas.setLineCap(0)
    start, sweep = 150.0, -240.0             # from upper left, clockwise to lower left
    path = canvas.beginPath()
    steps = 24
    for k in range(steps + 1):
        a = math.radians(start + sweep * k / steps)
        (path.moveTo if k == 0 else path.lineTo)(cx + radius * math.cos(a),
                                                 cy + radius * math.sin(a))
    canvas.drawPath(path, stroke=1, fill=0)
    end = math.radians(start + sweep)
    tip = (cx + radius * math.cos(end), cy + radius * math.sin(end))
    tangent = (math.sin(end), -math.cos(end))    # clockwise direction at the end
    normal = (math.cos(end), math.sin(end))
    head = radius * 0.32
    base = (tip[0] - tangent[0] * head * 0.2, tip[1] - tangent[1] * head * 0.2)
    canvas.setFillGray(0)
    glyphs.polygon(canvas, [
        (base[0] + tangent[0] * head, base[1] + tangent[1] * head),
        (base[0] + normal[0] * head * 0.55, base[1] + normal[1] * head * 0.55),
        (base[0] - normal[0] * head * 0.55, base[1] - normal[1] * head * 0.55)], stroke=0, fill=1)
    size = radius * 0.42
    for sign, angle in (("+", start + sweep - 28), ("−", start + 22)):
        a = math.radians(angle)
        glyphs.letter(canvas, sign, cx + radius * 0.72 * math.cos(a),
                      cy + radius * 0.72 * math.sin(a), size, 0)


def _bar(canvas, p, q, radius: float) -> None:
    """A thick bar from one adjacent circle's edge to the other's, like a link in a chain."""
    d = math.dist(p, q)
    ux, uy = (q[0] - p[0]) / d, (q[1] - p[1]) / d
    width = max(4.0, radius * 0.09)
    canvas.setLineWidth(width)
    canvas.setLineCap(0)
    canvas.setStrokeGray(0)
    canvas.line(p[0] + ux * radius, p[1] + uy * radius, q[0] - ux * radius, q[1] - uy * radius)


def draw_circle(canvas, board: Board, n: int, cx: float, cy: float, radius: float,
                first_index: int) -> None:
    circle = board.circles[n]
    size = len(circle.spaces)
    depth = ring_depth(radius, size)
    inner = radius - depth
    glyph = space_width(radius, size) * 0.62
    for i, kind in enumerate(circle.spaces):
        # the start space is drawn at the top; the rest follow clockwise
        at = (i - circle.start) % size
        points, (gx, gy) = space_cell(cx, cy, radius, inner, size, at)
        with marked(canvas, SPACE_TAG, first_index + i, SPACE_KINDS.index(kind)):
            glyphs.space(canvas, kind, points, gx, gy, glyph, start=(i == circle.start))
    ensure_fonts()
    canvas.setFillGray(0)
    number = inner * 0.62
    canvas.setFont(BOLD, number)
    canvas.drawCentredString(cx, cy - number * 0.36, str(n + 1))
    _direction(canvas, cx, cy, inner * 0.72)


KEY_ENTRIES = [(s, s) for s in SHAPES] + [("black", "black"), ("white", "white"),
                                           ("neutral", "neutral"), ("start", N_("start (neutral)"))]
KEY_CELL = 22.0          # a key entry's space, points, when the page is wide enough
KEY_LABEL = 8.5          # its label's size, likewise
KEY_NOTE = 9.0           # the two lines under the key
KEY_ROWS_CELL = 12.0     # in two rows (narrow pages: large margins), smaller cells


def _key_layout(width: float) -> tuple[int, float, float]:
    """(rows, cell, label size) for a key ``width`` wide: one row as large as fits with labels
    of at least ``MIN_TEXT_PT`` + 0.5, else two rows of smaller cells."""
    def row_width(entries, cell, label):
        """Each entry's cell, 4 pt, its label, and 10 pt before the next entry."""
        return sum(cell + 4 + string_width(_(text), SANS, label) + 10 for kind, text in entries) - 10

    # cells and labels scale; the fixed gaps (14 pt an entry, less the last 10) do not
    gaps = 14 * len(KEY_ENTRIES) - 10
    scale = min(1.0, (width - gaps) / (row_width(KEY_ENTRIES, KEY_CELL, KEY_LABEL) - gaps))
    if KEY_LABEL * scale >= MIN_TEXT_PT + 0.5:
        return 1, KEY_CELL * scale, KEY_LABEL * scale
    half = (len(KEY_ENTRIES) + 1) // 2
    widest = max(row_width(KEY_ENTRIES[:half], KEY_ROWS_CELL, MIN_TEXT_PT + 0.5),
                 row_width(KEY_ENTRIES[half:], KEY_ROWS_CELL, MIN_TEXT_PT + 0.5))
    if widest > width:
        raise ValueError(f"the board's key does not fit {width / 72 * 25.4:.0f} mm")
    return 2, KEY_ROWS_CELL, MIN_TEXT_PT + 0.5


def _key(canvas, board: Board, frame: Frame) -> None:
    rows, cell, label = _key_layout(frame.width)
    per_row = -(-len(KEY_ENTRIES) // rows)
    y = frame.top
    for r in range(rows):
        entries = KEY_ENTRIES[r * per_row:(r + 1) * per_row]
        widths = [cell + 4 + string_width(_(text), SANS, label) + 10 for kind, text in entries]
        x = frame.x + (frame.width - sum(widths) + 10) / 2
        y -= cell + (3 if r else 0)
        for (kind, text), w in zip(entries, widths):
            box = [(x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell)]
            start = kind == "start"
            glyphs.space(canvas, "neutral" if start else kind, box, x + cell / 2, y + cell / 2,
                         cell * 0.7, start=start)
            canvas.setFillGray(0)
            canvas.setFont(SANS, label)
            canvas.drawString(x + cell + 4, y + cell / 2 - label * 0.35, _(text))
            x += w
    chain = "–".join(str(i + 1) for i in range(len(board.circles)))
    if board.arrangement == "ring":
        chain += "–1"
    lines = [_("Circles joined by a bar are adjacent: {chain}.").format(chain=chain),
             _("Move a marker clockwise (the arrow's way, +) for a positive total, "
               "counter-clockwise (−) for a negative one.")]
    for k, text in enumerate(lines):
        draw_fitted(canvas, text, frame.x + frame.width / 2, y - 15 - 11 * k, frame.width,
                    size=KEY_NOTE, align="center", min_size=MIN_TEXT_PT)


def draw_board(board: Board, canvas, frame: Frame) -> None:
    ensure_fonts()
    from . import TITLE     # the game's door; the package is loaded by now

    area = circles_area(frame)
    frame = frame.inset(INK_MARGIN)
    canvas.saveState()
    canvas.setFillGray(0)
    draw_fitted(canvas, _(TITLE), frame.x, frame.top - 16, frame.width * 0.6,
                font=BOLD, size=16, min_size=MIN_TEXT_PT)
    draw_fitted(canvas, _("board {ident}").format(ident=board.ident), frame.right, frame.top - 16, frame.width * 0.38,
                size=9, align="right", min_size=MIN_TEXT_PT)
    layout = place(len(board.circles), board.arrangement, area.width, area.height)
    centres = [(area.x + x, area.y + y) for x, y in layout.centres]
    for a, b in board.adjacent_pairs():
        _bar(canvas, centres[a], centres[b], layout.radius)
    first = 0
    for n, (cx, cy) in enumerate(centres):
        draw_circle(canvas, board, n, cx, cy, layout.radius, first)
        first += len(board.circles[n].spaces)
    _key(canvas, board, Frame(frame.x, frame.y, frame.width, KEY - 4))
    canvas.restoreState()
