"""In a real browser (Debian's headless Chromium): a preview answered "busy" (503) is asked
again by the page itself after the server's Retry-After, saying so meanwhile, until it is drawn
(issue 43: in a rush the page did not retry, and teachers were turned away)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from web_live import chromium, have_browser, live_server

if not have_browser():
    if os.environ.get("CI"):
        raise RuntimeError("the browser tests need chromium and chromium-driver (.ci/run installs "
                           "them); refusing to skip them in CI")
    pytest.skip("no /usr/bin/chromium or /usr/bin/chromedriver", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

BUSY_TIMES = 2          # the first previews the pool turns away


def test_a_busy_preview_is_asked_again_by_the_page_until_it_is_drawn(monkeypatch):
    from pnp.web import say
    from pnp.web.app import read_layouts
    from pnp.web.jobs import Busy, Pool

    asked: list[str] = []
    lock = threading.Lock()
    submit = Pool.submit

    def sometimes_busy(self, what, *args, **kwargs):
        if what == "preview":
            with lock:
                asked.append(what)
                if len(asked) <= BUSY_TIMES:
                    raise Busy(say.BUSY)
        return submit(self, what, *args, **kwargs)

    monkeypatch.setattr(Pool, "submit", sometimes_busy)
    with live_server(layouts=read_layouts([ROOT / "layouts"]), warm=False, workers=1) as url, \
            chromium(1280, 900) as d:
        d.get(url + "/for/teachers")
        status = d.find_element(By.ID, "preview-status")
        retrying = status.get_attribute("data-retrying")
        assert retrying
        # the page says it will try again (no wall-time assert: a generous timeout only)
        WebDriverWait(d, 60, poll_frequency=0.02).until(
            lambda d: status.text == retrying or len(asked) > BUSY_TIMES)
        WebDriverWait(d, 120, poll_frequency=0.1).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))
        assert len(asked) == BUSY_TIMES + 1         # asked again by itself, once per busy answer
        assert status.text != retrying
        # "busy" was not left above the form as a mistake to put right
        assert not d.find_element(By.ID, "general").text.strip()
