"""The `pnp` command as a user meets it: defaults, messages, exit codes, the gallery."""

from __future__ import annotations

import json
import pytest
import yaml

from support.paths import ROOT, run_pnp
from support.spec_values import schema_validator, yaml12
from pnp.cli import cli

LAYOUTS = sorted((ROOT / "layouts").glob("*.yaml"))


def test_build_with_no_arguments_makes_the_starter_pack(tmp_path):
    result = run_pnp("build", cwd=tmp_path)       # from any folder: the spec ships in the package
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "output" / "starter-pack.pdf"
    assert pdf.stat().st_size > 10_000
    check = run_pnp("validate", "--json", pdf)
    assert check.returncode == 0, check.stdout
    kinds = {b["kind"] for b in json.loads(check.stdout)["files"][0]["boards"]}
    assert kinds == {"cliquer", "circles", "cliques"}


@pytest.mark.parametrize("command", ["build", "validate", "analyze", "daily", "preview", "new", "schema"])
def test_every_command_has_help(runner, command):
    result = runner.invoke(cli, [command, "--help"])
    assert result.exit_code == 0 and "Usage:" in result.output


def test_version(runner):
    from pnp import __version__
    assert runner.invoke(cli, ["--version"]).output.strip().endswith(__version__)


def test_bad_spec_is_one_line_exit_2_and_writes_nothing(tmp_path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("items:\n  - kind: cliquer\n    dots: 200\n")
    result = run_pnp("build", spec, "-o", tmp_path / "out")
    assert result.returncode == 2
    assert result.stderr.strip() == f"{spec}:3:11: items[0].dots must be 3..40, got 200"
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_impossible_board_names_the_item(tmp_path):
    spec = tmp_path / "many.yaml"
    spec.write_text("items:\n  - kind: cliquer\n    dots: 40\n")
    result = run_pnp("build", spec, "-o", tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith(f"{spec}:2:5: cannot place 40 dots")
    assert not list(tmp_path.glob("*.pdf"))


def test_second_spec_mistake_stops_before_anything_is_written(runner, tmp_path, write_spec):
    good = write_spec("items: [{kind: cliquer}]\n", "good.yaml")
    bad = write_spec("items: [{kind: cliquer, dots: x}]\n", "bad.yaml")
    result = runner.invoke(cli, ["build", str(good), str(bad), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert not (tmp_path / "out").exists()


def test_validate_exit_codes(runner, tmp_path):
    not_pdf = tmp_path / "x.pdf"
    not_pdf.write_text("hello")
    result = runner.invoke(cli, ["validate", str(not_pdf)])
    assert result.exit_code == 2 and "not a PDF" in result.output


def test_a_file_pnp_did_not_make_is_not_replaced_without_force(runner, tmp_path, write_spec):
    spec = write_spec("output: keep.pdf\nitems: [{kind: cliquer}]\n")
    precious = tmp_path / "out" / "keep.pdf"
    precious.parent.mkdir()
    precious.write_bytes(b"my thesis")
    result = runner.invoke(cli, ["build", str(spec), "-o", str(precious.parent)])
    assert result.exit_code == 2 and "--force" in result.output
    assert precious.read_bytes() == b"my thesis"
    assert runner.invoke(cli, ["build", str(spec), "-o", str(precious.parent)]).exit_code == 2
    assert runner.invoke(cli, ["build", str(spec), "-o", str(precious.parent), "--force"]).exit_code == 0
    assert precious.read_bytes().startswith(b"%PDF")
    assert runner.invoke(cli, ["build", str(spec), "-o", str(precious.parent)]).exit_code == 0  # ours now


STARTER = ROOT / "pnp" / "layouts" / "default.yaml"


@pytest.mark.parametrize("layout", [*LAYOUTS, STARTER], ids=[p.stem for p in LAYOUTS] + ["starter"])
def test_gallery_layouts_build_and_validate(runner, tmp_path, layout):
    result = runner.invoke(cli, ["build", str(layout), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdfs = list(tmp_path.glob("*.pdf"))
    assert len(pdfs) == 1
    check = runner.invoke(cli, ["validate", str(pdfs[0])])
    assert check.exit_code == 0, check.output


def test_build_check_refuses_a_pdf_its_validator_fails_in_one_line(runner, tmp_path, monkeypatch):
    from pnp.games import game
    from pnp.games.base import Problem

    monkeypatch.setattr(game("circles"), "check",       # a generator bug, as the validator sees it
                        lambda board: [Problem("start-win", "circles 1, 2, 3 start on a win")])
    spec = ROOT / "layouts" / "circles.yaml"
    refused = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path), "--check"])
    assert refused.exit_code == 2 and "validator fails" in refused.output
    assert len(refused.output.strip().splitlines()) == 1 and not list(tmp_path.glob("*.pdf"))
    assert runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path)]).exit_code == 0


