"""What every CliqueR sheet shares: the header, the figures it prints, and the dots' letters.

Play boards (``draw``), worksheets (``worksheet``) and answer keys (``key``) all import from here
and never from each other; ``pieces`` puts them together.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .board import Board, dot_name
from .codes import CODE_LINE, encode
from .geometry import board_hull
from .ink import dot_position
from pnp.pdf.fonts import MIN_TEXT_PT
from .layout import HEADER_MM
from .rules import triangulation_size
from pnp.paper import MM, Frame
from pnp.i18n import N_, _, ngettext, number
from pnp.pdf import fonts
from pnp.i18n.message import Message


hull = board_hull       # made once for the several things a sheet prints from it


def moves_in_game(board: Board) -> int:
    """Every finished game draws exactly 3n - 3 - h lines (h = dots on the hull)."""
    return triangulation_size(len(board.dots), len(hull(board.dots)))


# the difficulty as a header says it: its band and the number it comes from, in plain words; a
# card, whose words fill it at its least size, says the band alone (the number needs its scale)
DIFFICULTY = N_("difficulty: {band} ({value} on a scale of 0 to 1)")
BAND = N_("difficulty: {band}")


def subtitle(board: Board, step: bool = True, brief: bool = False) -> str:
    """Board figures; ``step`` adds the dots inside the hull (the difficulty's step) and the
    difficulty (``brief``: its band without the number). A worksheet leaves both out: pupils of a
    class set share one step, and it would tell them how many dots are inside; its answer key
    prints it."""
    n = len(board.dots)
    parts = [_("Board {ident}").format(ident=board.ident),
             ngettext("{n} dot", "{n} dots", n).format(n=number(n))]
    if step and board.band and board.difficulty is not None:
        inside = len(board.dots) - len(hull(board.dots))
        parts.append(ngettext("{n} dot inside the hull", "{n} dots inside the hull",
                              inside).format(n=number(inside)))
        parts.append(_(BAND).format(band=_(board.band)) if brief else
                     _(DIFFICULTY).format(band=_(board.band), value=number(board.difficulty, 2)))
    return " · ".join(parts)


SUBTITLE_PT = 10
SUBTITLE_LEAST_PT = 9       # the figures are read by a child too: wrapped rather than shrunk
SUBTITLE_LINE_MM = 5


def subtitle_lines(board: Board, width: float, step: bool = True) -> list[str]:
    """The subtitle in as few lines as keep it at SUBTITLE_LEAST_PT or more in ``width``
    points, broken between its figures."""
    parts = subtitle(board, step).split(" · ")
    lines = [parts[0]]
    for part in parts[1:]:
        joined = f"{lines[-1]} · {part}"
        if fonts.string_width(joined, fonts.SANS, SUBTITLE_LEAST_PT) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


CODE_PT = 9


def code_lines(board: Board, width: float) -> list[str]:
    """The code's line ("Board code, to type into pnp: R1-..."), or where it does not fit
    ``width`` points at CODE_PT, its words on one line and the code on the next: a code is
    never cut short, nor its label shrunk below what a child reads."""
    code = encode(board.dots, board.grid)
    line = _(CODE_LINE).format(code=code)
    if fonts.string_width(line, fonts.SANS, CODE_PT) <= width:
        return [line]
    before, _code, after = _(CODE_LINE).partition("{code}")
    return [before.rstrip(), code + after]


def header_mm(board: Board, width: float, step: bool = True) -> float:
    """The header's height: HEADER_MM, and a line more for each line the subtitle or the code's
    line wraps to."""
    from .flow import INSET

    inner = width - 2 * INSET
    return _header_mm(subtitle_lines(board, inner, step), code_lines(board, inner))


def _header_mm(lines: list[str], codes: list[str]) -> float:
    """``header_mm`` of a header printing the subtitle's ``lines`` and the code's ``codes``."""
    return HEADER_MM + SUBTITLE_LINE_MM * (len(lines) - 1 + len(codes) - 1)


def draw_header(canvas, board: Board, frame: Frame, step: bool = True) -> None:
    """Title, figures and board code, top down in ``frame`` (``header_mm`` tall)."""
    from .flow import inset

    # a header frame of fixed height (above the square) too short for the wrapped figures
    # prints them on one line, shrunk as needed (the lines are made once: ``header_mm`` of
    # the frame's width wraps them in the very same inner width, width - 2 INSET)
    inner = inset(frame).width
    lines, least = subtitle_lines(board, inner, step), SUBTITLE_LEAST_PT
    codes = code_lines(board, inner)
    if frame.height < _header_mm(lines, codes) * MM - 1e-6:
        lines, least = [subtitle(board, step)], MIN_TEXT_PT
        codes = [_(CODE_LINE).format(code=encode(board.dots, board.grid))]
    frame = inset(frame)
    canvas.setFillGray(0)
    fonts.draw_fitted(canvas, board.title, frame.x, frame.top - 6.5 * MM, frame.width, fonts.BOLD, 18,
                      min_size=MIN_TEXT_PT)
    y = frame.top - 12.5 * MM
    for line in lines:
        fonts.draw_fitted(canvas, line, frame.x, y, frame.width, fonts.SANS, SUBTITLE_PT, min_size=least)
        y -= SUBTITLE_LINE_MM * MM
    for line in codes:
        fonts.draw_fitted(canvas, line, frame.x, y - 0.5 * MM, frame.width, fonts.SANS, CODE_PT,
                          min_size=MIN_TEXT_PT)
        y -= SUBTITLE_LINE_MM * MM


@dataclass(frozen=True)
class Header:
    """The header as a block of words, heading the column when the square fills the page's height
    (a value, like every block ``flow`` pours: see ``flow._settled``)."""

    board: Board
    step: bool = True
    optional = False        # not a field: no header is ever left out

    def height(self, width: float, scale: float) -> float:
        return header_mm(self.board, width, self.step) * MM

    def draw(self, canvas, x: float, top: float, width: float, scale: float) -> None:
        h = self.height(width, scale)
        draw_header(canvas, self.board, Frame(x, top - h, width, h), self.step)


def hull_segments(board: Board, points) -> list:
    where = {d: i for i, d in enumerate(board.dots)}
    ring = [where[d] for d in hull(board.dots)]
    return [(points[ring[k]], points[ring[(k + 1) % len(ring)]]) for k in range(len(ring))]


def draw_dot_labels(canvas, board: Board, square: Frame, radius: float, size, joins=(),
                    every_line: bool = True) -> None:
    """Draw the dots' letters (``dot_labels``) in ``square``: placed in the square's own
    coordinates and drawn shifted onto the page, since where the letters of a board go does not
    depend on where its square sits (and a validator's redraw finds them placed already).
    ``size`` may be several sizes, largest first: the first at which every letter finds its
    spot (a small square with close dots takes a smaller one)."""
    from .ink import draw_labels
    from .labels import Crowded

    sizes = (size,) if isinstance(size, (int, float)) else tuple(size)
    for k, pt in enumerate(sizes):
        try:
            labels = dot_labels(board, square.width, radius, pt, tuple(joins), every_line)
        except Crowded:
            if k == len(sizes) - 1:
                raise
            continue
        draw_labels(canvas, labels, at=(square.x, square.y))
        return


@lru_cache(maxsize=256)
def dot_labels(board: Board, side: float, radius: float, size: float, joins: tuple = (),
               every_line: bool = True) -> tuple:
    """The dots' letters in a square ``side`` wide with its lower left corner at (0, 0), never on
    a dot: clear of every line a game could draw when there is room (``every_line``), else of
    the hull and ``joins`` (pairs of dots the piece draws a line between)."""
    from .labels import every_segment, place

    square = Frame(0.0, 0.0, side, side)
    points = [dot_position(board, square, d) for d in board.dots]
    names = [dot_name(i) for i in range(len(points))]
    lines = [(points[a], points[b]) for a, b in joins]
    drawn = hull_segments(board, points) + lines
    tiers = ((every_segment(points) + lines,) if every_line else ()) + (drawn,)
    return tuple(place(points, names, square, radius, size, avoid=tiers))


def laid_out(board: Board, frame: Frame, blocks_of):
    """The page's layout and where its words go, or (layout or None, None) when the square or
    the words do not fit."""
    from .flow import settle
    from .layout import Unfit, page_layout

    try:
        lay = page_layout(board, frame)
    except Unfit:
        return None, None
    return lay, settle(lay.regions, blocks_of(board, lay))


def settled(board: Board, frame: Frame, blocks_of, what: str):
    """A page's layout and where its words go, made once for both the fit check and the
    drawing. A page whose square and words do not both fit is refused naming the largest side
    that does (found by trying every whole millimetre down from the frame's size, with the same
    layout and words, so the advice is true)."""
    from dataclasses import replace

    from pnp.errors import Advice

    from .layout import Unfit

    lay, words = laid_out(board, frame, blocks_of)
    if words is not None:
        return lay, words
    side = next((s for s in range(int(min(frame.width, frame.height) / MM), 0, -1)
                 if laid_out(replace(board, side_mm=float(s)), frame, blocks_of)[1] is not None), 0)
    advice = f"the largest square that fits with its words is {side} mm" if side else \
        "no square fits with its words"
    raise Unfit(f"a {what} with a {board.side_mm:g} mm square does not fit this paper "
                f"({frame.width / MM:.0f} x {frame.height / MM:.0f} mm inside the margins); {advice}: "
                "use a smaller size_mm, another page size or orientation, or smaller margins",
                Advice(("size_mm",) if side else (), ("page.size", "page.orientation", "page.margin_mm"),
                       SQUARE_TOO_LARGE if side else NO_SQUARE_FITS, (("side", side),)))


# what the page says when a page's square and words do not fit (``settled``)
SQUARE_TOO_LARGE = Message("The square and its words do not fit this paper: make {size_mm} at most "
                           "{side} mm, or change {page_size}, {page_orientation} or {page_margin_mm}.")
NO_SQUARE_FITS = Message("No square fits this paper with its words: change {page_size}, "
                         "{page_orientation} or {page_margin_mm}.")
