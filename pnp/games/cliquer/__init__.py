"""CliqueR: dots in a square, no three collinear, printed with clearance for pencils.

The doors the build and the validator use (see pnp/games/__init__.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from pnp.games.base import Problem, option
from pnp.games.cliquer import codes
from pnp.games.cliquer.board import Board, Limits, dot_name
from pnp.games.cliquer.draw import REDUCED_SIDE_MM, dot_position, dot_radius, pieces, square_for  # noqa: F401
from pnp.games.cliquer.difficulty import check_recorded, measure
from pnp.games.cliquer.generate import Placer

KIND = "cliquer"
TITLE = "CliqueR"
DEFAULT_SIDE_MM = 170
DRAWN_TOLERANCE_PT = 0.01
SIZE_TOLERANCE_PT = 0.05       # a dot's printed radius; bezier circles bound to within 1e-3 pt
BLACK = (0, 0, 0, 255)


def _code(value) -> str:
    if not isinstance(value, str):
        raise ValueError("a board code is text like R1-XXXX-...")
    codes.decode(value)
    return value


@dataclass(frozen=True)
class Target:
    """A wanted difficulty: a band by name, or a value with a tolerance."""

    low: float
    high: float
    name: str


def _difficulty(value) -> Target:
    from pnp.games.cliquer.target import band_target, value_target

    if isinstance(value, str):
        return Target(*band_target(value), value)
    if isinstance(value, dict):
        unknown = set(value) - {"target", "tolerance"}
        if unknown or "target" not in value:
            raise ValueError("write a band (easy, medium, hard) or {target: 0.7, tolerance: 0.05}")
        target, tolerance = value["target"], value.get("tolerance", 0.05)
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (target, tolerance)):
            raise ValueError("target and tolerance must be numbers")
        return Target(*value_target(float(target), float(tolerance)), f"{target}±{tolerance}")
    raise ValueError("write a band (easy, medium, hard) or {target: 0.7, tolerance: 0.05}")


DIFFICULTY_SCHEMA = {"oneOf": [
    {"enum": ["easy", "medium", "hard"]},
    {"type": "object", "additionalProperties": False, "required": ["target"],
     "properties": {"target": {"type": "number", "minimum": 0, "maximum": 1},
                    "tolerance": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.05}}},
]}


@dataclass(frozen=True)
class Item:
    dots: int = option(9, min=3, max=40, help="how many dots")
    clearance_mm: float = option(3, min=0.5, max=20,
                                 help="every dot at least this far from the line through two others")
    spacing_mm: float = option(10, min=2, max=100, help="every two dots at least this far apart")
    margin_mm: float = option(6, min=2, max=40, help="dots stay this far inside the square")
    size: Literal["page", "half", "quarter"] = option(
        "page", help="page: one board a page; half/quarter: smaller boards n-up with cut lines")
    size_mm: float | None = option(None, min=30, max=270,
                                   help="printed side of the square (default 170, 100 or 80 by size)")
    grid: int = option(90, min=12, max=255, help="lattice positions per side (dots sit on it)")
    difficulty: Target | None = option(
        None, parse=_difficulty, schema=DIFFICULTY_SCHEMA,
        help="easy | medium | hard, or {target: 0.7, tolerance: 0.05} (see README: difficulty)")
    title: str = option("CliqueR", help="printed at the top of each board")
    worksheet: bool = option(False, help="add questions about the board and an answer key at the end")
    code: str | None = option(None, parse=_code, schema={"type": "string", "pattern": "^R1-"},
                              help="print exactly this shared board (see README: board codes)")


def side_mm(item: Item) -> float:
    if item.size_mm is not None:
        return item.size_mm
    return DEFAULT_SIDE_MM if item.size == "page" else REDUCED_SIDE_MM[item.size]


def generate(item: Item, rng: random.Random, ident: str) -> Board:
    side = side_mm(item)
    limits = Limits(item.grid, side, item.clearance_mm, item.spacing_mm, item.margin_mm)
    if item.code is not None:
        dots, grid = codes.decode(item.code)
        limits = Limits(grid, side, item.clearance_mm, item.spacing_mm, item.margin_mm)
        found = limits.problems(dots)
        if found:
            raise ValueError(f"board code {item.code} does not keep this item's limits: {found[0].message}")
    elif item.difficulty is not None:
        from pnp.games.cliquer.target import place_at

        grid = item.grid
        dots = place_at(Placer(limits), item.dots, rng, item.difficulty.low, item.difficulty.high)
    else:
        grid = item.grid
        dots = Placer(limits).place(item.dots, rng)
    rated = measure(dots)
    return Board(dots=dots, grid=grid, side_mm=side, clearance_mm=item.clearance_mm,
                 spacing_mm=item.spacing_mm, margin_mm=item.margin_mm, ident=ident,
                 title=item.title, worksheet=item.worksheet, size=item.size,
                 difficulty=rated.value, band=rated.band)


def check(board: Board) -> list[Problem]:
    problems = []
    if len(board.dots) < 3:
        problems.append(Problem("too-few-dots", f"a board needs at least 3 dots, has {len(board.dots)}"))
    problems += Limits.of(board).problems(board.dots)
    if len(board.dots) >= 3:
        if not isinstance(board.difficulty, (int, float)) or not isinstance(board.band, str):
            problems.append(Problem("difficulty", "the board's difficulty is not recorded"))
        else:
            reason = check_recorded(board.dots, board.difficulty, board.band)
            if reason:
                problems.append(Problem("difficulty", reason))
    return problems


def describe(board: Board) -> str:
    return f"CliqueR {board.ident} ({len(board.dots)} dots)"


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
                problems.append(Problem("drawn-dot-extra", f"a dot is drawn at ({cx:.2f}, {cy:.2f}) pt "
                                        "that is not in the board's data"))
                continue
            seen[mark.index] = (cx, cy)
            radius = dot_radius(piece, board)
            half = ((mark.bounds[2] - mark.bounds[0]) / 2, (mark.bounds[3] - mark.bounds[1]) / 2)
            if any(abs(h - radius) > SIZE_TOLERANCE_PT for h in half):
                problems.append(Problem("drawn-dot-size", f"dot {dot_name(mark.index)} is drawn "
                                        f"{2 * max(half):.2f} pt across; it should be {2 * radius:.2f} pt"))
            if mark.fill is not None and mark.fill != BLACK:
                problems.append(Problem("drawn-dot-ink", f"dot {dot_name(mark.index)} is printed in "
                                        f"colour {mark.fill[:3]} (alpha {mark.fill[3]}), not solid black"))
        for i, dot in enumerate(board.dots):
            if i not in seen:
                problems.append(Problem("drawn-dot-missing", f"dot {dot_name(i)} is in the data but "
                                        "not drawn on the page"))
                continue
            ex, ey = dot_position(board, square, dot)
            dx, dy = seen[i][0] - ex, seen[i][1] - ey
            if abs(dx) > DRAWN_TOLERANCE_PT or abs(dy) > DRAWN_TOLERANCE_PT:
                problems.append(Problem("drawn-dot-moved", f"dot {dot_name(i)} is drawn "
                                        f"{(dx * dx + dy * dy) ** 0.5:.2f} pt from where the data puts it"))
    return problems


def to_data(board: Board) -> dict:
    return {
        "dots": [list(d) for d in board.dots], "grid": board.grid, "side_mm": board.side_mm,
        "clearance_mm": board.clearance_mm, "spacing_mm": board.spacing_mm,
        "margin_mm": board.margin_mm, "ident": board.ident,
        "title": board.title, "difficulty": board.difficulty, "band": board.band,
        "worksheet": board.worksheet, "size": board.size, "code": codes.encode(board.dots, board.grid),
    }


def from_data(data: dict) -> Board:
    def get(key, kind):
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
            raise ValueError(f"board data: {key} missing or of the wrong type")
        return value

    raw = get("dots", list)
    if not all(isinstance(d, list) and len(d) == 2 and all(type(v) is int for v in d) for d in raw):
        raise ValueError("board data: dots must be pairs of whole numbers")
    dots = tuple((d[0], d[1]) for d in raw)
    board = Board(dots=dots, grid=get("grid", int), side_mm=get("side_mm", (int, float)),
                  clearance_mm=get("clearance_mm", (int, float)), spacing_mm=get("spacing_mm", (int, float)),
                  margin_mm=get("margin_mm", (int, float)), ident=get("ident", str),
                  title=get("title", str), difficulty=data.get("difficulty"), band=data.get("band"),
                  worksheet=get("worksheet", bool), size=get("size", str))
    if board.grid < 1 or board.side_mm <= 0 or board.clearance_mm < 0 or board.spacing_mm < 0:
        raise ValueError("board data: grid, side and limits must be positive")
    if board.size not in ("page", "half", "quarter"):
        raise ValueError(f"board data: unknown size {board.size!r}")
    if len(dots) >= 3 and data.get("code") != codes.encode(tuple(sorted(dots)), board.grid):
        raise ValueError("board data: the recorded board code does not match the dots")
    return board
