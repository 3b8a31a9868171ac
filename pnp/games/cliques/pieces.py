"""What a Cliques set prints: a score sheet, a token tracker per player, and remark cards."""

from __future__ import annotations

from functools import partial

from pnp.games.cliques import remark_card, score_sheet, tracker
from pnp.games.cliques.board import Board
from pnp.paper import Piece


def pieces(board: Board) -> list[Piece]:
    out = [Piece("score sheet", partial(score_sheet.draw, board))]
    out += [Piece(f"tracker {t.player}", partial(tracker.draw, board, t), size=tracker.SIZE,
                  group="cliques-tracker") for t in board.trackers]
    out += [Piece(f"remark card {k}", partial(remark_card.draw, board, k), size=remark_card.SIZE,
                  group="cliques-remark") for k in range(1, board.remark_cards + 1)]
    return out
