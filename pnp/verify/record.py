"""A file's record, read strictly: the one parse of an untrusted file the validator makes.

The record is the attached data pnp writes into every PDF (``pnp.pdf.embed``): the boards'
items and data, the seed, the title, the paper, the language and the pnp version. It is all a
rebuild needs, so nothing else of the file is read as PDF: the proof is the rebuild compared
byte for byte (``pnp.verify.validate``), and no reading of the file's objects decides anything.

The reader finds the attached file's stream (``/Type /EmbeddedFile``) by its bytes, as pnp
writes it or a re-saver rewrites it (Flate-compressed, its dictionary spaced otherwise), and
refuses what it cannot read plainly, in one line: a file larger than ``MAX_PDF_BYTES``, data
past ``MAX_DATA_BYTES`` (compressed or inflated, counted as it inflates), a filter pnp and its
re-savers never write, JSON that is not pnp's format. Which of two records it takes does not
matter: a file holding two is not the file pnp writes for either, and fails the comparison.
"""

from __future__ import annotations

import json
import re
import stat
import zlib
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import PnpError
from pnp.i18n.message import Message
from pnp.pdf.embed import FORMAT

MAX_PDF_BYTES = 64 * 2**20       # a 1,000-page pack is about 5 MB
MAX_DATA_BYTES = 8 * 2**20       # the record of a 1,000-page pack is about 1 MB
MAX_ATTACHED = 64                # attached-file streams looked at; pnp writes one
STEP = 1 << 16                   # bytes inflated per step, so the bound is checked as it grows

_ATTACHED = re.compile(rb"/Type\s*/EmbeddedFile(?![^\s/<>\[\]()%])")
_OBJ = re.compile(rb"\d{1,10}\s+\d{1,5}\s+obj\b")
_STREAM = re.compile(rb">>\s*stream(?:\r\n|\n|\r)")
_LENGTH = re.compile(rb"/Length\s+(\d{1,12})(\s+\d{1,5}\s+R)?")
_FILTER = re.compile(rb"/Filter\s*(\[\s*)?/(\w+)\s*(\])?")
_END = re.compile(rb"(?:\r\n|\n|\r)?endstream")


class NotOurs(PnpError):
    """The file cannot be read as a pnp PDF: one line (a Message, its file a fact named ``file``)."""


@dataclass
class Record:
    name: str            # the file as the user named it
    data: bytes          # the file's bytes, to compare with the rebuild
    payload: dict        # the attached data


def read(path) -> Record:
    """The file's bytes and its record; NotOurs, one line, for anything else."""
    path = Path(path)
    name = str(path)
    data = _bytes(path, name)
    if not data.startswith(b"%PDF-"):
        raise NotOurs(Message("{file}: not a PDF file", file=name))
    if b"%%EOF" not in data[-1024:]:          # a reader might repair it, but it is a cut-short copy
        raise NotOurs(Message("{file}: the PDF is cut short (no %%EOF at its end); copy it again",
                              file=name))
    if b"/Encrypt" in data[-4096:]:           # in the trailer: every stream, the record too, is
        raise NotOurs(Message("{file}: the PDF is encrypted; pnp PDFs never are", file=name))
    found = [m.start() for _, m in zip(range(MAX_ATTACHED + 1), _ATTACHED.finditer(data))]
    if len(found) > MAX_ATTACHED:
        raise NotOurs(Message("{file}: more than {most} attached files; pnp attaches one",
                              file=name, most=MAX_ATTACHED))
    for at in found:
        body = _attached(data, at, name)
        if body is not None:
            return Record(name, data, _payload(body, name))
    raise NotOurs(no_record(name))


# a file saved again by another program may leave pnp's record out (a page says what to do then)
NO_RECORD = "{file}: no pnp record attached; was this PDF made by pnp build?"


def no_record(name: str) -> Message:
    return Message("{file}: no pnp record attached; was this PDF made by pnp build?", file=name)


def _bytes(path: Path, name: str) -> bytes:
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise NotOurs(Message("{file}: is a folder, not a PDF", file=name))
        if not stat.S_ISREG(info.st_mode):           # a pipe would block
            raise NotOurs(Message("{file}: not a regular file; save the PDF to a file first",
                                  file=name))
        if info.st_size > MAX_PDF_BYTES:
            raise NotOurs(_too_large(name))
        with open(path, "rb") as fh:
            data = fh.read(MAX_PDF_BYTES + 1)
    except FileNotFoundError:
        raise NotOurs(Message("{file}: no such file", file=name)) from None
    except OSError as exc:
        raise NotOurs(Message("{file}: cannot be read ({why})", file=name,
                              why=exc.strerror or type(exc).__name__)) from None
    if len(data) > MAX_PDF_BYTES:                    # grew while it was read
        raise NotOurs(_too_large(name))
    return data


