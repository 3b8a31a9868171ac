"""The file's limits and the bounded decoders every reading of it shares.

Each stream is decoded here, never by qpdf's own decoders first: Flate in steps of ``STEP``,
counting as it goes and stopping the moment a stream passes its cap, so a bomb is refused in a
fraction of a second and a few megabytes; ASCIIHex and ASCII85 (never longer than their text).
Anything else is a filter pnp and its re-savers never write (JBIG2, JPX, LZW, DCT ...).
"""

from __future__ import annotations

import base64
import binascii
import zlib

MAX_INFLATED = 96 * 2**20      # bytes all streams may decode to; a 1000-page pack needs ~30 MB
MAX_STREAM = 32 * 2**20        # bytes one stream may decode to
MAX_OBJECTS = 500_000          # indirect objects; a 1000-page pack has about 2,300
STEP = 1 << 20                 # bytes inflated per step, so the cap is checked as we go

# filters pnp (and qpdf, pikepdf, mutool re-saving a pnp PDF) write; anything else is a decoder
# (JBIG2, JPX, LZW, DCT ...) that no pnp page needs and a hostile file would bring
FILTERS = {"/FlateDecode", "/Fl", "/ASCIIHexDecode", "/AHx", "/ASCII85Decode", "/A85"}
FLATE = {"/FlateDecode", "/Fl"}
MAX_IN_OBJECT_STREAM = 10_000  # objects one object stream may hold (qpdf writes 100 a stream)


class Refused(Exception):
    """What the scan refuses, as the end of one line ("a stream inflates past 32 MB")."""


def decode(name: str, body: bytes, room: int) -> bytes:
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
