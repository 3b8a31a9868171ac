"""Words poured into the regions of a piece: blocks in order, whole, never outside a region.

A block (a paragraph box, a question with its answer lines, the score boxes) is measured at a
width and drawn there. ``pour`` puts the blocks in order into the regions (a block that does not
fit the rest of a region starts the next one) and tries a few type scales, largest first, never
printing anything under ``MIN_TEXT_PT``. If even the smallest scale does not fit, the piece is
refused (``Unfit``) rather than printed with words over the board or off the paper.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.pdf.fonts import MIN_TEXT_PT
from .layout import Unfit
from pnp.paper import MM, Frame
from pnp.errors import Advice
from pnp.i18n import _, per_language
from pnp.pdf import fonts
from pnp.i18n.message import Message

SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6)
BODY_PT = 9.0           # the least a worksheet's or a full-page board's words print at: a
                        # 10-14-year-old reads them at arm's length (a Para's ``least``)
KEEP_OPTIONAL = 0.78    # the smallest scale at which an optional block (score boxes) is kept
LEADING = 1.22


def sized(size: float, scale: float, least: float = MIN_TEXT_PT) -> float:
    return max(MIN_TEXT_PT, least, round(size * scale, 2))


@dataclass(frozen=True)
class Para:
    """A paragraph: (text, font) parts run together and wrapped as one."""

    parts: tuple[tuple[str, str], ...]
    size: float
    after: float = 2.0           # points after it (scaled)
    indent: float = 0.0          # points, every line
    least: float = MIN_TEXT_PT   # never smaller than this, whatever the scale (BODY_PT on pages)

    @staticmethod
    def of(text: str, size: float, font: str = fonts.SANS, after: float = 2.0, indent: float = 0.0,
           least: float = MIN_TEXT_PT) -> "Para":
        return Para(((text, font),), size, after, indent, least)

    def lines(self, width: float, scale: float) -> tuple[tuple[tuple[str, str], ...], ...]:
        """Greedy wrap over words, each measured in its own font; each line is its runs of
        words in one font, joined (one string drawn per run)."""
        return _wrapped(self, width, scale)

    def height(self, width: float, scale: float) -> float:
        return len(self.lines(width, scale)) * sized(self.size, scale, self.least) * LEADING + self.after * scale

    def draw(self, canvas, x: float, top: float, width: float, scale: float) -> float:
        size = sized(self.size, scale, self.least)
        space = _width(" ", fonts.SANS, size)
        rtl = fonts.page_rtl()     # a right-to-left page's lines start at the right
        y = top
        for line in self.lines(width, scale):
            y -= size * LEADING
            cx = x + width - self.indent if rtl else x + self.indent
            for run, font in line:
                canvas.setFont(font, size)
                # the baseline sits a descent above the line's bottom, so glyphs stay in the line
                if rtl:
                    canvas.drawRightString(cx, y + size * 0.24, run)
                    cx -= _width(run, font, size) + space
                else:
                    canvas.drawString(cx, y + size * 0.24, run)
                    cx += _width(run, font, size) + space
        return y - self.after * scale


_width = fonts.string_width     # kept by fonts, per direction and language


@per_language(maxsize=1024)
def _wrapped(para: Para, width: float, scale: float) -> tuple[tuple[tuple[str, str], ...], ...]:
    size = sized(para.size, scale, para.least)
    width -= para.indent
    out: list[list[tuple[str, str, bool]]] = []     # lines of (word, font, glued to the last)
    line: list[tuple[str, str, bool]] = []
    used = 0.0
    for text, font in para.parts:
        for word, glued in fonts.pieces(text):
            w = _width(word, font, size)
            # inside a run the space is the run's own; between runs, the plain one draw() adds;
            # CJK characters follow each other with none
            glued = glued and bool(line) and line[-1][1] == font
            space = 0.0 if glued else _width(" ", font if line and line[-1][1] == font
                                             else fonts.SANS, size)
            if line and used + space + w > width:
                out.append(line)
                line, used = [], 0.0
            if w > width:       # a single word wider than the line: break it (codes only)
                for chunk in fonts.wrap(word, font, size, width):
                    if line:
                        out.append(line)
                    line, used = [(chunk, font, False)], _width(chunk, font, size)
                continue
            used += (space if line else 0) + w
            line.append((word, font, glued and bool(line)))
    if line:
        out.append(line)
    runs = []
    for words in out:         # neighbouring words in one font become one run
        merged: list[tuple[str, str]] = []
        for word, font, glued in words:
            if merged and merged[-1][1] == font:
                merged[-1] = (f"{merged[-1][0]}{'' if glued else ' '}{word}", font)
            else:
                merged.append((word, font))
        runs.append(tuple(merged))
    return tuple(runs)


@dataclass(frozen=True)
class Block:
    """Paragraphs, optionally boxed, optionally followed by ruled answer lines."""

    paras: tuple[Para, ...]
    boxed: bool = False
    answer_lines: int = 0
    after: float = 3 * MM
    optional: bool = False

    PAD = 2 * MM
    RULE = 7.5 * MM              # room to write one answer line

    def height(self, width: float, scale: float) -> float:
        inner = width - (2 * self.PAD if self.boxed else 0)
        h = sum(p.height(inner, scale) for p in self.paras)
        h += self.answer_lines * self.RULE + (2 * self.PAD if self.boxed else 0)
        return h + self.after * scale

    def draw(self, canvas, x: float, top: float, width: float, scale: float) -> None:
        pad = self.PAD if self.boxed else 0
        y = top - pad
        for p in self.paras:
            y = p.draw(canvas, x + pad, y, width - 2 * pad, scale)
        canvas.saveState()
        canvas.setLineWidth(0.4)
        canvas.setStrokeGray(0.5)
        for _ in range(self.answer_lines):
            y -= self.RULE
            canvas.line(x + 4 * MM, y + 1, x + width, y + 1)
        canvas.restoreState()
        if self.boxed:
            canvas.saveState()
            canvas.setLineWidth(0.6)
            canvas.setStrokeGray(0.3)
            canvas.rect(x, y - pad, width, top - (y - pad), stroke=1, fill=0)
            canvas.restoreState()


def player(k: int) -> str:
    """The label heading player ``k``'s score box ("Player 1:")."""
    from pnp.i18n import number

    return _("Player {n}:").format(n=number(k))


