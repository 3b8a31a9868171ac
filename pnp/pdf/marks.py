"""Marked content: how a drawing tells the validator "this path is dot 3".

Drawings wrap the objects the validator must find (CliqueR dots, for instance) in a PDF
marked-content section ``/Tag <</I n>> BDC ... EMC``. Viewers ignore it; the validator reads the
tag and index back from the page (``support.pageread.printed.read_parsed``) and compares the object's position to the data.
"""

from __future__ import annotations

from contextlib import contextmanager


END = "EMC"


def begin(tag: str, index: int, kind: int | None = None) -> str:
    """The operator that opens a marked section (``marked`` and hot loops that write it
    themselves, without a with block a mark, both use it)."""
    extra = "" if kind is None else f" /K {int(kind)}"
    return f"/{tag} <</I {int(index)}{extra}>> BDC"


@contextmanager
def marked(canvas, tag: str, index: int, kind: int | None = None):
    """``kind`` (optional) records what the drawing code drew here, e.g. which space type, so the
    validator can tell a page drawn from other data than the data attached."""
    canvas.addLiteral(begin(tag, index, kind))
    try:
        yield
    finally:
        canvas.addLiteral(END)
