"""Files made to trip a PDF reader: attachment trees that loop or hide a second record, and
bombs in object streams and cross-reference streams. The validator reads only the record
(``pnp.verify.record``), so none of them is ever inflated: each file is simply not the one pnp
builds from its record (exit 1), in little memory.
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
    assert verdict == "fail" and codes == {"not-reproduced"}, text


def test_an_attachment_tree_that_loops_is_one_line(good, tmp_path):
    def edit(pdf):
        tree = pdf.Root.Names.EmbeddedFiles
        kid = pdf.make_indirect(Dictionary(Names=tree.Names))
        kid.Kids = Array([kid])
        del tree["/Names"]
        tree.Kids = Array([kid])
    verdict, codes, text = judged(forge(good, tmp_path / "loop.pdf", edit))
    assert verdict == "fail" and codes == {"not-reproduced"}, text


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
               objstm_padding: int = 0, record: bytes | None = None) -> bytes:
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
    if record is not None:             # a genuine pnp record, as pnp attaches it
        objects = {**objects, 90: b"<<\n/Length %d /Type /EmbeddedFile\n>>\nstream\n" % len(record)
                   + record + b"\nendstream"}
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


@pytest.fixture(scope="module")
def record(good) -> bytes:
    with pikepdf.open(good) as pdf:
        return pdf.Root.Names.EmbeddedFiles.Names[1].EF.F.read_bytes()


def _not_proved(tmp_path, name: str, body: bytes) -> int:
    """The hand-made file's verdict: not proved, exit 1, one line, no trace; its peak memory."""
    from support.verdicts import measured

    path = tmp_path / name
    path.write_bytes(body)
    code, peak, out, err = measured("validate", path)
    assert code == 1 and "NOT PROVED" in out and "Traceback" not in err, (code, out, err)
    return peak


def test_a_hand_made_file_without_a_record_is_one_line(tmp_path):
    path = tmp_path / "bare.pdf"
    path.write_bytes(_xref_file({}, CATALOG, objstm_padding=GIB))
    verdict, _, text = judged(path)
    assert verdict == "unreadable" and "no pnp record attached" in text, text


def test_an_object_stream_bomb_is_never_inflated(tmp_path, record):
    # a gigabyte of spaces after an object the catalog names, inside the object stream
    outside = {2: b"<</Type/Catalog/Pages 3 0 R/X 4 0 R>>", 3: CATALOG[3]}
    peak = _not_proved(tmp_path, "objstm.pdf", _xref_file(outside, {4: b"<<>>"}, objstm_padding=GIB,
                                                          record=record))
    assert peak < 128 * 2**20, f"{peak / 2**20:.0f} MB"


def test_an_object_stream_bomb_holding_the_catalog_is_never_inflated(tmp_path, record):
    peak = _not_proved(tmp_path, "objstm.pdf", _xref_file({}, CATALOG, objstm_padding=GIB, record=record))
    assert peak < 128 * 2**20, f"{peak / 2**20:.0f} MB"


def test_a_cross_reference_stream_bomb_is_never_inflated(tmp_path, record):
    peak = _not_proved(tmp_path, "xref.pdf", _xref_file({}, CATALOG, xref_padding=GIB, record=record))
    assert peak < 128 * 2**20, f"{peak / 2**20:.0f} MB"


@pytest.mark.parametrize("shape", ["nested arrays", "nested dictionaries", "wide array"])
def test_deep_or_wide_objects_inside_an_object_stream_are_never_parsed(tmp_path, shape, record):
    deep = 100_000
    body = {"nested arrays": b"[" * deep + b"]" * deep,
            "nested dictionaries": b"<</A " * deep + b">>" * deep,
            "wide array": b"[" + b"3 0 R " * 1_000_000 + b"]"}[shape]
    catalog = {2: b"<</Type/Catalog/Pages 3 0 R/X 4 0 R>>", 3: CATALOG[3], 4: body}
    peak = _not_proved(tmp_path, "deep.pdf", _xref_file({}, catalog, record=record))
    assert peak < 256 * 2**20, f"{peak / 2**20:.0f} MB"


def test_validating_in_process_leaves_nothing_frozen(good, monkeypatch):
    # a validation freezes nothing
    # for the collector, with a child or without one (no fork, or PNP_NO_SANDBOX)
    import gc

    from pnp.verify.validate import validate_file

    monkeypatch.setenv("PNP_NO_SANDBOX", "1")
    gc.unfreeze()
    reports = validate_file(good)
    assert reports and all(r.ok for r in reports)
    assert gc.get_freeze_count() == 0
