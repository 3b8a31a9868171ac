"""The file's frame read one way only: its cross-reference sections and objects, from its bytes,
before qpdf opens it.

A PDF names where each object is in cross-reference sections, chained from the end of the file
(``startxref``, then each section's ``/Prev``). Readers agree on a file only where the frame
leaves them nothing to choose, and a forger chooses for them: qpdf keeps the first of two
entries for one object in a section and pdfium the last; an incremental update that replaces a
page's content is read by a reader that follows the chain, while one that rebuilds the table
from the objects it finds reads whatever it meets last; ``0000...0.6`` is 0.6 to qpdf and 0 to
pdfium. So the frame pnp and its supported re-savers write is the only one read:

- every section is a standard table (20-byte entries) or a cross-reference stream, no hybrid
  (``/XRefStm``), at most ``MAX_SECTIONS`` of them (a linearized file has two);
- no object is listed twice in a section, nor in two sections: an update that replaces or
  frees an object (a page's content, its resources, the catalog) is refused, whichever it is;
- the file is tiled: from the header to the end, every byte belongs to an object at the
  offset its entry gives, to a section and its trailer, to ``startxref`` and ``%%EOF``, or is
  whitespace or a comment (no object hides where only a rebuilding reader would find it), and
  each stream's ``/Length`` ends exactly at its ``endstream``;
- no token is longer than pnp or a re-saver ever writes (``MAX_NUMBER`` characters for a
  number or keyword, ``MAX_NAME`` for a name), and no dictionary gives a key twice.

Every cost is bounded by the file's size and ``MAX_OBJECTS``; nothing here builds more than a
list of offsets. ``check`` raises ``Refused`` (``pnp.verify.decoders``) with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_SECTIONS = 8          # cross-reference sections; pnp writes one, a linearized file has two
MAX_NUMBER = 32           # characters of a number or keyword; pnp writes at most about 12
MAX_NAME = 127            # bytes of a name, the PDF's own limit
MAX_DEPTH = 32            # arrays and dictionaries inside each other
MAX_ITEMS = 100_000       # items of one array or dictionary; pnp's longest is a page list
MAX_XREF_STREAM = 16 * 2**20   # bytes a cross-reference stream may decode to (500,000 objects: 4 MB)

_WS = b"\x00\t\n\f\r "
_DELIMS = b"()<>[]{}/%"
_TOKEN = re.compile(rb"[\x00\t\n\f\r ]+|%[^\r\n]*|/[^\x00\t\n\f\r ()<>\[\]{}/%]*|<<|>>|"
                    rb"<[0-9A-Fa-f\x00\t\n\f\r ]*>|[\[\]{}]|\(|[^\x00\t\n\f\r ()<>\[\]{}/%]+")
_STRING_PART = re.compile(rb"\\.|[()]", re.S)
_OBJ = re.compile(rb"(\d{1,10})[\x00\t\n\f\r ]+(\d{1,5})[\x00\t\n\f\r ]+obj")
_ENTRY = re.compile(rb"(\d{10}) (\d{5}) ([nf])(?:\r\n| \r| \n)")
_SUBSECTION = re.compile(rb"[\x00\t\f ]*(\d{1,10}) (\d{1,10})[\x00\t\f ]*(?:\r\n|\r|\n)")
_TAIL = re.compile(rb"startxref[\x00\t\n\f\r ]+\d{1,20}[\x00\t\n\f\r ]+%%EOF")


def refused(reason: str) -> Exception:
    from pnp.verify.decoders import Refused

    return Refused(reason)


@dataclass
class Section:
    at: int                                  # its offset in the file
    end: int = 0                             # where it and its trailer end
    entries: dict = field(default_factory=dict)   # object number -> (type, field 2, field 3)
    stream: int | None = None                # its own object number, for a cross-reference stream


def check(data: bytes) -> None:
    """Raise Refused unless the file's frame can be read only one way (see above)."""
    sections = _sections(data)
    owner: dict[int, int] = {}
    for k, section in enumerate(sections):
        for number in section.entries:
            if number == 0:
                continue
            if number in owner:
                raise refused(f"has an incremental update that replaces object {number} (a page's "
                              "content, resources or another object the file had already): "
                              "readers disagree on which one to read; pnp PDFs and their "
                              "re-saves are written whole")
            owner[number] = k
    _tile(data, sections)


