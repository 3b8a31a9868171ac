"""The shared mode between clients (issue 43), each attack a test: one client's builds holding
every worker, a preview waiting behind another's long build, one client's many small builds
removing another's finished one, finished work kept past the disk's room. Every test decides
by the order of events and by counts, never by how fast the machine is."""

from __future__ import annotations

import asyncio
import time

import pytest

from pnp.web.jobs import CLIENT, Busy, Job, Pool, _cores
from web_slow_work import sleep

A, B = "203.0.113.9", "198.51.100.7"


def as_client(client: str, pool: Pool, what: str, seconds: float) -> Job:
    CLIENT.set(client)
    return pool.submit(what, sleep, seconds)


async def until(condition, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.05)


def test_a_preview_never_waits_behind_another_clients_long_build():
    async def main():
        pool = Pool(workers=1, per_client=2)
        builds = [as_client(A, pool, "build", 20.0) for _ in range(2)]
        await until(lambda: builds[0].state == "running")
        preview = as_client(B, pool, "preview", 0.0)
        await until(lambda: preview.finished)
        # A's build still ran when B's preview was done: it did not wait for a worker behind it
        assert preview.state == "done" and not builds[0].finished
        for job in builds:
            pool.cancel(job.id)
        await until(lambda: all(job.finished for job in builds))
        pool.close()

    asyncio.run(main())


def test_clients_are_served_in_turn_not_first_come_first_served():
    async def main():
        pool = Pool(workers=1, per_client=10)
        many = [as_client(A, pool, "build", 0.2) for _ in range(5)]
        one = as_client(B, pool, "build", 0.2)
        await until(lambda: all(job.finished for job in many + [one]))
        order = sorted(many + [one], key=lambda job: job.started)
        # A's first was already running; B's comes next, not after A's other four
        assert order.index(one) == 1, [job.client for job in order]
        assert all(job.state == "done" for job in many + [one])
        pool.close()

    asyncio.run(main())


def test_where_a_job_waits_is_its_place_in_the_rotation():
    async def main():
        pool = Pool(workers=1, per_client=10)
        running = as_client(A, pool, "build", 20.0)
        await until(lambda: running.state == "running")
        a2, a3 = as_client(A, pool, "build", 0.0), as_client(A, pool, "build", 0.0)
        b1 = as_client(B, pool, "build", 0.0)
        await asyncio.sleep(0.1)
        assert pool.ahead(running) is None
        # B, not served yet, goes before A, whose first job runs; then A and B in turn
        assert [pool.ahead(b1), pool.ahead(a2), pool.ahead(a3)] == [0, 1, 2]
        for job in (running, a2, a3, b1):
            pool.cancel(job.id)
        await until(lambda: all(j.finished for j in (running, a2, a3, b1)))
        pool.close()

    asyncio.run(main())


@pytest.mark.skipif(_cores() < 2, reason="a share of the workers needs two of them")
def test_one_client_holds_at_most_its_share_of_the_workers():
    async def main():
        pool = Pool(workers=2, per_client=2)
        first, second = as_client(A, pool, "build", 20.0), as_client(A, pool, "build", 20.0)
        await until(lambda: first.state == "running")
        other = as_client(B, pool, "build", 20.0)
        await until(lambda: other.state == "running")
        # B found a worker free: A's second build waited for A's first, not B for A's two
        assert second.state == "waiting"
        for job in (first, second, other):
            pool.cancel(job.id)
        await until(lambda: all(j.finished for j in (first, second, other)))
        pool.close()

    asyncio.run(main())


def finished(pool: Pool, client: str, n: int, kept_bytes: int = 1000, before: float = 0) -> list[Job]:
    """``n`` finished builds of ``client``, a second apart, the newest ``before`` seconds ago."""
    now = time.monotonic() - before
    out = []
    for i in range(n):
        job = Job(f"{client}-{i}", "build", state="done", result={"files": []}, client=client,
                  ended=now - n + i)
        job.kept_bytes = kept_bytes
        pool.jobs[job.id] = job
        out.append(job)
    return out


def test_one_clients_many_builds_never_remove_anothers_finished_build():
    pool = Pool(workers=1, per_client=2)
    theirs = finished(pool, B, 1, before=60)    # B's class set, finished a minute ago
    mine = finished(pool, A, 34)                # one-board builds, within A's limits
    pool._forget_old()
    assert theirs[0].id in pool.jobs                        # B's class set still there
    assert [job.id in pool.jobs for job in mine] == [False] * 2 + [True] * 32     # A's oldest go
    pool.close()


