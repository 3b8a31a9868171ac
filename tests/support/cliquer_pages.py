"""CliqueR pieces drawn on real pages and read back with pdfium, as the validator reads them.

``draw_pieces`` puts each piece on a page of its own, in the frame the imposer would give it (a
page piece: the page's content area; a card: a card-sized frame at the content area's top left),
and ``read_page`` returns every object drawn there with its kind, bounds, mark and font size.
"""

from __future__ import annotations

import ctypes
import io
import random
from dataclasses import dataclass
from functools import lru_cache

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from pnp.games import cliquer
from pnp.paper import Frame
from pnp.pdf.page import geometry
from pnp.pdf.writer import new_canvas

PAPERS = [("A4", "portrait"), ("A4", "landscape"), ("Letter", "portrait"), ("Letter", "landscape")]
TEXT, PATH = 1, 2


@dataclass(frozen=True)
class Obj:
    kind: int                      # pdfium object type: 1 text, 2 path
    bounds: tuple[float, float, float, float]
    tag: str
    index: int
    size: float                    # font size of a text object (0 for others)
    text: str = ""
    mark: object = None            # the validator's reading of a marked object (pnp.verify.readback.Drawn)


@lru_cache(maxsize=None)
def boards(config: tuple, count: int) -> tuple:
    """``count`` boards of an item with options ``config`` ((key, value) pairs), seeds 0.."""
    item = cliquer.Item(**dict(config))
    return tuple(cliquer.generate(item, random.Random(f"pages-{seed}"), f"PG{seed:02d}-{seed + 1:02d}")
                 for seed in range(count))


def frame_for(piece, page) -> Frame:
    area = page.content
    if piece.size is None:
        return area
    return Frame(area.x, area.top - piece.size[1], piece.size[0], piece.size[1])


def draw_pieces(jobs, paper: str, orientation: str, margin_mm: float = 10):
    """Each (board, piece) of ``jobs`` on its own page; returns (pdf document, page geometry,
    [(board, piece, frame)])."""
    page = geometry(paper, orientation, margin_mm)
    out = io.BytesIO()
    canvas = new_canvas(out, page, "pieces")
    placed = []
    for board, piece in jobs:
        frame = frame_for(piece, page)
        canvas.saveState()
        piece.draw(canvas, frame)
        canvas.restoreState()
        canvas.showPage()
        placed.append((board, piece, frame))
    canvas.save()
    return pdfium.PdfDocument(out.getvalue()), page, placed


def read_page(page) -> list[Obj]:
    from support.pdfium_pages import objects_of

    marked = {d.bounds: d for d in objects_of(page) if d.tag}
    textpage = page.get_textpage()
    out = []
    for obj in page.get_objects(max_depth=4):
        bounds = tuple(float(v) for v in obj.get_bounds())
        size = ctypes.c_float(0)
        text = ""
        if obj.type == TEXT:
            raw.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
            n = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
            buf = (ctypes.c_ushort * (n // 2 + 1))()
            raw.FPDFTextObj_GetText(obj.raw, textpage.raw, buf, n)
            text = bytes(buf)[:max(0, n - 2)].decode("utf-16-le", "replace").strip()
        mark = marked.get(bounds)
        out.append(Obj(obj.type, bounds, mark.tag if mark else "", mark.index if mark else -1,
                       float(size.value), text, mark))
    return out


def overlap(a, b, slack: float = 0.0) -> bool:
    """Do boxes (left, bottom, right, top) overlap by more than ``slack`` each way?"""
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack) and (min(a[3], b[3]) - max(a[1], b[1]) > slack)


def box_to_point(box, x: float, y: float) -> float:
    dx = max(box[0] - x, 0, x - box[2])
    dy = max(box[1] - y, 0, y - box[3])
    return (dx * dx + dy * dy) ** 0.5
