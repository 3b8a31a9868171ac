"""The dot letters' C core (pnp/games/cliquer/_letters.c) puts every letter where the pure-Python
loop and search do, to the last bit, and refuses the same dots with the same words: a spec's PDF
must be the same bytes on a machine where the C core could not be built. Boards go through the
whole-board loop (``place_all``); one dot's search (``search``) is held to Python's alone too, on
grids of ties that boards seldom meet."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games import cliquer
from pnp.games.cliquer import labels, sheet
from pnp.games.cliquer.board import dot_name
from pnp.paper import Frame

pytestmark = pytest.mark.skipif(
    labels._letters is None,
    reason="the C letters core (pnp.games.cliquer._letters) is not built here (no C compiler "
           "when pnp was installed?); nothing to compare the Python search with")


def bits(labels_or_message):
    """Labels with every float as its exact bits (== would take -0.0 for 0.0), or the message."""
    if isinstance(labels_or_message, str):
        return labels_or_message
    return [(label.index, label.text, label.size.hex(), label.tier,
             tuple(v.hex() for v in label.box), tuple(v.hex() for v in label.origin))
            for label in labels_or_message]


def outcome(core, pts, names, square, radius, size, avoid):
    try:
        return bits(labels._place(pts, names, square, radius, size, avoid, core=core))
    except labels.Crowded as exc:
        return str(exc)


point = st.tuples(st.floats(0, 1), st.floats(0, 1), st.sampled_from([None, None, 1.0, 0.5, 0.01]))
board = dict(points=st.lists(point, max_size=22), side=st.floats(60, 450),
             corner=st.sampled_from([(0.0, 0.0), (20.0, 30.0), (123.456, 78.9)]),
             radius=st.floats(1, 6), size=st.sampled_from([6.0, 7.0, 8.0]), tiers=st.integers(0, 3),
             rnd=st.randoms(use_true_random=False))


def a_board(points, side, corner, radius, size, tiers, rnd):
    """Dots in the square, some on a grid (ties: equal distances, spots touching lines), the
    avoid tiers in each shape the placer is given: (every, some), (some,), (), (every,)."""
    square = Frame(corner[0], corner[1], side, side)
    pts = [(square.x + x * side, square.y + y * side) if g is None else
           (round((square.x + x * side) / g) * g, round((square.y + y * side) / g) * g)
           for x, y, g in points]
    names = [dot_name(i) for i in range(len(pts))]
    every = labels.every_segment(pts)
    some = rnd.sample(every, min(len(every), 5))
    avoid = [(every, some), (some,), (), (every,)][tiers]
    return pts, names, square, radius, size, avoid


@settings(max_examples=600, deadline=None)
@given(**board)
def test_both_loops_place_the_same_letters(points, side, corner, radius, size, tiers, rnd):
    args = a_board(points, side, corner, radius, size, tiers, rnd)
    assert outcome("c", *args) == outcome("python", *args)


def test_crowded_boards_and_letters_of_every_tier_are_the_same_in_both_loops():
    """Seeded boards, checked to include refusals and letters of tiers 2 and 3 (rare on real
    boards): the same letters, or the same dot refused in the same words."""
    rnd = random.Random(14)
    seen = Counter()
    for _ in range(300):
        points = [(rnd.random(), rnd.random(), rnd.choice([None, None, 1.0, 0.5]))
                  for _ in range(rnd.randint(1, 22))]
        args = a_board(points, rnd.uniform(60, 150), (20.0, 30.0), rnd.uniform(1, 6),
                       rnd.choice([6.0, 7.0, 8.0]), rnd.choice([0, 0, 1, 3]), rnd)
        got = outcome("c", *args)
        assert got == outcome("python", *args)
        seen.update(["crowded"] if isinstance(got, str) else [f"tier {label[3]}" for label in got])
    assert min(seen[kind] for kind in ("crowded", "tier 1", "tier 2", "tier 3")) >= 10, seen


def test_boards_go_through_the_c_loop_where_it_is_built(monkeypatch):
    """No silent way round it: with Python's loop and search taken away, boards still get their
    letters (or their refusal), from one call of the C loop each."""
    def taken_away(*args):
        raise AssertionError("the Python loop ran where the C loop is built")

    monkeypatch.delenv("PNP_LETTERS_CORE", raising=False)
    monkeypatch.setattr(labels, "_place_python", taken_away)
    monkeypatch.setattr(labels, "_search_python", taken_away)
    calls = []
    place_all = labels._letters.place_all
    monkeypatch.setattr(labels._letters, "place_all",
                        lambda *args: calls.append(1) or place_all(*args))
    for k, options in enumerate([{}, {"size": "quarter"}, {"worksheet": True}, {"dots": 14}]):
        board = cliquer.generate(cliquer.Item(**options), random.Random(k), "B-01")
        placed = sheet.dot_labels.__wrapped__(board, 400.0, 3.0, 7.0, (), True)
        assert len(placed) == len(board.dots)
    crowded = a_board([(0.5, 0.5, None), (0.501, 0.5, None)], 100.0, (0.0, 0.0), 3.0, 7.0, 0,
                      random.Random(1))
    with pytest.raises(labels.Crowded, match="dot A is too crowded"):
        labels.place(*crowded)
    assert len(calls) == 5


EVERY = 1e9         # a guard band so wide that every test of a distance asks math.hypot


def the_tests_made(core, args):
    """The outcome, and how many times math.hypot was asked with every test of a distance asking
    it; for the Python loop, with one dot's C search in place of the Python search. A dot more
    or less among those a search is given, or another order, shows as another count."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(labels, "_BAND", EVERY)
        patch.setattr(labels, "_search_python", lambda *a: search_c(*a, band=EVERY))
        before = labels._letters.exact_calls()
        got = outcome(core, *args)
        return labels._letters.exact_calls() - before, got


