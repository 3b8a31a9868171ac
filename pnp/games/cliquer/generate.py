"""Placing dots: random sampling first, then a min-conflicts local search, then an exact check.

Proposals are scored with numpy floats because they only steer the search; a board is accepted
only when the exact integer check in ``Limits.problems`` finds nothing, so a rounding slip can
cost a step but never a guarantee. Every loop is bounded by a step count (not a clock), so the
same seed gives the same board on every machine, and an impossible request fails in bounded time.
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
        """k random dots, x then y by ``rng.randint(lo, hi)``: the same draws, made faster.

        randint is randrange plus checks around ``getrandbits`` rejection sampling; drawing
        those bits here takes a third of the time and gives the very same numbers (a test
        holds this against randint), so boards do not change.
        """
        lo, hi = self.limits.lo, self.limits.hi
        if type(rng) is not random.Random:      # a subclass may draw its numbers differently
            return [(rng.randint(lo, hi), rng.randint(lo, hi)) for _ in range(k)]
        span = hi - lo + 1
        bits = span.bit_length()
        draw = rng.getrandbits
        out = []
        for _ in range(k):
            x = draw(bits)
            while x >= span:
                x = draw(bits)
            y = draw(bits)
            while y >= span:
                y = draw(bits)
            out.append((lo + x, lo + y))
        return out

    # Every formula below is the same arithmetic in numpy and in plain floats; on integer
    # coordinates it is exact but for the limits' squares, so the two always agree.

    def conflicts(self, others: list[Dot], candidates: list[Dot]) -> np.ndarray:
        """For each candidate c, how many limits break if c joins ``others``."""
        c = np.asarray(candidates, dtype=np.float64)
        bad = np.zeros(len(candidates), dtype=np.int64)
        if not others:
            return bad
        d = np.asarray(others, dtype=np.float64)
        dx = d[None, :, 0] - c[:, None, 0]                     # (K, m): c -> each other dot
        dy = d[None, :, 1] - c[:, None, 1]
        dist2 = dx * dx + dy * dy
        bad += np.count_nonzero(dist2 < self.space2 - 1e-9, axis=1)
        m = len(others)
        if m >= 2:
            i, j = np.triu_indices(m, 1)
            # c near the line through two others
            abx, aby = d[j, 0] - d[i, 0], d[j, 1] - d[i, 1]       # (P,)
            limit = self.clear2 * (abx * abx + aby * aby) - 1e-6
            cross = abx * (c[:, None, 1] - d[i, 1]) - aby * (c[:, None, 0] - d[i, 0])
            bad += np.count_nonzero(cross * cross < limit, axis=1)
            # another dot near the line through c and a third: each ordered pair (p, q), p != q,
            # line c-p, dot q. cross(c->p, c->q)^2 < clear^2 * |cp|^2
            cross = dx[:, :, None] * dy[:, None, :] - dy[:, :, None] * dx[:, None, :]   # (K, m, m)
            near = cross * cross < self.clear2 * dist2[:, :, None] - 1e-6
            bad += np.count_nonzero(near.reshape(len(c), -1), axis=1)
            bad -= np.count_nonzero(near[:, np.arange(m), np.arange(m)], axis=1)
        return bad

    def fits(self, others: list[Dot], c: Dot) -> bool:
        """Does c break no limit with ``others``? The zero test of ``conflicts`` for one
        candidate, in plain floats: quicker for the few candidates sampling weighs."""
        cx, cy = c
        space, clear2 = self.space2 - 1e-9, self.clear2
        rel = []
        for px, py in others:
            dx, dy = float(px - cx), float(py - cy)
            dist2 = dx * dx + dy * dy
            if dist2 < space:
                return False
            rel.append((dx, dy, clear2 * dist2 - 1e-6))
        for k, (ax, ay) in enumerate(others):
            for bx, by in others[k + 1:]:
                abx, aby = float(bx - ax), float(by - ay)
                cross = abx * (cy - ay) - aby * (cx - ax)
                if cross * cross < clear2 * (abx * abx + aby * aby) - 1e-6:
                    return False
        for p, (px, py, limit) in enumerate(rel):
            for q, (qx, qy, _) in enumerate(rel):
                if p != q:
                    cross = px * qy - py * qx
                    if cross * cross < limit:
                        return False
        return True

    def involvement(self, dots: list[Dot]) -> np.ndarray:
        """For each dot, how many broken limits it takes part in (any role)."""
        d = np.asarray(dots, dtype=np.float64)
        n = len(d)
        dx = d[None, :, 0] - d[:, None, 0]                      # (n, n): i -> j
        dy = d[None, :, 1] - d[:, None, 1]
        dist2 = dx * dx + dy * dy
        close = dist2 < self.space2 - 1e-9
        np.fill_diagonal(close, False)
        count = np.count_nonzero(close, axis=1)
        # near[i, j, k]: dot k is too close to the line through i and j
        cross = dx[:, :, None] * dy[:, None, :] - dy[:, :, None] * dx[:, None, :]
        near = cross * cross < self.clear2 * dist2[:, :, None] - 1e-6
        idx = np.arange(n)
        near[idx, idx, :] = False
        near[idx, :, idx] = False
        near[:, idx, idx] = False
        count += (np.count_nonzero(near.reshape(n, -1), axis=1)
                  + np.count_nonzero(near, axis=(0, 2)) + np.count_nonzero(near.reshape(-1, n), axis=0))
        return count

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
            free = next((c for c in candidates if self.fits(dots, c)), None)
            if free is None:
                break
            dots.append(free)
        return dots

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

