"""Deal each circle's spaces from the seed, fair by construction.

Colors are fair when black and white sit at the same distances from the start space. A
distance d (short of half way round) has exactly two spaces, d steps clockwise and d steps
counter-clockwise, so a fair circle is one where every black space at +d or -d has the white
space on the other side of the start. We pick distinct distances and toss a coin for which
side gets black; shapes and spare neutral spaces fill the rest in a shuffled order.
"""

from __future__ import annotations

import random

from .board import (BEADS_PER_HAND, NEUTRAL, SHAPES, Board, Circle)
from .item import Item

START = 0   # the start space is drawn at the top of every circle


def deal_circle(item: Item, rng: random.Random) -> Circle:
    size = item.spaces
    shapes, colors, neutral = item.mix
    spaces: list[str | None] = [None] * size
    spaces[START] = NEUTRAL
    # distances 1..(size-1)//2 have two spaces each; size/2 (even sizes) has one, so never a color
    for d in sorted(rng.sample(range(1, (size - 1) // 2 + 1), colors)):
        black, white = ("black", "white") if rng.randrange(2) else ("white", "black")
        spaces[(START + d) % size] = black
        spaces[(START - d) % size] = white
    rest = [shape for shape in SHAPES for _ in range(shapes)]
    rest += [NEUTRAL] * (neutral - 1)
    rng.shuffle(rest)
    free = (i for i, s in enumerate(spaces) if s is None)
    for i, kind in zip(free, rest):
        spaces[i] = kind
    return Circle(tuple(spaces), START)


def generate(item: Item, rng: random.Random, ident: str) -> Board:
    circles = tuple(deal_circle(item, rng) for _ in range(item.circles))
    v = item.variants
    return Board(ident=ident, arrangement=item.arrangement, circles=circles, variants=v,
                 players=item.players, markers=item.circles,
                 beads=BEADS_PER_HAND * item.players,
                 blockers=item.players + item.supply if v.lockdown else 0)
