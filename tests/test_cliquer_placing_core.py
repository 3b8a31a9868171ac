"""The placing core (pnp/games/cliquer/_placing.c) picks the very candidate the Python scan of
``Placer.fits`` picks and counts the dots in every triangle as ``containment_counts`` does, to the
last bit: a spec's boards (and PDF) must be the same on a machine where it could not be built."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations, permutations, product
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp import build, spec
from pnp.games.cliquer import difficulty, placer, to_data
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.placer import Placer, placing_core

pytestmark = pytest.mark.skipif(
    placer._placing is None,
    reason="the C placing core (pnp.games.cliquer._placing) is not built here (no C compiler "
           "when pnp was installed?); nothing to compare the Python loops with")


LIMITS = Limits(90, 170, 3, 5, 6)


def a_placer(space2: float, clear2: float) -> Placer:
    """A placer with these squared limits (in lattice units), whatever Limits would make."""
    made = Placer(LIMITS)
    made.space2, made.clear2 = space2, clear2
    return made


def scan(made: Placer, others, candidates) -> int:
    """The Python first fit, written out here as the callers wrote it before the core."""
    return next((k for k, c in enumerate(candidates) if made.fits(others, c)), -1)


@st.composite
def squares(draw):
    """(space2, clear2): a real Limits' own, or values that put lattice points on the thresholds
    (space2 = d + 1e-9 puts space = space2 - 1e-9 within an ulp of a squared distance d, and
    clear2 = (m + 1e-6) / q puts clear2 * q - 1e-6 within an ulp of a squared cross m), or any
    floats, infinities and NaN included (C compares and propagates them as Python does)."""
    kind = draw(st.sampled_from(["limits", "ties", "ties", "plain", "any", "odd"]))
    if kind == "limits":
        made = Placer(Limits(draw(st.integers(12, 255)), draw(st.sampled_from([40, 80, 115, 170, 180])),
                             draw(st.sampled_from([0.5, 1, 2, 2.5, 3, 4.5])),
                             draw(st.sampled_from([1, 2, 5, 7.5, 10])), draw(st.sampled_from([0, 2, 6]))))
        return made.space2, made.clear2
    if kind == "ties":
        space2 = draw(st.integers(0, 400)) + draw(st.sampled_from([1e-9, 0.0, 2e-9]))
        clear2 = (draw(st.integers(0, 2000)) + draw(st.sampled_from([1e-6, 0.0, 2e-6]))) / \
            draw(st.integers(1, 200))
        return space2, clear2
    if kind == "plain":       # squares of simple fractions: exact products, exact-integer ties
        return (float(draw(st.integers(0, 20))) ** 2,
                float(Fraction(draw(st.integers(0, 12)), draw(st.sampled_from([1, 2, 4, 3, 7])))) ** 2)
    if kind == "any":
        return draw(st.floats(-1, 1e4)), draw(st.floats(0, 100))
    odd = st.sampled_from([math.nan, math.inf, -math.inf, 0.0, -0.0, 1e300, 5e-324])
    return draw(odd), draw(odd)


@st.composite
def scene(draw):
    """Placed dots and candidates on a grid of 12..255, often on a coarse sub-lattice (equal
    distances, collinear and right-angled triples: ties everywhere)."""
    grid = draw(st.integers(12, 255))
    step = draw(st.sampled_from([1, 1, 2, 3, 5, max(1, grid // 12)]))
    coord = st.integers(0, grid // step).map(lambda k: k * step)
    dot = st.tuples(coord, coord)
    others = draw(st.lists(dot, max_size=12))
    candidates = draw(st.lists(dot, max_size=80))
    return others, candidates


@settings(max_examples=1500, deadline=None)
@given(scene(), squares())
@example(([(0, 0), (10, 0)], [(5, 0), (5, 5), (20, 0)]), (4.0, 1.0))
@example(([(0, 0), (3, 4)], [(3, 4), (6, 8), (0, 5)]), (25.0 + 1e-9, (25 + 1e-6) / 25))
def test_first_fit_is_the_python_scan(scene, limits):
    others, candidates = scene
    made = a_placer(*limits)
    want = scan(made, others, candidates)
    assert placer._placing.first_fit(others, candidates, made.space2 - 1e-9, made.clear2) == want
    assert made.first_fit(others, candidates, "c") == want == made.first_fit(others, candidates, "python")


def ulps(x: float, k: int) -> float:
    """x moved k floats up (k < 0: down)."""
    for _ in range(abs(k)):
        x = math.nextafter(x, math.inf if k > 0 else -math.inf)
    return x


NEAR = st.sampled_from([0, 0, 0, 0, 1, -1, 2, -2])     # ulps off the value: mostly on it
TIES = [0.0, 1e-9, 2e-9, -1e-9, 1e-6, 2e-6, 1e-6 + 1e-12, 1e-6 - 1e-12]


@settings(max_examples=400, deadline=None)
@given(st.data(), squares())
def test_first_fit_is_the_python_scan_with_limits_on_the_candidates_own_values(data, limits):
    """Each candidate alone, with the limits put on its own values: space2 on a squared distance
    to a placed dot, and clear2 on a squared cross product over |ab|^2 (c against line ab) or
    over |cp|^2 (q against line cp), each with the 1e-9 or 1e-6 the tests subtract added back,
    give or take a little and a few ulps: the comparisons land within an ulp or two of a tie,
    where a product rounded otherwise (a fused multiply-add, say) would flip them."""
    others = data.draw(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=1,
                                max_size=6))
    cx, cy = c = data.draw(st.tuples(st.integers(0, 40), st.integers(0, 40)))
    dist2 = [(x - cx) ** 2 + (y - cy) ** 2 for x, y in others]
    ratios = [(limits[1], 1)]               # (squared cross, its |ab|^2 or |cp|^2)
    for (ax, ay), (bx, by) in combinations(others, 2):
        ab2 = (bx - ax) ** 2 + (by - ay) ** 2
        if ab2:
            ratios.append((((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) ** 2, ab2))
    for (p, (px, py)), (q, (qx, qy)) in combinations(enumerate(others), 2):
        for d2 in (dist2[p], dist2[q]):
            if d2:
                ratios.append((((px - cx) * (qy - cy) - (py - cy) * (qx - cx)) ** 2, d2))
    space2 = ulps(data.draw(st.sampled_from(dist2)) + data.draw(st.sampled_from(TIES)),
                  data.draw(NEAR))
    cross2, den = data.draw(st.sampled_from(ratios))
    clear2 = ulps((cross2 + data.draw(st.sampled_from(TIES))) / den, data.draw(NEAR))
    for space, clear in ((space2, clear2), (space2, limits[1]), (limits[0], clear2)):
        made = a_placer(space, clear)
        assert made.first_fit(others, [c], "c") == scan(made, others, [c])


def test_first_fit_is_the_python_scan_on_a_sweep_of_ties():
    """The same, deterministically and many times over: small random scenes, and for each of
    its squared crosses and distances every tie offset and a few ulps either way."""
    rng = random.Random(2024)
    checked = disagree = 0
    for _ in range(120):
        others = [(rng.randint(0, 20), rng.randint(0, 20)) for _ in range(rng.randint(2, 5))]
        cx, cy = c = (rng.randint(0, 20), rng.randint(0, 20))
        dist2 = [(x - cx) ** 2 + (y - cy) ** 2 for x, y in others]
        ratios = set()
        for (ax, ay), (bx, by) in combinations(others, 2):
            ratios.add((((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) ** 2,
                        (bx - ax) ** 2 + (by - ay) ** 2))
        for (p, (px, py)), (q, (qx, qy)) in combinations(enumerate(others), 2):
            cross2 = ((px - cx) * (qy - cy) - (py - cy) * (qx - cx)) ** 2
            ratios.update({(cross2, dist2[p]), (cross2, dist2[q])})
        spaces = [ulps(d + tie, k) for d in {0, min(dist2)} for tie in (0.0, 1e-9) for k in (-1, 0, 1)]
        for cross2, den in sorted(r for r in ratios if r[1]):
            for tie in (0.0, 1e-6, 2e-6):
                for k in range(-2, 3):
                    clear2 = ulps((cross2 + tie) / den, k)
                    for space2 in spaces:
                        made = a_placer(space2, clear2)
                        checked += 1
                        disagree += made.first_fit(others, [c], "c") != scan(made, others, [c])
    assert checked > 20000 and disagree == 0


@settings(max_examples=800, deadline=None)
@given(scene(), squares(), st.binary(max_size=161), st.integers(-300, 300))
def test_first_draw_fit_is_first_fit_on_the_dots_the_draws_make(case, limits, draws, lo):
    others, _ = case
    made = a_placer(*limits)
    dots = placer._dots(lo, draws)          # an odd last draw makes no dot
    assert placer._placing.first_draw_fit(others, draws, lo, made.space2 - 1e-9, made.clear2) \
        == scan(made, others, dots)


def test_sampling_screens_the_draws_as_it_screened_the_dots():
    """A board sampled with the C core (draws screened as bytes) and with the Python scan of
    the very same dots: the same dots, the random stream left in the same place."""
    for grid in (12, 90, 255, 300, 5000):       # bytewise draws up to 255 steps, then words
        limits = Limits(grid, 170, 3, 5, 6)
        for seed in range(20):
            made = Placer(limits)
            c, python = random.Random(seed), random.Random(seed)
            assert made._sample(12, c, "c") == made._sample(12, python, "python")
            assert c.random() == python.random()


def test_first_fit_takes_the_first_and_reads_no_further():
    made = a_placer(4.0, 1.0)
    assert made.first_fit([(0, 0)], [(1, 1), (5, 5), (6, 6)], "c") == 1
    assert made.first_fit([], [(0, 0), (1, 1)], "c") == 0
    assert made.first_fit([(0, 0)], [], "c") == -1
    # past the first fit nothing is looked at, as Python's generator does not look
    assert made.first_fit([(0, 0)], [(5, 5), "not a dot"], "c") == 0


def test_what_it_does_not_vouch_for_goes_to_the_python_scan():
    fit = placer._placing.first_fit
    for others, candidates in (([(0, 0)], [(2**51, 0)]), ([(2**60, 0)], [(0, 0)]),
                               ([(0.0, 0)], [(5, 5)]), ([(0, 0)], [(5.0, 5)]), ([(True, 0)], [(5, 5)]),
                               ([(0, 0, 0)], [(5, 5)]), ([(0, 0)], [(5, 5, 5)]),
                               ((p for p in [(0, 0)]), [(5, 5)]), ([(0, 0)], iter([(5, 5)])),
                               ([(0, 0)] * 4097, [(5, 5)])):
        assert fit(others, candidates, 1.0, 1.0) is NotImplemented
    made = a_placer(4.0, 1.0)
    huge = [(2**60, 0), (2**60 + 10, 0)]
    assert made.first_fit(huge, [(2**60 + 5, 0), (2**60 + 5, 5)], "c") == 1     # Python's answer
    assert made.first_fit([(0, 0)], [(5.0, 5.5)], "c") == 0
    with pytest.raises(ValueError):          # Python's own error for a malformed dot
        made.first_fit([(0, 0)], [(5, 5, 5)], "c")
    counts = placer._placing.containment_counts
    assert counts([(0, 0)] * 65) is NotImplemented
    assert counts([(0, 0), (2**20 + 1, 0), (0, 5)]) is NotImplemented
    assert counts([(0, 0), (-2**20, 0), (0, 2**20)]) == [0]
    assert counts([(0.0, 0), (1, 0), (0, 1)]) is NotImplemented
    big = [(0, 0), (2**30, 0), (0, 2**30), (1, 1)]
    assert difficulty.containment_counts(big, "c") == python_counts(big) == [1, 0, 0, 0]


def python_counts(dots):
    return difficulty._containment_counts_python(dots)


@settings(max_examples=800, deadline=None)
@given(st.integers(1, 20), st.sets(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=20))
def test_containment_counts_are_python_s_on_a_coarse_lattice(step, points):
    """Duplicate-free dots on a small lattice: collinear triples and dots on edges galore."""
    dots = [(x * step, y * step) for x, y in sorted(points)]
    assert difficulty.containment_counts(dots, "c") == python_counts(dots)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 255), st.integers(0, 255)), min_size=3, max_size=20,
                unique=True), st.randoms(use_true_random=False))
def test_containment_counts_are_python_s(dots, rnd):
    rnd.shuffle(dots)
    assert placer._placing.containment_counts(dots) == python_counts(dots)
    assert placer._placing.containment_counts(tuple(dots)) == python_counts(dots)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=3, max_size=20),
       st.integers(0, 3))
def test_containment_counts_are_python_s_with_collinear_and_repeated_dots(dots, line):
    if line:        # a whole run along one line
        dots = dots + [(k, line * k) for k in range(len(dots) % 7)]
    assert difficulty.containment_counts(dots, "c") == python_counts(dots)


def test_containment_counts_at_64_dots():
    rng = random.Random(64)
    dots = [(rng.randint(-2**20, 2**20), rng.randint(-2**20, 2**20)) for _ in range(64)]
    assert placer._placing.containment_counts(dots) == python_counts(dots)


@st.composite
def checked_board(draw):
    """Limits with simple exact spacing and clearance (a few lattice units, often whole, so
    that distances and areas meet them exactly) and dots on a coarse sub-lattice around the
    margins (ties, repeats, collinear triples, dots just outside)."""
    limits = Limits(60, 120, 2, 5, 4)
    limits.spacing = Fraction(draw(st.integers(0, 12)), draw(st.sampled_from([1, 1, 2, 3])))
    limits.clearance = Fraction(draw(st.integers(0, 12)), draw(st.sampled_from([1, 1, 2, 5])))
    limits.lo, limits.hi = draw(st.integers(-3, 6)), draw(st.integers(30, 62))
    step = draw(st.sampled_from([1, 2, 3, 4, 6]))
    coord = st.integers(-1, 64 // step).map(lambda k: k * step)
    return limits, draw(st.lists(st.tuples(coord, coord), max_size=10))


@settings(max_examples=1500, deadline=None)
@given(checked_board())
@example((Limits(60, 120, 2, 5, 4), [(10, 10), (20, 10), (15, 14)]))
def test_clean_is_python_s(case):
    limits, dots = case
    assert limits.clean(tuple(dots), "c") == limits.clean(tuple(dots), "python")


def test_clean_on_each_threshold():
    """Exactly at the spacing and at the clearance a board is clean; a hair under, not."""
    limits = Limits(60, 120, 2, 5, 4)
    limits.lo, limits.hi = 0, 60
    limits.spacing, limits.clearance = Fraction(5), Fraction(3)
    apart, clear = ((0, 0), (3, 4)), ((0, 0), (8, 0), (2, 6))     # |ab| = 5; c 3 * 8 / 8 from ab
    for core in ("c", "python"):
        assert limits.clean(apart, core) and limits.clean(((0, 20), (8, 20), (2, 26)), core)
        # a dot 3 units off the long side (the other two heights near 6), then 2: in each role
        for order in permutations(((0, 0), (20, 0), (10, 3))):
            assert limits.clean(order, core)
        for order in permutations(((0, 0), (20, 0), (10, 2))):
            assert not limits.clean(order, core)
        assert not limits.clean(((0, 0), (3, 3)), core) and limits.clean(clear, core)
        assert not limits.clean(((0, 0), (1, 0), (2, 0)), core)       # collinear
        assert not limits.clean(((0, 0), (0, 0)), core) and not limits.clean(((-1, 0),), core)
    limits.spacing, limits.clearance = Fraction(7, 2), Fraction(12, 5)
    for core in ("c", "python"):      # 3.5 apart: (0, 0)-(2, 3) is sqrt(13) > 3.5 > sqrt(12)
        assert limits.clean(((0, 0), (2, 3)), core) and not limits.clean(((0, 0), (2, 2)), core)


def test_clean_leaves_to_python_what_it_does_not_vouch_for():
    clean = placer._placing.clean
    for dots, lims in ((((0, 0), (5, 5)), (2**20 + 1, 9, 1, 1, 1, 1)),
                       ((((2**20 + 1), 0),), (0, 9, 1, 1, 1, 1)),
                       (((0, 0),), (0, 9, 2**40 + 1, 1, 1, 1)), (((0, 0),), (0, 9, 1, 1, 1, -1)),
                       (((0, 0),), (0, 9, 1.0, 1, 1, 1)), (((0, 0),), (True, 9, 1, 1, 1, 1)),
                       (((0.0, 0),), (0, 9, 1, 1, 1, 1)), ([(0, 0)] * 257, (0, 9, 1, 1, 1, 1))):
        assert clean(dots, *lims) is NotImplemented
    assert clean([(0, 0), (2**20, 2**20), (-2**20, 2**20)], -2**20, 2**20, 2**40, 1, 1, 2**40) is True
    far = ((0, 0), (2**21, 0), (0, 2**21))            # past the core's bounds: Python's answer
    limits = Limits(60, 120, 2, 5, 4)
    limits.lo, limits.hi = 0, 2**21
    assert limits.clean(far, "c") == limits.clean(far, "python") is True


def test_the_core_is_chosen_by_the_environment(monkeypatch):
    monkeypatch.delenv("PNP_PLACING_CORE", raising=False)
    assert placing_core() == "c"
    monkeypatch.setenv("PNP_PLACING_CORE", "python")
    assert placing_core() == "python"
    assert placing_core("c") == "c"
    monkeypatch.setenv("PNP_PLACING_CORE", "fortran")
    with pytest.raises(ValueError, match="fortran"):
        placing_core()


PACK = """\
title: Placing, C and Python
seed: placing-core
items:
  - {kind: cliquer, count: 40}
  - {kind: cliquer, dots: 14, count: 6}
  - {kind: cliquer, size: quarter, count: 12}
  - {kind: cliquer, difficulty: hard, count: 4}
  - {kind: cliquer, difficulty: easy, dots: 10, count: 3}
  - {kind: cliquer, worksheet: true, dots: 8, difficulty: medium, count: 3}
  - {kind: cliquer, dots: 20, spacing_mm: 5, clearance_mm: 2.5, count: 2}
