"""The page that plays a board (pnp.play): written whole from a game's ``play`` door, for any
game that has one, in every language, with nothing it needs outside it (file:// plays it)."""

from __future__ import annotations

import json
import re
import string

import pytest

from pnp.games import KINDS, game
from pnp.games.base import OPTIONAL_DOORS, offers
from pnp.i18n import CODES
from pnp.i18n.languages import language
from pnp.play import kinds, page, read_code
from pnp.play.words import COUNTED, table

CODE = "R1-1T7J-5EC9-EMTA-QVVH-W3NM-808"        # 8 dots


def _data(html: str) -> dict:
    block = re.search(r'<script type="application/json" id="play-data">(.*?)</script>', html, re.S)
    return json.loads(block.group(1))


def test_play_is_an_optional_door_and_the_page_finds_the_games_that_have_it():
    assert "play" in OPTIONAL_DOORS
    assert kinds() == [kind for kind in KINDS if offers(game(kind), "play")]
    assert "cliquer" in kinds()


def test_a_code_names_its_game_and_board():
    kind, board = read_code(CODE.lower().replace("-", " "))
    assert kind == "cliquer" and len(board.dots) == 8
    assert read_code("not a code at all") is None


def test_the_page_holds_everything_it_plays_with():
    kind, board = read_code(CODE)
    html = page(kind, board)
    assert not re.search(r'<(script|link|img)[^>]+(src|href)=', html), "the page must need no other file"
    data = _data(html)
    assert data["board"]["code"] == CODE and data["board"]["dots"] == [list(d) for d in board.dots]
    assert data["board"]["names"] == list("ABCDEFGH")
    assert "window.CliqueR" in html or "root.CliqueR" in html
    assert data["lang"] == "en" and data["dir"] == "ltr"


def test_served_the_page_points_at_its_script_and_style_instead():
    kind, board = read_code(CODE)
    html = page(kind, board, linked="/play/")
    assert '<script src="/play/cliquer.js"></script>' in html
    assert '<link rel="stylesheet" href="/play/cliquer.css">' in html
    assert "<style>" not in html and "root.CliqueR" not in html


def test_nothing_in_the_data_can_end_its_block():
    kind, board = read_code(CODE)
    html = page(kind, board, back="</script><script>alert(1)</script>")
    assert html.count("</script>") == 2      # the data's, and the script's
    assert _data(html)["back"] == "</script><script>alert(1)</script>"


def _filled(said: dict, key: str, facts: dict) -> str:
    """What the page's script (page.js, say()) makes of a sentence: the language's form for
    the count, numbers in its digits, a dot's name isolated on a right-to-left page."""
    text = said["words"][key]
    if isinstance(text, dict):
        k = facts["n"]
        text = text["forms"][int(text["which"][k if k < COUNTED else COUNTED - 100 + k % 100])]

    def fact(m):
        value = facts[m.group(1)]
        if isinstance(value, int):
            text = str(value) if not said["thousands"] else f"{value:,}".replace(",", "#")
            return "".join(said["thousands"] if d == "#" else said["digits"][int(d)] for d in text)
        if said["dir"] == "rtl" and re.search("[A-Za-z]", value):
            return "\u2068" + value + "\u2069"
        return value

    return re.sub(r"\{(\w+)\}", fact, text)


@pytest.mark.parametrize("code", CODES)
def test_every_sentence_the_page_fills_is_the_one_python_says(code):
    """Each sentence of the table, filled as the script fills it, is word for word what the
    Message says in that language with the same facts (counts from 0 to past COUNTED)."""
    from pnp.games.cliquer.playing.words import WORDS
    from pnp.i18n.message import Message

    said = table(WORDS, code)
    assert said["dir"] == language(code).direction and len(said["digits"]) == 10
    for key, word in WORDS.items():
        sample = word(2) if callable(word) else word
        names = sorted((set(_slots(str(sample.msgid))) | set(_slots(sample.plural or "")))
                       - ({"n"} if callable(word) else set()))
        facts = {name: "BC"[i % 2] if name not in ("first", "second", "move", "most", "n", "points")
                 else 7 * i
                 for i, name in enumerate(names)}
        for n in ([0, 1, 2, 3, 5, 11, 12, 99, 100, 101, 102, 111, 1001, 1002, 1011] if callable(word) else [None]):
            message = word(n) if callable(word) else word
            facts_n = {**facts, **({"n": n} if n is not None else {})}
            python = Message(message.msgid, message.plural, facts_n.get("n"), message.context,
                             **{k: v for k, v in facts_n.items() if k != "n"}).say(code)
            assert _filled(said, key, facts_n) == python, (code, key, n)


def _slots(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_page_runs_the_way_its_language_does():
    kind, board = read_code(CODE)
    html = page(kind, board, code="ar")
    assert '<html lang="ar" dir="rtl">' in html
    assert _data(html)["words"]["undo"] == "تراجع"
