"""What is on the page, compared with the data: every space where the data says it is.

The board page marks each space (``PnpSpace``, index counting spaces over the circles in
order). Read back, each space is a box; a circle's spaces must go round a common centre,
clockwise from the top, starting with the start space; and circles adjacent in the data must
be the nearest on the page, so the bars and the numbers cannot mislead.
"""

from __future__ import annotations

import math

from pnp.games.base import Problem

from .board import SPACE_KINDS, Board
from .draw import SPACE_TAG
from .layout import CLEAR
from .problems import PROBLEMS
from pnp.i18n.message import Message, Number

BOARD_PIECE = "circles-board"
ROUND_SLACK = 0.25      # a space's distance from its circle's centre may vary this much (share)
NEAR_SLACK = 0.98       # rounding in the PDF: adjacency clearance is read back this leniently


def _boxes(placements, kinds: dict[int, set[int]]) -> dict[int, list[float]] | None:
    """Each marked space's bounding box; ``kinds`` collects the space kinds its marks record."""
    boxes: dict[int, list[float]] = {}
    seen = False
    for piece, _frame, drawn in placements:
        if piece != BOARD_PIECE:
            continue
        seen = True
        for d in drawn:
            if d.tag != SPACE_TAG:
                continue
            kinds.setdefault(d.index, set()).add(d.kind)
            box = boxes.setdefault(d.index, list(d.bounds))
            box[0], box[1] = min(box[0], d.bounds[0]), min(box[1], d.bounds[1])
            box[2], box[3] = max(box[2], d.bounds[2]), max(box[3], d.bounds[3])
    return boxes if seen else None


def _angle_gap(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def check_drawn(board: Board, placements) -> list[Problem]:
    kinds: dict[int, set[int]] = {}
    boxes = _boxes(placements, kinds)
    if boxes is None:
        return [PROBLEMS("drawn-board-missing", "the board page is not in the PDF")]
    problems = []
    centres = []
    first = 0
    for n, circle in enumerate(board.circles, start=1):
        size = len(circle.spaces)
        wanted = range(first, first + size)
        first += size
        missing = [i - wanted.start + 1 for i in wanted if i not in boxes]
        if not size:            # check() reports the empty circle; there is nothing to place
            centres.append(None)
            continue
        if missing:
            problems.append(PROBLEMS("drawn-space-missing", Message("circle {n}: space(s) {spaces} not on the page"),
                                     n=Number(n), spaces=", ".join(map(str, missing[:5]))))
            centres.append(None)
            continue
        for k, i in enumerate(wanted):
            kind = circle.spaces[k]
            code = SPACE_KINDS.index(kind) if kind in SPACE_KINDS else -2
            if kinds.get(i, {code}) != {code}:
                drawn = ", ".join(SPACE_KINDS[c] if 0 <= c < len(SPACE_KINDS) else "unmarked"
                                  for c in sorted(kinds[i]))
                problems.append(PROBLEMS("drawn-space-kind", Message("circle {n}: space {space} is a {kind} in the "
                                                                     "data but the page shows a {drawn}"),
                                         n=Number(n), space=Number(k + 1), kind=kind, drawn=drawn))
        points = [((boxes[i][0] + boxes[i][2]) / 2, (boxes[i][1] + boxes[i][3]) / 2)
                  for i in wanted]
        cx = sum(p[0] for p in points) / size
        cy = sum(p[1] for p in points) / size
        centres.append((cx, cy))
        radii = [math.dist(p, (cx, cy)) for p in points]
        mean = sum(radii) / size
        step = 360.0 / size
        for k, (p, r) in enumerate(zip(points, radii)):
            at = (k - circle.start) % size
            expected = 90.0 - step * at
            angle = math.degrees(math.atan2(p[1] - cy, p[0] - cx))
            if abs(r - mean) > ROUND_SLACK * mean or _angle_gap(angle, expected) > step / 2:
                problems.append(PROBLEMS(
                                         "drawn-space-moved", Message("circle {n}: space {space} ({kind}) is not drawn "
                                                                      "{steps} steps clockwise from the start at the top"),
                                         n=Number(n), space=Number(k + 1), kind=circle.spaces[k], steps=Number(at)))
                break
    extra = sorted(i for i in boxes if i >= first or i < 0)
    if extra:
        problems.append(PROBLEMS("drawn-space-unknown", Message("{count} marked space(s) the data does not have"),
                                 count=Number(len(extra))))
    if all(c is not None for c in centres) and len(centres) > 2:
        problems += _adjacency(board, centres)
    return problems


def _adjacency(board: Board, centres) -> list[Problem]:
    adjacent = {frozenset(p) for p in board.adjacent_pairs()}
    near = max(math.dist(centres[a], centres[b]) for a, b in board.adjacent_pairs())
    for i in range(len(centres)):
        for j in range(i + 1, len(centres)):
            if frozenset((i, j)) in adjacent:
                continue
            if math.dist(centres[i], centres[j]) < CLEAR * near * NEAR_SLACK:
                return [PROBLEMS("drawn-adjacency", Message("circles {one} and {other} are not adjacent but are "
                                                            "drawn as close as adjacent ones"),
                                 one=Number(i + 1), other=Number(j + 1))]
    return []
