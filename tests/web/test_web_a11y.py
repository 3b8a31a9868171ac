"""Every page of `pnp serve`, visited once in Debian's Chromium at a laptop's width and a
phone's: axe-core finds no violation of serious or critical impact on any, the screenshots in
the docs show each page as it is now (tests/web/shots.py), and a field reached by the keyboard
is never hidden under the sticky button bar.

In the other languages, at both widths (the least visits that cover what a language changes):
every page in Arabic, the one language written right to left (its layout mirrors), and the
start page and the class set's page in every language (every word of those two is translated,
and the form's labels and help are the option model's through the catalog). The states that
differ only in what work shows (a build, a check, a look) are visited in English: their words
are the same catalog's.
"""

from __future__ import annotations

import os
import time

import pytest

from web_helpers import ROOT
from web_live import AXE, chromium, have_axe, have_browser, live_server

if not (have_browser() and have_axe()):
    if os.environ.get("CI"):
        raise RuntimeError("the page tests need chromium, chromium-driver and axe-core "
                           "(.ci/run installs them: apt, then npm ci --prefix tests/web); "
                           "refusing to skip them in CI")
    pytest.skip(f"no Chromium or no {AXE} (npm ci --prefix tests/web)", allow_module_level=True)

import shots  # noqa: E402
from pnp import i18n  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from web_live import axe  # noqa: E402

pytestmark = pytest.mark.slow      # drives Chromium; CI runs it

ELEVEN_DOTS = "R1-RCYC-ACY9-VEJM-XEEY-CXWZ-7YHN-MBTC"


# the states the screenshots show (shots.SHOTS), and these besides: (driver, url, a PDF)
def empty_pack(d, url, _):
    d.get(url + "/make")


def check_page(d, url, _):
    d.get(url + "/validate")


def checked_good(d, url, good):
    shots.validate(d, url, good)


def look_page(d, url, _):
    d.get(url + "/analyze")


def looking_long_then_stopped(d, url, _):
    """The long work's page, checked while it runs; the state left is the stopped note."""
    d.get(url + "/analyze")
    d.execute_script("var f = document.querySelector('form.inline-form');"
                     "var i = document.createElement('input'); i.type = 'hidden'; i.name = 'longer';"
                     "i.value = 'yes'; f.appendChild(i);")
    d.find_element(By.ID, "code").send_keys(ELEVEN_DOTS, Keys.ENTER)
    shots.until(d, lambda d: d.find_elements(By.ID, "work"))
    found = axe(d)
    d.find_element(By.ID, "cancel").click()
    shots.until(d, lambda d: d.find_elements(By.ID, "stopped"))
    return found


EXTRA = {"empty-pack": empty_pack, "check": check_page, "checked-good": checked_good,
         "look": look_page, "looking-long": looking_long_then_stopped}
STATES = [(name, tag) for name, (_, tags, _) in shots.SHOTS.items() for tag in tags] + \
         [(name, tag) for name in EXTRA for tag in shots.WIDTHS]

# (page, language): every page right to left (its class set is a screenshot's state, above);
# the start page and the class set in every language
RIGHT_TO_LEFT = "ar"
EVERY_PAGE = ["/", "/make?kind=circles", "/validate", "/analyze",
              f"/daily?date={shots.DAY}", "/for/nobody"]
IN_LANGUAGES = [(page, RIGHT_TO_LEFT) for page in EVERY_PAGE] + \
               [(page, code) for code in i18n.CODES if code not in (i18n.ENGLISH, RIGHT_TO_LEFT)
                for page in ("/", "/for/teachers")]
LANGUAGE_STATES = [(page, code, tag) for page, code in IN_LANGUAGES for tag in shots.WIDTHS]


