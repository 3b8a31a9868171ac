"""The CliqueR placer's scoring against the definition, and its speed-ups against what they replace."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import given, settings, strategies as st

from pnp.games import cliquer
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.codes import encode
from pnp.games.cliquer.placer import Infeasible, Placer
from pnp.games.cliquer.search import Field, involvement

LIMITS = st.builds(Limits, st.sampled_from([40, 90, 150]), st.sampled_from([80, 115, 170, 180]),
                   st.sampled_from([1, 2, 3, 4.5]), st.sampled_from([2, 5, 10]), st.sampled_from([2, 6]))


def dots_in(limits: Limits, min_size=0, max_size=9):
    coord = st.integers(limits.lo, limits.hi)
    return st.lists(st.tuples(coord, coord), min_size=min_size, max_size=max_size)


def broken(placer: Placer, others, c) -> int:
    """The definition: limits that break if c joins others, each triple in every role."""
    count = sum(1 for p in others
                if (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 < placer.space2 - 1e-9)
    for a, b in ((others[i], others[j]) for i in range(len(others)) for j in range(i + 1, len(others))):
        ab2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2
        cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        count += cross ** 2 < placer.clear2 * ab2 - 1e-6            # c near line ab
    for p, q in permutations(range(len(others)), 2):
        cp = (others[p][0] - c[0], others[p][1] - c[1])
        cq = (others[q][0] - c[0], others[q][1] - c[1])
        cross = cp[0] * cq[1] - cp[1] * cq[0]
        count += cross ** 2 < placer.clear2 * (cp[0] ** 2 + cp[1] ** 2) - 1e-6   # q near line cp
    return count


@settings(max_examples=60, deadline=None)
@given(st.data(), LIMITS)
def test_fits_follows_the_definition(data, limits):
    placer = Placer(limits)
    others = data.draw(dots_in(limits))
    candidates = data.draw(dots_in(limits, 1, 6))
    assert [placer.fits(others, c) for c in candidates] == [broken(placer, others, c) == 0 for c in candidates]


@settings(max_examples=40, deadline=None)
@given(st.data(), LIMITS, st.integers(0, 2**32))
def test_the_field_scores_positions_by_the_definition_as_dots_come_and_move(data, limits, seed):
    placer = Placer(limits)
    dots = data.draw(dots_in(limits, 1, 7))
    field = Field(placer, dots, len(dots) + 1)
    rng = random.Random(seed)
    positions = [p for p in data.draw(dots_in(limits, 1, 6)) if field._index(p) is not None]

    def agrees():
        for c in positions:
            assert field.total[field._index(c)] == broken(placer, field.dots, c)

    agrees()
    field.crowd(rng)                        # one more dot where it breaks least
    assert len(field.dots) == len(dots) + 1
    agrees()
    twin = field.copy()
    for i in (0, len(field.dots) - 1):
        before = field.dots[i]
        field.move(i, rng)
        assert field.dots[i] != before     # a move moves
        agrees()
    assert twin.dots[:len(dots)] == dots   # the copy kept its own dots


@settings(max_examples=40, deadline=None)
@given(st.data(), LIMITS)
def test_involvement_is_each_dots_share_of_the_broken_limits(data, limits):
    placer = Placer(limits)
    dots = data.draw(dots_in(limits, 1, 8))
    load = [0] * len(dots)
    for i, j in permutations(range(len(dots)), 2):
        if (dots[i][0] - dots[j][0]) ** 2 + (dots[i][1] - dots[j][1]) ** 2 < placer.space2 - 1e-9:
            load[i] += 1
    for i, j, k in permutations(range(len(dots)), 3):     # k near the line through i and j
        ij = (dots[j][0] - dots[i][0], dots[j][1] - dots[i][1])
        ik = (dots[k][0] - dots[i][0], dots[k][1] - dots[i][1])
        if (ij[0] * ik[1] - ij[1] * ik[0]) ** 2 < placer.clear2 * (ij[0] ** 2 + ij[1] ** 2) - 1e-6:
            for d in (i, j, k):
                load[d] += 1
    assert involvement(placer, dots).tolist() == load


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 200),
       st.one_of(st.integers(0, 300), st.integers(2**31 - 4, 2**32 + 4), st.integers(0, 2**40)),
       st.integers(0, 70))
def test_random_dots_draws_exactly_what_randint_would(seed, lo, width, k):
    """The same dots as randint, whatever the range (one bit to more than a 32-bit word, where
    most draws are dropped or a draw takes two words) and however many are asked for."""
    limits = Limits(90, 170, 3, 10, 6)
    limits.lo, limits.hi = lo, lo + width
    fast, slow = random.Random(seed), random.Random(seed)
    assert Placer(limits).random_dots(fast, k) == [(slow.randint(lo, lo + width), slow.randint(lo, lo + width))
                                                   for _ in range(k)]
    assert fast.random() == slow.random()         # and leaves the stream where randint would


# Boards from before the placer was made faster. Plain sampling fits these (it fits every 9-dot
# page board), so they must not change; boards it fell short on come from the search now.
PINNED = {
    (9, "page"): ["R1-442Z-YCFE-KWYK-MA2X-YRYA-NM98-V", "R1-F5X9-1P32-9WGJ-4G88-H4ZN-M9WJ",
                  "R1-8738-TBQ9-PK7X-M5C8-PHDN-M9KK"],
    (12, "page"): [None, "R1-C9RB-BXJ7-6F87-E7MY-YYDD-KVS6-3NMC-KF", "R1-141P-DHYD-4DSW-XV46-JRGN-G9T6-55MC-8F"],
    (8, "half"): ["R1-NHN1-4219-32T8-KCK9-2NM8-SP", "R1-2CB8-3QM7-NTCQ-EC47-JW5M-87H",
                  "R1-36C7-1TDJ-FTGA-S5WV-CS5M-8ZA"],
    (6, "quarter"): ["R1-WW0R-G9M1-E370-ZNM6-Q2", "R1-1GS4-FE44-4TAQ-E7NM-629", "R1-2A6N-TN31-HHKP-P25M-660"],
}
SIDE_THEN = {"page": 170, "half": 100, "quarter": 80}    # the sides those boards were pinned at


@pytest.mark.parametrize("request_", sorted(PINNED))
def test_boards_sampling_fits_are_the_same_as_before(request_):
    dots, size = request_
    for seed, code in enumerate(PINNED[request_]):
        if code is None:        # sampling fell short: the board came from the old local search
            continue
        item = cliquer.Item(dots=dots, size=size, size_mm=SIDE_THEN[size])
        board = cliquer.generate(item, random.Random(f"pin-{seed}"), "T-01")
        assert encode(board.dots, board.grid) == code


@pytest.mark.parametrize("seed", [0, 1])
def test_the_search_places_what_sampling_cannot_and_the_same_seed_gives_the_same_board(seed):
    item = cliquer.Item(dots=20, size_mm=180)
    limits = Limits(item.grid, 180, item.clearance_mm, item.spacing_mm, item.margin_mm)
    assert len(Placer(limits)._sample(20, random.Random(seed))) < 20     # sampling alone falls short
    board = cliquer.generate(item, random.Random(seed), "T-01")
    assert len(board.dots) == 20 and cliquer.check(board) == []
    assert cliquer.generate(item, random.Random(seed), "T-01") == board


def test_a_hopeless_request_is_refused_at_once_with_what_fits():
    placer = Placer(Limits(90, 170, 3, 10, 6))
    with pytest.raises(Infeasible, match=r"cannot place 30 dots .* \(random sampling fitted 1[5-8]\)"):
        placer.place(30, random.Random(0))


def test_a_margin_wider_than_half_the_square_is_a_clear_error():
    with pytest.raises(Infeasible, match="the margin leaves no room for dots on a 30 mm board"):
        cliquer.generate(cliquer.Item(size_mm=30, margin_mm=20), random.Random(0), "T-01")
