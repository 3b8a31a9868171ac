"""The whole best line kept beside yesterday's answer (what `pnp site` draws): worked out once,
read back only when it is a whole legal game from the kept opening that ends with the kept
margin, and the answer `pnp daily` prints then names the line's own first move."""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from pnp.games.cliquer import daily, daily_answer, daily_played, kept
from pnp.games.cliquer.board import dot_name
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Budget, Solver

WEDNESDAY = dt.date(2026, 11, 25)      # yesterday's board: Tuesday's, 8 dots (a hundredth of a second)
BOARD = daily.board_of(WEDNESDAY - dt.timedelta(days=1))


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """No answer remembered in this process: only the cache folder can spare a solve."""


def random_game(rules: Rules, rng: random.Random) -> list[tuple[int, int]]:
    state, line = rules.start(), []
    while not rules.finished(state):
        move = rng.choice(rules.legal_moves(state))
        state, _ = rules.play(state, move)
        line.append(move)
    return line


def final_margin(rules: Rules, line) -> int:
    state = rules.start()
    for move in line:
        state, _ = rules.play(state, move)
    return state.scores[0] - state.scores[1]


def test_the_line_is_worked_out_once_and_the_answer_names_its_first_move(monkeypatch):
    played = daily_played(WEDNESDAY, 600)
    line = played["figures"]["perfect_play"]["best_line"]
    assert played["answer"].startswith("Yesterday's board (Tuesday 2026-11-24, 8 dots): perfect play: ")
    assert played["answer"].endswith(f"; best opening {line[0]}")
    assert len(line) == Rules(BOARD.dots).moves_in_game
    # perfect play: the line keeps the solver's value, move after move
    assert final_margin(Rules(BOARD.dots), [tuple(ord(c) - 65 for c in m.split("-")) for m in line]) == \
        played["figures"]["perfect_play"]["first_player_margin"] == \
        Solver(Rules(BOARD.dots)).solve(whole_line=False).margin
    monkeypatch.setattr(Solver, "solve", None)                 # from now on, no search at all
    assert daily_played(WEDNESDAY, 0.001) == played
    assert daily_answer(WEDNESDAY, 0.001) == played["answer"]


def test_a_line_not_worked_out_in_time_is_said_and_nothing_is_kept():
    played = daily.previous_played(WEDNESDAY, Budget(positions=10))
    assert played["answer"] == ("Yesterday's board (Tuesday 2026-11-24, 8 dots): perfect play not "
                                "worked out (more than 10 positions; --solve-seconds gives it more)")
    assert played["figures"]["perfect_play"] is None and played["board"] == BOARD
    assert kept.read(BOARD.dots, BOARD.grid) is None


def test_there_is_no_day_before_the_first_day():
    played = daily_played(dt.date(1, 1, 1))
    assert played == {"answer": "Yesterday's board: there is no day before 0001-01-01",
                      "board": None, "figures": None}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), off=st.integers(-30, 30))
def test_any_whole_game_is_kept_with_its_own_margin_and_no_other(seed, off):
    """Round trip of any legal whole game; the same line with a margin it does not end with is
    not believed (what cannot be checked without solving is that the line is the best one)."""
    rules = Rules(BOARD.dots)
    line = random_game(rules, random.Random(seed))
    margin = final_margin(rules, line)
    assert kept.keep(BOARD.dots, BOARD.grid, margin + off, line[0], line)
    assert kept.read_line(BOARD.dots, BOARD.grid) == (
        None if off else (margin, tuple(tuple(sorted(m)) for m in line)))


def hostile_lines(rules: Rules, line: list, margin: int):
    """Kept answers with a line that must not be believed: (name, the file's content)."""
    whole = {"format": kept.FORMAT, "dots": [list(d) for d in BOARD.dots], "margin": margin,
             "opening": list(line[0]), "line": [list(m) for m in line]}
    crossing = next(m for m in rules.segments if m not in line and m[0] in line[0])
    yield "not a list", {**whole, "line": "A-B C-D"}
    yield "one move short", {**whole, "line": whole["line"][:-1]}
    yield "one move more", {**whole, "line": whole["line"] + [whole["line"][-1]]}
    yield "a move twice", {**whole, "line": whole["line"][:-1] + [whole["line"][0]]}
    yield "a crossing move", {**whole, "line": whole["line"][:-1] + [list(crossing)]}
    yield "a move backwards", {**whole, "line": [whole["line"][0][::-1]] + whole["line"][1:]}
    yield "moves by name", {**whole, "line": [[dot_name(a), dot_name(b)] for a, b in line]}
    yield "a move off the board", {**whole, "line": whole["line"][:-1] + [[0, 99]]}
    yield "a move of floats", {**whole, "line": [[float(a), b] for a, b in whole["line"]]}
    yield "another opening", {**whole, "opening": list(line[1]) if line[1][0] < line[1][1] else [0, 1]}
    yield "another margin", {**whole, "margin": margin + 2}
    yield "a key more", {**whole, "why": "trust me"}


def test_a_hostile_line_is_ignored_and_the_answer_worked_out_again():
    truth = daily_played(WEDNESDAY, 600)
    path = next((kept.cache_folder() / kept.FOLDER).iterdir())
    true_file = path.read_bytes()
    rules = Rules(BOARD.dots)
    moves = [tuple(ord(c) - 65 for c in m.split("-")) for m in truth["figures"]["perfect_play"]["best_line"]]
    for name, content in hostile_lines(rules, moves, truth["figures"]["perfect_play"]["first_player_margin"]):
        path.write_text(json.dumps(content))
        assert kept.read_line(BOARD.dots, BOARD.grid) is None, name
        assert daily_played(WEDNESDAY, 600) == truth, name
        assert path.read_bytes() == true_file, name                # replaced by the truth
