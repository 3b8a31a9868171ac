"""Proving the ink: the pages as printed against the pages this pnp draws from the same data.

pnp writes every PDF itself, so from the attached data alone ``pnp.render.redraw`` draws the
exact PDF this version would write. The proof compares the given file with that redraw:

1. the bytes: a file pnp wrote and nobody touched is the redraw byte for byte, and is proved;
2. otherwise the structure (``pnp.verify.structure``): everything reachable from the catalog and
   each page must be of a kind pnp writes (anything else is a named problem and is never
   rendered), and each page's boxes, rotation, resources and content must equal the redraw's.
   A re-save by qpdf or pikepdf is proved here, without rendering;
3. only a page that passes the allow-list but whose drawing differs from the redraw's (a
   forger's grey line, or a content stream some tool rewrote beyond what ``drawing`` follows)
   is rendered, by
   pdfium as printed, in colour at ``DPI`` in bands of ``BAND`` pixels, and compared channel by
   channel: a channel more than ``TOLERANCE`` levels darker than the redraw is extra ink,
   lighter is missing ink. At 600 dpi a 0.02 pt filled sliver covers a sixth of a pixel
   column (over 40 levels, or over 20 in each of two columns), and pdfium draws a 0.1 pt line
   at least one pixel wide.

Rendering stops after ``MAX_BAD_PAGES`` pages that differ, so a hostile file with thousands of
heavy pages costs a few renders, not thousands.
"""

from __future__ import annotations

from pnp.verify.structure import Difference  # noqa: F401 - where the proof's findings are typed

DPI = 600               # pixels an inch: a 0.02 pt sliver is a sixth of a pixel
BAND = 512              # pixel rows rendered at once, so a page costs a few MB, not 100
TOLERANCE = 12          # levels (of 255) a channel may differ by; re-saves measured differ by 0
MAX_BAD_PAGES = 3       # pages rendered past the first differences: enough to say where
MAX_PLACES = 3          # places named per page and problem
CELL_MM = 5             # differing pixels are grouped into cells this size to name a place


def render(page, top: float = 0.0, bottom: float = 0.0):
    """The page as printed, in colour (numpy rows x columns x 3, 0 dark .. 255 light), the
    band between ``top`` and ``bottom`` points cut from its top and bottom."""
    bitmap = page.render(scale=DPI / 72, crop=(0, bottom, 0, top), optimize_mode="print",
                         draw_annots=False, may_draw_forms=False)
    return bitmap.to_numpy().copy()


def compare(given, given_pdfium, redrawn_bytes: bytes, given_bytes: bytes) -> list[Difference]:
    """Every way ``given`` (the file open in pikepdf) prints otherwise than the redraw.
    ``given_pdfium()`` opens it in pdfium, called only when a page must be rendered."""
    if given_bytes == redrawn_bytes:
        return []
    import io

    import pikepdf

    from pnp.verify import structure

    redrawn = pikepdf.open(io.BytesIO(redrawn_bytes))
    try:
        out = structure.document(given, redrawn)
        if any(d.code == "page-count" for d in out):
            return out
        undecided = []
        fonts: dict = {}
        for i, (page, mine) in enumerate(zip(given.pages, redrawn.pages)):
            found, proved = structure.page(i, page, mine, fonts)
            out += found
            if not found and not proved:
                undecided.append(i)
    finally:
        redrawn.close()
    if undecided and not out:
        out += _rendered(given_pdfium(), redrawn_bytes, undecided)
    elif undecided:
        # a file with foreign constructs is not rendered at all: what it holds may be what
        # a renderer must not meet, and it has failed already
        out.append(Difference("ink-unproven", None, f"{len(undecided)} page(s) whose drawing "
                              "differs from pnp's were not rendered, as the file holds "
                              "constructs pnp never writes"))
    return out


def _rendered(given, redrawn_bytes: bytes, pages: list[int]) -> list[Difference]:
    import pypdfium2 as pdfium

    redrawn = pdfium.PdfDocument(redrawn_bytes)
    out: list[Difference] = []
    bad_pages = 0
    try:
        for n, i in enumerate(pages):
            found = _page_differences(i, given[i], redrawn[i])
            out += found
            bad_pages += bool(found)
            if bad_pages >= MAX_BAD_PAGES and n + 1 < len(pages):
                out.append(Difference("ink-unproven", None, f"{len(pages) - n - 1} more page(s) "
                                      f"were not compared after {bad_pages} pages that differ"))
                break
    finally:
        redrawn.close()
    return out


