"""pnp's only native code, the solver core: built and used where CI runs, its absence said.

CI sets $CI; there the core must import and the solver must choose it, so a machine that failed
to compile it cannot go green (the C-against-Python tests would otherwise skip). The
pure-Python solver runs in every run too (tests/games/cliquer/test_cliquer_solver_core.py takes both cores;
.ci/run also runs the analyze, daily and depth tests with PNP_SOLVER_CORE=python, which keeps the
skill chain's search rungs in Python as well).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys

import pytest

from support.paths import AWAY
from pnp.games.cliquer import solver
from pnp.games.cliquer.rules import Rules

NINE = ((10, 47), (17, 32), (25, 51), (39, 73), (52, 5), (60, 69), (63, 46), (69, 83), (72, 24))
CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"      # 9 dots


def test_ci_has_the_solver_core_built_and_chosen(monkeypatch):
    if not os.environ.get("CI"):
        pytest.skip("outside CI the pure-Python solver may stand in (CI=1 requires the C core)")
    importlib.import_module("pnp.games.cliquer._core")          # ImportError: the build skipped it
    monkeypatch.delenv("PNP_SOLVER_CORE", raising=False)
    assert solver.c_core_available()
    assert solver.Solver(Rules(NINE)).core == "c"
    from pnp.games.cliquer.players import native

    assert native(Rules(NINE)) is not None          # the skill chain's search rungs run in C too


def test_a_built_core_is_the_one_used(monkeypatch):
    """No silent fallback: where the core imports, a board it takes is solved by it."""
    monkeypatch.delenv("PNP_SOLVER_CORE", raising=False)
    want = "c" if solver.c_core_available() else "python"
    assert solver.Solver(Rules(NINE)).core == want
    monkeypatch.setenv("PNP_SOLVER_CORE", "python")
    assert solver.Solver(Rules(NINE)).core == "python"


def test_python_m_pnp_in_the_tests_runs_the_pnp_under_test():
    """Started from the repository, `python -m pnp` would import the source tree (no core
    built into it after `pip install .`); the tests start it from AWAY instead."""
    import pnp

    found = subprocess.run([sys.executable, "-c", "import pnp; print(pnp.__file__)"], cwd=AWAY,
                           capture_output=True, text=True, timeout=60)
    assert found.stdout.strip() == pnp.__file__


@pytest.mark.parametrize("built", [True, False])
def test_analyze_says_when_perfect_play_runs_without_the_core(runner, monkeypatch, built):
    """pip shows a skipped extension only with -v, so `pnp analyze` says it in its report and
    JSON whenever it solved without the core (and never when the core did the work)."""
    from pnp.cli import cli
    from pnp.games import cliquer

    monkeypatch.delenv("PNP_SOLVER_CORE", raising=False)
    if not built:
        monkeypatch.setattr(solver, "_CCore", None)
    elif not solver.c_core_available():
        pytest.skip("the C core is not built here")
    text = runner.invoke(cli, ["analyze", CODE, "--solve-positions", "200"])
    data = runner.invoke(cli, ["analyze", CODE, "--solve-positions", "200", "--json"])
    assert text.exit_code == data.exit_code == 2          # past the budget: not worked out
    figures = json.loads(data.stdout)[0]
    assert ("Note: " + cliquer.SLOW_SOLVER in text.stdout) is not built
    assert (figures.get("solver_note") == cliquer.SLOW_SOLVER) is not built
    quiet = runner.invoke(cli, ["analyze", CODE, "--no-solve"])     # nothing solved: nothing said
    assert quiet.exit_code == 0 and "Note:" not in quiet.stdout
