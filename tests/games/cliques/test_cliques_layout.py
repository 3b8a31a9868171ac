"""Cliques pieces over the option space: ink inside the frame, no text under 6 pt, no overlaps.

Every piece is drawn into a PDF, read back with pdfium and its objects turned into shapes with
shapely: text boxes, stroked paths (as lines as wide as their stroke) and dark fills. Text must
touch neither other text nor any line or dark fill; everything must stay inside the piece's
frame. The space: A4 and Letter, portrait and landscape, 3..12 players, seat numbers, long names
and unbreakable names, every player count's tracker style, the longest name as first player.
"""

from __future__ import annotations

import ctypes
import dataclasses
import io
import random

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from reportlab.pdfgen.canvas import Canvas
from shapely import STRtree
from shapely.geometry import LineString, Polygon, box

from pnp.games import cliques
from pnp.games.cliques import sizes
from pnp.games.cliques.ink import MIN_TEXT
from pnp.games.cliques.item import Item, parse_players, seat_names
from pnp.games.cliques.rules import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from pnp.pdf.page import geometry
from support.pieces import draw_pieces

LONG_NAMES = ("Maximilian Alexander von Habsburg-Lothr", "Σωκράτης Παπαδόπουλος-Καραμανλής",
              "Дмитрий Иванович Соколов-Микитов", "Zoë Ñúñez-Łukasiewicz de la Peña", "Bo",
              "Ngozi Chukwuemeka-Okonkwo Adebayo", "Jean-Baptiste Grenouille-Dupont",
              "Mary Ann Elizabeth Fitzgerald-Smythe", "Wolfgang Amadeus Mozart-Salieri",
              "Ana", "Hildegard von Bingen-Rupertsberg", "Li")
WIDE = "W" * MAX_NAME           # no space or hyphen to break at
assert all(len(name) <= MAX_NAME for name in LONG_NAMES)


def names(kind: str, n: int) -> tuple[str, ...]:
    if kind == "seats":
        return seat_names(n)
    if kind == "long":
        return parse_players(list(LONG_NAMES[:n]))
    return parse_players([WIDE] + list(LONG_NAMES[1:n]))


# --- reading a page back as shapes ---------------------------------------------------------

@dataclasses.dataclass
class Ink:
    texts: list            # (text, size in pt, shapely box)
    strokes: list          # (shapely geometry: the stroked line as wide as its stroke)
    dark_fills: list       # (shapely polygon) filled darker than a pencil-friendly tint
    bounds: list           # every object's bounding box


def _matrix_apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _subpaths(obj):
    """The path's subpaths as point lists in page space (curves sampled)."""
    m = obj.get_matrix().get()
    paths, current, last = [], [], None
    n = raw.FPDFPath_CountSegments(obj.raw)
    k = 0
    while k < n:
        seg = raw.FPDFPath_GetPathSegment(obj.raw, k)
        kind = raw.FPDFPathSegment_GetType(seg)
        x, y = ctypes.c_float(), ctypes.c_float()
        raw.FPDFPathSegment_GetPoint(seg, ctypes.byref(x), ctypes.byref(y))
        point = (x.value, y.value)
        if kind == raw.FPDF_SEGMENT_MOVETO:
            if len(current) > 1:
                paths.append(current)
            current = [point]
        elif kind == raw.FPDF_SEGMENT_BEZIERTO:
            ctrl = [point]
            for extra in (1, 2):
                s2 = raw.FPDFPath_GetPathSegment(obj.raw, k + extra)
                raw.FPDFPathSegment_GetPoint(s2, ctypes.byref(x), ctypes.byref(y))
                ctrl.append((x.value, y.value))
            p0 = last
            for t in (i / 8 for i in range(1, 9)):
                u = 1 - t
                current.append(tuple(u ** 3 * p0[j] + 3 * u * u * t * ctrl[0][j]
                                     + 3 * u * t * t * ctrl[1][j] + t ** 3 * ctrl[2][j]
                                     for j in (0, 1)))
            point = ctrl[2]
            seg = raw.FPDFPath_GetPathSegment(obj.raw, k + 2)
            k += 2
        else:
            current.append(point)
        if raw.FPDFPathSegment_GetClose(seg) and current:
            current.append(current[0])
        last = point
        k += 1
    if len(current) > 1:
        paths.append(current)
    return [[_matrix_apply(m, *p) for p in path] for path in paths]


