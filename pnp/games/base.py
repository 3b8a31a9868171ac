"""What every game room shares: spec options and the problems its checks find.

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