def _sections(data: bytes) -> list[Section]:
    tail = data.rfind(b"startxref", max(0, len(data) - 1024))
    m = re.compile(rb"startxref[\x00\t\n\f\r ]+(\d{1,20})").match(data, tail) if tail >= 0 else None
    if m is None:
        raise refused("is damaged: it does not end by saying where its cross-reference table is")
    at = int(m.group(1))
    sections: list[Section] = []
    seen: set[int] = set()
    while True:
        if at in seen or len(sections) >= MAX_SECTIONS:
            raise refused(f"has cross-reference sections that loop or number more than "
                          f"{MAX_SECTIONS}; pnp PDFs have one (two when linearized)")
        seen.add(at)
        if not 0 < at < len(data):
            raise refused("is damaged: a cross-reference section lies outside the file")
        if data.startswith(b"xref", at):
            section, trailer = _table(data, at)
        else:
            section, trailer = _stream_section(data, at)
        sections.append(section)
        if "/XRefStm" in trailer:
            raise refused("is a hybrid file (a cross-reference table and stream for one update), "
                          "which old and new readers read differently; pnp PDFs are not")
        prev = trailer.get("/Prev")
        if prev is None:
            return sections
        if not (isinstance(prev, bytes) and prev.isdigit()):
            raise refused("is damaged: a trailer's /Prev is not an offset")
        at = int(prev)


def _table(data: bytes, at: int) -> tuple[Section, dict]:
    section = Section(at)
    pos = at + 4
    while True:
        while pos < len(data) and data[pos] in _WS:
            pos += 1
        if data.startswith(b"trailer", pos):
            break
        m = _SUBSECTION.match(data, pos)
        if m is None:
            raise refused("has a cross-reference table not in the standard form; pnp PDFs and "
                          "their re-saves write it so")
        first, count = int(m.group(1)), int(m.group(2))
        pos = m.end()
        if count > len(data) // 20:
            raise refused("has a cross-reference table longer than the file")
        for number in range(first, first + count):
            e = _ENTRY.match(data, pos)
            if e is None:
                raise refused("has a cross-reference entry not in the standard form (20 bytes "
                              "an entry); pnp PDFs and their re-saves write it so")
            _enter(section, number, (1 if e.group(3) == b"n" else 0, int(e.group(1)),
                                     int(e.group(2))))
            pos = e.end()
    trailer, end = _dictionary(data, _skip(data, pos + 7))
    section.end = end
    return section, trailer


def _stream_section(data: bytes, at: int) -> tuple[Section, dict]:
    m = _OBJ.match(data, at)
    if m is None:
        raise refused("is damaged: its cross-reference section is neither a table nor a stream")
    section = Section(at, stream=int(m.group(1)))
    head, pos = _dictionary(data, _skip(data, m.end()))
    if head.get("/Type") != b"/XRef":
        raise refused("is damaged: its cross-reference section is neither a table nor a stream")
    length = _int(head.get("/Length"), "a cross-reference stream's /Length")
    pos = _skip(data, pos)
    if not data.startswith(b"stream", pos):
        raise refused("is damaged: its cross-reference stream has no data")
    body, end = _stream_body(data, pos, length)
    end = _skip(data, end)
    if not data.startswith(b"endobj", end):
        raise refused("is damaged: its cross-reference stream does not end as the grammar says")
    end += 6
    section.end = end
    raw = _decoded(head, body)
    widths = _ints(head.get("/W"), "/W")
    if len(widths) != 3 or any(w < 0 or w > 8 for w in widths) or sum(widths) == 0:
        raise refused("has a cross-reference stream with field widths no writer uses")
    size = _int(head.get("/Size"), "/Size")
    index = _ints(head.get("/Index"), "/Index") if "/Index" in head else [0, size]
    if len(index) % 2:
        raise refused("has a cross-reference stream whose /Index is not pairs")
    row = sum(widths)
    pos = 0
    for first, count in zip(index[0::2], index[1::2]):
        if count < 0 or pos + count * row > len(raw):
            raise refused("has a cross-reference stream shorter than its /Index says")
        for number in range(first, first + count):
            fields = []
            for w in widths:
                fields.append(int.from_bytes(raw[pos:pos + w], "big"))
                pos += w
            kind = fields[0] if widths[0] else 1
            _enter(section, number, (kind, fields[1], fields[2]))
    return section, head


