"""The validator under attack: damaged, hostile and foreign files get a clear answer, never a crash.

``pnp validate`` answers every file with either one error line (exit 2: it cannot be checked)
or a report (exit 1 when a board fails), in bounded time. The files here are what a shared
folder really holds: cut-short downloads, flipped bits, encrypted copies, PDFs other programs
made, and PDFs whose attached data someone edited by hand or by program.
"""

from __future__ import annotations

import copy
import json
import zlib
import os
import signal
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pnp.build import build
from pnp.verify.record import MAX_PDF_BYTES, NotOurs
from pnp.spec import loads
from pnp.verify.validate import validate_file
from support.processes import alive
from support.tamper import SMALL, read_data, rewrite
from support.verdicts import MEMORY_PROMISED, bomb, in_process, measured

SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                      HealthCheck.too_slow])


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("good")
    [(path, boards, _)] = build(loads(SMALL, "attack.yaml"), out)
    assert boards == 3 and all(r.ok for r in validate_file(path))
    return path


def outcome(path: Path) -> str:
    """'unreadable' (one error line, exit 2), 'fail' (a report with failures) or 'ok'."""
    return judged(path)[0]


def judged(path: Path) -> tuple[str, set[str]]:
    """The outcome and the problem codes, from one validation (in this process: the limits are
    tried on their own below)."""
    try:
        with in_process():
            reports = validate_file(path)
    except NotOurs as exc:
        message = str(exc)
        assert "\n" not in message and message.startswith(f"{path}: "), message
        assert len(message) < 300 + len(str(path)), message
        return "unreadable", set()
    for r in reports:
        line = r.line(str(path))
        assert "\n" not in line, line
        for p in r.problems:
            assert p.code and " " not in p.code, p
    return "ok" if all(r.ok for r in reports) else "fail", {p.code for r in reports for p in r.problems}


def codes(path: Path) -> set[str]:
    with in_process():
        return {p.code for r in validate_file(path) for p in r.problems}


# ------------------------------------------------------------------------------------------
# whole files


def _encrypted(good: Path, out: Path, user: str, algorithm: str) -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=str(good))
    writer.encrypt(user, owner_password="owner", algorithm=algorithm)
    writer.write(out)
    return out.read_bytes()


def _foreign(kind: str, out: Path) -> bytes:
    if kind == "reportlab":
        from reportlab.pdfgen.canvas import Canvas

        canvas = Canvas(str(out))
        canvas.drawString(72, 72, "a worksheet from another program")
        canvas.save()
    else:
        from pypdf import PdfWriter

        writer = PdfWriter()
        writer.add_blank_page(595, 842)
        writer.write(out)
    return out.read_bytes()


