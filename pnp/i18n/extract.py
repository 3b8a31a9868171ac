"""The messages pnp's code says, found as ``pybabel extract`` finds them, in two domains.

``pnp``: every printed word, marked with ``_``/``N_``/``ngettext``/``pgettext`` in the code below
the web page. ``web``: the web page's words (``pnp/web``: its templates and its Python, marked
the same way) and the labels, help and choice names of the one option model its forms show.

``python -m pnp.i18n.extract`` writes each template (``locale/<domain>.pot``) and brings every
catalog up to date with it (new messages empty, gone ones dropped); docs/languages.md says how
to translate what is then missing. The tests call ``messages()`` to hold the templates and every
catalog to the code.
"""

from __future__ import annotations

from pathlib import Path

from .catalogs import DOMAIN, DOMAINS, LOCALE_DIR, WEB, po_path, read_catalog, template_path
from .languages import CODES, ENGLISH, language

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
# a template's {% trans %} block is a gettext call to Babel
PAGE_KEYWORDS = {**KEYWORDS, "gettext": None}
PACKAGE = Path(__file__).resolve().parent.parent
# the web page's Python and templates belong to the web domain, everything else to the printed one
PRINTED = [("web/**", "ignore"), ("**.py", "python")]
PAGE = [("web/**.py", "python"), ("web/templates/**.html", "jinja2.ext:babel_extract"),
        ("games/*/__init__.py", "pnp.web.gallery:extract_summary"),
        ("spec.py", "pnp.options:extract"), ("games/**.py", "pnp.options:extract")]
# the gallery's example specs (layouts/ beside the package in a checkout, and pnp/layouts/): the
# title, what each prints and the task page's own labels, as the page shows them
LAYOUTS = [PACKAGE.parent / "layouts", PACKAGE / "layouts"]
LAYOUT_WORDS = [("*.yaml", "pnp.web.gallery:extract")]
TEMPLATE_OPTIONS = {"web/templates/**.html": {"trimmed": "true", "extensions": ""}}


def messages(domain: str = DOMAIN):
    """Babel's catalog of every message of ``domain`` in pnp's code, in a stable order."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="pnp", domain=domain, charset="utf-8")
    found = extract_from_dir(str(PACKAGE), method_map=PRINTED if domain == DOMAIN else PAGE,
                             options_map=TEMPLATE_OPTIONS,
                             keywords=KEYWORDS if domain == DOMAIN else PAGE_KEYWORDS,
                             comment_tags=("TRANSLATORS:",))
    for filename, lineno, message, comments, context in found:
        path = f"pnp/{filename}"
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    if domain == WEB:
        for folder in LAYOUTS:
            if folder.is_dir():
                for filename, lineno, message, comments, context in extract_from_dir(
                        str(folder), method_map=LAYOUT_WORDS, keywords=KEYWORDS):
                    catalog.add(message, None, [(f"layouts/{filename}", lineno)])
    return catalog


def main() -> None:
    from babel.messages.pofile import write_po

    for domain in DOMAINS:
        template = messages(domain)
        with template_path(domain).open("wb") as f:
            write_po(f, template, width=100, no_location=True, omit_header=True, sort_output=True)
        for code in CODES:
            if code == ENGLISH or not po_path(code, DOMAIN).exists():
                continue
            if po_path(code, domain).exists():
                catalog = read_catalog(code, domain)
            else:           # a new domain: the language's header, no message yet
                catalog = read_catalog(code, DOMAIN)
                for m in list(catalog):
                    if m.id:
                        catalog.delete(m.id, m.context)
                catalog.domain = domain
            catalog.update(template, no_fuzzy_matching=True)
            with po_path(code, domain).open("wb") as f:
                write_po(f, catalog, width=100, no_location=True, ignore_obsolete=True)
            missing = sum(1 for m in catalog if m.id and not m.string)
            print(f"{language(code).english}: {missing} messages to translate in {po_path(code, domain)}")
        print(f"template: {len(template)} messages in {template_path(domain)} ({LOCALE_DIR})")


if __name__ == "__main__":
    main()
