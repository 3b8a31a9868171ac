"""The browser's CliqueR engine (playing/engine.js) holds to pnp's own rules, players and
perfect play, move by move: thousands of games on boards of 3 to 16 dots (random dots up to the
code's largest grid, and the generator's boards), played by pnp's random and greedy players and
by the engine's own, every position's legal moves, every other pair's reason for refusal and
every move's points compared. Runs the engine in node (the engine is plain script; it needs no
package); skipped where node is not installed."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from pnp.games.cliquer.geometry import collinear_triples
from pnp.games.cliquer.players import _margins, greedy_player, random_player
from pnp.games.cliquer.rules import Rules, move_points
from pnp.games.cliquer.solver import Solver

NODE = shutil.which("node")
pytestmark = [pytest.mark.skipif(NODE is None, reason="node is not installed"), pytest.mark.slow]
ENGINE = resources.files("pnp.games.cliquer.playing").joinpath("engine.js")
PROBE = Path(__file__).with_name("play_engine_probe.js")
GAMES = 40                 # games a board by each of pnp's two players
BOARDS = 36


def _dots(rng: random.Random, n: int, grid: int) -> tuple:
    while True:
        dots = tuple(sorted({(rng.randint(0, grid), rng.randint(0, grid)) for _ in range(n)}))
        if len(dots) == n and not collinear_triples(dots):
            return dots


def _boards(seed: int) -> list[tuple]:
    rng = random.Random(seed)
    out = [((0, 0), (255, 0), (0, 255)), ((0, 0), (255, 1), (254, 255), (1, 254))]
    while len(out) < BOARDS:
        n = rng.choice([4, 5, 6, 7, 8, 9, 10, 12, 16])
        out.append(_dots(rng, n, rng.choice([n + 2, 20, 60, 255])))
    return out


def _game(rules: Rules, player, rng: random.Random) -> list[int]:
    state, moves = rules.start(), []
    while not rules.finished(state):
        move = player(rules, state, rng)
        moves.append(rules.number[move])
        state, _ = rules.play(state, move)
    return moves


def _probe(asked: dict) -> list:
    done = subprocess.run([NODE, str(PROBE), str(ENGINE)], input=json.dumps(asked), text=True,
                          capture_output=True, check=True, timeout=600)
    return json.loads(done.stdout)


def test_every_position_of_thousands_of_games_is_the_same_in_the_browser():
    rng = random.Random(45)
    boards = _boards(45)
    asked = {"seed": 45, "boards": []}
    for dots in boards:
        rules = Rules(dots)
        games = [_game(rules, player, rng) for player in (random_player, greedy_player) for _ in range(GAMES)]
        # a game that tries a move that is not legal, to be refused at it
        games.append(games[0][:2] + [games[0][1]])
        asked["boards"].append({"dots": [list(d) for d in dots], "games": games,
                                "players": ["random", "greedy", "lookahead"] * 3,
                                "solve": [[g, upto] for g in (0, GAMES) for upto in (0, 3, 6)]
                                if len(dots) <= 7 else []})
    seen = _probe(asked)
    compared = games_seen = 0
    for dots, board, said in zip(boards, asked["boards"], seen):
        rules = Rules(dots)
        assert said["moves_in_game"] == rules.moves_in_game
        for moves, positions in zip(board["games"], said["games"]):
            games_seen += 1
            state = rules.start()
            for k, where in zip(moves, positions):
                legal = [rules.number[m] for m in rules.legal_moves(state)]
                assert where["legal"] == legal
                for a, b, why, by in where["refused"]:
                    compared += 1
                    if why == "same":
                        assert a == b
                    elif why == "drawn":
                        assert a != b and state.drawn >> rules.index[a][b] & 1
                    else:
                        k_ab = rules.index[a][b]
                        assert why == "crosses" and not (state.open >> k_ab & 1)
                        assert state.drawn >> by & 1 and rules.crossing[k_ab] >> by & 1
                refused = {(a, b) for a, b, _, _ in where["refused"]}
                assert len(refused) == rules.n ** 2 - 2 * len(legal)
                if not state.open >> k & 1:      # the move tried that is not legal
                    assert where["points"] is None and (rules.segments[k] in refused)
                    break
                state, points = rules.play(state, rules.segments[k])
                assert where["points"] == points
            else:
                assert positions[-1]["finished"] and list(state.scores) == positions[-1]["scores"]
        for game in said["played"]:
            games_seen += 1
            state = rules.start()
            for k, points in game["moves"]:
                move = rules.segments[k]
                if game["who"] == "greedy":       # a move of greedy's: the most points now
                    assert move_points(state.adjacency, *move) == max(
                        move_points(state.adjacency, *m) for m in rules.legal_moves(state))
                elif game["who"] == "lookahead":  # Lookahead(2)'s margin, the best of them
                    margins = dict(_margins(rules, state.open, list(state.adjacency), 2))
                    assert margins[k] == max(margins.values())
                state, scored = rules.play(state, move)
                assert scored == points
            assert rules.finished(state) and list(state.scores) == game["scores"]
        for (g, upto), solved in zip(board["solve"], said["solved"]):
            found = Solver(rules).solve([rules.segments[k] for k in board["games"][g][:upto]])
            assert solved["margin"] == found.margin
            assert solved["best"] == (None if found.best_move is None else rules.number[found.best_move])
    assert games_seen > 3000 and compared > 100_000

