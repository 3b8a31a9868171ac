"""reportlab's reading of a font's tables, kept once a machine (pnp/pdf/font_tables.py), and the
files pnp keeps in the cache folder (pnp/cachedir.py, pnp/pdf/cjk.py)."""

from __future__ import annotations

import itertools
import json
import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from pnp.pdf import font_tables
from pnp.pdf.faces import FACE_NAMES, available, font_path
from pnp.pdf.font_tables import TABLES, KeptFace, _same

SHIPPED = [name for name in FACE_NAMES if "CJK" not in name]


@pytest.fixture(autouse=True)
def _own_font_tables(tmp_path, monkeypatch):
    """Kept tables of these tests' own, never the ones the suite shares (tests/conftest.py):
    they are made here from nothing, and spoilt."""
    monkeypatch.setattr(font_tables, "kept_folder", lambda: tmp_path / "font-tables")


def _read_all(face) -> dict:
    """The face's attributes, every kept table made (as reading them makes them), as reportlab
    reads them: the tables a face serves as views (glyph locations and metrics) as lists, the
    mapped file as its bytes."""
    for name in TABLES:
        getattr(face, name)
    out = {k: v for k, v in vars(face).items() if k not in ("_pdfScale", font_tables._KEPT)}
    for name in ("hmetrics", "glyphPos"):
        out[name] = list(out[name])
    out["_ttf_data"] = bytes(out["_ttf_data"])
    return out


def _reportlabs(path) -> dict:
    return {k: v for k, v in vars(TTFontFace(str(path))).items() if k != "_pdfScale"}


@pytest.mark.parametrize("name", SHIPPED)
def test_a_kept_reading_is_reportlabs_own(name):
    """Read fresh (and kept), then from the kept copy: both the same as reportlab's own reading,
    value for value, type for type, in the same order."""
    path = str(font_path(name))
    fresh = KeptFace(path)
    assert font_tables._KEPT not in vars(fresh)
    kept = KeptFace(path)
    assert font_tables._KEPT in vars(kept)                 # its tables came from the copy
    own = _reportlabs(path)
    for face in (fresh, kept):
        mine = _read_all(face)
        assert set(mine) == set(own)
        assert all(_same(mine[k], own[k]) for k in own), name
        assert face._pdfScale(2048) == TTFontFace(path)._pdfScale(2048)


@pytest.mark.skipif(not available("PnpCJK"), reason="the extra pnp[cjk] is not installed")
def test_a_kept_cjk_reading_is_reportlabs_own():
    from pnp.pdf.cjk import font_file

    path = font_file("regular")
    KeptFace(str(path))
    mine, own = _read_all(KeptFace(str(path))), _reportlabs(path)
    assert set(mine) == set(own) and all(_same(mine[k], own[k]) for k in own)


def test_pnps_font_is_reportlabs_font_but_for_the_face_class():
    """TextMappedTTFont copies TTFont.__init__ (reportlab lets no caller choose the face's
    class): every attribute the same as reportlab's font of the same file."""
    from pnp.pdf.glyph_text import TextMappedTTFont

    path = str(font_path("PnpSans"))
    mine, own = TextMappedTTFont("X", path), TTFont("X", path)
    assert set(vars(mine)) == set(vars(own))
    for key, value in vars(own).items():
        if key == "face":
            assert type(mine.face) is KeptFace
        elif key in ("encoding", "state"):
            assert type(vars(mine)[key]) is type(value)
        else:
            assert vars(mine)[key] == value, key


def _kept_file(name="PnpArabic"):
    path = str(font_path(name))
    face = KeptFace(path)
    kept = font_tables._kept_path(face)
    assert kept.is_file()
    return path, kept


def _rewrite(kept, change) -> None:
    """Change a kept file's header or arrays and give it a digest that matches again (what a
    hostile file would do)."""
    from array import array

    raw = kept.read_bytes()
    end = raw.index(b"\n", len(font_tables.MAGIC))
    header = json.loads(raw[len(font_tables.MAGIC):end])
    body, parts, start = raw[end + 1:], {}, 0
    for name, code, length in header["parts"]:
        parts[name] = array(code)
        parts[name].frombytes(body[start:start + parts[name].itemsize * length])
        start += parts[name].itemsize * length
    names = list(parts)
    change(header, parts)
    body = b"".join(parts[name].tobytes() for name in names)
    header["parts"] = [[label, parts[name].typecode, len(parts[name])]
                       for (label, _, _), name in zip(header["parts"], names)]
    import hashlib

    header["sha256"] = hashlib.sha256(body).hexdigest()
    kept.write_bytes(font_tables.MAGIC + json.dumps(header).encode() + b"\n" + body)


