"""What a worker does for Look at a board: the CLI's analysis of a board (``pnp.web.work``) and
the game's picture of it (the optional ``picture`` door), as plain data for the page.

Kept apart from the page's module (``pnp.web.looking``) so a worker imports no web framework."""

from __future__ import annotations

from pnp.games import game
from pnp.sources import read_code
from pnp.web import work


def look_code(report, tmp: str, text: str, seconds: float) -> dict:
    """A board code's figures, its report, and (from games that draw one) its picture: the SVG,
    one sentence a move of the best line, and the figures in words."""
    result = work.analyze_code(report, tmp, text, seconds)
    kind = result["kind"]
    result["unfinished"] = result["figures"].get("perfect_play") is None
    if callable(getattr(game(kind), "picture", None)):
        _, board = read_code(text)
        result.update(game(kind).picture(board, result["figures"]))
    return result
