"""Every invariant a printed Cliques set must hold, checked from the data printed with it."""

from __future__ import annotations

from pnp.games.base import Problem
from .problems import PROBLEMS
from .item import MAX_REMARK_CARDS
from .board import Board
from .rules import COLOURS, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, reachable, start_tokens
from pnp.pdf.fonts import BOLD, SANS, missing_glyphs
from pnp.i18n.message import Message, Number

STYLES = ("track", "tens-units")


def check(board: Board) -> list[Problem]:
    problems = _players(board)
    n = len(board.players)
    if n == 0:
        return problems
    rule = start_tokens(n)
    if board.start != rule:
        problems.append(PROBLEMS("start-count", Message("sheets say each player starts with {start} tokens of "
                                                        "each colour; the rule for {players} players gives "
                                                        "{rule}"),
                                 start=Number(board.start), players=Number(n), rule=Number(rule)))
    if board.first not in board.players:
        problems.append(PROBLEMS("first-player", Message("first player {name} is not playing"),
                                 name=repr(board.first)))
    if not 0 <= board.remark_cards <= MAX_REMARK_CARDS:
        problems.append(PROBLEMS("remark-cards", Message("{cards} remark cards; a spec may ask for 0..{most}"),
                                 cards=Number(board.remark_cards), most=Number(MAX_REMARK_CARDS)))
    problems += _circles(board)
    problems += _trackers(board, rule, reachable(n))
    return problems


def _players(board: Board) -> list[Problem]:
    problems = []
    n = len(board.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        problems.append(PROBLEMS("player-count", Message("{players} players; Cliques sets are for {least}..{most}"),
                                 players=Number(n), least=Number(MIN_PLAYERS), most=Number(MAX_PLAYERS)))
    seen: set[str] = set()
    for name in board.players:
        if not name.strip():
            problems.append(PROBLEMS("player-name", "a player has an empty name"))
        elif name.casefold() in seen:
            problems.append(PROBLEMS("player-name", Message("two players are called {name}"), name=repr(name)))
        seen.add(name.casefold())
        if len(name) > MAX_NAME:
            problems.append(PROBLEMS("player-name", Message("{name}... has {length} characters; the sheets are "
                                                            "laid out for at most {most}"),
                                     name=repr(name[:20]), length=Number(len(name)),
                                     most=Number(MAX_NAME)))
        missing = missing_glyphs(name, SANS) or missing_glyphs(name, BOLD)
        if missing:
            problems.append(PROBLEMS("player-name", Message("{name} has {character}, which the print font cannot "
                                                            "draw"), name=repr(name), character=repr(missing[0])))
    return problems


def _one_each(board: Board, owners: list[str], thing: str, none: str, many: str) -> list[Problem]:
    """Every player owns exactly one ``thing`` (circle or tracker) among ``owners``; ``none``
    and ``many`` say so of a player's ``{name}`` (and ``{count}``)."""
    problems = []
    for name in board.players:
        count = owners.count(name)
        if count == 0:
            problems.append(PROBLEMS(f"{thing}-missing", none, name=name))
        elif count > 1:
            problems.append(PROBLEMS(f"{thing}-duplicate", many, name=name, count=Number(count)))
    return problems


def _circles(board: Board) -> list[Problem]:
    problems = _one_each(board, [c.founder for c in board.circles], "circle",
                         Message("{name} has no circle on the score sheet"),
                         Message("{name} founds {count} circles"))
    for circle in board.circles:
        if circle.founder not in board.players:
            problems.append(PROBLEMS("circle-unknown", Message("a circle is founded by {name}, who is not playing"),
                                     name=repr(circle.founder)))
        if circle.members != (circle.founder,):
            problems.append(PROBLEMS("circle-members", Message("{name}'s circle should start with its founder "
                                                               "alone marked, has {members}"),
                                     name=circle.founder, members=str(list(circle.members))))
    return problems


def _trackers(board: Board, rule: int, reach: tuple[int, int]) -> list[Problem]:
    problems = _one_each(board, [t.player for t in board.trackers], "tracker",
                         Message("{name} has no token tracker"), Message("{name} has {count} token trackers"))
    low, high = reach
    for t in board.trackers:
        if t.player not in board.players:
            problems.append(PROBLEMS("tracker-unknown", Message("a tracker belongs to {name}, who is not playing"),
                                     name=repr(t.player)))
        if t.style not in STYLES:
            problems.append(PROBLEMS("tracker-style", Message("{name}'s tracker has style {style}"),
                                     name=t.player, style=repr(t.style)))
        if t.start != rule:
            problems.append(PROBLEMS("tracker-start", Message("{name}'s tracker marks {start} as the start; the "
                                                              "rule gives {rule}"),
                                     name=t.player, start=Number(t.start), rule=Number(rule)))
        for colour in COLOURS:
            lo, hi = getattr(t, colour)
            # below zero is a count nobody can hold: a misprint, not a safe margin
            if lo != low or hi < high:
                problems.append(PROBLEMS("tracker-range", Message("{name}'s {colour} track shows {lo}..{hi}; a "
                                                                  "player can hold {low}..{high}"),
                                         name=t.player, colour=colour, lo=Number(lo), hi=Number(hi),
                                         low=Number(low), high=Number(high)))
            elif t.style == "tens-units" and (lo % 10 or hi % 10 != 9):
                problems.append(PROBLEMS("tracker-style", Message("{name}'s {colour} tens and units must show whole "
                                                                  "tens, shows {lo}..{hi}"),
                                         name=t.player, colour=colour, lo=Number(lo), hi=Number(hi)))
    return problems
