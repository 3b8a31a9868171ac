"""The page's screenshots in the docs show the page as it is now (tests/web/shots.py): a
changed template, word, style or script fails here until `python tests/web/shots.py` is run."""

from __future__ import annotations

import os
import re

import pytest

from web_live import have_browser

if not have_browser():
    if os.environ.get("CI"):
        raise RuntimeError("the screenshot check needs chromium and chromium-driver; refusing to "
                           "skip it in CI")
    pytest.skip("no /usr/bin/chromium or /usr/bin/chromedriver", allow_module_level=True)

import shots  # noqa: E402

pytestmark = pytest.mark.slow      # drives Chromium through every state shown


@pytest.fixture(scope="module")
def prints():
    return shots.take(None)


def test_every_screenshot_shows_the_page_as_it_is(prints):
    stale = shots.stale(prints)
    assert not stale, "\n".join(stale) + "\nrun: python tests/web/shots.py"


def test_a_changed_page_is_caught(prints):
    changed = dict(prints, **{"web-form": "0" * 64})
    assert shots.stale(changed) == ["web-form: the page changed since the screenshot was taken"]


def test_every_screenshot_shown_in_the_docs_is_made_by_the_script():
    shown = set()
    for page in [shots.ROOT / "README.md", *sorted((shots.ROOT / "docs").rglob("*.md"))]:
        shown |= set(re.findall(r"images/(web-[\w-]+)\.png", page.read_text(encoding="utf-8")))
    assert shown and shown <= set(shots.names()), shown - set(shots.names())
