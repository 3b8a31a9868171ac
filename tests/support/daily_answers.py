"""Perfect play on the boards of the day of 22-28 November 2026, worked out once and frozen here:
the answers the pages of the week of Monday 23 November need (each page answers the day before's
board). A test seeds the answer cache with them and builds that week's site in seconds instead of
minutes (Sunday the 22nd has 11 dots: about 50 s of CPU for its whole best line).

They are checked, not trusted: the cache's own reader accepts a line only if it is a whole legal
game from its opening that ends with its margin (cliquer/kept.py), and perfect play itself is
checked against the solver, each answer worked out again from nothing: the boards of up to 10
dots by a slow-marked test (tests/site/test_site_build.py, a few seconds), all seven by
`python bench/site.py --frozen` (a minute).
"""

from __future__ import annotations

import datetime as dt

WEEK = dt.date(2026, 11, 23)           # a Monday: the week's pages, 23-29 November
SUNDAY_DOTS = 11

# the day of the board -> (the first player's margin with perfect play, the whole best line that
# `pnp site` draws: the first legal move in segment order that keeps the value, at each move)
FROZEN = {
    "2026-11-22": (20, "C-F C-E A-F A-B A-C B-F C-J E-K C-G C-K E-G G-J F-J A-D C-H C-D D-F F-H "
                       "G-K F-I H-J J-K I-J"),
    "2026-11-23": (-9, "A-G A-C A-B B-C A-D A-H C-G A-I A-F D-F A-J F-I C-E E-G G-H E-H H-J I-J"),
    "2026-11-24": (-9, "A-D A-E D-G A-C A-B A-G D-H B-E A-F C-F D-E E-H F-G G-H"),
    "2026-11-25": (-6, "F-G A-B A-C A-D A-E B-E A-H B-F A-I B-G C-D D-H E-G E-I G-I H-I"),
    "2026-11-26": (-6, "A-G A-D A-B A-H B-G B-I A-C C-D A-F D-F B-E E-I F-H G-H G-I H-I"),
    "2026-11-27": (15, "A-E A-C B-G A-D A-G F-H A-B B-D D-G B-F B-H F-J B-I C-E E-G F-I G-H H-J "
                       "I-J"),
    "2026-11-28": (-11, "C-I A-D A-G A-J A-B B-J C-D A-C G-J A-E D-I C-F C-H D-G E-G E-J F-H G-I "
                        "H-I I-J"),
}


def moves(line: str) -> tuple[tuple[int, int], ...]:
    """"A-C B-D" as dot numbers, A being 0."""
    return tuple(tuple(ord(end) - ord("A") for end in move.split("-")) for move in line.split())


def seed_answers(days=FROZEN) -> list[str]:
    """The frozen answers kept in the cache folder (the test's own, tests/conftest.py), as a
    solve would keep them; the days whose answer the cache's reader accepted."""
    from pnp.games.cliquer import kept
    from pnp.games.cliquer.daily import board_of

    accepted = []
    for day, (margin, line) in days.items():
        board = board_of(dt.date.fromisoformat(day))
        played = moves(line)
        kept.keep(board.dots, board.grid, margin, played[0], played)
        if kept.read_line(board.dots, board.grid) == (margin, played):
            accepted.append(day)
    return accepted
