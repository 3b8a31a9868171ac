"""`pnp serve` in a real browser (Debian's headless Chromium, driven by selenium through the
system chromedriver), doing what each person the page is for does: a teacher (a class set and
its keys), a hobbyist (the board of the day, a board looked at move by move), a designer (a
pack of several games, its spec)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from web_helpers import built  # noqa: F401 (the fixture)
from web_live import chromium, have_browser, live_server

if not have_browser():
    if os.environ.get("CI"):
        raise RuntimeError("the browser tests need chromium and chromium-driver (.ci/run installs "
                           "them); refusing to skip them in CI")
    pytest.skip("no /usr/bin/chromium or /usr/bin/chromedriver (apt-get install chromium "
                "chromium-driver)", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


# slow: drives Debian's Chromium; `pytest -m "not slow"` leaves it out of a quick run, CI runs it
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site():
    from pnp.web.app import read_layouts

    with live_server(layouts=read_layouts([ROOT / "layouts"]), warm=False) as url:
        yield url


@pytest.fixture(scope="module")
def browser(site, tmp_path_factory):
    downloads = tmp_path_factory.mktemp("downloads")
    with chromium(1280, 900, downloads=str(downloads)) as driver:
        driver.downloads = downloads
        yield driver


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds, poll_frequency=0.05)


def preview_version(driver) -> str:
    return driver.find_element(By.ID, "preview-images").get_attribute("data-version") or ""


def tab_to(d, test, most: int = 80):
    """Press Tab until the focused element passes ``test``; that element."""
    from selenium.webdriver.common.keys import Keys

    for _ in range(most):
        el = d.switch_to.active_element
        if test(el):
            return el
        el.send_keys(Keys.TAB)
    raise AssertionError("never reached by Tab")


def test_a_teacher_makes_a_class_set_with_the_keyboard_alone(site, browser):
    from selenium.webdriver.common.keys import Keys

    d = browser
    d.get(site + "/")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    tab_to(d, lambda el: (el.get_attribute("href") or "").endswith("/for/teachers")).send_keys(Keys.ENTER)
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    for ident, keys in (("f-items.0.count", "28"), ("f-items.0.difficulty", "easy"),
                        ("f-page.size", None), ("f-title", "7B graph theory")):
        field = tab_to(d, lambda el: el.get_attribute("id") == ident)
        if keys is None:                  # a list: the arrow keys choose in it
            field.send_keys(Keys.ARROW_DOWN)
        else:
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys(keys)
    assert d.find_element(By.ID, "f-page.size").get_attribute("value") != "A4"
    assert d.find_element(By.ID, "f-keys_apart").is_selected()     # the keys apart already
    tab_to(d, lambda el: el.get_attribute("id") == "build").send_keys(Keys.ENTER)
    wait(d, 90).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".downloads a")))
    links = d.find_elements(By.CSS_SELECTOR, ".downloads a")
    assert [a.text for a in links] == ["class-set.pdf", "class-set-keys.pdf"]
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    for a in links:
        tab_to(d, lambda el: el.get_attribute("href") == a.get_attribute("href")).send_keys(Keys.ENTER)
    wanted = [d.downloads / a.text for a in links]
    wait(d).until(lambda _: all(p.exists() for p in wanted)
                  and not list(d.downloads.glob("*.crdownload")))
    from pnp.verify.validate import validate_file

    sheets, keys = (validate_file(p) for p in wanted)
    assert len([r for r in sheets if r.number]) == 28 and all(r.ok for r in sheets + keys)


def test_a_mistake_is_marked_beside_its_field_by_its_label(site, browser):
    d = browser
    d.get(site + "/make?layout=class-set")
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))
    first = d.find_element(By.CSS_SELECTOR, "#preview-images img").get_attribute("src")
    dots = d.find_element(By.ID, "f-items.0.dots")
    dots.clear()
    dots.send_keys("80")
    error = d.find_element(By.ID, "e-items.0.dots")
    wait(d).until(lambda d: "must be 3..40, got 80" in error.text)
    assert error.text == "How many dots: must be 3..40, got 80"
    assert dots.get_attribute("aria-invalid") == "true"
    assert not d.find_elements(By.CSS_SELECTOR, "#preview-images img")
    dots.clear()
    dots.send_keys("10")
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))
    assert error.text == ""
    assert d.find_element(By.CSS_SELECTOR, "#preview-images img").get_attribute("src") != first


def test_the_board_of_the_day_and_another_date(site, browser):
    d = browser
    d.get(site + "/daily?date=2026-11-26")
    # the answer is read where pnp daily keeps it, or worked out while the page waits
    wait(d, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answer"))
    img = d.find_element(By.CSS_SELECTOR, "img.board")
    assert img.get_attribute("src").startswith("data:image/png") and img.get_attribute("naturalWidth") != "0"
    assert "Wednesday 2026-11-25" in d.find_element(By.CSS_SELECTOR, ".answer").text
    d.find_element(By.LINK_TEXT, "← 2026-11-25").click()
    wait(d).until(lambda d: "2026-11-25" in d.find_element(By.TAG_NAME, "h2").text)


def test_a_forged_pdf_fails_in_the_browser(site, browser, built):
    good, forged = built
    d = browser
    for path, verdict in ((good, "7 ok, 0 failed"), (forged, "failed")):
        d.get(site + "/validate")
        d.find_element(By.ID, "pdf").send_keys(str(path))
        d.find_element(By.CSS_SELECTOR, "form.inline-form button").click()
        shown = wait(d).until(EC.presence_of_element_located((By.ID, "verdict")))
        assert verdict in shown.text
    assert d.find_elements(By.CSS_SELECTOR, "tr.fail")


def test_the_form_works_by_keyboard_alone(site, browser):
    from selenium.webdriver.common.keys import Keys

    d = browser
    d.get(site + "/make?kind=circles")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    focused = [d.switch_to.active_element.get_attribute("id") or d.switch_to.active_element.text]
    for _ in range(12):
        d.switch_to.active_element.send_keys(Keys.TAB)
        focused.append(d.switch_to.active_element.get_attribute("id") or d.switch_to.active_element.text)
    assert "f-title" in focused and "f-page.size" in focused
    assert focused[0] == "Skip to the content"


# --- the hobbyist ---------------------------------------------------------------------------------

NINE_DOTS = "R1-3MQZ-59RN-AKB5-3T0Y-5NSC-NM94-A"


def test_a_hobbyist_steps_through_the_best_line_by_keyboard(site, browser):
    from selenium.webdriver.common.keys import Keys

    d = browser
    d.get(site + "/analyze")
    box = d.find_element(By.ID, "code")
    box.send_keys(NINE_DOTS.lower().replace("-", " "), Keys.ENTER)
    stepper = wait(d).until(EC.visibility_of_element_located((By.ID, "stepper")))
    now = d.find_element(By.ID, "step-now")
    # a group is hidden by its class (a level line has no height to be "displayed" by)
    shown = lambda: d.execute_script(  # noqa: E731
        "return Array.from(document.querySelectorAll('.board-picture [data-step]')).filter("
        "function (g) { return getComputedStyle(g).display !== 'none'; }).length")
    assert shown() == 16 and now.text.startswith("Move 16: the second player draws H–I")
    first = stepper.find_element(By.CSS_SELECTOR, '[data-go="first"]')
    first.send_keys(Keys.ENTER)
    assert shown() == 0 and now.text == "The empty board: no line drawn yet."
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert shown() == 2 and now.text.startswith("Move 2: the second player draws A–B and scores 1")
    assert d.find_element(By.CSS_SELECTOR, '#steps [aria-current="step"]').text == now.text
    d.switch_to.active_element.send_keys(Keys.END)
    assert shown() == 16 and "first player 17, second player 23" in now.text


# --- the designer ---------------------------------------------------------------------------------

def test_a_designer_makes_a_pack_of_two_games_and_takes_its_spec(site, browser):
    d = browser
    d.get(site + "/make?kind=cliquer")
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))
    from selenium.webdriver.support.ui import Select

    Select(d.find_element(By.ID, "f-add")).select_by_value("circles")
    press(d, d.find_element(By.CSS_SELECTOR, 'button[value="add"]'))
    wait(d).until(lambda d: d.find_elements(By.ID, "item-1"))
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))
    assert "Thinking in Circles" in d.find_element(By.ID, "item-1").text
    before = set(d.downloads.iterdir())
    press(d, d.find_element(By.ID, "spec"))
    wait(d).until(lambda _: [p for p in set(d.downloads.iterdir()) - before if p.suffix == ".yaml"])
    spec = next(p for p in set(d.downloads.iterdir()) - before if p.suffix == ".yaml")
    from pnp.spec import load

    assert [item.kind for item in load(spec).items] == ["cliquer", "circles"]


def press(d, element) -> None:
    """Click as a person would, the element in the middle of the window (not under the bar)."""
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
