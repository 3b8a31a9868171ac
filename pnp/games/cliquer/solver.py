"""Perfect play for CliqueR: the margin the player to move can force, and a best line of play.

A real solver over positions (a position is the set of drawn segments): negamax with a table of
bounds per position, alpha-beta pruning with principal-variation null windows, and move ordering.
What the game itself lends to the search:

- Every finished game has exactly 3n-3-h segments (see ``rules``), so the 1 point every move
  scores adds exactly (remaining moves) mod 2 to the margin. The search plays only the *bonus*
  game (3 per triangle, 5 per 4-clique); the parity is added at the end.
- Good moves first: the table's best move, then moves that score, then moves that block the most
  open segments (they shrink the game, so refuting the alternatives costs least).

Two cores run that search: ``_core.c``, built by ``pip install .`` when a C compiler is there
(much faster, with a fixed-size table so its memory is known up front; built twice, ``_core``
to 11 dots and ``_core_wide`` with 128-bit sets for 12 and 13; optionally on two threads), and
the pure-Python one below, used when the C core is missing or the board is too big for it. Both
give the same margins; the cores only ever answer "what is this position worth", and the moves
are picked here, above either core, by one rule (``CANONICAL``).

Every search is bounded: ``Budget`` caps positions, CPU seconds and resident memory, checked
every few thousand positions; going past raises ``OverBudget`` naming the limit. A ``progress``
callable hears (positions, CPU seconds) at each check. Seconds are CPU seconds of this process
(``time.process_time``: every thread of it, the C core's helper thread too), never wall time: on
a machine busy with other work a solve waits for the cores without spending its budget, so the
same board is worked out, or not, under any load.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from pnp.i18n.message import Message, Number

from .geometry import Dot
from .rules import Move, Rules, State, move_points

try:
    from ._core import Core as _CCore, Searcher as _CSearcher
except ImportError:          # no compiler at install time: the pure-Python core does the work
    _CCore = _CSearcher = None
try:    # the same C source with 128-bit sets of segments, for 12 and 13 dots (66 and 78)
    from ._core_wide import Core as _CCoreWide, Searcher as _CSearcherWide
except ImportError:          # no compiler, or none with __int128
    _CCoreWide = _CSearcherWide = None

# a table entry packs (lower bound, upper bound, best segment) into one int to keep it small
_OFF, _BITS = 1 << 11, 12
_MASK = (1 << _BITS) - 1
_INF = _OFF - 1

# The C core's table: 16-byte entries, sized by dots (the positions a solve needs grow about
# 10x a dot) and capped by the memory budget: 2**24 entries = 256 MiB for 10 dots, 512 MiB
# for 11 (pages are mapped as they are first touched, so a quick solve stays small).
_TABLE_BITS = {8: 18, 9: 20, 10: 24, 11: 25, 12: 25, 13: 25}
_C_MAX_SEGMENTS = 63         # the narrow core's sets are one 64-bit word: up to 11 dots (55)
_C_WIDE_MAX_SEGMENTS = 78    # the wide core's keys keep 78 bits: up to 13 dots (78 segments)


class OverBudget(Exception):
    """The search went past its budget; the message says which limit, e.g. "more than 20 s of CPU",
    and ``limit`` names it: "positions", "seconds" or "memory" (a Budget field, less "_mb").
    ``told``: the message as a sentence the web page says in its language (a Message)."""

    def __init__(self, message: str, limit: str):
        super().__init__(message)
        self.limit = limit
        self.told = message


@dataclass(frozen=True)
class Budget:
    """Limits for one solve; None = no limit."""
    positions: int | None = None
    seconds: float | None = None      # CPU seconds of this process, all its threads (not wall)
    memory_mb: int | None = None      # resident memory of this process, MiB


@dataclass(frozen=True)
class Solution:
    margin: int             # perfect-play final margin for the player to move (first player at start)
    best_move: Move | None  # a move achieving it (None on a finished board): line[0]
    positions: int          # positions expanded (the search's work; with two workers, both
                            # threads' and not the same from run to run)
    line: tuple[Move, ...] = ()   # a whole best line of play to the end of the game (or only
                                  # its first move, when solve was asked for the opening only),
                                  # by the one rule CANONICAL


def _workers(asked: int | None) -> int:
    """Threads for the C core: ``asked``, else $PNP_SOLVER_WORKERS, else 1. Two are not the
    default: on this shared 2-core machine under load (no idle core) the helper thread only
    took CPU from the main one, 334 s wall against 177 s for Sunday 2026-11-22's 11 dots
    (docs/difficulty.md); they are for a machine with a core to spare."""
    if asked is None:
        text = os.environ.get("PNP_SOLVER_WORKERS", "").strip()
        if text:
            if text not in ("1", "2"):
                raise ValueError(f"PNP_SOLVER_WORKERS must be 1 or 2, got {text!r}")
            asked = int(text)
        else:
            asked = 1
    if asked not in (1, 2):
        raise ValueError(f"the solver runs on 1 or 2 workers, not {asked!r}")
    return asked


def c_core_available() -> bool:
    return _CCore is not None


def chosen_core(core: str | None = None) -> str | None:
    """"c", "python" or None (C where built and the board fits): ``core``, else $PNP_SOLVER_CORE,
    which sets both the solver's core and the search rungs' (players.py), for comparing them."""
    core = core or os.environ.get("PNP_SOLVER_CORE") or None
    if core not in (None, "c", "python"):
        raise ValueError(f"solver core must be 'c' or 'python', got {core!r}")
    return core


def built_core(rules: Rules, searcher: bool = False):
    """The C core's solver (``searcher``: its search rungs, players.py) built for this board,
    None when none is: the narrow core up to 11 dots (faster: one word a set), the wide one for
    12 and 13."""
    segments = len(rules.segments)
    narrow, wide = (_CSearcher, _CSearcherWide) if searcher else (_CCore, _CCoreWide)
    return (narrow if segments <= _C_MAX_SEGMENTS else
            wide if segments <= _C_WIDE_MAX_SEGMENTS else None)


def _resident_mb() -> float | None:
    """This process's resident memory now (Linux); None where /proc is not there."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return None


