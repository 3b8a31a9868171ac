"""Every figure README.md and docs/ state, measured again: what the docs say beside what this
machine measures now, claim by claim, flagging each claim outside its stated range.

A claim is a row of ROWS below: its name, the docs that state it, what they say (the text and
the range that text allows), and how to measure it again. Each ratio is measured with its
baseline in the same run, the two taking turns (A B A B ...), in fresh processes, CPU seconds
(user + system, children included), medians; the load average is printed beside each row, as a
busy machine makes absolute times longer and ratios less so. The baselines travel with the
machine:

  start-up      python -c "import click"        (pnp's CLI is click)
  build         bench/build_baseline.py: bare reportlab replaying the drawing calls pnp made
                for the same pack (same fonts, same pages)
  validate      building the same pack; qpdf --check and mutool draw of the same file
                (bench/validator.py, whose figures docs/validator.md states)
  perfect play  the machine's reference: a frozen pure-Python solver (bench/solver_baseline.py)
                on one fixed 8-dot board, the same work on every machine and every commit, so a
                reader tells a slower machine (the reference slower too) from a slower solver

The range a row allows is what the docs' words allow: a range or a bound as written; a single
figure X (or "about X") as X ± 20 % for a ratio and X ± 35 % for seconds or megabytes measured
on this machine (absolute times move with the load; the ratios to a baseline much less).

Which figures in the docs are claims, and which row measures each, is marked in the docs
themselves: ``<!-- figures: NAME -->`` before a paragraph, list item or table names the rows
(or the kind of figure that is not a measurement, NOT_MEASURED) that its figures belong to;
tests/test_docs_figures.py checks that every figure in README.md and docs/ has one.

    python bench/claims.py                  # every row (the slow ones take an hour and more)
    python bench/claims.py --no-slow        # every row but those marked slow
    python bench/claims.py --only startup,build-600
    python bench/claims.py --quick          # CI smoke: the cheap rows, few rounds, small packs
    python bench/claims.py --list           # the rows, what the docs say, the command

Exit status 0 whether or not a claim is outside its range (it is a report), 1 when a row could
not be measured at all (its command failed: what CI's smoke run catches), 2 on bad arguments.
Raw results go to bench/results/claims-<time>.json (git-ignored).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
PY = sys.executable
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "tests"))         # support.cliquer_corpus: the solver's boards

# Kinds of figure in the docs that are not a measurement of this code, so no row re-measures
# them; a doc marks them as it marks a claim (``<!-- figures: setting -->``).
NOT_MEASURED = {
    "setting": "a limit, default, budget or aim pnp or its tests set (the tests check the code "
               "keeps it), or printing at 100 %: a number chosen, not measured",
    "rule": "a game rule's or a statistical test's parameter, a formula, a count of a rule's "
            "cases",
    "record": "a measurement of code that is no longer this code (before a change, with its "
              "commit, issue or date), kept as history; the current code's figure has its row",
    "fact": "a size or count of a shipped file or format (a font's bytes, its glyphs), the "
            "same on every machine: a fact to look up, not a cost to measure",
    "unmeasured": "a figure measured once by hand that no row measures again yet: a gap, "
                  "counted by --list (tests/test_docs_figures.py lists where)",
    "example": "a value in an example (a file, a page's words, a message) shown as it is, not "
               "a measurement",
    "shares": "a share of simulated games, boards or pairs, measured by the bench named beside "
              "it (bench/circles_play.py, bench/depth.py, bench/class_sets.py, ...): seeded, so "
              "the same on every machine; that command prints it again, figure for figure",
}


@dataclass
class Measured:
    value: float | None             # the figure the range is about (None: could not measure)
    text: str                       # the figures as printed, baseline included
    raw: dict = field(default_factory=dict)


@dataclass
class Claim:
    name: str
    what: str                       # the figure, in words
    docs: tuple[str, ...]           # where the docs state it
    said: str                       # what they say
    lo: float | None                # the range the docs' words allow for ``value``
    hi: float | None
    unit: str                       # of ``value``: "x" (a ratio), "s", "MB"
    measure: Callable[["Run"], Measured]
    command: str                    # what measures it by hand
    slow: bool = False              # minutes of machine time: left out by --no-slow and --quick
    quick: bool = False             # cheap enough for --quick
    whole_file: bool = False        # covers its doc file without markers (owned by another bench)
    quick_same: bool = False        # --quick measures the same work (fewer rounds): judged


@dataclass
class Run:
    quick: bool
    rounds: int
    work: Path
    cache: dict = field(default_factory=dict)


# ---------------------------------------------------------------------------------------------
# measuring: fresh processes, taking turns


def cpu_of(cmd: list[str], env: dict | None = None, cwd: Path | None = None,
           memory: bool = False, timeout: float | None = None) -> tuple[float, float | None, str]:
    """Run ``cmd``; its CPU seconds (user + system, its waited-for children included), its own
    peak memory in MB when ``memory`` (VmHWM, through bench/own_peak.py), and its stdout."""
    peak_file = None
    if memory:
        fd, peak_file = tempfile.mkstemp(prefix="peak-")
        os.close(fd)
        cmd = _through_own_peak(cmd)
    full_env = {**os.environ, **(env or {}), "OWN_PEAK_FILE": peak_file or ""}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, cwd=cwd, env=full_env)
        start = time.monotonic()
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if timeout and time.monotonic() - start > timeout:
                proc.kill()
                os.wait4(proc.pid, 0)
                raise TimeoutError(f"{' '.join(map(str, cmd))} ran over {timeout:.0f} s")
            time.sleep(0.002)
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if code != 0:
            raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({code}):\n"
                               f"{err.read().decode(errors='replace')[-1500:]}")
        rss = None
        if peak_file:
            text = Path(peak_file).read_text().strip()
            os.unlink(peak_file)
            rss = int(text) / 1024 if text else None
        return usage.ru_utime + usage.ru_stime, rss, out.read().decode(errors="replace")


def _through_own_peak(cmd: list[str]) -> list[str]:
    if cmd[0] == PY and len(cmd) > 1 and cmd[1] != "-c":
        return [PY, str(BENCH / "own_peak.py"), *cmd[1:]]
    if Path(cmd[0]).name == "pnp":
        return [PY, str(BENCH / "own_peak.py"), "-m", "pnp", *cmd[1:]]
    raise ValueError(f"no own peak for {cmd[0]}")


def alternating(commands: dict[str, list[str]], rounds: int, before=None, env=None,
                memory: bool = False) -> dict[str, dict[str, list]]:
    """Each command ``rounds`` times, taking turns (the first of each round changes too), so a
    noisy spell of the machine falls on all of them alike."""
    got = {name: {"cpu": [], "mb": []} for name in commands}
    names = list(commands)
    for i in range(rounds):
        for name in names if i % 2 == 0 else names[::-1]:
            if before:
                before(name)
            cpu, mb, _ = cpu_of(commands[name], env=(env or {}).get(name), memory=memory)
            got[name]["cpu"].append(cpu)
            got[name]["mb"].append(mb)
    return got


def med(values) -> float:
    return statistics.median(values)


def secs(t: float) -> str:
    return f"{t * 1000:.0f} ms" if t < 1 else f"{t:.2f} s"


def pnp_command() -> list[str]:
    import sysconfig

    script = Path(sysconfig.get_path("scripts")) / "pnp"
    return [str(script)] if script.exists() else [PY, "-m", "pnp"]


def compile_like_pip() -> None:
    """`pip install .` compiles every module as it installs: so does this run, once (an editable
    install under PYTHONDONTWRITEBYTECODE would compile pnp afresh in every timed process)."""
    import compileall

    import pnp

    compileall.compile_dir(str(Path(pnp.__file__).parent), quiet=1)


# ---------------------------------------------------------------------------------------------
# start-up


def _startup(run: Run, bytecode: bool) -> Measured:
    rounds = run.rounds * (4 if bytecode else 1)   # cheap with bytecode, and the noisiest figure
    env = None
    if not bytecode:
        # nothing compiled anywhere: every run compiles pnp, click and the standard library
        empty = Path(tempfile.mkdtemp(prefix="no-pyc-", dir=run.work))
        no_pyc = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(empty)}
        env = {"pnp": no_pyc, "click": no_pyc}
    r = alternating({"pnp": [*pnp_command(), "--help"], "click": [PY, "-c", "import click"]},
                    rounds, env=env)
    p, c = med(r["pnp"]["cpu"]), med(r["click"]["cpu"])
    return Measured(p / c, f"{p / c:.2f}x: pnp --help {secs(p)}, import click {secs(c)} "
                    f"(CPU, medians of {rounds} alternating runs each)", r)


def startup(run: Run) -> Measured:
    return _startup(run, bytecode=True)


def startup_no_bytecode(run: Run) -> Measured:
    return _startup(run, bytecode=False)


# ---------------------------------------------------------------------------------------------
# builds against bare reportlab


def cliquer_spec(work: Path, boards: int, dots: int = 9) -> Path:
    """bench/run.py's pack: default CliqueR boards, one a page (its own writer, not a copy)."""
    from run import cliquer_spec as run_spec

    return run_spec(work, boards, dots)


