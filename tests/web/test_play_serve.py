"""`pnp serve` plays a board: /play for a board code (Look at a board's "Play") and for a board
of the day (its page's "Play"), the game's script and style from /play/, and nothing inline
that the server's Content-Security-Policy would stop."""

from __future__ import annotations

import datetime as dt
import json
import re

from web_helpers import followed as _followed, post, web  # noqa: F401 (the fixture)

from pnp import services
from pnp.games.cliquer.codes import encode

SEVEN = "R1-4C11-4N0R-GW2G-AXM9-5M7H-T"


def _data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" id="play-data">(.*?)</script>', html, re.S)[1])




def test_a_code_is_played_with_the_script_and_style_from_the_server(web):
    r = web.get("/play", params={"code": SEVEN.lower()})
    assert r.status_code == 200
    html = r.text
    assert '<script src="/play/cliquer.js"></script>' in html and "<style>" not in html
    assert not re.search(r"<script>(?!\s*$)", html), "an inline script would be stopped by the CSP"
    assert _data(html)["board"]["code"] == SEVEN
    assert "script-src 'self'" in r.headers["content-security-policy"]
    js, css = web.get("/play/cliquer.js"), web.get("/play/cliquer.css")
    assert js.status_code == css.status_code == 200
    assert js.headers["content-type"].startswith("text/javascript") and "CliqueR" in js.text
    assert css.headers["content-type"].startswith("text/css")


def test_the_page_is_in_the_visitors_language(web):
    html = web.get("/play", params={"code": SEVEN}, headers={"accept-language": "fr"}).text
    assert '<html lang="fr" dir="ltr">' in html and _data(html)["words"]["undo"] == "Annuler"


def test_what_is_not_a_board_is_one_line(web):
    for params in ({"code": ""}, {"code": "R1-XXXX"}, {"code": "x" * 2000}, {"date": "2026-11-26", "n": "9"},
                   {"date": "not a date"}):
        r = web.get("/play", params=params)
        assert 400 <= r.status_code < 500 and "Traceback" not in r.text, params
    for name in ("nothing.js", "cliquer.exe", "..%2Fpnp.css", "cliquer"):
        assert web.get(f"/play/{name}").status_code == 404


def test_the_board_of_the_day_and_look_at_a_board_link_their_boards_to_play(web):
    day = dt.date(2026, 11, 26)
    status, html = _followed(web, web.get(f"/daily?date={day.isoformat()}"))
    assert status == 200
    links = re.findall(r'<a class="button" href="(/play\?date=[^"]+)">Play</a>', html)
    assert links == [f"/play?date={day.isoformat()}&amp;n=0"]
    played = web.get(links[0].replace("&amp;", "&"))
    kind, board = services.daily_playable(day)[0]
    assert played.status_code == 200 and _data(played.text)["board"]["code"] == encode(board.dots, board.grid)
    status, html = _followed(web, post(web, "/analyze", {"code": SEVEN}, json_reply=False))
    assert status == 200
    assert re.findall(r'<a class="button" href="(/play\?code=[^"]+)">Play</a>', html) == \
        [f"/play?code={SEVEN}"]
