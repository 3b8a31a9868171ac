"""CliqueR perfect play: both solver cores, the best line, and the budget.

The C core (built by ``pip install .`` when a compiler is there) and the pure-Python core must
give the same margins and the same best line as brute force; the line must replay as a legal
game whose points add up to the margin. The C-only checks are skipped where it is not built.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from support.cliquer_boards import boards, exhaustive
from support.sim.cliquer_players import random_player
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Budget, OverBudget, Solver, c_core_available, plain_minimax

CORES = ["python"] + (["c"] if c_core_available() else [])
needs_c = pytest.mark.skipif(not c_core_available(), reason="the C core is not built here")

NINE = ((10, 47), (17, 32), (25, 51), (39, 73), (52, 5), (60, 69), (63, 46), (69, 83), (72, 24))


def random_prefix(rules, seed, length):
    rng, state, moves = random.Random(seed), rules.start(), []
    while len(moves) < length and state.open:
        move = random_player(rules, state, rng)
        moves.append(move)
        state, _ = rules.play(state, move)
    return state, moves


def replay(rules, state, line):
    """The margin the line gives the player to move at ``state``; every move must be legal."""
    margin, sign = 0, 1
    for move in line:
        state, points = rules.play(state, move)   # raises on an illegal move
        margin += sign * points
        sign = -sign
    assert rules.finished(state), "the line stops before the end of the game"
    return margin


@settings(max_examples=50, deadline=None)
@given(boards(4, 7), st.integers(0, 2**32), st.integers(0, 6))
def test_every_core_agrees_with_brute_force_and_the_line_replays_to_the_margin(dots, seed, prefix):
    rules = Rules(dots)
    # 7 dots after a few moves, so brute force stays small
    state, moves = random_prefix(rules, seed, 3 + prefix if len(dots) == 7 else prefix // 2)
    value = exhaustive(rules)
    truth = value(state)
    found = {core: Solver(rules, core=core).solve(moves) for core in CORES}
    for core, solution in found.items():
        assert solution.margin == truth, core
        assert replay(rules, state, solution.line) == truth, core
        # each move of the line keeps the perfect-play value: the line is perfect play, not
        # merely some game that happens to end on the same margin
        here = state
        for move in solution.line:
            after, points = rules.play(here, move)
            assert points - value(after) == value(here)
            here = after
        assert solution.best_move == (solution.line[0] if solution.line else None)
    # one rule picks the line above either core, so both print the same line
    assert len({f.line for f in found.values()}) == 1


@needs_c
@settings(max_examples=3, deadline=None)
@given(boards(7, 7))
def test_the_c_core_matches_plain_minimax_on_seven_dots(dots):
    rules = Rules(dots)
    assert Solver(rules, core="c").solve().margin == plain_minimax(rules)


@needs_c
def test_both_cores_agree_on_an_eight_dot_board():
    rules = Rules(NINE[:8])
    c = Solver(rules, core="c").solve()
    python = Solver(rules, core="python").solve()
    assert (c.margin, c.line) == (python.margin, python.line)
    assert replay(rules, rules.start(), c.line) == c.margin


@pytest.mark.parametrize("core", CORES)
def test_a_positions_budget_stops_the_search_and_says_so(core):
    solver = Solver(Rules(NINE), Budget(positions=1000), core=core)
    with pytest.raises(OverBudget, match="more than 1,000 positions"):
        solver.solve()
    # the count is exact in the Python core, checked every few thousand positions in C
    assert 1000 <= solver.positions <= 1000 + 16384


@pytest.mark.parametrize("core", CORES)
def test_progress_is_heard_while_it_works(core):
    heard = []
    # 8 dots: about 100,000 positions, past the first checks of either core
    Solver(Rules(NINE[:8]), core=core, progress=lambda positions, seconds: heard.append(positions)).solve()
    assert heard and heard == sorted(heard) and heard[0] > 0


def test_a_core_that_cannot_be_had_is_refused_plainly():
    with pytest.raises(ValueError, match="core must be"):
        Solver(Rules(NINE), core="fortran")
    fourteen = tuple((x, x * x) for x in range(14))     # on a parabola: no three on a line
    with pytest.raises(ValueError, match="at most 13 dots|not built"):
        Solver(Rules(fourteen), core="c")


@pytest.mark.parametrize("core", CORES)
def test_next_move_is_the_first_move_of_the_best_line(core):
    rules = Rules(NINE[:7])
    line = Solver(rules, core=core).solve().line
    solver, state = Solver(rules, core=core), rules.start()
    for move in line:       # one solver along the whole game, its table carried over
        assert solver.next_move(state) == move
        state, _ = rules.play(state, move)


# ---- the wide core (12 and 13 dots: 66 and 78 segments, past one 64-bit word) ------------------

TWELVE = ((3, 41), (9, 12), (14, 66), (20, 30), (27, 5), (31, 52), (38, 20), (44, 71), (50, 38),
          (57, 9), (63, 58), (70, 26))

needs_wide = pytest.mark.skipif(
    not c_core_available() or __import__("pnp.games.cliquer.solver", fromlist=["_"])._CCoreWide is None,
    reason="the wide C core is not built here")


@needs_wide
def test_twelve_dots_run_on_the_wide_c_core(monkeypatch):
    monkeypatch.delenv("PNP_SOLVER_CORE", raising=False)
    rules = Rules(TWELVE)
    assert len(rules.segments) == 66
    assert Solver(rules).core == "c"


@needs_wide
@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 6))
def test_the_wide_core_agrees_with_brute_force_late_in_twelve_dot_games(seed, left):
    """Positions a few moves from the end of random 12-dot games, where the segments past the
    64th are in play: the wide core's margin and line against brute force and the Python core."""
    rules = Rules(TWELVE)
    state, moves = random_prefix(rules, seed, rules.moves_in_game - 6 - left)
    truth = exhaustive(rules)(state)
    wide, python = (Solver(rules, core=core).solve(moves) for core in ("c", "python"))
    assert wide.margin == python.margin == truth
    assert wide.line == python.line
    assert replay(rules, state, wide.line) == truth


@needs_wide
@settings(max_examples=30, deadline=None)
@given(boards(4, 7), st.integers(0, 2**32), st.integers(0, 6))
def test_the_wide_core_gives_the_narrow_cores_answers_on_small_boards(dots, seed, prefix):
    """The same source built with 128-bit sets: forced onto small boards, the same margins and
    lines as brute force."""
    import pnp.games.cliquer.solver as solver

    rules = Rules(dots)
    state, moves = random_prefix(rules, seed, 3 + prefix if len(dots) == 7 else prefix // 2)
    truth = exhaustive(rules)(state)
    narrow = Solver(rules, core="c").solve(moves)
    saved = solver._CCore
    solver._CCore = solver._CCoreWide
    try:
        wide = Solver(rules, core="c").solve(moves)
    finally:
        solver._CCore = saved
    assert wide.margin == narrow.margin == truth
    assert wide.line == narrow.line
