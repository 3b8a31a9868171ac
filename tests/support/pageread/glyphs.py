"""What a simple TrueType font in a PDF prints for each code: its width, its text, its ink.

The validator reads pages back from qpdf's parse (``support.pageread.printed``), so it measures text as
a viewer does, from the font the file embeds: each code's advance from the font's /Widths, its
Unicode text from /ToUnicode, and its ink box from the embedded program's glyph outline box
(``glyf``; the code reaches its glyph through the program's (3,0) or (1,0) cmap, as a viewer
finds the glyphs of a symbolic TrueType font), in thousandths of an em rounded to integers, as
pdfium keeps them. Everything is read with bounds: a hostile font gives empty boxes, not a
crash or a long loop.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

MAX_CODES = 256          # a simple font's codes
MAX_FONT_BYTES = 16 * 2**20


@dataclass(frozen=True)
class Font:
    widths: tuple[float, ...]                 # by code, in thousandths of an em
    text: tuple[str, ...]                      # by code
    boxes: tuple[tuple[int, int, int, int] | None, ...]   # by code: ink left, bottom, right, top
    #                                                         in thousandths of an em; None: none


def font(obj) -> Font:
    """The measures of a pikepdf font dictionary (empty where it cannot be read)."""
    import pikepdf

    widths = [0.0] * MAX_CODES
    text = [""] * MAX_CODES
    boxes: list = [None] * MAX_CODES
    if not isinstance(obj, pikepdf.Dictionary):
        return Font(tuple(widths), tuple(text), tuple(boxes))
    desc = obj.get("/FontDescriptor")
    missing = _number(desc.get("/MissingWidth", 0)) if isinstance(desc, pikepdf.Dictionary) else 0.0
    widths = [missing] * MAX_CODES
    first = obj.get("/FirstChar", 0)
    listed = obj.get("/Widths")
    if isinstance(first, int) and isinstance(listed, pikepdf.Array):
        for k, w in enumerate(list(listed)[:MAX_CODES]):
            if 0 <= first + k < MAX_CODES:
                widths[first + k] = float(int(_number(w)))    # pdfium keeps whole units
    unicode = obj.get("/ToUnicode")
    if isinstance(unicode, pikepdf.Stream):
        for code, chars in _cmap_text(unicode.read_bytes()).items():
            text[code] = chars
    program = desc.get("/FontFile2") if isinstance(desc, pikepdf.Dictionary) else None
    if isinstance(program, pikepdf.Stream):
        try:
            boxes = _glyph_boxes(program.read_bytes())
        except (struct.error, ValueError, IndexError, KeyError):
            boxes = [None] * MAX_CODES
    return Font(tuple(widths), tuple(text), tuple(boxes))


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


_BFCHAR = re.compile(rb"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4,32})>")


def _cmap_text(body: bytes) -> dict[int, str]:
    """code -> text of a ToUnicode CMap's bfchar entries (what pnp's fonts carry); a code
    mapped to U+0000 says nothing."""
    out: dict[int, str] = {}
    for section in re.findall(rb"beginbfchar(.*?)endbfchar", body[:1 << 20], re.S):
        for code, chars in _BFCHAR.findall(section):
            try:
                value = bytes.fromhex(chars.decode()).decode("utf-16-be")
            except (ValueError, UnicodeDecodeError):
                continue
            if value != "\0":
                out[int(code, 16)] = value
    return out


def _glyph_boxes(data: bytes) -> list:
    """code -> the glyph's ink box in thousandths of an em (rounded, as pdfium keeps it)."""
    if len(data) > MAX_FONT_BYTES:
        raise ValueError("font too large")
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for i in range(min(count, 64)):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = (offset, length)
    head = tables[b"head"][0]
    units = struct.unpack_from(">H", data, head + 18)[0] or 1000
    long_loca = struct.unpack_from(">h", data, head + 50)[0] == 1
    glyphs = struct.unpack_from(">H", data, tables[b"maxp"][0] + 4)[0]
    loca, glyf = tables[b"loca"][0], tables[b"glyf"][0]

    def where(gid: int) -> tuple[int, int]:
        if not 0 <= gid < glyphs:
            return 0, 0
        if long_loca:
            return struct.unpack_from(">II", data, loca + 4 * gid)
        return tuple(2 * v for v in struct.unpack_from(">HH", data, loca + 2 * gid))

    def box(gid: int):
        start, end = where(gid)
        if end <= start:
            return (0, 0, 0, 0)            # an empty glyph (a space): its origin, as pdfium has it
        points = _points(data, glyf, where, gid, 0)
        if not points:
            return (0, 0, 0, 0)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        # the outline's own box (FreeType's, unscaled), as pdfium measures a glyph: the
        # glyph header's box may be off by a unit
        return tuple(round(v * 1000 / units) for v in (min(xs), min(ys), max(xs), max(ys)))

    cmap = _cmap(data, tables[b"cmap"][0])
    return [box(cmap.get(code, 0)) if code in cmap else None for code in range(MAX_CODES)]