def read_ink(page) -> Ink:
    ink = Ink([], [], [], [])
    textpage = page.get_textpage()
    for obj in page.get_objects(max_depth=8, textpage=textpage):
        try:
            bounds = obj.get_bounds()
        except Exception:
            continue
        ink.bounds.append(bounds)
        if obj.type == raw.FPDF_PAGEOBJ_TEXT:
            a, b, c, d, _, _ = obj.get_matrix().get()
            size = obj.get_font_size() * abs(a * d - b * c) ** 0.5
            text = obj.extract()
            ink.texts.append((text, size, box(*bounds)))
        elif obj.type == raw.FPDF_PAGEOBJ_PATH:
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            raw.FPDFPath_GetDrawMode(obj.raw, ctypes.byref(fill), ctypes.byref(stroke))
            paths = _subpaths(obj)
            if stroke.value:
                width = ctypes.c_float()
                raw.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
                for path in paths:
                    ink.strokes.append(LineString(path).buffer(width.value / 2, cap_style=2))
            if fill.value:
                rgba = [ctypes.c_uint() for _ in range(4)]
                raw.FPDFPageObj_GetFillColor(obj.raw, *(ctypes.byref(v) for v in rgba))
                if rgba[0].value < 200:           # darker than the pale fills (0.88 grey)
                    for path in paths:
                        if len(path) > 2:
                            ink.dark_fills.append(Polygon(path).buffer(0))
    textpage.close()
    return ink


def collisions(ink: Ink, slack: float = 0.05) -> list[str]:
    """Text touching other text, a stroked line or a dark fill."""
    found = []
    texts = [(t, b.buffer(-slack, join_style=2)) for t, _, b in ink.texts]
    text_tree = STRtree([b for _, b in texts])
    for i, (text, b) in enumerate(texts):
        for j in text_tree.query(b, predicate="intersects"):
            if j > i:
                found.append(f"text {text!r} overlaps text {texts[j][0]!r}")
    lines = ink.strokes + ink.dark_fills
    line_tree = STRtree(lines)
    for text, b in texts:
        if len(line_tree.query(b, predicate="intersects")):
            found.append(f"text {text!r} touches a line at {[round(v) for v in b.bounds]}")
    return found


def problems(piece, frame, page) -> list[str]:
    ink = read_ink(page)
    out = []
    for left, bottom, right, top in ink.bounds:
        if left < frame.x - 0.01 or bottom < frame.y - 0.01 or right > frame.right + 0.01 \
                or top > frame.top + 0.01:
            out.append(f"ink at {[round(v, 1) for v in (left, bottom, right, top)]} leaves "
                       f"the frame {[round(v, 1) for v in frame.as_list()]}")
    out += [f"{text!r} printed at {size:.2f} pt" for text, size, _ in ink.texts
            if size < MIN_TEXT - 1e-6]
    out += collisions(ink)
    return [f"{piece.name}: {p}" for p in out]


def cut_texts(page) -> list[str]:
    """Texts printed cut short with an ellipsis."""
    return [line for line in page.get_textpage().get_text_range().splitlines() if "…" in line]


def board_for(kind: str, n: int, seed: int = 1, **extra):
    return cliques.generate(Item(players=names(kind, n), **extra), random.Random(seed),
                            "WWWW-99")


PAPERS = [("A4", False), ("Letter", False), ("A4", True), ("Letter", True)]


# --- the tests ------------------------------------------------------------------------------

@pytest.mark.parametrize("page, landscape", PAPERS)
@pytest.mark.parametrize("kind", ["seats", "long", "wide"])
def test_score_sheet_fits_and_nothing_overlaps(page, landscape, kind):
    found = []
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        # the seed only picks the first player, whose name the sheet prints: the longest is the
        # hardest to fit
        board = board_for(kind, n)
        one = dataclasses.replace(board, first=max(board.players, key=len))
        for piece, frame, pdf_page in draw_pieces(one, page, landscape,
                                                  only=lambda name: name == "score sheet"):
            found += [f"{n} players: {p}" for p in problems(piece, frame, pdf_page)]
            # long names print whole; only a landscape sheet for 10 or more cuts the longest
            if kind == "long" and not (landscape and n >= 10):
                found += [f"{n} players: a name is cut" for _ in cut_texts(pdf_page)]
    assert not found, found[:8]


@pytest.mark.parametrize("kind", ["seats", "long", "wide"])
def test_small_pieces_fit_their_units_and_nothing_overlaps(kind):
    """Small pieces do not depend on the paper: each is drawn at its own size. A tracker depends
    on the player count (its style and range) and the name; the rules card on the start count;
    vote cards on the name; remark cards on the set's name and the card's number."""
    found = []
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        board = board_for(kind, n, remark_cards=200)
        named = {max(board.players, key=len), min(board.players, key=len)}
        wanted = {"rules card", *(f"tracker {p}" for p in named),
                  *(f"vote cards {p}" for p in named)}
        if n == MIN_PLAYERS:
            wanted |= {"remark card 1", "remark card 200"}
        for piece, frame, pdf_page in draw_pieces(board, only=wanted.__contains__):
            found += [f"{n} players: {p}" for p in problems(piece, frame, pdf_page)]
            if kind != "wide":
                found += [f"{n} players: {piece.name}: {t!r} is cut" for t in cut_texts(pdf_page)]
    assert not found, found[:8]


