"""Boards to a difficulty target: the dot-moving search against plain rejection sampling.

For each dot count and target value (tolerance 0.05), the search (pnp.games.cliquer.target) runs
for a few seeds; we count its evaluations (boards measured) and seconds. Rejection sampling draws
uniform boards from the same generator until one lands in range: one pool of boards per dot count
is drawn and measured, and a target's cost is the pool size over the number of hits (the expected
draws to the first hit), or "more than the pool" when nothing hit.

A target is *feasible* when either method found a board for it; targets between the values any
board of that size can have (see target.possible_values) are refused at once and counted apart.

    python bench/targets.py            # 7..15 dots, 11 targets, 3 seeds, pools of 400/150 boards
    python bench/targets.py --quick    # 7, 9, 12 dots, 2 seeds, pools of 150/60
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pnp.games.cliquer.board import Limits  # noqa: E402
from pnp.games.cliquer.difficulty import measure  # noqa: E402
from pnp.games.cliquer.placer import Placer  # noqa: E402
from pnp.games.cliquer.target import Search, Unreachable, possible_values, value_target  # noqa: E402

TOLERANCE = 0.05
EXTREME = (0.0, 0.1, 0.9, 1.0)


def pool(placer: Placer, n: int, size: int) -> tuple[list[float], float]:
    """Values of ``size`` uniform boards, and seconds per board (generate + measure)."""
    rng = random.Random(f"rejection:{n}")
    start = time.perf_counter()
    values = [measure(placer.place(n, rng)).value for _ in range(size)]
    return values, (time.perf_counter() - start) / size


def reachable_in_theory(n: int, low: float, high: float) -> bool:
    return any(a <= high and low <= b for a, b in possible_values(n))


def run(sizes: list[int], targets: list[float], seeds: int, pool_small: int, pool_large: int) -> list[str]:
    placer = Placer(Limits(90, 170, 3, 10, 6))   # the defaults of a printed page board
    out = [f"tolerance {TOLERANCE}; search: {seeds} seeds a target; rejection: expected draws "
           "from a pool of uniform boards", "",
           " dots  targets  refused  feasible  found  search s: median    max  evals: median |"
           "  rejection evals: median  s: median | extreme targets: evals search / rejection"]
    all_times, all_found, all_feasible = [], 0, 0
    for n in sizes:
        values, per_board = pool(placer, n, pool_small if n <= 11 else pool_large)
        refused = feasible = found = 0
        missed = []
        times, evals, rejection, extreme = [], [], [], []
        for t in targets:
            low, high = value_target(t, TOLERANCE)
            if not reachable_in_theory(n, low, high):
                refused += 1
                continue
            hits = sum(low <= v <= high for v in values)
            runs = []
            for seed in range(seeds):
                search = Search(placer, low, high)
                start = time.perf_counter()
                try:
                    search.place(n, random.Random(f"target:{n}:{t}:{seed}"))
                    ok = True
                except Unreachable:
                    ok = False
                runs.append((ok, time.perf_counter() - start, search.evaluations))
            if hits == 0 and not any(ok for ok, _, _ in runs):
                missed.append(f"{t:.1f}")   # possible in theory, reached by neither: not counted
                continue
            feasible += seeds
            found += sum(ok for ok, _, _ in runs)
            times += [s for _, s, _ in runs]
            evals += [e for _, _, e in runs]
            draws = len(values) / hits if hits else None
            rejection.append(draws if draws is not None else float("inf"))
            if t in EXTREME:
                mean_evals = statistics.mean(e for _, _, e in runs)
                extreme.append(f"{t:.1f}: {mean_evals:.0f}/" + (f"{draws:.0f}" if draws else f">{len(values)}"))
        all_times += times
        all_found += found
        all_feasible += feasible
        finite = [r for r in rejection if r != float("inf")]
        rej_median = statistics.median(rejection) if rejection else None
        rej_text = ("-" if rej_median is None else f">{len(values)}" if rej_median == float("inf")
                    else f"{rej_median:.0f}")
        out.append(
            f" {n:4d} {len(targets):8d} {refused:8d} {feasible:9d} {found:6d}"
            f" {statistics.median(times) if times else 0:17.3f} {max(times, default=0):6.3f}"
            f" {statistics.median(evals) if evals else 0:14.0f} |"
            f" {rej_text:>24} {per_board * (statistics.median(finite) if finite else 0):10.3f} | "
            + "  ".join(extreme) + (f"  (neither reached {', '.join(missed)})" if missed else ""))
    out.append("")
    out.append(f"search found {all_found} of {all_feasible} feasible runs; median "
               f"{statistics.median(all_times):.3f} s, max {max(all_times):.3f} s per board")
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    targets = [round(0.1 * k, 1) for k in range(11)]
    if args.quick:
        lines = run([7, 9, 12], targets, seeds=2, pool_small=150, pool_large=60)
    else:
        lines = run(list(range(7, 16)), targets, seeds=3, pool_small=400, pool_large=150)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
