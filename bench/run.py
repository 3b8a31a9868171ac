"""The speed suite: one table of figures, each next to a baseline measured in the same run.

Machines are shared and noisy, so every timing is repeated with the measured command and its
baseline interleaved (A B A B ...), and the table shows medians. Commands run in fresh
processes, so start-up, imports and font loading count as a user would feel them. Peak memory is
each command's own (VmHWM, recorded by bench/own_peak.py as the command exits): the kernel's
per-child figure (wait4's ru_maxrss) would start every child at the harness's own size.

Baselines (same work, same machine, same run):
  start-up   python -c "import click"            (pnp's CLI is click; --help should cost no more)
  build      bench/build_baseline.py: bare reportlab replaying the exact drawing calls pnp made
             for the same pack (same fonts, same pages), with none of pnp's own work
  placement  bench/placer_baseline.py: the CliqueR placer as first committed, same seeds

Bytecode: `pip install .` compiles every module when it installs. An editable install run with
PYTHONDONTWRITEBYTECODE=1 (as on our development machines) instead compiles the 40-odd pnp
modules a build imports from source in every timed process: about 0.1 s no user pays (a
one-board build: 0.52 s CPU before compiling, 0.40 s after; medians of 7). So the suite first
compiles pnp's modules into their __pycache__ (git-ignored), as the installer would.

Run:  python bench/run.py [--quick] [--only startup,build,...] [--repeat N]
Raw results go to bench/results/run-<time>.json (git-ignored). Needs only pnp's test extra.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
PY = sys.executable
sys.path.insert(0, str(BENCH))       # the *_baseline.py helpers


@dataclass
class Row:
    section: str
    figure: str
    value: str
    baseline: str = ""
    ratio: float | None = None
    aim: str = ""
    ok: bool | None = None          # None: no aim, or nothing to judge
    note: str = ""


@dataclass
class Run:
    quick: bool
    repeat: int
    work: Path
    rows: list[Row] = field(default_factory=list)
    raw: dict = field(default_factory=dict)
    cache: dict = field(default_factory=dict)

    def add(self, *args, **kwargs) -> None:
        row = Row(*args, **kwargs)
        self.rows.append(row)
        print(f"  {row.figure}: {row.value}" + (f"  (baseline {row.baseline}, ratio {row.ratio:.2f})"
                                                 if row.ratio is not None else ""), flush=True)


# ---------------------------------------------------------------------------------------------
# measuring


def child(cmd: list[str], cwd: Path | None = None, memory: bool = False) -> tuple[float, float | None, str, float]:
    """Run one command; its wall time in seconds, with ``memory`` its own peak RSS in MB (else
    None: the wrapper that measures it would add to the timings), stdout, and CPU seconds (user +
    system, its waited-for workers included: steadier than wall time on a busy box)."""
    cmd, peak_file = own_peak(cmd) if memory else (cmd, None)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, cwd=cwd,
                                env={**os.environ, "OWN_PEAK_FILE": peak_file or ""})
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({proc.returncode}):\n"
                               f"{err.read().decode(errors='replace')[-2000:]}")
        rss = None
        if peak_file:
            rss = int(Path(peak_file).read_text()) / 1024
            os.unlink(peak_file)
        return (wall, rss, out.read().decode(errors="replace"), usage.ru_utime + usage.ru_stime)


def own_peak(cmd: list[str]) -> tuple[list[str], str | None]:
    """A Python command (the pnp script, ``python -m X`` or ``python script.py``) run through
    bench/own_peak.py, and the file its own peak memory will be written to."""
    script = Path(sysconfig.get_path("scripts")) / "pnp"
    if cmd[0] == str(script):
        inner = ["-m", "pnp", *cmd[1:]]
    elif cmd[0] == PY and len(cmd) > 1 and cmd[1] != "-c":
        inner = cmd[1:]
    else:
        return cmd, None
    fd, peak_file = tempfile.mkstemp(prefix="peak-")
    os.close(fd)
    return [PY, str(BENCH / "own_peak.py"), *inner], peak_file


def interleaved(commands: dict[str, list[str]], repeat: int, before=None,
                memory: bool = False) -> dict[str, dict]:
    """Each command ``repeat`` times, taking turns, so a noisy spell hits all of them alike."""
    runs: dict[str, dict] = {name: {"seconds": [], "cpu_seconds": [], "rss_mb": [], "stdout": []}
                             for name in commands}
    for _ in range(repeat):
        for name, cmd in commands.items():
            if before:
                before(name)
            wall, rss, out, cpu = child(cmd, memory=memory)
            runs[name]["seconds"].append(wall)
            runs[name]["cpu_seconds"].append(cpu)
            runs[name]["rss_mb"].append(rss)
            runs[name]["stdout"].append(out.strip())
    return runs


def med(values) -> float:
    return statistics.median(values)


def compile_like_pip() -> None:
    """Byte-compile the pnp package being measured, as `pip install .` does (see the docstring)."""
    import compileall

    import pnp

    compileall.compile_dir(str(Path(pnp.__file__).parent), quiet=1)


def pnp_command() -> list[str]:
    """The installed console script, run directly (as a user would, minus any shell shims)."""
    script = Path(sysconfig.get_path("scripts")) / "pnp"
    return [str(script)] if script.exists() else [PY, "-m", "pnp"]


def secs(t: float) -> str:
    return f"{t * 1000:.0f} ms" if t < 1 else f"{t:.2f} s"


# ---------------------------------------------------------------------------------------------
# packs and their recorded drawing


def cliquer_spec(work: Path, boards: int, dots: int = 9, name: str | None = None) -> Path:
    name = name or f"pack-{boards}x{dots}"
    path = work / f"{name}.yaml"
    path.write_text(f"title: bench pack\nseed: bench\noutput: {name}.pdf\n"
                    f"page: {{size: A4, orientation: portrait}}\n"
                    f"items:\n  - kind: cliquer\n    count: {boards}\n    dots: {dots}\n",
                    encoding="utf-8")
    return path


def record_drawing(run: Run, boards: int) -> list:
    """Build a pack in-process with a recording canvas; the drawing calls, page by page."""
    if run.cache.get("recorded", (0, None))[0] >= boards:
        return run.cache["recorded"][1]
    import pnp.pdf.writer as writer
    from build_baseline import _Recorder      # the replay's own recorder (paths too)
    from pnp.build import build
    from pnp.spec import load

    pages: list = []
    real = writer.new_canvas

    def recording(path, page, title):
        run.cache["pagesize"] = [page.width, page.height]
        return _Recorder(real(path, page, title), pages)

    writer.new_canvas = recording
    try:
        build(load(cliquer_spec(run.work, boards, name="recorded")), run.work / "recorded")
    finally:
        writer.new_canvas = real
    run.cache["recorded"] = (boards, pages)
    return pages


def ops_file(run: Run, boards: int) -> Path:
    """The first ``boards`` pages of the recording (board k is the same board in any pack size)."""
    from pnp.pdf.faces import BOLD, SANS, font_path

    pages = record_drawing(run, max(boards, run.cache["record_boards"]))
    path = run.work / f"ops-{boards}.jsonl"
    if not path.exists():
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps({"pagesize": run.cache["pagesize"],
                                 "fonts": {n: str(font_path(n)) for n in (SANS, BOLD)}}) + "\n")
            for ops in pages[:boards]:
                fh.write(json.dumps(ops) + "\n")
    return path


def build_pair(run: Run, boards: int) -> dict[str, list[str]]:
    spec = cliquer_spec(run.work, boards)
    return {"pnp": [*pnp_command(), "build", str(spec), "-o", str(run.work / "out")],
            "bare": [PY, str(BENCH / "build_baseline.py"), str(ops_file(run, boards)),
                     str(run.work / "out" / f"bare-{boards}.pdf")]}


def fresh_output(run: Run, boards: int, dots: int = 9):
    """Remove last round's PDF so every build writes a new file (no rebuild check)."""
    def before(_name):
        (run.work / "out" / f"pack-{boards}x{dots}.pdf").unlink(missing_ok=True)
    return before


