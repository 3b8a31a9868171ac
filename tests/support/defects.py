"""Defects any pnp PDF can carry, whatever its game: ink at the paper's edge, annotations, page
geometry, the attached data's container, print settings, scripts. ``support.obligations`` plants
each in the good PDF of a registered game (every game for the safe edge, one each in turn for the
rest), so no game is named here.
"""

from __future__ import annotations

import json
import random

from pypdf.generic import NameObject, StreamObject

from support.forgery import Forgery, Mutation, append, unplaced

def ink_near_edge(forgery: Forgery, rng: random.Random) -> str | None:
    """A small filled mark within 5 mm of the paper edge, where printers clip."""
    page = rng.randrange(forgery.pages())
    width, height = forgery.page_size(page)
    edge = 5 * 72 / 25.4
    size = rng.uniform(0.5, 6)
    side = rng.choice("LRTB")
    along_x, along_y = rng.uniform(0, width - size), rng.uniform(0, height - size)
    depth = rng.uniform(0, edge - 0.1)                 # how far in from the edge it starts
    x = {"L": depth, "R": width - depth - size}.get(side, along_x)
    y = {"B": depth, "T": height - depth - size}.get(side, along_y)
    x = min(max(x, 0), width - size)
    y = min(max(y, 0), height - size)
    forgery.set_content(page, forgery.content(page) + f"\nq 0 g {x:.3f} {y:.3f} {size:.3f} "
                                                      f"{size:.3f} re f Q\n")
    return f"a {size:.1f} pt mark {depth / 72 * 25.4:.1f} mm from the {side} edge of page {page + 1}"


def _annotation(forgery: Forgery, rng: random.Random, subtype: str, at_edge: bool = False) -> str | None:
    from pypdf.generic import (ArrayObject, DictionaryObject, FloatObject, NameObject as N,
                               NumberObject)

    page = rng.randrange(forgery.pages())
    width, height = forgery.page_size(page)
    if at_edge:
        x, y = rng.choice([(0, height / 2), (width - 20, height / 2), (width / 2, 0)]), None
        (x, y) = x
    else:
        x, y = rng.uniform(60, width - 80), rng.uniform(60, height - 80)
    rect = [x, y, x + 20, y + 20]
    annot = DictionaryObject({N("/Type"): N("/Annot"), N("/Subtype"): N(f"/{subtype}"),
                              N("/Rect"): ArrayObject([FloatObject(v) for v in rect]),
                              N("/F"): NumberObject(4), N("/C"): ArrayObject([FloatObject(0)] * 3)})
    appearance = forgery.stream(b"0 g 0 0 20 20 re f", Type=N("/XObject"), Subtype=N("/Form"),
                                BBox=ArrayObject([FloatObject(0), FloatObject(0), FloatObject(20),
                                                  FloatObject(20)]))
    annot[N("/AP")] = DictionaryObject({N("/N"): appearance})
    if subtype == "Ink":
        annot[N("/InkList")] = ArrayObject([ArrayObject([FloatObject(v) for v in rect])])
    if subtype == "Widget":
        annot[N("/FT")] = N("/Btn")
        annot[N("/T")] = TextStringObject_("field")
    forgery.writer.pages[page][N("/Annots")] = ArrayObject([forgery.writer._add_object(annot)])
    return f"a printing {subtype} annotation on page {page + 1} at ({x:.0f}, {y:.0f})"


def TextStringObject_(text):
    from pypdf.generic import TextStringObject

    return TextStringObject(text)


def square_annotation(forgery: Forgery, rng: random.Random) -> str | None:
    return _annotation(forgery, rng, "Square")


def ink_annotation(forgery: Forgery, rng: random.Random) -> str | None:
    return _annotation(forgery, rng, "Ink")


def widget_annotation(forgery: Forgery, rng: random.Random) -> str | None:
    return _annotation(forgery, rng, "Widget")


def annotation_at_edge(forgery: Forgery, rng: random.Random) -> str | None:
    """An annotation carries ink to the paper edge, past the 5 mm rule the page keeps."""
    return _annotation(forgery, rng, "Square", at_edge=True)


def _box(forgery: Forgery, page: int, key: str, box) -> None:
    from pypdf.generic import ArrayObject, FloatObject

    forgery.writer.pages[page][NameObject(key)] = ArrayObject([FloatObject(round(v, 3)) for v in box])


