"""A rush of teachers opening the same page (issue 43): the same class set's preview, asked for
by many at once, is one job while it runs and is kept a while after, since the same spec gives
the same pages. Counted by the jobs the pool starts."""

from __future__ import annotations

import concurrent.futures

from starlette.testclient import TestClient

from pnp.web.app import create_app
from pnp.web.gallery import read_layouts
from web_helpers import BASE, ROOT, counting, post, token_of

CLASS_SET = {"title": "Graph theory week", "seed": "2026-11-21", "items.0.kind": "cliquer",
             "items.0.count": "6", "items.0.dots": "8", "items.0.difficulty": "medium",
             "items.0.worksheet": "true"}


def site_of(app):
    layer = app
    while not hasattr(layer, "state"):
        layer = layer.app
    return layer.state.site


def test_the_same_preview_asked_by_many_at_once_is_one_job_and_kept():
    app = create_app("127.0.0.1", 8000, workers=1, warm=False,
                     layouts=read_layouts([ROOT / "layouts"]))
    with TestClient(app, base_url=BASE) as web:
        web.token = token_of(web.get("/").text)
        site = site_of(app)
        started = counting(site)
        with concurrent.futures.ThreadPoolExecutor(6) as threads:      # six pages at once
            replies = list(threads.map(lambda _: post(web, "/preview", CLASS_SET), range(6)))
        assert all(r.status_code == 200 and r.json()["ok"] for r in replies), replies[0].text[:300]
        assert len({tuple(r.json()["images"]) for r in replies}) == 1
        assert started.count("preview") == 1
        again = post(web, "/preview", CLASS_SET)
        assert again.json()["images"] == replies[0].json()["images"]
        assert started.count("preview") == 1            # kept: no job at all
        other = post(web, "/preview", {**CLASS_SET, "items.0.count": "7"})
        assert other.json()["ok"] and started.count("preview") == 2
