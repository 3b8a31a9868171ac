"""Forging a PDF's frame by hand, as the container attacks need: incremental updates appended
to a file's bytes, with the cross-reference entries a forger chooses (pikepdf and pypdf write
files whole, and never list an object twice)."""

from __future__ import annotations

import io
import re

import pikepdf


def update(data: bytes, objects: dict[int, bytes],
           entries: list[tuple[int, str]] | None = None) -> bytes:
    """``data`` with an incremental update appended: each of ``objects`` (number -> the bytes
    between ``N 0 obj`` and ``endobj``) written anew, then one cross-reference section of
    ``entries`` (object number, and "old" or "new": which copy the entry points at; by default
    each new object once, at its new copy) and a trailer whose /Prev chains to the file's own."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        root, size = pdf.Root.objgen[0], int(pdf.trailer.Size)
        info = pdf.trailer.Info.objgen[0] if "/Info" in pdf.trailer else None
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    new: dict[int, int] = {}
    for number, body in objects.items():
        new[number] = len(out)
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n"
    for number, which in entries if entries is not None else [(n, "new") for n in objects]:
        offset = new[number] if which == "new" else _old_offset(data, number)
        out += b"%d 1\n%010d 00000 n \n" % (number, offset)
    out += (b"trailer\n<< /Size %d /Root %d 0 R%s /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
            % (max(size, *[n + 1 for n in objects]), root, b" /Info %d 0 R" % info if info else b"",
               int(re.findall(rb"startxref\s+(\d+)", data)[-1]), table))
    return bytes(out)


def _old_offset(data: bytes, number: int) -> int:
    """Where object ``number`` is in the file as first written."""
    m = re.search(rb"(?<![0-9])%d 0 obj" % number, data)
    assert m, number
    return m.start()


def content_object(data: bytes, page: int = 0) -> tuple[int, bytes]:
    """The object number of page ``page``'s content stream, and its decoded bytes."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        contents = pdf.pages[page].obj.Contents
        return contents.objgen[0], contents.read_bytes()


def stream(body: bytes) -> bytes:
    """A stream object's bytes (dictionary and data) holding ``body`` uncompressed."""
    return b"<< /Length %d >>\nstream\n" % len(body) + body + b"\nendstream"


def respelt(data: bytes, old: bytes, new: bytes) -> bytes:
    """``data`` with the first ``old`` spelt ``new``, every offset after it in its (one, classic)
    cross-reference table and its ``startxref`` moved to match, so only the spelling differs."""
    at = data.index(old)
    delta = len(new) - len(old)
    out = data[:at] + new + data[at + len(old):]
    table = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    table += delta if at < table else 0
    head = out.index(b"\n", out.index(b"\n", table) + 1) + 1        # past "xref" and "0 N"
    end = out.index(b"trailer", head)

    def moved(m: re.Match) -> bytes:
        offset = int(m.group(1))
        return b"%010d" % (offset + delta if offset > at else offset) + m.group(2)
    entries = re.sub(rb"(\d{10})( \d{5} n)", moved, out[head:end])
    out = out[:head] + entries + out[end:]
    tail = out.rindex(b"startxref")
    return out[:tail] + re.sub(rb"startxref\s+\d+", b"startxref\n%d" % table, out[tail:],
                               count=1)