@settings(max_examples=200, deadline=None)
@given(**board)
def test_the_c_loop_gives_each_search_the_dots_python_gives_it(points, side, corner, radius, size,
                                                               tiers, rnd):
    args = a_board(points, side, corner, radius, size, tiers, rnd)
    assert the_tests_made("c", args) == the_tests_made("python", args)


@pytest.mark.parametrize("size", [6.0, 7.0, 8.0])
def test_dots_at_the_very_edge_of_near_and_of_reach(size):
    """Dots exactly ``near`` (around + reach_dot) from A on either axis are not among the dots its
    letter keeps clear of; dots exactly ``reach`` (nearest + 2 centres + 1) from it are among its
    rivals. No letter moves either way (the margin), but the tests made show it."""
    radius = 1.4
    reach_dot = float(radius + labels.DOT_GAP_MM * labels.MM)
    *_, centres, around = labels._letter("A", size, reach_dot)
    near = around + reach_dot
    pts = [(0.0, 0.0), (near, 0.0), (0.0, -near)]
    reach = labels._nearest(pts)[0] + 2 * centres + 1.0
    pts += [(-reach, 0.0), (0.0, reach)]
    assert labels._nearest(pts)[0] == near
    args = (pts, [dot_name(i) for i in range(5)], Frame(-100.0, -100.0, 200.0, 200.0), radius,
            size, ())
    made = the_tests_made("c", args)
    assert made == the_tests_made("python", args)
    assert not isinstance(made[1], str)


@settings(max_examples=150, deadline=None)
@given(**board)
def test_the_same_letters_when_math_hypot_decides_most_spots(points, side, corner, radius, size,
                                                              tiers, rnd):
    """A guard band so wide that most tests of a distance go to Python's math.hypot: the C
    core's way of asking it gives the very answers the Python search gets."""
    args = a_board(points, side, corner, radius, size, tiers, rnd)
    saved, labels._BAND = labels._BAND, 0.7
    try:
        wide = outcome("c", *args)
    finally:
        labels._BAND = saved
    assert wide == outcome("python", *args)


