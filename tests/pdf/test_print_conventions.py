"""Print-and-play conventions, read back from built PDFs on every paper: print at actual size,
only embedded fonts, page boxes that say what the sheet is, a 50 mm scale bar on every page,
cut lines round every piece, bookmarks for pieces that ask for one, no text under 6 pt."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.build import build
from pnp.paper import MM, Frame, Piece
from pnp.pdf.cuts import through_cuts
from pnp.pdf.fonts import BOLD, MIN_TEXT_PT, SANS, draw_fitted, fit_lines, fit_size, string_width
from pnp.pdf.footer import BAR_LABEL, BAR_MM
from pnp.pdf.impose import Imposer
from pnp.pdf.page import geometry
from pnp.verify.record import read as read_record
from pnp.pdf.writer import new_canvas
from pnp.spec import loads
from support.pdfium_pages import read_page

PAPERS = [("A4", "portrait"), ("A4", "landscape"), ("Letter", "portrait"), ("Letter", "landscape")]
ALL_GAMES = """\
title: Conventions
seed: conventions
page: {{size: {size}, orientation: {orientation}}}
items:
  - {{kind: cliquer, dots: 8}}
  - {{kind: cliquer, size: quarter, count: 3, dots: 6}}
  - {{kind: circles, variants: {{lockdown: true}}}}
  - {{kind: cliques, players: 4, remark_cards: 4}}
