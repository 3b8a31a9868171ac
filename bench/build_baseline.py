"""Baseline for bench/run.py: bare reportlab drawing the very pages pnp drew.

bench/run.py records every drawing call pnp made on its canvas (rectangles, dots, lines, text,
in the fonts and sizes pnp chose) into a JSON-lines file, one page a line. This script replays
them on a plain reportlab canvas with the same shipped DejaVu fonts and the same canvas
settings (invariant, compressed pages, pnp's first font as the initial font) and writes the
PDF. What it leaves out is exactly pnp's own work: reading the spec, generating boards, fitting
and wrapping text, layout, marking dots for the validator, attaching the data, the page boxes
and writing atomically.

It draws what pnp draws, call for call: a drawing pnp's canvas writes again from what it kept
(``Canvas.kept``) is recorded as its every call, and a board's dots, which pnp's canvas draws in
one ``marked_dots`` call, are drawn here one ``circle`` each (``PNP_ONLY``). The pages come out
the same to the pixel (checked for a 600-board pack, pages 1, 2, 300 and 600:
``mutool draw -r 60`` of both PDFs gave identical PNGs).

Run: python bench/build_baseline.py OPS.jsonl OUT.pdf
"""

from __future__ import annotations

import json
import sys

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


def _marked_dots(canvas, _tag, centres, r):
    for x, y in centres:
        canvas.circle(x, y, r, stroke=0, fill=1)


# the calls pnp's canvas has and reportlab's has not, drawn with reportlab's own
PNP_ONLY = {"marked_dots": _marked_dots}


def replay(ops_path: str, out_path: str) -> int:
    rl_config.useA85 = 0
    pages = 0
    with open(ops_path, encoding="utf-8") as fh:
        head = json.loads(fh.readline())
        for name, file in head["fonts"].items():
            pdfmetrics.registerFont(TTFont(name, file))
        first = head.get("initial_font", next(iter(head["fonts"])))
        canvas = Canvas(out_path, pagesize=tuple(head["pagesize"]), invariant=1, pageCompression=1,
                        initialFontName=first, initialFontSize=10)
        for line in fh:                 # one page at a time, as pnp streams them
            for name, args, kwargs in json.loads(line):
                if name in PNP_ONLY:
                    PNP_ONLY[name](canvas, *args, **kwargs)
                else:
                    getattr(canvas, name)(*args, **kwargs)
            pages += 1
        canvas.save()
    return pages


if __name__ == "__main__":
    print(replay(sys.argv[1], sys.argv[2]))
