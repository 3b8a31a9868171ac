"""Everything cut out besides the board: markers, bead chits, blockers, goal slips.

All small tokens share one size so they pack onto the same sheets with cut lines; goal slips
are one per player, with as many goal rows as the player writes goals.
"""

from __future__ import annotations

from pnp.paper import Frame
from pnp.games.circles import glyphs
from pnp.games.circles.board import SHAPES, Board
from pnp.paper import MM
from pnp.games.circles.layout import marker_side
from pnp.pdf.fonts import BOLD, SANS, draw_fitted, ensure_fonts, fit_size

SLIP_WIDTH = 90 * MM
GOAL_ROW = 17 * MM
UNCLONED = 32.0


def token_size(board: Board) -> tuple[float, float]:
    """Markers fit the board's spaces, so a marker shows which space it is on; bead chits and
    blockers share their size and so their sheets."""
    side = marker_side(len(board.circles), board.arrangement,
                       max(len(c.spaces) for c in board.circles))
    return side, side


def _centre(frame: Frame) -> tuple[float, float, float]:
    return frame.x + frame.width / 2, frame.y + frame.height / 2, min(frame.width,
                                                                       frame.height) / 2


def draw_marker(number: int, canvas, frame: Frame) -> None:
    """A coin: a bold rim, a thin inner ring and the number of the circle it starts on."""
    cx, cy, r = _centre(frame)
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(r * 0.16)
    canvas.circle(cx, cy, r * 0.82, stroke=1, fill=0)
    canvas.setLineWidth(0.6)
    canvas.circle(cx, cy, r * 0.6, stroke=1, fill=0)
    glyphs.letter(canvas, str(number), cx, cy, r * 0.8, 0)
    canvas.restoreState()


def draw_bead(color: str, canvas, frame: Frame) -> None:
    """A bead chit: black is a solid disc marked -1, white an open disc marked +1."""
    cx, cy, r = _centre(frame)
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(1.2)
    canvas.circle(cx, cy, r * 0.8, stroke=1, fill=1 if color == "black" else 0)
    glyphs.letter(canvas, "−1" if color == "black" else "+1", cx, cy, r * 0.62,
                  1 if color == "black" else 0)
    canvas.restoreState()


def draw_blocker(canvas, frame: Frame) -> None:
    """A Lockdown blocker: a stop-sign octagon, so it is never taken for a marker or bead."""
    cx, cy, r = _centre(frame)
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(r * 0.1)
    canvas.setLineJoin(1)
    glyphs.polygon(canvas, glyphs.regular(cx, cy, r * 0.88, 8, turn=22.5))
    ensure_fonts()
    canvas.setFillGray(0)
    # as wide as the octagon's flats allow: on small tokens every tenth of a point counts.
    # fit_size, not draw_fitted: a proportional fit can overshoot by a rounding error and
    # draw_fitted would then cut the word to "BLO…"
    size = fit_size("BLOCK", BOLD, r * 0.5, r * 1.38, min_size=3)
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(cx, cy - size * 0.36, "BLOCK")
    canvas.restoreState()


def slip_size(board: Board) -> tuple[float, float]:
    # margins, title and color line, the goal rows, the shapes line, the UnCloned example
    extra = UNCLONED if board.variants.uncloned else 0.0
    return SLIP_WIDTH, 6 * MM + 26 + board.variants.goals * GOAL_ROW + 16 + extra


def _boxes(canvas, x: float, y: float, side: float, shapes=(None, None, None), gap: float = 2):
    for k, name in enumerate(shapes):
        bx = x + k * (side + gap)
        canvas.setLineWidth(0.8)
        canvas.rect(bx, y, side, side, stroke=1, fill=0)
        if name:
            glyphs.shape(canvas, name, bx + side / 2, y + side / 2, side * 0.7, width=1)
    return x + 3 * side + 2 * gap


def draw_goal_slip(board: Board, player: int, canvas, frame: Frame) -> None:
    ensure_fonts()
    inner = frame.inset(3 * MM)
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    y = inner.top - 11
    draw_fitted(canvas, "Secret goal" + ("s" if board.variants.goals > 1 else ""), inner.x, y,
                inner.width * 0.55, font=BOLD, size=11)
    draw_fitted(canvas, f"player {player} · board {board.ident}", inner.right, y,
                inner.width * 0.43, size=7, align="right")
    y -= 15
    canvas.setFont(SANS, 8.5)
    canvas.drawString(inner.x, y, "My color:")
    x = inner.x + 46
    for color in ("black", "white"):
        canvas.setLineWidth(0.8)
        canvas.rect(x, y - 1, 8, 8, stroke=1, fill=0)
        canvas.drawString(x + 11, y, color)
        x += 52
    side = GOAL_ROW - 5 * MM
    for row in range(board.variants.goals):
        y -= GOAL_ROW
        canvas.setFont(SANS, 8.5)
        canvas.drawString(inner.x, y + side / 2 - 3, f"Goal {row + 1}:")
        _boxes(canvas, inner.x + 40, y, side)
    y -= 14
    # which shapes may be written, drawn as they look on the board
    x = inner.x
    for name in SHAPES:
        glyphs.shape(canvas, name, x + 4.5, y + 3, 9, width=0.9)
        canvas.setFont(SANS, 7.5)
        canvas.drawString(x + 11, y, name)
        x += 11 + len(name) * 4.2 + 8
    if board.variants.uncloned:
        y -= 10
        canvas.setFont(BOLD, 7.5)
        canvas.drawString(inner.x, y, "UnCloned: no two identical shapes side by side.")
        y -= 20
        canvas.setFont(SANS, 7.5)
        canvas.drawString(inner.x, y + 4, "not allowed:")
        end = _boxes(canvas, inner.x + 50, y, 14, ("square", "square", "circle"))
        canvas.drawString(end + 10, y + 4, "fine:")
        _boxes(canvas, end + 30, y, 14, ("square", "circle", "square"))
    canvas.restoreState()
