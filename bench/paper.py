"""Paper used per pack: pages, cut sheets and near-empty pages, today and under two baselines.

'grid' is the imposer pnp had before sized pieces of different sizes shared sheets
(``GridImposer`` below, kept verbatim in what decides pages: one grid of one size and group
per sheet). 'apart' is today's imposer with every item starting a fresh sheet, as before the
next item's cut pieces could share a sheet (``items_apart``). All run in this process on the
same boards, so the figures compare like with like.

For each pack: every layout in ``pnp/layouts`` and ``layouts/``, a 24-student class set
(page boards with worksheets) and a 10-player Cliques set. A page is near-empty when its
pieces cover less than a third of the area inside its margins (a whole-page piece covers all).

Also timed: the read-back layout check (``support.pageread.layout_check``) against ``pnp validate``
itself on the starter pack, since the validator runs the check on every page.

Run: python bench/paper.py [--papers]   (--papers: every pack on all four papers too)
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))       # tests/support: the pdfium page reader

from pnp.build import generate_all
from pnp.render import GENERATOR, draw_boards, footer_text
from pnp.errors import PnpError
from pnp.paper import Frame, Piece
from pnp.pdf.page import PageGeometry, geometry
from pnp.spec import loads

NEAR_EMPTY = 1 / 3
HALF_EMPTY = 1 / 2          # "mostly empty": pieces cover under half the page
PAPERS = [("A4", "portrait"), ("A4", "landscape"), ("Letter", "portrait"), ("Letter", "landscape")]
INLINE = {
    "class set, 24 students": """\
title: Class set
seed: class-24
page: {size: A4, orientation: portrait}
items:
  - {kind: cliquer, count: 24, dots: 8, worksheet: true}
""",
    "Cliques, 10 players": """\
title: Cliques for ten
seed: cliques-10
page: {size: A4, orientation: portrait}
items:
  - {kind: cliques, players: 10}
""",
}


# ---- the baseline: the grid imposer pnp had before mixed packing ------------------------------

@dataclass
class _GridSheet:
    size: tuple[float, float]
    cols: int
    rows: int
    slots: list = field(default_factory=list)

    @property
    def full(self) -> bool:
        return len(self.slots) >= self.cols * self.rows


class GridImposer:
    """Pieces of one size and group per sheet, in a centred grid (pnp before mixed packing)."""

    def __init__(self, canvas, page: PageGeometry, footer: str):
        self.canvas, self.page, self.footer = canvas, page, footer
        self.pages = 0
        self._open: dict[tuple, _GridSheet] = {}

    def add(self, piece: Piece, record: list, what: str = "a piece", new_band: bool = False) -> None:
        if new_band:
            self.finish()
        if piece.size is None:
            self._draw(piece, self.page.content, record)
            self._end_page()
            return
        key = (round(piece.size[0], 3), round(piece.size[1], 3), piece.group)
        sheet = self._open.get(key)
        if sheet is None:
            self.finish()
            area = self.page.content
            cols, rows = int(area.width // piece.size[0]), int(area.height // piece.size[1])
            if cols < 1 or rows < 1:
                raise PnpError(f"{what} does not fit on the page")
            sheet = self._open[key] = _GridSheet(piece.size, cols, rows)
        sheet.slots.append((piece, record))
        if sheet.full:
            self._emit(sheet)
            del self._open[key]

    def finish(self) -> int:
        for sheet in list(self._open.values()):
            self._emit(sheet)
        self._open.clear()
        return self.pages

    def _emit(self, sheet: _GridSheet) -> None:
        area = self.page.content
        w, h = sheet.size
        x0 = area.x + (area.width - sheet.cols * w) / 2
        y_top = area.top - (area.height - sheet.rows * h) / 2
        for n, (piece, record) in enumerate(sheet.slots):
            r, c = divmod(n, sheet.cols)
            self._draw(piece, Frame(x0 + c * w, y_top - (r + 1) * h, w, h), record)
        self._end_page()

    def _draw(self, piece, frame, record) -> None:
        self.canvas.saveState()
        piece.draw(self.canvas, frame)
        self.canvas.restoreState()
        record.append({"page": self.pages, "piece": piece.name, "frame": frame.as_list()})

    def _end_page(self) -> None:
        self.canvas.showPage()
        self.pages += 1


def items_apart():
    """Today's imposer as it was before items shared sheets: every item starts a fresh sheet."""
    from pnp.pdf.impose import Imposer

    class ItemsApart(Imposer):
        def add(self, piece, record, what="a piece", new_band=False):
            if new_band:
                self.finish()
            super().add(piece, record, what)

    return ItemsApart


@contextmanager
def imposer(cls):
    from pnp.pdf import impose

    saved = impose.Imposer
    impose.Imposer = cls
    try:
        yield
    finally:
        impose.Imposer = saved


# ---- measuring ---------------------------------------------------------------------------------

@dataclass
class Paper:
    pages: int
    cut_sheets: int
    near_empty: int
    covered: float          # pieces' area over the area inside the margins of all pages
    half_empty: int = 0     # pages whose pieces cover under half of it
    which: list = field(default_factory=list)   # (page from 1, cover, pieces) of the half-empty