def make_attack(kind: str, good: Path, where: Path) -> Path:
    data = good.read_bytes()
    path = where / f"{kind}.pdf"
    files = {
        "empty": lambda: b"",
        "text": lambda: b"Dear class, the boards are attached.\n",
        "html": lambda: b"<!doctype html><title>404 Not Found</title>",
        "header only": lambda: b"%PDF-1.4\n",
        "header then junk": lambda: b"%PDF-1.7\n" + os.urandom(4096) + b"\n%%EOF\n",
        "first 10 bytes": lambda: data[:10],
        "first half": lambda: data[: len(data) // 2],
        "all but the end": lambda: data[:-200],
        "no %%EOF": lambda: data[: data.rindex(b"%%EOF")],
        "encrypted, password": lambda: _encrypted(good, where / "e1.pdf", "secret", "AES-256"),
        "encrypted, empty password": lambda: _encrypted(good, where / "e2.pdf", "", "RC4-128"),
        "reportlab": lambda: _foreign("reportlab", where / "f1.pdf"),
        "pypdf blank": lambda: _foreign("pypdf", where / "f2.pdf"),
        "xref zeroed": lambda: data.replace(b"0000000", b"9999999"),
        "catalog gone": lambda: data.replace(b"/Type /Catalog", b"/Type /Katalog"),
        # the document opens, but its first page points at an object that is not there
        "page missing": lambda: re.sub(rb"/Kids \[ ?\d+ 0 R", b"/Kids [ 99999 0 R", data, count=1),
    }
    if kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with open(path, "wb") as fh:                # sparse: costs no disk
            fh.write(data[:1024])
            fh.truncate(MAX_PDF_BYTES + 1)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "missing":
        pass
    else:
        path.write_bytes(files[kind]())
    return path


ATTACKS = ["empty", "text", "html", "header only", "header then junk", "first 10 bytes",
           "first half", "all but the end", "no %%EOF", "encrypted, password",
           "encrypted, empty password", "reportlab", "pypdf blank", "folder", "huge", "fifo",
           "missing", "xref zeroed", "catalog gone", "page missing"]
EXPECTED_WORDS = {
    "empty": "not a PDF", "text": "not a PDF", "html": "not a PDF", "first 10 bytes": "cut short",
    "first half": "cut short", "all but the end": "cut short", "no %%EOF": "cut short",
    "encrypted, password": "encrypted", "encrypted, empty password": "encrypted",
    "reportlab": "no pnp record", "pypdf blank": "no pnp record", "folder": "folder",
    "huge": "larger than", "fifo": "not a regular file", "missing": "no such file",
    "header only": "cut short", "header then junk": "no pnp record",
}
# files whose record reads: rebuilt, and not the bytes pnp writes (exit 1)
NOT_PROVED = {"xref zeroed", "catalog gone", "page missing"}


@pytest.mark.parametrize("kind", ATTACKS)
def test_damaged_and_foreign_files_get_one_clear_line(good, tmp_path, kind):
    path = make_attack(kind, good, tmp_path)
    result = outcome(path)
    if kind in EXPECTED_WORDS:
        assert result == "unreadable"
        with in_process(), pytest.raises(NotOurs, match=EXPECTED_WORDS[kind]):
            validate_file(path)
    else:
        assert kind in NOT_PROVED and result == "fail", (kind, result)


def test_the_real_command_answers_every_attack_in_one_run(good, tmp_path):
    files = [make_attack(kind, good, tmp_path) for kind in ATTACKS]
    result = subprocess.run([sys.executable, "-m", "pnp", "validate", good, *files],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    errors = result.stderr.splitlines()
    assert all(line.startswith("error ") for line in errors), errors
    assert len(errors) >= len(EXPECTED_WORDS)
    for kind in EXPECTED_WORDS:
        assert any(line.startswith(f"error {tmp_path / kind}.pdf: ") for line in errors), kind
    assert result.stdout.splitlines()[-1].endswith("files unreadable")
    assert sum(line.startswith("ok ") for line in result.stdout.splitlines()) >= 3   # good.pdf


@settings(SLOW, max_examples=30)
@given(st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(1, 255)),
                min_size=1, max_size=40))
def test_random_byte_flips_never_crash(good, tmp_path, flips):
    data = bytearray(good.read_bytes())
    for where, mask in flips:
        data[int(where * len(data))] ^= mask
    path = tmp_path / "flipped.pdf"
    path.write_bytes(bytes(data))
    outcome(path)


# ------------------------------------------------------------------------------------------
# the attached data: malformed, wrong, or pointing at pages that do not exist


def with_payload(good: Path, out: Path, edit) -> Path:
    def data_edit(payload):
        edit(payload)
    return rewrite(good, out, data_edit=data_edit)


def with_raw_data(good: Path, out: Path, body: bytes) -> Path:
    from pypdf import PdfWriter
    from support.tamper import _attachment_stream

    writer = PdfWriter(clone_from=str(good))
    _attachment_stream(writer).set_data(body)
    writer.write(out)
    return out


