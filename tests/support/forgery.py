"""Forging a pnp PDF: rewrite its attached data and its pages' drawings the way a buggy
generator, a careless hand or a forger would, and ask the validator what it sees.

The machinery every game's planted defects use (``tests/games/<kind>/obligations.py``) and the
defects any PDF can carry (``support.defects``); ``support.obligations`` gathers them all.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pypdf import PdfWriter
from pypdf.generic import NameObject, StreamObject

from support.tamper import _attachment_stream

SECTION = re.compile(r"/(?P<tag>\w+) <</I (?P<index>-?\d+)(?P<kind> /K -?\d+)?>> BDC\n(?P<body>.*?)EMC\n?",
                     re.S)


class Forgery:
    """A copy of a pnp PDF whose attached data and page drawings can be rewritten."""

    def __init__(self, path: Path):
        self.path = path
        self.writer = PdfWriter(clone_from=str(path))
        self.payload = json.loads(_attachment_stream(self.writer).get_data())
        self._contents: dict[int, str] = {}

    def boards(self, kind: str) -> list[dict]:
        return [b for b in self.payload["boards"] if b["kind"] == kind]

    def content(self, page: int) -> str:
        if page not in self._contents:
            stream = self.writer.pages[page].get_contents()
            self._contents[page] = stream.get_data().decode("latin-1")
        return self._contents[page]

    def set_content(self, page: int, text: str) -> None:
        assert text != self.content(page), "the edit changed nothing"
        self._contents[page] = text

    def sections(self, page: int, tag: str) -> list[re.Match]:
        return [m for m in SECTION.finditer(self.content(page)) if m.group("tag") == tag]

    def pages(self) -> int:
        return len(self.writer.pages)

    def page_size(self, page: int) -> tuple[float, float]:
        box = self.writer.pages[page].mediabox
        return float(box.width), float(box.height)

    def resources(self, page: int, kind: str):
        """Page ``page``'s resource dictionary of ``kind`` (/XObject, /ExtGState, /Properties),
        made if missing."""
        from pypdf.generic import DictionaryObject

        res = self.writer.pages[page]["/Resources"].get_object()
        if kind not in res:
            res[NameObject(kind)] = DictionaryObject()
        return res[kind].get_object()

    def stream(self, body: bytes, **entries):
        """A new stream object (Flate-compressed), with dictionary ``entries``."""
        stream = StreamObject()
        stream.set_data(body)
        for key, value in entries.items():
            stream[NameObject(f"/{key}")] = value
        stream = stream.flate_encode()
        return self.writer._add_object(stream)

    def form(self, page: int, body: str, name: str = "PnpX", **entries):
        """A form XObject drawing ``body`` in page coordinates, named in page ``page``'s
        resources."""
        from pypdf.generic import ArrayObject, FloatObject

        width, height = self.page_size(page)
        ref = self.stream(body.encode("latin-1"), Type=NameObject("/XObject"),
                          Subtype=NameObject("/Form"),
                          BBox=ArrayObject([FloatObject(0), FloatObject(0), FloatObject(width),
                                            FloatObject(height)]), **entries)
        self.resources(page, "/XObject")[NameObject(f"/{name}")] = ref
        return ref

    def catalog(self):
        return self.writer._root_object

    def replace_page(self, page: int, source_page) -> None:
        """Put ``source_page`` (from another PDF, with its resources) in place of page ``page``."""
        self.writer.insert_page(source_page, page)
        self.writer.remove_page(page + 1)
        self._contents.pop(page, None)

    def save(self, out: Path) -> Path:
        _attachment_stream(self.writer).set_data(json.dumps(self.payload).encode())
        for page, text in self._contents.items():
            stream = StreamObject()
            stream.set_data(text.encode("latin-1"))
            self.writer.pages[page][NameObject("/Contents")] = self.writer._add_object(stream)
        with open(out, "wb") as fh:
            self.writer.write(fh)
        return out


FIRST_POINT = re.compile(r"(-?[\d.]+) (-?[\d.]+) (?:m|[\d.]+ [\d.]+ re)\b")


def in_frame(m: re.Match, frame) -> bool:
    """Whether a section starts inside a piece's frame (n-up sheets repeat tags and indices)."""
    x, y, w, h = frame
    point = FIRST_POINT.search(m.group("body"))
    return bool(point) and x <= float(point.group(1)) <= x + w and y <= float(point.group(2)) <= y + h


def replace_span(text: str, match: re.Match, new: str) -> str:
    return text[:match.start()] + new + text[match.end():]


def shifted(match: re.Match, dx: float, dy: float, index: int | None = None) -> str:
    """The section drawn ``dx, dy`` points away (and renumbered, if asked)."""
    index = match.group("index") if index is None else index
    return (f"/{match.group('tag')} <</I {index}>> BDC\nq 1 0 0 1 {dx:.4f} {dy:.4f} cm\n"
            f"{match.group('body')}Q\nEMC\n")


def append(forgery: Forgery, page: int, ops: str) -> None:
    forgery.set_content(page, forgery.content(page) + "\n" + ops + "\n")


def marked_bounds(path: Path, page: int, tag: str) -> list[tuple]:
    import pypdfium2 as pdfium

    from support.pdfium_pages import objects_of

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [(d.index, d.bounds) for d in objects_of(pdf[page]) if d.tag == tag]
    finally:
        pdf.close()


