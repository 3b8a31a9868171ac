"""The one font family we print with, shipped inside the package.

We embed DejaVu Sans (a free extension of Bitstream Vera) rather than using PDF base fonts:
the base fonts cannot draw Greek or Cyrillic names, and a font read from the user's system
would make the same spec give different bytes on different machines.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

SANS = "PnpSans"
MIN_TEXT_PT = 6.0          # nothing prints smaller: below 6 pt a photocopy loses it
BOLD = "PnpSans-Bold"
_FILES = {SANS: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}
_DIR = Path(__file__).with_name("fonts")


@lru_cache(maxsize=None)
def _ttfont(name: str):
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(name, str(_DIR / _FILES[name]))


_registered = False


def ensure_fonts() -> None:
    """Register our fonts with reportlab (idempotent; after the first call, free: every
    measurement of text calls it)."""
    global _registered
    if _registered:
        return
    from reportlab.pdfbase import pdfmetrics

    registered = pdfmetrics.getRegisteredFontNames()
    for name in _FILES:
        if name not in registered:
            pdfmetrics.registerFont(_ttfont(name))
    _registered = True


@lru_cache(maxsize=None)
def _charset(name: str) -> frozenset[int]:
    font = _ttfont(name)
    return frozenset(font.face.charToGlyph.keys())


def missing_glyphs(text: str, font: str = SANS) -> list[str]:
    """Characters of ``text`` the font cannot draw (would print as empty boxes)."""
    have = _charset(font)
    seen: list[str] = []
    for ch in text:
        if ch not in seen and not ch.isspace() and ord(ch) not in have:
            seen.append(ch)
    return seen


def check_printable(text: str, what: str, font: str = SANS) -> None:
    """Refuse text with characters our font cannot draw, naming the first such character."""
    missing = missing_glyphs(text, font)
    if missing:
        import unicodedata

        ch = missing[0]
        name = unicodedata.name(ch, "unnamed character")
        raise ValueError(f"{what} {text!r} has {ch!r} (U+{ord(ch):04X} {name}), "
                         "which the print font cannot draw")


def backwards_letter(text: str) -> str | None:
    """The first letter written right to left (Hebrew, Arabic, ...), if any.

    The print font has these letters, but the PDF is laid out left to right without joining,
    so such text would print backwards (and Arabic in unjoined letters).
    """
    import unicodedata

    return next((ch for ch in text if unicodedata.bidirectional(ch) in ("R", "AL")), None)


# Kept: every page of a pack measures the same words again (its title, "running score", the
# scale bar's label). Valid because a width depends on the text, the font and the size alone: a
# font name always means the same font file (ours are registered once, under our names only).
@lru_cache(maxsize=4096)
def string_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    ensure_fonts()
    return stringWidth(text, font, size)


def fit_size(text: str, font: str, size: float, max_width: float, min_size: float = MIN_TEXT_PT) -> float:
    """The largest size <= ``size`` at which ``text`` fits ``max_width``, never below
    ``min_size`` nor below MIN_TEXT_PT (text that does not fit then must be wrapped or cut)."""
    floor = max(min_size, MIN_TEXT_PT)
    width = string_width(text, font, size)
    if width <= max_width or width == 0:
        return max(size, floor)
    # a hair under the proportional size: width scales linearly, and the float product can
    # otherwise land 1e-15 pt over max_width and get needlessly cut
    return max(floor, size * max_width / width * (1 - 1e-9))


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap; a single word longer than the line is broken by characters."""
    return list(_wrapped(text, font, size, max_width))


@lru_cache(maxsize=512)
def _wrapped(text: str, font: str, size: float, max_width: float) -> tuple[str, ...]:
    # cached: a pack prints the same rules on every board, and wrapping measures every word
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = word if not line else f"{line} {word}"
            if string_width(candidate, font, size) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            while string_width(word, font, size) > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and string_width(word[:cut], font, size) > max_width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


def elide(text: str, font: str, size: float, max_width: float) -> str:
    """``text`` cut short with an ellipsis so that it fits ``max_width`` at ``size``."""
    if string_width(text, font, size) <= max_width:
        return text
    while text and string_width(text + "…", font, size) > max_width:
        text = text[:-1]
    return text + "…"


def draw_fitted(canvas, text: str, x: float, y: float, max_width: float, font: str = SANS,
                size: float = 10.0, align: str = "left", min_size: float = MIN_TEXT_PT) -> float:
    """Draw one line of text shrunk to fit ``max_width``; returns the size used.

    It never shrinks below ``min_size`` nor MIN_TEXT_PT: text that does not fit there is cut
    with an ellipsis rather than overflow.
    """
    used = size
    if size < max(min_size, MIN_TEXT_PT) or string_width(text, font, size) > max_width:
        used = fit_size(text, font, size, max_width, min_size)     # measured once when it fits
        text = elide(text, font, used, max_width + 1e-6)
    canvas.setFont(font, used)
    draw_aligned(canvas, text, x, y, align)
    return used


def fit_lines(text: str, font: str, size: float, width: float, height: float,
              leading: float = 1.2, min_size: float = MIN_TEXT_PT) -> tuple[float, list[str]]:
    """The largest size <= ``size`` (in half points, never below MIN_TEXT_PT) at which ``text``
    wrapped to ``width`` takes at most ``height`` (lines ``leading`` x size apart, the first
    a size below the top); and its lines. If even the floor is too tall, the lines that fit
    are kept and the last of them ends in an ellipsis."""
    floor = max(min_size, MIN_TEXT_PT)
    s = max(size, floor)
    while True:
        lines = wrap(text, font, s, width)
        if s + (len(lines) - 1) * leading * s <= height + 1e-6:
            return s, lines
        if s - 0.5 < floor - 1e-9:
            break
        s = max(s - 0.5, floor)     # a size a rounding below the floor is the floor
    s = floor
    lines = wrap(text, font, s, width)
    room = max(1, int((height - s) // (leading * s)) + 1)
    if len(lines) > room:
        lines = lines[:room]
        last = lines[-1]
        while last and string_width(last.rstrip() + "…", font, s) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return s, lines


def draw_aligned(canvas, text: str, x: float, y: float, align: str = "left") -> None:
    """Draw one line in the current font with x as its left end, centre or right end."""
    if align == "center":
        canvas.drawCentredString(x, y, text)
    elif align == "right":
        canvas.drawRightString(x, y, text)
    else:
        canvas.drawString(x, y, text)
