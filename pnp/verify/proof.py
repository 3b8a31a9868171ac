"""Proving the ink: the file against the pages this pnp draws from the same data.

pnp writes every PDF itself, so from the attached data alone ``pnp.render.redraw`` draws the
exact PDF this version would write. The proof compares the given file with that redraw, and
decides every page by equality, never by a picture:

1. the bytes: a file pnp wrote and nobody touched is the redraw byte for byte, and is proved;
2. otherwise the structure (``pnp.verify.structure``): everything reachable from the catalog and
   each page must be of a kind pnp writes (anything else is a named problem), each page's
   boxes, rotation and resources must equal the redraw's, and its content must be one stream
   whose decoded bytes are the redraw's (or, as a named re-saver rewrites them, the same tokens:
   ``structure.content``). A page whose drawing differs in any way fails as
   ``content-differs``, and ``where`` names the objects drawn otherwise than pnp draws them,
   read from both pages (``pnp.verify.printed``), so the problem goes to the boards it
   concerns.

No page is rendered: a difference a render would have to judge (a grey line at 0.96, a sliver
thinner than a pixel) is a difference in the content, and fails as one.
"""

from __future__ import annotations

from pnp.i18n import W_, Wn_
from pnp.i18n.told import Number, Told
from pnp.verify.problems import AND_MORE, listed
from pnp.verify.structure import Difference

MAX_PLACES = 3          # places named per page
MAX_POINTS = 64         # places kept per page, for which boards a difference concerns


def compare(given, redrawn_bytes: bytes, given_bytes: bytes, reading=None) -> list[Difference]:
    """Every way ``given`` (the file open in pikepdf) prints otherwise than the redraw.
    ``reading(i)`` gives page ``i`` of the given file as read (``printed.Parsed``, or None
    where it could not be read), to say where a page's drawing differs."""
    if given_bytes == redrawn_bytes:
        return []
    import io

    import pikepdf

    from pnp.verify import structure

    redrawn = pikepdf.open(io.BytesIO(redrawn_bytes))
    try:
        out = structure.document(given, redrawn)
        if any(d.code == "page-count" for d in out):
            return out
        fonts: dict = {}
        measures: dict = {}
        for i, (page, mine) in enumerate(zip(given.pages, redrawn.pages)):
            for d in structure.page(i, page, mine, fonts):
                if d.code == "content-differs" and reading is not None:
                    d = _placed(d, reading(i), mine, measures)
                out.append(d)
    finally:
        redrawn.close()
    return out


def _placed(d: Difference, given, mine, measures: dict) -> Difference:
    """``d`` with the places where the page draws otherwise than the redraw: the objects one
    draws and the other does not (by tag, box and grey), read the same way from both."""
    from dataclasses import replace

    from pnp.verify.printed import TooMuch, Unreadable, read_parsed

    if given is None:
        return d
    try:
        wanted = read_parsed(mine, measures)
    except (TooMuch, Unreadable):          # the redraw is pnp's own: it always reads
        return d
    height = wanted.height
    extra, missing = _unmatched(given.drawn, wanted.drawn), _unmatched(wanted.drawn, given.drawn)
    words = [d.message]
    for what, objects in ((EXTRA, extra), (MISSING, missing)):
        if objects:
            places = listed(_place(o.center, height) for o in objects[:MAX_PLACES])
            if len(objects) > MAX_PLACES:
                places = Told(AND_MORE, listed=places, n=Number(len(objects) - MAX_PLACES, "d"))
            words.append(Told(what, len(objects), places=places))
    points = tuple(o.center for o in (extra + missing)[:MAX_POINTS])
    return replace(d, message=listed(words), where=points)


# the objects drawn otherwise than the redraw draws them
# (the English says "object(s)" in both forms, as it always has; other languages count them)
EXTRA = Wn_("{n} object(s) that pnp does not draw, at {places}",
            "{n} object(s) that pnp does not draw, at {places}")
MISSING = Wn_("{n} object(s) that pnp draws, missing or moved, at {places}",
              "{n} object(s) that pnp draws, missing or moved, at {places}")


def _unmatched(these: list, those: list) -> list:
    """The objects of ``these`` that ``those`` do not hold (each matched once)."""
    from collections import Counter

    def key(o):
        return (o.tag, o.index, o.kind, o.fill, tuple(round(v, 2) for v in o.bounds))

    left = Counter(key(o) for o in those)
    out = []
    for o in these:
        k = key(o)
        if left[k]:
            left[k] -= 1
        else:
            out.append(o)
    return out


def _place(point, height: float) -> Told:
    """A point on the page as a person with a ruler finds it: mm from the top left."""
    x, y = point
    return Told(W_("{left} mm from the left, {top} mm from the top"), left=Number(x / 72 * 25.4, ".0f"),
                top=Number((height - y) / 72 * 25.4, ".0f"))