def _against_bare(run: Run, spec: Path, label: str) -> Measured:
    """pnp build of ``spec`` against bare reportlab replaying its drawing calls, CPU."""
    ops = run.work / f"{spec.stem}.ops.jsonl"
    cpu_of([PY, str(BENCH / "build_baseline.py"), "record", str(spec), str(ops)])
    out = run.work / f"out-{spec.stem}"
    out.mkdir(exist_ok=True)
    bare_pdf = run.work / f"bare-{spec.stem}.pdf"
    # the spec's own output name: removed before each build, so every build writes a new file
    written = out / (_output_name(spec))

    def fresh(name):
        if name == "pnp":
            written.unlink(missing_ok=True)
    r = alternating({"pnp": [*pnp_command(), "build", str(spec), "-o", str(out)],
                     "bare": [PY, str(BENCH / "build_baseline.py"), str(ops), str(bare_pdf)]},
                    run.rounds, before=fresh)
    p, b = med(r["pnp"]["cpu"]), med(r["bare"]["cpu"])
    return Measured(p / b, f"{p / b:.2f}x: pnp build {secs(p)}, bare reportlab {secs(b)} "
                    f"({label}; CPU, medians of {run.rounds} alternating runs each)", r)


def _output_name(spec: Path) -> str:
    import yaml

    data = yaml.safe_load(spec.read_text(encoding="utf-8")) or {}
    return data.get("output") or f"{spec.stem}.pdf"


