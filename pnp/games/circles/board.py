"""The Thinking in Circles board as plain data: circles of spaces, the variants, the tokens printed.

A board is generated once and then drawn, embedded and checked from this same data, so the
data holds everything a check needs: every space of every circle, where each token starts,
which variants are in play and how many of each token were printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.base import option

from .rules import (  # noqa: F401 - the board's vocabulary, defined with the rules
    ARRANGEMENTS, BEADS_PER_HAND, COLORS, MAX_MOVE, MAX_SPACES, MIN_SPACES, NEUTRAL, SHAPES, SPACE_KINDS)


@dataclass(frozen=True)
class Variants:
    """The optional rules in play; each one changes what gets printed."""

    lockdown: bool = option(False, label="Lockdown",
                            help="Blocker tokens: landing on a neutral space gains one.")
    spin_cycle: int | None = option(None, min=2, max=3, label="Spin Cycle: secret goals",
                                    help="Secret goals for each player. Empty: one goal each.")
    uncloned: bool = option(False, label="UnCloned",
                            help="No goal may have two identical shapes side by side.")
    wild_cards: bool = option(False, label="Wild Cards",
                              help="A token on your color counts as any of your shapes.")

    @property
    def goals(self) -> int:
        """Secret goals each player writes down."""
        return self.spin_cycle or 1

    def names(self) -> list[str]:
        """The variants in play, as the rules name them, in the rules' order."""
        names = []
        if self.lockdown:
            names.append("Lockdown")
        if self.spin_cycle:
            names.append("Spin Cycle")
        if self.uncloned:
            names.append("UnCloned")
        if self.wild_cards:
            names.append("Wild Cards")
        return names


@dataclass(frozen=True)
class Circle:
    """One circle: its spaces in clockwise order, and the space its token starts on."""

    spaces: tuple[str, ...]
    start: int


@dataclass(frozen=True)
class Board:
    ident: str
    arrangement: str                 # "row": 1..k in a line; "ring": also k next to 1
    circles: tuple[Circle, ...]
    variants: Variants
    players: int
    markers: int                     # tokens that sit on the circles, one per circle
    beads: int                       # bead chits of each color (black and white alike)
    blockers: int                    # Lockdown blocker tokens printed (0 without Lockdown)

    def adjacent_pairs(self) -> list[tuple[int, int]]:
        return adjacent_pairs(len(self.circles), self.arrangement)

    def adjacent_triples(self) -> list[tuple[int, int, int]]:
        return adjacent_triples(len(self.circles), self.arrangement)


def adjacent_pairs(count: int, arrangement: str) -> list[tuple[int, int]]:
    pairs = [(i, i + 1) for i in range(count - 1)]
    if arrangement == "ring" and count > 2:
        pairs.append((count - 1, 0))
    return pairs


def adjacent_triples(count: int, arrangement: str) -> list[tuple[int, int, int]]:
    """Every run of three adjacent circles (each read once; the rules read both ways).

    Fewer than three circles have no run at all, whatever the arrangement: data claiming a
    ring of two is for check() to report, not to crash on.
    """
    if arrangement == "ring" and count > 3:
        return [(i, (i + 1) % count, (i + 2) % count) for i in range(count)]
    return [(i, i + 1, i + 2) for i in range(count - 2)]


def distance(size: int, start: int, index: int) -> int:
    """Steps from the start space to ``index`` the short way round (a total's absolute value)."""
    ahead = (index - start) % size
    return min(ahead, size - ahead)
