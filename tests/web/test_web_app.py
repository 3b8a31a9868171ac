"""`pnp serve` driven in-process: every route, the security walls, and that the page and the
CLI agree (same messages, same bytes)."""

from __future__ import annotations

import asyncio
import os
import re
import tempfile

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.games import KINDS
from pnp.spec import load, loads
from pnp.web import forms
from web_helpers import ROOT, built, followed, post, wait_for, web  # noqa: F401 (fixtures)

LAYOUTS = sorted((ROOT / "layouts").glob("*.yaml"))
CLASS_SET = {"title": "Graph theory week", "seed": "2026-11-21", "items.0.kind": "cliquer",
             "items.0.count": "24", "items.0.dots": "8", "items.0.difficulty": "medium",
             "items.0.worksheet": "true"}


# --- pages --------------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/", "/make", "/validate", "/analyze", "/static/pnp.js",
                                 "/static/pnp.css", *[f"/make?kind={k}" for k in KINDS],
                                 *[f"/make?layout={p.stem}" for p in LAYOUTS]])
def test_every_page_answers(web, url):
    r = web.get(url)
    assert r.status_code == 200, r.text[:300]
    assert "content-security-policy" in r.headers


def test_the_start_page_shows_games_gallery_and_audiences(web):
    html = web.get("/").text
    for kind in KINDS:
        assert f"/make?kind={kind}" in html
    for path in LAYOUTS:
        assert f"/thumb/{path.stem}.png" in html
    assert "For teachers" in html and "/daily" in html


def test_the_gallery_speaks_plain_words(web):
    import re

    html = web.get("/").text
    words = " ".join(re.findall(r'<li class="card">.*?</li>', html, re.S))
    assert "24 worksheets, one a pupil" in words
    for command_line in ("`", "pnp ", "--", ".yaml", "spec", "seed"):
        assert command_line not in words, command_line


def test_a_thumbnail_is_a_png_drawn_by_pnp(web):
    r = web.get("/thumb/class-set.png")
    assert r.status_code == 200 and r.content.startswith(b"\x89PNG")


@pytest.mark.parametrize("url", ["/make?kind=nope", "/make?layout=../../etc/passwd", "/thumb/..%2Fsetup.png",
                                 "/static/..%2F__init__.py", "/static/app.py", "/jobs/xyz",
                                 "/jobs/xyz/file/0", "/no/such/page"])
def test_no_request_path_reaches_the_file_system(web, url):
    r = web.get(url)
    assert r.status_code == 404
    assert "import" not in r.text and "Traceback" not in r.text


def test_every_field_has_a_label(web):
    import re

    for kind in KINDS:
        html = web.get(f"/make?kind={kind}").text
        ids = set(re.findall(r'<(?:input|select)[^>]* id="([^"]+)"', html))
        labelled = set(re.findall(r'<label for="([^"]+)"', html))
        assert ids and ids <= labelled, ids - labelled


# --- walls --------------------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1:9999", ""])
def test_a_request_for_another_host_is_refused(web, host):
    r = web.get("/", headers={"Host": host})
    assert r.status_code == 421


def test_localhost_is_the_same_server(web):
    assert web.get("/", headers={"Host": "localhost:8000"}).status_code == 200


@pytest.mark.parametrize("url", ["/preview", "/make", "/spec", "/build", "/analyze", "/validate",
                                 "/jobs/x/cancel"])
def test_every_post_needs_the_token(web, url):
    r = post(web, url, CLASS_SET, token=False)
    assert r.status_code == 403
    r = post(web, url, CLASS_SET, token=False, headers={"X-CSRF-Token": "forged"})
    assert r.status_code == 403


