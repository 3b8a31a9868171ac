"""The messages pnp's code prints, found as ``pybabel extract -F babel.cfg -k N_`` finds them.

``python -m pnp.i18n.extract`` writes the template (``locale/pnp.pot``) and brings every
catalog up to date with it (new messages empty, gone ones dropped); docs/languages.md says how
to translate what is then missing. The tests call ``messages()`` to hold the template and every
catalog to the code.
"""

from __future__ import annotations

from pathlib import Path

from .catalogs import DOMAIN, LOCALE_DIR, po_path, read_catalog, template_path
from .languages import CODES, ENGLISH, language

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PACKAGE = Path(__file__).resolve().parent.parent


def messages():
    """Babel's catalog of every message in pnp's code, in a stable order."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="pnp", domain=DOMAIN, charset="utf-8")
    found = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",))
    for filename, lineno, message, comments, context in found:
        path = f"pnp/{filename}"
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def main() -> None:
    from babel.messages.pofile import write_po

    template = messages()
    with template_path().open("wb") as f:
        write_po(f, template, width=100, no_location=True, omit_header=True, sort_output=True)
    for code in CODES:
        if code == ENGLISH or not po_path(code).exists():
            continue
        catalog = read_catalog(code)
        catalog.update(template, no_fuzzy_matching=True)
        with po_path(code).open("wb") as f:
            write_po(f, catalog, width=100, no_location=True, ignore_obsolete=True)
        missing = sum(1 for m in catalog if m.id and not m.string)
        print(f"{language(code).english}: {missing} messages to translate in {po_path(code)}")
    print(f"template: {len(template)} messages in {template_path()} ({LOCALE_DIR})")


if __name__ == "__main__":
    main()
