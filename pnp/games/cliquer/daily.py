"""The board of the day: one CliqueR board per date, the same for everyone on any machine.

The date is the whole seed, so nothing else (clock, machine, locale) can change the board.
Like a newspaper puzzle the week climbs: an easy board on Monday, hard ones at the weekend.
(An easy board with any dot inside the hull needs about 10 dots; fewer dots with one inside
already measure medium, see difficulty.)
"""

from __future__ import annotations

import datetime as dt

from pnp.i18n.message import Message, Weekday

from .board import dot_name

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


def daily_item(day: dt.date):
    """The spec item of ``day``'s board, as the spec text above reads (title aside)."""
    from .item import Item, Target
    from .target import band_target

    dots, band = WEEK[day.weekday()]
    return Item(dots=dots, difficulty=Target(*band_target(band), band),
                title=f"Board of the day · {day.strftime('%A')} {day.isoformat()}")


def board_of(day: dt.date):
    """``day``'s board, made by this game's own generator with the stream a build of
    ``daily_spec_text(day)`` gives its one board (the first copy of the first item)."""
    from .generate import generate
    from pnp.seeding import ident_for, rng_for

    seed = f"daily/{day.isoformat()}"
    return generate(daily_item(day), rng_for(seed, 0, 0), ident_for(seed, 1))


def previous_answer(day: dt.date, budget, progress=None, most_dots: int | None = None,
                    hint: bool = True) -> str:
    """One line: perfect play on the board of the day before ``day`` (yesterday's puzzle, so
    today's answer is not given away), or plainly why it was not worked out within ``budget``.
    An answer kept in the cache folder is printed without solving; one worked out is kept. It
    is not remembered in the process as well (reading it again takes 2 ms), so a server says
    what the folder holds, and the days one process asked before change nothing.
    ``most_dots``: a larger board not kept already is not tried at all (saying so at once beats
    a long wait for the same answer). ``hint``: a line not worked out says which option of
    `pnp daily` gives it more time (the web page, which has no options, says its own words)."""
    from . import kept
    from .analysis import SolveRequest, analyze

    try:
        before = day - dt.timedelta(days=1)
    except OverflowError:
        return "Yesterday's board: there is no day before 0001-01-01"
    board = board_of(before)
    head = _head(before, board)
    known = kept.read(board.dots, board.grid)
    if known is not None:
        return _answer(head, *known, board.dots)
    if most_dots is not None and len(board.dots) > most_dots:
        why = Message("{n} dot takes minutes", "{n} dots take minutes", n=len(board.dots))
        why = f"{why}; --solve-seconds 600 gives it time" if hint else why    # the CLI's advice
        return not_worked_out(**head, why=why)
    figures = analyze(board.dots, SolveRequest(budget, progress, whole_line=False))
    play = figures["perfect_play"]
    if play is None:
        return _not_worked_out(head, figures, hint)
    index = {dot_name(i): i for i in range(len(board.dots))}
    opening = tuple(index[end] for end in play["best_opening"])
    kept.keep(board.dots, board.grid, play["first_player_margin"], opening)
    return _answer(head, play["first_player_margin"], opening, board.dots)


def previous_played(day: dt.date, budget, progress=None) -> dict:
    """Yesterday's answer with what a picture of it needs: {"answer": the line previous_answer
    prints, "board": the day before's board (None before 0001-01-02), "figures": its figures,
    with perfect play's whole best line when it was worked out within ``budget``}.

    The whole line is worked out once and kept in the cache folder beside the answer; the answer
    names the line's first move as its opening, the very opening previous_answer finds alone
    (one choice among equally good moves, solver.CANONICAL), so the line drawn and the line
    printed agree, whichever of the two worked the board out first."""
    from . import kept
    from .analysis import SolveRequest, analyze, play_figures

    try:
        before = day - dt.timedelta(days=1)
    except OverflowError:
        return {"answer": previous_answer(day, budget), "board": None, "figures": None}
    board = board_of(before)
    head = _head(before, board)
    known = kept.read_line(board.dots, board.grid)
    if known is None:
        solved = analyze(board.dots, SolveRequest(budget, progress, whole_line=True))
        play = solved["perfect_play"]
        if play is None:
            return {"answer": _not_worked_out(head, solved), "board": board, "figures": solved}
        index = {dot_name(i): i for i in range(len(board.dots))}
        line = tuple(tuple(index[end] for end in move.split("-")) for move in play["best_line"])
        kept.keep(board.dots, board.grid, play["first_player_margin"], line[0], line)
        known = play["first_player_margin"], line
    # the same figures whether just worked out or kept (the search's cost is not among them)
    figures = analyze(board.dots, False)
    figures["perfect_play"] = play_figures(*known)
    answer = _answer(head, known[0], known[1][0], board.dots)
    return {"answer": answer, "board": board, "figures": figures}


def _head(before: dt.date, board) -> dict:
    """The facts of the line's opening words, "Yesterday's board (Tuesday 2026-11-24, 8 dots)"."""
    return {"n": len(board.dots), "weekday": Weekday(before), "date": before.isoformat()}


# each line counted by its board's dots (8 to 11: two plural forms in Arabic)
def not_worked_out(**facts) -> Message:
    return Message("Yesterday's board ({weekday} {date}, {n} dots): perfect play not worked out "
                   "({why})", "Yesterday's board ({weekday} {date}, {n} dots): perfect play not "
                   "worked out ({why})", **facts)


def answered(**facts) -> Message:
    return Message("Yesterday's board ({weekday} {date}, {n} dots): perfect play: {outcome}; best "
                   "opening {opening}", "Yesterday's board ({weekday} {date}, {n} dots): perfect "
                   "play: {outcome}; best opening {opening}", **facts)


def _not_worked_out(head: dict, figures: dict, hint: bool = True) -> Message:
    """Why perfect play was not worked out; ``hint``: and which option of `pnp daily` gives it
    more time."""
    skipped = figures["perfect_play_skipped"]        # the reason, and the CLI's advice
    why = skipped.facts["reason"] if isinstance(skipped, Message) else skipped.split(";")[0]
    why = f"{why}; --solve-seconds gives it more" if hint else why    # the CLI's own advice
    return not_worked_out(**head, why=why)


def _answer(head: dict, margin: int, opening, dots) -> Message:
    from .analysis import move_name, outcome

    line = answered(**head, outcome=outcome(margin), opening=move_name(opening))
    if not all_on_the_outline(dots):
        return line
    return Message("{answer} ({same})", answer=line, same=same_on_the_outline(len(dots)))


# Dots all on the outline (the convex hull) make the same game whatever the board: two segments
# cross exactly when their ends alternate around the outline, and points depend only on which
# dots are joined, so numbering the dots around the outline maps every such board's game onto
# every other's, move for move. Its answer then says nothing about the board itself (issue 36:
# +7 at 6 and 8 dots, +4 at 7 and 9, and at 7 and 9 every opening is a best one), and the line
# says so. Checked by brute force on random such boards, tests/games/cliquer.
def same_on_the_outline(n: int) -> Message:
    return Message("every {n}-dot board with all its dots on the outline has this answer, so it "
                   "says nothing about this one", n=n)


def all_on_the_outline(dots) -> bool:
    from .geometry import convex_hull

    return len(convex_hull(dots)) == len(dots)