# ---------------------------------------------------------------------------------------------
# sections


def startup(run: Run) -> None:
    reps = run.repeat * 2              # cheap, and the noisiest figure
    r = interleaved({"pnp": [*pnp_command(), "--help"], "click": [PY, "-c", "import click"],
                     "python": [PY, "-c", "pass"]}, reps)
    run.raw["startup"] = r
    pnp, click, bare = (med(r[k]["seconds"]) for k in ("pnp", "click", "python"))
    run.add("start-up", "pnp --help", secs(pnp), f"{secs(click)} import click", pnp / click,
            "≤ 1.50", pnp / click <= 1.5, f"python alone {secs(bare)}; {reps} runs each")


def build_section(run: Run) -> None:
    sizes = (50, 100, 200) if run.quick else (50, 100, 200, 600)
    judged = sizes[-1]          # issue 14: at most 1.25x bare reportlab's CPU on 600 boards
    commands = {}
    for n in sizes:
        for name, cmd in build_pair(run, n).items():
            commands[f"{name}-{n}"] = cmd

    def before(name):
        kind, n = name.split("-")
        if kind == "pnp":
            fresh_output(run, int(n))(name)
    r = interleaved(commands, run.repeat, before)
    run.raw["build"] = r
    t = {name: med(v["seconds"]) for name, v in r.items()}
    cpu = {name: med(v["cpu_seconds"]) for name, v in r.items()}
    for n in sizes:
        p, b = cpu[f"pnp-{n}"], cpu[f"bare-{n}"]
        aim = "≤ 1.25" if n == judged else ""
        run.add("build", f"CliqueR pack, {n} boards ({n} pages), CPU", secs(p), f"{secs(b)} bare reportlab",
                p / b, aim, p / b <= 1.25 if aim else None,
                f"wall {secs(t[f'pnp-{n}'])} vs {secs(t[f'bare-{n}'])} "
                f"({t[f'pnp-{n}'] / t[f'bare-{n}']:.2f}x)")
    run.cache["build-200"] = t["pnp-200"]
    slope_p, fixed_p, worst_p = _line([(n, t[f"pnp-{n}"]) for n in sizes])
    slope_b, fixed_b, _ = _line([(n, t[f"bare-{n}"]) for n in sizes])
    run.add("build", "each further board (fitted slope)", f"{slope_p * 1000:.1f} ms",
            f"{slope_b * 1000:.1f} ms bare", slope_p / slope_b, "",
            note=f"fixed cost {secs(fixed_p)} vs {secs(fixed_b)} bare")
    run.add("build", "straight line in pages (worst miss of the fit)", f"{worst_p:.1%}", "", None,
            "≤ 10%", worst_p <= 0.10, f"sizes {', '.join(map(str, sizes))}")


