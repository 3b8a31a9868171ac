"""Lines in any script: faces by script, bidi levels, HarfBuzz's shaping, the PDF's text.

The bidi levels are held to python-bidi (the Rust unicode-bidi crate) on random mixed lines;
shaping is checked by what it must do in each script (Arabic letters joined, a Devanagari
conjunct one glyph, marks placed above their base) and by reading the drawn page back as text.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import i18n
from pnp.pdf import faces
from pnp.pdf.bidi import levels, visual_order
from pnp.pdf.canvas import Canvas
from pnp.pdf.fonts import BOLD, SANS, ensure_fonts, missing_glyphs, string_width, wrap
from pnp.pdf.shaping import assign_faces, layout, plain

ensure_fonts()

# strong letters of each direction, European and Arabic digits, separators, brackets, marks
MIXED = st.text(st.sampled_from(list("abcאבגسلم12٣٤ .,-+%$()[]:/") + ["\u064e", "\u0301"]),
                min_size=1, max_size=16)


@settings(max_examples=400, deadline=None)
@given(MIXED, st.sampled_from([0, 1]))
def test_visual_order_is_the_unicode_bidi_algorithms(text, base):
    from bidi import get_display

    order = visual_order(levels(text, base))
    assert "".join(text[i] for i in order) == get_display(text, base_dir="R" if base else "L")


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from(list("سلمא .,-+%$()[]:/\t") + ["\u064e"]), min_size=1,
               max_size=16))
def test_a_right_to_left_line_without_numbers_is_all_at_its_level_by_the_rules(text):
    """The shortcut for the lines of an Arabic page with nothing strong left to right and no
    number in them is what the rules, applied one by one, give."""
    from pnp.pdf.bidi import _resolved, bidi_class

    types = [bidi_class(ch) for ch in text]
    assert levels(text, 1) == _resolved(text, 1, types, set(types)) == (1,) * len(text)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list("abc سلم אב अन्य 山田 12٣ .,-()")), min_size=1, max_size=24),
       st.booleans(), st.sampled_from([SANS, BOLD]))
def test_a_measured_width_is_the_laid_out_lines_to_the_last_bit(text, rtl, font):
    """What a wrap measures (``width``, no glyph strings made) is the very float the drawn
    line's layout adds up: a line that fits when measured fits when drawn."""
    from pnp.pdf.shaping import width

    assert width(text, font, rtl, "ar") == layout(text, font, rtl, "ar")[1]


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list("abسلمةيאבअनक्ष्य ٣2.-()") + ["\u064e", "\u200d"]),
               min_size=1, max_size=30), st.data())
def test_a_word_shaped_between_its_few_neighbours_is_the_word_shaped_in_its_line(text, data):
    """HarfBuzz reads at most CONTEXT characters either side as context: the kept shaping of a
    word at a change of face is the shaping of that word within its whole line, glyph for
    glyph and placement for placement. (Only the clusters are counted from the snippet rather
    than the line: reportlab reads a cluster only to find a list's end, -1.)"""
    from pnp.pdf.shaping import CONTEXT, _edge, _shape

    k = data.draw(st.integers(0, len(text) - 1))
    j = data.draw(st.integers(k + 1, len(text)))
    for face in ("PnpArabic", "PnpDevanagari", "PnpHebrew"):
        for rtl in (False, True):
            chars, placed, width = _edge(text[max(0, k - CONTEXT):k], text[k:j],
                                         text[j:j + CONTEXT], face, rtl, "ar")
            in_line = _shape(text, k, j, face, rtl, "ar")
            assert (chars, width) == (in_line[0], in_line[2])
            assert [p[1:] for p in placed] == [p[1:] for p in in_line[1]]
            assert all(p.cluster >= 0 for p in placed)


def test_a_name_in_arabic_on_an_english_line_reads_right_to_left():
    text = "Ann and سارة play"
    lv = levels(text, 0)
    assert lv[:8] == (0,) * 8 and set(lv[8:12]) == {1} and lv[12:] == (0,) * 5


@pytest.mark.parametrize("text, face", [("abc", SANS), ("سارة", "PnpArabic"), ("שרה", "PnpHebrew"),
                                        ("अनन्या", "PnpDevanagari"), ("山田", "PnpCJK")])
def test_each_script_prints_in_its_face(text, face):
    assert set(assign_faces(text, SANS)) == {face}
    bold = {SANS: BOLD}.get(face, face + "-Bold")
    assert set(assign_faces(text, BOLD)) == {bold}


