"""Board analysis: figures a user reads, as data and as text."""

from __future__ import annotations

import json

import pytest

from pnp.games.cliquer.analysis import SolveRequest, analyze, format_report
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Budget, plain_minimax

PENTAGON_PLUS = ((0, 10), (12, 0), (30, 4), (28, 24), (8, 26), (15, 12))
# 9 dots: thousands of positions, so any small budget runs out
BIGGER = ((10, 47), (17, 32), (25, 51), (39, 73), (52, 5), (60, 69), (63, 46), (69, 83), (72, 24))


def test_figures_of_a_small_board():
    fig = analyze(PENTAGON_PLUS)
    assert fig["hull_dots"] == ["A", "B", "C", "D", "E"] and fig["interior_dots"] == ["F"]
    assert fig["moves_in_game"] == 3 * 6 - 3 - 5
    assert fig["components"]["interior_dots"] == 1 and 0 < fig["difficulty"] < 1
    play = fig["perfect_play"]
    assert play["first_player_margin"] == plain_minimax(Rules(PENTAGON_PLUS))
    assert len(play["best_opening"]) == 2
    assert json.loads(json.dumps(fig)) == fig
    text = format_report(fig)
    assert "Hull: 5 dots (A B C D E)" in text and "3 x 6 - 3 - 5 = 10" in text
    assert f"by {abs(play['first_player_margin'])}" in text or "draw" in text


def test_solving_can_be_skipped_and_is_refused_on_large_boards():
    assert analyze(PENTAGON_PLUS, solve=False)["perfect_play"] is None
    assert "not worked out" in format_report(analyze(PENTAGON_PLUS, solve=False))
    eleven = tuple((x * 7 + (x * x) % 5, (x * x * 3) % 71) for x in range(11))
    assert analyze(eleven)["perfect_play"] is None          # unasked: up to 10 dots only
    assert "use --solve; up to 11 dots" in format_report(analyze(eleven))
    twelve = tuple((x * 7 + (x * x) % 5, (x * x * 3) % 71) for x in range(12))
    with pytest.raises(ValueError, match="up to 11 dots"):
        analyze(twelve, solve=True)


@pytest.mark.parametrize("budget, words", [
    (Budget(positions=50), "more than 50 positions"),
    (Budget(seconds=1e-9), "more than 1e-09 s of CPU"),
    (Budget(memory_mb=1), "more than 1 MB of memory"),
])
def test_a_solve_past_its_budget_says_which_limit(budget, words):
    fig = analyze(BIGGER, solve=SolveRequest(budget))
    assert fig["perfect_play"] is None and fig["perfect_play_skipped"].startswith(words)
    line = format_report(fig).splitlines()[-1]
    assert line.startswith(f"Perfect play: not worked out ({words}; ")


def test_the_best_line_is_printed_by_dot_names_and_is_a_whole_game():
    fig = analyze(PENTAGON_PLUS)
    line = fig["perfect_play"]["best_line"]
    assert len(line) == fig["moves_in_game"] and line[0] == "-".join(fig["perfect_play"]["best_opening"])
    assert f"Best line of play: {', '.join(line)}" in format_report(fig)


# ---- the command --------------------------------------------------------------------------------

CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"   # 9 dots


def test_analyze_prints_a_best_line_that_replays_to_the_margin(runner):
    from pnp.cli import cli
    from pnp.games.cliquer.codes import decode

    # --solve: the default 20 s try can run out on a busy machine without the C core
    result = runner.invoke(cli, ["analyze", CODE, "--json", "--solve"])
    assert result.exit_code == 0, result.output
    # stdout alone: without the C core the solve takes over 10 s, and the progress line it
    # then writes goes to stderr (result.output holds both)
    play = json.loads(result.stdout)[0]["perfect_play"]
    dots, _ = decode(CODE)
    rules = Rules(dots)
    state, margin, sign = rules.start(), 0, 1
    for name in play["best_line"]:
        a, b = (ord(c) - ord("A") for c in name.split("-"))
        state, points = rules.play(state, (a, b))
        margin, sign = margin + sign * points, -sign
    assert rules.finished(state) and margin == play["first_player_margin"]


@pytest.mark.parametrize("args, status", [
    (["--solve-positions", "100"], 2),            # asked for: exit 2
    (["--solve", "--solve-seconds", "0.000001"], 2),
])
def test_analyze_past_the_budget_says_not_worked_out_in_one_line(runner, args, status):
    from pnp.cli import cli

    result = runner.invoke(cli, ["analyze", CODE, *args])
    assert result.exit_code == status
    lines = [l for l in result.output.splitlines() if l.startswith("Perfect play")]
    assert len(lines) == 1 and lines[0].startswith("Perfect play: not worked out (more than ")
    assert "Traceback" not in result.output


def test_no_solve_with_a_budget_is_a_usage_mistake(runner):
    from pnp.cli import cli

    result = runner.invoke(cli, ["analyze", CODE, "--no-solve", "--solve-seconds", "5"])
    assert result.exit_code == 2 and result.output.startswith("pnp: --no-solve cannot go with")


def test_progress_off_a_terminal_is_a_line_every_ten_seconds(capsys):
    from pnp.progress import Searching

    with Searching("board X", "perfect play") as heard:
        for seconds in (0.5, 3, 9.9, 10.2, 15, 20.3):
            heard(1000 * int(seconds), seconds)
    err = capsys.readouterr().err.splitlines()
    assert err == ["pnp: board X: perfect play, 10,000 positions in 10 s of CPU",
                   "pnp: board X: perfect play, 20,000 positions in 20 s of CPU"]


def test_a_budget_counts_cpu_so_an_answer_arrives_while_other_processes_take_the_core():
    """Three busy loops pinned to the core this test is pinned to leave the solver about a
    quarter of it: the solve takes about four times its CPU in wall time. Its budget is twice
    its CPU (measured here first), so a budget counting wall time would give up; one counting
    CPU does not. Nothing about wall time is asserted."""
    import os
    import subprocess
    import sys
    import time

    from pnp.games.cliquer.solver import Solver

    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("pinning processes to a core needs Linux")
    python_core = os.environ.get("PNP_SOLVER_CORE") == "python"
    board = Rules(BIGGER[:8] if python_core else BIGGER)      # about 0.3-0.6 s of CPU alone
    start = time.process_time()
    alone = Solver(board).solve(whole_line=False)
    cpu = time.process_time() - start
    saved = os.sched_getaffinity(0)
    core = min(saved)
    loops = []
    try:
        os.sched_setaffinity(0, {core})
        for _ in range(3):
            loops.append(subprocess.Popen([sys.executable, "-c", "while True: pass"]))
            os.sched_setaffinity(loops[-1].pid, {core})
        time.sleep(0.2)           # the loops are running before the solve starts
        crowded = Solver(board, Budget(seconds=2 * cpu + 0.05)).solve(whole_line=False)
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()
        os.sched_setaffinity(0, saved)
    assert crowded.margin == alone.margin and crowded.best_move == alone.best_move
