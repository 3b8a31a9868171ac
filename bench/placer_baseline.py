"""Baseline for bench/run.py: the CliqueR placer as first committed (4bea70d), frozen.

Kept verbatim so the placement rows of the suite compare today's pnp/games/cliquer/generate.py
with the original on the same seeds, in the same run, on the same machine. Not used by pnp.
"""
from __future__ import annotations

import random
import numpy as np

from pnp.errors import PnpError
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.geometry import Dot

SAMPLE_TRIES = 60        # random positions tried per dot before handing over to local search
CANDIDATES = 48          # positions weighed per local-search step
STEPS_PER_DOT = 150      # local-search budget grows with the board
RESTARTS = 2
HOPELESS = 8             # sampling this many short of n: local search has never closed such a gap


class Infeasible(PnpError):
    """The limits leave no room for that many dots (or the search could not find it)."""


class Placer:
    """Scores candidate positions for one dot against the others, all roles of every triple."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.clear2 = float(limits.clearance) ** 2
        self.space2 = float(limits.spacing) ** 2

    def random_dots(self, rng: random.Random, k: int) -> list[Dot]:
        lo, hi = self.limits.lo, self.limits.hi
        return [(rng.randint(lo, hi), rng.randint(lo, hi)) for _ in range(k)]

    def conflicts(self, others: list[Dot], candidates: list[Dot]) -> np.ndarray:
        """For each candidate c, how many limits break if c joins ``others``."""
        c = np.asarray(candidates, dtype=np.float64).reshape(-1, 1, 2)
        if not others:
            return np.zeros(len(candidates), dtype=np.int64)
        d = np.asarray(others, dtype=np.float64).reshape(1, -1, 2)
        delta = d - c                                           # (K, m, 2): c -> each other dot
        dist2 = (delta ** 2).sum(axis=2)                        # (K, m)
        bad = (dist2 < self.space2 - 1e-9).sum(axis=1)
        m = len(others)
        if m >= 2:
            i, j = np.triu_indices(m, 1)
            # c near the line through two others
            a, b = d[0, i], d[0, j]                             # (P, 2)
            ab = b - a
            ab2 = (ab ** 2).sum(axis=1)                         # (P,)
            ac = c - a                                          # (K, P, 2)
            cross = ab[:, 0] * ac[..., 1] - ab[:, 1] * ac[..., 0]
            bad += (cross ** 2 < self.clear2 * ab2 - 1e-6).sum(axis=1)
            # another dot near the line through c and a third: each ordered pair (p, q), p != q,
            # line c-p, dot q. cross(c->p, c->q)^2 < clear^2 * |cp|^2
            cp = delta[:, :, None, :]                           # (K, m, 1, 2)
            cq = delta[:, None, :, :]                           # (K, 1, m, 2)
            cross2 = (cp[..., 0] * cq[..., 1] - cp[..., 1] * cq[..., 0]) ** 2   # (K, m, m)
            near = cross2 < self.clear2 * dist2[:, :, None] - 1e-6
            idx = np.arange(m)
            near[:, idx, idx] = False
            bad += near.sum(axis=(1, 2))
        return bad

    def place(self, n: int, rng: random.Random) -> tuple[Dot, ...]:
        best_count = 0
        for _ in range(RESTARTS):
            dots = self._sample(n, rng)
            best_count = max(best_count, len(dots))
            if n - len(dots) > HOPELESS:
                break
            if len(dots) < n:
                dots = self._repair(dots + self.random_dots(rng, n - len(dots)), rng)
            if dots is not None and not self.limits.problems(tuple(sorted(dots))):
                return tuple(sorted(dots))
        raise Infeasible(self._advice(n, best_count))

    def _sample(self, n: int, rng: random.Random) -> list[Dot]:
        dots: list[Dot] = []
        for _ in range(n):
            candidates = self.random_dots(rng, SAMPLE_TRIES)
            free = np.flatnonzero(self.conflicts(dots, candidates) == 0)
            if len(free) == 0:
                break
            dots.append(candidates[int(free[0])])
        return dots

    def involvement(self, dots: list[Dot]) -> np.ndarray:
        """For each dot, how many broken limits it takes part in (any role)."""
        d = np.asarray(dots, dtype=np.float64)
        n = len(d)
        delta = d[None, :, :] - d[:, None, :]                    # (n, n, 2): i -> j
        dist2 = (delta ** 2).sum(axis=2)
        close = dist2 < self.space2 - 1e-9
        np.fill_diagonal(close, False)
        count = close.sum(axis=1).astype(np.int64)
        # near[i, j, k]: dot k is too close to the line through i and j
        cross = delta[:, :, None, 0] * delta[:, None, :, 1] - delta[:, :, None, 1] * delta[:, None, :, 0]
        near = cross ** 2 < self.clear2 * dist2[:, :, None] - 1e-6
        idx = np.arange(n)
        near[idx, idx, :] = False
        near[idx, :, idx] = False
        near[:, idx, idx] = False
        count += near.sum(axis=(1, 2)) + near.sum(axis=(0, 2)) + near.sum(axis=(0, 1))
        return count

    def _repair(self, dots: list[Dot], rng: random.Random) -> list[Dot] | None:
        """Min-conflicts: move the most troubled dot to the best of some nearby and far positions."""
        n = len(dots)
        lo, hi = self.limits.lo, self.limits.hi
        reach = max(2, (hi - lo) // 8)
        for _ in range(STEPS_PER_DOT * n):
            load = self.involvement(dots)
            troubled = np.flatnonzero(load > 0)
            if len(troubled) == 0:
                return dots
            if rng.random() < 0.3:      # random walk: keeps the search from circling one dot
                i = int(troubled[rng.randrange(len(troubled))])
            else:
                worst = np.flatnonzero(load == load.max())
                i = int(worst[rng.randrange(len(worst))])
            x, y = dots[i]
            near = [(min(hi, max(lo, x + rng.randint(-reach, reach))),
                     min(hi, max(lo, y + rng.randint(-reach, reach)))) for _ in range(CANDIDATES // 2)]
            candidates = near + self.random_dots(rng, CANDIDATES - len(near))
            others = dots[:i] + dots[i + 1:]
            scores = self.conflicts(others, candidates)
            best = np.flatnonzero(scores == scores.min())
            dots[i] = candidates[int(best[rng.randrange(len(best))])]
        return None

    def _advice(self, n: int, placed: int) -> str:
        lim = self.limits
        side = lim.grid * lim.unit_mm
        return (f"cannot place {n} dots with {float(lim.clearance) * lim.unit_mm:g} mm clearance and "
                f"{float(lim.spacing) * lim.unit_mm:g} mm spacing on a {side:g} mm board "
                f"(random sampling fitted {placed}); use fewer dots, a smaller clearance_mm or "
                f"spacing_mm, or a larger size_mm")

