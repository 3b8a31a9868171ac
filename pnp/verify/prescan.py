"""Refusing a hostile PDF before any renderer reads it: bounds from the parser's view of the file.

The file is opened with qpdf (through pikepdf), which reads it as a viewer does: names
decoded (``/A#41`` is ``/AA``), object streams, incremental updates, and no trust in anything
that merely looks like syntax (the bytes ``obj`` inside a string hide nothing from it). qpdf
reads every stream's dictionary without decoding its data; this scan then decodes each stream
itself, with its own bounded decoders (Flate in steps of ``STEP``, ASCIIHex, ASCII85), counting
as it goes and stopping the moment a stream or the file passes its cap, so a bomb is refused in
seconds and a few megabytes. It also caps what later costs grow with: objects, filters pnp
never writes, inline images, and the form XObjects that draw other XObjects (the fan-out that
turns 82 kB into 16 GB). A file qpdf had to repair is refused: a damaged file is read
differently by different readers, and the proof must be about the file a printer reads.

What slips through still meets the limits of ``pnp.verify.sandbox``.
"""

from __future__ import annotations

import base64
import binascii
import io
import os
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field

MAX_INFLATED = 96 * 2**20      # bytes all streams may decode to; a 1000-page pack needs ~30 MB
MAX_STREAM = 32 * 2**20        # bytes one stream may decode to
MAX_OBJECTS = 500_000          # indirect objects; a 1000-page pack has about 2,300
MAX_DRAWS = 100_000            # worst-case form and image draws reachable through nested forms
MAX_NESTING_FORMS = 8          # form XObjects that themselves draw XObjects
STEP = 1 << 20                 # bytes inflated per step, so the cap is checked as we go

# filters pnp (and qpdf, pikepdf, mutool re-saving a pnp PDF) write; anything else is a decoder
# (JBIG2, JPX, LZW, DCT ...) that no pnp page needs and a hostile file would bring
FILTERS = {"/FlateDecode", "/Fl", "/ASCIIHexDecode", "/AHx", "/ASCII85Decode", "/A85"}
FLATE = {"/FlateDecode", "/Fl"}


MAX_PAGE_WORK = 512 * 2**20   # pages x largest content stream: what parsing every page may cost
OPEN_MEMORY = 160 * 2**20     # address space opening and scanning may add (a 1000-page pack: ~30 MB)
OPENING_GREW = 32 * 2**20     # a failed open that grew the peak this much ran out of memory
MAX_IN_OBJECT_STREAM = 10_000  # objects one object stream may hold (qpdf writes 100 a stream)


@dataclass
class Scan:
    """What the scan saw: the document as qpdf reads it (``pdf``, a pikepdf document kept
    open for the structural proof), and the largest page or form content decoded."""

    pdf: object = None
    largest_content: int = 0
    decoded: int = 0
    warnings: list = field(default_factory=list)
    object_streams: set = field(default_factory=set)   # objgens decoded before the objects


class Refused(Exception):
    """What the scan refuses, as the end of one line ("a stream inflates past 32 MB")."""


def scan(data: bytes) -> Scan:
    """Raise Refused if the PDF asks for more than any pnp PDF could; else the open document."""
    import pikepdf

    from pnp.verify.sandbox import tighter

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
                raise Refused(f"damaged or unreadable PDF ({_said(exc)})") from None
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
    forms: dict = {}           # objgen of a form XObject -> (its draws, the XObjects it names)
    count = 0
    try:
        _object_streams(pdf, found)
        for obj in pdf.objects:
            count += 1
            if count > MAX_OBJECTS:
                raise Refused(f"has more than {MAX_OBJECTS} objects; pnp PDFs have far fewer")
            if isinstance(obj, pikepdf.Stream) and obj.objgen not in found.object_streams:
                _stream(obj, found, forms)
    except pikepdf.PdfError as exc:
        raise Refused(f"damaged or unreadable PDF ({_said(exc)})") from None
    warnings = pdf.get_warnings()
    if warnings:
        raise Refused(f"is damaged: it reads only after repair ({_said(warnings[0])}); pnp PDFs "
                      "and their re-saves read cleanly")
    _check_fan_out(pdf, forms)
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
        _stream(holder, found, {})        # refuses a bomb before qpdf inflates it
        found.object_streams.add(holder.objgen)


