"""The CliqueR generator door: an item's board, from its code, to a difficulty, or plain."""

from __future__ import annotations

import random
from functools import lru_cache

from pnp.games.cliquer import codes
from pnp.games.cliquer.board import Board, Limits
from pnp.games.cliquer.difficulty import measure
from pnp.games.cliquer.item import Item, side_mm
from pnp.games.cliquer.placer import Placer


# A pack's boards share their limits (exact fractions, costly to make for every board); nothing
# changes a Limits once made.
_limits = lru_cache(maxsize=64)(Limits)


def generate(item: Item, rng: random.Random, ident: str) -> Board:
    side = side_mm(item)
    limits = _limits(item.grid, side, item.clearance_mm, item.spacing_mm, item.margin_mm)
    if item.code is not None:
        dots, grid = codes.decode(item.code)
        limits = _limits(grid, side, item.clearance_mm, item.spacing_mm, item.margin_mm)
        found = limits.problems(dots)
        if found:
            raise ValueError(f"board code {item.code} does not keep this item's limits: {found[0].message}")
    elif item.difficulty is not None:
        from pnp.games.cliquer.target import place_at

        grid = item.grid
        dots = place_at(Placer(limits), item.dots, rng, item.difficulty.low, item.difficulty.high)
    else:
        grid = item.grid
        dots = Placer(limits).place(item.dots, rng)
    rated = measure(dots)
    return Board(dots=dots, grid=grid, side_mm=side, clearance_mm=item.clearance_mm,
                 spacing_mm=item.spacing_mm, margin_mm=item.margin_mm, ident=ident,
                 title=item.title, worksheet=item.worksheet, size=item.size, labels=item.labels,
                 difficulty=rated.value, band=rated.band)
