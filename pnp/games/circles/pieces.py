"""What a Thinking in Circles set prints: the board page, the rules card, a goal slip per player,
the turn track (the card's ending counts turns), and the tokens to cut out (markers, bead chits,
Lockdown blockers).

Every piece but the board has a fixed size and the group "circles-set", so the imposer may put
the card, the slips, the track and the tokens on one sheet (their sizes are chosen for that: see ``card``
and ``tokens``).
"""

from __future__ import annotations

from functools import partial

from .board import Board
from .card import card_size, draw_card
from .draw import draw_board
from .tokens import (chit_size, draw_bead, draw_blocker, draw_goal_slip, draw_marker,
                     draw_turn_track, slip_size, token_size, track_size)
from pnp.paper import Piece

GROUP = "circles-set"      # every piece's group starts with it; each kind of token has its own
                           # subgroup, so each starts a row of its own (no -1 chit among +1 chits)


def pieces(board: Board) -> list[Piece]:
    out = [Piece("circles-board", partial(draw_board, board)),
           Piece("circles-rules", partial(draw_card, board), size=card_size(board), group=GROUP)]
    out += [Piece(f"circles-goals-{p}", partial(draw_goal_slip, board, p), size=slip_size(board),
                  group=GROUP) for p in range(1, board.players + 1)]
    out += [Piece(f"circles-marker-{n}", partial(draw_marker, n), size=token_size(board),
                  group=f"{GROUP}/markers") for n in range(1, board.markers + 1)]
    for color in ("black", "white"):
        out += [Piece(f"circles-bead-{color}-{n}", partial(draw_bead, color), size=chit_size(),
                      group=f"{GROUP}/{color}") for n in range(1, board.beads + 1)]
    out += [Piece(f"circles-blocker-{n}", draw_blocker, size=chit_size(), group=f"{GROUP}/blockers")
            for n in range(1, board.blockers + 1)]
    # last, a strip under the token rows (sized to fit there: tokens.draw_turn_track)
    out.append(Piece("circles-turns", draw_turn_track, size=track_size(), group=f"{GROUP}/track"))
    return out
