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
     python bench/build_baseline.py record SPEC.yaml OPS.jsonl   (the calls of any spec's
     build, e.g. layouts/class-set.yaml; bench/run.py records its own packs the same way)
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
                elif name in ("drawPath", "clipPath"):          # a path by its calls
                    path = canvas.beginPath()
                    for step, step_args, step_kwargs in args[0][1]:
                        getattr(path, step)(*step_args, **step_kwargs)
                    getattr(canvas, name)(path, *args[1:], **kwargs)
                else:
                    getattr(canvas, name)(*args, **kwargs)
            pages += 1
        canvas.save()
    return pages


NOT_DRAWING = {"addLiteral", "save", "setCatalogEntry", "stringWidth"}


class _Path:
    """Stands in for a path pnp builds: notes its calls, for the replay to build it again."""

    def __init__(self, path):
        self._path, self.calls = path, []

    def __getattr__(self, name):
        attr = getattr(self._path, name)

        def call(*args, **kwargs):
            self.calls.append([name, list(args), kwargs])
            return attr(*args, **kwargs)
        return call


class _Recorder:
    """Stands in for pnp's canvas (bench/run.py records through it too): passes every call
    through and notes the drawing ones; a kept drawing's every call, a path by its calls."""

    def __init__(self, canvas, pages: list):
        self._canvas, self._pages, self._ops = canvas, pages, []

    def kept(self, key, draw, *args):
        draw(self, *args)

    def beginPath(self):
        return _Path(self._canvas.beginPath())

    def _with_path(self, name, path, *args, **kwargs):
        getattr(self._canvas, name)(path._path, *args, **kwargs)
        self._ops.append([name, [["path", path.calls], *args], kwargs])

    def drawPath(self, path, *args, **kwargs):
        self._with_path("drawPath", path, *args, **kwargs)

    def clipPath(self, path, *args, **kwargs):
        self._with_path("clipPath", path, *args, **kwargs)

    def __getattr__(self, name):
        attr = getattr(self._canvas, name)
        if name.startswith("_") or not callable(attr) or name in NOT_DRAWING:
            return attr

        def call(*args, **kwargs):
            out = attr(*args, **kwargs)
            if out is not None:
                raise RuntimeError(f"canvas.{name} returned an object; the replay cannot follow it")
            self._ops.append([name, list(args), kwargs])
            if name == "showPage":
                self._pages.append(self._ops)
                self._ops = []
            return out
        return call


def record(spec_path: str, ops_path: str) -> int:
    """Build ``spec_path`` in this process through bench/run.py's recording canvas (into a
    scratch folder) and write its drawing calls, page by page, for ``replay``."""
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import pnp.pdf.writer as writer
    from pnp.build import build
    from pnp.pdf.faces import BOLD, SANS, font_path
    from pnp.spec import load

    pages: list = []
    size: list = []
    real = writer.new_canvas

    def recording(path, page, title):
        size[:] = [page.width, page.height]
        return _Recorder(real(path, page, title), pages)

    writer.new_canvas = recording
    try:
        with tempfile.TemporaryDirectory() as scratch:
            build(load(Path(spec_path)), Path(scratch))
    finally:
        writer.new_canvas = real
    with open(ops_path, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"pagesize": size, "fonts": {n: str(font_path(n)) for n in (SANS, BOLD)}}) + "\n")
        for ops in pages:
            fh.write(json.dumps(ops) + "\n")
    return len(pages)


if __name__ == "__main__":
    if sys.argv[1] == "record":
        print(record(sys.argv[2], sys.argv[3]))
    else:
        print(replay(sys.argv[1], sys.argv[2]))
