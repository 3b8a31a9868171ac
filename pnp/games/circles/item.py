"""The spec side of Thinking in Circles (``kind: circles``): the board's shape and the variants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.errors import WrongValue
from pnp.games.base import brief, option
from pnp.options import named
from .board import MAX_SPACES, MIN_SPACES, SHAPES, Variants
from .rules import PLAYER_COUNTS
from .layout import MIN_SPACE_MM, smallest_space
from pnp.paper import MM
from pnp.i18n.message import Message


# Blockers to gain by default, for each neutral space in a circle (see Item.supply)
BLOCKERS_PER_NEUTRAL_SPACE = 3


def parse_players(value) -> int:
    """2 or 4. The source's rules are for two players, one color each; four play as two teams
    of two (a house rule the card prints). Three are refused rather than given a made-up game:
    two colors cannot be shared fairly by three, and the board's fairness (each black space
    has a white twin) is a promise between two sides."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise WrongValue(Message("must be 2 or 4 (a number of players), got {got}"), got=brief(value))
    if value == 3:
        raise WrongValue(Message("Thinking in Circles is for 2 players, or 4 as two teams of two, got 3; 3 "
                                 "cannot share the two colors (black and white) fairly"))
    if value not in PLAYER_COUNTS:
        raise WrongValue(Message("Thinking in Circles is for 2 players, or 4 as two teams of two, got {got}"),
                         got=brief(value))
    return value


@dataclass(frozen=True)
class Item:
    """One Thinking in Circles set: the board page, the rules card and the tokens to cut out."""

    circles: int = option(5, min=3, max=8, label="Circles", help="Circles on the board.")
    arrangement: Literal["row", "ring"] = option(
        "row", label="Arrangement",
        help="In a row, each circle is next to the one before it and the one after it; in a "
             "ring, the last circle is next to the first one too.",
        shown={"row": "in a row", "ring": "in a ring"})
    spaces: int = option(16, min=MIN_SPACES, max=MAX_SPACES, label="Spaces around each circle",
                         help="How many spaces each circle has.")
    shape_spaces: int | None = option(
        None, min=1, max=4, label="Spaces of each shape", advanced=True,
        help="How many spaces of each shape (circle, triangle, square, pentagon) each circle has. "
             "Empty: about half the spaces are shapes.")
    color_spaces: int | None = option(
        None, min=1, max=5, label="Black spaces, and as many white", advanced=True,
        help="How many black spaces each circle has, and as many white ones. Empty: what is left "
             "after the shapes and two neutral spaces.")
    players: int = option(2, parse=lambda value: parse_players(value), label="Players",
                          schema={"type": "integer", "enum": list(PLAYER_COUNTS)},
                          help="Two players, or four playing as two teams of two (goal slips, "
                               "bead chits and starting blockers are printed for each player).")
    blocker_supply: int | None = option(
        None, min=1, max=40, label="Blockers to gain", advanced=True,
        facts={"each": BLOCKERS_PER_NEUTRAL_SPACE},
        help="Lockdown blockers players can gain, beyond one each. Empty: {each} for each "
             "neutral space in a circle.")
    variants: Variants = option(default_factory=Variants, label="Variants",
                                help="Optional rules in play.")

    def __post_init__(self):
        parse_players(self.players)
        if self.arrangement == "ring" and self.circles < 4:
            # TRANSLATORS: "row" is the Arrangement field's choice "in a row", as the page shows it
            raise WrongValue(Message("a ring needs at least 4 circles (got {circles}); with 3 every circle "
                                     "would be next to both others: use {arrangement}: row"),
                             circles=self.circles, arrangement=named(Item, "arrangement"))
        shapes, colors, neutral = self.mix
        need = 2 if self.variants.lockdown else 1
        if colors < 1 or neutral < need:
            why = (Message("the start space and one more neutral space for Lockdown")
                   if self.variants.lockdown else Message("the start space"))
            raise WrongValue(Message("{spaces} {n} cannot hold {shapes} shapes x {each}, black and white x "
                                     "{colors} and {why}: use more spaces or fewer shape/color spaces"),
                             spaces=named(Item, "spaces"), n=self.spaces, shapes=len(SHAPES), each=shapes,
                             colors=max(colors, 1), why=why)
        self._check_room()

    def _check_room(self) -> None:
        """Spaces wide enough for a marker to show which one it is on, on any page."""
        def room(spaces: int) -> float:
            return smallest_space(self.circles, self.arrangement, spaces) / MM

        if room(self.spaces) >= MIN_SPACE_MM:
            return
        fits = [s for s in range(MIN_SPACES, self.spaces) if room(s) >= MIN_SPACE_MM]
        advice = Message("use at most {most} spaces or fewer circles", most=fits[-1]) if fits \
            else Message("use fewer circles")
        facts = dict(circles=self.circles, spaces=self.spaces, wide=f"{room(self.spaces):.1f}",
                     least=f"{MIN_SPACE_MM:g}", advice=advice)
        if self.arrangement == "ring":
            raise WrongValue(Message("{circles} circles of {spaces} spaces in a ring leave spaces {wide} mm wide "
                                     "on some A4 or Letter pages, too small to show which space a marker is "
                                     "on (at least {least} mm): {advice}"), **facts)
        raise WrongValue(Message("{circles} circles of {spaces} spaces in a row leave spaces {wide} mm wide "
                                 "on some A4 or Letter pages, too small to show which space a marker is on "
                                 "(at least {least} mm): {advice}"), **facts)

    @property
    def supply(self) -> int:
        """Blockers to gain. Blind random play on the default board (bench/circles_play.py)
        has at most 5 blockers out at once in 9 games of 10; more neutral spaces, more gains."""
        return self.blocker_supply or BLOCKERS_PER_NEUTRAL_SPACE * self.mix[2]

    @property
    def mix(self) -> tuple[int, int, int]:
        """Spaces per circle of each shape, of each color, and neutral (the start among them).

        By default about half the spaces are shapes (so any goal has a fair chance) and two are
        neutral (the start and one more, which Lockdown needs); the rest are colors.
        """
        shapes = self.shape_spaces or max(1, (self.spaces + 4) // 8)
        spare = self.spaces - len(SHAPES) * shapes
        colors = self.color_spaces or (spare - 2) // 2
        return shapes, colors, spare - 2 * colors
