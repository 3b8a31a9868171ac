"""A class set's finished page lists every board it printed, its ID and its code, each with a
"Play" link to /play: the codes are the ones the PDFs record (the boards actually printed), and
each link plays exactly that board (issue 45)."""

from __future__ import annotations

import html as html_lib
import json
import re

from web_helpers import post, wait_for, web  # noqa: F401 (the fixture)

from pnp.verify.record import read_payload


def _class_set(web, tmp_path, count: int, keys_apart: bool) -> tuple[str, list[dict]]:
    """The finished page of a class set built on /for/teachers, and the board records of the
    PDFs it offers for download, in file order."""
    data = {"items.0.kind": "cliquer", "items.0.count": str(count), "items.0.difficulty": "easy",
            "page.size": "A4", "title": "Play them", "items.0.worksheet": "true",
            "seed": f"play-{count}", "action": "build"}
    if keys_apart:
        data["keys_apart"] = "true"
    r = post(web, "/for/teachers", data, json_reply=False)
    assert r.status_code == 303
    status = wait_for(web, r.headers["location"])
    assert status["state"] == "done"
    records = []
    for n, f in enumerate(status["files"]):
        path = tmp_path / f"{n}.pdf"
        path.write_bytes(web.get(f["url"]).content)
        records.append(read_payload(path)["boards"])
    return web.get(r.headers["location"]).text, records


def _rows(page: str) -> list[tuple[str, str, str]]:
    """(board ID, code shown, Play link's address) of each row of the page's list of boards."""
    table = re.search(r'<table class="play-list".*?</table>', page, re.S)
    assert table, "the finished page lists no boards to play"
    return [(ident, code, html_lib.unescape(href)) for ident, code, href in re.findall(
        r'<th scope="row" id="board-\d+">([^<]+)</th><td><code>([^<]+)</code> '
        r'<a class="play" href="([^"]+)" aria-describedby="board-\d+">Play</a>', table[0])]


def _played_code(web, href: str) -> str:
    r = web.get(href)
    assert r.status_code == 200, href
    data = re.search(r'<script type="application/json" id="play-data">(.*?)</script>', r.text, re.S)
    return json.loads(data[1])["board"]["code"]


def test_every_board_of_a_class_set_is_one_play_link_from_its_page(web, tmp_path):
    page, records = _class_set(web, tmp_path, 3, keys_apart=True)
    sheets, keys = records
    printed = [(r["data"]["ident"], r["data"]["code"]) for r in sheets]
    assert len(printed) == 3 and len(set(printed)) == 3
    # the answer keys apart print the same boards: listed once, in the sheets' order
    assert [(r["data"]["ident"], r["data"]["code"]) for r in keys] == printed
    rows = _rows(page)
    assert [(ident, code) for ident, code, _ in rows] == printed
    for ident, code, href in rows:
        assert href.startswith("/play?code=")
        assert _played_code(web, href) == code


def test_thirty_boards_in_one_pdf_are_thirty_rows(web, tmp_path):
    page, records = _class_set(web, tmp_path, 30, keys_apart=False)
    (boards,) = records
    printed = [(r["data"]["ident"], r["data"]["code"]) for r in boards]
    assert len(set(printed)) == 30
    rows = _rows(page)
    assert [(ident, code) for ident, code, _ in rows] == printed
    # one row's link followed is enough here: the first test follows every one of its links
    assert _played_code(web, rows[-1][2]) == printed[-1][1]

