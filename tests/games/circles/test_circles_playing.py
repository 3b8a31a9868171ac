"""Thinking in Circles on a screen (pnp/games/circles/playing): the step-by-step game plays the
simulator's rules, the computer never reads your slip or your hand, and every seal opens."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games import circles
from pnp.games.circles.board import COLORS, Variants
from pnp.games.circles.card_text import ENDING
from pnp.games.circles.playing import computer, game
from pnp.games.circles.playing.fair import goals_text, opens, sealed
from pnp.games.circles.playing.game import Refused
from pnp.games.circles.playing.match import Match
from pnp.games.circles.playing.players import HANDS, blind_hand, side_wins
from pnp.games.circles.rules import legal_goals, side_of
from support.circles_items import items
from support.sim.circles_play import BLIND_SPEND, random_game


def two_player_items():
    """Items of every shape and variant seated for two (a screen seats two: game.py says why)."""
    return items(players=st.just(2))


def replayed(board, rng: random.Random):
    """A blind game played step by step through ``game``, drawing from ``rng`` exactly as the
    simulator's blind players do (support/sim/circles_play.random_game), so both must agree."""
    seats = (1, 2)
    choices = legal_goals(board.variants.uncloned)
    goals = {s: [rng.choice(choices) for _ in range(board.variants.goals)] for s in seats}
    chooser = rng.randrange(2)
    color = {chooser: rng.choice(COLORS)}
    color[1 - chooser] = COLORS[1 - COLORS.index(color[chooser])]
    mover = rng.choice([s for s in seats if side_of(s) != chooser])
    state = game.new_game(board, (color[0], color[1]), side_of(mover))
    spent = 0
    while state.phase != "over":
        state = game.pick(state, rng.choice(state.allowed()))
        a, b = blind_hand(rng), blind_hand(rng)
        if state.phase == "block":
            spend = rng.random() < BLIND_SPEND
            state = game.block(state, spend)
            spent += spend
            if spend:
                state = game.pick(state, rng.choice(state.allowed()))
        mover_hand = (a, b) if state.mover == 0 else (b, a)
        state = game.hands(state, *mover_hand)
        met = tuple(side_wins(board, state.positions, state.colors[s], goals[s + 1])
                    for s in (0, 1))
        state = game.check(state, met)
    return state, spent


@settings(max_examples=60, deadline=None)
@given(two_player_items(), st.integers(0, 2**32))
def test_a_game_played_step_by_step_is_the_simulators_game(item, seed):
    board = circles.generate(item, random.Random(seed), "T1")
    state, spent = replayed(board, random.Random(seed))
    sim = random_game(board, random.Random(seed), ending=ENDING)
    assert state.turn == sim.turns
    assert (state.colors[state.winner] if state.winner is not None else None) == sim.winner
    assert state.by == (sim.by if sim.winner else "")
    assert sum(t.gained for t in state.turns) == sim.gained
    assert spent == sim.spent == sum(t.blocked is not None for t in state.turns)
    assert {1: state.held[0], 2: state.held[1]} == sim.held


@settings(max_examples=60, deadline=None)
@given(two_player_items(), st.integers(0, 2**32), st.data())
def test_every_step_keeps_the_cards_rules(item, seed, data):
    board = circles.generate(item, random.Random(seed), "T1")
    lockdown = board.variants.lockdown
    state = game.new_game(board, ("white", "black"), data.draw(st.integers(0, 1)))
    blockers = sum(state.held) + state.supply
    while state.phase != "over" and state.turn < 60:
        allowed = state.allowed()
        assert allowed and state.blocked not in allowed
        if ENDING.fresh and ENDING.in_force(state.turn):
            assert state.last not in allowed
        with pytest.raises(Refused):
            game.hands(state, 1, 1)                       # hands wait for a circle
        circle = data.draw(st.sampled_from(allowed))
        state = game.pick(state, circle)
        if state.phase == "block":
            assert lockdown and state.held[state.other] > 0
            if data.draw(st.booleans()):
                state = game.block(state, True)
                assert state.blocked == circle and state.phase == "pick"
                with pytest.raises(Refused):
                    game.pick(state, circle)
                assert not state.may_block()              # one blocker a turn
                state = game.pick(state, data.draw(st.sampled_from(state.allowed())))
            else:
                state = game.block(state, False)
        before = state.positions
        h0, h1 = data.draw(st.sampled_from(HANDS)), data.draw(st.sampled_from(HANDS))
        state = game.hands(state, h0, h1)
        size = len(board.circles[state.circle].spaces)
        total = h0 + h1
        step = total if total or not ENDING.in_force(state.turn) else 1
        assert state.positions[state.circle] == (before[state.circle] + step) % size
        assert [p for i, p in enumerate(state.positions) if i != state.circle] == \
            [p for i, p in enumerate(before) if i != state.circle]
        assert sum(state.held) + state.supply == blockers and min(state.held) >= 0
        met = tuple(side_wins(board, state.positions, state.colors[s], []) for s in (0, 1))
        mover = state.mover
        state = game.check(state, met)
        if any(met):
            assert state.phase == "over"
            assert state.winner == (mover if met[mover] else 1 - mover)   # both: the mover's