def mediabox_shifted(forgery: Forgery, rng: random.Random) -> str | None:
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    dx, dy = rng.choice([-1, 1]) * rng.uniform(3, 30), rng.choice([-1, 1]) * rng.uniform(3, 30)
    _box(forgery, page, "/MediaBox", [dx, dy, w + dx, h + dy])
    return f"page {page + 1}'s MediaBox shifted by ({dx:.0f}, {dy:.0f}) pt"


def cropbox_changed(forgery: Forgery, rng: random.Random) -> str | None:
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    grow = rng.uniform(5, 40) * rng.choice([-1, 1])
    _box(forgery, page, "/CropBox", [-grow, -grow, w + grow, h + grow])
    return f"page {page + 1}'s CropBox {'enlarged' if grow > 0 else 'shrunk'} by {abs(grow):.0f} pt"


def user_unit(forgery: Forgery, rng: random.Random) -> str | None:
    """/UserUnit 2: a printer that honours it prints the page twice as large."""
    from pypdf.generic import FloatObject

    page = rng.randrange(forgery.pages())
    forgery.writer.pages[page][NameObject("/UserUnit")] = FloatObject(rng.choice([2, 0.5, 1.5]))
    return f"page {page + 1} has a /UserUnit"


def page_rotated(forgery: Forgery, rng: random.Random) -> str | None:
    from pypdf.generic import NumberObject

    page = rng.randrange(forgery.pages())
    forgery.writer.pages[page][NameObject("/Rotate")] = NumberObject(rng.choice([90, 180, 270]))
    return f"page {page + 1} rotated"


def data_page_size(forgery: Forgery, rng: random.Random) -> str | None:
    """The data claims another page size than the page has (Letter data on A4 pages)."""
    page = forgery.payload["page"]
    page["width"], page["height"] = page["width"] + rng.choice([-17, 17, 30]), page["height"]
    return f"data page width {page['width']:.0f} pt"


def piece_renamed(forgery: Forgery, rng: random.Random) -> str | None:
    """A placement's piece renamed, so no game check recognises it and its drawing is skipped."""
    record = rng.choice(forgery.payload["boards"])
    placement = rng.choice(record["placements"])
    placement["piece"] = rng.choice(["poster", placement["piece"] + " ", "answer-key", ""])
    return f"a {record['kind']} piece renamed {placement['piece']!r}"


def second_data_attachment(forgery: Forgery, rng: random.Random) -> str | None:
    """Two pnp-data.json attachments: one for the validator, another for whoever reads second."""
    other = json.loads(json.dumps(forgery.payload))
    other["boards"] = other["boards"][:1]
    forgery.writer.add_attachment(rng.choice(["pnp-data.json", "notes.txt"]),
                                  json.dumps(other).encode())
    return "a second attachment"


def extra_page(forgery: Forgery, rng: random.Random) -> str | None:
    """A page of unmarked ink that no board record mentions."""
    w, h = forgery.page_size(0)
    page = forgery.writer.add_blank_page(w, h)
    stream = StreamObject()
    stream.set_data(f"q 0 g 100 100 {rng.uniform(10, 200):.0f} 50 re f Q".encode())
    page[NameObject("/Contents")] = forgery.writer._add_object(stream)
    return "an extra page of ink"


def duplicate_record(forgery: Forgery, rng: random.Random) -> str | None:
    record = rng.choice(forgery.payload["boards"])
    forgery.payload["boards"].append(json.loads(json.dumps(record)))
    return f"a {record['kind']} record listed twice"


