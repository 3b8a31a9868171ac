"""Perfect-play answers kept in the user's cache folder, so a board is solved once, not per run.

Yesterday's board is the same all day and every day after, and perfect play on it costs up to a
minute of CPU: ``pnp daily`` (and anything else printing yesterday's answer) works it out once
and keeps it here. The folder follows the platform's convention: $XDG_CACHE_HOME (else
~/.cache) on Linux and other Unixes, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows, each
with a ``pnp`` folder inside.

A kept answer is one small JSON file named by the board's code (which is its dots), written
atomically (a part file renamed into place, so a reader never sees half of one). It is read as
hostile: a file that is too big, is not exactly the expected shape, names other dots, or whose
line of play is not a legal whole game scoring the margin it claims is ignored (and replaced
after the next solve). Any failure to read or write the folder only means solving again.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Sequence

from pnp.games.cliquer import codes
from pnp.games.cliquer.geometry import Dot
from pnp.games.cliquer.rules import Move, Rules

FORMAT = 1
MOST_BYTES = 64 * 1024      # a whole 40-dot line is a few KB: anything larger is not ours
FOLDER = "perfect-play"


def cache_folder() -> Path | None:
    """The user's cache folder for pnp, by the platform's convention; None if there is none."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "pnp" / "Cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "pnp"
    base = os.environ.get("XDG_CACHE_HOME")
    if base and os.path.isabs(base):          # the spec: a relative value is to be ignored
        return Path(base) / "pnp"
    try:
        return Path.home() / ".cache" / "pnp"
    except RuntimeError:                      # no home folder to be found
        return None


def _path(dots: Sequence[Dot], grid: int) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    return folder / FOLDER / f"{codes.encode(tuple(dots), grid)}.json"


def read(dots: Sequence[Dot], grid: int) -> tuple[int, tuple[Move, ...]] | None:
    """The kept (first player's margin, best line) of the board, or None if none can be trusted."""
    dots = tuple((int(x), int(y)) for x, y in dots)
    try:
        path = _path(dots, grid)
        if path is None:
            return None
        with open(path, "rb") as f:
            raw = f.read(MOST_BYTES + 1)
        if len(raw) > MOST_BYTES:
            return None
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return _trusted(data, dots)


def _is_int(x) -> bool:
    return type(x) is int


def _trusted(data, dots: tuple[Dot, ...]) -> tuple[int, tuple[Move, ...]] | None:
    """The answer in ``data`` if it is exactly one for these dots, and its line replays to it."""
    if not isinstance(data, dict) or set(data) != {"format", "dots", "margin", "line"}:
        return None
    if data["format"] != FORMAT or not _is_int(data["margin"]):
        return None
    kept_dots, line = data["dots"], data["line"]
    if not (isinstance(kept_dots, list) and len(kept_dots) == len(dots)
            and all(isinstance(d, list) and len(d) == 2 and all(map(_is_int, d)) for d in kept_dots)
            and tuple(map(tuple, kept_dots)) == dots):
        return None
    if not (isinstance(line, list) and all(isinstance(m, list) and len(m) == 2
                                           and all(map(_is_int, m)) for m in line)):
        return None
    rules = Rules(dots)
    if len(line) != rules.moves_in_game:
        return None
    state, margin, sign = rules.start(), 0, 1
    moves = []
    for a, b in line:
        if not (0 <= a < rules.n and 0 <= b < rules.n) or a == b:
            return None
        move = (min(a, b), max(a, b))
        try:
            state, points = rules.play(state, move)
        except ValueError:
            return None
        margin += sign * points
        sign = -sign
        moves.append(move)
    if not rules.finished(state) or margin != data["margin"]:
        return None
    return data["margin"], tuple(moves)


def keep(dots: Sequence[Dot], grid: int, margin: int, line: Sequence[Move]) -> bool:
    """Keep an answer for the board (atomically); False if the cache folder cannot be written."""
    dots = tuple((int(x), int(y)) for x, y in dots)
    text = json.dumps({"format": FORMAT, "dots": [list(d) for d in dots], "margin": int(margin),
                       "line": [[int(a), int(b)] for a, b in line]}, separators=(",", ":"))
    try:
        path = _path(dots, grid)
        if path is None:
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, part = tempfile.mkstemp(prefix=".part-", suffix=".json", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(part, path)
        except BaseException:
            try:
                os.unlink(part)
            except OSError:
                pass
            raise
    except OSError:
        return False
    return True
