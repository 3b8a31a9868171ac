"""Cliques: the numbers the rules fix, and that real play stays within what is printed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games import cliques
from pnp.games.cliques.item import Item, seat_names
from pnp.games.cliques.rules import (MAX_PLAYERS, MIN_PLAYERS, REMARKS_PER_PLAYER, reachable,
                                     remark_cards, start_tokens, tokens_in_play, tracker_range,
                                     tracker_style)
from support.sim.cliques_play import Table, every_holding, play, random_game, social_game

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


@settings(max_examples=60, deadline=None)
@given(player_counts, st.randoms(use_true_random=False), st.floats(0.05, 0.95))
def test_random_games_end_by_the_rule_when_no_circle_is_open(players, rng, approve):
    """"If no existing circle fulfils this condition, the game is over": every game of random
    speakers and voters ends by that rule, long before the simulation's own limit, and never
    while a circle is still open."""
    limit = 100_000
    table = random_game(players, rng, approve, limit=limit)
    turns = sum(len(remarks) for remarks in table.remarks)
    assert table.open_circles() == []
    assert 0 < turns < limit
    # every vote was cast from a supply that held the token: nobody ever went below zero
    assert all(table.approval[p] >= 0 and table.disapproval[p] >= 0 for p in range(players))


@given(player_counts)
def test_generated_set_prints_the_rule_numbers(players):
    board = cliques.generate(Item(players=seat_names(players)), random.Random(1), "T-1")
    assert board.start == start_tokens(players)
    assert all(t.start == board.start and t.approval == t.disapproval == tracker_range(players)
               for t in board.trackers)
    assert board.remark_cards == remark_cards(players) == REMARKS_PER_PLAYER * players
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


@pytest.mark.parametrize("players, start", [(3, 1), (3, 2), (4, 1)])
def test_every_count_any_game_can_reach_is_on_the_tracks(players, start):
    """Exhaustively, over every first player, circle choice and vote of small games: a player
    holds from 0 up to, but never above, every token of a colour in play (the tracks' range)."""
    held = every_holding(players, start)
    top = players * start
    assert all(0 <= a <= top and 0 <= d <= top for a, d in held)
    assert (start, start) in held
    assert any(a == 0 for a, _ in held) and any(d == 0 for _, d in held)   # the tracks start at 0
    if start > 1:
        # pairs taken back do raise a player above her start: the tracks must go past it
        assert max(a for a, _ in held) > start and max(d for _, d in held) > start


def test_a_one_token_game_ends_on_the_first_remark_in_a_founders_circle():
    # with one token of each colour, the founder's vote empties a colour and closes her circle
    assert every_holding(3, 1) == {(1, 1), (0, 1), (1, 0)}


@settings(max_examples=30, deadline=None)
@given(player_counts, st.integers(0, 2**32 - 1))
def test_simulated_play_follows_the_printed_rules(players, seed):
    """The simulation is the rules card: the printed first player starts, play passes to the
    next seat, each remark is in an open circle, the speaker votes only as a member, and the game
    ends exactly when no circle is open."""
    rng = random.Random(seed)
    first = rng.randrange(players)
    log = []

    def choose(table, speaker, open_, rng):
        assert open_ == table.open_circles() and open_
        circle = rng.choice(open_)
        voters = table.voters(speaker, circle)
        assert voters == table.members[circle]
        log.append((speaker, circle, speaker in voters))
        return circle, [rng.random() < 0.5 for _ in voters]

    table = play(players, rng, choose, first=first)
    assert table.open_circles() == []
    assert [s for s, _, _ in log] == [(first + k) % players for k in range(len(log))]
    assert sum(len(rs) for rs in table.remarks) == len(log)
    for circle, rs in enumerate(table.remarks):
        for r in rs:
            assert r.approval == 0 or r.disapproval == 0      # pairs were taken back
            assert set(r.votes) <= set(table.members[circle])


def test_a_member_speaker_votes_and_a_newcomer_joins_only_with_an_approval_left():
    table = Table.new(3)
    card = table.remark(0, 0, [True])           # the founder remarks in her circle and approves
    assert card.votes == {0: True} and card.tokens == 1 and table.approval[0] == 5
    card = table.remark(1, 0, [False])          # Player 2 tries; the founder disapproves
    assert (card.approval, card.disapproval) == (0, 1) and table.members[0] == [0]
    card = table.remark(2, 0, [True])
    assert table.members[0] == [0, 2]           # joined for the rest of the game
    card = table.remark(2, 0, [False, False])   # now a member, she votes on her own remark
    assert set(card.votes) == {0, 2} and table.members[0] == [0, 2]


def test_social_players_open_in_their_own_circle_as_the_author_advises():
    table = social_game(6, random.Random(3))
    assert table.open_circles() == []
    # in the first round nobody has joined anything, so every circle is open and each player's
    # first remark is the first in her own circle
    assert [rs[0].speaker for rs in table.remarks] == list(range(6))
