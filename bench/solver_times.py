"""CliqueR perfect play at 9, 10, 11 and 12 dots: today's solver against the one before issue 26,
in the same run, on the same boards.

Two solvers, each solve in its own subprocess reporting its own CPU seconds (user + system of
that process, not wall-clock: the machine may be shared) and its own peak resident memory
(VmHWM), under a wall-clock limit:

- new: pnp.games.cliquer.solver with the C core as built now (huge-page table, prefetching,
  settled pairs dropped, enhanced transposition cutoffs from 11 open segments);
- before: the same Python solver over bench/solver_today_core.c, the C core frozen before the
  speed-ups (commit 489900b), compiled by this script into bench/results/before/.

For each board: CPU for the value and the best opening (what `pnp daily` needs), and for the
value and the whole best line (what `pnp analyze` prints); ``--whole v`` adds the value alone
(what the opening cost before issue 45, when it was the search's own best move: no search past
the value; now it is the first best move in segment order, solver.CANONICAL). Margins must agree (asserted).
Boards: the boards of the day of one week (8-11 dots) and corpus boards (tests/support/cliquer_corpus.py,
seed 1) of 9-12 dots. 12 dots has 66 segments, past what the narrow core holds (63): it runs on
the wide C core (128-bit sets, ``_core_wide``); the frozen core cannot hold it, so 12 dots has no
"before" row. ``--methods before,new,wide`` adds the wide core forced onto 11 dots and fewer, to
price its 128-bit sets against the narrow core on the same board; "new" runs one thread and
"new2" two (the helper thread sharing the table: compare their CPU and wall seconds).

    python bench/solver_times.py                     # the week, 2 corpus boards a size, limit 300 s
    python bench/solver_times.py --sizes 9,10 --boards 3 --no-week
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import sysconfig
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from own_peak import own_peak_mb  # noqa: E402

BEFORE_SOURCE = os.path.join(HERE, "solver_today_core.c")
BEFORE_DIR = os.path.join(HERE, "results", "before")
WEEK = dt.date(2026, 11, 16)          # a Monday: the boards of the day of 16-22 November 2026


def build_before() -> str:
    """Compile the frozen core (once) and return the path of its module."""
    target = os.path.join(BEFORE_DIR, "_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    if os.path.exists(target) and os.path.getmtime(target) > os.path.getmtime(BEFORE_SOURCE):
        return target
    os.makedirs(BEFORE_DIR, exist_ok=True)
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    subprocess.run([*cc, "-O3", "-fPIC", "-shared", "-fwrapv", "-DNDEBUG",
                    f"-I{sysconfig.get_paths()['include']}", BEFORE_SOURCE, "-o", target], check=True)
    return target


def board(source: str):
    """``day:DATE`` the board of the day; ``corpus:N,I`` corpus board I of N dots (seed 1);
    ``daily12:DATE`` a board as the daily makes them (its generator, the "hard" band) but of
    12 dots, from the stream of that date's seed."""
    import datetime as dt_

    if source.startswith("day:"):
        from pnp.games.cliquer.daily import board_of

        return board_of(dt_.date.fromisoformat(source[4:])).dots
    if source.startswith("daily12:"):
        from pnp.games.cliquer.generate import generate
        from pnp.games.cliquer.item import Item, Target
        from pnp.games.cliquer.target import band_target
        from pnp.seeding import ident_for, rng_for

        seed = f"daily/{source[8:]}"
        item = Item(dots=12, difficulty=Target(*band_target("hard"), "hard"), title="twelve")
        return generate(item, rng_for(seed, 0, 0), ident_for(seed, 1)).dots
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from support.cliquer_corpus import corpus

    n, index = map(int, source.split(":")[1].split(","))
    return corpus(n, index + 1, seed=1)[index]


