"""`pnp serve`: the app. A second front end beside the CLI: it drives the same registry, spec
loader, build, validator and analysis, and knows no game by name (its forms come from each
game's Item, see ``pnp.web.forms``). Its rooms: ``site`` (shared state and request reading),
``gallery`` (the start page), ``making`` (the form, preview and builds), ``tools`` (board of the
day, check a PDF), ``looking`` (look at a board), ``follow`` (long work's progress page), ``jobs`` and ``work`` (the worker pool and what workers do), ``guard``
(Host, size and token).

Nothing a request says names a file: layouts are chosen by name from a list read at start,
jobs by a random id, static files from a fixed list read from the package. Results are kept in
memory and sent from there, and the shared ones (gallery pictures) also in the shared folder
(``cache``), by a hash of what was asked.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import tempfile

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.middleware import Middleware
from starlette.routing import Route

from pnp.web import follow, gallery, looking, making, playing, say, tasks, tools
from pnp.web.cache import Kept
from pnp.web.clients import IPV6_PREFIX, networks_of
from pnp.web.say import shown
from pnp.web.gallery import Layout, default_layout_folders, read_layouts
from pnp.web.guard import Guard, Rate
from pnp.web.language import Speaking
from pnp.web.site import MAX_FORM_BYTES, MAX_UPLOAD, PRIVATE, PUBLIC, STATIC_TYPES, Site

# GETs that start work in a worker: refused when another site's page asks for them; those of
# them that can start new work on every ask (any date) also count towards the rate per address
WORK_PATHS = ("/daily", "/thumb/")
RATED_PATHS = ("/daily",)

async def static(request: Request) -> Response:
    site = request.app.state.site
    name = request.path_params["name"]
    if name not in site.static:
        return PlainTextResponse(shown(say.NOT_FOUND), 404)
    return Response(site.static[name], media_type=STATIC_TYPES[name],
                    headers={"Cache-Control": "max-age=300"})


async def not_found(request: Request, exc) -> Response:
    return PlainTextResponse(shown(say.NOT_FOUND), 404)


async def not_allowed(request: Request, exc) -> Response:
    status = getattr(exc, "status_code", 400)
    return PlainTextResponse(shown(say.NOT_ALLOWED), status)


async def server_error(request: Request, exc) -> Response:
    # a bug must still be one plain line, not a traceback or an internal name, and the server
    # goes on; what was raised goes to the server's log
    logging.getLogger("pnp.web").error("pnp serve: %s %s failed", request.method, request.url.path,
                                       exc_info=exc)
    return PlainTextResponse(shown(say.BROKEN), 500)


SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                 b"script-src 'self'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


# seconds a "busy" answer (503) asks its client to wait before asking again: a rush's teachers
# come back spread out, at a pace the workers can take, and the page's script waits that long
RETRY_SECONDS = 3


class Headers:
    """Every answer says: no scripts or styles from elsewhere, not in another site's frame; and
    every 503 says when to try again (``Retry-After``), whichever route answered it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        async def sending(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", [])) + SECURITY_HEADERS
                if message["status"] == 503 and not any(k.lower() == b"retry-after" for k, _ in headers):
                    headers.append((b"retry-after", str(RETRY_SECONDS).encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


# the fork server's socket lives two folders below the run folder (pymp-*/listener-*), and a
# socket's path has at most 107 bytes on Linux: a run folder deeper than this goes to /tmp
SOCKET_ROOM = 60


def _short(folder: str) -> str:
    return folder if len(folder) <= SOCKET_ROOM or not os.path.isdir("/tmp") else "/tmp"


def create_app(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None,
               layouts: dict[str, Layout] | None = None, waiting: int | None = None,
               token: str | None = None, warm: bool = True, public: bool = False,
               allow_hosts=(), cache: str | None = None, proxies=(), own_temp: bool = False,
               ipv6_prefix: int = IPV6_PREFIX, door_secret: str | None = None):
    """The ASGI app, wrapped in its guard (Host, size, token, rate) and security headers.

    ``public``: the shared mode's limits (``site.PUBLIC``). ``cache``: the shared folder for
    finished work. ``proxies``: addresses, ranges or names (resolved now) whose X-Forwarded-For
    names the client; ``ipv6_prefix``: the bits of an IPv6 address that name a client. ``own_temp``
    (a server process of its own, as `pnp serve` runs it): every temporary file of this process
    goes into one private folder, which the fork server removes once this process is gone."""
    limits = PUBLIC if public else PRIVATE
    run_folder = None
    if own_temp:
        run_folder = tempfile.mkdtemp(prefix="pnp-serve-", dir=_short(tempfile.gettempdir()))
        tempfile.tempdir = run_folder
    site = Site(host, port, workers, read_layouts(default_layout_folders()) if layouts is None else layouts,
                waiting, limits=limits, kept=Kept(cache) if cache else None, run_folder=run_folder)
    routes = [
        Route("/", gallery.index),
        Route("/for/{audience}", tasks.task_page),
        Route("/for/{audience}", tasks.task_post, methods=["POST"]),
        Route("/make", making.make),
        Route("/make", making.make_post, methods=["POST"]),
        Route("/preview", making.preview_api, methods=["POST"]),
        Route("/spec", making.spec_post, methods=["POST"]),
        Route("/build", making.build_api, methods=["POST"]),
        Route("/jobs/{id}", making.job_page),
        Route("/jobs/{id}/status", making.job_status),
        Route("/jobs/{id}/cancel", making.job_cancel, methods=["POST"]),
        Route("/jobs/{id}/file/{n:int}", making.job_file),
        Route("/daily", tools.daily),
        Route("/daily/{day}/{n:int}.pdf", tools.daily_pdf),
        Route("/validate", tools.validate_page),
        Route("/validate", tools.validate_post, methods=["POST"]),
        Route("/analyze", looking.analyze_page),
        Route("/analyze", looking.analyze_post, methods=["POST"]),
        Route("/working/{id}", follow.work_page),
        Route("/working/{id}/status", follow.work_status),
        Route("/working/{id}/cancel", follow.work_cancel, methods=["POST"]),
        Route("/play", playing.play_page),
        Route("/play/{name}", playing.asset),
        Route("/thumb/{name}.png", gallery.thumb),
        Route("/static/{name}", static),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        if own_temp:
            try:
                site.pool.start()
            except OSError as exc:
                logging.getLogger("pnp.web").error("pnp: the workers' fork server could not start "
                                                   "in %s: %s", run_folder, exc.strerror or exc)
                raise
        warming = asyncio.get_running_loop().create_task(gallery.warm_thumbnails(site) if warm else asyncio.sleep(0))
        yield
        warming.cancel()
        site.pool.close()

    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed,
                                                       Exception: server_error},
                    middleware=[Middleware(Speaking)], lifespan=lifespan)
    app.state.site = site
    guard = Guard(Headers(app), host, port, MAX_FORM_BYTES, MAX_UPLOAD, token=token,
                  allow_hosts=allow_hosts, work_paths=WORK_PATHS, rated_paths=RATED_PATHS,
                  rate=Rate(limits.per_minute, limits.burst) if limits.per_minute else None,
                  body_seconds=limits.body_seconds, upload_seconds=limits.upload_seconds,
                  proxies=networks_of(proxies), ipv6_prefix=ipv6_prefix, door_secret=door_secret)
    site.guard = guard
    return guard

