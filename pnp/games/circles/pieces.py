"""What a Thinking in Circles set prints: the board page, the rules card, a goal slip per player,
and the tokens to cut out (markers, bead chits, Lockdown blockers)."""

from __future__ import annotations

from functools import partial

from pnp.games.circles.board import Board
from pnp.games.circles.card import CARD, draw_card
from pnp.games.circles.draw import draw_board
from pnp.games.circles.tokens import (draw_bead, draw_blocker, draw_goal_slip, draw_marker, slip_size,
                                      token_size)
from pnp.paper import Piece


def pieces(board: Board) -> list[Piece]:
    out = [Piece("circles-board", partial(draw_board, board)),
           Piece("circles-rules", partial(draw_card, board), size=CARD, group="circles-rules")]
    size = slip_size(board)
    out += [Piece(f"circles-goals-{p}", partial(draw_goal_slip, board, p), size=size,
                  group="circles-goals") for p in range(1, board.players + 1)]
    tokens = [(f"circles-marker-{n}", partial(draw_marker, n))
              for n in range(1, board.markers + 1)]
    for color in ("black", "white"):
        tokens += [(f"circles-bead-{color}-{n}", partial(draw_bead, color))
                   for n in range(1, board.beads + 1)]
    tokens += [(f"circles-blocker-{n}", draw_blocker) for n in range(1, board.blockers + 1)]
    out += [Piece(name, draw, size=token_size(board), group="circles-tokens")
            for name, draw in tokens]
    return out