"""


def test_a_whole_pack_has_the_same_boards_with_either_core(monkeypatch):
    """Every board of a pack (plain, crowded, small, made to a difficulty, worksheets) the same
    with the C core as with the Python loops; and the C core did the work."""
    made = {}
    calls = {"first_fit": 0, "first_draw_fit": 0, "containment_counts": 0, "free_positions": 0}
    real = placer._placing

    class Counting:
        def __getattr__(self, name):
            calls[name] += 1
            return getattr(real, name)

    for core in ("c", "python"):
        monkeypatch.setenv("PNP_PLACING_CORE", core)
        monkeypatch.setattr(placer, "_placing", Counting())
        monkeypatch.setattr(difficulty, "_placing", Counting())
        made[core] = [to_data(board) for board in build.generate_all(spec.loads(PACK), "placing-core")]
        if core == "c":
            assert calls["first_draw_fit"] > 500 and calls["containment_counts"] >= 70
            assert calls["free_positions"] > 0          # the crowded boards' first fill
            calls.update(dict.fromkeys(calls, 0))
    assert set(calls.values()) == {0}                   # python: no C at all
    assert len(made["c"]) == 70
    assert made["c"] == made["python"]


# --- the search's first fill without numpy (pnp/games/cliquer/fill.py, free_positions) ---------

np = pytest.importorskip("numpy")


def numpy_free(made: Placer, dots) -> list[int]:
    """The positions numpy's Field (search.py) scores 0 with ``dots`` added in order."""
    from pnp.games.cliquer.search import Field

    field = Field(made, list(dots), len(dots) + 1)
    return [int(j) for j in np.flatnonzero(field.total == 0)]


