"""Counted nouns said truly: "1 board", "2 boards" (pnp prints counts in many places)."""

from __future__ import annotations

_IRREGULAR = {"more space": "more spaces"}


def plural(noun: str) -> str:
    return _IRREGULAR.get(noun, noun + "s")


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the form that number takes."""
    return f"{n} {noun if n == 1 else (many or plural(noun))}"
