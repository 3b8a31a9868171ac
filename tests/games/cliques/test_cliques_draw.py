"""Cliques drawings: text always fits its box, every mark stays inside its piece, names render."""

from __future__ import annotations

import io
import random

import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from pnp.games import cliques
from pnp.paper import Frame
from pnp.games.cliques import score_sheet
from pnp.games.cliques.ink import ASCENT, DESCENT, MIN_TEXT, block_height, text_in_box
from pnp.games.cliques.item import Item, parse_players, seat_names
from pnp.games.cliques.rules import MAX_NAME
from pnp.pdf.fonts import BOLD, SANS, string_width

LONG = "Maximilian Alexander von Habsburg-Lothr"           # MAX_NAME characters
WIDE = "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"          # no spaces to wrap at
NAMES = (LONG, "Σωκράτης Παπαδόπουλος", "Дмитрий Иванович", "Zoë Ñúñez-Łukasiewicz", WIDE, "Bo")
assert len(LONG) <= MAX_NAME and len(WIDE) == MAX_NAME


class Recorder:
    """Stands in for a canvas and keeps every string drawn, with its font, size and anchor."""

    def __init__(self):
        self.font = None
        self.gray = 0
        self.drawn = []
        self.drawn_sizes = []
        self.grays = []          # the fill grey each string was drawn in

    def setFont(self, font, size):
        self.font = (font, size)

    @property
    def sizes(self):
        return [size for *_, size in self.drawn_sizes]

    def setFillGray(self, gray):
        self.gray = gray

    def _keep(self, align, x, y, text):
        font, size = self.font
        width = string_width(text, font, size)
        left = {"left": x, "center": x - width / 2, "right": x - width}[align]
        self.drawn.append((text, left, left + width, y - DESCENT * size, y + ASCENT * size))
        self.drawn_sizes.append((text, size))
        self.grays.append(self.gray)

    def drawString(self, x, y, text):
        self._keep("left", x, y, text)

    def drawCentredString(self, x, y, text):
        self._keep("center", x, y, text)

    def drawRightString(self, x, y, text):
        self._keep("right", x, y, text)


printable = st.text(st.sampled_from("abcdefghij WMlmñéΣωДж-"), min_size=1, max_size=MAX_NAME)


@settings(max_examples=150, deadline=None)
@given(printable, st.floats(12, 300), st.floats(block_height(1, MIN_TEXT), 80),
       st.sampled_from([SANS, BOLD]), st.sampled_from(["left", "center", "right"]),
       st.sampled_from(["top", "middle", "bottom"]))
def test_text_never_leaves_its_box_nor_prints_under_6_pt(text, width, height, font, align, valign):
    rec = Recorder()
    text_in_box(rec, text, 100, 200, width, height, font, 12, MIN_TEXT, align, valign)
    assert rec.drawn
    for line, left, right, bottom, top in rec.drawn:
        assert 100 - 1e-6 <= left and right <= 100 + width + 1e-6, line
        assert 200 - 1e-6 <= bottom and top <= 200 + height + 1e-6, line
    assert min(rec.sizes) >= MIN_TEXT == 6


@pytest.mark.parametrize("size, min_size, height", [(10, 5, 20), (5.5, 5.5, 20), (10, 6, 7)])
def test_text_under_6_pt_or_a_box_too_short_for_it_is_refused(size, min_size, height):
    with pytest.raises(ValueError):
        text_in_box(Recorder(), "Bo", 0, 0, 100, height, SANS, size, min_size)


@pytest.mark.parametrize("text, width", [("Bo", 80), (LONG, 90), (WIDE, 30)])
def test_text_is_black_whatever_fill_came_before(text, width):
    # a shaded grid row leaves grey as the fill colour; the wide name's ellipsis path once
    # drew in it, and printed an empty row label
    rec = Recorder()
    rec.setFillGray(0.95)
    text_in_box(rec, text, 0, 0, width, 7.5, BOLD, 10)
    assert rec.drawn and rec.grays == [0] * len(rec.drawn)


