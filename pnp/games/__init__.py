"""The registry: a spec item's ``kind`` names a game module, and every game has the same doors.

| door | what it does |
| --- | --- |
| ``KIND``, ``TITLE`` | the kind name used in specs, and a human name |
| ``Item`` | frozen dataclass of this kind's YAML options (see ``pnp.games.base.option``) |
| ``generate(item, rng, ident) -> Board`` | deterministic for a given ``random.Random``; never draws. |
|   | ``ident`` is a short printable ID for this board, unique within the build |
| ``check(board) -> list[Problem]`` | every invariant the printed board must hold (validator's core) |
| ``pieces(board) -> list[Piece]`` | what gets printed: whole pages and n-up cards/tokens |
| ``to_data(board) -> dict`` / ``from_data(dict) -> Board`` | exact JSON round trip, embedded in |
|   | the PDF; ``from_data`` raises ValueError on anything malformed |
| ``check_drawn(board, placements) -> list[Problem]`` | optional: compare marked objects read |
|   | back from the page with the data; placements are ``(piece_name, Frame, [Drawn])`` |
| ``describe(board) -> str`` | a few words naming the board in validator reports |

A new game is a new module here and one line in ``KINDS``; nothing else changes.
"""

from __future__ import annotations

import importlib
from types import ModuleType

KINDS = {
    "cliquer": "pnp.games.cliquer",
    "circles": "pnp.games.circles",
    "cliques": "pnp.games.cliques",
}


def game(kind: str) -> ModuleType:
    """The game module for ``kind`` (imported on first use, so the CLI starts fast)."""
    return importlib.import_module(KINDS[kind])
