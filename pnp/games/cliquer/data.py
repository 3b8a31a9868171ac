"""Board <-> the JSON attached to the PDF: an exact round trip, and nothing trusted on the way in."""

from __future__ import annotations

from typing import Any

from pnp.games.base import Fields, whole
from . import codes
from .board import Board

KEYS = ("dots", "grid", "side_mm", "clearance_mm", "spacing_mm", "margin_mm", "ident", "title",
        "difficulty", "band", "worksheet", "size", "labels", "code")
SIZES = ("page", "half", "quarter")


def to_data(board: Board) -> dict:
    return {
        "dots": [list(d) for d in board.dots], "grid": board.grid, "side_mm": board.side_mm,
        "clearance_mm": board.clearance_mm, "spacing_mm": board.spacing_mm,
        "margin_mm": board.margin_mm, "ident": board.ident,
        "title": board.title, "difficulty": board.difficulty, "band": board.band,
        "worksheet": board.worksheet, "size": board.size, "labels": board.labels,
        "code": codes.encode(board.dots, board.grid),
    }


def from_data(data: Any) -> Board:
    """The board the data describes; ValueError for anything malformed. A well-formed board
    that breaks a rule loads, so ``check`` can say what is wrong with it."""
    f = Fields(data, "cliquer board", KEYS)
    raw = f.list("dots", codes.MAX_DOTS)
    dots = []
    for i, d in enumerate(raw):
        if not isinstance(d, list) or len(d) != 2:
            raise ValueError(f"cliquer board.dots[{i}] must be a pair of whole numbers")
        dots.append((whole(d[0], f"cliquer board.dots[{i}][0]"), whole(d[1], f"cliquer board.dots[{i}][1]")))
    difficulty = None if f.data["difficulty"] is None else f.number("difficulty")
    band = None if f.data["band"] is None else f.text("band")
    board = Board(dots=tuple(dots), grid=f.int("grid", 1, codes.MAX_GRID), side_mm=f.number("side_mm"),
                  clearance_mm=f.number("clearance_mm"), spacing_mm=f.number("spacing_mm"),
                  margin_mm=f.number("margin_mm"), ident=f.text("ident"), title=f.text("title"),
                  difficulty=difficulty, band=band, worksheet=f.flag("worksheet"), size=f.text("size"),
                  labels=f.flag("labels"))
    if board.side_mm <= 0 or board.clearance_mm < 0 or board.spacing_mm < 0 or board.margin_mm < 0:
        raise ValueError("cliquer board: the side must be positive and the limits not negative")
    if board.size not in SIZES:
        raise ValueError(f"cliquer board: unknown size {board.size!r}")
    if len(dots) >= 3 and f.data["code"] != codes.encode(tuple(sorted(board.dots)), board.grid):
        raise ValueError("cliquer board: the recorded board code does not match the dots")
    return board
