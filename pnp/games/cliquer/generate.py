"""The CliqueR generator door: an item's board, from its code, to a depth or a difficulty, or plain."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from . import codes
from .board import Board, Limits
from .difficulty import measure
from .ink import MIN_CLEARANCE_MM, MIN_SPACING_MM
from .item import Item, side_mm
from .placer import Placer

LEAST_MARGIN_MM = 2.0       # the least margin an item may ask for (item.Item.margin_mm)


# A pack's boards share their limits (exact fractions, costly to make for every board); nothing
# changes a Limits once made.
_limits = lru_cache(maxsize=64)(Limits)


def generate(item: Item, rng: random.Random, ident: str) -> Board:
    side = side_mm(item)
    limits = _limits(item.grid, side, item.clearance_mm, item.spacing_mm, item.margin_mm)
    clearance, spacing, margin = item.clearance_mm, item.spacing_mm, item.margin_mm
    if item.code is not None:
        dots, grid = codes.decode(item.code)
        limits = _limits(grid, side, clearance, spacing, margin)
        found = limits.problems(dots)
        if found:
            clearance, spacing, margin = scaled_limits(item, dots, grid, side, found[0].message)
            limits = _limits(grid, side, clearance, spacing, margin)
    elif item.depth is not None:
        from .target import place_deep

        grid = item.grid
        wanted = None if item.difficulty is None else (item.difficulty.low, item.difficulty.high)
        dots = place_deep(Placer(limits), item.dots, rng, item.depth, wanted)
    elif item.difficulty is not None:
        from .target import place_at

        grid = item.grid
        dots = place_at(Placer(limits), item.dots, rng, item.difficulty.low, item.difficulty.high)
    else:
        grid = item.grid
        dots = Placer(limits).place(item.dots, rng)
    rated = measure(dots)
    return Board(dots=dots, grid=grid, side_mm=side, clearance_mm=clearance,
                 spacing_mm=spacing, margin_mm=margin, ident=ident,
                 title=item.title, worksheet=item.worksheet, size=item.size, labels=item.labels,
                 difficulty=rated.value, band=rated.band)


def scaled_limits(item: Item, dots, grid: int, side: float, problem: str) -> tuple[float, float, float]:
    """(clearance, spacing, margin) in mm for a shared board printed at ``side`` when it does
    not keep the item's own limits there: the item's limits scaled down together, as the board
    itself is, by the least factor the board keeps (in hundredths of a millimetre, rounded
    down), never below the least any board may print with (a dot and a pencil gap). A board
    that cannot is refused, naming the size_mm that would print it."""
    wanted = (item.clearance_mm, item.spacing_mm, item.margin_mm)
    least = max(MIN_CLEARANCE_MM / wanted[0], MIN_SPACING_MM / wanted[1], LEAST_MARGIN_MM / wanted[2])

    def scaled(f: float) -> tuple[float, float, float]:
        return tuple(max(floor_mm, int(v * f * 100) / 100) for v, floor_mm in
                     zip(wanted, (MIN_CLEARANCE_MM, MIN_SPACING_MM, LEAST_MARGIN_MM)))

    def keeps(f: float) -> bool:
        return not _limits(grid, side, *scaled(f)).problems(dots)

    if not keeps(least):
        # the factor it keeps grows with the side: find it here, then the side at which it
        # reaches the least the limits may go down to
        lo, hi = 0.0, least
        for _ in range(30):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if not _limits(grid, side, *(v * mid for v in wanted)).problems(dots) \
                else (lo, mid)
        need = max(30, math.ceil(side * least / max(lo, 1e-9)) - 1)
        while _limits(grid, need, *scaled(least)).problems(dots):     # the least side that does
            need += 1
        raise ValueError(f"board code {item.code} does not fit a {side:g} mm square: {problem}, "
                         f"and its limits may only shrink to {MIN_CLEARANCE_MM:g} mm clearance, "
                         f"{MIN_SPACING_MM:g} mm spacing; it prints with size_mm: {need} or more")
    lo, hi = least, 1.0         # keeps(lo), not keeps(hi): the largest factor it keeps
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if keeps(mid) else (lo, mid)
    return scaled(lo)
