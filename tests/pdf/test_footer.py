"""The footer keeps the seed and the page number whatever the title: a title too long is cut with
an ellipsis, never the seed or the page number (issue 24)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.build import build
from pnp.render import GENERATOR, footer_text
from pnp.pdf.fonts import MIN_TEXT_PT, SANS, ensure_fonts, string_width
from pnp.pdf.footer import footer_line
from pnp.spec import loads

ensure_fonts()
WIDTHS = [150.0, 250.0, 330.0]         # points left of the bar's label on the papers pnp prints

text_chars = st.characters(min_codepoint=0x20, max_codepoint=0x7e)


@settings(max_examples=300, deadline=None)
@given(title=st.text(text_chars, min_size=1, max_size=200), seed=st.text(text_chars, min_size=1, max_size=40),
       number=st.integers(1, 9999), width=st.sampled_from(WIDTHS))
@example(title="T" * 100, seed="2026-11-21", number=12, width=250.0)
@example(title="a · seed b", seed="c", number=1, width=150.0)
def test_the_footer_line_fits_and_keeps_seed_and_page_whole(title, seed, number, width):
    line, size = footer_line(footer_text(title, seed, GENERATOR), number, width)
    assert size >= MIN_TEXT_PT
    assert string_width(line, SANS, size) <= width + 1e-6
    assert line.endswith(f" · page {number}")
    if string_width(f"… · seed {seed} · page {number}", SANS, MIN_TEXT_PT) <= width:
        assert f"seed {seed}" in line           # whole whenever it can be
    else:
        assert line.startswith("… · seed " + seed[:1]) and "…" in line[9:]
    if not line.startswith(title + " · seed"):
        assert "…" in line                     # a cut title is cut visibly


def test_a_seed_too_long_for_the_line_keeps_both_ends_and_the_page():
    seed = "start-" + "x" * 180 + "-end"
    line, size = footer_line(footer_text("Title", seed, GENERATOR), 7, 250.0)
    assert line.endswith(" · page 7") and "seed start-" in line and "-end · page 7" in line
    assert "…" in line and string_width(line, SANS, size) <= 250.0 + 1e-6


@pytest.mark.parametrize("paper", ["{size: A4, orientation: portrait}",
                                   "{size: Letter, orientation: landscape}"])
@pytest.mark.parametrize("length", [50, 100, 200])
def test_a_built_page_prints_its_seed_and_number_under_a_long_title(tmp_path, paper, length):
    title = ("Graph theory week for the whole of year seven " * 5)[:length]
    text = f"title: {title}\nseed: 2026-11-21\npage: {paper}\nitems:\n  - {{kind: cliquer, count: 2}}\n"
    [(path, _, pages)] = build(loads(text, "s.yaml"), tmp_path)
    doc = pdfium.PdfDocument(str(path))
    try:
        for k in range(pages):
            printed = " ".join(doc[k].get_textpage().get_text_range().split())
            assert f"seed 2026-11-21 · {GENERATOR} · page {k + 1}" in printed
    finally:
        doc.close()