def core_free(made: Placer, dots):
    from pnp.games.cliquer.fill import lattice

    step, side = lattice(made.limits.lo, made.limits.hi)
    return placer._placing.free_positions(list(dots), made.limits.lo, step, side,
                                          made.space2 - 1e-9, made.clear2)


@st.composite
def field_scene(draw):
    """Limits (a real Limits on a grid small enough to weigh every position, or one with squares
    that put lattice points on the thresholds) and dots in the order they were added, on the
    search's lattice or anywhere inside (the sampled dots are anywhere)."""
    grid = draw(st.integers(12, 300))
    made = Placer(Limits(grid, draw(st.sampled_from([40, 80, 115, 170, 180])),
                         draw(st.sampled_from([0.5, 1, 2, 2.5, 3])),
                         draw(st.sampled_from([1, 2, 5, 7.5])), draw(st.sampled_from([0, 2, 6]))))
    if made.limits.lo > made.limits.hi:
        made = Placer(LIMITS)
    if draw(st.booleans()):
        made.space2, made.clear2 = draw(squares().filter(
            lambda s: all(math.isfinite(v) and v >= 0 for v in s)))
    lo, hi = made.limits.lo, made.limits.hi
    dot = st.tuples(st.integers(lo, hi), st.integers(lo, hi))
    return made, draw(st.lists(dot, max_size=9))