def load_core(path: str, name: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"pnp.games.cliquer.{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Core


def run_one(source: str, method: str, whole: bool | None, limit: float) -> dict:
    """In this process: solve one board; CPU and wall seconds, positions, margin, own peak
    memory. ``method``: "before" (the frozen core), "new" (the core as built: the narrow one to
    11 dots, the wide one for 12) on one thread, "new2" the same on two (a helper thread
    sharing the table), "wide" (the wide core forced onto a board the narrow one holds, to
    price 128-bit sets). ``whole`` None: the value alone, no move."""
    import pnp.games.cliquer.solver as solver
    from pnp.games.cliquer.rules import Rules

    if method == "before":
        solver._CCore = load_core(build_before(), "_core")
    elif method == "wide":
        solver._CCore = solver._CCoreWide
    rules = Rules(board(source))
    cpu, wall = time.process_time(), time.monotonic()
    search = solver.Solver(rules, solver.Budget(seconds=0.95 * limit), core="c",
                           workers=2 if method == "new2" else 1)
    try:
        if whole is None:
            value = search._value(rules.start(), -solver._INF, solver._INF)
            found = solver.Solution(value + rules.moves_in_game % 2, None, search.positions)
        else:
            found = search.solve(whole_line=whole)
    except solver.OverBudget:       # how far it got: positions within the limit
        return {"seconds": None, "cpu": time.process_time() - cpu, "wall": time.monotonic() - wall,
                "positions": search.positions + search.helper_positions,
                "margin": None, "opening": None, "peak_mb": own_peak_mb(), "n": rules.n}
    return {"seconds": time.process_time() - cpu, "wall": time.monotonic() - wall,
            "positions": found.positions, "margin": found.margin, "opening": found.best_move,
            "peak_mb": own_peak_mb(), "n": rules.n}


KINDS = {"v": None, "0": False, "1": True}
NAMES = {None: "value", False: "opening", True: "line"}


def measure(source: str, method: str, whole: bool | None, limit: float) -> dict | None:
    kind = next(k for k, w in KINDS.items() if w is whole)
    cmd = [sys.executable, os.path.abspath(__file__), "--one", f"{source}|{method}|{kind}|{limit}"]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 30, check=True)
    except subprocess.TimeoutExpired:
        return None
    found = json.loads(done.stdout)
    return found if found["seconds"] is not None else {**found, "unfinished": True}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="9,10,11,12", help="corpus sizes (default 9,10,11,12)")
    ap.add_argument("--boards", type=int, default=2, help="corpus boards a size (default 2)")
    ap.add_argument("--no-week", action="store_true", help="leave out the boards of the day")
    ap.add_argument("--days", default="", help="only these boards of the day (dates, commas)")
    ap.add_argument("--daily12", default="", help="12-dot daily-style boards of these dates")
    ap.add_argument("--methods", default="before,new,new2", help="before, new, new2, wide (default before,new,new2)")
    ap.add_argument("--whole", default="0,1", help="v the value alone, 0 opening only, 1 whole "
                    "line (default 0,1)")
    ap.add_argument("--limit", type=float, default=300, help="wall seconds a solve (default 300)")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        source, method, whole, limit = args.one.split("|")
        print(json.dumps(run_one(source, method, KINDS[whole], float(limit))))
        return
    build_before()
    if args.days:
        sources = [f"day:{d}" for d in args.days.split(",")]
    else:
        sources = [] if args.no_week else [f"day:{WEEK + dt.timedelta(days=d)}" for d in range(7)]
    sources += [f"corpus:{n},{i}" for n in map(int, args.sizes.split(",")) if n
                for i in range(args.boards)]
    sources += [f"daily12:{d}" for d in args.daily12.split(",") if d]
    methods = args.methods.split(",")
    print(f"CPU and wall seconds and own peak MB per solve, each in its own process; limit "
          f"{args.limit:g} s wall; load average at the start {os.getloadavg()[0]:.2f} (shared machine)")
    print(f"{'board':22s} {'dots':>4} {'what':8s} {'core':7s} {'CPU s':>7} {'wall s':>7} "
          f"{'peak MB':>7} {'positions':>13} {'margin':>6}  opening  x before")
    for source in sources:
        margins = set()
        for whole in (KINDS[k] for k in args.whole.split(",")):
            cpu = {}
            for method in methods:
                if method == "before" and len(board(source)) > 11:
                    continue            # the frozen core's sets are 64 bits: no 12 dots
                r = measure(source, method, whole, args.limit)
                if r is None or "n" not in r:
                    print(f"{source:22s} {'?':>4} {NAMES[whole]:8s} {method:7s} "
                          f"killed past the limit", flush=True)
                    continue
                done = not r.get("unfinished")
                if done:
                    margins.add((r["margin"], tuple(r["opening"]) if r["opening"] else None))
                    cpu[method] = r["seconds"]
                ratio = (f"{cpu['before'] / cpu[method]:5.2f}x" if done and method != "before"
                         and cpu.get("before") else "")
                print(f"{source:22s} {r['n']:>4} {NAMES[whole]:8s} {method:7s} "
                      f"{(format(r['seconds'], '7.1f') if done else '>' + format(r['cpu'], '.0f')):>7} "
                      f"{r['wall']:7.1f} {r['peak_mb']:7.0f} {r['positions']:>13,} "
                      f"{(format(r['margin'], '+d') if done else '-'):>6}  "
                      f"{(str(tuple(r['opening'])) if done and r['opening'] else ('unfinished' if not done else '-')):8s} {ratio}",
                      flush=True)
        # every method agrees on the value, and every kind of solve that names an opening on
        # the opening (one best move where several are equally good: solver.CANONICAL)
        assert len({m for m, _ in margins}) <= 1, (source, margins)
        assert len({o for _, o in margins if o is not None}) <= 1, (source, margins)


if __name__ == "__main__":
    main()
