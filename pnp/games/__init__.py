"""The registry: a spec item's ``kind`` names a game folder, and every game has the same doors.

A new game is a new folder here and one line in ``KINDS``. When the registry loads a game it
checks the contract (``pnp.games.base.Game``): a game missing a door, or whose ``KIND`` is not
its registry name, fails at load with a message naming what is missing. The CLI asks the
registry what each game offers (``offering``) and never names a game itself.

Every game folder has the same rooms, so a reader who knows one knows where everything is in the
others:

| file | door |
| --- | --- |
| ``__init__.py`` | the doors, gathered: ``KIND``, ``TITLE``, ``describe``, optional doors |
| ``item.py`` | ``Item``: the spec options of this kind |
| ``board.py`` | ``Board``: the plain frozen data of one printed board or set |
| ``rules.py`` | the game's rules and numbers, one definition each, in the game's words |
| ``generate.py`` | ``generate(item, rng, ident) -> Board``: deterministic, never draws |
| ``check.py`` | ``check(board) -> [Problem]``: every invariant the printed board keeps |
| ``problems.py`` | ``PROBLEMS``: every problem code the game can report, with its meaning |
| ``pieces.py`` | ``pieces(board) -> [Piece]``: what is printed, each drawn in its frame |
| ``drawn.py`` | ``check_drawn(board, placements) -> [Problem]``: the page read back vs the data |
| ``data.py`` | ``to_data(board)`` / ``from_data(data)``: exact JSON round trip, trusting nothing |
"""

from __future__ import annotations

import importlib
from types import ModuleType

KINDS = {
    "cliquer": "pnp.games.cliquer",
    "circles": "pnp.games.circles",
    "cliques": "pnp.games.cliques",
}

_loaded: dict[str, ModuleType] = {}


def game(kind: str) -> ModuleType:
    """The game module for ``kind``, its contract checked (imported on first use, so the CLI
    starts fast)."""
    module = _loaded.get(kind)
    if module is None:
        from pnp.games.base import check_contract

        module = importlib.import_module(KINDS[kind])
        check_contract(kind, module)
        _loaded[kind] = module
    return module


def offering(door: str) -> list[str]:
    """The kinds whose game offers the optional ``door`` (see ``base.OPTIONAL_DOORS``)."""
    from pnp.games.base import OPTIONAL_DOORS, offers

    if door not in OPTIONAL_DOORS:
        raise KeyError(f"no optional door {door!r}")
    return [kind for kind in KINDS if offers(game(kind), door)]


def noun(kind: str, worksheet: bool = False, answer_key: bool = False) -> str:
    """What one board of game ``kind`` is called when counted, in the games' words: "board",
    a game's own NOUN door ("set"), "worksheet" for a worksheet item's boards, "answer key" for
    the boards of a held-back answer-key PDF. ``pnp build``'s "wrote ..." line and ``pnp
    validate``'s summary both count with it."""
    if answer_key:
        return "answer key"
    if worksheet:
        return "worksheet"
    return getattr(game(kind), "NOUN", None) or "board" if kind in KINDS else "board"