def test_schema_accepts_the_gallery_and_rejects_mistakes(runner):
    import jsonschema

    schema = json.loads(runner.invoke(cli, ["schema"]).output)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for layout in [*LAYOUTS, STARTER]:
        spec = yaml.safe_load(layout.read_text())
        assert not list(validator.iter_errors(spec)), layout
    assert list(validator.iter_errors({"items": [{"kind": "cliquer", "dotz": 9}]}))
    assert list(validator.iter_errors({"items": [{"kind": "cliquer", "dots": 200}]}))


@pytest.mark.parametrize("kind", ["cliquer", "circles", "cliques"])
def test_new_prints_a_spec_that_builds(runner, tmp_path, kind):
    text = runner.invoke(cli, ["new", kind]).output
    assert text.count("#") > 5                      # commented
    spec = tmp_path / f"{kind}.yaml"
    spec.write_text(text)
    result = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(cli, ["validate", str(tmp_path / f"{kind}.pdf")]).exit_code == 0


def test_daily_is_the_same_board_for_the_same_date(runner, tmp_path):
    a = runner.invoke(cli, ["daily", "--date", "2026-11-21", "-o", str(tmp_path / "a")])
    b = runner.invoke(cli, ["daily", "--date", "2026-11-21", "-o", str(tmp_path / "b")])
    c = runner.invoke(cli, ["daily", "--date", "2026-11-22", "-o", str(tmp_path / "c")])
    assert a.exit_code == b.exit_code == c.exit_code == 0
    pa = (tmp_path / "a" / "daily-2026-11-21.pdf").read_bytes()
    assert pa == (tmp_path / "b" / "daily-2026-11-21.pdf").read_bytes()
    assert pa != (tmp_path / "c" / "daily-2026-11-22.pdf").read_bytes()
    bad = runner.invoke(cli, ["daily", "--date", "21/11/2026"])
    assert bad.exit_code == 2 and "2026-11-21" in bad.output


def test_a_code_reprints_exactly_that_board(runner, tmp_path):
    from support.tamper import read_data

    assert runner.invoke(cli, ["build", str(LAYOUTS[0]), "-o", str(tmp_path / "a")]).exit_code == 0
    boards = [b["data"] for pdf in (tmp_path / "a").glob("*.pdf") for b in read_data(pdf)["boards"]
              if b["kind"] == "cliquer"]
    for data in boards[:3]:
        out = tmp_path / data["code"]
        result = runner.invoke(cli, ["build", data["code"].lower().replace("-", " "), "-o", str(out)])
        assert result.exit_code == 0, result.output
        (pdf,) = out.glob("*.pdf")
        (again,) = [b["data"] for b in read_data(pdf)["boards"]]
        assert again["dots"] == data["dots"] and again["code"] == data["code"]


def test_a_mistyped_code_is_refused(runner):
    result = runner.invoke(cli, ["build", "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9ED"])
    assert result.exit_code == 2 and "mistyped" in result.output


