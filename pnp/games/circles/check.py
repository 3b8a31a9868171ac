"""Every promise a printed Thinking in Circles set makes, re-checked from its data alone."""

from __future__ import annotations

from collections import Counter

from pnp.games.base import Problem
from .problems import PROBLEMS
from .board import (BEADS_PER_HAND, COLORS, MAX_SPACES, MIN_SPACES, NEUTRAL,
                                     SHAPES, SPACE_KINDS, Board, Circle, distance)
from .rules import PLAYER_COUNTS, wins_for


def check(board: Board) -> list[Problem]:
    problems = _check_layout(board)
    for n, circle in enumerate(board.circles, start=1):
        problems += _check_circle(board, n, circle)
    problems += _check_start(board)
    problems += _check_tokens(board)
    return problems


def _check_layout(board: Board) -> list[Problem]:
    count = len(board.circles)
    least = 4 if board.arrangement == "ring" else 3
    if count < least:
        return [PROBLEMS("circle-count", f"a {board.arrangement} of {count} circles; "
                                        f"three-in-a-row needs at least {least}")]
    return []


def _check_circle(board: Board, n: int, circle: Circle) -> list[Problem]:
    where = f"circle {n}"
    size = len(circle.spaces)
    if not MIN_SPACES <= size <= MAX_SPACES:
        return [PROBLEMS("ring-size",
                        f"{where} has {size} spaces; it needs {MIN_SPACES}..{MAX_SPACES} so the "
                        "13 totals -6..+6 land on different spaces and every space is within "
                        "two moves")]
    unknown = sorted({s for s in circle.spaces if s not in SPACE_KINDS})
    if unknown:
        return [PROBLEMS("space-unknown", f"{where} has a space of unknown kind {unknown[0]!r}")]
    problems = []
    counts = Counter(circle.spaces)
    for shape in SHAPES:
        if counts[shape] == 0:
            problems.append(PROBLEMS("shape-missing", f"{where} has no {shape} space, so a goal "
                                                     f"with a {shape} can never be met there"))
    if not problems and len({counts[s] for s in SHAPES}) > 1:
        problems.append(PROBLEMS("shape-uneven", f"{where} has unequal shapes " + ", ".join(
            f"{counts[s]} {s}" for s in SHAPES) + "; some goals would be easier than others"))
    if not 0 <= circle.start < size:
        problems.append(PROBLEMS("start-missing", f"{where}: start space {circle.start} is not "
                                                 f"one of its {size} spaces"))
        return problems
    if circle.spaces[circle.start] != NEUTRAL:
        problems.append(PROBLEMS("start-not-neutral", f"{where}: the token starts on a "
                                                     f"{circle.spaces[circle.start]} space"))
    reach = {c: sorted(distance(size, circle.start, i) for i, s in enumerate(circle.spaces)
                       if s == c) for c in COLORS}
    if reach["black"] != reach["white"]:
        problems.append(PROBLEMS("color-unfair", f"{where}: black spaces are {reach['black']} "
                                                f"steps from the start, white {reach['white']}"))
    elif not reach["black"]:
        problems.append(PROBLEMS("color-missing", f"{where} has no black or white space, so "
                                                 "no color can win there"))
    if board.variants.lockdown and counts[NEUTRAL] < 2:
        problems.append(PROBLEMS("lockdown-neutral", f"{where}: Lockdown is on but the start is "
                                                    "its only neutral space"))
    return problems


def _check_start(board: Board) -> list[Problem]:
    problems = []
    if any(not 0 <= c.start < len(c.spaces) for c in board.circles):
        return problems
    for trio in board.adjacent_triples():
        spaces = tuple(board.circles[i].spaces[board.circles[i].start] for i in trio)
        winners = wins_for(spaces, board.variants)
        if winners:
            names = "-".join(str(i + 1) for i in trio)
            problems.append(PROBLEMS("start-win", f"circles {names} start on {', '.join(spaces)}: "
                                                 f"already a win for {' and '.join(winners)}"))
    return problems


def _check_tokens(board: Board) -> list[Problem]:
    problems = []
    v = board.variants
    if board.players not in PLAYER_COUNTS:
        problems.append(PROBLEMS("players", f"{board.players} player(s); the rules cover "
                                            "2, or 4 as two teams"))
    if board.markers != len(board.circles):
        problems.append(PROBLEMS("markers-count", f"{board.markers} markers for "
                                                 f"{len(board.circles)} circles"))
    if board.beads != BEADS_PER_HAND * board.players:
        problems.append(PROBLEMS("beads-count", f"{board.beads} bead chits of each color for "
                                               f"{board.players} players; each player needs "
                                               f"{BEADS_PER_HAND} black and {BEADS_PER_HAND} white"))
    if v.lockdown and board.blockers < board.players + 1:
        problems.append(PROBLEMS("blockers-too-few",
                                f"{board.blockers} blockers for {board.players} players: each "
                                "starts with one and at least one more must be there to gain"))
    if not v.lockdown and board.blockers:
        problems.append(PROBLEMS("blockers-unneeded", f"{board.blockers} blockers printed but "
                                                     "Lockdown is not in play"))
    if v.spin_cycle is not None and v.spin_cycle not in (2, 3):
        problems.append(PROBLEMS("spin-cycle-goals", f"Spin Cycle gives each player 2 or 3 goals, "
                                                    f"not {v.spin_cycle}"))
    return problems

