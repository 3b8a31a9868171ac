"""Worksheets and full-page boards print for a 10-14-year-old (issue 24): words at 9 pt or more,
the dots' letters at 8 pt or more, and score boxes with a cell for every move the longest game
gives a player. Read back from built PDFs on every paper."""

from __future__ import annotations

import random

import pypdfium2 as pdfium
import pytest

from support.cliquer_pages import PAPERS
from pnp.build import build
from pnp.games import cliquer
from pnp.games.cliquer.flow import BODY_PT, ScoreBoxes
from pnp.games.cliquer.sheet import moves_in_game
from pnp.paper import MM
from pnp.pdf.page import geometry
from support.pdfium_pages import read_page
from pnp.spec import loads

LETTER_PT = 8.0
SPEC = """\
title: Sizes
seed: sizes
page: {{size: {size}, orientation: {orientation}}}
items:
  - {{kind: cliquer, dots: 9, worksheet: true}}
  - {{kind: cliquer, dots: 20}}
  - {{kind: cliquer, dots: 6}}
"""


@pytest.mark.parametrize("size, orientation", PAPERS)
def test_worksheets_and_page_boards_print_large_enough_for_children(tmp_path, size, orientation):
    [(path, _, pages)] = build(loads(SPEC.format(size=size, orientation=orientation), "s.yaml"), tmp_path)
    page = geometry(size, orientation, 10)
    pdf = pdfium.PdfDocument(str(path))
    try:
        for i in range(3):                   # the worksheet and the two boards, a page each
            texts = [t for t in read_page(pdf[i]).texts if t.bounds[1] >= page.content.y]
            letters = [t for t in texts if t.text.strip().isalpha() and t.text.strip().isupper()
                       and len(t.text.strip()) <= 2]
            # a code is not words: it alone may shrink to fit (its label stays large)
            words = [t for t in texts if t not in letters and not t.text.startswith("R1-")]
            assert len(letters) >= 6
            assert min(t.size for t in letters) >= LETTER_PT - 0.01, (i + 1, size, orientation)
            small = [(t.text, round(t.size, 2)) for t in words if t.size < BODY_PT - 0.01]
            assert not small, (i + 1, size, orientation, small[:3])
            if i > 0:
                assert any(t.text.startswith("Player 1") for t in texts), "score boxes kept"
    finally:
        pdf.close()


@pytest.mark.parametrize("lines", [3, 9, 17, 45, 60])
@pytest.mark.parametrize("width_mm", [90, 150, 196])
def test_score_boxes_hold_a_cell_for_every_move_of_the_first_player(lines, width_mm):
    boxes = ScoreBoxes(lines)
    box = boxes._box(width_mm * MM)
    first, per_row = boxes._row_cells(box)
    capacity = first + (boxes.rows(width_mm * MM) - 1) * per_row
    assert capacity >= (lines + 1) // 2 > capacity - per_row - (first if boxes.rows(width_mm * MM) == 1 else 0)
    assert boxes.height(width_mm * MM, 1.0) == pytest.approx((boxes.rows(width_mm * MM) * 6 + 2) * MM)


def test_the_page_board_asks_for_boxes_sized_to_its_game():
    from pnp.games.cliquer.draw import page_blocks
    from pnp.games.cliquer.sheet import laid_out

    board = cliquer.generate(cliquer.Item(dots=14), random.Random(3), "T-01")
    lay, _ = laid_out(board, geometry("A4", "portrait", 10).content, page_blocks)
    [boxes] = [b for b in page_blocks(board, lay) if isinstance(b, ScoreBoxes)]
    assert boxes.lines == moves_in_game(board) and boxes.cells() == (moves_in_game(board) + 1) // 2