def _faces_char_by_char(text, font):
    """assign_faces as its docstring says it, one character at a time: the reference."""
    from pnp.pdf.shaping import _neutral_face, _own_face

    out = [None] * len(text)
    for i, ch in enumerate(text):
        out[i] = out[i - 1] if i and faces.joins_previous(ch) else _own_face(ch, font)
    after, nexts = None, [None] * len(text)
    for i in range(len(text) - 1, -1, -1):
        nexts[i] = after
        if out[i] is not None:
            after = out[i]
    for i, ch in enumerate(text):
        if out[i] is None:
            out[i] = _neutral_face(ch, out[i - 1] if i else None, nexts[i], font)
    return out


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(list("ab سلم אב अनक्ष 山 12٣ .,-()é+=_") + ["\u064e", "\u0301",
                                                                      "\u200d", "\u094d"]),
               max_size=24),
       st.sampled_from([SANS, BOLD]))
def test_each_character_takes_its_face_as_the_rule_says(text, font):
    assert assign_faces(text, font) == _faces_char_by_char(text, font)


def test_spaces_and_digits_stay_with_the_text_around_them():
    got = assign_faces("سارة 12 علي", SANS)
    assert set(got) == {"PnpArabic"}
    assert assign_faces("Ann 山田", SANS) == [SANS] * 4 + ["PnpCJK"] * 2


def test_english_lines_are_plain_and_others_laid_out():
    assert plain("Player 1: running score", SANS)
    assert plain("Zoë Σωκράτης Дмитрий", BOLD)
    assert not plain("سارة", SANS) and not plain("山田", SANS) and not plain("अनन्या", SANS)
    assert not plain("12 - 3", SANS, rtl=True) or layout("12 - 3", SANS, True)[0][0].face == SANS


def _glyphs(text: str, face: str, rtl: bool = False):
    segments, _ = layout(text, face, rtl)
    return [s for s in segments if type(s.text) is not str]


def test_arabic_letters_join():
    """Each letter of سارة in its joining form: the shaped glyphs are not the letters' own."""
    (segment,) = _glyphs("سارة", SANS)
    own = {faces.ttfont("PnpArabic").face.charToGlyph[ord(c)] for c in "سارة"}
    drawn = {faces.ttfont("PnpArabic").face.charToGlyph[ord(c)] for c in segment.text}
    assert drawn != own and len(segment.text) == 4


def test_a_devanagari_conjunct_is_one_glyph():
    (segment,) = _glyphs("क्ष", SANS)
    assert len(segment.text) == 1          # क + ् + ष become the conjunct क्ष


def test_hebrew_is_laid_out_right_to_left():
    (segment,) = _glyphs("שרה", SANS)
    first = faces.ttfont("PnpHebrew").face.charToGlyph[ord("ה")]
    assert faces.ttfont("PnpHebrew").face.charToGlyph[ord(segment.text[0])] == first


def test_width_is_the_laid_out_lines():
    text = "Ann and سارة"
    assert string_width(text, SANS, 10) == pytest.approx(layout(text, SANS)[1] / 100)
    assert string_width("abc", SANS, 10) == pytest.approx(layout("abc", SANS)[1] / 100)


def test_chinese_wraps_between_characters_not_before_a_comma():
    text = "每走完一步，把你的累计得分写进你的下一个格子。" * 2
    lines = wrap(text, SANS, 10, 60)
    assert len(lines) > 2 and "".join(lines) == text
    assert all(string_width(line, SANS, 10) <= 60 for line in lines)
    assert not any(line.startswith(("，", "。")) for line in lines)


def test_a_conjunct_is_never_split_by_a_forced_break():
    lines = wrap("क्षक्षक्षक्षक्षक्षक्षक्ष", SANS, 10, 20)
    assert all(not line.startswith("्") and not line.endswith("्") for line in lines)


def _page(lines, language="en") -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1)
    with i18n.using(language):
        canvas.setFont(SANS, 12)
        for k, text in enumerate(lines):
            canvas.drawString(40, 700 - 20 * k, text)
            canvas.drawRightString(500, 700 - 20 * k, text)
    canvas.save()
    return out.getvalue()


def test_the_page_reads_back_as_its_text():
    """Text copied from the page is the words printed: ToUnicode gives a ligature or a joining
    form its letters (pdfium's extraction, normalised as a reader's search is)."""
    import unicodedata

    import pypdfium2 as pdfium

    words = ["क्षितिज", "שלום", "山田"]
    pdf = pdfium.PdfDocument(_page(words))
    text = pdf[0].get_textpage().get_text_range()
    flat = unicodedata.normalize("NFKC", text)
    for word in ("שלום", "山田"):
        assert word[::-1] in flat or word in flat
    assert "क्ष" in flat or "क्ष" in flat.replace("\u200d", "")


