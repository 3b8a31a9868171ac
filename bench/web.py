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

With ``--teachers N`` it is the load bench of the shared mode instead (docs/hosting.md): `pnp
serve --public` and N simulated teachers for ``--minutes`` (at least 5), each from an address of
its own in 127.0.0.0/8 (so the per-address limits apply to each as to a real one), each in a
loop of a pause (random, 30 s on average) and one thing a teacher does: open the start page and
its pictures, change an option and wait for the preview, build a class set and download it,
open the board of the day (one of the last three days), or upload a PDF to check. It prints
p50/p95 of the preview, class sets finished a minute, every answer by status (any 5xx is a
failure), and the memory of the server's processes every 30 s. Every request has a 120 s
timeout; the run stops by itself.

Run:  python bench/web.py [--repeat 15]
      nice python bench/web.py --teachers 100 --minutes 5
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
    def __init__(self, port: int, source: str | None = None):
        self.port = port
        self.source = (source, 0) if source else None       # the teacher's own address
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', self.get("/")[1].decode()).group(1)

    def request(self, method: str, path: str, body: bytes | None = None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120,
                                          source_address=self.source)
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


def start_server(port: int, *options: str) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", str(port), *options],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
    parser.add_argument("--teachers", type=int, default=0, help="the load bench: this many teachers")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--pause", type=float, default=30.0, help="a teacher's mean pause, seconds")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.teachers:
        return load(args.teachers, args.minutes, args.pause)
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


# --- the load bench ------------------------------------------------------------------------------

def tree_rss(pid: int) -> tuple[int, int]:
    """(resident MB of the process and all its descendants, how many processes)."""
    total, count, todo = 0, 0, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/status") as fh:
                total += next(int(line.split()[1]) for line in fh if line.startswith("VmRSS"))
            count += 1
            with open(f"/proc/{p}/task/{p}/children") as fh:
                todo += [int(c) for c in fh.read().split()]
        except (OSError, StopIteration, ValueError):
            continue
    return total // 1024, count


def tree_cpu(pid: int) -> list[tuple[str, float]]:
    """(command, CPU seconds with its reaped children) of the process and each descendant."""
    ticks = os.sysconf("SC_CLK_TCK")
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{p}/cmdline", "rb") as fh:
                command = fh.read().replace(b"\0", b" ").decode(errors="replace")
            out.append((command, sum(int(x) for x in fields[11:15]) / ticks))
            with open(f"/proc/{p}/task/{p}/children") as fh:
                todo += [int(c) for c in fh.read().split()]
        except (OSError, ValueError):
            continue
    return out


def multipart(field: str, name: str, data: bytes, token: str) -> tuple[bytes, str]:
    boundary = "pnpbench" + os.urandom(8).hex()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrftoken\"\r\n\r\n{token}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\n"
            "Content-Type: application/pdf\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def teacher(n: int, port: int, until: float, pause: float, pdf: bytes, days: list, log: list, lock) -> None:
    import datetime as dt
    import random

    rng = random.Random(n)
    source = f"127.0.{1 + n // 250}.{1 + n % 250}"

    def record(what: str, start: float, status) -> None:
        with lock:
            log.append((what, time.perf_counter() - start, status, time.monotonic()))

    try:
        page = Page(port, source)
    except OSError as exc:
        record("start", time.perf_counter(), str(exc))
        return
    while True:
        wait = min(rng.expovariate(1 / pause), 4 * pause)
        if time.monotonic() + wait > until:
            return
        time.sleep(wait)
        what = rng.choices(["preview", "build", "start", "daily", "validate"], [55, 10, 15, 10, 10])[0]
        start = time.perf_counter()
        try:
            if what == "preview":
                form = {**CLASS_SET, "seed": f"t{n}-{rng.randrange(10**6)}",
                        "items.0.dots": str(rng.choice([7, 8, 9, 10])),
                        "items.0.difficulty": rng.choice(["easy", "medium", "hard"])}
                status, body, _ = page.post("/preview", form)
                if status == 200 and not json.loads(body)["ok"]:
                    status = "not ok"
            elif what == "build":
                status, body, _ = page.post("/build", {**CLASS_SET, "seed": f"t{n}-{rng.randrange(10**6)}"})
                if status == 200:
                    job = json.loads(body)["url"]
                    while True:
                        time.sleep(1)
                        status, body, _ = page.get(job + "/status")
                        state = json.loads(body)
                        if status != 200 or state["state"] not in ("waiting", "running"):
                            break
                    if state["state"] == "done":
                        status, pdf_bytes, _ = page.get(state["files"][0]["url"])
                        if status == 200 and not pdf_bytes.startswith(b"%PDF"):
                            status = "not a pdf"
                    else:
                        status = state["state"]
            elif what == "start":
                status, body, _ = page.get("/")
                for thumb in sorted(set(re.findall(r'/thumb/[\w-]+\.png', body.decode())))[:6]:
                    got = page.get(thumb)[0]
                    status = got if got != 200 else status
            elif what == "daily":
                day = rng.choice(days)
                status, body, _ = page.get(f"/daily?date={day}")
            else:
                body, kind = multipart("pdf", f"teacher-{n}.pdf", pdf, page.token)
                status, reply, headers = page.request("POST", "/validate", body, {"Content-Type": kind})
                if status == 303:       # longer than a moment: its own page follows it
                    job = headers.get("Location") or headers.get("location")
                    while True:
                        time.sleep(1)
                        status, body, _ = page.get(job + "/status")
                        if status != 200 or json.loads(body)["finished"]:
                            break
                    status = page.get(job)[0]
        except OSError as exc:
            status = f"{type(exc).__name__}"
        record(what, start, status)


