"""What printing in another language costs: build CPU time and PDF size, each language against
English, for the same packs, in the same run.

    python bench/languages.py [--runs 3] [--layouts layouts/class-set.yaml ...]

Each build runs in a fresh process (so a language pays for loading its fonts and catalog, as a
real build does); its CPU time is the child's user + system time (getrusage), the median of
``--runs`` builds; its size is the PDF's bytes. The CJK face is made once a machine (about a
minute of CPU, pnp/pdf/cjk.py): the bench makes it first and reports that apart. The aim
(issue 37): within 1.5x English's time and 2x its size.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LAYOUTS = ["layouts/class-set.yaml", "layouts/cliques.yaml", "layouts/circles.yaml"]
BUILD = """
import sys
from pathlib import Path
from pnp.build import build
from pnp.spec import load
build(load(Path(sys.argv[1])), Path(sys.argv[2]), language=sys.argv[3], force=True)
"""


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_build(layout: str, language: str, out: Path) -> tuple[float, int]:
    """(CPU seconds, PDF bytes) of one build of ``layout`` in ``language``."""
    before = child_cpu()
    subprocess.run([sys.executable, "-c", BUILD, str(ROOT / layout), str(out), language],
                   check=True, cwd=tempfile.gettempdir())
    cpu = child_cpu() - before
    size = sum(p.stat().st_size for p in out.glob("*.pdf"))
    return cpu, size


def main() -> None:
    from pnp.i18n import CODES

    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--layouts", nargs="+", default=LAYOUTS)
    ap.add_argument("--languages", nargs="+", default=list(CODES))
    args = ap.parse_args()

    start = time.process_time()
    from pnp.pdf.cjk import font_file

    before = child_cpu()
    made = font_file()
    print(f"CJK face: {made} ({time.process_time() - start + child_cpu() - before:.1f} s CPU "
          "in this process, once a machine; 0 if it was made before)")
    print(f"{'pack':24} {'lang':5} {'CPU s':>7} {'x en':>6} {'bytes':>9} {'x en':>6}")
    worst_time = worst_size = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for layout in args.layouts:
            base = None
            for code in args.languages:
                out = Path(tmp) / f"{Path(layout).stem}-{code}"
                runs = [one_build(layout, code, out) for _ in range(args.runs)]
                cpu = statistics.median(r[0] for r in runs)
                size = runs[-1][1]
                if base is None:
                    base = (cpu, size)
                t, s = cpu / base[0], size / base[1]
                if code != "en":
                    worst_time, worst_size = max(worst_time, t), max(worst_size, s)
                print(f"{Path(layout).name:24} {code:5} {cpu:7.2f} {t:6.2f} {size:9d} {s:6.2f}")
    print(f"worst against English: {worst_time:.2f}x CPU (aim 1.5x), {worst_size:.2f}x size (aim 2x)")


if __name__ == "__main__":
    main()
