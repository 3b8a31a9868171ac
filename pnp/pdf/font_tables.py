"""reportlab's reading of a font's per-glyph tables, kept once a machine.

reportlab reads a TrueType file's character map, advance widths and glyph locations in Python,
a call per entry, at every build that prints in the face: about 0.1 s of CPU for each Noto Sans
CJK weight (44,000 glyphs), 0.03 s for each DejaVu Sans weight. What it reads depends on the
file and reportlab's version alone. So the first reading is kept in the user's cache folder
(pnp.cachedir), named by the file's digest (all of it but the glyph outlines, which these
tables do not come from) and reportlab's version; a later build lets reportlab
read the file's header itself (its ``charInfo=0`` reading: a few dozen fields) and takes the
per-glyph tables (``TABLES``) from the kept copy.

A copy is kept only if it gives back exactly what reportlab read, value for value and type for
type (checked as it is made: a reportlab that reads more, or differently, is simply not kept),
and it is written atomically. A kept file is read as hostile: it holds only arrays of numbers
behind a JSON header (nothing in it can run), its digest must match, and every length and bound
is checked against the font; anything else is thrown away and the font read again.

The font file itself is mapped into memory rather than read (a CJK weight is 12 MB, and reading
it cost more CPU than everything else a small pack does with it): reportlab reads it by
slicing, which a mapping does as bytes do. What reportlab reads of it per glyph is served
without copying the file: the glyph locations and metrics as views of the kept arrays, and the
glyph outlines, when a subset is embedded, glyph by glyph instead of as an 11 MB copy of the
whole table for each subset. (Only pnp's own files are mapped: the shipped faces and the
converted CJK faces, which pnp.cachedir writes atomically, so no file changes under a mapping.)
"""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import sys
from array import array
from pathlib import Path

from reportlab.pdfbase.ttfonts import TTFontFace

FORMAT = 1                     # of a kept file: bump when what it holds changes
MAGIC = b"pnp font tables\n"
MOST_HEADER = 4096             # bytes of a kept file's header line (ours are under 600)
MOST_BYTES = 32 << 20          # of a whole kept file (a CJK weight's is about 2 MB)
# what reportlab's extractInfo sets beyond its charInfo=0 reading: the per-glyph tables, where
# its reading ends, and the width of a character the font lacks
TABLES = ("charToGlyph", "glyphToChar", "charWidths", "hmetrics", "glyphPos", "defaultWidth",
          "_pos")
# the arrays of a kept file, in order: name -> the array types it may be
# (unsigned: a glyph id, a count, an advance or a bearing cannot be out of its range)
_PARTS = {"chars": "I", "glyphs": "H", "by_glyph": "H", "counts": "H", "glyph_chars": "I",
          "width_chars": "I", "widths": "Id", "advances": "H", "scaled": "d", "bearings": "H",
          "positions": "Q"}
_LAST_CHAR = 0x10FFFF
_MOST_WIDTH = 1e6


def kept_folder() -> Path | None:
    from pnp.cachedir import cache_folder

    folder = cache_folder()
    return folder / "font-tables" if folder is not None else None


class _Lazy:
    """A table of a face read from a kept copy, made from its arrays when first read: most
    builds never read ``glyphToChar`` (only shaping does), and read ``hmetrics`` and
    ``glyphPos`` only to embed a subset. Once made it is the face's attribute like any other."""

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, face, owner=None):
        if face is None:
            return self
        kept = face.__dict__.get(_KEPT)
        if kept is None:
            raise AttributeError(self.name)
        value = face.__dict__[self.name] = _LAZY[self.name](kept)
        if all(name in face.__dict__ for name in _LAZY):
            del face.__dict__[_KEPT]              # every table made: the arrays are done with
        return value