def _page_differences(index: int, page, mine) -> list[Difference]:
    """A page against the redraw's, band by band; the differences gathered for the page."""
    width, height = mine.get_size()
    if tuple(round(v, 2) for v in page.get_size()) != (round(width, 2), round(height, 2)):
        return [Difference("page-geometry", index, f"page {index + 1} is {page.get_size()[0]:g} x "
                           f"{page.get_size()[1]:g} pt, should be {width:g} x {height:g} pt")]
    band_pt = BAND * 72 / DPI
    cells = {"ink-extra": [], "ink-missing": []}
    top, rows_so_far = 0.0, 0
    while top < height - 1e-6:
        bottom = max(0.0, height - top - band_pt)
        given, wanted = render(page, top, bottom), render(mine, top, bottom)
        if given.shape != wanted.shape:
            return [Difference("page-geometry", index, f"page {index + 1} renders otherwise "
                               "than pnp's page")]
        for code, found in _differing(given, wanted, rows_so_far).items():
            cells[code].append(found)
        rows_so_far += given.shape[0]
        top += band_pt
    return _pixel_differences(index, {code: _merged(parts) for code, parts in cells.items()},
                              rows_so_far)


def _differing(given, wanted, first_row: int = 0) -> dict:
    """Where ``given`` is darker (ink-extra) or lighter (ink-missing) than ``wanted`` by more
    than ``TOLERANCE`` in any channel, for each code: the ``CELL_MM`` cells holding such pixels
    and how many each holds (``_cells``), the arrays' first row being ``first_row`` of the page.

    A forged page differs from the redraw in a few places, so the rows that hold any differing
    byte are found first (one comparison and a reduction along whole rows, which numpy does
    fast), and the signed, per-channel test runs on those rows only. Counts by cell, not pixel
    positions, are what a page's bands add up to: a page that differs everywhere (a forger's
    black fill) is a few thousand cells, where its pixels' positions would be half a GB."""
    import numpy as np

    rows = np.flatnonzero((given != wanted).reshape(given.shape[0], -1).any(axis=1))
    diff = given[rows].astype(np.int16) - wanted[rows].astype(np.int16)
    if diff.ndim == 2:                        # grey: one channel, a row of pixels
        diff = diff[:, :, None]
    out = {}
    for code, differs in (("ink-extra", diff < -TOLERANCE), ("ink-missing", diff > TOLERANCE)):
        pixel = differs[:, :, 0]
        for channel in range(1, differs.shape[2]):     # a pixel differs when any channel does
            pixel = pixel | differs[:, :, channel]
        r, c = np.nonzero(pixel)
        out[code] = _cells(rows[r] + first_row, c)
    return out


def _cell_px() -> int:
    return max(1, round(CELL_MM / 25.4 * DPI))


def _cells(rows, cols):
    """(cell keys in ascending order, pixels in each) of pixels at ``rows``, ``cols``."""
    import numpy as np

    cell = _cell_px()
    return np.unique((rows // cell) * 100_000 + cols // cell, return_counts=True)


def _merged(parts: list):
    """The bands' cell counts as one page's: a cell two bands share gets both counts."""
    import numpy as np

    keys = np.concatenate([k for k, _ in parts])
    counts = np.concatenate([n for _, n in parts])
    merged, where = np.unique(keys, return_inverse=True)
    return merged, np.bincount(where, weights=counts, minlength=len(merged)).astype(np.int64)


def ink_differences(index: int, given, wanted) -> list[Difference]:
    """Pixels darker than the redraw (ink-extra) or lighter (ink-missing) in any channel, by
    place (grey or colour arrays of one size)."""
    if given.shape != wanted.shape:
        return [Difference("page-geometry", index, f"page {index + 1} renders "
                                                   f"{given.shape[1]}x{given.shape[0]} pixels, "
                                                   f"should be {wanted.shape[1]}x{wanted.shape[0]}")]
    return _pixel_differences(index, _differing(given, wanted), given.shape[0])


def _pixel_differences(index: int, cells: dict, height_px: int) -> list[Difference]:
    """One difference per code (pixels darker: ink-extra, lighter: ink-missing) that has any
    pixel, given as its cells and their counts on a page ``height_px`` pixels tall, naming the
    places that hold the most."""
    out = []
    for code, (keys, counts) in cells.items():
        count = int(counts.sum())
        if count:
            words, points = _places(keys, counts, height_px)
            out.append(Difference(code, index, f"page {index + 1}: {count} pixel(s) "
                                  f"{'darker' if code == 'ink-extra' else 'lighter'} than pnp "
                                  f"draws, at {words}", points))
    return out


def _places(keys, counts, height_px: int) -> tuple[str, tuple[tuple[float, float], ...]]:
    """The cells of ``CELL_MM`` holding the most differing pixels: in words (mm from the top
    left, as a person measures a sheet) and as points on the page (for whose piece it is)."""
    import numpy as np

    cell = _cell_px()
    height_pt = height_px * 72 / DPI
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

