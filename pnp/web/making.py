"""Making a pack: the form, its messages, the live preview, the spec download, and builds
(started, followed, cancelled, downloaded)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from pnp.errors import FieldRef, PnpError, SpecError, SpecErrors
from pnp.games import KINDS
from pnp.spec import COUNT, loads
from pnp.starter import title_for
from pnp.web import follow, forms, work
from pnp.web.gallery import Layout
from pnp.web.jobs import Busy, Failed
from pnp.web.site import (BUSY, MAX_BOARDS, MAX_PAGES, PREVIEW_BOARDS, PREVIEW_PAGES, Refusal, Site,
                          answer, count_max, data_url, form_of, safe_name, text_fields, wants_json)

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
    if not form.kinds:         # nothing asked yet: the page says what to do, not a mistake
        return Checked(form, written, {}, [], False)
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
            # placed at the count's value (a column past its key), beside the count field
            line = written.lines.get(f"items.{i}.count", entry.where[1])
            column = written.fields.get(line, ("", 1))[1]
            problem = (f"this page makes at most {MAX_BOARDS} at once (this asks for "
                       f"{sum(e.count for e in spec.items)}): make fewer, or make several packs")
            return SpecError(problem, forms.SPEC_NAME, line, column,
                             FieldRef(("items", i, COUNT.key), COUNT.label))
    return None


def refused(mistakes, written: forms.Written) -> tuple[dict, list]:
    """A worker's mistakes (plain data) placed like the loader's."""
    errors = [SpecError(m, f or "<build>", line, col) for f, line, col, m in mistakes]
    if all(e.file == "<build>" for e in errors):
        return {}, [f"pnp: {e.message}" for e in errors]
    return forms.place(SpecErrors(errors), written)



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
    form = asked_again(site, request.query_params.get("again")) or \
        blank_form(kind, site.layouts.get(name) if name else None)
    if kind and "title" not in form.values:
        form.values["title"] = title_for(kind)
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
    return await posted(request, render_form, "/make")


async def posted(request: Request, render, page: str) -> Response:
    """A form posted without script, on the page ``page`` that ``render(request, checked,
    preview, status)`` shows: preview, add or remove an item, download the spec, build."""
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
            job = start_build(site, checked, page)
        except Busy:
            return render(request, with_general(checked, f"pnp: {BUSY}"), None, 503)
        return RedirectResponse(f"/jobs/{job.id}", 303)
    preview = None
    if action in ("preview", "build") and checked.ok:
        preview = await run_preview(request, checked)
    return render(request, checked, preview, 200 if checked.ok or action == "add" else 422)


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
            "pages": result["pages"], "of": result["of"]}


def preview_words(request: Request, checked: Checked, preview: dict | None) -> dict:
    """The preview's status line and its pictures' alt texts, in the template's words (the
    page's script shows them; it assembles none)."""
    words = request.app.state.site.env.get_template("_preview.html").module
    return {"status": " ".join(str(words.status(preview, checked)).split()),
            "alts": [str(words.alt(n)) for n in range(1, len((preview or {}).get("images", ())) + 1)]}


def keys_apart(checked: Checked) -> bool:
    return checked.form.values.get("keys_apart") == "true"


async def form_for_script(request: Request):
    """The posted form, or the JSON answer the page's script shows when it cannot be read."""
    try:
        return forms.read_form(text_fields(await form_of(request)))
    except Refusal as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [f"pnp: {exc}"]}, exc.status)
    except PnpError as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [f"pnp: {exc}"]}, 400)


async def preview_api(request: Request) -> Response:
    """The live preview (called by the page's script as options change): JSON."""
    form = await form_for_script(request)
    if isinstance(form, Response):
        return form
    checked = check_form(form)
    if not checked.ok:
        return JSONResponse({"ok": False, "errors": checked.errors, "general": checked.general,
                             "spec": checked.written.text, **preview_words(request, checked, None)})
    preview = await run_preview(request, checked)
    status = 503 if preview.get("busy") else 200
    return JSONResponse({"ok": "images" in preview, "errors": preview.get("errors", {}),
                         "general": preview.get("general", []), "images": preview.get("images", []),
                         "boards": preview.get("boards"), "pages": preview.get("pages"),
                         "of": preview.get("of"), "spec": checked.written.text,
                         **preview_words(request, checked, preview)}, status)


def spec_download(checked: Checked) -> Response:
    """The spec as a file named after its PDF (class-set.pdf: class-set.yaml), its first line
    saying how to build it under that name."""
    name = spec_file_name(checked)
    text = checked.written.text.replace(f"pnp build {forms.SPEC_NAME}",
                                        f"pnp build {name}" + (" --keys-apart" if keys_apart(checked) else ""), 1)
    return Response(text, media_type="application/yaml", headers={
        "Content-Disposition": f'attachment; filename="{safe_name(name)}"'})


def spec_file_name(checked: Checked) -> str:
    import re
    from pathlib import Path

    from pnp.build import output_path

    try:
        stem = output_path(loads(checked.written.text, forms.SPEC_NAME), Path(".")).stem
    except PnpError:
        stem = ""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.")[:80]
    return f"{stem}.yaml" if stem else forms.SPEC_NAME


async def spec_post(request: Request) -> Response:
    try:
        form = forms.read_form(text_fields(await form_of(request)))
    except Refusal as exc:
        return answer(request, exc)
    except PnpError as exc:
        return answer(request, Refusal(str(exc)))
    return spec_download(check_form(form))


def start_build(site: Site, checked: Checked, page: str = "/make"):
    job = site.pool.submit("build", work.build_spec, checked.written.text, forms.SPEC_NAME,
                           keys_apart(checked), 1, True, MAX_PAGES, timeout=300, watched=True)
    # what was asked, so "change it and make it again" opens the same form with the same values
    follow.started(job, None, form=checked.form, page=page)
    return job


def asked_again(site: Site, job_id: str | None) -> forms.Form | None:
    """The form of a build kept by the pool (``?again=ID``), to change and make again."""
    job = site.pool.jobs.get(job_id or "")
    about = getattr(job, "about", None) if job is not None and job.what == "build" else None
    return about["form"] if about else None


async def build_api(request: Request) -> Response:
    """Start a build of the form (the page's script): {"job": id} to follow at /jobs/ID."""
    site = request.app.state.site
    form = await form_for_script(request)
    if isinstance(form, Response):
        return form
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
            "total": job.progress.get("total"), "files": [], "general": [],
            "again": f"{getattr(job, 'about', {}).get('page', '/make')}?again={job.id}"}
    if job.state == "done":
        view["files"] = [{"name": name, "boards": boards, "pages": pages, "what": what,
                          "url": f"/jobs/{job.id}/file/{n}"}
                         for n, (name, boards, pages, what) in enumerate(job.result["files"])]
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
    return site.page(request, "job.html", job=job_view(job, site),
                     progress=follow.progress(job), url=f"/jobs/{job.id}")


async def job_status(request: Request) -> Response:
    site = request.app.state.site
    job = site.pool.seen(request.path_params["id"])
    if job is None or job.what != "build":
        return JSONResponse({"state": "unknown", "general": ["pnp: no such build"], "finished": True}, 404)
    view = follow.progress(job)
    words = site.env.get_template("_progress.html").module.line(view)
    return JSONResponse({**job_view(job, site), "line": " ".join(str(words).split()),
                         "finished": job.finished})


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

