"""CliqueR (Daniel Ashlock and Andrew McEachern): dots in a square, no three collinear, printed
with clearance for pencils. The doors the build, the validator and the CLI use; each lives in
the room of the same name (see ``pnp.games``).
"""

from __future__ import annotations

from pnp.i18n.message import Message

from .board import Board
from .check import check
from .data import from_data, to_data
from .drawn import check_drawn
from .generate import generate
from .item import Item
from .pieces import pieces
from .problems import PROBLEMS

KIND = __name__.rpartition(".")[2]    # the folder's name: a copied folder is a new kind
TITLE = "CliqueR"


def describe(board: Board) -> Message:
    """A board's label in a report (str(): the CLI's English)."""
    return Message("CliqueR {ident} ({dots})", ident=board.ident,
                   dots=Message("{n} dot", "{n} dots", n=len(board.dots)))


# ---- optional doors -----------------------------------------------------------------------------

def read_code(text: str) -> Board | None:
    """The board a CliqueR board code (R1-...) describes, with the default print settings and the
    code as its ident; None if ``text`` is not a CliqueR code at all; ValueError if it is one,
    mistyped, or a board's ID given instead of its code. A spec item ``code: <ident>``
    reprints it exactly."""
    from pnp.seeding import looks_like_ident

    from . import codes
    from .difficulty import measure
    from .item import side_mm

    if not (codes.looks_like_code(text) or looks_like_ident(text)):
        return None
    dots, grid = codes.decode(text)
    rated, item = measure(dots), Item()
    return Board(dots=dots, grid=grid, side_mm=side_mm(item), clearance_mm=item.clearance_mm,
                 spacing_mm=item.spacing_mm, margin_mm=item.margin_mm, ident=codes.encode(dots, grid),
                 difficulty=rated.value, band=rated.band, labels=item.labels)


def analyze(board: Board, solve: bool | None = None, seconds: float | None = None,
            positions: int | None = None, memory_mb: int | None = None, progress=None,
            depth: bool = False, depth_games: int | None = None,
            depth_seed: str | None = None) -> dict:
    """The figures; perfect play within its budget (a limit given implies solve). When perfect
    play was asked for and not worked out, figures["unfinished"] says why. ``depth``: the skill
    chain too (figures["depth"]), its perfect rung within the same budget; ``depth_games`` caps
    its pairs a rung, ``depth_seed`` seeds its games (either implies depth)."""
    from .analysis import analyze as figures, depth_figures, solve_request

    limits = (seconds, positions, memory_mb)
    asked = bool(solve) or any(x is not None for x in limits)
    request = False if solve is False else solve_request(asked, *limits).with_progress(progress)
    result = figures(board.dots, solve=request)
    if depth or depth_games is not None or depth_seed is not None:
        result["depth"] = depth_figures(board.dots, request, depth_games, depth_seed)
    if request is not False and not _c_solver():
        result["solver_note"] = SLOW_SOLVER
    if asked and result["perfect_play"] is None:
        result["unfinished"] = result.get("perfect_play_skipped") or "perfect play"
    return result


# An install without a C compiler skips the solver core silently (pip shows a build's output
# only with -v), so the one command that waits on it says so, in its report and its JSON.
SLOW_SOLVER = Message("perfect play was searched in pure Python: pnp's C solver core was not built "
                      "when pnp was installed (no C compiler?), and it is 14-27 times faster "
                      "(docs/development.md: building it)")


def _c_solver() -> bool:
    """Does perfect play run in C (or did the user choose Python with $PNP_SOLVER_CORE)?"""
    import os

    from .solver import c_core_available

    return c_core_available() or os.environ.get("PNP_SOLVER_CORE") == "python"


def report(figures: dict) -> str:
    """The figures as text: English as a string (`pnp analyze`), the page's language by
    ``say()`` (pnp.i18n.message)."""

    from .analysis import format_report

    text = format_report(figures)
    if not figures.get("solver_note"):
        return text
    return Message.joined([text, Message("Note: {note}", note=Message(figures["solver_note"]))])


def picture(board: Board, figures: dict, key: str = "picture") -> dict:
    from .sketch import picture as drawn

    return drawn(board, figures, key)


def play(board: Board | None = None, figures: dict | None = None) -> dict:
    from .playing import play as door

    return door(board, figures)


def daily_spec(day) -> str:
    from .daily import daily_spec_text

    return daily_spec_text(day)


# Yesterday's answer by default: two minutes of CPU on any board of the day (Sunday's 11 dots took
# 41-80 s of CPU on a shared machine, docs/difficulty.md; CPU, not wall time, so a busy machine
# takes longer to answer rather than giving up), and once worked out it is kept in the cache
# folder, so later runs print it at once.
DAILY_SECONDS = 120


def daily_answer(day, seconds: float | None = None, progress=None, hint: bool = True) -> str:
    """Yesterday's perfect play (kept in the cache folder once worked out); without
    ``seconds``, within DAILY_SECONDS of CPU."""
    from .daily import previous_answer
    from .solver import Budget

    budget = Budget(seconds=DAILY_SECONDS if seconds is None else seconds, memory_mb=1024)
    return previous_answer(day, budget, progress, hint=hint)


def daily_played(day, seconds: float | None = None, progress=None) -> dict:
    """Yesterday's answer with its board and figures, perfect play's whole best line in them
    (kept in the cache folder once worked out, as daily_answer's); without ``seconds``, within
    DAILY_SECONDS of CPU."""
    from .daily import previous_played
    from .solver import Budget

    budget = Budget(seconds=DAILY_SECONDS if seconds is None else seconds, memory_mb=1024)
    return previous_played(day, budget, progress)


__all__ = ["KIND", "TITLE", "Item", "Board", "PROBLEMS", "generate", "check", "pieces", "to_data",
           "from_data", "check_drawn", "describe", "read_code", "analyze", "report", "picture", "play", "daily_spec",
           "daily_answer", "daily_played"]
