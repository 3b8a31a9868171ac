"""CliqueR's strategic depth as a skill chain at every size pnp prints, and how well fast board
measures predict it.

The idea of Lantz, Isaksen, Jaffe, Nealen and Togelius ("Depth in Strategic Games", 2017): a
ladder of players of rising strength, played on the same board. The rungs and the chain are
pnp's own (pnp/games/cliquer/players.py and depth.py, what `pnp analyze --depth` prints):

    random < greedy < lookahead2 < perfect

walked from the bottom: each rung plays the *champion* (the strongest rung below it that
passed), from both seats, pairs of games until the sequential test decides (sequential.py: at
most 400 pairs; a rung winning 70 % of pairs passes, one winning 60 % fails, each at least 95 %
of the time); a rung that passes becomes the champion. A board's **depth** is the number of
rungs that did (0..3); the gains are each rung's mean margin a move over its champion. The top rung is perfect play where
the solver finishes within ``--positions`` positions (a count, so the same rungs on any
machine), else a search with the last moves of the game exact (depth.exact_moves).

The boards are the generator's own (pnp/games/cliquer/generate.py with a default item, seeded
``depth-bench:N:I``; ``--bands``: made to each band in turn); where the default clearance and
spacing cannot hold N dots, the loosest a spec may ask for (LOOSE).

Then the calibration, all on the same boards in the same run: Spearman's rho of each fast
measure (milliseconds a board) against the depth, the **skill** (the champions' gains added up:
how many points a move skill is worth, all the way up), and what greedy and lookahead2 lose a
move to perfect play; ``--retest`` plays every chain again with other seeds, and the depth's
rho with itself is the most any predictor can reach; and least-squares fits of the fast
features to the skill's and the depth's rank on the even boards, with rho on the even boards
(fitted) and on the odd ones (held out).

    python bench/depth.py                 # quick: 7-11 and 13 dots, 4 boards a size
    python bench/depth.py --full          # 7-11, 13, 16, 20, 25, 30 dots, 12 boards (hours)
    python bench/depth.py --sizes 7,8 --boards 8 --retest --json rows.json
    python bench/depth.py --from-json rows.json   # the calibration again, no games
    python bench/depth.py --bands --sizes 7,8,9 --boards 4 --no-loss   # boards made to each band
    python bench/depth.py --analyze-cost  # CPU of `pnp analyze --depth` at 9, 10, 11 dots
    python bench/depth.py --sizes 6,7,8,9 --boards 6 --retest --no-loss   # the depth re-measured
    python bench/depth.py --speed --sizes 6,7,8,9 --boards 2   # CPU a chain: C core against Python
    python bench/depth.py --error-rates   # the sequential test's error rates, exact and simulated

``--retest`` plays every chain a second time with other game seeds (``SEED:retest``) and
reports on how many boards the depth came out the same: the figure docs/difficulty.md gives.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from calibrate_difficulty import spearman  # noqa: E402

from pnp.games.cliquer import sequential  # noqa: E402
from pnp.games.cliquer.depth import MOST_DEPTH, RUNGS, STAND_IN, perfect_loss  # noqa: E402
from pnp.games.cliquer.depth import chain as board_chain  # noqa: E402
from pnp.games.cliquer.difficulty import FEATURES, band_of, features  # noqa: E402
from pnp.games.cliquer.solver import Budget  # noqa: E402

QUICK_SIZES, FULL_SIZES = [7, 8, 9, 10, 11, 13], [7, 8, 9, 10, 11, 13, 16, 20, 25, 30]
LOOSE = dict(clearance_mm=2.5, spacing_mm=5, size_mm=270, grid=255)   # the options' minimums
QUICK_POSITIONS, FULL_POSITIONS = 10_000_000, 400_000_000   # 10 dots take 3-7 M, 11 dots 60-190 M
LOSS_GAMES = 16        # pairs of games for what greedy and lookahead2 lose to perfect play


def served_board(n: int, i: int, band: str | None = None):
    """Board i of n dots as `pnp build` makes it from a plain item (or one asking for ``band``);
    (dots, 'default' | 'loose'), or (None, None) when the generator cannot place it."""
    from pnp.games.cliquer.generate import generate
    from pnp.games.cliquer.item import Item, Target
    from pnp.games.cliquer.placer import Infeasible
    from pnp.games.cliquer.target import Unreachable, band_target

    wanted = {} if band is None else {"difficulty": Target(*band_target(band), band)}
    seed = f"depth-bench:{n}:{i}" + ("" if band is None else f":{band}")
    for label, options in (("default", {}), ("loose", LOOSE)):
        try:
            return generate(Item(dots=n, **wanted, **options), random.Random(seed), "b").dots, label
        except (Infeasible, Unreachable):
            continue
    return None, None


def measure_board(dots, games: int, tag: str, positions: int, loss: bool,
                  retest: bool = False) -> dict:
    got = board_chain(dots, games, tag, budget=Budget(positions=positions))
    row = {"dots": [list(d) for d in dots], "n": len(dots), "steps": got["steps"],
           "depth": got["depth"], "sure": got["sure"], "again": got["again"],
           "top": got["rungs"][-1], "solve_s": got["solve_seconds"], **features(dots)}
    if retest:      # the same board, the same chain, other seeds: how much of the depth is luck
        again = board_chain(dots, games, tag + ":retest", budget=Budget(positions=positions))
        row["retest_depth"], row["retest_steps"] = again["depth"], again["steps"]
        row["retest_sure"] = again["sure"]
    if loss and got["rungs"][-1] == "perfect":
        row["loss"] = perfect_loss(dots, LOSS_GAMES, tag)
    return row


def skill(row: dict) -> float:
    """The total gain a move from random up the chain: each champion's gain over the one before."""
    return sum(s["gain"] for s in row["steps"] if s["reliable"])