def print_settings(forgery: Forgery, rng: random.Random) -> str | None:
    """The print dialog told to print only the first page, or copies, or to shrink to fit."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject as N, NumberObject

    prefs = DictionaryObject()
    choice = rng.choice(["range", "copies", "scaling"])
    if choice == "range":
        prefs[N("/PrintPageRange")] = ArrayObject([NumberObject(0), NumberObject(0)])
    elif choice == "copies":
        prefs[N("/NumCopies")] = NumberObject(rng.choice([2, 3, 5]))
    else:
        prefs[N("/PrintScaling")] = N("/AppDefault")
        current = forgery.catalog().get("/ViewerPreferences")
        if current is not None and current.get_object().get("/PrintScaling") == "/AppDefault":
            prefs[N("/PrintScaling")] = N("/None")
    forgery.catalog()[N("/ViewerPreferences")] = prefs
    return f"viewer preferences set ({choice})"


def javascript_on_open(forgery: Forgery, rng: random.Random) -> str | None:
    from pypdf.generic import DictionaryObject, NameObject as N, TextStringObject

    forgery.catalog()[N("/OpenAction")] = DictionaryObject({
        N("/S"): N("/JavaScript"), N("/JS"): TextStringObject("this.print({bUI: false});")})
    return "JavaScript run on opening"


def blackout(forgery: Forgery, rng: random.Random) -> str | None:
    """A black band across a page."""
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    y = rng.uniform(60, h - 120)
    append(forgery, page, f"q 0 g 40 {y:.1f} {w - 80:.1f} 30 re f Q")
    return f"a black band on page {page + 1}"


def page_emptied(forgery: Forgery, rng: random.Random) -> str | None:
    page = rng.randrange(forgery.pages())
    forgery.set_content(page, "\n")
    return f"page {page + 1} emptied"


def seed_changed(forgery: Forgery, rng: random.Random) -> str | None:
    """The footer's seed changed in the data (and so on every page the redraw prints): the
    boards' IDs were made from another."""
    forgery.payload["seed"] = rng.choice(["1", "lucky", forgery.payload["seed"] + "x"])
    return f"the seed said to be {forgery.payload['seed']!r}"


def unknown_key(forgery: Forgery, rng: random.Random) -> str | None:
    rng.choice(forgery.payload["boards"]).update(note="hi")
    return "a record with a note"


def on_no_page(forgery: Forgery, rng: random.Random) -> str | None:
    """A board on no page, in a file from another pnp version (which the validator cannot redraw
    but still reads back)."""
    return unplaced(rng.choice(forgery.payload["boards"])["kind"], "")(forgery, rng)


# planted in every game's good PDF: where the safe edge is, is each layout's own business
EVERY_GAME = [Mutation("Any: ink near the paper edge", "", "outside-safe-area", ink_near_edge)]

# planted in one game's good PDF each, in turn (the source is filled in by support.obligations)
ANY_GAME = [
    Mutation("Annotation: Square", "", "annotation", square_annotation),
    Mutation("Annotation: Ink", "", "annotation", ink_annotation),
    Mutation("Annotation: Widget", "", "annotation", widget_annotation),
    Mutation("Annotation: ink at the paper edge", "", "annotation", annotation_at_edge),
    Mutation("Geometry: MediaBox shifted", "", "page-geometry", mediabox_shifted),
    Mutation("Geometry: CropBox changed", "", "page-geometry", cropbox_changed),
    Mutation("Geometry: /UserUnit", "", "foreign-construct", user_unit),
    Mutation("Geometry: page rotated", "", "page-geometry", page_rotated),
    Mutation("Geometry: data's page size not the page's", "", "data-page", data_page_size),
    Mutation("Data: a piece renamed", "", "placement", piece_renamed),
    Mutation("Data: a second attachment", "", "data-attachments", second_data_attachment),
    Mutation("Data: an extra page of unmarked ink", "", "page-count", extra_page),
    Mutation("Data: a board record listed twice", "", "duplicate-board", duplicate_record),
    Mutation("Data: the footer's seed not the one the boards were made from", "", "board-id",
             seed_changed),
    Mutation("Beyond: print dialog settings", "", "print-settings", print_settings),
    Mutation("Beyond: JavaScript on opening", "", "foreign-construct", javascript_on_open),
    Mutation("Beyond: a black band across a page", "", "content-differs", blackout),
    Mutation("Beyond: a page emptied", "", "content-differs", page_emptied),
    Mutation("an unknown key in a record", "", "bad-data", unknown_key),
    Mutation("a board on no page", "", "not-printed", on_no_page),
]

# defects the validator does not look for yet (codes proposed); bench/mutation_report.py reports
# them apart
GAPS: list[Mutation] = []     # none known today

# codes no planted file can reach: each with the test that reaches it otherwise
UNPLANTABLE = {
    "check-failed": "only a bug in a game's check reaches it; "
                    "test_validator_attack.test_a_game_check_that_crashes_fails_its_board... plants one",
}
