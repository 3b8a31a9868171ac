"""Boards made to a difficulty keep every guarantee of the generator and land in range."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.difficulty import measure
from pnp.games.cliquer.placer import Placer
from pnp.games.cliquer.geometry import convex_hull
from pnp.games.cliquer.target import Unreachable, band_target, place_at, possible_values, value_target

LIMITS = Limits(90, 170, 3, 10, 6)


@settings(max_examples=25, deadline=None)
@given(st.integers(7, 10), st.sampled_from(["easy", "medium", "hard"]), st.integers(0, 2**32))
def test_bands_are_met_with_the_generators_guarantees(n, band, seed):
    dots = place_at(Placer(LIMITS), n, random.Random(seed), *band_target(band))
    assert len(dots) == n and dots == tuple(sorted(dots))
    assert LIMITS.problems(dots) == []
    assert measure(dots).band == band


@settings(max_examples=25, deadline=None)
@given(st.integers(7, 11), st.integers(0, 2**32), st.data())
def test_reachable_values_are_met(n, seed, data):
    low, high = data.draw(st.sampled_from(possible_values(n)[:-1]))
    dots = place_at(Placer(LIMITS), n, random.Random(seed), low, high)
    assert low <= measure(dots).value <= high and LIMITS.problems(dots) == []


def test_same_seed_same_board_and_zero_means_convex():
    a = place_at(Placer(LIMITS), 9, random.Random(5), *value_target(0.0, 0.01))
    b = place_at(Placer(LIMITS), 9, random.Random(5), *value_target(0.0, 0.01))
    assert a == b and len(convex_hull(a)) == 9


def test_values_between_interior_counts_are_refused_at_once():
    # 8 dots: one interior dot already gives about 0.39, so 0.10-0.20 has no board
    with pytest.raises(Unreachable, match=r"8-dot.*nearest 0\.00 below and 0\.39 above") as err:
        place_at(Placer(LIMITS), 8, random.Random(1), *value_target(0.15, 0.05))
    assert isinstance(err.value, ValueError)
    with pytest.raises(ValueError, match="within 0..1"):
        value_target(1.5, 0.1)
    with pytest.raises(ValueError, match="easy, medium, hard"):
        band_target("brutal")