def _line(points):
    """Least-squares t = fixed + slope * n; and the worst relative miss of a point."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    slope = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
    fixed = my - slope * mx
    worst = max(abs(y - (fixed + slope * x)) / y for x, y in points)
    return slope, fixed, worst


def jobs_section(run: Run) -> None:
    allows = _parallelism(run)
    heavy_dots, heavy_boards = 18, (40 if run.quick else 120)
    for boards, dots, what in ((200, 9, "default boards"), (heavy_boards, heavy_dots, "generation-heavy")):
        spec = cliquer_spec(run.work, boards, dots)
        base = [*pnp_command(), "build", str(spec), "-o", str(run.work / "out")]
        r = interleaved({"j1": [*base, "--jobs", "1"], "j2": [*base, "--jobs", "2"]}, run.repeat,
                        fresh_output(run, boards, dots))
        gen = interleaved({j: [PY, "-c", _GENERATE_ONLY, str(spec), j[1]] for j in ("j1", "j2")}, run.repeat)
        run.raw[f"jobs-{dots}"] = {"build": r, "generate": gen}
        j1, j2 = med(r["j1"]["seconds"]), med(r["j2"]["seconds"])
        g1, g2 = (med([float(x) for x in gen[j]["stdout"]]) for j in ("j1", "j2"))
        heavy = dots == heavy_dots
        run.add("jobs", f"build --jobs 2 vs 1, {boards} x {dots} dots ({what})", f"{j1 / j2:.2f}x",
                f"machine allows {allows:.2f}x", (j1 / j2) / allows, "≥ 1.70x" if heavy else "",
                j1 / j2 >= 1.7 if heavy else None,
                f"{secs(j1)} → {secs(j2)}; generation alone {secs(g1)} → {secs(g2)} ({g1 / g2:.2f}x)")


_BURN = "x = 0\nfor i in range(6_000_000):\n    x += i\n"


def _parallelism(run: Run) -> float:
    """How much faster two CPU-bound processes finish side by side than one after the other,
    right now: 2.0 on two idle cores, about 1.0 when other work already fills one of them."""
    alone, pair = [], []
    for _ in range(run.repeat):
        alone.append(child([PY, "-c", _BURN])[0])
        start = time.perf_counter()
        procs = [subprocess.Popen([PY, "-c", _BURN]) for _ in range(2)]
        for proc in procs:
            proc.wait()
        pair.append(time.perf_counter() - start)
    run.raw["parallelism"] = {"alone": alone, "pair": pair}
    allows = 2 * med(alone) / med(pair)
    run.add("jobs", "two busy processes side by side vs one after the other", f"{allows:.2f}x",
            "", None, note=f"{os.cpu_count()} cores; one alone {secs(med(alone))}, two at once "
            f"{secs(med(pair))}; the ceiling for --jobs 2 on this machine right now")
    return allows


_GENERATE_ONLY = """
import sys, time
from pnp.build import generate_all
from pnp.spec import load
spec = load(sys.argv[1])
start = time.perf_counter()
generate_all(spec, spec.seed, int(sys.argv[2]))
print(time.perf_counter() - start)
"""


def memory_section(run: Run) -> None:
    boards = 1000
    pair = build_pair(run, boards)
    r = interleaved(pair, 1, lambda name: fresh_output(run, boards)(name) if name == "pnp" else None,
                    memory=True)
    run.raw["memory"] = r
    p, b = r["pnp"]["rss_mb"][0], r["bare"]["rss_mb"][0]
    run.add("memory", f"peak RSS, CliqueR pack of {boards} pages", f"{p:.0f} MB",
            f"{b:.0f} MB bare reportlab", p / b, "≤ 150 MB", p <= 150,
            f"build took {secs(r['pnp']['seconds'][0])}")


def validate_section(run: Run) -> None:
    boards = 200
    spec = cliquer_spec(run.work, boards)
    pdf = run.work / "out" / f"pack-{boards}x9.pdf"
    build = [*pnp_command(), "build", str(spec), "-o", str(run.work / "out")]
    if not pdf.exists():
        child(build)
    r = interleaved({"validate": [*pnp_command(), "validate", str(pdf)], "build": build}, run.repeat,
                    lambda name: pdf.unlink() if name == "build" and pdf.exists() else None)
    run.raw["validate"] = r
    v, b = med(r["validate"]["seconds"]), med(r["build"]["seconds"])
    run.add("validate", f"boards checked per second ({boards}-board pack)", f"{boards / v:.0f} /s",
            "", None, "≥ 100 /s", boards / v >= 100, f"{secs(v)} per run, start-up included")
    run.add("validate", f"validate vs build, same {boards}-board pack", secs(v), f"{secs(b)} build",
            v / b, "≤ 1.00", v / b <= 1.0)
    # the validator reads pages in two processes beside its redraw, the build draws in one:
    # the CPU both spend, so the wall figures above hide nothing
    vc, bc = med(r["validate"]["cpu_seconds"]), med(r["build"]["cpu_seconds"])
    run.add("validate", f"validate vs build, CPU ({boards} boards)", secs(vc), f"{secs(bc)} build",
            vc / bc, "", note="the validator's children included")


PLACEMENTS = [  # (dots, side_mm, expect) on a page board: 90 lattice, 3 mm clearance, 10 mm spacing
    (9, 170, "ok"), (15, 170, "ok"), (18, 170, "ok"), (20, 170, "ok"), (20, 180, "ok"), (22, 180, "ok"),
    (24, 180, "limit"), (30, 170, "hopeless"),
]


def place_section(run: Run) -> None:
    import importlib

    import placer_baseline as old

    from pnp.games.cliquer.board import Limits

    new = importlib.import_module("pnp.games.cliquer.placer")

    seeds = 3 if run.quick else 10
    for dots, side, expect in PLACEMENTS:
        n_seeds = min(seeds, 3) if expect != "ok" else seeds
        got = {"new": [], "old": []}
        fails = {"new": 0, "old": 0}
        for seed in range(n_seeds):
            pair = (("new", new), ("old", old))
            for name, module in pair if seed % 2 == 0 else pair[::-1]:     # take turns going first
                limits = Limits(90, side, 3, 10, 6)
                start = time.perf_counter()
                try:
                    module.Placer(limits).place(dots, random.Random(f"bench-{dots}-{seed}"))
                except module.Infeasible:
                    fails[name] += 1
                got[name].append(time.perf_counter() - start)
        run.raw[f"place-{dots}-{side}"] = {"seconds": got, "fails": fails}
        m_new, m_old = med(got["new"]), med(got["old"])
        aim, ok = "", None
        if (dots, side) == (20, 180):
            aim, ok = "~1 s", max(got["new"]) <= 1.5
        what = {"ok": "median", "limit": "at the limit: found or given up", "hopeless": "too many: said so"}
        run.add("place", f"{dots} dots on {side} mm ({what[expect]})",
                secs(m_new), f"{secs(m_old)} first placer", m_new / m_old, aim, ok,
                f"max {secs(max(got['new']))} vs {secs(max(got['old']))}; failed "
                f"{fails['new']}/{n_seeds} vs {fails['old']}/{n_seeds}")


def helper_bench(script: str, section: str, summarise):
    """Run another bench in --quick mode and fold its summary into the table."""
    def measure(run: Run) -> None:
        path = BENCH / script
        if not path.exists():
            run.add(section, f"bench/{script}", "not yet", "", None, note="script not written yet")
            return
        wall, _, out, _ = child([PY, str(path), "--quick"], cwd=ROOT)
        run.raw[section] = {"seconds": wall, "stdout": out}
        rows = summarise(out)
        if not rows:
            rows = [(f"bench/{script} --quick", line.strip()) for line in out.splitlines()[-2:]]
        for figure, value in rows:
            run.add(section, figure, value, "", None, note=f"bench/{script} --quick ran in {secs(wall)}")
    return measure


def _numbers(line: str) -> list[str]:
    return line.replace("|", " ").split()


def targets_summary(out: str) -> list[tuple[str, str]]:
    """One row per dot count (search time and evaluations against rejection sampling)."""
    rows = []
    for line in out.splitlines():
        f = _numbers(line)
        if len(f) >= 11 and f[0].isdigit() and f[1].isdigit():
            rows.append((f"to a difficulty target, {f[0]} dots",
                         f"median {float(f[5]) * 1000:.0f} ms, max {float(f[6]) * 1000:.0f} ms; "
                         f"{f[4]}/{f[3]} found; evals {f[7]} vs rejection {f[8]}"))
        elif line.startswith("search found"):
            rows.append(("to a difficulty target, all", line.strip()))
    return rows


def solver_summary(out: str) -> list[tuple[str, str]]:
    """Per dot count: the slowest perfect-play solve, its positions and memory, vs plain minimax."""
    worst: dict[str, list[str]] = {}
    for line in out.splitlines():
        f = _numbers(line)
        if len(f) >= 6 and all(x.replace(".", "").isdigit() for x in f[:6]):
            if f[0] not in worst or float(f[3]) > float(worst[f[0]][3]):
                worst[f[0]] = f
    rows = []
    for n, f in worst.items():
        plain = f"; plain minimax {f[6]} s ({f[8]} slower)" if len(f) >= 9 and f[6] != "-" else ""
        rows.append((f"perfect play, {n} dots (slowest board)",
                     f"{float(f[3]):.2f} s, {int(f[4]):,} positions, {f[5]} MB{plain}"))
    return rows


SECTIONS = {
    "startup": startup,
    "build": build_section,
    "jobs": jobs_section,
    "memory": memory_section,
    "validate": validate_section,
    "place": place_section,
    "targets": helper_bench("targets.py", "targets", targets_summary),
    "solver": helper_bench("solver_speed.py", "solver", solver_summary),
}


def table(rows: list[Row]) -> str:
    head = ("section", "figure", "value", "baseline", "ratio", "aim", "")
    cells = [head] + [(r.section, r.figure, r.value, r.baseline,
                       "" if r.ratio is None else f"{r.ratio:.2f}", r.aim,
                       "" if r.ok is None else ("ok" if r.ok else "MISS")) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head))]
    lines = ["  ".join(c[i].ljust(widths[i]) for i in range(len(head))).rstrip() for c in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    notes = [f"  {r.figure}: {r.note}" for r in rows if r.note]
    return "\n".join(lines + (["", "notes:"] + notes if notes else []))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer sizes, seeds and repeats")
    parser.add_argument("--only", default="", help=f"comma-separated sections: {', '.join(SECTIONS)}")
    parser.add_argument("--repeat", type=int, default=None, help="runs of each timing (median shown)")
    parser.add_argument("--results", type=Path, default=BENCH / "results",
                        help="folder for the raw JSON (default bench/results)")
    args = parser.parse_args(argv)
    chosen = [s for s in args.only.split(",") if s] or list(SECTIONS)
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {unknown[0]!r}; choose from {', '.join(SECTIONS)}")
    repeat = args.repeat or (3 if args.quick else 5)
    args.results.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    run = Run(args.quick, repeat, work)
    load_before = os.getloadavg()[0]
    run.cache["record_boards"] = 1000 if "memory" in chosen else 600   # record the drawing once
    compile_like_pip()
    try:
        for name in chosen:
            print(f"[{name}]", flush=True)
            SECTIONS[name](run)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    info = {"python": sys.version.split()[0], "cpus": os.cpu_count(), "quick": args.quick,
            "repeat": repeat, "sections": chosen, "commit": _commit(),
            "load_average": [load_before, os.getloadavg()[0]]}
    out = args.results / f"run-{stamp}.json"
    out.write_text(json.dumps({"info": info, "rows": [asdict(r) for r in run.rows], "raw": run.raw},
                              indent=1, default=str), encoding="utf-8")
    print()
    print(f"pnp bench · python {info['python']} · {info['cpus']} cores, load {load_before:.1f} → "
          f"{info['load_average'][1]:.1f} · {info['commit']} · medians of {repeat} runs"
          + (" (quick)" if args.quick else ""))
    print(table(run.rows))
    print(f"\nraw results: {out}")
    return 0


def _commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return head + ("+changes" if dirty else "") if head else "no git"
    except (OSError, subprocess.SubprocessError):
        return "no git"


if __name__ == "__main__":
    sys.exit(main())
