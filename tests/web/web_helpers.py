"""What the web tests share: the address, the token, posting with it, waiting for a build."""

from __future__ import annotations

import re
import time
from pathlib import Path

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