def _glyph_past_the_font(header, parts):
    parts["glyphs"][0] = 0xFFFF


def _character_past_unicode(header, parts):
    parts["chars"][0] = 0x110000


def _locations_out_of_order(header, parts):
    parts["positions"][1], parts["positions"][2] = parts["positions"][2] + 1, parts["positions"][1]


def _a_table_short(header, parts):
    parts["bearings"].pop()


def _other_arrays(header, parts):
    header["parts"][0][0] = "letters"


def _width_not_a_number(header, parts):
    from array import array

    parts["widths"] = array("d", [float("nan")] * len(parts["widths"]))


def _not_its_format(header, parts):
    header["format"] = font_tables.FORMAT + 1


@pytest.mark.parametrize("spoil", [
    lambda kept: kept.write_bytes(kept.read_bytes()[:-7]),               # cut short
    lambda kept: kept.write_bytes(kept.read_bytes()[:-3] + b"\x00\x01\x02"),   # digest off
    lambda kept: kept.write_bytes(b"\x80\x04 a pickle, say"),
    lambda kept: kept.write_bytes(font_tables.MAGIC + b"[1, 2" + b"\n"),
    lambda kept: kept.write_bytes(font_tables.MAGIC + b"{}\n"),
    lambda kept: kept.write_bytes(font_tables.MAGIC + b'{"parts": [[]]}\n'),
    lambda kept: kept.write_bytes(font_tables.MAGIC + b"x" * (font_tables.MOST_HEADER + 9)),
    lambda kept: _rewrite(kept, _glyph_past_the_font),
    lambda kept: _rewrite(kept, _character_past_unicode),
    lambda kept: _rewrite(kept, _locations_out_of_order),
    lambda kept: _rewrite(kept, _a_table_short),
    lambda kept: _rewrite(kept, _other_arrays),
    lambda kept: _rewrite(kept, _width_not_a_number),
    lambda kept: _rewrite(kept, _not_its_format),
])
def test_a_spoilt_or_hostile_kept_file_is_refused_and_read_again(spoil):
    path, kept = _kept_file()
    spoil(kept)
    face = KeptFace(path)
    assert font_tables._KEPT not in vars(face)                       # read from the font
    own = _reportlabs(path)
    mine = _read_all(face)
    assert all(_same(mine[k], own[k]) for k in own)
    assert font_tables._KEPT in vars(KeptFace(path))                 # and kept again, whole


def test_the_rewrite_itself_keeps_a_good_file_good():
    """The hostile files above are refused for what they change, not for being rewritten."""
    path, kept = _kept_file()
    _rewrite(kept, lambda header, parts: None)
    assert font_tables._KEPT in vars(KeptFace(path))


def test_kept_files_are_readable_as_any_file_the_user_makes(tmp_path):
    """Kept fonts and tables are made 0666 less the umask (mkstemp's 0600 left them unreadable
    to the other users of a shared cache or install)."""
    from pnp.cachedir import write_atomically

    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "a.json", "{}")
        _, kept = _kept_file("PnpHebrew")
        os.umask(0o077)
        write_atomically(tmp_path / "b.json", b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o644
    assert stat.S_IMODE(kept.stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "b.json").stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".part")] == []


def test_a_failed_write_leaves_nothing_behind(tmp_path):
    from pnp.cachedir import whole_or_not

    with pytest.raises(RuntimeError):
        with whole_or_not(tmp_path / "font.ttf") as part:
            part.write_bytes(b"half")
            raise RuntimeError("interrupted")
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def fake_cjk(tmp_path, monkeypatch):
    """The CJK extra faked: a small source file, and a conversion that copies it (the real one
    takes 17 s of CPU)."""
    from pnp.pdf import cjk

    # a cache folder of its own, not sharing the user's fonts (tests/conftest.py): the fake
    # fonts made here must not land beside the real ones
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = tmp_path / "source.otf"
    source.write_bytes(b"a CFF font")
    monkeypatch.setattr(cjk, "font_source", lambda weight="regular": source)
    monkeypatch.setattr(cjk, "convert", lambda src, target: target.write_bytes(src.read_bytes()))
    cjk.font_file.cache_clear()
    yield cjk
    cjk.font_file.cache_clear()


