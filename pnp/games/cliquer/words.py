"""Every sentence a CliqueR piece prints about the game, written once.

Boards of every size print the same whole rule (``rule_lines``); a page adds the worked score of
a 4-clique move, a worksheet adds the words its questions use. Numbers come from ``rules`` so
the printed rule and the scoring code cannot drift apart. Where the source article is silent
(who wins), the sentence says "house rule".
"""

from __future__ import annotations

from .rules import CLIQUE_POINTS, FOUR_CLIQUE_MOVE, LINE_POINTS, TRIANGLE_POINTS

TURNS = "Take turns; toss a coin for who starts."
MOVE = "A move is one straight line joining two dots not yet joined."
NO_CROSSING = "It may never cross another line."
SCORING = (f"Score {LINE_POINTS} for the line, +{TRIANGLE_POINTS} for each triangle and "
           f"+{CLIQUE_POINTS} for each 4-clique (4 dots all joined) it completes.")
FOUR_CLIQUE_SCORE = (f"So a move that completes a 4-clique scores at least {LINE_POINTS}+{TRIANGLE_POINTS}"
                     f"+{TRIANGLE_POINTS}+{CLIQUE_POINTS} = {FOUR_CLIQUE_MOVE}: its line also closes "
                     "two triangles, and sometimes more.")
WINNER = "Most points wins (house rule)."


def game_end(lines: int) -> str:
    """The game's exact length: every finished game on a board draws 3n - 3 - h lines."""
    return f"The game ends when no line can be drawn: after exactly {lines} lines."


def rule_lines(lines: int) -> list[str]:
    """The whole rule, as every board of every size prints it."""
    return [TURNS, MOVE, NO_CROSSING, SCORING, game_end(lines), WINNER]


# ---- the words a worksheet's questions use -------------------------------------------------
WORDS_TITLE = "Words used in the questions"
DEFINITIONS = [
    ("Hull", "stretch a rubber band around all the dots and let it go. The dots it touches are "
             "on the hull; every other dot is inside the hull."),
    ("Triangle with a dot inside", "three dots whose triangle has at least one other dot "
                                   "inside it (other dots inside too are fine)."),
    ("4-clique", "four dots, each joined to the other three: six lines, none crossing. Take a "
                 "triangle with a dot inside and join that dot to the three corners: that is "
                 "a 4-clique."),
    ("Finished game", "no line can be added without crossing one."),
]
