"""Boards made to a difficulty: start from the generator's board, then move dots until it fits.

Difficulty is set almost entirely by how many dots lie inside the hull (see ``difficulty``), so
the search moves dots across the hull: a hull dot into the middle makes a board harder, an
interior dot just outside a hull edge makes it easier, and small nudges adjust the tie-break. Each
proposal must pass the generator's own screen (``Placer.fits``) and the board is only returned
after the generator's exact check (``Limits.problems``) finds nothing, so a board made to a target
keeps exactly the guarantees of any other board.

Every loop is bounded by a count of steps, never a clock, so the same seed gives the same board;
a target no board reaches ends with a ValueError naming the values the search did reach.
"""

from __future__ import annotations

from pnp.errors import WrongValue
from pnp.i18n.message import Words

import math
import random
from typing import TYPE_CHECKING

from .difficulty import BANDS, RATE, measure
from .geometry import Dot, convex_hull, orient
from pnp.i18n.message import Message

if TYPE_CHECKING:     # only a type here: the generator hands a placer in
    from .placer import Placer

STEPS_PER_DOT = 40     # proposals per dot per restart
RESTARTS = 3
TRIES = 12             # candidate positions tried per proposal
NUDGE = 0.25           # share of proposals that jiggle any dot a little
TRIANGLES = 4          # attempts at a triangle packed with dots, for the hardest targets


class Unreachable(ValueError):
    """No board with that many dots was found in the wanted difficulty range."""


def band_target(name: str) -> tuple[float, float]:
    """The closed range of values a band accepts (values are rounded to 4 decimals)."""
    if name not in BANDS:
        raise WrongValue(Message("unknown difficulty band {name}; choose one of {bands}"), name=repr(name),
                         bands=Words(BANDS))
    low, high = BANDS[name]
    return low, high if high >= 1.0 else round(high - 1e-4, 4)


def value_target(target: float, tolerance: float) -> tuple[float, float]:
    if not 0.0 <= target <= 1.0:
        raise WrongValue(Message("difficulty target must be within 0..1, got {got}"), got=target)
    if not 0.0 <= tolerance <= 1.0:
        raise WrongValue(Message("difficulty tolerance must be within 0..1, got {got}"), got=tolerance)
    return max(0.0, target - tolerance), min(1.0, target + tolerance)