half = st.integers(-12, 12).map(lambda k: k / 2)        # a coarse grid: ties everywhere
length = st.integers(1, 8).map(lambda k: k / 2)
UNITS = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (0.6, 0.8), (-0.8, -0.6),
         *labels.UNITS[:4]]


@st.composite
def search_args(draw):
    """One dot's search, with numbers on a half-point grid: boxes touching lines, letters and
    the square's edge, dots exactly at the gap (3-4-5), centres exactly at the share of the
    way (with shares 0.5, 0.75, 0.8)."""
    units = draw(st.lists(st.sampled_from(UNITS), min_size=1, max_size=5))
    steps = sorted(draw(st.lists(st.integers(0, 4).map(lambda k: k / 2), min_size=1, max_size=3)))
    starts = draw(st.lists(st.integers(0, 12).map(lambda k: k / 2), min_size=len(units),
                           max_size=len(units)))
    px, py = draw(half), draw(half)
    span = draw(st.integers(8, 30))
    inner = (px - span / 2 + draw(half), py - span / 2 + draw(half), px + span / 2, py + span / 2)
    board = (units, steps, inner, draw(st.integers(0, 12).map(lambda k: k / 2)),
             draw(st.sampled_from([0.0, 0.5, 1.0])), draw(st.sampled_from([0.0, 0.5, 1.0])),
             draw(st.sampled_from([0.5, 0.75, 0.8])))
    spot = st.tuples(half, half)
    clear_of = [(px, py)] + draw(st.lists(spot, max_size=4))
    rivals = draw(st.lists(spot, max_size=4))
    lines = [labels._Lines(draw(st.lists(st.tuples(spot, spot), max_size=5)))
             for _ in range(draw(st.integers(0, 3)))]
    taken = [(x, y, x + w, y + h) for x, y, w, h in
             draw(st.lists(st.tuples(half, half, length, length), max_size=3))]
    return (board, px, py, draw(length), draw(length), starts, clear_of, rivals, lines, taken)


def found_bits(found):
    return found if found is None else (tuple(v.hex() for v in found[0]), found[1])


def search_c(board, px, py, half_w, half_h, starts, clear_of, rivals, lines, taken, band=1e-9):
    """One dot's C search, taking what ``labels._search_python`` takes."""
    return labels._letters.search(board, px, py, half_w, half_h, starts, clear_of, rivals,
                                  [t.segments for t in lines], taken, band)


@settings(max_examples=800, deadline=None)
@given(search_args(), st.sampled_from([1e-9, 1e-9, 0.7]))
def test_one_dots_search_is_the_same_on_a_grid_of_ties(args, band):
    """Each test of the search at its ties, met far more often than on boards: the C search
    answers as the Python one, whether squares or math.hypot decide."""
    assert found_bits(search_c(*args, band=band)) == found_bits(labels._search_python(*args))


@settings(max_examples=800, deadline=None)
@given(st.lists(st.tuples(half, half, half, half), max_size=5), st.tuples(half, half, length, length),
       st.lists(st.tuples(half, half, half, half), max_size=3), st.tuples(half, half, half, half),
       st.sampled_from([0.0, 0.5]))
