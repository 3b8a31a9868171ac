"""The shortcuts CliqueR takes drawing a pack's pages print what the long way round prints.

Each shortcut (a value kept from one board to the next, a step written out instead of called)
is checked against the plain code it stands for, over many boards, papers, sizes and squares:
the drawn operators must be the same strings, the kept values equal to ones worked out afresh.
The golden PDFs pin a few whole packs; these tests cover what those packs do not reach.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.games import cliquer
from pnp.games.cliquer import codes
from pnp.pdf import fonts

OPTIONS = [{}, {"dots": 14}, {"dots": 5}, {"size": "half"}, {"size": "quarter"}, {"worksheet": True},
           {"size_mm": 170}, {"size_mm": 90}, {"worksheet": True, "size_mm": 170}]
BOARDS = [cliquer.generate(cliquer.Item(**options), random.Random(seed), f"S{seed:02d}")
          for options in OPTIONS for seed in range(6)]


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