RAW = {
    "not JSON": b"boards: yes",
    "empty": b"",
    "a list": b"[]",
    "wrong format": b'{"format": "pnp-data/999", "boards": []}',
    "NaN": b'{"format": "pnp-data/1", "boards": [NaN]}',
    "Infinity": b'{"format": "pnp-data/1", "boards": [{"kind": "cliquer", "data": Infinity}]}',
    "deep": b'{"format": "pnp-data/1", "boards": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "huge number": b'{"format": "pnp-data/1", "boards": [' + b"9" * 20_000 + b"]}",
    "latin-1": '{"format": "pnp-data/1", "title": "café"}'.encode("latin-1"),
    "utf-16": '{"format": "pnp-data/1"}'.encode("utf-16"),
    "no boards": b'{"format": "pnp-data/1"}',
    "boards empty": b'{"format": "pnp-data/1", "boards": []}',
    "boards a map": b'{"format": "pnp-data/1", "boards": {"kind": "cliquer"}}',
}


@pytest.mark.parametrize("name", list(RAW))
def test_malformed_attached_data_is_one_clear_line(good, tmp_path, name):
    path = with_raw_data(good, tmp_path / "raw.pdf", RAW[name])
    assert outcome(path) in ("unreadable", "fail")


def _set(index: int, *keys, value):
    def edit(payload):
        target = payload["boards"][index]
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value
    return edit


def _drop(index: int, *keys):
    def edit(payload):
        target = payload["boards"][index]
        for k in keys[:-1]:
            target = target[k]
        del target[keys[-1]]
    return edit


BAD_RECORDS = {
    "record a string": lambda p: p["boards"].__setitem__(0, "cliquer"),
    "record null": lambda p: p["boards"].__setitem__(1, None),
    "kind unknown": _set(0, "kind", value="chess"),
    "kind a list": _set(0, "kind", value=["cliquer"]),
    "kind a map": _set(1, "kind", value={"circles": 1}),
    "data missing": _drop(0, "data"),
    "data a list": _set(1, "data", value=[1, 2, 3]),
    "cliquer dots strings": _set(0, "data", "dots", value=[["1", "2"]] * 6),
    "cliquer dots floats": _set(0, "data", "dots", value=[[1.5, 2.0]] * 6),
    "cliquer grid huge": _set(0, "data", "grid", value=10**40),
    "cliquer grid bool": _set(0, "data", "grid", value=True),
    "cliquer 500 dots": _set(0, "data", "dots", value=[[i, i * i % 97] for i in range(500)]),
    "cliquer side negative": _set(0, "data", "side_mm", value=-80),
    "cliquer ident missing": _drop(0, "data", "ident"),
    "circles spaces a string": _set(1, "data", "circles", 0, "spaces", value="circle"),
    "circles no circles": _set(1, "data", "circles", value=[]),
    "circles empty circle": _set(1, "data", "circles", 0, "spaces", value=[]),
    "circles start huge": _set(1, "data", "circles", 0, "start", value=10**30),
    "circles start negative": _set(1, "data", "circles", 0, "start", value=-1),
    "circles unknown space": _set(1, "data", "circles", 0, "spaces", 0, value="hexagon"),
    "circles players a string": _set(1, "data", "players", value="two"),
    "cliques players empty": _set(2, "data", "players", value=[]),
    "cliques players numbers": _set(2, "data", "players", value=[1, 2, 3]),
    "cliques trackers a map": _set(2, "data", "trackers", value={"a": 1}),
    "cliques start negative": _set(2, "data", "start", value=-5),
    "cliques range reversed": _set(2, "data", "trackers", 0, "approval", value=[18, 0]),
    "cliques range floats": _set(2, "data", "trackers", 0, "approval", value=[0, 18.0]),
    "placements missing": _drop(0, "placements"),
    "placements a string": _set(0, "placements", value="page 1"),
    "placement on page 999": _set(0, "placements", 0, "page", value=999),
    "placement on page -1": _set(0, "placements", 0, "page", value=-1),
    "placement page true": _set(0, "placements", 0, "page", value=True),
    "placement page text": _set(0, "placements", 0, "page", value="0"),
    "placement page float": _set(0, "placements", 0, "page", value=0.0),
    "placement piece a list": _set(2, "placements", 0, "piece", value=[]),
    "placement frame short": _set(0, "placements", 0, "frame", value=[1, 2, 3]),
    "placement frame text": _set(0, "placements", 0, "frame", value="A4"),
    "placement frame huge": _set(0, "placements", 0, "frame", value=[1e308, 1e308, 1e308, 1e308]),
    "placement frame inverted": _set(0, "placements", 0, "frame", value=[500, 500, -400, -400]),
    "placement key missing": _drop(1, "placements", 0, "frame"),
}


@pytest.mark.parametrize("name", list(BAD_RECORDS))
def test_wrong_board_records_fail_that_board_and_name_it(good, tmp_path, name):
    path = with_payload(good, tmp_path / "bad.pdf", BAD_RECORDS[name])
    verdict, found = judged(path)
    assert verdict == "fail" and "not-reproduced" in found
    if name not in PLACED_ELSEWHERE:          # a board-level problem, from the data alone
        assert found - {"not-reproduced"}, name


# well-formed placements that are not where pnp lays the pieces: only the rebuild tells
PLACED_ELSEWHERE = {"placement on page 999", "placement frame huge", "placement frame inverted"}


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            yield from _paths(v, prefix + (i,))


JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-10**30, 10**30),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from([0, -1, 1, 2, 3, 18, 10**6, "", "black", "white", "neutral", "pentagon",
                     "page", "quarter", "track", "tens-units", "board", "score sheet",
                     "circles-board", "cliquer", "circles", "cliques"]))
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10)


