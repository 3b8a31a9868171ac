"""Does one player reliably beat another? A sequential test on pairs of games, with stated error
rates: Wald's sequential probability ratio test (SPRT), cut off at MOST_PAIRS.

A pair is one game from each seat with the same seed; it scores 1 when the tested player's two
margins add up to more than zero, 1/2 when to zero, 0 when to less. The player's **share** is its
mean score a pair. The test weighs two hypotheses, EVEN (a share of 0.55: hardly stronger) against
STRONG (0.65: it reliably beats the other), one pair at a time, by the log likelihood ratio

    LLR = won * ln(0.65 / 0.55) + lost * ln(0.35 / 0.45)      (a drawn pair counts half of each)

and stops as soon as it reaches PASS_AT (the player reliably beats the other) or FAIL_AT (it does
not). So a clear result takes few pairs (18 straight wins pass, 12 straight losses fail) and a
close one more, up to MOST_PAIRS, where a share of at least MIDDLE (0.6) passes.

Error rates, worked out exactly by ``operating`` (every path of the test, by dynamic
programming) for pairs that are never drawn: a player whose true share is 0.55 passes 5.0 % of
the time (4.97), one at 0.65 fails 4.6 %; one at 1/2 passes 0.2 %, one at 0.7 fails 0.2 %. The
chance of passing rises with the share, so below 0.55 it passes less often and above 0.65 it
fails less often. Drawn pairs only lower both: the ratio counts a draw as half a win and half a
loss, and since exp(LLR) is convex in a pair's score, a pair of mean share p with draws moves it
no more than a pair of the same mean without (the chances under draws are worked out exactly too,
tests/games/cliquer/test_cliquer_sequential.py, and the test is simulated there and in
``python bench/depth.py --error-rates``). Between 0.55 and 0.65 the test may go either way (at
0.6 it passes about half the time). So each result comes with ``again``: the chance that the test
run again on other games reaches the same verdict, estimated by taking the share it measured for
the true one (``operating`` at that share); a result that would come out the same less than
AGAIN (80 %) of the time is ``close``. A measurement built on the test can then say how sure it
is (depth.py: the depth's range, and its chance of coming out the same).

Why this narrow band, and not 0.5 against 0.7 (a test of about 35 pairs, not 130): the skill
chain's middle rungs (depth.py) truly win 55-75 % of pairs against each other, so with the wide
band most of their steps fell inside it and went either way. Even with this band many still do:
re-measured with other game seeds, a board's depth came out the same on 12 of 24 boards
(docs/difficulty.md, "How sure", has the command and what is left to do). PASS_AT and FAIL_AT are Wald's ln(19) = 2.94 for 5 % each, moved to 3.0 so
that the cut-off at MOST_PAIRS and the whole pairs (the LLR moves in steps) keep both errors at
or under 5 %.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

EVEN = 0.55            # the share of a player hardly stronger than the other
STRONG = 0.65          # the share of a player that reliably beats it
ERROR = 0.05           # what the test promises at either: passes EVEN, fails STRONG, at most this
PASS_AT, FAIL_AT = 3.0, -3.0      # bounds of the log likelihood ratio (the docstring: why 3)
MOST_PAIRS = 400       # the test's cut-off: a share of at least MIDDLE passes there
MIDDLE = 0.6           # halfway between EVEN and STRONG
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
        return halves / (2 * pairs) >= MIDDLE - 1e-12      # (the share exactly 0.6 passes)
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


def again(halves: int, pairs: int, passed: bool, most: int = MOST_PAIRS) -> float:
    """The chance that the test, run again on other games, reaches the same verdict, were the
    share it measured the true one (pairs taken as never drawn, the worst case)."""
    chance = operating(halves / (2 * pairs), 0.0, most).passes
    return chance if passed else 1 - chance


def close(halves: int, pairs: int, passed: bool, most: int = MOST_PAIRS) -> bool:
    """Could the result well have gone the other way? A rerun would repeat it less than AGAIN of
    the time: the share lies in or near the band between EVEN and STRONG."""
    return again(halves, pairs, passed, most) < AGAIN


@dataclass(frozen=True)
class Chances:
    passes: float          # the chance the test passes
    pairs: float           # the mean number of pairs it plays


def operating(won: float, drawn: float = 0.0, most: int = MOST_PAIRS) -> Chances:
    """The test's chances, exactly, for a player whose pairs are won with probability ``won``
    and drawn with ``drawn`` (independently): every path of the test, by its half-points."""
    lost = 1 - won - drawn
    alive, passes, pairs = {0: 1.0}, 0.0, 0.0
    for n in range(1, most + 1):
        grown: dict[int, float] = {}
        for halves, chance in alive.items():
            for step, p in ((2, won), (1, drawn), (0, lost)):
                if p > 0:
                    grown[halves + step] = grown.get(halves + step, 0.0) + chance * p
        alive = {}
        for halves, chance in grown.items():
            decided = verdict(halves, n, most)
            if decided is None:
                alive[halves] = chance
            else:
                passes += chance * decided
                pairs += chance * n
    return Chances(passes, pairs)
