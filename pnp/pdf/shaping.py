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

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, groupby

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
    # max() at C speed: text all below U+0590 (Latin, Greek, Cyrillic) has no character that
    # could need laying out, and most text pnp prints is so
    if text and max(text) >= "\u0590":
        for ch in text:
            if ord(ch) >= 0x0590 and _other_face(ch, font):
                return False
    if not rtl:
        return True
    # in a right-to-left paragraph, text that starts and ends with a left-to-right letter (or
    # ends with a digit after one) is one left-to-right run; anything else is worked out
    ends = text.strip()
    if ends and bidi_class(ends[0]) == "L" and bidi_class(ends[-1]) in ("L", "EN") \
            and not any(bidi_class(ch) in _RTL_CLASSES for ch in text):
        return True
    segments, _ = layout(text, font, rtl)
    return len(segments) == 1 and segments[0].face == font and type(segments[0].text) is str


@lru_cache(maxsize=None)
def _other_face(ch: str, font: str) -> bool:
    """Does ``ch`` need laying out beside text in ``font``: written right to left, or drawn by
    another face of the family? (One no face has prints as before, as a missing glyph.)"""
    if bidi_class(ch) in _RTL_CLASSES:
        return True
    if not faces.covers(font, ch) or faces.script_of(ch) is not None:
        return faces.face_for(ch, faces.family_of(font)) not in (None, font)
    return False


@lru_cache(maxsize=None)
def _own_face(ch: str, font: str) -> str | None:
    """The face a letter (or a character of a script with a face) takes by itself; None for a
    neutral character, which takes the face of the text around it."""
    if faces.is_letter(ch) or faces.script_of(ch) is not None:
        family = faces.family_of(font)
        return faces.face_for(ch, family) or family.get(faces.LATIN, font)
    return None


@lru_cache(maxsize=None)
def _neutral_face(ch: str, before: str | None, after: str | None, font: str) -> str:
    family = faces.family_of(font)
    for face in (before, after):
        if face is not None and faces.covers(face, ch):
            return face
    base = family.get(faces.LATIN, font)
    return base if faces.covers(base, ch) else (faces.face_for(ch, family) or base)


_JOINS = "joins"          # _kind's word for a character that takes the face before it


@lru_cache(maxsize=None)
def _kind(ch: str, font: str) -> str | None:
    return _JOINS if faces.joins_previous(ch) else _own_face(ch, font)


def assign_faces(text: str, font: str) -> list[str]:
    """The face each character of ``text`` prints in, starting from the family of ``font``: a
    letter its own (``_own_face``), a mark or joiner the face of the character before it, and
    the rest (spaces, digits, punctuation) the face before them if it has them, else the next
    one after them that does (``_neutral_face``).

    Most lines are in one face: its letters' own, which also has every space, digit and mark
    between them. That is seen from the line's few distinct characters, without going through
    it; any other line is gone through once, and its neutral characters once more."""
    if not text:
        return []
    kinds = {ch: _kind(ch, font) for ch in set(text)}
    own = set(kinds.values()) - {None, _JOINS}
    if len(own) == 1 and kinds[text[0]] is not _JOINS:
        (face,) = own
        if all(faces.covers(face, ch) for ch, kind in kinds.items() if kind in (None, _JOINS)):
            return [face] * len(text)
    out: list = [kinds[ch] for ch in text]
    if out[0] is _JOINS:
        out[0] = _own_face(text[0], font)          # a mark that starts the line: its own face
    if _JOINS in kinds.values():
        for i, kind in enumerate(out):
            if kind is _JOINS:
                out[i] = out[i - 1]
    neutral = [i for i, face in enumerate(out) if face is None]
    after: dict[int, str | None] = {}
    last = len(text) - 1
    for i in reversed(neutral):           # the next face to the right of each neutral one
        after[i] = None if i == last else out[i + 1] if out[i + 1] is not None else after[i + 1]
    for i in neutral:                     # left to right: the one before is settled already
        out[i] = _neutral_face(text[i], out[i - 1] if i else None, after[i], font)
    return out


@lru_cache(maxsize=8192)
def layout(text: str, font: str, rtl: bool = False, language: str = "en"
           ) -> tuple[tuple[Segment, ...], float]:
    """The segments of the line ``text`` (``font`` names its family) in visual order, and its
    width, in thousandths of the font size; ``rtl``: the page reads right to left."""
    if not text:
        return (), 0.0
    pieces = []
    for face, start, end, shaped in _runs(text, font, rtl):
        if shaped:
            shown, width = _shaped(text, start, end, face, shaped < 0, language)
        else:
            shown = text[start:end]
            width = _plain_width(shown, face)
        pieces.append((face, shown, width))
    segments, x = [], 0.0
    for face, shown, width in pieces:
        segments.append(Segment(face, shown, x, width))
        x += width
    return tuple(segments), x


