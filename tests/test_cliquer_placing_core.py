"""The placing core (pnp/games/cliquer/_placing.c) picks the very candidate the Python scan of
``Placer.fits`` picks and counts the dots in every triangle as ``containment_counts`` does, to the
last bit: a spec's boards (and PDF) must be the same on a machine where it could not be built."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations

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
    calls = {"first_fit": 0, "containment_counts": 0}
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
            assert calls["first_fit"] > 500 and calls["containment_counts"] >= 70
            calls.update(first_fit=0, containment_counts=0)
    assert calls == {"first_fit": 0, "containment_counts": 0}     # python: no C at all
    assert len(made["c"]) == 70
    assert made["c"] == made["python"]
