"""Hostile specs: whatever the text, the loader answers with a spec or one located line.

A spec is copied from a forum or a chat: any bytes at all may arrive. The promise is the same
for every one of them: no traceback, exit 2, exactly one line ``FILE:LINE:COL: message`` on
stderr, nothing written, and an answer in bounded time (hypothesis deadlines and subprocess
timeouts bound it; no timing asserts). tests/test_spec.py pins the ordinary mistakes; this file
throws everything else at the loader, and at ``pnp build`` in a real subprocess.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from support.paths import AWAY
from pnp.build import check_replaceable, output_path
from pnp.errors import PnpError, SpecError
from pnp.spec import MAX_SPEC_BYTES, load, loads

GOOD = """\
title: Fuzz
seed: 7
page: {size: A4, orientation: portrait}
items:
  - kind: cliquer
    dots: 9
  - kind: circles
    circles: 4
  - kind: cliques
    players: [Ann, Bo, Cy]
"""

LOCATED = re.compile(r"^\d+:\d+: \S.*$")     # what follows "FILE:"
FAST = settings(deadline=2000, suppress_health_check=[HealthCheck.too_slow])


# slow: throws thousands of hostile specs at the loader; `pytest -m "not slow"` leaves it out of a quick run, CI runs it
pytestmark = pytest.mark.slow


def assert_one_located_line(err: SpecError, text: str, file: str = "x.yaml") -> None:
    """Every mistake is one line FILE:LINE:COL: message at a place inside the text, and the
    lines come in the order of the text."""
    shown = str(err).split("\n")
    assert len(shown) == len(err.mistakes), shown
    assert [(m.line, m.column) for m in err.mistakes] == sorted((m.line, m.column) for m in err.mistakes)
    lines = re.split(r"\r\n|\r|\n", text)      # line ends as YAML and editors count them
    for line, mistake in zip(shown, err.mistakes):
        assert "\r" not in line, repr(line)
        assert len(mistake.message) < 400, mistake.message[:400]       # values are quoted back briefly
        assert line.startswith(f"{file}:") and LOCATED.match(line[len(file) + 1:]), line
        assert 1 <= mistake.line <= len(lines) + 1, line
        width = len(lines[mistake.line - 1]) if mistake.line <= len(lines) else 0
        assert 1 <= mistake.column <= width + 2, line


def loads_or_error(text: str):
    try:
        return loads(text, "x.yaml")
    except SpecError as err:
        assert_one_located_line(err, text)
        return err


# ------------------------------------------------------------------------------------------
# random structures, written out as YAML the way a person or a program would

KEYS = st.sampled_from(["title", "page", "seed", "output", "items", "kind", "count", "dots",
                        "clearance_mm", "spacing_mm", "size", "orientation", "margin_mm", "grid",
                        "players", "circles", "arrangement", "spaces", "variants", "lockdown",
                        "spin_cycle", "code", "remark_cards", "worksheet", "size_mm", "Títle", ""])
ODD_TEXT = st.text(st.characters(codec="utf-8"), max_size=40)   # every code point but surrogates
LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-10**400, 10**400),
    st.floats(), ODD_TEXT, st.text(max_size=300),
    st.sampled_from(["cliquer", "circles", "cliques", "A4", "Letter", "landscape", "1e999",
                     ".inf", "-.nan", "0x1F", "0o17", "1_000", "2026-11-21", "~", "yes", "No",
                     "R1-0000", "../x.pdf", "/tmp/x.pdf", "\u202egnp.exe", "Σωκράτης", "🂡" * 3]),
)
TREE = st.recursive(LEAF, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                  st.dictionaries(KEYS, inner, max_size=5)),
                    max_leaves=25)
ITEM = st.fixed_dictionaries({"kind": st.sampled_from(["cliquer", "circles", "cliques"])},
                             optional={k: TREE for k in ["count", "dots", "clearance_mm", "players",
                                                         "circles", "variants", "code", "size",
                                                         "spaces", "remark_cards", "title"]})
SPEC = st.fixed_dictionaries({"items": st.one_of(TREE, st.lists(ITEM, min_size=1, max_size=3))},
                             optional={"title": TREE, "page": TREE, "seed": TREE, "output": TREE})


def dump(value, style: str) -> str:
    if style == "json":                       # JSON is YAML too (flow style, one line)
        return json.dumps(value, ensure_ascii=False)
    return yaml.safe_dump(value, allow_unicode=style == "unicode", default_flow_style=False,
                          width=10**6)


@settings(FAST, max_examples=60)
@given(SPEC, st.sampled_from(["json", "block", "unicode"]))
def test_any_structure_loads_or_gives_one_located_line(value, style):
    try:
        text = dump(value, style)
    except (ValueError, OverflowError):       # e.g. 10**400 in json.dumps: not a spec anyone has
        assume(False)
    result = loads_or_error(text)
    if not isinstance(result, SpecError):
        assert result.items and all(e.count >= 1 for e in result.items)


# ------------------------------------------------------------------------------------------
# random bytes: binary junk, edits of a good spec, other encodings


def _splice(pair):
    at, junk = pair
    data = GOOD.encode()
    return data[:at] + junk + data[at:]


BYTES = st.one_of(
    st.binary(max_size=400),
    st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass")),
    st.tuples(st.integers(0, len(GOOD)), st.binary(min_size=1, max_size=8)).map(_splice),
    st.tuples(st.integers(0, len(GOOD)),
              st.text(st.characters(codec="utf-8"), min_size=1, max_size=8).map(str.encode)).map(_splice),
    st.tuples(st.integers(0, len(GOOD)),
              st.sampled_from([b"\t", b"\x00", b"\r", b"\x1b[31m", b"\xef\xbb\xbf", b"\xff\xfe",
                               b"&a ", b"*a ", b"!!python/object:os.system ", b"<<: ", b"? ",
                               b"---\n", b"...\n", b"%YAML 1.1\n", b"\"\\ud800\""])).map(_splice),
    st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig", "latin-1",
                     "cp1252"]).map(lambda enc: GOOD.replace("Ann", "Zoë").encode(enc)),
)


@settings(FAST, max_examples=200, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(BYTES)
def test_any_bytes_load_or_give_one_located_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "s.yaml"
    path.write_bytes(data)
    try:
        load(path)
    except SpecError as err:
        text = data.decode("utf-8", "replace")
        assert_one_located_line(err, text, str(path))


# ------------------------------------------------------------------------------------------
# the hostile inputs named in the issue, each pinned

ITEMS = "items: [{kind: cliquer}]\n"
HOSTILE = {
    "huge int": ("items: [{kind: cliquer, dots: 1" + "0" * 5000 + "}]\n", "number too large"),
    "huge float": ("items: [{kind: cliquer, clearance_mm: 1" + "0" * 5000 + ".5}]\n", "finite"),
    "huge key": ("items:\n  - kind: cliquer\n    ? " + "k" * 100_000 + "\n    : 1\n", "unknown key 'kkkk"),
    "1e999 is a number in YAML 1.2, too large": ("items: [{kind: cliquer, clearance_mm: 1e999}]\n", "finite"),
    "1.0e999 overflows": ("items: [{kind: cliquer, clearance_mm: 1.0e+999}]\n", "finite"),
    "infinity": ("items: [{kind: cliquer, clearance_mm: .inf}]\n", "finite"),
    "nan": ("items: [{kind: cliquer, spacing_mm: .NaN}]\n", "finite"),
    "huge count": ("items: [{kind: cliquer, count: 99999999999999999999}]\n", "count must be"),
    "deep list": ("items: " + "[" * 100_000 + "]" * 100_000 + "\n", "nesting"),
    "deep map": ("items:\n" + "".join(" " * i + "a:\n" for i in range(1, 200)), "nesting"),
    "alias bomb": ("a: &a [x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
                   "c: [*b, *b, *b, *b, *b, *b, *b, *b]\n" + ITEMS, "anchors"),
    "alias alone": ("title: *t\n" + ITEMS, "aliases"),
    "merge key": ("items:\n  - kind: cliquer\n    <<: {dots: 5}\n", "unknown key '<<'"),
    "python tag": ("title: !!python/object/apply:os.system [echo hi]\n" + ITEMS, "tags"),
    "local tag": ("title: !x hello\n" + ITEMS, "tags"),
    "duplicate top key": (ITEMS + "title: a\ntitle: b\n", "duplicate key 'title'"),
    "duplicate page key": ("page: {size: A4, size: Letter}\n" + ITEMS, "duplicate key 'size'"),
    "duplicate variant": ("items:\n  - kind: circles\n    variants: {lockdown: true, lockdown: false}\n",
                          "duplicate key 'lockdown'"),
    "duplicate after quoting": (ITEMS + "title: a\n\"title\": b\n", "duplicate key 'title'"),
    "complex key": ("? [a, b]\n: 1\n" + ITEMS, "plain names"),
    "tab indent": ("items:\n\t- kind: cliquer\n", "indents with spaces only"),
    "escaped bell": ("title: \"ding\\a\"\n" + ITEMS, "control character (U+0007)"),
    "escaped C1": ("title: \"\\x9b31m\"\n" + ITEMS, "control character (U+009B)"),
    "lone surrogate": ("title: \"\\ud800\"\n" + ITEMS, "lone surrogate (U+D800)"),
    "surrogate in a name": ("items:\n  - kind: cliques\n    players: [Ann, \"B\\udc00\", Cy]\n",
                            "lone surrogate"),
    "escaped NUL": ("seed: \"a\\0b\"\n" + ITEMS, "control character (U+0000)"),
    "long title": ("title: " + "x" * 100_000 + "\n" + ITEMS, "at most 200"),
    "long player": ("items:\n  - kind: cliques\n    players: [Ann, Bo, " + "y" * 5000 + "]\n",
                    "at most 200"),
    "many items": ("items:\n" + "  - {kind: cliquer}\n" * 500, "at most 200 entries"),
    "many boards": ("items:\n" + "  - {kind: cliquer, count: 4000}\n" * 2, "more than 5000 boards"),
    "items a map": ("items: {kind: cliquer}\n", "non-empty list"),
    "spec a list": ("- kind: cliquer\n", "must be a mapping"),
    "spec a scalar": ("cliquer\n", "must be a mapping"),
    "two documents": (ITEMS + "---\n" + ITEMS, "a spec is one document"),
    "only comments": ("# nothing\n", "spec is empty"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_named_hostile_specs_are_refused_with_a_located_line(name):
    text, words = HOSTILE[name]
    err = loads_or_error(text)
    assert isinstance(err, SpecError), f"{name} loaded"
    assert words in err.message, str(err)


@pytest.mark.parametrize("data, words", [
    (b"items: [{kind: cliquer}]\n\x00", "NUL byte"),
    (b"title: caf\xe9\nitems: [{kind: cliquer}]\n", "not UTF-8"),
    (b"title: \xff\xfe\nitems: [{kind: cliquer}]\n", "not UTF-8"),
    ("items: [{kind: cliquer}]\n".encode("utf-16"), "UTF-16"),
    ("items: [{kind: cliquer}]\n".encode("utf-32"), "UTF-32"),
    (b"\x1f" + b"items: [{kind: cliquer}]\n", "U+001F is not allowed"),
    (b"items: [{kind: cliquer}]\n\x7f", "U+007F is not allowed"),
], ids=["nul", "latin-1", "ff-fe-inside", "utf-16", "utf-32", "unit-separator", "del"])
def test_bad_files_are_refused_with_a_located_line(tmp_path, data, words):
    path = tmp_path / "s.yaml"
    path.write_bytes(data)
    with pytest.raises(SpecError) as info:
        load(path)
    assert words in info.value.message
    assert_one_located_line(info.value, data.decode("utf-8", "replace"), str(path))


def test_a_file_too_large_is_refused_without_a_place(tmp_path):
    """No line of an oversized file is the mistake; the line names the file only (never :1:1)."""
    path = tmp_path / "s.yaml"
    path.write_bytes(b"x: " + b"a" * (MAX_SPEC_BYTES + 10) + b"\n")
    with pytest.raises(SpecError) as info:
        load(path)
    assert str(info.value) == f"{path}: spec is larger than {MAX_SPEC_BYTES // 1000} kB"


def test_a_utf8_bom_and_crlf_line_ends_are_fine(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode())
    assert [e.kind for e in load(path).items] == ["cliquer", "circles", "cliques"]


def test_an_error_after_crlf_lines_points_at_the_right_line(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_bytes(b"items:\r\n  - kind: cliquer\r\n    dots: 900\r\n")
    with pytest.raises(SpecError) as info:
        load(path)
    assert (info.value.line, info.value.column) == (3, 11)


# ------------------------------------------------------------------------------------------
# output names stay inside the output folder


@pytest.mark.parametrize("name", [
    "/etc/passwd", "/tmp/x.pdf", "..", ".", "../../x.pdf", "a/b.pdf", "a\\b.pdf", "..\\x.pdf",
    "C:x.pdf", "C:\\x.pdf", ".hidden.pdf", ".x.pdf.123.part", "", "x\x00.pdf", "x\n.pdf",
])
def test_output_names_that_could_escape_are_refused(name):
    err = loads_or_error(f"output: {json.dumps(name)}\n" + ITEMS)
    assert isinstance(err, SpecError), name
    assert err.line == 1


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_any_output_name_that_loads_stays_in_the_output_folder(tmp_path_factory, name):
    result = loads_or_error(f"output: {json.dumps(name)}\n" + ITEMS)
    if isinstance(result, SpecError):
        return
    out = tmp_path_factory.mktemp("out")
    target = output_path(result, out)
    assert target.parent == out
    assert target.resolve().parent == out.resolve()
    assert target.name.lower().endswith(".pdf") and not target.name.startswith(".")


# ------------------------------------------------------------------------------------------
# the real command: one line, exit 2, nothing written


def pnp(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd or AWAY,
                          capture_output=True, text=True, timeout=60)


def assert_refused(result, out: Path, file: str, mistakes: int | None = None) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines and (mistakes is None or len(lines) == mistakes), result.stderr
    for line in lines:                      # one line a mistake, each located
        assert line.startswith(f"{file}:") and LOCATED.match(line[len(file) + 1:]), line
    assert result.stdout == ""
    assert not out.exists() or not any(out.iterdir()), list(out.iterdir())


BUILD_CASES = [
    b"items: [{kind: cliquer, dots: 1" + b"0" * 5000 + b"}]\n",
    b"title: \"\\ud800\"\nitems: [{kind: cliquer}]\n",
    b"\x1fitems: [{kind: cliquer}]\n",
    "items: [{kind: cliquer}]\n".encode("utf-16"),
    b"a: &a [x, x]\nb: [*a, *a]\nitems: [{kind: cliquer}]\n",
    b"items: [{kind: cliquer, count: 2}]\noutput: ../escape.pdf\n",
    b"items:\n  - kind: cliquer\n    dots: 9\n    dots: 9\n",
    # a number-like value made to make a backtracking regex quadratic (most of an hour at 200 kB)
    b"items: [{kind: cliquer, dots: " + b"1_" * 100_000 + b"x}]\n",
    b"items: [{kind: cliquer, dots: " + b"1" * 200_000 + b":}]\n",
]


@pytest.mark.parametrize("data", BUILD_CASES, ids=range(len(BUILD_CASES)))
def test_pnp_build_refuses_hostile_specs_in_one_line(tmp_path, data):
    spec = tmp_path / "hostile.yaml"
    spec.write_bytes(data)
    out = tmp_path / "out"
    assert_refused(pnp("build", spec.name, "-o", out, cwd=tmp_path), out, "hostile.yaml", mistakes=1)
    assert not (tmp_path / "escape.pdf").exists()


@settings(max_examples=4, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(BYTES.filter(lambda b: b"\x00" in b or b"\t" in b or b"&" in b or not b.isascii()))
def test_pnp_build_on_random_bytes_never_shows_a_traceback(tmp_path, data):
    import tempfile

    where = Path(tempfile.mkdtemp(dir=tmp_path))     # one folder per example
    spec = where / "r.yaml"
    spec.write_bytes(data)
    out = where / "out"
    result = pnp("build", spec.name, "-o", out, cwd=where)
    assert "Traceback" not in result.stderr
    if result.returncode != 0:
        assert_refused(result, out, "r.yaml")


# ------------------------------------------------------------------------------------------
# replacing files: a PDF pnp made is rebuilt in place; anything else needs --force


SMALL = "title: Small\nseed: s\noutput: pack.pdf\nitems: [{kind: cliquer, dots: 5, size: quarter}]\n"


def cli(*args):
    """The command in-process (fast); a crash shows as an exception other than SystemExit."""
    from click.testing import CliRunner

    from pnp.cli import cli as command

    result = CliRunner().invoke(command, list(map(str, args)))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result


@pytest.fixture
def small(tmp_path):
    spec = tmp_path / "small.yaml"
    spec.write_text(SMALL)
    return spec, tmp_path / "out", tmp_path / "out" / "pack.pdf"


def foreign_file(tmp_path, kind: str) -> bytes:
    if kind == "reportlab":
        from reportlab.pdfgen.canvas import Canvas

        canvas = Canvas(str(tmp_path / "other.pdf"))
        canvas.drawString(100, 100, "somebody's thesis")
        canvas.save()
        return (tmp_path / "other.pdf").read_bytes()
    if kind == "pypdf":
        from pypdf import PdfWriter

        writer = PdfWriter()
        writer.add_blank_page(200, 200)
        writer.write(tmp_path / "blank.pdf")
        return (tmp_path / "blank.pdf").read_bytes()
    return {"text": b"my notes\n", "empty": b""}[kind]


@pytest.mark.parametrize("kind", ["text", "reportlab", "pypdf", "empty", "damaged pnp"])
def test_a_file_pnp_did_not_make_is_not_replaced_without_force(small, tmp_path, kind):
    spec, out, target = small
    out.mkdir()
    if kind == "damaged pnp":
        assert cli("build", spec, "-o", out).exit_code == 0
        original = target.read_bytes()[:-2000]         # truncated: no longer a pnp PDF
    else:
        original = foreign_file(tmp_path, kind)
    target.write_bytes(original)
    result = cli("build", spec, "-o", out)
    assert result.exit_code == 2
    assert len(result.output.splitlines()) == 1 and "--force" in result.output
    assert target.read_bytes() == original
    assert sorted(p.name for p in out.iterdir()) == ["pack.pdf"]       # no temporary left
    forced = cli("build", spec, "-o", out, "--force")
    assert forced.exit_code == 0, forced.output
    assert target.read_bytes() != original and target.read_bytes().startswith(b"%PDF-")


def test_a_pdf_pnp_made_is_replaced_on_rebuild(small):
    spec, out, target = small
    assert cli("build", spec, "-o", out, "--seed", "first").exit_code == 0
    first = target.read_bytes()
    result = cli("build", spec, "-o", out, "--seed", "second")
    assert result.exit_code == 0, result.output
    assert target.read_bytes() != first
    assert sorted(p.name for p in out.iterdir()) == ["pack.pdf"]


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_folder_in_the_way_is_never_replaced(small, force):
    spec, out, target = small
    target.mkdir(parents=True)
    (target / "keep.txt").write_text("keep")
    result = cli("build", spec, "-o", out, *force)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert "folder" in result.output
    assert (target / "keep.txt").read_text() == "keep"
    assert sorted(p.name for p in out.iterdir()) == ["pack.pdf"]


def test_an_unwritable_output_folder_is_one_line(small, tmp_path):
    spec, _, _ = small
    blocker = tmp_path / "afile"
    blocker.write_text("keep")
    result = cli("build", spec, "-o", blocker)              # click's own usage error
    assert result.exit_code == 2 and "is a file" in result.output
    result = cli("build", spec, "-o", blocker / "sub")      # found only when writing
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert "cannot write" in result.output
    assert blocker.read_text() == "keep"


def test_check_replaceable_follows_the_policy(tmp_path):
    check_replaceable(tmp_path / "missing.pdf", force=False)     # nothing there: fine
    notes = tmp_path / "notes.pdf"
    notes.write_text("notes")
    with pytest.raises(PnpError, match="--force"):
        check_replaceable(notes, force=False)
    check_replaceable(notes, force=True)
    assert notes.read_text() == "notes"                         # deciding never touches it


def test_two_specs_naming_one_output_are_refused_before_anything_is_written(tmp_path):
    for name, dots in (("a.yaml", 5), ("b.yaml", 6)):
        (tmp_path / name).write_text(f"output: same.pdf\nitems: [{{kind: cliquer, dots: {dots}}}]\n")
    out = tmp_path / "out"
    result = cli("build", tmp_path / "a.yaml", tmp_path / "b.yaml", "-o", out)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("seed", ["\udcff", "x" * 100_000, "a\x1bb"], ids=["bad byte", "long", "escape"])
def test_a_seed_given_on_the_command_line_is_checked_like_a_spec_seed(small, seed):
    spec, out, _ = small
    result = cli("build", spec, "-o", out, "--seed", seed)
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert "--seed" in result.output and "codec" not in result.output
