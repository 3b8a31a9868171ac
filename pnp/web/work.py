"""What the page's workers do, each in a process of its own: build a spec, render its first
pages, validate an uploaded PDF, analyze a board code, make the board of the day.

Everything here runs in a child started by ``pnp.web.jobs`` and returns plain data (bytes,
numbers, text, lists), so a result crosses the pipe whole and a failure is a message, never a
half-sent object. The heavy modules are imported when this module is; the fork server that
starts workers imports it and warms it (``pnp.web.warm``), so a preview pays for neither.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium

from pnp import services
from pnp.build import output_paths
from pnp.errors import PnpError
from pnp.games import KINDS, game
from pnp.i18n.message import Fact, Message, Number
from pnp.spec import loads
from pnp.web.say import Counts, Mistake

for _kind in KINDS:            # the games too: a worker forked from here starts warm
    game(_kind)

PREVIEW_DPI = 60               # a page about 500 px wide: readable, and quick to draw and send


class Refused(Exception):
    """A user's mistake found in a worker, as plain data: [pnp.web.say.Mistake]."""


def mistakes(exc: PnpError) -> list[Mistake]:
    return Mistake.of(exc)


def render(pdf: Path, pages: int, dpi: int = PREVIEW_DPI) -> list[bytes]:
    """The first ``pages`` pages of a PDF pnp just wrote, as PNG bytes (pdfium, as `pnp preview`)."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        out = []
        for i in range(min(pages, len(document))):
            buffer = io.BytesIO()
            document[i].render(scale=dpi / 72).to_pil().save(buffer, format="PNG")
            out.append(buffer.getvalue())
        return out
    finally:
        document.close()


def build_spec(report, tmp: str, text: str, filename: str, keys_apart: bool, previews: int,
               pdfs: bool, max_pages: int, first_boards: int | None = None) -> dict:
    """The spec in ``text`` built as `pnp build` builds it, into the private folder ``tmp``,
    within the page's limits (``services.plan``); the PDFs' bytes (when ``pdfs``) and PNGs of
    the first ``previews`` pages. With ``first_boards`` (a preview) only the first that many
    boards are built."""
    try:
        plan = services.plan(loads(text, filename), services.Limits(max_pages, first_boards),
                             Path(tmp) / "probe")
        report({"done": 0, "total": plan.boards})
        done = [0]

        def progress(n: int) -> None:
            done[0] += n
            report({"done": done[0], "total": plan.boards})

        written = services.build(plan, Path(tmp), progress, keys_apart=keys_apart)
    except PnpError as exc:
        raise Refused(mistakes(exc)) from None
    parts = {path.name: part for path, part in output_paths(plan.spec, Path(tmp), False, keys_apart)}
    names = list(parts)
    # each PDF's contents in the games' nouns, as pnp build counts them ("24 worksheets", "24
    # answer keys"), and its pages: the page says them in its own language
    out = {"boards": plan.boards, "of": plan.of, "previews": render(written[0][0], previews),
           "files": [{"name": path.name, "boards": boards, "pages": pages,
                      "counted": services.counted(plan.spec, parts.get(path.name), boards)}
                     for path, boards, pages in written]}
    if pdfs:
        out["pdfs"] = [(path.name, path.read_bytes()) for path, _, _ in written if path.name in names]
        # each board that can be played in the browser, with its code, as the PDFs record it
        out["playable"] = services.played_in(path for path, _, _ in written)
    return out


UPLOAD = "uploaded.pdf"


def validate_pdf(report, tmp: str, content: bytes | None) -> dict:
    """The validator's verdict on an uploaded file (written into the private folder ``tmp``
    under a name of ours; ``None``: the pool wrote it there already): whether it is proved, and
    where it first parts from its rebuild if not, then one row per board, each word of it a
    Message or a fact, said in the page's language when shown."""
    from pnp.verify.record import NotOurs
    from pnp.verify.validate import MAX_PROBLEMS, prove_file, summary_said

    path = Path(tmp) / UPLOAD
    if content is not None:
        path.write_bytes(content)
    try:
        verdict = prove_file(path)
    except NotOurs as exc:
        message = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else None
        if message is None or message.facts.get("file") != str(path):
            raise Refused([Mistake(str(exc).replace(str(path), UPLOAD))]) from None
        raise Refused([Mistake(safe_to_show(message.with_facts(**{**message.facts, "file": UPLOAD})))]) \
            from None
    reports = verdict.reports
    rows = [{"board": Number(r.number, "d") if r.number else None, "label": safe_to_show(r.label),
             "pages": [Number(p + 1, "d") for p in r.pages],
             "ok": r.ok, "problems": [{"code": p.code, "message": safe_to_show(p.message)}
                                      for p in r.problems[:MAX_PROBLEMS]],
             "more_problems": _more(len(r.problems) - MAX_PROBLEMS)} for r in reports]
    advice = None
    if verdict.advice is not None:      # the CLI's command has no place on a page: pnp's own words
        advice = Message("To get a file that proves, check the PDF exactly as pnp gave it, or make "
                         "it again from its spec: the same spec and seed give the same file, byte "
                         "for byte.")
    return {"rows": rows, "summary": safe_to_show(summary_said(reports, Counts)),
            "ok": verdict.ok, "proved": verdict.proved, "proof": safe_to_show(verdict.said),
            "advice": advice}


