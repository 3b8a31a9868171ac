"""Every figure README.md and docs/ state has its row in bench/claims.py (or says why it is not
a measurement), and every row's "the docs say" is what the docs say.

What counts as a figure: a number (digits, thousands commas, a decimal point; a range such as
``1.3–1.5`` or ``2-7`` counts once) followed, after at most one space, by a unit of

- time: ``ms``, ``s``, ``min``, ``second(s)``, ``minute(s)``, ``hour(s)``;
- memory or size: ``kB``, ``KB``, ``MB``, ``GB``;
- a ratio: ``×`` or ``x``, unless a number follows (then it is a product or a size: ``3 × 9``,
  ``115 × 75 mm``, ``24 × 6 dots``); ``times`` after a number with a decimal point (``0.88
  times``; "15 times each" is a count);
- a share: ``%``;

in the prose and tables of README.md and docs/**/*.md. In a table, a column whose head names a
unit (``CPU s``, ``wall s``, ``peak MB``, ``ms``, ``%``, ``ratio``) makes every number of its
cells a figure too, unit or not (``| 56.8 |`` under ``CPU s``). Not in code (fenced or indented blocks,
inline code spans: commands and their outputs, which tests/test_docs_examples.py runs and
compares) nor in HTML comments. Lengths (mm, pt), counts ("24 boards"), dates and rule numbers
carry none of these units and are not figures.

Each block (a paragraph, a list, a table: lines between blank lines) holding a figure is
preceded by a marker ``<!-- figures: NAME, ... -->`` naming the rows of bench/claims.py that
measure its figures, or the kinds of figure that are not measurements (claims.NOT_MEASURED:
setting, rule, record, example, games). A row marked ``whole_file`` covers its docs without
markers (docs/validator.md, whose figures bench/validator.py measures and another bench owns).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _claims():
    spec = importlib.util.spec_from_file_location("bench_claims", ROOT / "bench" / "claims.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_claims", module)
    spec.loader.exec_module(module)
    return module


claims = _claims()

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
FIGURE = re.compile(
    rf"(?<![\w.,]){_NUMBER}(?:\s?(?:–|-|to)\s?{_NUMBER})?\s?"
    r"(?:ms|s|min|seconds?|minutes?|hours?|[kK]B|MB|GB|%|(?:×|x)(?!\s?\d))(?![\w])"
    rf"|(?<![\w.,])\d+\.\d+\s(?:–|-|to)?\s?(?:{_NUMBER}\s)?times\b")
# a table column's head that gives its cells a unit
HEAD_UNIT = re.compile(r"\b(?:CPU|wall) s\b|\bs\)|\bMB\b|\bms\b|%|\bratio\b")
BARE_NUMBER = re.compile(rf"(?<![\w.,]){_NUMBER}(?:\s?[–-]\s?{_NUMBER})?(?![\w.,%×]|\s?[×%]|\s[a-zA-Z])")
MARKER = re.compile(r"^\s*<!--\s*figures:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def figures(text: str) -> list[str]:
    """The figures in one line of prose (code spans and comments left out)."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"<!--.*?-->", " ", text)
    return [m.group(0) for m in FIGURE.finditer(text)]