def test_every_small_piece_is_whole_card_units():
    board = board_for("seats", 5, remark_cards=1)
    unit_w, unit_h = sizes.UNIT
    for piece in cliques.pieces(board)[1:]:
        across, down = piece.size[0] / unit_w, piece.size[1] / unit_h
        assert across == round(across) >= 1 and down == round(down) >= 1, piece.name
        assert piece.group == cliques.pieces(board)[1].group


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_card_units_fill_a_page_two_by_four_or_three_by_three(paper):
    for orientation, fit in (("portrait", (2, 4)), ("landscape", (3, 3))):
        area = geometry(paper, orientation, 10).content
        assert (int(area.width // sizes.UNIT[0]), int(area.height // sizes.UNIT[1])) == fit


def _page_with(draw):
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(300, 300), invariant=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buf.getvalue())[0]


@pytest.mark.parametrize("draw, expected", [
    (lambda c: (c.setFont("Helvetica", 10), c.drawString(50, 50, "Ann"),
                c.drawString(55, 52, "Bo")), "overlaps text"),
    (lambda c: (c.setFont("Helvetica", 10), c.drawString(50, 50, "Ann"),
                c.line(40, 53, 90, 53)), "touches a line"),
    (lambda c: (c.setFont("Helvetica", 10), c.drawString(50, 50, "Ann"),
                c.circle(58, 54, 6, stroke=1, fill=0)), "touches a line"),
    (lambda c: (c.setFont("Helvetica", 10), c.drawString(50, 50, "Ann"),
                c.setFillGray(0), c.rect(60, 45, 20, 20, stroke=0, fill=1)), "touches a line"),
])
def test_the_overlap_reader_sees_collisions(draw, expected):
    found = collisions(read_ink(_page_with(draw)))
    assert found and expected in found[0]


def test_the_overlap_reader_allows_text_on_a_pale_fill_inside_a_box():
    def draw(c):
        c.setFillGray(0.88)
        c.rect(40, 40, 60, 30, stroke=1, fill=1)
        c.setFillGray(0)
        c.setFont("Helvetica", 10)
        c.drawString(50, 50, "Ann")
    assert collisions(read_ink(_page_with(draw))) == []


def test_text_under_6_pt_is_seen():
    ink = read_ink(_page_with(lambda c: (c.setFont("Helvetica", 5), c.drawString(50, 50, "x"))))
    assert [round(size, 2) for _, size, _ in ink.texts] == [5]


@pytest.mark.parametrize("page, landscape", PAPERS)
def test_tally_rows_have_the_boxes_the_spare_rows_were_sized_for(page, landscape):
    from pnp.games.cliques import score_sheet
    content = geometry(page, "landscape" if landscape else "portrait", 10).content
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for kind in ("seats", "long"):
            parts = score_sheet.plan(board_for(kind, n), content)
            board = board_for(kind, n)
            assert score_sheet.tally_boxes(board, parts.tally.width) >= score_sheet.MIN_TALLY_BOXES


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
@pytest.mark.parametrize("paper, orientation", [("A4", "landscape"), ("Letter", "landscape"),
                                                ("A4", "portrait")])
def test_a_score_sheet_too_short_for_its_rows_is_one_line_at_the_item(tmp_path, players, paper, orientation):
    """The widest margins leave a landscape page 124 mm tall: a score sheet either lays out
    with every row at least a 6 pt line tall, or the item is refused in one FILE:LINE:COL line
    (a 12-player sheet once stopped the build with a traceback)."""
    from pnp.build import build
    from pnp.errors import SpecError
    from pnp.games.cliques.score_sheet import fitted_plan, row_heights
    from pnp.games.cliques.ink import block_height
    from pnp.spec import loads

    spec = loads(f"seed: s\npage: {{size: {paper}, orientation: {orientation}, margin_mm: 40}}\n"
                 f"items:\n  - {{kind: cliques, players: {players}, remark_cards: 0}}\n", "x.yaml")
    board = cliques.generate(spec.items[0].item, random.Random(1), "T")
    area = geometry(paper, orientation, 40).content
    try:
        parts = fitted_plan(board, area)
    except Exception:               # noqa: BLE001 - the build must then refuse it in one line
        with pytest.raises(SpecError, match=r"^x\.yaml:4:5: a Cliques score sheet for "):
            build(spec, tmp_path)
        return
    assert min(row_heights(board, parts)) >= block_height(1, MIN_TEXT) + 2 - 1e-9
