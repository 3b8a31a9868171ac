"""Cliques (David Westbrook, 1999): the bookkeeping a group prints to play it.

The doors (see ``pnp.games``): a set is a score sheet, one token tracker per player and a stack
of remark cards; every number on them comes from the rule in ``model``.
"""

from __future__ import annotations

import random
from functools import partial

from pnp.paper import Piece
from pnp.games.cliques import remark_card, score_sheet, tracker
from pnp.games.cliques.checks import check
from pnp.games.cliques.data import from_data, to_data
from pnp.games.cliques.drawn import check_drawn
from pnp.games.cliques.item import Item
from pnp.games.cliques.model import (
    Board, Circle, Tracker, start_tokens, tokens_in_play, tracker_range, tracker_style)

KIND = "cliques"
TITLE = "Cliques"

__all__ = ["KIND", "TITLE", "Item", "generate", "check", "check_drawn", "pieces", "to_data",
           "from_data", "describe", "remark_cards"]


def remark_cards(players: int) -> int:
    """Cards a set carries by default: one per approval token in play.

    Simulated games with random votes (bench/cliques_remarks.py) use a little fewer: median
    17.5, 33 and 84.5 remarks for 3, 6 and 10 players against 18, 36 and 100 printed. A set
    that runs out mid-game is worse than a few spare cards; ``remark_cards:`` prints fewer.
    """
    return tokens_in_play(players)


def generate(item: Item, rng: random.Random, ident: str) -> Board:
    players = tuple(item.players)
    n = len(players)
    start = start_tokens(n)
    low, high = tracker_range(n)
    style = tracker_style(n)
    return Board(
        ident=ident,
        players=players,
        start=start,
        first=players[rng.randrange(n)],     # "The starting player is determined randomly"
        circles=tuple(Circle(founder=p, members=(p,)) for p in players),
        trackers=tuple(Tracker(player=p, start=start, style=style, approval=(low, high),
                               disapproval=(low, high)) for p in players),
        remark_cards=remark_cards(n) if item.remark_cards is None else item.remark_cards,
    )


def pieces(board: Board) -> list[Piece]:
    out = [Piece("score sheet", partial(score_sheet.draw, board))]
    out += [Piece(f"tracker {t.player}", partial(tracker.draw, board, t), size=tracker.SIZE,
                  group="cliques-tracker") for t in board.trackers]
    out += [Piece(f"remark card {k}", partial(remark_card.draw, board, k), size=remark_card.SIZE,
                  group="cliques-remark") for k in range(1, board.remark_cards + 1)]
    return out


def describe(board: Board) -> str:
    return f"Cliques set {board.ident} for {len(board.players)} players"