@pytest.fixture(scope="module")
def visited(tmp_path_factory):
    """Every state at its widths, once: axe's findings and the page's print."""
    from pnp.web.app import read_layouts

    forged = shots.make_forged(tmp_path_factory.mktemp("shots"))      # as the screenshots' own
    good = forged.parent / "week.pdf"
    static = shots.static_bytes()
    out = {}
    with live_server(layouts=read_layouts([ROOT / "layouts"])) as url:
        for tag, width in shots.WIDTHS.items():
            with chromium(width, 900) as d:
                for name, tags_state in [*((n, s) for n, (s, tags, _) in shots.SHOTS.items() if tag in tags),
                                         *EXTRA.items()]:
                    d.set_window_size(width, 900)
                    before = tags_state(d, url, good if name == "checked-good" else forged) or []
                    out[name, tag] = (before + axe(d), shots.page_print(d, static))
                # last, as the switch keeps its choice for the pages after it
                for page, code in IN_LANGUAGES:
                    d.get(f"{url}{page}{'&' if '?' in page else '?'}lang={code}")
                    shown = d.execute_script("var h = document.documentElement;"
                                             "return [h.lang, h.dir, h.scrollWidth, h.clientWidth];")
                    out[page, code, tag] = (axe(d), shown)
    return out


@pytest.mark.parametrize("state", STATES, ids=[f"{n}{t or '-laptop'}" for n, t in STATES])
def test_no_serious_accessibility_violation(visited, state):
    found, _ = visited[state]
    assert not found, found


@pytest.mark.parametrize("state", LANGUAGE_STATES, ids=[f"{c}{p}{t or '-laptop'}" for p, c, t in LANGUAGE_STATES])
def test_no_serious_accessibility_violation_in_any_language(visited, state):
    """And the page says its language and direction, and nothing spills past the window's side
    (a right-to-left page that overflows scrolls the wrong way)."""
    page, code, tag = state
    found, (lang, direction, content_width, window_width) = visited[state]
    assert not found, found
    assert (lang, direction) == (code, i18n.language(code).direction)
    assert content_width <= window_width, (content_width, window_width)


def test_every_screenshot_shows_the_page_as_it_is(visited):
    prints = {key[0] + key[1]: page for key, (_, page) in visited.items()
              if len(key) == 2 and key[0] in shots.SHOTS}
    stale = shots.stale(prints)
    assert not stale, "\n".join(stale) + "\nrun: python tests/web/shots.py"
    changed = dict(prints, **{"web-form": "0" * 64})        # and a changed page is caught
    assert shots.stale(changed) == ["web-form: the page changed since the screenshot was taken"]


def test_every_screenshot_shown_in_the_docs_is_made_by_the_script():
    import re

    shown = set()
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        shown |= set(re.findall(r"images/(web-[\w-]+)\.png", page.read_text(encoding="utf-8")))
    assert shown and shown <= set(shots.names()), shown - set(shots.names())


@pytest.fixture(scope="module", params=list(shots.WIDTHS))
def browser(request):
    from pnp.web.app import read_layouts

    with live_server(layouts=read_layouts([ROOT / "layouts"]), warm=False) as url:
        with chromium(shots.WIDTHS[request.param], 844) as driver:
            driver.site = url
            yield driver


def test_the_checker_finds_what_it_should(browser):
    """The harness can fail: a page with an unlabelled field and a picture without words."""
    browser.get("data:text/html,<html lang=en><title>t</title><main><img src=x.png>"
                "<input type=text></main></html>")
    assert {"image-alt", "label"} <= {v["id"] for v in axe(browser)}


def test_a_field_reached_by_the_keyboard_is_never_under_the_button_bar(browser):
    d = browser
    shots.form(d, d.site, None)
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    hidden = []
    for _ in range(40):
        el = d.switch_to.active_element
        time.sleep(0.02)
        covered = d.execute_script(
            "var el = arguments[0], bar = document.querySelector('.actions');"
            "if (!bar || bar.contains(el) || el === document.body) { return false; }"
            "var r = el.getBoundingClientRect(), b = bar.getBoundingClientRect();"
            "return r.height > 0 && r.bottom > b.top && r.top < b.bottom;", el)
        if covered:
            hidden.append(el.get_attribute("id") or el.tag_name)
        el.send_keys(Keys.TAB)
    assert not hidden, hidden