def test_a_board_s_id_given_for_its_code_says_what_it_is_and_which_line_to_type(runner, tmp_path):
    """The sheet prints "Board 5UYT-01" above the code: typed to analyze or build, the ID is named
    as an ID, and the message quotes the very words the sheet prints before the code, so the
    line to type is the one the message names (and a code after the ID is still read)."""
    import pypdfium2 as pdfium

    from pnp.games.cliquer.codes import CODE_LINE

    spec = tmp_path / "one.yaml"
    spec.write_text("seed: s\nitems:\n  - {kind: cliquer, dots: 7}\n")
    assert runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path)]).exit_code == 0
    printed = pdfium.PdfDocument(str(tmp_path / "one.pdf"))[0].get_textpage().get_text_range()
    ident = next(w for w in printed.split() if w.count("-") == 1 and w[:4].isalnum() and w[5:].isdigit())
    label = CODE_LINE.split("{code}")[0]
    assert label in printed                     # the line the message points to is on the sheet
    for command in (["analyze"], ["build", "-o", str(tmp_path / "no")]):
        for typed in (ident, ident.lower(), ident.replace("-", " ")):
            result = runner.invoke(cli, [*command, *typed.split()] if " " in typed else [*command, typed])
            assert result.exit_code == 2, result.output
            (line,) = result.output.strip().splitlines()
            assert line.startswith(f"pnp: {typed} is a board's ID, not its code: ") and \
                f"“{label}R1-…”" in line, line
    assert not (tmp_path / "no").exists()
    # an ID alongside a good code: the ID's line only, the code's pieces not swallowed by it
    code = next(w for w in printed.split() if w.startswith("R1-"))
    result = runner.invoke(cli, ["analyze", ident, code, "--no-solve"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert result.output.startswith(f"pnp: {ident} is a board's ID")
    mistyped = code[:-1] + ("0" if code[-1] != "0" else "1")
    both = runner.invoke(cli, ["analyze", ident, mistyped]).output.strip().splitlines()
    assert len(both) == 2 and "board's ID" in both[0] and "mistyped" in both[1], both


def test_a_spec_naming_a_board_by_its_id_is_told_at_the_line(runner, tmp_path):
    spec = tmp_path / "id.yaml"
    spec.write_text("items:\n  - kind: cliquer\n    code: 5UYT-01\n")
    result = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.startswith(f"{spec}:3:11: ") and "5UYT-01 is a board's ID" in result.output


def test_the_help_points_to_what_an_installed_pnp_has(runner):
    """`pnp --help` sends no one to a layouts/ folder only a checkout has; `pnp new --help`
    lists every kind with its game's name."""
    from pnp.games import KINDS, game

    top = runner.invoke(cli, ["--help"]).output
    assert "layouts/" not in top and "pnp new KIND" in " ".join(top.split())
    assert "pnp build" in top and "pnp new --help" in " ".join(top.split())
    new = runner.invoke(cli, ["new", "--help"]).output
    listed = new.split("Kinds:", 1)[1]
    for kind in KINDS:
        assert f"{kind}  " in listed and game(kind).TITLE in listed


def test_jobs_2_gives_the_same_bytes_as_jobs_1(runner, tmp_path):
    layout = ROOT / "layouts" / "designer-pack.yaml"
    for jobs in ("1", "2"):
        assert runner.invoke(cli, ["build", str(layout), "-o", str(tmp_path / jobs), "-j", jobs]).exit_code == 0
    assert (tmp_path / "1" / "designer-pack.pdf").read_bytes() == (tmp_path / "2" / "designer-pack.pdf").read_bytes()


def test_split_and_png(runner, tmp_path):
    layout = ROOT / "layouts" / "daily.yaml"
    result = runner.invoke(cli, ["build", str(layout), "-o", str(tmp_path), "--split", "--png"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert names == ["week-01-cliquer.pdf", "week-02-cliquer.pdf", "week-03-cliquer.pdf", "week.pdf"]
    pngs = list((tmp_path / "png").glob("week-p*.png"))
    assert len(pngs) == 3 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pngs)   # 7 cards, 3 sheets


def test_preview_renders_every_page(runner, tmp_path):
    layout = ROOT / "layouts" / "daily.yaml"
    runner.invoke(cli, ["build", str(layout), "-o", str(tmp_path)])
    result = runner.invoke(cli, ["preview", str(tmp_path / "week.pdf"), "-o", str(tmp_path / "p")])
    assert result.exit_code == 0
    from PIL import Image
    pages = sorted((tmp_path / "p").glob("*.png"))
    assert len(pages) == 3
    assert Image.open(pages[0]).size == (827, 1170)     # A4 at 100 dpi


def test_analyze_a_code_a_pdf_and_a_spec(runner, tmp_path):
    from pnp.games.cliquer.codes import encode

    dots = ((0, 0), (10, 1), (3, 9), (4, 4))          # one dot inside the triangle of the others
    code = encode(dots, 12)
    result = runner.invoke(cli, ["analyze", code, "--json"])
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.output)
    assert figures["moves_in_game"] == 3 * 4 - 3 - 3
    layout = ROOT / "layouts" / "daily.yaml"
    from_spec = json.loads(runner.invoke(cli, ["analyze", str(layout), "--json", "--no-solve"]).output)
    assert len(from_spec) == 7
    runner.invoke(cli, ["build", str(layout), "-o", str(tmp_path)])
    from_pdf = json.loads(runner.invoke(cli, ["analyze", str(tmp_path / "week.pdf"), "--json",
                                              "--no-solve"]).output)
    assert [f["dots"] for f in from_pdf] == [f["dots"] for f in from_spec]


def test_analyze_refuses_what_is_not_a_board(runner):
    assert runner.invoke(cli, ["analyze", "R1-XXXX"]).exit_code == 2
    result = runner.invoke(cli, ["analyze", str(ROOT / "layouts" / "circles.yaml")])
    assert result.exit_code == 2 and "no CliqueR boards" in result.output


# ---------------------------------------------------------------------------------------------
# messages a newcomer meets first: each one line, each true


@pytest.mark.parametrize("args, words", [
    (["build", "--foo"], "pnp build: no such option '--foo' (did you mean one of: '--force', '--out'?); "
                         "see pnp build --help"),
    (["build", "-j", "0"], "pnp build: invalid value for '-j' / '--jobs': 0 is not in the range 1<=x<=64"),
    (["validate"], "pnp validate: missing argument 'PDFS...'; see pnp validate --help"),
    (["new", "chess"], "pnp new: invalid value for 'KIND': 'chess' is not one of"),
    (["preview", "x.pdf", "--dpi", "5"], "pnp preview: invalid value for '--dpi'"),
    (["nosuch"], "pnp: no such command 'nosuch'; see pnp --help"),
])
def test_usage_errors_are_one_line(runner, args, words):
    result = runner.invoke(cli, args, prog_name="pnp")
    assert result.exit_code == 2
    assert result.output.startswith(words) and result.output.count("\n") == 1, result.output


def test_usage_errors_are_one_line_from_the_real_command():
    result = run_pnp("build", "--nope")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == ["pnp build: no such option '--nope'; did you mean '--force'?; "
                                          "see pnp build --help"]


def test_new_takes_a_kind_in_any_case(runner):
    assert runner.invoke(cli, ["new", "CliqueR"]).output == runner.invoke(cli, ["new", "cliquer"]).output


@pytest.mark.parametrize("date, words", [
    ("2026-02-30", "pnp: --date 2026-02-30: February 2026 has 28 days"),
    ("2024-02-30", "pnp: --date 2024-02-30: February 2024 has 29 days"),
    ("2026-04-31", "pnp: --date 2026-04-31: April 2026 has 30 days"),
    ("2026-13-01", "pnp: --date 2026-13-01: there is no month 13; months run from 01 to 12"),
    ("0000-01-01", "pnp: --date 0000-01-01: there is no year 0; write a year like 2026"),
    ("21/11/2026", "pnp: --date must be year-month-day like 2026-11-21, got '21/11/2026'"),
    ("tomorrow", "pnp: --date must be year-month-day like 2026-11-21, got 'tomorrow'"),
])
def test_a_wrong_date_is_told_what_is_wrong(runner, tmp_path, date, words):
    result = runner.invoke(cli, ["daily", "--date", date, "-o", str(tmp_path)])
    assert result.exit_code == 2 and result.output == words + "\n"
    assert not list(tmp_path.iterdir())


def test_a_leap_day_is_a_day(runner, tmp_path):
    result = runner.invoke(cli, ["daily", "--date", "2024-02-29", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "daily-2024-02-29.pdf").exists()


def test_counts_are_said_in_the_right_number(runner, tmp_path):
    spec = tmp_path / "one.yaml"
    spec.write_text("items: [{kind: cliquer, dots: 5, size: quarter}]\n")
    result = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert result.output == f"wrote {tmp_path / 'out' / 'one.pdf'} (1 board, 1 page)\n"
    checked = runner.invoke(cli, ["validate", str(tmp_path / "out" / "one.pdf")])
    assert checked.output.splitlines()[-1] == "1 board checked: 1 ok, 0 failed"
    junk = tmp_path / "junk.pdf"
    junk.write_text("junk")
    both = runner.invoke(cli, ["validate", str(tmp_path / "out" / "one.pdf"), str(junk)])
    assert both.output.splitlines()[-1] == "1 board checked: 1 ok, 0 failed, 1 file unreadable"
    from pnp.games.cliquer.codes import encode

    one_inside = encode(((0, 0), (10, 1), (3, 9), (4, 4)), 12)
    report = runner.invoke(cli, ["analyze", one_inside, "--no-solve"]).output
    assert "Interior: 1 dot (C)" in report


def test_pngs_go_to_png_beside_the_pdf_for_build_and_preview(runner, tmp_path):
    spec = tmp_path / "p.yaml"
    spec.write_text("items: [{kind: cliquer, dots: 5}]\n")
    built = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path / "a"), "--png"])
    assert built.exit_code == 0, built.output
    assert f"wrote 1 PNG page to {tmp_path / 'a' / 'png'}/ (p-p001.png ...)" in built.output
    pdf = tmp_path / "b" / "p.pdf"
    pdf.parent.mkdir()
    pdf.write_bytes((tmp_path / "a" / "p.pdf").read_bytes())
    shown = runner.invoke(cli, ["preview", str(pdf)])
    assert shown.output == f"wrote 1 PNG page to {tmp_path / 'b' / 'png'}/\n"
    assert sorted(p.name for p in (tmp_path / "a" / "png").iterdir()) == ["p-p001.png"]
    assert sorted(p.name for p in (tmp_path / "b" / "png").iterdir()) == ["p-p001.png"]
    assert (tmp_path / "a" / "png" / "p-p001.png").read_bytes() == (tmp_path / "b" / "png" / "p-p001.png").read_bytes()


