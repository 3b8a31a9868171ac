"""Every promise the README and the docs make about what a person may type has a test here, and
each promise is quoted from them (the first test fails if they stop saying it)."""

from __future__ import annotations

import json

import pytest

from support.paths import ROOT
from pnp.errors import SpecError
from pnp.spec import loads

# the README and the docs pages, read as one text with every run of spaces and line breaks as one
# space: a promise may be rewrapped, not reworded
README = " ".join(" ".join(p.read_text(encoding="utf-8") for p in
                           [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]).split())


def said(promise: str) -> bool:
    return " ".join(promise.split()) in README
CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"


def item(options: str, kind: str = "cliquer"):
    return loads(f"items:\n  - kind: {kind}\n    {options}\n").items[0].item


def refused(text: str) -> str:
    with pytest.raises(SpecError) as info:
        loads(text, "x.yaml")
    assert len(info.value.mistakes) == 1
    return info.value.message


def names_in_any_case():
    spec = loads("page: {size: a4, orientation: Landscape}\nitems: [{kind: CliqueR, difficulty: Medium}]\n")
    assert (spec.page.size, spec.page.orientation, spec.items[0].kind) == ("A4", "landscape", "cliquer")
    assert spec.items[0].item.difficulty.name == "medium"


def true_false():
    for written in ("true", "True", "TRUE"):
        assert item(f"worksheet: {written}").worksheet is True
    for written in ("false", "False", "FALSE"):
        assert item(f"worksheet: {written}").worksheet is False


def yes_no_refused():
    for written in ("yes", "no", "on", "off", "y", "n"):
        assert "must be true or false; write" in refused(f"items: [{{kind: cliquer, worksheet: {written}}}]")


def decimals():
    assert [item(f"dots: {w}").dots for w in ("9", "+9", "9.0", "1e1")] == [9, 9, 9, 10]
    assert [item(f"clearance_mm: {w}").clearance_mm for w in ("2.5", "3.", ".3e1")] == [2.5, 3, 3]


def yaml_1_1_numbers_refused():
    said = {"010": "octal 8", "0x1F": "is 31", "0o17": "is 15", "1_000": "write 1000", "1:30": "1:30 is 90"}
    for written, words in said.items():
        assert words in refused(f"items: [{{kind: cliquer, dots: {written}}}]")


def quotes_make_text():
    assert "quotes make it text" in refused('items: [{kind: cliquer, dots: "9"}]')


def text_as_written():
    spec = loads("title: no\nseed: 010\nitems: [{kind: cliques, players: [No, Yes, Bo]}]\n")
    assert (spec.title, spec.seed, spec.items[0].item.players) == ("no", "010", ("No", "Yes", "Bo"))


def code_however_typed():
    for written in (CODE, CODE.lower(), CODE.replace("-", " ").lower(), CODE.replace("-", ""),
                    "r1 sfe2 12ke 2yr4 hs1n nkd5 m9ec", "R1-SFE2-I2KE-2YR4-HSLN-NKD5-M9EC"):
        assert item(f'code: "{written}"').code == CODE


def keys_lower_case():
    assert "did you mean 'title'?" in refused("TITLE: x\nitems: [{kind: cliquer}]\n")


def code_fixes_dots():
    assert "leave dots: out" in refused(f"items: [{{kind: cliquer, code: {CODE}, dots: 10}}]")
    assert "cannot be used with code" in refused(f"items: [{{kind: cliquer, code: {CODE}, difficulty: easy}}]")
    assert item(f"code: {CODE}\n    dots: 9").dots == 9


def seed_any_text_or_number():
    assert [loads(f"seed: {w}\nitems: [{{kind: cliquer}}]").seed for w in ("2026-11-21", "42", "x y")] == \
        ["2026-11-21", "42", "x y"]


def output_plain_name():
    assert loads("output: week\nitems: [{kind: cliquer}]").output == "week.pdf"
    assert "plain file name" in refused("output: ../week.pdf\nitems: [{kind: cliquer}]\n")
    assert "at most 200" in refused(f"output: {'w' * 201}\nitems: [{{kind: cliquer}}]\n")


def players_count_or_names():
    assert item("players: 3", "cliques").players == ("Player 1", "Player 2", "Player 3")
    assert item("players: [Ann, Béatrice, Σωκράτης]", "cliques").players == ("Ann", "Béatrice", "Σωκράτης")


def printed_text_checked():
    assert "which the print font cannot draw" in refused("title: ꦗꦮ\nitems: [{kind: cliquer}]\n")
    assert "invisible formatting character" in refused('items: [{kind: cliquer, title: "a\\u202eb"}]\n')
    assert loads("items: [{kind: cliquer, title: שלום}]\n").items[0].item.title == "שלום"


PROMISES = {
    # README text -> the test of it
    "`size: a4`, `orientation: Landscape`, `kind: CliqueR`, `difficulty: Medium`": names_in_any_case,
    "`worksheet: true`, `True`, `TRUE` (and `false`, `False`, `FALSE`)": true_false,
    "`worksheet: yes` (or `no`, `on`, `off`, `y`, `n`) | refused: write true or false": yes_no_refused,
    "`dots: 9`, `+9`, `9.0`, `1e1`; `clearance_mm: 2.5`, `3.`, `.3e1` | decimal numbers": decimals,
    "`dots: 010`, `0x1F`, `0o17`, `1_000`, `1:30` | refused": yaml_1_1_numbers_refused,
    '`dots: "9"` | refused: quotes make text': quotes_make_text,
    "`title: no`, `seed: 010`, `players: [No, Yes, Bo]` | the text as written": text_as_written,
    "Case,\nspaces and hyphens do not matter, and I and L read as 1, O as 0": code_however_typed,
    "Keys are lower case (`TITLE:` is refused": keys_lower_case,
    "a `dots:` or `grid:` that disagrees with it, or a `difficulty:`, is\nrefused": code_fixes_dots,
    'seed: "2026-11-21"                        # any text or whole number': seed_any_text_or_number,
    "`output:` must be a plain file name": output_plain_name,
    "or a count: players: 6": players_count_or_names,
    "A character the print font cannot draw would print as an empty box, and\ninvisible formatting characters": printed_text_checked,
}


@pytest.mark.parametrize("promise", list(PROMISES))
def test_the_readme_still_promises_it(promise):
    assert said(promise)


@pytest.mark.parametrize("promise", list(PROMISES))
def test_the_promise_holds(promise):
    PROMISES[promise]()


def test_codes_typed_in_pieces_for_build_and_analyze(runner, tmp_path):
    """`pnp build R1 SFE2 12KE ...` typed without quotes (one argument a group)."""
    from pnp.cli import cli

    assert said("`R1 SFE2 12KE ...` typed without\nquotes")
    built = runner.invoke(cli, ["build", *CODE.lower().split("-"), "-o", str(tmp_path)])
    assert built.exit_code == 0 and (tmp_path / f"{CODE}.pdf").exists(), built.output
    figures = json.loads(runner.invoke(cli, ["analyze", *CODE.split("-"), "--json", "--no-solve"]).output)
    assert [f["board"] for f in figures] == [CODE]


def test_the_date_is_year_month_day(runner, tmp_path):
    from pnp.cli import cli

    assert said("(`--date 2026-11-21` for another day)")
    assert runner.invoke(cli, ["daily", "--date", "2026-11-21", "-o", str(tmp_path)]).exit_code == 0
    assert "February 2026 has 28 days" in runner.invoke(cli, ["daily", "--date", "2026-02-29"]).output
