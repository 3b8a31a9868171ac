"""Cliques end to end: build the example spec, validate it, plant defects, see them fail."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from support.paths import ROOT
from pnp.cli import cli
from support.tamper import read_data, rewrite
from support.ink import colours as inks
from support.verdicts import validate_file as validate

SPEC = ROOT / "layouts" / "cliques.yaml"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("cliques")
    result = CliRunner().invoke(cli, ["build", str(SPEC), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out / "cliques.pdf"


def test_example_makes_sets_for_3_6_and_10_players_that_validate(built):
    assert validate(built) == (0, [])
    boards = read_data(built)["boards"]
    assert [len(b["data"]["players"]) for b in boards] == [3, 6, 10]
    assert [b["data"]["start"] for b in boards] == [6, 6, 10]
    assert [b["data"]["trackers"][0]["approval"] for b in boards] == [[0, 18], [0, 36], [0, 109]]
    pieces = [p["piece"] for p in boards[2]["placements"]]
    assert pieces.count("score sheet") == 1
    assert sum(p.startswith("tracker ") for p in pieces) == 10
    assert sum(p.startswith("vote cards ") for p in pieces) == 10
    assert pieces.count("rules card") == 1
    assert sum(p.startswith("remark card ") for p in pieces) == 60     # six a player


def test_prints_in_black_and_white(built):
    assert inks(built.read_bytes()) and all(r == g == b for r, g, b in inks(built.read_bytes()))


def test_rebuild_is_byte_identical(built, tmp_path):
    result = CliRunner().invoke(cli, ["build", str(SPEC), "-o", str(tmp_path)])
    assert result.exit_code == 0
    assert (tmp_path / "cliques.pdf").read_bytes() == built.read_bytes()


def _set(board: int, edit):
    def data_edit(payload):
        edit(payload["boards"][board]["data"])
    return data_edit


@pytest.mark.parametrize("edit, expected", [
    # the 10-player set claims players start with six: the rule's max() forgotten
    (_set(2, lambda d: d.update(start=6)), {"start-count", "not-reproduced"}),
    # a tracker that stops at 17 of the 18 tokens in play
    (_set(0, lambda d: d["trackers"][1].update(approval=[0, 17])), {"tracker-range"}),
    (_set(1, lambda d: d["trackers"].pop(3)), {"tracker-missing"}),
    (_set(1, lambda d: d["circles"].pop(0)), {"circle-missing"}),
    (_set(0, lambda d: d["circles"][0]["members"].append(d["players"][1])), {"circle-members"}),
    (_set(0, lambda d: d.update(first="Nobody")), {"first-player"}),
])
def test_planted_defects_in_the_data_fail(built, tmp_path, edit, expected):
    bad = rewrite(built, tmp_path / "bad.pdf", data_edit=edit)
    exit_code, codes = validate(bad)
    assert exit_code == 1
    assert expected <= set(codes), codes


def test_a_fourth_player_slipped_into_the_data_fails(built, tmp_path):
    # with four players 24 tokens of a colour are in play; the printed tracks stop at 18
    bad = rewrite(built, tmp_path / "bad.pdf",
                  data_edit=_set(0, lambda d: d.update(players=d["players"] + ["Eve"])))
    exit_code, codes = validate(bad)
    assert exit_code == 1
    assert {"circle-missing", "tracker-missing", "tracker-range", "not-reproduced"} <= set(codes)


def test_founder_box_moved_on_the_page_fails(built, tmp_path):
    # page 1 is the 3-player score sheet; move Ann's pre-marked box to the next circle's index
    bad = rewrite(built, tmp_path / "bad.pdf",
                  content_edit=lambda t: t.replace("/CqF <</I 0>> BDC", "/CqF <</I 1>> BDC"))
    exit_code, codes = validate(bad)
    assert exit_code == 1
    assert codes == ["not-reproduced"]


def test_score_sheet_start_count_changed_on_the_page_fails(built, tmp_path):
    # page 1 is the 3-player score sheet, whose rules line prints "holds 6 approval"
    bad = rewrite(built, tmp_path / "bad.pdf",
                  content_edit=lambda t: t.replace("/CqN <</I 6>> BDC", "/CqN <</I 7>> BDC", 1))
    exit_code, codes = validate(bad)
    assert exit_code == 1
    assert codes == ["not-reproduced"]


@pytest.mark.parametrize("piece", ["vote cards Ann", "rules card"])
def test_a_piece_a_group_needs_missing_from_the_pages_fails(built, tmp_path, piece):
    # the record renames a piece: its rebuild is not the file
    def edit(payload):
        for p in payload["boards"][0]["placements"]:
            if p["piece"] == piece:
                p["piece"] = "something else"
    bad = rewrite(built, tmp_path / "bad.pdf", data_edit=edit)
    exit_code, codes = validate(bad)
    assert exit_code == 1
    assert "not-reproduced" in codes
