"""`pnp serve`: the routes of the page. A second front end beside the CLI: it drives the same
registry, spec loader, build, validator and analysis, and knows no game by name (its forms come
from each game's Item, see ``pnp.web.forms``).

Nothing a request says names a file: layouts are chosen by name from a list read at start,
jobs by a random id, static files from a fixed list read from the package. Results are kept in
memory and sent from there.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import datetime as dt
import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from pnp.errors import PnpError, SpecError, SpecErrors
from pnp.games import KINDS, game, offering
from pnp.spec import MAX_SPEC_BYTES, loads
from pnp.web import forms, work
from pnp.web.guard import Guard
from pnp.web.jobs import Busy, Failed, Pool

MAX_BOARDS = 200            # boards in one build from the page (pnp build takes 5000)
MAX_PAGES = 400             # pages in one build from the page
MAX_FORM_BYTES = 256_000    # a form's body (the spec loader reads at most 256 kB of YAML)
MAX_UPLOAD = 16 * 2**20     # a PDF to validate (the validator itself reads up to 128 MB)
MAX_CODE = 400              # characters of a board code typed in
PREVIEW_PAGES = 2
PREVIEW_BOARDS = 24         # a preview builds at most the first 24 boards (a class set whole)
ANALYZE_SECONDS = 10        # perfect play of a typed board, at most
DAILY_SECONDS = 20          # perfect play of the day before's board, at most
DAILY_KEPT = 60             # boards of the day kept in memory

BUSY = "busy, try again in a moment"


@dataclass(frozen=True)
class Layout:
    name: str
    text: str
    title: str
    about: str          # the layout's opening comment: who it is for and what it prints


def read_layouts(folders) -> dict[str, Layout]:
    """The example specs shown in the gallery, read once at start (by name from then on)."""
    out: dict[str, Layout] = {}
    for folder in folders:
        try:
            paths = sorted(Path(folder).glob("*.yaml"))
        except OSError:
            continue
        for path in paths:
            try:
                data = path.read_bytes()
                if len(data) > MAX_SPEC_BYTES or path.stem in out:
                    continue
                text = data.decode("utf-8")
                spec = loads(text, path.name)
            except (OSError, UnicodeDecodeError, PnpError):
                continue
            about = []
            for line in text.splitlines():
                if not line.startswith("#"):
                    break
                about.append(line.lstrip("# ").rstrip())
            first = " ".join(about).split("Build:")[0].strip().rstrip(":,;") or spec.title
            out[path.stem] = Layout(path.stem, text, spec.title, first)
    return out


def default_layout_folders() -> list[Path]:
    """layouts/ of the folder pnp serve runs in, of a source checkout, and the built-in pack."""
    import pnp

    here = Path(pnp.__file__).resolve().parent
    return [Path.cwd() / "layouts", here.parent / "layouts", here / "layouts"]


def audience(layout: Layout) -> str | None:
    """'teachers' for a layout whose comment starts 'For teachers: ...'."""
    match = re.match(r"For ([\w -]{2,30}?)[:.]", layout.about)
    return match.group(1) if match else None


class Site:
    """The app's state: the pool, the layouts, the token, cached pictures and boards of the day."""

    def __init__(self, host: str, port: int, workers: int | None, layouts: dict[str, Layout],
                 waiting: int = 62):
        self.pool = Pool(workers, waiting)
        self.layouts = layouts
        self.thumbs: dict[str, bytes] = {}
        self.days: dict[str, dict] = {}
        self.env = Environment(loader=PackageLoader("pnp.web", "templates"),
                               autoescape=select_autoescape(["html"]))
        self.static = {name: resources.files("pnp.web").joinpath("static", name).read_bytes()
                       for name in ("pnp.js", "pnp.css")}
        self.guard: Guard | None = None

    def page(self, request: Request, template: str, status: int = 200, **context) -> HTMLResponse:
        context.update(token=request.scope["state"]["csrf_token"], kinds=KINDS, game=game,
                       path=request.url.path)
        return HTMLResponse(self.env.get_template(template).render(**context), status)


def count_max() -> int:
    return MAX_BOARDS


# ---------------------------------------------------------------------------------------------
# reading requests


