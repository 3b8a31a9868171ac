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
from pnp.games.cliquer import codes, flow, sheet
from pnp.games.cliquer.draw import page_blocks
from pnp.games.cliquer.ink import dot_position, draw_dots, draw_labels
from pnp.games.cliquer.layout import page_layout
from pnp.games.cliquer.worksheet import worksheet_blocks
from pnp.paper import MM, Frame
from pnp.pdf import fonts
from pnp.pdf.marks import marked
from pnp.pdf.page import geometry
from pnp.pdf.writer import new_canvas
from support.cliquer_pages import PAPERS

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


def test_every_block_poured_is_a_frozen_value():
    """The poured words are kept by the blocks' values (``flow._settled``): every kind of block
    must be a frozen dataclass, so that equal blocks are blocks that print the same."""
    kinds = set()
    for board in BOARDS:
        for paper, orientation in PAPERS:
            frame = geometry(paper, orientation, 10).content
            try:
                lay = page_layout(board, frame)
            except Exception:
                continue
            blocks = (worksheet_blocks if board.worksheet else page_blocks)(board, lay)
            kinds |= {type(b) for b in blocks}
            kinds |= {type(p) for b in blocks for p in getattr(b, "paras", ())}
    # the header heads the column on some of these pages, and worksheets bring their name line
    assert {"Header", "NameLine", "Block", "ScoreBoxes", "Para"} <= {k.__name__ for k in kinds}
    for kind in kinds:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind


def test_kept_words_are_those_poured_afresh():
    """Over boards, papers, orientations and margins: the words ``settle`` keeps are the words
    poured afresh from freshly made blocks, and what one board keeps is right for the next."""
    for board in BOARDS:
        for paper, orientation in PAPERS:
            for margin in (5, 10, 20):
                frame = geometry(paper, orientation, margin).content
                try:
                    lay = page_layout(board, frame)
                except Exception:
                    continue
                blocks_of = worksheet_blocks if board.worksheet else page_blocks
                kept = flow.settle(lay.regions, blocks_of(board, lay))
                fresh = flow._settled.__wrapped__(tuple(lay.regions), tuple(blocks_of(board, lay)))
                assert kept == fresh
                if fresh is not None:
                    assert [(type(b), f) for b, f in kept.places] == \
                        [(type(b), f) for b, f in fresh.places]


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
