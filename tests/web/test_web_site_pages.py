"""The pages of `pnp site`, opened from the folder (file://, no server) in Debian's Chromium at a
laptop's width and a phone's: axe-core finds no violation of serious or critical impact, the
best line's stepper works, and with scripts off the whole line is drawn and the stepper hidden."""

from __future__ import annotations

import os

import pytest

from web_live import AXE, chromium, have_axe, have_browser

if not (have_browser() and have_axe()):
    if os.environ.get("CI"):
        raise RuntimeError("the page tests need chromium, chromium-driver and axe-core "
                           "(.ci/run installs them); refusing to skip them in CI")
    pytest.skip(f"no Chromium or no {AXE} (npm ci --prefix tests/web)", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from shots import WIDTHS  # noqa: E402
from support.daily_answers import FROZEN, WEEK, moves, seed_answers  # noqa: E402
from web_live import axe  # noqa: E402

pytestmark = pytest.mark.slow      # drives Chromium; CI runs it

MONDAY = WEEK.isoformat()          # its answer: Sunday's 11 dots, the longest line of the week
PAGES = ["index.html", "archive.html", f"{MONDAY}/index.html"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from pnp.site import build

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        seed_answers()
        folder = tmp_path_factory.mktemp("site") / "daily"
        build(folder, WEEK, 7)
    return folder


@pytest.fixture(scope="module", params=list(WIDTHS.values()), ids=["laptop", "phone"])
def browser(request):
    with chromium(request.param, 900) as driver:
        yield driver


@pytest.mark.parametrize("page", PAGES)
def test_no_serious_accessibility_violation_opened_from_the_folder(site, browser, page):
    browser.get((site / page).as_uri())
    assert browser.find_element(By.TAG_NAME, "h1").text
    found = axe(browser)
    assert not found, found


def shown_steps(d) -> list[int]:
    return [int(g.get_attribute("data-step")) for g in
            d.find_elements(By.CSS_SELECTOR, ".board-picture [data-step]") if g.is_displayed()]


def test_the_stepper_walks_the_best_line_without_a_server(site, browser):
    d = browser
    d.get((site / MONDAY / "index.html").as_uri())
    length = len(moves(FROZEN["2026-11-22"][1]))
    stepper = d.find_element(By.ID, "stepper")
    assert stepper.is_displayed() and shown_steps(d) == list(range(1, length + 1))
    stepper.find_element(By.CSS_SELECTOR, '[data-go="first"]').click()
    assert shown_steps(d) == [] and d.find_element(By.ID, "step-now").text == \
        "The empty board: no line drawn yet."
    stepper.find_element(By.CSS_SELECTOR, '[data-go="next"]').click()
    stepper.find_element(By.CSS_SELECTOR, '[data-go="next"]').send_keys(Keys.ARROW_RIGHT)
    assert shown_steps(d) == [1, 2]
    assert d.find_element(By.ID, "step-now").text.startswith("Move 2: the second player draws ")
    stepper.find_element(By.CSS_SELECTOR, '[data-go="last"]').click()
    assert shown_steps(d) == list(range(1, length + 1))


def test_with_scripts_off_the_whole_line_is_drawn_and_listed(site, browser):
    d = browser
    d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        d.get((site / MONDAY / "index.html").as_uri())
        length = len(moves(FROZEN["2026-11-22"][1]))
        assert not d.find_element(By.ID, "stepper").is_displayed()
        assert shown_steps(d) == list(range(1, length + 1))
        assert len([li for li in d.find_elements(By.CSS_SELECTOR, "#steps li") if li.is_displayed()]) == length
    finally:
        d.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
