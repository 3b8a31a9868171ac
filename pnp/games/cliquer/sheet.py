"""What every CliqueR sheet shares: the header, the figures it prints, and the dots' letters.

Play boards (``draw``), worksheets (``worksheet``) and answer keys (``key``) all import from here
and never from each other; ``pieces`` puts them together.
"""

from __future__ import annotations

from pnp.games.cliquer.board import Board, dot_name
from pnp.games.cliquer.codes import encode
from pnp.games.cliquer.geometry import convex_hull
from pnp.games.cliquer.ink import MIN_TEXT_PT, dot_position
from pnp.games.cliquer.layout import HEADER_MM
from pnp.games.cliquer.rules import triangulation_size
from pnp.paper import MM, Frame
from pnp.pdf import fonts


def moves_in_game(board: Board) -> int:
    """Every finished game draws exactly 3n - 3 - h lines (h = dots on the hull)."""
    return triangulation_size(len(board.dots), len(convex_hull(board.dots)))


def subtitle(board: Board, step: bool = True) -> str:
    """Board figures; ``step`` adds the difficulty step (the number of dots inside the hull),
    which a worksheet leaves out because a question asks for it."""
    parts = [f"Board {board.ident}", f"{len(board.dots)} dots"]
    if board.band and board.difficulty is not None:
        parts.append(f"{board.band} {board.difficulty:.2f}")
        if step:
            inside = len(board.dots) - len(convex_hull(board.dots))
            parts.append(f"step: {inside} dot{'s' if inside != 1 else ''} inside the hull")
    return " · ".join(parts)


def draw_header(canvas, board: Board, frame: Frame, step: bool = True) -> None:
    """Title, figures and board code, top down in ``frame`` (``HEADER_MM`` tall)."""
    canvas.setFillGray(0)
    fonts.draw_fitted(canvas, board.title, frame.x, frame.top - 7 * MM, frame.width, fonts.BOLD, 18,
                      min_size=MIN_TEXT_PT)
    fonts.draw_fitted(canvas, subtitle(board, step), frame.x, frame.top - 13 * MM, frame.width,
                      fonts.SANS, 10, min_size=MIN_TEXT_PT)
    fonts.draw_fitted(canvas, f"Code {encode(board.dots, board.grid)}", frame.x, frame.top - 18.5 * MM,
                      frame.width, fonts.SANS, 9, min_size=MIN_TEXT_PT)


class Header:
    """The header as a block of words, heading the column when the square fills the page's height."""

    optional = False

    def __init__(self, board: Board, step: bool = True):
        self.board, self.step = board, step

    def height(self, width: float, scale: float) -> float:
        return HEADER_MM * MM

    def draw(self, canvas, x: float, top: float, width: float, scale: float) -> None:
        draw_header(canvas, self.board, Frame(x, top - HEADER_MM * MM, width, HEADER_MM * MM), self.step)


def hull_segments(board: Board, points) -> list:
    where = {d: i for i, d in enumerate(board.dots)}
    ring = [where[d] for d in convex_hull(board.dots)]
    return [(points[ring[k]], points[ring[(k + 1) % len(ring)]]) for k in range(len(ring))]


def dot_labels(board: Board, square: Frame, radius: float, size: float, lines=(), every_line: bool = True):
    """The dots' letters, never on a dot: clear of every line a game could draw when there is
    room (``every_line``), else of the hull and ``lines`` (whatever else the piece draws)."""
    from pnp.games.cliquer.labels import every_segment, place

    points = [dot_position(board, square, d) for d in board.dots]
    names = [dot_name(i) for i in range(len(points))]
    drawn = hull_segments(board, points) + list(lines)
    tiers = ((every_segment(points) + list(lines),) if every_line else ()) + (drawn,)
    return place(points, names, square, radius, size, avoid=tiers)