def test_the_converted_cjk_font_is_readable_by_others_and_its_name_remembered(
        fake_cjk, monkeypatch, tmp_path):
    old = os.umask(0o022)
    try:
        target = fake_cjk.font_file("regular")
    finally:
        os.umask(old)
    assert target.read_bytes() == b"a CFF font"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    fake_cjk.font_file.cache_clear()

    def no_hashing(source):
        raise AssertionError("the name was worked out again")

    monkeypatch.setattr(fake_cjk, "_key", no_hashing)
    assert fake_cjk.font_file("regular") == target              # remembered: no hashing


@pytest.mark.parametrize("name", ["../../elsewhere.ttf", "NotoSansCJK-Bold-pnp-0123456789abcdef"
                                  "-fonttools4.68.0-hb0.57.0-1.ttf", 7])
def test_a_hostile_name_note_is_worked_out_again(fake_cjk, name):
    target = fake_cjk.font_file("regular")
    note = target.parent / fake_cjk.KNOWN
    known = json.loads(note.read_text())
    entry = next(iter(known.values()))
    entry["name"] = name
    note.write_text(json.dumps(known))
    (target.parent / "NotoSansCJK-Bold-pnp-0123456789abcdef-fonttools4.68.0-hb0.57.0-1.ttf"
     ).write_bytes(b"the other weight")
    fake_cjk.font_file.cache_clear()
    assert fake_cjk.font_file("regular") == target


def test_a_changed_source_is_converted_again(fake_cjk, tmp_path):
    first = fake_cjk.font_file("regular")
    (tmp_path / "source.otf").write_bytes(b"another CFF font")
    fake_cjk.font_file.cache_clear()
    second = fake_cjk.font_file("regular")
    assert second != first and second.read_bytes() == b"another CFF font"


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(["PnpSans", "PnpArabic"]), data=st.data())
def test_a_subset_is_the_one_reportlab_makes(name, data):
    """A subset embedded from pnp's face (its file mapped, its tables views of the kept copy,
    its outlines sliced glyph by glyph) is byte for byte the one reportlab's own face makes,
    composite glyphs (É, the Arabic ligatures) and their parts too."""
    path = str(font_path(name))
    KeptFace(path)                                      # keep the tables
    mine, own = KeptFace(path), TTFontFace(path)
    assert font_tables._KEPT in vars(mine)
    chars = sorted(own.charToGlyph)
    subset = data.draw(st.lists(st.sampled_from(chars), min_size=1, max_size=256, unique=True))
    assert mine.makeSubset(subset) == own.makeSubset(subset)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 60000), max_size=8), st.lists(st.floats(0, 2000), max_size=8),
       st.data())
def test_metrics_read_as_reportlabs_list(advances, scaled, data):
    """The face's metrics served pair by pair read as reportlab's list of pairs, at any index
    (from the end too) and any slice."""
    from array import array

    n = len(advances) + len(scaled)
    bearings = data.draw(st.lists(st.integers(0, 60000), min_size=n, max_size=n))
    pairs = list(zip(advances + scaled, bearings))
    metrics = font_tables._Metrics(array("H", advances), array("d", scaled), array("H", bearings))
    assert len(metrics) == n and list(metrics) == pairs
    for k in range(-n, n):
        assert metrics[k] == pairs[k] and type(metrics[k][0]) is type(pairs[k][0])
    a, b = data.draw(st.integers(-n - 1, n + 1)), data.draw(st.integers(-n - 1, n + 1))
    assert metrics[a:b] == pairs[a:b]


_FRESH = itertools.count()


def test_reportlabs_own_shaping_still_works_with_pnps_font():
    """pnp shapes with its own layout, but reportlab's shaping (``shaping=True``, ``shapeStr``)
    reads the font through ``hbFace``, which gives HarfBuzz the font's bytes, not the mapping
    pnp reads the file through (HarfBuzz takes bytes only)."""
    import uharfbuzz as hb

    from pnp.pdf.glyph_text import TextMappedTTFont

    font = TextMappedTTFont(f"PnpTestShaped{next(_FRESH)}", str(font_path("PnpArabic")))
    assert not isinstance(font.face._ttf_data, bytes)          # mapped, as pnp reads it
    face = font.hbFace
    assert isinstance(face, hb.Face) and isinstance(font.face._ttf_data, bytes)
    buf = hb.Buffer()
    buf.add_str("مرحبا")
    buf.guess_segment_properties()
    hb.shape(font.hbFont(12), buf, {})
    assert len(buf.glyph_infos) == 5 and font.hbFace is face
