"""The board of the day: one CliqueR board per date, the same for everyone on any machine.

The date is the whole seed, so nothing else (clock, machine, locale) can change the board.
Like a newspaper puzzle the week climbs: small boards early in the week, bigger ones at the end.
"""

from __future__ import annotations

import datetime as dt

from pnp.spec import Spec, loads

# weekday (Monday = 0) -> dots
WEEK = {0: 7, 1: 8, 2: 8, 3: 9, 4: 9, 5: 10, 6: 11}


def parse_date(text: str | None) -> dt.date:
    if text is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"--date must look like 2026-11-21, got {text!r}") from None


def daily_spec(day: dt.date) -> Spec:
    dots = WEEK[day.weekday()]
    text = (f"title: CliqueR board of the day {day.isoformat()}\n"
            f"seed: daily/{day.isoformat()}\n"
            f"output: daily-{day.isoformat()}.pdf\n"
            f"items:\n  - kind: cliquer\n    dots: {dots}\n"
            f"    title: Board of the day · {day.strftime('%A')} {day.isoformat()}\n")
    return loads(text, f"<daily {day.isoformat()}>")
