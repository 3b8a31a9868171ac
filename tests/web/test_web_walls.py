"""The walls a red-team pass on loopback found holes in, each attack as a test: GETs that start
work asked for by another site's page, the same work asked for many times at once, uploads
queued in memory, a Host allow-list of "any", internals in a refused file's message, a body sent
a byte at a time, and one client asking for everything (the shared mode's rate and caps)."""

from __future__ import annotations

import asyncio
import io
import json
import tempfile

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from pnp.web.app import create_app
from pnp.web.tools import CHECK
from web_helpers import BASE, ROOT, counting, token_of

CROSS_IMAGE = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}


def app(**kwargs):
    from pnp.web.gallery import read_layouts

    kwargs.setdefault("layouts", read_layouts([ROOT / "layouts"]))
    return create_app("127.0.0.1", 8000, workers=1, warm=False, **kwargs)


@pytest.fixture(scope="module")
def web():
    with TestClient(app(), base_url=BASE, raise_server_exceptions=False) as client:
        client.token = token_of(client.get("/").text)
        yield client


def pdf_of(objects: list[str]) -> bytes:
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(out.tell())
        out.write(f"{n} 0 obj\n{body}\nendobj\n".encode())
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


# --- work started by a GET ----------------------------------------------------------------------

@pytest.mark.parametrize("url", ["/daily?date=2031-01-02", "/daily/2031-01-02/0.pdf",
                                 "/thumb/class-set.png"])
@pytest.mark.parametrize("headers", [CROSS_IMAGE,
                                     {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "script"},
                                     {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
                                      "Sec-Fetch-Dest": "iframe"},
                                     {"Origin": "http://evil.example"}])
def test_another_sites_page_cannot_start_work_with_a_get(web, url, headers):
    r = web.get(url, headers=headers)
    assert r.status_code == 403 and "another site" in r.text


def test_no_job_is_started_for_a_refused_get():
    with TestClient(app(), base_url=BASE) as client:
        started = counting(client.app.app.app.state.site)
        for _ in range(5):
            assert client.get("/thumb/class-set.png", headers=CROSS_IMAGE).status_code == 403
        assert started == []


def test_a_link_clicked_on_another_site_still_opens_the_page(web):
    # a top-level navigation the person made: allowed (a bad date answers without any work)
    r = web.get("/daily?date=nope", headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
                                             "Sec-Fetch-Dest": "document", "Sec-Fetch-User": "?1"})
    assert r.status_code == 400 and "year-month-day" in r.text
    # and the page's own pictures load
    assert web.get("/daily?date=nope", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 400


# --- the same work asked for at once is one job -------------------------------------------------

def test_the_same_picture_asked_for_at_once_is_one_job_and_is_kept_for_the_next_server(tmp_path):
    async def main():
        asgi = app(cache=str(tmp_path))
        site = asgi.app.app.state.site
        started = counting(site)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=asgi), base_url=BASE) as client:
            replies = await asyncio.gather(*[client.get("/thumb/class-set.png") for _ in range(8)])
        assert [r.status_code for r in replies] == [200] * 8
        assert len({r.content for r in replies}) == 1 and replies[0].content.startswith(b"\x89PNG")
        assert started == ["thumb"]
        site.pool.close()
        # another server (another process, another machine) sharing the folder: no work at all
        again = app(cache=str(tmp_path))
        started = counting(again.app.app.state.site)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=again), base_url=BASE) as client:
            r = await client.get("/thumb/class-set.png")
        assert r.status_code == 200 and r.content == replies[0].content and started == []
        again.app.app.state.site.pool.close()

    asyncio.run(main())


