"""Counted nouns said truly: "1 board", "2 boards" (pnp prints counts in many places)."""

from __future__ import annotations

_IRREGULAR = {"more space": "more spaces"}


def plural(noun: str) -> str:
    return _IRREGULAR.get(noun, noun + "s")


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the form that number takes."""
    return f"{n} {noun if n == 1 else (many or plural(noun))}"


def noun(kind: str, worksheet: bool = False, answer_key: bool = False) -> str:
    """What one board of game ``kind`` is called when counted, in the games' words: "board",
    a game's own NOUN ("set"), "worksheet" for a worksheet item's boards, "answer key" for the
    boards of a held-back answer-key PDF. ``pnp build``'s "wrote ..." line and ``pnp
    validate``'s summary both count with it."""
    if answer_key:
        return "answer key"
    if worksheet:
        return "worksheet"
    from pnp.games import KINDS, game

    return getattr(game(kind), "NOUN", "board") if kind in KINDS else "board"


def tally(nouns) -> str:
    """Counted nouns in the order they first come: ["board", "set", "board"] -> "2 boards,
    1 set"."""
    totals: dict[str, int] = {}
    for n in nouns:
        totals[n] = totals.get(n, 0) + 1
    return ", ".join(count(n, what) for what, n in totals.items())
