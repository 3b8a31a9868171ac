"""What `pnp serve` costs a person waiting at the page, each figure next to a baseline timed in
the same run:

  a changed option to a one-page preview  vs  the same build and render called directly
    (POST /preview, PNG back)                   (pnp.web.work.build_spec, no server, no worker)
  a 24-worksheet class set, form to PDF   vs  `pnp build` of the downloaded spec (a fresh
    (POST /build, poll, GET the PDF)            process, as a terminal user runs it)
  50 previews asked at once (a bounded    vs  one preview alone
    burst on loopback): p50, p95, failed

The server is `pnp serve` itself, started as a user starts it, on a free loopback port; every
request goes over loopback to it and nowhere else. The burst is 50 requests, each with a 120 s
timeout, and the run stops by itself.

Run:  python bench/web.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONE_PAGE = {"title": "Bench", "seed": "1", "items.0.kind": "cliquer", "items.0.dots": "9"}
CLASS_SET = {"title": "Graph theory week", "seed": "2026-11-21", "items.0.kind": "cliquer",
             "items.0.count": "24", "items.0.dots": "8", "items.0.difficulty": "medium",
             "items.0.worksheet": "true"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Page:
    def __init__(self, port: int):
        self.port = port
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', self.get("/")[1].decode()).group(1)

    def request(self, method: str, path: str, body: bytes | None = None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            r = conn.getresponse()
            return r.status, r.read(), dict(r.getheaders())
        finally:
            conn.close()

    def get(self, path: str):
        return self.request("GET", path)

    def post(self, path: str, form: dict):
        return self.request("POST", path, urllib.parse.urlencode(form).encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
            "X-CSRF-Token": self.token})


def start_server(port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("pnp serve did not start")


def direct_preview(form: dict) -> float:
    """The baseline: the same spec text built and rendered in this process, no server."""
    from pnp.web import forms, work

    text = forms.write_spec(forms.read_form(form), 200).text
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        work.build_spec(lambda _: None, tmp, text, forms.SPEC_NAME, False, 2, False, 400, 24)
        return time.perf_counter() - start


def median(xs):
    return statistics.median(xs)


def p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--burst", type=int, default=50)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    port = free_port()
    server = start_server(port)
    try:
        page = Page(port)
        print(f"pnp serve on 127.0.0.1:{port}, {os.cpu_count()} cores; medians of {args.repeat}")
        # 1. a changed option to a one-page preview: each request changes dots (9, 10, 9, ...)
        web, base = [], []
        for i in range(args.repeat):
            form = {**ONE_PAGE, "items.0.dots": str(9 + i % 2)}
            start = time.perf_counter()
            status, body, _ = page.post("/preview", form)
            web.append(time.perf_counter() - start)
            assert status == 200 and json.loads(body)["ok"], body[:200]
            base.append(direct_preview(form))
        print(f"{'changed option -> one-page preview (HTTP)':46} {median(web) * 1000:7.0f} ms  "
              f"p95 {p95(web) * 1000:5.0f} ms   vs direct build+render {median(base) * 1000:5.0f} ms")
        # 2. a 24-worksheet class set from the form to the PDF, and pnp build of its spec
        web, cli = [], []
        reps = max(3, args.repeat // 3)
        with tempfile.TemporaryDirectory() as tmp:
            spec = Path(tmp) / "pnp-web.yaml"
            spec.write_bytes(page.post("/spec", CLASS_SET)[1])
            for _ in range(reps):
                start = time.perf_counter()
                status, body, _ = page.post("/build", CLASS_SET)
                job = json.loads(body)["url"]
                while True:
                    state = json.loads(page.get(job + "/status")[1])
                    if state["state"] not in ("waiting", "running"):
                        break
                    time.sleep(0.02)
                status, pdf, _ = page.get(state["files"][0]["url"])
                web.append(time.perf_counter() - start)
                assert status == 200 and pdf.startswith(b"%PDF")
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "pnp", "build", str(spec), "-o", tmp],
                               check=True, capture_output=True)
                cli.append(time.perf_counter() - start)
            same = (Path(tmp) / "pnp-web.pdf").read_bytes() == pdf
        print(f"{'class set of 24 worksheets: form -> PDF':46} {median(web) * 1000:7.0f} ms  "
              f"{'':13} vs pnp build {median(cli) * 1000:5.0f} ms (same bytes: {same}; medians of {reps})")
        # 3. a burst of previews at once
        alone = []
        for _ in range(5):
            start = time.perf_counter()
            page.post("/preview", CLASS_SET)
            alone.append(time.perf_counter() - start)
        times, failed = [], []
        lock = threading.Lock()

        def one(i: int) -> None:
            start = time.perf_counter()
            try:
                status, body, _ = page.post("/preview", {**CLASS_SET, "seed": f"burst-{i}"})
                ok = status == 200 and json.loads(body)["ok"]
            except OSError as exc:
                ok, status = False, str(exc)
            with lock:
                (times if ok else failed).append(time.perf_counter() - start if ok else status)

        threads = [threading.Thread(target=one, args=(i,)) for i in range(args.burst)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join(150)
        wall = time.perf_counter() - start
        print(f"{f'{args.burst} class-set previews at once':46} p50 {median(times) * 1000:5.0f} ms  "
              f"p95 {p95(times) * 1000:5.0f} ms  all in {wall:4.1f} s  failed {len(failed)}"
              f"   vs one alone {median(alone) * 1000:5.0f} ms")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