def test_a_merged_job_goes_on_while_one_asker_is_left_and_stops_when_all_left():
    from pnp.web.jobs import Failed, Pool
    from web_slow_work import sleep

    async def main():
        pool = Pool(workers=1)
        gone_now = asyncio.Event()

        async def gone():
            return gone_now.is_set()

        leaver = asyncio.ensure_future(pool.shared("daily", "2031-01-02", sleep, 1.0, gone=gone))
        stayer = asyncio.ensure_future(pool.shared("daily", "2031-01-02", sleep, 1.0))
        await asyncio.sleep(0.3)
        gone_now.set()
        with pytest.raises(Failed):
            await leaver
        assert await stayer == "slept"                  # the job was not cancelled for the other
        assert len(pool.jobs) == 0 or all(j.finished for j in pool.jobs.values())
        # alone and gone: cancelled
        alone = asyncio.ensure_future(pool.shared("daily", "2031-01-03", sleep, 30.0, gone=gone))
        with pytest.raises(Failed):
            await alone
        await asyncio.sleep(0.1)
        assert all(j.finished and j.state == "cancelled" for j in pool.jobs.values()
                   if j.what == "daily")
        pool.close()

    asyncio.run(main())


def test_work_followed_by_a_page_is_one_job_a_key_runs_on_unwatched_and_is_kept_when_done(tmp_path):
    """Yesterday's answer's way (``Pool.merged``): every ask for a key while it runs gets the
    same job; nobody waiting on it does not stop it; done, it is in the shared folder even with
    nobody left to ask; forgotten once shown, the next ask starts anew (a failure is not kept)."""
    from pnp.web.cache import Kept
    from pnp.web.jobs import Pool
    from web_slow_work import fail, sleep

    async def main():
        pool = Pool(workers=1, kept=Kept(tmp_path))
        job = pool.merged("yesterday", "2031-01-02", sleep, 0.3, keep=True)
        assert pool.merged("yesterday", "2031-01-02", sleep, 0.3, keep=True) is job
        await job.future
        assert job.state == "done" and await pool.kept_result("yesterday", "2031-01-02") == "slept"
        assert pool.merged("yesterday", "2031-01-02", sleep, 0.3) is job        # until shown
        pool.forget(job)
        failing = pool.merged("yesterday", "2031-01-02", fail, keep=True)
        assert failing is not job
        await failing.future
        assert failing.state == "failed" and pool.kept.get("yesterday", "2031-01-02") == "slept"
        failing.ended -= 3600           # never shown, and old: forgotten with the old jobs
        pool._forget_old()
        assert pool.merged("yesterday", "2031-01-02", sleep, 0.01) is not failing
        pool.close()

    asyncio.run(main())

# --- uploads wait on disk -----------------------------------------------------------------------

def test_an_upload_waits_in_its_jobs_folder_on_disk_and_queued_bytes_are_capped(tmp_path, monkeypatch):
    from pnp.web.jobs import Busy, Pool
    from web_slow_work import sleep

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    async def main():
        pool = Pool(workers=1, most_queued=3_000_000)
        busy = pool.submit("build", sleep, 30.0)           # the only worker is taken
        upload = io.BytesIO(b"%PDF-1.7\n" + b"0" * 2_000_000)
        waiting = asyncio.ensure_future(pool.run(CHECK, sleep, 0.0, upload=(upload, "uploaded.pdf")))
        await asyncio.sleep(0.3)
        folders = [p for p in tmp_path.iterdir() if (p / "uploaded.pdf").exists()]
        assert len(folders) == 1 and (folders[0] / "uploaded.pdf").stat().st_size == 2_000_009
        assert pool.queued_bytes() == 2_000_009
        with pytest.raises(Busy):       # another 2 MB would put 4 MB in the queue
            await pool.run(CHECK, sleep, 0.0, upload=(io.BytesIO(b"1" * 2_000_000), "uploaded.pdf"))
        pool.cancel(busy.id)
        assert await waiting == "slept"
        await asyncio.sleep(0.2)
        pool.close()

    asyncio.run(main())
    assert list(tmp_path.iterdir()) == [] or all(p.name.startswith("pymp-") for p in tmp_path.iterdir())