def _more(n: int) -> Message | None:
    """How many more problems a row has than it shows, in the words the validator lists its
    findings with ("and 3 more"); none: nothing to say."""
    from pnp.verify.problems import MORE

    return Message(MORE, n=Number(n, ",")) if n > 0 else None


def safe_to_show(message: Message) -> Message:
    """A validator's message (its template and facts) as the page says it: in the page's
    language when shown; what the file wrote (a name, an ID) made safe to show as it is
    (``shown_text``: no control or direction characters, cut short), a number as the page's
    language writes it."""
    from pnp.verify.validate import shown_text

    def fact(value):
        if isinstance(value, Message):     # a finding said in words: its own facts made safe too
            return value.with_facts(**{k: fact(v) for k, v in value.facts.items()})
        if isinstance(value, Fact) or hasattr(value, "say"):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return Number(value, "d")
        return shown_text(value) if isinstance(value, str) else value

    return fact(message if isinstance(message, Message) else Message(message))


def analyze_code(report, tmp: str, text: str, seconds: float) -> dict:
    """A board code (any form the CLI accepts) read by the games that read codes; its figures
    and report, perfect play within ``seconds``."""
    def heard(positions, elapsed):
        report({"positions": positions, "seconds": elapsed})

    try:
        [found] = services.from_code(text)
        figures, _ = services.analyze(found, heard, solve=None, seconds=seconds)
    except PnpError as exc:
        raise Refused(mistakes(exc)) from None
    label, kind, _ = found
    return {"label": label, "kind": kind, "title": game(kind).TITLE,
            "figures": figures, "report": services.report(kind, figures)}


def daily(report, tmp: str, iso_day: str) -> dict:
    """The board of ``iso_day`` of every game that has one: its PDF and a PNG of it."""
    import datetime as dt

    day = dt.date.fromisoformat(iso_day)
    return {"boards": [{"title": spec.title, "name": path.name, "pdf": path.read_bytes(),
                        "png": render(path, 1, 100)[0]}
                       for spec, path, _, _ in services.daily(day, Path(tmp))]}


def yesterday(report, tmp: str, iso_day: str) -> list[str]:
    """The answer to the board of the day before ``iso_day``, a line per game: read from the
    games' cache folder, where `pnp daily` keeps it too, or worked out within the game's own
    budget (and kept there) while ``report`` hears the search."""
    import datetime as dt

    def heard(positions, elapsed):
        report({"positions": positions, "seconds": elapsed})

    # the page has no command-line options to name: it says to come back (daily.html)
    return list(services.yesterday(dt.date.fromisoformat(iso_day), None, heard, hint=False))
