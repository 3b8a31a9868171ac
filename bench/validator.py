"""What the validator costs: its CPU against the build's CPU of the same file, same run.

pnp validate proves a file by rebuilding it from its record and comparing bytes, so its floor
is one build: the aim (issue 42) is at most 1.2x the build's CPU. Timed for three files:

  a pack of 600 nine-dot CliqueR boards, the class set (layouts/class-set.yaml), the starter
  pack (``pnp build`` with no spec): validate as written vs build the same spec
  the 600-board pack re-saved by qpdf                 vs build (not proved: where it parts)
  the 600-board pack as written                       vs qpdf --check and mutool draw -r 150
                                                         (reading the file; rendering every page)

Each pair runs interleaved (A B A B ...) in fresh processes; medians of --repeat runs. CPU time
and peak memory are the kernel's per-child figures (os.wait4), children of children included,
start-up included (both sides pay it).

Run:  python bench/validator.py [--repeat 3]
Needs qpdf and mutool on the path.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


CPU: dict[str, list[float]] = {}     # label -> CPU seconds of each run (children included)
# Every command runs from a folder without a pnp/ in it: ``python -m pnp`` puts its working
# folder first on sys.path, so run from the repository it would import the working tree's pnp
# whatever PYTHONPATH says, and the baseline would be this validator again
AWAY = tempfile.gettempdir()


def child(cmd: list[str], env: dict | None = None, label: str = "") -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one command (its CPU seconds noted under ``label``)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=AWAY,
                            env={**os.environ, **(env or {})})
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise RuntimeError(f"{' '.join(cmd)} exited {code}: {proc.stderr.read().decode()[-500:]}")
    proc.stderr.close()
    CPU.setdefault(label, []).append(usage.ru_utime + usage.ru_stime)
    return wall, usage.ru_maxrss / 1024


def pair(name: str, a: tuple, b: tuple, repeat: int, before=None) -> tuple[float, float, float]:
    times: dict[str, list[float]] = {"a": [], "b": []}
    rss: dict[str, list[float]] = {"a": [], "b": []}
    for _ in range(repeat):
        for key, (cmd, env) in (("a", a), ("b", b)):
            if before:
                before(key)
            t, m = child(cmd, env, f"{name}/{key}")
            times[key].append(t)
            rss[key].append(m)
    ta, tb = statistics.median(times["a"]), statistics.median(times["b"])
    ca, cb = statistics.median(CPU[f"{name}/a"][-repeat:]), statistics.median(CPU[f"{name}/b"][-repeat:])
    print(f"{name:48} {ta:7.2f} s  vs {tb:7.2f} s   ratio {ta / tb:5.2f}   "
          f"CPU {ca:6.2f} s vs {cb:6.2f} s   "
          f"peak {max(rss['a']):4.0f} MB vs {max(rss['b']):4.0f} MB", flush=True)
    return ta, tb, ta / tb


NINE_DOTS = "title: Bench\nseed: bench\noutput: pack.pdf\nitems:\n  - kind: cliquer\n    count: 600\n" \
            "    dots: 9\n"


def specs(folder: Path) -> dict[str, list[str]]:
    """Each file's build arguments: the 600-board pack, the class set, the starter pack."""
    nine = folder / "pack.yaml"
    nine.write_text(NINE_DOTS, encoding="utf-8")
    return {"600 nine-dot boards": [str(nine)], "the class set": [str(ROOT / "layouts" / "class-set.yaml")],
            "the starter pack": []}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pnp = [PY, "-m", "pnp"]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        print(f"medians of {args.repeat} interleaved runs; load average {os.getloadavg()[0]:.1f} "
              "at the start\n")
        ratios = {}
        first = None
        for name, source in specs(work).items():
            out = work / name.replace(" ", "-")
            build = (pnp + ["build", *source, "-o", str(out)], None)
            child(build[0])
            [built] = sorted(out.glob("*.pdf"))
            written = work / f"{out.name}.pdf"        # a copy: the builds timed below rewrite theirs
            written.write_bytes(built.read_bytes())
            first = first or written

            def fresh(_key, built=built):
                built.unlink(missing_ok=True)
            pair(f"validate {name} vs build", (pnp + ["validate", str(written)], None), build,
                 args.repeat, fresh)
            cpu = CPU[f"validate {name} vs build/a"][-args.repeat:], CPU[f"validate {name} vs build/b"][-args.repeat:]
            ratios[name] = statistics.median(cpu[0]) / statistics.median(cpu[1])
        resaved = work / "resaved.pdf"
        subprocess.run(["qpdf", str(first), str(resaved)], check=True)
        nine = ["build", *specs(work)["600 nine-dot boards"], "-o", str(work / "again")]
        pair("validate 600 re-saved by qpdf vs build", (pnp + ["validate", str(resaved)], None),
             (pnp + nine, None), args.repeat)
        pair("validate 600 vs qpdf --check", (pnp + ["validate", str(first)], None),
             (["qpdf", "--check", str(first)], None), args.repeat)
        pair("validate 600 vs mutool draw -r 150", (pnp + ["validate", str(first)], None),
             (["mutool", "draw", "-q", "-r", "150", "-o", os.devnull, str(first)], None), args.repeat)
        cpu = {k: statistics.median(v) for k, v in CPU.items()}
        print("\nCPU of validating against building the same file (the aim: at most 1.2x):")
        for name, ratio in ratios.items():
            print(f"  {name:22} {ratio:.2f}x")
        print(f"  {'600 re-saved by qpdf':22} {cpu['validate 600 re-saved by qpdf vs build/a'] / cpu['validate 600 re-saved by qpdf vs build/b']:.2f}x")
        print(f"against reading the 600-board file: "
              f"{cpu['validate 600 vs qpdf --check/a'] / cpu['validate 600 vs qpdf --check/b']:.1f}x qpdf --check, "
              f"{cpu['validate 600 vs mutool draw -r 150/a'] / cpu['validate 600 vs mutool draw -r 150/b']:.1f}x "
              "mutool draw -r 150 (every page rendered)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
