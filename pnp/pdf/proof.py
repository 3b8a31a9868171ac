"""Proving the ink: the pages as printed against the pages this pnp draws from the same data.

pnp writes every PDF itself, so from the attached data alone ``pnp.build.redraw`` draws the
exact PDF this version would write. The proof compares the given file with that redraw:

1. the bytes: a file pnp wrote and nobody touched is the redraw byte for byte, and is proved;
2. otherwise (a re-save by qpdf, pikepdf or ``mutool clean``, or a forgery) everything a printer
   uses: page count, every page box, rotation, the viewer preferences a print dialog reads
   (scaling, copies, page range, duplex), annotations and form fields, and raw constructs pnp
   never writes (optional content, /UserUnit, JavaScript) beyond those in the redraw;
3. then every page rendered by pdfium as printed (``FPDF_PRINTING``: printable annotations drawn,
   optional content in its print state), in grey at ``DPI``, pixel against pixel. A pixel more
   than ``TOLERANCE`` grey levels darker than the redraw is extra ink, lighter is missing ink,
   whatever construct put it there (a form XObject, an image, text, a soft mask, a clip).

Rendering stops after ``MAX_BAD_PAGES`` pages that differ, so a hostile file with thousands of
heavy pages costs a few renders, not thousands.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass


DPI = 150               # pdfium draws even a 0.01 pt line at least one pixel wide at any DPI
TOLERANCE = 24          # grey levels (of 255) a pixel may differ by; re-saves measured differ by 0
MAX_BAD_PAGES = 3       # pages rendered past the first differences: enough to say where
MAX_PLACES = 3          # places named per page and problem
CELL_MM = 5             # differing pixels are grouped into cells this size to name a place
BOXES = ("media", "crop", "bleed", "trim", "art")


@dataclass(frozen=True)
class Difference:
    """One way the given file prints otherwise than the redraw: a problem code, the page
    (None: the whole document) and a message."""

    code: str
    page: int | None
    message: str
    where: tuple[tuple[float, float], ...] = ()    # points (pt, from the bottom left) it concerns


def page_facts(page) -> dict:
    """What a printer takes from a page besides its content: boxes, rotation, annotations."""
    import pypdfium2.raw as raw

    facts = {"rotation": page.get_rotation(), "annotations": raw.FPDFPage_GetAnnotCount(page.raw)}
    for name in BOXES:
        getter = getattr(raw, f"FPDFPage_Get{name.capitalize()}Box")
        box = [ctypes.c_float() for _ in range(4)]
        if getter(page.raw, *(ctypes.byref(v) for v in box)):
            facts[name] = tuple(round(v.value, 2) for v in box)
        else:
            facts[name] = None
    return facts


def document_facts(pdf) -> dict:
    """What a print dialog reads from the document: scaling, copies, page range, duplex; and
    the interactive parts that can show or print something else than the pages."""
    import pypdfium2.raw as raw

    ranges = raw.FPDF_VIEWERREF_GetPrintPageRange(pdf.raw)
    return {
        "print scaling": bool(raw.FPDF_VIEWERREF_GetPrintScaling(pdf.raw)),
        "copies": raw.FPDF_VIEWERREF_GetNumCopies(pdf.raw),
        "print page range": [raw.FPDF_VIEWERREF_GetPrintPageRangeElement(ranges, i)
                             for i in range(min(64, raw.FPDF_VIEWERREF_GetPrintPageRangeCount(ranges)))]
        if ranges else [],
        "duplex": raw.FPDF_VIEWERREF_GetDuplex(pdf.raw),
        "form type": raw.FPDF_GetFormType(pdf.raw),
        "JavaScript actions": raw.FPDFDoc_GetJavaScriptActionCount(pdf.raw),
    }


def render(page):
    """The page as printed, in grey levels (numpy, 0 black .. 255 white)."""
    bitmap = page.render(scale=DPI / 72, grayscale=True, optimize_mode="print", draw_annots=True,
                         may_draw_forms=False)
    return bitmap.to_numpy().copy()


def compare(given, given_bytes: bytes, given_marks: dict, redrawn_bytes: bytes) -> list[Difference]:
    """Every way ``given`` (an open pdfium document of ``given_bytes``, whose pre-scan counted
    ``given_marks``) prints otherwise than the redraw."""
    if given_bytes == redrawn_bytes:
        return []
    import pypdfium2 as pdfium

    from pnp.pdf.prescan import scan

    redrawn = pdfium.PdfDocument(redrawn_bytes)
    try:
        return _compare(given, given_marks, redrawn, scan(redrawn_bytes).marks)
    finally:
        redrawn.close()


def _compare(given, given_marks, redrawn, redrawn_marks) -> list[Difference]:
    out: list[Difference] = []
    if len(given) != len(redrawn):
        return [Difference("page-count", None, f"the file has {len(given)} pages; its data "
                                               f"prints {len(redrawn)}")]
    mine, theirs = document_facts(redrawn), document_facts(given)
    for key, value in theirs.items():
        if value != mine[key]:
            out.append(Difference("print-settings", None, f"{key} is {_show(value)}; pnp writes "
                                                          f"{_show(mine[key])}"))
    for mark, count in given_marks.items():
        if count > redrawn_marks.get(mark, 0):
            out.append(Difference("foreign-construct", None, f"the file uses {mark}, which can "
                                  "make what prints differ from what shows; pnp never writes it"))
    bad_pages = 0
    for i in range(len(given)):
        page, mine_page = given[i], redrawn[i]
        facts, want = page_facts(page), page_facts(mine_page)
        if facts["annotations"]:
            out.append(Difference("annotation", i, f"page {i + 1} has {facts['annotations']} "
                                                   "annotation(s); pnp pages have none"))
        odd = [k for k in ("rotation", *BOXES) if facts[k] != want[k]]
        if odd:
            out.append(Difference("page-geometry", i, f"page {i + 1}: " + "; ".join(
                f"{k} {_show(facts[k])}, should be {_show(want[k])}" for k in odd[:3])))
        if odd or facts["annotations"]:
            bad_pages += 1
        else:
            found = ink_differences(i, render(page), render(mine_page))
            out += found
            bad_pages += bool(found)
        if bad_pages >= MAX_BAD_PAGES and i + 1 < len(given):
            out.append(Difference("ink-unproven", None, f"pages {i + 2}-{len(given)} were not "
                                  f"compared after {bad_pages} pages that differ"))
            break
    return out


def ink_differences(index: int, given, wanted) -> list[Difference]:
    """Pixels darker than the redraw (ink-extra) or lighter (ink-missing), by place."""
    import numpy as np

    if given.shape != wanted.shape:
        return [Difference("page-geometry", index, f"page {index + 1} renders "
                                                   f"{given.shape[1]}x{given.shape[0]} pixels, "
                                                   f"should be {wanted.shape[1]}x{wanted.shape[0]}")]
    diff = given.astype(np.int16) - wanted.astype(np.int16)
    out = []
    for code, mask in (("ink-extra", diff < -TOLERANCE), ("ink-missing", diff > TOLERANCE)):
        count = int(mask.sum())
        if count:
            words, points = _places(mask)
            out.append(Difference(code, index, f"page {index + 1}: {count} pixel(s) "
                                  f"{'darker' if code == 'ink-extra' else 'lighter'} than pnp "
                                  f"draws, at {words}", points))
    return out


def _places(mask) -> tuple[str, tuple[tuple[float, float], ...]]:
    """The cells of ``CELL_MM`` holding the most differing pixels: in words (mm from the top
    left, as a person measures a sheet) and as points on the page (for whose piece it is)."""
    import numpy as np

    cell = max(1, round(CELL_MM / 25.4 * DPI))
    height_pt = mask.shape[0] * 72 / DPI
    rows, cols = np.nonzero(mask)
    keys, counts = np.unique((rows // cell) * 100_000 + cols // cell, return_counts=True)
    order = np.argsort(-counts, kind="stable")
    words, points = [], []
    for rank, k in enumerate(order):
        r, c = divmod(int(keys[k]), 100_000)
        x_pt, y_pt = (c + 0.5) * cell * 72 / DPI, height_pt - (r + 0.5) * cell * 72 / DPI
        points.append((x_pt, y_pt))
        if rank < MAX_PLACES:
            words.append(f"{x_pt / 72 * 25.4:.0f} mm from the left, "
                         f"{(height_pt - y_pt) / 72 * 25.4:.0f} mm from the top")
        if len(points) >= 64:
            break
    more = len(keys) - min(len(keys), MAX_PLACES)
    return "; ".join(words) + (f" (and {more} more places)" if more > 0 else ""), tuple(points)


def _show(value) -> str:
    if isinstance(value, tuple):
        return "[" + " ".join(f"{v:g}" for v in value) + "]"
    return str(value)

