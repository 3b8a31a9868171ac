"""The CliqueR placer's search, for boards plain sampling cannot fit: greedy fills, then
min-conflicts with every position of the square weighed at each step.

numpy does the weighing; this module is imported only when a board needs this search and the
first fill in plain Python (``fill.py``) did not finish it, so building ordinary packs does not
pay numpy's start-up.

The placer calls this search; the search reads of the placer only ``limits``, ``space_floor`` and
``clear2`` and does not import it (imports run one way: placer -> search).
"""

from __future__ import annotations

import random
from itertools import chain
from typing import Any

import numpy as np

from .fill import lattice
from .geometry import Dot

Placer = Any             # a pnp.games.cliquer.placer.Placer (not imported: it imports this module)
FILLS = 3                # greedy fills tried before the search; it starts from the fullest
HOPELESS = 1.5           # asking for this many times what the fullest fill fitted: no search
                         # has closed such a gap (fills fit 17-18 dots on 180 mm, the search 23)
STEPS_PER_DOT = 100      # search budget grows with the board (measured: 20 dots on 170 mm
                         # took at most ~200 steps, 23 on 180 mm up to ~2,000)
WALK = 0.5               # share of moves that take a random troubled dot, not the worst one
RESTING = 2              # a dot moved in the last steps waits while another dot is troubled


def search(placer: Placer, sampled: list[Dot], n: int,
           rng: random.Random) -> tuple[tuple[Dot, ...] | None, int]:
    """Greedy fills where nothing breaks, then min-conflicts from the fullest: the most
    troubled dot moves to the best position on the whole square. Returns the board (None
    if none was found) and the most dots a fill fitted."""
    empty, fullest = Field(placer, [], n), None
    for start in chain([Field(placer, sampled, n)], (empty.copy() for _ in range(FILLS))):
        start.fill(rng)         # the first, from the sampled dots, mostly needs only a few more
        if start.full and not placer.limits.problems(start.board()):
            return start.board(), n
        if fullest is None or len(start.dots) > len(fullest.dots):
            fullest = start
    fitted = len(fullest.dots)
    if n > HOPELESS * fitted:
        return None, fitted
    fullest.crowd(rng)
    return repair(placer, fullest, STEPS_PER_DOT * n, rng), fitted


def repair(placer: Placer, field: Field, steps: int, rng: random.Random) -> tuple[Dot, ...] | None:
    """Move troubled dots until nothing breaks (then the exact check) or the steps run out."""
    n = field.n
    moved: list[int] = []
    for _ in range(steps):
        load = involvement(placer, field.dots)
        troubled = np.flatnonzero(load > 0)
        if len(troubled) == 0:
            if not placer.limits.problems(field.board()):
                return field.board()
            troubled = np.arange(n)         # a rounding slip the exact check caught: shake
        resting = set(moved[-RESTING:])
        awake = troubled[[int(t) not in resting for t in troubled]]
        if len(awake):                      # keeps two dots from swapping back and forth
            troubled = awake
        if rng.random() < WALK:
            i = int(troubled[rng.randrange(len(troubled))])
        else:
            worst = troubled[np.flatnonzero(load[troubled] == load[troubled].max())]
            i = int(worst[rng.randrange(len(worst))])
        field.move(i, rng)
        moved.append(i)
    return None


def involvement(placer: Placer, dots: list[Dot]) -> np.ndarray:
    """For each dot, how many broken limits it takes part in (any role)."""
    d = np.asarray(dots, dtype=np.float64)
    n = len(d)
    dx = d[None, :, 0] - d[:, None, 0]                      # (n, n): i -> j
    dy = d[None, :, 1] - d[:, None, 1]
    dist2 = dx * dx + dy * dy
    close = dist2 < placer.space_floor
    np.fill_diagonal(close, False)
    count = np.count_nonzero(close, axis=1)
    # near[i, j, k]: dot k is too close to the line through i and j
    cross = dx[:, :, None] * dy[:, None, :] - dy[:, :, None] * dx[:, None, :]
    near = cross * cross < placer.clear2 * dist2[:, :, None] - 1e-6
    idx = np.arange(n)
    near[idx, idx, :] = False
    near[idx, :, idx] = False
    near[:, idx, idx] = False
    count += (np.count_nonzero(near.reshape(n, -1), axis=1)
              + np.count_nonzero(near, axis=(0, 2)) + np.count_nonzero(near.reshape(-1, n), axis=0))
    return count


