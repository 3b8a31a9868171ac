"""Placing dots: random sampling first, then (pnp.games.cliquer.search) a min-conflicts search
over the whole lattice, then an exact check.

Candidates are scored with floats because they only steer the search; a board is accepted
only when the exact integer check in ``Limits.problems`` finds nothing, so a rounding slip can
cost a step but never a guarantee. Every loop is bounded by a step count (not a clock), so the
same seed gives the same board on every machine, and an impossible request fails in bounded time.

The search (and numpy, which it needs) is imported only for the boards sampling leaves short,
about one 9-dot board in a few hundred, and only when its first fill, done first in plain Python
(``fill.py``, the same board), does not finish them: so a pack does not pay numpy's start-up
(about 80 ms of CPU, once a process) for a board or two. Imports run one way: this module
imports the fill and the search, which know a placer only by what they read of it
(``limits``, ``space_floor``, ``clear2``).
"""

from __future__ import annotations

import random
import struct
import sys
from functools import lru_cache

from pnp.errors import Advice, OptionsError

from .board import Limits
from .geometry import Dot
from pnp.i18n.message import Message

SAMPLE_TRIES = 60        # random positions tried per dot before handing over to the search


class Infeasible(OptionsError):
    """The limits leave no room for that many dots (or the search could not find it): the
    CLI's line names the options by key, the advice names the fields for a page."""


# what the page says, each field named by its label in the page's language
NO_ROOM = Message("{margin_mm} leaves no room for dots on a {side} mm board: make it smaller, or make "
                  "{size_mm} larger.")
TOO_MANY = Message("Only {placed} of the {n} dots fit on this board with this much room around each: "
                   "lower {dots}, {clearance_mm} or {spacing_mm}, or raise {size_mm}.")


@lru_cache(maxsize=None)
def _byte_draws(span: int) -> tuple[bytes, bytes]:
    """For draws of at most 8 bits: the value each top byte of a word gives, and the top bytes
    whose value is past the range (dropped)."""
    down = 8 - span.bit_length()
    return (bytes(t >> down if t >> down < span else 0 for t in range(256)),
            bytes(t for t in range(256) if t >> down >= span))


def _dots(lo: int, values) -> list[Dot]:
    """Dots from draws taken x then y, each an offset from lo."""
    return [(lo + x, lo + y) for x, y in zip(values[0::2], values[1::2])]


