"""What the page's workers do, each in a process of its own: build a spec, render its first
pages, validate an uploaded PDF, analyze a board code, make the board of the day.

Everything here runs in a child started by ``pnp.web.jobs`` and returns plain data (bytes,
numbers, text, lists), so a result crosses the pipe whole and a failure is a message, never a
half-sent object. The heavy modules are imported when this module is; the fork server that
starts workers imports it and warms it (``pnp.web.warm``), so a preview pays for neither.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium

from pnp.build import build, output_paths, tasks
from pnp.errors import PnpError, SpecError
from pnp.games import KINDS, game
from pnp.spec import loads

for _kind in KINDS:            # the games too: a worker forked from here starts warm
    game(_kind)

PROBE_PAST = 24               # boards past which a build first probes its page count
PREVIEW_DPI = 60               # a page about 500 px wide: readable, and quick to draw and send


class Refused(Exception):
    """A user's mistake found in a worker, as plain data: [(file, line, column, message)]."""


def mistakes(exc: PnpError) -> list:
    if isinstance(exc, SpecError):
        return [(m.file, m.line, m.column, m.message) for m in exc.mistakes]
    return [(None, None, None, str(exc))]


def render(pdf: Path, pages: int, dpi: int = PREVIEW_DPI) -> list[bytes]:
    """The first ``pages`` pages of a PDF pnp just wrote, as PNG bytes (pdfium, as `pnp preview`)."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for i in range(min(pages, len(document))):
            buffer = io.BytesIO()
            document[i].render(scale=dpi / 72).to_pil().save(buffer, format="PNG")
            out.append(buffer.getvalue())
        return out
    finally:
        document.close()


def build_spec(report, tmp: str, text: str, filename: str, keys_apart: bool, previews: int,
               pdfs: bool, max_pages: int, first_boards: int | None = None) -> dict:
    """The spec in ``text`` built as `pnp build` builds it, into the private folder ``tmp``;
    the PDFs' bytes (when ``pdfs``) and PNGs of the first ``previews`` pages. With
    ``first_boards`` (a preview) only the first that many boards are built."""
    try:
        spec = loads(text, filename)
        whole = len(tasks(spec, spec.seed))
        if first_boards is not None and whole > first_boards:
            spec = first_of(spec, first_boards)
        total = len(tasks(spec, spec.seed))
        # a build of a few boards is checked after it is made (24 boards of the largest sets
        # make about 400 pages in a few seconds); a larger one is refused before, from a probe
        most = most_pages(spec, Path(tmp) / "probe") if total > PROBE_PAST else 0
        if most > max_pages:
            raise PnpError(f"this spec would make up to {most} pages; the page builds at most "
                           f"{max_pages} at once: print fewer, or build it with pnp build")
        report({"done": 0, "total": total})
        done = [0]

        def progress(n: int) -> None:
            done[0] += n
            report({"done": done[0], "total": total})

        written = build(spec, Path(tmp), progress=progress, keys_apart=keys_apart)
    except PnpError as exc:
        raise Refused(mistakes(exc)) from None
    pages = sum(p for _, _, p in written)
    if pages > max_pages:
        raise Refused([(None, None, None, f"this spec makes {pages} pages; the page builds at "
                                          f"most {max_pages} at once: build it with pnp build")])
    names = [path.name for path, _ in output_paths(spec, Path(tmp), False, keys_apart)]
    out = {"boards": total, "of": whole, "pages": pages, "previews": render(written[0][0], previews),
           "files": [(path.name, boards, count) for path, boards, count in written]}
    if pdfs:
        out["pdfs"] = [(path.name, path.read_bytes()) for path, _, _ in written if path.name in names]
    return out


UPLOAD = "uploaded.pdf"


def first_of(spec, boards: int):
    """The spec cut to its first ``boards`` boards (later items left out, the last kept one
    printing fewer copies): those boards are the same as in the whole spec, as every board's
    random stream and number depend only on its place."""
    import dataclasses

    items, left = [], boards
    for entry in spec.items:
        if left <= 0:
            break
        items.append(dataclasses.replace(entry, count=min(entry.count, left)))
        left -= entry.count
    return dataclasses.replace(spec, items=tuple(items))


def most_pages(spec, folder: Path) -> int:
    """At most how many pages the spec makes: one copy of each item built (a few milliseconds
    each), its pages times the item's count (cards shared by copies make it fewer), so a spec
    of thousands of pages is refused before it is built, not after."""
    import dataclasses

    one_each = dataclasses.replace(spec, items=tuple(dataclasses.replace(e, count=1) for e in spec.items))
    written = build(one_each, folder, split=True)
    return sum(pages * entry.count for (_, _, pages), entry in zip(written[1:], spec.items))


def validate_pdf(report, tmp: str, content: bytes) -> dict:
    """The validator's report of an uploaded file (written into the private folder ``tmp``
    under a name of ours), one row per board."""
    from pnp.verify.readback import NotOurs
    from pnp.verify.validate import summary, validate_file

    path = Path(tmp) / UPLOAD
    path.write_bytes(content)
    try:
        reports = validate_file(path)
    except NotOurs as exc:
        raise Refused([(None, None, None, str(exc).replace(str(path), UPLOAD))]) from None
    return {"rows": [r.as_json() for r in reports], "summary": summary(reports),
            "ok": all(r.ok for r in reports)}


def analyze_code(report, tmp: str, text: str, seconds: float) -> dict:
    """A board code (any form the CLI accepts) read by the games that read codes; its figures
    and report, perfect play within ``seconds``."""
    from pnp.games import offering
    from pnp.sources import read_code

    try:
        found = read_code(text)
    except PnpError as exc:
        raise Refused(mistakes(exc)) from None
    if found is None:
        raise Refused([(None, None, None, f"{text[:40]!r} is not a board code (like R1-...)")])
    kind, board = found
    if kind not in offering("analyze"):
        raise Refused([(None, None, None, f"{game(kind).TITLE} offers no analysis")])

    def heard(positions, elapsed):
        report({"positions": positions, "seconds": elapsed})

    try:
        figures = game(kind).analyze(board, solve=None, seconds=seconds, progress=heard)
    except ValueError as exc:
        raise Refused([(None, None, None, str(exc))]) from None
    figures.pop("unfinished", None)
    return {"label": board.ident, "kind": kind, "title": game(kind).TITLE,
            "figures": figures, "report": game(kind).report(figures)}


def daily(report, tmp: str, iso_day: str, seconds: float) -> dict:
    """The board of ``iso_day`` of every game that has one: its PDF and a PNG of it; and the
    answer to the day before's board."""
    import datetime as dt

    from pnp.games import offering

    day = dt.date.fromisoformat(iso_day)
    boards = []
    for kind in offering("daily_spec"):
        spec = loads(game(kind).daily_spec(day), f"<daily {kind} {day.isoformat()}>")
        for path, _, _ in build(spec, Path(tmp)):
            boards.append({"title": spec.title, "name": path.name, "pdf": path.read_bytes(),
                           "png": render(path, 1, 100)[0]})
    answers = [game(kind).daily_answer(day, seconds, None) for kind in offering("daily_answer")]
    return {"boards": boards, "answers": answers}

