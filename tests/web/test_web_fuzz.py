"""Hostile values and files thrown at every endpoint of `pnp serve`: every answer is a clear
message (never a 500, never a traceback) and the server still serves afterwards."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pnp.games import KINDS
from pnp.web import forms
from web_helpers import post, web  # noqa: F401 (the fixture)

NAMES = sorted({f.name for kind in KINDS for i in range(2) for f in forms.item_fields(kind, i, 200)}
               | {f.name for f in forms.spec_fields()} | {"page.size", "page.orientation", "page.margin_mm",
                                                         "items.0.variants.lockdown", "keys_apart"})
HOSTILE = ["", " ", "-1", "0", "1e309", "nan", "-inf", "9" * 400, "0x10", "1:30", "yes", "~", "null",
           "{", "[", "}", "]", "[1, [2, [3]]]", "{target: 2}", "&a x", "*a", "!!python/object:os.system",
           "a: b", "a\nb: c", "\r\n", "\x00", "\x1b[31m", "\u202e", "\u2028", "\x85", "\ud7ff", "שלום",
           "'", '"', "\\", "#", "x #y", "../../etc/passwd", "<script>alert(1)</script>", "%s%n",
           "R1-", "R1-3MQZ-59RN-AKB5-3T0Y-5NSC-NM94-A", "cliquer", "circles", "A4", "letter", "true",
           "Ann, Ann", ",,,", "200", "5000", "40"]
values = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=30), st.integers(-10**6, 10**6).map(str))
forms_ = st.dictionaries(st.one_of(st.sampled_from(NAMES), st.text(max_size=12)), values, max_size=14)
kinds = st.dictionaries(st.sampled_from(["items.0.kind", "items.1.kind", "items.7.kind", "items.99.kind"]),
                        st.one_of(st.sampled_from(sorted(KINDS)), values), max_size=3)
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
FEWER = settings(SETTINGS, max_examples=20)    # each example validates a file or makes a day's board


def sane(r) -> None:
    assert r.status_code < 500 or r.status_code == 503, (r.status_code, r.text[:300])
    assert "Traceback" not in r.text and 'File "' not in r.text
    if r.headers.get("content-type", "").startswith("text/html"):
        assert "<script>alert" not in r.text            # every value shown is escaped


@SETTINGS
@given(form=forms_, items=kinds,
       action=st.sampled_from(["preview", "add", "remove-0", "remove-x", "spec", "build", "", "x" * 50]))
def test_hostile_forms(web, form, items, action):
    data = {**form, **items}
    sane(post(web, "/preview", data))
    sane(post(web, "/spec", data, json_reply=False))
    sane(post(web, "/make", {**data, "action": action, "add": form.get("add", "circles")}, json_reply=False))
    r = post(web, "/build", data)
    sane(r)
    if r.status_code == 200 and r.json().get("ok"):
        post(web, r.json()["url"] + "/cancel", {})     # no need to finish it


@FEWER
@given(content=st.one_of(st.binary(max_size=2000), st.sampled_from([
    b"%PDF-1.7\n", b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF",
    b"%PDF-1.7\n" + b"(" * 5000, b"\x00" * 1000])),
       name=st.one_of(st.text(max_size=40), st.sampled_from(["../../x.pdf", "a\x00b.pdf", "<b>.pdf"])))
def test_hostile_uploads(web, content, name):
    sane(post(web, "/validate", files={"pdf": (name or "x.pdf", content, "application/pdf")}, json_reply=False))


@FEWER
@given(code=values, date=values)
def test_hostile_codes_and_dates(web, code, date):
    sane(post(web, "/analyze", {"code": code}, json_reply=False))
    sane(web.get("/daily", params={"date": date}))
    sane(web.get(f"/daily/{quote(date[:40], safe='') or 'x'}/0.pdf"))


@pytest.mark.parametrize("body, kind", [
    (b"--x\r\nContent-Disposition: form-data; name=\"pdf\"\r\n\r\n" * 50, "multipart/form-data; boundary=x"),
    (b"\xff\xfe" * 100, "application/x-www-form-urlencoded"),
    (b"a=" + b"%" * 1000, "application/x-www-form-urlencoded"),
    (b"{}", "application/json"),
    (b"", "multipart/form-data"),
])
@pytest.mark.parametrize("url", ["/preview", "/make", "/spec", "/build", "/validate", "/analyze"])
def test_malformed_bodies(web, url, body, kind):
    sane(web.post(url, content=body, headers={"Content-Type": kind, "X-CSRF-Token": web.token}))


@SETTINGS
@given(path=st.text(alphabet="abc./%_-~0129?&=", max_size=40))
def test_hostile_paths(web, path):
    sane(web.get("/" + path))


def test_the_server_still_serves_after_all_that(web):
    assert web.get("/").status_code == 200
    r = post(web, "/preview", {"title": "t", "seed": "1", "items.0.kind": "cliquer"})
    assert r.status_code == 200 and r.json()["ok"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(header=st.one_of(st.text(max_size=60), st.sampled_from([
    "127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.1", "127.0.0.1:8000:1", "[::1", "[::1]x",
    "::1:8000", "127.0.0.1:+8000", "127.0.0.1:08000", "LOCALHOST:8000", "evil.example:8000", ":8000",
    "127.0.0.1:8000 ", "127.0.0.1.:8000", "pnp.school.example", "pnp.school.example:99999"])),
       bound=st.sampled_from(["127.0.0.1", "0.0.0.0", "::", "::1"]))
def test_a_host_header_is_allowed_only_when_it_names_the_server(header, bound):
    from pnp.web.guard import Hosts, machine_names

    hosts = Hosts(bound, 8000, ["pnp.school.example"])
    if not hosts.allows(header):
        return
    name = header.strip().lower().rsplit(":", 1)[0] if not header.strip().endswith("]") else header.strip().lower()
    names = {"pnp.school.example"} | ({"127.0.0.1", "localhost", "[::1]"} if bound in ("127.0.0.1", "::1")
                                      else machine_names())
    assert name in names, (header, bound)
