"""Does one player reliably beat another? A sequential test on pairs of games, with stated error
rates: Wald's sequential probability ratio test (SPRT), cut off at MOST_PAIRS.

A pair is one game from each seat with the same seed; it scores 1 when the tested player's two
margins add up to more than zero, 1/2 when to zero, 0 when to less. The player's **share** is its
mean score a pair. The test weighs two hypotheses, EVEN (a share of 0.6: not reliably stronger)
against STRONG (0.7: it reliably beats the other), one pair at a time, by the log likelihood
ratio

    LLR = won * ln(0.7 / 0.6) + lost * ln(0.3 / 0.4)      (a drawn pair counts half of each)

and stops as soon as it reaches PASS_AT (the player reliably beats the other) or FAIL_AT (it does
not). So a clear result takes few pairs (20 straight wins pass, 11 straight losses fail) and a
close one more, up to MOST_PAIRS, where a share of at least MIDDLE (0.65) passes.

Error rates, worked out exactly by ``operating`` (every path of the test, by dynamic
programming) for pairs that are never drawn: a player whose true share is 0.7 passes 95.6 % of
the time, one at 0.6 passes 5.0 % (4.97), one at 1/2 0.01 %. The chance of passing rises with
the share, so above 0.7 it fails less often and below 0.6 it passes less often. Drawn pairs only
lower both: the ratio counts a draw as half a win and half a loss, and since exp(LLR) is convex in
a pair's score, a pair of mean share p with draws moves it no more than a pair of the same mean
without (the chances under draws are worked out exactly too,
tests/games/cliquer/test_cliquer_sequential.py, and the test is simulated there and in
``python bench/depth.py --error-rates``). Between 0.6 and 0.7 the test may go either way (at
0.65 it passes half the time).

Why this band: the skill chain's rungs (depth.py) were chosen so that on the boards pnp prints
each beats the one below it by a wide margin, and the band lies where they were measured not to
land (``python bench/depth.py --sizes 6,7,8,9 --boards 6 --retest --no-loss``: 0.75-1.00 on
every step of 48 chains; the nearest, perfect play over lookahead2 on a 7-dot board with every
dot on its outline, wins about 0.6 and fails). The rungs left out of the chain (lookahead3, the searches) win 41-81 % of pairs
against lookahead2, across any band a test of a few hundred pairs can afford: with them in the
chain a board's depth came out the same on only 12 of 24 boards when measured again.

Each result comes with ``again``: the chance that the test, run again on other games, reaches the
same verdict, averaged over what the pairs say the true share may be (a uniform prior, the
pairs' likelihood, ``operating`` at each share); a result that would come out the same less than
AGAIN (80 %) of the time is ``close``. A measurement built on the test can then say how sure it
is (depth.py: the depth's range, and its chance of coming out the same). PASS_AT and FAIL_AT are
Wald's ln(19) = 2.94 for 5 % each, moved to 3.0 so that the cut-off at MOST_PAIRS and the whole
pairs (the LLR moves in steps) keep both errors at or under 5 %.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import numpy as np

EVEN = 0.6             # the share of a player not reliably stronger than the other
STRONG = 0.7           # the share of a player that reliably beats it
ERROR = 0.05           # what the test promises at either: passes EVEN, fails STRONG, at most this
PASS_AT, FAIL_AT = 3.0, -3.0      # bounds of the log likelihood ratio (the docstring: why 3)
MOST_PAIRS = 400       # the test's cut-off: a share of at least MIDDLE passes there
MIDDLE = 0.65          # halfway between EVEN and STRONG
INTERVAL_Z = 1.645     # a 90 % confidence interval (Wilson's) for the share, for the report
AGAIN = 0.8            # a result a rerun would repeat less often than this is close

WON = math.log(STRONG / EVEN)                  # a won pair's step of the LLR
LOST = math.log((1 - STRONG) / (1 - EVEN))     # a lost pair's


def llr(halves: int, pairs: int) -> float:
    """The log likelihood ratio after ``pairs`` pairs scoring ``halves`` half-points in all (2 a
    won pair, 1 a drawn one): each half-point is half a won pair, each half missing half a lost."""
    return halves / 2 * WON + (pairs - halves / 2) * LOST


def verdict(halves: int, pairs: int, most: int = MOST_PAIRS) -> bool | None:
    """True (passes: reliably beats), False (does not) or None (play another pair)."""
    if pairs < 1:
        return None
    ratio = llr(halves, pairs)
    if ratio >= PASS_AT:
        return True
    if ratio <= FAIL_AT:
        return False
    if pairs >= most:
        return halves / (2 * pairs) >= MIDDLE - 1e-12      # (the share exactly 0.65 passes)
    return None


def decide(pair: Callable[[int], int], most: int = MOST_PAIRS) -> tuple[bool, int, int]:
    """The test, played: ``pair(n)`` plays pair n (from 0) and gives its half-points (2 won, 1
    drawn, 0 lost). Returns (passed, half-points in all, pairs played)."""
    halves = pairs = 0
    decided = None
    while decided is None:
        halves += pair(pairs)
        pairs += 1
        decided = verdict(halves, pairs, most)
    return decided, halves, pairs


def interval(halves: int, pairs: int) -> tuple[float, float]:
    """Wilson's 90 % confidence interval for the share after ``pairs`` pairs."""
    share, z2 = halves / (2 * pairs), INTERVAL_Z ** 2
    centre = (share + z2 / (2 * pairs)) / (1 + z2 / pairs)
    half = INTERVAL_Z * math.sqrt(share * (1 - share) / pairs + z2 / (4 * pairs ** 2)) / (1 + z2 / pairs)
    return max(0.0, centre - half), min(1.0, centre + half)


