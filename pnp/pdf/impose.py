"""Putting pieces on pages: whole pages as they come, sized pieces packed onto shared sheets.

Sized pieces of any sizes share a sheet: a rules card, goal slips and tokens print on one page
(``pnp.pdf.pack`` decides where, in the order the pieces come), with cut lines round every
piece (``pnp.pdf.cuts``). A piece whose group differs from the piece before starts a new row,
so pieces of one kind (a colour of chits) are never mixed into another kind's row; a piece
added with ``new_band`` (the first piece of the next item) goes below everything on the sheet,
or beside it, or after the last row's last piece (``pnp.pdf.pack``), so straight cuts part the
items. A whole-page piece first closes the sheet being filled, so pieces print in the order they
come: a set's rules card always follows the board it explains, never another item's pages (a
sheet held open over them saved paper in some packs and parted a game's rules from its board).
A sheet of ``fill`` pieces of one size (CliqueR cards) is spread over the whole content area:
its rows and columns, as many as fit at the pieces' size, share the area evenly, and every piece
draws into its larger frame (the frame each records), so cards sized for the smallest paper
leave no band blank on a larger one. Every page ends with the footer and the scale bar.
"""

from __future__ import annotations

from pnp.errors import PnpError
from pnp.paper import MM, Frame, Piece
from pnp.pdf.cuts import draw_cuts
from pnp.pdf.footer import draw_footer
from pnp.pdf.pack import EPS, Sheet
from pnp.pdf.page import PageGeometry


# Grown pieces stop this far inside the content area, so the ink of the cut lines on their
# outer edges stays inside it (with a 5 mm margin, the content's edge is the safe area's).
GROWN_INSET = 1 * MM


class Imposer:
    """Streams pieces onto a reportlab canvas page by page, recording where each one went."""

    def __init__(self, canvas, page: PageGeometry, footer: str):
        self.canvas = canvas
        self.page = page
        self.footer = footer
        self.pages = 0
        self._sheet: Sheet | None = None
        self._slots: list = []          # (piece, record, spot) on the open sheet
        self._outlines = 0
        self._outline: tuple[str, ...] = ()     # the bookmark path of the last piece drawn

    def add(self, piece: Piece, record: list, what: str = "a piece", new_band: bool = False) -> None:
        """Draw ``piece`` (now, or when its sheet is full); append its placement to ``record``.
        ``new_band``: the piece starts a band of its own below everything on the open sheet
        (the first piece of the next item), so a straight cut across the sheet parts the two."""
        if piece.size is None:
            self.finish()
            self._draw(piece, self.page.content, record)
            self._end_page()
            return
        w, h = piece.size
        area = self.page.content
        if self._sheet is None:
            self._sheet = Sheet(area.width, area.height)
        if not self._sheet.fits_empty(w, h):
            raise PnpError(f"{what} ({w / MM:.0f} x {h / MM:.0f} mm) does not fit on the page "
                           "inside its margins; use a larger page, smaller margins or a smaller size")
        # a piece of another group than the last starts a row of its own (chits by colour)
        new_row = bool(self._slots) and self._slots[-1][0].group != piece.group
        spot = self._sheet.place(w, h, new_row, new_band)
        if spot is None:
            self.finish()
            self._sheet = Sheet(area.width, area.height)
            spot = self._sheet.place(w, h)
        self._slots.append((piece, record, spot))

    def finish(self) -> int:
        """Print the sheet being filled, if any; the number of pages so far."""
        if self._slots:
            self._emit()
        self._sheet, self._slots = None, []
        return self.pages

    # ------------------------------------------------------------------------------------------
    def _emit(self) -> None:
        """Draw the open sheet's pieces, the packed block centred in the content area."""
        area = self.page.content
        grow_w, grow_h = self._growth()
        used_w, used_h = self._sheet.used
        used_w, used_h = used_w * grow_w, used_h * grow_h
        x0 = area.x + (area.width - used_w) / 2
        top = area.top - (area.height - used_h) / 2
        frames = []
        for piece, record, spot in self._slots:
            frame = Frame(x0 + spot.x * grow_w, top - (spot.y + spot.height) * grow_h,
                          spot.width * grow_w, spot.height * grow_h)
            self._draw(piece, frame, record)
            frames.append(frame)
        draw_cuts(self.canvas, frames, self.page.marks)
        self._end_page()

    def _growth(self) -> tuple[float, float]:
        """How much wider and taller each piece of the open sheet prints: 1, 1 unless every piece
        is a ``fill`` piece of one size; then each grows to the area's width over the columns
        and its height over the rows that fit at that size (less ``GROWN_INSET`` round the area) (the same on every sheet of the
        item, a last sheet half full included, so all its cards print alike)."""
        sizes = {(round(s.width, 6), round(s.height, 6)) for _, _, s in self._slots}
        if len(sizes) != 1 or not all(piece.fill for piece, _, _ in self._slots):
            return 1.0, 1.0
        (w, h), area = sizes.pop(), self.page.content
        columns, rows = int(area.width / w + EPS), int(area.height / h + EPS)
        room_w, room_h = area.width - 2 * GROWN_INSET, area.height - 2 * GROWN_INSET
        return max(1.0, room_w / (columns * w)), max(1.0, room_h / (rows * h))

    def _draw(self, piece: Piece, frame: Frame, record: list) -> None:
        self._bookmark(piece.outline, frame)
        self.canvas.saveState()
        piece.draw(self.canvas, frame)
        self.canvas.restoreState()
        record.append({"page": self.pages, "piece": piece.name, "frame": frame.as_list()})

    def _bookmark(self, outline, frame: Frame) -> None:
        """Outline entries, pointing at the piece on its page, for the levels of its outline path
        that the piece before did not share (a plain title is a path of one)."""
        path = (outline,) if isinstance(outline, str) else tuple(outline)
        if not path or not path[0]:
            return
        shared = 0
        while shared < min(len(path), len(self._outline)) and path[shared] == self._outline[shared]:
            shared += 1
        if shared == len(path):       # the same entry as the piece before
            return
        for level in range(shared, len(path)):
            key = f"pnp-outline-{self._outlines}"
            self._outlines += 1
            self.canvas.bookmarkHorizontal(key, frame.x, frame.top)
            self.canvas.addOutlineEntry(path[level], key, level=level)
        self._outline = path

    def _end_page(self) -> None:
        draw_footer(self.canvas, self.page, self.footer, self.pages + 1)
        self.canvas.showPage()
        self.pages += 1
