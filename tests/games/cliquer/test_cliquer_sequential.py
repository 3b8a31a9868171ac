"""The skill chain's sequential test (sequential.py): its error rates, exactly (every path of the
test) and by simulation with a fixed seed, with and without drawn pairs; its verdicts."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pnp.games.cliquer.sequential import (ERROR, EVEN, MIDDLE, MOST_PAIRS, STRONG, again, close,
                                          decide, interval, operating, verdict)


def test_the_stated_error_rates_hold_exactly_without_draws():
    assert operating(EVEN).passes <= ERROR            # 0.0497 at 0.6
    assert operating(STRONG).passes >= 1 - ERROR      # 0.956 at 0.7
    assert operating(0.5).passes < 0.0002 and operating(0.8).passes > 0.9999
    # the array form gives the same chances, share by share
    many = operating(np.array([0.5, EVEN, STRONG]))
    assert list(many.passes) == pytest.approx([operating(p).passes for p in (0.5, EVEN, STRONG)],
                                              abs=1e-12)


def test_passing_grows_with_the_share():
    chances = [operating(p / 100).passes for p in range(30, 91, 5)]
    assert chances == sorted(chances) and chances[0] < 1e-4 and chances[-1] > 1 - 1e-6


@pytest.mark.parametrize("drawn", [0.1, 0.3, 0.6])
def test_draws_only_lower_both_errors(drawn):
    assert operating(EVEN - drawn / 2, drawn).passes <= operating(EVEN).passes
    assert operating(STRONG - drawn / 2, drawn).passes >= operating(STRONG).passes


def run(rng: random.Random, won: float, drawn: float) -> tuple[bool, int]:
    """The test as the chain runs it (depth._step), on simulated pairs."""
    def pair(_: int) -> int:
        roll = rng.random()
        return 2 if roll < won else 1 if roll < won + drawn else 0

    decided, _, pairs = decide(pair)
    return decided, pairs


@pytest.mark.parametrize("won, drawn", [(EVEN, 0.0), (STRONG, 0.0), (EVEN - 0.15, 0.3),
                                        (STRONG - 0.15, 0.3)])
def test_simulated_error_rates_match_the_exact_ones(won, drawn):
    # 2,000 simulated tests: the share passing lies within 4 standard errors of the exact
    # chance (a false alarm once in about 16,000 runs of this test; the seed is fixed anyway)
    rng, runs = random.Random(f"sprt:{won}:{drawn}"), 2000
    played = [run(rng, won, drawn) for _ in range(runs)]
    exact = operating(won, drawn)
    passed = sum(p for p, _ in played) / runs
    spread = (exact.passes * (1 - exact.passes) / runs) ** 0.5
    assert abs(passed - exact.passes) < 4 * spread
    assert max(n for _, n in played) <= MOST_PAIRS
    assert abs(sum(n for _, n in played) / runs - exact.pairs) < 0.1 * exact.pairs


def test_verdicts():
    # ln(0.7/0.6) = 0.154 a won pair, ln(0.3/0.4) = -0.288 a lost one, against bounds of 3
    assert [verdict(2 * n, n) for n in (19, 20)] == [None, True]      # straight wins
    assert [verdict(0, n) for n in (10, 11)] == [None, False]         # straight losses
    assert verdict(0, 0) is None
    # at the cut-off a share of at least 65 % passes
    assert verdict(2 * 260, MOST_PAIRS) is True and verdict(2 * 259, MOST_PAIRS) is False
    assert verdict(2, 1, most=1) is True and verdict(1, 1, most=1) is False


def test_the_interval_and_the_chance_of_the_same_verdict_again():
    low, high = interval(130, 100)          # 65 % of 100 pairs
    assert low < MIDDLE < high
    assert interval(0, 5)[0] == 0.0 and interval(10, 5)[1] == 1.0
    # 20 straight wins, 11 straight losses: the shares they make likely pass and fail surely
    assert again(2 * 20, 20, True) > 0.999 and again(0, 11, False) > 0.999
    assert not close(2 * 20, 20, True)
    # a pass at 65 % of 400 pairs is a coin toss: close; at 80 % of 100 it is not; a pass
    # against the measured share (a failed 80 %) is close
    assert 0.4 < again(520, 400, True) < 0.6 and close(520, 400, True)
    assert again(160, 100, True) > 0.99 and close(160, 100, False)
    # with one pair a rung passes on a win: after a win, the shares it makes likely (weighted
    # by the share itself, a uniform prior) win the next pair with 2/3; after a draw, 1/2
    assert again(2, 1, True, most=1) == pytest.approx(2 / 3, abs=1e-4)
    assert again(1, 1, False, most=1) == pytest.approx(1 / 2, abs=1e-4)


def test_the_chance_of_the_same_verdict_is_the_tests_chance_averaged_over_likely_shares():
    # brute force: integrate operating() against the pairs' likelihood on a fine grid of its own
    for halves, pairs, passed in ((30, 20, True), (52, 40, False), (70, 50, True)):
        grid = [(k + 0.5) / 2000 for k in range(2000)]
        weight = [p ** (halves / 2) * (1 - p) ** (pairs - halves / 2) for p in grid]
        coarse = [(k + 0.5) / 50 for k in range(50)]          # operating() is smooth in p
        chance = np.interp(grid, coarse, operating(np.array(coarse)).passes)
        expected = float(np.dot(weight, chance) / sum(weight))
        assert again(halves, pairs, passed) == pytest.approx(
            expected if passed else 1 - expected, abs=0.01)
