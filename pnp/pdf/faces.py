"""The font files pnp prints with, which script each one draws, and the glyphs each one has.

Two families, regular and bold, each a chain of faces: DejaVu Sans (Latin, Greek, Cyrillic and
the symbols pnp draws), then Noto Sans Arabic UI, Hebrew and Devanagari UI, all shipped in the package
(``fonts/``; OFL and DejaVu's licence beside them), then Noto Sans CJK where the extra
``pnp[cjk]`` is installed (``pnp.pdf.cjk``). A character prints in the face its script belongs
to (an Arabic letter in Noto Sans Arabic even though DejaVu has one too: DejaVu's is not joined
as well); a space, digit or punctuation mark stays in the face of the text around it.

Fonts come only from these files, never from the system: the same spec gives the same bytes on
any machine.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

SANS = "PnpSans"
BOLD = "PnpSans-Bold"
_DIR = Path(__file__).with_name("fonts")

LATIN, ARABIC, HEBREW, DEVANAGARI, CJK = "latin", "arabic", "hebrew", "devanagari", "cjk"
SCRIPTS = (LATIN, ARABIC, HEBREW, DEVANAGARI, CJK)

# the Unicode blocks each script's face draws (the rest is DejaVu's, or any face that has it)
_BLOCKS = {
    ARABIC: ((0x0600, 0x06FF), (0x0750, 0x077F), (0x0870, 0x08FF), (0xFB50, 0xFDFF),
             (0xFE70, 0xFEFF)),
    HEBREW: ((0x0590, 0x05FF), (0xFB1D, 0xFB4F)),
    DEVANAGARI: ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF)),
    CJK: ((0x1100, 0x11FF), (0x2E80, 0x2FDF), (0x3000, 0x33FF), (0x3400, 0x4DBF),
          (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF),
          (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x2FA1F)),
}


@dataclass(frozen=True)
class Face:
    name: str          # reportlab's name for it
    script: str
    file: str          # in fonts/ (for a CJK face: its weight, made by pnp.pdf.cjk)


_FACES = {face.name: face for face in (
    Face(SANS, LATIN, "DejaVuSans.ttf"), Face(BOLD, LATIN, "DejaVuSans-Bold.ttf"),
    Face("PnpArabic", ARABIC, "NotoSansArabicUI-Regular.ttf"),
    Face("PnpArabic-Bold", ARABIC, "NotoSansArabicUI-Bold.ttf"),
    Face("PnpHebrew", HEBREW, "NotoSansHebrew-Regular.ttf"),
    Face("PnpHebrew-Bold", HEBREW, "NotoSansHebrew-Bold.ttf"),
    Face("PnpDevanagari", DEVANAGARI, "NotoSansDevanagariUI-Regular.ttf"),
    Face("PnpDevanagari-Bold", DEVANAGARI, "NotoSansDevanagariUI-Bold.ttf"),
    Face("PnpCJK", CJK, "regular"), Face("PnpCJK-Bold", CJK, "bold"),
)}

# each family's face for each script, in the order a character not in any script's blocks
# looks for one that has it
FAMILIES = {
    SANS: {LATIN: SANS, ARABIC: "PnpArabic", HEBREW: "PnpHebrew",
           DEVANAGARI: "PnpDevanagari", CJK: "PnpCJK"},
    BOLD: {LATIN: BOLD, ARABIC: "PnpArabic-Bold", HEBREW: "PnpHebrew-Bold",
           DEVANAGARI: "PnpDevanagari-Bold", CJK: "PnpCJK-Bold"},
}
FACE_NAMES = tuple(_FACES)


def family_of(name: str) -> dict[str, str]:
    """The family a face belongs to (the face itself for any other font, e.g. Helvetica)."""
    for family in FAMILIES.values():
        if name in family.values():
            return family
    return {LATIN: name}


@lru_cache(maxsize=None)
def script_of(ch: str) -> str | None:
    """The script whose face draws ``ch``, or None for one any face may draw."""
    code = ord(ch)
    if code < 0x0590:
        return None
    for script, blocks in _BLOCKS.items():
        for low, high in blocks:
            if low <= code <= high:
                return script
    return None


# the joiners some scripts need between letters (a Devanagari half form, a Persian word): the
# only invisible formatting characters printed text may hold
JOINERS = "\u200c\u200d"


@lru_cache(maxsize=None)
def joins_previous(ch: str) -> bool:
    """A character printed in the face of the one before it: a combining mark, a joiner, a
    variation selector (splitting them from their base would break the cluster)."""
    return (unicodedata.category(ch) in ("Mn", "Me", "Mc") or ch in JOINERS
            or 0xFE00 <= ord(ch) <= 0xFE0F)


@lru_cache(maxsize=None)
def is_letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"


class MissingExtra(Exception):
    """A face whose files come with an extra that is not installed."""


@lru_cache(maxsize=None)
def ttfont(name: str):
    """reportlab's font ``name``, registered once (MissingExtra for the CJK face without the
    extra)."""
    from reportlab.pdfbase import pdfmetrics

    from pnp.pdf.glyph_text import TextMappedTTFont

    face = _FACES[name]
    if face.script == CJK:
        from pnp.pdf.cjk import font_file

        path = font_file(face.file)
        if path is None:
            raise MissingExtra(name)
    else:
        path = _DIR / face.file
    font = TextMappedTTFont(name, str(path))
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(font)
    return pdfmetrics.getFont(name)


@lru_cache(maxsize=None)
def available(name: str) -> bool:
    """Can face ``name`` print here (is its file shipped, or its extra installed)?"""
    if name not in _FACES:
        return False
    if _FACES[name].script != CJK:
        return True
    from pnp.pdf.cjk import font_source

    return font_source(_FACES[name].file) is not None


CJK_FACES = tuple(name for name, face in _FACES.items() if face.script == CJK)


def cjk_installed() -> bool:
    """Are the CJK faces, every weight, here (the extra ``pnp[cjk]`` installed)?"""
    return all(available(name) for name in CJK_FACES)


@lru_cache(maxsize=None)
def charset(name: str) -> frozenset[int]:
    """The characters face ``name`` has a glyph for (none if it cannot print here)."""
    try:
        return frozenset(ttfont(name).face.charToGlyph.keys())
    except MissingExtra:
        return frozenset()


def covers(name: str, ch: str) -> bool:
    if name not in _FACES:                     # a font reportlab knows by itself
        return True
    if _FACES[name].script == CJK and not available(name):
        return False
    return ord(ch) in charset(name)


def face_for(ch: str, family: dict[str, str]) -> str | None:
    """The face of ``family`` that draws ``ch`` on its own (its script's, else the first that
    has it), or None if none of them has it."""
    script = script_of(ch)
    if script is not None and covers(family.get(script, ""), ch):
        return family[script]
    for other in SCRIPTS:
        name = family.get(other)
        # the CJK face draws only CJK characters: whether the extra is installed never changes
        # how anything else prints (and a glyph no face has does not load 20 MB to find out)
        if name and (other != CJK or script == CJK) and covers(name, ch):
            return name
    return None


def needs_extra(ch: str) -> str | None:
    """The extra that would let pnp print ``ch`` (``cjk``), if one would."""
    return "cjk" if script_of(ch) == CJK and not cjk_installed() else None


def script_of_face(name: str) -> str:
    """The script face ``name`` is pnp's face for (Latin for any other font)."""
    face = _FACES.get(name)
    return face.script if face else LATIN


def font_path(name: str) -> Path:
    """The file of one of the shipped faces."""
    return _DIR / _FACES[name].file
