"""Board <-> the JSON attached to the PDF: an exact round trip, and nothing trusted on the way in.

Well-formed but broken boards (a missing shape, unfair colors) load fine: finding those is
``check``'s job, so the validator can say what is wrong rather than just "unreadable".
"""

from __future__ import annotations

from typing import Any

from pnp.games.base import Fields, bounded_list, brief, text
from .board import Board, Circle, Variants
from .rules import ARRANGEMENTS

MAX_CIRCLES = 64          # far beyond any spec (8); keeps a hostile file's checks small
MAX_SPACES_DATA = 256     # per circle, likewise (a spec allows 24)
MAX_PLAYERS_DATA = 64     # a spec allows 4; a piece is drawn per player, so bound the count
MAX_TOKENS_DATA = 1024    # of each kind (a spec prints at most 44 blockers, 12 chits a color)


def to_data(board: Board) -> dict:
    v = board.variants
    return {
        "ident": board.ident,
        "arrangement": board.arrangement,
        "circles": [{"spaces": list(c.spaces), "start": c.start} for c in board.circles],
        "variants": {"lockdown": v.lockdown, "spin_cycle": v.spin_cycle,
                     "uncloned": v.uncloned, "wild_cards": v.wild_cards},
        "players": board.players,
        "tokens": {"markers": board.markers, "beads": board.beads, "blockers": board.blockers},
    }


def from_data(data: Any) -> Board:
    """The board the data describes; ValueError if the data is malformed."""
    f = Fields(data, "circles board", ("ident", "arrangement", "circles", "variants", "players", "tokens"))
    arrangement = f.text("arrangement")
    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"circles board.arrangement must be row or ring, got {brief(arrangement)}")
    circles = []
    for n, raw in enumerate(f.list("circles", MAX_CIRCLES)):
        c = Fields(raw, f"circles board.circles[{n}]", ("spaces", "start"))
        spaces = tuple(text(s, f"{c.where}.spaces[{k}]")
                       for k, s in enumerate(bounded_list(c.data["spaces"], f"{c.where}.spaces",
                                                          MAX_SPACES_DATA)))
        circles.append(Circle(spaces, c.int("start")))
    v = f.mapping("variants", ("lockdown", "spin_cycle", "uncloned", "wild_cards"))
    # spin_cycle 5 is well-formed data with a broken value: check() reports it
    spin = None if v.data["spin_cycle"] is None else v.int("spin_cycle")
    variants = Variants(lockdown=v.flag("lockdown"), spin_cycle=spin, uncloned=v.flag("uncloned"),
                        wild_cards=v.flag("wild_cards"))
    tokens = f.mapping("tokens", ("markers", "beads", "blockers"))
    # counts are bounded, not checked: check() says what a wrong count means; a count in the
    # millions would only make the pieces to redraw
    return Board(ident=f.text("ident"), arrangement=arrangement, circles=tuple(circles),
                 variants=variants, players=f.int("players", 0, MAX_PLAYERS_DATA),
                 markers=tokens.int("markers", 0, MAX_TOKENS_DATA),
                 beads=tokens.int("beads", 0, MAX_TOKENS_DATA),
                 blockers=tokens.int("blockers", 0, MAX_TOKENS_DATA))