def test_a_queued_upload_is_not_kept_in_the_servers_memory(web):
    """The route hands the pool the spooled file, not its bytes (a 16 MB upload queued 64 times
    took the server from 71 to 717 MB)."""
    site = web.app.app.app.state.site
    seen = []
    submit = site.pool.submit

    def watched(what, fn, *args, **kwargs):
        seen.append((what, args, kwargs.get("upload_bytes"), kwargs.get("tmp")))
        return submit(what, fn, *args, **kwargs)

    site.pool.submit = watched
    try:
        web.post("/validate", files={"pdf": ("x.pdf", b"%PDF-1.7\n" + b"0" * 100_000)},
                 headers={"X-CSRF-Token": web.token})
    finally:
        site.pool.submit = submit
    (what, args, size, tmp), = [s for s in seen if s[0] == CHECK]
    assert not any(isinstance(a, bytes) for a in args) and size == 100_009 and tmp is not None


# --- the Host allow-list is never "any" ---------------------------------------------------------

@pytest.mark.parametrize("bound", ["0.0.0.0", "::"])
def test_bound_to_every_address_the_page_answers_only_to_this_machines_names(bound):
    import socket

    asgi = create_app(bound, 8000, workers=1, layouts={}, warm=False, allow_hosts=["pnp.school.example"])
    with TestClient(asgi, base_url="http://evil.example:8000") as client:
        assert client.get("/").status_code == 421
        assert client.get("/", headers={"Host": "evil.example"}).status_code == 421
        assert client.get("/", headers={"Host": f"{socket.gethostname()}:8000"}).status_code == 200
        assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200
        assert client.get("/", headers={"Host": "pnp.school.example"}).status_code == 200
        assert client.get("/", headers={"Host": "pnp.school.example:443"}).status_code == 200
        assert client.get("/", headers={"Host": f"{socket.gethostname()}:9999"}).status_code == 421


def test_a_proxys_name_is_allowed_on_loopback_too():
    asgi = create_app("127.0.0.1", 8000, workers=1, layouts={}, warm=False, allow_hosts=["pnp.club.example"])
    with TestClient(asgi, base_url=BASE) as client:
        assert client.get("/", headers={"Host": "pnp.club.example"}).status_code == 200
        assert client.get("/", headers={"Host": "other.club.example"}).status_code == 421
        assert client.get("/", headers={"Host": "127.0.0.1:9999"}).status_code == 421


# --- a refused file gets plain words ------------------------------------------------------------

def test_a_pdf_the_validator_chokes_on_gets_a_plain_message(web):
    # three objects, /Kids holding its own parent: the validator's reader loops and raises
    loop = pdf_of(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                   "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"])
    r = web.post("/validate", files={"pdf": ("loop.pdf", loop)}, headers={"X-CSRF-Token": web.token})
    assert r.status_code == 422
    for insides in ("0x", "Error", "BytesIO", "please report it", "Traceback"):
        assert insides not in r.text, insides


def test_whatever_the_work_raises_the_page_gets_plain_words():
    from pnp.web.jobs import UNFORESEEN, Failed, Pool
    from pnp.web.work import Refused
    from web_slow_work import fail, refuse

    async def main():
        pool = Pool(workers=1)
        with pytest.raises(Failed) as raised:
            await pool.run(CHECK, fail)
        assert str(raised.value) == UNFORESEEN[CHECK]
        with pytest.raises(Refused) as refused:
            await pool.run(CHECK, refuse)
        assert [str(m.message) for m in refused.value.args[0]] == [UNFORESEEN[CHECK], "a plain mistake"]
        pool.close()

    asyncio.run(main())


# --- a body sent slowly -------------------------------------------------------------------------