MAX_POINTS = 4096          # points of one glyph outline, components included
MAX_COMPONENT_DEPTH = 4


def _points(data: bytes, glyf: int, where, gid: int, depth: int) -> list[tuple[float, float]]:
    """The points of a glyph's outline (on and off the curve), composites resolved."""
    start, end = where(gid)
    if end <= start or depth > MAX_COMPONENT_DEPTH:
        return []
    at = glyf + start
    contours = struct.unpack_from(">h", data, at)[0]
    at += 10
    if contours >= 0:
        if contours == 0:
            return []
        ends = struct.unpack_from(f">{contours}H", data, at)
        count = ends[-1] + 1
        if count > MAX_POINTS:
            raise ValueError("glyph too large")
        at += 2 * contours
        at += 2 + struct.unpack_from(">H", data, at)[0]          # instructions
        flags = []
        while len(flags) < count:
            flag = data[at]
            at += 1
            repeat = 0
            if flag & 8:
                repeat = data[at]
                at += 1
            flags += [flag] * (repeat + 1)
        flags = flags[:count]
        coords = []
        for short, same in ((2, 16), (4, 32)):
            value, out = 0, []
            for flag in flags:
                if flag & short:
                    delta = data[at]
                    at += 1
                    value += delta if flag & same else -delta
                elif not flag & same:
                    value += struct.unpack_from(">h", data, at)[0]
                    at += 2
                out.append(value)
            coords.append(out)
        return list(zip(coords[0], coords[1]))
    points: list[tuple[float, float]] = []
    more = True
    while more:
        flag, component = struct.unpack_from(">HH", data, at)
        at += 4
        if flag & 1:
            dx, dy = struct.unpack_from(">hh", data, at)
            at += 4
        else:
            dx, dy = struct.unpack_from(">bb", data, at)
            at += 2
        a = d = 1.0
        b = c = 0.0
        if flag & 8:
            a = d = struct.unpack_from(">h", data, at)[0] / 16384
            at += 2
        elif flag & 0x40:
            a, d = (v / 16384 for v in struct.unpack_from(">hh", data, at))
            at += 4
        elif flag & 0x80:
            a, b, c, d = (v / 16384 for v in struct.unpack_from(">hhhh", data, at))
            at += 8
        if not flag & 2:
            dx = dy = 0                # points matched by number: not in pnp's fonts
        for x, y in _points(data, glyf, where, component, depth + 1):
            points.append((a * x + c * y + dx, b * x + d * y + dy))
        if len(points) > MAX_POINTS:
            raise ValueError("glyph too large")
        more = bool(flag & 0x20)
    return points


def _cmap(data: bytes, at: int) -> dict[int, int]:
    """code -> glyph of the font program's (3,0) cmap (codes at 0xF000 + code) or else its
    (1,0) cmap, formats 0, 4 and 6."""
    count = struct.unpack_from(">H", data, at + 2)[0]
    found = {}
    for i in range(min(count, 16)):
        platform, encoding, offset = struct.unpack_from(">HHI", data, at + 4 + 8 * i)
        found[(platform, encoding)] = at + offset
    for key, shift in (((3, 0), 0xF000), ((1, 0), 0)):
        if key in found:
            table = _subtable(data, found[key])
            return {c - shift: g for c, g in table.items() if 0 <= c - shift < MAX_CODES} \
                if shift else {c: g for c, g in table.items() if c < MAX_CODES}
    return {}


def _subtable(data: bytes, at: int) -> dict[int, int]:
    kind = struct.unpack_from(">H", data, at)[0]
    if kind == 0:
        return {c: g for c, g in enumerate(data[at + 6:at + 6 + 256])}
    if kind == 6:
        first, count = struct.unpack_from(">HH", data, at + 6)
        return {first + k: struct.unpack_from(">H", data, at + 10 + 2 * k)[0]
                for k in range(min(count, 0x10000))}
    if kind == 4:
        segs = struct.unpack_from(">H", data, at + 6)[0] // 2
        ends = struct.unpack_from(f">{segs}H", data, at + 14)
        starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
        deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
        range_at = at + 16 + 6 * segs
        offsets = struct.unpack_from(f">{segs}H", data, range_at)
        out = {}
        for s in range(segs):
            for c in range(starts[s], min(ends[s], 0xF0FF) + 1):
                if not (c < MAX_CODES or 0xF000 <= c < 0xF000 + MAX_CODES):
                    continue
                if offsets[s] == 0:
                    out[c] = (c + deltas[s]) & 0xFFFF
                else:
                    where = range_at + 2 * s + offsets[s] + 2 * (c - starts[s])
                    g = struct.unpack_from(">H", data, where)[0]
                    out[c] = (g + deltas[s]) & 0xFFFF if g else 0
        return out
    return {}
