"""`pnp analyze --depth`: the skill chain (pnp/games/cliquer/depth.py) on tiny boards, its
determinism, its JSON, its budget and its CLI line."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis.strategies import integers

from cliquer_boards import boards
from pnp.cli import cli
from pnp.games.cliquer import depth as depth_module
from pnp.games.cliquer.depth import RUNGS, SEARCH, WIN_SHARE, chain
from pnp.games.cliquer.players import SEARCH_POSITIONS
from pnp.games.cliquer.solver import Budget

CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"     # 9 dots, hard (the board of docs/hobbyists.md)
TRIANGLE = ((0, 0), (40, 0), (0, 40))


def test_a_triangle_has_no_depth():
    # Hand-checked: three dots, three segments, nothing crosses, so every game is the same three
    # moves whoever plays: the first player draws the third segment and closes the triangle.
    # Each pair of games (one from each seat) then adds to exactly zero for any two players: every
    # pair is half won (50% < 60%), no rung reliably beats the one below, every gain is 0.
    got = chain(TRIANGLE, games=3)
    assert got["rungs"] == list(RUNGS)             # perfect play is tiny here, so it is a rung
    assert got["perfect_play_left_out"] is None
    assert [s["win"] for s in got["steps"]] == [0.5] * 4
    assert [s["gain"] for s in got["steps"]] == [0.0] * 4
    assert not any(s["reliable"] for s in got["steps"])
    assert got["depth"] == 0


def test_a_hard_board_climbs_the_whole_chain():
    # The 9-dot board of docs/cli.md: every rung reliably beats the one below with 6 pairs
    # (measured; this is the figure the docs page prints).
    from pnp.games.cliquer.codes import decode

    dots, _ = decode(CODE)
    got = chain(dots)
    assert got["depth"] == 4 and got["pairs"] == 6 and got["threshold"] == WIN_SHARE
    assert [(s["rung"], s["below"]) for s in got["steps"]] == list(zip(RUNGS[1:], RUNGS))
    assert all(s["gain"] > 0 for s in got["steps"])


@settings(max_examples=15, deadline=None)
@given(boards(min_dots=3, max_dots=6))
def test_depth_counts_the_reliable_rungs_from_the_bottom(dots):
    got = chain(dots, games=1, budget=Budget(positions=100_000))
    reliable = [s["win"] >= WIN_SHARE for s in got["steps"]]
    assert [s["reliable"] for s in got["steps"]] == reliable
    assert got["depth"] == (reliable + [False]).index(False)
    assert all(s["win"] in (0.0, 0.5, 1.0) for s in got["steps"])   # one pair: won, drawn, lost


def test_same_board_and_options_same_figures():
    first = chain(TRIANGLE + ((10, 12),), games=2)
    second = chain(TRIANGLE + ((10, 12),), games=2)
    first.pop("solve_seconds"), second.pop("solve_seconds")     # CPU time, the only clock
    assert first == second


def test_a_tiny_positions_budget_leaves_perfect_play_out_and_search_stands_in():
    from pnp.games.cliquer.codes import decode

    dots, _ = decode(CODE)
    got = chain(dots, games=1, budget=Budget(positions=10))
    assert got["rungs"] == list(RUNGS[:4]) + [SEARCH] and len(got["steps"]) == 4
    assert got["steps"][-1]["rung"] == SEARCH and got["steps"][-1]["below"] == "lookahead3"
    assert got["search_positions"] == SEARCH_POSITIONS
    assert "more than 10 positions" in got["perfect_play_left_out"]
    assert got["solve_seconds"] is None
    lines = depth_module.format_depth(got)
    assert "perfect play left out of the chain" in lines[-1] and "search (lookahead" in lines[-1]


def test_without_a_stand_in_the_chain_stops_at_lookahead3():
    got = chain(TRIANGLE + ((10, 12),), games=1, perfect="not asked for", search=None)
    assert got["rungs"] == list(RUNGS[:4]) and len(got["steps"]) == 3
    assert got["search_positions"] is None
    assert "stops at lookahead3" in depth_module.format_depth(got)[-1]


def test_no_pairs_of_games_is_refused():
    import pytest

    with pytest.raises(ValueError, match="at least one pair"):
        chain(TRIANGLE, games=0)


def test_the_json_carries_the_chain(runner):
    result = runner.invoke(cli, ["analyze", CODE, "--json", "--depth-games", "2"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    got = board["depth"]
    assert set(got) == {"rungs", "steps", "depth", "threshold", "pairs", "perfect_play_left_out",
                        "search_positions", "solve_seconds"}
    assert got["pairs"] == 2 and got["threshold"] == 0.6 and got["rungs"] == list(RUNGS)
    for step in got["steps"]:
        assert set(step) == {"rung", "below", "win", "reliable", "gain"}
    # the JSON has the figures the report prints
    text = runner.invoke(cli, ["analyze", CODE, "--depth-games", "2"]).output
    assert f"Depth: {got['depth']} of 4 steps up the chain" in text
    for step in got["steps"]:
        assert (f"{step['rung']} over {step['below']}: won {step['win']:.0%} of pairs"
                f" ({'reliable' if step['reliable'] else 'not reliable'}), "
                f"gains {step['gain']:+.2f} points a move") in text


def test_the_cli_line(runner):
    result = runner.invoke(cli, ["analyze", CODE, "--depth"])
    assert result.exit_code == 0, result.output
    assert ("Depth: 4 of 4 steps up the chain (random < greedy < lookahead2 < lookahead3 < "
            "perfect); a rung reliably beats the one below when it wins >= 60% of 6 pairs of "
            "games") in result.output
    assert "perfect over lookahead3: won 100% of pairs (reliable)" in result.output
    plain = runner.invoke(cli, ["analyze", CODE]).output
    assert "Depth:" not in plain                      # only when asked


def test_no_solve_leaves_the_perfect_rung_out(runner):
    result = runner.invoke(cli, ["analyze", CODE, "--depth", "--no-solve", "--depth-games", "1"])
    assert result.exit_code == 0, result.output
    assert "perfect play left out of the chain (--no-solve)" in result.output


def test_a_budget_too_small_for_the_chain_is_said_and_exits_2(runner):
    result = runner.invoke(cli, ["analyze", CODE, "--depth", "--solve-positions", "10",
                                 "--depth-games", "1"])
    assert result.exit_code == 2          # perfect play was asked for (a limit) and not finished
    assert "perfect play left out of the chain (past its budget: more than 10 positions)" \
        in result.output


def test_zero_games_is_a_usage_error(runner):
    result = runner.invoke(cli, ["analyze", CODE, "--depth-games", "0"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_the_bench_plays_the_package_players():
    import sim.cliquer_players as bench_players

    from pnp.games.cliquer import players

    assert bench_players.Lookahead is players.Lookahead
    assert bench_players.Perfect is players.Perfect
    assert bench_players.play_game is players.play_game


# ---- the search rung (players.Deepening) -------------------------------------------------------

@settings(max_examples=12, deadline=None)
@given(boards(min_dots=3, max_dots=6), integers(0, 2**32 - 1))
def test_search_with_room_to_the_end_plays_perfectly(dots, seed):
    # With positions enough to look to the end of the game, the margin it maximises is the final
    # margin: every move it picks keeps the exact minimax value (brute force through the rules).
    import random

    from cliquer_boards import exhaustive
    from pnp.games.cliquer.players import Deepening
    from pnp.games.cliquer.rules import Rules

    rules = Rules(dots)
    value = exhaustive(rules)
    search, rng, state = Deepening(10**9), random.Random(seed), rules.start()
    while state.open:
        after, points = rules.play(state, search(rules, state, rng))
        assert points - value(after) == value(state)
        state = after


@settings(max_examples=15, deadline=None)
@given(boards(min_dots=4, max_dots=8), integers(0, 2**32 - 1))
def test_search_with_no_room_past_three_moves_is_lookahead3(dots, seed):
    # A deeper pass cut short is thrown away, so with one position a move the search is the
    # three-move lookahead exactly: the same ties, the same rng draws, the same game.
    import random

    from pnp.games.cliquer.players import Deepening, Lookahead, play_game
    from pnp.games.cliquer.rules import Rules

    rules = Rules(dots)
    one = play_game(rules, [Deepening(1), Deepening(1)], random.Random(seed))
    two = play_game(rules, [Lookahead(3), Lookahead(3)], random.Random(seed))
    assert one == two


def test_search_is_refused_no_positions():
    import pytest

    from pnp.games.cliquer.players import Deepening

    with pytest.raises(ValueError, match="at least one position"):
        Deepening(0)