@settings(SLOW, max_examples=40)
@given(st.data())
def test_any_edit_of_the_attached_data_fails_cleanly_or_passes(good, tmp_path, data):
    payload = read_data(good)
    paths = [p for p in _paths(payload) if p]
    edits = data.draw(st.lists(st.tuples(st.sampled_from(paths), st.one_of(JSON_VALUE, st.just(...))),
                               min_size=1, max_size=3))
    changed = copy.deepcopy(payload)
    for path, value in edits:
        parent = changed
        try:
            for key in path[:-1]:
                parent = parent[key]
            if value is ...:
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue                 # an earlier edit replaced what this path walked through
    out = with_payload(good, tmp_path / "edited.pdf", lambda p: (p.clear(), p.update(changed)))
    result = outcome(out)
    # the same JSON, not merely equal in Python: 0 == 0.0 == False, and a whole number's place
    # holding false or 0.0 is an edit the validator must refuse
    if json.dumps(changed, sort_keys=True) == json.dumps(payload, sort_keys=True):
        assert result == "ok"


def test_a_game_check_that_crashes_fails_its_board_and_the_rest_are_checked(good, monkeypatch):
    import pnp.games.circles as circles

    def broken(board):
        raise ZeroDivisionError("a circle with no spaces")

    monkeypatch.setattr(circles, "check", broken)
    reports = validate_file(good)
    assert [r.ok for r in reports] == [True, False, True]
    (problem,) = reports[1].problems
    assert problem.code == "check-failed" and "ZeroDivisionError" in problem.message


# ------------------------------------------------------------------------------------------
# resource attacks: every one answered with one line or a named failure, in bounded memory


def _raw_stream(writer, body: bytes, **entries):
    from pypdf.generic import EncodedStreamObject, NameObject

    stream = EncodedStreamObject()
    stream._data = body
    stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    for key, value in entries.items():
        stream[NameObject(f"/{key}")] = value
    return writer._add_object(stream)


def attack_file(kind: str, good: Path, out: Path) -> Path:
    from pypdf import PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject
    from support.tamper import _attachment_stream

    writer = PdfWriter(clone_from=str(good))
    if kind == "bomb as the attachment":
        stream = _attachment_stream(writer)
        stream._data = bomb()
        stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    elif kind == "bomb after page content":
        page = writer.pages[0]
        page[NameObject("/Contents")] = ArrayObject([page.raw_get("/Contents"), _raw_stream(writer, bomb())])
    elif kind == "form fan-out":
        # form k draws form k+1 ten times, twelve levels deep: 10^12 draws from 2 kB
        from pypdf.generic import FloatObject

        names, forms = [], None
        for level in range(12):
            content = b"q 0.5 0 0 0.5 1 1 cm " + b" ".join(b"/F Do" for _ in range(10)) + b" Q" \
                if forms is not None else b"0 0 1 1 re f"
            resources = DictionaryObject({NameObject("/XObject"): DictionaryObject(
                {NameObject("/F"): forms})}) if forms is not None else DictionaryObject()
            forms = _raw_stream(writer, zlib.compress(content), Type=NameObject("/XObject"),
                                Subtype=NameObject("/Form"), Resources=resources,
                                BBox=ArrayObject([FloatObject(0), FloatObject(0), FloatObject(100),
                                                  FloatObject(100)]))
            names.append(forms)
        page = writer.pages[0]
        page[NameObject("/Resources")][NameObject("/XObject")] = DictionaryObject({NameObject("/Top"): forms})
        page[NameObject("/Contents")] = ArrayObject([page.raw_get("/Contents"), _raw_stream(
            writer, zlib.compress(b" ".join(b"/Top Do" for _ in range(10))))])
    elif kind == "2000 pages sharing one heavy stream":
        heavy = _raw_stream(writer, zlib.compress(b"0 0 1 1 re f\n" * 200_000, 9))
        for _ in range(2000):
            page = writer.add_blank_page(595, 842)
            page[NameObject("/Contents")] = heavy
    with open(out, "wb") as fh:
        writer.write(fh)
    return out


