"""`pnp site`: a week of the board of the day as plain files. Every PDF passes the validator and is
`pnp daily`'s own, every link stays inside the folder, the same days give the same bytes however
they were added, answers are worked out once and kept, and a folder that is not a site of ours
is never written into.

The week's answers come from tests/support/daily_answers.py (perfect play frozen there, checked
against the solver by the slow test below for the boards up to 10 dots and by bench/site.py for
all): solving Sunday's 11 dots again would cost about 50 s of CPU. What is worked out from an
empty cache is tested on two days whose boards before are small (8 and 9 dots: well under a
second).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pnp.cli import cli
from pnp.site import build
from pnp.site.folder import MARK
from support.daily_answers import FROZEN, WEEK, moves, seed_answers

ATOM = "{http://www.w3.org/2005/Atom}"
DAYS = [WEEK + dt.timedelta(days=n) for n in range(7)]
SMALL = dt.date(2026, 11, 25)        # its board before (Tuesday) has 8 dots, the next one's 9


@pytest.fixture(scope="module")
def week(tmp_path_factory):
    """The week's site, built once from the frozen answers: (its folder, the cache folder)."""
    cache = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(cache))
        assert seed_answers() == list(FROZEN)
        folder = tmp_path_factory.mktemp("site") / "daily"
        held, written = build(folder, WEEK, 7)
    assert held == DAYS
    return folder, cache


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        self.found += [value for name, value in attrs if name in ("href", "src")]


def page(folder: Path, day: dt.date) -> str:
    return (folder / day.isoformat() / "index.html").read_text(encoding="utf-8")


def test_every_pdf_of_the_week_passes_the_validator_and_is_pnp_dailys_own(week, tmp_path):
    from pnp import services
    from pnp.verify.validate import validate_file

    folder, _ = week
    for day in DAYS:
        [pdf] = (folder / day.isoformat()).glob("*.pdf")
        reports = validate_file(pdf)
        assert reports and all(r.ok for r in reports), (pdf, [str(r) for r in reports if not r.ok])
        [(_, built, _, _)] = services.daily(day, tmp_path / day.isoformat())
        assert pdf.read_bytes() == built.read_bytes()


def test_every_link_is_relative_and_leads_to_a_file_of_the_site(week):
    folder, _ = week
    pages = sorted(p for p in folder.rglob("*.html") if not p.name.startswith("play-"))
    assert len(pages) == 7 + 2                     # a page a day, the front page, every day
    # and two pages a day that play its board and the day before's (tests/site/test_site_play.py)
    assert len(list(folder.rglob("play-*.html"))) == 7 * 2
    for path in pages:
        links = Links()
        links.feed(path.read_text(encoding="utf-8"))
        assert links.found, path
        for link in links.found:
            if link.startswith("#"):
                continue
            assert not re.match(r"[a-z]+:|/", link), (path, link)        # no scheme, no root
            target = (path.parent / link).resolve()
            assert target.is_file() and folder.resolve() in target.parents, (path, link)


def test_a_page_a_day_with_the_board_and_yesterdays_best_line_drawn_and_listed(week):
    folder, _ = week
    for day in DAYS:
        text = page(folder, day)
        before = (day - dt.timedelta(days=1)).isoformat()
        margin, line = FROZEN[before]
        played = line.split()
        assert f"<h1>Board of the day · {day.strftime('%A')} {day.isoformat()}</h1>" in text
        winner = "first" if margin > 0 else "second"
        assert (f"({(day - dt.timedelta(days=1)).strftime('%A')} {before}, "
                f"{max(max(m) for m in moves(line)) + 1} dots): perfect play: the {winner} player "
                f"wins by {abs(margin)}; best opening {played[0]}</p>") in text
        # without a script the whole line is drawn (no move hidden) and listed move by move
        steps = re.findall(r'<li data-step="(\d+)">Move \d+: the (?:first|second) player draws '
                           r'(\w)–(\w) ', text)
        assert [(int(n), f"{a}-{b}") for n, a, b in steps] == list(enumerate(played, 1))
        assert re.findall(r'<g class="step (?:first|second)" data-step="(\d+)"', text) == \
            [str(n) for n in range(1, len(played) + 1)]
        assert 'class="later"' not in text and '<div class="stepper" id="stepper" hidden>' in text
        # two pictures (the day's board, yesterday's), their ids apart; the PDF linked
        ids = re.findall(r' id="([^"]+)"', text)
        assert len(ids) == len(set(ids)) and text.count("<svg ") == 2
        assert f'href="../{day.isoformat()}/daily-{day.isoformat()}.pdf" download' in text


def test_the_front_page_is_the_newest_day_and_every_day_is_listed_newest_first(week):
    folder, _ = week
    front = (folder / "index.html").read_text(encoding="utf-8")
    newest = page(folder, DAYS[-1])
    strip = (lambda t: re.sub(r'(href|src)="(\.\./)?', r'\1="', t)
             .replace(' class="home here" aria-current="page"', ' class="home"'))
    assert strip(front) == strip(newest)
    every = (folder / "archive.html").read_text(encoding="utf-8")
    listed = re.findall(r'<a href="(\d{4}-\d\d-\d\d)/index.html">', every)
    assert listed == [d.isoformat() for d in reversed(DAYS)]


