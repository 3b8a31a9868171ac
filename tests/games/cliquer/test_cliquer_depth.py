"""`pnp analyze --depth`: the skill chain (pnp/games/cliquer/depth.py) on tiny boards, its
rule (each rung plays the strongest rung below it that won), its statistics, determinism, JSON,
budget and CLI line."""

from __future__ import annotations

import json
from math import comb

from hypothesis import given, settings
from hypothesis.strategies import integers

from support.cliquer_boards import boards
from pnp.cli import cli
from pnp.games.cliquer import depth as depth_module
from pnp.games.cliquer.depth import GAMES, MOST_DEPTH, PERFECT, RUNGS, WIN_SHARE, chain
from pnp.games.cliquer.solver import Budget

CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"     # 9 dots, hard (the board of docs/hobbyists.md)
SEVEN = "R1-2A3B-RAD9-95MW-8ZPM-NM7Q-0"       # 7 dots, bench/depth.py's board 7:1
TRIANGLE = ((0, 0), (40, 0), (0, 40))
FOUR = TRIANGLE + ((10, 12),)


def test_a_triangle_has_no_depth():
    # Hand-checked: three dots, three segments, nothing crosses, so every game is the same three
    # moves whoever plays: the first player draws the third segment and closes the triangle.
    # Each pair of games (one from each seat) then adds to exactly zero for any two players: every
    # pair is half won (50% < 75%), no rung reliably beats random, so random stays the champion
    # every rung plays, and every gain is 0.
    got = chain(TRIANGLE, games=3)
    assert got["rungs"] == list(RUNGS) and len(RUNGS) == MOST_DEPTH + 1
    assert got["perfect_play_left_out"] is None
    assert [s["win"] for s in got["steps"]] == [0.5] * MOST_DEPTH
    assert [s["gain"] for s in got["steps"]] == [0.0] * MOST_DEPTH
    assert [s["below"] for s in got["steps"]] == ["random"] * MOST_DEPTH
    assert got["depth"] == 0


def test_the_threshold_is_a_sign_test_at_under_four_percent():
    # The docstring's reason for 75% of 16 pairs: with equally strong players a pair is as likely
    # lost as won; with m pairs not drawn, reaching the threshold needs at least
    # (0.75 - 0.5) * 2 * GAMES = 8 more won than lost. The chance of that is at most 3.8% for
    # every m, and the worst case is no draws.
    need = round((WIN_SHARE - 0.5) * 2 * GAMES)
    chance = [sum(comb(m, w) for w in range(m + 1) if 2 * w - m >= need) / 2 ** m
              for m in range(GAMES + 1)]
    assert (GAMES, WIN_SHARE, need) == (16, 0.75, 8)
    assert max(chance) == chance[GAMES] and 0.038 < chance[GAMES] < 0.0385
    # the 60% of 6 pairs used before: 34% by chance
    assert abs(sum(comb(6, w) for w in range(4, 7)) / 64 - 0.34) < 0.01


@settings(max_examples=8, deadline=None)
@given(boards(min_dots=3, max_dots=6))
def test_each_rung_plays_the_champion_and_depth_counts_the_winners(dots):
    got = chain(dots, games=1, budget=Budget(positions=100_000))
    champion = "random"
    for rung, step in zip(got["rungs"][1:], got["steps"]):
        assert step["rung"] == rung and step["below"] == champion
        assert step["reliable"] == (step["win"] >= WIN_SHARE)
        assert step["win"] in (0.0, 0.5, 1.0)           # one pair: won, drawn, lost
        if step["reliable"]:
            champion = rung
    assert got["depth"] == sum(s["reliable"] for s in got["steps"])


@settings(max_examples=6, deadline=None)
@given(boards(min_dots=4, max_dots=6))
def test_perfect_play_never_loses_a_pair(dots):
    # From either seat perfect play scores at least the game's value for that seat, so its two
    # margins add to at least zero: it never loses a pair to the champion, whoever that is.
    got = chain(dots, games=1, budget=Budget(positions=1_000_000))
    top = got["steps"][-1]
    assert top["rung"] == PERFECT and top["win"] in (0.5, 1.0) and top["gain"] >= 0


def test_same_board_and_options_same_figures():
    first = chain(FOUR, games=2)
    second = chain(FOUR, games=2)
    first.pop("solve_seconds"), second.pop("solve_seconds")     # CPU time, the only clock
    assert first == second


