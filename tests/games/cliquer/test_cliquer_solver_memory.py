"""The solver gives its memory back, and the C core refuses input it cannot hold (issue 22).

Each solve used to stay alive: the C core held a bound method of its Solver as its hook, and the
core's type took no part in garbage collection, so the Solver, the core and its table made a
cycle nothing freed (one 9-dot board solved four times grew 31 -> 47 -> 63 -> 79 MiB).
"""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import weakref

import pytest
from support.paths import AWAY

from pnp.games.cliquer.analysis import SolveRequest, analyze, skipped_because
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Budget, OverBudget, Solver, c_core_available

CORES = ["python"] + (["c"] if c_core_available() else [])
needs_c = pytest.mark.skipif(not c_core_available(), reason="the C core is not built here")

NINE = ((10, 47), (17, 32), (25, 51), (39, 73), (52, 5), (60, 69), (63, 46), (69, 83), (72, 24))


@pytest.mark.parametrize("core", CORES)
def test_a_solver_is_freed_the_moment_it_is_dropped(core):
    """No cycle: with the garbage collector off, dropping the last reference frees the Solver
    (and with it the core and its table), after a solve, a next_move and a refused search."""
    rules = Rules(NINE[:7])
    was = gc.isenabled()
    gc.disable()
    try:
        solver = Solver(rules, core=core)
        solver.solve()
        solver.next_move(rules.start())
        gone = weakref.ref(solver)
        del solver
        assert gone() is None
        refused = Solver(Rules(NINE), Budget(positions=10), core=core)
        with pytest.raises(OverBudget):
            refused.solve()
        gone = weakref.ref(refused)
        del refused
        assert gone() is None
    finally:
        if was:
            gc.enable()


@needs_c
def test_many_solves_in_one_process_stay_within_one_solves_memory():
    """Six 9-dot solves in one process under a memory budget a few MB above the first one's
    peak: before the fix each solve kept its 16 MiB table and the second was refused."""
    script = textwrap.dedent(f"""
        import gc, resource
        from pnp.games.cliquer.rules import Rules
        from pnp.games.cliquer.solver import Budget, Solver, _resident_mb
        gc.disable()          # what is freed must be freed by reference counting alone
        rules = Rules({NINE!r})
        first = Solver(rules, core="c").solve()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # KiB on Linux
        budget = Budget(memory_mb=int(peak) + 6)
        for _ in range(5):
            assert Solver(rules, budget, core="c").solve().margin == first.margin
        print("ok", budget.memory_mb, round(_resident_mb()))
    """)
    pytest.importorskip("resource")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          cwd=AWAY)   # the installed pnp, not the source tree without its core
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stderr[-2000:]


def test_a_memory_refusal_gives_memory_advice():
    fig = analyze(NINE, solve=SolveRequest(Budget(memory_mb=1), asked=False))
    assert fig["perfect_play_skipped"] == "more than 1 MB of memory; --solve-memory gives it more"
    fig = analyze(NINE, solve=SolveRequest(Budget(memory_mb=1), asked=True))
    assert fig["perfect_play_skipped"] == "more than 1 MB of memory; --solve-memory gives it more"
    assert "10 minutes" not in skipped_because(OverBudget("more than 1 MB of memory", "memory"), False)
    assert skipped_because(MemoryError(), True).startswith("out of memory; a smaller --solve-memory")
    # the time advice stays where time is what ran out
    assert skipped_because(OverBudget("more than 20 s of CPU", "seconds"), False) == \
        "more than 20 s of CPU; --solve gives it up to 10 minutes of CPU"
    assert skipped_because(OverBudget("more than 9 positions", "positions"), True) == \
        "more than 9 positions; --solve-positions gives it more"


# ---- the C core refuses what it cannot hold ------------------------------------------------------

# both builds of _core.c: sets of segments in one 64-bit word, and in 128 bits (12-13 dots)
MODULES = ["_core", "_core_wide"]


def c_core(module="_core"):
    import importlib

    return importlib.import_module(f"pnp.games.cliquer.{module}").Core


