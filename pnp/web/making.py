"""Making a pack: the form, its messages, the live preview, the spec download, and builds
(started, followed, cancelled, downloaded)."""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from pnp.errors import FieldRef, PnpError, SpecError, SpecErrors
from pnp.games import KINDS
from pnp.games import game as game_of
from pnp.i18n import ENGLISH, current, web_gettext
from pnp.i18n.message import Message
from pnp.spec import COUNT, LANGUAGE, loads, printable_in
from pnp.web import follow, forms, say, work
from pnp.web.gallery import Layout
from pnp.web.jobs import KEPT, Busy, Failed
from pnp.web.say import sentence, shown
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
    labels: dict = field(default_factory=dict)    # field name -> the page's own label for it


def check_form(form: forms.Form, labels: dict | None = None) -> Checked:
    """The form's spec read by the spec loader, and the page's own caps; every message placed,
    each field named by its label on the page (``labels``: a page's own, by field name)."""
    labels = labels or {}
    written = forms.write_spec(form, count_max())
    if not form.kinds:         # nothing asked yet: the page says what to do, not a mistake
        return Checked(form, written, {}, [], False, labels)
    try:
        out_of_range = page_counts(form, written)
        if out_of_range:
            raise SpecErrors(out_of_range)
        spec = loads(written.text, forms.SPEC_NAME)
        cap = caps(spec, written)
        if cap:
            raise cap
    except PnpError as exc:
        errors, general = forms.place(exc, written, labels)
        return Checked(form, written, errors, general, False, labels)
    return Checked(form, written, {}, [], True, labels)


def page_counts(form: forms.Form, written: forms.Written) -> list[SpecError]:
    """Each item's count outside this page's range, 1 to MAX_BOARDS, said with the page's
    figures (the loader's own range is the command line's, 1 to 5000): the field's help, this
    and the page's cap on a whole pack all come from MAX_BOARDS."""
    mistakes = []
    for i in range(len(form.kinds)):
        name = f"items.{i}.{COUNT.key}"
        typed = form.values.get(name, "").strip()
        if not typed.isdigit() or 1 <= int(typed) <= MAX_BOARDS or name not in written.lines:
            continue
        line = written.lines[name]
        if int(typed) < 1:
            problem = Message("must be {lo}..{hi}, got {got}", lo="1", hi=str(MAX_BOARDS), got=typed)
        else:
            problem = say.TOO_MANY_BOARDS.with_facts(most=MAX_BOARDS, asked=int(typed))
        mistakes.append(SpecError(f"items[{i}].count {problem}", forms.SPEC_NAME, line,
                                  written.fields[line][1], FieldRef(("items", i, COUNT.key), COUNT.label),
                                  problem))
    return mistakes


def caps(spec, written: forms.Written) -> SpecError | None:
    """The page builds at most MAX_BOARDS boards at once (the CLI takes more)."""
    total = 0
    for i, entry in enumerate(spec.items):
        total += entry.count
        if total > MAX_BOARDS:
            # placed at the count's value (a column past its key), beside the count field
            line = written.lines.get(f"items.{i}.count", entry.where[1])
            column = written.fields.get(line, ("", 1))[1]
            problem = say.TOO_MANY_BOARDS.with_facts(most=MAX_BOARDS, asked=sum(e.count for e in spec.items))
            return SpecError(str(problem), forms.SPEC_NAME, line, column,
                             FieldRef(("items", i, COUNT.key), COUNT.label), problem)
    return None


def refused(mistakes, written: forms.Written, labels: dict | None = None) -> tuple[dict, list]:
    """A worker's mistakes (``say.Mistake``) placed like the loader's. A mistake the build found
    in an item that says which fields to change (its ``advice``) is said above the form, each
    field named by its label, and each of those fields is marked."""
    labels = labels or {}
    plain = [m for m in mistakes if m.advice is None or m.line is None]
    errors, general = {}, []
    if plain:
        if all(m.file is None and m.line is None for m in plain):
            general = [sentence(m.message) for m in plain]
        else:
            errors, general = forms.place(SpecErrors([m.spec_error("<build>") for m in plain]),
                                          written, labels)
    for m in mistakes:
        if m.advice is None or m.line is None:
            continue
        item = written.items.get(m.line)            # "items.N": the item whose line it is at
        names = forms.advised(m.advice, item, written)
        general.append(shown(m.advice.message_for(lambda key, spec: shown(say.QUOTED.with_facts(
            label=forms.label_of(names.get((key, spec)), written, labels, key))))))
        marked = [name for name in names.values() if name is not None]
        for name in marked:
            errors.setdefault(name, []).append(shown(say.SEE_ABOVE))
        if not marked and item is not None:
            errors.setdefault(item, []).append(shown(say.SEE_ABOVE))
    return errors, general



