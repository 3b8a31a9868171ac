"""Thinking in Circles' rules as code: the spaces, the beads and moves, and when three adjacent
tokens win for any goal a player could have written down.

The win test proves that no starting position is already a win: the check does not know the
players' secret goals, so it asks whether *any* legal goal, for either color, would be met.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Protocol

from pnp.i18n import N_


class Variants(Protocol):
    """What the win test reads of the variants in play (``board.Variants``). The board imports
    its vocabulary from here, so this module names the board's class by what it reads of it,
    not by importing it back (imports run one way: board -> rules)."""

    wild_cards: bool
    uncloned: bool

# their names print (marked for the catalogs: pnp/i18n)
SHAPES = (N_("circle"), N_("triangle"), N_("square"), N_("pentagon"))
COLORS = (N_("black"), N_("white"))
NEUTRAL = N_("neutral")
SPACE_KINDS = SHAPES + COLORS + (NEUTRAL,)
ARRANGEMENTS = ("row", "ring")

# A hand holds 1..3 beads of one color: two hands then total -6..+6, as the rules say, and the
# rules' six black and six white beads are exactly three of each color per player.
BEADS_PER_HAND = 3
MAX_MOVE = 2 * BEADS_PER_HAND
# 13 totals (-6..+6) land on 13 different spaces only when a circle has at least 13 spaces.
MIN_SPACES = 2 * MAX_MOVE + 1
# Up to 24 spaces, no space is farther than 12 steps (two full moves) from any other.
MAX_SPACES = 4 * MAX_MOVE

# The source is for two players, one color each. Four play as two teams of two (a house rule,
# printed as one); three cannot share two colors fairly, so the spec refuses them.
PLAYER_COUNTS = (2, 4)
TEAM_PLAYERS = 4


@dataclass(frozen=True)
class Ending:
    """How a game nobody has won goes on and ends: a house rule (the source's game need not end;
    two players who cancel each other's hands can play for ever). The card's is
    card_text.ENDING; the others are candidates the bench weighs (bench/circles_play.py, whose
    simulator adds candidates that change more than this).

    From turn ``step_from`` on (every player's turns counted together, from 1; None: never), a
    total of 0 is no longer a standstill: the marker moves one space clockwise (``clockwise``)
    or, without it, the mover's way (the way the mover's own chits count: clockwise for white,
    counter-clockwise for black); with ``fresh``, a circle may not be picked twice in a row
    then. A game still unwon after ``draw_at`` turns is a draw, or with ``markers`` won by the
    side with more markers on its color."""

    step_from: int | None
    draw_at: int
    markers: bool = False
    fresh: bool = False
    clockwise: bool = False

    def in_force(self, turn: int) -> bool:
        return self.step_from is not None and turn >= self.step_from

    def steps(self, total: int, turn: int, color: str) -> int:
        """Spaces a marker moves (clockwise positive) when hands total ``total`` on ``turn``
        and the mover's side plays ``color``."""
        if total == 0 and self.in_force(turn):
            if self.clockwise:
                return 1
            return 1 if color == COLORS[1] else -1          # white counts +1, black -1
        return total


def side_of(seat: int) -> int:
    """The side (0 or 1) of the player in ``seat`` (from 1). Seats alternate sides round the
    table, so with turns passing left every turn goes to the other side."""
    return (seat - 1) % 2


def partners(players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats of each side: ((1,), (2,)) for two players, ((1, 3), (2, 4)) for four."""
    return tuple(tuple(s for s in range(1, players + 1) if side_of(s) == side) for side in (0, 1))


def legal_goals(uncloned: bool) -> list[tuple[str, str, str]]:
    """Every sequence of three shapes a player may write (UnCloned: no equal neighbours)."""
    goals = list(product(SHAPES, repeat=3))
    if uncloned:
        goals = [g for g in goals if g[0] != g[1] and g[1] != g[2]]
    return goals


def meets_goal(spaces: tuple[str, str, str], goal: tuple[str, str, str], color: str,
               wild_cards: bool) -> bool:
    """Whether tokens on ``spaces`` match ``goal`` for the player of ``color``, either way round."""
    def fits(space: str, shape: str) -> bool:
        return space == shape or (wild_cards and space == color)

    return any(all(fits(s, g) for s, g in zip(spaces, way)) for way in (goal, goal[::-1]))


def wins_for(spaces: tuple[str, str, str], variants: Variants) -> list[str]:
    """Who some legal goal would make a winner with tokens on these three spaces (may be empty)."""
    winners = []
    for color in COLORS:
        if all(s == color for s in spaces) or any(
                meets_goal(spaces, goal, color, variants.wild_cards)
                for goal in legal_goals(variants.uncloned)):
            winners.append(color)
    return winners