def test_a_post_from_another_origin_is_refused_even_with_the_token(web):
    r = post(web, "/preview", CLASS_SET, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403
    r = post(web, "/preview", CLASS_SET, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403


def test_a_large_body_is_refused_before_it_is_read(web):
    r = post(web, "/preview", {"title": "x" * 300_000})
    assert r.status_code == 413 and "kB" in r.text
    # also when the body does not say its length up front
    r = web.post("/preview", content=(b"title=" + b"x" * 100_000 for _ in range(4)),
                 headers={"X-CSRF-Token": web.token, "Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 413


def test_an_upload_past_the_cap_is_refused(web):
    from pnp.web.app import MAX_UPLOAD

    r = post(web, "/validate", files={"pdf": ("big.pdf", b"%PDF-1.7\n" + b"0" * (MAX_UPLOAD + 10))},
             json_reply=False, headers={"csrftoken": "x"})
    assert r.status_code == 413


# --- the form and the spec loader -----------------------------------------------------------------

@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.stem)
def test_every_layout_opened_in_the_form_writes_the_same_spec(path):
    """The form shows what a spec says, and writes it back: the spec loader reads the same spec."""
    form = forms.form_from_yaml(path.read_text(encoding="utf-8"))
    written = forms.write_spec(form, 5000)
    again, original = loads(written.text, forms.SPEC_NAME), load(path)
    assert again.title == original.title and again.seed == original.seed
    assert again.page == original.page and again.output == original.output
    assert [(e.kind, e.count, e.item) for e in again.items] == \
           [(e.kind, e.count, e.item) for e in original.items]


def test_a_mistake_is_shown_beside_its_field_by_its_label(web, tmp_path):
    data = {**CLASS_SET, "items.0.dots": "80", "page.margin_mm": "1"}
    r = post(web, "/preview", data)
    reply = r.json()
    assert reply["ok"] is False
    assert reply["errors"]["items.0.dots"] == ["How many dots: must be 3..40, got 80"]
    assert reply["errors"]["page.margin_mm"] == ["Margin (mm): must be 5..40, got 1"]
    # the CLI says the same problem at its file, line and column
    spec = tmp_path / forms.SPEC_NAME
    spec.write_text(reply["spec"], encoding="utf-8")
    cli_lines = CliRunner().invoke(cli, ["build", str(spec), "-o", str(tmp_path)]).output
    for messages in reply["errors"].values():
        problem = messages[0].split(": ", 1)[1]
        assert any(line.endswith(" " + problem) for line in cli_lines.splitlines()), cli_lines


def test_an_untouched_pack_shows_no_mistake(web):
    html = web.get("/make").text
    assert 'id="general" role="alert"></div>' in html and 'class="error"' in html
    assert 'aria-invalid' not in html
    reply = post(web, "/preview", {"title": "t"}).json()
    assert reply["ok"] is False and reply["general"] == [] and reply["errors"] == {}


def test_a_cleared_count_is_a_mistake_not_one(web):
    reply = post(web, "/preview", {**CLASS_SET, "items.0.count": ""}).json()
    assert reply["errors"]["items.0.count"] == ["How many: must be a whole number, got nothing"]


def test_a_value_cannot_spill_into_another_option(web):
    """A newline or YAML syntax typed into a field stays in that field."""
    data = {**CLASS_SET, "title": 'x"\nseed: 3', "items.0.dots": "8\n    worksheet: false",
            "items.0.difficulty": "[easy", "items.0.title": "&a x"}
    reply = post(web, "/preview", data).json()
    assert set(reply["errors"]) == {"title", "items.0.dots", "items.0.difficulty"}, reply
    assert "seed" not in reply["errors"]


def test_an_impossible_board_says_so_where_the_preview_would_be(web):
    data = {"title": "t", "seed": "1", "items.0.kind": "cliquer", "items.0.dots": "40",
            "items.0.size": "quarter", "items.0.spacing_mm": "30"}
    reply = post(web, "/preview", data).json()
    assert reply["ok"] is False and not reply["images"]
    # what to do, above the form, naming each field to change by its label; those fields marked
    (said,) = reply["general"]
    assert re.fullmatch(r"Only \d+ of the 40 dots fit on this board with this much room around "
                        r"each: lower “How many dots”, “.+” or “.+”, or raise “.+”\.", said), said
    labels = {f.name: f.label for f in forms.item_fields("cliquer", 0, 200)}
    for key in ("dots", "clearance_mm", "spacing_mm", "size_mm"):
        assert f"“{labels['items.0.' + key]}”" in said
        assert reply["errors"][f"items.0.{key}"] == ["Change this, or another field named above."]
    assert "_mm" not in said and "pnp" not in said


def test_a_square_too_large_for_its_paper_names_the_fields_by_label(web):
    """A mistake found laying out the page (not reading the spec): the square's side and the
    paper's fields, by label, each marked; the largest side that fits, measured."""
    data = {"title": "t", "seed": "1", "items.0.kind": "cliquer", "items.0.worksheet": "true",
            "items.0.size_mm": "200"}
    reply = post(web, "/preview", data).json()
    assert reply["ok"] is False and not reply["images"]
    labels = {c.name: c.label for f in forms.spec_fields() for c in f.children}
    side = {f.name: f.label for f in forms.item_fields("cliquer", 0, 200)}["items.0.size_mm"]
    (said,) = reply["general"]
    assert re.fullmatch(f"The square and its words do not fit this paper: make “{re.escape(side)}” "
                        r"at most \d+ mm, or change " + re.escape(
                            f"“{labels['page.size']}”, “{labels['page.orientation']}” or "
                            f"“{labels['page.margin_mm']}”."), said), said
    assert set(reply["errors"]) == {"items.0.size_mm", "page.size", "page.orientation", "page.margin_mm"}


def test_the_page_caps_boards_per_build(web):
    reply = post(web, "/preview", {**CLASS_SET, "items.0.count": "300"}).json()
    assert "this page makes at most 200 boards at once, and this asks for 300" in reply["errors"]["items.0.count"][0]


def test_the_preview_changes_with_an_option(web):
    first = post(web, "/preview", CLASS_SET).json()
    second = post(web, "/preview", {**CLASS_SET, "items.0.dots": "12"}).json()
    assert first["ok"] and second["ok"], (first.get("errors"), second.get("errors"))
    assert first["images"][0].startswith("data:image/png;base64,")
    assert first["images"][0] != second["images"][0]
    assert (first["boards"], first["pages"]) == (24, 31)


def test_forms_without_script_add_remove_preview(web):
    r = post(web, "/make", {**CLASS_SET, "action": "add", "add": "circles"}, json_reply=False)
    assert r.status_code == 200 and "Item 2: Thinking in Circles" in r.text
    r = post(web, "/make", {**CLASS_SET, "items.1.kind": "circles", "action": "remove-0"}, json_reply=False)
    assert "Item 1: Thinking in Circles" in r.text and "Item 2" not in r.text
    r = post(web, "/make", {**CLASS_SET, "action": "preview"}, json_reply=False)
    assert r.status_code == 200 and 'alt="Page 1 of the preview"' in r.text
    r = post(web, "/make", {**CLASS_SET, "items.0.dots": "2", "action": "preview"}, json_reply=False)
    assert r.status_code == 422 and "How many dots: must be 3..40, got 2" in r.text


# --- build, download, and the same bytes from the CLI ------------------------------------------------

@pytest.mark.parametrize("keys_apart", [False, True])
def test_the_downloaded_spec_builds_the_same_bytes_from_the_cli(web, tmp_path, keys_apart):
    data = {**CLASS_SET, "items.0.count": "6", **({"keys_apart": "true"} if keys_apart else {})}
    spec = post(web, "/spec", data, json_reply=False)
    assert spec.status_code == 200 and "attachment" in spec.headers["content-disposition"]
    started = post(web, "/build", data).json()
    status = wait_for(web, started["url"])
    assert status["state"] == "done", status
    from_page = [web.get(f["url"]).content for f in status["files"]]
    assert len(from_page) == (2 if keys_apart else 1)
    path = tmp_path / forms.SPEC_NAME
    path.write_bytes(spec.content)
    args = ["build", str(path), "-o", str(tmp_path / "out")] + (["--keys-apart"] if keys_apart else [])
    assert f"pnp build {forms.SPEC_NAME}{' --keys-apart' if keys_apart else ''}" in spec.text
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    from_cli = [(tmp_path / "out" / f["name"]).read_bytes() for f in status["files"]]
    assert from_page == from_cli


def test_the_build_page_without_script(web):
    r = post(web, "/make", {**CLASS_SET, "items.0.count": "2", "action": "build"}, json_reply=False)
    assert r.status_code == 303
    job = r.headers["location"]
    wait_for(web, job)
    page = web.get(job).text
    assert "Done" in page and "/file/0" in page
    assert "(2 worksheets, 4 pages)" in page            # in the games' words, as pnp build says


def test_a_build_can_be_changed_and_made_again_with_its_settings(web):
    r = post(web, "/make", {**CLASS_SET, "items.0.count": "3", "title": "7B", "action": "build"},
             json_reply=False)
    job = r.headers["location"]
    wait_for(web, job)
    again = re.search(r'href="([^"]+)" id="again"', web.get(job).text).group(1)
    form = web.get(again.replace("&amp;", "&")).text
    assert 'name="title" value="7B"' in form and 'name="items.0.count" value="3"' in form


def test_the_spec_downloaded_is_named_after_its_pdf(web):
    r = post(web, "/make", {**CLASS_SET, "output": "7b.pdf", "keys_apart": "true", "action": "spec"},
             json_reply=False)
    assert r.headers["content-disposition"] == 'attachment; filename="7b.yaml"'
    assert r.text.startswith("# made by `pnp serve`; build it with: pnp build 7b.yaml --keys-apart")


def test_a_build_can_be_cancelled_and_leaves_nothing(web):
    data = {"title": "t", "seed": "1", "items.0.kind": "cliquer", "items.0.count": "200",
            "items.0.dots": "16", "items.0.worksheet": "true"}       # about 14 s of work
    job = post(web, "/build", data).json()
    assert job["ok"], job
    import time

    while web.get(job["url"] + "/status").json()["state"] == "waiting":
        time.sleep(0.05)
    r = post(web, job["url"] + "/cancel", {})
    assert r.status_code == 200
    status = wait_for(web, job["url"])
    assert status["state"] == "cancelled" and status["general"] == ["Stopped, as you asked."]
    assert web.get(job["url"] + "/file/0").status_code == 404
    page = web.get(job["url"]).text                  # stopped as asked: a note, not a mistake
    assert "The build was stopped" in page and 'role="alert"' not in page


# --- board of the day, validate, analyze -------------------------------------------------------------

def test_board_of_the_day(web):
    status, html = followed(web, web.get("/daily?date=2026-11-26"))
    assert status == 200
    assert "data:image/png;base64," in html and "Yesterday" in html
    assert "wins" in html or "draw" in html
    pdf = web.get("/daily/2026-11-26/0.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_yesterday_is_worked_out_in_the_background_with_its_progress(web, monkeypatch):
    import time

    from markupsafe import escape

    from pnp.web import work
    from web_slow_work import ANSWER, slow_answer

    monkeypatch.setattr(work, "yesterday", slow_answer)
    first = web.get("/daily?date=2031-01-13").text
    assert 'id="work"' in first and 'id="cancel"' not in first       # the boards are shown
    url = re.search(r'data-status="(/working/[^"/]+)/status"', first).group(1)
    assert url in web.get("/daily?date=2031-01-13").text         # a second visitor: the same work
    seen = web.get(url + "/status").json()
    assert seen["state"] in ("waiting", "running")
    deadline = time.monotonic() + 30
    while not seen["finished"]:
        assert time.monotonic() < deadline
        if seen.get("positions"):
            assert "positions looked at" in seen["line"]
        time.sleep(0.1)
        seen = web.get(url + "/status").json()
    assert str(escape(ANSWER)) in web.get("/daily?date=2031-01-13").text


def test_an_answer_stopped_by_a_dead_worker_is_not_remembered(web, monkeypatch):
    """Nothing came of it (the worker died): shown once, and the next visit tries again. (Out
    of memory or past its budget is remembered: tests/web/test_web_yesterday.py.)"""
    from markupsafe import escape

    from pnp.web import work
    from web_slow_work import ANSWER, slow_answer, worker_dies

    monkeypatch.setattr(work, "yesterday", worker_dies)
    status, html = followed(web, web.get("/daily?date=2031-02-03"))
    assert status == 200 and 'id="not-yet"' in html and "Reload the page" in html
    monkeypatch.setattr(work, "yesterday", slow_answer)      # the next visit tries again
    status, html = followed(web, web.get("/daily?date=2031-02-03"))
    assert str(escape(ANSWER)) in html and 'id="not-yet"' not in html


@pytest.mark.parametrize("date", ["yesterday", "2026-02-30", "1066-10-14", "2026-11-26T00:00:00x"])
def test_a_bad_date_is_one_line(web, date):
    r = web.get(f"/daily?date={date}")
    assert r.status_code == 400 and "date" in r.text.lower() and "pnp:" not in r.text.split("<footer>")[0]


def test_a_date_past_the_month_says_how_long_the_month_is(web):
    r = web.get("/daily?date=2026-02-30")
    assert r.status_code == 400 and "The date 2026-02-30: February 2026 has 28 days" in r.text


def check(web, name, content) -> tuple[int, str]:
    """Check a PDF as a browser without script does: post it, then follow its page."""
    return followed(web, post(web, "/validate", files={"pdf": (name, content)}, json_reply=False))


def test_check_a_good_and_a_forged_pdf(web, built):
    good, forged = built
    status, html = check(web, "week.pdf", good.read_bytes())
    assert status == 200 and "7 boards checked: 7 ok, 0 failed" in html
    assert html.count('<tr class="ok">') == 7 and 'data-label="Result"' in html
    status, html = check(web, "forged.pdf", forged.read_bytes())
    assert status == 422 and "FAIL" in html


def test_a_file_that_is_not_a_pdf_is_named_as_the_user_named_it(web):
    status, html = check(web, "My notes.pdf", b"hello")
    assert status == 422 and "My notes.pdf cannot be checked" in html and "uploaded.pdf" not in html
    assert "Traceback" not in html and 'id="resaved"' not in html


def test_a_re_saved_pdf_says_why_it_cannot_be_checked_and_what_to_do(web, built, tmp_path):
    import pikepdf

    good, _ = built
    resaved = pikepdf.new()                         # pages copied, as "Print to PDF" does
    with pikepdf.open(good) as pdf:
        resaved.pages.extend(pdf.pages)
        resaved.save(tmp_path / "week (1).pdf")
    status, html = check(web, "week (1).pdf", (tmp_path / "week (1).pdf").read_bytes())
    assert status == 422 and "week (1).pdf cannot be checked" in html
    assert 'id="resaved"' in html and "saves the PDF again" in html and "the same file, byte for byte" in html


NINE_DOTS = "R1-3MQZ-59RN-AKB5-3T0Y-5NSC-NM94-A"
ELEVEN_DOTS = "R1-RCYC-ACY9-VEJM-XEEY-CXWZ-7YHN-MBTC"      # Sunday 2026-11-29: a minute or more


def look(web, data) -> tuple[int, str]:
    """Look at a board as a browser without script does: post, then follow its page."""
    return followed(web, post(web, "/analyze", data, json_reply=False))


def test_look_at_a_board_draws_it_and_its_best_line_move_by_move(web):
    status, html = look(web, {"code": NINE_DOTS.lower().replace("-", " ")})
    assert status == 200 and NINE_DOTS in html
    assert html.count('class="step ') == 16 and html.count('<li data-step=') == 16
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'id="stepper"' in html
    assert "With perfect play the second player wins by 6" in html
    assert "Score: first player 17, second player 23." in html      # the margin, replayed
    assert 'class="general" role="alert" id="general"></div>' in html   # and no mistake shown


# the same board's sentences in the page's language (pnp.i18n.message): the worker makes them once,
# the page says them in the language of whoever looks
LOOKED = {"fr": ("Avec un jeu parfait, le second joueur gagne avec 6 points d’avance ; la meilleure "
                 "ouverture est", "Score : premier joueur 17, second joueur 23.", "Difficulté : "),
          "ar": ("باللعب المثالي: تفوز اللاعبة الثانية بفارق 6 نقاط؛ أفضل افتتاح هو",
                 "النتيجة: اللاعبة الأولى 17، اللاعبة الثانية 23.", "الصعوبة: ")}
YESTERDAY = {"fr": "Le plateau d’hier (mercredi 2026-11-25, 9 points) : jeu parfait : ",
             "ar": "لوحة الأمس (الأربعاء 2026-11-25، 9 نقاط): اللعب المثالي: "}


@pytest.mark.parametrize("language", sorted(LOOKED))
def test_a_board_and_yesterdays_answer_are_said_in_the_pages_language(web, language):
    web.cookies.set("pnp_lang", language)
    try:
        _, looked = look(web, {"code": NINE_DOTS})
        _, daily = followed(web, web.get("/daily?date=2026-11-26"))
    finally:
        web.cookies.delete("pnp_lang")
    assert all(words in looked for words in LOOKED[language]), looked
    assert "With perfect play" not in looked and "Score: first player" not in looked
    # what a screen reader says of the picture too (its SVG's title, written by the worker)
    title = re.search(r'<title id="[^"]*-title">([^<]*)</title>', looked).group(1)
    assert title and "The board" not in title and "R1-" in title, title
    assert YESTERDAY[language] in daily and "perfect play:" not in daily
    # and the English page, after it, is as it was
    _, english = look(web, {"code": NINE_DOTS})
    assert "With perfect play the second player wins by 6" in english
    assert re.search(r'<h2 id="look-title">CliqueR R1-[0-9A-Z-]+</h2>', english)  # its own title


@pytest.mark.parametrize("code, words", [("R1-ZZZZ", "is mistyped"), ("hello", "is not a board code"),
                                         ("", "Type or paste a board code")])
def test_look_at_a_mistyped_code_says_so_in_one_line(web, code, words):
    status, html = look(web, {"code": code})
    assert status in (400, 422) and words in html and "Traceback" not in html
    assert 'aria-invalid="true"' in html


@pytest.mark.parametrize("language", ["en", "fr", "ar"])
def test_look_at_a_board_s_id_says_it_is_the_id_and_where_the_code_is(web, language):
    """A teacher types the ID the sheet prints large: the page says it is the board's ID and
    names the line with the code, in the page's language (the line in the words the sheet
    prints in it); the mistyped code's message is the page's language's too."""
    import html as markup

    from pnp.games.cliquer.codes import CODE_LINE, ID_NOT_CODE
    from pnp.i18n import using, web_gettext
    from pnp.i18n.message import END_ISOLATE, ISOLATE

    web.cookies.set("pnp_lang", language)
    try:
        status, page = look(web, {"code": "5UYT-01"})
        _, mistyped = look(web, {"code": "R1-ZZZZ"})
    finally:
        web.cookies.delete("pnp_lang")
    shown = markup.unescape(page).replace(ISOLATE, "").replace(END_ISOLATE, "")
    with using(language):
        opening = web_gettext(ID_NOT_CODE).split("{line}")[0].format(ident="5UYT-01")
        line = web_gettext(CODE_LINE).format(code="R1-…")
        wrong = web_gettext("board code {code} is mistyped (its check letters do not match)")
    assert status in (400, 422) and 'aria-invalid="true"' in page
    assert opening[1:] in shown and line in shown, shown      # the page capitalizes the first
    assert ("is a board's ID" in shown) == (language == "en")
    assert wrong.split("{code}")[-1].strip()[:12] in markup.unescape(mistyped)


def test_look_past_its_time_is_not_a_mistake_and_offers_more(web, monkeypatch):
    from pnp.web import looking

    monkeypatch.setattr(looking, "ANALYZE_SECONDS", 0.001)
    status, html = look(web, {"code": NINE_DOTS})
    assert status == 200 and 'id="unfinished"' in html and 'id="longer"' in html
    assert "not worked out within 0 s" in html and "<p>" not in html.split('id="general">')[1][:10]
    assert "data-step" not in html.split("</svg>")[0]         # no line drawn, the dots are


def test_a_long_look_shows_its_progress_and_can_be_stopped(web):
    import time

    r = post(web, "/analyze", {"code": ELEVEN_DOTS, "longer": "yes"}, json_reply=False)
    assert r.status_code == 303
    url = r.headers["location"]
    page = web.get(url).text
    assert 'id="work"' in page and "it stops after 300 s at most" in page
    deadline = time.monotonic() + 30
    while web.get(url + "/status").json().get("positions") is None:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    status = web.get(url + "/status").json()
    assert status["state"] == "running" and "positions looked at" in status["line"]
    r = post(web, url + "/cancel", {}, json_reply=False)
    assert r.status_code == 303
    page = web.get(url).text
    assert 'id="stopped"' in page and 'class="general" role="alert" id="general"></div>' in page


# --- the pool ---------------------------------------------------------------------------------------

def test_the_pool_never_has_more_workers_than_cores():
    from pnp.web.jobs import Pool, _cores

    assert Pool(workers=999).workers == _cores()


def test_a_full_queue_answers_busy_and_temp_folders_are_removed(tmp_path, monkeypatch):
    from pnp.web.jobs import Busy, Failed, Pool
    from web_slow_work import sleep

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    async def scenario():
        pool = Pool(workers=1, waiting=1)
        first = pool.submit("sleep", sleep, 30)
        second = pool.submit("sleep", sleep, 30)
        with pytest.raises(Busy):
            pool.submit("sleep", sleep, 30)
        while first.state != "running" or not list(tmp_path.iterdir()):
            await asyncio.sleep(0.02)
        assert second.state == "waiting"
        assert oct(os.stat(next(tmp_path.iterdir())).st_mode & 0o777) == "0o700"
        pool.cancel(first.id)
        pool.cancel(second.id)
        await asyncio.wait({first.future, second.future})
        assert first.state == second.state == "cancelled"
        assert await pool.run("sleep", sleep, 0.1) == "slept"

        async def gone():
            return True          # the client has left: the job stops
        with pytest.raises(Failed, match="Stopped, as you asked"):
            await pool.run("sleep", sleep, 30, gone=gone)
        with pytest.raises(Failed, match="took longer than 0.5 s"):
            await pool.run("sleep", sleep, 30, timeout=0.5)
        pool.close()

    asyncio.run(scenario())
    assert list(tmp_path.iterdir()) == []


def test_a_build_past_the_page_cap_is_refused_before_it_is_built(web):
    data = {"title": "t", "seed": "1", "items.0.kind": "cliques", "items.0.count": "200",
            "items.0.players": "12"}
    status = wait_for(web, post(web, "/build", data).json()["url"])
    assert status["state"] == "refused"
    assert "would make up to 3000 pages" in status["general"][0] and "at most 400" in status["general"][0]


def test_the_preview_shows_the_pages_the_pdf_will_have(web):
    """The preview's pages are the built PDF's first pages, pixel for pixel (same renderer)."""
    import base64
    import io

    import pypdfium2 as pdfium

    from pnp.web.work import PREVIEW_DPI

    data = {**CLASS_SET, "items.0.count": "30"}          # more than a preview builds
    preview = post(web, "/preview", data).json()
    assert preview["boards"] == 24 and preview["of"] == 30
    assert preview["status"].startswith("The first 24 of 30 boards")
    status = wait_for(web, post(web, "/build", data).json()["url"])
    pdf = pdfium.PdfDocument(web.get(status["files"][0]["url"]).content)
    for n, src in enumerate(preview["images"]):
        shown = pdf[n].render(scale=PREVIEW_DPI / 72).to_pil()
        buffer = io.BytesIO()
        shown.save(buffer, format="PNG")
        assert base64.b64decode(src.split(",", 1)[1]) == buffer.getvalue()


def test_a_worker_starts_with_pnp_already_loaded():
    """Workers fork from a server that has built and rendered once: no per-job start-up cost."""
    from pnp.web.jobs import Pool
    from web_slow_work import warm

    async def scenario():
        pool = Pool(workers=1)
        try:
            return await pool.run("warm", warm)
        finally:
            pool.close()

    assert asyncio.run(scenario()) is True


def test_a_build_nobody_follows_any_more_is_stopped(tmp_path, monkeypatch):
    """A build page that stops polling (the tab was closed) lets its worker go."""
    from pnp.web.jobs import Pool
    from pnp.web import say
    from web_slow_work import sleep

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    async def scenario():
        pool = Pool(workers=1, abandon_after=0.3)
        job = pool.submit("build", sleep, 30, watched=True)
        await asyncio.wait({job.future}, timeout=20)
        pool.close()
        return job

    job = asyncio.run(scenario())
    assert job.state == "cancelled" and job.error == say.ABANDONED
    assert list(tmp_path.iterdir()) == []


def test_builds_at_the_same_time_never_mix_their_outputs(web, tmp_path):
    from pnp.verify.record import read_payload

    seeds = [f"mix-{n}" for n in range(4)]
    jobs = [post(web, "/build", {**CLASS_SET, "items.0.count": "3", "seed": seed}).json()["url"]
            for seed in seeds]
    for seed, job in zip(seeds, jobs):
        status = wait_for(web, job)
        path = tmp_path / f"{seed}.pdf"
        path.write_bytes(web.get(status["files"][0]["url"]).content)
        assert read_payload(path)["seed"] == seed


# --- a page by task: the class set --------------------------------------------------------------

def test_the_class_set_page_asks_four_things_and_folds_the_rest(web):
    html = web.get("/for/teachers").text
    main = html.split("<summary>More options</summary>")
    asked = re.findall(r'<label for="f-([^"]+)">([^<]+)</label>', main[0])
    assert asked == [("items.0.count", "How many pupils"), ("items.0.difficulty", "Level"),
                     ("page.size", "Paper size"), ("title", "Title")]
    assert 'id="f-keys_apart" name="keys_apart" value="true" checked' in main[0]
    folded = re.findall(r'<label for="f-([^"]+)">', main[1])
    assert "items.0.dots" in folded and "seed" in folded and "page.orientation" in folded
    assert "<details class=\"more\">" in html             # folded while nothing there is wrong
    assert 'aria-invalid' not in html and "/for/teachers" in web.get("/").text


def test_a_class_set_is_made_with_its_keys_apart_from_the_page(web):
    data = {"items.0.kind": "cliquer", "items.0.count": "3", "items.0.difficulty": "easy",
            "page.size": "Letter", "title": "7B graph theory", "keys_apart": "true",
            "items.0.worksheet": "true", "seed": "7B", "action": "build"}
    r = post(web, "/for/teachers", data, json_reply=False)
    assert r.status_code == 303
    job = r.headers["location"]
    wait_for(web, job)
    page = web.get(job).text
    assert "(3 worksheets, 3 pages)" in page and "(3 answer keys, 2 pages)" in page
    assert 'href="/for/teachers?again=' in page


def test_a_mistake_in_a_folded_field_unfolds_it(web):
    r = post(web, "/for/teachers", {"items.0.kind": "cliquer", "items.0.worksheet": "true",
                                     "items.0.dots": "80", "action": "preview"}, json_reply=False)
    assert r.status_code == 422 and '<details class="more" open>' in r.text
    assert "How many dots: must be 3..40, got 80" in r.text


def test_no_page_for_an_audience_without_one(web):
    assert web.get("/for/nobody").status_code == 404


def test_look_at_the_boards_of_a_pdf_or_a_spec(web, built):
    good, _ = built
    r = post(web, "/analyze", files={"file": ("week.pdf", good.read_bytes())}, json_reply=False)
    status, html = followed(web, r)
    assert status == 200 and "week.pdf holds 7 boards" in html and "upload.pdf" not in html
    job = re.search(r'name="again" value="([^"]+)"', html).group(1)
    status, html = followed(web, post(web, "/analyze", {"again": job, "n": "2"}, json_reply=False))
    assert status == 200 and "week.pdf board GSP2-03" in html and 'class="step ' in html
    spec = "title: t\nitems:\n  - kind: cliquer\n    dots: 7\n"
    status, html = followed(web, post(web, "/analyze", files={"file": ("one.yaml", spec.encode())},
                                      json_reply=False))
    assert status == 200 and "one.yaml board" in html and 'id="stepper"' in html


@pytest.mark.parametrize("name, content, words", [
    ("big.yaml", b"title: t\nitems:\n  - kind: cliquer\n    count: 900\n", "more than 200 boards"),
    ("bad.yaml", b"title: t\nitems:\n  - kind: cliquer\n    dots: 80\n", "must be 3..40"),
    ("notes.pdf", b"%PDF-1.4 hello", "notes.pdf"),
])
def test_look_at_a_file_that_cannot_be_looked_at_says_why(web, name, content, words):
    status, html = followed(web, post(web, "/analyze", files={"file": (name, content)}, json_reply=False))
    assert status == 422 and words in html and "Traceback" not in html and "upload." not in html


def test_a_row_counts_the_problems_it_does_not_show_as_the_validator_lists_them():
    """Past the problems a row shows, "and N more" in the validator's own words (one message,
    pnp.verify.problems.MORE), its number as the page's language writes it; none past none."""
    from pnp.i18n import using
    from pnp.web.work import _more

    assert _more(0) is None and _more(-3) is None
    assert _more(1234).say("en") == "and 1,234 more"
    with using("fr"):
        assert _more(1234).say() == "et 1\u202f234 de plus"
    with using("ar"):
        assert _more(3).say().startswith("و3")


@pytest.mark.parametrize("code, summary, label, meaning", [
    ("fr", "Vérifié : 7 plateaux ; 7 sans défaut, 0 en échec", "CliqueR ",
     "il a été réécrit après que pnp l’a écrit"),
    ("ar", "تم فحص 7 لوحات: 7 سليمة، 0 فاشلة", "CliqueR ", "أُعيدت كتابته بعد أن كتبه pnp"),
])
def test_a_check_is_reported_in_the_page_language(web, built, code, summary, label, meaning):
    """The verdict, each board's label and each problem, its detail too, in the page's language
    (the codes stay)."""
    from pnp.i18n import using, web_gettext
    from pnp.verify.problems import MORE
    from pnp.i18n.message import Message

    good, forged = built
    web.headers["Accept-Language"] = code
    try:
        status, html = check(web, "week.pdf", good.read_bytes())
        assert status == 200 and summary in html and "checked" not in html
        with using(code):       # a row with every problem shown has no "and 0 more"
            assert web_gettext(MORE).format(n=0) not in html
        with using(code):
            dots = Message("{n} dot", "{n} dots", n=8).say()
        assert f"{label}" in html and dots in html and " dots)" not in html
        status, forged_html = check(web, "forged.pdf", forged.read_bytes())
        assert status == 422 and "not-reproduced: " + meaning in forged_html
        assert "rewritten" not in forged_html and "failed" not in forged_html
    finally:
        del web.headers["Accept-Language"]


def test_a_problems_detail_is_said_on_the_french_page_and_the_cli_keeps_its_english(web, built):
    """Where the forged file parts from its rebuild, every part of it, in French; the CLI's line
    says the same in its English."""
    import re

    from pnp.verify.validate import validate_file

    good, forged = built
    [english] = [p.message for r in validate_file(forged) for p in r.problems if p.code == "not-reproduced"]
    assert english.startswith("it was rewritten after pnp wrote it (re-saved by a PDF editor or a tool "
                              "such as qpdf, pikepdf or mutool): "), english
    web.headers["Accept-Language"] = "fr"
    try:
        status, html = check(web, "forged.pdf", forged.read_bytes())
    finally:
        del web.headers["Accept-Language"]
    [said] = re.findall(r"<p>not-reproduced: ([^<]*)</p>", html)
    assert status == 422 and re.fullmatch(
        r"il a été réécrit après que pnp l’a écrit \(réenregistré par un éditeur de PDF ou un outil comme "
        r"qpdf, pikepdf ou mutool\) : \d+ des \d+ objets que pnp écrit y sont tels que pnp les écrit", said), said
    assert 'id="proof"' in html and "Non prouvé" in html and 'id="advice"' in html


def test_a_games_detailed_problem_is_said_in_the_page_language(web, built, tmp_path):
    """A game's problem with its facts (which dot) is said whole in the page's language: the
    detail translated, not swapped for the code's general meaning; the CLI's English is kept."""
    import random

    from support.forgery import plant
    from support.obligations import MUTATIONS

    collinear = next(m for m in MUTATIONS if m.expect == "collinear")
    good, _ = built
    _, bad = plant(collinear, good, tmp_path / "bad.pdf", random.Random(1))
    status, html = check(web, "bad.pdf", bad.read_bytes())
    english = re.search(r"collinear: dots ([A-Z, ]+) (\([^<]*?\)) lie on one line", html)
    assert status == 422 and english, html
    web.headers["Accept-Language"] = "fr"
    try:
        status, html = check(web, "bad.pdf", bad.read_bytes())
    finally:
        del web.headers["Accept-Language"]
    assert status == 422
    assert f"collinear: les points {english.group(1)} {english.group(2)} sont alignés" in html
    assert "lie on one line" not in html and "trois points sont" not in html