def measure(spec, boards, page: PageGeometry) -> Paper:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.pdf.fonts import SANS, ensure_fonts

    ensure_fonts()
    canvas = Canvas(io.BytesIO(), pagesize=(page.width, page.height), initialFontName=SANS)
    index = {id(entry): e for e, entry in enumerate(spec.items)}
    records, pages = draw_boards(canvas, page, footer_text(spec.title, spec.seed, GENERATOR),
                                 ((index[id(entry)], entry.kind, board) for entry, board in boards))
    area = page.content.width * page.content.height
    cover = [0.0] * pages
    cut = [False] * pages
    held: list[list[str]] = [[] for _ in range(pages)]
    for record in records:
        for p in record["placements"]:
            frame = Frame(*p["frame"])
            cover[p["page"]] += frame.width * frame.height / area
            cut[p["page"]] |= frame.as_list() != page.content.as_list()
            held[p["page"]].append(re.sub(r"[- ]\d+$", "", f"{record['kind']}: {p['piece']}"))
    which = [(k + 1, c, [f"{n} × {name}" for name, n in sorted(Counter(held[k]).items())])
             for k, c in enumerate(cover) if c < HALF_EMPTY]
    return Paper(pages, sum(cut), sum(c < NEAR_EMPTY for c in cover), sum(cover) / max(pages, 1),
                 sum(c < HALF_EMPTY for c in cover), which)


def packs() -> dict[str, str]:
    out = {}
    for path in [ROOT / "pnp" / "layouts" / "default.yaml", *sorted((ROOT / "layouts").glob("*.yaml"))]:
        out[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    out.update(INLINE)
    return out


def on_paper(text: str, size: str, orientation: str) -> str:
    """The spec with its page: line(s) replaced by this paper (margins as the spec had them)."""
    import re

    margin = re.search(r"margin_mm:\s*([\d.]+)", text)
    text = re.sub(r"^page:.*\n(?:[ \t]+.*\n)*", "", text, flags=re.MULTILINE)
    extra = f", margin_mm: {margin.group(1)}" if margin else ""
    return f"page: {{size: {size}, orientation: {orientation}{extra}}}\n" + text


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def run(all_papers: bool, listed: list | None = None) -> str:
    """The table; each half-empty page today goes into ``listed`` (pack, paper, page, cover,
    the kinds of piece on it)."""
    rows = [["pack", "paper", "pages", "apart", "grid", "cut sheets", "apart", "grid", "near-empty",
             "apart", "grid", "half-empty", "apart", "grid", "covered", "apart", "grid"]]
    for name, text in packs().items():
        spec = loads(text, name)
        papers = PAPERS if all_papers else [(spec.page.size, spec.page.orientation)]
        for size, orientation in papers:
            spec = loads(on_paper(text, size, orientation), name)
            page = geometry(size, orientation, spec.page.margin_mm)
            boards = list(zip([e for e in spec.items for _ in range(e.count)],
                              generate_all(spec, spec.seed)))
            after = measure(spec, boards, page)
            with imposer(items_apart()):
                apart = measure(spec, boards, page)
            with imposer(GridImposer):
                grid = measure(spec, boards, page)
            three = (after, apart, grid)
            if listed is not None:
                listed += [(name, f"{size} {orientation}", *w) for w in after.which]
            rows.append([name, f"{size} {orientation}",
                         *(str(m.pages) for m in three), *(str(m.cut_sheets) for m in three),
                         *(str(m.near_empty) for m in three), *(str(m.half_empty) for m in three),
                         *(f"{m.covered:.0%}" for m in three)])
    return table(rows)


def check_cost() -> str:
    """The layout check's time on the starter pack against the whole of pnp validate (which runs
    the check on every page), same run."""
    import tempfile

    import pypdfium2  # noqa: F401  (imported before timing either side)
    import shapely  # noqa: F401

    from pnp.build import build
    import pypdfium2 as pdfium

    from support.pageread.layout_check import safe_area
    from pnp.verify.record import read_payload
    from pnp.verify.validate import validate_file
    from support.pdfium_pages import check_page

    with tempfile.TemporaryDirectory() as tmp:
        spec = loads((ROOT / "pnp" / "layouts" / "default.yaml").read_text(encoding="utf-8"), "default.yaml")
        [(path, _, pages)] = build(spec, Path(tmp))
        best = {}
        for name in ("validate", "layout check", "ink check only"):
            times = []
            for _ in range(3):
                t = time.perf_counter()
                if name == "validate":
                    validate_file(path)
                else:
                    doc = pdfium.PdfDocument(str(path))
                    frames: dict[int, list] = {}
                    for r in read_payload(path)["boards"]:
                        for p in r["placements"]:
                            frames.setdefault(p["page"], []).append((p["piece"], Frame(*p["frame"])))
                    for i in range(len(doc)):
                        pg = doc[i]
                        check_page(pg, frames.get(i, []), i + 1, safe_area(*pg.get_size()),
                                   text=name == "layout check")
                    doc.close()
                times.append(time.perf_counter() - t)
            best[name] = min(times)
    base = best["validate"]
    rows = [["figure", "ms per page", "baseline: pnp validate (check included)", "ratio"]]
    for name in ("layout check", "ink check only"):
        rows.append([name, f"{best[name] / pages * 1000:.1f}", f"{base / pages * 1000:.1f}",
                     f"{best[name] / base:.2f}"])
    return table(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", action="store_true", help="every pack on all four papers too")
    args = parser.parse_args(argv)
    print(f"Paper per pack (near-empty: pieces cover under {NEAR_EMPTY:.0%} of the area inside the "
          f"margins, half-empty: under {HALF_EMPTY:.0%}; 'apart': every item on fresh sheets, as "
          f"before items shared them; 'grid': one size and group per sheet, as before mixed "
          f"packing)\n")
    listed: list = []
    print(run(args.papers, listed))
    print(f"\nHalf-empty pages today ({len(listed)})\n")
    print(table([["pack", "paper", "page", "covered", "pieces"]]
                + [[n, paper, str(k), f"{c:.0%}", ", ".join(held)] for n, paper, k, c, held in listed]))
    print("\nRead-back layout check on the starter pack, per page (best of 3)\n")
    print(check_cost())
    return 0


if __name__ == "__main__":
    sys.exit(main())
