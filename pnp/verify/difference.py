"""Where a file parts from its rebuild, in a person's terms: this explains, it never proves.

The proof is equality (``pnp.verify.validate``). When the bytes differ, this finds the first
byte that does and names what the rebuild holds there: a page's drawing or its settings, a
font, the attached record, the file's structure, or bytes past the end pnp writes. Only the
rebuild is read as PDF (pikepdf on pnp's own bytes, which are trusted): the given file is only
cut at the bytes ``N G obj`` and compared piece by piece, so a hostile file cannot steer what
is said beyond choosing which place is named.

A file rewritten whole (a re-save by qpdf, pikepdf, mutool or a PDF editor) keeps almost none
of pnp's objects byte for byte: it is said so, rather than pointing at its first byte.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from pnp.i18n.message import Message

_OBJ = re.compile(rb"(?:(?<=[\r\n])|^)(\d{1,10}) (\d{1,5}) obj\b")
_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z0-9#])")
MAX_NAMED = 3            # boards named on a page


@dataclass
class Parting:
    """The first place the file parts from the rebuild, said (``said``), and the pages whose
    drawing is not pnp's byte for byte (zero-based; every page for a file rewritten whole)."""

    said: Message
    pages: list[int] = field(default_factory=list)
    rewritten: bool = False        # changed after pnp wrote it: re-saved, or saved again onto it


def first_difference(given: bytes, rebuilt: bytes) -> int:
    """The offset of the first byte where the two differ (the shorter's length if one is the
    other's beginning), found by halves on slices, so it costs a few memcmp passes."""
    lo, hi = 0, min(len(given), len(rebuilt))
    if given[:hi] == rebuilt[:hi]:
        return hi
    while hi - lo > 64:
        mid = (lo + hi) // 2
        if given[lo:mid] == rebuilt[lo:mid]:
            lo = mid
        else:
            hi = mid
    while given[lo] == rebuilt[lo]:
        lo += 1
    return lo


def parting(given: bytes, rebuilt: bytes, boards_on: dict[int, list[str]]) -> Parting:
    """Where ``given`` parts from ``rebuilt`` (they differ); ``boards_on``: page -> the IDs of
    the boards with a piece on it."""
    at = first_difference(given, rebuilt)
    parts = _Parts(rebuilt)
    if at == len(rebuilt):
        return Parting(Message("it has {n} bytes after the end of the file pnp writes: it was saved "
                               "again after pnp wrote it (an incremental save, as a PDF editor "
                               "makes)", n=len(given) - at), [], True)
    if at == len(given):
        return Parting(Message("it ends {n} bytes short of the file pnp writes: the copy is cut "
                               "short", n=len(rebuilt) - at))
    kept = _kept(given)
    differing = [i for i, objects in enumerate(parts.page_objects)
                 if any(parts.chunk(o) not in kept for o in objects)]
    same = sum(parts.chunk(o) in kept for o in parts.offsets)
    if same * 2 < len(parts.offsets):
        return Parting(Message("it was rewritten after pnp wrote it (re-saved by a PDF editor or a "
                               "tool such as qpdf, pikepdf or mutool): {same} of the {objects} "
                               "objects pnp writes are in it as pnp writes them",
                               same=same, objects=len(parts.offsets)),
                       list(range(len(parts.page_objects))), True)
    pages_given = len(_PAGE.findall(given))
    if pages_given != len(parts.page_objects):
        return Parting(Message("it has {given} pages where pnp builds {pages} from its record",
                               given=pages_given, pages=len(parts.page_objects)), differing)
    foreign = _foreign(given, at, parts)
    if foreign is not None:
        return Parting(Message("it holds object {number}, which the build never writes "
                               "(first at byte {at})", number=foreign, at=at), differing)
    number = parts.holding(at)
    what = parts.kinds.get(number, "structure") if number is not None else "structure"
    if isinstance(what, tuple):
        kind, page = what
        boards = _named(boards_on.get(page, []))
        if kind == "drawing":
            said = Message("page {page} ({boards}): its drawing is not the one pnp draws from the "
                           "record", page=page + 1, boards=boards)
        elif kind == "bookmark":
            said = Message("page {page} ({boards}): its bookmark is not the one pnp writes",
                           page=page + 1, boards=boards)
        else:
            said = Message("page {page} ({boards}): its settings (size, boxes, rotation, resources) "
                           "are not the ones pnp writes", page=page + 1, boards=boards)
        return Parting(said, differing)
    return Parting({
        "attachment": Message("the attached record is not the one pnp writes for its own boards "
                              "(a field was changed, added or written otherwise)"),
        "font": Message("an embedded font is not the one pnp embeds"),
    }.get(what) or Message("the file's structure (its header, catalog, page list, document "
                           "information or cross-reference table) is not the one pnp writes"),
        differing)


def _named(idents: list[str]) -> Message:
    if not idents:
        return Message("no board")
    shown = ", ".join(idents[:MAX_NAMED])
    if len(idents) > MAX_NAMED:
        # counted by the boards not named; the English says "boards" either way
        return Message("boards {ids} and {n} more", "boards {ids} and {n} more",
                       n=len(idents) - MAX_NAMED, ids=shown)
    return Message("board {ids}", "boards {ids}", n=len(idents), ids=shown)