def test_the_box_tests_of_one_spot_are_python_s(segments, box, others, inner, gap):
    """One spot whose box is exactly ``box`` (left, bottom, width, height): free or not by the
    square's edge and the letters ``others`` (with ``gap``), and tier 1 or 2 by whether it
    touches a segment. Touching is common on the grid; the answers are the ones these tests
    make in Python (``_Lines.meet`` is held to shapely in test_cliquer_pages.py)."""
    x, y, w, h = box
    px, py = x, y + h / 2        # the dot on the box's left side: no gap (reach 0) keeps it off
    board = ([(1.0, 0.0)], [0.0], (inner[0] - 6, inner[1] - 6, inner[2] + 6, inner[3] + 6), 0.0,
             gap, 0.0, 0.8)
    taken = [(a, b, a + abs(c) + 0.5, b + abs(d) + 0.5) for a, b, c, d in others]
    lines = [labels._Lines([((a, b), (c, d)) for a, b, c, d in segments])]
    args = (board, px, py, w / 2, h / 2, [w / 2], [(px, py)], [], lines, taken)
    got = search_c(*args)
    left, bottom, right, top = x, y, x + w, y + h
    in_l, in_b, in_r, in_t = board[2]
    free = (in_l <= left and right <= in_r and in_b <= bottom and top <= in_t
            and not any(left < tr + gap and right > tl - gap and bottom < tt + gap and top > tb - gap
                        for tl, tb, tr, tt in taken))
    tier = 2 if lines[0].meet(left, bottom, right, top) else 1
    want = ((left, bottom, right, top), tier) if free else None
    assert got == want == labels._search_python(*args)


# one spot, its box's centre `start` right of a dot at (0, 0), each at an exact tie of a test
# math.hypot takes part in (a letter's box half sides, reach_dot, own_share, start, other dots
# to keep clear of, rivals); each spot is free (the tests are < and <=)
TIES = {
    "own dot exactly at the gap": (1.0, 1.0, 0.8, 2.0, [], []),
    "another dot exactly at the gap, 3-4-5": (1.0, 5.0, 0.8, 8.0, [(4.0, 5.0)], []),
    "a rival exactly 4/3 as far (share 0.75)": (0.5, 0.5, 0.75, 3.0, [], [(7.0, 0.0)]),
    "a rival exactly 5/4 as far, 3-4-5 (share 0.8)": (0.5, 0.5, 0.8, 4.0, [], [(7.0, 4.0)]),
}


@pytest.mark.parametrize("name", list(TIES))
def test_exact_ties_are_decided_by_math_hypot_as_in_python(name):
    """A tie squares cannot settle (the band is round it): the C search asks math.hypot, and
    the spot is free, as in Python."""
    half_side, reach, share, start, dots, rivals = TIES[name]
    board = ([(1.0, 0.0)], [0.0], (-50.0, -50.0, 50.0, 50.0), reach, 0.0, 0.0, share)
    args = (board, 0.0, 0.0, half_side, half_side, [start], [(0.0, 0.0)] + dots, rivals, [], [])
    before = labels._letters.exact_calls()
    got = search_c(*args)
    assert labels._letters.exact_calls() > before
    assert got == labels._search_python(*args) is not None


def test_a_wide_band_does_ask_math_hypot(monkeypatch):
    """The wide guard band the tests above use is taken often; the narrow one is taken too, at
    real ties: a letter's first spot straight right, left, up or down touches its dot's gap."""
    args = a_board([(0.1 * k % 1, 0.37 * k % 1, None) for k in range(9)], 170 * 72 / 25.4,
                   (0.0, 0.0), 1.4, 7.0, 0, random.Random(1))
    before = labels._letters.exact_calls()
    narrow = outcome("c", *args)
    asked_narrow = labels._letters.exact_calls() - before
    monkeypatch.setattr(labels, "_BAND", 0.7)
    wide = outcome("c", *args)
    asked_wide = labels._letters.exact_calls() - before - asked_narrow
    assert narrow == wide == outcome("python", *args)
    assert asked_wide > 3 * asked_narrow > 0


