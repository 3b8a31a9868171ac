"""Cliques board data: exact round trip, and planted defects caught with specific codes."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games import cliques
from pnp.games.cliques.item import Item, seat_names
from pnp.games.cliques.board import Circle, Tracker
from pnp.games.cliques.rules import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from support.damage import damage

NAMES = ("Zoë", "Σωκράτης", "Дмитрий", "Maximilian Alexander von Habsburg-Lothr", "Bo", "Ann")


def board_for(players, seed=1, cards=None):
    names = seat_names(players) if isinstance(players, int) else tuple(players)
    return cliques.generate(Item(players=names, remark_cards=cards), random.Random(seed), "CQ-1")


@given(st.integers(MIN_PLAYERS, MAX_PLAYERS), st.integers(0, 10**6))
def test_round_trip_through_json(players, seed):
    board = board_for(players, seed)
    data = json.loads(json.dumps(cliques.to_data(board)))
    assert cliques.from_data(data) == board
    assert data["start"] == board.start
    assert [t["approval"] for t in data["trackers"]] == [list(t.approval) for t in board.trackers]


def test_data_carries_the_printed_numbers():
    data = cliques.to_data(board_for(10))
    assert data["start"] == 10
    assert data["trackers"][0] == {"player": "Player 1", "start": 10, "style": "tens-units",
                                   "approval": [0, 109], "disapproval": [0, 109]}
    assert [c["founder"] for c in data["circles"]] == list(data["players"])


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("start"),
    lambda d: d.update(start="6"),
    lambda d: d.update(start=True),
    lambda d: d.update(extra=1),
    lambda d: d["trackers"][0].update(approval=[0]),
    lambda d: d["circles"].append("Ann"),
    lambda d: d.update(players="Ann"),
])
def test_malformed_data_is_a_value_error(mutate):
    data = cliques.to_data(board_for(3))
    mutate(data)
    with pytest.raises(ValueError):
        cliques.from_data(data)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_damage_to_the_data_is_a_value_error_or_a_problem_never_a_crash(data):
    doc = damage(data, cliques.to_data(board_for(4)))
    try:
        board = cliques.from_data(doc)
    except ValueError:
        return
    cliques.check(board)
    cliques.describe(board)
    cliques.check_drawn(board, [("score sheet", None, []), ("tracker Player 1", None, [])])


def codes(board):
    return {p.code for p in cliques.check(board)}


def test_sets_with_awkward_names_check_clean():
    assert cliques.check(board_for(NAMES)) == []


def test_wrong_start_count():
    board = board_for(8)
    bad = dataclasses.replace(board, start=6)     # someone used "six" without the max()
    assert codes(bad) == {"start-count"}


def test_tracker_start_differs_from_rule():
    board = board_for(7)
    trackers = list(board.trackers)
    trackers[2] = dataclasses.replace(trackers[2], start=6)
    assert codes(dataclasses.replace(board, trackers=tuple(trackers))) == {"tracker-start"}


@pytest.mark.parametrize("colour, shown", [("approval", (0, 17)), ("disapproval", (1, 18)),
                                           ("approval", (0, 9)), ("approval", (-2, 18))])
def test_tracker_too_short_for_reachable_counts(colour, shown):
    board = board_for(3)        # 18 tokens of each colour in play
    trackers = list(board.trackers)
    trackers[1] = dataclasses.replace(trackers[1], **{colour: shown})
    problems = cliques.check(dataclasses.replace(board, trackers=tuple(trackers)))
    assert [p.code for p in problems] == ["tracker-range"]
    assert "0..18" in problems[0].message


def test_tens_and_units_must_show_whole_tens():
    board = board_for(10)
    trackers = list(board.trackers)
    trackers[0] = dataclasses.replace(trackers[0], approval=(0, 104))
    assert codes(dataclasses.replace(board, trackers=tuple(trackers))) == {"tracker-style"}


def test_player_without_tracker_or_circle():
    board = board_for(5)
    bad = dataclasses.replace(board, trackers=board.trackers[:-1], circles=board.circles[1:])
    problems = cliques.check(bad)
    assert {p.code for p in problems} == {"tracker-missing", "circle-missing"}
    assert any("Player 5" in p.message for p in problems if p.code == "tracker-missing")
    assert any("Player 1" in p.message for p in problems if p.code == "circle-missing")


def test_stranger_circles_and_trackers_and_doubles():
    board = board_for(4)
    circles = board.circles + (Circle("Eve", ("Eve",)), board.circles[0])
    trackers = board.trackers + (dataclasses.replace(board.trackers[0], player="Eve"),
                                 board.trackers[1])
    bad = dataclasses.replace(board, circles=circles, trackers=trackers)
    assert codes(bad) == {"circle-unknown", "circle-duplicate", "tracker-unknown",
                          "tracker-duplicate"}


def test_circle_must_start_with_only_its_founder():
    board = board_for(4)
    circles = (Circle(board.players[0], board.players[:2]),) + board.circles[1:]
    assert codes(dataclasses.replace(board, circles=circles)) == {"circle-members"}


def test_player_list_defects():
    board = board_for(3)
    assert "player-count" in codes(dataclasses.replace(board, players=board.players[:2]))
    assert "player-name" in codes(dataclasses.replace(
        board, players=("Ann", "ANN", "Cy")))
    assert "player-name" in codes(dataclasses.replace(board, players=("Ann", "Bo 🙂", "Cy")))
    # names in any script print (shaped, right to left where they are written so)
    for names in (("Ann", "山田", "Cy"), ("Ann", "שרה", "Cy"), ("فاطمة", "अनन्या", "Cy")):
        assert "player-name" not in codes(dataclasses.replace(board, players=names))
    assert "first-player" in codes(dataclasses.replace(board, first="Nobody"))


def test_tracker_style_unknown():
    board = board_for(3)
    trackers = (Tracker(board.players[0], 6, "dial", (0, 18), (0, 18)),) + board.trackers[1:]
    assert codes(dataclasses.replace(board, trackers=trackers)) == {"tracker-style"}


def test_name_longer_than_the_sheets_allow():
    board = board_for(3)
    long = "x" * (MAX_NAME + 1)
    bad = dataclasses.replace(board, players=(long,) + board.players[1:])
    assert "player-name" in codes(bad)


def test_no_players_is_reported_by_check_and_skipped_by_check_drawn():
    board = dataclasses.replace(board_for(4), players=())
    assert codes(board) == {"player-count"}
    tracker = [("tracker Player 1", None, []), ("score sheet", None, [])]
    assert cliques.check_drawn(board, tracker) == []
