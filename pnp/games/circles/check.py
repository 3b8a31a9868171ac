"""Every promise a printed Thinking in Circles set makes, re-checked from its data alone."""

from __future__ import annotations

from collections import Counter

from pnp.games.base import Problem

from .board import (BEADS_PER_HAND, COLORS, MAX_SPACES, MIN_SPACES, NEUTRAL, SHAPES, SPACE_KINDS,
                    Board, Circle, distance)
from .problems import PROBLEMS
from .rules import PLAYER_COUNTS, wins_for
from pnp.i18n.message import Message, Number


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
        return [PROBLEMS("circle-count", Message("a {arrangement} of {count} circles; three-in-a-row "
                                                 "needs at least {least}"),
                         arrangement=board.arrangement, count=Number(count), least=Number(least))]
    return []


def _check_circle(board: Board, n: int, circle: Circle) -> list[Problem]:
    size = len(circle.spaces)
    if not MIN_SPACES <= size <= MAX_SPACES:
        return [PROBLEMS("ring-size",
                         Message("circle {n} has {size} spaces; it needs {least}..{most} so the 13 totals "
                                 "-6..+6 land on different spaces and every space is within two moves"),
                         n=Number(n), size=Number(size), least=Number(MIN_SPACES),
                         most=Number(MAX_SPACES))]
    unknown = sorted({s for s in circle.spaces if s not in SPACE_KINDS})
    if unknown:
        return [PROBLEMS("space-unknown", Message("circle {n} has a space of unknown kind {kind}"),
                         n=Number(n), kind=repr(unknown[0]))]
    problems = []
    counts = Counter(circle.spaces)
    for shape in SHAPES:
        if counts[shape] == 0:
            problems.append(PROBLEMS("shape-missing", Message("circle {n} has no {shape} space, so a goal with a "
                                                              "{shape} can never be met there"),
                                     n=Number(n), shape=shape))
    if not problems and len({counts[s] for s in SHAPES}) > 1:
        problems.append(PROBLEMS("shape-uneven", Message("circle {n} has unequal shapes {shapes}; some goals "
                                                         "would be easier than others"),
                                 n=Number(n), shapes=", ".join(f"{counts[s]} {s}" for s in SHAPES)))
    if not 0 <= circle.start < size:
        problems.append(PROBLEMS("start-missing", Message("circle {n}: start space {start} is not one of its "
                                                          "{size} spaces"),
                                 n=Number(n), start=Number(circle.start), size=Number(size)))
        return problems
    if circle.spaces[circle.start] != NEUTRAL:
        problems.append(PROBLEMS("start-not-neutral", Message("circle {n}: the token starts on a {kind} space"),
                                 n=Number(n), kind=circle.spaces[circle.start]))
    reach = {c: sorted(distance(size, circle.start, i) for i, s in enumerate(circle.spaces)
                       if s == c) for c in COLORS}
    if reach["black"] != reach["white"]:
        problems.append(PROBLEMS("color-unfair", Message("circle {n}: black spaces are {black} steps from the "
                                                         "start, white {white}"),
                                 n=Number(n), black=str(reach["black"]), white=str(reach["white"])))
    elif not reach["black"]:
        problems.append(PROBLEMS("color-missing", Message("circle {n} has no black or white space, so no color "
                                                          "can win there"), n=Number(n)))
    if board.variants.lockdown and counts[NEUTRAL] < 2:
        problems.append(PROBLEMS("lockdown-neutral", Message("circle {n}: Lockdown is on but the start is its "
                                                             "only neutral space"), n=Number(n)))
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
            problems.append(PROBLEMS("start-win", Message("circles {names} start on {spaces}: already a win for "
                                                          "{winners}"),
                                     names=names, spaces=", ".join(spaces),
                                     winners=" and ".join(winners)))
    return problems


def _check_tokens(board: Board) -> list[Problem]:
    problems = []
    v = board.variants
    if board.players not in PLAYER_COUNTS:
        problems.append(PROBLEMS("players", Message("{players} player(s); the rules cover 2, or 4 as two teams"),
                                 players=Number(board.players)))
    if board.markers != len(board.circles):
        problems.append(PROBLEMS("markers-count", Message("{markers} markers for {circles} circles"),
                                 markers=Number(board.markers), circles=Number(len(board.circles))))
    if board.beads != BEADS_PER_HAND * board.players:
        problems.append(PROBLEMS("beads-count", Message("{beads} bead chits of each color for {players} players; "
                                                        "each player needs {hand} black and {hand} white"),
                                 beads=Number(board.beads), players=Number(board.players),
                                 hand=Number(BEADS_PER_HAND)))
    if v.lockdown and board.blockers < board.players + 1:
        problems.append(PROBLEMS("blockers-too-few",
                                 Message("{blockers} blockers for {players} players: each starts with "
                                         "one and at least one more must be there to gain"),
                                 blockers=Number(board.blockers), players=Number(board.players)))
    if not v.lockdown and board.blockers:
        problems.append(PROBLEMS("blockers-unneeded", Message("{blockers} blockers printed but Lockdown is not "
                                                              "in play"), blockers=Number(board.blockers)))
    if v.spin_cycle is not None and v.spin_cycle not in (2, 3):
        problems.append(PROBLEMS("spin-cycle-goals", Message("Spin Cycle gives each player 2 or 3 goals, not "
                                                             "{goals}"), goals=Number(v.spin_cycle)))
    return problems

