"""Calibrate CliqueR's difficulty measure against measured play.

On a seeded corpus of random boards (default 200 boards each of 7, 8, 9, 10 dots) a 2-ply
lookahead player plays a greedy one, half the games in each seat. A board's skill gap is the mean
final margin of lookahead over greedy: raw (points), as a share of all points scored, and per move
(raw / (3n-3-h), the number of moves in every game on that board). Prints a table by dots and
interior dots and the Spearman rank correlation of ``difficulty.measure`` with each gap, overall,
per dot count and within equal interior-dot counts; the interior-dot count alone is shown beside.

    python bench/calibrate_difficulty.py            # full: 200 boards x 4 sizes x 1000 games
    python bench/calibrate_difficulty.py --quick    # 40 boards x 4 sizes x 100 games

With --perfect, the same boards (seed 0) are played against perfect play instead: how many points
a greedy and a one-reply (lookahead2) player lose to a perfect one, per board, and Spearman's rho
of the difficulty with that loss (pnp's solver; 10 dots take seconds a board with its C core).

    python bench/calibrate_difficulty.py --perfect --workers 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import defaultdict
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from support.cliquer_corpus import corpus  # noqa: E402

from pnp.games.cliquer.difficulty import measure  # noqa: E402
from pnp.games.cliquer.players import Lookahead, Perfect, greedy_player, margin, play_game  # noqa: E402
from pnp.games.cliquer.rules import Rules  # noqa: E402


def ranks(xs: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their average rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rho (Pearson on average ranks); None when either side is constant."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / (sxx * syy) ** 0.5


def play_board(task: tuple[int, int, tuple, int]) -> dict:
    n, index, dots, games = task
    rules = Rules(dots)
    lookahead = Lookahead(2)
    margins = totals = 0
    for g in range(games):
        seat = g % 2  # the lookahead player's seat: both orders, equally often
        players = [lookahead, greedy_player] if seat == 0 else [greedy_player, lookahead]
        end = play_game(rules, players, random.Random(f"calibrate:{n}:{index}:{g}"))
        margins += margin(end, seat)
        totals += sum(end.scores)
    d = measure(dots)
    moves = rules.moves_in_game
    return {
        "dots": list(map(list, dots)), "n": n, "interior": d.components["interior_dots"],
        "single": d.components["single_dot_triangles"], "difficulty": d.value, "band": d.band,
        "gap": margins / games, "share": margins / totals, "per_move": margins / games / moves,
        "total": totals / games,
    }


def perfect_board(task: tuple[int, int, tuple, int]) -> dict:
    """Points a greedy and a one-reply (lookahead2) player lose against perfect play on one board.

    loss = the perfect player's mean margin against the weaker one minus the perfect-play margin
    of the same seat, averaged over both seats (``games`` games a seat; the weaker player breaks
    ties at random, seeded). 0 would mean the weaker player never gives a point away.
    """
    from pnp.games.cliquer.solver import Solver

    n, index, dots, games = task
    rules = Rules(dots)
    value = Solver(rules).solve().margin        # first player's margin under perfect play
    perfect = Perfect(rules)
    out = {}
    for name, weak in (("greedy", greedy_player), ("lookahead2", Lookahead(2))):
        lost = 0
        for g in range(games):
            for seat in (0, 1):        # the perfect player's seat
                players = [perfect, weak] if seat == 0 else [weak, perfect]
                end = play_game(rules, players, random.Random(f"perfect:{n}:{index}:{g}"))
                lost += margin(end, seat) - (value if seat == 0 else -value)
        out[name] = lost / (2 * games)
    d = measure(dots)
    return {"n": n, "interior": d.components["interior_dots"], "difficulty": d.value,
            "moves": rules.moves_in_game, "greedy_loss": out["greedy"],
            "lookahead2_loss": out["lookahead2"], "margin": value}


def perfect_report(rows: list[dict], games: int, seconds: float) -> str:
    sizes = sorted({r["n"] for r in rows})
    per_size = ", ".join(f"{sum(r['n'] == n for r in rows)} x {n} dots" for n in sizes)
    out = [f"{len(rows)} boards ({per_size}), greedy and lookahead2 each against perfect play, "
           f"{games} games a seat, {seconds:.0f} s", "",
           " dots interior boards difficulty  greedy loses  lookahead2 loses   (points a game; per move)"]
    cells = defaultdict(list)
    for r in rows:
        cells[(r["n"], r["interior"])].append(r)
    for (n, i), cell in sorted(cells.items()):
        mean = lambda f: sum(r[f] for r in cell) / len(cell)  # noqa: E731
        out.append(f" {n:4d} {i:8d} {len(cell):6d}   {mean('difficulty'):.3f}   {mean('greedy_loss'):6.2f} "
                   f"({mean('greedy_loss') / mean('moves'):4.2f})   {mean('lookahead2_loss'):6.2f} "
                   f"({mean('lookahead2_loss') / mean('moves'):4.2f})")
    out += ["", "Spearman rho of difficulty with the loss against perfect play"
                "        greedy  (per move)   lookahead2  (per move)"]
    for label, sub in [("all", rows)] + [(f"{n} dots", [r for r in rows if r["n"] == n]) for n in sizes]:
        cols = []
        for who in ("greedy_loss", "lookahead2_loss"):
            cols.append(spearman([r["difficulty"] for r in sub], [r[who] for r in sub]))
            cols.append(spearman([r["difficulty"] for r in sub], [r[who] / r["moves"] for r in sub]))
        out.append(f" {label:<8}" + "".join(f"  {fmt(c)}" for c in cols))
    return "\n".join(out)


def fmt(r: float | None) -> str:
    return "  -  " if r is None else f"{r:5.3f}"


def within(rows: list[dict], key, x: str, y: str, min_size: int = 5) -> tuple[float | None, int]:
    """Board-weighted mean rho inside groups of equal ``key``; groups of constant x are skipped."""
    groups = defaultdict(list)
    for r in rows:
        groups[key(r)].append(r)
    total = weight = 0.0
    for group in groups.values():
        if len(group) < min_size:
            continue
        rho = spearman([r[x] for r in group], [r[y] for r in group])
        if rho is not None:
            total += rho * len(group)
            weight += len(group)
    return (total / weight if weight else None), int(weight)


def report(rows: list[dict], games: int, seconds: float) -> str:
    out = []
    sizes = sorted({r["n"] for r in rows})
    per_size = ", ".join(f"{sum(r['n'] == n for r in rows)} x {n} dots" for n in sizes)
    out.append(f"{len(rows)} boards ({per_size}),"
               f" {games} games a board (half in each seat), lookahead2 vs greedy, {seconds:.0f} s")
    out.append("")
    out.append(" dots interior boards difficulty(min-max)   gap  per-move  share   total")
    cells = defaultdict(list)
    for r in rows:
        cells[(r["n"], r["interior"])].append(r)
    for (n, i), cell in sorted(cells.items()):
        mean = lambda f: sum(r[f] for r in cell) / len(cell)  # noqa: E731
        lo, hi = min(r["difficulty"] for r in cell), max(r["difficulty"] for r in cell)
        out.append(f" {n:4d} {i:8d} {len(cell):6d}  {mean('difficulty'):.3f} ({lo:.3f}-{hi:.3f})"
                   f" {mean('gap'):6.2f}   {mean('per_move'):5.3f}   {mean('share'):5.3f} {mean('total'):7.1f}")
    out.append("")
    out.append("Spearman rho               vs per-move gap   vs raw gap   vs share")
    for label, x in (("difficulty", "difficulty"), ("interior dots alone", "interior")):
        line = [spearman([r[x] for r in rows], [r[y] for r in rows]) for y in ("per_move", "gap", "share")]
        out.append(f" {label:<22} all      {fmt(line[0])}          {fmt(line[1])}        {fmt(line[2])}")
    for n in sizes:
        sub = [r for r in rows if r["n"] == n]
        line = [spearman([r["difficulty"] for r in sub], [r[y] for r in sub]) for y in ("per_move", "gap", "share")]
        alone = spearman([r["interior"] for r in sub], [r["gap"] for r in sub])
        out.append(f" difficulty  {n:2d} dots            {fmt(line[0])}          {fmt(line[1])}        {fmt(line[2])}"
                   f"   (interior alone vs gap {fmt(alone)})")
    rho, count = within(rows, lambda r: (r["n"], r["interior"]), "difficulty", "gap")
    out.append(f" within equal dots and interior dots (tie-break alone), mean over {count} boards: {fmt(rho)}")
    rho, count = within(rows, lambda r: r["interior"], "difficulty", "per_move")
    out.append(f" within equal interior dots across sizes, vs per-move gap, mean over {count} boards: {fmt(rho)}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="40 boards a size, 100 games a board")
    ap.add_argument("--boards", type=int, help="boards per dot count (default 200)")
    ap.add_argument("--games", type=int, help="games per board, even (default 1000)")
    ap.add_argument("--sizes", default="7,8,9,10")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", metavar="PATH", help="also write every board's figures here")
    ap.add_argument("--perfect", action="store_true",
                    help="instead: points greedy and lookahead2 lose against perfect play "
                         "(default 40 boards of 7, 8, 9 dots and 10 of 10, 4 games a seat)")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.perfect:
        games = args.games or 4
        count = lambda n: args.boards or (10 if n >= 10 else 40)  # noqa: E731
        _run([(n, i, dots, games) for n in sizes for i, dots in enumerate(corpus(n, count(n), seed=0))],
             perfect_board, perfect_report, games, 1, args)
        return
    boards = args.boards or (40 if args.quick else 200)
    games = args.games or (100 if args.quick else 1000)
    _run([(n, i, dots, games) for n in sizes for i, dots in enumerate(corpus(n, boards, seed=0))],
         play_board, report, games, 2, args)


def _run(tasks, work, summary, games, chunksize, args) -> None:
    """Play every task on the pool, print the summary table and, if asked, the rows as JSON."""
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        rows = pool.map(work, tasks, chunksize=chunksize)
    print(summary(rows, games, time.perf_counter() - start))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f)

if __name__ == "__main__":
    main()
