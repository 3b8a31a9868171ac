"""The page speaks the reader's language: the one the switch chose (kept in a cookie), else the
browser's Accept-Language, else English; <html lang dir>, the words from the catalogs' web
domain and the option model's labels, and nothing of a hostile request written back."""

from __future__ import annotations

import html as htmlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import i18n
from pnp.i18n.catalogs import WEB, read_catalog
from pnp.web.language import COOKIE, from_accept
from web_helpers import BASE, ROOT

PAGES = ["/", "/for/teachers", "/make", "/make?kind=circles", "/validate", "/analyze"]
TRANSLATED = [code for code in i18n.CODES if code != i18n.ENGLISH]


@pytest.fixture(scope="module")
def app():
    from pnp.web.app import create_app, read_layouts

    return create_app("127.0.0.1", 8000, workers=1, layouts=read_layouts([ROOT / "layouts"]),
                      warm=False)


@pytest.fixture
def client(app):
    """A browser of its own: no cookie from another test."""
    from starlette.testclient import TestClient

    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


def lang_of(page: str) -> tuple[str, str]:
    found = re.search(r'<html lang="([^"]+)" dir="([^"]+)">', page)
    return found.group(1), found.group(2)


# --- Accept-Language ------------------------------------------------------------------------

@pytest.mark.parametrize("header, code", [
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
    ("de;q=0.5, ar", "ar"),                       # the weights decide, not the order
    ("ja, es-MX;q=0.8", "es"),                    # a language pnp has not is passed over
    ("zh-CN", "zh"), ("zh-Hans-CN", "zh"), ("zh", "zh"),
    ("zh-TW, en;q=0.5", "en"),                    # traditional characters: not offered Simplified
    ("zh-Hant-HK", None), ("hi-IN", "hi"), ("AR-eg", "ar"),
    ("fr;q=0, de;q=0.1", "de"),                   # q=0 is "not this one"
    ("fr;q=banana, de;q=0.3", "de"),              # a weight that is no weight: that one skipped
    ("*", None), ("", None), (None, None), ("en-x-<script>", None), (";;;,,,", None),
])
def test_the_browser_language_pnp_has_is_chosen(header, code):
    assert from_accept(header) == code


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_accept_language_gives_a_known_code_or_none(header):
    assert from_accept(header) in (None, *i18n.CODES)


def test_a_huge_accept_language_is_read_only_so_far():
    assert from_accept("xx, " * 5000 + "fr") is None      # past what is read: not looked for
    assert from_accept("de;q=0.1, " + "xx, " * 10) == "de"


# --- the page ---------------------------------------------------------------------------------

def test_no_language_asked_is_english(client):
    r = client.get("/")
    assert lang_of(r.text) == ("en", "ltr")
    assert r.headers["content-language"] == "en"
    assert "Accept-Language" in r.headers["vary"] and "Cookie" in r.headers["vary"]
    assert "set-cookie" not in r.headers


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_browser_language_is_spoken(client, code):
    r = client.get("/", headers={"Accept-Language": f"{code};q=0.9, en;q=0.1"})
    lang = i18n.language(code)
    assert lang_of(r.text) == (code, lang.direction)
    with i18n.using(code):
        from pnp.i18n import web_gettext as _
        assert htmlib.escape(_("The games"), quote=False) in r.text
    assert "set-cookie" not in r.headers           # a browser's wish is not a choice to keep


def test_the_switch_chooses_and_the_choice_is_kept(client):
    r = client.get("/make?lang=ar", headers={"Accept-Language": "fr"})
    assert lang_of(r.text) == ("ar", "rtl")
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=ar;") and "SameSite=Lax" in cookie and "Path=/" in cookie
    # every page after it speaks Arabic, whatever the browser says
    later = client.get("/validate", headers={"Accept-Language": "fr"})
    assert lang_of(later.text) == ("ar", "rtl") and "set-cookie" not in later.headers
    back = client.get("/validate?lang=en", headers={"Accept-Language": "fr"})
    assert lang_of(back.text) == ("en", "ltr") and back.headers["set-cookie"].startswith(f"{COOKIE}=en;")


@pytest.mark.parametrize("asked", ['"><script>alert(1)</script>', "xx", "fr\r\nSet-Cookie: a=b",
                                   "../../etc/passwd", "FR", "f" * 5000])
def test_an_unknown_language_is_ignored_not_echoed(client, asked):
    from urllib.parse import quote

    r = client.get("/?lang=" + quote(asked), headers={"Accept-Language": "de"})
    assert r.status_code == 200
    assert lang_of(r.text) == ("de", "ltr")
    assert "set-cookie" not in r.headers
    assert "<script>alert" not in r.text and "etc/passwd" not in r.text and "f" * 200 not in r.text


