"""The validator reads a page's content from its decoded bytes (support.pageread.operators), in the
grammar pnp writes and no other. What it reads must be what qpdf reads, operator by operator;
whatever it does not know (a forger's comment, # escape, inline image, nested parentheses, an
over-long number ...) is refused with what it is, never read its own way; and no page gives
more than MAX_OPERATORS operators, whatever its size."""

from __future__ import annotations

import pikepdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.build import build
from support.pageread.operators import (LINE, MAX_OPERATORS, Lines, Name, Shown, TooMany, canonical,
                                  operators, why_foreign)
from support.pageread.printed import TooMuch, Unreadable, read_parsed
from pnp.spec import loads
from support.tamper import SMALL


def _theirs(content: bytes) -> list | None:
    """qpdf's reading of the content, in plain values (None if qpdf cannot parse it)."""
    with pikepdf.new() as pdf:
        try:
            ops = pikepdf.parse_content_stream(pdf.make_stream(content))
        except pikepdf.PdfError:
            return None
        out = []
        for op in ops:
            if isinstance(op, pikepdf.ContentStreamInlineImage):
                out.append(("BI", ["inline"]))
            else:
                out.append((str(op.operator), [_value(v) for v in op.operands]))
        return out


def _value(v):
    if isinstance(v, pikepdf.Name):
        return ("name", str(v))
    if isinstance(v, pikepdf.String):
        return ("string", bytes(v))
    if isinstance(v, pikepdf.Array):
        return [_value(x) for x in v]
    if isinstance(v, pikepdf.Dictionary):
        return {str(k): _value(x) for k, x in v.items()}
    if isinstance(v, bool) or v is None:
        return ("other", v)
    if isinstance(v, int):
        return ("int", v)
    return ("real", float(v))


def _mine(ops: list) -> list:
    """Our reading in the same plain values, a one-line text object as its seven operators."""
    out = []
    for name, args in ops:
        if name == LINE:
            out += [("BT", []), ("Tm", [_own(a) for a in args[:6]]),
                    ("Tf", [_own(args[6]), _own(args[7])]), ("TL", [_own(args[8])]),
                    ("Tj", [_own(args[9])]), ("T*", []), ("ET", [])]
        else:
            out.append((name, [_own(a) for a in args]))
    return out


def _own(v, inside: bool = False):
    if isinstance(v, Name):
        return ("name", str(v))
    if isinstance(v, Shown):
        return ("string", v.data)
    if isinstance(v, list):
        return [_own(x) for x in v]
    if isinstance(v, dict):
        return {k: _own(x, True) for k, x in v.items()}
    if isinstance(v, bytes):            # a number token: its kind as qpdf gives it
        return ("int", int(v)) if v.lstrip(b"+-").isdigit() else ("real", float(v))
    return ("int", v) if isinstance(v, int) else ("real", float(v))


def _same(content: bytes, lines: Lines | None = None) -> list | None:
    """Our reading, checked against qpdf's: in one piece, and line by line (``lines`` holding
    what earlier contents' lines read as), twice, the second time from memory."""
    lines = Lines() if lines is None else lines
    mine = operators(content)
    by_line = [operators(content, lines), operators(content, lines)]
    assert all((mine is None) == (b is None) for b in by_line), content
    if mine is not None:
        theirs = _theirs(content)
        assert theirs is not None, f"read {content!r}, which qpdf refuses"
        assert _mine(mine) == theirs, content
        assert all(_mine(b) == theirs for b in by_line), content
    return mine


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    [(path, _, _)] = build(loads(SMALL, "small.yaml"), tmp_path_factory.mktemp("ops"))
    return path


def test_every_page_pnp_writes_is_read_from_its_bytes_as_qpdf_reads_it(pack):
    lines = Lines()
    with pikepdf.open(pack) as pdf:
        for page in pdf.pages:
            assert _same(page.obj.Contents.read_bytes(), lines) is not None
    assert lines.items   # lines were remembered, and read again from memory on later pages