def test_a_tiny_positions_budget_leaves_perfect_play_out_and_search_stands_in():
    from pnp.games.cliquer.codes import decode

    dots, _ = decode(SEVEN)
    got = chain(dots, games=1, budget=Budget(positions=10), search=40_000)
    # 7 dots: 12 moves a game, all within the stand-in's exact endgame (20 moves up to 13 dots)
    assert depth_module.exact_moves(7) == 20
    assert got["rungs"] == list(RUNGS[:-1]) + ["search40k+exact20"]
    assert len(got["steps"]) == MOST_DEPTH and got["steps"][-1]["rung"] == "search40k+exact20"
    assert got["search_positions"] == 40_000
    assert "more than 10 positions" in got["perfect_play_left_out"]
    assert got["solve_seconds"] is None
    lines = depth_module.format_depth(got)
    assert "perfect play left out of the chain" in lines[-1] and "search40k+exact20 (lookahead" in lines[-1]


def test_a_budget_spent_in_the_games_leaves_perfect_play_out_too():
    # The budget bounds all the solver's work: here the first solve fits (9,836 positions, C
    # core) and the games against the champion do not, so the stand-in plays instead, no error.
    from pnp.games.cliquer.codes import decode
    from pnp.games.cliquer.rules import Rules
    from pnp.games.cliquer.solver import Solver

    dots, _ = decode(SEVEN)
    solver = Solver(Rules(dots))
    solver.solve(whole_line=False)
    got = chain(dots, games=1, budget=Budget(positions=solver.positions + 100))
    assert got["rungs"][-1] == "search32k+exact20" and PERFECT not in got["rungs"]
    assert "past its budget" in got["perfect_play_left_out"]
    assert len(got["steps"]) == MOST_DEPTH


def test_without_a_stand_in_the_chain_stops_at_the_last_search_rung():
    got = chain(FOUR, games=1, perfect="not asked for", search=None)
    assert got["rungs"] == list(RUNGS[:-1]) and len(got["steps"]) == MOST_DEPTH - 1
    assert got["search_positions"] is None
    assert "stops at search32k" in depth_module.format_depth(got)[-1]


def test_a_board_past_the_solvers_reach_leaves_perfect_play_out_with_the_reason(monkeypatch):
    # 24 dots (276 segments) are past what the solver can number: the chain says so and goes
    # on, as for a budget, instead of failing (bench/depth.py --full plays 25 and 30 dots). The
    # ladder is cut to its two cheapest rungs so the board costs milliseconds.
    from pnp.games.cliquer.players import greedy_player, random_player
    from pnp.games.cliquer.rules import Rules
    from pnp.games.cliquer.solver import within_reach

    dots = [(i, i * i % 101) for i in range(24)]
    assert not within_reach(Rules(dots))
    monkeypatch.setattr(depth_module, "ladder", lambda: [random_player, greedy_player])
    got = chain(dots, games=1, search=None)
    assert got["perfect_play_left_out"] == "past the solver's reach (at most 23 dots, not 24)"
    assert got["rungs"] == ["random", "greedy"] and got["solve_seconds"] is None


def test_the_report_names_an_exact_endgame_only_where_the_stand_in_has_one():
    def line(rungs: list[str]) -> str:
        figures = {"depth": 0, "steps": [], "rungs": rungs, "threshold": WIN_SHARE, "pairs": 1,
                   "perfect_play_left_out": "why", "search_positions": 128_000}
        return depth_module.format_depth(figures)[-1]

    assert "perfect play once few moves are left" in line(["random", "search32k+exact20"])
    assert "perfect play once" not in line(["random", "search128k"])


def test_no_pairs_of_games_is_refused():
    import pytest

    with pytest.raises(ValueError, match="at least one pair"):
        chain(TRIANGLE, games=0)


def test_the_json_carries_the_chain(runner):
    result = runner.invoke(cli, ["analyze", SEVEN, "--json", "--depth-games", "1"])
    assert result.exit_code == 0, result.output
    [board] = json.loads(result.output)
    got = board["depth"]
    assert set(got) == {"rungs", "steps", "depth", "threshold", "pairs", "perfect_play_left_out",
                        "search_positions", "solve_seconds"}
    assert got["pairs"] == 1 and got["threshold"] == WIN_SHARE and got["rungs"] == list(RUNGS)
    for step in got["steps"]:
        assert set(step) == {"rung", "below", "win", "reliable", "gain"}
    # the JSON has the figures the report prints
    text = runner.invoke(cli, ["analyze", SEVEN, "--depth-games", "1"]).output
    assert f"Depth: {got['depth']} of {MOST_DEPTH} rungs up the chain" in text
    for step in got["steps"]:
        assert (f"{step['rung']} over {step['below']}: won {step['win']:.0%} of pairs"
                f" ({'reliable' if step['reliable'] else 'not reliable'}), "
                f"gains {step['gain']:+.2f} points a move") in text


