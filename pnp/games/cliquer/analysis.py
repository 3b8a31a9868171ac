"""The figures of a CliqueR board: hull, interior, difficulty, game length and perfect play.

``analyze`` returns plain JSON-ready data; ``format_report`` turns it into a few readable lines.
Dots are named A, B, C ... in the board's own order, as on worksheets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from .board import dot_name
from .difficulty import measure
from .geometry import Dot, convex_hull
from .rules import Rules, triangulation_size
from .solver import Budget
from pnp.i18n.message import ForThePage, Message, Number

# Perfect play is always bounded (see solver.Budget). Unasked, it is tried on boards of up to
# SOLVE_BY_DEFAULT dots within QUICK; asked (--solve), on up to SOLVE_AT_MOST dots within ASKED.
# Figures behind the choice (C core, bench/solver_times.py, docs/difficulty.md): 9 dots well under
# 1 s, 10 dots 1-3 s on a week's boards of the day, 11 dots 45-80 s of CPU depending on the
# machine's load (the whole line barely more); under 600 MB. Seconds are CPU seconds (solver.Budget),
# so a busy machine waits longer for the same answer instead of giving up on it; a board near a
# limit can still be worked out on a fast machine and not on a slow one: --solve-positions does
# not depend on the machine at all.
SOLVE_BY_DEFAULT = 10
SOLVE_AT_MOST = 11
QUICK = Budget(seconds=20, memory_mb=1024)
ASKED = Budget(seconds=600, memory_mb=1024)


@dataclass(frozen=True)
class SolveRequest:
    """How to solve: the budget, who hears progress, and whether the user asked for it."""
    budget: Budget = ASKED
    progress: Callable[[int, float], None] | None = None
    asked: bool = True
    whole_line: bool = True      # False: the best opening only (what the daily answer prints)

    def with_progress(self, progress: Callable[[int, float], None] | None) -> "SolveRequest":
        return replace(self, progress=progress)


def solve_request(asked: bool, seconds: float | None = None, positions: int | None = None,
                  memory_mb: int | None = None) -> SolveRequest:
    """The budget of one board's perfect play: ASKED or QUICK, with the limits given instead."""
    base = ASKED if asked else QUICK
    budget = replace(base, seconds=seconds if seconds is not None else base.seconds,
                     positions=positions if positions is not None else base.positions,
                     memory_mb=memory_mb if memory_mb is not None else base.memory_mb)
    return SolveRequest(budget, asked=bool(asked))


def analyze(dots: Sequence[Dot], solve: bool | SolveRequest | None = None) -> dict:
    """Every figure of the board; perfect play when ``solve`` (True, or a SolveRequest with its
    budget; None: tried within QUICK on boards of up to SOLVE_BY_DEFAULT dots)."""
    dots = tuple((int(x), int(y)) for x, y in dots)
    rules = Rules(dots)
    n = len(dots)
    where = {d: i for i, d in enumerate(dots)}
    hull = [where[d] for d in convex_hull(dots)]
    on_hull = set(hull)
    interior = [i for i in range(n) if i not in on_hull]
    difficulty = measure(dots)
    result = {
        "dots": [list(d) for d in dots],
        "names": [dot_name(i) for i in range(n)],
        "hull_dots": [dot_name(i) for i in hull],
        "interior_dots": [dot_name(i) for i in interior],
        "difficulty": difficulty.value,
        "band": difficulty.band,
        "components": dict(difficulty.components),
        "moves_in_game": triangulation_size(n, len(hull)),
        "perfect_play": None,
    }
    if solve is None:
        solve = SolveRequest(QUICK, asked=False)
    elif solve is True:
        solve = SolveRequest()
    if not solve or (not solve.asked and n > SOLVE_BY_DEFAULT):
        return result
    if n > SOLVE_AT_MOST:
        raise ValueError(f"perfect play is only worked out for boards of up to {SOLVE_AT_MOST} "
                         f"dots; this one has {n} (leave out --solve)")
    from .solver import OverBudget, Solver

    try:
        found = Solver(rules, solve.budget, progress=solve.progress).solve(whole_line=solve.whole_line)
    except (OverBudget, MemoryError) as exc:
        result["perfect_play_skipped"] = skipped_because(exc, solve.asked)
        return result
    result["perfect_play"] = perfect_play_figures(found)
    return result


def depth_figures(dots: Sequence[Dot], solve: bool | SolveRequest | None,
                  games: int | None = None, seed: str | None = None) -> dict:
    """The board's skill chain (depth.py). Its perfect rung runs within the budget perfect play
    has here (the same SolveRequest; a fresh solver, so the whole budget again), and is left out,
    with the reason, past it, past SOLVE_AT_MOST dots, or with --no-solve. ``games``: at most
    this many pairs a rung; ``seed``: the games' seed (--depth-games, --depth-seed)."""
    from .depth import SEED, chain
    from .sequential import MOST_PAIRS

    if solve is False:
        perfect: bool | str = "--no-solve"
    elif len(dots) > SOLVE_AT_MOST:
        perfect = f"perfect play is only worked out for boards of up to {SOLVE_AT_MOST} dots"
    else:
        perfect = True
    request = solve if isinstance(solve, SolveRequest) else SolveRequest(QUICK, asked=False)
    return chain(dots, MOST_PAIRS if games is None else games, SEED if seed is None else seed,
                 budget=request.budget, perfect=perfect)