def good(rules):
    return (rules.n, bytes(a for a, _ in rules.segments), bytes(b for _, b in rules.segments),
            rules.crossing, 12)


@needs_c
@pytest.mark.parametrize("change, words", [
    (lambda n, a, b, c, t: (n, a[:-1] + bytes([n]), b, c, t), "ends must be two different dots"),
    (lambda n, a, b, c, t: (n, a, b[:-1] + bytes([255]), c, t), "ends must be two different dots"),
    (lambda n, a, b, c, t: (n, a, a, c, t), "ends must be two different dots"),
    (lambda n, a, b, c, t: (n - 1, a, b, c, t), "ends must be two different dots"),
    (lambda n, a, b, c, t: (40, a, b, c, t), "3..32 dots"),
    (lambda n, a, b, c, t: (n, a, b[:-1], c, t), "3..32 dots"),
    (lambda n, a, b, c, t: (n, b"", b"", (), t), "3..32 dots"),
    (lambda n, a, b, c, t: (n, a, b, c, 31), "3..32 dots"),
    (lambda n, a, b, c, t: (n, a, b, c[:-1] + (1 << len(c),), t), "not there"),
    (lambda n, a, b, c, t: (n, a, b, c[:-1] + (1 << (len(c) - 1),), t), "not there"),
    (lambda n, a, b, c, t: (n, a, b, c[:-1] + (-1,), t), "negative|not there"),
])
@pytest.mark.parametrize("module", MODULES)
def test_the_c_core_refuses_out_of_range_boards(change, words, module):
    Core = c_core(module)
    with pytest.raises((ValueError, OverflowError), match=words):
        Core(*change(*good(Rules(NINE[:6]))))


@needs_c
@pytest.mark.parametrize("module", MODULES)
def test_the_c_core_refuses_out_of_range_positions_and_a_search_within_a_search(module):
    Core = c_core(module)
    rules = Rules(NINE[:6])
    core = Core(*good(rules))
    everything = rules.all_segments
    assert core.search(0, everything, [0] * 6, -2047, 2047) == core.search(0, everything, [0] * 6, -2047, 2047)
    for args, words in [((1 << 15, everything, [0] * 6, -5, 5), "not there"),
                        ((0, everything | 1 << 20, [0] * 6, -5, 5), "not there"),
                        ((0, everything, [0] * 5, -5, 5), "one mask per dot"),
                        ((0, everything, [1 << 6] + [0] * 5, -5, 5), "names a dot"),
                        ((0, everything, [0] * 6, 5, 5), "window"),
                        ((0, everything, [0] * 6, -5000, 5), "window"),
                        # nothing wider than the core's sets is cut down to fit (issue 26)
                        ((1 << 70, everything, [0] * 6, -5, 5), "not there|too big|too large"),
                        ((0, everything | 1 << 64, [0] * 6, -5, 5), "not there|too big|too large"),
                        ((1 << 200, everything, [0] * 6, -5, 5), "too big|too large"),
                        ((-1, everything, [0] * 6, -5, 5), "negative"),
                        ((0, -everything, [0] * 6, -5, 5), "negative"),
                        (("0", everything, [0] * 6, -5, 5), "must be an int")]:
        with pytest.raises((ValueError, OverflowError, TypeError), match=words):
            core.search(*args)
    fresh = Core(*good(rules))          # an empty table: the search expands positions
    fresh.set_hook(None, 1)

    def again(positions):
        fresh.search(0, everything, [0] * 6, -5, 5)

    with pytest.raises(RuntimeError, match="already searching"):
        fresh.search(0, everything, [0] * 6, -2047, 2047, again)
    with pytest.raises(RuntimeError, match="is searching"):
        fresh.search(0, everything, [0] * 6, -2047, 2047, lambda positions: fresh.__init__(*good(rules)))
    assert fresh.search(0, everything, [0] * 6, -2047, 2047) == core.search(0, everything, [0] * 6, -2047, 2047)
    # an uninitialised core refuses to search rather than read nothing
    with pytest.raises(ValueError, match="not set up"):
        Core.__new__(Core).search(0, 1, [0] * 3, -1, 1)
