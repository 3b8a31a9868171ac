"""The `pnp` command as a user meets it: defaults, messages, exit codes, the gallery."""

from __future__ import annotations

import json
import pytest
import yaml

from conftest import ROOT, run_pnp
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


@pytest.mark.parametrize("layout", LAYOUTS, ids=[p.stem for p in LAYOUTS])
def test_gallery_layouts_build_and_validate(runner, tmp_path, layout):
    result = runner.invoke(cli, ["build", str(layout), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdfs = list(tmp_path.glob("*.pdf"))
    assert len(pdfs) == 1
    check = runner.invoke(cli, ["validate", str(pdfs[0])])
    assert check.exit_code == 0, check.output


def test_schema_accepts_the_gallery_and_rejects_mistakes(runner):
    import jsonschema

    schema = json.loads(runner.invoke(cli, ["schema"]).output)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for layout in [*LAYOUTS, ROOT / "pnp" / "layouts" / "default.yaml"]:
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
    from tamper import read_data

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
    assert len(pngs) == 4 and all(p.read_bytes()[:4] == b"\x89PNG" for p in pngs)


def test_preview_renders_every_page(runner, tmp_path):
    layout = ROOT / "layouts" / "daily.yaml"
    runner.invoke(cli, ["build", str(layout), "-o", str(tmp_path)])
    result = runner.invoke(cli, ["preview", str(tmp_path / "week.pdf"), "-o", str(tmp_path / "p")])
    assert result.exit_code == 0
    from PIL import Image
    pages = sorted((tmp_path / "p").glob("*.png"))
    assert len(pages) == 4
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
