"""The start page and its gallery: the example specs of layouts/, read once at start and
chosen by name from then on, each with a thumbnail drawn by pnp itself."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from pnp.errors import PnpError
from pnp.games import offering
from pnp.spec import MAX_SPEC_BYTES, loads
from pnp.web import say, work
from pnp.web.jobs import Busy, Failed
from pnp.web.say import shown
from pnp.web.site import BUSY, PREVIEW_BOARDS, Site

@dataclass(frozen=True)
class Layout:
    name: str
    text: str
    title: str
    about: str          # what it prints, in plain words (its "On the page:" comment)
    audience: str | None = None     # who it is for: "teachers" from "# For teachers: ..."
    # the fields its task page asks, by form name, each with the page's own label or None
    # ("# On the page, ask: items.0.count (How many pupils), title"); the rest are folded
    ask: tuple = ()

    @property
    def labels(self) -> dict:
        """Its page's own labels for the fields it asks, by field name (messages name them so)."""
        return {name: label for name, label in self.ask if label}


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
            out[path.stem] = Layout(path.stem, text, spec.title, *page_words(text, spec.title),
                                    ask=asked(text))
    return out


def asked(text: str) -> tuple:
    """The fields a layout's task page asks: ((form name, label or None), ...)."""
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        if line[1:].strip().startswith("On the page, ask:"):
            wanted = line[1:].strip().removeprefix("On the page, ask:")
            return tuple((m.group(1), m.group(2)) for m in
                         re.finditer(r"([\w.]+)(?: \(([^)]*)\))?", wanted))
    return ()


def page_words(text: str, title: str) -> tuple[str, str | None]:
    """What a layout prints, as its opening comment says it for the page ("# On the page: ...",
    continued on indented comment lines; else the comment before its first command), and whom
    it is for ("# For teachers: ...")."""
    comment = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        comment.append(line[1:].rstrip())
    audience = re.match(r" ?For ([\w -]{2,30}?)[:.]", comment[0]) if comment else None
    page = []
    for line in comment:
        if page and line.startswith("   "):
            page.append(line.strip())
        elif page:
            break
        elif line.strip().startswith("On the page:"):
            page.append(line.strip().removeprefix("On the page:").strip())
    if not page:
        page = [" ".join(line.strip() for line in comment).split("Build:")[0].strip().rstrip(":,;")]
    return " ".join(page) or title, audience.group(1) if audience else None


def extract(fileobj, keywords, comment_tags, options):
    """A Babel extractor for a gallery layout (pnp.i18n.extract): the words the page shows of it
    (its title, what it prints, whom it is for, its task page's labels), to translate."""
    text = fileobj.read().decode("utf-8")
    try:
        title = loads(text, "layout.yaml").title
    except PnpError:
        return
    about, audience = page_words(text, title)
    for words in (title, about, audience, *(label for _, label in asked(text))):
        if words:
            yield 1, None, words, []


def summary(doc: str | None) -> str:
    """A game's first sentence (of its module's docstring), as the start page shows it."""
    return " ".join((doc or "").split(".")[0].split()) + "."


def extract_summary(fileobj, keywords, comment_tags, options):
    """A Babel extractor for a game's folder (pnp.i18n.extract): its first sentence."""
    import ast

    doc = ast.get_docstring(ast.parse(fileobj.read().decode("utf-8")), clean=False)
    if doc:
        yield 1, None, summary(doc), []


def default_layout_folders() -> list[Path]:
    """layouts/ of the folder pnp serve runs in (a person's own specs), then the package's
    gallery: pnp/layouts/ (the starter pack, and in an installed pnp every example spec, which
    setup.py copies there) and, in a source checkout, layouts/ beside the package."""
    import pnp

    here = Path(pnp.__file__).resolve().parent
    checkout = [here.parent / "layouts"] if (here.parent / "pyproject.toml").is_file() else []
    return [Path.cwd() / "layouts", *checkout, here / "layouts"]


async def index(request: Request) -> Response:
    site = request.app.state.site
    layouts = list(site.layouts.values())
    audiences = [(l.audience, l) for l in layouts if l.audience]
    return site.page(request, "index.html", layouts=layouts, audiences=audiences, summary=summary,
                     has_daily=bool(offering("daily_spec")), has_analyze=bool(offering("analyze")))


async def thumbnail(site: Site, name: str, gone=None) -> bytes:
    """The first page of a gallery layout, drawn by pnp (its first boards) and kept."""
    if name not in site.thumbs:
        layout = site.layouts[name]
        # one job however many ask at once, kept in the shared folder (pnp.web.jobs.Pool.shared)
        result = await site.pool.shared("thumb", f"{name}\0{layout.text}", work.build_spec,
                                        layout.text, f"{name}.yaml", False, 1, False, 10_000,
                                        PREVIEW_BOARDS, timeout=120, gone=gone, keep=True)
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
        return PlainTextResponse(shown(say.NO_LAYOUT.with_facts(name=name[:40])), 404)
    try:
        png = await thumbnail(site, name, request.is_disconnected)
    except Busy:
        return PlainTextResponse(str(BUSY), 503, headers={"Retry-After": "2"})
    except (Failed, work.Refused):
        return PlainTextResponse(shown(say.UNFORESEEN_OTHER), 422)
    return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=3600"})

