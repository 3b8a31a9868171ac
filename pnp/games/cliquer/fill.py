"""The search's first step in plain Python: fill up the sampled dots on the lattice.

When random sampling leaves a board short (about one 9-dot board in a few hundred), the search
(``search.py``) first adds dots at random among the lattice positions where one more dot breaks
no limit (``Field.fill``), and most boards are done there. Done with numpy, that first fill costs
a pack its import of numpy (about 80 ms of CPU, more than a 600-board pack's one short board
takes here). So it is done here first, with the very float arithmetic of ``Field`` (the same
operations in the same order, on the same doubles), so it finds the positions ``Field`` finds
free and draws from them exactly as ``Field.fill`` does: the same board. If it does not end with
a good board, the random stream is put back where it was and the search starts from the
beginning, numpy and all. Once numpy is imported anyway (a second short board), the search's
own fill is quicker, and the placer goes straight to it.

The search reads this module's lattice; this module imports neither the search nor the placer
(it reads of a placer only ``limits``, ``space_floor`` and ``clear2``).
"""

from __future__ import annotations

import random
from typing import Any

from .geometry import Dot

POSITIONS = 96           # positions weighed along each side at most (every lattice point up to
                         # a grid of 96, every 2nd or 3rd beyond), so a search step costs the same
                         # on any grid


def lattice(lo: int, hi: int) -> tuple[int, int]:
    """(step, positions along a side) of the search's lattice between lo and hi."""
    step = -(-(hi - lo + 1) // POSITIONS)
    return step, len(range(lo, hi + 1, step))


def first_fill(placer: Any, sampled: list[Dot], n: int, rng: random.Random) -> tuple[Dot, ...] | None:
    """The board the search's first fill from ``sampled`` gives when it keeps every limit, or
    None with ``rng`` untouched (a fill that falls short, or one the exact check refuses)."""
    lim = placer.limits
    step, side = lattice(lim.lo, lim.hi)
    axis = [float(v) for v in range(lim.lo, lim.hi + 1, step)]    # np.arange(lo, hi + 1, step)
    positions = [(j, axis[j // side], axis[j % side]) for j in range(side * side)]
    dots: list[Dot] = []
    for dot in sampled:             # Field adds the sampled dots in order, each against those before
        positions = _still_free(placer, positions, dot, dots)
        dots.append(dot)
    state = rng.getstate()
    while len(dots) < n and positions:
        j = positions[rng.randrange(len(positions))][0]       # Field._best, when the least is 0
        dot = (lim.lo + j // side * step, lim.lo + j % side * step)
        positions = _still_free(placer, positions, dot, dots)
        dots.append(dot)
    board = tuple(sorted(dots))
    if len(board) == n and not lim.problems(board):
        return board
    rng.setstate(state)
    return None


def _still_free(placer: Any, positions: list, a: Dot, earlier: list[Dot]) -> list:
    """The ``positions`` (index, x, y) where a dot still breaks no limit once dot ``a`` joins
    the ``earlier`` ones: ``Field.add(a)`` leaves their total at 0. The tests of ``Field._close``
    and ``Field._shares`` with a the new dot, b each earlier one, c the position, written as
    numpy computes them element by element (each test only passes or fails, so their order
    changes no answer)."""
    space, clear2 = placer.space_floor, placer.clear2
    a0, a1 = a
    pairs = []
    for b0, b1 in earlier:
        bx, by = float(b0), float(b1)
        abx, aby = bx - a0, by - a1
        pairs.append((abx, aby, clear2 * (abx * abx + aby * aby) - 1e-6, bx, by))
    kept = []
    for position in positions:
        _, x, y = position
        cx, cy = x - a0, y - a1
        to_a = cx * cx + cy * cy
        if to_a < space:
            continue
        by_a = clear2 * to_a - 1e-6
        for abx, aby, by_line, bx, by in pairs:
            cross = abx * cy - aby * cx
            cross *= cross
            if cross < by_line or cross < by_a:
                break
            lx, ly = x - bx, y - by
            if cross < (lx * lx + ly * ly) * clear2 - 1e-6:
                break
        else:
            kept.append(position)
    return kept
