"""One best move where several are equally good (issue 45, solver.CANONICAL): of the moves that
keep the perfect-play value, the first in segment order (A-B, A-C, ..., B-C, ...). Every path
names it: a cold or warm answer cache, an opening asked alone or a whole line, either core, one
or two threads, whatever the solver's table already holds.

The bug this holds down: `pnp daily` named the opening the value search settled on (its own move
order), `pnp site` the first move of the whole line (segment order), and the site kept its line
over the daily's answer, so the same command printed C-G on an empty cache and A-G after a site
build (yesterday's 10-dot board of 2026-12-01). Tuesday 2026-11-24's 8 dots are such a board too,
and solve in a hundredth of a second: the value search settles on D-H, segment order on A-D.
"""

from __future__ import annotations

import datetime as dt
import random

from hypothesis import given, settings, strategies as st

from support.cliquer_boards import boards, exhaustive
from pnp.cli import cli
from pnp.games.cliquer import codes, daily, daily_answer, daily_played, kept
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import OverBudget, Budget, Solver, c_core_available

WEDNESDAY = dt.date(2026, 11, 25)          # yesterday: Tuesday 2026-11-24, 8 dots
TUESDAY = daily.board_of(WEDNESDAY - dt.timedelta(days=1))
CANONICAL_OPENING = "A-D"                  # the first of its best openings in segment order
CORES = ["python"] + (["c"] if c_core_available() else [])


def test_the_daily_answer_is_the_same_on_an_empty_cache_and_after_the_site_kept_its_line():
    cold = daily_answer(WEDNESDAY, 600)                 # `pnp daily` first: the opening alone
    played = daily_played(WEDNESDAY, 600)               # `pnp site`: the whole line, kept
    warm = daily_answer(WEDNESDAY, 600)                 # `pnp daily` again: the kept answer
    assert cold == played["answer"] == warm
    assert cold.endswith(f"; best opening {CANONICAL_OPENING}")
    assert played["figures"]["perfect_play"]["best_line"][0] == CANONICAL_OPENING


def test_the_site_first_then_the_daily_names_the_same_opening(tmp_path, monkeypatch):
    played = daily_played(WEDNESDAY, 600)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty"))     # another, empty cache
    assert daily_answer(WEDNESDAY, 600) == played["answer"]


def test_pnp_daily_and_pnp_analyze_print_the_same_opening(runner, tmp_path):
    said = runner.invoke(cli, ["daily", "--date", WEDNESDAY.isoformat(), "-o", str(tmp_path)])
    again = runner.invoke(cli, ["daily", "--date", WEDNESDAY.isoformat(), "-o", str(tmp_path / "b")])
    code = codes.encode(TUESDAY.dots, TUESDAY.grid)
    analyzed = runner.invoke(cli, ["analyze", code])
    assert said.exit_code == again.exit_code == analyzed.exit_code == 0, said.output + analyzed.output
    assert said.output.splitlines()[-1] == again.output.splitlines()[-1]
    assert said.output.splitlines()[-1].endswith(f"; best opening {CANONICAL_OPENING}")
    assert f"best opening {CANONICAL_OPENING}\n" in analyzed.output
    assert f"Best line of play: {CANONICAL_OPENING}, " in analyzed.output


def test_an_answer_kept_before_the_rule_is_solved_again():
    """A format-1 answer may name the search's own opening (D-H here): it is not believed."""
    path = kept._path(TUESDAY.dots, TUESDAY.grid)
    path.parent.mkdir(parents=True)
    margin = Solver(Rules(TUESDAY.dots)).solve(whole_line=False).margin
    path.write_text('{"format":1,"dots":%s,"margin":%d,"opening":[3,7]}'
                    % (str([list(d) for d in TUESDAY.dots]).replace(" ", ""), margin))
    assert kept.read(TUESDAY.dots, TUESDAY.grid) is None
    assert daily_answer(WEDNESDAY, 600).endswith(f"; best opening {CANONICAL_OPENING}")
    assert kept.read(TUESDAY.dots, TUESDAY.grid) == (margin, (0, 3))


