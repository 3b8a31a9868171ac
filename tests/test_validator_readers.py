"""One parse for what the validator reads of the file's own data, and bombs inside the parse.

The page count, the page sizes and the attached data are read from qpdf's parse (the one the
structural proof holds), never from a second reader that might see another file; object
streams and cross-reference streams, which qpdf inflates while it opens the file, are bounded
before it does.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, String

from test_validator_structure import forge, good, judged  # noqa: F401 - good is a fixture


def _spec(pdf, name: str, body: bytes):
    stream = pikepdf.Stream(pdf, body)
    stream.Type = Name.EmbeddedFile
    return pdf.make_indirect(Dictionary(Type=Name.Filespec, F=String(name), UF=String(name),
                                        EF=Dictionary(F=pdf.make_indirect(stream))))


def test_a_second_data_file_in_a_subtree_of_the_attachments_is_counted(good, tmp_path):
    # the flat list a pnp file has becomes a tree whose second leaf holds another pnp-data.json
    # (a reader that looks at the first leaf only would see one attachment)
    def edit(pdf):
        tree = pdf.Root.Names.EmbeddedFiles
        first = pdf.make_indirect(Dictionary(Names=tree.Names, Limits=Array([tree.Names[0], tree.Names[0]])))
        body = pdf.Root.Names.EmbeddedFiles.Names[1].EF.F.read_bytes()
        second = pdf.make_indirect(Dictionary(Names=Array([String("pnp-data.json~"),
                                                           _spec(pdf, "pnp-data.json", body)])))
        del tree["/Names"]
        tree.Kids = Array([first, second])
    path = forge(good, tmp_path / "two.pdf", edit)
    verdict, codes, text = judged(path)
    assert verdict == "fail" and "data-attachments" in codes, text
    assert "2 attached board data files" in text


def test_an_attachment_tree_that_loops_is_one_line(good, tmp_path):
    def edit(pdf):
        tree = pdf.Root.Names.EmbeddedFiles
        kid = pdf.make_indirect(Dictionary(Names=tree.Names))
        kid.Kids = Array([kid])
        del tree["/Names"]
        tree.Kids = Array([kid])
    verdict, _, text = judged(forge(good, tmp_path / "loop.pdf", edit))
    assert verdict == "unreadable" and "loops" in text, text


@pytest.mark.parametrize("rotate, swapped", [(0, False), (90, True)])
def test_page_sizes_are_read_from_the_parse_the_proof_holds(good, rotate, swapped):
    from pnp.pdf.readback import _page_size

    with pikepdf.open(good) as pdf:
        page = pdf.pages[0].obj
        w, h = (float(v) for v in page.MediaBox[2:])
        page.Rotate = rotate
        assert _page_size(page) == ((h, w) if swapped else (w, h))
        page.CropBox = Array([10, 20, w - 10, h + 50])     # a crop box reaching past the media
        assert _page_size(page) == ((h - 20, w - 20) if swapped else (w - 20, h - 20))
