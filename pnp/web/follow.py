"""Long work followed by a page: a job of the pool is waited on briefly (quick work answers at
once), then followed on a page of its own that shows its progress, says how long it may take,
and can cancel it. A page without script refreshes itself; with script it asks for the status.

The words of every state are in the templates (``_progress.html``), rendered here for the page
and for the status the script shows, so no sentence is assembled in the browser."""

from __future__ import annotations

import asyncio
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from pnp.web.jobs import KEPT
from pnp.web.say import GONE, sentence, shown  # noqa: F401 (sentence: used as follow.sentence)
from pnp.web.site import Refusal, answer, form_of

AT_ONCE = 1.5        # seconds a request waits for its work before it shows a progress page

# what a job is (its ``what``) -> the function that shows it, finished or not: each page that
# starts long work registers its own, and /working/ID shows any of them
SHOWN: dict = {}


def register(what: str, shown) -> None:
    SHOWN[what] = shown


def started(job, limit: float | None = None, **about) -> None:
    """Note on ``job`` what its page needs besides the pool's record: the limit it stops at and
    what it was asked (the code typed, the file's name)."""
    job.limit, job.about = limit, about


async def answered(request: Request, job, seconds: float = AT_ONCE) -> Response:
    """The job's page at once when it finishes within ``seconds``, else a redirect to its own
    page, which follows it."""
    if await briefly(job, seconds):
        return SHOWN[job.what](request, job)
    return RedirectResponse(f"/working/{job.id}", 303)


async def briefly(job, seconds: float = AT_ONCE) -> bool:
    """Wait up to ``seconds`` for ``job``; True when it has finished."""
    if not job.future.done():
        await asyncio.wait({job.future}, timeout=seconds)
    return job.finished


def progress(job, limit: float | None = None) -> dict:
    """What the progress words need: the state, boards done of a total (with the time left at
    the rate so far) or positions searched (with the limit the work stops at)."""
    elapsed = time.monotonic() - job.started if job.state == "running" else 0.0
    done, total = job.progress.get("done", 0), job.progress.get("total")
    left = None
    if total and done and job.state == "running":
        left = max(1, round(elapsed / done * (total - done)))
    return {"state": job.state, "done": done, "total": total, "left": left,
            "positions": job.progress.get("positions"), "elapsed": round(elapsed),
            "limit": limit}


def page(request: Request, job, template: str, finished, **context) -> Response:
    """A followed job's page in the states every kind shares: its progress while it runs, a
    note when stopped; ``finished(job)`` gives the status and what else the template shows when
    it is done, refused or failed. ``context`` goes to the template in every state."""
    site = request.app.state.site
    if not job.finished:
        return site.page(request, template, job=job, progress=progress(job, job.limit),
                         url=f"/working/{job.id}", **context)
    if job.state == "cancelled":
        return site.page(request, template, stopped=True, **context)
    status, more = finished(job)
    return site.page(request, template, status, **context, **more)


def mistakes(job) -> list[str]:
    """A refused or failed job's lines, in the page's words."""
    return [shown(m.message) for m in job.error] if job.state == "refused" else [shown(job.error)]


def find(request: Request):
    job = request.app.state.site.pool.seen(request.path_params["id"])
    return job if job is not None and job.what in SHOWN else None


async def work_page(request: Request) -> Response:
    job = find(request)
    if job is None:
        return answer(request, Refusal(GONE.with_facts(time=KEPT), 404))
    return SHOWN[job.what](request, job)


async def work_status(request: Request) -> Response:
    """The job's state and its progress line, as the page's script shows them."""
    job = find(request)
    if job is None:
        return JSONResponse({"state": "unknown", "finished": True}, 404)
    view = progress(job, job.limit)
    words = request.app.state.site.env.get_template("_progress.html").module.line(view)
    return JSONResponse({**view, "line": " ".join(str(words).split()), "finished": job.finished})


async def work_cancel(request: Request) -> Response:
    try:
        await form_of(request)
    except Refusal as exc:
        return answer(request, exc)
    job = find(request)
    if job is None:
        return answer(request, Refusal(GONE.with_facts(time=KEPT), 404))
    request.app.state.site.pool.cancel(job.id)
    await asyncio.wait({job.future}, timeout=2)
    return RedirectResponse(f"/working/{job.id}", 303)