class _Metrics:
    """A face's (advance, left side bearing) per glyph, as reportlab's list of pairs gives them,
    made pair by pair from the kept arrays (a subset reads a few hundred of 44,000)."""

    def __init__(self, advances: array, scaled: array, bearings: array):
        self._advances, self._scaled, self._bearings = advances, scaled, bearings

    def __len__(self) -> int:
        return len(self._bearings)

    def __getitem__(self, glyph: int):
        if type(glyph) is not int:
            return list(self)[glyph]
        if glyph < 0:
            glyph += len(self)
        whole = len(self._advances)
        advance = self._advances[glyph] if glyph < whole else self._scaled[glyph - whole]
        return advance, self._bearings[glyph]

    def __iter__(self):
        return zip(self._advances.tolist() + self._scaled.tolist(), self._bearings.tolist())


class _Outlines:
    """The glyph outlines table (glyf) as reportlab's subsetting reads it, a glyph's slice at a
    time, each slice bytes of its own; nothing copies the whole table."""

    def __init__(self, data, start: int, length: int):
        self._view = memoryview(data)[start:start + length]

    def __len__(self) -> int:
        return len(self._view)

    def __getitem__(self, where):
        return bytes(self._view[where])


class KeptFace(TTFontFace):
    """reportlab's TrueType face, its per-glyph tables read from a kept copy where there is a
    good one (and kept after reportlab reads them where there is none), its file mapped."""

    glyphToChar = _Lazy()
    hmetrics = _Lazy()
    glyphPos = _Lazy()

    def readFile(self, f):
        if not hasattr(self, "_ttf_data") and isinstance(f, (str, os.PathLike)) \
                and os.path.isfile(f) and os.path.getsize(f):
            with open(f, "rb") as file:
                self._ttf_data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            self.filename = os.fspath(f)
        super().readFile(f)

    def get_table(self, tag):
        if tag != "glyf" or isinstance(self._ttf_data, bytes):
            return super().get_table(tag)
        return _Outlines(self._ttf_data, *self.get_table_pos(tag))

    def extractInfo(self, charInfo=1):
        path = _kept_path(self) if charInfo else None
        if path is None:
            return super().extractInfo(charInfo)
        super().extractInfo(0)
        kept = _read(path, self)
        if kept is not None:
            values, parts = kept
            self.__dict__.update(_eager(values, parts))
            self.__dict__[_KEPT] = parts
            return None
        super().extractInfo(1)
        _keep(path, self)
        return None


def _kept_path(face) -> Path | None:
    import reportlab

    folder = kept_folder()
    if folder is None:
        return None
    # the digest of the whole file but its glyph outlines (glyf: most of a CJK font's 12 MB),
    # which reportlab reads only to embed a subset, never for these tables
    data = memoryview(face._ttf_data)
    start, length = face.get_table_pos("glyf") if "glyf" in face.table else (len(data), 0)
    digest = hashlib.sha256(data[:start])
    digest.update(data[start + length:])
    digest.update(f"{len(data)} {start} {length}".encode() + face.subfontNameX)
    return folder / (f"{digest.hexdigest()[:24]}-reportlab{reportlab.Version}-{FORMAT}"
                     f"-{sys.byteorder}.tables")


def _encode(face) -> tuple[dict, dict[str, array]] | None:
    """(the header's values, the arrays) holding ``face``'s tables; None where they are not of
    the shapes kept here."""
    c2g, g2c, widths = face.charToGlyph, face.glyphToChar, face.charWidths
    width_values = list(widths.values())
    kind = "I" if all(type(w) is int for w in width_values) else \
        "d" if all(type(w) is float for w in width_values) else None
    # reportlab keeps the advances the font lists as read (whole numbers) and gives the glyphs
    # after them the last one scaled to thousandths (a float where the em is not 1000 units)
    advances = [a for a, _ in face.hmetrics]
    whole = next((k for k, a in enumerate(advances) if type(a) is not int), len(advances))
    if kind is None or not all(type(v) is list for v in g2c.values()) \
            or not all(type(a) is float for a in advances[whole:]):
        return None
    try:
        parts = {
            "chars": array("I", c2g.keys()), "glyphs": array("H", c2g.values()),
            "by_glyph": array("H", g2c.keys()), "counts": array("H", map(len, g2c.values())),
            "glyph_chars": array("I", (c for chars in g2c.values() for c in chars)),
            "width_chars": array("I", widths.keys()), "widths": array(kind, width_values),
            "advances": array("H", advances[:whole]), "scaled": array("d", advances[whole:]),
            "bearings": array("H", (b for _, b in face.hmetrics)),
            "positions": array("Q", face.glyphPos)}
    except (TypeError, ValueError, OverflowError):
        return None
    default = face.defaultWidth
    if type(default) not in (int, float) or type(face._pos) is not int:
        return None
    return {"defaultWidth": default, "_pos": face._pos}, parts


