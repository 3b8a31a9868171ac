"""Random CliqueR boards for the benches: uniform lattice dots, kept only in clear general position.

Close to what the generator prints (a 90-unit square, dots well apart, no dot close to the line
through two others), but independent of it so the benches run on their own.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from pnp.games.cliquer.geometry import far_enough, line_clear

GRID, SPACING, CLEARANCE = 90, Fraction(10), Fraction(3, 2)


def random_board(n: int, rng: random.Random, grid: int = GRID, spacing: Fraction = SPACING,
                 clearance: Fraction = CLEARANCE) -> tuple[tuple[int, int], ...]:
    """n dots drawn one at a time, uniformly, each redrawn until it keeps every guarantee."""
    for _ in range(1000):
        dots: list[tuple[int, int]] = []
        for _ in range(200 * n):
            p = (rng.randint(0, grid), rng.randint(0, grid))
            if not all(far_enough(p, q, spacing) for q in dots):
                continue
            # every triple in all three roles: p off each line ab, and each old dot off lines through p
            if all(line_clear(a, b, p, clearance) and line_clear(a, p, b, clearance)
                   and line_clear(b, p, a, clearance) for a, b in combinations(dots, 2)):
                dots.append(p)
                if len(dots) == n:
                    return tuple(dots)
    raise ValueError(f"could not place {n} dots")


def corpus(n: int, count: int, seed: int) -> list[tuple[tuple[int, int], ...]]:
    rng = random.Random(f"cliquer-corpus-{n}-{seed}")
    return [random_board(n, rng) for _ in range(count)]