def test_a_double_win_goes_to_the_mover_and_the_last_turn_is_a_draw():
    board = circles.generate(circles.Item(), random.Random(3), "T1")
    state = game.hands(game.pick(game.new_game(board, ("black", "white"), 1), 0), 1, 1)
    assert game.check(state, ("shapes", "color")).winner == 1
    assert game.check(state, ("shapes", "")).winner == 0
    last = replace(state, turn=ENDING.draw_at)
    ended = game.check(last, ("", ""))
    assert ended.phase == "over" and ended.winner is None


@settings(max_examples=40, deadline=None)
@given(two_player_items(), st.integers(0, 2**32), st.integers(1, 3))
def test_the_computers_chance_for_your_one_goal_is_the_share_of_legal_goals(item, seed, moves):
    board = circles.generate((replace(item, variants=replace(item.variants,
                                                                       spin_cycle=None))),
                             random.Random(seed), "T1")
    rng = random.Random(seed)
    positions = [(c.start + rng.randrange(len(c.spaces))) % len(c.spaces) for c in board.circles]
    runs = board.adjacent_triples()
    legal = legal_goals(board.variants.uncloned)
    for color in COLORS:
        share = sum(bool(side_wins(board, positions, color, [g])) for g in legal) / len(legal)
        chance = computer.their_chance(board, positions, color, runs, 1)
        if side_wins(board, positions, color, []):
            assert chance == 1
        else:
            # runs are independent draws of the one goal only for one run; for many, the
            # chance of any is at least the best run's share and at most the union's
            assert 0 <= chance <= 1 and chance >= max(
                computer.their_chance(board, positions, color, [t], 1) for t in runs) - 1e-12
            if len(runs) == 1:
                assert chance == pytest.approx(share)


# ---- the match: you against the computer ------------------------------------------------------

SLIP = [("circle", "square", "pentagon"), ("triangle", "square", "circle"),
        ("pentagon", "circle", "triangle")]
SALT = "5a17" * 8


def slip(board):
    return SLIP[:board.variants.goals]


def play(board, strength, seed, choices: random.Random, your_slip=None, color="white",
         claim=True):
    """A whole match, your moves drawn from ``choices``; every view sent, in order."""
    mine = your_slip or slip(board)
    m = Match(board, strength, sealed(goals_text(mine), SALT), color, rng=random.Random(seed))
    views = [m.view()]
    while not views[-1]["over"]:
        v = views[-1]
        if v["phase"] == "pick":
            views.append(m.pick(choices.choice(v["allowed"])))
        elif v["phase"] == "block":
            views.append(m.block(choices.random() < 0.5))
        elif v["phase"] == "hands":
            views.append(m.play_hand(choices.choice(HANDS)))
        else:
            if claim and computer.met(m.state, 0, mine):
                views.append(m.claim(goals_text(mine), SALT))
            else:
                views.append(m.claim())
    return m, views


strengths = st.sampled_from(computer.STRENGTHS)


@settings(max_examples=25, deadline=None)
@given(two_player_items(), strengths, st.integers(0, 2**32))
def test_no_view_shows_the_computers_goals_or_hand_before_they_are_due(item, strength, seed):
    board = circles.generate(item, random.Random(seed), "T1")
    m, views = play(board, strength, seed, random.Random(seed))
    seal = views[0]["seals"]["goals"]
    for v in views[:-1]:
        sent = json.dumps(v)
        assert m.goals_salt not in sent and "computer_goals" not in v
        assert v["seals"]["goals"] == seal
        if v["phase"] == "hands":
            assert v["seals"]["hand"] and (v["opened"] is None or v["opened"]["turn"] < v["turn"])
    for before, after in zip(views, views[1:]):
        if before["phase"] == "hands":          # your hand went in: the computer's opens
            opened = after["opened"]
            assert opened["seal"] == before["seals"]["hand"]
            assert opens(opened["seal"], str(opened["hand"]), opened["salt"])
            assert after["turns"][-1]["computer"] == opened["hand"]
    end = views[-1]["computer_goals"]
    assert opens(seal, end["goals"], end["salt"])
    assert len(end["goals"].split(";")) == board.variants.goals