def build_600(run: Run) -> Measured:
    boards = 50 if run.quick else 600
    return _against_bare(run, cliquer_spec(run.work, boards), f"{boards} default boards")


def build_class_set(run: Run) -> Measured:
    spec = run.work / "class-set.yaml"
    shutil.copy(ROOT / "layouts" / "class-set.yaml", spec)
    return _against_bare(run, spec, "layouts/class-set.yaml")


def memory_1000(run: Run) -> Measured:
    boards = 100 if run.quick else 1000
    spec = cliquer_spec(run.work, boards)
    ops = run.work / f"mem-{boards}.ops.jsonl"
    cpu_of([PY, str(BENCH / "build_baseline.py"), "record", str(spec), str(ops)])
    out = run.work / "out-mem"
    out.mkdir(exist_ok=True)
    r = alternating({"pnp": [*pnp_command(), "build", str(spec), "-o", str(out)],
                     "bare": [PY, str(BENCH / "build_baseline.py"), str(ops), str(run.work / "mem.pdf")]},
                    1, before=lambda n: (out / f"pack-{boards}x9.pdf").unlink(missing_ok=True),
                    memory=True)
    p, b = r["pnp"]["mb"][0], r["bare"]["mb"][0]
    return Measured(p, f"{p:.0f} MB, bare reportlab {b:.0f} MB ({boards} pages; own peak, VmHWM)", r)


# ---------------------------------------------------------------------------------------------
# the validator: bench/validator.py, whose figures docs/validator.md states (another bench's)


def validate(run: Run) -> Measured:
    repeat = 1 if run.quick else 3
    _, _, out = cpu_of([PY, str(BENCH / "validator.py"), "--repeat", str(repeat)], cwd=ROOT)
    found = re.search(r"600 nine-dot boards\s+([\d.]+)x", out)
    lines = [line for line in out.splitlines() if re.search(r"\dx", line)]
    text = "; ".join(line.strip() for line in lines[-6:]) or out.strip()[-300:]
    return Measured(float(found.group(1)) if found else None,
                    text + f" (bench/validator.py --repeat {repeat})", {"stdout": out})


# ---------------------------------------------------------------------------------------------
# perfect play and depth, each with the machine's reference workload


REFERENCE = """
import sys, time
sys.path[:0] = [sys.argv[1], sys.argv[2]]
from support.cliquer_corpus import corpus
from pnp.games.cliquer.rules import Rules
from solver_baseline import Solver
rules = Rules(corpus(8, 1, seed=1)[0])
start = time.process_time()
found = Solver(rules).solve()
print(found.margin, found.positions)
"""