@settings(max_examples=300, deadline=None)
@given(field_scene())
@example((a_placer(25.0 + 1e-9, (25 + 1e-6) / 25), [(12, 12), (15, 16), (40, 12)]))
def test_free_positions_are_where_numpy_s_field_scores_zero(case):
    made, dots = case
    assert core_free(made, dots) == numpy_free(made, dots)


def test_free_positions_on_the_thresholds():
    """clear2 set so that a triple (a position c, a dot a and the dot b added before it) sits on
    the threshold of one role to an ulp, the role with the largest squared side (so the other
    two roles cannot break there): a core that rounds any term otherwise than numpy, or compares
    with <= for <, answers differently for c in some of these."""
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
        assert core_free(made, dots) == numpy_free(made, dots)
        roles[role] += 1


CROWDED = [Limits(120, 180, 2.0, 8, 6), Limits(96, 170, 1.5, 6, 5), Limits(60, 80, 2.0, 6, 4),
           Limits(400, 180, 1.0, 5, 6), Limits(90, 170, 3, 5, 6)]


def test_the_first_fill_is_the_search_s_own():
    """On boards sampling leaves short: first_fill gives the board numpy's first fill gives, and
    leaves the random stream where that fill leaves it; or gives None and leaves it untouched.
    Both outcomes happen here."""
    from pnp.games.cliquer.fill import first_fill
    from pnp.games.cliquer.search import Field

    outcomes = {"filled": 0, "left": 0}
    for limits, n, seed in product(CROWDED, (12, 16, 19, 22, 25), range(5)):
        made = Placer(limits)
        rng = random.Random(seed)
        sampled = made._sample(n, rng, "c")
        if len(sampled) == n and not limits.problems(tuple(sorted(sampled))):
            continue
        mine, theirs = random.Random(), random.Random()
        mine.setstate(rng.getstate())
        theirs.setstate(rng.getstate())
        board = first_fill(made, sampled, n, mine, "c")
        field = Field(made, sampled, n)
        field.fill(theirs)
        if field.full and not limits.problems(field.board()):
            assert board == field.board() and mine.getstate() == theirs.getstate()
            outcomes["filled"] += 1
        else:
            assert board is None and mine.getstate() == rng.getstate()
            outcomes["left"] += 1
    assert outcomes["filled"] > 20 and outcomes["left"] > 20, outcomes