GRID = 200             # shares again() averages over: the midpoints of 200 equal steps of 0..1


def again(halves: int, pairs: int, passed: bool, most: int = MOST_PAIRS) -> float:
    """The chance that the test, run again on other games, reaches the same verdict: its chance
    of passing at each true share (pairs taken as never drawn), averaged over the shares with
    the weight the pairs played give them (a uniform prior; a drawn pair half won, half lost)."""
    shares, passing = _passing(most)
    won, lost = halves / 2, pairs - halves / 2
    with np.errstate(divide="ignore"):
        log = won * np.log(shares) + lost * np.log1p(-shares)
    weight = np.exp(log - log.max())
    chance = float((weight * passing).sum() / weight.sum())
    return chance if passed else 1 - chance


@lru_cache(maxsize=8)
def _passing(most: int) -> tuple[np.ndarray, np.ndarray]:
    shares = (np.arange(GRID) + 0.5) / GRID
    return shares, operating(shares, 0.0, most).passes


def close(halves: int, pairs: int, passed: bool, most: int = MOST_PAIRS) -> bool:
    """Could the result well have gone the other way? A rerun would repeat it less than AGAIN of
    the time: the share lies in or near the band between EVEN and STRONG."""
    return again(halves, pairs, passed, most) < AGAIN


@lru_cache(maxsize=4096)
def _verdicts(n: int, most: int) -> tuple[np.ndarray, np.ndarray]:
    """``verdict`` after n pairs for every count of half-points 0..2n: (decided, passed)."""
    verdicts = [verdict(h, n, most) for h in range(2 * n + 1)]
    return np.array([v is not None for v in verdicts]), np.array([v is True for v in verdicts])


@dataclass(frozen=True)
class Chances:
    passes: float          # the chance the test passes (an array, for an array of shares)
    pairs: float           # the mean number of pairs it plays


def operating(won, drawn: float = 0.0, most: int = MOST_PAIRS) -> Chances:
    """The test's chances, exactly, for a player whose pairs are won with probability ``won``
    (a number, or an array of them) and drawn with ``drawn`` (independently): every path of the
    test, by its half-points."""
    scalar = np.ndim(won) == 0
    won = np.atleast_1d(np.asarray(won, dtype=float))[:, None]
    lost = 1 - won - drawn
    alive = np.zeros((won.shape[0], 2 * most + 1))
    alive[:, 0] = 1.0
    passes = np.zeros(won.shape[0])
    pairs = np.zeros(won.shape[0])
    for n in range(1, most + 1):
        top = 2 * n + 1                           # half-points 0..2n are possible after n pairs
        grown = np.zeros_like(alive)
        grown[:, :top] = alive[:, :top] * lost
        grown[:, 1:top] += alive[:, :top - 1] * drawn
        grown[:, 2:top] += alive[:, :top - 2] * won
        decided, passed = _verdicts(n, most)
        passes += grown[:, :top][:, passed].sum(axis=1)
        pairs += n * grown[:, :top][:, decided].sum(axis=1)
        grown[:, :top][:, decided] = 0.0
        alive = grown
    if scalar:
        return Chances(float(passes[0]), float(pairs[0]))
    return Chances(passes, pairs)