def test_the_same_lines_give_the_same_bytes_whatever_was_drawn_before():
    """A shaped glyph's code is fixed by its glyph id, not by the order glyphs were met."""
    first = _page(["سارة", "अनन्या"], "ar")
    _page(["लाला", "فاطمة وعلي", "क्षत्रिय"], "hi")
    assert _page(["سارة", "अनन्या"], "ar") == first


def test_a_cjk_character_without_the_extra_names_the_command(monkeypatch):
    from pnp.pdf import cjk
    from pnp.pdf.fonts import check_printable

    monkeypatch.setattr(faces, "available", lambda name: name != "PnpCJK")
    faces.charset.cache_clear()
    try:
        assert missing_glyphs("山田") == ["山", "田"]
        with pytest.raises(ValueError, match=r"title '山田' has '山' \(U\+5C71 .*pip install 'pnp\[cjk\]'"):
            check_printable("山田", "title")
    finally:
        faces.charset.cache_clear()
    assert str(cjk.INSTALL) == "pip install 'pnp[cjk]'"


def test_the_cjk_conversion_gives_the_same_bytes_twice(tmp_path):
    """The CJK face is made on each machine from the extra's CFF font: a small CFF font made here
    converts to the same TrueType bytes twice, with quadratic outlines and no timestamp; a glyph
    no character reaches is not kept (the outlines are made before the font is subset)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    from pnp.pdf.cjk import convert

    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "unreached", "uni5C71"])
    fb.setupCharacterMap({0x5C71: "uni5C71"})
    pen = T2CharStringPen(600, None)
    pen.moveTo((100, 0))
    pen.curveTo((100, 500), (500, 500), (500, 0))
    pen.closePath()
    empty = T2CharStringPen(600, None)
    shape = pen.getCharString()
    fb.setupCFF("Test", {"FullName": "Test"}, {".notdef": empty.getCharString(),
                                               "unreached": shape, "uni5C71": shape}, {})
    fb.setupHorizontalMetrics({".notdef": (600, 0), "unreached": (600, 100),
                               "uni5C71": (600, 100)})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": "Test", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    source = tmp_path / "t.otf"
    fb.save(str(source))
    convert(source, tmp_path / "a.ttf")
    convert(source, tmp_path / "b.ttf")
    assert (tmp_path / "a.ttf").read_bytes() == (tmp_path / "b.ttf").read_bytes()
    font = TTFont(tmp_path / "a.ttf")
    assert "glyf" in font and "CFF " not in font
    assert len(font.getGlyphOrder()) == 2                       # .notdef and the one reached
    glyph = font["glyf"][font.getBestCmap()[0x5C71]]
    assert glyph.numberOfContours == 1
    assert not all(flag & 1 for flag in glyph.flags)            # off-curve points: quadratic


def test_the_text_map_is_kept_once_a_machine_and_a_spoilt_one_is_worked_out_again(
        tmp_path, monkeypatch):
    """The glyph -> text map of a face (for the PDF's ToUnicode) is worked out from the font,
    kept in the cache folder, and read back the same; a kept file that is not exactly a map of
    glyph ids to text (tampered, cut short, too big) is ignored and written again."""
    from pnp.pdf import glyph_text
    from pnp.pdf.faces import font_path

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))       # not the fonts the tests share
    path = str(font_path("PnpArabic"))
    worked_out = glyph_text._read_texts(path)
    assert any(len(t) > 1 for t in worked_out.values())         # ligatures: several letters
    kept = glyph_text._kept_path(path)
    glyph_text.glyph_texts.cache_clear()
    try:
        assert glyph_text.glyph_texts(path) == worked_out and kept.is_file()
        assert glyph_text._read_kept(kept) == worked_out
        for spoilt in ('{"12": 5}', '[1, 2]', '{"-3": "a"}', '{"12": "a"', "x" * (1 << 21),
                       '{"1e3": "a"}', '{"١٢": "a"}'):
            kept.write_text(spoilt, encoding="utf-8")
            glyph_text.glyph_texts.cache_clear()
            assert glyph_text._read_kept(kept) is None
            assert glyph_text.glyph_texts(path) == worked_out
            assert glyph_text._read_kept(kept) == worked_out          # written again, whole
    finally:
        glyph_text.glyph_texts.cache_clear()
