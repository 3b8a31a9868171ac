"""Refusing a hostile PDF before pdfium reads it: a linear scan of the raw bytes.

pdfium inflates a stream whole before anyone can see its size, so a 1 MB Flate bomb costs
gigabytes before any cap after it applies. This scan walks the file once, inflates every
stream itself with ``zlib.decompressobj`` in bounded steps, stops the moment the total passes
the cap, and counts what later costs grow with: objects, filters pnp never writes, and the
form XObjects that draw other XObjects (the fan-out that turns 82 kB into 16 GB).

It reads the raw syntax without resolving references, so it can be fooled into counting too
much (junk that looks like a stream) but a stream it cannot see is one pdfium cannot see
either; what slips through still meets the limits of ``pnp.pdf.sandbox``.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field

MAX_INFLATED = 256 * 2**20     # bytes all streams may inflate to; a 1000-page pack needs ~30 MB
MAX_STREAM = 64 * 2**20        # bytes one stream may inflate to
MAX_OBJECTS = 500_000          # indirect objects; a 1000-page pack has about 12,000
MAX_DRAWS = 100_000            # worst-case form and image draws reachable through nested forms
MAX_NESTING_FORMS = 8          # form XObjects that themselves draw XObjects
STEP = 1 << 20                 # bytes inflated per step, so the cap is checked as we go

# filters pnp (and qpdf, pikepdf, mutool re-saving a pnp PDF) write; anything else is a decoder
# (JBIG2, JPX, LZW ...) that no pnp page needs and a hostile file would bring
FILTERS = {b"FlateDecode", b"Fl", b"ASCIIHexDecode", b"AHx", b"ASCII85Decode", b"A85"}

_STREAM = re.compile(rb"stream\r?\n")
# bounded and anchored: a run of a million digits must not make the scan quadratic
_OBJ = re.compile(rb"(?<![0-9])[0-9]{1,10}[ \t\r\n\f\0]{1,64}[0-9]{1,5}[ \t\r\n\f\0]{1,64}obj\b")
_OBJSTM_N = re.compile(rb"/Type\s*/ObjStm\b[^>]{0,200}?/N\s+(\d{1,9})|/N\s+(\d{1,9})[^>]{0,200}?/Type\s*/ObjStm\b")
_FILTER = re.compile(rb"/Filter\s*(\[[^\]]*\]|/[A-Za-z0-9]+)")
_NAME = re.compile(rb"/([A-Za-z0-9]+)")
_DO = re.compile(rb"(?<![A-Za-z0-9])Do(?![A-Za-z0-9])")
# names of constructs that can make a page print otherwise than it shows, or do something on
# opening; pnp writes none of them, so the proof compares how often each appears with the redraw
_MARKS = re.compile(rb"/(OCProperties|OC|UserUnit|OpenAction|AA|AcroForm|XFA|JavaScript|JS|Launch|"
                    rb"SubmitForm|ImportData|RichMedia|Collection|Threads)(?![A-Za-z0-9])")


MAX_PAGE_WORK = 512 * 2**20   # pages x largest content stream: what parsing every page may cost


@dataclass
class Scan:
    """What the scan saw: how often each construct pnp never writes is named (in the file and
    its streams, the attached data excepted), and the largest page or form content inflated."""

    marks: dict[str, int] = field(default_factory=dict)
    largest_content: int = 0


class Refused(Exception):
    """What the scan refuses, as the end of one line ("a stream inflates past 64 MB")."""


def scan(data: bytes) -> Scan:
    """Raise Refused if the raw PDF asks for more than any pnp PDF could."""
    objects = len(_OBJ.findall(data)) + sum(int(a or b) for a, b in _OBJSTM_N.findall(data))
    if objects > MAX_OBJECTS:
        raise Refused(f"has {objects} objects; pnp PDFs have far fewer (at most {MAX_OBJECTS})")
    found = Scan()
    marks = found.marks
    total = 0
    forms_drawing: list[int] = []      # Do operators in each form that draws XObjects
    page_draws = 0
    pos = 0
    while True:
        m = _STREAM.search(data, pos)
        if m is None:
            _count(_MARKS.findall(data, pos), marks)
            break
        if data[max(0, m.start() - 3):m.start()] == b"end":    # the word "endstream" itself
            _count(_MARKS.findall(data, pos, m.end()), marks)
            pos = m.end()
            continue
        _count(_MARKS.findall(data, pos, m.start()), marks)     # dictionaries, outside streams
        start = m.end()
        end = data.find(b"endstream", start)
        if end < 0:
            end = len(data)
        head = data[max(pos, m.start() - 2048):m.start()]    # linear: never behind the last stream
        dictionary = head[head.rfind(b"obj") + 3:] if b"obj" in head else head
        pos = end
        filters = _filters(dictionary)
        odd = [f for f in filters if f not in FILTERS]
        if odd:
            raise Refused(f"uses the {odd[0].decode('latin-1')} filter, which pnp PDFs never "
                          "use")
        if filters.count(b"FlateDecode") + filters.count(b"Fl") > 1:
            raise Refused("has a stream compressed twice over, which pnp PDFs never have")
        body = data[start:end]
        if b"FlateDecode" in filters or b"Fl" in filters:
            body = _inflate(body, MAX_INFLATED - total)
            total += len(body)
        if b"/EmbeddedFile" in dictionary:
            continue          # the attached data: text from the data, which the proof compares
        _count(_MARKS.findall(body), marks)
        if not re.search(rb"/(Length[123]|Subtype\s*/(Image|Type1C|CIDFontType0C|OpenType)|Type\s*/(ObjStm|XRef|Metadata))",
                         dictionary):
            found.largest_content = max(found.largest_content, len(body))
        draws = len(_DO.findall(body))
        if b"/Subtype/Form" in dictionary.replace(b" ", b""):
            if draws:
                forms_drawing.append(draws)
        else:
            page_draws = max(page_draws, draws)
    _check_fan_out(page_draws, forms_drawing)
    return found


def _count(names: list[bytes], into: dict[str, int]) -> None:
    for name in names:
        key = "/" + name.decode()
        into[key] = into.get(key, 0) + 1


def _filters(dictionary: bytes) -> list[bytes]:
    m = _FILTER.search(dictionary)
    return _NAME.findall(m.group(1)) if m else []


def _inflate(body: bytes, room: int) -> bytes:
    """The stream inflated, refusing as soon as it passes its cap or the room left."""
    cap = min(MAX_STREAM, room)
    inflater = zlib.decompressobj()
    out = []
    size = 0
    pending = body
    try:
        while pending:
            chunk = inflater.decompress(pending, STEP)
            pending = inflater.unconsumed_tail
            size += len(chunk)
            if size > cap:
                raise Refused(f"has a compressed stream that inflates past {cap // 2**20} MB "
                              f"(a stream in a pnp PDF is far smaller)")
            out.append(chunk)
            if inflater.eof:
                break
    except zlib.error:
        pass          # damaged or not really Flate: pdfium decides what to make of it
    return b"".join(out)


def _check_fan_out(page_draws: int, forms_drawing: list[int]) -> None:
    """Forms that draw forms multiply: with k such forms of at most d draws each, one page
    draw can reach d^k objects. pnp writes no form XObjects at all, so the cap is generous."""
    if len(forms_drawing) > MAX_NESTING_FORMS:
        raise Refused(f"has {len(forms_drawing)} form XObjects that draw other XObjects "
                      f"(nested forms; pnp PDFs have none)")
    worst = max(page_draws, 1)
    for draws in sorted(forms_drawing, reverse=True):
        worst *= max(draws, 1)
        if worst > MAX_DRAWS:
            raise Refused("has nested form XObjects that could draw more than "
                          f"{MAX_DRAWS} objects on one page (pnp PDFs have none)")
