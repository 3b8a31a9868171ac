"""Baseline for bench/run.py: bare reportlab drawing the very pages pnp drew.

bench/run.py records every drawing call pnp made on its canvas (rectangles, dots, lines, text,
in the fonts and sizes pnp chose) into a JSON-lines file, one page a line. This script replays
them on a plain reportlab canvas with the same shipped DejaVu fonts and the same canvas
settings (invariant, compressed pages) and writes the PDF. What it leaves out is exactly pnp's
own work: reading the spec, generating boards, fitting and wrapping text, layout, marking dots
for the validator, attaching the data and writing atomically.

Run: python bench/build_baseline.py OPS.jsonl OUT.pdf
"""

from __future__ import annotations

import json
import sys

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


def replay(ops_path: str, out_path: str) -> int:
    rl_config.useA85 = 0
    pages = 0
    with open(ops_path, encoding="utf-8") as fh:
        head = json.loads(fh.readline())
        for name, file in head["fonts"].items():
            pdfmetrics.registerFont(TTFont(name, file))
        canvas = Canvas(out_path, pagesize=tuple(head["pagesize"]), invariant=1, pageCompression=1)
        for line in fh:                 # one page at a time, as pnp streams them
            for name, args, kwargs in json.loads(line):
                getattr(canvas, name)(*args, **kwargs)
            pages += 1
        canvas.save()
    return pages


if __name__ == "__main__":
    print(replay(sys.argv[1], sys.argv[2]))
