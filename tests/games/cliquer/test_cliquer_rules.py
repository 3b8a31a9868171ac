"""CliqueR rules: scoring as the source states it, legality, and the 3n-3-h theorem."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from support.cliquer_boards import boards
from pnp.games.cliquer.geometry import convex_hull, segments_cross
from support.sim.cliquer_players import (Lookahead, _margins, greedy_player, margin, play_game,
                                       random_player)
from pnp.games.cliquer.rules import Rules, move_points

# a, b on the base; c above; d inside triangle abc: the smallest board holding a 4-clique
K4 = ((0, 0), (10, 0), (5, 9), (5, 3))
# e on top, c inside abe, d inside abc: drawing ab last closes abcd and abce at once
TWO_K4 = ((0, 0), (10, 0), (5, 4), (4, 1), (5, 10))


def play_all(rules, moves):
    state, got = rules.start(), []
    for m in moves:
        state, p = rules.play(state, m)
        got.append(p)
    return state, got


def test_closing_a_four_clique_scores_twelve():
    rules = Rules(K4)
    state, got = play_all(rules, [(0, 2), (1, 2), (0, 3), (1, 3), (2, 3), (0, 1)])
    assert got == [1, 1, 1, 1, 1 + 3 + 3, 1 + 3 + 3 + 5]
    assert got[-1] == 12
    assert rules.finished(state) and state.scores == (1 + 1 + 7, 1 + 1 + 12)


def test_closing_two_four_cliques_at_once_scores_twenty():
    rules = Rules(TWO_K4)
    a, b, c, d, e = range(5)
    state, got = play_all(rules, [(a, e), (b, e), (a, c), (b, c), (c, e),
                                  (a, d), (b, d), (c, d), (a, b)])
    # ab closes triangles abc, abd, abe and 4-cliques abcd, abce
    assert got[-1] == 1 + 3 * 3 + 5 * 2 == 20
    assert rules.finished(state)


def test_triangle_scores_four_and_move_points_matches_play():
    rules = Rules(((0, 0), (7, 1), (2, 6)))
    state, got = play_all(rules, [(0, 1), (1, 2), (0, 2)])
    assert got == [1, 1, 4]
    assert move_points(rules.start().adjacency, 0, 1) == 1


def test_crossing_and_repeated_segments_are_illegal():
    rules = Rules(((0, 0), (10, 0), (10, 10), (0, 10)))  # a square: its diagonals cross
    state, _ = rules.play(rules.start(), (0, 2))
    assert (1, 3) not in rules.legal_moves(state)
    with pytest.raises(ValueError):
        rules.play(state, (1, 3))
    with pytest.raises(ValueError):
        rules.play(state, (2, 0))


@pytest.mark.parametrize("dots, needle", [
    (((0, 0), (1, 1), (2, 2), (5, 0)), "one line"),
    (((0, 0), (0, 0), (2, 5)), "same place"),
    (((0, 0), (1, 2)), "at least 3"),
])
def test_bad_boards_are_refused(dots, needle):
    with pytest.raises(ValueError, match=needle):
        Rules(dots)


def cliques_through(edges, a, b, n):
    """Brute force: triangles and 4-cliques of the graph that contain the edge ab."""
    tri = [c for c in range(n) if c not in (a, b) and {(a, c), (b, c)} <= edges]
    k4 = [(c, d) for c, d in combinations(tri, 2) if (c, d) in edges]
    return len(tri), len(k4)


@settings(max_examples=60, deadline=None)
@given(boards(3, 9), st.integers(0, 2**32))
def test_every_finished_game_has_3n_3_h_segments_and_scores_add_up(dots, seed):
    rules = Rules(dots)
    rng = random.Random(seed)
    state, total, edges = rules.start(), 0, set()
    while not rules.finished(state):
        legal = rules.legal_moves(state)
        assert legal
        move = rng.choice(legal)
        tri, k4 = cliques_through(edges | {move, move[::-1]}, *move, rules.n)
        state, p = rules.play(state, move)
        assert p == 1 + 3 * tri + 5 * k4
        edges |= {move, move[::-1]}
        total += p
    drawn = rules.drawn_segments(state)
    n, h = len(dots), len(convex_hull(dots))
    assert len(drawn) == 3 * n - 3 - h == rules.moves_in_game
    assert sum(state.scores) == total
    assert not any(segments_cross(dots[a], dots[b], dots[c], dots[d])
                   for (a, b), (c, d) in combinations(drawn, 2))
    # finished means maximal: every undrawn segment crosses a drawn one
    for a, b in rules.segments:
        if (a, b) not in edges:
            assert any(segments_cross(dots[a], dots[b], dots[c], dots[d]) for c, d in drawn)


def naive_margin(rules, state, depth):
    if depth == 0 or rules.finished(state):
        return 0
    return max(p - naive_margin(rules, s, depth - 1)
               for s, p in (rules.play(state, m) for m in rules.legal_moves(state)))


@settings(max_examples=30, deadline=None)
@given(boards(4, 8), st.integers(0, 2**32), st.integers(0, 12))
def test_lookahead_margins_match_naive_negamax(dots, seed, prefix):
    rules = Rules(dots)
    rng = random.Random(seed)
    state = rules.start()
    for _ in range(prefix):
        if rules.finished(state):
            break
        state, _ = rules.play(state, random_player(rules, state, rng))
    if rules.finished(state):
        return
    for depth in (1, 2, 3):
        fast = dict(_margins(rules, state.open, list(state.adjacency), depth))
        naive = {rules.number[m]: rules.points(state, m) - naive_margin(rules, rules.play(state, m)[0], depth - 1)
                 for m in rules.legal_moves(state)}
        assert fast == naive


def test_seeded_games_repeat_and_lookahead_beats_greedy_on_a_deep_board():
    dots = ((0, 0), (90, 3), (47, 88), (44, 30), (30, 14), (58, 18), (46, 55), (20, 8))
    rules = Rules(dots)
    players = [Lookahead(2), greedy_player]
    a = play_game(rules, players, random.Random(7))
    b = play_game(rules, players, random.Random(7))
    assert a == b
    wins = sum(margin(play_game(rules, players if s % 2 == 0 else players[::-1], random.Random(s)),
                      s % 2) for s in range(20))
    assert wins > 0
