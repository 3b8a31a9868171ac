"""Small drawing helpers the Cliques sheets share: text in boxes and the two vote symbols.

Everything is drawn in black and greys so a school photocopier keeps it readable.
"""

from __future__ import annotations

import re

from pnp.pdf.fonts import (SANS, draw_aligned, draw_fitted, ensure_fonts, page_rtl, string_width,
                            wrap)

LEADING = 1.2        # line height as a multiple of the font size
GREY = 0.55          # rules, hints; dark enough to survive photocopying
PALE = 0.88          # fills that must still take pencil


ASCENT, DESCENT = 0.95, 0.25   # DejaVu Sans reaches about this far above/below the baseline
MIN_TEXT = 6.0       # pt: nothing on a Cliques piece is printed smaller (issue 12)


def text_in_box(canvas, text: str, x: float, y: float, width: float, height: float,
                font: str = SANS, size: float = 10.0, min_size: float = MIN_TEXT,
                align: str = "left", valign: str = "middle") -> float:
    """Draw ``text`` in black inside the box (x, y bottom-left), wrapped and shrunk so it never
    leaves it.

    Prefers the largest size at which whole words fit (a hyphenated name may break after its
    hyphens: Jean-|Baptiste); breaks a long word only if no size lets it stand whole; if even
    ``min_size`` does not fit, draws one line cut with an ellipsis. Returns the size used.
    Never prints under ``MIN_TEXT``: a box too short for one line at that size is a layout
    mistake, refused rather than overflowed.
    """
    if min_size < MIN_TEXT or size < min_size:
        raise ValueError(f"text sizes {min_size}..{size} pt; nothing prints under {MIN_TEXT} pt")
    if height < block_height(1, min_size) - 1e-9:
        raise ValueError(f"a {height:.1f} pt box cannot hold {min_size} pt text: {text[:30]!r}")
    ensure_fonts()
    # always black: a shaded row leaves its grey as the fill colour, and a name drawn in it
    # would vanish
    canvas.setFillGray(0)
    text = "\n".join(" ".join(part.split()) for part in text.split("\n"))
    fitted = _fit(text, width, height, font, size, min_size)
    if fitted is not None:
        s, lines = fitted
        _draw_lines(canvas, lines, x, y, width, height, font, s, align, valign)
        return s
    s = min_size
    baseline = y + (height - s * (ASCENT + DESCENT)) / 2 + DESCENT * s
    align = mirrored(align)
    return draw_fitted(canvas, " ".join(text.split()), _anchor(x, width, align), baseline, width,
                       font, s, align, min_size=s, mirror=False)


def fits(text: str, width: float, height: float, font: str = SANS,
         size: float = 10.0, min_size: float = MIN_TEXT) -> bool:
    """Whether ``text_in_box`` would print ``text`` whole (no ellipsis) in such a box."""
    text = "\n".join(" ".join(part.split()) for part in text.split("\n"))
    return height >= block_height(1, min_size) and \
        _fit(text, width, height, font, size, min_size) is not None


def _fit(text: str, width: float, height: float, font: str, size: float, min_size: float):
    """The largest size and its lines at which ``text`` fits, whole words first; or None."""
    parts = [p for word in text.split() for p in _parts(word)]
    sizes = [size - 0.5 * k for k in range(int((size - min_size) * 2) + 1)]
    for words_whole in (True, False):
        for s in sizes:
            if words_whole and any(string_width(p, font, s) > width for p in parts):
                continue
            lines = _wrap(text, font, s, width)
            if block_height(len(lines), s) <= height and \
                    all(string_width(line, font, s) <= width for line in lines):
                return s, lines
    return None


def _parts(word: str) -> list[str]:
    """A word and the places it may break: after each hyphen ("Habsburg-", "Lothr")."""
    return re.findall(r"[^-]*-+|[^-]+", word)


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy wrap at spaces and after hyphens; a part still too wide is broken by characters."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            for k, part in enumerate(_parts(word)):
                joined = line + part if k else (f"{line} {part}" if line else part)
                if line and string_width(joined, font, size) > width:
                    lines.append(line)
                    joined = part
                line = joined
        lines.append(line)
    return [piece for line in lines
            for piece in (wrap(line, font, size, width) if string_width(line, font, size) > width
                          else [line])]


def block_height(lines: int, size: float) -> float:
    return ((lines - 1) * LEADING + ASCENT + DESCENT) * size


def _anchor(x: float, width: float, align: str) -> float:
    return {"left": x, "center": x + width / 2, "right": x + width}[align]


def beside(left: float, width: float, x: float, w: float) -> float:
    """Where a box ``w`` wide at ``x`` in a row from ``left`` (``width`` wide) goes: the same
    place on a left-to-right page, the mirrored place on a right-to-left one. For the words
    side by side in a heading (a title and its figures swap sides), never for a table's cells
    (the table keeps its columns)."""
    return left + width - (x - left) - w if page_rtl() else x


def mirrored(align: str) -> str:
    """The alignment a box's words take on the page: a right-to-left page mirrors left and
    right (the words start where its reader starts)."""
    return {"left": "right", "right": "left"}.get(align, align) if page_rtl() else align


def _draw_lines(canvas, lines, x, y, width, height, font, size, align, valign) -> None:
    align = mirrored(align)
    block = block_height(len(lines), size)
    top = {"top": y + height, "middle": y + (height + block) / 2, "bottom": y + block}[valign]
    canvas.setFont(font, size)
    canvas.setFillGray(0)
    ax = _anchor(x, width, align)
    for i, line in enumerate(lines):
        draw_aligned(canvas, line, ax, top - (i * LEADING + ASCENT) * size, align)


def approval_mark(canvas, cx: float, cy: float, r: float, filled: bool = False) -> None:
    """A ring with a tick: the approval token."""
    _ring(canvas, cx, cy, r, filled)
    p = canvas.beginPath()
    p.moveTo(cx - 0.5 * r, cy + 0.02 * r)
    p.lineTo(cx - 0.12 * r, cy - 0.4 * r)
    p.lineTo(cx + 0.52 * r, cy + 0.42 * r)
    canvas.setLineWidth(max(0.6, r * 0.22))
    canvas.setStrokeGray(1 if filled else 0)
    canvas.drawPath(p, stroke=1, fill=0)
    canvas.setStrokeGray(0)


def disapproval_mark(canvas, cx: float, cy: float, r: float, filled: bool = False) -> None:
    """A ring with a cross: the disapproval token."""
    _ring(canvas, cx, cy, r, filled)
    d = 0.38 * r
    canvas.setLineWidth(max(0.6, r * 0.22))
    canvas.setStrokeGray(1 if filled else 0)
    canvas.line(cx - d, cy - d, cx + d, cy + d)
    canvas.line(cx - d, cy + d, cx + d, cy - d)
    canvas.setStrokeGray(0)


def _ring(canvas, cx, cy, r, filled) -> None:
    canvas.setLineWidth(max(0.5, r * 0.12))
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.circle(cx, cy, r * 0.94, stroke=1, fill=1 if filled else 0)


def checkbox(canvas, x: float, y: float, side: float, ticked: bool = False) -> None:
    canvas.setLineWidth(0.7)
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.rect(x, y, side, side, stroke=1, fill=1 if ticked else 0)


def write_line(canvas, x: float, y: float, width: float) -> None:
    """A line to write on."""
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0)
    canvas.line(x, y, x + width, y)
