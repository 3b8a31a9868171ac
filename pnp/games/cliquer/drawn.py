"""The printed page read back against the data: every dot black, full size, where it belongs."""

from __future__ import annotations

from pnp.games.base import Problem
from .board import Board, dot_name
from .ink import dot_position, dot_radius
from .layout import square_for
from .problems import PROBLEMS
from pnp.i18n.message import Message, Number

DRAWN_TOLERANCE_PT = 0.01
SIZE_TOLERANCE_PT = 0.05       # a dot's printed radius; bezier circles bound to within 1e-3 pt
BLACK = (0, 0, 0, 255)


def check_drawn(board: Board, placements) -> list[Problem]:
    """Each dot drawn black, full size, exactly where the data puts it (to 0.01 pt);
    none missing, none extra."""
    problems: list[Problem] = []
    for piece, frame, drawn in placements:
        square = square_for(piece, board, frame)
        if square is None:
            continue
        seen: dict[int, tuple[float, float]] = {}
        for mark in drawn:
            if mark.tag != "PnpDot":
                continue
            cx, cy = (mark.bounds[0] + mark.bounds[2]) / 2, (mark.bounds[1] + mark.bounds[3]) / 2
            if mark.index in seen or not 0 <= mark.index < len(board.dots):
                problems.append(PROBLEMS("drawn-dot-extra", Message("a dot is drawn at ({x}, {y}) pt that is not in "
                                                                    "the board's data"),
                                         x=Number(cx, ".2f"), y=Number(cy, ".2f")))
                continue
            seen[mark.index] = (cx, cy)
            radius = dot_radius(piece, board)
            half = ((mark.bounds[2] - mark.bounds[0]) / 2, (mark.bounds[3] - mark.bounds[1]) / 2)
            if any(abs(h - radius) > SIZE_TOLERANCE_PT for h in half):
                problems.append(PROBLEMS("drawn-dot-size", Message("dot {dot} is drawn {across} pt across; it should "
                                                                   "be {wanted} pt"), dot=dot_name(mark.index),
                                         across=Number(2 * max(half), ".2f"),
                                         wanted=Number(2 * radius, ".2f")))
            if mark.fill is not None and mark.fill != BLACK:
                problems.append(PROBLEMS("drawn-dot-ink", Message("dot {dot} is printed in colour {colour} (alpha "
                                                                  "{alpha}), not solid black"),
                                         dot=dot_name(mark.index), colour=str(mark.fill[:3]),
                                         alpha=Number(mark.fill[3])))
        for i, dot in enumerate(board.dots):
            if i not in seen:
                problems.append(PROBLEMS("drawn-dot-missing", Message("dot {dot} is in the data but not drawn on the "
                                                                      "page"), dot=dot_name(i)))
                continue
            ex, ey = dot_position(board, square, dot)
            dx, dy = seen[i][0] - ex, seen[i][1] - ey
            if abs(dx) > DRAWN_TOLERANCE_PT or abs(dy) > DRAWN_TOLERANCE_PT:
                problems.append(PROBLEMS("drawn-dot-moved", Message("dot {dot} is drawn {off} pt from where the data "
                                                                    "puts it"), dot=dot_name(i),
                                         off=Number((dx * dx + dy * dy) ** 0.5, ".2f")))
    return problems