def _glyph_to_char(parts: dict[str, array]) -> dict[int, list[int]]:
    chars = parts["glyph_chars"].tolist()
    if len(chars) == len(parts["by_glyph"]):       # a character a glyph, as most fonts have
        return {glyph: [char] for glyph, char in zip(parts["by_glyph"].tolist(), chars)}
    out, start = {}, 0
    for glyph, count in zip(parts["by_glyph"].tolist(), parts["counts"].tolist()):
        out[glyph] = chars[start:start + count]
        start += count
    return out


_KEPT = "_pnp_kept_tables"          # a face's arrays its lazy tables are made from
_LAZY = {
    "glyphToChar": _glyph_to_char,
    "hmetrics": lambda parts: _Metrics(parts["advances"], parts["scaled"], parts["bearings"]),
    "glyphPos": lambda parts: parts["positions"],
}


def _eager(values: dict, parts: dict[str, array]) -> dict:
    """The tables a build reads at once (to measure text), from a kept file's header values
    and arrays (checked already)."""
    return {
        "charToGlyph": dict(zip(parts["chars"].tolist(), parts["glyphs"].tolist())),
        "charWidths": dict(zip(parts["width_chars"].tolist(), parts["widths"].tolist())),
        "defaultWidth": values["defaultWidth"],
        "_pos": values["_pos"],
    }


def _decode(values: dict, parts: dict[str, array]) -> dict:
    """Every table (TABLES) from a kept file's header values and arrays, as reportlab reads
    them (the views a face serves its lazy tables as are made into reportlab's lists here, to
    compare them with reportlab's reading value for value)."""
    lazy = {name: make(parts) for name, make in _LAZY.items()}
    return _eager(values, parts) | {name: table if type(table) is dict else list(table)
                                    for name, table in lazy.items()}


def _same(a, b) -> bool:
    """Equal value for value and type for type (1 and 1.0 differ; so does dicts' order)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


def _keep(path: Path, face) -> None:
    """Keep ``face``'s tables (just read by reportlab) at ``path`` if a kept copy gives back
    exactly what reportlab read; else keep nothing."""
    from pnp.cachedir import write_atomically

    encoded = _encode(face)
    if encoded is None:
        return
    values, parts = encoded
    full = dict(face.__dict__)
    try:
        TTFontFace.extractInfo(face, 0)          # what a later build will read from the font
        header_only = dict(face.__dict__)
    finally:
        face.__dict__.clear()
        face.__dict__.update(full)
    restored = header_only | _decode(values, parts)
    if not _fits(parts, face) or set(restored) != set(full) or not all(
            _same(restored[k], full[k]) for k in full if k != "_pdfScale"):
        return
    body = b"".join(parts[name].tobytes() for name in _PARTS)
    header = {"format": FORMAT, "values": values, "sha256": hashlib.sha256(body).hexdigest(),
              "parts": [[name, parts[name].typecode, len(parts[name])] for name in _PARTS]}
    try:
        write_atomically(path, MAGIC + json.dumps(header).encode() + b"\n" + body)
    except OSError:
        pass                   # not kept: read from the font again next time


def _read(path: Path, face) -> tuple[dict, dict[str, array]] | None:
    """The header values and arrays kept at ``path`` for ``face`` (its header read already), or
    None if there are none or the file is not exactly a kept copy that fits the font."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MOST_BYTES + 1)
    except OSError:
        return None
    if len(raw) > MOST_BYTES or not raw.startswith(MAGIC):
        return None
    end = raw.find(b"\n", len(MAGIC), len(MAGIC) + MOST_HEADER)
    if end < 0:
        return None
    try:
        header = json.loads(raw[len(MAGIC):end])
        parts = _parts(header, raw[end + 1:])
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None
    if parts is None:
        return None
    values = header["values"]
    if not (isinstance(values, dict) and set(values) == {"defaultWidth", "_pos"}
            and type(values["defaultWidth"]) in (int, float) and type(values["_pos"]) is int):
        return None
    return (values, parts) if _fits(parts, face) else None


