"""bench/build_baseline.py, the bare reportlab script the build's speed is measured against,
draws what pnp draws: its replay of a pack's recorded calls renders to the same pixels, page by
page (a worksheet pack: the teacher's page's paths, the kept rule, the dots drawn in one call)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium

from pnp.build import build
from pnp.spec import loads

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "build_baseline.py"


def _pixels(pdf: Path) -> list[bytes]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [doc[k].render(scale=40 / 72).to_pil().tobytes() for k in range(len(doc))]
    finally:
        doc.close()


def test_the_bare_script_draws_the_pages_pnp_draws(tmp_path):
    spec = tmp_path / "set.yaml"
    spec.write_text("title: Class\nseed: bare\noutput: set.pdf\nitems:\n"
                    "  - {kind: cliquer, count: 2, dots: 8, difficulty: medium, worksheet: true}\n"
                    "  - {kind: cliquer, count: 2}\n", encoding="utf-8")
    ops, bare = tmp_path / "ops.jsonl", tmp_path / "bare.pdf"
    run = [sys.executable, str(SCRIPT)]
    pages = subprocess.run([*run, "record", str(spec), str(ops)], capture_output=True, text=True,
                           check=True, timeout=300).stdout.strip()
    subprocess.run([*run, str(ops), str(bare)], check=True, timeout=300)
    build(loads(spec.read_text(encoding="utf-8"), str(spec)), tmp_path / "out")
    ours = _pixels(tmp_path / "out" / "set.pdf")
    assert int(pages) == len(ours) > 4
    assert _pixels(bare) == ours
