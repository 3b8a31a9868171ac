"""The solver's speed-ups keep its answers (issue 26).

Settled pairs and enhanced transposition cutoffs change only the work: the C core's answers,
with both forced on at every position, must equal brute force; the solver as built must give the
margins and openings the solver before the speed-ups gave on a corpus (recorded below with
bench/solver_today_core.c, the frozen core).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from support.cliquer_boards import boards, exhaustive
from support.cliquer_corpus import corpus
from support.sim.cliquer_players import random_player
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Solver, c_core_available, plain_minimax

needs_c = pytest.mark.skipif(not c_core_available(), reason="the C core is not built here")

NINE = ((10, 47), (17, 32), (25, 51), (39, 73), (52, 5), (60, 69), (63, 46), (69, 83), (72, 24))

# tests/support/cliquer_corpus.py seed 1: (dots, index) -> (first player's margin, best opening), as the
# solver before issue 26's speed-ups worked them out (bench/solver_today_core.c, 2026-11-26)
BEFORE = {(8, 0): (17, (5, 7)), (8, 1): (-11, (0, 3)), (8, 2): (-13, (0, 4)), (8, 3): (17, (3, 4)),
          (8, 4): (-9, (0, 7)), (8, 5): (-9, (5, 6)), (9, 0): (-10, (3, 5)), (9, 1): (-6, (0, 4)),
          (9, 2): (-6, (2, 4)), (9, 3): (-14, (0, 6)), (9, 4): (-14, (0, 1)), (9, 5): (20, (1, 8)),
          (10, 0): (15, (2, 7)), (10, 1): (-11, (3, 4))}


def core_for(rules, **thresholds):
    from pnp.games.cliquer._core import Core

    return Core(rules.n, bytes(a for a, _ in rules.segments), bytes(b for _, b in rules.segments),
                rules.crossing, 16, **thresholds)


@needs_c
@settings(max_examples=40, deadline=None)
@given(boards(5, 7), st.integers(0, 2**32), st.integers(0, 5))
def test_settled_pairs_and_cutoffs_at_every_position_keep_brute_forces_value(dots, seed, prefix):
    """Both checks forced on from 3 open segments (built in, they start at 8 and 11), on
    positions part-way through random games; any window."""
    rules = Rules(dots)
    rng, state = random.Random(seed), rules.start()
    for _ in range(prefix if len(dots) < 7 else prefix + 2):
        if not state.open:
            break
        state, _ = rules.play(state, random_player(rules, state, rng))
    truth = exhaustive(rules)(state)
    remaining = rules.moves_in_game - bin(state.drawn).count("1")
    for thresholds in ({"settle_from": 3, "etc_from": 3}, {"settle_from": 3, "etc_from": 99},
                       {"settle_from": 99, "etc_from": 99}, {}):
        core = core_for(rules, **thresholds)
        exact = core.search(state.drawn, state.open, list(state.adjacency), -2047, 2047)
        assert exact + remaining % 2 == truth, thresholds
        # a null window answers on the right side of the truth (fail-soft bounds)
        bonus = truth - remaining % 2
        for probe in (bonus - 1, bonus):
            found = core.search(state.drawn, state.open, list(state.adjacency), probe, probe + 1)
            assert (found > probe) == (bonus > probe), (thresholds, probe)


@needs_c
def test_settled_pairs_are_found_and_spare_work():
    """The mechanism is exercised, not only harmless: dropping settled pairs from 3 open segments
    searches fewer positions than never dropping them, for the same value (seven dots: brute
    force is a fraction of a second there, 8 s at eight)."""
    rules = Rules(NINE[:7])
    done = {}
    for settle_from in (3, 99):
        core = core_for(rules, settle_from=settle_from, etc_from=99)
        done[settle_from] = core.search(0, rules.all_segments, [0] * rules.n, -2047, 2047), core.positions
    assert done[3][0] == done[99][0] == plain_minimax(rules) - rules.moves_in_game % 2
    assert done[3][1] < 0.9 * done[99][1]


@needs_c
@pytest.mark.parametrize("key", sorted(BEFORE))
def test_the_solver_gives_what_it_gave_before_the_speed_ups(key):
    """The margin, and the opening: the first best move in segment order (solver.CANONICAL),
    asked alone or as the whole line's first move."""
    n, index = key
    rules = Rules(corpus(n, index + 1, seed=1)[index])
    solver = Solver(rules, core="c")
    opening = solver.solve(whole_line=False)
    whole = solver.solve()
    assert (whole.margin, whole.best_move) == (opening.margin, opening.best_move) == BEFORE[key]


# (the opening alone and the whole line against brute force with the stated tie-break, on both
# cores: test_cliquer_canonical_move)


# ---- two workers: a helper thread sharing the table (issue 26) ------------------------------------

@needs_c
@settings(max_examples=25, deadline=None)
@given(boards(7, 8))
def test_two_workers_keep_one_workers_value(dots):
    """The helper thread writes into the same table while the main search reads it: the value
    is still exact (a torn entry reads as a miss, never as a bound). One worker is held to brute
    force above and in test_cliquer_solver_core; boards of 7-8 dots give the helper thread
    work to do (brute force in Python took most of this file's time at 6-7)."""
    rules = Rules(dots)
    one = core_for(rules).search(0, rules.all_segments, [0] * rules.n, -2047, 2047)
    core = core_for(rules, workers=2)
    assert core.workers == 2
    assert core.search(0, rules.all_segments, [0] * rules.n, -2047, 2047) == one


@needs_c
@pytest.mark.parametrize("key", [k for k in sorted(BEFORE) if k[0] == 8] + [(9, 1), (9, 2)])
def test_two_workers_give_the_same_margin_and_opening_every_time(key):
    """Thread timing changes the work, never the answer: repeated two-worker solves print what
    one worker prints (the opening is chosen above the core by one fixed rule, CANONICAL)."""
    n, index = key
    rules = Rules(corpus(n, index + 1, seed=1)[index])
    one = Solver(rules, core="c", workers=1)
    want = {(one.solve(whole_line=False).margin, one.solve(whole_line=False).best_move,
             one.solve().best_move)}
    answers = set()
    for _ in range(3):
        two = Solver(rules, core="c", workers=2)
        opening = two.solve(whole_line=False)
        answers.add((opening.margin, opening.best_move, two.solve().best_move))
    assert answers == want and want.pop()[1:] == (BEFORE[key][1],) * 2


@needs_c
def test_two_workers_do_work_on_both_threads_and_one_does_not():
    rules = Rules(corpus(9, 1, seed=1)[0])
    one, two = (Solver(rules, core="c", workers=w) for w in (1, 2))
    assert one.solve(whole_line=False).margin == two.solve(whole_line=False).margin
    assert one.helper_positions == 0 and two.helper_positions > 0


def test_workers_are_one_or_two(monkeypatch):
    from pnp.games.cliquer.solver import _workers

    monkeypatch.delenv("PNP_SOLVER_WORKERS", raising=False)
    for bad in (0, 3, "2"):
        with pytest.raises(ValueError, match="1 or 2 workers"):
            _workers(bad)
    assert _workers(None) == 1                      # one unless asked
    monkeypatch.setenv("PNP_SOLVER_WORKERS", "2")
    assert _workers(None) == 2 and _workers(1) == 1
    monkeypatch.setenv("PNP_SOLVER_WORKERS", "1")
    assert _workers(None) == 1
    monkeypatch.setenv("PNP_SOLVER_WORKERS", "many")
    with pytest.raises(ValueError, match="PNP_SOLVER_WORKERS must be 1 or 2"):
        _workers(None)
