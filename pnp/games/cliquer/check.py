"""Every invariant a printed CliqueR board keeps, checked exactly from its data."""

from __future__ import annotations

from pnp.games.base import Problem
from pnp.games.cliquer.board import Board, Limits
from pnp.games.cliquer.difficulty import check_recorded
from pnp.games.cliquer.problems import PROBLEMS


def check(board: Board) -> list[Problem]:
    problems = []
    if len(board.dots) < 3:
        problems.append(PROBLEMS("too-few-dots", f"a board needs at least 3 dots, has {len(board.dots)}"))
    problems += Limits.of(board).problems(board.dots)
    if len(board.dots) >= 3:
        if not isinstance(board.difficulty, (int, float)) or not isinstance(board.band, str):
            problems.append(PROBLEMS("difficulty", "the board's difficulty is not recorded"))
        else:
            reason = check_recorded(board.dots, board.difficulty, board.band)
            if reason:
                problems.append(PROBLEMS("difficulty", reason))
    return problems
