"""What every route of `pnp serve` shares: the site's state (pool, layouts, templates, caches),
the page's caps, and reading a request: its size already capped by the guard, its token
checked here.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from importlib import resources

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from pnp.games import KINDS, game
from pnp.i18n import current, web_gettext, web_ngettext
from pnp.web import forms, language, say
from pnp.web.say import shown
from pnp.web.answers import Answers
from pnp.web.jobs import Pool

MAX_BOARDS = 200            # boards in one build from the page (pnp build takes 5000)
MAX_PAGES = 400             # pages in one build from the page
MAX_FORM_BYTES = 256_000    # a form's body (the spec loader reads at most 256 kB of YAML)
MAX_UPLOAD = 16 * 2**20     # a PDF to validate (the validator itself reads up to 128 MB)
MAX_CODE = 400              # characters of a board code typed in
PREVIEW_PAGES = 2
PREVIEW_BOARDS = 24         # a preview builds at most the first 24 boards (a class set whole)
DAILY_KEPT = 60             # boards of the day kept in memory
PREVIEWS_KEPT = 64          # previews kept in memory, by their spec (two small PNGs each)

BUSY = say.BUSY

# the files of static/ the page serves, and what each is
STATIC_TYPES = {"pnp.js": "text/javascript; charset=utf-8", "pnp.css": "text/css; charset=utf-8",
                "names-deva.ttf": "font/ttf", "names-cjk.otf": "font/otf"}


@dataclass(frozen=True)
class Limits:
    """How much one server process lets anyone ask of it. ``PRIVATE`` for one person's page on
    their own computer; ``PUBLIC`` (``pnp serve --public``) for strangers on a school's or a
    club's network (docs/hosting.md has the table)."""
    waiting: int                    # jobs waiting for a worker, past the running ones
    per_client: int | None          # jobs at once from one address
    per_minute: float | None        # requests that start work, a minute, from one address
    burst: int                      # ... of which at once
    most_seconds: float | None      # no job runs longer, whatever it is
    most_queued: int                # bytes of uploads waiting or being checked
    body_seconds: float             # a form's body must arrive within this
    upload_seconds: float           # an upload's body must arrive within this
    header_seconds: float           # a request's headers must arrive within this
    connections: int                # open connections a server process serves at once
    per_client_connections: int | None  # ... and the door lets one client hold (pnp.web.door)


PRIVATE = Limits(waiting=62, per_client=None, per_minute=None, burst=0, most_seconds=None,
                 most_queued=256 * 2**20, body_seconds=60, upload_seconds=300, header_seconds=30,
                 connections=512, per_client_connections=None)
PUBLIC = Limits(waiting=254, per_client=2, per_minute=60, burst=20, most_seconds=120,
                most_queued=64 * 2**20, body_seconds=20, upload_seconds=120, header_seconds=10,
                connections=256, per_client_connections=64)


class Site:
    """The app's state: the pool, the layouts, the token, cached pictures and boards of the day."""

    def __init__(self, host: str, port: int, workers: int | None, layouts: dict,
                 waiting: int | None = None, limits: Limits = PRIVATE, kept=None,
                 run_folder: str | None = None):
        self.limits = limits
        self.pool = Pool(workers, limits.waiting if waiting is None else waiting,
                         per_client=limits.per_client, most_seconds=limits.most_seconds,
                         most_queued=limits.most_queued, run_folder=run_folder, kept=kept)
        self.layouts = layouts          # name -> gallery.Layout
        self.thumbs: dict[str, bytes] = {}
        self.days: dict[str, dict] = {}
        self.answers = Answers()        # yesterday's answer, a date's outcome (pnp.web.answers)
        self.previews = Recent(PREVIEWS_KEPT)   # previews by their spec (pnp.web.making)
        # the page's words through the catalogs (pnp.web.language), in the request's language;
        # a {% trans %} block's lines are joined as one message, as pybabel extracts them
        self.env = Environment(loader=PackageLoader("pnp.web", "templates"),
                               autoescape=select_autoescape(["html"]), extensions=["jinja2.ext.i18n"])
        self.env.policies["ext.i18n.trimmed"] = True
        self.env.install_gettext_callables(web_gettext, web_ngettext, newstyle=True)
        # words not written in a template (a layout's title, what it prints): translated when
        # the catalog has them, and escaped as any value (``_`` would take them as markup)
        self.env.filters["tr"] = web_gettext
        # every Message or fact a template prints (a game's sentences about a board made in a
        # worker, a refusal, a validator's finding) is said in the page's language where it is
        # printed: ``{{ message }}``, as for any value
        self.env.finalize = shown_in_template
        self.env.filters["picture"] = picture
        self.env.globals["labelled"] = labelled
        self.env.globals["number"] = language.number
        self.env.globals["language_now"] = current      # for macros, which see no page context
        self.env.globals["shown_value"] = forms.shown_value   # a keyword in the page's words
        self.env.globals["truly_default"] = forms.truly_default
        self.static = {name: resources.files("pnp.web").joinpath("static", name).read_bytes()
                       for name in STATIC_TYPES}
        self.guard = None               # the Guard, whose token the forms carry

    def page(self, request: Request, template: str, status: int = 200, **context) -> HTMLResponse:
        context.update(token=request.scope["state"]["csrf_token"], kinds=KINDS, game=game,
                       path=request.url.path, lang=current(),
                       languages=language.switch_links(request.url.path, request.url.query))
        return HTMLResponse(self.env.get_template(template).render(**context), status)


