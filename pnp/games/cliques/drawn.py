"""What the printed pages show, read back and compared with the data.

The trackers mark every cell with (track tag, the count it stands for) and each "start" label
with (start tag, its cell's count); the score sheet marks each circle's heading and each
founder's pre-marked box; the score sheet and the rules card mark the start count they print;
each player's vote cards mark their faces (0 approval, 1 disapproval). So the validator sees
which counts were printed and where each tracker starts, not what the drawing code would print
today, and that nothing a group needs to play is missing.
"""

from __future__ import annotations

from pnp.games.base import Problem
from .problems import PROBLEMS
from .board import Board
from .rules import COLOURS, MAX_PLAYERS, reachable
from .rules_card import START_TAG
from .tracker import TAGS
from .vote_card import TAG as VOTE_TAG
from pnp.i18n.message import Message, Number


def check_drawn(board: Board, placements) -> list[Problem]:
    if not board.players:
        return []      # check() says there are no players; no page can be compared with that
    pieces: dict[str, list] = {}
    for name, _frame, marks in placements:
        pieces.setdefault(name, []).extend(marks)
    problems = _score_sheet(board, pieces.get("score sheet"))
    for tracker in board.trackers:
        marks = pieces.get(f"tracker {tracker.player}")
        if marks is None:
            problems.append(PROBLEMS("drawn-tracker-missing",
                                     Message("{name}'s token tracker is not in the PDF"),
                                     name=tracker.player))
            continue
        problems += _tracker(board, tracker.player, tracker.style, marks)
    problems += _rules_card(board, pieces.get("rules card"))
    problems += _printed_starts(board, pieces)
    problems += _vote_cards(board, pieces)
    return problems


def _rules_card(board: Board, marks) -> list[Problem]:
    if marks is None:
        return [PROBLEMS("drawn-rules-card-missing", "the rules card is not in the PDF")]
    return []


def _printed_starts(board: Board, pieces: dict[str, list]) -> list[Problem]:
    """The start count printed in words on the score sheet and the rules card."""
    problems = []
    for name, says in (("score sheet", Message("the score sheet says players start with {shown}; "
                                               "the data says {start}")),
                       ("rules card", Message("the rules card says players start with {shown}; "
                                              "the data says {start}"))):
        shown = {d.index for d in pieces.get(name, ()) if d.tag == START_TAG}
        if name in pieces and shown != {board.start}:
            problems.append(PROBLEMS("drawn-start-count", says,
                                     shown=" and ".join(map(str, sorted(shown)))
                                     or Message("no number"), start=Number(board.start)))
    return problems


def _vote_cards(board: Board, pieces: dict[str, list]) -> list[Problem]:
    problems = []
    for player in board.players:
        faces = {d.index for d in pieces.get(f"vote cards {player}", ()) if d.tag == VOTE_TAG}
        if faces != {0, 1}:
            lacking = [colour for k, colour in enumerate(COLOURS) if k not in faces]
            if lacking:
                problems.append(PROBLEMS("drawn-vote-cards", Message("{name} has no {colours} vote "
                                                                     "card in the PDF"),
                                         name=player, colours=" or ".join(lacking)))
            else:
                problems.append(PROBLEMS("drawn-vote-cards", Message("{name} has no proper vote card "
                                                                     "in the PDF"), name=player))
    return problems


def shown_counts(marks, tag: str, style: str, low: int, high: int) -> set[int]:
    """The counts in low..high a colour's track lets a player mark: a cell of its own, or a
    tens cell and a units cell (linear in the marks, however many a hostile page has)."""
    if style == "tens-units":
        tens = {d.index for d in marks if d.tag == tag + "T"}
        units = {d.index for d in marks if d.tag == tag + "U"}
        return {c for c in range(low, high + 1) if c - c % 10 in tens and c % 10 in units}
    return {d.index for d in marks if d.tag == tag} & set(range(low, high + 1))


def _tracker(board: Board, player: str, style: str, marks) -> list[Problem]:
    problems = []
    low, high = reachable(len(board.players))
    for colour in COLOURS:
        tag = TAGS[colour]
        shown = shown_counts(marks, tag, style, low, high)
        gaps = [c for c in range(low, high + 1) if c not in shown]
        if gaps:
            problems.append(PROBLEMS("drawn-tracker-range", Message("{name}'s {colour} track cannot show "
                                                                    "{gaps}; a player can hold {low}..{high}"),
                                     name=player, colour=colour, gaps=", ".join(map(str, gaps[:5])),
                                     low=Number(low), high=Number(high)))
        # one "start" label per shown cell it sits in, so repeated objects count once
        starts = {d.index for d in marks if d.tag == "CqS" + tag[-1]}
        if sum(starts) != board.start:
            problems.append(PROBLEMS("drawn-tracker-start", Message("{name}'s {colour} track marks {marked} as "
                                                                    "the start; the sheets say {start}"),
                                     name=player, colour=colour,
                                     marked=" + ".join(map(str, sorted(starts))) or Message("nothing"),
                                     start=Number(board.start)))
    return problems


def _score_sheet(board: Board, marks) -> list[Problem]:
    if marks is None:
        return [PROBLEMS("drawn-score-sheet-missing", "the score sheet is not in the PDF")]
    n = len(board.players)
    heads: dict[int, list[float]] = {}
    for d in marks:
        if d.tag == "CqC":
            heads.setdefault(d.index, []).append(d.center[0])
    problems = []
    if sorted(heads) != list(range(n)):
        problems.append(PROBLEMS("drawn-circles", Message("the score sheet heads {circles} circles for "
                                                          "{players} players"),
                                 circles=Number(len(heads)), players=Number(n)))
        return problems
    columns = [sum(xs) / len(xs) for _, xs in sorted(heads.items())]
    founders: dict[int, float] = {}
    for d in marks:
        if d.tag == "CqF":
            row, col = divmod(d.index, MAX_PLAYERS)
            nearest = min(range(n), key=lambda j: abs(columns[j] - d.center[0]))
            if row != col or nearest != col:
                problems.append(PROBLEMS("drawn-founders", Message("row {row} has a pre-marked box under {name}'s "
                                                                   "circle, which is not its own"),
                                         row=Number(row + 1),
                                         name=board.players[nearest] if nearest < n else "?"))
            founders[row] = d.center[1]
    missing = [board.players[i] for i in range(n) if i not in founders]
    if missing:
        problems.append(PROBLEMS("drawn-founders", Message("no pre-marked founder box for {names}"),
                                 names=", ".join(missing[:5])))
    return problems