class Refusal(Exception):
    """A request the page answers with a message (and a status)."""

    def __init__(self, message: str, status: int = 400):
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
            raise Refusal(f"the request is larger than {limit // 1000} kB, the most this page "
                          "takes", 413) from None
        raise Refusal("the request ended early", 400) from None
    except Exception as exc:   # noqa: BLE001 - a malformed body (multipart's own errors) is one line
        raise Refusal(f"the form could not be read ({' '.join(str(exc).split())[:120]})") from None
    given = request.headers.get("x-csrf-token") or data.get("csrftoken")
    if not isinstance(given, str) or not request.app.state.site.guard.token_ok(given):
        raise Refusal("this form is out of date or came from another site (no valid token): "
                      "reload the page and try again", 403)
    return data


def answer(request: Request, exc: Refusal) -> Response:
    if wants_json(request):
        return JSONResponse({"ok": False, "general": [f"pnp: {exc}"], "errors": {}}, exc.status)
    return request.app.state.site.page(request, "message.html", exc.status, message=f"pnp: {exc}")


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def text_fields(data) -> dict[str, str]:
    return {k: v for k, v in data.items() if isinstance(v, str)}


# ---------------------------------------------------------------------------------------------
# a form -> a checked spec


@dataclass
class Checked:
    form: forms.Form
    written: forms.Written
    errors: dict
    general: list
    ok: bool


def check_form(form: forms.Form) -> Checked:
    """The form's spec read by the spec loader, and the page's own caps; every message placed."""
    written = forms.write_spec(form, count_max())
    if not form.kinds:
        return Checked(form, written, {}, ["add at least one item to print"], False)
    try:
        spec = loads(written.text, forms.SPEC_NAME)
        cap = caps(spec, written)
        if cap:
            raise cap
    except PnpError as exc:
        errors, general = forms.place(exc, written)
        return Checked(form, written, errors, general, False)
    return Checked(form, written, {}, [], True)


def caps(spec, written: forms.Written) -> SpecError | None:
    """The page builds at most MAX_BOARDS boards at once (the CLI takes more)."""
    total = 0
    for i, entry in enumerate(spec.items):
        total += entry.count
        if total > MAX_BOARDS:
            line = written.lines.get(f"items.{i}.count", entry.where[1])
            return SpecError(f"at most {MAX_BOARDS} boards in one build from this page (this "
                             f"makes {sum(e.count for e in spec.items)}); pnp build takes up to "
                             "5000", forms.SPEC_NAME, line, 99)
    return None


def refused(mistakes, written: forms.Written) -> tuple[dict, list]:
    """A worker's mistakes (plain data) placed like the loader's."""
    errors = [SpecError(m, f or "<build>", line, col) for f, line, col, m in mistakes]
    if all(e.file == "<build>" for e in errors):
        return {}, [f"pnp: {e.message}" for e in errors]
    return forms.place(SpecErrors(errors), written)


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


# ---------------------------------------------------------------------------------------------
# routes


async def index(request: Request) -> Response:
    site = request.app.state.site
    layouts = list(site.layouts.values())
    audiences = [(audience(l), l) for l in layouts if audience(l)]
    return site.page(request, "index.html", layouts=layouts, audiences=audiences,
                     has_daily=bool(offering("daily_spec")), has_analyze=bool(offering("analyze")))


async def thumbnail(site: Site, name: str, gone=None) -> bytes:
    """The first page of a gallery layout, drawn by pnp (its first boards) and kept."""
    if name not in site.thumbs:
        layout = site.layouts[name]
        result = await site.pool.run("thumb", work.build_spec, layout.text, f"{name}.yaml", False,
                                     1, False, 10_000, PREVIEW_BOARDS, timeout=120, gone=gone)
        site.thumbs[name] = result["previews"][0]
    return site.thumbs[name]


async def warm_thumbnails(site: Site) -> None:
    """At start, one after another: the start page then shows them at once."""
    for name in list(site.layouts):
        try:
            await thumbnail(site, name)
        except (Busy, Failed, work.Refused):
            pass


async def thumb(request: Request) -> Response:
    site = request.app.state.site
    name = request.path_params["name"]
    if name not in site.layouts:
        return PlainTextResponse("pnp: no such layout", 404)
    try:
        png = await thumbnail(site, name, request.is_disconnected)
    except Busy:
        return PlainTextResponse(f"pnp: {BUSY}", 503, headers={"Retry-After": "2"})
    except (Failed, work.Refused) as exc:
        return PlainTextResponse(f"pnp: {exc}", 422)
    return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=3600"})


