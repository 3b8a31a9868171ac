"""CliqueR perfect play: the solver (C core and pure-Python core) against today's baseline.

Every solve runs in its own subprocess and reports its own CPU seconds (user + system) and its
own peak resident memory (VmHWM from /proc/self/status, not ru_maxrss, which a child forked from
a big parent inherits; see bench/own_peak.py), under a wall-clock limit. Three solvers on the
same boards in the same run:

- new: pnp.games.cliquer.solver with the C core (margin and a whole best line);
- python: the same solver forced onto its pure-Python core (the fallback without a compiler),
  up to 9 dots;
- baseline: bench/solver_baseline.py, a frozen copy of the solver before issue 14 (margin and
  best opening only), up to 10 dots.

ratio = baseline CPU / new CPU. Boards: tests/support/cliquer_corpus.py, seed 1, the first k of each size.
Then the seat balance: on solved boards of 5-9 dots, does the first player win exactly when the
number of moves in every finished game, 3n-3-h, is odd?

    python bench/solver_speed.py              # 6..11 dots: 3 boards (5 at 10, 2 at 11), limit 600 s
    python bench/solver_speed.py --quick      # 6..9 dots, 2 boards each, limit 60 s
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

sys.path.insert(0, os.path.join(HERE, "..", "tests"))
from support.cliquer_corpus import corpus  # noqa: E402
from own_peak import own_peak_mb  # noqa: E402


def run_one(n: int, index: int, method: str) -> dict:
    """In this process: solve one corpus board and report CPU time, work and own peak memory."""
    from pnp.games.cliquer.rules import Rules

    dots = corpus(n, index + 1, seed=1)[index]
    rules = Rules(dots)
    out = {"n": n, "index": index, "interior": rules.n - rules.hull, "method": method}
    start = time.process_time()
    if method == "baseline":
        from solver_baseline import Solver as Baseline

        found = Baseline(rules).solve()
        out.update(margin=found.margin, positions=found.positions)
    else:
        from pnp.games.cliquer.solver import Solver

        found = Solver(rules, core="c" if method == "new" else "python").solve()
        out.update(margin=found.margin, positions=found.positions, line=len(found.line))
    out["seconds"] = time.process_time() - start
    out["peak_mb"] = own_peak_mb()
    return out


def measure(n: int, index: int, method: str, limit: float) -> dict:
    cmd = [sys.executable, os.path.abspath(__file__), "--one", f"{n},{index},{method}"]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return {"n": n, "index": index, "method": method, "seconds": None}
    return json.loads(done.stdout)


def cell(r: dict | None, limit: float) -> str:
    if r is None:
        return f"{'-':>8} {'-':>7}"
    if r["seconds"] is None:
        return f"{'>' + format(limit, '.0f'):>8} {'?':>7}"
    return f"{r['seconds']:8.2f} {r['peak_mb']:7.0f}"


def speed(plan: list[tuple[int, int]], limit: float, python_upto: int, baseline_upto: int) -> list[str]:
    out = [" dots board inside |    new CPU s  MB  positions |  python s  MB | baseline s  MB |  ratio  margin",
           "                   |  (C core)                  | (fallback)    | (before #14)   | old/new"]
    for n, boards in plan:
        for i in range(boards):
            new = measure(n, i, "new", limit)
            python = measure(n, i, "python", limit) if n <= python_upto else None
            old = measure(n, i, "baseline", limit) if n <= baseline_upto else None
            for other in (python, old):
                if other and other["seconds"] is not None and new["seconds"] is not None:
                    assert other["margin"] == new["margin"], (other, new)
            if new["seconds"] is None:
                out.append(f" {n:4d} {i:5d}      ? | > {limit:.0f} s (time limit)")
                continue
            ratio = (f"{old['seconds'] / new['seconds']:6.1f}x" if old and old["seconds"] is not None
                     else f"> {limit / new['seconds']:4.0f}x" if old else "      -")
            out.append(f" {n:4d} {i:5d} {new['interior']:6d} | {cell(new, limit)} {new['positions']:10d} |"
                       f" {cell(python, limit)} | {cell(old, limit)}   | {ratio}  {new['margin']:+5d}")
            print(out[-1], file=sys.stderr, flush=True)   # a long run shows its rows as they come
    return out


def balance(sizes: list[int], boards: int, budget: int) -> list[str]:
    """First-player results by parity of 3n-3-h, solving in this process within a budget each."""
    from pnp.games.cliquer.rules import Rules
    from pnp.games.cliquer.solver import OverBudget, Solver

    tally: Counter = Counter()
    skipped = 0
    out = [" dots solved  first wins (odd)  second wins (even)  against the parity rule  skipped"]
    for n in sizes:
        row: Counter = Counter()
        for dots in corpus(n, boards if n < 9 else max(1, boards // 2), seed=2):
            rules = Rules(dots)
            try:
                margin = Solver(rules, budget=budget).solve().margin
            except OverBudget:
                row["skipped"] += 1
                continue
            odd = rules.moves_in_game % 2 == 1
            row["solved"] += 1
            row["odd"] += odd
            row["even"] += not odd
            row["first wins odd"] += odd and margin > 0
            row["second wins even"] += (not odd) and margin < 0
            row["against"] += (margin > 0) != odd
        tally.update(row)
        skipped += row["skipped"]
        out.append(f" {n:4d} {row['solved']:6d} {row['first wins odd']:8d} of {row['odd']:<6d}"
                   f" {row['second wins even']:10d} of {row['even']:<6d} {row['against']:14d}"
                   f" {row['skipped']:16d}")
    out.append(f" all  {tally['solved']:6d} {tally['first wins odd']:8d} of {tally['odd']:<6d}"
               f" {tally['second wins even']:10d} of {tally['even']:<6d} {tally['against']:14d}"
               f" {skipped:16d}   (budget {budget:,} positions a board)")
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--sizes", help="dot counts to time, e.g. 9,10 (default 6..11)")
    ap.add_argument("--boards", type=int, help="boards per size for timing (default 3; 5 at 10, 2 at 11)")
    ap.add_argument("--limit", type=float, help="wall seconds allowed per solve (default 600)")
    ap.add_argument("--balance", type=int,
                    help="boards per size for the seat balance (default 40; half that at 9 dots)")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        n, index, method = args.one.split(",")
        print(json.dumps(run_one(int(n), int(index), method)))
        return
    sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else \
        [6, 7, 8, 9] if args.quick else [6, 7, 8, 9, 10, 11]
    default = {10: 5, 11: 2}
    plan = [(n, args.boards or (2 if args.quick else default.get(n, 3))) for n in sizes]
    limit = args.limit or (60 if args.quick else 600)
    print("\n".join(speed(plan, limit, python_upto=9, baseline_upto=10)))
    if args.balance == 0:
        return
    print()
    per_size = args.balance or (10 if args.quick else 40)
    print("\n".join(balance([5, 6, 7, 8, 9], per_size, budget=300_000 if args.quick else 1_500_000)))


if __name__ == "__main__":
    main()
