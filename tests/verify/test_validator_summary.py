"""`pnp validate`'s summary counts what it checked as `pnp build` counted what it wrote: boards,
sets, worksheets and answer keys as they are (pnp.words.noun is the one definition)."""

from __future__ import annotations

import re

from click.testing import CliRunner

from pnp.cli import cli
from pnp.verify.validate import BoardReport, summary


def test_every_pdf_build_wrote_is_summed_up_in_the_same_words(tmp_path):
    spec = tmp_path / "mix.yaml"
    spec.write_text("items:\n  - {kind: cliquer, dots: 5, size: quarter, count: 2}\n"
                    "  - {kind: circles}\n  - {kind: cliques, players: 3}\n"
                    "  - {kind: cliquer, dots: 6, worksheet: true}\n")
    out = tmp_path / "out"
    runner = CliRunner()
    built = runner.invoke(cli, ["build", str(spec), "-o", str(out), "--split", "--keys-apart"])
    assert built.exit_code == 0, built.output
    wrote = re.findall(r"^wrote (\S+) \((.*), \d+ pages?\)$", built.output, re.M)
    assert len(wrote) == 7 and any("2 boards, 2 sets, 1 worksheet" == w for _, w in wrote), wrote
    for path, contents in wrote:
        checked = runner.invoke(cli, ["validate", path])
        assert checked.exit_code == 0, checked.output
        total = sum(int(n) for n in re.findall(r"\d+", contents))
        assert checked.output.splitlines()[-1] == f"{contents} checked: {total} ok, 0 failed"


def test_a_summary_counts_each_noun_in_the_order_it_first_comes():
    reports = [BoardReport(1, "cliquer", "a", [0]), BoardReport(2, "circles", "b", [1], noun="set"),
               BoardReport(3, "cliquer", "c", [2])]
    reports[2].problems.append(object())
    assert summary(reports) == "2 boards, 1 set checked: 2 ok, 1 failed"
    assert summary([]) == "0 boards checked: 0 ok, 0 failed"
