"""The CliqueR spec options: what a `kind: cliquer` item may say, with defaults and bounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.errors import WrongValue
from pnp.games.base import option
from . import codes
from .ink import MIN_CLEARANCE_MM, MIN_SPACING_MM
from .layout import REDUCED_SIDE_MM
from .target import DEPTH_MOST_DOTS
from pnp.i18n.message import Message

DEFAULT_SIDE_MM = 170
WORKSHEET_SIDE_MM = 120     # leaves room on the page for the how-to box and the questions


def _code(value) -> str:
    """The code as pnp prints it, however it was typed (case, spaces, hyphens)."""
    if not isinstance(value, str):
        raise WrongValue(Message("a board code is text like R1-XXXX-..."))
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


def _band_or_target() -> WrongValue:
    return WrongValue(Message("write a band ({bands}) or {example}"), bands="easy, medium, hard",
                      example="{target: 0.7, tolerance: 0.05}")


def _difficulty(value) -> Target:
    from .target import band_target, value_target

    if isinstance(value, str):
        band = value.casefold()           # "Medium" is medium: names are read in any case
        return Target(*band_target(band), band)
    if isinstance(value, dict):
        unknown = set(value) - {"target", "tolerance"}
        if unknown or "target" not in value:
            raise _band_or_target()
        target, tolerance = value["target"], value.get("tolerance", 0.05)
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (target, tolerance)):
            raise WrongValue(Message("target and tolerance must be numbers"))
        return Target(*value_target(float(target), float(tolerance)), f"{target}±{tolerance}")
    raise _band_or_target()


DIFFICULTY_SCHEMA = {"oneOf": [
    {"enum": ["easy", "medium", "hard"]},
    {"type": "object", "additionalProperties": False, "required": ["target"],
     "properties": {"target": {"type": "number", "minimum": 0, "maximum": 1},
                    "tolerance": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.05}}},
]}


@dataclass(frozen=True)
class Item:
    dots: int = option(9, min=3, max=40, label="How many dots",
                       help="Dots on each board. More dots make a longer game.")
    clearance_mm: float = option(
        3, min=MIN_CLEARANCE_MM, max=20, label="Room beside lines (mm)", advanced=True,
        help="Every dot stays at least this far from the straight line through any two others, "
             "so a line drawn in pencil never seems to touch a third dot.")
    spacing_mm: float = option(
        10, min=MIN_SPACING_MM, max=100, label="Room between dots (mm)", advanced=True,
        help="Every two dots at least this far apart: at least a printed dot and a pencil's width.")
    margin_mm: float = option(6, min=2, max=40, label="Border inside the square (mm)", advanced=True,
                              help="Dots stay at least this far inside the square.")
    size: Literal["page", "half", "quarter"] = option(
        "page", label="Board size", help="A whole page for each board, or smaller cards, two or "
                                         "four to a page, with lines to cut along.",
        shown={"page": "a whole page", "half": "half a page (two a page)",
               "quarter": "a quarter page (four a page)"})
    size_mm: float | None = option(
        None, min=30, max=270, label="Side of the square (mm)", advanced=True,
        help="How wide the printed square is. Empty: {page} mm on a whole page, {half} mm on half a "
             "page, {quarter} mm on a quarter, and at most {worksheet} mm on a worksheet.",
        facts={"page": DEFAULT_SIDE_MM, "half": REDUCED_SIDE_MM["half"],
               "quarter": REDUCED_SIDE_MM["quarter"], "worksheet": WORKSHEET_SIDE_MM})
    grid: int = option(90, min=12, max=255, label="Grid positions", advanced=True,
                       help="Dots sit on a grid with this many positions along each side.")
    difficulty: Target | None = option(
        None, parse=_difficulty, schema=DIFFICULTY_SCHEMA, label="Difficulty", docs="games/cliquer.md",
        help="Easy, medium or hard. Empty: boards of any difficulty.")
    depth: int | None = option(
        None, min=0, max=3,      # depth.MOST_DEPTH (tests/games/cliquer/test_cliquer_target_depth.py)
        label="Strategic depth", advanced=True, docs="difficulty.md", facts={"dots": DEPTH_MOST_DOTS},
        help="How many steps of skill pay off on the board, 0 to 3: greedy play (the most points "
             "now) over random play, looking one reply ahead over greedy, perfect play over "
             "that; a step pays when the stronger player reliably beats the other. It is "
             "measured by playing every board (a board is kept only when the measurement is "
             "sure), so it works for up to {dots} dots.")
    title: str = option("CliqueR", printed=True, label="Title on each board",
                        help="Printed at the top of each board.")
    worksheet: bool = option(False, label="Worksheet",
                             help="Print each board on a whole page with questions about it, and "
                                  "its answer key at the end.")
    labels: bool = option(True, label="Letters on the dots",
                          help="Print a letter beside each dot (A, B, ...), as worksheets and the "
                               "analysis name the dots.")
    code: str | None = option(None, parse=_code, sets=_code_sets, printed=True, label="Board code",
                              schema={"type": "string", "pattern": "^[\\s-]*[Rr][\\s-]*1"},
                              docs="games/cliquer.md",
                              help="Print exactly the board of this code, shared by someone "
                                   "else (it starts with R1).")


def side_mm(item: Item) -> float:
    """The printed side of the square: the item's own, or the default for its size."""
    if item.size_mm is not None:
        return item.size_mm
    side = DEFAULT_SIDE_MM if item.size == "page" else REDUCED_SIDE_MM[item.size]
    return min(side, WORKSHEET_SIDE_MM) if item.worksheet else side