def test_a_body_that_does_not_arrive_in_time_is_given_up():
    from pnp.web.guard import Guard

    asgi = app()
    guard: Guard = asgi
    guard.body_seconds = 0.2
    sent = []

    async def main():
        async def receive():
            await asyncio.sleep(3600)       # a client that sent its headers and stopped

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": "POST", "path": "/preview", "query_string": b"",
                 "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/x-www-form-urlencoded"),
                             (b"accept", b"application/json")],
                 "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000), "scheme": "http",
                 "root_path": "", "http_version": "1.1", "asgi": {"version": "3.0"}}
        await asyncio.wait_for(guard(scope, receive, send), 30)

    asyncio.run(main())
    assert sent[0]["status"] == 408
    assert b"too slowly" in b"".join(m.get("body", b"") for m in sent[1:])


# --- the shared mode: a rate and caps per client ------------------------------------------------

def test_the_shared_mode_limits_each_address():
    from pnp.web.site import PUBLIC

    with TestClient(app(public=True), base_url=BASE) as client:
        token = token_of(client.get("/").text)
        codes = [client.post("/analyze", data={"code": ""}, headers={"X-CSRF-Token": token}).status_code
                 for _ in range(PUBLIC.burst + 5)]
        assert codes[:PUBLIC.burst] == [400] * PUBLIC.burst         # "type or paste a board code"
        assert codes[PUBLIC.burst:] == [429] * 5
        r = client.post("/analyze", data={"code": ""}, headers={"X-CSRF-Token": token})
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert client.get("/").status_code == 200                   # reading pages is not limited
        assert client.get("/thumb/nope.png").status_code == 404     # nor the start page's pictures
        assert client.get("/daily?date=nope").status_code == 429    # a date's board is


def test_a_client_has_only_so_many_jobs_at_once():
    from pnp.web.jobs import CLIENT, Busy, Pool
    from web_slow_work import sleep

    async def main():
        pool = Pool(workers=1, per_client=2)
        CLIENT.set("203.0.113.9")
        first, second = pool.submit("build", sleep, 30.0), pool.submit("build", sleep, 30.0)
        with pytest.raises(Busy):
            pool.submit("build", sleep, 30.0)
        CLIENT.set("198.51.100.7")
        other = pool.submit("build", sleep, 30.0)       # another address is not held back
        for job in (first, second, other):
            pool.cancel(job.id)
        await asyncio.sleep(0.3)
        pool.close()

    asyncio.run(main())


def test_behind_a_proxy_the_client_is_the_one_the_proxy_names():
    from pnp.web.guard import Guard

    guard = Guard(None, "127.0.0.1", 8000, 1, 1, proxies=frozenset({"127.0.0.1"}))
    scope = {"client": ("127.0.0.1", 4000)}
    assert guard.client(scope, {"x-forwarded-for": "10.9.8.7, 192.0.2.4"}) == "192.0.2.4"
    assert guard.client({"client": ("192.0.2.50", 1)}, {"x-forwarded-for": "1.2.3.4"}) == "192.0.2.50"


# --- the shared folder is read as hostile -------------------------------------------------------

def test_the_shared_folder_ignores_what_it_did_not_write(tmp_path):
    from pnp.web.cache import Kept

    kept = Kept(tmp_path, most=3)
    assert kept.put("thumb", "a", {"previews": [b"\x89PNG"], "n": 1})
    assert kept.get("thumb", "a") == {"previews": [b"\x89PNG"], "n": 1}
    path = kept.path("thumb", "a")
    for planted in (b"{", b"[]", json.dumps({"format": 1, "key": "b", "value": 1}).encode(),
                    json.dumps({"format": 1, "key": "a", "value": {"$bytes": "!!"}}).encode(),
                    json.dumps({"format": 1, "key": "a", "value": {"__reduce__": 1}}).encode(),
                    b"[" * 100_000):
        path.write_bytes(planted)
        assert kept.get("thumb", "a") is None
    for key in "bcdef":
        kept.put("thumb", key, key)
    assert len(list((tmp_path / "thumb").glob("*.json"))) == 3      # the oldest went first
