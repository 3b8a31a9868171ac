"""Screenshots of the pages of `pnp serve`, at laptop and phone width, for docs/images/, and
the check that they show the page as it is now.

    python tests/web/shots.py            write docs/images/web-*.png and web-shots.json
    python tests/web/shots.py --check    write nothing; exit 1 naming every screenshot out of date

A screenshot's pixels hang on the browser and its fonts, so what is recorded (web-shots.json)
is what the page was when it was taken: a SHA-256 of the page's HTML as the browser holds it
(after its script ran; tokens, job ids and inline pictures left out, as they change from run
to run) and of the style sheet and script. A change to a template, the words, the style or the
script changes that print, and --check (and tests/web/test_web_a11y.py, on its visit of every page) names the screenshot to
make again. Each screenshot is of a finished state, never of work half done.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_live import chromium, live_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"
MANIFEST = IMAGES / "web-shots.json"
WIDTHS = {"": 1366, "-phone": 390}
ANALYZE_CODE = "R1-3MQZ-59RN-AKB5-3T0Y-5NSC-NM94-A"
DAY = "2026-11-26"


def make_forged(folder: Path) -> Path:
    """A week of boards from layouts/, with a line drawn into page 1 (as the tests forge one)."""
    import subprocess

    sys.path.insert(0, str(ROOT / "tests"))
    from support.tamper import rewrite

    subprocess.run([sys.executable, "-m", "pnp", "build", str(ROOT / "layouts" / "daily.yaml"),
                    "-o", str(folder)], check=True, capture_output=True)
    return rewrite(folder / "week.pdf", folder / "week-edited.pdf",
                   content_edit=lambda text: text + "\n0 0 m 200 200 l S\n")


# ---- the states shown: each drives the browser there and waits until it is finished ----------

def until(driver, test, seconds: float = 90) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, seconds, poll_frequency=0.05).until(test)


def press(d, element) -> None:
    """Click as a person would: the element scrolled into the middle of the window first (the
    sticky button bar would take a click at the window's bottom edge)."""
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def start(d, url, _):
    from selenium.webdriver.common.by import By

    import urllib.request

    d.get(url + "/")
    # the gallery's thumbnails are drawn on first ask (and kept): ask for each before the shot
    for img in d.find_elements(By.CSS_SELECTOR, ".gallery img"):
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(img.get_attribute("src"), timeout=120).read()
                break
            except OSError:                 # 503 while the workers are busy: ask again
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)


def class_set(d, url, _):
    from selenium.webdriver.common.by import By

    d.get(url + "/for/teachers")
    until(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))


def form(d, url, _):
    from selenium.webdriver.common.by import By

    d.get(url + "/make?layout=class-set")
    until(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#preview-images img"))


def mistake(d, url, _):
    from selenium.webdriver.common.by import By

    form(d, url, _)
    box = d.find_element(By.ID, "f-items.0.dots")
    box.clear()
    box.send_keys("80")
    until(d, lambda d: d.find_element(By.ID, "e-items.0.dots").text)
    d.execute_script("document.getElementById('w-items.0.dots').scrollIntoView()")


def built(d, url, _):
    from selenium.webdriver.common.by import By

    form(d, url, _)
    press(d, d.find_element(By.ID, "f-keys_apart"))
    press(d, d.find_element(By.ID, "build"))
    until(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".downloads a"))


def daily(d, url, _):
    from selenium.webdriver.common.by import By

    d.get(f"{url}/daily?date={DAY}")
    until(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".answer"))


def validate(d, url, forged):
    from selenium.webdriver.common.by import By

    d.get(url + "/validate")
    d.find_element(By.ID, "pdf").send_keys(str(forged))
    d.find_element(By.CSS_SELECTOR, "form.inline-form button").click()
    until(d, lambda d: d.find_elements(By.ID, "verdict"))


def analyze(d, url, _):
    from selenium.webdriver.common.by import By

    d.get(url + "/analyze?code=" + ANALYZE_CODE)
    d.find_element(By.CSS_SELECTOR, "form.inline-form button").click()
    until(d, lambda d: d.find_elements(By.ID, "stepper"))