def column_figures(table: list[str]) -> list[str]:
    """The numbers of a table's columns whose head names a unit (a table: lines from "|")."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in table]
    if len(rows) < 3 or not all(line.lstrip().startswith("|") for line in table):
        return []
    units = [i for i, head in enumerate(rows[0]) if HEAD_UNIT.search(head)]
    found = []
    for row in rows[2:]:
        for i in units:
            if i < len(row):
                cell = re.sub(r"`[^`]*`|\([^)]*\)", " ", row[i])
                found += [f"{m.group(0)} ({rows[0][i]})" for m in BARE_NUMBER.finditer(cell)]
    return found


def blocks(markdown: str):
    """(first line number, marker names or None, the block's figures, its text) for each block
    of prose; code blocks and comments are skipped, a marker names the next block of prose."""
    lines = markdown.splitlines()
    pending, out, i = None, [], 0
    in_fence, in_comment = False, False
    current = None
    for number, line in enumerate(lines, 1):
        if in_fence:
            in_fence = not FENCE.match(line)
            continue
        if FENCE.match(line):
            in_fence, current = True, None
            continue
        marker = MARKER.match(line)
        if marker:
            pending, current = [n.strip() for n in marker.group(1).split(",") if n.strip()], None
            continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        if line.lstrip().startswith("<!--"):
            in_comment = "-->" not in line
            continue
        if not line.strip():
            current = None
            continue
        if current is None:
            if line.startswith("    ") or line.startswith("\t"):    # an indented code block
                continue
            current = [number, pending, [], []]
            pending = None
            out.append(current)
        current[3].append(line)
    del i
    # figures are found in the block's lines joined: "20\nseconds" is a figure too
    return [(n, names, figures(" ".join(text)) + column_figures(text), "\n".join(text))
            for n, names, _, text in out]


def problems(path: str, markdown: str, rows=None) -> list[str]:
    """What is wrong with the figures of one doc: figures without a marker, unknown names, a
    row named where its ``docs`` do not list this file."""
    rows = claims.ROWS if rows is None else rows
    by_name = {row.name: row for row in rows}
    whole = any(row.whole_file and path in row.docs for row in rows)
    found = []
    for number, names, figs, _ in blocks(markdown):
        if names is None:
            if figs and not whole:
                found.append(f"{path}:{number}: {', '.join(figs)}: no <!-- figures: ... --> marker")
            continue
        for name in names:
            if name in claims.NOT_MEASURED:
                continue
            if name not in by_name:
                found.append(f"{path}:{number}: no row {name!r} in bench/claims.py")
            elif path not in by_name[name].docs:
                found.append(f"{path}:{number}: row {name!r} does not list {path} in its docs")
        if not figs:
            found.append(f"{path}:{number}: a marker on a block with no figure")
    return found


def doc_paths() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_every_figure_in_the_docs_has_its_row():
    found = []
    for path in doc_paths():
        if "_build" in path.parts:
            continue
        found += problems(rel(path), path.read_text(encoding="utf-8"))
    assert not found, "\n".join(found)


def test_every_row_says_what_its_docs_say():
    """Each row's "the docs say" figures stand in a block of its docs marked with its name."""
    marked: dict[str, str] = {}
    for path in doc_paths():
        text = path.read_text(encoding="utf-8")
        for _, names, _, block in blocks(text):
            for name in names or ():
                marked[name] = marked.get(name, "") + "\n" + block
        for row in claims.ROWS:
            if row.whole_file and rel(path) in row.docs:
                marked[row.name] = marked.get(row.name, "") + "\n" + text
    stale = []
    for row in claims.ROWS:
        if not row.docs:
            continue
        if row.name not in marked:
            stale.append(f"{row.name}: no block of {', '.join(row.docs)} is marked with it")
            continue
        plain = re.sub(r"[*`]", "", marked[row.name])
        for figure in figures(row.said):
            if figure not in plain:
                stale.append(f"{row.name}: says {figure!r}, which its docs no longer do")
    assert not stale, "\n".join(stale)


def test_the_rows_and_kinds_are_named_once():
    names = [row.name for row in claims.ROWS]
    assert len(names) == len(set(names))
    assert not set(names) & set(claims.NOT_MEASURED)


# the detector itself, on docs made up for it


def test_an_unlisted_figure_is_caught():
    doc = "# Speed\n\nA build takes 1.8 s, 2.1x bare reportlab, in 60 MB.\n"
    found = problems("docs/made-up.md", doc)
    assert len(found) == 1
    assert "docs/made-up.md:3" in found[0] and "1.8 s" in found[0] and "2.1x" in found[0] \
        and "60 MB" in found[0]


def test_a_marked_figure_passes_and_an_unknown_row_is_caught():
    rows = [claims.Claim("made-up", "", ("docs/made-up.md",), "", None, None, "s", None, "")]
    good = "Text.\n\n<!-- figures: made-up -->\nA build takes 1.8 s.\n"
    assert problems("docs/made-up.md", good, rows) == []
    assert problems("docs/other.md", good, rows) == \
        ["docs/other.md:4: row 'made-up' does not list docs/other.md in its docs"]
    bad = "<!-- figures: no-such-row -->\nA build takes 1.8 s.\n"
    assert problems("docs/made-up.md", bad, rows) == \
        ["docs/made-up.md:2: no row 'no-such-row' in bench/claims.py"]
    assert problems("docs/made-up.md", "<!-- figures: setting -->\nEvery 120 s.\n", rows) == []


def test_a_marker_names_only_the_next_block():
    doc = "<!-- figures: setting -->\nA limit of 120 s.\n\nThen a build took 3.2 s.\n"
    found = problems("docs/made-up.md", doc)
    assert found == ["docs/made-up.md:4: 3.2 s: no <!-- figures: ... --> marker"]


@pytest.mark.parametrize("text", [
    "`pnp analyze --solve-seconds 600`", "3 × 9 - 3 - 6 = 18", "a 115 × 75 mm box",
    "24 × 6 dots", "10 mm apart, 2.5 pt lines", "the board of 2026-11-22", "24 boards, 31 pages",
    "<!-- 5 s -->", "R1-2A3B-RAD9-95MW-8ZPM-NM7Q-0", "issue 46", "p95",
])
def test_what_is_not_a_figure(text):
    assert figures(text) == []


@pytest.mark.parametrize("text, found", [
    ("1.79x", ["1.79x"]), ("1.40×", ["1.40×"]), ("0.37 s", ["0.37 s"]), ("24.9 s, 533 MB", ["24.9 s", "533 MB"]),
    ("253 ms", ["253 ms"]), ("41–81 % of pairs", ["41–81 %"]), ("about 17 s of CPU", ["17 s"]),
    ("2,114 seconds", ["2,114 seconds"]), ("19 min 52 s", ["19 min", "52 s"]), ("2x", ["2x"]),
    ("a 107 kB file", ["107 kB"]), ("1.4x sooner for 1.4x the CPU", ["1.4x", "1.4x"]),
    ("0.88 times the other's CPU", ["0.88 times"]), ("turns 15 times each", []),
])
def test_what_is_a_figure(text, found):
    assert figures(text) == found


def test_a_column_head_gives_its_cells_a_unit():
    table = ["| solver | CPU s | positions | peak MB |", "|---|---|---|---|",
             "| now | **56.8** | 93,045,870 | 534 (one worker) |", "| before | 70.4 | 80,377,071 | 533 |"]
    assert column_figures(table) == ["56.8 (CPU s)", "534 (peak MB)", "70.4 (CPU s)", "533 (peak MB)"]
    found = problems("docs/made-up.md", "\n".join(table) + "\n")
    assert len(found) == 1 and "56.8 (CPU s)" in found[0]


def test_code_blocks_hold_no_figures():
    doc = "```console\n$ pnp build\ntook 1.8 s\n```\n\n    indented 2.0 s\n"
    assert problems("docs/made-up.md", doc) == []


# bench/claims.py's own judgement (no measuring here: its figures are the bench's job)


def test_a_claim_outside_its_range_is_flagged():
    row = claims.Claim("made-up", "", (), "1.37", 1.1, 1.64, "x", None, "")
    assert claims.judge(row, claims.Measured(1.37, "")) == "ok"
    assert claims.judge(row, claims.Measured(1.79, "")) == "OUTSIDE"
    assert claims.judge(row, claims.Measured(0.9, "")) == "OUTSIDE"
    assert claims.judge(row, claims.Measured(None, "failed")) == "NOT MEASURED"
    assert claims.judge(row, claims.Measured(1.79, ""), quick=True).startswith("smoke")


def test_an_unknown_row_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as stop:
        claims.main(["--only", "no-such-row"])
    assert stop.value.code == 2
    assert "no row 'no-such-row'" in capsys.readouterr().err


def test_every_row_can_be_listed(capsys):
    assert claims.main(["--list"]) == 0
    out = capsys.readouterr().out
    assert all(f"{row.name}" in out for row in claims.ROWS)


def test_the_gaps_are_listed():
    """Each block marked unmeasured is named by --list, file and line."""
    gaps = claims.unmeasured()
    for where in gaps:
        path, line = where.rsplit(":", 1)
        marker = (ROOT / path).read_text(encoding="utf-8").splitlines()[int(line) - 2]
        assert "unmeasured" in marker
