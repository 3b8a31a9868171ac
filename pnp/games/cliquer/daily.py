"""The board of the day: one CliqueR board per date, the same for everyone on any machine.

The date is the whole seed, so nothing else (clock, machine, locale) can change the board.
Like a newspaper puzzle the week climbs: an easy board on Monday, hard ones at the weekend.
(An easy board with any dot inside the hull needs about 10 dots; fewer dots with one inside
already measure medium, see difficulty.)
"""

from __future__ import annotations

import datetime as dt

# weekday (Monday = 0) -> (dots, difficulty band)
WEEK = {0: (10, "easy"), 1: (8, "medium"), 2: (9, "medium"), 3: (9, "medium"), 4: (10, "medium"),
        5: (10, "hard"), 6: (11, "hard")}


def daily_spec_text(day: dt.date) -> str:
    """The spec of the board of ``day``, as YAML text."""
    dots, band = WEEK[day.weekday()]
    return (f"title: CliqueR board of the day {day.isoformat()}\n"
            f"seed: daily/{day.isoformat()}\n"
            f"output: daily-{day.isoformat()}.pdf\n"
            f"items:\n  - kind: cliquer\n    dots: {dots}\n    difficulty: {band}\n"
            f"    title: Board of the day · {day.strftime('%A')} {day.isoformat()}\n")