class Field:
    """Every position of the square scored for one more dot, kept up to date as dots come and
    move: ``total[c]`` is how many limits would break with a dot at c.

    It is the sum, over dots a, of the limits involving c and a, and over pairs (a, b) of the
    limits involving c, a and b in any role; the pairs' shares are kept (``pairs[a, b]``) so a
    dot's share can be taken out without working it out again.
    """

    def __init__(self, placer: Placer, dots: list[Dot], n: int):
        lim = placer.limits
        self.placer, self.lo = placer, lim.lo
        self.step, self.side = lattice(lim.lo, lim.hi)
        axis = np.arange(lim.lo, lim.hi + 1, self.step, dtype=np.float64)
        self.xs, self.ys = np.repeat(axis, self.side), np.tile(axis, self.side)
        self.n = n
        self.dots: list[Dot] = []
        self.pairs = np.zeros((n, n, len(self.xs)), dtype=np.uint8)
        self.total = np.zeros(len(self.xs), dtype=np.int64)
        for dot in dots:
            self.add(dot)

    def copy(self) -> "Field":
        twin = object.__new__(Field)
        twin.__dict__.update(self.__dict__, dots=list(self.dots), pairs=self.pairs.copy(),
                             total=self.total.copy())
        return twin

    @property
    def full(self) -> bool:
        return len(self.dots) == self.n

    def board(self) -> tuple[Dot, ...]:
        return tuple(sorted(self.dots))

    def add(self, dot: Dot) -> None:
        k = len(self.dots)
        shares = self._shares(dot, self.dots)
        self.pairs[k, :k] = shares
        self.pairs[:k, k] = shares
        self.total += self._close(dot) + shares.sum(axis=0, dtype=np.int64)
        self.dots.append(dot)

    def fill(self, rng: random.Random) -> None:
        """Add dots at random where nothing breaks, until n or no such position is left."""
        while not self.full and self.total.min() == 0:
            self.add(self._best(rng))

    def crowd(self, rng: random.Random) -> None:
        """Add the rest of the n dots where they break least."""
        while not self.full:
            self.add(self._best(rng))

    def move(self, i: int, rng: random.Random) -> None:
        """Move dot i to the position where it breaks least (never where it is)."""
        dot = self.dots[i]
        self.total -= self._close(dot) + self.pairs[i].sum(axis=0, dtype=np.int64)
        here = self._index(dot)
        if here is not None:
            kept, self.total[here] = self.total[here], np.iinfo(np.int64).max
        new = self._best(rng)
        if here is not None:
            self.total[here] = kept
        others = [j for j in range(self.n) if j != i]
        shares = self._shares(new, [self.dots[j] for j in others])
        self.pairs[i, others] = shares
        self.pairs[others, i] = shares
        self.total += self._close(new) + shares.sum(axis=0, dtype=np.int64)
        self.dots[i] = new

    def _best(self, rng: random.Random) -> Dot:
        """The lowest-scoring position, ties broken by rng."""
        best = np.flatnonzero(self.total == self.total.min())
        j = int(best[rng.randrange(len(best))])
        return self.lo + j // self.side * self.step, self.lo + j % self.side * self.step

    def _index(self, dot: Dot) -> int | None:
        (x, rx), (y, ry) = divmod(dot[0] - self.lo, self.step), divmod(dot[1] - self.lo, self.step)
        return None if rx or ry else x * self.side + y

    def _close(self, a: Dot) -> np.ndarray:
        """Positions too close to dot a."""
        dx, dy = self.xs - a[0], self.ys - a[1]
        return dx * dx + dy * dy < self.placer.space_floor

    def _shares(self, a: Dot, others: list[Dot]) -> np.ndarray:
        """For each other dot b and every position c: how many of the three roles of the
        triple (a, b, c) break; the arithmetic of ``Placer.fits``."""
        if not others:
            return np.zeros((0, len(self.xs)), dtype=np.uint8)
        clear2 = self.placer.clear2
        cx, cy = self.xs - a[0], self.ys - a[1]                 # a -> c
        b = np.asarray(others, dtype=np.float64)
        bx, by = b[:, 0:1], b[:, 1:2]
        abx, aby = bx - a[0], by - a[1]                         # a -> b, (m, 1)
        cross = abx * cy
        cross -= aby * cx
        np.square(cross, out=cross)     # cross(ab, ac)^2 = cross(ca, cb)^2: all three roles share it
        hits = (cross < clear2 * (abx * abx + aby * aby) - 1e-6).view(np.uint8)      # c by line ab
        hits += (cross < clear2 * (cx * cx + cy * cy) - 1e-6).view(np.uint8)         # b by line ca
        limit = self.xs - bx
        limit *= limit
        dy = self.ys - by
        dy *= dy
        limit += dy
        limit *= clear2
        limit -= 1e-6
        hits += (cross < limit).view(np.uint8)                                       # a by line cb
        return hits
