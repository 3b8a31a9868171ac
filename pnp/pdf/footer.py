"""The band at the foot of every page: the footer line and a 50 mm scale bar.

The bar lets anyone check, with a ruler, that the page printed at actual size: a printer's
"fit to page" shrinks it by a few per cent, and with it every distance a board promises in
millimetres (CliqueR's spacing and clearance, Thinking in Circles' space widths). Every page
carries it, since every page prints something measured.
"""

from __future__ import annotations

from pnp.paper import MM
from pnp.pdf.fonts import MIN_TEXT_PT, SANS, elide, fit_size, page_rtl, string_width
from pnp.i18n import N_, _
from pnp.i18n import number as written
from pnp.pdf.page import PageGeometry

BAR_MM = 50
BAR_STEP_MM = 10               # black and white blocks, so a ruler lines up with any of them
BAR_HEIGHT_MM = 1.4
BASELINE_MM = 1.5              # footer text baseline above the bottom of the safe area
FOOTER_PT = 7
_BAR_LABEL = N_("this bar is {mm} mm: print at 100 %")
BAR_LABEL = _BAR_LABEL.format(mm=BAR_MM)       # in English (the tests read it)
LABEL_PT = 6.5
GAP_MM = 3
INK_GRAY = 0.35
OUTLINE_PT = 0.3               # the bar's outline, stroked half outside it
SEED_MARK = " · seed "         # the footer reads "TITLE · seed SEED · pnp VERSION"; see footer_line


def draw_footer(canvas, page: PageGeometry, text: str, number: int | None = None) -> None:
    """The footer line at the left, the scale bar and its label at the right of the band.
    ``number`` is the page number, added to the line and never cut (see ``footer_line``)."""
    safe = page.safe
    c = canvas
    c.saveState()
    base = safe.y + BASELINE_MM * MM
    # the outline's outer half (and a little air) stays inside the margin: with the narrowest
    # margin, 5 mm, the margin's edge is the safe area's
    bar_x = safe.right - BAR_MM * MM - OUTLINE_PT
    label = bar_label()
    label_w = string_width(label, SANS, LABEL_PT)
    label_x = bar_x - GAP_MM * MM / 2 - label_w
    line, size = footer_line(text, number, label_x - GAP_MM * MM - safe.x)
    c.setFillGray(INK_GRAY)
    if page_rtl():                  # mirrored: the line at the right, the bar at the left
        bar_x = safe.x + OUTLINE_PT
        c.setFont(SANS, LABEL_PT)
        c.drawString(bar_x + BAR_MM * MM + GAP_MM * MM / 2, base, label)
        c.setFont(SANS, size)
        c.drawRightString(safe.right, base, line)
    else:
        c.setFont(SANS, LABEL_PT)
        c.drawString(label_x, base, label)
        c.setFont(SANS, size)
        c.drawString(safe.x, base, line)
    _bar(c, bar_x, base, BAR_MM * MM, BAR_HEIGHT_MM * MM)
    c.restoreState()


def footer_line(text: str, number: int | None, width: float) -> tuple[str, float]:
    """The footer as printed in ``width`` points, and its size: shrunk to MIN_TEXT_PT first, then
    the title cut with an ellipsis, so the seed and the page number (promised on every page)
    stay whole whatever the title. A seed too long for the line on its own is cut in the middle,
    its two ends kept, and the generator's name goes before any of the seed does.

    ``text`` is the build's ``TITLE · seed SEED · GENERATOR``; the title is what comes before
    the last " · seed " (a title may hold those words; a seed holding them keeps only what
    follows them whole). The words "seed" and "page" print in the page's language."""
    tail = "" if number is None else " · " + _("page {n}").format(n=written(number))
    title, mark, rest = text.rpartition(SEED_MARK)
    said = " · " + _("seed") + " "        # the mark as the page's language prints it
    if mark:                            # an empty title leaves no separator before the seed
        text = (title + said if title.strip() else said.lstrip(" ·")) + rest
    whole = text + tail
    size = fit_size(whole, SANS, FOOTER_PT, width)
    if string_width(whole, SANS, size) <= width + 1e-6:
        return whole, size
    size = MIN_TEXT_PT
    if not mark:                        # no seed in the line: the page number stays whole
        return elide(text, SANS, size, width - string_width(tail, SANS, size)) + tail, size
    seed, dot, generator = rest.rpartition(" · ")
    if not dot:
        seed, generator = rest, ""
    kept = f"{said.lstrip(' ·')}{seed}" + (f" · {generator}" if generator else "") + tail
    room = width - string_width(" · " + kept, SANS, size)
    if room >= string_width("…", SANS, size):
        return elide(title, SANS, size, room) + " · " + kept, size
    kept = f"{said.lstrip(' ·')}{seed}{tail}"           # the generator goes first
    room = width - string_width("… · " + kept, SANS, size)
    if room >= 0:
        return "… · " + kept, size
    lead = "…" + said
    return lead + _middle(seed, width - string_width(lead + tail, SANS, size), size) + tail, size


def bar_label() -> str:
    """The scale bar's label in the page's language."""
    return _(_BAR_LABEL).format(mm=written(BAR_MM))


def _middle(text: str, width: float, size: float) -> str:
    """``text`` cut in the middle with an ellipsis to fit ``width``, both ends kept."""
    keep = len(text)
    while keep > 0:
        head, end = text[: (keep + 1) // 2], text[len(text) - keep // 2:]
        if string_width(f"{head}…{end}", SANS, size) <= width:
            return f"{head}…{end}"
        keep -= 1
    return "…"


def _bar(c, x: float, y: float, length: float, height: float) -> None:
    step = BAR_STEP_MM * MM
    c.setLineWidth(OUTLINE_PT)
    c.setStrokeGray(0)
    for k in range(round(length / step)):
        c.setFillGray(0 if k % 2 == 0 else 1)
        c.rect(x + k * step, y, step, height, stroke=0, fill=1)
    c.rect(x, y, length, height, stroke=1, fill=0)