def skipped_because(exc: Exception, asked: bool) -> Message:
    """Why perfect play was given up, and the advice that fits the limit that stopped it: the
    CLI's words (its options) after the reason, which a page says alone, in its language (no
    command line on a page)."""
    if isinstance(exc, MemoryError):     # the table itself could not be had
        reason, hint = Message(OUT_OF_MEMORY), "; a smaller --solve-memory makes the solver's table smaller"
    elif exc.limit == "memory":          # more time would not help: more memory might
        reason, hint = exc.told, "; --solve-memory gives it more"
    elif not asked and exc.limit == "seconds":
        reason, hint = exc.told, "; --solve gives it up to 10 minutes of CPU"
    else:
        reason, hint = exc.told, "; --solve-" + exc.limit + " gives it more"
    return Message(WITH_CLI_HINT, reason=reason, hint=ForThePage(hint, Message.plain("")))


# a reason and the CLI's advice after it (not a catalog message: the page says the reason alone)
WITH_CLI_HINT = "{reason}{hint}"


OUT_OF_MEMORY = Message("out of memory")


def move_name(move) -> str:
    return f"{dot_name(move[0])}-{dot_name(move[1])}"


def perfect_play_figures(found) -> dict:
    """A solver.Solution as JSON-ready figures, dots by name."""
    return {**play_figures(found.margin, found.line), "positions_searched": found.positions}


def play_figures(margin: int, line) -> dict:
    """Perfect play's figures from its margin and a whole best line (as kept answers hold
    them; what the search cost is not known then, so not said)."""
    return {
        "first_player_margin": margin,
        "winner": "first" if margin > 0 else "second" if margin < 0 else "nobody",
        "best_opening": [dot_name(end) for end in line[0]],
        "best_line": [move_name(m) for m in line],
    }


def outcome(margin: int) -> Message:
    """Who wins perfect play, and by how many points."""
    if margin == 0:
        return Message("a draw")
    if margin > 0:
        return Message("the first player wins by {n}", "the first player wins by {n}", n=abs(margin))
    return Message("the second player wins by {n}", "the second player wins by {n}", n=abs(margin))


def format_report(figures: dict) -> Message:
    """The figures as short readable text (a line each: a Message, English as a string,
    the page's language by ``say()``)."""
    names, dots = figures["names"], figures["dots"]
    comp = figures["components"]
    n, h = comp["dots"], comp["hull_dots"]
    inside = figures["interior_dots"]
    lines = [
        Message("Dots: {n}  {dots}", n=n,
                dots="  ".join(f"{name}{tuple(d)}" for name, d in zip(names, dots))),
        Message("Hull: {n} dot ({names})", "Hull: {n} dots ({names})", n=h,
                names=" ".join(figures["hull_dots"])),
        Message("Interior: {n} dot ({names})", "Interior: {n} dots ({names})", n=len(inside),
                names=" ".join(inside)) if inside else
        Message("Interior: {n} dot", "Interior: {n} dots", n=len(inside)),
        Message("Difficulty: {difficulty} ({band}): {share}% of the dots inside the hull, {single} "
                "of {triangles} triangles hold exactly one dot; a careful player gains about "
                "{stakes} points a move over a greedy one",
                difficulty=Number(figures["difficulty"], ".2f"), band=Message(figures["band"]),
                share=Number(comp["interior_share"] * 100, ".0f"), single=comp["single_dot_triangles"],
                triangles=comp["triangles"], stakes=Number(comp["stakes_per_move"], ".2f")),
        Message("Moves in every finished game: 3 x {n} - 3 - {hull} = {moves}", n=n, hull=h,
                moves=figures["moves_in_game"]),
    ]
    play = figures["perfect_play"]
    if play is None:
        # the CLI's advice, in its own words
        why = figures.get("perfect_play_skipped") or f"use --solve; up to {SOLVE_AT_MOST} dots"
        lines.append(Message("Perfect play: not worked out ({why})", why=why))
    else:
        lines.append(Message("Perfect play: {outcome}; best opening {opening}",
                             outcome=outcome(play["first_player_margin"]),
                             opening="-".join(play["best_opening"])))
        lines.append(Message("Best line of play: {line}", line=", ".join(play["best_line"])))
    if figures.get("depth") is not None:
        from .depth import format_depth

        lines += format_depth(figures["depth"])      # asked on the CLI only: English
    return Message.joined(lines)
