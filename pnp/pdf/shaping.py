"""One printed line laid out: split by face and direction, shaped, in visual order.

A line of pnp's own words in a left-to-right language, all in DejaVu Sans, is drawn as it always
was (``plain``: reportlab's own string drawing, the same bytes as before languages came). Any
other line is laid out here:

1. each character gets its face (``pnp.pdf.faces``: an Arabic letter prints in Noto Sans Arabic;
   a space or digit stays with the text around it; a mark with its base);
2. each character gets its level (``pnp.pdf.bidi``, in a paragraph of the page's direction);
3. characters of one face and one level make a run; a run written right to left, or in Arabic,
   Hebrew or Devanagari, is shaped by HarfBuzz (joining forms, conjuncts, marks placed,
   brackets mirrored), with the rest of the line around it as context; a left-to-right run of
   Latin or CJK is left to reportlab, as plain text;
4. the runs are put in visual order (rule L2) and placed one after another.

A shaped glyph goes into the PDF as reportlab puts any character, through the font's subset,
so every glyph needs a character: its own where the font's cmap gives it one, else a code of
the Private Use Area fixed by the glyph's number (0xE000 + glyph id), so that the code a glyph
gets never depends on what was shaped before in the process. The PDF's ToUnicode map then says
the text each such glyph stands for (``pnp.pdf.glyph_text``), so the words can be searched and
copied.

HarfBuzz's placements depend on its version: ``uharfbuzz`` is pinned in pyproject.toml, and the
golden packs in each script fail if a new one moves a glyph.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.pdf import faces
from pnp.pdf.bidi import bidi_class, levels, visual_order
from pnp.pdf.glyph_text import PUA, PUA_END

PUA_GLYPHS = PUA_END - PUA  # so a shaped face may have this many glyphs
_RTL_CLASSES = ("R", "AL", "AN")
_SHAPED_SCRIPTS = (faces.ARABIC, faces.HEBREW, faces.DEVANAGARI)


@dataclass(frozen=True)
class Segment:
    face: str            # the reportlab font it prints in
    text: str            # a plain str, or reportlab's ShapedStr (glyphs with their placements)
    x: float             # from the line's left end, in thousandths of the font size
    width: float         # in thousandths of the font size


@lru_cache(maxsize=8192)
def plain(text: str, font: str, rtl: bool = False) -> bool:
    """Is ``text`` drawn in ``font`` as reportlab draws a string, with no layout at all?"""
    if rtl:
        segments, _ = layout(text, font, rtl)
        return len(segments) == 1 and segments[0].face == font and type(segments[0].text) is str
    family = faces.family_of(font)
    for ch in text:
        if ord(ch) < 0x0590:
            continue                 # the common case: Latin, Greek, Cyrillic, in DejaVu
        if bidi_class(ch) in _RTL_CLASSES:
            return False
        if not faces.covers(font, ch) or faces.script_of(ch) is not None:
            if faces.face_for(ch, family) not in (None, font):
                return False         # another face draws it (one no face has prints as before)
    return True


def assign_faces(text: str, font: str) -> list[str]:
    """The face each character of ``text`` prints in, starting from the family of ``font``."""
    family = faces.family_of(font)
    base = family.get(faces.LATIN, font)
    out: list[str | None] = [None] * len(text)
    for i, ch in enumerate(text):
        if i and faces.joins_previous(ch):
            out[i] = out[i - 1]
        elif faces.is_letter(ch) or faces.script_of(ch) is not None:
            out[i] = faces.face_for(ch, family) or base
    for i, ch in enumerate(text):           # the rest (spaces, digits, punctuation): the face
        if out[i] is not None:              # before them if it has them, else the one after
            continue
        before = out[i - 1] if i else None
        after = next((out[j] for j in range(i + 1, len(text)) if out[j] is not None), None)
        for face in (before, after):
            if face is not None and faces.covers(face, ch):
                out[i] = face
                break
        else:
            out[i] = base if faces.covers(base, ch) else (faces.face_for(ch, family) or base)
    return out  # type: ignore[return-value]


@lru_cache(maxsize=8192)
def layout(text: str, font: str, rtl: bool = False, language: str = "en"
           ) -> tuple[tuple[Segment, ...], float]:
    """The segments of the line ``text`` (``font`` names its family) in visual order, and its
    width, in thousandths of the font size; ``rtl``: the page reads right to left."""
    if not text:
        return (), 0.0
    face_of = assign_faces(text, font)
    level_of = levels(text, 1 if rtl else 0)
    runs: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or face_of[i] != face_of[start] or level_of[i] != level_of[start]:
            runs.append((start, i))
            start = i
    pieces = []
    for start, end in runs:
        face, level = face_of[start], level_of[start]
        script = faces.script_of_face(face)
        if level % 2 or script in _SHAPED_SCRIPTS:
            shown, width = _shaped(text, start, end, face, level % 2 == 1, language)
        else:
            shown = text[start:end]
            width = _plain_width(shown, face)
        pieces.append((face, shown, width))
    segments, x = [], 0.0
    for k in visual_order([level_of[start] for start, _ in runs]):
        face, shown, width = pieces[k]
        segments.append(Segment(face, shown, x, width))
        x += width
    return tuple(segments), x


def _plain_width(text: str, face: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, face, 1000)


@lru_cache(maxsize=None)
def _hb_font(face: str):
    import uharfbuzz as hb

    font = faces.ttfont(face)
    return hb.Font(hb.Face(hb.Blob(bytes(font.face._ttf_data))))


@lru_cache(maxsize=None)
def _glyph_chars(face: str) -> dict[int, int]:
    """glyph id -> the lowest character the font's cmap gives it."""
    out: dict[int, int] = {}
    for code, gid in sorted(faces.ttfont(face).face.charToGlyph.items()):
        out.setdefault(gid, code)
    return out


def glyph_char(face: str, gid: int) -> int:
    """The character glyph ``gid`` of ``face`` goes into the PDF as (its own, or PUA + gid,
    registered with reportlab's font the first time)."""
    code = _glyph_chars(face).get(gid)
    if code is not None:
        return code
    if gid >= PUA_GLYPHS:
        raise ValueError(f"glyph {gid} of {face} is past the codes a shaped face may use")
    code = PUA + gid
    font = faces.ttfont(face).face
    if code not in font.charToGlyph:
        font.charToGlyph[code] = gid
        font.glyphToChar.setdefault(gid, []).append(code)
        font.charWidths[code] = font._pdfScale(_hb_font(face).get_glyph_h_advance(gid))
    return code


def _shaped(text: str, start: int, end: int, face: str, rtl: bool, language: str):
    """Run ``text[start:end]`` shaped in ``face`` (the rest of the line its context); the
    reportlab string that shows it and its width in thousandths of the font size."""
    import uharfbuzz as hb
    from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

    hb_font = _hb_font(face)
    buf = hb.Buffer()
    buf.add_str(text, item_offset=start, item_length=end - start)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    buf.language = language
    buf.cluster_level = hb.BufferClusterLevel.MONOTONE_CHARACTERS
    hb.shape(hb_font, buf, {})
    font = faces.ttfont(face).face
    scale = font._pdfScale
    chars, data, width = [], [], 0.0
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
        code = glyph_char(face, info.codepoint)
        chars.append(chr(code))
        advance = scale(pos.x_advance)
        data.append(ShapeData(info.cluster, advance, scale(pos.y_advance), scale(pos.x_offset),
                              scale(pos.y_offset), font.charWidths[code]))
        width += advance
    return ShapedStr("".join(chars), shapeData=data), width