def blank_form(kind: str | None, layout: Layout | None) -> forms.Form:
    if layout is not None:
        return forms.form_from_yaml(layout.text, count_max())
    return forms.Form([kind] if kind else [], {})


async def make(request: Request) -> Response:
    """The form: one game (?kind=), a layout of the gallery (?layout=), or an empty pack."""
    site = request.app.state.site
    kind, name = request.query_params.get("kind"), request.query_params.get("layout")
    if kind is not None and kind not in KINDS:
        return site.page(request, "message.html", 404, message=f"pnp: no game {kind[:40]!r}; "
                         f"the games are {', '.join(KINDS)}")
    if name is not None and name not in site.layouts:
        return site.page(request, "message.html", 404, message=f"pnp: no layout {name[:40]!r}")
    form = blank_form(kind, site.layouts.get(name) if name else None)
    if kind and "title" not in form.values:
        form.values["title"] = f"My {game(kind).TITLE} set"
    return render_form(request, check_form(form), None, layout=name)


def render_form(request: Request, checked: Checked, preview: dict | None, status: int = 200,
                layout: str | None = None) -> Response:
    site = request.app.state.site
    sections = [(i, kind, forms.item_fields(kind, i, count_max())) for i, kind in enumerate(checked.form.kinds)]
    return site.page(request, "make.html", status, form=checked.form, checked=checked,
                     top=forms.spec_fields(), sections=sections, preview=preview,
                     layout=layout, keys_apart=checked.form.values.get("keys_apart") == "true",
                     max_items=forms.MAX_FORM_ITEMS)


async def make_post(request: Request) -> Response:
    """The form without script: preview, add or remove an item, download the spec, build."""
    site = request.app.state.site
    try:
        data = text_fields(await form_of(request))
        action = data.get("action", "preview")
        remove = None
        if action.startswith("remove-") and action[7:].isdigit():
            remove = int(action[7:])
        form = forms.read_form(data, add=data.get("add") if action == "add" else None, remove=remove)
    except Refusal as exc:
        return answer(request, exc)
    except PnpError as exc:
        return answer(request, Refusal(str(exc)))
    checked = check_form(form)
    if action == "spec":
        return spec_download(checked)
    if action == "build" and checked.ok:
        try:
            job = start_build(site, checked)
        except Busy:
            return render_form(request, with_general(checked, f"pnp: {BUSY}"), None, 503)
        return RedirectResponse(f"/jobs/{job.id}", 303)
    preview = None
    if action in ("preview", "build") and checked.ok:
        preview = await run_preview(request, checked)
    return render_form(request, checked, preview, 200 if checked.ok or action == "add" else 422)


def with_general(checked: Checked, line: str) -> Checked:
    checked.general = checked.general + [line]
    return checked


async def run_preview(request: Request, checked: Checked) -> dict:
    """{"images": [...], "boards", "pages"} or {"errors", "general"} for a mistake only the
    build finds (an impossible board), placed beside its item."""
    site = request.app.state.site
    try:
        result = await site.pool.run("preview", work.build_spec, checked.written.text,
                                     forms.SPEC_NAME, keys_apart(checked), PREVIEW_PAGES, False,
                                     MAX_PAGES, PREVIEW_BOARDS, timeout=60,
                                     gone=request.is_disconnected)
    except Busy:
        return {"general": [f"pnp: {BUSY}"], "busy": True}
    except Failed as exc:
        return {"general": [f"pnp: {exc}"]}
    except work.Refused as exc:
        errors, general = refused(exc.args[0], checked.written)
        checked.errors, checked.general, checked.ok = errors, general, False
        return {"errors": errors, "general": general}
    return {"images": [data_url(p) for p in result["previews"]], "boards": result["boards"],
            "pages": result["pages"], "of": result["of"], "status": preview_status(result)}


def preview_status(result: dict) -> str:
    """What the preview shows, said truly: the whole PDF's numbers, or those of its first boards."""
    from pnp.words import count

    if result["of"] > result["boards"]:
        return (f"The first {result['boards']} of {result['of']} boards ({count(result['pages'], 'page')}); "
                "the first pages as they will print.")
    return f"{count(result['boards'], 'board')}, {count(result['pages'], 'page')}; the first pages as they will print."


