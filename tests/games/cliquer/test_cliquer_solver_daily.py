"""`pnp daily` prints yesterday's perfect-play answer, true and bounded, and the PDF is unchanged."""

from __future__ import annotations

import datetime as dt
import re
from contextlib import closing

from pnp.build import generated
from pnp.cli import cli
from pnp.games.cliquer import daily, kept
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
    assert "not worked out (more than 1e-06 s of CPU" in hurried.output or "perfect play: " in hurried.output
    assert ((tmp_path / "a" / "daily-2026-11-25.pdf").read_bytes()
            == (tmp_path / "b" / "daily-2026-11-25.pdf").read_bytes())


def test_an_eleven_dot_yesterday_is_tried_by_default(monkeypatch):
    """Monday's yesterday is Sunday's 11-dot board: perfect play there now takes under a minute
    of CPU, so by default it is tried (within two minutes of CPU); a time given is the time tried."""
    from pnp.games.cliquer import DAILY_SECONDS, daily_answer

    asked = []
    monkeypatch.setattr(daily, "previous_answer", lambda day, budget, progress=None, most_dots=None, hint=True:
                        asked.append((day, budget, most_dots)) or "answer")
    monday = dt.date(2026, 11, 23)
    assert daily_answer(monday) == "answer"
    assert asked[-1] == (monday, Budget(seconds=DAILY_SECONDS, memory_mb=1024), None)
    daily_answer(monday, seconds=5)
    assert asked[-1] == (monday, Budget(seconds=5, memory_mb=1024), None)
    monkeypatch.undo()
    hurried = daily_answer(monday, seconds=0.01)
    assert hurried == ("Yesterday's board (Sunday 2026-11-22, 11 dots): perfect play not worked "
                       "out (more than 0.01 s of CPU; --solve-seconds gives it more)")
    # the web page has no options to name: the same line without the CLI's
    assert daily_answer(monday, seconds=0.01, hint=False) == hurried.replace(
        "; --solve-seconds gives it more", "")


# ---- the answer is worked out once and kept -----------------------------------------------------

import json
import os

import pytest



@pytest.fixture
def fresh(monkeypatch):
    """No answer remembered in this process: only the cache folder can spare a solve."""


def kept_files():
    folder = kept.cache_folder() / kept.FOLDER
    return sorted(folder.iterdir()) if folder.exists() else []


def test_the_board_of_the_day_is_the_board_a_build_of_its_spec_makes():
    """daily makes its board through its own game's generator (no reach up into the build):
    the same board, ident and title as building daily_spec_text, on every weekday."""
    for offset in range(7):
        day = WEDNESDAY + dt.timedelta(days=offset)
        assert daily.board_of(day) == board_of(day)


def test_an_answer_is_worked_out_once_and_kept_in_the_cache_folder(fresh, monkeypatch, tmp_path):
    assert str(kept.cache_folder()).startswith(os.environ["XDG_CACHE_HOME"])
    first = previous_answer(WEDNESDAY, Budget(seconds=600))
    files = kept_files()
    assert len(files) == 1 and files[0].name.startswith("R1-") and files[0].suffix == ".json"
    assert not [p for p in files[0].parent.iterdir() if p.name.startswith(".part")]

    def no_solving(*args, **kwargs):
        raise AssertionError("solved again")

    monkeypatch.setattr("pnp.games.cliquer.analysis.analyze", no_solving)
    assert previous_answer(WEDNESDAY, Budget(positions=1)) == first


def test_a_kept_answer_is_printed_even_past_the_dots_tried_by_default(fresh, monkeypatch):
    """A board larger than the default tries, once kept, is printed at once without solving.
    (The kept answer here is made up for the test: pnp cannot tell, short of solving again.)"""
    from pnp.games.cliquer import daily_answer

    monday = dt.date(2026, 11, 23)
    sunday = daily.board_of(monday - dt.timedelta(days=1))
    assert kept.keep(sunday.dots, sunday.grid, -7, (2, 5))
    monkeypatch.setattr("pnp.games.cliquer.analysis.analyze", None)     # no solving at all
    assert daily_answer(monday, seconds=0.001) == (
        "Yesterday's board (Sunday 2026-11-22, 11 dots): perfect play: the second player wins "
        "by 7; best opening C-F")


def hostile_contents(board):
    """Kept files that must not be believed: each is ignored and the board solved again."""
    dots = [list(d) for d in board.dots]
    whole = {"format": kept.FORMAT, "dots": dots, "margin": 5, "opening": [0, 1]}
    yield "not json", b"\x00\xff not json"
    yield "a list", b"[1, 2, 3]"
    yield "nested deep", b"[" * 100000 + b"]" * 100000
    yield "too big", json.dumps({**whole, "pad": "x" * 5000}).encode()
    yield "extra key", json.dumps({**whole, "trust": True}).encode()
    yield "a key short", json.dumps({k: v for k, v in whole.items() if k != "format"}).encode()
    yield "other format", json.dumps({**whole, "format": kept.FORMAT + 1}).encode()
    yield "the format before one best move", json.dumps({**whole, "format": 1}).encode()
    yield "margin is a bool", json.dumps({**whole, "margin": True}).encode()
    yield "margin a float", json.dumps({**whole, "margin": 5.0}).encode()
    yield "margin past any game", json.dumps({**whole, "margin": 10**6}).encode()
    yield "other dots", json.dumps({**whole, "dots": dots[::-1]}).encode()
    yield "dots short", json.dumps({**whole, "dots": dots[:-1]}).encode()
    yield "dots of text", json.dumps({**whole, "dots": [["1", "2"]] * len(dots)}).encode()
    yield "opening off the board", json.dumps({**whole, "opening": [0, 99]}).encode()
    yield "opening a dot to itself", json.dumps({**whole, "opening": [3, 3]}).encode()
    yield "opening backwards", json.dumps({**whole, "opening": [1, 0]}).encode()
    yield "opening of names", json.dumps({**whole, "opening": ["A", "B"]}).encode()
    yield "opening of three", json.dumps({**whole, "opening": [0, 1, 2]}).encode()
    yield "huge number", b'{"format": 2, "margin": 1' + b"0" * 3000 + b"}"


def test_hostile_kept_answers_are_ignored_and_replaced(fresh, monkeypatch):
    before = WEDNESDAY - dt.timedelta(days=1)
    board = daily.board_of(before)
    truth = previous_answer(WEDNESDAY, Budget(seconds=600))
    (path,) = kept_files()
    for name, content in hostile_contents(board):
        path.write_bytes(content)
        assert kept.read(board.dots, board.grid) is None, name
        assert previous_answer(WEDNESDAY, Budget(seconds=600)) == truth, name
        assert kept.read(board.dots, board.grid) is not None, name    # replaced by the truth


def test_an_unwritable_cache_folder_only_means_solving_again(fresh, monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    line = previous_answer(WEDNESDAY, Budget(seconds=600))
    assert "perfect play: the" in line
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")       # ignored, as the spec says
    assert kept.cache_folder() == kept.Path.home() / ".cache" / "pnp"
