"""Counted nouns said truly: "1 board", "2 boards" (pnp prints counts in many places). Plain
language, below everything: it knows no game (what a game calls its boards is its NOUN door,
read by ``pnp.games.noun``)."""

from __future__ import annotations

_IRREGULAR = {"more space": "more spaces"}


def plural(noun: str) -> str:
    return _IRREGULAR.get(noun, noun + "s")


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the form that number takes."""
    return f"{n} {noun if n == 1 else (many or plural(noun))}"


def tally(nouns) -> str:
    """Counted nouns in the order they first come: ["board", "set", "board"] -> "2 boards,
    1 set"."""
    totals: dict[str, int] = {}
    for n in nouns:
        totals[n] = totals.get(n, 0) + 1
    return ", ".join(count(n, what) for what, n in totals.items())
