"""Every page of `pnp serve` checked by axe-core inside Debian's Chromium, at a laptop's width and
a phone's: no violation of serious or critical impact. And a field reached by the keyboard is
never hidden under the sticky button bar."""

from __future__ import annotations

import os
import time

import pytest

from web_helpers import ROOT, built  # noqa: F401 (the fixture)
from web_live import AXE, chromium, have_axe, have_browser, live_server

if not (have_browser() and have_axe()):
    if os.environ.get("CI"):
        raise RuntimeError("the accessibility tests need chromium, chromium-driver and axe-core "
                           "(.ci/run installs them: apt, then npm ci --prefix tests/web); "
                           "refusing to skip them in CI")
    pytest.skip(f"no Chromium or no {AXE} (npm ci --prefix tests/web)", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from web_live import axe  # noqa: E402

pytestmark = pytest.mark.slow      # drives Chromium; CI runs it

WIDTHS = {"laptop": (1366, 768), "phone": (390, 844)}
NINE_DOTS = "R1-3MQZ-59RN-AKB5-3T0Y-5NSC-NM94-A"
ELEVEN_DOTS = "R1-RCYC-ACY9-VEJM-XEEY-CXWZ-7YHN-MBTC"


@pytest.fixture(scope="module")
def site():
    from pnp.web.app import read_layouts

    with live_server(layouts=read_layouts([ROOT / "layouts"]), warm=False) as url:
        yield url


@pytest.fixture(scope="module", params=list(WIDTHS))
def browser(request, site):
    with chromium(*WIDTHS[request.param]) as driver:
        yield driver


def wait(driver, seconds=60):
    return WebDriverWait(driver, seconds, poll_frequency=0.05)


def submit(driver, field: str, value: str, button: str = "form.inline-form button") -> None:
    box = driver.find_element(By.ID, field)
    box.clear() if box.get_attribute("type") != "file" else None
    box.send_keys(value)
    driver.find_element(By.CSS_SELECTOR, button).click()


# each: what the page is, and how the browser gets there
def start(d, url):
    d.get(url + "/")


def class_set(d, url):
    d.get(url + "/make?layout=class-set")
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))


def a_mistake(d, url):
    class_set(d, url)
    box = d.find_element(By.ID, "f-items.0.dots")
    box.clear()
    box.send_keys("80")
    wait(d).until(lambda d: d.find_element(By.ID, "e-items.0.dots").text)


def empty_pack(d, url):
    d.get(url + "/make")


def built_pack(d, url):
    class_set(d, url)
    d.find_element(By.ID, "build").click()
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".downloads a"))


def board_of_the_day(d, url):
    d.get(url + "/daily?date=2026-11-26")


def check_page(d, url):
    d.get(url + "/validate")


def checked(d, url, path):
    check_page(d, url)
    submit(d, "pdf", str(path))
    wait(d).until(lambda d: d.find_elements(By.ID, "verdict"))


def look_page(d, url):
    d.get(url + "/analyze")


def looked(d, url):
    d.get(url + "/analyze?code=" + NINE_DOTS)
    d.find_element(By.CSS_SELECTOR, "form.inline-form button").click()
    wait(d).until(lambda d: d.find_elements(By.ID, "stepper"))


def looking_long(d, url):
    d.get(url + "/analyze")
    d.execute_script("var f = document.querySelector('form.inline-form');"
                     "var i = document.createElement('input'); i.type = 'hidden'; i.name = 'longer';"
                     "i.value = 'yes'; f.appendChild(i);")
    submit(d, "code", ELEVEN_DOTS)
    wait(d).until(lambda d: d.find_elements(By.ID, "work"))


PAGES = {"start": start, "class set": class_set, "a mistake": a_mistake, "empty pack": empty_pack,
         "built": built_pack, "board of the day": board_of_the_day, "check": check_page,
         "look": look_page, "looked": looked, "looking long": looking_long}


@pytest.mark.parametrize("page", list(PAGES))
def test_no_serious_accessibility_violation(site, browser, page):
    PAGES[page](browser, site)
    found = axe(browser)
    assert not found, found
    if page == "looking long":          # stop the work it started
        browser.find_element(By.ID, "cancel").click()
        wait(browser).until(lambda d: d.find_elements(By.ID, "stopped"))
        assert not axe(browser)


@pytest.mark.parametrize("which", ["good", "forged"])
def test_no_serious_accessibility_violation_in_a_check(site, browser, built, which):
    checked(browser, site, built[0] if which == "good" else built[1])
    found = axe(browser)
    assert not found, found


def test_a_field_reached_by_the_keyboard_is_never_under_the_button_bar(site, browser):
    class_set(browser, site)
    d = browser
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


def test_the_checker_finds_what_it_should(browser):
    """The harness can fail: a page with an unlabelled field and a picture without words."""
    browser.get("data:text/html,<html lang=en><title>t</title><main><img src=x.png>"
                "<input type=text></main></html>")
    assert {"image-alt", "label"} <= {v["id"] for v in axe(browser)}
