"""`pnp daily` prints yesterday's perfect-play answer, true and bounded, and the PDF is unchanged."""

from __future__ import annotations

import datetime as dt
import re
from contextlib import closing

from pnp.build import generated
from pnp.cli import cli
from pnp.games.cliquer.daily import daily_spec_text, previous_answer
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Budget, Solver
from pnp.spec import loads

WEDNESDAY = dt.date(2026, 11, 25)      # yesterday was Tuesday: an 8-dot board, quick to solve


def board_of(day):
    spec = loads(daily_spec_text(day), "<test>")
    with closing(generated(spec, spec.seed)) as pairs:
        return next(iter(pairs))[1]


def test_yesterdays_answer_is_perfect_play_on_yesterdays_board():
    line = previous_answer(WEDNESDAY, Budget(seconds=600))
    found = re.fullmatch(r"Yesterday's board \(Tuesday 2026-11-24, 8 dots\): perfect play: "
                         r"the (first|second) player wins by (\d+); best opening ([A-H])-([A-H])", line)
    assert found, line
    dots = board_of(dt.date(2026, 11, 24)).dots
    truth = Solver(Rules(dots), core="python").solve()   # the pure-Python core, whatever printed it
    sign = 1 if found[1] == "first" else -1
    assert sign * int(found[2]) == truth.margin
    opening = tuple(ord(found[i]) - ord("A") for i in (3, 4))
    rules = Rules(dots)
    after, points = rules.play(rules.start(), opening)
    assert points - Solver(rules, core="python").solve([opening]).margin == truth.margin


def test_yesterdays_answer_past_its_budget_says_so():
    line = previous_answer(dt.date(2026, 11, 26), Budget(positions=10))
    assert line == ("Yesterday's board (Wednesday 2026-11-25, 9 dots): perfect play not worked out "
                    "(more than 10 positions; --solve-seconds gives it more)")


def test_daily_prints_the_answer_and_the_pdf_does_not_depend_on_it(runner, tmp_path):
    quick = runner.invoke(cli, ["daily", "--date", "2026-11-25", "-o", str(tmp_path / "a")])
    hurried = runner.invoke(cli, ["daily", "--date", "2026-11-25", "-o", str(tmp_path / "b"),
                                  "--solve-seconds", "0.000001"])
    assert quick.exit_code == hurried.exit_code == 0
    assert quick.output.splitlines()[-1].startswith("Yesterday's board (Tuesday 2026-11-24, 8 dots): perfect play: ")
    assert "not worked out (more than 1e-06 s" in hurried.output or "perfect play: " in hurried.output
    assert ((tmp_path / "a" / "daily-2026-11-25.pdf").read_bytes()
            == (tmp_path / "b" / "daily-2026-11-25.pdf").read_bytes())


def test_an_eleven_dot_yesterday_is_not_tried_for_a_minute_by_default():
    """Monday's yesterday is Sunday's 11-dot board: perfect play there takes minutes, so by
    default the line says so at once; a time given explicitly is tried."""
    from pnp.games.cliquer import daily_answer

    monday = dt.date(2026, 11, 23)
    assert daily_answer(monday) == ("Yesterday's board (Sunday 2026-11-22, 11 dots): perfect play "
                                    "not worked out (11 dots take minutes; --solve-seconds 600 "
                                    "gives it time)")
    hurried = daily_answer(monday, seconds=0.01)
    assert "not worked out (more than 0.01 s; --solve-seconds gives it more)" in hurried
