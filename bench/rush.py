"""A rush on the shared mode (issue 43): N teachers arriving within a minute, each doing what a
teacher does with a class set, the whole way: the start page, a preview of the class set, the
build, polling it, the download. Each waits and asks again on a "busy" answer (503 or 429) after
the server's Retry-After, as the page's script does, and gives up, "turned away", after
``--patience`` busy answers in a row to one step (or on a 5xx or no answer at all).

Each teacher's class set is what the teachers' page asks for: how many pupils (20 to 30, at
random) and the level (easy, medium or hard), the rest as the page gives it; so teachers with
the same class ask for the same spec, as they would (the page merges and keeps such previews).

It prints: teachers who got their PDF and those turned away, busy answers, the preview (asked
to PNGs back, waits included) and a whole teacher at p50/p95, the server's memory (all its
processes) every 10 s; beside them two baselines from the same run: the same class-set preview
built and drawn in this process with no server (``bench/web.py``'s ``direct_preview``), and one
teacher alone on the server before the rush.

`pnp serve --public` itself is started as a user starts it, on a free loopback port; each
teacher comes from an address of its own in 127.0.0.0/8, so the per-address limits apply to
each as to a real teacher. Every request has a 120 s timeout; the run stops by itself.

Run:  nice python bench/rush.py [--teachers 100] [--over 60]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web import CLASS_SET, Page, direct_preview, free_port, median, p95, start_server, tree_rss  # noqa: E402

BUSY = (503, 429)


class TurnedAway(Exception):
    pass


def patient(ask, patience: int, note) -> tuple[int, bytes, dict]:
    """``ask()`` until it is not busy, waiting the Retry-After each time (at most ``patience``
    busy answers in a row); TurnedAway past that, or on a 5xx or no answer."""
    for _ in range(patience + 1):
        try:
            status, body, headers = ask()
        except OSError as exc:
            raise TurnedAway(type(exc).__name__) from None
        if status not in BUSY:
            if status >= 500:
                raise TurnedAway(str(status))
            return status, body, headers
        note()
        wait = {k.lower(): v for k, v in headers.items()}.get("retry-after")
        if wait is None:
            raise TurnedAway(f"{status} without Retry-After")
        time.sleep(min(30, max(1, int(wait))))
    raise TurnedAway("busy")


def one_teacher(port: int, n: int, patience: int, busy: list) -> dict:
    """The whole way for teacher ``n``: {"preview": s, "whole": s} or {"away": why}."""
    source = f"127.0.{1 + n // 250}.{1 + n % 250}"
    begin = time.perf_counter()

    def note():
        busy.append(n)

    try:
        page = Page(port, source)           # the start page (its token for the forms)
        status, body, _ = patient(lambda: page.get("/for/teachers"), patience, note)
        # what the teachers' page asks (layouts/class-set.yaml): how many pupils, the level;
        # the rest as the page gives it, so two teachers with the same class ask the same
        rng = random.Random(n)
        form = {**CLASS_SET, "items.0.count": str(rng.randint(20, 30)),
                "items.0.difficulty": rng.choice(["easy", "medium", "hard"])}
        start = time.perf_counter()
        status, body, _ = patient(lambda: page.post("/preview", form), patience, note)
        preview = time.perf_counter() - start
        if status != 200 or not json.loads(body)["ok"]:
            raise TurnedAway(f"preview {status}")
        status, body, _ = patient(lambda: page.post("/build", form), patience, note)
        if status != 200:
            raise TurnedAway(f"build {status}")
        job = json.loads(body)["url"]
        while True:
            time.sleep(1)
            status, body, _ = patient(lambda: page.get(job + "/status"), patience, note)
            state = json.loads(body)
            if state["state"] not in ("waiting", "running"):
                break
        if state["state"] != "done":
            raise TurnedAway(f"build {state['state']}")
        status, pdf, _ = patient(lambda: page.get(state["files"][0]["url"]), patience, note)
        if status != 200 or not pdf.startswith(b"%PDF"):
            raise TurnedAway(f"download {status}")
    except TurnedAway as exc:
        return {"away": str(exc)}
    except (OSError, ValueError, KeyError) as exc:
        return {"away": type(exc).__name__}
    return {"preview": preview, "whole": time.perf_counter() - begin}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teachers", type=int, default=100)
    parser.add_argument("--over", type=float, default=60.0, help="seconds the arrivals spread over")
    parser.add_argument("--patience", type=int, default=6, help="busy answers in a row before a teacher gives up")
    parser.add_argument("--workers", type=int, default=None, help="`pnp serve --workers`")
    args = parser.parse_args()

    baseline = median([direct_preview({**CLASS_SET, "seed": f"direct-{k}"}) for k in range(3)])
    port = free_port()
    options = ["--public"] + (["--workers", str(args.workers)] if args.workers else [])
    with tempfile.TemporaryDirectory(prefix="pnp-rush-cache-") as cache:
        server = start_server(port, *options, "--cache", cache)
        try:
            one_teacher(port, 248, args.patience, [])      # the workers warmed first
            alone = one_teacher(port, 249, args.patience, [])      # before the rush, alone
            print(f"pnp serve {' '.join(options)} on 127.0.0.1:{port}, {os.cpu_count()} cores, "
                  f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.teachers} "
                  f"teachers arriving over {args.over:g} s, each: the teachers' page, a preview of "
                  f"their class set (20 to 30 worksheets, a level), the build, polling it, the download")
            rng = random.Random(43)
            arrivals = sorted(rng.uniform(0, args.over) for _ in range(args.teachers))
            results: list[dict] = [{} for _ in range(args.teachers)]
            busy: list[int] = []
            begin = time.monotonic()

            def arrive(n: int) -> None:
                time.sleep(max(0.0, begin + arrivals[n] - time.monotonic()))
                results[n] = one_teacher(port, n, args.patience, busy)

            threads = [threading.Thread(target=arrive, args=(n,), daemon=True)
                       for n in range(args.teachers)]
            for t in threads:
                t.start()
            memory = []
            while any(t.is_alive() for t in threads):
                memory.append((time.monotonic() - begin, *tree_rss(server.pid)))
                time.sleep(10 - (time.monotonic() - begin) % 10)
            memory.append((time.monotonic() - begin, *tree_rss(server.pid)))
            wall = time.monotonic() - begin
        finally:
            server.terminate()
            server.wait(30)
    done = [r for r in results if "whole" in r]
    away = [r["away"] for r in results if "away" in r]
    previews = [r["preview"] for r in done]
    wholes = [r["whole"] for r in done]
    print(f"got their PDF: {len(done)} of {args.teachers}; turned away: {len(away)}"
          + (f" ({', '.join(sorted(set(away)))})" if away else "")
          + f"; busy answers waited out: {len(busy)} (by {len(set(busy))} teachers)")
    if done:
        print(f"preview (asked -> PNGs back, waits included)  p50 {median(previews):6.1f} s  "
              f"p95 {p95(previews):6.1f} s")
        print(f"a whole teacher (page to PDF)                  p50 {median(wholes):6.1f} s  "
              f"p95 {p95(wholes):6.1f} s")
    print(f"baselines: the same preview built and drawn in this process, no server: "
          f"{baseline:.2f} s (median of 3); one teacher alone on the server before the rush: "
          + (f"preview {alone['preview']:.2f} s, whole {alone['whole']:.1f} s" if "whole" in alone
             else f"turned away ({alone['away']})"))
    print(f"server memory (all its processes), most {max(mb for _, mb, _ in memory)} MB: " + "  ".join(
        f"{t:3.0f} s {mb} MB/{n}" for t, mb, n in memory))
    print(f"load average at the end {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {wall:.0f} s in all")


if __name__ == "__main__":
    main()
