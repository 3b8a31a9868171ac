"""Putting pieces on pages: whole pages as they come, small pieces n-up with cut lines.

Small pieces of the same size and group share sheets. They abut in a grid, so one cut
separates two pieces; every grid line is drawn as a thin dashed line (it survives any cut),
and crop marks in the margin at both ends of every line survive the first cut across them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.errors import PnpError
from pnp.paper import Frame, Piece
from pnp.pdf.page import EDGE_MM, PageGeometry
from pnp.paper import MM

CROP_MARK_MM = 4


@dataclass
class _Sheet:
    size: tuple[float, float]
    cols: int
    rows: int
    slots: list = field(default_factory=list)    # (piece, record)

    @property
    def full(self) -> bool:
        return len(self.slots) >= self.cols * self.rows


class Imposer:
    """Streams pieces onto a reportlab canvas page by page, recording where each one went."""

    def __init__(self, canvas, page: PageGeometry, footer: str):
        self.canvas = canvas
        self.page = page
        self.footer = footer
        self.pages = 0
        self._open: dict[tuple, _Sheet] = {}
        self._outline: tuple[str, ...] = ()     # the bookmark path of the last piece drawn
        self._bookmarks = 0

    def add(self, piece: Piece, record: list, what: str = "a piece") -> None:
        """Draw ``piece`` (now or when its sheet fills); append its placement to ``record``."""
        if piece.size is None:
            frame = self.page.content
            self._draw(piece, frame, record)
            self._end_page()
            return
        key = (round(piece.size[0], 3), round(piece.size[1], 3), piece.group)
        sheet = self._open.get(key)
        if sheet is None:
            self.finish()     # print part-filled sheets first, so pieces keep the order they came in
            sheet = self._open[key] = self._new_sheet(piece.size, what)
        sheet.slots.append((piece, record))
        if sheet.full:
            self._emit(sheet)
            del self._open[key]

    def finish(self) -> int:
        for sheet in list(self._open.values()):
            self._emit(sheet)
        self._open.clear()
        return self.pages

    # ------------------------------------------------------------------------------------------
    def _new_sheet(self, size, what: str) -> _Sheet:
        area = self.page.content
        cols, rows = int(area.width // size[0]), int(area.height // size[1])
        if cols < 1 or rows < 1:
            raise PnpError(f"{what} ({size[0] / MM:.0f} x {size[1] / MM:.0f} mm) does not fit on the "
                           f"page inside its margins; use a larger page, smaller margins or a smaller size")
        return _Sheet(size, cols, rows)

    def _emit(self, sheet: _Sheet) -> None:
        area = self.page.content
        w, h = sheet.size
        used_rows = -(-len(sheet.slots) // sheet.cols)
        used_cols = min(sheet.cols, len(sheet.slots))
        x0 = area.x + (area.width - sheet.cols * w) / 2
        y_top = area.top - (area.height - sheet.rows * h) / 2
        for n, (piece, record) in enumerate(sheet.slots):
            r, c = divmod(n, sheet.cols)
            self._draw(piece, Frame(x0 + c * w, y_top - (r + 1) * h, w, h), record)
        self._cut_lines(x0, y_top, w, h, used_cols, used_rows)
        self._end_page()

    def _cut_lines(self, x0, y_top, w, h, cols, rows) -> None:
        c = self.canvas
        c.saveState()
        c.setLineWidth(0.4)
        c.setStrokeGray(0.55)
        c.setDash(3, 2)
        left, right = x0, x0 + cols * w
        top, bottom = y_top, y_top - rows * h
        for i in range(cols + 1):
            c.line(x0 + i * w, bottom, x0 + i * w, top)
        for j in range(rows + 1):
            c.line(left, top - j * h, right, top - j * h)
        c.setDash()
        c.setStrokeGray(0)
        edge = EDGE_MM * MM + 0.5
        for i in range(cols + 1):          # crop marks above and below each vertical line
            x = x0 + i * w
            c.line(x, top + 1.5, x, min(top + CROP_MARK_MM * MM, self.page.height - edge))
            c.line(x, bottom - 1.5, x, max(bottom - CROP_MARK_MM * MM, self.page.safe.y + 4.5 * MM))
        for j in range(rows + 1):          # and left and right of each horizontal line
            y = top - j * h
            c.line(left - 1.5, y, max(left - CROP_MARK_MM * MM, edge), y)
            c.line(right + 1.5, y, min(right + CROP_MARK_MM * MM, self.page.width - edge), y)
        c.restoreState()

    def _draw(self, piece: Piece, frame: Frame, record: list) -> None:
        self._bookmark(piece.outline)
        self.canvas.saveState()
        piece.draw(self.canvas, frame)
        self.canvas.restoreState()
        record.append({"page": self.pages, "piece": piece.name, "frame": frame.as_list()})

    def _bookmark(self, path: tuple[str, ...]) -> None:
        """Outline entries for the levels of ``path`` the previous piece did not share, pointing
        at the current page (the piece is drawn on it)."""
        if not path:
            return
        shared = 0
        while shared < min(len(path), len(self._outline)) and path[shared] == self._outline[shared]:
            shared += 1
        if shared == len(path):       # the same entry as the piece before (two halves of a page)
            return
        for level in range(shared, len(path)):
            self._bookmarks += 1
            key = f"pnp-{self._bookmarks}"
            self.canvas.bookmarkPage(key)
            self.canvas.addOutlineEntry(path[level], key, level=level)
        self._outline = path

    def _end_page(self) -> None:
        from pnp.pdf.fonts import SANS, draw_fitted

        c = self.canvas
        safe = self.page.safe
        c.setFillGray(0.35)
        draw_fitted(c, f"{self.footer} · page {self.pages + 1}", safe.x, safe.y + 1.5 * MM,
                    safe.width, SANS, 7)
        c.showPage()
        self.pages += 1
