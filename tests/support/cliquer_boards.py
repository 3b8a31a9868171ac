"""Hypothesis strategies for CliqueR boards shared by the rules, difficulty and solver tests,
and the brute force the solvers are held to."""

from __future__ import annotations

from itertools import combinations

from hypothesis import strategies as st

from pnp.games.cliquer.geometry import orient


def drop_collinear(dots):
    """Keep each dot in turn unless it would lie on a line through two dots already kept."""
    kept = []
    for p in dots:
        if all(orient(a, b, p) != 0 for a, b in combinations(kept, 2)) and p not in kept:
            kept.append(p)
    return tuple(kept)


def boards(min_dots: int = 3, max_dots: int = 9, grid: int = 40):
    """Boards of integer dots in general position with min_dots..max_dots dots."""
    dot = st.tuples(st.integers(0, grid), st.integers(0, grid))
    return (st.lists(dot, min_size=min_dots, max_size=max_dots + 4, unique=True)
            .map(drop_collinear)
            .map(lambda d: d[:max_dots])
            .filter(lambda d: len(d) >= min_dots))


def exhaustive(rules):
    """Every position's value by memoised minimax through the public rules (full points): the
    brute force the solvers are held to."""
    memo = {}

    def value(state):
        if state.drawn not in memo:
            memo[state.drawn] = max((p - value(s) for s, p in
                                     (rules.play(state, m) for m in rules.legal_moves(state))),
                                    default=0)
        return memo[state.drawn]
    return value


def full_report(limits, dots):
    """Limits.problems() with the fast path (Limits.clean) switched off: every triple and pair
    examined and every message built, to hold the fast path to."""
    from pnp.games.cliquer.board import Limits

    original = Limits.clean
    try:
        Limits.clean = lambda self, d: False
        return limits.problems(dots)
    finally:
        Limits.clean = original