def test_the_feed_is_atom_with_its_times_taken_from_the_dates(week):
    folder, _ = week
    feed = ET.parse(folder / "feed.xml").getroot()
    assert feed.tag == f"{ATOM}feed"
    assert feed.find(f"{ATOM}updated").text == f"{DAYS[-1].isoformat()}T00:00:00Z"
    entries = feed.findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}updated").text for e in entries] == \
        [f"{d.isoformat()}T00:00:00Z" for d in reversed(DAYS)]
    ids = [e.find(f"{ATOM}id").text for e in entries] + [feed.find(f"{ATOM}id").text]
    assert len(set(ids)) == len(ids) and all(i.startswith("urn:uuid:") for i in ids)
    for entry, day in zip(entries, reversed(DAYS)):
        pdf = entry.find(f"{ATOM}link[@rel='enclosure']")
        assert int(pdf.get("length")) == (folder / pdf.get("href")).stat().st_size
        assert entry.find(f"{ATOM}summary").text.startswith(
            f"Yesterday's board ({(day - dt.timedelta(days=1)).strftime('%A')}")
    # nothing of the clock: the only times written are the dates' midnights
    assert set(re.findall(r"T\d\d:\d\d:\d\d", (folder / "feed.xml").read_text())) == {"T00:00:00"}


def test_the_same_days_give_the_same_bytes_however_they_were_added(week, tmp_path, monkeypatch):
    folder, cache = week
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    again = tmp_path / "again"
    assert build(again, DAYS[3], 4)[0] == DAYS[3:]          # the week's end first,
    assert build(again, WEEK, 3)[0] == DAYS                 # then its start: the days in it kept
    assert files_of(again) == files_of(folder)
    assert build(folder, DAYS[2], 2) == (DAYS, 0)           # again: not a file changed


def test_answers_are_worked_out_once_kept_and_the_same_as_pnp_dailys(runner, tmp_path, monkeypatch):
    from pnp.games.cliquer.solver import Solver

    cold = runner.invoke(cli, ["site", str(tmp_path / "cold"), "--from", SMALL.isoformat(),
                               "--days", "2"])
    assert cold.exit_code == 0, cold.output
    assert cold.output == (f"wrote 14 files in {tmp_path / 'cold'}: 2 days, 2026-11-25 to "
                           f"2026-11-26; open {tmp_path / 'cold' / 'index.html'}\n")
    kept = sorted(Path(os.environ["XDG_CACHE_HOME"]).rglob("*.json"))
    assert len(kept) == 2 and all('"line":' in p.read_text() for p in kept)
    monkeypatch.setattr(Solver, "solve", None)      # from now on, no search at all
    warm = runner.invoke(cli, ["site", str(tmp_path / "warm"), "--from", SMALL.isoformat(),
                               "--days", "2"])
    assert warm.exit_code == 0, warm.output
    assert files_of(tmp_path / "warm") == files_of(tmp_path / "cold")
    same = runner.invoke(cli, ["site", str(tmp_path / "cold"), "--from", SMALL.isoformat(),
                               "--days", "2"])
    assert same.output.startswith(f"wrote 0 files in {tmp_path / 'cold'}: 2 days")
    # `pnp daily` prints the answer the page shows, from the same kept line
    printed = runner.invoke(cli, ["daily", "--date", "2026-11-26", "-o", str(tmp_path / "out")])
    answer = printed.output.splitlines()[-1]
    assert answer.startswith("Yesterday's board (Wednesday 2026-11-25, 9 dots)")
    shown = page(tmp_path / "cold", SMALL + dt.timedelta(days=1))
    assert f'<p class="answer">{answer.replace(chr(39), "&#39;")}</p>' in shown


def test_the_feed_links_are_absolute_given_the_sites_address(runner, tmp_path):
    folder = tmp_path / "site"
    result = runner.invoke(cli, ["site", str(folder), "--from", "2026-11-25",
                                 "--url", "https://club.example.org/daily"])
    assert result.output == f"wrote 10 files in {folder}: 1 day, 2026-11-25; open {folder / 'index.html'}\n"
    feed = ET.parse(folder / "feed.xml").getroot()
    assert feed.find(f"{ATOM}id").text == "https://club.example.org/daily/index.html"
    assert {link.get("href") for link in feed.iter(f"{ATOM}link")} == {
        "https://club.example.org/daily/index.html", "https://club.example.org/daily/feed.xml",
        "https://club.example.org/daily/2026-11-25/index.html",
        "https://club.example.org/daily/2026-11-25/daily-2026-11-25.pdf"}
    assert "https://" not in (folder / "index.html").read_text()         # the pages stay relative


