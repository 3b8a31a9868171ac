"""PDF -> report: every board re-checked from the PDF alone.

For each board in the attached data: rebuild it with its game's ``from_data``, run the game's
``check`` (every invariant, exactly), compare what is drawn on its pages with the data via
``check_drawn``, and check that nothing on any page reaches within 5 mm of the paper edge.
This module knows no game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.games import KINDS, game
from pnp.games.base import Problem
from pnp.paper import Frame
from pnp.pdf.page import EDGE_MM
from pnp.paper import MM
from pnp.pdf.readback import Drawn, NotOurs, PdfBoards

EDGE_SLACK_PT = 0.01


@dataclass
class BoardReport:
    number: int
    kind: str
    label: str
    pages: list[int]
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self, file: str) -> str:
        where = f"{'pages' if len(self.pages) > 1 else 'page'} {page_ranges(self.pages) or '?'}"
        if self.ok:
            return f"ok    {file} {where}: {self.label}"
        return f"FAIL  {file} {where}: {self.label}: " + "; ".join(str(p) for p in self.problems)

    def as_json(self) -> dict:
        return {"board": self.number, "kind": self.kind, "label": self.label,
                "pages": [p + 1 for p in self.pages], "ok": self.ok,
                "problems": [{"code": p.code, "message": p.message} for p in self.problems]}


def page_ranges(pages: list[int]) -> str:
    """Zero-based page numbers as a person reads them: [0, 1, 2, 5] -> "1-3,6"."""
    runs: list[list[int]] = []
    for p in sorted(set(pages)):
        if runs and p == runs[-1][1] + 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    return ",".join(f"{a + 1}" if a == b else f"{a + 1}-{b + 1}" for a, b in runs)


def _inside(frame: Frame, point) -> bool:
    return frame.x - 0.5 <= point[0] <= frame.right + 0.5 and frame.y - 0.5 <= point[1] <= frame.top + 0.5


def _frame(raw) -> Frame:
    if not (isinstance(raw, list) and len(raw) == 4 and all(isinstance(v, (int, float)) for v in raw)):
        raise ValueError("placement frame must be four numbers")
    return Frame(*map(float, raw))


def validate_file(path) -> list[BoardReport]:
    """Reports for every board in the PDF; raises NotOurs for files that cannot be checked."""
    doc = PdfBoards(path)
    try:
        return _validate(doc)
    finally:
        doc.close()


def _validate(doc: PdfBoards) -> list[BoardReport]:
    records = doc.payload.get("boards")
    if not isinstance(records, list) or not records:
        raise NotOurs(f"{doc.name}: the attached data lists no boards")
    page_count = len(doc)
    objects: dict[int, list[Drawn]] = {}

    def on_page(i: int) -> list[Drawn]:
        if i not in objects:
            objects[i] = doc.page_objects(i)
        return objects[i]

    reports: list[BoardReport] = []
    claimed: dict[int, set[int]] = {}     # page -> ids of marked objects some board accounted for
    pieces: dict[int, list] = {}          # page -> (piece, frame) of every placement on it
    for n, record in enumerate(records, 1):
        report = BoardReport(n, "?", f"board {n}", [])
        reports.append(report)
        if not isinstance(record, dict) or not isinstance(record.get("kind"), str) \
                or record["kind"] not in KINDS:
            report.problems.append(Problem("bad-data", f"unknown kind {record.get('kind')!r}"
                                           if isinstance(record, dict) else "record is not a mapping"))
            continue
        report.kind = record["kind"]
        module = game(report.kind)
        try:
            board = module.from_data(record.get("data"))
            placements = []
            for p in record.get("placements") or []:
                page, piece, frame = p["page"], p["piece"], _frame(p["frame"])
                if type(page) is not int or not 0 <= page < page_count:
                    raise ValueError(f"placement on page {page!r}, but the PDF has {page_count} pages")
                if not isinstance(piece, str):
                    raise ValueError(f"placement piece {piece!r} is not a name")
                placements.append((page, piece, frame))
            report.label = module.describe(board)
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            report.problems.append(Problem("bad-data", f"board data cannot be read: {exc}"))
            continue
        report.pages = sorted({p[0] for p in placements})
        if not placements:
            report.problems.append(Problem("not-printed", "the data lists a board that is on no page"))
        report.problems += _guarded(module.check, board)
        found = []
        for page, piece, frame in placements:
            marks = [d for d in on_page(page) if d.tag and _inside(frame, d.center)]
            claimed.setdefault(page, set()).update(id(d) for d in marks)
            pieces.setdefault(page, []).append((piece, frame))
            found.append((piece, frame, marks))
        check_drawn = getattr(module, "check_drawn", None)
        if check_drawn is not None:
            report.problems += _guarded(check_drawn, board, found)
    _page_checks(doc, reports, on_page, claimed)
    _layout_checks(doc, reports, pieces)
    return reports


def _guarded(check, *args) -> list[Problem]:
    """A game's check meeting data no generator makes: the board fails, the validator goes on.

    from_data only promises types, so a hostile file can reach a check with, say, an empty
    circle; whatever the check trips over, that board is not fit to print.
    """
    try:
        return list(check(*args))
    except Exception as exc:  # noqa: BLE001 - any crash here is about this board's data
        return [Problem("check-failed", f"{check.__module__}.{check.__name__} cannot check this "
                                        f"data: {type(exc).__name__}: {' '.join(str(exc).split())}")]


def _page_checks(doc: PdfBoards, reports, on_page, claimed) -> None:
    """Nothing within 5 mm of the paper edge; no marked object that no board accounts for."""
    by_page: dict[int, list[BoardReport]] = {}
    for r in reports:
        for p in r.pages:
            by_page.setdefault(p, []).append(r)
    edge = EDGE_MM * MM - EDGE_SLACK_PT
    for page in range(len(doc)):
        width, height = doc.page_size(page)
        owners = by_page.get(page) or reports[:1]
        for d in on_page(page):
            left, bottom, right, top = d.bounds
            if left < edge or bottom < edge or right > width - edge or top > height - edge:
                for r in owners:
                    r.problems.append(Problem("outside-safe-area", f"something is drawn within 5 mm "
                                              f"of the paper edge on page {page + 1} at "
                                              f"({left:.1f}, {bottom:.1f})–({right:.1f}, {top:.1f}) pt"))
                break
            if d.tag and id(d) not in claimed.get(page, set()):
                for r in owners:
                    r.problems.append(Problem("drawn-unknown", f"page {page + 1} has a marked "
                                              f"{d.tag} object at ({d.center[0]:.1f}, {d.center[1]:.1f}) "
                                              "that belongs to no board"))
                break


def _layout_checks(doc: PdfBoards, reports, pieces) -> None:
    """Text under 6 pt, text over text, dots or lines, ink outside its piece's frame, read back
    from each page (``pnp.pdf.layout_check``); a problem goes to every board on that page."""
    from pnp.pdf.layout_check import check_page

    for page in range(len(doc)):
        owners = [r for r in reports if page in r.pages] or reports[:1]
        for problem in check_page(doc._page(page), pieces.get(page, []), page + 1):
            for r in owners:
                r.problems.append(problem)


def summary(reports: list[BoardReport]) -> str:
    failed = sum(not r.ok for r in reports)
    from pnp.words import count

    return f"{count(len(reports), 'board')} checked: {len(reports) - failed} ok, {failed} failed"