def test_free_positions_declines_what_it_does_not_vouch_for():
    free = placer._placing.free_positions
    for dots, lo, step, side in (([(0.0, 0)], 0, 1, 5), ([(True, 0)], 0, 1, 5), ([(0, 0, 0)], 0, 1, 5),
                                 ([(2**51, 0)], 0, 1, 5), ([(0, 0)], 2**51, 1, 5),
                                 ([(0, 0)], 0, 2**51, 5), ([(0, 0)], 0, 2**49, 5),
                                 ([(0, 0)], 0, 0, 5), ([(0, 0)], 0, 1, 0), ([(0, 0)], 0, 1, 4097),
                                 ([(0, 0)] * 257, 0, 1, 5), (iter([(0, 0)]), 0, 1, 5)):
        assert free(dots, lo, step, side, 1.0, 1.0) is NotImplemented
    assert free([], -3, 2, 3, 1.0, 1.0) == list(range(9))
    assert free([(1, 1)], -3, 2, 3, 4.0 + 1e-9, 1.0) == [0, 1, 2, 3, 4, 6]   # not at 2 from (1, 1)


def test_a_9_dot_board_the_search_makes_needs_no_numpy(tmp_path):
    """Board 349 of the bench pack is one sampling cannot place: the first fill finishes it, so
    a pack of any size builds without importing numpy (about 70 ms of CPU)."""
    import os
    import subprocess
    import sys

    import pnp

    # the pnp this test imports (with its C cores), not a source tree in the current folder
    env = {**os.environ, "PYTHONPATH": str(Path(pnp.__file__).parent.parent)}

    code = """
import sys
from pnp.build import run_task, tasks
from pnp.games.cliquer import placer
from pnp.spec import loads

short = []
sample = placer.Placer._sample
def watched(self, n, rng, core=None):
    dots = sample(self, n, rng, core)
    short.append(len(dots) < n)
    return dots
placer.Placer._sample = watched
run_task(tasks(loads("seed: bench\\nitems:\\n  - {kind: cliquer, count: 349}\\n"), "bench")[348])
print(short[-1], "numpy" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path, env=env)
    assert out.stdout.split() == ["True", "False"], out.stdout + out.stderr
