"""The skill chain's sequential test (sequential.py): its error rates, exactly (every path of the
test) and by simulation with a fixed seed, with and without drawn pairs; its verdicts."""

from __future__ import annotations

import random

import pytest

from pnp.games.cliquer.sequential import (ERROR, EVEN, MIDDLE, MOST_PAIRS, STRONG, again, close,
                                          decide, interval, operating, verdict)


def test_the_stated_error_rates_hold_exactly_without_draws():
    assert operating(EVEN).passes <= ERROR            # 0.0497
    assert operating(STRONG).passes >= 1 - ERROR      # 0.954
    assert operating(0.5).passes < 0.003 and operating(0.7).passes > 0.998


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
    assert [verdict(2 * n, n) for n in (17, 18)] == [None, True]      # straight wins
    assert [verdict(0, n) for n in (11, 12)] == [None, False]         # straight losses
    assert verdict(0, 0) is None
    # at the cut-off a share of at least 60 % passes
    assert verdict(2 * 240, MOST_PAIRS) is True and verdict(2 * 239, MOST_PAIRS) is False
    assert verdict(2, 1, most=1) is True and verdict(1, 1, most=1) is False


def test_the_interval_and_the_chance_of_the_same_verdict_again():
    low, high = interval(120, 100)          # 60 % of 100 pairs
    assert low < MIDDLE < high
    assert interval(0, 5)[0] == 0.0 and interval(10, 5)[1] == 1.0
    # 18 straight wins, 12 straight losses: a rerun at those shares repeats them surely
    assert again(2 * 18, 18, True) == 1.0 and again(0, 12, False) == 1.0
    assert not close(2 * 18, 18, True)
    # a pass at 60 % is a coin toss: close; at 70 % it is not; a pass against the measured
    # share (a failed 70 %) is close
    assert 0.4 < again(480, 400, True) < 0.6 and close(480, 400, True)
    assert again(140, 100, True) > 0.99 and close(140, 100, False)
    assert again(0, 1, False, most=1) == 1.0 and again(1, 1, False, most=1) == 0.5