def test_hyphenated_names_break_after_a_hyphen_before_inside_a_part():
    rec = Recorder()
    text_in_box(rec, "Ngozi Chukwuemeka-Okonkwo", 0, 0, 58, 30, BOLD, 10)
    assert [line for line, *_ in rec.drawn] == ["Ngozi", "Chukwuemeka-", "Okonkwo"]
    rec = Recorder()
    text_in_box(rec, "Jean-Baptiste", 0, 0, 200, 30, BOLD, 10)
    assert [line for line, *_ in rec.drawn] == ["Jean-Baptiste"]     # room: no break


def test_text_shrinks_before_it_breaks_words():
    rec = Recorder()
    size = text_in_box(rec, LONG, 0, 0, 90, 30, BOLD, 10)
    assert 6 <= size < 10
    assert all(" ".join(line for line, *_ in rec.drawn).split() == LONG.split() for _ in [0])


def test_unbreakable_text_too_big_is_cut_with_an_ellipsis():
    rec = Recorder()
    text_in_box(rec, WIDE, 0, 0, 30, 7.5, BOLD, 10)
    assert len(rec.drawn) == 1 and rec.drawn[0][0].endswith("…")


PAGES = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


def render(board, page="A4", landscape=False, margin=28.35, limit=None):
    """Each piece on its own page at its own frame; returns [(piece, frame, pdf page)]."""
    w, h = PAGES[page]
    if landscape:
        w, h = h, w
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(w, h), invariant=1)
    placed = []
    for piece in cliques.pieces(board)[:limit]:
        if piece.size is None:
            frame = Frame(margin, margin, w - 2 * margin, h - 2 * margin)
        else:
            frame = Frame(margin + 3.3, h - margin - piece.size[1] - 7.7, *piece.size)
        piece.draw(canvas, frame)
        canvas.showPage()
        placed.append((piece, frame))
    canvas.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    return [(piece, frame, pdf[i]) for i, (piece, frame) in enumerate(placed)]


def objects(page, textpage=None):
    return list(page.get_objects(max_depth=8, textpage=textpage))


def outside(frame, bounds, slack=0.01):
    left, bottom, right, top = bounds
    return (left < frame.x - slack or bottom < frame.y - slack or right > frame.right + slack
            or top > frame.top + slack)


@pytest.mark.parametrize("landscape", [False, True])
def test_names_render_in_their_script_in_both_tables(landscape):
    # that they stay inside their columns is test_cliques_layout's overlap check: a name leaving
    # its cell would cross the grid's lines
    board = cliques.generate(Item(players=parse_players(list(NAMES))), random.Random(2), "CQ-7")
    (_, _, page), *_ = render(board, "A4", landscape, limit=1)
    textpage = page.get_textpage()
    # names may break after a hyphen; pdfium reads such a line end back as U+FFFE
    text = textpage.get_text_range().replace("\ufffe", "-").replace("-\r\n", "-")
    for word in ("Σωκράτης", "Παπαδόπουλος", "Дмитрий", "Ñúñez-Łukasiewicz", "Habsburg-Lothr"):
        assert word in text
    lines = text.split()
    for word in ("Παπαδόπουλος", "Иванович", "Łukasiewicz", "Habsburg-Lothr"):
        # a row of the membership grid, a row of the tally, a column head
        assert sum(word in w for w in lines) >= 3, word


def test_worked_example_uses_the_shortest_names():
    assert score_sheet.example_names(NAMES) == ("Bo", "Дмитрий Иванович", "Σωκράτης Παπαδόπουλος")
    assert score_sheet.example_names(seat_names(12))[:2] == ("Player 1", "Player 2")
    board = cliques.generate(Item(players=parse_players(list(NAMES))), random.Random(2), "CQ-7")
    (_, _, page), *_ = render(board, "A4", limit=1)
    text = " ".join(page.get_textpage().get_text_range().split())
    assert "Say Σωκράτης Παπαδόπουλος has joined Bo's circle" in text
