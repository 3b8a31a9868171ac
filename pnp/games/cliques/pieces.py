"""What a Cliques set prints: a score sheet, the rules card, a token tracker and two vote cards
per player, and remark cards.

Every piece but the score sheet is a whole number of card units (``sizes``) in one group, so an
imposer that packs pieces of different sizes can share sheets among them. Vote cards (one unit)
come right after the rules card (2 x 2): on a landscape sheet three units wide they fill the
column beside it, which packing in order would otherwise leave empty. Remark cards ``fill``: a
sheet of remark cards alone spreads them over the page, more room to write the remark.
"""

from __future__ import annotations

from functools import partial

from . import remark_card, rules_card, score_sheet, sizes, tracker, vote_card
from .board import Board
from pnp.paper import Piece

GROUP = "cliques"


def pieces(board: Board) -> list[Piece]:
    out = [Piece("score sheet", partial(score_sheet.draw, board)),
           Piece("rules card", partial(rules_card.draw, board), size=sizes.RULES_CARD,
                 group=GROUP)]
    out += [Piece(f"vote cards {p}", partial(vote_card.draw, board, p), size=sizes.VOTE_CARDS,
                  group=GROUP) for p in board.players]
    out += [Piece(f"tracker {t.player}", partial(tracker.draw, board, t), size=sizes.TRACKER,
                  group=GROUP) for t in board.trackers]
    out += [Piece(f"remark card {k}", partial(remark_card.draw, board, k),
                  size=sizes.REMARK_CARD, group=GROUP, fill=True)
            for k in range(1, board.remark_cards + 1)]
    return out
