"""Worksheet questions computed for one board, and the answer key a teacher keeps back.

Each question is a piece of graph theory the game rests on: every finished game has exactly
3n - 3 - h lines (a maximal planar drawing), the hull is what bounds it, and a 4-clique can
only be drawn around a triangle with exactly one dot inside it.
"""

from __future__ import annotations

from itertools import combinations

from pnp.paper import MM, Frame
from pnp.games.cliquer.board import Board, dot_name
from pnp.games.cliquer.geometry import convex_hull, in_triangle
from pnp.games.cliquer.rules import triangulation_size
from pnp.pdf import fonts
from pnp.pdf.marks import marked

KEY_SIDE_MM = 110


def hull_dots(board: Board) -> list[int]:
    """Indices of the dots on the hull, counter-clockwise from the lowest-leftmost."""
    where = {d: i for i, d in enumerate(board.dots)}
    return [where[d] for d in convex_hull(board.dots)]


def clique_triangles(board: Board) -> list[tuple[int, int, int, int]]:
    """(a, b, c, inside): triangles with exactly one dot inside, where a 4-clique can be drawn."""
    out = []
    dots = board.dots
    for a, b, c in combinations(range(len(dots)), 3):
        inside = [i for i in range(len(dots)) if i not in (a, b, c)
                  and in_triangle(dots[i], dots[a], dots[b], dots[c])]
        if len(inside) == 1:
            out.append((a, b, c, inside[0]))
    return out


def _names(indices) -> str:
    return ", ".join(dot_name(i) for i in indices)


def questions(board: Board) -> list[tuple[str, str]]:
    n, hull = len(board.dots), hull_dots(board)
    h = len(hull)
    triangles = clique_triangles(board)
    if triangles:
        a, b, c, d = triangles[0]
        tri_answer = (f"{_names((a, b, c))} with {dot_name(d)} inside ({len(triangles)} such "
                      f"triangle{'s' if len(triangles) != 1 else ''} in all)")
    else:
        tri_answer = "none: every triangle holds zero or several dots, so no 4-clique is possible"
    return [
        ("Which dots are on the hull (the rubber band stretched around all the dots)?",
         f"{_names(sorted(hull))} ({h} dots)"),
        ("How many dots are inside the hull?", f"{n - h}"),
        ("Every finished game draws the same number of lines: 3 × dots − 3 − hull dots. "
         "How many is that here?", f"3 × {n} − 3 − {h} = {triangulation_size(n, h)}"),
        ("Find three dots whose triangle has exactly one dot inside: the only place a 4-clique "
         "(worth 12 points in one move) can be drawn.", tri_answer),
    ]


def draw_questions(board: Board, canvas, box: Frame) -> float:
    """Numbered questions with answer lines; returns the height used."""
    y = box.top - 4 * MM
    canvas.setFont(fonts.BOLD, 10)
    canvas.drawString(box.x, y, "Questions")
    y -= 5 * MM
    for k, (question, _) in enumerate(questions(board), 1):
        for line in fonts.wrap(f"{k}. {question}", fonts.SANS, 9, box.width):
            canvas.setFont(fonts.SANS, 9)
            canvas.drawString(box.x, y, line)
            y -= 11
        canvas.setLineWidth(0.4)
        canvas.setStrokeGray(0.5)
        canvas.line(box.x + 4 * MM, y - 2, box.right, y - 2)
        y -= 7 * MM
    return box.top - y


def key_square(board: Board, frame: Frame) -> Frame:
    side = min(KEY_SIDE_MM * MM, frame.width, frame.height * 0.55)
    return Frame(frame.x + (frame.width - side) / 2, frame.top - 16 * MM - side, side, side)


def draw_key(board: Board, canvas, frame: Frame) -> None:
    """The answer key: the board small, hull and one 4-clique triangle drawn in, the answers."""
    from pnp.games.cliquer.draw import dot_position, dot_radius

    fonts.ensure_fonts()
    fonts.draw_fitted(canvas, f"Answer key · board {board.ident}", frame.x, frame.top - 8 * MM,
                      frame.width, fonts.BOLD, 16)
    square = key_square(board, frame)
    at = [dot_position(board, square, d) for d in board.dots]
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(0.5)
    canvas.rect(square.x, square.y, square.width, square.height)
    hull = hull_dots(board)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(1.2)
    canvas.setDash(4, 2)
    path = canvas.beginPath()
    path.moveTo(*at[hull[0]])
    for i in hull[1:]:
        path.lineTo(*at[i])
    path.close()
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setDash()
    triangles = clique_triangles(board)
    if triangles:
        a, b, c, _ = triangles[0]
        canvas.setFillGray(0.85)
        tri = canvas.beginPath()
        tri.moveTo(*at[a])
        tri.lineTo(*at[b])
        tri.lineTo(*at[c])
        tri.close()
        canvas.drawPath(tri, stroke=0, fill=1)
    canvas.setFillGray(0)
    for i, (x, y) in enumerate(at):
        with marked(canvas, "PnpDot", i):
            canvas.circle(x, y, dot_radius("answer-key", board), stroke=0, fill=1)
        canvas.setFont(fonts.BOLD, 9)
        canvas.drawString(x + 2 * MM, y + 1.5 * MM, dot_name(i))
    y = square.y - 8 * MM
    for k, (question, answer) in enumerate(questions(board), 1):
        for line in fonts.wrap(f"{k}. {question}", fonts.SANS, 9, frame.width):
            canvas.setFont(fonts.SANS, 9)
            canvas.drawString(frame.x, y, line)
            y -= 11
        for line in fonts.wrap(f"Answer: {answer}", fonts.BOLD, 10, frame.width - 4 * MM):
            canvas.setFont(fonts.BOLD, 10)
            canvas.drawString(frame.x + 4 * MM, y, line)
            y -= 12
        y -= 3 * MM
