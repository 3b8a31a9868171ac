"""Time to yesterday's answer on the page's board of the day, on dates nobody asked for before
(a fresh cache folder for each), next to `pnp daily` on the same date in the same run:

  GET /daily?date=D, followed until the answer is shown  vs  pnp daily --date D (a fresh
  (wall seconds a person waits, and the CPU                   process and cache; its CPU too)
  seconds the server and its workers spent on it)

Dates are chosen by the size of yesterday's board: Thursday's yesterday has 9 dots, Sunday's 10
and Monday's 11 (pnp.games.cliquer.daily.WEEK). The server is `pnp serve` as a user starts it,
on a free loopback port, and the run stops by itself.

Run:  python bench/daily_page.py [--dates 2031-01-09,2031-01-12,2031-01-13]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ANSWER = re.compile(r"perfect play: (the (first|second) player wins by \d+|a draw)")
GAVE_UP = re.compile(r"perfect play not worked out \(([^)]*)\)")
FOLLOWED = re.compile(r'data-status="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_env(folder: str) -> dict:
    env = dict(os.environ, XDG_CACHE_HOME=folder)
    env.pop("PNP_CACHE", None)
    return env


def tree_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and every process under it, the ended ones included (a
    process's reaped children count in its own cutime/cstime: the workers the fork server
    started and reaped count in the fork server's)."""
    ticks = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    spent: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # after the name: state ppid ... utime(12) stime(13) cutime(14) cstime(15), 0-based here
        children.setdefault(int(fields[1]), []).append(int(entry.name))
        spent[int(entry.name)] = sum(int(f) for f in fields[11:15]) / ticks
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += spent.get(p, 0.0)
        todo.extend(children.get(p, ()))
    return total


def page_answer(base: str, day: str, limit: float = 900) -> tuple[float, str]:
    """Seconds until the page shows yesterday's answer (or gives up), and what it said."""
    start = time.monotonic()
    url = f"{base}/daily?date={day}"
    while time.monotonic() - start < limit:
        html = urllib.request.urlopen(url, timeout=limit).read().decode()
        found = ANSWER.search(html) or GAVE_UP.search(html)
        if found:
            return time.monotonic() - start, found.group(0)
        time.sleep(0.5)             # the page is working in the background: ask again
    return time.monotonic() - start, "no answer"


def cli_answer(day: str) -> tuple[float, float, str]:
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "pnp", "daily", "--date", day, "-o", out],
                             capture_output=True, text=True, env=fresh_env(cache))
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        found = ANSWER.search(run.stdout) or GAVE_UP.search(run.stdout)
        return wall, cpu, found.group(0) if found else (run.stdout + run.stderr).strip()[-120:]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dates", default="2031-01-09,2031-01-12,2031-01-13")
    args = parser.parse_args()
    from pnp.games.cliquer.daily import WEEK

    days = args.dates.split(",")
    with tempfile.TemporaryDirectory() as cache:
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", str(port)],
                                  env=fresh_env(cache), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, cwd=tempfile.gettempdir())
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    urllib.request.urlopen(base + "/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
            print(f"pnp serve on {base}; fresh cache folders; {os.cpu_count()} cores")
            for day in days:
                before = dt.date.fromisoformat(day) - dt.timedelta(days=1)
                dots = WEEK[before.weekday()][0]
                cpu = tree_cpu(server.pid)
                wall, said = page_answer(base, day)
                cpu = tree_cpu(server.pid) - cpu
                cli_wall, cli_cpu, cli_said = cli_answer(day)
                print(f"{day} (yesterday {dots} dots): page {wall:6.1f} s wall, {cpu:6.1f} s CPU: {said}")
                print(f"{'':27}pnp daily {cli_wall:6.1f} s wall, {cli_cpu:6.1f} s CPU: {cli_said}")
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
