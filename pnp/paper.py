"""Page geometry that games and the PDF writer share: millimetres, frames and printed pieces.

It sits below both ``pnp.games`` and ``pnp.pdf``: a game says what it prints and how large, the
PDF side decides where on which sheet, and neither imports the other for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

MM = 72 / 25.4             # PDF points in a millimetre


@dataclass(frozen=True)
class Frame:
    """A rectangle on the page in PDF points (origin bottom-left), where a piece is drawn."""

    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width

    def inset(self, d: float) -> "Frame":
        return Frame(self.x + d, self.y + d, self.width - 2 * d, self.height - 2 * d)

    def as_list(self) -> list[float]:
        return [round(self.x, 4), round(self.y, 4), round(self.width, 4), round(self.height, 4)]


@dataclass(frozen=True)
class Piece:
    """Something printed: a whole page (size None) or a fixed-size card/token/board to impose n-up.

    ``draw(canvas, frame)`` draws it inside frame, never outside. Sized pieces of any sizes
    share sheets, in the order they come, with cut lines round each (``pnp.pdf.impose``);
    ``group`` names the kind of piece (``bench/paper.py`` counts sheets by it). Pieces
    ``at_end`` (answer keys) are held back and printed after everything else, so a teacher can
    keep them apart. A piece with an ``outline`` gets a bookmark in the PDF's outline: a title,
    or a path of titles outermost first (``("Answer keys", "Key KXUN-07")``), where a heading
    shared with the piece before is not repeated. A ``fill`` piece draws into any frame at least
    its size: a sheet holding only fill pieces of one size gives them the whole content area,
    rows and columns as many as fit at that size (a quarter card grows to its paper). A piece
    ``once`` prints with the first board of its item only, however many boards the item has (a
    class set's one teacher's page).
    """

    name: str
    draw: Callable[[Any, Frame], None]
    size: tuple[float, float] | None = None
    group: str = ""
    at_end: bool = False
    outline: str | tuple[str, ...] = ()
    fill: bool = False
    once: bool = False