def _enter(section: Section, number: int, entry: tuple) -> None:
    from pnp.verify.decoders import MAX_OBJECTS

    if number in section.entries:
        raise refused(f"lists object {number} twice in one cross-reference section: readers "
                      "disagree on which copy to take; pnp PDFs list each object once")
    if len(section.entries) >= MAX_OBJECTS:
        raise refused(f"has more than {MAX_OBJECTS} objects; pnp PDFs have far fewer")
    section.entries[number] = entry


def _decoded(head: dict, body: bytes) -> bytes:
    """A cross-reference stream's rows: inflated within bounds, PNG predictors undone."""
    from pnp.verify.decoders import FLATE, Refused, decode

    filters = head.get("/Filter")
    if filters is None:
        raw = body
    elif isinstance(filters, bytes) and filters.decode("latin-1") in FLATE:
        try:
            raw = decode("/FlateDecode", body, MAX_XREF_STREAM)
        except Refused as exc:
            raise refused(f"has a cross-reference stream that inflates too far (past "
                          f"{MAX_XREF_STREAM // 2**20} MB)" if "inflates" in str(exc) else
                          "has a damaged cross-reference stream") from None
    else:
        raise refused("has a cross-reference stream in a filter no writer uses for it")
    parms = head.get("/DecodeParms")
    if parms is None:
        return raw
    if not isinstance(parms, dict):
        raise refused("has a cross-reference stream with odd decoding parameters")
    predictor = _int(parms.get("/Predictor", b"1"), "/Predictor")
    columns = _int(parms.get("/Columns", b"1"), "/Columns")
    if predictor == 1:
        return raw
    if not 10 <= predictor <= 15 or not 0 < columns <= 64:
        raise refused("has a cross-reference stream with a predictor no writer uses for it")
    return _unpredicted(raw, columns)


def _unpredicted(raw: bytes, columns: int) -> bytes:
    """PNG rows (a filter byte, then ``columns`` bytes) back to plain rows."""
    out = bytearray()
    prior = bytearray(columns)
    step = columns + 1
    for at in range(0, len(raw) - columns, step):
        kind, row = raw[at], bytearray(raw[at + 1:at + step])
        for i in range(columns):
            left = row[i - 1] if i else 0
            up, corner = prior[i], prior[i - 1] if i else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            elif kind != 0:
                raise refused("has a damaged cross-reference stream")
        out += row
        prior = row
    return bytes(out)


# ---- the tiling: every byte accounted for --------------------------------------------------

def _tile(data: bytes, sections: list[Section]) -> None:
    """Objects at their offsets, sections, trailers and ends, and nothing else but whitespace
    and comments, in the order the file holds them."""
    starts: dict[int, tuple] = {}
    offsets: dict[int, int] = {}
    holders: dict[int, int] = {}          # object stream -> how many objects it holds
    for section in sections:
        starts[section.at] = ("section", section)
    for section in sections:
        for number, (kind, offset, generation) in section.entries.items():
            if kind == 2:
                holders[offset] = holders.get(offset, 0) + 1
            if kind != 1:
                continue
            if number == section.stream:
                if offset != section.at:
                    raise refused(f"lists its cross-reference stream (object {number}) where "
                                  "it is not")
                continue
            if offset in starts:
                raise refused(f"lists object {number} where another object is")
            starts[offset] = ("object", number, generation)
            offsets[number] = offset
    if not data.startswith(b"%PDF-"):
        raise refused("has bytes before its %PDF- header, which readers place differently; "
                      "pnp PDFs start with it")
    pos = _gap(data, data.find(b"\n") + 1 or len(data))
    ordered = sorted(starts)
    for k, at in enumerate(ordered):
        if at < pos:
            raise refused("lists an object inside another object")
        if _gap(data, pos, at) != at:
            raise refused(f"holds bytes at offset {_gap(data, pos, at)} that belong to no object "
                          "its cross-reference table lists (a reader that rebuilds the table "
                          "would read them); pnp PDFs hold none")
        what = starts[at]
        if what[0] == "section":
            pos = what[1].end
        else:
            pos = _object(data, at, what[1], what[2], offsets, holders.get(what[1]))
    if _gap(data, pos) != len(data):
        raise refused(f"holds bytes at offset {_gap(data, pos)} that belong to no object its "
                      "cross-reference table lists; pnp PDFs hold none")


