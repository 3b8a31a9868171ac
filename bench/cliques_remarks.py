"""How much paper a game of Cliques needs, from simulated play by the printed rules.

Three tables:

1. remarks per game (median, 90th percentile) for two player models (sim/cliques_play.py), next
   to the remark cards a set prints by default and the share of games they cover;
2. the score sheet's tally: remarks in the busiest circle, and the spare rows a game needs when
   circles overflow rows of the fewest boxes a sheet prints;
3. pages per set for 3, 6, 10 and 12 players on A4/Letter, portrait/landscape, built with this
   tree and, with ``--before DIR``, with another source tree in the same run, as a baseline
   (``git archive 0872fd3 | tar -x -C DIR``: the sets before the rules card and vote cards).

Run: python bench/cliques_remarks.py [--games N] [--before DIR] [--skip-pages]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))   # tests/support

from pnp.games.cliques.rules import MAX_PLAYERS, MIN_PLAYERS, remark_cards  # noqa: E402
from pnp.games.cliques.score_sheet import MIN_TALLY_BOXES, SPARE_ROWS  # noqa: E402
from support.sim.cliques_play import random_game, social_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MODELS = {
    "social": lambda n, rng: social_game(n, rng),
    "social slow": lambda n, rng: social_game(n, rng, learn=0.05),
    "random 0.5": lambda n, rng: random_game(n, rng, 0.5),
}
TALLY_BOXES = MIN_TALLY_BOXES     # the fewest boxes a tally row prints (landscape; portrait 11)
PAGE_COUNTS = (3, 6, 10, 12)
PAPERS = [("A4", "portrait"), ("Letter", "portrait"), ("A4", "landscape"),
          ("Letter", "landscape")]


def games(model: str, players: int, count: int):
    for g in range(count):
        yield MODELS[model](players, random.Random(f"{model}-{players}-{g}"))


def remarks_table(count: int) -> None:
    print("remarks per game          median   p90   printed  games covered")
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        printed = remark_cards(players)
        for model in MODELS:
            used = sorted(sum(len(r) for r in t.remarks) for t in games(model, players, count))
            covered = sum(u <= printed for u in used) / len(used)
            print(f"{players:2d} players {model:12s}  {statistics.median(used):6.1f}  "
                  f"{used[int(0.9 * len(used))]:4d}  {printed:8d}  {covered:12.0%}")


def tally_table(count: int) -> None:
    print(f"\ntally rows ({TALLY_BOXES} boxes)      busiest circle p90   spare rows needed "
          f"p90 / max   printed")
    for players in PAGE_COUNTS:
        for model in MODELS:
            busiest, spare = [], []
            for t in games(model, players, count):
                busiest.append(max(len(r) for r in t.remarks))
                spare.append(sum(max(0, -(-(len(r) - TALLY_BOXES) // TALLY_BOXES))
                                 for r in t.remarks))
            busiest.sort()
            spare.sort()
            p90 = int(0.9 * len(spare))
            print(f"{players:2d} players {model:12s}  {busiest[p90]:18d}   "
                  f"{spare[p90]:11d} / {spare[-1]:3d}   {SPARE_ROWS:7d}")


SPEC = """title: pages
seed: bench
output: set.pdf
page: {{size: {size}, orientation: {orientation}}}
items:
  - kind: cliques
    players: {players}
"""


def pages(tree: Path, players: int, size: str, orientation: str) -> int:
    """Pages of a default set built by the pnp in ``tree`` (a separate process)."""
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "set.yaml"
        spec.write_text(SPEC.format(size=size, orientation=orientation, players=players))
        env = dict(os.environ, PYTHONPATH=str(tree))
        run = subprocess.run([sys.executable, "-m", "pnp", "build", str(spec), "-o", tmp],
                             capture_output=True, text=True, env=env, cwd=tmp)
        if run.returncode:
            raise SystemExit(f"build failed in {tree}: {run.stdout}{run.stderr}")
        import pypdfium2 as pdfium
        return len(pdfium.PdfDocument(str(Path(tmp) / "set.pdf")))


def pages_table(before: Path | None) -> None:
    print("\npages per default set      " + "  ".join(f"{s} {o[:4]:>4s}" for s, o in PAPERS))
    rows = [("this tree", ROOT)] + ([("before", before)] if before else [])
    for players in PAGE_COUNTS:
        counts = {}
        for label, tree in rows:
            counts[label] = [pages(tree, players, s, o) for s, o in PAPERS]
            print(f"{players:2d} players {label:12s}    " +
                  "  ".join(f"{c:9d}" for c in counts[label]))
        if before:
            ratio = [a / b for a, b in zip(counts["this tree"], counts["before"])]
            print(f"{players:2d} players {'ratio':12s}    " + "  ".join(f"{r:9.2f}" for r in ratio))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--before", type=Path, help="another pnp source tree, as a baseline")
    parser.add_argument("--skip-pages", action="store_true")
    args = parser.parse_args()
    remarks_table(args.games)
    tally_table(args.games)
    if not args.skip_pages:
        pages_table(args.before)


if __name__ == "__main__":
    main()
