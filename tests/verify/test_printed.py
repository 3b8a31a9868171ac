"""The validator reads what a page draws from qpdf's parse (support.pageread.printed.read_parsed), the
parse the structural proof holds, instead of from pdfium. On every page pnp writes, it must
read what pdfium reads: the same texts, glyph boxes, paths, marks and fills; and on hostile
content it must stop with one reason, bounded."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.build import build
from support.pageread.printed import MAX_OBJECTS, TooMuch, Unreadable, read_parsed
from pnp.spec import loads
from support.pdfium_pages import objects_of, read_page
from support.tamper import SMALL

WORKSHEETS = """\
title: Readers
seed: readers
output: sheets.pdf
page: {size: Letter, orientation: landscape}
items:
  - kind: cliquer
    count: 2
    dots: 8
    worksheet: true
  - kind: circles
    arrangement: ring
    circles: 6
    players: 4
"""



@pytest.fixture(scope="module", params=["small", "worksheets"])
def pack(request, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("readers")
    text = SMALL if request.param == "small" else WORKSHEETS
    [(path, _, _)] = build(loads(text, f"{request.param}.yaml"), out)
    return path


def test_both_readers_read_every_page_alike(pack):
    fonts: dict = {}
    with pikepdf.open(pack) as pdf:
        doc = pdfium.PdfDocument(pack)
        try:
            for i, page in enumerate(pdf.pages):
                mine = read_parsed(page, fonts)
                theirs, their_objects = read_page(doc[i]), objects_of(doc[i])
                _same_print(i, mine.printed(), theirs)
                _same_objects(i, mine.drawn, their_objects)
        finally:
            doc.close()


def _same_print(i, a, b):
    assert (len(a.texts), len(a.shapes), len(a.others)) == (len(b.texts), len(b.shapes), len(b.others)), i
    assert (a.width, a.height) == pytest.approx((b.width, b.height))
    for x, y in zip(a.texts, b.texts):
        assert x.text.strip() == y.text.strip() and x.tag == y.tag, (i, x.text, y.text)
        assert x.size == pytest.approx(y.size, abs=1e-3)
        unit = x.size / 1000 + 0.01      # a thousandth of an em, as pdfium rounds a glyph's box
        for p, q in zip(x.quad, y.quad):
            assert p == pytest.approx(q, abs=unit), (i, x.text)
    for x, y in zip(a.shapes, b.shapes):
        assert (x.stroked, x.filled, x.tag, x.fill, x.dashed) == (y.stroked, y.filled, y.tag, y.fill, y.dashed), i
        assert x.width == pytest.approx(y.width, abs=1e-3)
        assert len(x.lines) == len(y.lines) and len(x.clip) == len(y.clip), i
        for p, q in zip(x.lines, y.lines):
            assert len(p) == len(q)
            assert [c for pt in p for c in pt] == pytest.approx([c for pt in q for c in pt], abs=1e-3)
        assert x.bounds == pytest.approx(y.bounds, abs=1e-3)


def _same_objects(i, a, b):
    assert len(a) == len(b), i
    for x, y in zip(a, b):
        assert (x.tag, x.index, x.kind, x.fill) == (y.tag, y.index, y.kind, y.fill), (i, x, y)
        if x.tag == "PnpDot":           # a dot's box is pdfium's, so its centre and size are
            assert x.bounds == pytest.approx(y.bounds, abs=1e-3)


def test_every_path_box_covers_its_ink(pack):
    # the box the safe-area check and the frames judge a path by covers its ink: its points
    # (control points too) widened by a whole line width, never less than pdfium's exact read
    # of the path (its points widened by half a line width)
    with pikepdf.open(pack) as pdf:
        doc = pdfium.PdfDocument(pack)
        try:
            for i, page in enumerate(pdf.pages):
                mine, theirs = read_parsed(page, {}), read_page(doc[i])
                for path, shape in zip(mine.paths, theirs.shapes):
                    box, ink = path[9], shape.bounds
                    assert box[0] <= ink[0] + 1e-3 and box[1] <= ink[1] + 1e-3, (i, box, ink)
                    assert box[2] >= ink[2] - 1e-3 and box[3] >= ink[3] - 1e-3, (i, box, ink)
        finally:
            doc.close()


# ---- hostile content: one reason, bounded -------------------------------------------------------

def _page(content: bytes, **resources):
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(595, 842))
    page = pdf.pages[0]
    page.obj.Contents = pdf.make_stream(content)
    if resources:
        page.obj.Resources = pikepdf.Dictionary(resources)
    return pdf, page


@pytest.mark.parametrize("content", [
    b"1 0 0 1 5 Tm",                       # a matrix one number short
    b"1 2 m (x) 3 l S",                    # a string where a number goes
    b"0 0 m 1e999999 0 l S",               # a number past any float
    b"BT /F1 12 Tf 1 Tj ET",               # a number shown as text
])
def test_content_the_reader_cannot_follow_is_unreadable(content):
    pdf, page = _page(content)
    with pdf, pytest.raises(Unreadable):
        read_parsed(page, {})


@pytest.mark.parametrize("content", [
    b"q " * 5000 + b"0 0 m 1 1 l S" + b" Q" * 5000,                  # graphics states nested
    b"/T <</I 1>> BDC " * 500 + b"0 0 m 1 1 l S" + b" EMC" * 500,     # marks nested
    b"0 0 m 1 1 l S\n" * (MAX_OBJECTS + 1),                          # too many objects
])
def test_content_past_any_pnp_page_is_too_much(content):
    pdf, page = _page(content)
    with pdf, pytest.raises(TooMuch):
        read_parsed(page, {})


def test_ink_the_reader_does_not_look_into_covers_the_page():
    # a form XObject, a shading: never in a pnp page (the proof names them); read as ink over
    # the whole page, so every safe-area and frame check sees it
    pdf, page = _page(b"/X0 Do /Sh0 sh")
    with pdf:
        read = read_parsed(page, {})
    assert [o.bounds for o in read.others] == [(0, 0, 595, 842)] * 2
    assert len(read.drawn) == 2


@pytest.mark.parametrize("content, words", [
    (b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI", "an inline image"),
    (b"0 0 m 1 1 l S\n% the rest\n", "a comment"),
])
def test_content_outside_the_grammar_is_never_read(content, words):
    pdf, page = _page(content)
    with pdf, pytest.raises(Unreadable, match=words):
        read_parsed(page, {})


def test_content_in_two_streams_is_never_read():
    # readers join streams differently: a comment ending the first swallows the second's
    # first line in pdfium, mupdf and poppler, and qpdf puts a newline between
    pdf, page = _page(b"0 0 m 1 1 l S")
    with pdf:
        page.obj.Contents = pikepdf.Array([pdf.make_stream(b"0 0 m %"), pdf.make_stream(b"1 1 l S")])
        with pytest.raises(Unreadable, match="split across 2 streams"):
            read_parsed(page, {})


@pytest.mark.parametrize("program", [b"", b"\x00" * 12, b"true" + b"\xff" * 200,
                                     bytes(range(256)) * 64])
def test_a_hostile_font_program_reads_as_no_ink_not_a_crash(program):
    pdf, page = _page(b"BT /F1 12 Tf 100 100 Td (AB) Tj ET")
    with pdf:
        font = pikepdf.Dictionary(
            Type=pikepdf.Name.Font, Subtype=pikepdf.Name.TrueType, FirstChar=65,
            Widths=[500, 600], FontDescriptor=pikepdf.Dictionary(FontFile2=pdf.make_stream(program)))
        page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        [text] = read_parsed(page, {}).texts
    # the advances still come from /Widths: 1.1 em at 12 pt, the box an empty one at the start
    assert text.bounds == pytest.approx((100, 100, 100, 100))


@pytest.mark.parametrize("join, reaches", [(0, True), (1, False)])
def test_a_sharp_miter_joint_is_inside_its_path_box(join, reaches):
    # a V of 30 degrees stroked 2 pt wide: its miter spike reaches 1 / (2 sin 15°) = 1.93 line
    # widths past the vertex (within the default miter limit of 10); a round joint does not
    import math

    tip = 2 / (2 * math.sin(math.radians(15)))       # pt past the vertex, along the bisector
    pdf, page = _page(b"%d j 2 w 100 100 m 200 100 l 100 %.4f l S" % (
        join, 100 + 100 * math.tan(math.radians(30))))
    with pdf:
        [path] = read_parsed(page, {}).paths
    box = path[9]
    # the vertex at (200, 100): the spike points away from the V, 15 degrees below the x axis
    spike_x = 200 + tip * math.cos(math.radians(15))
    assert (box[2] >= spike_x - 1e-6) is reaches
    assert box[2] >= 200 + 2             # a whole line width, always
