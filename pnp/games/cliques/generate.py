"""A Cliques set from its item: every number from the rules, the first player drawn at random."""

from __future__ import annotations

import random

from .board import Board, Circle, Tracker
from .item import Item
from .rules import remark_cards, start_tokens, tracker_range, tracker_style


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