def test_numbers_it_does_not_vouch_for_go_to_the_python_search():
    square = Frame(0.0, 0.0, 200.0, 200.0)
    board = ([(1.0, 0.0)], [0.0], (1.0, 1.0, 199.0, 199.0), 2.0, 1.0, 1.0, 0.8)
    for px in (float("nan"), float("inf"), 1e101):
        assert labels._letters.search(board, px, 50.0, 3.0, 3.0, [5.0], [], [], [], [],
                                      1e-9) is NotImplemented
    assert labels._letters.search(board[:-1] + (1e7,), 50.0, 50.0, 3.0, 3.0, [5.0], [], [], [],
                                  [], 1e-9) is NotImplemented        # an own_share out of bounds
    for huge in ([(1e200, 1e200), (1e200 + 50, 1e200)], [(50.0, 50.0), (float("inf"), 50.0)]):
        names = [dot_name(i) for i in range(len(huge))]
        assert outcome("c", huge, names, square, 2.0, 7.0, ()) == outcome("python", huge, names,
                                                                            square, 2.0, 7.0, ())
    with pytest.raises(ValueError, match="band"):      # a band too narrow to hold the rounding
        labels._letters.search(board, 50.0, 50.0, 3.0, 3.0, [5.0], [], [], [], [], 1e-12)


def test_a_board_the_c_loop_declines_goes_whole_to_the_python_loop(monkeypatch):
    """Numbers the C core does not vouch for anywhere on a board (a dot, or a segment whose ends
    are tame but not their difference, as _Lines makes it): the Python loop places every letter."""
    ran = []
    python_loop = labels._place_python
    monkeypatch.setattr(labels, "_place_python", lambda *args: ran.append(1) or python_loop(*args))
    square = Frame(0.0, 0.0, 200.0, 200.0)
    pts = [(50.0, 50.0), (150.0, 150.0), (150.0, 50.0)]
    boards = [(pts + [(float("nan"), 50.0)], ()), (pts + [(1e101, 50.0)], ()),
              (pts, ([((-9e99, 0.0), (9e99, 1.0))],)), (pts, ([(pts[0], pts[1])],))]
    for dots, avoid in boards:
        names = [dot_name(i) for i in range(len(dots))]
        got = outcome("c", dots, names, square, 2.0, 7.0, avoid)
        assert got == outcome("python", dots, names, square, 2.0, 7.0, avoid)
    assert len(ran) == 2 * len(boards) - 1      # all but the last (tame) board, in C


def test_the_core_is_chosen_by_the_environment(monkeypatch):
    monkeypatch.delenv("PNP_LETTERS_CORE", raising=False)
    assert labels.letters_core() == "c"
    monkeypatch.setenv("PNP_LETTERS_CORE", "python")
    assert labels.letters_core() == "python"
    assert labels.letters_core("c") == "c"
    monkeypatch.setenv("PNP_LETTERS_CORE", "fortran")
    with pytest.raises(ValueError, match="fortran"):
        labels.letters_core()


PACK = """\
title: Letters, C and Python
seed: letters-core
output: letters.pdf
items:
  - {kind: cliquer, count: 6}
  - {kind: cliquer, size: half, count: 4}
  - {kind: cliquer, size: quarter, count: 8}
  - {kind: cliquer, worksheet: true, count: 2}
  - {kind: cliquer, dots: 14, count: 2}
  - {kind: cliquer, dots: 20, spacing_mm: 5, clearance_mm: 2.5, count: 2}
"""


def test_a_whole_pack_is_the_same_bytes_with_either_core(tmp_path):
    """Each build in a process of its own (boards' letters are cached within a process), the
    core chosen by $PNP_LETTERS_CORE ("c" fails if the C core is missing, not falls back)."""
    (tmp_path / "letters.yaml").write_text(PACK, encoding="utf-8")
    digests = {}
    for core in ("c", "python"):
        result = subprocess.run([sys.executable, "-m", "pnp", "build", "letters.yaml", "-o", core,
                                 "--jobs", "1"], cwd=tmp_path, capture_output=True, text=True,
                                env={**os.environ, "PNP_LETTERS_CORE": core}, timeout=300)
        assert result.returncode == 0, result.stderr
        digests[core] = hashlib.sha256((tmp_path / core / "letters.pdf").read_bytes()).hexdigest()
    assert digests["c"] == digests["python"]
