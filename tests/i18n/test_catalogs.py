"""Every catalog holds every message the code prints, translated, with the same placeholders;
so does the web page's own catalog (``web``) for every message the page shows.

The templates (pnp/i18n/locale/pnp.pot, web.pot) are what ``python -m pnp.i18n.extract`` finds
in the code now: a message added or changed in the code without the catalogs brought up to date
fails here, in every language, naming it.
"""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import i18n
from pnp.i18n.catalogs import DOMAINS, read_catalog, template_path
from pnp.i18n.extract import messages

TRANSLATED = [code for code in i18n.CODES if code != i18n.ENGLISH]


def _ids(catalog) -> set:
    return {m.id for m in catalog if m.id}


@pytest.fixture(scope="module", params=DOMAINS)
def domain(request):
    return request.param


@pytest.fixture(scope="module")
def code_messages(domain):
    return messages(domain)


@pytest.fixture(scope="module", params=TRANSLATED)
def catalog(request, domain):
    return request.param, read_catalog(request.param, domain)


def fields(text: str) -> list[str]:
    """The placeholders of a message, each as often as it appears, sorted: ``{name}`` (filled by
    str.format) and ``%(name)s`` (the web page's templates, filled by Jinja's gettext)."""
    braces = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    return sorted(braces + re.findall(r"%\((\w+)\)s", text))


def test_the_template_is_what_the_code_prints(code_messages, domain):
    from babel.messages.pofile import read_po

    with template_path(domain).open("rb") as f:
        template = read_po(f)
    assert _ids(template) == _ids(code_messages), \
        "run python -m pnp.i18n.extract (docs/languages.md) and translate what it lists"


def test_every_message_is_translated(catalog, code_messages):
    code, cat = catalog
    missing = [m for m in _ids(code_messages) if m not in _ids(cat)]
    assert not missing, f"{code}: no entry for {missing[:3]}"
    extra = _ids(cat) - _ids(code_messages)
    assert not extra, f"{code}: messages the code no longer prints: {sorted(map(str, extra))[:3]}"
    for m in cat:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(f and f.strip() for f in forms), f"{code}: empty translation of {m.id!r}"
        assert not m.fuzzy, f"{code}: {m.id!r} is marked fuzzy (a draft, not a translation)"


def test_placeholders_are_kept(catalog):
    code, cat = catalog
    for m in cat:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            wanted = {tuple(fields(m.id[0])), tuple(fields(m.id[1]))}
            assert len(m.string) == cat.num_plurals, f"{code}: {m.id!r} needs {cat.num_plurals} forms"
            for form in m.string:
                assert tuple(fields(form)) in wanted, f"{code}: {form!r} for {m.id!r}"
        else:
            assert fields(m.string) == fields(m.id), f"{code}: {m.string!r} for {m.id!r}"
            assert m.string.count("\n") == m.id.count("\n"), f"{code}: lines of {m.id!r}"


def test_placeholders_are_filled_without_error(catalog):
    """Every translation formats with the names its message is given (a typo such as {idnet}
    would raise at print time)."""
    code, cat = catalog
    for m in cat:
        if not m.id:
            continue
        for form in (m.string if isinstance(m.string, tuple) else (m.string,)):
            values = {name: "x" for name in fields(form)}
            assert "{" not in form.format(**values).replace("{{", ""), (code, form)


def test_the_house_rule_label_stays(catalog):
    """Where the English says "house rule", the translation says the language's word for it:
    a reader can always tell the source's rules from pnp's."""
    code, cat = catalog
    with i18n.using(code):
        label = i18n._("House rule").casefold()
    for m in cat:
        if isinstance(m.id, str) and "house rule" in m.id.casefold() and m.id != "House rule":
            assert label in m.string.casefold(), f"{code}: {m.string!r} lost '{label}'"


def test_every_printed_character_can_be_drawn(catalog):
    from pnp.pdf.fonts import missing_glyphs

    code, cat = catalog
    for m in cat:
        for form in (m.string if isinstance(m.string, tuple) else (m.string,)):
            if m.id:
                assert not missing_glyphs(form), (code, form, missing_glyphs(form))


def test_plural_forms_follow_the_language(catalog):
    """The catalog's plural rule is the language's (CLDR's, as Babel has it): Arabic has six
    forms, Chinese one."""
    from babel.messages.plurals import get_plural

    code, cat = catalog
    assert cat.num_plurals == get_plural(i18n.language(code).locale).num_plurals