def test_a_clients_bytes_are_bounded_by_its_own_oldest_going_first():
    from pnp.web.keeping import CLIENT_BYTES

    pool = Pool(workers=1, per_client=2)
    theirs = finished(pool, B, 1, CLIENT_BYTES // 2)
    mine = finished(pool, A, 4, CLIENT_BYTES // 3)
    pool._forget_old()
    assert theirs[0].id in pool.jobs
    assert [job.id in pool.jobs for job in mine] == [False, True, True, True]
    pool.close()


def test_finished_work_goes_after_the_time_the_page_says():
    from pnp.web.keeping import FINISHED_SECONDS

    pool = Pool(workers=1)
    old, new = finished(pool, A, 2)
    old.ended -= FINISHED_SECONDS + 1
    pool._forget_old()
    assert old.id not in pool.jobs and new.id in pool.jobs
    pool.close()


def test_past_the_room_for_finished_work_a_new_build_is_busy_and_nothing_is_removed():
    async def main():
        pool = Pool(workers=1, per_client=2, kept_total=10_000)
        kept = finished(pool, B, 1, 10_000)
        with pytest.raises(Busy):
            as_client(A, pool, "build", 0.0)
        assert kept[0].id in pool.jobs
        preview = as_client(A, pool, "preview", 0.0)      # a preview keeps nothing: it goes on
        await until(lambda: preview.finished)
        pool.close()

    asyncio.run(main())


def test_a_finished_builds_pdfs_wait_on_disk_and_go_with_the_server():
    from pathlib import Path

    from starlette.testclient import TestClient

    from pnp.web.app import create_app
    from web_helpers import BASE, post, token_of, wait_for

    app = create_app("127.0.0.1", 8000, workers=1, warm=False, public=True)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as web:
        web.token = token_of(web.get("/").text)
        data = {"title": "Week", "seed": "2026-11-21", "items.0.kind": "cliquer",
                "items.0.count": "2", "items.0.dots": "8", "items.0.worksheet": "true"}
        status = wait_for(web, post(web, "/build", data).json()["url"])
        assert status["state"] == "done", status
        job = app.app.app.state.site.pool.jobs[status["id"]]
        [(name, path)] = job.result["pdfs"]
        assert isinstance(path, str) and Path(path).is_file()         # not bytes in memory
        got = web.get(status["files"][0]["url"])
        assert got.status_code == 200 and got.content == Path(path).read_bytes()
        assert got.content.startswith(b"%PDF")
    assert not Path(path).exists()


# --- who a client is --------------------------------------------------------------------------

def guard_of(**kwargs):
    from pnp.web.guard import Guard, Rate

    async def ok(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    return Guard(ok, "127.0.0.1", 8000, 1000, 1000, rate=Rate(60, 20), **kwargs)


def asked(guard, client: str, method: str = "POST", headers=(), path: str = "/analyze") -> int:
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "query_string": b"",
             "headers": list(headers) or [(b"host", b"127.0.0.1:8000")], "client": (client, 5000)}
    asyncio.run(guard(scope, receive, send))
    return sent[0]["status"]


def test_forty_addresses_of_one_ipv6_64_are_one_client():
    guard = guard_of()
    codes = [asked(guard, f"2001:db8:1:2::{n:x}") for n in range(1, 41)]
    assert codes[:20] == [200] * 20 and codes[20:] == [429] * 20       # one client's burst
    assert asked(guard, "2001:db8:1:3::1") == 200                       # the next /64 is another
    assert guard.client({"client": ("2001:db8:1:2:aaaa::9", 1)}, {}) == "2001:db8:1:2::/64"


def test_the_ipv6_prefix_is_configurable():
    guard = guard_of(ipv6_prefix=128)
    assert guard.client({"client": ("2001:db8::1", 1)}, {}) != guard.client({"client": ("2001:db8::2", 1)}, {})


def test_an_ipv4_mapped_address_is_that_ipv4_client():
    guard = guard_of()
    assert guard.client({"client": ("::ffff:192.0.2.4", 1)}, {}) == "192.0.2.4"
    codes = [asked(guard, "192.0.2.4" if n % 2 else "::ffff:192.0.2.4") for n in range(21)]
    assert codes[-1] == 429


@pytest.mark.parametrize("proxy, peer", [("localhost", "127.0.0.1"), ("10.0.0.0/8", "10.1.2.3"),
                                         ("::1", "::1"), ("127.0.0.1", "::ffff:127.0.0.1")])
def test_a_proxy_is_an_address_a_range_or_a_name_resolved_at_start(proxy, peer):
    from pnp.web.app import create_app

    guard = create_app("127.0.0.1", 8000, workers=1, warm=False, layouts={}, proxies=[proxy])
    forwarded = {"x-forwarded-for": "198.51.100.20, 192.0.2.77"}
    assert guard.client({"client": (peer, 1)}, forwarded) == "192.0.2.77"
    assert guard.client({"client": ("192.0.2.50", 1)}, forwarded) == "192.0.2.50"   # not ours


def test_a_proxy_named_by_a_name_that_resolves_to_nothing_is_refused_in_one_line():
    import socket

    from click.testing import CliRunner

    from pnp.cli import cli

    with socket.socket() as taken:              # were the name accepted, this would be the line
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port), "--proxy", "no-such-proxy.invalid"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "pnp: --proxy no-such-proxy.invalid: neither an address, a range (10.0.0.0/8) nor a "
        "name this machine can resolve"]


# --- one Host, one answer ---------------------------------------------------------------------

@pytest.mark.parametrize("hosts", [[b"evil.example", b"127.0.0.1:8000"], [b"127.0.0.1:8000", b"evil.example"],
                                   [b"127.0.0.1:8000", b"127.0.0.1:8000"]])
def test_a_request_with_two_host_headers_is_refused(hosts):
    from pnp.web.app import create_app

    guard = create_app("127.0.0.1", 8000, workers=1, warm=False, layouts={})
    assert asked(guard, "127.0.0.1", "GET", [(b"host", h) for h in hosts], "/static/pnp.css") == 400
    assert asked(guard, "127.0.0.1", "GET", [(b"host", hosts[0])], "/static/pnp.css") in (200, 421)
