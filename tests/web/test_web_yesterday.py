"""Yesterday's answer on a shared server (issue 43): worked out once a date in the background,
whatever the number of reloads, not cut short by the shared mode's per-job limit, and what came
of it remembered: an answer, a date the game's budget could not work out, or one past the
page's memory. On main each reload of a date whose answer needs more than the shared mode's
120 s started it again (it was stopped at 120 s, forgotten, and never appeared)."""

from __future__ import annotations

import re
import time

import pytest
from markupsafe import escape
from starlette.testclient import TestClient

from pnp.web import work
from pnp.web.turns import BACKGROUND
from web_helpers import BASE, ROOT, counting, token_of
from web_slow_work import ANSWER, NOT_WORKED_OUT, budget_spent, no_answer, slow_answer


def app(**kwargs):
    from pnp.web.app import create_app
    from pnp.web.gallery import read_layouts

    return create_app("127.0.0.1", 8000, workers=1, warm=False,
                      layouts=read_layouts([ROOT / "layouts"]), **kwargs)


@pytest.fixture()
def web():
    """The shared mode's app (``--public``): its per-job limit, its caps per client."""
    with TestClient(app(public=True), base_url=BASE, raise_server_exceptions=False) as client:
        client.token = token_of(client.get("/").text)
        yield client


def site_of(web):
    layer = web.app
    while not hasattr(layer, "state"):
        layer = layer.app
    return layer.state.site


def until_finished(web, day: str) -> str:
    """The date's page, reloaded as a page without script does until the answer's work ended."""
    deadline = time.monotonic() + 120
    html = web.get(f"/daily?date={day}").text
    while 'id="work"' in html:
        assert time.monotonic() < deadline
        time.sleep(0.2)
        html = web.get(f"/daily?date={day}").text
    return html


def test_reloads_while_it_is_worked_out_start_it_once_past_the_shared_per_job_limit(web, monkeypatch):
    site = site_of(web)
    site.pool.most_seconds = 1.0        # the shared mode's per-job limit, shorter than the work
    monkeypatch.setattr(work, "yesterday", slow_answer)     # about 5 s of work
    started = counting(site)
    first = web.get("/daily?date=2031-01-13").text
    # the page says it is being worked out, and follows it (it reloads itself when it ends)
    assert 'id="work"' in first and "being played through" in first
    assert '<meta http-equiv="refresh"' in first
    reloads = 1
    html = first
    while 'id="work"' in html:
        html = web.get("/daily?date=2031-01-13").text
        reloads += 1
        time.sleep(0.1)
    assert reloads > 3                  # it was asked for many times while it ran ...
    assert started.count("yesterday") == 1      # ... and worked out once, past the 1 s limit
    assert str(escape(ANSWER)) in html
    # remembered: more reloads start nothing, and the pool keeps no job for it
    for _ in range(5):
        assert str(escape(ANSWER)) in web.get("/daily?date=2031-01-13").text
    assert started.count("yesterday") == 1
    assert not any(j.what == "yesterday" for j in site.pool.jobs.values())


def test_it_takes_no_worker_of_the_lanes_pages_are_served_from(web, monkeypatch):
    """The answer's job waits and runs in the background lane (one at a time, no client's)."""
    site = site_of(web)
    monkeypatch.setattr(work, "yesterday", slow_answer)
    web.get("/daily?date=2031-01-20")
    [job] = [j for j in site.pool.jobs.values() if j.what == "yesterday"]
    assert job.client is None
    lanes = site.pool.lanes
    assert lanes[BACKGROUND].slots == 1
    assert all(lane.busy() == 0 for name, lane in lanes.items() if name != BACKGROUND)
    until_finished(web, "2031-01-20")


def test_a_date_the_budget_could_not_work_out_is_said_and_not_tried_again(web, monkeypatch):
    site = site_of(web)
    started = counting(site)
    monkeypatch.setattr(work, "yesterday", budget_spent)
    html = until_finished(web, "2031-02-10")
    assert str(escape(NOT_WORKED_OUT)) in html
    monkeypatch.setattr(work, "yesterday", slow_answer)     # would answer, if it were asked
    for _ in range(3):
        assert str(escape(NOT_WORKED_OUT)) in web.get("/daily?date=2031-02-10").text
    assert started.count("yesterday") == 1


def test_a_date_past_the_pages_memory_is_said_and_not_tried_again(web, monkeypatch):
    site = site_of(web)
    started = counting(site)
    monkeypatch.setattr(work, "yesterday", no_answer)       # MemoryError in the worker
    html = until_finished(web, "2031-02-11")
    assert 'id="cannot"' in html and "cannot be worked out on this computer" in html
    assert "Reload the page" not in html
    monkeypatch.setattr(work, "yesterday", slow_answer)
    html = web.get("/daily?date=2031-02-11").text
    assert 'id="cannot"' in html and 'id="work"' not in html
    assert started.count("yesterday") == 1


def test_the_outcome_is_remembered_when_nobody_is_looking(web, monkeypatch):
    """Asked once, the page left: the work ends unwatched and the next visit shows it at once."""
    site = site_of(web)
    started = counting(site)
    monkeypatch.setattr(work, "yesterday", slow_answer)
    first = web.get("/daily?date=2031-03-01").text
    assert 'id="work"' in first
    [job] = [j for j in site.pool.jobs.values() if j.what == "yesterday"]
    deadline = time.monotonic() + 120
    while "2031-03-01" not in site.answers.known:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    html = web.get("/daily?date=2031-03-01").text
    assert str(escape(ANSWER)) in html and 'id="work"' not in html
    assert started.count("yesterday") == 1 and job.id not in site.pool.jobs


def test_the_following_page_finds_the_work_gone_once_remembered_and_reloads(web, monkeypatch):
    monkeypatch.setattr(work, "yesterday", budget_spent)
    first = web.get("/daily?date=2031-03-05").text
    url = re.search(r'data-status="(/working/[^"/]+)/status"', first)
    until_finished(web, "2031-03-05")
    if url:                 # the script's status: finished, so the page reloads itself
        assert web.get(url.group(1) + "/status").json()["finished"] is True