@dataclass(frozen=True)
class Mutation:
    name: str
    source: str                                  # which good PDF it is planted in
    expect: str                                  # the problem code that names the defect
    plant: Callable[[Forgery, random.Random], str | None]
    gap: str = ""                                # a defect the validator cannot see yet: why

    @property
    def names(self) -> set[str]:
        """The codes the defect was planted for, as written (a game's read-back codes too)."""
        return set(self.expect.split("|"))

    @property
    def expects(self) -> set[str]:
        """The codes that name the defect ("drawn-dot-moved|content-differs": either). A defect
        of the pages or the file, once named by the read-back or the structural proof, is named
        now by the rebuild it is not (issue 42): ``not-reproduced``."""
        return {"not-reproduced" if code in BY_REBUILD or code.startswith("drawn-") else code
                for code in self.expect.split("|")}


# codes the validator reported before it proved by reproduction, each for a defect of the pages
# or the file that the byte comparison now finds
BY_REBUILD = {"content-differs", "foreign-construct", "page-geometry", "annotation", "print-settings",
              "page-count", "placement", "data-attachments", "outside-safe-area", "ink-unproven",
              "drawn-unknown", "text-too-small", "text-collision", "text-on-dot", "text-on-line",
              "text-outside-frame", "ink-outside-frame"}


# plantings made of a few words: the data of a random board of a kind edited, a piece unplaced, ...


def data_edit(kind: str, edit: Callable[[dict, random.Random], str | None]):
    """A planting that edits the data of a random board of ``kind``."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        record = rng.choice(forgery.boards(kind))
        return edit(record["data"], rng)
    plant.__doc__ = edit.__doc__
    return plant


def unplaced(kind: str, piece: str):
    """A piece missing from a board's placements: the record no longer says where pnp put it."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        record = rng.choice(forgery.boards(kind))
        record["placements"] = [p for p in record["placements"] if not p["piece"].startswith(piece)] \
            if piece else []
        return f"{piece or 'every piece'} of a {kind} board not placed"
    return plant


def renumber(tag: str, kind: str):
    """Every ``tag`` section of one page of a ``kind`` board marked with the next number."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        record = rng.choice(forgery.boards(kind))
        pages = [page for page in sorted({p["page"] for p in record["placements"]})
                 if forgery.sections(page, tag)]
        if not pages:
            return None
        page = rng.choice(pages)
        text = forgery.content(page)
        for m in reversed(forgery.sections(page, tag)):
            index, k = int(m.group("index")) + 1, m.group("kind") or ""
            text = replace_span(text, m, f"/{tag} <</I {index}{k}>> BDC\n{m.group('body')}EMC\n")
        forgery.set_content(page, text)
        return f"every {tag} section of page {page + 1} marked one higher"
    return plant


def erase(tag: str, kind: str):
    """A marked section of ``tag`` erased from a page of a ``kind`` board."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        record = rng.choice(forgery.boards(kind))
        pages = sorted({p["page"] for p in record["placements"]})
        found = [(page, m) for page in pages for m in forgery.sections(page, tag)]
        if not found:
            return None
        page, m = rng.choice(found)
        forgery.set_content(page, replace_span(forgery.content(page), m, ""))
        return f"a {tag} section erased from page {page + 1}"
    return plant


def set_value(key, value):
    def edit(data, rng):
        data[key] = value(data) if callable(value) else value
        return f"data {key} = {data[key]!r}"
    return edit


def edit_data(edit):
    def wrapped(data, rng):
        edit(data)
        return "data edited"
    return wrapped


def transplant(forgery: Forgery, kinds: tuple[str, ...], payload=None, **patches) -> list[int]:
    """Replace every page holding a board of ``kinds`` with the page pnp draws from ``payload``
    (default: the file's own data) with ``patches`` applied to the drawing code."""
    import io
    from unittest import mock

    from pypdf import PdfReader

    from pnp.render import redraw

    with contextlib.ExitStack() as stack:
        for target, value in patches.items():
            stack.enter_context(mock.patch(target.replace(":", "."), value))
        pdf, _ = redraw(json.loads(json.dumps(payload or forgery.payload)))
    reader = PdfReader(io.BytesIO(pdf))
    pages = sorted({p["page"] for b in forgery.payload["boards"] if b["kind"] in kinds
                    for p in b["placements"]})
    for page in pages:
        forgery.replace_page(page, reader.pages[page])
    return pages


# ---- planting and judging


def plant(mutation: Mutation, good: Path, out: Path, rng: random.Random, tries: int = 50):
    """Plant one defect of the class; returns (what was planted, the planted PDF), which
    differs from a copy made the same way with nothing planted (so a planting that changed
    nothing cannot pass for a defect the validator missed or caught)."""
    for _ in range(tries):
        forgery = Forgery(good)
        what = mutation.plant(forgery, rng)
        if what is not None:
            planted = forgery.save(out)
            assert planted.read_bytes() != _unplanted(good), f"{mutation.name}: {what} changed nothing"
            return what, planted
    raise AssertionError(f"{mutation.name}: found nothing to plant in {tries} tries")


_UNPLANTED: dict[Path, bytes] = {}


def _unplanted(good: Path) -> bytes:
    """The bytes of a copy of ``good`` saved through the forging machinery, nothing planted."""
    if good not in _UNPLANTED:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            _UNPLANTED[good] = Forgery(good).save(Path(folder) / "copy.pdf").read_bytes()
    return _UNPLANTED[good]


def verdict(path: Path) -> tuple[bool, set[str], list[str]]:
    """(every board ok, the problem codes, the report lines) as `pnp validate` gives them
    (validated in this process: ``support.verdicts.in_process``)."""
    from pnp.verify.validate import validate_file
    from support.verdicts import in_process

    with in_process():
        reports = validate_file(path)
    return (all(r.ok for r in reports), {p.code for r in reports for p in r.problems},
            [r.line(path.name) for r in reports if not r.ok])
