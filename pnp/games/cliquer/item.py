"""The CliqueR spec options: what a `kind: cliquer` item may say, with defaults and bounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.games.base import option
from . import codes
from .ink import MIN_CLEARANCE_MM, MIN_SPACING_MM
from .layout import REDUCED_SIDE_MM

DEFAULT_SIDE_MM = 170
WORKSHEET_SIDE_MM = 120     # leaves room on the page for the how-to box and the questions


def _code(value) -> str:
    """The code as pnp prints it, however it was typed (case, spaces, hyphens)."""
    if not isinstance(value, str):
        raise ValueError("a board code is text like R1-XXXX-...")
    return codes.normal(value)


def _code_sets(code: str) -> dict:
    """A code is one board: its dots and grid, and no difficulty to aim for."""
    dots, grid = codes.decode(code)
    return {"dots": len(dots), "grid": grid, "difficulty": None, "depth": None}


@dataclass(frozen=True)
class Target:
    """A wanted difficulty: a band by name, or a value with a tolerance."""

    low: float
    high: float
    name: str


def _difficulty(value) -> Target:
    from .target import band_target, value_target

    if isinstance(value, str):
        band = value.casefold()           # "Medium" is medium: names are read in any case
        return Target(*band_target(band), band)
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
    clearance_mm: float = option(3, min=MIN_CLEARANCE_MM, max=20,
                                 help="every dot at least this far from the line through two others")
    spacing_mm: float = option(10, min=MIN_SPACING_MM, max=100,
                               help="every two dots at least this far apart (at least a printed dot "
                                    "and a pencil gap)")
    margin_mm: float = option(6, min=2, max=40, help="dots stay this far inside the square")
    size: Literal["page", "half", "quarter"] = option(
        "page", help="page: one board a page; half/quarter: cards two or four to a page with cut lines")
    size_mm: float | None = option(None, min=30, max=270,
                                   help=f"printed side of the square (default {DEFAULT_SIDE_MM} page, "
                                        f"{REDUCED_SIDE_MM['half']} half, {REDUCED_SIDE_MM['quarter']} "
                                        f"quarter; a worksheet's default is at most {WORKSHEET_SIDE_MM})")
    grid: int = option(90, min=12, max=255, help="lattice positions per side (dots sit on it)")
    difficulty: Target | None = option(
        None, parse=_difficulty, schema=DIFFICULTY_SCHEMA,
        help="easy | medium | hard, or {target: 0.7, tolerance: 0.05} (see docs/games/cliquer.md)")
    depth: int | None = option(
        None, min=0, max=7,      # depth.MOST_DEPTH (tests/games/cliquer/test_cliquer_target_depth.py)
        help="rungs of the skill chain (random, greedy, lookahead2, lookahead3, search2k, "
             "search8k, search32k, perfect play), each reliably beating the strongest below it, "
             "measured by playing every board, kept only when sure; more = skill pays at more "
             "levels (up to 9 dots; "
             "see docs/difficulty.md)")
    title: str = option("CliqueR", printed=True, help="printed at the top of each board")
    worksheet: bool = option(False, help="print the board as a worksheet (a whole page) with "
                                         "questions, and its answer key at the end")
    labels: bool = option(True, help="print each dot's letter (A, B, ...), as worksheets and "
                                     "pnp analyze name them")
    code: str | None = option(None, parse=_code, sets=_code_sets, printed=True,
                              schema={"type": "string", "pattern": "^[\\s-]*[Rr][\\s-]*1"},
                              help="print exactly this shared board (see docs/games/cliquer.md)")


def side_mm(item: Item) -> float:
    """The printed side of the square: the item's own, or the default for its size."""
    if item.size_mm is not None:
        return item.size_mm
    side = DEFAULT_SIDE_MM if item.size == "page" else REDUCED_SIDE_MM[item.size]
    return min(side, WORKSHEET_SIDE_MM) if item.worksheet else side
