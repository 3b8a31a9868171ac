"""Every invariant a printed Cliques set must hold, checked from the data printed with it."""

from __future__ import annotations

from pnp.games.base import Problem
from .problems import PROBLEMS
from .item import MAX_REMARK_CARDS
from .board import Board
from .rules import COLOURS, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, reachable, start_tokens
from pnp.pdf.fonts import BOLD, SANS, missing_glyphs

STYLES = ("track", "tens-units")


def check(board: Board) -> list[Problem]:
    problems = _players(board)
    n = len(board.players)
    if n == 0:
        return problems
    rule = start_tokens(n)
    if board.start != rule:
        problems.append(PROBLEMS("start-count", f"sheets say each player starts with {board.start} "
                                f"tokens of each colour; the rule for {n} players gives {rule}"))
    if board.first not in board.players:
        problems.append(PROBLEMS("first-player", f"first player {board.first!r} is not playing"))
    if not 0 <= board.remark_cards <= MAX_REMARK_CARDS:
        problems.append(PROBLEMS("remark-cards", f"{board.remark_cards} remark cards; a spec "
                                                 f"may ask for 0..{MAX_REMARK_CARDS}"))
    problems += _circles(board)
    problems += _trackers(board, rule, reachable(n))
    return problems


def _players(board: Board) -> list[Problem]:
    problems = []
    n = len(board.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        problems.append(PROBLEMS("player-count", f"{n} players; Cliques sets are for "
                                f"{MIN_PLAYERS}..{MAX_PLAYERS}"))
    seen: set[str] = set()
    for name in board.players:
        if not name.strip():
            problems.append(PROBLEMS("player-name", "a player has an empty name"))
        elif name.casefold() in seen:
            problems.append(PROBLEMS("player-name", f"two players are called {name!r}"))
        seen.add(name.casefold())
        if len(name) > MAX_NAME:
            problems.append(PROBLEMS("player-name", f"{name[:20]!r}... has {len(name)} characters; "
                                    f"the sheets are laid out for at most {MAX_NAME}"))
        missing = missing_glyphs(name, SANS) or missing_glyphs(name, BOLD)
        if missing:
            problems.append(PROBLEMS("player-name", f"{name!r} has {missing[0]!r}, "
                                    "which the print font cannot draw"))
    return problems


def _one_each(board: Board, owners: list[str], thing: str, none: str, many: str) -> list[Problem]:
    """Every player owns exactly one ``thing`` (circle or tracker) among ``owners``."""
    problems = []
    for name in board.players:
        count = owners.count(name)
        if count == 0:
            problems.append(PROBLEMS(f"{thing}-missing", f"{name} has {none}"))
        elif count > 1:
            problems.append(PROBLEMS(f"{thing}-duplicate", f"{name} " + many.format(count=count)))
    return problems


def _circles(board: Board) -> list[Problem]:
    problems = _one_each(board, [c.founder for c in board.circles], "circle",
                         "no circle on the score sheet", "founds {count} circles")
    for circle in board.circles:
        if circle.founder not in board.players:
            problems.append(PROBLEMS("circle-unknown", f"a circle is founded by {circle.founder!r}, "
                                    "who is not playing"))
        if circle.members != (circle.founder,):
            problems.append(PROBLEMS("circle-members", f"{circle.founder}'s circle should start with "
                                    f"its founder alone marked, has {list(circle.members)}"))
    return problems


def _trackers(board: Board, rule: int, reach: tuple[int, int]) -> list[Problem]:
    problems = _one_each(board, [t.player for t in board.trackers], "tracker",
                         "no token tracker", "has {count} token trackers")
    low, high = reach
    for t in board.trackers:
        if t.player not in board.players:
            problems.append(PROBLEMS("tracker-unknown", f"a tracker belongs to {t.player!r}, "
                                    "who is not playing"))
        if t.style not in STYLES:
            problems.append(PROBLEMS("tracker-style", f"{t.player}'s tracker has style {t.style!r}"))
        if t.start != rule:
            problems.append(PROBLEMS("tracker-start", f"{t.player}'s tracker marks {t.start} as the "
                                    f"start; the rule gives {rule}"))
        for colour in COLOURS:
            lo, hi = getattr(t, colour)
            # below zero is a count nobody can hold: a misprint, not a safe margin
            if lo != low or hi < high:
                problems.append(PROBLEMS("tracker-range", f"{t.player}'s {colour} track shows "
                                        f"{lo}..{hi}; a player can hold {low}..{high}"))
            elif t.style == "tens-units" and (lo % 10 or hi % 10 != 9):
                problems.append(PROBLEMS("tracker-style", f"{t.player}'s {colour} tens and units "
                                        f"must show whole tens, shows {lo}..{hi}"))
    return problems