# each attack and what it must be refused for (not for a damage met on the way: an attack file
# that is merely malformed would prove nothing about the resource it aims at)
# (only the record is ever decoded: a bomb anywhere else is never inflated, the file not proved)
RESOURCE_ATTACKS = {"bomb as the attachment": "inflates past",
                    "bomb after page content": "NOT PROVED",
                    "form fan-out": "NOT PROVED",
                    "2000 pages sharing one heavy stream": "NOT PROVED"}


@pytest.mark.parametrize("kind", RESOURCE_ATTACKS)
def test_resource_attacks_are_answered_in_bounded_memory(good, tmp_path, kind):
    path = attack_file(kind, good, tmp_path / "attack.pdf")
    code, peak, out, err = measured("validate", path)
    assert code in (1, 2), (code, out, err)
    assert "Traceback" not in out + err
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith(f"error {path}: "), err
    assert RESOURCE_ATTACKS[kind] in out + err, (out, err)
    assert peak < MEMORY_PROMISED, f"{kind}: {peak / 2**20:.0f} MB"


def _hog_memory(*_args):
    """Stands in for the validator's work: takes memory until a limit stops it."""
    hog = []
    while True:
        hog.append(bytearray(64 * 2**20))


def test_a_child_that_runs_out_of_memory_is_one_line(good, monkeypatch):
    # the last line of defence: whatever the pre-checks miss meets the child's hard limits
    from pnp.verify import sandbox

    monkeypatch.setattr("pnp.verify.validate._verdict", _hog_memory)
    with pytest.raises(NotOurs, match="needs more than .* MB of memory"):
        validate_file(good)
    assert sandbox.available()


def test_a_child_that_aborts_is_one_line(good, monkeypatch):
    def abort(*_args):
        os.abort()

    monkeypatch.setattr("pnp.verify.validate._verdict", abort)
    with pytest.raises(NotOurs, match="needs more than"):
        validate_file(good)


def test_a_child_that_never_ends_is_stopped(good, monkeypatch):
    from pnp.verify import sandbox

    def spin(*_args):
        while True:
            pass

    monkeypatch.setattr("pnp.verify.validate._verdict", spin)
    monkeypatch.setattr(sandbox.run, "__kwdefaults__", {"memory": sandbox.MEMORY_LIMIT, "cpu": 1,
                                                        "wall": 60})
    with pytest.raises(NotOurs, match="needs more than 1 s of work"):
        validate_file(good)


def test_a_rebuild_that_runs_out_of_memory_is_one_line(good, monkeypatch):
    """The rebuild runs in the validator's limited child: a record that makes it take memory
    without end meets the limit the docs promise."""
    monkeypatch.setattr("pnp.render.redraw", _hog_memory)
    with pytest.raises(NotOurs, match="needs more than 300 MB of memory"):
        validate_file(good)