@settings(max_examples=20, deadline=None)
@given(two_player_items(), strengths, st.integers(0, 2**32))
def test_the_computer_plays_the_same_whatever_your_slip_says(item, strength, seed):
    """Two matches alike but for your slip (never claimed): the same views, seal aside."""
    board = circles.generate(item, random.Random(seed), "T1")
    other = [("square", "triangle", "square")] * board.variants.goals
    _, a = play(board, strength, seed, random.Random(seed), claim=False)
    _, b = play(board, strength, seed, random.Random(seed), your_slip=other, claim=False)
    assert [played(view) for view in a] == [played(view) for view in b]


def played(view):
    """A view less its seals and salts (fresh random ones in every match)."""
    view = {k: v for k, v in view.items() if k != "seals"}
    if view["opened"]:
        view["opened"] = view["opened"]["hand"]
    if "computer_goals" in view:
        view["computer_goals"] = view["computer_goals"]["goals"]
    return view


@settings(max_examples=20, deadline=None)
@given(two_player_items(), strengths, st.integers(0, 2**32), st.sampled_from(HANDS), st.sampled_from(HANDS))
def test_the_computers_hand_is_sealed_before_yours_and_does_not_follow_it(item, strength, seed,
                                                                           one, other):
    board = circles.generate(item, random.Random(seed), "T1")
    m = Match(board, strength, sealed(goals_text(slip(board)), SALT), "black",
              rng=random.Random(seed))
    v = m.view()
    while v["phase"] != "hands":
        v = m.pick(v["allowed"][0]) if v["phase"] == "pick" else m.block(False)
    seal = v["seals"]["hand"]
    twin = Match(board, strength, sealed(goals_text(slip(board)), SALT), "black",
                 rng=random.Random(seed))
    w = twin.view()
    while w["phase"] != "hands":
        w = twin.pick(w["allowed"][0]) if w["phase"] == "pick" else twin.block(False)
    opened = m.play_hand(one)["opened"]
    assert opened["seal"] == seal and opens(seal, str(opened["hand"]), opened["salt"])
    assert opened["hand"] == twin.play_hand(other)["opened"]["hand"]


def test_a_claim_must_open_the_seal_and_be_met():
    board = circles.generate(circles.Item(variants=Variants(wild_cards=True)),
                             random.Random(2), "T1")
    m = Match(board, "greedy", sealed(goals_text(slip(board)), SALT), "white",
              rng=random.Random(4))
    v = m.view()
    while v["phase"] != "check":
        v = {"pick": lambda: m.pick(v["allowed"][0]), "block": lambda: m.block(False),
             "hands": lambda: m.play_hand(1)}[v["phase"]]()
    met = computer.met(m.state, 0, slip(board))
    with pytest.raises(Refused) as wrong:
        m.claim(goals_text(slip(board)), "00" * 16)
    assert wrong.value.code == "seal"
    with pytest.raises(Refused) as bad:
        m.claim("circle,circle", SALT)
    assert bad.value.code == "slip"
    if not met:
        with pytest.raises(Refused) as unmet:
            m.claim(goals_text(slip(board)), SALT)
        assert unmet.value.code == "not-met"
    with pytest.raises(Refused):
        m.pick(0)                                       # the game waits for the check
    assert m.claim()["phase"] in ("pick", "over")


@settings(max_examples=10, deadline=None)
@given(two_player_items(), st.integers(0, 2**32))
def test_every_match_ends_and_its_winner_is_one_the_board_shows(item, seed):
    board = circles.generate(item, random.Random(seed), "T1")
    m, views = play(board, "guessing", seed, random.Random(seed + 1))
    end = views[-1]
    assert end["over"] and end["turn"] <= ENDING.draw_at
    if end["winner"] == "computer":
        goals = [tuple(g.split(",")) for g in end["computer_goals"]["goals"].split(";")]
        assert computer.met(m.state, 1, goals) == end["by"]
    elif end["winner"] == "you":
        assert computer.met(m.state, 0, slip(board)) == end["by"]
