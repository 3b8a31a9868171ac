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

from pnp.build import build
from pnp.spec import loads
from pnp.verify.validate import validate_file
from support.tamper import SMALL
from support.verdicts import forge, judged


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    [(path, _, _)] = build(loads(SMALL, "readers.yaml"), tmp_path_factory.mktemp("good"))
    assert all(r.ok for r in validate_file(path))
    return path


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
    from pnp.verify.readback import _page_size

    with pikepdf.open(good) as pdf:
        page = pdf.pages[0].obj
        w, h = (float(v) for v in page.MediaBox[2:])
        page.Rotate = rotate
        assert _page_size(page) == ((h, w) if swapped else (w, h))
        page.CropBox = Array([10, 20, w - 10, h + 50])     # a crop box reaching past the media
        assert _page_size(page) == ((h - 20, w - 20) if swapped else (w - 20, h - 20))


# ---- bombs inside the parse: object streams and cross-reference streams ----------------------

GIB = 2**30


def _flate(*parts: bytes, padding: int = 0, pad: bytes = b" ") -> bytes:
    """``parts`` then ``padding`` bytes of ``pad``, Flate-compressed in steps (a gigabyte of
    padding is a few MB here and never held inflated)."""
    import zlib

    packer = zlib.compressobj(1)     # a bomb either way; level 9 only costs the test time
    out = [packer.compress(p) for p in parts]
    chunk = pad * 2**20
    out += [packer.compress(chunk) for _ in range(padding // 2**20)]
    return b"".join(out + [packer.flush()])


def _xref_file(objects: dict[int, bytes], in_stream: dict[int, bytes], xref_padding: int = 0,
               objstm_padding: int = 0) -> bytes:
    """A PDF 1.5 file by hand: ``objects`` written whole, ``in_stream`` packed into one object
    stream (object 1, Flate, with ``objstm_padding`` spaces after them) and a cross-reference
    stream (Flate, with ``xref_padding`` zero bytes after its entries). qpdf reads it without
    repair; every object number below the xref stream's is listed."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    numbers = sorted(in_stream)
    bodies = [in_stream[n] for n in numbers]
    places, at = [], 0
    for body in bodies:
        places.append(at)
        at += len(body) + 1
    header = b" ".join(b"%d %d" % (n, p) for n, p in zip(numbers, places)) + b"\n"
    packed = _flate(header, b"\n".join(bodies) + b"\n", padding=objstm_padding)
    offsets[1] = len(out)
    out += (b"1 0 obj\n<</Type/ObjStm/N %d/First %d/Filter/FlateDecode/Length %d>>\nstream\n"
            % (len(numbers), len(header), len(packed))) + packed + b"\nendstream\nendobj\n"
    for n, body in sorted(objects.items()):
        offsets[n] = len(out)
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = max([1, *objects, *in_stream]) + 1
    offsets[xref] = len(out)
    rows = [b"\x00\x00\x00\x00\x00\xff\xff"]
    for n in range(1, xref + 1):
        if n in offsets:
            rows.append(b"\x01" + offsets[n].to_bytes(4, "big") + b"\x00\x00")
        elif n in in_stream:
            rows.append(b"\x02" + (1).to_bytes(4, "big") + numbers.index(n).to_bytes(2, "big"))
        else:
            rows.append(b"\x00\x00\x00\x00\x00\xff\xff")
    table = _flate(b"".join(rows), padding=xref_padding, pad=b"\0")
    out += (b"%d 0 obj\n<</Type/XRef/Size %d/W[1 4 2]/Root 2 0 R/Filter/FlateDecode/Length %d>>"
            b"\nstream\n" % (xref, xref + 1, len(table))) + table + b"\nendstream\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % offsets[xref]
    return bytes(out)


CATALOG = {2: b"<</Type/Catalog/Pages 3 0 R>>", 3: b"<</Type/Pages/Kids[]/Count 0>>"}


def _refused(tmp_path, name: str, body: bytes) -> tuple[str, int]:
    from support.verdicts import measured

    path = tmp_path / name
    path.write_bytes(body)
    code, peak, out, err = measured("validate", path)
    assert code == 2, (code, out, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err, peak


def test_the_hand_made_file_reads_cleanly_without_its_bomb(tmp_path):
    # the files below are refused for their bombs, not for being badly made
    from pnp.verify.prescan import scan

    found = scan(_xref_file({}, CATALOG))
    assert len(found.object_streams) == 1
    found.pdf.close()


def test_an_object_stream_bomb_is_refused_before_qpdf_inflates_it(tmp_path):
    # a gigabyte of spaces after an object the catalog names, inside the object stream: qpdf
    # would inflate it whole the first time anything reads that object
    outside = {2: b"<</Type/Catalog/Pages 3 0 R/X 4 0 R>>", 3: CATALOG[3]}
    err, peak = _refused(tmp_path, "objstm.pdf", _xref_file(outside, {4: b"<<>>"},
                                                            objstm_padding=GIB))
    assert "inflates past" in err, err
    assert peak < 128 * 2**20, f"{peak / 2**20:.0f} MB"


def test_an_object_stream_bomb_holding_the_catalog_is_refused_before_qpdf_opens_the_file(tmp_path):
    # qpdf reads the catalog and page tree while it opens the file, inflating their object
    # stream whole: the frame's own reading (pnp.verify.container) decodes it within bounds first
    err, peak = _refused(tmp_path, "objstm.pdf", _xref_file({}, CATALOG, objstm_padding=GIB))
    assert "inflates past 32 MB" in err, err
    assert peak < 128 * 2**20, f"{peak / 2**20:.0f} MB"


def test_a_cross_reference_stream_bomb_is_refused_before_qpdf_opens_the_file(tmp_path):
    # qpdf inflates the xref stream while it opens the file: the frame's own reading
    # (pnp.verify.container) inflates it first, within bounds
    err, peak = _refused(tmp_path, "xref.pdf", _xref_file({}, CATALOG, xref_padding=GIB))
    assert "cross-reference stream that inflates too far" in err, err
    assert peak < 128 * 2**20, f"{peak / 2**20:.0f} MB"


def test_an_object_stream_holding_too_many_objects_is_refused(tmp_path):
    many = {n: b"0" for n in range(4, 4 + 10_001)}
    err, _ = _refused(tmp_path, "many.pdf", _xref_file({}, {**CATALOG, **many}))
    assert "object stream holding" in err, err


@pytest.mark.parametrize("shape", ["nested arrays", "nested dictionaries", "wide array"])
def test_deep_or_wide_objects_inside_an_object_stream_are_one_line(tmp_path, shape):
    deep = 100_000
    body = {"nested arrays": b"[" * deep + b"]" * deep,
            "nested dictionaries": b"<</A " * deep + b">>" * deep,
            "wide array": b"[" + b"3 0 R " * 1_000_000 + b"]"}[shape]
    catalog = {2: b"<</Type/Catalog/Pages 3 0 R/X 4 0 R>>", 3: CATALOG[3], 4: body}
    err, peak = _refused(tmp_path, "deep.pdf", _xref_file({}, catalog))
    assert peak < 256 * 2**20, f"{peak / 2**20:.0f} MB"


@pytest.mark.parametrize("enabled", [True, False])
def test_reading_a_page_leaves_the_cycle_collector_as_it_found_it(good, enabled):
    # the collector is paused while a page is read (pnp.verify.readback._collector_paused), and
    # only then: on again after it, and never switched on by a reading where it was off
    import gc

    from pnp.verify.readback import PdfBoards

    doc = PdfBoards(str(good))
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        doc.page_read(0)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
        doc.close()


def test_validating_in_process_leaves_nothing_frozen(good, monkeypatch):
    # a validation keeps no page's reading (each is checked and let go) and freezes nothing
    # for the collector, with a child or without one (no fork, or PNP_NO_SANDBOX)
    import gc

    from pnp.verify.validate import validate_file

    monkeypatch.setenv("PNP_NO_SANDBOX", "1")
    gc.unfreeze()
    reports = validate_file(good)
    assert reports and all(r.ok for r in reports)
    assert gc.get_freeze_count() == 0
