"""What every game room shares: spec options, problems found by checks, frames and pieces.

A game is a module (or package) in ``pnp.games`` that provides the doors listed in
``pnp/games/__init__.py``. Nothing here knows any game's rules.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable


def option(default: Any = dataclasses.MISSING, *, min: float | None = None, max: float | None = None,
           help: str = "", parse: Callable[[Any], Any] | None = None,
           schema: dict | None = None, default_factory: Any = dataclasses.MISSING,
           example: Any = None) -> Any:
    """A spec option of an Item dataclass.

    The spec loader reads the field's type annotation (int, float, bool, str, Literal[...],
    list[str], X | None, nested dataclass) and these bounds; ``parse`` handles anything richer:
    it receives the plain YAML value and returns the field value or raises ValueError with a
    message for the user. ``schema`` is the JSON Schema for such a field. ``example`` is shown
    by ``pnp new`` for an option that has no default.
    """
    meta = {"min": min, "max": max, "help": help, "parse": parse, "schema": schema, "example": example}
    if default_factory is not dataclasses.MISSING:
        return field(default_factory=default_factory, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Problem:
    """One broken invariant, said so a person can find it on the printed page."""

    code: str      # stable machine name, e.g. "collinear", "clearance", "drawn-dot-missing"
    message: str   # one line for a person: what failed and where

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


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

    ``draw(canvas, frame)`` draws it inside frame, never outside. Pieces of the same ``size``
    and ``group`` are imposed together on shared sheets with cut lines. Pieces ``at_end`` (answer
    keys) are held back and printed after everything else, so a teacher can keep them apart.
    """

    name: str
    draw: Callable[[Any, Frame], None]
    size: tuple[float, float] | None = None
    group: str = ""
    at_end: bool = False