@pytest.mark.parametrize("kept", ["xx", "<b>", "", "FR", "fr-CA"])
def test_a_cookie_that_names_no_language_is_ignored(client, kept):
    client.cookies.set(COOKIE, kept)
    r = client.get("/", headers={"Accept-Language": "es"})
    assert lang_of(r.text) == ("es", "ltr")


@pytest.mark.parametrize("url", PAGES + ["/daily?date=2026-11-20"])
def test_every_page_has_the_switch_and_it_keeps_the_page(client, url):
    page = client.get(url).text
    switch = re.search(r'<nav class="languages".*?</nav>', page, re.S).group(0)
    links = re.findall(r'<a href="([^"]+)" lang="([^"]+)" hreflang="([^"]+)"', switch)
    assert [code for _, code, _ in links] == list(i18n.CODES)
    path, _, query = url.partition("?")
    for href, code, _ in links:
        href = htmlib.unescape(href)
        assert href.startswith(path + "?") and href.endswith(f"lang={code}")
        assert query in href                      # the page's own question stays (the date)
    for code, lang in i18n.LANGUAGES.items():     # each named in its own words
        assert f'hreflang="{code}"' in switch and lang.name in switch
    assert switch.count('aria-current="true"') == 1


def test_the_switch_keeps_no_other_lang_and_escapes_the_query(client):
    page = client.get('/daily?date=2026-11-20&lang=fr&x="><b>').text
    switch = re.search(r'<nav class="languages".*?</nav>', page, re.S).group(0)
    assert "<b>" not in switch and "lang=fr&amp;lang" not in switch


def test_the_forms_speak_the_option_models_words(client):
    """The form's labels, help and choices are the option model's, through the catalog."""
    from pnp.spec import item_options

    options = {o.key: o for o in item_options("circles")}
    page = client.get("/make?kind=circles&lang=de").text
    with i18n.using("de"):
        from pnp.i18n import web_gettext as _
        label = options["arrangement"].label_text(_)
        choice = options["arrangement"].choice_text("ring", _)
    assert label != options["arrangement"].label and label in page
    assert choice in page


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("url", ["/", "/for/teachers", "/make?kind=cliquer", "/validate", "/analyze"])
def test_no_english_of_the_pages_own_is_left(client, code, url):
    """Every sentence of the page's own (templates, option model, gallery) that the catalog
    translates shows translated: none of the English of those of more than three words is on
    the page."""
    page = htmlib.unescape(re.sub(r"<[^>]+>", " ", client.get(f"{url}{'&' if '?' in url else '?'}lang={code}").text))
    page = " ".join(page.split())
    left = [m.id for m in read_catalog(code, WEB)
            if isinstance(m.id, str) and m.string != m.id and len(m.id.split()) > 3
            and "%(" not in m.id and "<" not in m.id and "{" not in m.id and m.id in page]
    assert not left, left


def test_a_header_sent_twice_is_read_as_one_list():
    from pnp.web.language import chosen

    scope = {"query_string": b"", "headers": [(b"accept-language", b"ja"),
                                             (b"accept-language", b"de;q=0.5"),
                                             (b"cookie", b"a=1"), (b"cookie", f"{COOKIE}=hi".encode())]}
    assert chosen(scope) == ("hi", False)
    scope["headers"] = scope["headers"][:2]
    assert chosen(scope) == ("de", False)
    assert chosen({"query_string": b"lang=zh&lang=fr", "headers": []}) == ("fr", True)


@pytest.mark.parametrize("code", i18n.CODES)
def test_how_long_a_finished_pdf_is_kept_is_said_from_the_jobs_own_figure(client, code):
    """The page's "no longer kept" messages read the time from jobs.FINISHED_SECONDS, in the
    page's language with its plural (Babel), not a number written into each translation."""
    from pnp.web.jobs import FINISHED_SECONDS
    from pnp.web.say import NO_BUILD, Duration, shown

    r = client.get(f"/jobs/{'0' * 32}", headers={"Accept-Language": code})
    assert r.status_code == 404
    with i18n.using(code):
        kept = i18n.duration(FINISHED_SECONDS)
        assert htmlib.escape(kept, quote=False) in r.text
        # another figure would be said as its own, in the language's own plural
        three = i18n.duration(180)
        assert three in shown(NO_BUILD.with_facts(time=Duration(180)))
        one = i18n.duration(60)
    if code == "en":
        assert (kept, three, one) == ("15 minutes", "3 minutes", "1 minute")
    if code == "ar":        # 3 to 10 take the plural, 11 to 99 the singular
        assert "دقائق" in three and "دقيقة" in kept


@pytest.mark.parametrize("path", ["/make?kind=cliques", "/make?layout=class-set",
                                  "/for/teachers"])
