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
value and the whole best line (what `pnp analyze` prints). Margins must agree (asserted).
Boards: the boards of the day of one week (8-11 dots) and corpus boards (bench/cliquer_corpus.py,
seed 1) of 9-12 dots. 12 dots has 66 segments, past what either C core holds (63): it runs on
the pure-Python core under the limit, to measure how far out of reach it is.

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
    if source.startswith("day:"):
        from pnp.games.cliquer.daily import board_of

        return board_of(dt.date.fromisoformat(source[4:])).dots
    from cliquer_corpus import corpus

    n, index = map(int, source.split(":")[1].split(","))
    return corpus(n, index + 1, seed=1)[index]


def run_one(source: str, method: str, whole: bool, limit: float) -> dict:
    """In this process: solve one board; CPU seconds, positions, margin, own peak memory."""
    import pnp.games.cliquer.solver as solver
    from pnp.games.cliquer.rules import Rules

    core = "c"
    if method == "before":
        import importlib.util

        spec = importlib.util.spec_from_file_location("pnp.games.cliquer._core", build_before())
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        solver._CCore = module.Core
    rules = Rules(board(source))
    if len(rules.segments) > solver._C_MAX_SEGMENTS:
        core = "python"
    start = time.process_time()
    search = solver.Solver(rules, solver.Budget(seconds=0.95 * limit), core=core)
    try:
        found = search.solve(whole_line=whole)
    except solver.OverBudget:       # how far it got: positions within the limit
        return {"seconds": None, "positions": search.positions, "margin": None, "opening": None,
                "peak_mb": own_peak_mb(), "core": core, "n": rules.n}
    return {"seconds": time.process_time() - start, "positions": found.positions,
            "margin": found.margin, "opening": found.best_move, "peak_mb": own_peak_mb(),
            "core": core, "n": rules.n}


def measure(source: str, method: str, whole: bool, limit: float) -> dict | None:
    cmd = [sys.executable, os.path.abspath(__file__), "--one", f"{source}|{method}|{int(whole)}|{limit}"]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 30, check=True)
    except subprocess.TimeoutExpired:
        return None
    found = json.loads(done.stdout)
    return found if found["seconds"] is not None else {**found, "unfinished": True}


def cell(r: dict | None, limit: float) -> str:
    if r is None or r.get("unfinished"):
        return f"{'>' + format(limit, '.0f'):>7} {'':>5}"
    return f"{r['seconds']:7.1f} {r['peak_mb']:5.0f}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="9,10,11,12", help="corpus sizes (default 9,10,11,12)")
    ap.add_argument("--boards", type=int, default=2, help="corpus boards a size (default 2)")
    ap.add_argument("--no-week", action="store_true", help="leave out the boards of the day")
    ap.add_argument("--limit", type=float, default=300, help="wall seconds a solve (default 300)")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        source, method, whole, limit = args.one.split("|")
        print(json.dumps(run_one(source, method, whole == "1", float(limit))))
        return
    build_before()
    sources = [] if args.no_week else [f"day:{WEEK + dt.timedelta(days=d)}" for d in range(7)]
    sources += [f"corpus:{n},{i}" for n in map(int, args.sizes.split(",")) for i in range(args.boards)]
    print(f"CPU seconds and peak MB per solve (each in its own process); limit {args.limit:g} s wall")
    print(f"{'board':22s} dots | opening: before    MB    new    MB  ratio | whole line: before"
          f"    MB    new    MB  ratio | positions new   margin")
    for source in sources:
        row = {}
        beyond = source.startswith("corpus:") and int(source[7:].split(",")[0]) > 11
        for whole in (False, True):
            for method in ("before", "new"):
                if beyond and (method == "before" or whole):
                    row[method, whole] = None     # one pure-Python core for both: run it once
                    continue
                row[method, whole] = measure(source, method, whole, args.limit)
        found = [r for r in row.values() if r is not None]
        margins = {r["margin"] for r in found if r["margin"] is not None}
        assert len(margins) <= 1, (source, row)
        n = found[0]["n"] if found else "?"

        def ratio(whole):
            before, new = row["before", whole], row["new", whole]
            if new is None or new.get("unfinished"):
                return "     -"
            if before is None or before.get("unfinished"):
                return f">{args.limit / new['seconds']:4.1f}x"
            return f"{before['seconds'] / new['seconds']:5.1f}x"

        new = row["new", True] or row["new", False]
        print(f"{source:22s} {n:>4} |        {cell(row['before', False], args.limit)} "
              f"{cell(row['new', False], args.limit)} {ratio(False)} |            "
              f"{cell(row['before', True], args.limit)} {cell(row['new', True], args.limit)} "
              f"{ratio(True)} | {new['positions'] if new else '-':>13} "
              f"{(f'{margins.pop():+d}' if margins else '?'):>6}"
              + (f"  ({found[0]['core']} core" + (f": {found[0]['positions']:,} positions, unfinished"
                                                 if found[0].get("unfinished") else "") + ")"
                 if found and found[0]["core"] != "c" else ""),
              flush=True)


if __name__ == "__main__":
    main()