def blank_form(kind: str | None, layout: Layout | None) -> forms.Form:
    """A new form: a layout's, one game's, or an empty pack's, in the page's language, its title
    too (printed in every footer): the layout's own (the gallery's words are in the catalog),
    "My CliqueR set", or the spec's example title."""
    if layout is not None:
        form = forms.form_from_yaml(layout.text, count_max())
        title = Message(form.values["title"]) if form.values.get("title") else NEW_TITLE
    else:
        form = forms.Form([kind] if kind else [], {})
        title = GAME_TITLE if kind else NEW_TITLE
    form = in_page_language(form)
    code = form.values.get(LANGUAGE.key, ENGLISH)
    if kind or code != ENGLISH:     # (an English empty pack shows the example, as ever)
        # printed text: the game's name goes in as it is (no direction marks, which no font
        # prints and the loader refuses)
        words = title.say(code)
        form.values["title"] = words.format(game=game_of(kind).TITLE) if title is GAME_TITLE else words
    return form


def in_page_language(form: forms.Form) -> forms.Form:
    """A new form prints in the page's language (a teacher reading the page in French means
    French sheets) where this install can print it, and where the spec it opens from names no
    language of its own; the Language field shows it, to change like any other."""
    code = current().code
    if code != ENGLISH and LANGUAGE.key not in form.values:
        try:
            form.values[LANGUAGE.key] = printable_in(code)
        except ValueError:          # Chinese without the CJK extra: the pages stay English
            pass
    return form


# a new spec's title for one game, {game} its name: `pnp new`'s in English (pnp.starter.title_for)
GAME_TITLE = Message("My {game} set")   # said unfilled, then filled with the name as it is
# the title a new form holds (the spec's example title, as the page's language says it)
NEW_TITLE = Message("My print-and-play pack")


async def make(request: Request) -> Response:
    """The form: one game (?kind=), a layout of the gallery (?layout=), or an empty pack."""
    site = request.app.state.site
    kind, name = request.query_params.get("kind"), request.query_params.get("layout")
    if kind is not None and kind not in KINDS:
        return site.page(request, "message.html", 404, message=say.NO_GAME.with_facts(name=kind[:40]))
    if name is not None and name not in site.layouts:
        return site.page(request, "message.html", 404, message=say.NO_LAYOUT.with_facts(name=name[:40]))
    form = asked_again(site, request.query_params.get("again")) or \
        blank_form(kind, site.layouts.get(name) if name else None)
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


async def posted(request: Request, render, page: str, labels: dict | None = None) -> Response:
    """A form posted without script, on the page ``page`` that ``render(request, checked,
    preview, status)`` shows (``labels``: its own labels, by field name): preview, add or remove
    an item, download the spec, build."""
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
        return answer(request, Refusal(exc))
    checked = check_form(form, labels)
    if action == "spec":
        return spec_download(checked)
    if action == "build" and checked.ok:
        try:
            job = start_build(site, checked, page)
        except Busy:
            return render(request, with_general(checked, str(BUSY)), None, 503)
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
    # the same spec gives the same pages (same spec and seed, byte-identical PDFs): a preview
    # asked for alike by many (every teacher's page opens on the same class set) is one job
    # while it runs, and kept a while after (``Site.previews``)
    key = hashlib.sha256(f"{keys_apart(checked)}\0{checked.written.text}".encode()).hexdigest()
    try:
        result = site.previews.get(key)
        if result is None:
            result = await site.pool.shared("preview", key, work.build_spec, checked.written.text,
                                            forms.SPEC_NAME, keys_apart(checked), PREVIEW_PAGES,
                                            False, MAX_PAGES, PREVIEW_BOARDS, timeout=60,
                                            gone=request.is_disconnected)
            site.previews.put(key, result)
    except Busy:
        return {"general": [str(BUSY)], "busy": True}
    except Failed as exc:
        return {"general": [sentence(exc)]}
    except work.Refused as exc:
        errors, general = refused(exc.args[0], checked.written, checked.labels)
        checked.errors, checked.general, checked.ok = errors, general, False
        return {"errors": errors, "general": general}
    # what the preview holds, counted in the games' nouns as the build counts them ("the first
    # 24 of 30 worksheets", "24 worksheets and 24 answer keys"), and every page it would print
    files = result["files"]
    return {"images": [data_url(p) for p in result["previews"]], "boards": result["boards"],
            "pages": sum(f["pages"] for f in files), "of": result["of"],
            "what": say.counted(t for f in files for t in f["counted"])}


def preview_words(request: Request, checked: Checked, preview: dict | None) -> dict:
    """The preview's status line and its pictures' alt texts, in the template's words (the
    page's script shows them as text, so they go as text: the template's markup unescaped,
    or "d'exercices" would show as "d&#39;exercices")."""
    words = request.app.state.site.env.get_template("_preview.html").module
    return {"status": " ".join(words.status(preview, checked).unescape().split()),
            "alts": [words.alt(n).unescape() for n in range(1, len((preview or {}).get("images", ())) + 1)]}


