"""The board of the day and checking an uploaded PDF: each the CLI's own command (`pnp daily`,
`pnp validate`) run in a worker and shown. Looking at a board is ``pnp.web.looking``."""

from __future__ import annotations

import datetime as dt

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from pnp.dates import read_date
from pnp.errors import PnpError
from pnp.web import follow, say, work
from pnp.web.answers import Outcome
from pnp.web.jobs import Busy, Failed
from pnp.web.say import sentence, shown
from pnp.web.site import BUSY, DAILY_KEPT, Refusal, answer, data_url, form_of, safe_name

# --- board of the day -----------------------------------------------------------------------

def parse_day(text: str | None) -> dt.date:
    if not text:
        return dt.date.today()
    try:
        day = read_date(text, "the date")
    except PnpError as exc:
        raise Refusal(exc) from None
    if not 2000 <= day.year <= 2200:
        raise Refusal(say.DATE_RANGE.with_facts(day=day.isoformat()))
    return day


async def the_day(request: Request, day: dt.date) -> dict:
    """The boards of ``day`` (the same for everyone, so kept once made: in memory, and in the
    shared folder when there is one)."""
    site = request.app.state.site
    key = day.isoformat()
    if key not in site.days:
        # one job per date however many ask at once (pnp.web.jobs.Pool.shared)
        result = await site.pool.shared(DAY, key, work.daily, key, timeout=DAY_TIMEOUT,
                                        gone=request.is_disconnected, keep=True)
        while len(site.days) >= DAILY_KEPT:
            site.days.pop(next(iter(site.days)))
        site.days[key] = result
    return site.days[key]


DAY, YESTERDAY = "daily", "yesterday"
DAY_TIMEOUT = 120


def yesterday(site, day: dt.date):
    """What came of the answer to the board of the day before ``day`` (``pnp.web.answers``:
    worked out once a date in the background, remembered), or the job working it out. It reads
    the answer where `pnp daily` keeps it, the games' cache folder (the shared folder, under
    ``--cache``, so replicas share it too), or works it out within the game's CPU budget and
    keeps it there."""
    key = day.isoformat()
    found = site.answers.outcome(key)
    if found is not None:
        return found
    job = site.answers.ask(site.pool, YESTERDAY, key, work.yesterday, key)
    follow.started(job, None, day=key)
    return job


async def daily(request: Request) -> Response:
    site = request.app.state.site
    try:
        day = parse_day(request.query_params.get("date"))
        result = await the_day(request, day)
    except Refusal as exc:
        return answer(request, exc)
    except Busy:
        return answer(request, Refusal(BUSY, 503))
    except (Failed, work.Refused) as exc:
        return answer(request, Refusal(exc, 500))
    boards = [{**b, "png": data_url(b["png"]), "url": f"/daily/{day.isoformat()}/{n}.pdf"}
              for n, b in enumerate(result["boards"])]
    context = {"day": day, "boards": boards, "yesterday": day - dt.timedelta(days=1),
               "tomorrow": day + dt.timedelta(days=1)}
    try:
        found = yesterday(site, day)
    except Busy:            # the boards are shown; the answer is asked for at the next visit
        return site.page(request, "daily.html", **context, answers=None,
                         failed=follow.sentence(BUSY))
    if not isinstance(found, Outcome):
        job = found
        if not await follow.briefly(job):
            # being worked out: the page says so and follows it, reloading when it ends
            return site.page(request, "daily.html", **context, answers=None, job=job,
                             progress=follow.progress(job), url=f"/working/{job.id}")
        found = site.answers.settle(site.pool, day.isoformat(), job)
        if found is None:           # it ended without an outcome kept: shown once, then anew
            site.answers.seen(site.pool, job)
            return site.page(request, "daily.html", **context, answers=None,
                             failed=follow.sentence(job.error or job.state))
    if found.lines is not None:
        return site.page(request, "daily.html", **context, answers=found.lines)
    return site.page(request, "daily.html", **context, answers=None,
                     cannot=follow.sentence(found.cannot))


def yesterday_shown(request: Request, job) -> Response:
    """The answer's own page is the board of the day it belongs to."""
    return RedirectResponse(f"/daily?date={job.about['day']}", 303)


follow.register(YESTERDAY, yesterday_shown)


async def daily_pdf(request: Request) -> Response:
    try:
        day = parse_day(request.path_params["day"])
        result = await the_day(request, day)
        board = result["boards"][request.path_params["n"]]
    except Refusal as exc:
        return PlainTextResponse(sentence(exc), exc.status)
    except Busy:
        return PlainTextResponse(str(BUSY), 503)
    except (Failed, work.Refused, IndexError):
        return PlainTextResponse(shown(say.NO_BOARD), 404)
    return Response(board["pdf"], media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{safe_name(board["name"])}"'})


# --- check a PDF ------------------------------------------------------------------------------

CHECK = "check"
CHECK_SECONDS = 300         # the most a check may take


async def validate_page(request: Request) -> Response:
    return request.app.state.site.page(request, "validate.html", report=None)


async def validate_post(request: Request) -> Response:
    site = request.app.state.site
    try:
        data = await form_of(request, files=1)
        upload = data.get("pdf")
        if upload is None or isinstance(upload, str):
            raise Refusal(say.CHOOSE_A_PDF)
        name = (upload.filename or "").rsplit("/", 1)[-1].rsplit("\\", 1)[-1][:100] or "your file"
        if not await upload.read(1):
            raise Refusal(say.EMPTY_FILE.with_facts(name=name))
        # the upload goes into the job's folder on disk before it waits for a worker
        job = await site.pool.submit_upload(CHECK, work.validate_pdf, None,
                                            upload=(upload.file, work.UPLOAD),
                                            timeout=CHECK_SECONDS, watched=True)
    except Refusal as exc:
        return site.page(request, "validate.html", exc.status, report=None,
                         general=[follow.sentence(exc)])
    except Busy:
        return site.page(request, "validate.html", 503, report=None, general=[str(BUSY)])
    follow.started(job, CHECK_SECONDS, name=name)
    return await follow.answered(request, job, 5)


def checked(request: Request, job) -> Response:
    """A check's page: its progress while it runs; the report, one row a board; or why the file
    could not be checked, named as the user named it."""
    name = job.about["name"]

    def finished(job):
        if job.state == "done":
            return 200 if job.result["ok"] else 422, {"report": job.result}
        from pnp.verify.record import NO_RECORD     # a PDF saved again by another program

        lines = [line.replace(work.UPLOAD, name) for line in follow.mistakes(job)]
        resaved = job.state == "refused" and any(getattr(m.message, "msgid", None) == NO_RECORD
                                                 for m in job.error)
        return 422, {"cannot": lines, "resaved": resaved}

    return follow.page(request, job, "validate.html", finished, name=name)


follow.register(CHECK, checked)
