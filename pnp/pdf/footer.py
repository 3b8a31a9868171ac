"""The band at the foot of every page: the footer line and a 50 mm scale bar.

The bar lets anyone check, with a ruler, that the page printed at actual size: a printer's
"fit to page" shrinks it by a few per cent, and with it every distance a board promises in
millimetres (CliqueR's spacing and clearance, Thinking in Circles' space widths). Every page
carries it, since every page prints something measured.
"""

from __future__ import annotations

from pnp.paper import MM
from pnp.pdf.fonts import SANS, draw_fitted, string_width
from pnp.pdf.page import PageGeometry

BAR_MM = 50
BAR_STEP_MM = 10               # black and white blocks, so a ruler lines up with any of them
BAR_HEIGHT_MM = 1.4
BASELINE_MM = 1.5              # footer text baseline above the bottom of the safe area
FOOTER_PT = 7
BAR_LABEL = f"this bar is {BAR_MM} mm: print at 100 %"
LABEL_PT = 6.5
GAP_MM = 3
INK_GRAY = 0.35
OUTLINE_PT = 0.3               # the bar's outline, stroked half outside it


def draw_footer(canvas, page: PageGeometry, text: str) -> None:
    """The footer line at the left, the scale bar and its label at the right of the band."""
    safe = page.safe
    c = canvas
    c.saveState()
    base = safe.y + BASELINE_MM * MM
    # the outline's outer half (and a little air) stays inside the margin: with the narrowest
    # margin, 5 mm, the margin's edge is the safe area's
    bar_x = safe.right - BAR_MM * MM - OUTLINE_PT
    label_w = string_width(BAR_LABEL, SANS, LABEL_PT)
    label_x = bar_x - GAP_MM * MM / 2 - label_w
    c.setFillGray(INK_GRAY)
    c.setFont(SANS, LABEL_PT)
    c.drawString(label_x, base, BAR_LABEL)
    draw_fitted(c, text, safe.x, base, label_x - GAP_MM * MM - safe.x, SANS, FOOTER_PT)
    _bar(c, bar_x, base, BAR_MM * MM, BAR_HEIGHT_MM * MM)
    c.restoreState()


def _bar(c, x: float, y: float, length: float, height: float) -> None:
    step = BAR_STEP_MM * MM
    c.setLineWidth(OUTLINE_PT)
    c.setStrokeGray(0)
    for k in range(round(length / step)):
        c.setFillGray(0 if k % 2 == 0 else 1)
        c.rect(x + k * step, y, step, height, stroke=0, fill=1)
    c.rect(x, y, length, height, stroke=1, fill=0)