def keys_apart(checked: Checked) -> bool:
    return checked.form.values.get("keys_apart") == "true"


async def preview_api(request: Request) -> Response:
    """The live preview (called by the page's script as options change): JSON."""
    try:
        form = forms.read_form(text_fields(await form_of(request)))
    except Refusal as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [f"pnp: {exc}"]}, exc.status)
    except PnpError as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [f"pnp: {exc}"]}, 400)
    checked = check_form(form)
    if not checked.ok:
        return JSONResponse({"ok": False, "errors": checked.errors, "general": checked.general,
                             "spec": checked.written.text})
    preview = await run_preview(request, checked)
    status = 503 if preview.get("busy") else 200
    return JSONResponse({"ok": "images" in preview, "errors": preview.get("errors", {}),
                         "general": preview.get("general", []), "images": preview.get("images", []),
                         "boards": preview.get("boards"), "pages": preview.get("pages"),
                         "of": preview.get("of"), "status": preview.get("status"),
                         "spec": checked.written.text}, status)


def spec_download(checked: Checked) -> Response:
    text = checked.written.text
    if keys_apart(checked):
        text = text.replace(f"pnp build {forms.SPEC_NAME}", f"pnp build {forms.SPEC_NAME} --keys-apart", 1)
    return Response(text, media_type="application/yaml", headers={
        "Content-Disposition": f'attachment; filename="{forms.SPEC_NAME}"'})


async def spec_post(request: Request) -> Response:
    try:
        form = forms.read_form(text_fields(await form_of(request)))
    except Refusal as exc:
        return answer(request, exc)
    except PnpError as exc:
        return answer(request, Refusal(str(exc)))
    return spec_download(check_form(form))


def start_build(site: Site, checked: Checked):
    return site.pool.submit("build", work.build_spec, checked.written.text, forms.SPEC_NAME,
                            keys_apart(checked), 1, True, MAX_PAGES, timeout=300, watched=True)


async def build_api(request: Request) -> Response:
    """Start a build of the form (the page's script): {"job": id} to follow at /jobs/ID."""
    site = request.app.state.site
    try:
        form = forms.read_form(text_fields(await form_of(request)))
    except Refusal as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [f"pnp: {exc}"]}, exc.status)
    except PnpError as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [f"pnp: {exc}"]}, 400)
    checked = check_form(form)
    if not checked.ok:
        return JSONResponse({"ok": False, "errors": checked.errors, "general": checked.general}, 422)
    try:
        job = start_build(site, checked)
    except Busy:
        return JSONResponse({"ok": False, "errors": {}, "general": [f"pnp: {BUSY}"]}, 503,
                            headers={"Retry-After": "2"})
    return JSONResponse({"ok": True, "job": job.id, "url": f"/jobs/{job.id}"})


def job_view(job, site: Site) -> dict:
    view = {"id": job.id, "state": job.state, "done": job.progress.get("done", 0),
            "total": job.progress.get("total"), "files": [], "general": []}
    if job.state == "done":
        view["files"] = [{"name": name, "boards": boards, "pages": pages, "url": f"/jobs/{job.id}/file/{n}"}
                         for n, (name, boards, pages) in enumerate(job.result["files"])]
        view["preview"] = data_url(job.result["previews"][0]) if job.result["previews"] else None
    elif job.state == "refused":
        view["general"] = [f"{f}:{line}:{col}: {m}" if line else (f"{f}: {m}" if f else f"pnp: {m}")
                           for f, line, col, m in job.error]
    elif job.state in ("failed", "cancelled"):
        view["general"] = [f"pnp: {job.error}"]
    return view


async def job_page(request: Request) -> Response:
    site = request.app.state.site
    job = site.pool.seen(request.path_params["id"])
    if job is None or job.what != "build":
        return site.page(request, "message.html", 404, message="pnp: no such build (finished "
                         "builds are kept for 15 minutes)")
    return site.page(request, "job.html", job=job_view(job, site))


async def job_status(request: Request) -> Response:
    site = request.app.state.site
    job = site.pool.seen(request.path_params["id"])
    if job is None or job.what != "build":
        return JSONResponse({"state": "unknown", "general": ["pnp: no such build"]}, 404)
    return JSONResponse(job_view(job, site))