def _digest(chunk: bytes) -> bytes:
    return hashlib.blake2b(chunk, digest_size=16).digest()


def _kept(given: bytes) -> set[bytes]:
    """Every object of the given file, from ``N G obj`` to its ``endobj``, as digests."""
    out = set()
    for m in _OBJ.finditer(given):
        end = given.find(b"endobj", m.end())
        if end < 0:
            break
        out.add(_digest(given[m.start():end + 6]))
    return out


def _foreign(given: bytes, at: int, parts: "_Parts") -> int | None:
    """The number of the given file's object that holds ``at``, if the build writes none so
    numbered."""
    held = None
    for m in _OBJ.finditer(given, max(0, at - (1 << 20)), at + 1):
        held = int(m.group(1))
    if held is not None and held not in parts.offsets:
        return held
    return None


class _Parts:
    """The rebuild's objects: where each is (its cross-reference table, which pnp writes
    plainly) and what each is for (a page's drawing or dictionary, a font, the attachment)."""

    def __init__(self, rebuilt: bytes):
        import io

        import pikepdf

        self.rebuilt = rebuilt
        self.offsets = _offsets(rebuilt)
        ordered = sorted(self.offsets.values())
        ends = {start: end for start, end in zip(ordered, ordered[1:] + [rebuilt.rfind(b"xref")])}
        self.spans = {n: (at, ends[at]) for n, at in self.offsets.items()}
        self.kinds: dict[int, object] = {}
        self.page_objects: list[list[int]] = []
        with pikepdf.open(io.BytesIO(rebuilt)) as pdf:
            for i, page in enumerate(pdf.pages):
                self.kinds[page.objgen[0]] = ("settings", i)
                contents = page.obj.get("/Contents")
                streams = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
                numbers = [s.objgen[0] for s in streams if s is not None and s.is_indirect]
                for n in numbers:
                    self.kinds[n] = ("drawing", i)
                self.page_objects.append(numbers + [page.objgen[0]])
                fonts = page.obj.get("/Resources", {}).get("/Font", {})
                for font in fonts.values() if isinstance(fonts, pikepdf.Dictionary) else ():
                    self._fonts(font)
            self._bookmarks(pdf)
            names = pdf.Root.get("/Names")
            tree = names.get("/EmbeddedFiles") if names is not None else None
            for item in list(tree.get("/Names", [])) if tree is not None else []:
                if isinstance(item, pikepdf.Dictionary) and item.is_indirect:
                    self.kinds[item.objgen[0]] = "attachment"
                    self.kinds[item.EF.F.objgen[0]] = "attachment"

    def _bookmarks(self, pdf) -> None:
        """Each bookmark (the outline pnp writes, one entry a board) and the page it opens."""
        import pikepdf

        pages = {page.objgen: i for i, page in enumerate(pdf.pages)}
        outlines = pdf.Root.get("/Outlines")
        todo = [outlines.get("/First")] if isinstance(outlines, pikepdf.Dictionary) else []
        seen: set = set()
        while todo:
            item = todo.pop()
            if not isinstance(item, pikepdf.Dictionary) or not item.is_indirect or item.objgen in seen:
                continue
            seen.add(item.objgen)
            dest = item.get("/Dest")
            target = dest[0] if isinstance(dest, pikepdf.Array) and len(dest) else None
            if target is not None and target.objgen in pages:
                self.kinds[item.objgen[0]] = ("bookmark", pages[target.objgen])
            todo += [item.get("/Next"), item.get("/First")]

    def _fonts(self, obj, depth: int = 0) -> None:
        """A font and everything it reaches (descriptor, widths, the embedded font file)."""
        import pikepdf

        if depth > 6:
            return
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            if obj.is_indirect:
                if obj.objgen[0] in self.kinds:
                    return
                self.kinds[obj.objgen[0]] = "font"
            for value in obj.values():
                self._fonts(value, depth + 1)
        elif isinstance(obj, pikepdf.Array):
            for value in obj:
                self._fonts(value, depth + 1)

    def chunk(self, number: int) -> bytes:
        at, end = self.spans[number]
        stop = self.rebuilt.rfind(b"endobj", at, end)
        return _digest(self.rebuilt[at:stop + 6])

    def holding(self, at: int) -> int | None:
        for number, (start, end) in self.spans.items():
            if start <= at < end:
                return number
        return None


def _offsets(rebuilt: bytes) -> dict[int, int]:
    """Object number -> offset, from the cross-reference table pnp (reportlab) writes: one
    section from object 0, 20 bytes an entry."""
    at = int(rebuilt[rebuilt.rfind(b"startxref") + 9:].split()[0])
    lines = rebuilt[at:].split(b"\n", 2)
    count = int(lines[1].split()[1])
    table = lines[2]
    out = {}
    for n in range(1, count):
        entry = table[n * 20:n * 20 + 20]
        if entry[17:18] == b"n":
            out[n] = int(entry[:10])
    return out
