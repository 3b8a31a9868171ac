"""Look at a board: a board code typed in, its picture (from games that draw one), the best
line of play move by move, and the figures in words. Perfect play can take a while, so the work
is a job of the pool, answered at once when quick and otherwise followed on its own page
(``pnp.web.follow``) with its progress and a way to stop it; when the time given runs out
the page shows what it has and offers more time, never a mistake."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from pnp.web import follow, say
from pnp.web.jobs import Busy
from pnp.web.look_work import look_code, look_file
from pnp.web.site import BUSY, MAX_BOARDS, MAX_CODE, Refusal, form_of

WHAT = "look"
# the search's own budget (CPU seconds, as `pnp analyze --solve-seconds` counts them) before the
# page shows the figures it has and offers more
ANALYZE_SECONDS = 10
LONGER_SECONDS = 300      # "give it more time": an 11-dot board, the largest solved, takes minutes


def limit_of(data) -> float:
    return LONGER_SECONDS if data.get("longer") == "yes" else ANALYZE_SECONDS


async def analyze_page(request: Request) -> Response:
    code = request.query_params.get("code", "")[:MAX_CODE]
    return request.app.state.site.page(request, "analyze.html", look=None, code=code)


async def analyze_post(request: Request) -> Response:
    site = request.app.state.site
    code = ""
    try:
        data = await form_of(request, files=1)
        code = data.get("code") if isinstance(data.get("code"), str) else ""
        limit = limit_of(data)
        upload, content, name = data.get("file"), b"", ""
        if upload is not None and not isinstance(upload, str):
            content = await upload.read()
            name = (upload.filename or "").rsplit("/", 1)[-1].rsplit("\\", 1)[-1][:100] or "your file"
        again = site.pool.jobs.get(str(data.get("again") or ""))
        if not content and again is not None and again.what == WHAT and "content" in again.about:
            content, name = again.about["content"], again.about["name"]      # a board chosen
        if content:
            n = int(data["n"]) if str(data.get("n") or "").isdigit() else None
            job = site.pool.submit(WHAT, look_file, content, name, n, limit, MAX_BOARDS,
                                   timeout=limit + 60, watched=True)
            follow.started(job, limit, code="", content=content, name=name, n=n)
            return await follow.answered(request, job)
        if not code.strip():
            raise Refusal(say.TYPE_A_CODE)
        if len(code) > MAX_CODE:
            raise Refusal(say.CODE_TOO_LONG.with_facts(most=MAX_CODE))
        job = site.pool.submit(WHAT, look_code, code, limit, timeout=limit + 30, watched=True)
    except Refusal as exc:
        return site.page(request, "analyze.html", exc.status, look=None, code=code[:MAX_CODE],
                         general=[follow.sentence(exc)])
    except Busy:
        return site.page(request, "analyze.html", 503, look=None, code=code, general=[str(BUSY)])
    follow.started(job, limit, code=code)
    return await follow.answered(request, job)


def shown(request: Request, job) -> Response:
    """The job's page: its progress while it runs, else what it found (or why not)."""
    def finished(job):
        if job.state == "done" and "choose" in job.result:
            return 200, {"choose": job.result["choose"], "chosen_from": job}
        if job.state == "done":
            return 200, {"look": job.result, "limit": job.limit, "longer": LONGER_SECONDS,
                         "from_file": job if "content" in job.about else None}
        return 422 if job.state == "refused" else 500, {
            "general": [follow.sentence(line) for line in follow.mistakes(job)]}

    return follow.page(request, job, "analyze.html", finished, code=job.about["code"])


follow.register(WHAT, shown)