async def job_cancel(request: Request) -> Response:
    site = request.app.state.site
    try:
        await form_of(request)
    except Refusal as exc:
        return answer(request, exc)
    job = site.pool.jobs.get(request.path_params["id"])
    if job is None or job.what != "build":
        return answer(request, Refusal("no such build", 404))
    site.pool.cancel(job.id)
    if wants_json(request):
        return JSONResponse({"ok": True})
    await asyncio.wait({job.future}, timeout=2)
    return RedirectResponse(f"/jobs/{job.id}", 303)


async def job_file(request: Request) -> Response:
    site = request.app.state.site
    job = site.pool.seen(request.path_params["id"])
    n = request.path_params["n"]
    if job is None or job.what != "build" or job.state != "done" or not n < len(job.result.get("pdfs", ())):
        return PlainTextResponse("pnp: no such file (finished builds are kept for 15 minutes)", 404)
    name, data = job.result["pdfs"][n]
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{safe_name(name)}"'})


def safe_name(name: str) -> str:
    """A file name for a download header: the loader allows any printable name, the header
    wants plain ASCII."""
    return re.sub(r"[^A-Za-z0-9._ -]", "_", name)[:120] or "pnp.pdf"


# --- board of the day -----------------------------------------------------------------------

def parse_day(text: str | None) -> dt.date:
    if not text:
        return dt.date.today()
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
            raise ValueError(text)
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise Refusal(f"the date must be year-month-day like 2026-11-21, got {text[:40]!r}") from None
    if not 2000 <= day.year <= 2200:
        raise Refusal(f"the date must be between the years 2000 and 2200, got {day.isoformat()}")
    return day


async def the_day(request: Request, day: dt.date) -> dict:
    site = request.app.state.site
    key = day.isoformat()
    if key not in site.days:
        result = await site.pool.run("daily", work.daily, key, DAILY_SECONDS, timeout=120,
                                     gone=request.is_disconnected)
        while len(site.days) >= DAILY_KEPT:
            site.days.pop(next(iter(site.days)))
        site.days[key] = result
    return site.days[key]


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
        return answer(request, Refusal(str(exc), 500))
    boards = [{**b, "png": data_url(b["png"]), "url": f"/daily/{day.isoformat()}/{n}.pdf"}
              for n, b in enumerate(result["boards"])]
    return site.page(request, "daily.html", day=day, boards=boards, answers=result["answers"],
                     yesterday=day - dt.timedelta(days=1), tomorrow=day + dt.timedelta(days=1))


