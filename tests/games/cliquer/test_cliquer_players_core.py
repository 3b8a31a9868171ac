"""The skill chain's search rungs in the solver's C core (``_core.c``'s Searcher) play the moves
the pure-Python players play (players.Lookahead and players.Deepening): the same tied best moves
and the same count of positions, at every position of random games on random boards. Hostile
calls into the core are refused with an error, never a crash."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis.strategies import integers, sampled_from

from support.cliquer_boards import boards
from pnp.games.cliquer.players import DEEPEN_BY, Deepening, _margins, native, random_player
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import built_core

built = pytest.mark.skipif(built_core(Rules(((0, 0), (9, 0), (0, 9))), searcher=True) is None,
                           reason="the C core is not built here")


def positions(rules: Rules, seed: int):
    """Every position of one random game, with its moves left."""
    rng, state = random.Random(seed), rules.start()
    while state.open:
        yield state, rules.moves_in_game - sum(a.bit_count() for a in state.adjacency) // 2
        state, _ = rules.play(state, random_player(rules, state, rng))


@built
@settings(max_examples=25, deadline=None)
@given(boards(min_dots=3, max_dots=9), integers(0, 2**16), sampled_from([1, 40, 700, 5_000]))
def test_the_core_searches_as_the_python_players_do(dots, seed, count):
    rules = Rules(dots)
    core = native(rules)
    for state, left in positions(rules, seed):
        for depth in (1, 2, 3):
            scored = _margins(rules, state.open, list(state.adjacency), depth)
            best = max(v for _, v in scored)
            assert core.lookahead(state.open, state.adjacency, depth) == \
                [k for k, v in scored if v == best]
        search = Deepening(count)
        python = search.choices(rules, state, left)
        assert core.deepen(state.open, state.adjacency, left, count, DEEPEN_BY) == \
            (python, search.spent)


@built
def test_python_core_setting_keeps_the_players_in_python(monkeypatch):
    rules = Rules(((0, 0), (9, 0), (0, 9), (3, 2)))
    assert native(rules) is not None
    monkeypatch.setenv("PNP_SOLVER_CORE", "python")
    assert native(rules) is None


@built
@pytest.mark.parametrize("call, message", [
    (lambda c: c.lookahead(1 << 6, [0, 0, 0, 0], 2), "not there"),       # 6 segments: 0..5
    (lambda c: c.lookahead(-1, [0, 0, 0, 0], 2), None),
    (lambda c: c.lookahead(1, [0, 0, 0], 2), "one mask per dot"),
    (lambda c: c.lookahead(1, [1 << 9, 0, 0, 0], 2), "not there"),
    (lambda c: c.lookahead(0, [0, 0, 0, 0], 2), "open segment"),
    (lambda c: c.lookahead(1, [0, 0, 0, 0], 0), "depth"),
    (lambda c: c.lookahead(1, [0, 0, 0, 0], 10**6), "depth"),
    (lambda c: c.deepen(1, [0, 0, 0, 0], 0, 10, 2), "moves left"),
    (lambda c: c.deepen(1, [0, 0, 0, 0], 3, 0, 2), "positions"),
    (lambda c: c.deepen(1, [0, 0, 0, 0], 3, 10, 0), "step"),
    (lambda c: c.deepen(1, "abcd", 3, 10, 2), None),
])
def test_hostile_calls_are_refused(call, message):
    core = native(Rules(((0, 0), (9, 0), (0, 9), (3, 2))))
    with pytest.raises((ValueError, TypeError, OverflowError), match=message):
        call(core)


@built
@pytest.mark.parametrize("args, message", [
    ((2, b"\0", b"\1", [0]), "3..32 dots"),
    ((4, b"\0", b"\0", [0]), "two different dots"),
    ((4, b"\0", b"\7", [0]), "below n"),
    ((4, b"\0\0", b"\1", [0, 0]), "3..32 dots"),
    ((4, b"\0", b"\1", [1]), "not there"),
    ((4, b"\0", b"\1", ["x"]), "int"),
])
def test_a_searcher_on_a_bad_board_is_refused(args, message):
    make = built_core(Rules(((0, 0), (9, 0), (0, 9))), searcher=True)
    with pytest.raises((ValueError, TypeError), match=message):
        make(*args)
    unset = make.__new__(make)
    with pytest.raises(ValueError, match="not set up"):
        unset.lookahead(1, [0, 0, 0], 1)
