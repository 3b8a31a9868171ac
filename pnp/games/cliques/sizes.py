"""Piece sizes: every small Cliques piece is a whole number of one card unit, so they tile.

The unit is 85 x 60 mm (a business card with room to write). Two columns by four rows of it fill
a portrait A4 or Letter page inside the default 10 mm margins and footer (170 x 240 mm of
190 x 253 mm on Letter), and three by three a landscape one (255 x 180 of 259 x 184 mm), so a
remark card, a player's pair of vote cards (1 unit), a token tracker (2 x 1) and the rules
card (2 x 2) pack together on shared sheets with nothing left over but the margins.
"""

from __future__ import annotations

from pnp.paper import MM

UNIT = (85 * MM, 60 * MM)


def units(across: int, down: int) -> tuple[float, float]:
    return (across * UNIT[0], down * UNIT[1])


REMARK_CARD = units(1, 1)
VOTE_CARDS = units(1, 1)      # one player's approval and disapproval vote cards, side by side
TRACKER = units(2, 1)
RULES_CARD = units(2, 2)
