"""The picture door (Look at a board): the SVG, the best line replayed move by move, the words."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

from hypothesis import given, settings, strategies as st

from pnp.games import game, offering
from pnp.games.cliquer.analysis import analyze
from pnp.games.cliquer.board import Board, dot_name
from pnp.games.cliquer.geometry import collinear_triples

SVG = "{http://www.w3.org/2000/svg}"


def board_of(dots) -> Board:
    return Board(dots=tuple(sorted(dots)), grid=40, side_mm=150, clearance_mm=1, spacing_mm=1,
                 margin_mm=1, ident="R1-TEST")


boards = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), min_size=4, max_size=7,
                  unique=True).filter(lambda d: not collinear_triples(tuple(d)))


@settings(max_examples=25, deadline=None)
@given(dots=boards)
def test_the_steps_replay_the_best_line_to_the_margin(dots):
    board = board_of(dots)
    figures = analyze(board.dots, solve=True)
    picture = game("cliquer").picture(board, figures)
    line = figures["perfect_play"]["best_line"]
    assert len(picture["steps"]) == len(line) == figures["moves_in_game"]
    # brute force: a move scores 1, 3 a triangle and 5 a 4-clique it closes, all among drawn lines
    drawn, scores = set(), [0, 0]
    for k, (move, step) in enumerate(zip(line, picture["steps"])):
        a, b = move.split("-")
        drawn.add(frozenset((a, b)))
        names = [dot_name(i) for i in range(len(board.dots))]
        joined = lambda *ds: all(frozenset(p) in drawn for p in combinations(ds, 2))  # noqa: E731
        others = [c for c in names if c not in (a, b)]
        triangles = sum(joined(a, b, c) for c in others)
        cliques = sum(joined(a, b, c, d) for c, d in combinations(others, 2))
        points = 1 + 3 * triangles + 5 * cliques
        scores[k % 2] += points
        player = "first" if k % 2 == 0 else "second"
        assert step.startswith(f"Move {k + 1}: the {player} player draws {a}–{b} and scores {points} ")
        assert step.endswith(f"Score: first player {scores[0]}, second player {scores[1]}.")
    assert scores[0] - scores[1] == figures["perfect_play"]["first_player_margin"]


def test_the_svg_draws_every_dot_and_one_group_a_move():
    board = board_of(((2, 3), (30, 5), (20, 35), (12, 14), (36, 28)))
    figures = analyze(board.dots, solve=True)
    picture = game("cliquer").picture(board, figures)
    root = ET.fromstring(picture["svg"])
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root.find(SVG + "title").text.startswith("The board R1-TEST: 5 dots")
    steps = root.findall(f".//{SVG}g[@data-step]")
    assert [int(g.get("data-step")) for g in steps] == list(range(1, figures["moves_in_game"] + 1))
    # dots where the print puts them: y grows upward on paper, downward on a screen
    circles = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(SVG + "circle")]
    assert circles == [(x, 40 - y) for x, y in board.dots]
    assert [t.text for t in root.iter(SVG + "text")] == ["A", "B", "C", "D", "E"]


def test_without_perfect_play_the_picture_has_no_line_and_says_why_not_in_plain_words():
    from pnp.sources import read_code

    kind, board = read_code("R1-3MQZ-59RN-AKB5-3T0Y-5NSC-NM94-A")
    picture = game(kind).picture(board, analyze(board.dots, solve=False))
    assert picture["steps"] == [] and 'data-step' not in picture["svg"]
    words = " ".join(picture["words"])
    assert "9 dots: 8 on the outside edge" in words and "16 moves" in words
    assert not re.search(r"--|solve|\bhull_|_", words)       # no flags, no field names
    assert offering("picture") == offering("analyze")
