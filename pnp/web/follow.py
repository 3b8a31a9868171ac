"""Long work followed by a page: a job of the pool is waited on briefly (quick work answers at
once), then followed on a page of its own that shows its progress, says how long it may take,
and can cancel it. A page without script refreshes itself; with script it asks for the status.

The words of every state are in the templates (``_progress.html``), rendered here for the page
and for the status the script shows, so no sentence is assembled in the browser."""

from __future__ import annotations

import asyncio
import time

from starlette.requests import Request
from starlette.responses import JSONResponse

AT_ONCE = 1.5        # seconds a request waits for its work before it shows a progress page


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


def status(request: Request, job, limit: float | None = None) -> JSONResponse:
    """The job's state and its progress line, as the page's script shows them."""
    view = progress(job, limit)
    words = request.app.state.site.env.get_template("_progress.html").module.line(view)
    return JSONResponse({**view, "line": " ".join(str(words).split()),
                         "finished": job.finished})