def test_daily_comment_says_what_the_spec_prints():
    """The gallery's daily.yaml prints boards of its own seed, not the boards of the day."""
    comment = (ROOT / "layouts" / "daily.yaml").read_text().split("title:")[0]
    assert "not the boards of the day" in comment


# ---------------------------------------------------------------------------------------------
# board codes in every form the README promises (case, spaces and hyphens ignored; I and L
# read as 1, O as 0), for build, analyze and code: in a spec

CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"
FORMS = {
    "as printed": [CODE],
    "lower case": [CODE.lower()],
    "no hyphens": [CODE.replace("-", "")],
    "spaces, quoted": [CODE.replace("-", " ")],
    "spaces, unquoted": CODE.split("-"),
    "lower, unquoted": CODE.lower().split("-"),
    "I and L for 1": [CODE.replace("1", "I").replace("R I", "R1").replace("RI", "R1").replace("HSIN", "HSLN")],
    "mixed": ["r1sfe2-12ke 2yr4-hs1n nkd5m9ec"],
}


@pytest.mark.parametrize("form", list(FORMS))
def test_build_reads_a_code_in_every_form(runner, tmp_path, form):
    from support.tamper import read_data

    result = runner.invoke(cli, ["build", *FORMS[form], "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {tmp_path / (CODE + '.pdf')} (1 board, 1 page)\n"
    (board,) = read_data(tmp_path / f"{CODE}.pdf")["boards"]
    assert board["data"]["code"] == CODE


@pytest.mark.parametrize("form", list(FORMS))
def test_analyze_reads_a_code_in_every_form(runner, form):
    result = runner.invoke(cli, ["analyze", *FORMS[form], "--json", "--no-solve"])
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.output)
    assert figures["board"] == CODE


@pytest.mark.parametrize("form", [f for f in FORMS if len(FORMS[f]) == 1])
def test_a_spec_reads_a_code_in_every_form(form):
    from pnp.spec import loads

    spec = loads(f'items:\n  - kind: cliquer\n    code: "{FORMS[form][0]}"\n')
    assert spec.items[0].item.code == CODE


def test_a_code_among_specs_and_a_mistyped_code_in_pieces(runner, tmp_path, write_spec):
    spec = write_spec("items: [{kind: cliquer, dots: 5}]\n", "s.yaml")
    both = runner.invoke(cli, ["build", *CODE.split("-"), str(spec), "-o", str(tmp_path / "o")])
    assert both.exit_code == 0, both.output
    assert sorted(p.name for p in (tmp_path / "o").glob("*.pdf")) == [f"{CODE}.pdf", "s.pdf"]
    typo = CODE[:-1] + "D"
    bad = runner.invoke(cli, ["build", *typo.split("-"), "-o", str(tmp_path / "p")])
    assert bad.exit_code == 2 and bad.output.count("\n") == 1 and "is mistyped" in bad.output
    assert not (tmp_path / "p").exists()


# ---------------------------------------------------------------------------------------------
# a missing or odd spec file


def test_a_missing_spec_gets_a_near_name_and_no_line_number(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = runner.invoke(cli, ["build", "daily.yaml", "-o", str(tmp_path)])
    assert result.exit_code == 2 and result.output == "daily.yaml: no such spec file; did you mean layouts/daily.yaml?\n"
    typo = runner.invoke(cli, ["build", "layouts/dayly.yaml", "-o", str(tmp_path)])
    assert typo.output == "layouts/dayly.yaml: no such spec file; did you mean layouts/daily.yaml?\n"
    bare = runner.invoke(cli, ["build", "layouts/circles", "-o", str(tmp_path)])
    assert bare.output == "layouts/circles: no such spec file; did you mean layouts/circles.yaml?\n"
    monkeypatch.chdir(tmp_path)
    nothing = runner.invoke(cli, ["build", "zzzz.yaml"])
    assert nothing.output == "zzzz.yaml: no such spec file\n" and ":1:1" not in nothing.output


def test_a_folder_a_pipe_or_a_device_is_refused_at_once(tmp_path):
    import os

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for path, what in ((fifo, "a named pipe"), (tmp_path, "a folder"), ("/dev/null", "a device")):
        result = run_pnp("build", path, "-o", tmp_path / "out")          # a pipe would hang here
        assert result.returncode == 2, result.stderr
        assert result.stderr == f"{path}: is {what}, not a spec file\n"
    assert not (tmp_path / "out").exists()


def test_analyze_and_preview_refuse_a_pipe(runner, tmp_path):
    import os

    fifo = tmp_path / "p.pdf"
    os.mkfifo(fifo)
    for command in ("analyze", "preview"):
        result = runner.invoke(cli, [command, str(fifo)])
        assert result.exit_code == 2 and result.output.count("\n") == 1, result.output


def test_names_too_long_for_the_file_system_are_one_line(runner, tmp_path, write_spec):
    spec = write_spec("items: [{kind: cliquer, dots: 5}]\n")
    folder = tmp_path / ("d" * 300)
    result = runner.invoke(cli, ["build", str(spec), "-o", str(folder)])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "is 300 bytes long; a folder name can be at most 255 bytes" in result.output
    long_output = write_spec(f"output: {'é' * 110}.pdf\nitems: [{{kind: cliquer}}]\n", "long.yaml")
    result = runner.invoke(cli, ["build", str(long_output), "-o", str(tmp_path)])
    assert result.exit_code == 2 and result.output.startswith(f"{long_output}:1:9: output ")
    assert "is 224 bytes long; at most 200" in result.output
    named = write_spec("items: [{kind: cliquer, dots: 5}]\n", "n" * 240 + ".yaml")
    result = runner.invoke(cli, ["build", str(named), "-o", str(tmp_path / "o")])
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "give the spec a shorter output: name" in result.output
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("seed, words", [("ꦗꦮ", "U+A997"), ("a\u202eb", "invisible formatting"),
                                         ("a\x1bb", "control character")])
def test_a_seed_from_the_command_line_must_be_printable(runner, tmp_path, write_spec, seed, words):
    spec = write_spec("items: [{kind: cliquer, dots: 5}]\n")
    result = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path / "o"), "--seed", seed])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert result.output.startswith("pnp: --seed ") and words in result.output
    assert not (tmp_path / "o").exists()


