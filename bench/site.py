"""`pnp site`: what a month of the board of the day costs to build, and the frozen answers the
tests build a week from, checked against the solver.

    python bench/site.py --month [--from 2026-11-01 --days 30]
    python bench/site.py --frozen

--month runs `pnp site` as a user does, in a subprocess with a cache folder of its own:
  1. cold: the month into a new folder from an empty answer cache (every answer worked out);
  2. warm: the same month into another new folder, the answers kept by (1);
  3. next morning: one more day added to (1)'s folder (what a cron job does each day).
Each figure is the CPU of that process and its children (user + system, from the kernel's
accounting: never wall time, the machine is shared), beside its wall time. The baseline of (2)
and (3) is (1), from the same run: the ratio is what keeping the answers saves. The aim is (1)
within 600 s of CPU (issue 34). The folders of (1) and (2) must hold the same bytes (checked).

--frozen works out again, from nothing, each answer frozen in tests/support/daily_answers.py (the
week's seven boards; Sunday's 11 dots is most of the minute) and says whether it is the same
margin and the same whole line. Exit 1 if any differs.
"""

from __future__ import annotations

import argparse
import datetime as dt
import filecmp
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
AIM_CPU = 600


def run_site(folder: Path, cache: Path, first: dt.date, days: int,
             seconds: str | None) -> tuple[float, float, str]:
    """`pnp site` in a subprocess: (its CPU seconds with its children, wall seconds, its line)."""
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pnp", "site", str(folder), "--from",
                           first.isoformat(), "--days", str(days),
                           *(["--solve-seconds", seconds] if seconds else [])],
                          env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"pnp site failed: {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout.strip()


def same_tree(a: Path, b: Path) -> bool:
    names = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    return names == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file()) and \
        all(filecmp.cmp(a / n, b / n, shallow=False) for n in names)


def month(first: dt.date, days: int, seconds: str | None) -> None:
    with tempfile.TemporaryDirectory(prefix="pnp-bench-site-") as tmp:
        tmp = Path(tmp)
        cold = run_site(tmp / "cold", tmp / "cache", first, days, seconds)
        warm = run_site(tmp / "warm", tmp / "cache", first, days, seconds)
        same = same_tree(tmp / "cold", tmp / "warm")
        morning = run_site(tmp / "cold", tmp / "cache", first + dt.timedelta(days=days), 1, seconds)
        answers = len(list((tmp / "cache").rglob("*.json")))
        unanswered = sum("perfect play not worked out" in p.read_text(encoding="utf-8")
                         for p in (tmp / "cold").glob("*/index.html"))
    print(f"pnp site --from {first.isoformat()} --days {days}"
          f"{f' --solve-seconds {seconds}' if seconds else ''} (answers kept afterwards: {answers}; "
          f"days whose answer was not worked out: {unanswered})")
    print(f"{'figure':<44}{'CPU s':>9}{'wall s':>9}{'baseline':>10}{'ratio':>8}   aim")
    print("-" * 92)
    print(f"{'cold: empty answer cache':<44}{cold[0]:>9.1f}{cold[1]:>9.1f}{'':>10}{'':>8}"
          f"   <= {AIM_CPU} s CPU: {'met' if cold[0] <= AIM_CPU else 'MISSED'}")
    for name, figure in (("warm: the same month, answers kept", warm),
                         ("next morning: one day more, answers kept", morning)):
        print(f"{name:<44}{figure[0]:>9.1f}{figure[1]:>9.1f}{cold[0]:>10.1f}"
              f"{figure[0] / cold[0]:>8.3f}")
    print(f"cold and warm folders hold the same bytes: {same}")
    print(f"last line of the next morning's run: {morning[2]}")
    if not same:
        sys.exit(1)


def frozen() -> None:
    from pnp.games.cliquer.analysis import analyze
    from pnp.games.cliquer.daily import board_of
    from support.daily_answers import FROZEN

    wrong = 0
    print(f"{'board of':<12}{'dots':>5}{'CPU s':>8}   frozen answer")
    for day, (margin, line) in FROZEN.items():
        board = board_of(dt.date.fromisoformat(day))
        start = time.process_time()
        figures = analyze(board.dots, True)
        cpu = time.process_time() - start
        play = figures["perfect_play"]
        same = play is not None and \
            (play["first_player_margin"], " ".join(play["best_line"])) == (margin, line)
        wrong += not same
        said = ("the same" if same else "DIFFERS" if play else
                f"NOT WORKED OUT ({figures.get('perfect_play_skipped')})")
        print(f"{day:<12}{len(board.dots):>5}{cpu:>8.1f}   {said}", flush=True)
    sys.exit(1 if wrong else 0)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--month", action="store_true", help="a month cold, warm, and a day more")
    parser.add_argument("--frozen", action="store_true", help="check the tests' frozen answers")
    parser.add_argument("--from", dest="first", default="2026-11-01")
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--solve-seconds", default=None, help="passed to pnp site")
    args = parser.parse_args(argv)
    if not (args.month or args.frozen):
        parser.error("say --month, --frozen or both")
    if args.month:
        month(dt.date.fromisoformat(args.first), args.days, args.solve_seconds)
    if args.frozen:
        frozen()


if __name__ == "__main__":
    main(sys.argv[1:])
