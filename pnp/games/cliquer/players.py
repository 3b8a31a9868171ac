"""Computer players for CliqueR, the rungs of the skill chain (depth.py), and seeded games
between them.

A player is a callable ``(rules, state, rng) -> move``. Ties are broken by ``rng.choice`` over the
tied moves in segment order, so a game is a pure function of the board, the players and the seed.

- ``random_player``: any legal move.
- ``greedy_player``: the move with most immediate points.
- ``Lookahead(depth)``: negamax over the next ``depth`` moves on the margin of immediate points
  (depth 2 = take what you can, minus the best the opponent can take straight after).
- ``Deepening(positions)``: the same margin, looked ahead as deep as a count of positions allows
  each move (three moves, then five, seven...; to the end of the game once few moves are left).
  Counts, not seconds, so a game is the same on any machine: a rung above lookahead3 that exists
  on boards of any size. Deeper is not always stronger on the margin of points alone (the chain
  measures by how much, bench/depth.py). With ``exact_from=k`` it plays the last k moves of the
  game perfectly, through pnp's solver (depth.py's stand-in for perfect play past 10 dots).
- ``Perfect(rules, budget)``: pnp's solver; past its budget a move raises solver.OverBudget.

No global random state: every choice goes through the ``random.Random`` a game is given.

Lookahead and Deepening run in the solver's C core where it is built (``_core.c``'s Searcher: the
same moves, the same counts of positions; the chain plays hundreds of games a board and these
two took nearly all of its CPU in Python), else here; $PNP_SOLVER_CORE=python keeps them here,
as it does the solver (the tests compare the two).
"""

from __future__ import annotations

import random
import weakref
from typing import Callable, Sequence

from .rules import Move, Rules, State, move_points

Player = Callable[[Rules, State, random.Random], Move]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def random_player(rules: Rules, state: State, rng: random.Random) -> Move:
    return rules.segments[rng.choice(_bits(state.open))]


def greedy_player(rules: Rules, state: State, rng: random.Random) -> Move:
    adj, segs = state.adjacency, rules.segments
    best, tied = -1, []
    for k in _bits(state.open):
        p = move_points(adj, *segs[k])
        if p > best:
            best, tied = p, [k]
        elif p == best:
            tied.append(k)
    return segs[rng.choice(tied)]


_searchers: "weakref.WeakKeyDictionary[Rules, object]" = weakref.WeakKeyDictionary()


def native(rules: Rules):
    """The C core's search rungs on this board (made once a board), or None: not built, the board
    too big for it, or $PNP_SOLVER_CORE=python."""
    from .solver import built_core, chosen_core

    if chosen_core() == "python":
        return None
    found = _searchers.get(rules)
    if found is None:
        built = built_core(rules, searcher=True)
        if built is None:
            return None
        found = _searchers[rules] = built(rules.n, bytes(a for a, _ in rules.segments),
                                          bytes(b for _, b in rules.segments), rules.crossing)
    return found


class Lookahead:
    """Plays the move with the best margin over the next ``depth`` moves (both sides greedy-wise)."""

    def __init__(self, depth: int = 2):
        if depth < 1:
            raise ValueError(f"lookahead depth must be at least 1, got {depth}")
        self.depth = depth
        self.__name__ = f"lookahead{depth}"

    def __call__(self, rules: Rules, state: State, rng: random.Random) -> Move:
        core = native(rules)
        if core is not None:
            return rules.segments[rng.choice(core.lookahead(state.open, state.adjacency, self.depth))]
        adj = list(state.adjacency)
        scored = _margins(rules, state.open, adj, self.depth)
        best = max(v for _, v in scored)
        return rules.segments[rng.choice([k for k, v in scored if v == best])]