def test_the_cli_line(runner):
    # two pairs a rung on a 7-dot board (measured; 16, the default, cost seconds: next test)
    result = runner.invoke(cli, ["analyze", SEVEN, "--depth", "--depth-games", "2"])
    assert result.exit_code == 0, result.output
    assert ("Depth: 4 of 7 rungs up the chain (random < greedy < lookahead2 < lookahead3 < "
            "search2k < search8k < search32k < perfect); a rung reliably beats the strongest "
            "below it when it wins >= 75% of 2 pairs of games") in result.output
    assert "lookahead3 over greedy: won 50% of pairs (not reliable)" in result.output
    assert "perfect over search32k: won 100% of pairs (reliable)" in result.output
    plain = runner.invoke(cli, ["analyze", SEVEN]).output
    assert "Depth:" not in plain                      # only when asked


def test_analyze_plays_the_default_pairs(runner, monkeypatch):
    # --depth without --depth-games plays depth.GAMES pairs (made 1 here to keep the test quick)
    monkeypatch.setattr(depth_module, "GAMES", 1)
    result = runner.invoke(cli, ["analyze", SEVEN, "--depth"])
    assert result.exit_code == 0, result.output
    assert "wins >= 75% of 1 pairs of games" in result.output


def test_no_solve_leaves_the_perfect_rung_out(runner):
    result = runner.invoke(cli, ["analyze", SEVEN, "--depth", "--no-solve", "--depth-games", "1"])
    assert result.exit_code == 0, result.output
    assert "perfect play left out of the chain (--no-solve)" in result.output


def test_a_budget_too_small_for_the_chain_is_said_and_exits_2(runner):
    result = runner.invoke(cli, ["analyze", SEVEN, "--depth", "--solve-positions", "10",
                                 "--depth-games", "1"])
    assert result.exit_code == 2          # perfect play was asked for (a limit) and not finished
    assert "perfect play left out of the chain (past its budget: more than 10 positions)" \
        in result.output


def test_zero_games_is_a_usage_error(runner):
    result = runner.invoke(cli, ["analyze", SEVEN, "--depth-games", "0"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_the_bench_plays_the_package_players():
    import support.sim.cliquer_players as bench_players

    from pnp.games.cliquer import players

    assert bench_players.Lookahead is players.Lookahead
    assert bench_players.Perfect is players.Perfect
    assert bench_players.play_game is players.play_game


# ---- the search rung (players.Deepening) -------------------------------------------------------

@settings(max_examples=12, deadline=None)
@given(boards(min_dots=3, max_dots=5), integers(0, 2**32 - 1))
def test_search_with_room_to_the_end_plays_perfectly(dots, seed):
    # With positions enough to look to the end of the game, the margin it maximises is the final
    # margin: every move it picks keeps the exact minimax value (brute force through the rules).
    # Up to 5 dots (9 moves: passes of 3, 5, 7 and 9 moves); at 6 dots the pure-Python search to
    # the end cost about 2 s an example, a tenth of the suite's CPU for no pass of a new kind.
    import random

    from support.cliquer_boards import exhaustive
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


@settings(max_examples=10, deadline=None)
@given(boards(min_dots=4, max_dots=6), integers(0, 2**32 - 1), integers(0, 12))
def test_search_plays_its_exact_endgame_perfectly(dots, seed, exact):
    # One position a move is lookahead3 (previous test), which misplays; with an exact endgame of
    # the last ``exact`` moves, every move it makes with that few moves left keeps the minimax
    # value (brute force), against any opponent (random here).
    import random

    from support.cliquer_boards import exhaustive
    from pnp.games.cliquer.players import Deepening, random_player
    from pnp.games.cliquer.rules import Rules

    rules = Rules(dots)
    value = exhaustive(rules)
    search, rng, state = Deepening(1, exact_from=exact), random.Random(seed), rules.start()
    done = 0
    while state.open:
        mover = search if done % 2 == 0 else random_player
        after, points = rules.play(state, mover(rules, state, rng))
        if mover is search and rules.moves_in_game - done <= exact:
            assert points - value(after) == value(state)
        state, done = after, done + 1


def test_search_is_refused_no_positions():
    import pytest

    from pnp.games.cliquer.players import Deepening

    with pytest.raises(ValueError, match="at least one position"):
        Deepening(0)
