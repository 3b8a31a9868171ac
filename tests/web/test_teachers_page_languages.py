"""The class-set page as a teacher in each of the six languages meets it (issue 44): its own
labels inside its messages, the level in its words, a title in its language, defaults that are
true, one range for how many pupils, the preview's line as text, no command line, the language's
comma and the right tab on the result page — and no English left on it."""

from __future__ import annotations

import html as htmlib
import re

import pytest

from pnp import i18n
from pnp.i18n.catalogs import WEB, read_catalog
from web_helpers import BASE, ROOT, post, token_of, wait_for

TRANSLATED = [code for code in i18n.CODES if code != i18n.ENGLISH]


@pytest.fixture(scope="module")
def app():
    from pnp.web.app import create_app, read_layouts

    return create_app("127.0.0.1", 8000, workers=1, layouts=read_layouts([ROOT / "layouts"]),
                      warm=False)


@pytest.fixture(scope="module")
def running(app):
    """One client for the module: its workers live as long as it (each test opens the page in
    its language, which sets the language's cookie)."""
    from starlette.testclient import TestClient

    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def client(running):
    running.cookies.clear()
    return running


def fields(page: str) -> dict:
    """The form's values as a browser would send them."""
    out = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and name.group(1) not in ("csrf-token",):
            out[name.group(1)] = htmlib.unescape(value.group(1)) if value else ""
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body)
        if chosen:
            out[name] = htmlib.unescape(chosen.group(1))
    return out


def opened(client, code: str) -> tuple[str, dict]:
    page = client.get(f"/for/teachers?lang={code}").text
    client.token = token_of(page)
    return page, fields(page)


def say(message: str, **facts) -> str:
    text = i18n.web_gettext(message)
    return text.format(**facts) if facts else text


def english_left(text: str, code: str) -> list[str]:
    """English of the page's catalog (and the class-set page's own labels and keywords) still
    in ``text`` on a page in language ``code``."""
    if code == i18n.ENGLISH:
        return []
    found = [m.id for m in read_catalog(code, WEB) if isinstance(m.id, str) and m.string
             and m.string != m.id and len(m.id.split()) > 2 and "{" not in m.id and "%(" not in m.id
             and m.id in text]
    words = ["How many pupils", "Level", "easy", "medium", "hard", "must be", "Default",
             "Graph theory week", "pip install", "boards at once"]
    return found + [w for w in words if re.search(rf"\b{re.escape(w)}\b", text)]


@pytest.mark.parametrize("code", i18n.CODES)
def test_a_mistake_names_the_field_by_the_pages_own_label_in_its_language(client, code):
    page, form = opened(client, code)
    with i18n.using(code):
        label = say("How many pupils")
        level = say("Level")
    for values, name, words in [({"items.0.count": "0"}, "items.0.count", label),
                                ({"items.0.difficulty": "hrad"}, "items.0.difficulty", level)]:
        reply = post(client, "/preview", {**form, **values}).json()
        shown = reply["errors"][name][0]
        assert shown.startswith(words), shown
        assert not english_left(shown, code), (shown, english_left(shown, code))


@pytest.mark.parametrize("code", i18n.CODES)
def test_the_level_is_shown_and_taken_in_the_pages_words(client, code):
    page, form = opened(client, code)
    with i18n.using(code):
        easy, medium, hard = (say(w) for w in ("easy", "medium", "hard"))
        bands = i18n.listed([easy, medium, hard], "or") if code != "en" else "easy, medium, hard"
    datalist = re.search(r'<datalist id="l-items.0.difficulty">(.*?)</datalist>', page).group(1)
    assert re.findall(r'value="([^"]*)"', datalist) == [htmlib.escape(w) for w in (easy, medium, hard)]
    assert form["items.0.difficulty"] == medium            # the layout's "medium", in its words
    reply = post(client, "/preview", {**form, "items.0.difficulty": hard.upper()}).json()
    assert "items.0.difficulty" not in reply["errors"], reply["errors"]
    assert "difficulty: hard\n" in reply["spec"]            # the spec keeps its keyword
    wrong = post(client, "/preview", {**form, "items.0.difficulty": "hrad"}).json()
    assert bands in wrong["errors"]["items.0.difficulty"][0]


