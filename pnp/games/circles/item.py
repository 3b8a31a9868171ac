"""The spec side of Thinking in Circles (``kind: circles``): the board's shape and the variants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.games.base import option
from pnp.games.circles.board import MAX_SPACES, MIN_SPACES, SHAPES, Variants


@dataclass(frozen=True)
class Item:
    """One Thinking in Circles set: the board page, the rules card and the tokens to cut out."""

    circles: int = option(5, min=3, max=8, help="circles on the board")
    arrangement: Literal["row", "ring"] = option(
        "row", help="row: circle k is next to k-1 and k+1; ring: the last is also next to the first")
    spaces: int = option(16, min=MIN_SPACES, max=MAX_SPACES,
                         help=f"spaces around each circle ({MIN_SPACES}..{MAX_SPACES})")
    shape_spaces: int = option(2, min=1, max=4,
                               help="spaces of each shape (circle, triangle, square, pentagon) "
                                    "per circle")
    color_spaces: int = option(3, min=1, max=5,
                               help="black spaces per circle (and as many white ones)")
    players: int = option(2, min=2, max=4,
                          help="players (goal slips, bead chits and starting blockers each)")
    blocker_supply: int = option(6, min=1, max=30,
                                 help="Lockdown blockers to gain, beyond one per player")
    variants: Variants = option(default_factory=Variants, help="optional rules in play")

    def __post_init__(self):
        if self.arrangement == "ring" and self.circles < 4:
            raise ValueError(f"a ring needs at least 4 circles (got {self.circles}); with 3 "
                             "every circle would be next to both others: use arrangement: row")
        neutral = self.neutral_spaces
        need = 2 if self.variants.lockdown else 1
        if neutral < need:
            why = ("the start space and one more neutral space for Lockdown"
                   if self.variants.lockdown else "the start space")
            raise ValueError(
                f"spaces {self.spaces} cannot hold {len(SHAPES)} shapes x {self.shape_spaces}, "
                f"black and white x {self.color_spaces} and {why}: "
                f"use spaces >= {self.spaces + need - neutral} or fewer shape/color spaces")

    @property
    def neutral_spaces(self) -> int:
        """Neutral spaces per circle, the start space among them."""
        return self.spaces - len(SHAPES) * self.shape_spaces - 2 * self.color_spaces
