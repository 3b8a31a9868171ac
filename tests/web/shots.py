"""Screenshots of every page of `pnp serve`, at laptop and phone width, for docs/images/.

    python tests/web/shots.py [OUT_DIR]      (default docs/images)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_live import chromium, live_server  # noqa: E402


def make_forged(folder: Path) -> Path:
    """A week of boards from layouts/, with a line drawn into page 1 (as the tests forge one)."""
    import subprocess

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tests"))
    from support.tamper import rewrite

    subprocess.run([sys.executable, "-m", "pnp", "build", str(root / "layouts" / "daily.yaml"),
                    "-o", str(folder)], check=True, capture_output=True)
    return rewrite(folder / "week.pdf", folder / "week-edited.pdf",
                   content_edit=lambda text: text + "\n0 0 m 200 200 l S\n")


def full_page(driver, path: Path, width: int) -> None:
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height + 40, 600), 4000))
    time.sleep(0.3)
    driver.save_screenshot(str(path))


def settle(driver, seconds: float = 1.5) -> None:
    time.sleep(seconds)


def main(out: Path) -> None:
    from selenium.webdriver.common.by import By

    out.mkdir(parents=True, exist_ok=True)
    forged = make_forged(Path(tempfile.mkdtemp(prefix="pnp-shots-")))
    with live_server() as url:
        for width, tag in ((1280, ""), (390, "-phone")):
            with chromium(width, 900) as driver:
                driver.get(url + "/")
                settle(driver, 2.5)            # the gallery's thumbnails are drawn on first ask
                full_page(driver, out / f"web-start{tag}.png", width)
                driver.get(url + "/make?layout=class-set")
                settle(driver, 2)
                full_page(driver, out / f"web-form{tag}.png", width)
                box = driver.find_element(By.ID, "f-items.0.dots")
                box.clear()
                box.send_keys("80")
                settle(driver, 2)
                driver.set_window_size(width, 900)
                driver.execute_script("document.getElementById('w-items.0.dots').scrollIntoView()")
                driver.save_screenshot(str(out / f"web-mistake{tag}.png"))
                if not tag:
                    box.clear()
                    box.send_keys("8")
                    settle(driver, 2)
                    driver.find_element(By.ID, "build").click()
                    settle(driver, 3)
                    full_page(driver, out / "web-built.png", width)
                driver.get(url + "/daily?date=2026-11-26")
                settle(driver, 1)
                full_page(driver, out / f"web-daily{tag}.png", width)
                driver.get(url + "/analyze")
                driver.find_element(By.ID, "code").send_keys(ANALYZE_CODE)
                driver.find_element(By.CSS_SELECTOR, "form.inline-form button").click()
                settle(driver, 1)
                full_page(driver, out / f"web-analyze{tag}.png", width)
                if forged.exists():
                    driver.get(url + "/validate")
                    driver.find_element(By.ID, "pdf").send_keys(str(forged))
                    driver.find_element(By.CSS_SELECTOR, "form.inline-form button").click()
                    settle(driver, 2)
                    full_page(driver, out / f"web-validate{tag}.png", width)


ANALYZE_CODE = "R1-3MQZ-59RN-AKB5-3T0Y-5NSC-NM94-A"

if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