MAX_SEGMENTS = 255       # segment numbers are packed in a byte
MOST_DOTS = max(n for n in range(3, 64) if n * (n - 1) // 2 <= MAX_SEGMENTS)    # 23 (253 segments)


# The one best move, where several are equally good (issue 45): of the legal moves that keep the
# perfect-play value (their points less what the opponent can then force equal the position's
# value), the first in the board's segment order: A-B, A-C, ..., A-J, B-C, B-D, ..., I-J, each
# segment named by its two dots with the earlier letter first, pairs compared by their first
# letter, then their second (``Rules.segments``). It is a fact of the position alone, not of
# the search: what the table holds, the core, the threads, a cold or warm cache, an opening
# asked alone or a whole line change what finding it costs, never which move it is. A whole
# best line takes this move at every position, so its first move is the best opening. The
# browser's engine follows the same rule (docs/difficulty.md, "Which best move").
CANONICAL = "the first move in segment order that keeps the perfect-play value"


def within_reach(rules: Rules) -> bool:
    """Can the solver take this board at all (whatever its budget)?"""
    return len(rules.segments) <= MAX_SEGMENTS


class Solver:
    def __init__(self, rules: Rules, budget: int | Budget | None = None, *,
                 progress: Callable[[int, float], None] | None = None, core: str | None = None,
                 workers: int | None = None, table_bits: int | None = None):
        """``budget``: a ``Budget``, or a number of positions (raise OverBudget past it).
        ``core``: "c", "python" or None (C when built and the board fits; $PNP_SOLVER_CORE
        overrides None, for comparing the two). ``workers``: threads of the C core's search,
        1 or 2 (None: $PNP_SOLVER_WORKERS, else 1). The margin and the line never depend on
        it; the positions count does. ``table_bits``: the C core's table size (2**bits entries;
        None: by dots), smaller for the short endgame solves of players.Deepening."""
        if not within_reach(rules):
            raise ValueError(f"perfect play is out of reach on {rules.n} dots (at most {MOST_DOTS})")
        if not isinstance(budget, Budget):
            budget = Budget(positions=budget)
        self.rules = rules
        self.limits = budget
        self.progress = progress
        self.first = tuple(a for a, _ in rules.segments)
        self.second = tuple(b for _, b in rules.segments)
        self.crossing = rules.crossing
        self.table: dict[int, int] = {}
        self.adj = [0] * rules.n
        self.positions = 0
        self.helper_positions = 0    # what the C core's helper thread expanded besides
        self.started = time.process_time()   # the budget's clock: CPU, see the docstring
        core = chosen_core(core)
        built = built_core(rules)
        if core == "c" and built is None:
            raise ValueError("the C solver core is not built here" if _CCore is None
                             else f"the C solver core takes at most 13 dots, not {rules.n}"
                             if len(rules.segments) > _C_WIDE_MAX_SEGMENTS
                             else "the C solver core for 12 and 13 dots is not built here")
        self.core = "c" if core != "python" and built is not None else "python"
        # the pure-Python core checks its budget every 4096 positions (a few hundredths of a
        # second), the C core every 16384 (a few milliseconds)
        self.every = 4096 if self.core == "python" else 16384
        if budget.positions is not None:
            self.every = max(1, min(self.every, budget.positions))
        self.next_check = self.every
        if self.core == "c":
            bits = table_bits or _TABLE_BITS.get(rules.n, 16 if rules.n < 8 else 24)
            if budget.memory_mb is not None:   # the table takes at most half the budget
                while bits > 12 and (16 << bits) > budget.memory_mb * 2**19:
                    bits -= 1
            threads = _workers(workers)
            # (one worker is the core's default: asked only for two, so the benches' frozen
            # core from before workers, bench/solver_today_core.c, still loads here)
            self._c = built(rules.n, bytes(self.first), bytes(self.second), rules.crossing, bits,
                            **({"workers": threads} if threads > 1 else {}))
            # the hook is handed over per search, not kept by the core: a core holding a bound
            # method of its own Solver made a cycle, and each solve's table stayed alive
            self._c.set_hook(None, self.every)
        # No bound method or closure of this Solver is stored on it: such a cycle keeps the
        # Solver and its table alive until the garbage collector happens to run, and one
        # 10-dot table is hundreds of MB (issue 22: four solves in a process grew 31 -> 79 MiB)

    # ---- budget -----------------------------------------------------------------------------

    def _c_check(self, positions: int) -> None:
        self.positions = positions
        self.check()

    def check(self) -> None:
        """Called every ``every`` positions: enforce the budget, report progress."""
        self.next_check = self.positions + self.every
        limits = self.limits
        if limits.positions is not None and self.positions >= limits.positions:
            raise OverBudget(Message("more than {n} positions", "more than {n} positions",
                                     n=Number(limits.positions, ",")), "positions")
        elapsed = time.process_time() - self.started
        if limits.seconds is not None and elapsed > limits.seconds:
            raise OverBudget(Message("more than {n} s of CPU", n=Number(limits.seconds, "g")), "seconds")
        if limits.memory_mb is not None:
            used = _resident_mb()
            if used is not None and used > limits.memory_mb:
                raise OverBudget(Message("more than {n} MB of memory", n=Number(limits.memory_mb, ",")),
                                 "memory")
        if self.progress is not None:
            self.progress(self.positions, elapsed)

    def _c_search(self, drawn: int, open_: int, alpha: int, beta: int) -> int:
        try:
            return self._c.search(drawn, open_, self.adj, alpha, beta, self._c_check)
        finally:
            self.positions = self._c.positions
            self.helper_positions += getattr(self._c, "helper_positions", 0)   # (frozen core: none)

    # ---- answers ----------------------------------------------------------------------------

    def solve(self, moves: Sequence[Move] = (), whole_line: bool = True) -> Solution:
        """Solve the position reached by playing ``moves`` from the start, with a best line.

        ``whole_line`` False: a best opening only, all a daily answer prints. Either way each
        move is the ``CANONICAL`` one, so the opening alone is the whole line's first move."""
        rules = self.rules
        state = rules.start()
        for m in moves:
            state, _ = rules.play(state, m)
        remaining = rules.moves_in_game - len(moves)
        value = self._value(state, -_INF, _INF)
        line = self._line(state, value, moves=None if whole_line else 1)
        return Solution(value + remaining % 2, line[0] if line else None,
                        self.positions + self.helper_positions, tuple(line))

    def next_move(self, state: State) -> Move:
        """The ``CANONICAL`` perfect move at ``state`` (not finished), without the rest of the
        line (for computer players; the table carries over from move to move)."""
        value = self._value(state, -_INF, _INF)
        return self._line(state, value, moves=1)[0]

    def _value(self, state: State, alpha: int, beta: int) -> int:
        """The bonus margin of ``state`` for its mover (fail-soft in (alpha, beta))."""
        if not state.open:
            return 0
        self.adj[:] = state.adjacency
        if self.core == "c":
            return self._c_search(state.drawn, state.open, alpha, beta)
        search = self._searcher()
        try:
            return search(state.drawn, state.open, alpha, beta)
        finally:
            search.release()

    def _line(self, state: State, value: int, moves: int | None = None) -> list[Move]:
        """A best line from ``state`` (bonus value ``value``) to the end of the game (or ``moves``
        long): at each move the ``CANONICAL`` one.

        The reply after a move scoring ``b`` bonus is worth at least b - value to the opponent
        (value is the best over moves), and exactly that after a best move: one null-window
        test each, exact whatever the table holds (fail-soft bounds: the answer is on the right
        side of ``target`` however much of the tree was cut or taken from the table). The moves
        are tried in segment order and the first that passes is taken; the ones before it are
        each proved worse, so no table, core or thread timing can make another one first.
        """
        rules, line = self.rules, []
        while state.open and len(line) != moves:
            for move in rules.legal_moves(state):
                after, points = rules.play(state, move)
                target = points - 1 - value
                if self._value(after, target, target + 1) <= target:
                    break
            else:   # cannot happen: some move reaches the maximum
                raise AssertionError("no move keeps the perfect-play value")
            line.append(move)
            state, value = after, target
        return line

    def _searcher(self):
        """The negamax, as a closure over local names (attribute look-ups cost in the hot loop);
        made afresh for each search and not kept, so it makes no cycle with the Solver."""
        table = self.table
        lookup = table.get
        adj = self.adj
        ends_a, ends_b, crossing = self.first, self.second, self.crossing
        segment = tuple(zip(ends_a, ends_b, crossing))
        # what stays open after drawing segment k: neither k nor anything crossing it
        keep = tuple(~(c | 1 << k) for k, c in enumerate(crossing))
        solver = self

        def bonus(a: int, b: int) -> int:
            common = adj[a] & adj[b]
            if not common:
                return 0
            if not common & (common - 1):
                return 3
            return move_points(adj, a, b) - 1

        def last_two(one: int, two: int) -> int:
            """Exact bonus margin with just segments ``one`` and ``two`` open."""
            a1, b1, a2, b2 = ends_a[one], ends_b[one], ends_a[two], ends_b[two]
            first1, first2 = bonus(a1, b1), bonus(a2, b2)
            if (crossing[one] >> two) & 1:   # drawing either closes the other: the game ends
                return first1 if first1 > first2 else first2
            # both get drawn, one by each player; the second may score off the first
            adj[a1] |= 1 << b1
            adj[b1] |= 1 << a1
            then2 = bonus(a2, b2)
            adj[a1] ^= 1 << b1
            adj[b1] ^= 1 << a1
            adj[a2] |= 1 << b2
            adj[b2] |= 1 << a2
            then1 = bonus(a1, b1)
            adj[a2] ^= 1 << b2
            adj[b2] ^= 1 << a2
            one_first, two_first = first1 - then2, first2 - then1
            return one_first if one_first > two_first else two_first

        def ordered(candidates: int, open_: int) -> list[int]:
            """Sort keys for the ``candidates``: bonus, then open segments blocked, then number."""
            keys = []
            rest = candidates
            while rest:
                low = rest & -rest
                rest ^= low
                k = low.bit_length() - 1
                a, b, crosses = segment[k]
                common = adj[a] & adj[b]
                key = ((crosses & open_).bit_count() << 8) | k
                if common:
                    key |= (3 if not common & (common - 1) else move_points(adj, a, b) - 1) << 16
                keys.append(key)
            keys.sort(reverse=True)
            return keys

        def search(drawn: int, open_: int, alpha: int, beta: int) -> int:
            """Bonus margin for the mover; fail-soft: exact when strictly inside (alpha, beta)."""
            rest = open_ & (open_ - 1)
            if not rest & (rest - 1):
                # at most two segments left: answered directly, without a table entry
                if not rest:
                    if not open_:
                        return 0
                    k = open_.bit_length() - 1
                    return bonus(ends_a[k], ends_b[k])
                return last_two(rest.bit_length() - 1, (open_ ^ rest).bit_length() - 1)
            entry = lookup(drawn)
            first = -1
            if entry is not None:
                lower = (entry & _MASK) - _OFF
                upper = ((entry >> _BITS) & _MASK) - _OFF
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
                first = entry >> 2 * _BITS
            else:
                lower, upper = -_INF, _INF
            solver.positions += 1
            if solver.positions >= solver.next_check:
                solver.check()
            if first >= 0:
                # the table's move first, alone: when it cuts off, the others are never scored
                keys = [(bonus(ends_a[first], ends_b[first]) << 16) | first]
                later = open_ & ~(1 << first)
            else:
                keys = ordered(open_, open_)
                later = 0
            start_alpha = alpha
            best, best_k = -_INF, keys[0] & 0xFF
            window = False  # after the first move, probe the rest with null windows
            i = 0
            while True:
                if i == len(keys):
                    if not later:
                        break
                    keys, later, i = ordered(later, open_), 0, 0
                key = keys[i]
                i += 1
                k = key & 0xFF
                score = key >> 16
                a, b = ends_a[k], ends_b[k]
                child = drawn | 1 << k
                child_open = open_ & keep[k]
                adj[a] |= 1 << b
                adj[b] |= 1 << a
                if window:
                    value = score - search(child, child_open, score - alpha - 1, score - alpha)
                    if alpha < value < beta:
                        value = score - search(child, child_open, score - beta, score - value)
                else:
                    value = score - search(child, child_open, score - beta, score - alpha)
                    window = True
                adj[a] ^= 1 << b
                adj[b] ^= 1 << a
                if value > best:
                    best, best_k = value, k
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            if best <= start_alpha:
                upper = best
            elif best >= beta:
                lower = best
            else:
                lower = upper = best
            table[drawn] = (lower + _OFF) | ((upper + _OFF) << _BITS) | (best_k << 2 * _BITS)
            return best

        def release() -> None:
            # search calls itself through its own closure cell: a cycle holding the Solver and
            # its table until the garbage collector runs. Emptying the cell breaks it.
            nonlocal search
            search = None

        search.release = release
        return search


def solve(dots: Sequence[Dot], moves: Sequence[Move] = ()) -> Solution:
    """Perfect play from the start (or after ``moves``) on a board of dots."""
    return Solver(Rules(dots)).solve(moves)


def plain_minimax(rules: Rules) -> int:
    """The baseline: memoised minimax over every position, no pruning (for checks and the bench).

    Returns the first player's perfect-play margin, full points (not just the bonus).
    """
    ends, crossing = rules.segments, rules.crossing
    memo: dict[int, int] = {}
    adj = [0] * rules.n

    def value(drawn: int, open_: int) -> int:
        known = memo.get(drawn)
        if known is not None:
            return known
        best = 0 if not open_ else -10**9
        rest = open_
        while rest:
            low = rest & -rest
            k = low.bit_length() - 1
            a, b = ends[k]
            p = move_points(adj, a, b)
            adj[a] |= 1 << b
            adj[b] |= 1 << a
            best = max(best, p - value(drawn | low, open_ & ~(crossing[k] | low)))
            adj[a] ^= 1 << b
            adj[b] ^= 1 << a
            rest ^= low
        memo[drawn] = best
        return best

    return value(0, rules.all_segments)
