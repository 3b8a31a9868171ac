"""FROZEN COPY of pnp/games/cliquer/solver.py as of main 41f5d72 (before issue 14), kept so bench/solver_speed.py
can show new/old on the same boards in the same run. Do not edit.

Perfect play for CliqueR: the margin the player to move can force, and a move that forces it.

A real solver over positions (a position is the set of drawn segments): negamax with a table of
bounds per position, alpha-beta pruning with principal-variation null windows, and move ordering.
What the game itself lends to the search:

- Every finished game has exactly 3n-3-h segments (see ``rules``), so the 1 point every move
  scores adds exactly (remaining moves) mod 2 to the margin. The search plays only the *bonus*
  game (3 per triangle, 5 per 4-clique); the parity is added at the end.
- Good moves first: the table's best move, then moves that score, then moves that block the most
  open segments (they shrink the game, so refuting the alternatives costs least).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.games.cliquer.geometry import Dot
from pnp.games.cliquer.rules import Move, Rules, move_points

# a table entry packs (lower bound, upper bound, best segment) into one int to keep it small
_OFF, _BITS = 1 << 11, 12
_MASK = (1 << _BITS) - 1
_INF = _OFF - 1


class OverBudget(Exception):
    """The search expanded more positions than it was allowed."""


@dataclass(frozen=True)
class Solution:
    margin: int             # perfect-play final margin for the player to move (first player at start)
    best_move: Move | None  # a move achieving it (None on a finished board)
    positions: int          # positions expanded (the search's work)


class Solver:
    def __init__(self, rules: Rules, budget: int | None = None):
        """``budget``: give up (raise OverBudget) after expanding this many positions."""
        if len(rules.segments) > 255:  # segment numbers are packed in a byte
            raise ValueError(f"perfect play is out of reach on {rules.n} dots (at most 22)")
        self.rules = rules
        self.first = tuple(a for a, _ in rules.segments)
        self.second = tuple(b for _, b in rules.segments)
        self.crossing = rules.crossing
        self.table: dict[int, int] = {}
        self.adj = [0] * rules.n
        self.positions = 0
        self.budget = budget if budget is not None else -1
        self._search = self._searcher()

    def solve(self, moves: Sequence[Move] = ()) -> Solution:
        """Solve the position reached by playing ``moves`` from the start."""
        rules = self.rules
        state = rules.start()
        for m in moves:
            state, _ = rules.play(state, m)
        self.adj[:] = state.adjacency
        remaining = rules.moves_in_game - len(moves)
        value = self._search(state.drawn, state.open, -_INF, _INF)
        entry = self.table.get(state.drawn)
        best = None
        if entry is not None:
            best = rules.segments[(entry >> 2 * _BITS) & 0xFF]
        else:   # at most two segments left are searched without a table entry: try each
            for move in rules.legal_moves(state):
                after, points = rules.play(state, move)
                self.adj[:] = after.adjacency
                if points - 1 - self._search(after.drawn, after.open, -_INF, _INF) == value:
                    best = move
                    break
        return Solution(value + remaining % 2, best, self.positions)

    def _searcher(self):
        """The negamax, as a closure over local names (attribute look-ups cost in the hot loop)."""
        table = self.table
        lookup = table.get
        adj = self.adj
        ends_a, ends_b, crossing = self.first, self.second, self.crossing
        segment = tuple(zip(ends_a, ends_b, crossing))
        # what stays open after drawing segment k: neither k nor anything crossing it
        keep = tuple(~(c | 1 << k) for k, c in enumerate(crossing))
        budget = self.budget
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
            if solver.positions == budget:
                raise OverBudget(f"more than {budget} positions")
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