def _gap(data: bytes, pos: int, limit: int | None = None) -> int:
    """Past whitespace, comments and ``startxref ... %%EOF`` ends from ``pos`` (up to ``limit``)."""
    end = len(data) if limit is None else limit
    while pos < end:
        ch = data[pos]
        if ch in _WS:
            pos += 1
        elif ch == 37:                                  # %: a comment to the end of its line
            stop = re.compile(rb"[\r\n]").search(data, pos, end)
            pos = stop.start() if stop else end
        else:
            m = _TAIL.match(data, pos, end)
            if m is None:
                return pos
            pos = m.end()
    return min(pos, end)


def _object(data: bytes, at: int, number: int, generation: int, offsets: dict,
            held: int | None = None) -> int:
    """Where the object at ``at`` ends (past ``endobj``), its tokens checked on the way;
    ``offsets`` gives each object's place, for a length held in an object of its own. An
    object stream (``held`` objects in it) is decoded within bounds and its objects' tokens
    checked too, before qpdf inflates it whole to read the catalog as it opens the file."""
    value, pos = _object_value(data, at, number, generation)
    pos = _skip(data, pos)
    if data.startswith(b"stream", pos):
        if not isinstance(value, dict):
            raise refused(f"has a stream (object {number}) without a dictionary")
        length = value.get("/Length")
        if isinstance(length, tuple):               # an indirect length: read it where it is
            where = offsets.get(length[0])
            length = _object_value(data, where, *length)[0] if where is not None else None
        body, pos = _stream_body(data, pos, _int(length, f"object {number}'s /Length"))
        if held is not None:
            _object_stream(value, body, held)
        pos = _skip(data, pos)
    if not data.startswith(b"endobj", pos):
        raise refused(f"has object {number} that does not end where the PDF grammar ends it")
    return pos + 6


def _object_value(data: bytes, at: int, number: int, generation: int) -> tuple[object, int]:
    m = _OBJ.match(data, at)
    if m is None or int(m.group(1)) != number or int(m.group(2)) != generation:
        raise refused(f"does not have object {number} where its cross-reference table says")
    return _value(data, _skip(data, m.end()), 0)


def _object_stream(head: dict, body: bytes, held: int) -> None:
    from pnp.verify.decoders import FILTERS, MAX_IN_OBJECT_STREAM, MAX_STREAM, decode

    if held > MAX_IN_OBJECT_STREAM:
        raise refused(f"has an object stream holding {held} objects (qpdf writes 100 a stream)")
    filters = head.get("/Filter")
    names = [filters] if isinstance(filters, bytes) else filters if isinstance(filters, list) \
        else [] if filters is None else [b"?"]
    if len(names) > 1 or any(not isinstance(f, bytes) or f.decode("latin-1") not in FILTERS
                             for f in names) or head.get("/DecodeParms") is not None:
        raise refused("has an object stream encoded in a way pnp's re-savers never write")
    for f in names:
        body = decode(f.decode("latin-1"), body, MAX_STREAM)
    object_stream(body, _int(head.get("/N"), "an object stream's /N"),
                  _int(head.get("/First"), "an object stream's /First"))


def object_stream(body: bytes, count: int, first: int) -> None:
    """The objects an object stream holds (its decoded ``body``: ``count`` pairs of object
    number and offset, then the objects from ``first``), their tokens checked as above."""
    pos = 0
    places = []
    for _ in range(count):
        number, pos = _value(body, pos, 0)
        offset, pos = _value(body, pos, 0)
        places.append(_int(offset, "an object stream's offset"))
        _int(number, "an object stream's object number")
    for offset in places:
        if not 0 <= first + offset < len(body):
            raise refused("has an object stream whose objects lie outside it")
        _value(body, first + offset, 0)


def _stream_body(data: bytes, pos: int, length: int) -> tuple[bytes, int]:
    """The data after ``stream`` at ``pos`` and where ``endstream`` ends, which must be right
    after ``length`` bytes (and an end of line)."""
    start = pos + 6
    if data.startswith(b"\r\n", start):
        start += 2
    elif data.startswith(b"\n", start):
        start += 1
    else:
        raise refused("has a stream whose data does not start on a new line")
    end = start + length
    after = end
    while after < len(data) and data[after] in b"\r\n":
        after += 1
    if length < 0 or end > len(data) or not data.startswith(b"endstream", after):
        raise refused("has a stream whose /Length does not end it at its endstream: readers "
                      "that trust the length and readers that look for the end read different "
                      "data; pnp PDFs' lengths are exact")
    return data[start:end], after + 9


