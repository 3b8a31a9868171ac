"""`pnp site`: the board of the day as a static site, plain files for any web host or a folder.

A page a day (the day's board as a picture and its PDF, the answer to the day before's board
with its best line drawn move by move), the newest day again as the site's front page, a page of
every day, and an Atom feed. No server code: links are relative (the pages work opened from a
folder too), the best line's stepper is the page's own script over the steps in its SVG, and
without a script the whole line is drawn and listed.

The same days give the same bytes: nothing in the output depends on the clock (the feed's times
are the dates themselves) or on what the answer cache held before. The board, its PDF and the
answer come through pnp.services, which asks the games (this front end names none); answers are
worked out once and kept in the cache folder that `pnp daily` uses, so building a day again costs
no search. The pages share the templates and style of `pnp serve`'s Look at a board.
"""

from __future__ import annotations

import datetime as dt
import tempfile
import uuid
from contextlib import nullcontext
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Callable

from markupsafe import Markup

from pnp import play, services
from pnp.errors import PnpError
from pnp.site import folder as files

FEED_DAYS = 31          # the newest days in the feed (a feed reader wants what is new)
# CPU seconds for each answer not kept yet: the most pnp gives any board's perfect play. A site
# is built by a job nobody waits on, and perfect play's whole line on a Sunday's 11 dots, about
# 50 s of CPU alone, took more than `pnp daily`'s 120 s on this project's busy machine (its
# search waits on memory, so a loaded machine costs it CPU too; docs/hobbyists.md).
ANSWER_SECONDS = 600
MOST_DAYS = 3660        # days in one run: ten years
STATIC = ("pnp.css", "pnp.js")       # the web page's own style and script, copied beside the pages
# the feed's ids without the site's address: stable and the same for everyone (RFC 4122 name-based)
ID_SPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://pnp.invalid/site/board-of-the-day")


@dataclass(frozen=True)
class Board:
    title: str
    name: str            # the PDF's file name, in the day's folder
    size: int            # the PDF's bytes
    pages: int
    pictures: tuple      # the game's pictures of its boards ({svg, steps, words})
    plays: tuple = ()    # the pages playing its boards in the browser, in the day's folder


@dataclass(frozen=True)
class Day:
    date: dt.date
    boards: tuple[Board, ...]
    answers: tuple[dict, ...]       # {"answer": a line, "picture": the best line drawn, or None,
                                    #  "play": the page playing that board, or None}
    id: str                         # the feed's id of the day

    def listed(self) -> "Day":
        """The day as every day's page and the feed list it: without its pictures (years of
        days are kept in memory until those are written)."""
        return replace(self, boards=tuple(replace(b, pictures=()) for b in self.boards),
                       answers=tuple({"answer": a["answer"], "picture": None, "play": a["play"]}
                                     for a in self.answers))


def build(folder: Path, first: dt.date, count: int, seconds: float | None = None,
          url: str | None = None, searching: Callable | None = None) -> tuple[list[dt.date], int]:
    """The days ``first`` and the ``count - 1`` after it added to the site in ``folder`` (made
    if new), every page and the feed written again for all its days. ``seconds``: the CPU
    seconds allowed for each answer not kept already (None: ANSWER_SECONDS); ``url``: the
    address the site is served from, for the feed's absolute links; ``searching(label)``: a
    context that hears a search's progress. The site's days, and how many files were written
    (the others held the same bytes already)."""
    asked = _days(first, count)
    seconds = ANSWER_SECONDS if seconds is None else seconds
    url = _address(url)
    everyone = sorted(set(files.days_in(folder)) | set(asked))
    pages = _pages(url)
    written = int(files.mark(folder))
    days = []
    for n, date in enumerate(everyone):
        with searching(f"{date.isoformat()}: yesterday's board") if searching else nullcontext() as heard:
            day, pdfs = _day(date, seconds, heard, url)
        where = folder / date.isoformat()
        files.writable(where)
        for name, pdf in pdfs:
            written += files.put(where / name, pdf)
        before = everyone[n - 1] if n else None
        after = everyone[n + 1] if n + 1 < len(everyone) else None
        written += files.put(where / "index.html", pages.day(day, before, after, "../"))
        if after is None:                        # the newest day: the front page too
            written += files.put(folder / "index.html", pages.day(day, before, None, "", "newest"))
        days.append(day.listed())
    files.writable(folder / "static")
    for name in STATIC:
        written += files.put(folder / "static" / name,
                             resources.files("pnp.web").joinpath("static", name).read_bytes())
    written += files.put(folder / "archive.html", pages.archive(days[::-1]))
    written += files.put(folder / "feed.xml", pages.feed(days[::-1][:FEED_DAYS]))
    return everyone, written


