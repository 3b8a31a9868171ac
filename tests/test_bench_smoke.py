"""The speed suite runs and prints its table (figures only: a test never asserts a timing)."""

from __future__ import annotations

import json
import subprocess
import sys

from support.paths import ROOT


def test_bench_quick_startup_prints_a_table_and_saves_raw_results(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--quick", "--only", "startup",
                             "--repeat", "1", "--results", str(tmp_path)],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("section"))
    assert lines[header].split()[:6] == ["section", "figure", "value", "baseline", "ratio", "aim"]
    assert set(lines[header + 1].replace(" ", "")) == {"-"}
    row = lines[header + 2]
    assert row.startswith("start-up") and "pnp --help" in row and "import click" in row
    saved = list(tmp_path.glob("run-*.json"))
    assert len(saved) == 1
    data = json.loads(saved[0].read_text())
    assert [r["figure"] for r in data["rows"]] == ["pnp --help"]
    assert data["raw"]["startup"]["pnp"]["seconds"]


def test_bench_refuses_an_unknown_section(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--only", "nonsense",
                             "--results", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "unknown section 'nonsense'" in result.stderr
