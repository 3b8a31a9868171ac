"""The plain data a printed Cliques set is made of: sheets, trackers and circles as printed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tracker:
    """One player's token tracker as printed: the marked start and each colour's range."""

    player: str
    start: int
    style: str                      # "track" or "tens-units"
    approval: tuple[int, int]       # lowest and highest count printed
    disapproval: tuple[int, int]


@dataclass(frozen=True)
class Circle:
    """A circle as printed on the score sheet: named after its founder, who is pre-marked."""

    founder: str
    members: tuple[str, ...]        # pre-marked members: at the start, the founder alone


@dataclass(frozen=True)
class Board:
    """One printed Cliques set: score sheet, a tracker per player, remark cards."""

    ident: str
    players: tuple[str, ...]
    start: int                      # the start count printed on every sheet
    first: str      # drawn at random, no longer printed: the source draws the starter for each
                    # game, so the sheet leaves a blank for the table (kept: older PDFs hold it)
    circles: tuple[Circle, ...]
    trackers: tuple[Tracker, ...]
    remark_cards: int
