"""From the start page to a class set and its keys downloaded, as a teacher does it in the
page: how many fields are touched, how many pages load, and how long it takes, in headless
Chromium (Debian's) on `pnp serve`'s own page.

The teacher wants 28 worksheets, easy, on US Letter, titled "7B graph theory", keys apart. A
field is touched when its value is changed (typed, chosen, ticked); a page load is a new
document in the window (a download is not one). Both are counted by watching the browser, not
by the script: a marker is set in each document and its loss is a load.

Run:  python bench/teacher_page.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from web_live import chromium, live_server  # noqa: E402

WANTED = {"count": "28", "level": "easy", "paper": "Letter", "title": "7B graph theory"}


class Watched:
    """The browser, with every page load and every field changed counted."""

    def __init__(self, driver):
        self.d, self.loads, self.touched = driver, 0, []

    def mark(self) -> None:
        self.d.execute_script("window.__counted = true;")

    def settle(self) -> None:
        if not self.d.execute_script("return window.__counted === true;"):
            self.loads += 1
            self.mark()

    def get(self, url: str) -> None:
        self.d.get(url)
        self.loads += 1
        self.mark()

    def change(self, element, value) -> None:
        from selenium.webdriver.support.ui import Select

        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        if element.tag_name == "select":
            Select(element).select_by_value(value)
        elif element.get_attribute("type") in ("checkbox", "radio"):
            if element.is_selected() != bool(value):
                element.click()
            else:
                return
        else:
            element.clear()
            element.send_keys(value)
        self.touched.append(element.get_attribute("id"))

    def press(self, element) -> None:
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()


def until(driver, test, seconds: float = 120) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, seconds, poll_frequency=0.05).until(test)


def teacher(w: Watched, url: str, downloads: Path) -> list[Path]:
    """The class set as the page offers it now: the page's own way from the start page."""
    from selenium.webdriver.common.by import By

    d = w.d
    w.get(url + "/")
    w.press(d.find_element(By.PARTIAL_LINK_TEXT, "class set") if d.find_elements(
        By.PARTIAL_LINK_TEXT, "class set") else d.find_element(By.PARTIAL_LINK_TEXT, "For teachers"))
    until(d, lambda d: d.find_elements(By.ID, "build"))
    w.settle()
    for name, value in WANTED.items():
        w.change(field(d, name), value)
    w.change(field(d, "keys"), True)
    w.press(d.find_element(By.ID, "build"))
    until(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".downloads a"))
    w.settle()
    links = d.find_elements(By.CSS_SELECTOR, ".downloads a")
    for a in links:
        w.press(a)
    wanted = [downloads / a.text for a in links]
    until(d, lambda _: all(p.exists() for p in wanted) and not list(downloads.glob("*.crdownload")))
    w.settle()
    return wanted


# where each wish is asked on the page: the first field found of these ids
FIELDS = {"count": ("f-count", "f-items.0.count"), "level": ("f-difficulty", "f-items.0.difficulty"),
          "paper": ("f-paper", "f-page.size"), "title": ("f-title",),
          "keys": ("f-keys_apart",)}


def field(d, name: str):
    from selenium.webdriver.common.by import By

    for ident in FIELDS[name]:
        found = d.find_elements(By.ID, ident)
        if found:
            return found[0]
    raise LookupError(f"no field for {name} ({', '.join(FIELDS[name])})")


def main() -> None:
    from pnp.verify.validate import validate_file
    from pnp.web.app import read_layouts

    downloads = Path(tempfile.mkdtemp(prefix="pnp-teacher-"))
    with live_server(layouts=read_layouts([ROOT / "layouts"])) as url:
        with chromium(1366, 900, downloads=str(downloads)) as driver:
            w = Watched(driver)
            start = time.monotonic()
            files = teacher(w, url, downloads)
            wall = time.monotonic() - start
    boards = [sum(1 for r in validate_file(p) if r.number and r.ok) for p in files]
    print(f"start page -> class set and keys downloaded: {len(w.touched)} fields touched "
          f"({', '.join(w.touched)}), {w.loads} page loads, {wall:.1f} s wall")
    print(f"downloaded: {', '.join(f'{p.name} ({n} boards proven)' for p, n in zip(files, boards))}")


if __name__ == "__main__":
    main()