def _margins(rules: Rules, open_: int, adj: list[int], depth: int) -> list[tuple[int, int]]:
    """(segment, margin over ``depth`` plies) for every open segment; adj is restored on return."""
    segs, crossing = rules.segments, rules.crossing
    out = []
    if depth == 2:
        # The reply scan is the hot loop: a move ab changes the value of a reply only if that
        # reply closes a triangle through ab (ac with bc drawn) or a 4-clique through ab (cd with
        # c, d both joined to a and b), so rank replies once and patch those few.
        index = rules.index
        base = {k: move_points(adj, *segs[k]) for k in _bits(open_)}
        ranked = sorted(base, key=base.__getitem__, reverse=True)
        for k in ranked:
            a, b = segs[k]
            after = open_ & ~(crossing[k] | 1 << k)
            changed = reply = 0
            na, nb = adj[a], adj[b]
            if na | nb:
                adj[a], adj[b] = na | 1 << b, nb | 1 << a
                for x, others in ((a, nb), (b, na)):
                    while others:
                        low = others & -others
                        others ^= low
                        r = index[x][low.bit_length() - 1]
                        if (after >> r) & 1:
                            changed |= 1 << r
                            p = move_points(adj, *segs[r])
                            if p > reply:
                                reply = p
                common = na & nb
                if common & (common - 1):
                    common = _bits(common)
                    for i, c in enumerate(common):
                        for d in common[i + 1:]:
                            r = index[c][d]
                            if (after >> r) & 1:
                                changed |= 1 << r
                                p = move_points(adj, c, d)
                                if p > reply:
                                    reply = p
                adj[a], adj[b] = na, nb
            for r in ranked:
                if (after >> r) & 1 and not (changed >> r) & 1:
                    if base[r] > reply:
                        reply = base[r]
                    break
            out.append((k, base[k] - reply))
        out.sort()
        return out
    for k in _bits(open_):
        a, b = segs[k]
        p = move_points(adj, a, b)
        if depth > 1:
            after = open_ & ~(crossing[k] | 1 << k)
            if after:
                adj[a] |= 1 << b
                adj[b] |= 1 << a
                p -= max(v for _, v in _margins(rules, after, adj, depth - 1))
                adj[a] ^= 1 << b
                adj[b] ^= 1 << a
        out.append((k, p))
    return out


SEARCH_POSITIONS = 20_000     # Deepening's default: positions a move (see bench/depth.py)
# Passes deepen by two moves, so each ends, like lookahead3's, on the searcher's own move: a pass
# ending on the opponent's move sees its last reply and not the answer to it. Measured on 12
# boards of 9 and 11 dots, 6 games each against lookahead3: +166 points by twos, +126 by ones.
DEEPEN_BY = 2
ENDGAME_TABLE_BITS = 22      # the exact endgame's solver table: 2**22 entries of 16 bytes, 64 MiB


class _Spent(Exception):
    """A deepening pass went past its count of positions; the last finished pass stands."""