def fine_depth(row: dict) -> float:
    """Depth, plus the mean pairs-won share of the rungs that did not reliably win (ties of
    depth broken by how near those rungs came)."""
    missed = [s["win"] for s in row["steps"] if not s["reliable"]]
    return row["depth"] + (sum(missed) / len(missed) if missed else 1.0)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--sizes", help=f"dot counts (default {QUICK_SIZES}; --full {FULL_SIZES})")
    ap.add_argument("--boards", type=int, help="boards a size (default 4; --full 12)")
    ap.add_argument("--games", type=int, help=f"at most this many pairs of games a rung (default "
                                              f"{sequential.MOST_PAIRS}, as pnp's chain)")
    ap.add_argument("--positions", type=int,
                    help=f"the solver's budget for the perfect rung (default {QUICK_POSITIONS:,}; "
                         f"--full {FULL_POSITIONS:,})")
    ap.add_argument("--bands", action="store_true",
                    help="boards made to each band in turn (easy, medium, hard) instead of plain ones")
    ap.add_argument("--no-loss", action="store_true",
                    help="leave out what greedy and lookahead2 lose to perfect play (half the CPU)")
    ap.add_argument("--retest", action="store_true",
                    help="play every board's chain a second time with other seeds (test-retest)")
    ap.add_argument("--json", metavar="PATH", help="also write every board's figures here")
    ap.add_argument("--from-json", metavar="PATH", help="instead of playing: the calibration of saved rows")
    ap.add_argument("--analyze-cost", action="store_true",
                    help="instead: CPU seconds of `pnp analyze --depth`'s chain (default budget) "
                         "on the generator's boards")
    ap.add_argument("--speed", action="store_true",
                    help="instead: CPU seconds of one board's chain with the C core and with the "
                         "pure-Python path (PNP_SOLVER_CORE=python), the ratio, the same figures")
    ap.add_argument("--error-rates", action="store_true",
                    help="instead: the sequential test's chance of passing, exact and simulated")
    args = ap.parse_args(argv)
    if args.error_rates:
        error_rates()
        return
    if args.speed:
        speed([int(x) for x in args.sizes.split(",")] if args.sizes else [6, 7, 8, 9],
              args.boards or 2)
        return
    if args.analyze_cost:
        analyze_cost([int(x) for x in args.sizes.split(",")] if args.sizes else [9, 10, 11],
                     args.boards or 2)
        return
    if args.from_json:
        with open(args.from_json) as f:
            rows = json.load(f)
        calibrate(rows)
        return
    sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else \
        FULL_SIZES if args.full else QUICK_SIZES
    boards = args.boards or (12 if args.full else 4)
    games = args.games or sequential.MOST_PAIRS
    positions = args.positions or (FULL_POSITIONS if args.full else QUICK_POSITIONS)
    print(f"skill chain {' < '.join(RUNGS)} (or search at {STAND_IN:,} positions a move in its "
          f"place), walked from the bottom: a rung passes the sequential test (at most {games} "
          f"pairs of games) over the champion; perfect play within {positions:,} positions; "
          f"boards: the generator's, seed depth-bench:N:I")
    print(f"{'dots':>4} {'board':>5} {'diff':>6} | each rung over the champion: share of pairs "
          f"won (* passed, ? close), pairs played | top | depth (retest) | skill | solve s | "
          f"cpu s | greedy/la2 loss a move")
    rows, start = [], time.process_time()
    for n, band in [(n, band) for n in sizes for band in
                    (("easy", "medium", "hard") if args.bands else (None,))]:
        for i in range(boards):
            dots, label = served_board(n, i, band)
            if dots is None:
                print(f"{n:4d}: the generator cannot place {n} dots"
                      + (f" in band {band}" if band else f" even with {LOOSE}"))
                break
            began = time.process_time()
            row = measure_board(dots, games, f"{n}:{i}", positions, loss=not args.no_loss,
                                retest=args.retest)
            row["placed"] = label
            rows.append(row)
            if args.json:       # after every board, so a run stopped early keeps what it played
                with open(args.json, "w") as f:
                    json.dump(rows, f)
            cells = " ".join(f"{s['win']:4.2f}{'*' if s['reliable'] else ' '}"
                             f"{'?' if s.get('close') else ' '}{s.get('pairs', 0):3d}"
                             for s in row["steps"])
            loss = row.get("loss")
            print(f"{n:4d} {i:5d} {row['difficulty']:6.3f} | {cells} | {row['top']:7} | "
                  f"{row['depth']:2d}{'' if row.get('sure', True) else '?'}"
                  f"{'/' + str(row['retest_depth']) if 'retest_depth' in row else '  '}"
                  f"{'?' if 'retest_sure' in row and not row['retest_sure'] else ''} | "
                  f"{skill(row):5.2f} | "
                  f"{row['solve_s'] if row['solve_s'] is not None else float('nan'):7.2f} | "
                  f"{time.process_time() - began:5.1f} | "
                  + (f"{loss['greedy']:.2f} / {loss['lookahead2']:.2f}" if loss else "-")
                  + ("" if label == "default" else "  (loose options)"), flush=True)
    print(f"\n{len(rows)} boards, {time.process_time() - start:.0f} s of CPU\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f)
    calibrate(rows)


def calibrate(rows: list[dict]) -> None:
    """The chain by size, then rho of every fast measure with it, then the held-out fit."""
    sizes = sorted({r["n"] for r in rows})
    print(f"by size      boards  depth 0..{MOST_DEPTH} (count)          skill a move (mean, min-max)  top rung")
    for n in sizes:
        group = [r for r in rows if r["n"] == n]
        depths = [r["depth"] for r in group]
        skills = [skill(r) for r in group]
        print(f"{n:4d} dots   {len(group):6d}  " + " ".join(f"{d}:{depths.count(d)}" for d in range(MOST_DEPTH + 1))
              + f"   {sum(skills) / len(skills):5.2f} ({min(skills):.2f}-{max(skills):.2f})"
              + f"      {', '.join(sorted({r['top'] for r in group}))}")
    print(f"\nby band      boards  depth 0..{MOST_DEPTH} (count)    skill  mean depth  "
          f"depth {MOST_DEPTH}  greedy/la2 loss to perfect (boards)")
    for band in ("easy", "medium", "hard"):
        group = [r for r in rows if band_of(r["difficulty"]) == band]
        if not group:
            continue
        depths = [r["depth"] for r in group]
        mean = lambda f: sum(map(f, group)) / len(group)  # noqa: E731
        solved = [r for r in group if "loss" in r]
        loss = (f"{sum(r['loss']['greedy'] for r in solved) / len(solved):.2f} / "
                f"{sum(r['loss']['lookahead2'] for r in solved) / len(solved):.2f} ({len(solved)})"
                if solved else "-")
        print(f"{band:>8}   {len(group):6d}  " + " ".join(f"{d}:{depths.count(d)}" for d in range(MOST_DEPTH + 1))
              + f"   {mean(skill):5.2f}  {mean(lambda r: r['depth']):5.2f}  "
              + f"{sum(d == MOST_DEPTH for d in depths) / len(depths):6.0%}   {loss}")
    targets = {"depth": lambda r: r["depth"], "fine depth": fine_depth, "skill": skill,
               "greedy loss": lambda r: r["loss"]["greedy"],
               "la2 loss": lambda r: r["loss"]["lookahead2"]}
    print("\nSpearman rho of each fast measure (columns: what it should predict)")
    print(f"{'':24}" + "".join(f"{t:>12}" for t in targets))

    def rho(group, x, y):
        group = [r for r in group if y != "greedy loss" and y != "la2 loss" or "loss" in r]
        if len(group) < 4:
            return "-"
        got = spearman([x(r) for r in group], [targets[y](r) for r in group])
        return "-" if got is None else f"{got:+.2f}"

    measures = {name: (lambda r, name=name: r[name]) for name in FEATURES}
    for label, group in [("all", rows)] + [(f"{n} dots", [r for r in rows if r["n"] == n]) for n in sizes]:
        for name in (measures if label == "all" else ("difficulty", "empty_share")):
            print(f"{label:>8} {name:>15}" + "".join(f"{rho(group, measures[name], t):>12}" for t in targets))
    retest = [r for r in rows if "retest_depth" in r]
    if len(retest) >= 4:
        a, b = [r["depth"] for r in retest], [r["retest_depth"] for r in retest]
        same = sum(x == y for x, y in zip(a, b))
        near = sum(abs(x - y) <= 1 for x, y in zip(a, b))
        print(f"\ntest-retest ({len(retest)} boards, each chain played again with other seeds): "
              f"the same depth on {same} of {len(retest)}, within one on {near}; rho "
              f"{_fmt(spearman(a, b))}; difficulty against the retest depth rho "
              f"{_fmt(spearman([r['difficulty'] for r in retest], b))}")
        sure = [r for r in retest if r.get("sure")]
        if sure:
            print(f"  of the {len(sure)} boards whose first measurement was sure, the same depth "
                  f"on {sum(r['depth'] == r['retest_depth'] for r in sure)}; the chains' own "
                  f"estimate of coming out the same, mean over the boards: "
                  f"{sum(r['again'] for r in retest) / len(retest):.0%}")
    held_out_fit(rows, "skill", skill)
    held_out_fit(rows, "depth", lambda r: r["depth"])


def _fmt(rho) -> str:
    return "-" if rho is None else f"{rho:+.2f}"


def _ranks(xs):
    from calibrate_difficulty import ranks

    return ranks(xs)


def held_out_fit(rows: list[dict], label: str, target) -> None:
    """Least squares of the target's rank on the fast features, fitted on the even boards of each
    size, rho on them and on the odd boards (held out)."""
    fit_rows = [r for k, r in enumerate(rows) if k % 2 == 0]
    held = [r for k, r in enumerate(rows) if k % 2 == 1]
    if len(fit_rows) < len(FEATURES) + 2 or len(held) < 4:
        return
    names = [f for f in FEATURES if f != "difficulty"]
    y = _ranks([target(r) for r in fit_rows])
    x = [[1.0] + [r[f] for f in names] for r in fit_rows]
    coef = _least_squares(x, y)
    predict = lambda r: sum(c * v for c, v in zip(coef, [1.0] + [r[f] for f in names]))  # noqa: E731
    print(f"\nleast squares of {label} rank on {', '.join(names)}: fitted on {len(fit_rows)} boards, "
          f"held out {len(held)}")
    for part, group in (("fitted", fit_rows), ("held out", held)):
        got = spearman([predict(r) for r in group], [target(r) for r in group])
        base = spearman([r["difficulty"] for r in group], [target(r) for r in group])
        print(f"  {part:>8}: fit rho {got if got is not None else float('nan'):+.2f}   "
              f"difficulty's rho {base if base is not None else float('nan'):+.2f}")
    print("  coefficients: " + ", ".join(f"{n} {c:+.3g}" for n, c in zip(["1"] + names, coef)))


def _least_squares(x: list[list[float]], y: list[float]) -> list[float]:
    """Ordinary least squares by the normal equations (a handful of features), with a tiny ridge
    so a constant feature does not make them singular."""
    k = len(x[0])
    a = [[sum(r[i] * r[j] for r in x) + (1e-9 if i == j else 0.0) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * t for r, t in zip(x, y)) for i in range(k)]
    for c in range(k):                      # Gauss-Jordan with partial pivoting
        p = max(range(c, k), key=lambda i: abs(a[i][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for i in range(k):
            if i != c and a[c][c]:
                f = a[i][c] / a[c][c]
                a[i] = [u - f * v for u, v in zip(a[i], a[c])]
                b[i] -= f * b[c]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def analyze_cost(sizes: list[int], boards: int) -> None:
    """What `pnp analyze CODE --depth` spends on the chain, unasked budget (analysis.QUICK)."""
    from pnp.games.cliquer.analysis import QUICK, depth_figures

    print(f"pnp analyze --depth: the chain within the default budget ({QUICK.seconds:g} s of CPU, "
          f"{QUICK.memory_mb} MB), at most {sequential.MOST_PAIRS} pairs a rung; boards: the "
          f"generator's, seed depth-bench:N:I")
    for n in sizes:
        for i in range(boards):
            dots, _ = served_board(n, i)
            start = time.process_time()
            got = depth_figures(dots, None)
            print(f"{n:4d} dots board {i}: depth {got['depth']} of {len(got['steps'])}, "
                  f"{time.process_time() - start:5.1f} s CPU"
                  + (f"; perfect play left out ({got['perfect_play_left_out']})"
                     if got["perfect_play_left_out"] else ""), flush=True)


def speed(sizes: list[int], boards: int) -> None:
    """CPU seconds of one board's whole chain (the default: perfect play on top, unbounded, as
    `depth:` plays it) with the C core (its search rungs and solver), then with the pure-Python
    path (PNP_SOLVER_CORE=python), in the same run; the figures must be the same."""
    print("CPU s of one board's chain (pnp's default chain, games seeded 'board'): C core | "
          "pure Python | ratio; boards: the generator's, seed depth-bench:N:I")
    ratios = []
    for n in sizes:
        for i in range(boards):
            dots, _ = served_board(n, i)
            got, cpu = {}, {}
            for core in ("c", "python"):
                os.environ["PNP_SOLVER_CORE"] = core
                start = time.process_time()
                figures = board_chain(dots)
                cpu[core] = time.process_time() - start
                figures.pop("solve_seconds")
                got[core] = figures
            os.environ.pop("PNP_SOLVER_CORE")
            same = "same figures" if got["c"] == got["python"] else "FIGURES DIFFER"
            ratios.append(cpu["python"] / cpu["c"])
            print(f"{n:4d} dots board {i}: depth {got['c']['depth']}, "
                  f"{sum(s['pairs'] for s in got['c']['steps'])} pairs | C {cpu['c']:6.2f} s | "
                  f"Python {cpu['python']:6.1f} s | {ratios[-1]:5.1f}x | {same}", flush=True)
    print(f"ratio Python / C: {min(ratios):.1f}x to {max(ratios):.1f}x")


def error_rates(runs: int = 4000) -> None:
    """The sequential test's chance of passing a rung whose pairs are won with probability p
    (and drawn with d): exact (sequential.operating), and simulated with a fixed seed."""
    import random

    print(f"sequential test: {sequential.EVEN} against {sequential.STRONG}, LLR bounds "
          f"{sequential.FAIL_AT} and {sequential.PASS_AT}, at most {sequential.MOST_PAIRS} pairs")
    print(f"  won  drawn | share | passes: exact  simulated ({runs} runs, seed 'rates') | mean pairs")
    rng = random.Random("rates")
    for won, drawn in [(0.4, 0), (0.5, 0), (0.55, 0), (0.6, 0), (0.65, 0), (0.7, 0), (0.8, 0),
                       (0.4, 0.3), (0.5, 0.3)]:
        exact = sequential.operating(won, drawn)
        def pair(_: int, won=won, drawn=drawn) -> int:
            roll = rng.random()
            return 2 if roll < won else 1 if roll < won + drawn else 0

        passed = sum(sequential.decide(pair)[0] for _ in range(runs))
        print(f"  {won:.2f}  {drawn:.2f} | {won + drawn / 2:.3f} | {exact.passes:8.4f}  "
              f"{passed / runs:8.4f} | {exact.pairs:6.1f}")


if __name__ == "__main__":
    main()