class Search:
    """Moves dots of one board toward a difficulty range, counting the boards it measures."""

    def __init__(self, placer: Placer, low: float, high: float):
        self.placer = placer
        self.low, self.high = low, high
        self.lo, self.hi = placer.limits.lo, placer.limits.hi
        self.evaluations = 0
        self.seen_low, self.seen_high = 2.0, -1.0
        self.below, self.above = -1.0, 2.0     # nearest values found on either side of the range

    def miss(self, value: float) -> float:
        return self.low - value if value < self.low else value - self.high if value > self.high else 0.0

    def value(self, dots: list[Dot]) -> float:
        self.evaluations += 1
        v = measure(dots).value
        self.seen_low, self.seen_high = min(self.seen_low, v), max(self.seen_high, v)
        if v < self.low:
            self.below = max(self.below, v)
        elif v > self.high:
            self.above = min(self.above, v)
        return v

    def place(self, n: int, rng: random.Random) -> tuple[Dot, ...]:
        levels = possible_values(n)
        # only a triangle with every other dot inside reaches the top step
        top_only = len(levels) > 1 and self.low > levels[-2][1]
        for restart in range(RESTARTS):
            packed = None
            if top_only or restart:
                # a random board climbs one interior dot at a time and can stall a few short
                # of the top; so start (again) from the other end
                packed = next((p for p in (self._triangle(n, rng) for _ in range(TRIANGLES)) if p), None)
            if packed is not None and (top_only or self.value(packed) >= self.low):
                dots = packed
            else:
                dots = list(self.placer.place(n, rng))
            value = self.value(dots)
            for _ in range(STEPS_PER_DOT * n + 1):
                if self.miss(value) == 0:
                    board = tuple(sorted(dots))
                    if not self.placer.limits.problems(board):
                        return board
                proposal = self.propose(dots, value, rng)
                if proposal is None:
                    continue
                i, spot = proposal
                trial = dots[:i] + [spot] + dots[i + 1:]
                v = self.value(trial)
                # downhill, or sideways now and then so a plateau does not trap the search
                if self.miss(v) < self.miss(value) or (self.miss(v) == self.miss(value) and rng.random() < 0.5):
                    dots, value = trial, v
        raise Unreachable(self.explain(n))

    def propose(self, dots: list[Dot], value: float, rng: random.Random) -> tuple[int, Dot] | None:
        """A dot and a new place for it that keeps the generator's limits, or None."""
        n = len(dots)
        hull = set(convex_hull(dots))
        harder = value < self.low
        if rng.random() < NUDGE or (harder and len(hull) == 3) or (not harder and len(hull) == n):
            i = rng.randrange(n)
            spots = self._near(dots[i], rng)
        elif harder:
            i = rng.choice([k for k, d in enumerate(dots) if d in hull])
            if rng.random() < 0.5:
                spots = self._inside(dots[:i] + dots[i + 1:], rng)
            else:   # out toward a corner: the hull grows around its neighbours, taking them in
                spots = self._corner(dots[i], rng)
        else:
            i = rng.choice([k for k, d in enumerate(dots) if d not in hull])
            spots = self._outside(dots[:i] + dots[i + 1:], rng)
        others = dots[:i] + dots[i + 1:]
        spots = [s for s in spots if self.lo <= s[0] <= self.hi and self.lo <= s[1] <= self.hi]
        k = self.placer.first_fit(others, spots)      # the first in bounds that fits
        return None if k < 0 else (i, spots[k])

    def _triangle(self, n: int, rng: random.Random) -> list[Dot] | None:
        lo, hi, jig = self.lo, self.hi, max(1, (self.hi - self.lo) // 20)
        dots = [(lo + rng.randint(0, jig), lo + rng.randint(0, jig)),
                (hi - rng.randint(0, jig), lo + rng.randint(0, jig)),
                ((lo + hi) // 2 + rng.randint(-jig, jig), hi - rng.randint(0, jig))]
        if any(not self.placer.fits(dots[:k], dots[k]) for k in range(3)):
            return None
        for _ in range(n - 3):
            for _ in range(5 * TRIES):
                spots = self._inside(dots[:3], rng)
                k = self.placer.first_fit(dots, spots)
                if k >= 0:
                    dots.append(spots[k])
                    break
            else:
                return None
        return dots

    def _near(self, dot: Dot, rng: random.Random) -> list[Dot]:
        reach = max(2, (self.hi - self.lo) // 10)
        return [(dot[0] + rng.randint(-reach, reach), dot[1] + rng.randint(-reach, reach))
                for _ in range(TRIES)]

    def _inside(self, others: list[Dot], rng: random.Random) -> list[Dot]:
        """Random lattice points strictly inside the hull of the other dots."""
        hull = convex_hull(others)
        xs, ys = [p[0] for p in hull], [p[1] for p in hull]
        out = []
        for _ in range(TRIES * 3):
            p = (rng.randint(min(xs), max(xs)), rng.randint(min(ys), max(ys)))
            if all(orient(hull[k], hull[(k + 1) % len(hull)], p) > 0 for k in range(len(hull))):
                out.append(p)
                if len(out) == TRIES:
                    break
        return out

    def _corner(self, dot: Dot, rng: random.Random) -> list[Dot]:
        cx = self.lo if 2 * dot[0] < self.lo + self.hi else self.hi
        cy = self.lo if 2 * dot[1] < self.lo + self.hi else self.hi
        out = []
        for _ in range(TRIES):
            t = rng.uniform(0.3, 1.0)
            out.append((round(dot[0] + t * (cx - dot[0])), round(dot[1] + t * (cy - dot[1]))))
        return out

    def _outside(self, others: list[Dot], rng: random.Random) -> list[Dot]:
        """Points just beyond an edge of the others' hull, so few hull dots get swallowed."""
        hull = convex_hull(others)
        out = []
        for _ in range(TRIES):
            k = rng.randrange(len(hull))
            (ax, ay), (bx, by) = hull[k], hull[(k + 1) % len(hull)]
            t = rng.uniform(0.25, 0.75)
            push = rng.uniform(0.02, 0.3)
            # hull is counter-clockwise, so the outward normal of edge ab is (by - ay, ax - bx)
            out.append((round(ax + t * (bx - ax) + push * (by - ay)), round(ay + t * (by - ay) + push * (ax - bx))))
        return out

    def explain(self, n: int) -> str:
        wanted = f"{self.low:.2f}..{self.high:.2f}"
        found = f"{self.seen_low:.2f}..{self.seen_high:.2f}"
        near = []
        if self.below >= 0:
            near.append(f"{self.below:.2f} below")
        if self.above <= 1:
            near.append(f"{self.above:.2f} above")
        return (f"no {n}-dot board found with difficulty {wanted} (boards tried ranged {found}"
                + (f"; nearest {' and '.join(near)}" if near else "") + "): "
                "widen the tolerance, pick another target or band, or change the number of dots")


def possible_values(n: int) -> list[tuple[float, float]]:
    """For each count of interior dots (0..n-3), the widest range of values a board can have.

    The value is 1 - exp(-RATE (I + t)/n) with a tie-break 0 <= t <= 2/(n+1) (see difficulty),
    so between these ranges lie values no board of n dots has. With every dot on the hull no
    triangle holds a dot, so that board is exactly 0.
    """
    def value(share: float) -> float:
        return round(1.0 - math.exp(-RATE * share), 4)

    return [(0.0, 0.0)] + [(value(i / n), value((i + 2 / (n + 1)) / n)) for i in range(1, n - 2)]


def step_for(n: int, low: float, high: float) -> tuple[int, float, float] | None:
    """The one difficulty step every board of a request gets: (interior dots, low, high).

    Values come in steps, one per interior dot, so a band can hold boards of quite different
    difficulty (medium at 8 dots: 0.39-0.46 with one dot inside, 0.63-0.67 with two). A request
    gets the step covering the widest part of its range, so its boards sit inside the range and
    not on its edge; on a tie, the easier step. A step of a single value (0: every dot on the
    hull) has no width, so it is chosen only when no other step is in range. The choice depends
    on the dot count and the range alone, so every board of an item (a class set) gets the same
    step, whatever the seed. None: no step is in range.
    """
    best = None
    for interior, (a, b) in enumerate(possible_values(n)):
        lo, hi = max(low, a), min(high, b)
        if lo <= hi and (best is None or hi - lo > best[2] - best[1]):
            best = (interior, lo, hi)
    return best


def place_at(placer: Placer, n: int, rng: random.Random, low: float, high: float) -> tuple[Dot, ...]:
    """n dots keeping the placer's limits with difficulty in [low, high], all at the step
    ``step_for`` chooses for the range, or Unreachable."""
    ranges = possible_values(n)
    step = step_for(n, low, high)
    if step is None:
        below = max((b for a, b in ranges if b < low), default=None)
        above = min((a for a, b in ranges if a > high), default=None)
        near = " and ".join(x for x in (below is not None and f"{below:.2f} below",
                                         above is not None and f"{above:.2f} above") if x)
        raise Unreachable(f"no {n}-dot board can have difficulty {low:.2f}..{high:.2f} (possible "
                          f"values run from 0 to {ranges[-1][1]:.2f} in steps, one per interior dot; "
                          f"nearest {near}): widen the tolerance, pick another target or band, "
                          "or change the number of dots")
    return Search(placer, step[1], step[2]).place(n, rng)


# ---- boards made to a depth ---------------------------------------------------------------------
#
# A depth is measured by playing (depth.chain), not read off the dots, so a board made to a depth
# is drawn as any other (to the item's difficulty too, if it has one), its chain is played, and it
# is kept when the chain's depth is the one wanted and sure (no step of it close: each would come
# out the same at least 80 % of the time on other games); else the next board is drawn,
# DEPTH_TRIES boards at most. The chain is the one `pnp analyze --depth` prints (its sequential
# test, games seeded "board") with perfect play on top, unbounded: up to DEPTH_MOST_DOTS dots it
# takes under 2 M positions. Not past it: at 10 dots perfect play may take 18 s and a budget would not
# do, because the solver's C and pure-Python cores count positions differently (a budget could
# keep perfect play in the chain on one machine and not on another, and the same seed must give
# the same board on any machine); and the search standing in for it costs a minute a board.

DEPTH_TRIES = 16
DEPTH_MOST_DOTS = 9


def measured_depth(dots) -> tuple[int, bool]:
    """The depth a board is made to, and whether it is sure (no close step): the chain as
    described above."""
    from .depth import SEED, chain
    from .sequential import MOST_PAIRS

    figures = chain(dots, MOST_PAIRS, SEED, perfect=True)
    return figures["depth"], figures["sure"]


def place_deep(placer: Placer, n: int, rng: random.Random, depth: int,
               difficulty: tuple[float, float] | None = None) -> tuple[Dot, ...]:
    """n dots keeping the placer's limits (and in the difficulty range, if given) whose skill
    chain has exactly ``depth`` rungs reliably won, surely (no step close), or Unreachable
    naming the depths found."""
    from .depth import MOST_DEPTH

    if not 0 <= depth <= MOST_DEPTH:
        raise Unreachable(f"a depth is 0..{MOST_DEPTH} (rungs up the skill chain), got {depth}")
    if n > DEPTH_MOST_DOTS:
        raise Unreachable(f"a depth is measured by playing each board's skill chain up to perfect "
                          f"play, which takes minutes past {DEPTH_MOST_DOTS} dots; ask for "
                          f"{DEPTH_MOST_DOTS} dots or fewer, or a difficulty instead")
    found: dict[int, int] = {}
    for _ in range(DEPTH_TRIES):
        dots = place_at(placer, n, rng, *difficulty) if difficulty else placer.place(n, rng)
        got, sure = measured_depth(dots)
        if got == depth and sure:
            return dots
        found[(got, sure)] = found.get((got, sure), 0) + 1
    seen = ", ".join(f"depth {d}{'' if sure else ' (not sure)'} x{c}"
                     for (d, sure), c in sorted(found.items()))
    raise Unreachable(f"no {n}-dot board{' at that difficulty' if difficulty else ''} with depth "
                      f"{depth} in {DEPTH_TRIES} tried ({seen}): pick another depth or number of "
                      "dots" + (", or drop or widen the difficulty" if difficulty else ""))
