"""Every day page `pnp site` writes links a page named "Play" for each board of the day, and
one for the day before's board with its answer: pages that play from the folder, with no server
(pnp.play), the answer's perfect play in them and nothing of the day's own answer."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from pnp.site import build
from support.daily_answers import FROZEN, WEEK, seed_answers


@pytest.fixture(scope="module")
def day(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(cache))
        seed_answers()
        folder = tmp_path_factory.mktemp("site") / "daily"
        build(folder, WEEK, 1)
    return folder


def _data(path) -> dict:
    text = path.read_text("utf-8")
    return json.loads(re.search(r'<script type="application/json" id="play-data">(.*?)</script>', text, re.S)[1])


def test_every_day_page_links_its_boards_to_play(day):
    folder = day
    for page, root in ((folder / WEEK.isoformat() / "index.html", "../"), (folder / "index.html", "")):
        text = page.read_text("utf-8")
        links = re.findall(r'<a class="button" href="([^"]+)">Play</a>', text)
        assert links == [f"{root}{WEEK.isoformat()}/play-1-1.html",
                         f"{root}{WEEK.isoformat()}/play-yesterday-cliquer.html"]
        for link in links:
            assert (page.parent / link).resolve().is_file()


def test_the_day_before_is_played_with_its_answer_and_the_day_without_its_own(day):
    folder = day / WEEK.isoformat()
    before = (WEEK - dt.timedelta(days=1)).isoformat()
    margin, line = FROZEN[before]
    yesterday = _data(folder / "play-yesterday-cliquer.html")["board"]
    names = yesterday["names"]
    assert yesterday["perfect"]["margin"] == margin
    assert [f"{names[a]}-{names[b]}" for a, b in yesterday["perfect"]["line"]] == line.split()
    today = _data(folder / "play-1-1.html")["board"]
    assert today["perfect"] is None
    text = (folder / "play-1-1.html").read_text("utf-8")
    assert not re.search(r'<(script|link)[^>]+(src|href)=', text), "a page of the folder needs no other file"
