"""Refusing a hostile PDF before anything large is built: bounds from the parser's view of it.

First the file's frame is read one way only (``pnp.verify.container``: its cross-reference
sections, objects and tokens, from its bytes). Then it is opened with qpdf (through pikepdf),
which reads it as a viewer does: names decoded (``/A#41`` is ``/AA``), object streams, and no
trust in anything that merely looks like syntax (the bytes ``obj`` inside a string hide
nothing from it). qpdf reads every stream's dictionary without decoding its data; this scan
then decodes each stream itself, with its own bounded decoders (Flate in steps of ``STEP``,
ASCIIHex, ASCII85), counting as it goes and stopping the moment a stream or the file passes
its cap, so a bomb is refused in seconds and a few megabytes. It also caps what later costs
grow with: objects, and filters pnp never writes. A file qpdf had to repair is refused: a
damaged file is read differently by different readers, and the proof must be about the file a
printer reads. Nothing in the validator renders a page or asks qpdf for a page's operators.

What slips through still meets the limits of ``pnp.verify.sandbox``.
"""

from __future__ import annotations

import io
import os
from contextlib import contextmanager
from dataclasses import dataclass, field

from pnp.verify.decoders import (FILTERS, FLATE, MAX_IN_OBJECT_STREAM, MAX_INFLATED, MAX_OBJECTS,
                                 Refused, decode)

MAX_PAGE_WORK = 512 * 2**20   # pages x largest content stream: what parsing every page may cost
OPEN_MEMORY = 160 * 2**20     # address space opening and scanning may add (a 1000-page pack: ~30 MB)
OPENING_GREW = 32 * 2**20     # a failed open that grew the peak this much ran out of memory


@dataclass
class Scan:
    """What the scan saw: the document as qpdf reads it (``pdf``, a pikepdf document kept
    open for the structural proof), and the largest page or form content decoded."""

    pdf: object = None
    largest_content: int = 0
    decoded: int = 0
    warnings: list = field(default_factory=list)
    object_streams: set = field(default_factory=set)   # objgens decoded before the objects


def scan(data: bytes) -> Scan:
    """Raise Refused if the PDF asks for more than any pnp PDF could; else the open document."""
    import pikepdf

    from pnp.verify import container
    from pnp.verify.sandbox import tighter

    container.check(data)       # the frame read one way, before qpdf builds anything
    # qpdf inflates a cross-reference stream while it opens the file, with its own decoder:
    # the open (and the scan after it) gets a tight memory limit of its own, so such a bomb
    # is refused within ``OPEN_MEMORY``, not at the child's limit
    pdf = None
    before = _peak()
    try:
        with _quiet(), tighter(OPEN_MEMORY):
            try:
                pdf = pikepdf.open(io.BytesIO(data), inherit_page_attributes=False)   # as written
            except pikepdf.PasswordError:
                raise Refused("the PDF is encrypted; pnp PDFs never are") from None
            except (pikepdf.PdfError, ValueError, RuntimeError) as exc:
                # qpdf reports an allocation that failed under the limit as a damaged file
                # ("unable to find /Root dictionary"): say what it was
                if _peak() - before > OPENING_GREW:
                    raise MemoryError from None
                raise Refused(f"damaged or unreadable PDF ({said(exc)})") from None
            return _scan(pdf)
    except MemoryError:
        if pdf is not None:
            pdf.close()
        raise Refused(f"needs more than {OPEN_MEMORY // 2**20} MB of memory to open (a "
                      "cross-reference or object stream that inflates too far; pnp PDFs need "
                      "a few MB)") from None
    except BaseException:
        if pdf is not None:
            pdf.close()
        raise


@contextmanager
def _quiet():
    """qpdf writes some of its repair notes straight to the standard error stream, past
    pikepdf's suppress_warnings; the validator's own line must be the only one there. (The
    notes are not lost: ``get_warnings`` still has them, and a repaired file is refused.)"""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _scan(pdf) -> Scan:
    import pikepdf

    if pdf.is_encrypted:
        raise Refused("the PDF is encrypted; pnp PDFs never are")
    size = pdf.trailer.get("/Size")
    if isinstance(size, int) and size > MAX_OBJECTS:
        raise Refused(f"has {size} objects; pnp PDFs have far fewer (at most {MAX_OBJECTS})")
    found = Scan(pdf)
    count = 0
    try:
        _object_streams(pdf, found)
        for obj in pdf.objects:
            count += 1
            if count > MAX_OBJECTS:
                raise Refused(f"has more than {MAX_OBJECTS} objects; pnp PDFs have far fewer")
            if isinstance(obj, pikepdf.Stream) and obj.objgen not in found.object_streams:
                _stream(obj, found)
    except pikepdf.PdfError as exc:
        raise Refused(f"damaged or unreadable PDF ({said(exc)})") from None
    warnings = pdf.get_warnings()
    if warnings:
        raise Refused(f"is damaged: it reads only after repair ({said(warnings[0])}); pnp PDFs "
                      "and their re-saves read cleanly")
    return found