def load(teachers: int, minutes: float, pause: float) -> None:
    import datetime as dt
    from collections import Counter

    port = free_port()
    with tempfile.TemporaryDirectory(prefix="pnp-bench-cache-") as cache:
        server = start_server(port, "--public", "--cache", cache)
        try:
            page = Page(port)
            status, body, _ = page.post("/build", {**ONE_PAGE, "title": "To check"})
            job = json.loads(body)["url"]
            while json.loads(page.get(job + "/status")[1])["state"] in ("waiting", "running"):
                time.sleep(0.2)
            pdf = page.get(json.loads(page.get(job + "/status")[1])["files"][0]["url"])[1]
            alone = []                  # the baseline: a class-set preview with nobody else asking
            for k in range(5):
                start = time.perf_counter()
                status, body, _ = page.post("/preview", {**CLASS_SET, "seed": f"alone-{k}"})
                alone.append(time.perf_counter() - start)
                assert status == 200, body[:200]
            today = dt.date.today()
            days = [(today - dt.timedelta(days=k)).isoformat() for k in range(3)]
            print(f"pnp serve --public on 127.0.0.1:{port}, {os.cpu_count()} cores, load average "
                  f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {teachers} teachers for "
                  f"{minutes:g} min, a pause of {pause:g} s on average; the PDF to check: "
                  f"{len(pdf) // 1000} kB")
            log, lock = [], threading.Lock()
            begin = time.monotonic()
            until = begin + minutes * 60
            threads = [threading.Thread(target=teacher, args=(n, port, until, pause, pdf, days, log, lock),
                                        daemon=True) for n in range(teachers)]
            for t in threads:
                t.start()
            memory = []
            while any(t.is_alive() for t in threads) and time.monotonic() < until + 150:
                memory.append((time.monotonic() - begin, *tree_rss(server.pid)))
                time.sleep(30 - (time.monotonic() - begin) % 30)
            memory.append((time.monotonic() - begin, *tree_rss(server.pid)))
            wall = time.monotonic() - begin
            cpu = tree_cpu(server.pid)
        finally:
            server.terminate()
            server.wait(30)
    statuses = Counter((what, status) for what, _, status, _ in log)
    previews = [s for what, s, status, _ in log if what == "preview" and status == 200]
    builds = sum(1 for what, _, status, _ in log if what == "build" and status == 200)
    fivexx = sum(n for (_, status), n in statuses.items() if not (isinstance(status, int) and status < 500))
    print(f"{'preview (changed option -> PNG back)':40} p50 {median(previews) * 1000:6.0f} ms  "
          f"p95 {p95(previews) * 1000:6.0f} ms  ({len(previews)} previews)   vs one alone, "
          f"before the teachers: {median(alone) * 1000:.0f} ms (median of 5)")
    for what in ("build", "start", "daily", "validate"):
        times = [s for w, s, status, _ in log if w == what and status == 200]
        if times:
            print(f"{what:40} p50 {median(times) * 1000:6.0f} ms  p95 {p95(times) * 1000:6.0f} ms  ({len(times)})")
    print(f"class sets of 24 worksheets built and downloaded: {builds} in {minutes:g} min = "
          f"{builds / minutes:.1f} a minute")
    print("answers: " + ", ".join(f"{what} {status}: {n}" for (what, status), n in sorted(statuses.items(), key=str)))
    print(f"5xx or no answer: {fivexx}; load average at the end "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {wall:.0f} s in all")
    kinds = {"fork server and its workers": sum(c for command, c in cpu if "forkserver" in command),
             "the server process": sum(c for command, c in cpu if "pnp serve" in command)}
    print("server CPU: " + ", ".join(f"{k} {v:.0f} s" for k, v in kinds.items())
          + f" in {wall:.0f} s ({sum(kinds.values()) / wall:.2f} cores on average)")
    print("server memory (all its processes): " + "  ".join(
        f"{t / 60:4.1f} min {mb} MB/{n}" for t, mb, n in memory))


if __name__ == "__main__":
    main()