async def daily_pdf(request: Request) -> Response:
    try:
        day = parse_day(request.path_params["day"])
        result = await the_day(request, day)
        board = result["boards"][request.path_params["n"]]
    except Refusal as exc:
        return PlainTextResponse(f"pnp: {exc}", exc.status)
    except Busy:
        return PlainTextResponse(f"pnp: {BUSY}", 503)
    except (Failed, work.Refused, IndexError) as exc:
        return PlainTextResponse(f"pnp: {exc or 'no such board'}", 404)
    return Response(board["pdf"], media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{safe_name(board["name"])}"'})


# --- validate, analyze -----------------------------------------------------------------------

async def validate_page(request: Request) -> Response:
    return request.app.state.site.page(request, "validate.html", report=None)


async def validate_post(request: Request) -> Response:
    site = request.app.state.site
    name = ""
    try:
        data = await form_of(request, files=1)
        upload = data.get("pdf")
        if upload is None or isinstance(upload, str):
            raise Refusal("choose a PDF file to check")
        content = await upload.read()
        if not content:
            raise Refusal("the file is empty")
        name = upload.filename or "upload.pdf"
        report = await site.pool.run("validate", work.validate_pdf, content, timeout=300,
                                     gone=request.is_disconnected)
    except Refusal as exc:
        return site.page(request, "validate.html", exc.status, report=None, general=[f"pnp: {exc}"])
    except Busy:
        return site.page(request, "validate.html", 503, report=None, general=[f"pnp: {BUSY}"])
    except (Failed, work.Refused) as exc:
        lines = [m for _, _, _, m in exc.args[0]] if isinstance(exc, work.Refused) else [str(exc)]
        return site.page(request, "validate.html", 422, report=None, name=name,
                         general=[f"error {line}" for line in lines])
    return site.page(request, "validate.html", 200 if report["ok"] else 422, report=report, name=name)


async def analyze_page(request: Request) -> Response:
    return request.app.state.site.page(request, "analyze.html", result=None, code="")


async def analyze_post(request: Request) -> Response:
    site = request.app.state.site
    code = ""
    try:
        data = await form_of(request)
        code = data.get("code") if isinstance(data.get("code"), str) else ""
        if not code.strip():
            raise Refusal("type or paste a board code, like R1-...")
        if len(code) > MAX_CODE:
            raise Refusal(f"a board code is at most {MAX_CODE} characters")
        result = await site.pool.run("analyze", work.analyze_code, code, ANALYZE_SECONDS,
                                     timeout=ANALYZE_SECONDS + 30, gone=request.is_disconnected)
    except Refusal as exc:
        return site.page(request, "analyze.html", exc.status, result=None, code=code[:MAX_CODE],
                         general=[f"pnp: {exc}"])
    except Busy:
        return site.page(request, "analyze.html", 503, result=None, code=code, general=[f"pnp: {BUSY}"])
    except (Failed, work.Refused) as exc:
        lines = [m for _, _, _, m in exc.args[0]] if isinstance(exc, work.Refused) else [str(exc)]
        return site.page(request, "analyze.html", 422, result=None, code=code,
                         general=[f"pnp: {line}" for line in lines])
    figures = [(k, v) for k, v in result["figures"].items() if isinstance(v, (int, float, str))
               or isinstance(v, list) and all(isinstance(x, str) for x in v)]
    return site.page(request, "analyze.html", result=result, figures=figures, code=code)


async def static(request: Request) -> Response:
    site = request.app.state.site
    name = request.path_params["name"]
    if name not in site.static:
        return PlainTextResponse("pnp: not found", 404)
    kind = "text/javascript" if name.endswith(".js") else "text/css"
    return Response(site.static[name], media_type=f"{kind}; charset=utf-8",
                    headers={"Cache-Control": "max-age=300"})


async def not_found(request: Request, exc) -> Response:
    return PlainTextResponse("pnp: not found", 404)


async def not_allowed(request: Request, exc) -> Response:
    status = getattr(exc, "status_code", 400)
    return PlainTextResponse(f"pnp: {getattr(exc, 'detail', 'refused')}", status)


async def server_error(request: Request, exc) -> Response:
    # a bug must still be one line, not a traceback, and the server goes on
    return PlainTextResponse(f"pnp: the page failed ({type(exc).__name__}); please report it", 500)


SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                 b"script-src 'self'; frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


class Headers:
    """Every answer says: no scripts or styles from elsewhere, not in another site's frame."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", [])) + SECURITY_HEADERS}
            await send(message)

        await self.app(scope, receive, sending)


def create_app(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None,
               layouts: dict[str, Layout] | None = None, waiting: int = 62, token: str | None = None,
               warm: bool = True):
    """The ASGI app, wrapped in its guard (Host, size, token) and security headers."""
    site = Site(host, port, workers, read_layouts(default_layout_folders()) if layouts is None else layouts,
                waiting)
    routes = [
        Route("/", index),
        Route("/make", make),
        Route("/make", make_post, methods=["POST"]),
        Route("/preview", preview_api, methods=["POST"]),
        Route("/spec", spec_post, methods=["POST"]),
        Route("/build", build_api, methods=["POST"]),
        Route("/jobs/{id}", job_page),
        Route("/jobs/{id}/status", job_status),
        Route("/jobs/{id}/cancel", job_cancel, methods=["POST"]),
        Route("/jobs/{id}/file/{n:int}", job_file),
        Route("/daily", daily),
        Route("/daily/{day}/{n:int}.pdf", daily_pdf),
        Route("/validate", validate_page),
        Route("/validate", validate_post, methods=["POST"]),
        Route("/analyze", analyze_page),
        Route("/analyze", analyze_post, methods=["POST"]),
        Route("/thumb/{name}.png", thumb),
        Route("/static/{name}", static),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        warming = asyncio.get_running_loop().create_task(warm_thumbnails(site) if warm else asyncio.sleep(0))
        yield
        warming.cancel()
        site.pool.close()

    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed,
                                                       Exception: server_error},
                    lifespan=lifespan)
    app.state.site = site
    guard = Guard(Headers(app), host, port, MAX_FORM_BYTES, MAX_UPLOAD, token=token)
    site.guard = guard
    return guard