@lru_cache(maxsize=8192)
def width(text: str, font: str, rtl: bool = False, language: str = "en") -> float:
    """``layout(...)[1]``, the same float, without making the glyph strings the segments draw:
    a wrap measures every line it tries (each word added to the line before), and draws one."""
    x = 0.0
    for face, start, end, shaped in _runs(text, font, rtl):
        if shaped:
            x += sum([p[2] for p in _shaped_pieces(text, start, end, face, shaped < 0, language)])
        else:
            x += _plain_width(text[start:end], face)
    return x


def _runs(text: str, font: str, rtl: bool) -> list[tuple[str, int, int, int]]:
    """The runs of ``text`` in visual order, each (face, start, end, how it is shaped: 0 not,
    1 left to right, -1 right to left)."""
    face_of = assign_faces(text, font)
    level_of = levels(text, 1 if rtl else 0)
    runs: list[tuple[int, int]] = []
    start = 0
    for _, run in groupby(zip(face_of, level_of)):
        end = start + sum(1 for _ in run)
        runs.append((start, end))
        start = end
    out = []
    for start, end in runs:
        face, level = face_of[start], level_of[start]
        shaped = -1 if level % 2 else 1 if faces.script_of_face(face) in _SHAPED_SCRIPTS else 0
        out.append((face, start, end, shaped))
    return [out[k] for k in visual_order([level_of[start] for start, _ in runs])]


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
    chars = _glyph_chars(face)
    code = chars.get(gid)
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
    chars[gid] = code                      # met again: found at once
    return code


def _shaped(text: str, start: int, end: int, face: str, rtl: bool, language: str):
    """Run ``text[start:end]`` shaped in ``face``; the reportlab string that shows it and its
    width in thousandths of the font size."""
    from reportlab.pdfbase.ttfonts import ShapedStr

    pieces = _shaped_pieces(text, start, end, face, rtl, language)
    chars = "".join([p[0] for p in pieces])
    data = list(chain.from_iterable([p[1] for p in pieces]))
    return ShapedStr(chars, shapeData=data), sum([p[2] for p in pieces])


def _shaped_pieces(text: str, start: int, end: int, face: str, rtl: bool, language: str):
    """The words and spaces of run ``text[start:end]`` shaped, in visual order, each
    (characters, placements, width).

    Shaped word by word: no script pnp prints joins or forms a cluster across a space, so each
    word (and each space) is shaped once a process and kept, and a line's width is the sum of
    its words' (a wrap measures many lines that share their words). A word cut off by a change
    of face is shaped with the line around it as its context (an Arabic letter next to a Latin
    one keeps its joining form: ``_edge``, kept by the word and the CONTEXT characters either
    side that HarfBuzz reads); spaces beside such a change are shaped
    alone like any word (a space has no joining form: the same glyph and advance either way,
    and a wrap met them once a prefix, 3,700 shapings in an Arabic Cliques pack)."""
    pieces = []
    for match in _PIECE.finditer(text, start, end):
        k, j = match.span()
        # a run of spaces joins nothing and forms no cluster: it needs no context either
        edge = text[k] != " " and (
            (k == start and k > 0 and text[k - 1] != " ")
            or (j == end and j < len(text) and text[j] != " "))
        pieces.append(_edge(text[max(0, k - CONTEXT):k], match.group(), text[j:j + CONTEXT],
                            face, rtl, language) if edge
                      else _word(match.group(), face, rtl, language))
    if rtl:
        pieces.reverse()          # each word's glyphs are in visual order; so must the words be
    return pieces


_PIECE = re.compile(" +|[^ ]+")   # a line's words and the spaces between them


@lru_cache(maxsize=16384)
def _word(word: str, face: str, rtl: bool, language: str):
    return _shape(word, 0, len(word), face, rtl, language)


# HarfBuzz reads this many characters either side of what it shapes as its context
# (HB_BUFFER_CONTEXT_LENGTH), and no more: a word shaped in a line and the same word shaped
# between the same few characters come out the same, so a word at a change of face is kept by
# its word and those characters (a wrap meets it once a line it tries)
CONTEXT = 5


@lru_cache(maxsize=16384)
def _edge(before: str, word: str, after: str, face: str, rtl: bool, language: str):
    text = before + word + after
    return _shape(text, len(before), len(before) + len(word), face, rtl, language)


def _shape(text: str, start: int, end: int, face: str, rtl: bool, language: str):
    """(characters, placements, width) of ``text[start:end]`` shaped by HarfBuzz in ``face``,
    the rest of ``text`` its context."""
    import uharfbuzz as hb
    from reportlab.pdfbase.ttfonts import ShapeData

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
    return "".join(chars), tuple(data), width
