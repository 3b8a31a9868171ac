"""The messages pnp's code prints, found as ``pybabel extract -F babel.cfg -k N_`` finds them,
and those the web page shows (its own catalog, ``web``: pnp/web's messages and templates, the
option model's words its forms show, the gallery's words, and a game's words for the page
marked ``W_``).

``python -m pnp.i18n.extract`` writes the templates (``locale/pnp.pot``, ``locale/web.pot``)
and brings every catalog up to date with them (new messages empty, gone ones dropped), and
writes each language's way of writing numbers and lists from Babel (``locale/writing.json``);
docs/languages.md says how to translate what is then missing. The tests call ``messages()`` to
hold the templates and every catalog to the code.
"""

from __future__ import annotations

from pathlib import Path

from .catalogs import DOMAIN, DOMAINS, LOCALE_DIR, WEB, po_path, read_catalog, template_path
from .languages import CODES, ENGLISH, language
from .writing import write_table

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
# pnp/web's own (pnp.web.say): the same, and a counted message marked where it is defined
WEB_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Nn_": (1, 2)}
PACKAGE = Path(__file__).resolve().parent.parent
# the page's templates (a {% trans %} block is a gettext call to Babel), its words of the one
# option model (the forms' labels, help and choices: pnp.options' extractor), each game's first
# sentence (the start page's cards) and the gallery's example specs (their titles, what each
# prints and the task page's own labels), as the page shows them
TEMPLATE_KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}
TEMPLATES = [("templates/**.html", "jinja2.ext:babel_extract")]
TEMPLATE_OPTIONS = {"templates/**.html": {"trimmed": "true", "extensions": ""}}
MODEL = [("games/*/__init__.py", "pnp.web.gallery:extract_summary"), ("spec.py", "pnp.options:extract"),
         ("games/**.py", "pnp.options:extract")]
LAYOUTS = [PACKAGE.parent / "layouts", PACKAGE / "layouts"]
LAYOUT_WORDS = [("*.yaml", "pnp.web.gallery:extract")]


def messages(domain: str = DOMAIN):
    """Babel's catalog of every message in pnp's code that ``domain`` holds (the PDFs' words,
    or the web page's), in a stable order."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="pnp", domain=domain, charset="utf-8")
    if domain == WEB:
        # outside pnp/web only the few modules that mark a message W_ are read (half the time):
        # pnp/verify's, until the validator's rewrite moves it to Message
        marked = [(path.relative_to(PACKAGE).as_posix(), "python") for path in sorted(PACKAGE.rglob("*.py"))
                  if "web" not in path.relative_to(PACKAGE).parts[:1]
                  and ("W_(" in (text := path.read_text("utf-8")) or "Wn_(" in text)]
        runs = [(PACKAGE / "web", [("**.py", "python")], WEB_KEYWORDS),
                (PACKAGE, marked, {"W_": None, "Wn_": (1, 2)}),
                (PACKAGE / "web", TEMPLATES, TEMPLATE_KEYWORDS), (PACKAGE, MODEL, {}),
                *((folder, LAYOUT_WORDS, {}) for folder in LAYOUTS if folder.is_dir())]
    else:
        runs = [(PACKAGE, [("web/**.py", "ignore"), ("**.py", "python")], KEYWORDS)]
    for folder, method_map, keywords in runs:
        found = extract_from_dir(str(folder), method_map=method_map, keywords=keywords,
                                 options_map=TEMPLATE_OPTIONS, comment_tags=("TRANSLATORS:",))
        for filename, lineno, message, comments, context in found:
            path = Path(folder, filename).relative_to(PACKAGE.parent).as_posix()
            catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    if domain == WEB:           # every Message(...) call, in any module (pnp.i18n.message)
        from .message import comments, found

        for path in sorted(PACKAGE.rglob("*.py")):
            text = path.read_text("utf-8")
            if "Message(" not in text:
                continue
            for lineno, message, context in found(text):
                catalog.add(message, None, [(path.relative_to(PACKAGE.parent).as_posix(), lineno)],
                            auto_comments=comments(text, lineno), context=context)
    return catalog


def main() -> None:
    for domain in DOMAINS:
        update(domain)
    write_table({code: language(code).locale for code in CODES})


def update(domain: str) -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = messages(domain)
    with template_path(domain).open("wb") as f:
        write_po(f, template, width=100, no_location=True, omit_header=True, sort_output=True)
    for code in CODES:
        if code == ENGLISH or not po_path(code).exists():
            continue
        if po_path(code, domain).exists():
            catalog = read_catalog(code, domain)
        else:               # a new catalog, with its language's plural rule
            catalog = Catalog(locale=language(code).locale, domain=domain, charset="utf-8")
            po_path(code, domain).parent.mkdir(parents=True, exist_ok=True)
        catalog.update(template, no_fuzzy_matching=True)
        with po_path(code, domain).open("wb") as f:
            write_po(f, catalog, width=100, no_location=True, ignore_obsolete=True)
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"{language(code).english}: {missing} messages to translate in {po_path(code, domain)}")
    print(f"template: {len(template)} messages in {template_path(domain)} ({LOCALE_DIR})")


if __name__ == "__main__":
    main()