# ---- the rule itself, against brute force -------------------------------------------------------

def canonical_line(rules: Rules, state, value) -> tuple:
    """The stated rule by brute force: at each position, the legal moves sorted by their dots
    (first letter, then second), and the first whose points less the value of what follows
    equal the position's value."""
    line = []
    while state.open:
        for move in sorted(rules.legal_moves(state)):
            after, points = rules.play(state, move)
            if points - value(after) == value(state):
                break
        line.append(move)
        state = after
    return tuple(line)


def warmed(rules: Rules, core: str, rng: random.Random, workers: int = 1) -> Solver:
    """A solver whose table already holds bounds from other searches: null windows at random
    values on positions of random games, and a search stopped part-way by its budget."""
    solver = Solver(rules, core=core, workers=workers)
    for _ in range(3):
        state = rules.start()
        for _ in range(rng.randrange(rules.moves_in_game)):
            state, _ = rules.play(state, rng.choice(rules.legal_moves(state)))
        probe = rng.randrange(-12, 13)
        solver._value(state, probe, probe + 1)
    stopped = Solver(rules, Budget(positions=rng.randrange(1, 50)), core=core, workers=workers)
    try:
        stopped.solve()
    except OverBudget:
        pass
    stopped.limits = Budget()                          # the same table, now without a limit
    stopped.next_check = stopped.positions + stopped.every
    return rng.choice([solver, stopped])


@settings(max_examples=40, deadline=None)
@given(boards(4, 7), st.integers(0, 2**32), st.integers(0, 6))
def test_every_path_gives_brute_forces_first_best_line(dots, seed, prefix):
    """From positions part-way through random games: the whole line and the opening alone, on
    each core, from a fresh table, a warmed one and (C) two threads, are the one line brute
    force gives with the stated tie-break; the opening alone is its first move."""
    rules = Rules(dots)
    rng, state, moves = random.Random(seed), rules.start(), []
    for _ in range(prefix // 2 if len(dots) < 7 else prefix + 2):
        if not state.open:
            break
        move = rng.choice(rules.legal_moves(state))
        moves.append(move)
        state, _ = rules.play(state, move)
    value = exhaustive(rules)
    want = canonical_line(rules, state, value)
    for core in CORES:
        solvers = {"fresh": Solver(rules, core=core), "warmed": warmed(rules, core, rng)}
        if core == "c":
            solvers["two threads"] = warmed(rules, core, rng, workers=2)
        for name, solver in solvers.items():
            alone = solver.solve(moves, whole_line=False)
            whole = solver.solve(moves)
            fresh_alone = Solver(rules, core=core).solve(moves, whole_line=False)
            assert whole.line == want, (core, name)
            assert whole.margin == alone.margin == fresh_alone.margin == value(state), (core, name)
            assert alone.line == fresh_alone.line == want[:1], (core, name)
            assert alone.best_move == (want[0] if want else None), (core, name)
            if want:
                assert solver.next_move(state) == want[0], (core, name)


@settings(max_examples=15, deadline=None)
@given(boards(5, 7), st.integers(0, 2**32))
def test_a_table_filled_in_any_order_gives_the_same_line(dots, seed):
    """One solver answering positions in a random order (its table growing from each) gives
    each the line a fresh solver gives: the line never depends on what the table holds."""
    rules = Rules(dots)
    rng = random.Random(seed)
    core = rng.choice(CORES)
    positions = []
    state, moves = rules.start(), []
    while state.open:
        positions.append(tuple(moves))
        move = rng.choice(rules.legal_moves(state))
        moves.append(move)
        state, _ = rules.play(state, move)
    rng.shuffle(positions)
    shared = Solver(rules, core=core)
    for prefix in positions:
        assert shared.solve(prefix).line == Solver(rules, core=core).solve(prefix).line, prefix
