"""CliqueR perfect play: solver time, positions and peak memory, against a plain memoised minimax.

Each solve runs in a fresh subprocess so its peak resident memory (ru_maxrss) is its own, with a
time limit. The plain baseline (memoised minimax over every position, no pruning) runs up to 8
dots in the same run; above that it takes minutes and gigabytes.

Then the seat balance: on solved boards of 5-9 dots, does the first player win exactly when the
number of moves in every finished game, 3n-3-h, is odd?

    python bench/solver_speed.py              # 6..10 dots, 3 boards each (2 at 10), limit 600 s
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

from cliquer_corpus import corpus  # noqa: E402


def run_one(n: int, index: int, method: str, budget: int | None) -> dict:
    """In this process: solve one corpus board and report time, work and peak memory."""
    import resource

    from pnp.games.cliquer.rules import Rules
    from pnp.games.cliquer.solver import OverBudget, Solver, plain_minimax

    dots = corpus(n, index + 1, seed=1)[index]
    rules = Rules(dots)
    start = time.perf_counter()
    out = {"n": n, "index": index, "interior": rules.n - rules.hull, "method": method}
    if method == "plain":
        out["margin"] = plain_minimax(rules)
    else:
        try:
            found = Solver(rules, budget=budget).solve()
            out.update(margin=found.margin, positions=found.positions)
        except OverBudget:
            out["margin"] = None
    out["seconds"] = time.perf_counter() - start
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    out["moves"] = rules.moves_in_game
    return out


def measure(n: int, index: int, method: str, limit: float, budget: int | None = None) -> dict:
    cmd = [sys.executable, os.path.abspath(__file__), "--one", f"{n},{index},{method},{budget or 0}"]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return {"n": n, "index": index, "method": method, "seconds": None}
    return json.loads(done.stdout)


def speed(sizes: list[int], boards: int, limit: float) -> list[str]:
    out = [" dots board interior  solver s  positions  peak MB |  plain s  peak MB  ratio  margin"]
    for n in sizes:
        for i in range(boards):
            s = measure(n, i, "solver", limit)
            p = measure(n, i, "plain", limit) if n <= 8 else None
            if s["seconds"] is None:
                out.append(f" {n:4d} {i:5d}        ?   > {limit:.0f} s (time limit)")
                continue
            line = (f" {n:4d} {i:5d} {s['interior']:8d} {s['seconds']:9.2f} {s['positions']:10d} "
                    f"{s['peak_mb']:8.0f} |")
            if p and p["seconds"] is not None:
                assert p["margin"] == s["margin"], (p, s)
                line += f" {p['seconds']:8.2f} {p['peak_mb']:8.0f} {p['seconds'] / s['seconds']:6.1f}x"
            else:
                line += "        -        -      -"
            out.append(line + f"  {s['margin']:+5d}")
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
    ap.add_argument("--boards", type=int, help="boards per size for timing (default 3)")
    ap.add_argument("--limit", type=float, help="seconds allowed per solve (default 600)")
    ap.add_argument("--balance", type=int,
                    help="boards per size for the seat balance (default 40; half that at 9 dots)")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        n, index, method, budget = args.one.split(",")
        print(json.dumps(run_one(int(n), int(index), method, int(budget) or None)))
        return
    sizes = [6, 7, 8, 9] if args.quick else [6, 7, 8, 9, 10]
    boards = args.boards or (2 if args.quick else 3)
    limit = args.limit or (60 if args.quick else 600)
    print("\n".join(speed(sizes[:-1], boards, limit) + speed(sizes[-1:], min(boards, 2), limit)[1:]))
    print()
    per_size = args.balance or (10 if args.quick else 40)
    print("\n".join(balance([5, 6, 7, 8, 9], per_size, budget=300_000 if args.quick else 1_500_000)))


if __name__ == "__main__":
    main()