def keys_apart(checked: Checked) -> bool:
    return checked.form.values.get("keys_apart") == "true"


async def form_for_script(request: Request):
    """The posted form, or the JSON answer the page's script shows when it cannot be read."""
    try:
        return forms.read_form(text_fields(await form_of(request)))
    except Refusal as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [sentence(exc)]}, exc.status)
    except PnpError as exc:
        return JSONResponse({"ok": False, "errors": {}, "general": [sentence(exc)]}, 400)


def page_labels(site: Site, form: forms.Form) -> dict:
    """The labels of the page the form is on: a task page's own (its form says which page it
    is, ``for``), in the page's language as the page shows them, else the form's."""
    who = form.values.get("for")
    for layout in site.layouts.values():
        if who and layout.audience == who and layout.ask:
            return {name: web_gettext(label) for name, label in layout.labels.items()}
    return {}


async def preview_api(request: Request) -> Response:
    """The live preview (called by the page's script as options change): JSON."""
    form = await form_for_script(request)
    if isinstance(form, Response):
        return form
    checked = check_form(form, page_labels(request.app.state.site, form))
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
        return answer(request, Refusal(exc))
    return spec_download(check_form(form))


def start_build(site: Site, checked: Checked, page: str | None = None):
    if page is None:            # the script's build: the form says which page it is on
        who = checked.form.values.get("for")
        page = f"/for/{who}" if who and any(l.audience == who and l.ask for l in site.layouts.values()) else "/make"
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
    checked = check_form(form, page_labels(site, form))
    if not checked.ok:
        return JSONResponse({"ok": False, "errors": checked.errors, "general": checked.general}, 422)
    try:
        job = start_build(site, checked)
    except Busy:
        return JSONResponse({"ok": False, "errors": {}, "general": [str(BUSY)]}, 503,
                            headers={"Retry-After": "2"})
    return JSONResponse({"ok": True, "job": job.id, "url": f"/jobs/{job.id}"})


def job_view(job, site: Site) -> dict:
    view = {"id": job.id, "state": job.state, "done": job.progress.get("done", 0),
            "total": job.progress.get("total"), "files": [], "general": [],
            "again": f"{getattr(job, 'about', {}).get('page', '/make')}?again={job.id}",
            # the tab of the page that asked for it ("A class set" after a class set)
            "task": task_of(getattr(job, "about", {}).get("page", "/make"))}
    if job.state == "done":
        # each PDF's contents in the games' nouns, in the page's language ("24 answer keys")
        view["files"] = [{"name": f["name"], "boards": f["boards"], "pages": f["pages"],
                          "what": say.counted(f["counted"]), "url": f"/jobs/{job.id}/file/{n}"}
                         for n, f in enumerate(job.result["files"])]
        view["preview"] = data_url(job.result["previews"][0]) if job.result["previews"] else None
    elif job.state == "refused":
        about = getattr(job, "about", {}) or {}
        form = about.get("form")
        if form is not None:        # placed on the form that was asked, by the fields' labels
            errors, general = refused(job.error, forms.write_spec(form, count_max()),
                                      page_labels(site, form))
            view["general"] = general + [line for lines in errors.values() for line in lines
                                         if line != shown(say.SEE_ABOVE)]
        else:
            view["general"] = [sentence(m.message) for m in job.error]
    elif job.state in ("failed", "cancelled"):
        view["general"] = [sentence(job.error)]
    return view


def task_of(page: str) -> str:
    """The nav's tab for the page a job was asked from: a task page's ("/for/teachers" ->
    "for-teachers"), else the pack's."""
    if page.startswith("/for/"):
        return "for-" + page[len("/for/"):].strip("/")
    return "pack"


async def job_page(request: Request) -> Response:
    site = request.app.state.site
    job = site.pool.seen(request.path_params["id"])
    if job is None or job.what != "build":
        return site.page(request, "message.html", 404, message=say.NO_BUILD.with_facts(time=KEPT))
    return site.page(request, "job.html", job=job_view(job, site),
                     progress=follow.progress(job), url=f"/jobs/{job.id}")


async def job_status(request: Request) -> Response:
    site = request.app.state.site
    job = site.pool.seen(request.path_params["id"])
    if job is None or job.what != "build":
        return JSONResponse({"state": "unknown", "general": [shown(say.NO_BUILD.with_facts(time=KEPT))], "finished": True}, 404)
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
        return answer(request, Refusal(say.NO_BUILD.with_facts(time=KEPT), 404))
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
        return PlainTextResponse(shown(say.NO_FILE.with_facts(time=KEPT)), 404)
    name, path = job.result["pdfs"][n]       # kept on disk (pnp.web.keeping)
    try:
        data = await asyncio.get_running_loop().run_in_executor(None, _read, path)
    except OSError:
        return PlainTextResponse(shown(say.NO_FILE.with_facts(time=KEPT)), 404)
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{safe_name(name)}"'})



def _read(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()
