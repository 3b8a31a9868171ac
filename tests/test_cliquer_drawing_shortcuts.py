"""The shortcuts CliqueR takes drawing a pack's pages print what the long way round prints.

Each shortcut (a value kept from one board to the next, a step written out instead of called)
is checked against the plain code it stands for, over many boards, papers, sizes and squares:
the drawn operators must be the same strings, the kept values equal to ones worked out afresh.
The golden PDFs pin a few whole packs; these tests cover what those packs do not reach.
"""

from __future__ import annotations

import dataclasses
import io
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.games import cliquer
from pnp.games.cliquer import codes, sheet
from pnp.games.cliquer.ink import dot_position, draw_dots, draw_labels
from pnp.paper import MM, Frame
from pnp.pdf import fonts
from pnp.pdf.marks import marked
from pnp.pdf.page import geometry
from pnp.pdf.writer import new_canvas

OPTIONS = [{}, {"dots": 14}, {"dots": 5}, {"size": "half"}, {"size": "quarter"}, {"worksheet": True},
           {"size_mm": 170}, {"size_mm": 90}, {"worksheet": True, "size_mm": 170}]
BOARDS = [cliquer.generate(cliquer.Item(**options), random.Random(seed), f"S{seed:02d}")
          for options in OPTIONS for seed in range(6)]


def a_canvas():
    return new_canvas(io.BytesIO(), geometry("A4", "portrait", 10), "shortcuts")


def drawn(draw) -> list[str]:
    """The operators ``draw(canvas)`` writes on a fresh page."""
    canvas = a_canvas()
    start = len(canvas._code)
    draw(canvas)
    return canvas._code[start:]


squares = st.builds(lambda x, y, side: Frame(x, y, side, side),
                    st.floats(0, 300), st.floats(0, 500), st.floats(40, 500))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOARDS), squares, st.floats(1, 6))
def test_dots_are_drawn_marked_where_dot_position_puts_them(board, square, radius):
    def the_long_way(canvas):
        canvas.saveState()
        canvas.setFillGray(0)
        for i, dot in enumerate(board.dots):
            x, y = dot_position(board, square, dot)
            with marked(canvas, "PnpDot", i):
                canvas.circle(x, y, radius, stroke=0, fill=1)
        canvas.restoreState()

    assert drawn(lambda c: draw_dots(c, board, square, radius)) == drawn(the_long_way)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOARDS), squares, st.sampled_from([6.0, 7.0]), st.booleans())
def test_letters_are_drawn_where_their_page_labels_put_them(board, square, size, every_line):
    """Letters placed in the square's own coordinates and drawn moved by its corner print what
    labels moved onto the page (as ``dot_labels`` once returned them) print."""
    radius, joins = 1.8 * MM, ((0, 1), (1, 2))
    try:
        local = sheet.dot_labels(board, square.width, radius, size, joins, every_line)
    except Exception as exc:       # a crowded board is refused either way
        assert type(exc).__name__ == "Crowded"
        return
    x, y = square.x, square.y
    on_page = [dataclasses.replace(label, box=(label.box[0] + x, label.box[1] + y,
                                               label.box[2] + x, label.box[3] + y),
                                   origin=(label.origin[0] + x, label.origin[1] + y))
               for label in local]
    assert drawn(lambda c: sheet.draw_dot_labels(c, board, square, radius, size, joins, every_line)) \
        == drawn(lambda c: draw_labels(c, on_page))


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(min_codepoint=32, max_codepoint=0x24F), max_size=30),
       st.sampled_from([fonts.SANS, fonts.BOLD]), st.floats(1, 40))
def test_kept_widths_are_reportlabs(text, font, size):
    fonts.ensure_fonts()
    assert fonts.string_width(text, font, size) == stringWidth(text, font, size)
    assert fonts.string_width(text, font, size) == stringWidth(text, font, size)   # kept, now


def test_kept_codes_are_worked_out_afresh():
    for board in BOARDS:
        assert codes.encode(board.dots, board.grid) == codes.encode.__wrapped__(board.dots, board.grid)
        assert codes.encode(board.dots, board.grid) == codes.encode.__wrapped__(board.dots, board.grid)
