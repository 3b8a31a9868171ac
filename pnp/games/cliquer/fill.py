"""The search's first step, without numpy: fill up the sampled dots on the lattice.

When random sampling leaves a board short (about one 9-dot board in a few hundred), the search
(``search.py``) first adds dots at random among the lattice positions where one more dot breaks
no limit, and most boards are done there. Done with numpy, that first fill cost a pack its
import of numpy (about 70 ms of CPU, a tenth of a 600-board build). The placing core's
``free_positions`` (``_placing.c``) gives the positions numpy's ``Field`` finds free, to the bit,
so this fill draws exactly what ``Field.fill`` draws and ends with the same board. If it does
not end with a good board, the random stream is put back where it was and the search starts
from the beginning, numpy and all: the same boards as ever in every case.
"""

from __future__ import annotations

import random

from pnp.games.cliquer import placer as placing
from pnp.games.cliquer.geometry import Dot
from pnp.games.cliquer.placer import Placer

POSITIONS = 96           # positions weighed along each side at most (every lattice point up to
                         # a grid of 96, every 2nd or 3rd beyond), so a search step costs the same
                         # on any grid


def lattice(lo: int, hi: int) -> tuple[int, int]:
    """(step, positions along a side) of the search's lattice between lo and hi."""
    step = -(-(hi - lo + 1) // POSITIONS)
    return step, len(range(lo, hi + 1, step))


def first_fill(placer: Placer, sampled: list[Dot], n: int, rng: random.Random,
               core: str | None = None) -> tuple[Dot, ...] | None:
    """The board the search's first fill from ``sampled`` gives when it keeps every limit, or
    None with ``rng`` untouched (no placing core, a fill that falls short, or one the exact
    check refuses: the search then starts afresh)."""
    if placing.placing_core(core) != "c":
        return None
    lim = placer.limits
    step, side = lattice(lim.lo, lim.hi)
    state = rng.getstate()
    dots = list(sampled)
    while len(dots) < n:
        free = placing._placing.free_positions(dots, lim.lo, step, side, placer.space_floor,
                                                 placer.clear2)
        if free is NotImplemented or not free:
            break
        j = free[rng.randrange(len(free))]          # Field._best, when the least is 0
        dots.append((lim.lo + j // side * step, lim.lo + j % side * step))
    board = tuple(sorted(dots))
    if len(board) == n and not lim.problems(board):
        return board
    rng.setstate(state)
    return None
