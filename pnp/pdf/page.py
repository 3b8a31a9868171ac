"""Paper sizes and the areas of a page we may print in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.paper import MM, Frame

EDGE_MM = 5                # nothing is ever drawn closer than this to the paper edge
FOOTER_MM = 6              # band at the bottom of the safe area for the page footer
FOOTER_TEXT_MM = 4.5       # the footer's text and scale bar stay below this, in that band
# the papers pnp prints on, width and height in points: the one list (the spec's choices, its
# schema, `pnp new`'s comment and the validator all read it)
PAPER_PT = {"A4": (595.2756, 841.8898), "Letter": (612.0, 792.0)}
PaperSize = Literal[tuple(PAPER_PT)]      # the spec's page.size: one of PAPER_PT's names


@dataclass(frozen=True)
class PageGeometry:
    width: float
    height: float
    margin: float          # points

    @property
    def safe(self) -> Frame:
        m = self.margin
        return Frame(m, m, self.width - 2 * m, self.height - 2 * m)

    @property
    def content(self) -> Frame:
        """Where pieces go: the safe area less the footer band."""
        s = self.safe
        return Frame(s.x, s.y + FOOTER_MM * MM, s.width, s.height - FOOTER_MM * MM)

    @property
    def marks(self) -> Frame:
        """How far crop marks may reach: to within 5 mm (and half a point) of the paper edge,
        and down to just above the footer's text."""
        edge = EDGE_MM * MM + 0.5
        bottom = self.safe.y + FOOTER_TEXT_MM * MM
        return Frame(edge, bottom, self.width - 2 * edge, self.height - edge - bottom)


def geometry(size: str, orientation: str, margin_mm: float) -> PageGeometry:
    w, h = PAPER_PT[size]
    if orientation == "landscape":
        w, h = h, w
    return PageGeometry(w, h, max(margin_mm, EDGE_MM) * MM)