@pytest.mark.parametrize("content, pieces", [
    (b"BT /F1 7 Tf (two\nlines) Tj ET",              # a string across a newline
     [("BT", []), ("Tf", [("name", "/F1"), ("int", 7)]), ("Tj", [("string", b"two\nlines")]),
      ("ET", [])]),
    (b"1 2\nm 3 4 l S",                              # operands on one line, operator on the next
     [("m", [("int", 1), ("int", 2)]), ("l", [("int", 3), ("int", 4)]), ("S", [])]),
    (b"[1\n2] 0 d",                                  # an array across a newline
     [("d", [[("int", 1), ("int", 2)], ("int", 0)])]),
    (b"BT\n1 0 0 1 5 6 Tm /F1 7 Tf 8 TL (hi) Tj T* ET",   # a text object over two lines
     [("BT", []), ("Tm", [("int", n) for n in (1, 0, 0, 1, 5, 6)]),
      ("Tf", [("name", "/F1"), ("int", 7)]), ("TL", [("int", 8)]), ("Tj", [("string", b"hi")]),
      ("T*", []), ("ET", [])]),
])
def test_what_crosses_a_line_is_read_as_one_piece(content, pieces):
    """Each operation whose parts span a line end is one operation with all its operands (as
    qpdf reads it too: ``_same`` holds the two readings equal)."""
    assert _mine(_same(content)) == pieces


@pytest.mark.parametrize("content", [
    b"% a comment\n0 0 m 1 1 l S",                      # comments
    b"/A#41 <</I 1>> BDC EMC",                          # a name with a # escape
    b"BT /F#31 7 Tf (x) Tj ET",
    b"BT /F1 7 Tf <4 1> Tj ET",                         # a hex string with a space in it
    b"BT /F1 7 Tf <414> Tj ET",                         # a hex string with an odd digit
    b"BT /F1 7 Tf (a(b)c) Tj ET",                       # nested parentheses
    b"BT /F1 7 Tf (a\rb) Tj ET",                        # a carriage return (read as \n)
    b"BT /F1 7 Tf (a\\\nb) Tj ET",                      # a line continuation
    b"BT /F1 7 Tf (\\400) Tj ET",                       # an octal past a byte
    b"BT /F1 7 Tf (\\q) Tj ET",                         # an escape that means nothing
    b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI",           # an inline image
    b"0 0 m 1 1 l Sx",                                  # an operator PDF does not have
    b"0 0 1 1re S",                                     # a number run into an operator
    b"0 0 m 1e5 1 l S",                                 # a number in another notation
    b"0 0 m 1234567890123456 1 l S",                    # more digits than a double holds
    b"[[1]] 0 d",                                       # a nested array
    b"/P <</I <</X 1>>>> BDC EMC",                      # a nested dictionary
    b"/P <</I 1 /I 2>> BDC EMC",                        # a key given twice
    b"/P <</I>> BDC EMC",                               # a key without its value
    b"0 0 m (1) 1 l S",                                 # a string where a number goes
    b"[1 2] 0 m S",                                     # an array where a number goes
    b"true 0 m S", b"null 0 m S",
    b"1 2 m )",                                         # an unbalanced delimiter
    b"0" * 300 + b".6 w",                               # a number 300 zeros long
    b".6" + b"0" * 300 + b" w",
])
def test_what_pnp_never_writes_is_refused(content):
    assert operators(content) is None
    assert why_foreign(content) != "nothing"


@pytest.mark.parametrize("content, words", [
    (b"0 0 m 1 1 l S %a comment", "a comment"),
    (b"0" * 300 + b".6 w", "a number 302 characters long"),
    (b"q BI /W 1 /H 1 ID \x00 EI Q", "an inline image"),
    (b"0 0 m 1 1 l Sx", "an operator `Sx`"),
    (b"/A#41 <</I 1>> BDC EMC", "a name spelt with # escapes"),
])
def test_what_is_refused_is_said(content, words):
    assert words in why_foreign(content)