"""


@pytest.fixture(scope="module", params=PAPERS, ids=lambda p: f"{p[0]}-{p[1]}")
def pack(request, tmp_path_factory):
    size, orientation = request.param
    spec = loads(ALL_GAMES.format(size=size, orientation=orientation), "conventions.yaml")
    [(path, _, _)] = build(spec, tmp_path_factory.mktemp(f"{size}-{orientation}"))
    return path, geometry(size, orientation, spec.page.margin_mm)


def test_viewers_are_asked_to_print_at_actual_size(pack):
    path, _ = pack
    assert PdfReader(path).trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_every_font_named_is_embedded_and_helvetica_is_never_named(pack):
    path, _ = pack
    reader = PdfReader(path)
    assert b"Helvetica" not in path.read_bytes()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]


def test_page_boxes_are_the_paper_and_the_art_box_is_the_safe_area(pack):
    path, page = pack
    paper = [0, 0, page.width, page.height]
    safe = page.safe
    for p in PdfReader(path).pages:
        for box in (p.mediabox, p.cropbox, p.bleedbox, p.trimbox):
            assert [float(v) for v in box] == pytest.approx(paper, abs=1e-3)
        assert [float(v) for v in p.artbox] == pytest.approx([safe.x, safe.y, safe.right, safe.top], abs=1e-3)


def test_every_page_has_a_scale_bar_that_measures_50_mm(pack):
    path, page = pack
    pdf = pdfium.PdfDocument(str(path))
    try:
        for i in range(len(pdf)):
            printed = read_page(pdf[i])
            bars = [s for s in printed.shapes if s.stroked and not s.filled and len(s.lines) == 1
                    and abs((max(p[0] for p in s.lines[0]) - min(p[0] for p in s.lines[0])) - BAR_MM * MM) < 0.01]
            assert len(bars) == 1, f"page {i + 1}"
            assert any(BAR_LABEL in t.text for t in printed.texts), f"page {i + 1}"
            bar = bars[0].bounds
            assert page.safe.y <= bar[1] and bar[3] <= page.content.y, "the bar stays in the footer band"
    finally:
        pdf.close()


def test_no_text_anywhere_is_under_6_pt_in_the_generic_parts(pack):
    """The footer, the bar's label and cut-sheet furniture: the imposer's own text."""
    path, page = pack
    pdf = pdfium.PdfDocument(str(path))
    try:
        for i in range(len(pdf)):
            for t in read_page(pdf[i]).texts:
                if t.bounds[3] <= page.content.y:          # the footer band is the imposer's
                    assert t.size >= MIN_TEXT_PT - 0.01, (i + 1, t.text, t.size)
    finally:
        pdf.close()


def _segments(shape):
    for run in shape.lines:
        for a, b in zip(run, run[1:]):
            yield a, b


def _on_edge(a, b, frames, tol=0.01) -> bool:
    """Whether segment ab lies along the edges of frames (one edge or several in a row)."""
    if abs(a[1] - b[1]) < tol:
        line, lo, hi = a[1], min(a[0], b[0]), max(a[0], b[0])
        spans = sorted((f.x, f.right) for f in frames if min(abs(line - f.y), abs(line - f.top)) < tol)
    elif abs(a[0] - b[0]) < tol:
        line, lo, hi = a[0], min(a[1], b[1]), max(a[1], b[1])
        spans = sorted((f.y, f.top) for f in frames if min(abs(line - f.x), abs(line - f.right)) < tol)
    else:
        return False
    reach = lo
    for start, end in spans:
        if start <= reach + tol:
            reach = max(reach, end)
    return reach >= hi - tol


def _inside(p, f: Frame) -> bool:
    return f.x <= p[0] <= f.right and f.y <= p[1] <= f.top


def _covered(a, b, segments, tol=0.01) -> bool:
    """Whether the dashed segments cover the straight edge ab along its whole length."""
    horizontal = abs(a[1] - b[1]) < tol
    axis, other = (0, 1) if horizontal else (1, 0)
    lo, hi = sorted((a[axis], b[axis]))
    spans = sorted(tuple(sorted((p[axis], q[axis]))) for p, q in segments
                   if abs(p[other] - a[other]) < tol and abs(q[other] - a[other]) < tol)
    reach = lo
    for start, end in spans:
        if start <= reach + tol:
            reach = max(reach, end)
    return reach >= hi - tol


def test_cut_lines_run_along_every_piece_edge_and_crop_marks_only_on_through_cuts(pack):
    path, page = pack
    import pypdfium2 as pdfium

    doc = read_record(path)
    pdf = pdfium.PdfDocument(str(path))
    try:
        by_page: dict[int, list[Frame]] = {}
        for record in doc.payload["boards"]:
            for p in record["placements"]:
                by_page.setdefault(p["page"], []).append(Frame(*p["frame"]))
        imposed = 0
        for i, frames in by_page.items():
            if len(frames) == 1 and frames[0].as_list() == page.content.as_list():
                continue                     # a whole page: no cut lines
            imposed += 1
            printed = read_page(pdf[i])
            inner = [f.inset(0.5) for f in frames]      # a piece's own dashed drawing is in there
            dashed = [(a, b) for s in printed.shapes if s.dashed for a, b in _segments(s)
                      if not any(_inside(a, f) and _inside(b, f) for f in inner)]
            assert dashed and all(_on_edge(a, b, frames) for a, b in dashed), f"page {i + 1}"
            for f in frames:                 # each edge covered by dashes along its whole length
                for (x0, y0), (x1, y1) in (((f.x, f.y), (f.right, f.y)), ((f.x, f.top), (f.right, f.top)),
                                           ((f.x, f.y), (f.x, f.top)), ((f.right, f.y), (f.right, f.top))):
                    assert _covered((x0, y0), (x1, y1), dashed), f"page {i + 1} edge of {f}"
            ys, xs = through_cuts(frames)
            left, right = min(f.x for f in frames), max(f.right for f in frames)
            bottom, top = min(f.y for f in frames), max(f.top for f in frames)
            marks = [(a, b) for s in printed.shapes if s.stroked and not s.dashed and not s.filled
                     for a, b in _segments(s)
                     if max(a[0], b[0]) <= left or min(a[0], b[0]) >= right
                     or max(a[1], b[1]) <= bottom or min(a[1], b[1]) >= top]
            marks = [(a, b) for a, b in marks if min(a[1], b[1]) > page.content.y]   # not the bar
            assert marks, f"page {i + 1} has crop marks"
            for a, b in marks:       # each on a cut right across the sheet, never beside a piece
                if abs(a[0] - b[0]) < 0.01:
                    assert any(abs(a[0] - x) < 0.01 for x in xs), f"page {i + 1}: mark at x={a[0]}"
                else:
                    assert any(abs(a[1] - y) < 0.01 for y in ys), f"page {i + 1}: mark at y={a[1]}"
        assert imposed, "the pack has cut sheets"
    finally:
        pdf.close()


def test_pieces_with_an_outline_title_get_a_bookmark():
    page = geometry("A4", "portrait", 10)
    out = io.BytesIO()
    canvas = new_canvas(out, page, "bookmarks")
    imposer = Imposer(canvas, page, "footer")
    record: list = []

    def nothing(c, f):
        pass

    imposer.add(Piece("board", nothing, outline="Board ABCD-01"), record)
    imposer.add(Piece("card", nothing, size=(50 * MM, 50 * MM), outline="Card 2"), record)
    imposer.add(Piece("token", nothing, size=(10 * MM, 10 * MM)), record)
    imposer.finish()
    canvas.save()
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert [(o.title, reader.get_destination_page_number(o)) for o in reader.outline] == \
        [("Board ABCD-01", 0), ("Card 2", 1)]


def test_a_whole_page_closes_the_sheet_being_filled_so_pieces_keep_their_order():
    page = geometry("A4", "portrait", 10)
    canvas = new_canvas(io.BytesIO(), page, "order")
    imposer = Imposer(canvas, page, "footer")
    record: list = []
    names = ["card 1", "page", "card 2", "card 3"]
    for name in names:
        size = None if name == "page" else (50 * MM, 50 * MM)
        imposer.add(Piece(name, lambda c, f: None, size=size), record)
    assert imposer.finish() == 3
    assert [(r["piece"], r["page"]) for r in record] == [("card 1", 0), ("page", 1), ("card 2", 2),
                                                         ("card 3", 2)]


words = st.text(st.characters(codec="latin-1", categories=("L", "N", "P", "Zs")), min_size=1, max_size=60)


@settings(max_examples=200, deadline=None)
@given(words, st.floats(1, 30), st.floats(1, 300), st.floats(0, 12), st.sampled_from([SANS, BOLD]))
def test_fitted_text_never_prints_under_6_pt_nor_past_its_width(text, size, width, min_size, font):
    class Recorder:
        def setFont(self, f, s):
            self.font, self.size = f, s

        def drawString(self, x, y, t):
            self.text = t

        drawCentredString = drawRightString = drawString

    rec = Recorder()
    used = draw_fitted(rec, text, 0, 0, width, font, size, min_size=min_size)
    assert used >= MIN_TEXT_PT and rec.size == used
    assert fit_size(text, font, size, width, min_size) >= MIN_TEXT_PT
    floor = max(MIN_TEXT_PT, min_size)
    if string_width(text, font, floor) <= width:          # shrunk, if need be, but whole
        assert rec.text == text and string_width(text, font, used) <= width + 1e-6
    else:                                                  # at the floor, cut short
        assert used == floor and rec.text.endswith("…")
        if string_width("…", font, used) <= width:
            assert string_width(rec.text, font, used) <= width + 1e-6


@settings(max_examples=200, deadline=None)
@given(words, st.floats(6, 20), st.floats(20, 300), st.floats(6, 200))
@example("0", 6.9999999999999964, 20.0, 6.0)     # stepped to 5.9999999999999964 (found by CI)
def test_fitted_lines_keep_the_floor_and_the_box(text, size, width, height):
    used, lines = fit_lines(text, SANS, size, width, height)
    assert MIN_TEXT_PT <= used <= size
    assert all(string_width(line, SANS, used) <= width + 1e-6 for line in lines)
    assert used + (len(lines) - 1) * 1.2 * used <= height + 1e-6 or len(lines) == 1