@pytest.mark.parametrize("code", TRANSLATED)
def test_counted_words_take_the_form_of_their_number(code):
    with i18n.using(code):
        forms = {i18n.ngettext("{n} dot", "{n} dots", n).format(n=n) for n in range(0, 120)}
    assert all(re.search(r"\d", f) for f in forms)
    with i18n.using("en"):
        assert i18n.ngettext("{n} dot", "{n} dots", 1).format(n=1) == "1 dot"
        assert i18n.ngettext("{n} dot", "{n} dots", 2).format(n=2) == "2 dots"


def test_a_translation_prints_in_its_language_and_english_is_left_alone():
    with i18n.using("fr"):
        assert i18n._("How to play") == "Comment jouer"
        assert i18n.current().code == "fr"
    assert i18n._("How to play") == "How to play"
    assert i18n.current().code == "en"


def test_numbers_and_lists_are_written_as_the_language_writes_them():
    with i18n.using("de"):
        assert i18n.number(0.45, 2) == "0,45"
        assert i18n.listed(["a", "b", "c"]) == "a, b und c"
    with i18n.using("en"):
        assert i18n.number(0.5, 2) == "0.50" and i18n.number(1234) == "1234"
    with i18n.using("fr"):
        assert i18n.listed(["a", "b"], style="or") == "a ou b"


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown language 'xx'; choose one of en, fr"):
        i18n.language("xx")


def test_results_kept_per_language():
    calls = []

    @i18n.per_language(maxsize=8)
    def said(word):
        calls.append(word)
        return i18n._(word)

    assert said("How to play") == "How to play"
    with i18n.using("de"):
        assert said("How to play") == "So wird gespielt"
    assert said("How to play") == "How to play" and len(calls) == 2


def test_the_quick_reader_reads_what_babel_reads(catalog, domain):
    """A build reads its catalog with pnp's own .po reader (ten times quicker than Babel's):
    every message and every plural form of every count reads the same as Babel compiles it."""
    import gettext
    import io

    from babel.messages.mofile import write_mo

    from pnp.i18n.catalogs import translations

    code, cat = catalog
    buffer = io.BytesIO()
    write_mo(buffer, cat)
    buffer.seek(0)
    babel, ours = gettext.GNUTranslations(buffer), translations(code, domain)
    for m in cat:
        if isinstance(m.id, tuple):
            for n in range(0, 230):
                assert ours.ngettext(*m.id, n) == babel.ngettext(*m.id, n), (code, m.id, n)
        elif m.id:
            assert ours.gettext(m.id) == babel.gettext(m.id), (code, m.id)


def test_a_fuzzy_entry_prints_in_english():
    from pnp.i18n.catalogs import Translations

    text = ('msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
            '#, fuzzy\nmsgid "How to play"\nmsgstr "Comment"\n\n'
            'msgid "Hull"\nmsgstr ""\n"Enve"\n"loppe \\"x\\""\n')
    t = Translations(text)
    assert t.gettext("How to play") == "How to play"
    assert t.gettext("Hull") == 'Enveloppe "x"'


def test_the_page_says_its_words_in_its_language_and_falls_back_on_the_printed_ones():
    """The page's catalog first, then the printed one (a game's title the page shows too)."""
    from pnp.web.say import BUSY, shown

    with i18n.using("de"):
        assert shown(BUSY).startswith("Dieser Computer ist gerade")
        assert i18n.web_gettext("How to play") == i18n._("How to play") == "So wird gespielt"
    assert shown(BUSY) == BUSY


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('ab"\\ntr\x04é')), max_size=40))
def test_a_quoted_line_reads_as_its_escapes_say(body):
    """The quick reader's unquoting against the plain reading of a .po line: a backslash and
    the character after it are one escape (\\n, \\t, \\r, \\\\, \\" or that character itself),
    a lone backslash at the end is itself."""
    from pnp.i18n.catalogs import _unquote

    escapes = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "r": "\r"}
    out, k = [], 0
    while k < len(body):
        if body[k] == "\\" and k + 1 < len(body):
            out.append(escapes.get(body[k + 1], body[k + 1]))
            k += 2
        else:
            out.append(body[k])
            k += 1
    assert _unquote(f'  "{body}"  ') == "".join(out)


@pytest.mark.parametrize("code", [*TRANSLATED, None])
def test_each_message_is_written_once(code, domain):
    """A message written twice in one catalog (two branches appending the same entry, merged)
    is one translation too many: gettext keeps one, ``msgfmt`` refuses the file, and a fix made
    to one copy may be the one that is not read."""
    from collections import Counter

    from pnp.i18n.catalogs import _entries, po_path

    path = template_path(domain) if code is None else po_path(code, domain)
    keys = Counter((e.get("msgctxt"), e.get("msgid")) for e in _entries(path.read_text("utf-8"))
                   if e.get("msgid"))
    assert [key for key, n in keys.items() if n > 1] == []
