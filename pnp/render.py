"""Pages from data: the one seam that draws, below both the build and the validator.

``draw_boards`` imposes boards' pieces on a canvas; ``redraw`` draws the exact PDF this pnp
writes for a file's attached data. ``pnp.build`` calls the first to write a pack, and
``pnp.verify.validate`` calls the second to know what each page of a file must print, so neither
imports the other for it (build imports validate only for ``--check``).
"""

from __future__ import annotations

from typing import Iterable

from pnp import __version__
from pnp.errors import PnpError
from pnp.games import game
from pnp.i18n import ENGLISH, LANGUAGES, using

# Which pieces a PDF holds: a whole pack, or one of the two PDFs --keys-apart splits it into (the
# play pieces, and the pieces held back to the end such as answer keys). The data records the
# part of a split pack, so the validator redraws the same pieces.
WHOLE, MAIN, HELD_BACK = "all", "main", "held-back"
PARTS = (MAIN, HELD_BACK)


GENERATOR = f"pnp {__version__}"


class ItemError(PnpError):
    """A piece of item ``item`` cannot be laid out; the build reports it at the item's line."""

    def __init__(self, item: int, message: str, advice=None):
        super().__init__(message)
        self.item, self.message, self.advice = item, message, advice


def footer_text(title: str, seed: str, generator: str) -> str:
    return f"{title} · seed {seed} · {generator}"


def page_geometry(size: str, orientation: str, margin_mm: float):
    from pnp.pdf.page import geometry

    return geometry(size, orientation, margin_mm)


def payload(title: str, seed: str, spec_page, page, records: list, part: str = WHOLE,
            language: str = ENGLISH) -> dict:
    from pnp.pdf.embed import FORMAT

    data = {"format": FORMAT, "generator": GENERATOR, "title": title, "seed": seed,
            "page": {"size": spec_page.size, "orientation": spec_page.orientation,
                     "margin_mm": spec_page.margin_mm, "width": page.width, "height": page.height},
            "boards": records}
    if part != WHOLE:             # absent in a whole pack, so its bytes are as they were
        data["part"] = part
    if language != ENGLISH:       # likewise: an English pack's data is as it was
        data["language"] = language
    return data


def recorded_language(data: dict) -> str:
    """The language a file's data says its pages print in (English where it says none); a
    ValueError for one pnp does not print in."""
    language = data.get("language", ENGLISH)
    if language not in LANGUAGES:
        raise ValueError(f"the data names language {language!r}, which pnp does not print in")
    return language


def draw_boards(canvas, page, footer: str, boards: Iterable[tuple[int, str, object]],
                part: str = WHOLE, language: str = ENGLISH) -> tuple[list, int]:
    """Impose every board's pieces on ``canvas``, in order, every word in ``language``;
    (records, pages).

    ``boards`` are (item number, kind, board). The build calls this to write a PDF, and the
    validator calls it again on the attached data to know exactly what each page must print.
    ``part`` picks the pieces: "all", "main" (all but those held back to the end) or "held-back"
    (only those; the records list only the boards that have any).
    """
    with using(language):
        return _draw_boards(canvas, page, footer, boards, part)


def _draw_boards(canvas, page, footer: str, boards, part: str) -> tuple[list, int]:
    from pnp.pdf.impose import Imposer

    records: list = []
    imposer = Imposer(canvas, page, footer)
    held_back, last = [], None
    printed_once: set = set()     # (item, piece name) of the pieces an item prints once
    for item, kind, board in boards:
        # The next item's first cut piece shares the open sheet if it fits below everything on
        # it (a band of its own: one straight cut parts the two items), so a set's half-empty
        # last sheet is not followed by a fresh one. The next item's whole pages never come
        # before that sheet: a game's rules card prints right after the board it explains,
        # and every piece prints in the order it comes.
        band, last = last is not None and item != last, item
        module = game(kind)
        placements: list = []
        records.append({"kind": kind, "item": item, "data": module.to_data(board),
                        "placements": placements})
        for piece in module.pieces(board):
            if piece.once:
                if (item, piece.name) in printed_once:
                    continue
                printed_once.add((item, piece.name))
            if piece.at_end:
                if part != MAIN:
                    held_back.append((piece, placements, item, kind))
                continue
            if part == HELD_BACK:
                continue
            try:
                imposer.add(piece, placements, f"{kind} {piece.name}", band)
            except PnpError as exc:
                raise ItemError(item, str(exc), getattr(exc, "advice", None)) from None
            band = False
    imposer.finish()              # held-back pieces (answer keys) start a sheet of their own
    for piece, placements, item, kind in held_back:
        try:
            imposer.add(piece, placements, f"{kind} {piece.name}")
        except PnpError as exc:
            raise ItemError(item, str(exc), getattr(exc, "advice", None)) from None
    pages = imposer.finish()
    if part == HELD_BACK:
        records = [r for r in records if r["placements"]]
    return records, pages


def redraw(data: dict) -> tuple[bytes, list]:
    """The PDF this version of pnp draws for attached ``data`` (trusted: the validator has
    read it with every game's ``from_data``), and its records; the validator compares it with
    the file it was given."""
    import io

    from types import SimpleNamespace

    from pnp.pdf.writer import new_canvas

    spec_page = SimpleNamespace(**{k: data["page"][k] for k in ("size", "orientation", "margin_mm")})
    page = page_geometry(spec_page.size, spec_page.orientation, spec_page.margin_mm)
    out = io.BytesIO()
    canvas = new_canvas(out, page, data["title"])
    boards = [(r["item"], r["kind"], game(r["kind"]).from_data(r["data"])) for r in data["boards"]]
    language = recorded_language(data)
    records, _ = draw_boards(canvas, page, footer_text(data["title"], data["seed"], data["generator"]),
                             boards, data.get("part", WHOLE), language)
    from pnp.pdf.embed import attach_json

    # attached as the build attaches it, so a file pnp wrote is redrawn byte for byte
    attach_json(canvas, payload(data["title"], data["seed"], spec_page, page, records,
                                data.get("part", WHOLE), language))
    canvas.save()
    return out.getvalue(), records
