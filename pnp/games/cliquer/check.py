"""Every invariant a printed CliqueR board keeps, checked exactly from its data."""

from __future__ import annotations

from dataclasses import fields

from pnp.games.base import Problem
from .board import Board, Limits
from .difficulty import check_recorded
from .item import Item
from .problems import PROBLEMS
from pnp.i18n.message import Message, Number


def check(board: Board) -> list[Problem]:
    problems = _limits(board)
    if len(board.dots) < 3:
        problems.append(PROBLEMS("too-few-dots", Message("a board needs at least 3 dots, has {dots}"),
                                 dots=Number(len(board.dots))))
    problems += Limits.of(board).problems(board.dots)
    if len(board.dots) >= 3:
        if not isinstance(board.difficulty, (int, float)) or not isinstance(board.band, str):
            problems.append(PROBLEMS("difficulty", "the board's difficulty is not recorded"))
        else:
            reason = check_recorded(board.dots, board.difficulty, board.band)
            if reason:
                problems.append(PROBLEMS("difficulty", reason))
    return problems


def _limits(board: Board) -> list[Problem]:
    """The data's limits within the spec's bounds (the Item options are the one definition):
    a forger who sets the clearance to 0 and draws collinear dots to agree must still fail."""
    bounds = {f.name: (f.metadata.get("min"), f.metadata.get("max")) for f in fields(Item)}
    values = {"clearance_mm": board.clearance_mm, "spacing_mm": board.spacing_mm,
              "margin_mm": board.margin_mm, "grid": board.grid, "size_mm": board.side_mm,
              "dots": len(board.dots)}
    problems = []
    for name, value in values.items():
        low, high = bounds[name]
        if name == "dots" and value < low:
            continue                      # too-few-dots says it
        if low is not None and value < low or high is not None and value > high:
            problems.append(PROBLEMS("limits", Message("{name} is {value}; a spec allows {low}..{high}"), name=name,
                                     value=Number(value, "g"), low=Number(low, "g"),
                                     high=Number(high, "g")))
    return problems
