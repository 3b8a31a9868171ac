"""Measuring, fitting, wrapping and drawing printed text, in any script pnp prints.

The faces are DejaVu Sans with Noto Sans for Arabic, Hebrew, Devanagari and CJK
(``pnp.pdf.faces``), all shipped with pnp or its extra, never read from the system: a font from
the user's system would make the same spec give different bytes on different machines. A line
in one face and one direction measures and draws as reportlab draws a string; any other is laid
out by ``pnp.pdf.shaping`` (faces, bidi, HarfBuzz), and measured the same way it is drawn.

``SANS`` and ``BOLD`` name the two families: text drawn "in SANS" prints each script in that
family's face for it.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from pnp.errors import WrongValue
from pnp.i18n import RTL, current
from pnp.pdf.faces import BOLD, SANS, face_for, family_of, needs_extra
from pnp.i18n.message import Message

MIN_TEXT_PT = 6.0          # nothing prints smaller: below 6 pt a photocopy loses it


def ensure_fonts() -> None:
    """Register the Latin faces with reportlab (idempotent and, after the first call, free:
    every measurement of text calls it). The other faces register when a line first needs
    them."""
    global _ENSURED
    if _ENSURED:        # ttfont keeps every face it registered, for good
        return
    from pnp.pdf.faces import ttfont

    ttfont(SANS)
    ttfont(BOLD)
    _ENSURED = True


_ENSURED = False


_UNMIRRORED: ContextVar[bool] = ContextVar("pnp_unmirrored", default=False)


def page_rtl() -> bool:
    """Do the words being drawn now read right to left (their page's language's direction, but
    for a game's own marks: ``unmirrored``)?"""
    return current().direction == RTL and not _UNMIRRORED.get()


@contextmanager
def unmirrored():
    """Draw inside the block as on a left-to-right page: what the game needs as it is on every
    page (a token's "−1", a dot's letter, a board's code) is not a sentence, and a right-to-left
    page does not turn it round."""
    token = _UNMIRRORED.set(True)
    try:
        yield
    finally:
        _UNMIRRORED.reset(token)


def page_language() -> str:
    return current().code


def missing_glyphs(text: str, font: str = SANS) -> list[str]:
    """Characters of ``text`` no face of ``font``'s family can draw here (they would print as
    empty boxes); a CJK character counts as missing where the extra ``pnp[cjk]`` is not
    installed."""
    family = family_of(font)
    seen: list[str] = []
    for ch in text:
        if ch not in seen and not ch.isspace() and face_for(ch, family) is None:
            seen.append(ch)
    return seen


def character(ch: str) -> str:
    """A character quoted back in a message, with its code and name: 'x' (U+0078 LATIN ...)."""
    import unicodedata

    return f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')})"


def cannot_draw(ch: str) -> Message:
    """Why text with ``ch`` cannot be printed: no print font draws it (and the command that
    installs the fonts for it, where an extra has them)."""
    if needs_extra(ch):
        from pnp.pdf.cjk import INSTALL

        return Message("has {char}, which the print font cannot draw; to print it: {install}",
                       char=character(ch), install=INSTALL)
    return Message("has {char}, which the print font cannot draw", char=character(ch))


def check_printable(text: str, what: str | Message, font: str = SANS) -> None:
    """Refuse text with characters our fonts cannot draw, naming the first such character (and
    the command that installs the fonts for it, where an extra has them)."""
    missing = missing_glyphs(text, font)
    if missing:
        raise WrongValue(Message("{what} {text} {problem}"), what=what, text=repr(text),
                         problem=cannot_draw(missing[0]))


def backwards_letter(text: str) -> str | None:
    """The first letter written right to left (Hebrew, Arabic, ...), if any.

    The print font has these letters, but the PDF is laid out left to right without joining,
    so such text would print backwards (and Arabic in unjoined letters).
    """
    import unicodedata

    return next((ch for ch in text if unicodedata.bidirectional(ch) in ("R", "AL")), None)


# Kept: every page of a pack measures the same words again (its title, "running score", the
# scale bar's label). Valid because a width depends on the text, the font, the size and the
# page's direction alone: a font name always means the same font file (ours are registered once,
# under our names only).
@lru_cache(maxsize=4096)
def _width(text: str, font: str, size: float, rtl: bool, language: str) -> float:
    # a page's own line (its code, its page number) is measured once: every call here is new
    # text, so the imports are made once a process, not once a call
    if _shaping is None:
        _import_measures()
    ensure_fonts()
    if _shaping.plain(text, font, rtl):
        return _stringWidth(text, font, size)
    return _shaping.width(text, font, rtl, language) * size / 1000


_shaping = _stringWidth = None


def _import_measures() -> None:
    """pnp.pdf.shaping and reportlab's stringWidth, for ``_width`` (imported on first use, as
    before: they bring reportlab's font machinery, which ``pnp --help`` need not load)."""
    global _shaping, _stringWidth
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pnp.pdf import shaping

    _shaping, _stringWidth = shaping, stringWidth


def string_width(text: str, font: str, size: float) -> float:
    # page_rtl() with the language asked once: every word a page wraps is measured here
    language = current()
    return _width(text, font, size, language.direction == RTL and not _UNMIRRORED.get(),
                  language.code)


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
    """Greedy word wrap; a single word longer than the line is broken by characters. Chinese,
    Japanese and Korean break between any two of their characters (but not before a closing
    mark such as "，" or after an opening one such as "（")."""
    return list(_wrapped(text, font, size, max_width, page_rtl(), page_language()))


_NO_BREAK_BEFORE = set("，。、；：！？）》」』】〉〕％,.;:!?)")
_NO_BREAK_AFTER = set("（《「『【〈〔(")


def pieces(text: str) -> list[tuple[str, bool]]:
    """``text`` cut where a line may break: (piece, whether it follows the one before with no
    space). Words break at spaces; Chinese, Japanese and Korean also between their characters."""
    # a no-break space (French puts one before ":") binds the words either side of it
    words = [w for w in re.split(r"[ \t\n\r\f\v]+", text) if w]
    return [(piece, k > 0) for word in words for k, piece in enumerate(_pieces(word))]


def _pieces(word: str) -> list[str]:
    """``word`` split where a line may break inside it (between CJK characters)."""
    from pnp.pdf.faces import CJK, script_of

    out, start = [], 0
    for i in range(1, len(word)):
        a, b = word[i - 1], word[i]
        if ((script_of(a) == CJK or script_of(b) == CJK) and b not in _NO_BREAK_BEFORE
                and a not in _NO_BREAK_AFTER and _cut_ok(word, i)):
            out.append(word[start:i])
            start = i
    out.append(word[start:])
    return out


def _cut_ok(word: str, cut: int) -> bool:
    """May ``word`` be cut before index ``cut`` without splitting a cluster (a mark from its
    base, a conjunct at its virama or joiner)?"""
    from pnp.pdf.faces import joins_previous

    return not joins_previous(word[cut]) and word[cut - 1] not in "\u094d\u200d"


@lru_cache(maxsize=512)
def _wrapped(text: str, font: str, size: float, max_width: float, rtl: bool = False,
             language: str = "en") -> tuple[str, ...]:
    # cached: a pack prints the same rules on every board, and wrapping measures every word
    # (rtl and language are in the key because a line's width depends on them)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            for k, piece in enumerate(_pieces(word)):
                joiner = " " if k == 0 else ""
                candidate = piece if not line else f"{line}{joiner}{piece}"
                if string_width(candidate, font, size) <= max_width:
                    line = candidate
                    continue
                if line:
                    lines.append(line)
                line = ""
                while string_width(piece, font, size) > max_width and len(piece) > 1:
                    cut = len(piece)
                    while cut > 1 and (string_width(piece[:cut], font, size) > max_width
                                       or not _cut_ok(piece, cut)):
                        cut -= 1
                    lines.append(piece[:cut])
                    piece = piece[cut:]
                line = piece
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
                size: float = 10.0, align: str = "left", min_size: float = MIN_TEXT_PT,
                mirror: bool = True) -> float:
    """Draw one line of text shrunk to fit ``max_width``; returns the size used.

    It never shrinks below ``min_size`` nor MIN_TEXT_PT: text that does not fit there is cut
    with an ellipsis rather than overflow. On a right-to-left page (``mirror``) a line set to
    start at the box's left starts at its right, and the other way round: x is the left end of
    the box for "left" and its right end for "right".
    """
    if mirror and align != "center" and page_rtl():
        x, align = (x + max_width, "right") if align == "left" else (x - max_width, "left")
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
