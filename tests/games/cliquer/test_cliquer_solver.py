"""CliqueR perfect play: the solver against brute force on tiny boards."""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import given, settings, strategies as st

from support.cliquer_boards import boards
from support.sim.cliquer_players import random_player
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Solver, plain_minimax, solve


def full_tree(rules, state):
    """Minimax over every move sequence, nothing remembered, nothing pruned."""
    if rules.finished(state):
        return 0
    return max(p - full_tree(rules, s) for s, p in (rules.play(state, m) for m in rules.legal_moves(state)))


def remembered(rules):
    """Minimax over every position through the public rules (independent of the solver's core)."""
    @lru_cache(maxsize=None)
    def value(state):
        if rules.finished(state):
            return 0
        return max(p - value(s) for s, p in (rules.play(state, m) for m in rules.legal_moves(state)))
    return value


def random_prefix(rules, seed, length):
    rng, state, moves = random.Random(seed), rules.start(), []
    for _ in range(length):
        if rules.finished(state):
            break
        move = random_player(rules, state, rng)
        moves.append(move)
        state, _ = rules.play(state, move)
    return state, moves


@settings(max_examples=40, deadline=None)
@given(boards(4, 5), st.integers(0, 2**32), st.integers(3, 7))
def test_solver_matches_full_tree_minimax(dots, seed, prefix):
    # 4 dots from the start; 5 dots after a few random moves, to keep the full tree small
    rules = Rules(dots)
    state, moves = random_prefix(rules, seed, prefix if len(dots) == 5 else 0)
    assert Solver(rules).solve(moves).margin == full_tree(rules, state)


@settings(max_examples=15, deadline=None)
@given(boards(6, 6), st.integers(0, 2**32), st.integers(0, 5))
def test_solver_matches_exhaustive_minimax_on_six_dots(dots, seed, prefix):
    rules = Rules(dots)
    state, moves = random_prefix(rules, seed, prefix)
    assert Solver(rules).solve(moves).margin == remembered(rules)(state)
    if not moves:
        assert plain_minimax(rules) == remembered(rules)(state)


@settings(max_examples=25, deadline=None)
@given(boards(4, 6))
def test_best_move_achieves_the_margin(dots):
    rules = Rules(dots)
    found = solve(dots)
    after, points = rules.play(rules.start(), found.best_move)
    reply = Solver(rules).solve([found.best_move]).margin if not rules.finished(after) else 0
    assert points - reply == found.margin


def test_known_board_value():
    # the 4-clique board: 3*4-3-3 = 6 moves; whoever draws the sixth segment closes the 4-clique
    dots = ((0, 0), (10, 0), (5, 9), (5, 3))
    found = solve(dots)
    assert found.margin == remembered(Rules(dots))(Rules(dots).start())
    # the last segment closes triangles 0-2-3 and 1-2-3 and the 4-clique: 1 + 3 + 3 + 5
    assert solve(dots, moves=[(0, 1), (0, 2), (1, 2), (0, 3), (1, 3)]).margin == 12


@settings(max_examples=30, deadline=None)
@given(boards(5, 6), st.integers(0, 2**32))
def test_best_move_near_the_end_achieves_the_margin(dots, seed):
    # the last one or two segments are answered without a table entry, so the best move is
    # recovered another way there: play until at most three segments are open
    rules = Rules(dots)
    rng, state, moves = random.Random(seed), rules.start(), []
    while bin(state.open).count("1") > rng.choice((1, 2, 3)):
        move = random_player(rules, state, rng)
        after, _ = rules.play(state, move)
        if rules.finished(after):
            break
        moves.append(move)
        state = after
    found = Solver(rules).solve(moves)
    assert found.margin == remembered(rules)(state)
    after, points = rules.play(state, found.best_move)
    assert points - remembered(rules)(after) == found.margin
