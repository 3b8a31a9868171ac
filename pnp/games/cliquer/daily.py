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


# The day before's answer, once worked out, is the same all day: remembered within one process.
_answers: dict[dt.date, str] = {}


def previous_answer(day: dt.date, budget, progress=None, most_dots: int | None = None) -> str:
    """One line: perfect play on the board of the day before ``day`` (yesterday's puzzle, so
    today's answer is not given away), or plainly why it was not worked out within ``budget``.
    ``most_dots``: a larger board is not tried at all (11 dots take minutes, far past a default
    budget: saying so at once beats a minute's wait for the same answer)."""
    from contextlib import closing

    from pnp.build import generated
    from pnp.games.cliquer.analysis import SolveRequest, analyze, outcome
    from pnp.spec import loads

    try:
        before = day - dt.timedelta(days=1)
    except OverflowError:
        return "Yesterday's board: there is no day before 0001-01-01"
    if before in _answers:
        return _answers[before]
    spec = loads(daily_spec_text(before), f"<daily board {before.isoformat()}>")
    with closing(generated(spec, spec.seed)) as pairs:
        _, board = next(iter(pairs))
    head = f"Yesterday's board ({before.strftime('%A')} {before.isoformat()}, {len(board.dots)} dots"
    if most_dots is not None and len(board.dots) > most_dots:
        return (f"{head}): perfect play not worked out ({len(board.dots)} dots take minutes; "
                "--solve-seconds 600 gives it time)")
    figures = analyze(board.dots, SolveRequest(budget, progress))
    play = figures["perfect_play"]
    if play is None:
        why = figures["perfect_play_skipped"].split(";")[0]
        return f"{head}): perfect play not worked out ({why}; --solve-seconds gives it more)"
    answer = (f"{head}): perfect play: {outcome(play['first_player_margin'])}; "
              f"best opening {'-'.join(play['best_opening'])}")
    _answers[before] = answer
    return answer
