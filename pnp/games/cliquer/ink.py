"""How large CliqueR prints its dots and letters, and where a dot lands on the page.

The sizes are defined here once: the spec's smallest ``spacing_mm`` is derived from the printed
dot (so two dots can never touch), the validator reads dots back against ``dot_radius``, and the
drawings take their sizes from here.
"""

from __future__ import annotations

from pnp.paper import MM, Frame

DOT_RADIUS_MM = 1.8          # big enough to find with a pencil tip
CARD_DOT_SCALE = 0.85        # half and quarter boards print slightly smaller dots
KEY_DOT_RADIUS_MM = 1.2      # answer keys: never larger than this, and scaled with the key
PENCIL_GAP_MM = 1.4          # room for a pencil tip between two printed dots
# two dot centres closer than a dot across plus a pencil gap would print dots (nearly) touching
MIN_SPACING_MM = 2 * DOT_RADIUS_MM + PENCIL_GAP_MM
# a line drawn through two dots passes a third dot's centre at least the clearance away: below a
# dot's radius plus half a pencil gap, the pencil line would run over (or graze) the third dot,
# and nobody could tell whether it passes through it
MIN_CLEARANCE_MM = DOT_RADIUS_MM + PENCIL_GAP_MM / 2


def dot_position(board, square: Frame, dot) -> tuple[float, float]:
    """The page point (pt) of a lattice dot in the printed square."""
    scale = square.width / board.grid
    return square.x + dot[0] * scale, square.y + dot[1] * scale


def dot_radius(piece: str, board) -> float:
    """Printed radius of a dot in points on ``piece`` ("board" or "answer-key")."""
    if piece == "answer-key":
        from .layout import KEY_SIDE_MM

        # scaled with the key's square, so dots keep their gap there too
        return min(KEY_DOT_RADIUS_MM, DOT_RADIUS_MM * KEY_SIDE_MM / board.side_mm) * MM
    return DOT_RADIUS_MM * MM * (1 if board.size == "page" or board.worksheet else CARD_DOT_SCALE)


def draw_square(canvas, square: Frame) -> None:
    canvas.saveState()
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(0.6)
    canvas.rect(square.x, square.y, square.width, square.height, stroke=1, fill=0)
    canvas.restoreState()


def triangle_path(canvas, corners):
    """A closed path through three page points, to fill (the key's and the teacher's page's
    shaded triangle)."""
    path = canvas.beginPath()
    path.moveTo(*corners[0])
    path.lineTo(*corners[1])
    path.lineTo(*corners[2])
    path.close()
    return path


def draw_dots(canvas, board, square: Frame, radius: float) -> None:
    """Every dot solid black, each tagged so the validator can find it (PnpDot, its index)."""
    from pnp.pdf.marks import END, begin

    canvas.saveState()
    canvas.setFillGray(0)
    # dot_position's sums, with its scale taken once a board
    scale, x, y = square.width / board.grid, square.x, square.y
    centres = [(x + dx * scale, y + dy * scale) for dx, dy in board.dots]
    marked_dots = getattr(canvas, "marked_dots", None)
    if marked_dots is not None:         # pnp's canvas: the dots in one call
        marked_dots("PnpDot", centres, radius)
    else:
        for i, (cx, cy) in enumerate(centres):
            canvas.addLiteral(begin("PnpDot", i))
            canvas.circle(cx, cy, radius, stroke=0, fill=1)
            canvas.addLiteral(END)
    canvas.restoreState()


def draw_labels(canvas, labels, gray: float = 0, at: tuple[float, float] = (0.0, 0.0)) -> None:
    """Dot letters where ``labels.place`` put them, moved by ``at`` (the lower left corner of
    the square they were placed in, when placed in the square's own coordinates)."""
    from pnp.pdf import fonts

    x, y = at
    canvas.saveState()
    canvas.setFillGray(gray)
    for label in labels:
        canvas.setFont(fonts.BOLD, label.size)
        canvas.drawString(label.origin[0] + x, label.origin[1] + y, label.text)
    canvas.restoreState()
