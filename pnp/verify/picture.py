"""``pnp validate --show-difference``: each differing page as pnp draws it beside the page as
the file has it. A picture explains where a file parts from its rebuild; it proves nothing
(the proof is the bytes, ``pnp.verify.validate``).

The file is rendered by pdfium in the validator's limited child (``pnp.verify.sandbox``): it
is hostile, and a renderer is a large parser. At most ``MAX_PICTURES`` pages are drawn, at
``DPI``, so the pictures cost what a preview costs.
"""

from __future__ import annotations

from pathlib import Path

DPI = 60
MAX_PICTURES = 20
GAP = 12                 # pixels between the two pages


def side_by_side(pdf: Path, rebuilt: bytes, pages: list[int], folder: Path) -> list[Path]:
    """The pictures written into ``folder`` (made if missing), one a page that differs:
    ``NAME-pNNN-difference.png``, pnp's drawing on the left, the file's on the right."""
    from pnp.verify import sandbox

    pictures = sandbox.run(_drawn, str(pdf), rebuilt, pages)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for page, png in pictures:
        target = folder / f"{pdf.stem}-p{page + 1:03d}-difference.png"
        tmp = target.with_name(f".{target.name}.part")
        tmp.write_bytes(png)
        tmp.replace(target)
        written.append(target)
    return written


def _drawn(pdf: str, rebuilt: bytes, pages: list[int]) -> list[tuple[int, bytes]]:
    import io

    import pypdfium2 as pdfium
    from PIL import Image, ImageChops

    mine = pdfium.PdfDocument(rebuilt)
    try:
        theirs = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError:
        theirs = []                           # a file pdfium cannot open: pnp's pages alone
    try:
        count = max(len(mine), len(theirs))
        wanted = sorted({p for p in pages if p < count} | set(range(min(len(mine), len(theirs)), count)))
        out = []
        for page in wanted:
            left = _render(mine, page)
            right = _render(theirs, page)
            if left is not None and right is not None and left.size == right.size and \
                    ImageChops.difference(left, right).getbbox() is None:
                continue                      # the same picture: its bytes differ, not its ink
            if left is None and right is None:
                continue
            blank = Image.new("RGB", (left or right).size, "white")
            left, right = left or blank, right or blank
            both = Image.new("RGB", (left.width + GAP + right.width, max(left.height, right.height)),
                             (128, 128, 128))
            both.paste(left, (0, 0))
            both.paste(right, (left.width + GAP, 0))
            buffer = io.BytesIO()
            both.save(buffer, format="PNG")
            out.append((page, buffer.getvalue()))
            if len(out) >= MAX_PICTURES:
                break
        return out
    finally:
        mine.close()
        if theirs:
            theirs.close()


def _render(document, page: int):
    import pypdfium2 as pdfium

    if page >= len(document):
        return None
    try:
        return document[page].render(scale=DPI / 72).to_pil().convert("RGB")
    except pdfium.PdfiumError:               # a page pdfium cannot draw: shown blank
        return None
