"""Catch rate of the validator: many random plantings of every defect class, one table.

Each defect class (tests/games/*/obligations.py, tests/support/defects.py) is planted N times, each time at a random place in
a random good PDF: the small test packs and the gallery layouts (designer pack with n-up and
landscape Letter pages, the class set with worksheets, the 3/6/10-player Cliques sets, the
every-variant Circles board, a week of half-page boards). A planting is

  caught   the validator fails it and names the defect (the class's problem code)
  other    the validator fails it, but with other problems only
  missed   the validator passes it

Known gaps (GAPS in the tests: defects no check looks for yet) are planted too and listed
apart, so the table shows what the validator cannot see as well as what it catches.

Run:  python bench/mutation_report.py [--per-class 40] [--codes-each 3] [--seed 1] [--only WORD]
Needs the test extra (pypdf); about a second per 10 plantings.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support.defects import GAPS  # noqa: E402
from support.forgery import plant, verdict  # noqa: E402
from support.obligations import (CODE_DEFECTS, GOOD_SPECS, MUTATIONS, UNPLANTABLE,  # noqa: E402
                                 build_good)

LAYOUTS = ["designer-pack", "class-set", "cliques", "circles", "daily"]


def good_pdfs(folder: Path) -> dict[str, list[Path]]:
    """Good PDFs by the game kinds they hold."""
    from pnp.build import build
    from pnp.spec import load

    paths = list(build_good(folder / "small", GOOD_SPECS).values())
    for name in LAYOUTS:
        [(path, _, _)] = build(load(ROOT / "layouts" / f"{name}.yaml"), folder / "layouts")
        paths.append(path)
    by_kind: dict[str, list[Path]] = {}
    for path in paths:
        ok, _, lines = verdict(path)
        assert ok, lines
        from tamper import read_data

        for kind in {b["kind"] for b in read_data(path)["boards"]}:
            by_kind.setdefault(kind, []).append(path)
    return by_kind


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-class", type=int, default=40, help="plantings per defect class")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="classes whose name contains this")
    parser.add_argument("--codes-each", type=int, default=3,
                        help="plantings of each problem-code defect (one per declared code)")
    args = parser.parse_args()

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sources = good_pdfs(folder)
        print(f"good PDFs: {sum(len(v) for v in sources.values())} (by kind: "
              + ", ".join(f"{k} {len(v)}" for k, v in sorted(sources.items())) + ")\n")
        rows, misses = [], []
        for number, mutation in enumerate(MUTATIONS + GAPS):
            if args.only.lower() not in mutation.name.lower():
                continue
            tally: Counter = Counter()
            for i in range(args.per_class):
                rng = random.Random(f"{args.seed}/{number}/{i}")
                good = rng.choice(sources[mutation.source])
                what, bad = plant(mutation, good, folder / "bad.pdf", rng)
                ok, found, _ = verdict(bad)
                outcome = "missed" if ok else "caught" if mutation.expects & found else "other"
                tally[outcome] += 1
                if outcome != "caught" and not mutation.gap:
                    misses.append(f"{outcome:6} {mutation.name}: {what} in {good.name} "
                                  f"-> {sorted(found) or 'ok'}")
            rows.append((mutation, tally))

        codes_caught, code_misses = 0, []
        code_plantings = 0
        for number, mutation in enumerate(CODE_DEFECTS):
            if args.only.lower() not in mutation.name.lower():
                continue
            for i in range(args.codes_each):
                rng = random.Random(f"{args.seed}/codes/{number}/{i}")
                good = rng.choice(sources[mutation.source])
                what, bad = plant(mutation, good, folder / "bad.pdf", rng)
                ok, found, _ = verdict(bad)
                code_plantings += 1
                if not ok and mutation.expects & found:
                    codes_caught += 1
                else:
                    code_misses.append(f"{mutation.expect}: {what} in {good.name} -> {sorted(found) or 'ok'}")

    width = max((len(m.name) for m, _ in rows), default=24)

    def row(name: str, code: str, tally: Counter) -> None:
        planted = sum(tally.values())
        if not planted:
            return
        print(f"{name:{width}}  {code:19} {planted:7} {tally['caught']:6} {tally['other']:5} "
              f"{tally['missed']:6} {tally['caught'] / planted:6.1%}")

    print(f"{'defect class':{width}}  {'named as':19} {'planted':>7} {'caught':>6} {'other':>5} "
          f"{'missed':>6} {'rate':>6}")
    total: Counter = Counter()
    for mutation, tally in rows:
        if not mutation.gap:
            total += tally
            row(mutation.name, mutation.expect, tally)
    if total:
        row("all classes", "", total)
    for line in misses[:20]:
        print("  " + line)
    gaps = [(m, t) for m, t in rows if m.gap]
    if gaps:
        print("\nknown gaps (defects no check looks for yet; the code is a proposal):")
        for mutation, tally in gaps:
            row(mutation.name, mutation.expect, tally)
            print(f"{'':{width}}  why: {mutation.gap}")
    print(f"\nproblem codes: {codes_caught} of {code_plantings} plantings of the {len(CODE_DEFECTS)} code "
          f"defects name their code "
          f"(every declared code has one, except {', '.join(UNPLANTABLE)})")
    for line in code_misses[:20]:
        print("  missed " + line)
    print(f"\n{time.perf_counter() - started:.0f} s, seed {args.seed}, {args.per_class} per class")
    return 0 if not misses and not code_misses else 1


if __name__ == "__main__":
    sys.exit(main())
