"""The search's first fill in plain Python (pnp/games/cliquer/fill.py) finds the positions
numpy's ``Field`` (search.py) finds free, to the last bit, and so fills a short board exactly as
``Field.fill`` does: the boards of a spec do not depend on whether numpy was imported first."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from fractions import Fraction
from itertools import product

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from support.paths import AWAY
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.fill import _still_free, first_fill, lattice
from pnp.games.cliquer.placer import Placer
from pnp.games.cliquer.search import Field

LIMITS = Limits(90, 170, 3, 5, 6)


def a_placer(space2: float, clear2: float) -> Placer:
    """A placer with these squared limits (in lattice units), whatever Limits would make."""
    made = Placer(LIMITS)
    made.space2, made.clear2 = space2, clear2
    return made


def numpy_free(made: Placer, dots) -> list[int]:
    """The positions numpy's Field scores 0 with ``dots`` added in order."""
    field = Field(made, list(dots), len(dots) + 1)
    return [int(j) for j in np.flatnonzero(field.total == 0)]


def python_free(made: Placer, dots) -> list[int]:
    step, side = lattice(made.limits.lo, made.limits.hi)
    axis = [float(v) for v in range(made.limits.lo, made.limits.hi + 1, step)]
    positions = [(j, axis[j // side], axis[j % side]) for j in range(side * side)]
    for k, dot in enumerate(dots):
        positions = _still_free(made, positions, dot, list(dots[:k]))
    return [j for j, _, _ in positions]


@st.composite
def squares(draw):
    """(space2, clear2) putting lattice points on the thresholds: space2 = d + 1e-9 puts the
    spacing floor within an ulp of a squared distance d; clear2 = (m + 1e-6) / q puts
    clear2 * q - 1e-6 within an ulp of a squared cross m; or squares of simple fractions."""
    if draw(st.booleans()):
        return (draw(st.integers(0, 400)) + draw(st.sampled_from([1e-9, 0.0, 2e-9])),
                (draw(st.integers(0, 2000)) + draw(st.sampled_from([1e-6, 0.0, 2e-6])))
                / draw(st.integers(1, 200)))
    return (float(draw(st.integers(0, 20))) ** 2,
            float(Fraction(draw(st.integers(0, 12)), draw(st.sampled_from([1, 2, 4, 3, 7])))) ** 2)


@st.composite
def field_scene(draw):
    """Limits (a real Limits, on grids with every lattice point weighed and with every 2nd or
    3rd, or squares on the thresholds) and dots in the order they were added, anywhere inside."""
    made = Placer(Limits(draw(st.integers(12, 300)), draw(st.sampled_from([40, 80, 115, 170, 180])),
                         draw(st.sampled_from([0.5, 1, 2, 2.5, 3])),
                         draw(st.sampled_from([1, 2, 5, 7.5])), draw(st.sampled_from([0, 2, 6]))))
    if made.limits.lo > made.limits.hi:
        made = Placer(LIMITS)
    if draw(st.booleans()):
        made.space2, made.clear2 = draw(squares())
    lo, hi = made.limits.lo, made.limits.hi
    dot = st.tuples(st.integers(lo, hi), st.integers(lo, hi))
    return made, draw(st.lists(dot, max_size=9))


@settings(max_examples=300, deadline=None)
@given(field_scene())
@example((a_placer(25.0 + 1e-9, (25 + 1e-6) / 25), [(12, 12), (15, 16), (40, 12)]))
def test_free_positions_are_where_numpy_s_field_scores_zero(case):
    made, dots = case
    assert python_free(made, dots) == numpy_free(made, dots)


def test_free_positions_on_the_thresholds():
    """clear2 set so that a triple (a position c, a dot a and the dot b added before it) sits on
    the threshold of one role to an ulp, the role with the largest squared side (so the other
    two cannot break there): a test that rounds any term otherwise than numpy, or compares with
    <= for <, answers differently for c in some of these."""
    rng = random.Random(14)
    lo, hi = LIMITS.lo, LIMITS.hi
    roles = {0: 0, 1: 0, 2: 0}
    while min(roles.values()) < 25:
        (ax, ay), (bx, by), (cx, cy) = [(rng.randint(lo, hi), rng.randint(lo, hi)) for _ in range(3)]
        cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        sides = [(bx - ax) ** 2 + (by - ay) ** 2,       # c by the line ab
                 (cx - ax) ** 2 + (cy - ay) ** 2,       # b by the line ca
                 (cx - bx) ** 2 + (cy - by) ** 2]       # a by the line cb
        role = max(range(3), key=sides.__getitem__)
        if cross == 0 or sorted(sides)[1] == sides[role]:
            continue
        made = a_placer(1.0 + 1e-9, (cross * cross + rng.choice([1e-6, 1e-6, 0.0, 2e-6])) / sides[role])
        dots = [(bx, by), (ax, ay)]
        assert python_free(made, dots) == numpy_free(made, dots)
        roles[role] += 1


CROWDED = [Limits(120, 180, 2.0, 8, 6), Limits(96, 170, 1.5, 6, 5), Limits(60, 80, 2.0, 6, 4),
           Limits(400, 180, 1.0, 5, 6), Limits(90, 170, 3, 5, 6)]


def test_the_first_fill_is_the_search_s_own():
    """On boards sampling leaves short: first_fill gives the board numpy's first fill gives and
    leaves the random stream where that fill leaves it, or gives None and leaves it untouched.
    Both outcomes happen here."""
    outcomes = {"filled": 0, "left": 0}
    for limits, n, seed in product(CROWDED, (12, 16, 19, 22, 25), range(4)):
        made = Placer(limits)
        rng = random.Random(seed)
        sampled = made._sample(n, rng)
        if len(sampled) == n and not limits.problems(tuple(sorted(sampled))):
            continue
        mine, theirs = random.Random(), random.Random()
        mine.setstate(rng.getstate())
        theirs.setstate(rng.getstate())
        board = first_fill(made, sampled, n, mine)
        field = Field(made, sampled, n)
        field.fill(theirs)
        if field.full and not limits.problems(field.board()):
            assert board == field.board() and mine.getstate() == theirs.getstate()
            outcomes["filled"] += 1
        else:
            assert board is None and mine.getstate() == rng.getstate()
            outcomes["left"] += 1
    assert outcomes["filled"] > 10 and outcomes["left"] > 10, outcomes


SHORT = """
import random, sys
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.placer import Placer
if sys.argv[1] == "numpy":
    import numpy
placer = Placer(Limits(90, 170, 3, 10, 6))
boards = [placer.place(12, random.Random(f"short-{k}")) for k in range(40)]
before = "numpy" in sys.modules
boards += [placer.place(17, random.Random(f"crowded-{k}")) for k in range(6)]
print(before, "numpy" in sys.modules, repr(boards))
"""


def test_short_boards_are_the_same_with_or_without_numpy_imported_first():
    """12-dot boards sampling often leaves short (the plain first fill finishes them: numpy is
    not imported), then 17-dot ones it cannot finish (the numpy search does): placed in a
    process where numpy was imported first (the placer goes straight to the search) and in one
    where it was not, the same boards."""
    runs = {how: subprocess.run([sys.executable, "-c", SHORT, how], capture_output=True, text=True,
                                timeout=300, cwd=AWAY).stdout.split(" ", 2) for how in ("numpy", "plain")}
    assert runs["numpy"][:2] == ["True", "True"] and runs["plain"][:2] == ["False", "True"]
    assert runs["numpy"][2] == runs["plain"][2]


def test_the_corpus_above_has_boards_each_way():
    """Of the 12-dot boards some are short and filled in plain Python; of the 17-dot ones some
    are left to the search (so the test above compares both ways of placing a short board)."""
    placer = Placer(Limits(90, 170, 3, 10, 6))
    filled = left = 0
    for n, name, count in ((12, "short", 40), (17, "crowded", 6)):
        for k in range(count):
            rng = random.Random(f"{name}-{k}")
            dots = placer._sample(n, rng)
            if len(dots) < n or placer.limits.problems(tuple(sorted(dots))):
                board = first_fill(placer, dots, n, rng)
                filled += board is not None
                left += board is None
    assert filled >= 5 and left >= 1, (filled, left)