def test_mistakes_of_several_specs_are_all_reported(runner, tmp_path, write_spec):
    a = write_spec("items:\n  - kind: cliquer\n    dots: 200\n    size: huge\n", "a.yaml")
    b = write_spec("titel: x\nitems: [{kind: cliquer}]\n", "b.yaml")
    result = runner.invoke(cli, ["build", str(a), "missing.yaml", str(b), "-o", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"{a}:3:11: items[0].dots must be 3..40, got 200",
        f"{a}:4:11: items[0].size must be one of page, half, quarter, got 'huge'",
        f"{b}:1:1: unknown key 'titel'; did you mean 'title'?",
        "missing.yaml: no such spec file",
    ]
    assert not (tmp_path / "o").exists()


# ---------------------------------------------------------------------------------------------
# long work off a terminal says what it is doing


def test_a_long_build_off_a_terminal_says_how_far_it_is():
    import io

    from pnp.progress import Ticker

    now = [0]
    out = io.StringIO()
    ticker = Ticker(1000, "building pack.yaml", every=200, clock=lambda: now[0], out=out)
    for _ in range(1000):
        now[0] += 1                     # a board a second: a line every 200 s, none at the end
        ticker.update(1)
    assert out.getvalue().splitlines() == [
        f"pnp: building pack.yaml: {n} of 1000 boards done" for n in (200, 400, 600, 800)]
    quiet = io.StringIO()
    short = Ticker(30, "building s.yaml", every=10, clock=lambda: 0.0, out=quiet)
    for _ in range(30):
        short.update(1)
    assert quiet.getvalue() == ""


def test_a_build_off_a_terminal_uses_the_ticker(monkeypatch):
    from pnp import progress

    monkeypatch.setattr(progress.sys.stderr, "isatty", lambda: False, raising=False)
    assert isinstance(progress.progress(5000, "x"), progress.Ticker)


# ---------------------------------------------------------------------------------------------
# pnp schema stays true to what the loader accepts


@pytest.mark.parametrize("text", [
    "page: {size: a4, orientation: Landscape}\nitems: [{kind: CliqueR, difficulty: Medium}]\n",
    "title: 2026\nseed: 1.5\noutput: 7\nitems: [{kind: circles, arrangement: RING}]\n",
    "title: no\nseed: yes\nitems: [{kind: cliques, players: [No, Yes, Bo]}]\n",
    "items: [{kind: cliquer, code: 'r1 sfe2 12ke 2yr4 hs1n nkd5 m9ec'}]\n",
])
def test_the_schema_accepts_the_forms_the_loader_accepts(text):
    from pnp.spec import loads

    loads(text)
    assert not list(schema_validator().iter_errors(yaml12(text))), text


@pytest.mark.parametrize("text", [
    "page: {size: a5}\nitems: [{kind: cliquer}]\n",
    "items: [{kind: chess}]\n",
    "items: [{kind: cliquer, worksheet: 'true'}]\n",
    "items: [{kind: cliquer, difficulty: mediocre}]\n",
])
def test_the_schema_refuses_what_the_loader_refuses(text):
    from pnp.errors import SpecError
    from pnp.spec import loads

    with pytest.raises(SpecError):
        loads(text)
    assert list(schema_validator().iter_errors(yaml12(text))), text


def test_every_good_spec_the_loader_reads_passes_the_schema():
    """Specs written from the good values of every option (tests/support/spec_values.py) load,
    and an editor checking them against `pnp schema` agrees."""
    from hypothesis import given, settings, strategies as st

    from pnp.spec import loads
    from support.spec_values import OPTIONS, PAGE, TOP

    @settings(max_examples=150, deadline=None)
    @given(st.data())
    def check(data):
        lines = [f"{k}: {good}" for k, (good, _) in TOP.items() if data.draw(st.booleans())]
        lines += ["page:"] + [f"  {k}: {good}" for k, (good, _) in PAGE.items()]
        lines.append("items:")
        for kind in data.draw(st.lists(st.sampled_from(sorted(OPTIONS)), min_size=1, max_size=3)):
            lines.append(f"  - kind: {data.draw(st.sampled_from([kind, kind.upper(), kind.title()]))}")
            for key, (good, _) in OPTIONS[kind].items():
                if key == "players" or data.draw(st.booleans()):
                    lines.append(f"    {key}: {good}")
        text = "\n".join(lines) + "\n"
        loads(text)
        assert not list(schema_validator().iter_errors(yaml12(text))), text

    check()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_impossible_item_is_named_in_one_run(runner, tmp_path, jobs):
    """Generation mistakes (a board that cannot be made) are all reported, one line each at
    their item, like spec mistakes; nothing is written."""
    spec = tmp_path / "two.yaml"
    spec.write_text("title: two bad\nseed: s\nitems:\n  - {kind: cliquer, dots: 9}\n"
                    "  - {kind: cliquer, dots: 30, size: quarter}\n  - {kind: circles}\n"
                    "  - {kind: cliquer, dots: 25, size_mm: 60, count: 3}\n")
    result = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path / "out"), "--jobs", jobs])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert [line.split(": ")[0].rsplit(":", 2)[1:] for line in lines] == [["5", "5"], ["7", "5"]]
    assert all("cannot place" in line for line in lines)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))


