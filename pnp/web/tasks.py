"""A page by task: a layout of the gallery made into a short form for the person it is for (A
class set: how many pupils, the level, the paper, a title, and the keys apart or not). The
layout says which fields its page asks ("# On the page, ask: ..."), with the page's own label
where the field's own is too general; every other field is folded under "More options". The
form is the same as A pack's (the same names, the same checks, preview and build), so the
page knows no game: it is the layout that does.
"""

from __future__ import annotations

import dataclasses

from starlette.requests import Request
from starlette.responses import Response

from pnp.i18n import web_gettext
from pnp.web import forms, making, say
from pnp.web.gallery import Layout
from pnp.web.site import Refusal, answer, count_max


def layout_for(request: Request) -> Layout:
    """The gallery's layout for ``audience`` that has a task page."""
    who = request.path_params["audience"]
    for layout in request.app.state.site.layouts.values():
        if layout.audience == who and layout.ask:
            return layout
    raise Refusal(say.NO_TASK.with_facts(who=who[:40]), 404)


def split(flist, ask: dict) -> tuple[list, list]:
    """The fields asked (in the order asked, with the page's labels), and the rest: a nested
    group keeps the fields not asked."""
    asked, rest = {}, []
    for f in flist:
        if f.widget == "fieldset":
            inner = [c for c in f.children if c.name in ask]
            for c in inner:
                asked[c.name] = c
            kept = tuple(c for c in f.children if c.name not in ask)
            if kept:
                rest.append(dataclasses.replace(f, children=kept))
        elif f.name in ask:
            asked[f.name] = f
        else:
            rest.append(f)
    return [dataclasses.replace(asked[name], label=web_gettext(ask[name]) if ask[name] else asked[name].label)
            for name in ask if name in asked], rest


def render_task(request: Request, layout: Layout, checked: making.Checked, preview, status: int = 200):
    site = request.app.state.site
    flist = forms.spec_fields() + [f for i, kind in enumerate(checked.form.kinds)
                                   for f in forms.item_fields(kind, i, count_max())]
    asked, rest = split(flist, dict(layout.ask))
    folded = {name for f in rest for name in ([c.name for c in f.children] or [f.name])}
    return site.page(request, "task.html", status, layout=layout, form=checked.form,
                     checked=checked, asked=asked, rest=rest, preview=preview,
                     keys_apart=checked.form.values.get("keys_apart", "true") == "true",
                     open_more=any(name in folded for name in checked.errors))


async def task_page(request: Request) -> Response:
    site = request.app.state.site
    try:
        layout = layout_for(request)
    except Refusal as exc:
        return answer(request, exc)
    form = making.asked_again(site, request.query_params.get("again")) or \
        making.blank_form(None, layout)
    form.values.setdefault("keys_apart", "true")      # the keys apart, unless asked otherwise
    labels = {name: web_gettext(label) for name, label in layout.labels.items()}
    return render_task(request, layout, making.check_form(form, labels), None)


async def task_post(request: Request) -> Response:
    try:
        layout = layout_for(request)
    except Refusal as exc:
        return answer(request, exc)

    def render(request, checked, preview, status=200):
        return render_task(request, layout, checked, preview, status)

    return await making.posted(request, render, request.url.path, layout.labels)
