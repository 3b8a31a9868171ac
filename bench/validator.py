"""What the validator costs: every figure next to a baseline timed on the same file, same run.

  validate, a file as pnp wrote it     vs  building the same pack (the floor: validating must
                                            redraw every page; the aim is at most 1.5x)
  validate, the same file re-saved     vs  building it (a re-save is proved by structure, its
    by pikepdf                              content by its bytes)
  validate, as written                 vs  qpdf --check and mutool draw -r 150 of the same file
                                            (what it costs to read it, and to render every page)
  validate, as written                 vs  the validator of --before-ref (main by default; its
                                            pnp/ from git, run from elsewhere)

Each pair runs interleaved (A B A B ...) in fresh processes; medians of --repeat runs. Peak
memory and CPU time are the kernel's per-child figures (os.wait4), children of children
included; boards a second of CPU counts start-up too.

Run:  python bench/validator.py [--boards 1000] [--repeat 3] [--before-ref main]
Needs the test extra (pikepdf), and qpdf and mutool on the path.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
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


def spec(folder: Path, boards: int) -> Path:
    path = folder / "pack.yaml"
    path.write_text(f"title: Bench\nseed: bench\noutput: pack.pdf\nitems:\n"
                    f"  - kind: cliquer\n    count: {boards // 2}\n"
                    f"  - kind: cliquer\n    size: quarter\n    count: {boards // 2 - 2}\n"
                    f"  - kind: circles\n  - kind: cliques\n    players: 6\n", encoding="utf-8")
    return path


def before_tree(ref: str, folder: Path) -> Path | None:
    """The pnp package as it was at ``ref`` (git archive), to run the old validator."""
    out = folder / "before"
    out.mkdir()
    try:
        archive = subprocess.run(["git", "archive", ref, "pnp"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    path = folder / "before.tar"
    path.write_bytes(archive)
    with tarfile.open(path) as tar:
        tar.extractall(out)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before-ref", default="main",
                        help="git ref whose validator is the 'before' baseline ('' for none)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        source = spec(work, args.boards)
        out = work / "out"
        pnp = [PY, "-m", "pnp"]
        built = out / "pack.pdf"
        build = (pnp + ["build", str(source), "-o", str(out)], None)
        child(build[0])
        written = work / "written.pdf"           # a copy, so the builds timed below may rewrite
        written.write_bytes(built.read_bytes())
        import pikepdf

        resaved = work / "resaved.pdf"
        with pikepdf.open(written) as pdf:
            pdf.save(resaved)
        pages = len(pikepdf.open(written).pages)
        print(f"{args.boards}-board pack ({pages} pages, {written.stat().st_size // 1024} kB), "
              f"medians of {args.repeat} interleaved runs; load average "
              f"{os.getloadavg()[0]:.1f} at the start\n")
        validate = (pnp + ["validate", str(written)], None)
        def fresh(_key):                      # each build writes its PDF anew
            built.unlink(missing_ok=True)
        pair("validate as written vs build", validate, build, args.repeat, fresh)
        pair("validate re-saved (pikepdf) vs build", (pnp + ["validate", str(resaved)], None), build,
             args.repeat, fresh)
        pair("validate as written vs qpdf --check", validate,
             (["qpdf", "--check", str(written)], None), args.repeat)
        pair("validate as written vs mutool draw -r 150", validate,
             (["mutool", "draw", "-q", "-r", "150", str(written)], None), args.repeat)
        old = before_tree(args.before_ref, work) if args.before_ref else None
        if old is not None:
            where = subprocess.run([PY, "-c", "import pnp; print(pnp.__file__)"], cwd=AWAY, text=True,
                                   capture_output=True, env={**os.environ, "PYTHONPATH": str(old)}).stdout
            if not where.startswith(str(old)):
                raise RuntimeError(f"the baseline imports {where.strip()}, not {args.before_ref}'s pnp")
            pair(f"validate as written vs {args.before_ref}'s validator", validate,
                 (pnp + ["validate", str(written)], {"PYTHONPATH": str(old)}), args.repeat)
        cpu = {k: statistics.median(v) for k, v in CPU.items()}
        as_written, build_cpu = cpu["validate as written vs build/a"], cpu["validate as written vs build/b"]
        resaved_cpu = cpu["validate re-saved (pikepdf) vs build/a"]
        print(f"\nCPU of validating against building the same pack: {as_written / build_cpu:.2f}x as "
              f"written, {resaved_cpu / build_cpu:.2f}x re-saved (the aim: at most 1.5x)")
        print(f"boards per second of CPU: {args.boards / as_written:.0f} /s as written "
              f"({as_written:.2f} s), {args.boards / resaved_cpu:.0f} /s re-saved ({resaved_cpu:.2f} s)")
        print(f"against reading the file: {as_written / cpu['validate as written vs qpdf --check/b']:.1f}x "
              f"qpdf --check, {as_written / cpu['validate as written vs mutool draw -r 150/b']:.1f}x "
              "mutool draw -r 150 (every page rendered)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
