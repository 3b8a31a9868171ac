"""Board analysis: figures a user reads, as data and as text."""

from __future__ import annotations

import json

import pytest

from pnp.games.cliquer.analysis import analyze, format_report
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import plain_minimax

PENTAGON_PLUS = ((0, 10), (12, 0), (30, 4), (28, 24), (8, 26), (15, 12))


def test_figures_of_a_small_board():
    fig = analyze(PENTAGON_PLUS)
    assert fig["hull_dots"] == ["A", "B", "C", "D", "E"] and fig["interior_dots"] == ["F"]
    assert fig["moves_in_game"] == 3 * 6 - 3 - 5
    assert fig["components"]["interior_dots"] == 1 and 0 < fig["difficulty"] < 1
    play = fig["perfect_play"]
    assert play["first_player_margin"] == plain_minimax(Rules(PENTAGON_PLUS))
    assert len(play["best_opening"]) == 2
    assert json.loads(json.dumps(fig)) == fig
    text = format_report(fig)
    assert "Hull: 5 dots (A B C D E)" in text and "3 x 6 - 3 - 5 = 10" in text
    assert f"by {abs(play['first_player_margin'])}" in text or "draw" in text


def test_solving_can_be_skipped_and_is_refused_on_large_boards():
    assert analyze(PENTAGON_PLUS, solve=False)["perfect_play"] is None
    assert "not worked out" in format_report(analyze(PENTAGON_PLUS, solve=False))
    big = tuple((x * 7 + (x * x) % 5, (x * x * 3) % 71) for x in range(11))
    assert analyze(big)["perfect_play"] is None
    with pytest.raises(ValueError, match="up to 10 dots"):
        analyze(big, solve=True)