def test_wrote_says_boards_sets_worksheets_and_keys_as_they_are(runner, tmp_path):
    spec = tmp_path / "mix.yaml"
    spec.write_text("items:\n  - {kind: cliquer, dots: 5, size: quarter, count: 2}\n"
                    "  - {kind: circles}\n  - {kind: cliques, players: 3}\n"
                    "  - {kind: cliquer, dots: 6, worksheet: true}\n")
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", str(spec), "-o", str(out), "--split", "--keys-apart"])
    assert result.exit_code == 0, result.output
    said = result.output.splitlines()
    assert said[0].startswith(f"wrote {out / 'mix.pdf'} (2 boards, 2 sets, 1 worksheet, ")
    assert f"wrote {out / 'mix-02-circles.pdf'} (1 set, " in result.output
    assert f"wrote {out / 'mix-03-cliques.pdf'} (1 set, " in result.output
    assert f"wrote {out / 'mix-04-cliquer.pdf'} (1 worksheet, 1 page)" in said
    # each item's keys beside its split PDF, and the pack's keys
    assert f"wrote {out / 'mix-04-cliquer-keys.pdf'} (1 answer key, 2 pages)" in said
    assert f"wrote {out / 'mix-keys.pdf'} (1 answer key, 2 pages)" in said
    assert not (out / "mix-01-cliquer-keys.pdf").exists()      # no keys, no file
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["mix.pdf", "mix-keys.pdf", "mix-01-cliquer.pdf", "mix-02-circles.pdf",
         "mix-03-cliques.pdf", "mix-04-cliquer.pdf", "mix-04-cliquer-keys.pdf"])
    checked = runner.invoke(cli, ["validate", str(out / "mix-04-cliquer-keys.pdf")])
    assert checked.exit_code == 0, checked.output


def test_preview_of_a_missing_file_says_no_such_file(runner, tmp_path):
    result = runner.invoke(cli, ["preview", str(tmp_path / "missing.pdf")])
    assert result.exit_code == 2
    assert result.output == f"pnp: {tmp_path / 'missing.pdf'}: no such file\n"
