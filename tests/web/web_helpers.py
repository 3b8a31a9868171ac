"""What the web tests share: the address, the token, posting with it, waiting for a build."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE = "http://127.0.0.1:8000"


def token_of(html: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)


def post(client, url, data=None, files=None, json_reply=True, token=True, headers=None):
    head = {"Accept": "application/json"} if json_reply else {}
    head.update(headers or {})
    if token:
        head["X-CSRF-Token"] = client.token
    return client.post(url, data=data, files=files, headers=head, follow_redirects=False)


def wait_for(web, job_url: str) -> dict:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = web.get(job_url + "/status").json()
        if status["state"] not in ("waiting", "running"):
            return status
        time.sleep(0.1)
    raise AssertionError("the build did not finish")


@pytest.fixture(scope="module")
def web():
    """The app in-process (Starlette's TestClient), with the gallery of layouts/, and its token."""
    from starlette.testclient import TestClient

    from pnp.web.app import create_app, read_layouts

    app = create_app("127.0.0.1", 8000, workers=2, layouts=read_layouts([ROOT / "layouts"]),
                     warm=False)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as client:
        client.token = token_of(client.get("/").text)
        yield client


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """A good pnp PDF and a forged copy of it (a line drawn into page 1)."""
    import sys

    from click.testing import CliRunner

    from pnp.cli import cli

    sys.path.insert(0, str(ROOT / "tests"))
    from support.tamper import rewrite

    out = tmp_path_factory.mktemp("web-pdfs")
    result = CliRunner().invoke(cli, ["build", str(ROOT / "layouts" / "daily.yaml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    good = out / "week.pdf"
    forged = rewrite(good, out / "forged.pdf", content_edit=lambda text: text + "\n0 0 m 200 200 l S\n")
    return good, forged


def followed(web, r) -> tuple[int, str]:
    """A page of long work followed as a browser without script does, until it has finished
    (quick work answers at once)."""
    import time

    deadline = time.monotonic() + 120
    while r.status_code == 303 or 'id="work"' in r.text:
        assert time.monotonic() < deadline
        time.sleep(0.2)
        r = web.get(r.headers["location"] if r.status_code == 303 else r.url)
    return r.status_code, r.text


def counting(site) -> list:
    """Every job the site's pool starts, by kind."""
    started = []
    submit = site.pool.submit

    def counted(what, *args, **kwargs):
        started.append(what)
        return submit(what, *args, **kwargs)

    site.pool.submit = counted
    return started
