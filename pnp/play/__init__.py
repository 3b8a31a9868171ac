"""Playing a board in the browser: one page, the game's own script and style in it, that plays
from file://, any static host or `pnp serve` alike.

Playing is an optional door of a game (``play`` in pnp.games.base.OPTIONAL_DOORS): the game
gives its script, its style, its board's data and its sentences; this module knows no game and
writes the page around them. ``page(..., linked=None)`` puts the script and style inside the
page (for `pnp site` and a file: no server needed); ``linked="/play/"`` points at them instead,
for `pnp serve`, whose pages allow no inline script (its Content-Security-Policy). The board's
data and sentences travel as a JSON block either way, which no policy runs.
"""

from __future__ import annotations

import json
from html import escape

from pnp.games import KINDS, game
from pnp.games.base import offers
from pnp.i18n.languages import ENGLISH, language

from .words import table


def kinds() -> list[str]:
    """The games that can be played in the browser."""
    return [kind for kind in KINDS if offers(game(kind), "play")]


def read_code(text: str):
    """(kind, board) of the first playable game whose code ``text`` is, or None; ValueError
    (the game's) for a code of a game mistyped."""
    for kind in kinds():
        module = game(kind)
        if offers(module, "read_code"):
            board = module.read_code(text)
            if board is not None:
                return kind, board
    return None


def assets(kind: str) -> dict:
    """The game's script and style: {"script": text, "style": text}."""
    door = game(kind).play()
    return {"script": door["script"], "style": door["style"]}


def _json(value) -> str:
    """JSON safe inside a <script> block: no "</" can end it, no "<!--" can open a comment."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) \
        .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page(kind: str, board, figures: dict | None = None, code: str = ENGLISH,
         linked: str | None = None, back: str | None = None) -> str:
    """The page playing ``board`` of game ``kind`` in language ``code``. ``figures``: what is
    known of the board (perfect play worked out ahead); ``linked``: the address the game's
    script and style are served under (None: both inside the page); ``back``: a link home."""
    door = game(kind).play(board, figures)
    said = table(door["words"], code)
    lang = language(code)
    title = door["title"].say(lang.code)
    data = {"kind": kind, "board": door["data"], **said, "back": back}
    if linked is None:
        style = f"<style>{door['style']}</style>"
        script = f"<script>{door['script']}</script>"
    else:
        style = f'<link rel="stylesheet" href="{escape(linked)}{escape(kind)}.css">'
        script = f'<script src="{escape(linked)}{escape(kind)}.js"></script>'
    return (f'<!DOCTYPE html>\n<html lang="{lang.code}" dir="{lang.direction}">\n<head>\n'
            f'<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{escape(title)}</title>\n{style}\n</head>\n<body>\n'
            f'<main id="play" class="play"><h1>{escape(title)}</h1>'
            f'<noscript><p>{escape(door["noscript"].say(lang.code))}</p></noscript></main>\n'
            f'<script type="application/json" id="play-data">{_json(data)}</script>\n'
            f'{script}\n</body>\n</html>\n')