def reference(run: Run) -> float:
    """CPU seconds of the frozen pure-Python solver (bench/solver_baseline.py) on corpus board 0
    of 8 dots: the same work on any machine and any commit. Measured once a run (3 times, the
    median), and again beside each solver row."""
    cmd = [PY, "-c", REFERENCE, str(BENCH), str(ROOT / "tests")]
    times = [cpu_of(cmd)[0] for _ in range(1 if run.quick else 3)]
    run.cache.setdefault("reference", []).extend(times)
    return med(times)


def machine_reference(run: Run) -> Measured:
    t = reference(run)
    return Measured(t, f"{secs(t)} of CPU: the frozen pure-Python solver, corpus board 0 of 8 dots")


def _solve(run: Run, source: str, whole: bool, what: str) -> Measured:
    """Perfect play on one board, its CPU and own peak memory, by bench/solver_times.py's own
    one-board mode (a process of its own), taking turns with the reference workload."""
    rounds = 1 if source.startswith("day:") or ":11," in source else max(1, run.rounds // 3)
    cmd = [PY, str(BENCH / "solver_times.py"), "--one", f"{source}|new|{int(whole)}|900"]
    ref_cmd = [PY, "-c", REFERENCE, str(BENCH), str(ROOT / "tests")]
    times, refs, mbs = [], [], []
    for _ in range(rounds):
        refs.append(cpu_of(ref_cmd)[0])
        _, _, out = cpu_of(cmd)
        found = json.loads(out)
        if found["seconds"] is None:
            return Measured(None, f"unfinished within 900 s ({found['positions']:,} positions)")
        times.append(found["seconds"])
        mbs.append(found["peak_mb"])
    t, ref, mb = med(times), med(refs), max(mbs)
    return Measured(t, f"{secs(t)}, {mb:.0f} MB ({what}); {t / ref:.1f}x the machine's reference "
                    f"({secs(ref)}); {rounds} run{'s' if rounds > 1 else ''}",
                    {"cpu": times, "reference": refs, "mb": mbs})


def solve_10(run: Run) -> Measured:
    n = 9 if run.quick else 10
    return _solve(run, f"corpus:{n},0", True, f"corpus board 0 of {n} dots, the whole best line")


def solve_11(run: Run) -> Measured:
    return _solve(run, "corpus:11,0", True, "corpus board 0 of 11 dots, the whole best line")


def solve_sunday(run: Run) -> Measured:
    return _solve(run, "day:2026-11-22", False, "the board of the day of 2026-11-22, 11 dots, "
                  "the value and best opening, as pnp daily asks")


DEPTH_BOARD = "R1-2A3B-RAD9-95MW-8ZPM-NM7Q-0"      # docs/difficulty.md's 7-dot example


def depth_7(run: Run) -> Measured:
    ref_cmd = [PY, "-c", REFERENCE, str(BENCH), str(ROOT / "tests")]
    cmd = [*pnp_command(), "analyze", DEPTH_BOARD, "--depth"]
    if run.quick:
        cmd += ["--depth-games", "4"]
    r = alternating({"depth": cmd, "reference": ref_cmd}, max(1, run.rounds // 2))
    t, ref = med(r["depth"]["cpu"]), med(r["reference"]["cpu"])
    return Measured(t, f"{secs(t)} (pnp analyze {DEPTH_BOARD} --depth, CPU); {t / ref:.1f}x the "
                    f"machine's reference ({secs(ref)})", r)


# ---------------------------------------------------------------------------------------------
# other benches: their own baselines, run as they are and read


def _bench(args: list[str], pattern: str, timeout: float | None = None) -> tuple[re.Match | None, str]:
    _, _, out = cpu_of([PY, *args], cwd=ROOT, timeout=timeout)
    return re.search(pattern, out), out


def web_preview(run: Run) -> Measured:
    repeat = 3 if run.quick else 9
    found, out = _bench([str(BENCH / "web.py"), "--repeat", str(repeat)],
                        r"preview \(HTTP\)\s+(\d+) ms")
    lines = [line.strip() for line in out.splitlines() if " ms" in line]
    return Measured(float(found.group(1)) / 1000 if found else None,
                    " | ".join(lines[-3:]) + f" (bench/web.py --repeat {repeat})", {"stdout": out})


def cjk_first(run: Run) -> Measured:
    """The first Chinese build on a machine: each CJK weight converted once (an empty cache)."""
    cache = Path(tempfile.mkdtemp(prefix="cache-", dir=run.work))
    spec = run.work / "zh.yaml"
    spec.write_text("title: zh\nlanguage: zh\noutput: zh.pdf\nitems:\n  - kind: cliquer\n",
                    encoding="utf-8")
    cpu, mb, _ = cpu_of([*pnp_command(), "build", str(spec), "-o", str(run.work / "out-zh")],
                        env={"XDG_CACHE_HOME": str(cache)}, memory=True)
    again, _, _ = cpu_of([*pnp_command(), "build", str(spec), "-o", str(run.work / "out-zh")],
                         env={"XDG_CACHE_HOME": str(cache)})
    per_weight = (cpu - again) / 2
    return Measured(per_weight, f"{secs(per_weight)} a weight: first build {secs(cpu)}, {mb:.0f} MB; "
                    f"the next build {secs(again)}", {"first": cpu, "again": again, "mb": mb})


def languages(run: Run) -> Measured:
    runs = 3 if run.quick else 7
    found, out = _bench([str(BENCH / "languages.py"), "--runs", str(runs)],
                        r"worst against English: ([\d.]+)x CPU")
    tail = [line.strip() for line in out.strip().splitlines()[-2:]]
    return Measured(float(found.group(1)) if found else None,
                    " ".join(tail) + f" (bench/languages.py --runs {runs})", {"stdout": out})


def depth_retest(run: Run, bands: bool = False) -> Measured:
    """The 48 chains of docs/difficulty.md's "How sure": 24 boards of 6-9 dots, each played
    twice (``bands``: its 72 chains of boards made to each band); bench/depth.py prints its own
    CPU seconds."""
    if bands:
        args = ["--bands", "--sizes", "7", "--boards", "1"] if run.quick else \
            ["--bands", "--sizes", "7,8,9", "--boards", "4"]
    else:
        args = ["--sizes", "6,7", "--boards", "2"] if run.quick else ["--sizes", "6,7,8,9", "--boards", "6"]
    found, out = _bench([str(BENCH / "depth.py"), *args, "--no-loss", "--retest"],
                        r"(\d+) boards, (\d+) s of CPU")
    same = re.search(r"test-retest[^\n]*", out)
    if not found:
        return Measured(None, out.strip()[-300:], {"stdout": out})
    boards, cpu = int(found.group(1)), float(found.group(2))
    return Measured(cpu, f"{cpu:.0f} s of CPU for {boards} boards' {2 * boards} chains, "
                    f"{cpu / boards:.2f} s a board; {same.group(0).strip() if same else ''} "
                    f"(bench/depth.py {' '.join(args)} --no-loss --retest)", {"stdout": out})


def depth_bands_retest(run: Run) -> Measured:
    return depth_retest(run, bands=True)


def site_month(run: Run) -> Measured:
    """docs/hobbyists.md's three runs of `pnp site`: a month from an empty cache, the same month
    again into another folder (answers kept), and one day more."""
    cache = {"XDG_CACHE_HOME": str(Path(tempfile.mkdtemp(prefix="cache-", dir=run.work)))}
    days = "3" if run.quick else "30"
    site = [*pnp_command(), "site"]
    first, mb1, _ = cpu_of([*site, str(run.work / "month"), "--from", "2026-11-01", "--days", days,
                            "--solve-seconds", "600"], env=cache, memory=True)
    again, mb2, _ = cpu_of([*site, str(run.work / "month-again"), "--from", "2026-11-01", "--days",
                            days, "--solve-seconds", "600"], env=cache, memory=True)
    more, mb3, _ = cpu_of([*site, str(run.work / "month"), "--from", "2026-12-01", "--days", "1",
                           "--solve-seconds", "600"], env=cache, memory=True)
    return Measured(first, f"{days} days from an empty cache {secs(first)} of CPU, {mb1:.0f} MB; "
                    f"again, answers kept, {secs(again)}, {mb2:.0f} MB; a day more {secs(more)}, "
                    f"{mb3:.0f} MB", {"cpu": [first, again, more], "mb": [mb1, mb2, mb3]})


def ci_python_solver(run: Run) -> Measured:
    """.ci/run's second pass: the tests that wait on perfect play, on the pure-Python solver."""
    tests = ["tests/games/cliquer/test_cliquer_analyze.py", "tests/games/cliquer/test_cliquer_solver_daily.py",
             "tests/games/cliquer/test_cliquer_depth.py", "tests/games/cliquer/test_cliquer_target_depth.py"]
    start = time.monotonic()
    cpu, _, out = cpu_of([PY, "-m", "pytest", "-q", "-p", "no:randomly", *tests], cwd=ROOT,
                         env={"PNP_SOLVER_CORE": "python"})
    wall = time.monotonic() - start
    tail = out.strip().splitlines()[-1] if out.strip() else ""
    return Measured(cpu, f"{secs(cpu)} of CPU, {secs(wall)} wall ({tail})", {"cpu": cpu, "wall": wall})


def _command_row(args: list[str], pattern: str, scale: float = 1.0, timeout: float | None = None):
    """A row that runs another bench as the docs give it and reads one figure off its output."""
    def measure(_run: Run) -> Measured:
        found, out = _bench(args, pattern, timeout)
        value = float(found.group(1).replace(",", "")) * scale if found else None
        tail = " | ".join(line.strip() for line in out.strip().splitlines()[-4:])
        return Measured(value, tail, {"stdout": out})
    return measure


# ---------------------------------------------------------------------------------------------
# the rows: every figure the docs state that measures this code


ROWS: list[Claim] = [
    Claim("startup", "pnp --help against python -c 'import click', bytecode compiled",
          ("docs/development.md",), "1.00", 0.8, 1.2, "x", startup,
          "python bench/claims.py --only startup", quick=True, quick_same=True),
    Claim("startup-no-bytecode", "the same with no bytecode anywhere (every run compiles)",
          ("docs/development.md",), "1.15", 0.92, 1.38, "x", startup_no_bytecode,
          "python bench/claims.py --only startup-no-bytecode"),
    Claim("build-600", "pnp build of 600 default boards against bare reportlab, CPU",
          ("docs/development.md",), "1.32", 1.2, 1.8, "x", build_600,
          "python bench/claims.py --only build-600", quick=True),
    Claim("build-class-set", "pnp build layouts/class-set.yaml against bare reportlab, CPU",
          ("docs/development.md",), "1.28", 1.15, 1.95, "x", build_class_set,
          "python bench/claims.py --only build-class-set", quick=True, quick_same=True),
    Claim("memory-1000", "peak memory of a 1000-page CliqueR pack",
          (), "(bench/run.py's aim: at most 150 MB)", None, 150, "MB", memory_1000,
          "python bench/claims.py --only memory-1000"),
    Claim("validate", "pnp validate against pnp build of the same 600-board pack, CPU",
          ("docs/validator.md",), "1.00x", 0.8, 1.3, "x", validate,
          "python bench/validator.py --repeat 3", whole_file=True),
    Claim("reference", "the machine's reference: frozen pure-Python solver, 8-dot corpus board",
          ("docs/development.md",), "1.00 s", 0.65, 1.35, "s",
          machine_reference, "python bench/claims.py --only reference", quick=True, quick_same=True),
    Claim("depth-7", "pnp analyze --depth of the 7-dot example board, CPU",
          ("docs/difficulty.md",), "1.32 s", 0.86, 1.78, "s", depth_7,
          f"pnp analyze {DEPTH_BOARD} --depth", quick=True),
    Claim("solve-10", "perfect play with the whole line, corpus board 0 of 10 dots, CPU",
          ("docs/difficulty.md", "docs/development.md"), "3.46 s, 277 MB", 2.25, 4.67, "s", solve_10,
          "python bench/claims.py --only solve-10"),
    Claim("solve-11", "perfect play with the whole line, corpus board 0 of 11 dots, CPU",
          ("docs/difficulty.md",), "71.0 s, 533 MB", 46, 96, "s", solve_11,
          "python bench/claims.py --only solve-11"),
    Claim("solve-sunday", "perfect play on Sunday 2026-11-22's 11-dot board of the day, CPU",
          ("docs/difficulty.md", "docs/hobbyists.md"), "219.7 s", 143, 297, "s", solve_sunday,
          "python bench/solver_times.py --days 2026-11-22 --sizes 0 --methods new --whole 0"),
    Claim("depth-retest", "the 48 chains of 'How sure' (24 boards of 6-9 dots, twice), CPU",
          ("README.md", "docs/difficulty.md"), "25 s", 16, 34, "s", depth_retest,
          "python bench/depth.py --sizes 6,7,8,9 --boards 6 --retest --no-loss"),
    Claim("depth-bands-retest", "the 72 chains of boards made to each band (7-9 dots, twice), CPU",
          ("docs/difficulty.md",), "30 s", 19, 41, "s", depth_bands_retest,
          "python bench/depth.py --bands --sizes 7,8,9 --boards 4 --no-loss --retest"),
    Claim("web-preview", "a changed option to a one-page preview over HTTP",
          ("docs/web.md",), "0.47 s", 0.31, 0.63, "s", web_preview,
          "python bench/web.py --repeat 9"),
    Claim("cjk-first", "the first Chinese build's font conversion, CPU a weight",
          ("docs/languages.md",), "44 s", 29, 59, "s", cjk_first,
          "python bench/claims.py --only cjk-first", slow=True),
    Claim("languages", "the worst language's build CPU against English",
          ("docs/languages.md",), "1.35x (the aim: at most 1.5x)", 1.0, 1.5, "x", languages,
          "python bench/languages.py --runs 7", slow=True),
    Claim("daily-page", "the page's board of the day to yesterday's answer, 9 to 11 dots",
          ("docs/web.md",), "11 dots: 106.3 s of CPU (pnp daily)", 69, 143, "s",
          _command_row([str(BENCH / "daily_page.py")],
                       r"yesterday 11 dots\)[^\n]*\n\s*pnp daily\s+[\d.]+ s wall,\s+([\d.]+) s CPU"),
          "python bench/daily_page.py", slow=True),
    Claim("hosting-load", "100 teachers for 5 minutes on `pnp serve --public`: the preview's p50",
          ("docs/hosting.md",), "3.0 s at the median", 1, 6, "s",
          _command_row([str(BENCH / "web.py"), "--teachers", "100", "--minutes", "5"],
                       r"preview[^\n]*?p50\s+(\d+) ms", scale=1 / 1000),
          "nice python bench/web.py --teachers 100 --minutes 5", slow=True),
    Claim("solver-times", "perfect play today against the core before issue 26, same boards",
          ("docs/difficulty.md",), "about 2x on 10 and 11 dots", 1.5, 2.6, "x",
          _command_row([str(BENCH / "solver_times.py"), "--sizes", "9,10,11", "--boards", "1",
                        "--limit", "600"], r"corpus 11[^\n]*?([\d.]+)x"),
          "python bench/solver_times.py --sizes 9,10,11 --boards 1 --limit 600", slow=True),
    Claim("solve-12", "perfect play on corpus board 0 of 12 dots, the value and opening, CPU",
          ("docs/difficulty.md",), "about 23 minutes", 10 * 60, 40 * 60, "s",
          _command_row([str(BENCH / "solver_times.py"), "--no-week", "--sizes", "12", "--boards", "1",
                        "--methods", "new", "--whole", "0", "--limit", "2700"],
                       r"corpus 12[^\n]*?([\d,.]+) s"),
          "python bench/solver_times.py --no-week --sizes 12 --boards 1 --methods new --whole 0 "
          "--limit 2700", slow=True),
    Claim("ci-python-solver", ".ci/run's second pass, the pure-Python solver's tests, CPU",
          ("docs/development.md",), "80 s of CPU", 52, 108, "s", ci_python_solver,
          "PNP_SOLVER_CORE=python pytest tests/games/cliquer/test_cliquer_analyze.py ...", slow=True),
    Claim("site-month", "pnp site of a month from an empty cache, CPU",
          ("docs/hobbyists.md",), "365 s", 200, 600, "s", site_month,
          "/usr/bin/time -v pnp site month --from 2026-11-01 --days 30 --solve-seconds 600",
          slow=True),
]

BY_NAME = {row.name: row for row in ROWS}


# ---------------------------------------------------------------------------------------------


def unmeasured() -> list[str]:
    """Where the docs mark figures as measured once by hand, no row measuring them again."""
    marker = re.compile(r"^\s*<!--\s*figures:(.*)-->")
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        if "_build" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = marker.match(line)
            if m and "unmeasured" in [n.strip() for n in m.group(1).split(",")]:
                found.append(f"{path.relative_to(ROOT).as_posix()}:{number + 1}")
    return found


def judge(row: Claim, got: Measured, quick: bool = False) -> str:
    if got.value is None:
        return "NOT MEASURED"
    if quick and not row.quick_same:
        return "smoke (quick: smaller work, not judged)"
    if row.lo is None and row.hi is None:
        return "-"
    if (row.lo is not None and got.value < row.lo) or (row.hi is not None and got.value > row.hi):
        return "OUTSIDE"
    return "ok"


def allowed(row: Claim) -> str:
    if row.lo is None and row.hi is None:
        return "no range"
    unit = "x" if row.unit == "x" else f" {row.unit}"
    if row.lo is None:
        return f"at most {row.hi:g}{unit}"
    if row.hi is None:
        return f"at least {row.lo:g}{unit}"
    return f"{row.lo:g}–{row.hi:g}{unit}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="comma-separated row names (see --list)")
    parser.add_argument("--quick", action="store_true",
                        help="CI smoke: the cheap rows only, few rounds, small packs")
    parser.add_argument("--no-slow", action="store_true", help="leave out the rows marked slow")
    parser.add_argument("--rounds", type=int, help="alternating rounds a ratio (default 15; quick 3)")
    parser.add_argument("--list", action="store_true", help="the rows, what the docs say, the command")
    parser.add_argument("--results", type=Path, default=BENCH / "results")
    args = parser.parse_args(argv)
    if args.list:
        for row in ROWS:
            print(f"{row.name}{' (slow)' if row.slow else ''}: {row.what}\n"
                  f"  {', '.join(row.docs) or '-'} say: {row.said}\n  measured by: {row.command}")
        gaps = unmeasured()
        print(f"\n{len(gaps)} blocks of the docs hold figures no row measures yet (<!-- figures: "
              f"unmeasured -->):" + "".join(f"\n  {where}" for where in gaps))
        return 0
    names = [n for n in args.only.split(",") if n]
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        parser.error(f"no row {unknown[0]!r}; the rows: {', '.join(BY_NAME)}")
    if names:
        chosen = [BY_NAME[n] for n in names]
    elif args.quick:
        chosen = [r for r in ROWS if r.quick]
    else:
        chosen = [r for r in ROWS if not (args.no_slow and r.slow)]
    rounds = args.rounds or (3 if args.quick else 15)
    args.results.mkdir(parents=True, exist_ok=True)
    run = Run(args.quick, rounds, Path(tempfile.mkdtemp(prefix="pnp-claims-")))
    compile_like_pip()
    print(f"pnp claims · python {sys.version.split()[0]} · {os.cpu_count()} cores · "
          f"{rounds} alternating rounds a ratio{' (quick)' if args.quick else ''}", flush=True)
    results = []
    try:
        for row in chosen:
            load = os.getloadavg()[0]
            start = time.monotonic()
            try:
                got = row.measure(run)
            except Exception as error:                    # a report: one row's failure is a line
                got = Measured(None, f"failed: {str(error).strip().splitlines()[-1][:300]}")
            verdict = judge(row, got, args.quick)
            value = "-" if got.value is None else f"{got.value:.3g}{'x' if row.unit == 'x' else ' ' + row.unit}"
            print(f"\n[{row.name}] {row.what}\n"
                  f"  the docs say: {row.said}   ({', '.join(row.docs) or 'not in the docs'}; "
                  f"allowed {allowed(row)})\n"
                  f"  measured now: {value}   {got.text}\n"
                  f"  load {load:.1f} -> {os.getloadavg()[0]:.1f}, {time.monotonic() - start:.0f} s"
                  f"   {verdict}", flush=True)
            results.append({"name": row.name, "said": row.said, "lo": row.lo, "hi": row.hi,
                            "unit": row.unit, "value": got.value, "text": got.text,
                            "verdict": verdict, "load": [load, os.getloadavg()[0]],
                            "raw": got.raw})
    finally:
        shutil.rmtree(run.work, ignore_errors=True)
    print("\nclaim                 the docs say                          measured   verdict")
    for res in results:
        value = "-" if res["value"] is None else f"{res['value']:.3g}"
        print(f"{res['name']:<21} {res['said'][:37]:<37} {value:>9}   {res['verdict']}")
    outside = [r["name"] for r in results if r["verdict"] in ("OUTSIDE", "NOT MEASURED")]
    print(f"\n{len(results)} claims measured, {len(outside)} outside their range or not measured"
          + (f": {', '.join(outside)}" if outside else ""))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out = args.results / f"claims-{stamp}.json"
    out.write_text(json.dumps({"rounds": rounds, "quick": args.quick, "results": results},
                              indent=1, default=str), encoding="utf-8")
    print(f"raw results: {out}")
    return 1 if any(r["verdict"] == "NOT MEASURED" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
