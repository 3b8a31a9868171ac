"""Every sentence a CliqueR piece prints about the game, written once.

Boards of every size print the same whole rule (``rule_lines``); a page adds the worked score of
a 4-clique move, a worksheet adds the words its questions use. Numbers come from ``rules`` so
the printed rule and the scoring code cannot drift apart. Where the source article is silent
(who wins), the sentence says "house rule".
"""

from __future__ import annotations

from pnp.i18n import N_, _

from .rules import CLIQUE_POINTS, FOUR_CLIQUE_MOVE, LINE_POINTS, TRIANGLE_POINTS

# Each sentence is a catalog message (pnp/i18n): the module's names hold the English message, and
# ``_`` (or the functions below, which also put the rules' numbers in) prints it in the page's
# language.
TURNS = N_("Take turns; toss a coin for who starts.")
MOVE = N_("A move is one straight line joining two dots not yet joined.")
NO_CROSSING = N_("It may never cross another line.")
_SCORING = N_("Score {line} for the line, +{triangle} for each triangle and +{clique} for each "
              "4-clique (4 dots all joined) it completes.")
_FOUR_CLIQUE_SCORE = N_("So a move that completes a 4-clique scores at least "
                        "{line}+{triangle}+{triangle}+{clique} = {move}: its line also closes "
                        "two triangles, and sometimes more.")
WINNER = N_("Most points wins (house rule).")
_GAME_END = N_("The game ends when no line can be drawn: after exactly {lines} lines.")
GAME_END_PLAIN = N_("The game ends when no line can be drawn.")
_POINTS = dict(line=LINE_POINTS, triangle=TRIANGLE_POINTS, clique=CLIQUE_POINTS,
               move=FOUR_CLIQUE_MOVE)


def scoring() -> str:
    return _(_SCORING).format(**_POINTS)


def four_clique_score() -> str:
    return _(_FOUR_CLIQUE_SCORE).format(**_POINTS)


def game_end(lines: int) -> str:
    """The game's exact length: every finished game on a board draws 3n - 3 - h lines."""
    return _(_GAME_END).format(lines=lines)


def rule_lines(lines: int) -> list[str]:
    """The whole rule, as every board of every size prints it."""
    return [_(TURNS), _(MOVE), _(NO_CROSSING), scoring(), game_end(lines), _(WINNER)]


# the English sentences, as the tests read them against the scoring code
SCORING = scoring()
FOUR_CLIQUE_SCORE = four_clique_score()


# ---- the words a worksheet's questions use -------------------------------------------------
WORDS_TITLE = N_("Words used in the questions")
DEFINITIONS = [
    (N_("Hull"), N_("stretch a rubber band around all the dots and let it go. The dots it touches "
                    "are on the hull; every other dot is inside the hull.")),
    (N_("Triangle with a dot inside"), N_("three dots whose triangle has at least one other dot "
                                          "inside it (other dots inside too are fine).")),
    (N_("4-clique"), N_("four dots, each joined to the other three: six lines, none crossing. Take "
                        "a triangle with a dot inside and join that dot to the three corners: "
                        "that is a 4-clique.")),
    (N_("Finished game"), N_("no line can be added without crossing one.")),
]
