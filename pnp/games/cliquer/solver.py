"""Perfect play for CliqueR: the margin the player to move can force, and a move that forces it.

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

    def solve(self, moves: Sequence[Move] = ()) -> Solution:
        """Solve the position reached by playing ``moves`` from the start."""
        rules = self.rules
        state = rules.start()
        for m in moves:
            state, _ = rules.play(state, m)
        self.adj = list(state.adjacency)
        remaining = rules.moves_in_game - len(moves)
        value = self._search(state.drawn, state.open, -_INF, _INF)
        entry = self.table.get(state.drawn)
        best = None
        if entry is not None:
            best = rules.segments[(entry >> 2 * _BITS) & 0xFF]
        elif state.open:   # a single segment left is searched without a table entry
            best = rules.segments[state.open.bit_length() - 1]
        return Solution(value + remaining % 2, best, self.positions)

    def _search(self, drawn: int, open_: int, alpha: int, beta: int) -> int:
        """Bonus margin for the player to move; fail-soft: exact when strictly inside (alpha, beta)."""
        if not open_ & (open_ - 1):
            if not open_:
                return 0
            # one segment left: whoever draws it takes its bonus
            a, b = self.first[open_.bit_length() - 1], self.second[open_.bit_length() - 1]
            return move_points(self.adj, a, b) - 1
        table = self.table
        entry = table.get(drawn)
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
        self.positions += 1
        if self.positions == self.budget:
            raise OverBudget(f"more than {self.budget} positions")
        adj, crossing, ends_a, ends_b = self.adj, self.crossing, self.first, self.second
        keys = []
        rest = open_
        while rest:
            low = rest & -rest
            rest ^= low
            k = low.bit_length() - 1
            a, b = ends_a[k], ends_b[k]
            bonus = move_points(adj, a, b) - 1 if adj[a] & adj[b] else 0
            keys.append((bonus << 16) | ((crossing[k] & open_).bit_count() << 8) | k)
        keys.sort(reverse=True)
        if first >= 0:
            for i, key in enumerate(keys):
                if key & 0xFF == first:
                    keys.insert(0, keys.pop(i))
                    break
        start_alpha = alpha
        best, best_k = -_INF, keys[0] & 0xFF
        window = False  # after the first move, probe the rest with null windows
        for key in keys:
            k = key & 0xFF
            bonus = key >> 16
            a, b = ends_a[k], ends_b[k]
            bit = 1 << k
            child = drawn | bit
            child_open = open_ & ~(crossing[k] | bit)
            adj[a] |= 1 << b
            adj[b] |= 1 << a
            if window:
                value = bonus - self._search(child, child_open, bonus - alpha - 1, bonus - alpha)
                if alpha < value < beta:
                    value = bonus - self._search(child, child_open, bonus - beta, bonus - value)
            else:
                value = bonus - self._search(child, child_open, bonus - beta, bonus - alpha)
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