class Deepening:
    """Iterative deepening alpha-beta on the margin of immediate points, ``positions`` a move,
    deepening DEEPEN_BY moves a pass.

    Depth 3 is always finished (it costs what Lookahead(3) does); a deeper pass is begun only when
    its estimated cost fits in what is left of the count, runs only to its end within it, and is
    thrown away if cut short, so the move is the one the deepest finished pass chose. Every game on a board has the same number of moves,
    so once the depth reaches the moves left the search is exact play to the end. Ties at the
    root are found exactly (each root move is searched with a window just below the best so far)
    and broken by the game's rng, as the other players do."""

    def __init__(self, positions: int = SEARCH_POSITIONS, exact_from: int | None = None):
        if positions < 1:
            raise ValueError(f"a search needs at least one position a move, got {positions}")
        self.positions = positions
        self.exact_from = exact_from
        self.__name__ = "search"
        self._solver = None          # (rules, solver) of the last board's exact endgame

    def __call__(self, rules: Rules, state: State, rng: random.Random) -> Move:
        adj = list(state.adjacency)
        left = rules.moves_in_game - sum(a.bit_count() for a in adj) // 2
        if self.exact_from is not None and left <= self.exact_from:
            # The endgame exactly: pnp's solver from this position (perfect play from here; its
            # table carries over from move to move and game to game on the same board). By the
            # moves left, not a budget, so the same move on any machine and either solver core.
            return self._exact(rules).next_move(state)
        core = native(rules)
        if core is not None:
            choice, self.spent = core.deepen(state.open, state.adjacency, left, self.positions,
                                             DEEPEN_BY)
            return rules.segments[rng.choice(choice)]
        return rules.segments[rng.choice(self.choices(rules, state, left))]

    def choices(self, rules: Rules, state: State, left: int) -> list[int]:
        """The tied best moves (segment numbers, in order) of the deepening search, in Python."""
        adj = list(state.adjacency)
        self.spent, self.limit = 0, None           # depth 3: no limit
        choice = self._root(rules, state.open, adj, min(3, left))
        depth, last, growth = 3, self.spent, state.open.bit_count() / 2
        self.limit = self.positions
        while depth < left and self.spent + last * growth <= self.positions:
            # a pass that would not finish within the count is not begun: the estimate is the
            # last pass's cost times the last growth (half the moves open, before there is one)
            depth = min(depth + DEEPEN_BY, left)
            before = self.spent
            try:
                choice = self._root(rules, state.open, adj, depth)
            except _Spent:
                break
            cost = self.spent - before
            growth, last = cost / max(last, 1), cost
        return choice

    def _exact(self, rules: Rules):
        if self._solver is None or self._solver[0] is not rules:
            from .solver import Solver

            self._solver = (rules, Solver(rules, table_bits=ENDGAME_TABLE_BITS))
        return self._solver[1]

    def _root(self, rules: Rules, open_: int, adj: list[int], depth: int) -> list[int]:
        """The tied best root moves of a ``depth``-move search, in segment order."""
        segs, crossing = rules.segments, rules.crossing
        best, tied = None, []
        for p, k in _ordered(rules, open_, adj):
            a, b = segs[k]
            after = open_ & ~(crossing[k] | 1 << k)
            adj[a] |= 1 << b
            adj[b] |= 1 << a
            try:
                if best is None:
                    v = p - self._value(rules, after, adj, depth - 1, -_INF, _INF)
                else:   # exact when v >= best: the child's window ends just past p - best
                    v = p - self._value(rules, after, adj, depth - 1, -_INF, p - best + 1)
            finally:
                adj[a] ^= 1 << b
                adj[b] ^= 1 << a
            if best is None or v > best:
                best, tied = v, [k]
            elif v == best:
                tied.append(k)
        return sorted(tied)

    def _value(self, rules: Rules, open_: int, adj: list[int], depth: int, alpha: int, beta: int) -> int:
        """The mover's best margin over the next ``depth`` moves (exact inside (alpha, beta))."""
        if not open_ or depth < 1:
            return 0
        if depth <= 2:
            self._count(open_.bit_count())
            if depth == 1:
                return max(move_points(adj, *rules.segments[k]) for k in _bits(open_))
            return max(v for _, v in _margins(rules, open_, adj, 2))
        self._count(1)
        segs, crossing = rules.segments, rules.crossing
        best = -_INF
        for p, k in _ordered(rules, open_, adj):
            a, b = segs[k]
            after = open_ & ~(crossing[k] | 1 << k)
            adj[a] |= 1 << b
            adj[b] |= 1 << a
            try:
                v = p - self._value(rules, after, adj, depth - 1, p - beta, p - alpha)
            finally:
                adj[a] ^= 1 << b
                adj[b] ^= 1 << a
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def _count(self, positions: int) -> None:
        self.spent += positions
        if self.limit is not None and self.spent > self.limit:
            raise _Spent


_INF = 1 << 30


def _ordered(rules: Rules, open_: int, adj: list[int]) -> list[tuple[int, int]]:
    """(immediate points, segment) for every open segment, most points first (cutoffs come
    sooner), then segment order."""
    segs = rules.segments
    return sorted(((move_points(adj, *segs[k]), k) for k in _bits(open_)), key=lambda t: (-t[0], t[1]))


class Perfect:
    """Perfect play from pnp's solver: the first move in segment order that keeps the value.
    The solver's table carries over from move to move; ``budget`` bounds all of its work."""

    __name__ = "perfect"

    def __init__(self, rules: Rules, budget=None):
        from .solver import Solver

        self.solver = Solver(rules, budget)

    def __call__(self, rules: Rules, state: State, rng: random.Random) -> Move:
        return self.solver.next_move(state)


PLAYERS: dict[str, Player] = {
    "random": random_player,
    "greedy": greedy_player,
    "lookahead2": Lookahead(2),
    "lookahead3": Lookahead(3),
    "search": Deepening(),
}


def play_game(rules: Rules, players: Sequence[Player], rng: random.Random) -> State:
    """Play one game to the end, players[0] moving first; returns the finished position."""
    state = rules.start()
    while state.open:
        move = players[state.to_move](rules, state, rng)
        state, _ = rules.play(state, move)
    return state


def margin(state: State, seat: int) -> int:
    """Final score of ``seat`` minus the other player's."""
    return state.scores[seat] - state.scores[1 - seat]
