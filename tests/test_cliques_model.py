"""Cliques: the numbers the rules fix, and that real play stays within what is printed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games import cliques
from pnp.games.cliques.item import Item, seat_names
from pnp.games.cliques.rules import (MAX_PLAYERS, MIN_PLAYERS, reachable, remark_cards, start_tokens,
                                     tokens_in_play, tracker_range, tracker_style)
from sim.cliques_play import Table, random_game

player_counts = st.integers(MIN_PLAYERS, MAX_PLAYERS)


@pytest.mark.parametrize("players, start", [(3, 6), (4, 6), (5, 6), (6, 6), (7, 7), (10, 10),
                                            (12, 12)])
def test_start_is_players_or_six_whichever_is_greater(players, start):
    assert start_tokens(players) == start


@given(player_counts)
def test_start_rule(players):
    start = start_tokens(players)
    assert start >= players and start >= 6 and start in (players, 6)


@given(player_counts)
def test_tracker_covers_every_count_a_player_can_hold(players):
    low, high = tracker_range(players)
    assert low == 0 == reachable(players)[0]
    assert high >= players * start_tokens(players) == tokens_in_play(players)
    if tracker_style(players) == "tens-units":
        assert high % 10 == 9 and high - tokens_in_play(players) < 10
    else:
        assert high == tokens_in_play(players)


def test_tracker_style_switches_to_tens_and_units_for_big_games():
    assert [tracker_style(n) for n in range(3, 13)] == ["track"] * 4 + ["tens-units"] * 6


@settings(max_examples=40, deadline=None)
@given(player_counts, st.integers(0, 2**32 - 1), st.floats(0.05, 0.95))
def test_random_play_stays_on_the_printed_tracks(players, seed, approve):
    """Tokens only move between players and cards: totals are fixed, every supply stays in range."""
    table = Table.new(players)
    rng = random.Random(seed)
    low, high = tracker_range(players)
    total = tokens_in_play(players)
    speaker = 0
    for _ in range(400):
        circles = table.open_circles()
        if not circles:
            break
        circle = rng.choice(circles)
        table.remark(speaker, circle, [rng.random() < approve for _ in table.members[circle]])
        for colour in ("approval", "disapproval"):
            held = getattr(table, colour)
            on_cards = sum(getattr(r, colour) for rs in table.remarks for r in rs)
            assert sum(held) + on_cards == total
            assert all(low <= h <= high for h in held)
        speaker = (speaker + 1) % players


def test_remark_resolution_follows_the_rules():
    table = Table.new(3)
    table.members[0].append(2)                   # say player 2 had joined circle 0
    card = table.remark(1, 0, [True, False])     # one approval, one disapproval
    assert (card.approval, card.disapproval) == (0, 0)
    assert (table.approval[1], table.disapproval[1]) == (7, 7)   # the pair went to the speaker
    assert 1 not in table.members[0]
    card = table.remark(1, 0, [True, True])
    assert card.approval == 2 and 1 in table.members[0]
    assert table.score(1) == 2 and table.score(0) == 2 and table.score(2) == 2


def test_closed_circle_refuses_remarks():
    table = Table.new(3)
    table.approval[0] = 0
    assert table.open_circles() == [1, 2]
    with pytest.raises(ValueError):
        table.remark(1, 0, [False])


def test_random_game_ends_with_no_open_circle():
    table = random_game(4, random.Random(7))
    assert table.open_circles() == []


@given(player_counts)
def test_generated_set_prints_the_rule_numbers(players):
    board = cliques.generate(Item(players=seat_names(players)), random.Random(1), "T-1")
    assert board.start == start_tokens(players)
    assert all(t.start == board.start and t.approval == t.disapproval == tracker_range(players)
               for t in board.trackers)
    assert board.remark_cards == remark_cards(players) == tokens_in_play(players)
    assert [c.founder for c in board.circles] == list(board.players)
    assert cliques.check(board) == []


def test_generate_is_deterministic_and_uses_the_rng_for_the_first_player():
    item = Item(players=seat_names(8))
    firsts = {cliques.generate(item, random.Random(s), "T").first for s in range(40)}
    assert len(firsts) > 1
    assert cliques.generate(item, random.Random(3), "T") == cliques.generate(item, random.Random(3), "T")


def test_remark_cards_can_be_set():
    board = cliques.generate(Item(players=seat_names(3), remark_cards=0), random.Random(1), "T")
    assert board.remark_cards == 0
    assert not [p for p in cliques.pieces(board) if p.name.startswith("remark")]