def test_the_child_dies_with_the_validator(good, tmp_path, monkeypatch):
    """A validator killed while its child works leaves no child running."""
    import time

    pids = tmp_path / "pids"
    script = tmp_path / "spin.py"
    script.write_text(
        "import os, sys, time\n"
        "import pnp.render\n"
        "def spin(*args):\n"
        f"    open({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')\n"
        "    while True: time.sleep(0.05)\n"
        "pnp.render.redraw = spin\n"
        "from pnp.verify.validate import validate_file\n"
        "validate_file(sys.argv[1])\n")
    parent = subprocess.Popen([sys.executable, str(script), str(good)])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (pids.exists() and pids.read_text().strip()):
            time.sleep(0.05)
        [child] = [int(p) for p in pids.read_text().split()]
    finally:
        parent.kill()
        parent.wait()
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and alive(child):
            time.sleep(0.05)
        assert not alive(child), child
    finally:
        try:
            os.kill(child, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_hostile_text_is_escaped_and_cut(good, tmp_path):
    # a title that would clear the terminal line and print "ok", and a kind a megabyte long
    def edit(payload):
        payload["title"] = "\x1b[2K\rok    everything is fine\u202e"
        payload["boards"][0]["data"]["ident"] = "\x1b]0;pwned\x07" + "A" * 5000
        payload["boards"][1]["kind"] = "chess" * 200_000
    path = with_payload(good, tmp_path / "escape.pdf", edit)
    result = subprocess.run([sys.executable, "-m", "pnp", "validate", path], capture_output=True,
                            text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    for line in result.stdout.splitlines():
        assert not any(ord(ch) < 32 or 0x202a <= ord(ch) <= 0x202e for ch in line), repr(line)
        assert len(line) < 8000, len(line)


def test_a_board_with_thousands_of_problems_gives_one_short_line(good, tmp_path):
    # 60 dots on one line: tens of thousands of collinear triples
    from pnp.games.cliquer.codes import encode

    def edit(payload):
        data = payload["boards"][0]["data"]
        data["dots"] = [[i, i] for i in range(60)]
        data["grid"] = 90
        data["code"] = encode(tuple((i, i) for i in range(60)), 90)
    path = with_payload(good, tmp_path / "many.pdf", edit)
    (first, *_) = validate_file(path)
    assert len(first.problems) > 1000
    line = first.line(str(path))
    assert len(line) < 10_000 and "more problems" in line


# ------------------------------------------------------------------------------------------
# the build side


def test_a_planted_symlink_at_the_temporary_name_is_never_written_through(tmp_path):
    # the temporary file's name is predictable (.NAME.PID.part); someone who can write to the
    # output folder plants a symlink there towards a file of the user's
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (out / f".small.pdf.{os.getpid()}.part").symlink_to(victim)
    [(path, _, _)] = build(loads(SMALL, "attack.yaml"), out)
    assert victim.read_text() == "precious"
    assert all(r.ok for r in validate_file(path))
    assert not list(out.glob(".*.part"))


def test_build_check_never_writes_a_pdf_its_validator_fails(tmp_path, monkeypatch):
    from pnp.errors import PnpError
    from pnp.games import game
    from pnp.games.base import Problem

    out = tmp_path / "out"
    [(path, _, _)] = build(loads(SMALL, "attack.yaml"), out)
    before = path.read_bytes()
    # a generator bug: a game's check finds the board wrong
    monkeypatch.setattr(game("cliquer"), "check",
                        lambda board: [Problem("collinear", "dots A, B, C lie on one line")])
    other = loads(SMALL.replace("seed: attack", "seed: other"), "attack.yaml")
    with pytest.raises(PnpError, match="validator fails.*collinear"):
        build(other, out, check=True)
    assert path.read_bytes() == before          # the earlier PDF is left as it was
    assert not list(out.glob(".*.part"))
    build(other, out)                           # without --check the file is not validated
    assert path.read_bytes() != before


# ------------------------------------------------------------------------------------------
# the proof: the smallest ink is still caught, and the largest costs no more (re-saves:
# tests/verify/test_validator_structure.py)


def test_a_page_inked_all_over_is_named(good, tmp_path):
    # A forger's black fill over the whole page: its content is not the redraw's
    bad = rewrite(good, tmp_path / "inked.pdf",
                  content_edit=lambda text: text + "\nq 0 g -10 -10 2000 2000 re f Q\n")
    outcome, codes = judged(bad)
    assert outcome == "fail" and codes == {"not-reproduced"}, codes


@settings(SLOW, max_examples=6)
@given(st.floats(0.1, 0.9), st.floats(0.1, 0.9), st.integers(0, 2))
def test_a_mark_a_fifth_of_a_millimetre_across_is_caught_anywhere(good, tmp_path, fx, fy, page):
    # 0.5 pt is 0.18 mm: wherever it falls, on paper or on ink, the page's drawing differs
    from support.forgery import Forgery

    forgery = Forgery(good)
    w, h = forgery.page_size(page)
    x, y = 20 + fx * (w - 40), 20 + fy * (h - 40)
    forgery.set_content(page, forgery.content(page) + f"\nq 0 g {x:.3f} {y:.3f} 0.5 0.5 re f Q\n")
    out = forgery.save(tmp_path / "speck.pdf")
    assert "not-reproduced" in codes(out)


# ------------------------------------------------------------------------------------------
# `pnp analyze` reads PDFs as the validator does


def _analyze(path: Path):
    from click.testing import CliRunner

    from pnp.cli import cli

    result = CliRunner().invoke(cli, ["analyze", str(path), "--no-solve"])
    assert isinstance(result.exception, SystemExit) or result.exception is None, result.exception
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert not any(ord(ch) < 32 for ch in result.output.strip()), result.output
    return result


@pytest.mark.parametrize("name", list(BAD_RECORDS))
def test_analyze_answers_hostile_data_with_one_line(good, tmp_path, name):
    _analyze(with_payload(good, tmp_path / "bad.pdf", BAD_RECORDS[name]))


@pytest.mark.parametrize("kind", [k for k in ATTACKS if k not in ("fifo",)] + list(RESOURCE_ATTACKS))
def test_analyze_answers_damaged_and_hostile_files_with_one_line(good, tmp_path, kind):
    path = attack_file(kind, good, tmp_path / "a.pdf") if kind in RESOURCE_ATTACKS \
        else make_attack(kind, good, tmp_path)
    _analyze(path)


def test_analyze_refuses_a_board_that_breaks_its_rules(good, tmp_path):
    from pnp.games.cliquer.codes import encode

    def edit(payload):
        data = payload["boards"][0]["data"]
        s = data["grid"] // 7   # far enough apart for the spacing rule: only the line is wrong
        data["dots"] = [[s, s], [2 * s, 2 * s], [3 * s, 3 * s], [5 * s, s + 1], [s + 1, 5 * s], [6 * s, 4 * s]]
        data["code"] = encode(tuple(map(tuple, data["dots"])), data["grid"])
    result = _analyze(with_payload(good, tmp_path / "collinear.pdf", edit))
    assert result.exit_code == 2 and "fails its checks (collinear" in result.output


@settings(SLOW, max_examples=25)
@given(st.data())
def test_analyze_survives_any_edit_of_the_attached_data(good, tmp_path, data):
    payload = read_data(good)
    paths = [p for p in _paths(payload) if p]
    path, value = data.draw(st.tuples(st.sampled_from(paths), JSON_VALUE))
    changed = copy.deepcopy(payload)
    parent = changed
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    _analyze(with_payload(good, tmp_path / "edited.pdf", lambda p: (p.clear(), p.update(changed))))


def test_data_that_claims_thousands_of_boards_is_answered_at_once(good, tmp_path):
    # every record repeated 500 times, each placed on the pages the file has: the rebuild stops
    # once it passes the last page the record places a board on, instead of drawing thousands
    def edit(payload):
        payload["boards"] = payload["boards"] * 500
    path = with_payload(good, tmp_path / "many.pdf", edit)
    reports = validate_file(path)
    found = {p.code for r in reports for p in r.problems}
    assert {"not-reproduced", "duplicate-board"} <= found, found
    assert "prints more pages than it places boards on" in str(reports[-1].problems[0].message)


def _shift_frame(payload):
    frame = payload["boards"][0]["placements"][0]["frame"]
    frame[0] += 30.0


def _swap_pages(payload):
    a, b = payload["boards"][0]["placements"][0], payload["boards"][1]["placements"][0]
    a["page"], b["page"] = b["page"], a["page"]


PLACEMENT_LIES = {
    "none": lambda p: None,
    "a frame moved": _shift_frame,
    "two boards' pages swapped": _swap_pages,
    "another item": _set(1, "item", value=0),
    "another pnp": lambda p: p.__setitem__("generator", "pnp 0.0.1"),
    "a board dropped": lambda p: p["boards"].pop(1),
    "a board's data unreadable": _set(0, "data", value={"dots": "many"}),
}


@pytest.mark.parametrize("name", PLACEMENT_LIES)
def test_a_record_that_lies_about_its_placements_is_not_proved(good, tmp_path, name):
    """Data that places pieces elsewhere, names another item, drops a board or cannot be read:
    its rebuild is not the file (or, for another version, it is not this pnp's to prove)."""
    path = good if name == "none" else with_payload(good, tmp_path / "lie.pdf", PLACEMENT_LIES[name])
    verdict, found = judged(path)
    if name == "none":
        assert verdict == "ok"
    elif name == "another pnp":
        assert verdict == "unreadable"
    else:
        assert verdict == "fail" and "not-reproduced" in found, found