# ---- tokens -------------------------------------------------------------------------------

def _skip(data: bytes, pos: int) -> int:
    while pos < len(data):
        ch = data[pos]
        if ch in _WS:
            pos += 1
        elif ch == 37:
            stop = re.compile(rb"[\r\n]").search(data, pos)
            pos = stop.start() if stop else len(data)
        else:
            break
    return pos


def _dictionary(data: bytes, pos: int) -> tuple[dict, int]:
    value, end = _value(data, pos, 0)
    if not isinstance(value, dict):
        raise refused("is damaged: a dictionary was expected where its frame has none")
    return value, end


def _value(data: bytes, pos: int, depth: int):
    """One object's value from ``pos``: a dict of names to values, a list, a (number,
    generation) reference, or a token's bytes; and where it ends. Refuses an over-long token."""
    if depth > MAX_DEPTH:
        raise refused("nests arrays or dictionaries deeper than any PDF pnp writes")
    pos = _skip(data, pos)
    m = _TOKEN.match(data, pos)
    if m is None:
        raise refused(f"is damaged: an object ends early at offset {pos}")
    token = m.group(0)
    if token == b"<<":
        items, pos = _until(data, m.end(), depth, b">>")
        out: dict = {}
        if len(items) % 2:
            raise refused(f"has a dictionary key without its value before offset {pos}")
        for key, value in zip(items[0::2], items[1::2]):
            if not (isinstance(key, bytes) and key.startswith(b"/")):
                raise refused(f"has a dictionary key that is not a name before offset {pos}")
            name = key.decode("latin-1")
            if name in out:
                raise refused(f"has a dictionary that gives {_printable(name)} twice (readers "
                              "take either value); pnp PDFs give each key once")
            out[name] = value
        return out, pos
    if token == b"[":
        return _until(data, m.end(), depth, b"]")
    if token == b"(":
        return b"(string)", _string_end(data, m.end())
    if token.startswith(b"/"):
        if len(token) > MAX_NAME + 1:
            raise refused(f"has a name of {len(token) - 1} bytes; no PDF name is longer than "
                          f"{MAX_NAME}")
        return token, m.end()
    if token.startswith(b"<"):
        return token, m.end()
    if token[0] in _DELIMS or token in (b">>", b"]"):
        raise refused(f"is damaged: {token[:1]!r} out of place at offset {pos}")
    if len(token) > MAX_NUMBER:
        raise refused(f"has a token of {len(token)} characters at offset {pos} (readers read "
                      f"long numbers differently); pnp writes none longer than {MAX_NUMBER}")
    end = m.end()
    if token.isdigit():                 # maybe "N G R": a reference
        r = re.compile(rb"[\x00\t\n\f\r ]+(\d{1,5})[\x00\t\n\f\r ]+R(?=[\x00\t\n\f\r ()<>\[\]{}/%]|\Z)"
                       ).match(data, end)
        if r is not None:
            return (int(token), int(r.group(1))), r.end()
    return token, end


def _printable(text: str) -> str:
    return "".join(c if " " <= c <= "~" else "?" for c in text[:40])


def _until(data: bytes, pos: int, depth: int, close: bytes) -> tuple[list, int]:
    """The values of an array or dictionary from ``pos`` to its ``close``, and where it ends."""
    items: list = []
    while True:
        pos = _skip(data, pos)
        if data.startswith(close, pos):
            return items, pos + len(close)
        item, pos = _value(data, pos, depth + 1)
        items.append(item)
        if len(items) > MAX_ITEMS:
            raise refused(f"has an array or dictionary of more than {MAX_ITEMS} items; pnp "
                          "writes none so long")


def _string_end(data: bytes, pos: int) -> int:
    depth = 1
    for m in _STRING_PART.finditer(data, pos):
        part = m.group(0)
        if part == b"(":
            depth += 1
        elif part == b")":
            depth -= 1
            if depth == 0:
                return m.end()
    raise refused("is damaged: a string never ends")


def _int(value, what: str) -> int:
    if isinstance(value, bytes) and value.isdigit():
        return int(value)
    raise refused(f"is damaged: {what} is not a whole number")


def _ints(value, what: str) -> list[int]:
    if not isinstance(value, list):
        raise refused(f"is damaged: {what} is not a list of numbers")
    return [_int(v, what) for v in value]