# name -> (the state, the widths it is taken at, whole page or the window only)
SHOTS = {"web-start": (start, ("", "-phone"), True), "web-class-set": (class_set, ("", "-phone"), True),
         "web-form": (form, ("", "-phone"), True),
         "web-mistake": (mistake, ("", "-phone"), False), "web-built": (built, ("",), True),
         "web-daily": (daily, ("", "-phone"), True), "web-validate": (validate, ("", "-phone"), True),
         "web-analyze": (analyze, ("", "-phone"), True)}


def names() -> list[str]:
    return [name + tag for name, (_, tags, _) in SHOTS.items() for tag in tags]


# ---- what a screenshot shows, as a print ------------------------------------------------------

VARYING = [
    (re.compile(r'(name="csrf-?token" (?:content|value)=")[^"]*'), r"\1"),
    (re.compile(r"/(jobs|work)/[A-Za-z0-9_-]{10,}"), r"/\1/ID"),
    (re.compile(r"(again=|name=\"again\" value=\")[A-Za-z0-9_-]{10,}"), r"\1ID"),
    (re.compile(r'data-id="[^"]*"'), 'data-id=""'),
    (re.compile(r"data:image/png;base64,[A-Za-z0-9+/=]+"), "data:image/png"),
    (re.compile(r'data-version="\d+"'), 'data-version=""'),
    (re.compile(r"http://127\.0\.0\.1:\d+"), "http://host"),
    (re.compile(r"pnp-shots-[A-Za-z0-9_]+"), "pnp-shots"),
]


def page_print(driver, static: bytes) -> str:
    html = driver.execute_script("return document.documentElement.outerHTML")
    for pattern, same in VARYING:
        html = pattern.sub(same, html)
    if os.environ.get("PNP_SHOTS_DUMP"):          # to see what changed: the pages as printed
        digest = hashlib.sha256(html.encode() + static).hexdigest()
        Path(os.environ["PNP_SHOTS_DUMP"], digest[:12] + ".html").write_text(html)
    return hashlib.sha256(html.encode() + static).hexdigest()


def static_bytes() -> bytes:
    from importlib import resources

    folder = resources.files("pnp.web").joinpath("static")
    return b"".join(folder.joinpath(n).read_bytes() for n in ("pnp.css", "pnp.js"))


def full_page(driver, path: Path, width: int) -> None:
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height + 40, 600), 4000))
    # the pictures below the first screen load now (loading="lazy"): wait for every one
    until(driver, lambda d: d.execute_script(
        "return Array.from(document.images).every(function (i) { return i.complete; })"))
    time.sleep(0.3)
    driver.save_screenshot(str(path))


def take(out: Path | None) -> dict[str, str]:
    """Every state at its widths: its print, and (with ``out``) its screenshot."""
    static = static_bytes()
    forged = make_forged(Path(tempfile.mkdtemp(prefix="pnp-shots-")))
    prints = {}
    from pnp.web.app import read_layouts

    with live_server(layouts=read_layouts([ROOT / "layouts"])) as url:
        for tag, width in WIDTHS.items():
            with chromium(width, 900) as driver:
                for name, (state, tags, whole) in SHOTS.items():
                    if tag not in tags:
                        continue
                    driver.set_window_size(width, 900)
                    state(driver, url, forged)
                    prints[name + tag] = page_print(driver, static)
                    if out is None:
                        continue
                    if whole:
                        full_page(driver, out / f"{name}{tag}.png", width)
                    else:
                        driver.save_screenshot(str(out / f"{name}{tag}.png"))
    return prints


def stale(prints: dict[str, str] | None = None) -> list[str]:
    """Every screenshot out of date (or missing, or not made here), one line each."""
    recorded = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {}
    prints = take(None) if prints is None else prints
    out = []
    for name in names():
        if name not in recorded:
            out.append(f"{name}: not made yet")
        elif recorded[name] != prints.get(name):
            out.append(f"{name}: the page changed since the screenshot was taken")
        elif not (IMAGES / f"{name}.png").exists():
            out.append(f"{name}: docs/images/{name}.png is missing")
    out += [f"{p.stem}: a screenshot no state makes" for p in sorted(IMAGES.glob("web-*.png"))
            if p.stem not in names()]
    return out


def main(argv: list[str]) -> int:
    if "--check" in argv:
        lines = stale()
        for line in lines:
            print(line)
        return 1 if lines else 0
    IMAGES.mkdir(parents=True, exist_ok=True)
    prints = take(IMAGES)
    MANIFEST.write_text(json.dumps(dict(sorted(prints.items())), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
