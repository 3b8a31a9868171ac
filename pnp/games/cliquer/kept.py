"""Perfect-play answers kept in the user's cache folder, so a board is solved once, not per run.

Yesterday's board is the same all day and every day after, and perfect play on it costs up to a
minute of CPU: ``pnp daily`` (and anything else printing yesterday's answer) works it out once
and keeps it in the user's cache folder (pnp.cachedir).

A kept answer is one small JSON file named by the board's code (which is its dots), written
atomically (a part file renamed into place, so a reader never sees half of one). It holds the
margin and the best opening, and, once a whole best line was worked out (`pnp site` draws it),
that line; the opening and the line are the solver's one choice among equally good moves
(solver.CANONICAL), so an answer read back says what solving again would. It is read as hostile:
a file that is too big, is not exactly the expected shape, names other dots, whose opening is not a
legal first move, whose margin is past what any game on the board can score, or whose line is not
a whole legal game from that opening scoring that margin, is ignored (and replaced after the next
solve). What it cannot check without solving again is that the margin is perfect play: the folder
is the user's own, written only by pnp. Any failure to read or write the folder only means
solving again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from pnp.cachedir import cache_folder, read_json, write_atomically

from . import codes
from .geometry import Dot
from .rules import CLIQUE_POINTS, LINE_POINTS, TRIANGLE_POINTS, Move, Rules

# 2 since issue 45: every opening and line is solver.CANONICAL, the first best move in segment
# order. A format-1 answer without a line may hold the search's own best opening, another equally
# good one, so it is not read: that board is solved once more, and then says what a cold solve says.
FORMAT = 2
MOST_BYTES = 4096           # a 40-dot board with a whole line is under 2 KB: larger is not ours
FOLDER = "perfect-play"


def _path(dots: Sequence[Dot], grid: int) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    return folder / FOLDER / f"{codes.encode(tuple(dots), grid)}.json"


def read(dots: Sequence[Dot], grid: int) -> tuple[int, Move] | None:
    """The kept (first player's margin, best opening) of the board, or None if none can be
    trusted."""
    found = _read(dots, grid)
    return None if found is None else found[:2]


def read_line(dots: Sequence[Dot], grid: int) -> tuple[int, tuple[Move, ...]] | None:
    """The kept (first player's margin, a whole best line) of the board, or None if no line
    is kept or it cannot be trusted."""
    found = _read(dots, grid)
    return None if found is None or found[2] is None else (found[0], found[2])


def _read(dots: Sequence[Dot], grid: int) -> tuple[int, Move, tuple[Move, ...] | None] | None:
    dots = tuple((int(x), int(y)) for x, y in dots)
    try:
        path = _path(dots, grid)
    except (OSError, ValueError):
        return None
    data = None if path is None else read_json(path, MOST_BYTES)
    return None if data is None else _trusted(data, dots)


def _is_int(x) -> bool:
    return type(x) is int


def _trusted(data, dots: tuple[Dot, ...]) -> tuple[int, Move, tuple[Move, ...] | None] | None:
    """The answer in ``data`` (margin, opening, line or None) if it is exactly one for these
    dots and could be true."""
    if not isinstance(data, dict) or set(data) - {"line"} != {"format", "dots", "margin", "opening"}:
        return None
    kept_dots, margin, opening = data["dots"], data["margin"], data["opening"]
    if data["format"] != FORMAT or not _is_int(margin):
        return None
    if not (isinstance(kept_dots, list) and len(kept_dots) == len(dots)
            and all(isinstance(d, list) and len(d) == 2 and all(map(_is_int, d)) for d in kept_dots)
            and tuple(map(tuple, kept_dots)) == dots):
        return None
    if not (isinstance(opening, list) and len(opening) == 2 and all(map(_is_int, opening))):
        return None
    rules = Rules(dots)
    a, b = opening
    if not (0 <= a < b < rules.n):
        return None
    # the most any game could give one player: every move closing every triangle and 4-clique
    # a segment can be in (far above what play reaches, but a bound all the same)
    n = rules.n
    most = rules.moves_in_game * (LINE_POINTS + TRIANGLE_POINTS * (n - 2)
                                  + CLIQUE_POINTS * (n - 2) * (n - 3) // 2)
    if abs(margin) > most:
        return None
    if "line" not in data:
        return margin, (a, b), None
    line = _played(data["line"], rules)
    if line is None or line[0][0] != (a, b) or line[1] != margin:
        return None
    return margin, (a, b), line[0]


def _played(line, rules: Rules) -> tuple[tuple[Move, ...], int] | None:
    """``line`` as moves, and the first player's points less the second's at its end, if it is
    a whole game of legal moves on these rules' board."""
    if not (isinstance(line, list) and len(line) == rules.moves_in_game
            and all(isinstance(m, list) and len(m) == 2 and all(map(_is_int, m))
                    and 0 <= m[0] < m[1] < rules.n for m in line)):
        return None
    moves, state = tuple((a, b) for a, b in line), rules.start()
    for move in moves:
        try:
            state, _ = rules.play(state, move)
        except ValueError:
            return None
    if not rules.finished(state):
        return None
    return moves, state.scores[0] - state.scores[1]


def keep(dots: Sequence[Dot], grid: int, margin: int, opening: Move,
         line: Sequence[Move] | None = None) -> bool:
    """Keep an answer for the board (atomically), with a whole best line when one was worked
    out (its first move is then the opening); False if the cache folder cannot be written."""
    dots = tuple((int(x), int(y)) for x, y in dots)
    a, b = sorted(map(int, opening))
    answer = {"format": FORMAT, "dots": [list(d) for d in dots], "margin": int(margin),
              "opening": [a, b]}
    if line is not None:
        answer["line"] = [sorted(map(int, move)) for move in line]
    text = json.dumps(answer, separators=(",", ":"))
    try:
        path = _path(dots, grid)
        if path is None:
            return False
        write_atomically(path, text)
    except OSError:
        return False
    return True