def _days(first: dt.date, count: int) -> list[dt.date]:
    if not 1 <= count <= MOST_DAYS:
        raise PnpError(f"--days must be 1..{MOST_DAYS}, got {count}")
    try:
        return [first + dt.timedelta(days=n) for n in range(count)]
    except OverflowError:
        raise PnpError(f"--from {first.isoformat()} --days {count} runs past the year 9999") from None


def _address(url: str | None) -> str:
    """The site's address as the start of its absolute links ("" for relative ones)."""
    if url is None:
        return ""
    if not (url.startswith(("https://", "http://")) and len(url) <= 300
            and url.isprintable() and not any(c in url for c in ' "<>\\^`{|}#?')):
        raise PnpError(f"--url must be the web address the site is served from, like "
                       f"https://club.example.org/daily/, got {url[:60]!r}")
    return url if url.endswith("/") else url + "/"


def _day(date: dt.date, seconds, progress, url: str) -> tuple[Day, list[tuple[str, bytes]]]:
    """One day's boards (their PDFs built and pictured) and the answers to the day before's;
    and its files, (name, bytes) each: the PDFs and the pages that play the boards."""
    boards, pdfs = [], []
    with tempfile.TemporaryDirectory(prefix="pnp-site-") as tmp:
        for spec, path, _, pages in services.daily(date, Path(tmp)):
            pdfs.append((path.name, path.read_bytes()))
            plays = []
            for kind, board in services.playable(spec):
                # the day's board played without its answer: that is the next day's page
                plays.append(f"play-{len(pdfs)}-{len(plays) + 1}.html")
                pdfs.append((plays[-1], play.page(kind, board).encode("utf-8")))
            boards.append(Board(spec.title, path.name, len(pdfs[-len(plays) - 1][1]), pages,
                                tuple(services.pictures(spec)), tuple(plays)))
    names = [name for name, _ in pdfs]
    if len(set(names)) != len(names):            # two games' PDFs of one name: say so, never clobber
        raise PnpError(f"{date.isoformat()}: two boards of the day are named alike ({names})")
    answers = []
    for found in services.yesterday_drawn(date, seconds, progress):
        name = None
        if found["board"] is not None and found["kind"] in play.kinds():
            # the day before's board, its answer worked out: perfect play along its best line
            name = f"play-yesterday-{found['kind']}.html"
            pdfs.append((name, play.page(found["kind"], found["board"], found["figures"]).encode("utf-8")))
        answers.append({"answer": found["answer"], "picture": found["picture"], "play": name})
    answers = tuple(answers)
    ident = f"{url}{date.isoformat()}/index.html" if url else \
        f"urn:uuid:{uuid.uuid5(ID_SPACE, date.isoformat())}"
    return Day(date, tuple(boards), answers, ident), pdfs


class _pages:
    """The templates: the site's own, and `pnp serve`'s for what the two share (the picture
    and its stepper), in one environment."""

    def __init__(self, url: str):
        from jinja2 import ChoiceLoader, Environment, PackageLoader, select_autoescape

        self.env = Environment(loader=ChoiceLoader([PackageLoader("pnp.site", "templates"),
                                                    PackageLoader("pnp.web", "templates")]),
                               autoescape=select_autoescape(["html", "xml"]),
                               trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                               extensions=["jinja2.ext.i18n"])
        # the web page's templates say their words through the catalogs; the site is English
        self.env.install_null_translations(newstyle=True)
        # a game's sentences are Messages, printed as their English (``str``); the shared picture
        # macro's filter, which pnp serve uses to say a picture's title in the page's language
        # (pnp.web.site.picture): the site's are English, as written
        self.env.filters["picture"] = lambda look: Markup(look["svg"])
        self.url = url

    def _render(self, name: str, root: str = "", **context) -> bytes:
        return self.env.get_template(name).render(root=root, static=f"{root}static/",
                                                  **context).encode("utf-8")

    def day(self, day: Day, before, after, root: str, here: str = "") -> bytes:
        return self._render("day.html", day=day, before=before, after=after, root=root, here=here)

    def archive(self, days: list[Day]) -> bytes:
        return self._render("archive.html", all=days, here="archive")

    def feed(self, days: list[Day]) -> bytes:
        feed_id = f"{self.url}index.html" if self.url else f"urn:uuid:{ID_SPACE}"
        return self._render("feed.xml", shown=days, newest=days[0].date, url=self.url,
                            feed_id=feed_id)