@pytest.mark.parametrize("args, message", [
    (["--days", "0"], "pnp site: invalid value for '--days': 0 is not in the range x>=1; see pnp site --help"),
    (["--days", "4000"], "pnp: --days must be 1..3660, got 4000"),
    (["--from", "2026-02-30"], "pnp: --from 2026-02-30: February 2026 has 28 days"),
    (["--from", "9999-12-30", "--days", "5"], "pnp: --from 9999-12-30 --days 5 runs past the year 9999"),
    (["--url", "javascript:alert(1)"], "pnp: --url must be the web address the site is served from, "
                                        "like https://club.example.org/daily/, got 'javascript:alert(1)'"),
    (["--url", 'https://x.org/"><script>'], "pnp: --url must be the web address the site is served "
                                             "from, like https://club.example.org/daily/, got "
                                             "'https://x.org/\"><script>'"),
])
def test_a_mistyped_option_is_one_line_and_writes_nothing(runner, tmp_path, args, message):
    result = runner.invoke(cli, ["site", str(tmp_path / "site"), *args], prog_name="pnp")
    assert result.exit_code == 2
    assert result.output == message + "\n"
    assert not (tmp_path / "site").exists()


def test_a_folder_pnp_did_not_make_is_never_written_into(runner, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "index.html").write_text("mine")
    result = runner.invoke(cli, ["site", str(home), "--from", "2026-11-25"])
    assert result.exit_code == 2
    assert result.output == (f"pnp: {home}: the folder has other things in it, and pnp site did "
                             "not make it; give a new or empty folder\n")
    assert files_of(home) == {"index.html": b"mine"}
    (tmp_path / "file").write_text("x")
    result = runner.invoke(cli, ["site", str(tmp_path / "file"), "--from", "2026-11-25"],
                           prog_name="pnp")
    assert result.exit_code == 2
    assert result.output == (f"pnp site: invalid value for 'FOLDER': Directory '{tmp_path / 'file'}' "
                             "is a file; see pnp site --help\n")
    # a mark that is not ours (a link to one, or other words) does not make a folder ours
    (home / MARK).symlink_to(tmp_path / "file")
    assert runner.invoke(cli, ["site", str(home), "--from", "2026-11-25"]).exit_code == 2
    assert files_of(home) == {"index.html": b"mine", MARK: b"x"}


@pytest.mark.parametrize("planted", ["day-link", "day-file", "page-link", "static-link"])
def test_nothing_is_written_through_a_link_planted_in_a_site(runner, tmp_path, planted):
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "index.html").write_text("theirs")
    assert runner.invoke(cli, ["site", str(site), "--from", "2026-11-25"]).exit_code == 0
    if planted == "day-link":            # a day's folder: a link to another folder
        (site / "2026-11-24").symlink_to(elsewhere, target_is_directory=True)
    elif planted == "day-file":
        (site / "2026-11-24").write_text("not a folder")
    elif planted == "page-link":         # a day's page: a link to another file
        (site / "2026-11-25" / "index.html").unlink()
        (site / "2026-11-25" / "index.html").symlink_to(elsewhere / "index.html")
    else:
        shutil.rmtree(site / "static")
        (site / "static").symlink_to(elsewhere, target_is_directory=True)
    result = runner.invoke(cli, ["site", str(site), "--from", "2026-11-25"])
    assert result.exit_code == 2
    assert re.fullmatch(r"pnp: \S+: not a plain (folder|file); the site writes only (into folders|files) "
                        r"it made \(move it away and run again\)\n", result.output), result.output
    assert files_of(elsewhere) == {"index.html": b"theirs"}


@pytest.mark.slow
def test_the_frozen_answers_are_perfect_play_on_the_boards_up_to_10_dots():
    """Worked out again from nothing (a few seconds); Sunday's 11 dots: bench/site.py --frozen."""
    from pnp.games.cliquer.analysis import analyze
    from pnp.games.cliquer.daily import board_of

    checked = 0
    for day, (margin, line) in FROZEN.items():
        board = board_of(dt.date.fromisoformat(day))
        if len(board.dots) > 10:
            continue
        play = analyze(board.dots, True)["perfect_play"]
        assert (play["first_player_margin"], " ".join(play["best_line"])) == (margin, line), day
        checked += 1
    assert checked == 6


def test_each_answer_may_take_the_most_any_board_gets_unless_told(runner, tmp_path, monkeypatch):
    """A site is built by a job nobody waits on: 600 s of CPU an answer by default."""
    import pnp.site
    from pnp.games.cliquer.analysis import ASKED

    asked = []
    real = pnp.site.services.yesterday_drawn
    monkeypatch.setattr(pnp.site.services, "yesterday_drawn",
                        lambda day, seconds, progress: asked.append(seconds) or real(day, seconds, progress))
    for more in ([], ["--solve-seconds", "30"]):
        assert runner.invoke(cli, ["site", str(tmp_path / "site"), "--from", "2026-11-25", *more]).exit_code == 0
    assert asked == [ASKED.seconds, 30] == [600, 30]