def test_a_new_form_prints_in_the_pages_language(client, path):
    """A teacher reading the page in French gets French sheets unless she changes the field;
    English pages, and a spec that names its language, keep theirs."""
    def selected(page: str) -> str:
        select = re.search(r'<select[^>]*name="language".*?</select>', page, re.S).group(0)
        return re.search(r'<option value="([^"]+)" selected', select).group(1)

    assert selected(client.get(path, headers={"Accept-Language": "fr"}).text) == "fr"
    assert selected(client.get(path, headers={"Accept-Language": "en"}).text) == "en"
    assert selected(client.get(path + ("&" if "?" in path else "?") + "lang=ar").text) == "ar"


def test_a_new_form_on_a_french_page_builds_french_sheets(client):
    from pnp.web import forms, making

    with i18n.using("fr"):
        form = making.blank_form("cliquer", None)
    assert "\nlanguage: fr\n" in forms.write_spec(form, 100).text


@pytest.mark.parametrize("code", ["fr", "ar", "zh"])
def test_a_number_out_of_range_is_said_in_the_pages_language_beside_its_field(client, code):
    """The loader's problem with a value typed into a field is said in the page's language, its
    field named by its label there, and what was typed quoted back as typed; the CLI's English
    is the tests/test_problems.py's."""
    from pnp.spec import item_options
    from web_helpers import post, token_of

    client.token = token_of(client.get(f"/make?kind=cliquer&lang={code}").text)
    data = {"title": "t", "items.0.kind": "cliquer", "items.0.dots": "80", "items.0.count": "010"}
    reply = post(client, "/preview", data).json()
    dots = next(o for o in item_options("cliquer") if o.key == "dots")
    with i18n.using(code):
        label = dots.label_text(i18n.web_gettext)
        problem = i18n.web_gettext("must be {lo}..{hi}, got {got}").format(lo=3, hi=40, got=80)
        # the label and the problem joined as the language punctuates ("points : doit…")
        named = i18n.web_gettext("{label}: {problem}").format(label=label, problem=problem)
    assert reply["ok"] is False and problem != "must be 3..40, got 80"
    assert reply["errors"]["items.0.dots"] == [named]
    assert named.startswith(label + {"fr": " : ", "ar": ": ", "zh": "："}[code])
    # a problem made of problems (a whole number; YAML 1.1's leading zero), all translated
    with i18n.using(code):
        whole = i18n.web_gettext("a whole number")
    count = reply["errors"]["items.0.count"][0]
    assert whole in count and "'010'" in count and "must" not in count and "zero" not in count
    # the page without script says the same beside the field
    r = post(client, "/make", {**data, "action": "preview"}, json_reply=False)
    assert r.status_code == 422 and htmlib.escape(named, quote=False) in r.text


# a bad value of each kind the loader's own rules refuse, typed into the form: (kind, the form's
# values, the field it is shown beside, the message as the catalog has it, a field named inside)
RULES = [
    ("cliquer", {"items.0.code": "R1-1CT5-G0R4-SX"}, "items.0.code",
     "board code {code} is mistyped (its check letters do not match)"),
    ("cliquer", {"items.0.code": "R1-1CT5-G0R4-SK", "items.0.dots": "12"}, "items.0.dots",
     "is {given} but {name}: {shown} has {other} {fixed}: leave {other}: out (the {name} sets it)", "code"),
    ("cliquer", {"items.0.difficulty": "target: 2"}, "items.0.difficulty",
     "difficulty target must be within 0..1, got {got}"),
    ("cliquer", {"title": "a\u202eb"}, "title",
     "has an invisible formatting character {char}; type the text plainly"),
    ("cliques", {"items.0.players": "Ann, ann, Bob"}, "items.0.players",
     "{where} {name} repeats name {first}; names must differ (circles are named after them)"),
    ("circles", {"items.0.circles": "3", "items.0.arrangement": "ring"}, "items.0",
     "a ring needs at least 4 circles (got {circles}); with 3 every circle would be next to both "
     "others: use {arrangement}: row", "arrangement"),
]


@pytest.mark.parametrize("code", ["fr", "ar"])
def test_the_loaders_rules_are_said_in_the_pages_language_beside_their_field(client, code):
    """An item's own rules, a board code, a field another one fixes, a character: each said in the
    page's language beside its field, a field named inside it by its label there."""
    from pnp.web import forms
    from web_helpers import post, token_of

    client.token = token_of(client.get(f"/make?kind=cliquer&lang={code}").text)
    for kind, values, name, message, *inside in RULES:
        data = {"title": "t", "items.0.kind": kind, **values}
        reply = post(client, "/preview", data).json()
        with i18n.using(code):
            words = [w.strip(" :;,.()") for w in re.split(r"\{\w+\}", i18n.web_gettext(message))]
            labels = {f.name: f.label for f in forms.item_fields(kind, 0, 100) + forms.spec_fields()}
        assert reply["ok"] is False and name in reply["errors"], (kind, reply)
        shown = reply["errors"][name][0]
        assert all(w in shown for w in words if w) and "must" not in shown, shown
        for key in inside:                        # a field inside it named by its label there
            assert labels[f"items.0.{key}"] in shown and f"{key}:" not in shown, shown