def _peak() -> int:
    """This process's peak resident memory in bytes so far (0 where unknown)."""
    try:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    except (ImportError, OSError):
        return 0


def _object_streams(pdf, found: Scan) -> None:
    """Every object stream, decoded by the bounded decoders before any object inside it is
    resolved: qpdf inflates an object stream whole, with its own decoder, the first time it
    reads an object from it. The cross-reference table says which streams hold objects,
    without resolving any of them."""
    import pikepdf

    holders: dict[int, int] = {}
    for entry in pdf.get_xref_table().values():
        if entry.type == 2:
            holders[entry.obj_stream_number] = holders.get(entry.obj_stream_number, 0) + 1
            if len(holders) > MAX_OBJECTS:
                raise Refused(f"has more than {MAX_OBJECTS} object streams; pnp PDFs have far fewer")
    for number, held in sorted(holders.items()):
        if held > MAX_IN_OBJECT_STREAM:
            raise Refused(f"has an object stream holding {held} objects (qpdf writes 100 a "
                          "stream)")
        holder = pdf.get_object((number, 0))
        if not isinstance(holder, pikepdf.Stream) or holder.get("/Type") != pikepdf.Name.ObjStm:
            raise Refused("lists objects inside something that is not an object stream")
        _stream(holder, found)            # counted with the rest (``container`` has decoded
        found.object_streams.add(holder.objgen)   # it within bounds and read its tokens)


def _stream(obj, found: Scan) -> bytes | None:
    """The stream decoded within bounds (None for the cross-reference stream qpdf has read)."""
    import pikepdf

    kind = str(obj.get("/Type", ""))
    if kind == "/XRef":
        return None           # read within bounds by ``container`` before qpdf opened the file
    filters = obj.get("/Filter")
    names = [filters] if isinstance(filters, pikepdf.Name) else \
        list(filters) if isinstance(filters, pikepdf.Array) else [] if filters is None else [None]
    names = [str(f) if isinstance(f, pikepdf.Name) else "?" for f in names]
    odd = [f for f in names if f not in FILTERS]
    if odd:
        raise Refused(f"uses the {odd[0].lstrip('/')} filter, which pnp PDFs never use")
    if sum(f in FLATE for f in names) > 1 or len(names) > 3:
        raise Refused("has a stream encoded over and over, which pnp PDFs never have")
    if obj.get("/DecodeParms") is not None and any(f in FLATE for f in names):
        parms = obj.get("/DecodeParms")
        predictor = [p.get("/Predictor", 1) for p in (parms if isinstance(parms, pikepdf.Array) else [parms])
                     if isinstance(p, pikepdf.Dictionary)]
        if any(p not in (1, None) for p in predictor):
            raise Refused("has a stream with a predictor, which pnp PDFs never have")
    body = obj.read_raw_bytes()
    room = MAX_INFLATED - found.decoded
    for f in names:
        body = decode(f, body, room)
    found.decoded += len(body)
    subtype = str(obj.get("/Subtype", ""))
    if kind in ("/EmbeddedFile", "/ObjStm", "/Metadata") or subtype in ("/Image",) or \
            any(k in obj for k in ("/Length1", "/Length2", "/Length3")):
        return body           # not content a page draws
    found.largest_content = max(found.largest_content, len(body))
    return body


def said(warning) -> str:
    """qpdf's words without the name it gives an in-memory file (``<_io.BytesIO object at
    0x...>``, wherever it says it) or any other object's address."""
    import re

    text = " ".join(str(warning).split())
    text = re.sub(r"(?:stream |file )?<[^<>]* at 0x[0-9a-fA-F]+>:? ?", "", text)
    return text.strip(" :")[:120]


def _short(exc) -> str:
    return " ".join(str(exc).split())[:120]