def test_a_page_outside_the_grammar_is_unreadable_with_its_reason():
    # the same drawing with and without a comment: the one with it is never read
    plain = b"q 0 g /PnpDot <</I 3 /K 1>> BDC n 10 10 m 20 20 l 30 10 l f* EMC Q"
    readings = []
    for content in (plain, b"%x\n" + plain):
        with pikepdf.new() as pdf:
            pdf.add_blank_page(page_size=(200, 200))
            page = pdf.pages[0]
            page.obj.Contents = pdf.make_stream(content)
            try:
                readings.append(read_parsed(page, {}))
            except Unreadable as exc:
                readings.append(str(exc))
    assert [(d.tag, d.index, d.kind) for d in readings[0].drawn] == [("PnpDot", 3, 1)]
    assert readings[1] == "a comment (readers differ on where it ends)"


def test_three_million_moves_are_too_many_in_bounded_memory():
    # the 130 kB file of the issue: 3,000,000 "0 0 m" in one stream (18 MB decoded); the reader
    # stops at MAX_OPERATORS, line by line or in one piece
    import resource

    content = b"0 0 m " * 3_000_000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for lines in (None, Lines()):
        with pytest.raises(TooMany):
            operators(content, lines)
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(200, 200))
        page = pdf.pages[0]
        page.obj.Contents = pdf.make_stream(content)
        with pytest.raises(TooMuch):
            read_parsed(page, {})
    grew = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    assert grew < 200 * 2**20, f"{grew / 2**20:.0f} MB"
    assert MAX_OPERATORS < 3_000_000


def test_a_qdf_spelling_of_a_content_is_the_same_content():
    # qpdf --qdf writes strings in hexadecimal: the same tokens, the same strings
    plain = b"BT 1 0 0 1 5 6 Tm /F1 7 Tf 8 TL (\\001 Board) Tj T* ET\n0 g\n"
    qdf = b"BT\n1 0 0 1 5 6 Tm\n/F1 7 Tf\n8 TL\n<0120426f617264> Tj\nT*\nET\n0 g\n"
    assert canonical(plain) == canonical(qdf) is not None
    assert _mine(operators(plain)) == _mine(operators(qdf))
    for other in (qdf.replace(b"<0120", b"<0220"), qdf.rstrip(), qdf + b"%\n",
                  qdf.replace(b"0 g", b"0 1 g"), qdf.replace(b"0 g", b"0.0 g"),
                  qdf.replace(b"\nET", b"\x00ET")):
        assert canonical(other) != canonical(plain), other


_WS = st.sampled_from([b" ", b"\n", b"\r\n", b"\t", b"\x00", b"\x0c", b"  ", b""])
_TOKENS = st.sampled_from([
    b"0", b"1", b"-2", b"+3", b"4.5", b".5", b"-.25", b"6.", b"007", b"0.000001", b"1e5",
    b"99999999999999", b"-", b".", b"1.2.3",
    b"/F1", b"/PnpDot", b"/A#41", b"/", b"/a.b-c+d_e",
    b"(x)", b"(a b)", b"(\\(\\))", b"(\\101\\0)", b"(\\n\\\\)", b"()", b"(a(b)c)", b"(\xe9)",
    b"(\\400)", b"(a\rb)", b"(\\\n)", b"<41>", b"[", b"]", b"<<", b">>", b"[1 (a) -2]",
    b"<</I 1>>", b"<</K 2 /I 3>>", b"%c\n", b"{", b"}", b")",
    b"m", b"l", b"c", b"re", b"h", b"S", b"f*", b"n", b"q", b"Q", b"cm", b"w", b"g", b"G",
    b"BT", b"ET", b"Tm", b"Tf", b"TL", b"Tj", b"TJ", b"T*", b"'", b'"', b"d", b"j", b"BDC",
    b"BMC", b"EMC", b"W", b"W*", b"Do", b"xyz", b"true", b"null", b"BI", b"ID", b"EI",
    b"BT 1 0 0 1 5 6 Tm /F1 7 Tf 8 TL (hi) Tj T* ET",
])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_TOKENS, _WS), max_size=30))
def test_any_content_is_read_as_qpdf_reads_it_or_left_to_qpdf(parts):
    _same(b"".join(t + w for t, w in parts))
