"""`pnp analyze --depth`: the skill chain (pnp/games/cliquer/depth.py) on tiny boards, its
rule (each rung plays the strongest rung below it that passed), its figures, determinism, seed,
JSON, budget and CLI line. (The sequential test itself: test_cliquer_sequential.py.)"""

from __future__ import annotations

import json
from hypothesis import given, settings
from hypothesis.strategies import integers

from support.cliquer_boards import boards
from pnp.cli import cli
from pnp.games.cliquer import depth as depth_module, sequential
from pnp.games.cliquer.depth import MOST_DEPTH, PERFECT, RUNGS, chain
from pnp.games.cliquer.solver import Budget

CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"     # 9 dots, hard (the board of docs/hobbyists.md)
SEVEN = "R1-2A3B-RAD9-95MW-8ZPM-NM7Q-0"       # 7 dots, bench/depth.py's board 7:1
TRIANGLE = ((0, 0), (40, 0), (0, 40))
FOUR = TRIANGLE + ((10, 12),)


def test_a_triangle_has_no_depth():
    # Hand-checked: three dots, three segments, nothing crosses, so every game is the same three
    # moves whoever plays: the first player draws the third segment and closes the triangle.
    # Each pair of games (one from each seat) then adds to exactly zero for any two players: every
    # pair is half won, so the sequential test fails every rung (a share of 1/2; here at its
    # cut-off of 3 pairs, under 65%), random stays the champion every rung plays, and every gain
    # is 0.
    got = chain(TRIANGLE, games=3)
    assert got["rungs"] == list(RUNGS) and len(RUNGS) == MOST_DEPTH + 1
    assert got["perfect_play_left_out"] is None
    assert [s["win"] for s in got["steps"]] == [0.5] * MOST_DEPTH
    assert [s["gain"] for s in got["steps"]] == [0.0] * MOST_DEPTH
    assert [s["below"] for s in got["steps"]] == ["random"] * MOST_DEPTH
    assert got["depth"] == 0


def test_a_drawn_pair_after_pair_fails_at_the_tests_own_pace():
    # Uncapped, all-drawn pairs move the ratio by half a win and half a loss each
    # ((ln(0.7/0.6) + ln(0.3/0.4)) / 2 = -0.0668), so the test fails the rung when that
    # reaches -3: after 45 pairs (3 / 0.0668 = 44.9), for each rung, and sure.
    got = chain(TRIANGLE)
    assert [s["pairs"] for s in got["steps"]] == [45] * MOST_DEPTH
    assert got["depth"] == 0 and got["sure"] and got["least"] == got["most"] == 0
    # (the chance of failing again counts a drawn pair as half a win, half a loss: shares near
    # 1/2 are likely, and the test fails them nearly always)
    assert all(s["again"] > 0.97 for s in got["steps"]) and got["again"] > 0.9


@settings(max_examples=8, deadline=None)
@given(boards(min_dots=3, max_dots=6))
def test_each_rung_plays_the_champion_and_depth_counts_the_winners(dots):
    got = chain(dots, games=1, budget=Budget(positions=100_000))
    champion = "random"
    for rung, step in zip(got["rungs"][1:], got["steps"]):
        assert step["rung"] == rung and step["below"] == champion
        assert step["reliable"] == (step["win"] >= sequential.MIDDLE)   # one pair: the cut-off
        assert step["win"] in (0.0, 0.5, 1.0) and step["pairs"] == 1     # won, drawn, lost
        if step["reliable"]:
            champion = rung
    assert got["depth"] == sum(s["reliable"] for s in got["steps"])
    assert got["least"] <= got["depth"] <= got["most"]


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


def test_another_seed_plays_other_games():
    from pnp.games.cliquer.codes import decode

    dots, _ = decode(SEVEN)
    one, two = chain(dots, games=4, tag="board"), chain(dots, games=4, tag="other")
    assert one["seed"] == "board" and two["seed"] == "other"
    assert [s["win"] for s in one["steps"]] != [s["win"] for s in two["steps"]]


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


def test_without_a_stand_in_the_chain_stops_below_perfect_play():
    got = chain(FOUR, games=1, perfect="not asked for", search=None)
    assert got["rungs"] == list(RUNGS[:-1]) and len(got["steps"]) == MOST_DEPTH - 1
    assert got["search_positions"] is None
    assert "stops at lookahead2" in depth_module.format_depth(got)[-1]


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
        figures = chain(TRIANGLE, games=1, perfect="why", search=None)
        figures.update(rungs=rungs, search_positions=128_000)
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
    assert set(got) == {"rungs", "steps", "depth", "least", "most", "again", "sure", "test",
                        "seed", "perfect_play_left_out", "search_positions", "solve_seconds"}
    assert got["test"] == {"even": sequential.EVEN, "strong": sequential.STRONG,
                           "error": sequential.ERROR, "most_pairs": 1, "again": sequential.AGAIN}
    assert got["rungs"] == list(RUNGS) and got["seed"] == "board"
    for step in got["steps"]:
        assert set(step) == {"rung", "below", "pairs", "win", "interval", "reliable", "again",
                             "close", "gain"}
    # the JSON has the figures the report prints
    text = runner.invoke(cli, ["analyze", SEVEN, "--depth-games", "1"]).output
    assert f"Depth: {got['depth']} of {MOST_DEPTH} rungs up the chain" in text
    for step in got["steps"]:
        low, high = step["interval"]
        assert (f"{step['rung']} over {step['below']}: won {step['win']:.0%} of 1 pairs "
                f"(90% interval {low:.0%}-{high:.0%}), "
                f"{'passed' if step['reliable'] else 'failed'}") in text


def test_the_cli_line(runner):
    # four pairs at most a rung on a 7-dot board (measured; the default, 400, costs a second)
    result = runner.invoke(cli, ["analyze", SEVEN, "--depth", "--depth-games", "4"])
    assert result.exit_code == 0, result.output
    assert "rungs up the chain (random < greedy < lookahead2 < perfect), " in result.output
    assert ("until a sequential test decides, at most 4 pairs: a rung winning 70% of pairs "
            "passes, and one winning 60% fails, each at least 95% of the time") in result.output
    assert "perfect over " in result.output
    plain = runner.invoke(cli, ["analyze", SEVEN]).output
    assert "Depth:" not in plain                      # only when asked
    seeded = runner.invoke(cli, ["analyze", SEVEN, "--depth-seed", "again", "--depth-games", "4"])
    assert seeded.exit_code == 0 and "games seeded 'again'" in seeded.output


def test_analyze_plays_the_tests_pairs_by_default(runner, monkeypatch):
    # --depth without --depth-games plays the sequential test to its cut-off (made 1 here to
    # keep the test quick)
    monkeypatch.setattr(sequential, "MOST_PAIRS", 1)
    result = runner.invoke(cli, ["analyze", SEVEN, "--depth"])
    assert result.exit_code == 0, result.output
    assert "at most 1 pairs" in result.output


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