class Placer:
    """Places a board's dots: plain sampling, then the search if sampling falls short."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.clear2 = float(limits.clearance) ** 2
        self.space2 = float(limits.spacing) ** 2

    @property
    def space_floor(self) -> float:
        """Two dots whose squared distance is below this are too close: the spacing squared,
        less an allowance for its rounding (every screen, in Python, numpy and C, uses it)."""
        return self.space2 - 1e-9

    def random_dots(self, rng: random.Random, k: int) -> list[Dot]:
        """k random dots, x then y by ``rng.randint(lo, hi)``: the same draws, made faster
        (see ``_draws``)."""
        lo = self.limits.lo
        values = self._draws(rng, k)
        if values is None:
            return [(rng.randint(lo, self.limits.hi), rng.randint(lo, self.limits.hi)) for _ in range(k)]
        return _dots(lo, values)

    def _draws(self, rng: random.Random, k: int) -> bytes | list[int] | None:
        """The 2k values ``rng.randint(lo, hi) - lo`` would give, x then y of each dot (bytes
        when each fits one); None where only randint itself will do.

        randint is randrange plus checks around ``getrandbits`` rejection sampling: a draw of
        b <= 32 bits is the top b bits of the generator's next 32-bit word, and a value past
        the range is dropped for the next word's. So the words certainly needed (one for each
        value still missing) come in one ``getrandbits(32 m)`` (its words are the stream's in
        order, least significant first), again until none is missing: the very same numbers,
        the stream left where randint leaves it (a test holds both against randint), in a few
        calls instead of one a value. Up to 8 bits (any board of up to 255 lattice steps
        inside its margins), a value is its word's top byte shifted, so one bytes.translate
        maps and drops a whole batch at C speed.
        """
        span = self.limits.hi - self.limits.lo + 1
        if type(rng) is not random.Random or span < 1:   # a subclass may draw differently;
            return None                                  # randint refuses an empty range
        bits = span.bit_length()
        if bits > 32:           # more than a word a draw: one draw at a time
            return [rng.randrange(span) for _ in range(2 * k)]
        shift, bytewise = 32 - bits, bits <= 8
        table, dropped = _byte_draws(span) if bytewise else (b"", b"")
        values: bytes | list[int] = b"" if bytewise else []
        while len(values) < 2 * k:       # the words still needed are certainly drawn
            need = 2 * k - len(values)
            words = rng.getrandbits(32 * need).to_bytes(4 * need, "little")
            if bytewise:                 # each value from its word's top byte, at C speed
                values += words[3::4].translate(table, dropped)
            else:
                values += [v for w in struct.unpack(f"<{need}I", words) if (v := w >> shift) < span]
        return values

    # Every formula below is the same arithmetic in numpy and in plain floats; on integer
    # coordinates it is exact but for the limits' squares, so the two always agree.

    def fits(self, others: list[Dot], c: Dot) -> bool:
        """Does c break no limit with ``others`` (each triple in every role)? Plain floats: for
        the few candidates sampling weighs, quicker than numpy."""
        return self._fits(others, self._lines(others), c)

    def _lines(self, others: list[Dot], start: int = 0) -> list[tuple]:
        """For each pair of ``others`` (a before b) with b from ``start`` on: a, the vector ab
        and the least squared cross product a third dot c keeps with it (c clear of line ab:
        ``fits``' middle test). They depend on the pair alone, so sampling makes them once a
        dot placed, not once a candidate weighed."""
        clear2, out = self.clear2, []
        for j in range(max(start, 1), len(others)):
            bx, by = others[j]
            for ax, ay in others[:j]:
                abx, aby = float(bx - ax), float(by - ay)
                out.append((ax, ay, abx, aby, clear2 * (abx * abx + aby * aby) - 1e-6))
        return out

    def _fits(self, others: list[Dot], lines: list[tuple], c: Dot) -> bool:
        """``fits``, with ``lines`` = ``self._lines(others)``. Each test only passes or fails, so
        their order (the pairs' too) changes no answer."""
        cx, cy = c
        space, clear2 = self.space_floor, self.clear2
        rel = []
        for px, py in others:
            dx, dy = float(px - cx), float(py - cy)
            dist2 = dx * dx + dy * dy
            if dist2 < space:
                return False
            rel.append((dx, dy, clear2 * dist2 - 1e-6))
        for ax, ay, abx, aby, limit in lines:
            cross = abx * (cy - ay) - aby * (cx - ax)
            if cross * cross < limit:
                return False
        for p, (px, py, limit) in enumerate(rel):
            for qx, qy, other in rel[p + 1:]:
                # p against the line c-q and q against c-p share one cross product (negated,
                # exactly: float products commute), so one test serves both roles
                cross = px * qy - py * qx
                cross *= cross
                if cross < limit or cross < other:
                    return False
        return True

    def first_fit(self, others: list[Dot], candidates: list[Dot]) -> int:
        """The index of the first candidate that ``fits`` with ``others``, or -1."""
        fits = self.fits
        return next((k for k, c in enumerate(candidates) if fits(others, c)), -1)

    def place(self, n: int, rng: random.Random) -> tuple[Dot, ...]:
        if self.limits.lo > self.limits.hi:
            side = self.limits.grid * self.limits.unit_mm
            raise Infeasible(f"the margin leaves no room for dots on a {side:g} mm board; use a "
                             "smaller margin_mm or a larger size_mm",
                             Advice(("margin_mm", "size_mm"), (), NO_ROOM, (("side", f"{side:g}"),)))
        dots = self._sample(n, rng)     # boards plain sampling fits are the same as ever
        if len(dots) == n and not self.limits.problems(tuple(sorted(dots))):
            return tuple(sorted(dots))
        if "numpy" not in sys.modules:      # the search's first fill, without numpy (fill.py)
            from .fill import first_fill

            board = first_fill(self, dots, n, rng)
            if board is not None:
                return board
        from .search import search     # numpy: only for the boards that need it

        board, fitted = search(self, dots, n, rng)
        if board is None:
            raise Infeasible(self._advice(n, fitted),
                             Advice(("dots", "clearance_mm", "spacing_mm", "size_mm"), (), TOO_MANY,
                                    (("placed", fitted), ("n", n))))
        return board

    def _sample(self, n: int, rng: random.Random) -> list[Dot]:
        """Up to n dots, each the first of ``SAMPLE_TRIES`` random candidates that ``fits``
        (stops at the first dot none fits). A dot's candidates are all drawn, as ever, but made
        into dots only until one fits (about two a dot on default boards, not sixty)."""
        lo, fits, dots, lines = self.limits.lo, self._fits, [], []
        for _ in range(n):
            values = self._draws(rng, SAMPLE_TRIES)
            if values is None:
                candidates = self.random_dots(rng, SAMPLE_TRIES)
            else:
                pairs = iter(values)
                candidates = ((lo + x, lo + y) for x, y in zip(pairs, pairs))
            found = next((c for c in candidates if fits(dots, lines, c)), None)
            if found is None:
                break
            dots.append(found)
            lines += self._lines(dots, len(dots) - 1)
        return dots

    def _advice(self, n: int, placed: int) -> str:
        lim = self.limits
        side = lim.grid * lim.unit_mm
        return (f"cannot place {n} dots with {float(lim.clearance) * lim.unit_mm:g} mm clearance and "
                f"{float(lim.spacing) * lim.unit_mm:g} mm spacing on a {side:g} mm board "
                f"(random sampling fitted {placed}); use fewer dots, a smaller clearance_mm or "
                f"spacing_mm, or a larger size_mm")