def _stream(obj, found: Scan, forms: dict) -> None:
    import pikepdf

    kind = str(obj.get("/Type", ""))
    if kind == "/XRef":
        return                # qpdf has read it already to open the file; pnp's readers never do
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
        body = _decode(f, body, room)
    found.decoded += len(body)
    subtype = str(obj.get("/Subtype", ""))
    if kind in ("/EmbeddedFile", "/ObjStm", "/Metadata") or subtype in ("/Image",) or \
            any(k in obj for k in ("/Length1", "/Length2", "/Length3")):
        return                # not content a page draws
    found.largest_content = max(found.largest_content, len(body))
    if b"ID" in body and b"BI" in body:          # maybe an inline image: read it as qpdf does
        try:
            ops = pikepdf.parse_content_stream(obj)
        except pikepdf.PdfError:
            ops = []
        if any(isinstance(op, pikepdf.ContentStreamInlineImage) for op in ops):
            raise Refused("has an inline image, which pnp PDFs never have")
    if subtype == "/Form":
        draws = _draws(obj, body)
        named = obj.get("/Resources", {}).get("/XObject") if isinstance(obj.get("/Resources"), pikepdf.Dictionary) else None
        forms[obj.objgen] = (draws, named)


def _draws(obj, body: bytes) -> int:
    """How many XObjects a content stream draws (its ``Do`` operators, as parsed)."""
    import pikepdf

    if b"Do" not in body:
        return 0
    try:
        return sum(str(op.operator) == "Do" for op in pikepdf.parse_content_stream(obj))
    except pikepdf.PdfError:
        return 0


def _check_fan_out(pdf, forms: dict) -> None:
    """Forms that draw forms multiply: a page draw can reach the product of the draws along
    any chain of forms. pnp writes no form XObjects at all, so the cap is generous."""
    import pikepdf

    drawing = [g for g, (draws, _) in forms.items() if draws]
    if len(drawing) > MAX_NESTING_FORMS:
        raise Refused(f"has {len(drawing)} form XObjects that draw other XObjects "
                      f"(nested forms; pnp PDFs have none)")
    worst: dict = {}

    def reach(objgen, depth: int) -> int:
        if depth > MAX_NESTING_FORMS + 1:
            raise Refused("has form XObjects that draw themselves (pnp PDFs have none)")
        if objgen in worst:
            return worst[objgen]
        draws, named = forms.get(objgen, (0, None))
        inner = 1
        if draws and isinstance(named, pikepdf.Dictionary):
            inner = max([reach(x.objgen, depth + 1) for x in named.values()
                         if isinstance(x, pikepdf.Stream) and x.objgen in forms] or [1])
        worst[objgen] = max(1, draws) * inner if draws else 1
        if worst[objgen] > MAX_DRAWS:
            raise Refused("has nested form XObjects that could draw more than "
                          f"{MAX_DRAWS} objects on one page (pnp PDFs have none)")
        return worst[objgen]

    for page in pdf.pages:
        xobjects = page.obj.get("/Resources", {}).get("/XObject") \
            if isinstance(page.obj.get("/Resources"), pikepdf.Dictionary) else None
        if not isinstance(xobjects, pikepdf.Dictionary):
            continue
        page_draws = 0
        for content in _contents(page.obj):
            page_draws += _draws(content, content.read_bytes()) if content.objgen else 0
        top = max([reach(x.objgen, 0) for x in xobjects.values()
                   if isinstance(x, pikepdf.Stream) and x.objgen in forms] or [1])
        if max(page_draws, 1) * top > MAX_DRAWS:
            raise Refused("has nested form XObjects that could draw more than "
                          f"{MAX_DRAWS} objects on one page (pnp PDFs have none)")


def _contents(page) -> list:
    import pikepdf

    contents = page.get("/Contents")
    if isinstance(contents, pikepdf.Stream):
        return [contents]
    if isinstance(contents, pikepdf.Array):
        return [c for c in contents if isinstance(c, pikepdf.Stream)]
    return []


def _decode(name: str, body: bytes, room: int) -> bytes:
    if name in FLATE:
        return _inflate(body, room)
    if name in ("/ASCIIHexDecode", "/AHx"):
        text = bytes(body).split(b">", 1)[0]
        text = b"".join(text.split())
        try:
            return binascii.unhexlify(text + b"0" * (len(text) % 2))
        except (binascii.Error, ValueError):
            raise Refused("has a damaged ASCIIHex stream") from None
    # ASCII85: never longer than 5/4 of its text, so it needs no cap of its own
    text = b"".join(bytes(body).split())
    if text.startswith(b"<~"):
        text = text[2:]
    text = text.split(b"~>", 1)[0]
    try:
        return base64.a85decode(text)
    except (ValueError, binascii.Error):
        raise Refused("has a damaged ASCII85 stream") from None


def _said(warning) -> str:
    """qpdf's words without the name it gives an in-memory file."""
    text = " ".join(str(warning).split())
    if text.startswith("stream <") or text.startswith("<"):
        text = text.split(">", 1)[-1].lstrip(": ")
    return text[:120]


def _short(exc) -> str:
    return " ".join(str(exc).split())[:120]


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
        raise Refused("has a damaged compressed stream") from None
    return b"".join(out)