@dataclass(frozen=True)
class ScoreBoxes:
    """A box per player to keep a running score with a pencil: a cell for the total after each
    of that player's moves, as many as the longest game on the board gives the first player
    (``lines`` is the number of lines every finished game draws; with none, two plain boxes).
    "Player 1:" heads the first row of cells. Left out when there is no room."""

    lines: int = 0
    optional: bool = True

    CELL_MM = (10.0, 6.0)    # a three-figure total in a child's hand
    GAP_MM = 6.0
    PAD_MM = 1.0
    HEAD_PT = 10

    def cells(self) -> int:
        return (self.lines + 1) // 2

    def _head(self) -> float:
        """Points the "Player 1:" label takes at the start of the first row."""
        return fonts.string_width(player(1), fonts.BOLD, self.HEAD_PT) + 2 * MM

    def _row_cells(self, box: float) -> tuple[int, int]:
        """(cells in the first row, after the label; cells in every other row) in a box ``box``
        points wide inside its padding."""
        cw = self.CELL_MM[0] * MM
        return max(0, int((box - self._head()) // cw)), max(1, int(box // cw))

    def _box(self, width: float) -> float:
        return (width - self.GAP_MM * MM) / 2 - 2 * self.PAD_MM * MM

    def rows(self, width: float) -> int:
        first, per_row = self._row_cells(self._box(width))
        return 1 + max(0, -(-(self.cells() - first) // per_row))

    def height(self, width: float, scale: float) -> float:
        if not self.lines:
            return 18 * MM
        return (self.rows(width) * self.CELL_MM[1] + 2 * self.PAD_MM) * MM

    def draw(self, canvas, x: float, top: float, width: float, scale: float) -> None:
        gap, pad = self.GAP_MM * MM, self.PAD_MM * MM
        w = (width - gap) / 2
        h = self.height(width, scale)
        canvas.saveState()
        canvas.setLineWidth(0.8)
        for k in range(2):
            bx = x + k * (w + gap)
            canvas.rect(bx, top - h, w, h, stroke=1, fill=0)
            if not self.lines:
                fonts.draw_fitted(canvas, player(k + 1), bx + 2 * MM, top - 6 * MM, w - 4 * MM,
                                  fonts.BOLD, 10, min_size=MIN_TEXT_PT)
                fonts.draw_fitted(canvas, _("running score"), bx + 2 * MM, top - h + 2 * MM, w - 4 * MM,
                                  fonts.SANS, 8, min_size=MIN_TEXT_PT)
                continue
            fonts.draw_fitted(canvas, player(k + 1), bx + pad + 1 * MM,
                              top - pad - self.CELL_MM[1] * MM + 1.8 * MM, self._head(),
                              fonts.BOLD, self.HEAD_PT, min_size=MIN_TEXT_PT)
            self._cells(canvas, bx + pad, top - pad, self._box(width), (self.lines + 1 - k) // 2)
        canvas.restoreState()

    def _cells(self, canvas, x: float, top: float, box: float, count: int) -> None:
        """``count`` cells on one grid right-aligned in the box: the first row's after the
        label, then full rows."""
        cw, ch = self.CELL_MM[0] * MM, self.CELL_MM[1] * MM
        first, per_row = self._row_cells(box)
        left = x + box - per_row * cw
        canvas.setLineWidth(0.4)
        canvas.setStrokeGray(0.45)
        for n in range(count):
            r, c = (0, per_row - first + n) if n < first else divmod(n - first, per_row)
            r += n >= first
            canvas.rect(left + c * cw, top - (r + 1) * ch, cw, ch, stroke=1, fill=0)
        canvas.setStrokeGray(0)


@dataclass(frozen=True)
class Poured:
    scale: float
    places: tuple = ()      # (block, frame it was drawn in)


def arrange(regions, blocks, scale: float, drop: bool = True) -> Poured | None:
    """Blocks in order into the regions at one scale, or None if they do not all fit; an
    optional block that does not fit is left out when ``drop``."""
    places = []
    k, used = 0, 0.0
    for block in blocks:
        while k < len(regions):
            region = regions[k]
            h = block.height(region.width, scale)
            if used + h <= region.height + 1e-6:
                places.append((block, Frame(region.x, region.top - used - h, region.width, h)))
                used += h
                break
            if drop and block.optional and used + h > region.height:
                break
            k, used = k + 1, 0.0
        else:
            if not block.optional or not drop:
                return None
    return Poured(scale, tuple(places))


INSET = 0.5 * MM      # glyphs overhang their advance a little, strokes half their width


def inset(frame: Frame) -> Frame:
    """A region less a hair all round, so no glyph or stroke pokes out of it."""
    return Frame(frame.x + INSET, frame.y + INSET, frame.width - 2 * INSET, frame.height - 2 * INSET)


def settle(regions, blocks) -> Poured | None:
    """Where the blocks go in the regions at the largest scale that fits, or None if none does.

    Every block at the largest scale that holds them all, if the words stay large enough to read
    at arm's length; failing that, the optional ones left out."""
    return _settled(tuple(regions), tuple(blocks))


# Kept: the play pages of a pack pour the same rule into the same regions, board after board.
# Valid because regions are Frames and every block is a frozen value (Para, Block, ScoreBoxes,
# sheet.Header, worksheet.NameLine: equal blocks print the same), whose height is a function of
# its fields, the width, the scale and the page's language alone (a block's words are measured
# in the language they print in); Poured is frozen, so no caller can change a kept one.
@per_language(maxsize=256)
def _settled(regions: tuple[Frame, ...], blocks: tuple) -> Poured | None:
    regions = [inset(r) for r in regions if r.width > 2 * INSET and r.height > 2 * INSET]
    for drop in (False, True):
        for scale in SCALES if drop else [s for s in SCALES if s >= KEEP_OPTIONAL]:
            poured = arrange(regions, blocks, scale, drop)
            if poured is not None:
                return poured
    return None


def draw_poured(canvas, poured: Poured) -> None:
    """Draw blocks where ``settle`` put them: on pnp's canvas, once for every page that pours
    the same blocks into the same places (``Canvas.kept``: a Poured is a frozen value whose
    drawing depends on its fields and the page's language alone, see ``_settled``)."""
    kept = getattr(canvas, "kept", None)
    if kept is None:
        _draw_poured(canvas, poured)
    else:
        kept(poured, _draw_poured, poured)


def _draw_poured(canvas, poured: Poured) -> None:
    for block, frame in poured.places:
        block.draw(canvas, frame.x, frame.top, frame.width, poured.scale)


NO_ROOM_FOR_WORDS = Message("The words do not fit beside or below the square on this paper: make "
                            "{size_mm} smaller, or change {page_orientation} or {page_margin_mm}.")


def pour(canvas, regions, blocks, what: str) -> float:
    """Draw the blocks into the regions at the largest scale that fits; returns that scale."""
    poured = settle(regions, blocks)
    if poured is None:
        raise Unfit(f"the words of {what} do not fit beside or below its square on this paper even at "
                    f"{MIN_TEXT_PT:g} pt: use a smaller size_mm, another orientation or smaller margins",
                    Advice(("size_mm",), ("page.orientation", "page.margin_mm"), NO_ROOM_FOR_WORDS))
    draw_poured(canvas, poured)
    return poured.scale
