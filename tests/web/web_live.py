"""A real server on loopback and Debian's headless Chromium, for the browser tests, the bench
and the documentation's screenshots."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import tempfile
import threading
import time

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# axe-core from npm (tests/web/package.json; .ci/run installs it with npm ci --prefix tests/web)
AXE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "node_modules", "axe-core", "axe.min.js")
BLOCKING = ("serious", "critical")         # the impacts a page must not have


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def live_server(**kwargs):
    """`pnp serve` in a thread of this process, on a free loopback port; yields its URL."""
    import uvicorn

    from pnp.web.app import create_app

    port = free_port()
    app = create_app("127.0.0.1", port, **kwargs)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def have_browser() -> bool:
    return os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)


@contextlib.contextmanager
def chromium(width: int = 1280, height: int = 900, downloads: str | None = None):
    """Headless Chromium from Debian's package, driven through its own chromedriver (selenium
    downloads nothing when given the driver)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="pnp-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                 f"--window-size={width},{height}"):
        options.add_argument(flag)
    if downloads:
        options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                                  "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        if downloads:
            driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow",
                                                                "downloadPath": downloads})
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def have_axe() -> bool:
    return os.path.exists(AXE)


def axe(driver) -> list[dict]:
    """axe-core run inside the page the browser shows (WCAG 2.1 A and AA rules and axe's best
    practices): every violation of serious or critical impact, each with the elements it found."""
    with open(AXE, encoding="utf-8") as f:
        source = f.read()
    driver.set_script_timeout(60)
    driver.execute_script(source)
    found = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(function (r) { done(r.violations); }, function (e) { done([{id: 'axe-failed', impact: 'critical', help: String(e), nodes: []}]); });")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "where": [n.get("target") for n in v["nodes"]][:5]}
            for v in found if v.get("impact") in BLOCKING]
