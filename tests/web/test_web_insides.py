"""No internals on any page or in any JSON (issue 43): a full disk, a failure to keep a build,
the operating system's words, go to the server's log; the page says plain words. And every
"busy" answer (503) says when to come back (Retry-After)."""

from __future__ import annotations

import errno
import logging
import os
import re
import tempfile

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pnp.web import keeping
from pnp.web.app import RETRY_SECONDS, create_app
from pnp.web.insides import shows_insides
from pnp.web.jobs import Busy
from web_helpers import BASE, ROOT, post, token_of, wait_for

CLASS_SET = {"title": "Graph theory week", "seed": "2026-11-21", "items.0.kind": "cliquer",
             "items.0.count": "4", "items.0.dots": "8", "items.0.difficulty": "medium",
             "items.0.worksheet": "true"}
# what a page must never carry: a path on the server, the system's words, Python's
INTERNAL = re.compile(r"/tmp|pnp-web-|pnp-serve-|pnp-kept-|No space left|Errno|OSError|Traceback|"
                      + re.escape(tempfile.gettempdir() + os.sep))


def app(**kwargs):
    from pnp.web.gallery import read_layouts

    kwargs.setdefault("layouts", read_layouts([ROOT / "layouts"]))
    return create_app("127.0.0.1", 8000, workers=1, warm=False, **kwargs)


@pytest.fixture()
def web():
    with TestClient(app(), base_url=BASE, raise_server_exceptions=False) as client:
        client.token = token_of(client.get("/").text)
        yield client


# --- what counts as insides -----------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "cannot write /tmp/pnp-serve-ab12/pnp-web-cd34/class-set.pdf: No space left on device",
    "[Errno 28] No space left on device",
    "Permission denied",
    "the validator failed (PdfError: stream <_io.BytesIO object at 0x7f8a12345678>)",
    "cannot read C:\\Users\\pnp\\x.yaml",
    "pnp-web-3k2j9 is gone",
])
def test_a_line_naming_the_servers_insides_is_for_the_log(line):
    assert shows_insides(line)


@pytest.mark.parametrize("line", [
    "spec.yaml:3:5: count must be between 1 and 200, not 300",
    "this page makes at most 200 boards at once, and this asks for 300: ask for fewer",
    "items[0].dots: 8/9 of the dots are inside the hull",
    "Choose a date between the years 2000 and 2200 (1999-01-01 is not).",
    "R1-3MQZ-59RN-AKB5 is a board's ID, not its code",
])
def test_a_users_own_mistake_is_said_as_it_is(line):
    assert not shows_insides(line)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
       st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", min_size=4, max_size=12),
       st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_any_line_holding_a_jobs_folder_is_for_the_log(before, name, after):
    folder = os.path.join(tempfile.gettempdir(), "pnp-web-" + name)
    assert shows_insides(before + folder + after, (folder,))
    assert shows_insides(before + "pnp-web-" + name + after, (folder,))


# --- a full disk --------------------------------------------------------------------------------

def test_a_full_disk_shows_no_path_and_no_system_words_and_the_log_has_them(web, monkeypatch,
                                                                            caplog):
    """Every PDF the workers write goes to /dev/full (ENOSPC on write, as a full disk): the
    preview's JSON, the build's status JSON and its page say plain words; the log has the
    path. On main the page said "Cannot write <temp>/pnp-serve-XXXX/pnp-web-XXXX/class-set.pdf:
    No space left on device"."""
    import web_slow_work
    from pnp.web import work

    monkeypatch.setattr(work, "build_spec", web_slow_work.full_disk_build)
    caplog.set_level(logging.ERROR, logger="pnp.web")
    r = post(web, "/preview", CLASS_SET)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert not answer["ok"] and answer["general"], answer
    assert not INTERNAL.search(r.text), r.text

    r = post(web, "/build", CLASS_SET)
    assert r.status_code == 200, r.text
    url = r.json()["url"]
    status = wait_for(web, url)
    assert status["state"] in ("refused", "failed") and status["general"], status
    assert not INTERNAL.search(web.get(url + "/status").text)
    page = web.get(url)
    assert not INTERNAL.search(page.text), page.text
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "No space left on device" in logged and ".pdf" in logged


def test_a_build_that_cannot_be_kept_on_a_full_disk_says_plain_words(web, monkeypatch, caplog):
    """The PDFs made, but the server's disk full as it keeps them (``keeping.store``)."""
    def full(folder, job):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(folder / job.id / "0.pdf"))

    monkeypatch.setattr(keeping, "store", full)
    caplog.set_level(logging.ERROR, logger="pnp.web")
    r = post(web, "/build", CLASS_SET)
    url = r.json()["url"]
    status = wait_for(web, url)
    assert status["state"] == "failed" and status["general"], status
    for text in (web.get(url + "/status").text, web.get(url).text):
        assert not INTERNAL.search(text), text
    assert any("No space left on device" in r.getMessage() for r in caplog.records)


# --- busy: every 503 says when to try again -------------------------------------------------------

def busy(*args, **kwargs):
    from pnp.web import say

    raise Busy(say.BUSY)


@pytest.mark.parametrize("how, url, data", [
    ("post", "/preview", CLASS_SET),
    ("post", "/build", CLASS_SET),
    ("form", "/make", {**CLASS_SET, "action": "build"}),
    ("get", "/daily?date=2031-01-13", None),
])
def test_every_busy_answer_says_when_to_try_again(web, monkeypatch, how, url, data):
    pool = _site(web).pool
    monkeypatch.setattr(pool, "submit", busy)
    monkeypatch.setattr(pool, "merged", busy)
    if how == "get":
        r = web.get(url)
    elif how == "form":
        r = post(web, url, data, json_reply=False)
    else:
        r = post(web, url, data)
    assert r.status_code == 503, (r.status_code, r.text[:300])
    assert r.headers["retry-after"] in (str(RETRY_SECONDS), "2")
    assert not INTERNAL.search(r.text)


def _site(web):
    """The Site behind the guard and its layers."""
    layer = web.app
    while not hasattr(layer, "state"):
        layer = layer.app
    return layer.state.site
