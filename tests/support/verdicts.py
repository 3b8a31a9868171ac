"""What `pnp validate` says of a file, as the tests read it."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pikepdf
from click.testing import CliRunner

from pnp.cli import cli
from pnp.verify.record import NotOurs
from pnp.verify.validate import validate_file as validated
from support.paths import AWAY


def validate_file(path) -> tuple[int, list[str]]:
    """``pnp validate``'s exit code and the problem codes it reports."""
    result = CliRunner().invoke(cli, ["validate", "--json", str(path)])
    report = json.loads(result.output)
    codes = sorted({p["code"] for f in report["files"] for b in f.get("boards", [])
                    for p in b["problems"]})
    return result.exit_code, codes


@contextlib.contextmanager
def in_process():
    """Validations run in this process, not in limited children: what a verdict is does not
    depend on the children (the tests of their limits run them on their own), and a child's
    start-up is most of a small file's cost."""
    saved = os.environ.get("PNP_NO_SANDBOX")
    os.environ["PNP_NO_SANDBOX"] = "1"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["PNP_NO_SANDBOX"]
        else:
            os.environ["PNP_NO_SANDBOX"] = saved


def judged(path: Path) -> tuple[str, set[str], str]:
    """('ok' | 'fail' | 'unreadable', the problem codes, every message in one text), from a
    validation in this process (``in_process``)."""
    try:
        with in_process():
            reports = validated(path)
    except NotOurs as exc:
        assert "\n" not in str(exc)
        return "unreadable", set(), str(exc)
    problems = [p for r in reports for p in r.problems]
    return ("ok" if not problems else "fail", {p.code for p in problems},
            " | ".join(p.message for p in problems))


def forge(good: Path, out: Path, edit) -> Path:
    """A copy of ``good`` with ``edit(pdf)`` applied, saved by pikepdf."""
    with pikepdf.open(good) as pdf:
        edit(pdf)
        # streams kept as written (pikepdf would otherwise re-encode LZW or ASCIIHex as Flate)
        pdf.save(out, compress_streams=False)
    assert out.read_bytes() != good.read_bytes()
    return out


MEASURE = """\
import resource, subprocess, sys
result = subprocess.run([sys.executable, "-m", "pnp", *sys.argv[1:]], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(result.returncode, peak)
sys.stdout.write(result.stdout)
sys.stderr.write(result.stderr)
"""


# docs/validator.md's promise: every validation within 300 MB (pnp and any one of its children)
MEMORY_PROMISED = 300 * 2**20


def measured(*args) -> tuple[int, int, str, str]:
    """(exit code, peak memory in bytes of pnp and its children, stdout, stderr) of `pnp ARGS`
    run in a fresh process, so no earlier test's memory is counted."""
    # the timeout is a guard against a hang, not a speed figure (bench/ measures speed)
    result = subprocess.run([sys.executable, "-c", MEASURE, *map(str, args)], capture_output=True,
                            text=True, timeout=180, cwd=AWAY)
    first, _, out = result.stdout.partition("\n")
    code, peak = map(int, first.split())
    return code, peak, out, result.stderr


@functools.lru_cache(maxsize=1)
def bomb(inflated: int = 2**30) -> bytes:
    """Zeros that inflate to ``inflated`` bytes: about 4.5 MB of Flate for a gigabyte."""
    packer = zlib.compressobj(1)
    chunk = b"\0" * 2**20
    return b"".join([packer.compress(chunk) for _ in range(inflated // 2**20)] + [packer.flush()])
