"""What printing in another language costs: build CPU time and PDF size, each language against
English, for the same packs, in the same run.

    python bench/languages.py [--runs 15] [--layouts layouts/class-set.yaml ...] [--baseline DIR]

Each build runs in a fresh process (so a language pays for loading its fonts and catalog, as a
real build does); its CPU time is the child's user + system time (getrusage), the median of
``--runs`` builds (after one not counted, which compiles the modules: an installed pnp has them
compiled); its size is the PDF's bytes. On a shared machine a build's CPU time moves by a
fifth from minute to minute, so the default is 15 runs (with 3 or 5, the smallest pack's ratios
moved by 0.2 between runs). The builds go round the languages in turn, run after run, so a
machine busier at one moment than another weighs on every language alike.
``--baseline DIR``: a copy of pnp's source (e.g. ``git archive`` of an older commit, with its
built C core) whose builds run in the same rounds, printed beside (the before and after of a
change, measured in one run). The CJK faces are made once a machine (44 s each
of CPU at load 9-14, bench/claims.py --only cjk-first; pnp/pdf/cjk.py): the bench makes them
first and reports that apart. reportlab's
reading of each face's tables is kept once a machine too (pnp/pdf/font_tables.py), by the
round not counted, as a user's first build keeps it. The aim (issue 37): within 1.5x
English's time and 2x its size.
"""

from __future__ import annotations

import argparse
import os
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


def one_build(layout: str, language: str, out: Path, source: Path | None = None
              ) -> tuple[float, int]:
    """(CPU seconds, PDF bytes) of one build of ``layout`` in ``language`` (by the pnp in
    ``source``, else this one). Python's compiled modules are kept (in a folder of the run's
    own), as an installed pnp has them: else every build would compile pnp's sources anew."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(out).parent / "pycache")
    if source is not None:
        env["PYTHONPATH"] = str(source)
    before = child_cpu()
    subprocess.run([sys.executable, "-c", BUILD, str(ROOT / layout), str(out), language],
                   check=True, cwd=tempfile.gettempdir(), env=env)
    cpu = child_cpu() - before
    size = sum(p.stat().st_size for p in out.glob("*.pdf"))
    return cpu, size


def main() -> None:
    from pnp.i18n import CODES, ENGLISH

    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--layouts", nargs="+", default=LAYOUTS)
    ap.add_argument("--languages", nargs="+", default=list(CODES))
    ap.add_argument("--baseline", type=Path, help="a copy of pnp's source to measure beside")
    args = ap.parse_args()
    languages = [ENGLISH] + [code for code in args.languages if code != ENGLISH]
    sources = {"now": None} | ({"baseline": args.baseline.resolve()} if args.baseline else {})

    start = time.process_time()
    from pnp.pdf.cjk import WEIGHTS, font_file

    before = child_cpu()
    made = ", ".join(str(font_file(weight)) for weight in WEIGHTS)
    print(f"CJK faces: {made} ({time.process_time() - start + child_cpu() - before:.1f} s CPU "
          "in this process, once a machine; 0 if it was made before)")
    worst_time = worst_size = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for layout in args.layouts:
            cpu: dict = {}
            size: dict = {}
            # round the languages in turn, run after run; the first round is not counted (it
            # compiles the modules each language imports)
            for run in range(args.runs + 1):
                for code in languages:
                    for name, source in sources.items():
                        out = Path(tmp) / f"{Path(layout).stem}-{code}-{name}"
                        seconds, size[name, code] = one_build(layout, code, out, source)
                        if run:
                            cpu.setdefault((name, code), []).append(seconds)
            print(f"\n{'pack':24} {'lang':5} {'CPU s':>7} {'x en':>6} {'bytes':>9} {'x en':>6}"
                  + ("  baseline: CPU s   x en    bytes" if args.baseline else ""))
            for code in languages:
                line = f"{Path(layout).name:24} {code:5}"
                for name in sources:
                    median = statistics.median(cpu[name, code])
                    t = median / statistics.median(cpu[name, ENGLISH])
                    s = size[name, code] / size[name, ENGLISH]
                    if name == "now":
                        line += f" {median:7.2f} {t:6.2f} {size[name, code]:9d} {s:6.2f}"
                        if code != ENGLISH:
                            worst_time, worst_size = max(worst_time, t), max(worst_size, s)
                    else:
                        line += f"            {median:7.2f} {t:6.2f} {size[name, code]:8d}"
                print(line)
    print(f"\nworst against English: {worst_time:.2f}x CPU (aim 1.5x), "
          f"{worst_size:.2f}x size (aim 2x)")


if __name__ == "__main__":
    main()