def _parts(header, body: bytes) -> dict[str, array] | None:
    """The arrays of a kept file's body as its header lists them (each name, type and length
    as _PARTS allows, the digest matching), or None."""
    if not (isinstance(header, dict) and header.get("format") == FORMAT
            and isinstance(header.get("sha256"), str) and isinstance(header.get("parts"), list)
            and [p[0] if isinstance(p, list) else None for p in header["parts"]] == list(_PARTS)
            and hashlib.sha256(body).hexdigest() == header["sha256"]):
        return None
    parts, start = {}, 0
    for name, typecode, length in header["parts"]:
        if not (isinstance(typecode, str) and len(typecode) == 1 and typecode in _PARTS[name]
                and type(length) is int and length >= 0):
            return None
        part = array(typecode)
        size = part.itemsize * length
        if start + size > len(body):
            return None
        part.frombytes(body[start:start + size])
        parts[name] = part
        start += size
    return parts if start == len(body) else None


def _fits(parts: dict[str, array], face) -> bool:
    """Do the arrays hold tables this font could have: as many of each as they pair with, every
    character a Unicode one, every glyph one of the font's, the locations in order and inside
    the file? (Their types bound the rest.)"""
    n = face.numGlyphs
    positions = parts["positions"]
    pairs = (("chars", "glyphs"), ("by_glyph", "counts"), ("width_chars", "widths"))
    if any(len(parts[a]) != len(parts[b]) for a, b in pairs) \
            or sum(parts["counts"]) != len(parts["glyph_chars"]) \
            or len(parts["advances"]) + len(parts["scaled"]) != n \
            or len(parts["bearings"]) != n or len(positions) != n + 1:
        return False
    # a width or scaled advance is in thousandths of an em: one past a few em is not a font's
    # (nor is NaN, which no comparison holds for)
    if not all(0 <= w <= _MOST_WIDTH for name in ("widths", "scaled")
               if parts[name].typecode == "d" for w in parts[name]):
        return False
    if not all(_unicode(parts[name]) for name in ("chars", "glyph_chars", "width_chars")):
        return False
    if any(parts[name] and max(parts[name]) >= n for name in ("glyphs", "by_glyph")):
        return False
    ends = positions.tolist()
    return ends[-1] <= len(face._ttf_data) and ends == sorted(ends)


def _unicode(codes: array) -> bool:
    """Is every code of the array (4-byte unsigned) at most U+10FFFF? Read byte by byte, the
    high two bytes of each must be 0 and 0x10 or below (a comparison a code would take a
    Python integer each for: 44,000 of them in a CJK face)."""
    if codes.itemsize != 4:
        return all(code <= _LAST_CHAR for code in codes)
    raw = memoryview(codes).cast("B")
    top, high = (3, 2) if sys.byteorder == "little" else (0, 1)
    return not bytes(raw[top::4]).strip(b"\0") and \
        not bytes(raw[high::4]).translate(None, bytes(range(0x11)))