class Recent:
    """The last ``most`` results put, by key; the least recently used go first."""

    def __init__(self, most: int):
        from collections import OrderedDict

        self.most, self.items = most, OrderedDict()

    def get(self, key):
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
        return found

    def put(self, key, value) -> None:
        self.items[key] = value
        self.items.move_to_end(key)
        while len(self.items) > self.most:
            self.items.popitem(last=False)


def count_max() -> int:
    return MAX_BOARDS


# ---------------------------------------------------------------------------------------------
# reading requests


class Refusal(Exception):
    """A request the page answers with a message (the page's words, a Message, or a line it
    shows as it is) and a status."""

    def __init__(self, message, status: int = 400):
        super().__init__(message)
        self.status = status


async def form_of(request: Request, files: int = 0) -> dict:
    """The submitted fields (and with ``files`` that many uploads), after the size cap and the
    token; Refusal otherwise."""
    try:
        data = await request.form(max_files=files, max_fields=2000,
                                  max_part_size=request.scope["state"]["body_limit"])
    except ClientDisconnect:
        if request.scope["state"].get("too_large"):
            limit = request.scope["state"]["body_limit"]
            raise Refusal(say.TOO_LARGE.with_facts(kb=limit // 1000), 413) from None
        if request.scope["state"].get("too_slow"):
            raise Refusal(say.TOO_SLOW, 408) from None
        raise Refusal(say.ENDED_EARLY, 400) from None
    except Exception:   # noqa: BLE001 - a malformed body (multipart's own errors) is one line
        raise Refusal(say.UNREADABLE) from None
    given = request.headers.get("x-csrf-token") or data.get("csrftoken")
    if not isinstance(given, str) or not request.app.state.site.guard.token_ok(given):
        raise Refusal(say.OUT_OF_DATE, 403)
    return data


def answer(request: Request, exc: Refusal) -> Response:
    """A refusal on a page of its own (or as JSON, to the page's script), in the page's words."""
    line = say.sentence(exc)
    if wants_json(request):
        return JSONResponse({"ok": False, "general": [line], "errors": {}}, exc.status)
    return request.app.state.site.page(request, "message.html", exc.status, message=line)


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def text_fields(data) -> dict[str, str]:
    return {k: v for k, v in data.items() if isinstance(v, str)}


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()



def shown_in_template(value):
    """A value as a template prints it: a Message or a fact said in the page's language
    (``say.shown``), anything else left to Jinja as it is."""
    return shown(value) if isinstance(value, (say.Message, say.Fact)) else value


def safe_name(name: str) -> str:
    """A file name for a download header: the loader allows any printable name, the header
    wants plain ASCII."""
    return re.sub(r"[^A-Za-z0-9._ -]", "_", name)[:120] or "pnp.pdf"


def picture(look: dict) -> Markup:
    """A game's picture with its SVG's <title> (what a screen reader says of it) in the page's
    language: the worker wrote it in English, and its sentence came along ("svg_title")."""
    from html import escape

    svg, title = look["svg"], look.get("svg_title")
    if title is not None:
        svg = svg.replace(f">{escape(title)}</title>", f">{escape(shown(title))}</title>", 1)
    return Markup(svg)


def labelled() -> tuple[str, str, str]:
    """What goes before a label, between it and what it labels, and after, as the page's
    language joins them (pnp.errors.LABELLED: "{label}: {problem}", "{label} : {problem}" in
    French, a full-width colon in Chinese), for a template that marks up both parts."""
    from pnp.errors import LABELLED

    before, rest = web_gettext(LABELLED).split("{label}", 1)
    between, after = rest.split("{problem}", 1)
    return before, between, after