@pytest.mark.parametrize("code", i18n.CODES)
def test_the_title_and_the_defaults_are_true_in_the_pages_language(client, code):
    page, form = opened(client, code)
    with i18n.using(code):
        assert form["title"] == say("Graph theory week")
        default_word = say("Default: %(value)s.").split("%(value)s")[0].strip()
        made = client.get(f"/make?kind=cliquer&lang={code}").text
    assert fields(made)["title"] == ("My CliqueR set" if code == "en"
                                     else read_catalog(code, WEB).get("My {game} set").string.format(game="CliqueR"))
    help_of = {name: htmlib.unescape(re.sub(r"<[^>]+>", "", text)) for name, text in
               re.findall(r'<p class="help" id="h-([^"]+)">(.*?)</p>', page, re.S)}
    assert default_word not in help_of["title"], help_of["title"]          # an example, no default
    assert default_word not in help_of["items.0.count"], help_of["items.0.count"]   # 24 shown
    with i18n.using(code):
        assert say("From %(low)s to %(high)s.") % {"low": 1, "high": 200} in help_of["items.0.count"] \
            or say("From %(low)s to %(high)s.") % {"low": i18n.number(1), "high": i18n.number(200)} in help_of["items.0.count"]


@pytest.mark.parametrize("code", i18n.CODES)
def test_how_many_pupils_has_one_range_the_pages(client, code):
    """The help says 1 to 200; so does a count of 0 or 500 refused (not the command line's 5000)."""
    from pnp.web.site import MAX_BOARDS

    page, form = opened(client, code)
    for typed in ("0", "500"):
        shown = post(client, "/preview", {**form, "items.0.count": typed}).json()["errors"]["items.0.count"][0]
        with i18n.using(code):
            assert i18n.number(MAX_BOARDS) in shown and i18n.number(5000) not in shown, shown
        assert not english_left(shown, code), shown


@pytest.mark.parametrize("code", i18n.CODES)
def test_the_preview_line_is_text_not_markup(client, code):
    page, form = opened(client, code)
    reply = post(client, "/preview", form).json()
    assert reply["ok"], reply
    assert "&#" not in reply["status"] and "&amp;" not in reply["status"], reply["status"]
    assert not english_left(reply["status"], code), reply["status"]


@pytest.mark.parametrize("code", i18n.CODES)
def test_a_missing_font_asks_the_person_who_runs_the_server_and_the_cli_keeps_its_command(code, monkeypatch):
    from pnp.errors import WrongValue
    from pnp.pdf import faces
    from pnp.spec import printable_in

    monkeypatch.setattr(faces, "cjk_installed", lambda: False)
    with pytest.raises(WrongValue) as refused:
        printable_in("zh")
    assert str(refused.value) == "Simplified Chinese needs the CJK fonts, which are not installed: pip install 'pnp[cjk]'"
    with i18n.using(code):
        shown = refused.value.problem.say()
        assert say("ask the person who runs this server to install the CJK fonts") in shown
    assert "pip" not in shown


@pytest.mark.parametrize("code", i18n.CODES)
def test_the_result_page_speaks_the_language_and_marks_the_class_set(client, code):
    page, form = opened(client, code)
    started = post(client, "/build", {**form, "items.0.count": "1"}).json()
    assert started["ok"], started
    wait_for(client, started["url"])
    result = client.get(started["url"]).text
    here = re.search(r'<a href="([^"]+)" class="here" aria-current="page">', result)
    assert here and here.group(1) == "/for/teachers", here
    listed = re.search(r'download>[^<]*</a> \((.*?)\)</li>', result).group(1)
    with i18n.using(code):
        comma = i18n.web_gettext(", ")
    assert comma in htmlib.unescape(listed), listed
    if code == "ar":
        assert "," not in listed, listed
    text = " ".join(htmlib.unescape(re.sub(r"<[^>]+>", " ", result)).split())
    assert not english_left(text.replace("pnp", ""), code), english_left(text, code)