def _too_large(name: str) -> Message:
    return Message("{file}: larger than {mb} MB; no pack pnp writes is", file=name,
                   mb=MAX_PDF_BYTES // 2**20)


def _attached(data: bytes, at: int, name: str) -> bytes | None:
    """The decoded bytes of the attached-file stream whose dictionary holds ``at``; None when
    ``at`` is not in a stream's dictionary (the words in a string, say)."""
    head = max(0, at - 4096)
    starts = [m.end() for m in _OBJ.finditer(data, head, at)]
    stream = _STREAM.search(data, at, at + 4096)
    if not starts or stream is None:
        return None
    dictionary = data[starts[-1]:stream.start()]
    if b"stream" in dictionary or b"endobj" in dictionary:
        return None
    begin = stream.end()
    length = _LENGTH.search(dictionary)
    end = None
    if length is not None and length.group(2) is None:
        end = begin + int(length.group(1))
        if end > len(data) or not _END.match(data, end):
            end = None                               # a /Length that lies: where the stream ends
    if end is None:
        stop = data.find(b"endstream", begin, begin + MAX_DATA_BYTES + 2)
        if stop < 0:
            raise NotOurs(Message("{file}: its attached record has no end, or is larger than {mb} MB",
                                  file=name, mb=MAX_DATA_BYTES // 2**20))
        end = stop - (2 if data[stop - 2:stop] == b"\r\n" else 1 if data[stop - 1:stop] in b"\r\n" else 0)
    body = data[begin:end]
    if len(body) > MAX_DATA_BYTES:
        raise NotOurs(Message("{file}: its attached record is larger than {mb} MB; pnp's are far "
                              "smaller", file=name, mb=MAX_DATA_BYTES // 2**20))
    filters = _FILTER.search(dictionary)
    if filters is None:
        if b"/Filter" in dictionary or b"/DecodeParms" in dictionary:
            raise _odd(name)
        return body
    if filters.group(2) not in (b"FlateDecode", b"Fl") or bool(filters.group(1)) != bool(filters.group(3)) \
            or b"/DecodeParms" in dictionary:
        raise _odd(name)
    return _inflated(body, name)


def _odd(name: str) -> NotOurs:
    return NotOurs(Message("{file}: its attached record is encoded in a way pnp and the programs "
                           "that re-save PDFs never write", file=name))


def _inflated(body: bytes, name: str) -> bytes:
    """Flate inflated in steps, refused the moment it passes ``MAX_DATA_BYTES``."""
    inflater = zlib.decompressobj()
    out, size, pending = [], 0, body
    try:
        while pending:
            chunk = inflater.decompress(pending, STEP)
            pending = inflater.unconsumed_tail
            size += len(chunk)
            if size > MAX_DATA_BYTES:
                raise NotOurs(Message("{file}: its attached record inflates past {mb} MB; pnp's are "
                                      "far smaller", file=name, mb=MAX_DATA_BYTES // 2**20))
            out.append(chunk)
            if inflater.eof:
                break
    except zlib.error:
        raise NotOurs(Message("{file}: its attached record is damaged", file=name)) from None
    return b"".join(out)


def _payload(body: bytes, name: str) -> dict:
    try:
        payload = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):   # deep nesting: RecursionError
        raise NotOurs(Message("{file}: its attached record is not valid JSON", file=name)) from None
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        raise NotOurs(Message("{file}: its attached record is not in the {format} format", file=name,
                              format=FORMAT))
    return payload


def _no_constant(word: str):
    """pnp writes finite numbers only; NaN and Infinity are not JSON."""
    raise ValueError(f"{word} is not a JSON number")


def read_payload(path) -> dict:
    """The record of a pnp PDF, read in a limited child (``pnp.verify.sandbox``): NotOurs for
    anything that cannot be read, never a crash (a build asks before it replaces a file, the
    analysis reads boards from a PDF)."""
    from pnp.verify import sandbox

    try:
        return sandbox.run(_payload_of, str(path))
    except sandbox.Exhausted as exc:
        raise NotOurs(Message("{file}: {why}; no pnp PDF does", file=str(path), why=exc.args[0])) from None


def _payload_of(path: str) -> dict:
    return read(path).payload
