"""CliqueR in the browser (the ``play`` door): the rules and the computer's players in
``engine.js`` (held to rules.py and players.py by tests/games/cliquer/test_cliquer_play_engine.py),
the page's board and buttons in ``page.js``, its look in ``page.css``; pnp.play writes the page
around them.
"""

from __future__ import annotations

from importlib import resources

from ..board import Board, dot_name
from ..codes import encode
from .words import NOSCRIPT, WORDS, title

# Perfect play in the browser from any position, on boards of up to this many dots: what a
# phone works out in about a second. Measured by `python bench/play_solver.py` (node 20, this
# project's shared 2-core machine, the first solve from the start on the generator's boards of
# seeds 0-2): 7 dots 0.03-0.35 s (22,600-29,200 positions), 8 dots 0.8-1.7 s (200,000-454,000),
# 9 dots 15-24 s; pnp's C solver is 3-35 times faster on the same boards. A phone is slower
# than a laptop's core, so 7.
BROWSER_SOLVES = 7
FILES = ("engine.js", "page.js")


def _text(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text("utf-8")


def play(board: Board | None = None, figures: dict | None = None) -> dict:
    """{"script", "style"} and, for a board, its "data" (dots, names, code; perfect play's best
    line from the start when ``figures`` hold it), its "words" and its "title"."""
    out = {"script": "\n".join(_text(name) for name in FILES), "style": _text("page.css"),
           "words": WORDS, "noscript": NOSCRIPT}
    if board is None:
        return out
    code = encode(tuple(board.dots), board.grid)
    names = [dot_name(i) for i in range(len(board.dots))]
    data = {"dots": [list(d) for d in board.dots], "grid": board.grid, "names": names,
            "code": code, "browser_solves": BROWSER_SOLVES, "perfect": None}
    perfect = (figures or {}).get("perfect_play")
    if perfect and perfect.get("best_line"):
        index = {name: i for i, name in enumerate(names)}
        data["perfect"] = {"margin": perfect["first_player_margin"],
                           "line": [sorted(index[end] for end in move.split("-"))
                                    for move in perfect["best_line"]]}
    return {**out, "data": data, "title": title(code)}
