"""The door in front of granian (issue 43): a flood of slow connections from one client never
keeps another client's page from loading, each client's connections capped below the
descriptor limit; a Host header that disagrees with an absolute request URI is refused. Decided
by counts and events (connections still held, connections closed), never by how fast the
machine is."""

from __future__ import annotations

import asyncio
import resource
import signal
import socket
import threading

import pytest

from pnp.web.door import CLIENT_HEADER, DOOR_HEADER, Door, authority_of, most_connections
from web_live import free_port

HALF = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


class Upstream:
    """granian's stand-in: answers every request with the head it was given."""

    def __init__(self):
        self.heads: list[bytes] = []
        self.port = free_port()
        ready = threading.Event()

        async def serve(reader, writer):
            head = await reader.readuntil(b"\r\n\r\n")
            self.heads.append(head)
            writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok")
            await writer.drain()
            writer.close()

        def run():
            loop = asyncio.new_event_loop()
            loop.run_until_complete(asyncio.start_server(serve, "127.0.0.1", self.port))
            ready.set()
            loop.run_forever()

        threading.Thread(target=run, daemon=True).start()
        ready.wait(10)


@pytest.fixture()
def door():
    upstream = Upstream()
    port = free_port()
    door = Door(("127.0.0.1", upstream.port), per_client=8, most=500, header_seconds=60,
                secret="s3cret")
    door.run_in_thread("127.0.0.1", port)
    door.port, door.upstream_heads = port, upstream.heads
    yield door
    door.stop()


def ask(port: int, request: bytes, source: str = "127.0.0.1") -> bytes:
    with socket.socket() as s:
        s.settimeout(60)            # generous: the answer is decided by what comes, not when
        s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        s.sendall(request)
        out = b""
        while True:
            data = s.recv(65536)
            if not data:
                return out
            out += data


def test_one_clients_slow_connections_past_its_cap_are_closed_and_another_is_served(door):
    held = []
    try:
        for _ in range(60):
            s = socket.create_connection(("127.0.0.1", door.port), timeout=30)
            s.sendall(HALF)
            held.append(s)
        # another client (another loopback address) is served while the first's are held
        answer = ask(door.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", source="127.0.0.2")
        assert answer.startswith(b"HTTP/1.1 200")
        assert door.open.get("127.0.0.1", 0) <= 8
        assert door.refused >= 60 - 8
        # the 8 it holds are still open (no deadline freed them: held 60 s), the rest closed
        still_open = 0
        for s in held:
            s.setblocking(False)
            try:
                gone = s.recv(1) == b""
            except BlockingIOError:
                gone = False
            except ConnectionResetError:
                gone = True
            still_open += not gone
        assert still_open <= 8
    finally:
        for s in held:
            s.close()
    # the door named the client to granian, with its secret
    head = door.upstream_heads[-1].decode()
    assert f"{CLIENT_HEADER}: 127.0.0.2" in head and f"{DOOR_HEADER}: s3cret" in head
    assert "connection: close" in head


def test_a_client_cannot_name_itself(door):
    ask(door.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pnp-Client: 10.9.9.9\r\n"
                   b"X-Pnp-Door: guess\r\n\r\n")
    head = door.upstream_heads[-1].decode().lower()
    assert "10.9.9.9" not in head and "guess" not in head
    assert f"{CLIENT_HEADER}: 127.0.0.1" in head


@pytest.mark.parametrize("target, host, refused", [
    ("http://evil.example/", "127.0.0.1", True),
    ("http://evil.example:8000/", "evil.example", True),
    ("HTTP://127.0.0.1/daily", "127.0.0.1", False),
    ("http://127.0.0.1:80/", "127.0.0.1", False),
    ("http://[::1]:8000/x", "[::1]:8000", False),
    ("http://user@evil.example/", "127.0.0.1", True),
    ("/", "127.0.0.1", False),
])
def test_a_host_that_disagrees_with_an_absolute_uri_is_refused(door, target, host, refused):
    before = len(door.upstream_heads)
    answer = ask(door.port, f"GET {target} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 400") == refused, answer[:80]
    assert (len(door.upstream_heads) == before) == refused      # refused: granian never sees it


def test_two_host_headers_are_refused_at_the_door(door):
    answer = ask(door.port, b"GET / HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400")


def test_the_authority_of_a_request_target():
    assert authority_of("/x") is None
    assert authority_of("http://A.example:81/x?y") == "a.example:81"
    assert authority_of("https://u:p@b.example") == "b.example"


def test_the_door_holds_fewer_connections_than_the_descriptors_allow():
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert 2 * most_connections(1024) < 1024
    assert 2 * most_connections() < resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert soft <= resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# --- the real server --------------------------------------------------------------------------

@pytest.mark.slow
def test_a_flood_of_1100_slow_connections_from_one_client_never_holds_anothers_page(tmp_path):
    """`pnp serve --public` as started by a person: 1,100 connections from one client (more
    than a default 1,024 descriptors), each half-sent and held; another client's page loads
    while they are held, before the header deadline has closed any of those the door took."""
    from test_web_serve import start

    from pnp.web.site import PUBLIC

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    proc, port = start(["--public"], tmp_path)
    held = []
    try:
        for _ in range(1100):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=30)
                s.sendall(HALF)
            except OSError:         # closed by the door at once: past the client's cap
                continue
            held.append(s)
        answer = ask(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port, "127.0.0.2")
        assert answer.startswith(b"HTTP/1.1 200"), answer[:100]
        # the page came while the first client's connections the door took were still held:
        # not the header deadline freeing them
        open_now = 0
        for s in held:
            s.setblocking(False)
            try:
                open_now += s.recv(1) != b""
            except BlockingIOError:
                open_now += 1
            except OSError:
                pass
        assert open_now > 0
        # most were closed at once, past the client's cap (the exact cap is counted in the
        # door's own test above; some of these may still wait in the kernel's queue unseen)
        assert len(held) - open_now >= 1100 - PUBLIC.per_client_connections - 300
    finally:
        for s in held:
            s.close()
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)


def test_the_guard_takes_the_doors_word_on_the_client_only_with_its_secret():
    """Behind the door every peer is 127.0.0.1: the limits count the client the door named,
    and a client naming itself (without this start's secret) is counted as its peer."""
    from pnp.web.guard import Guard

    guard = Guard(None, "127.0.0.1", 8000, 1000, 1000, door_secret="s3cret")
    scope = {"client": ("127.0.0.1", 5000)}
    named = {CLIENT_HEADER: "2001:db8:1::/64", DOOR_HEADER: "s3cret"}
    assert guard.client(scope, named) == "2001:db8:1::/64"
    assert guard.client(scope, {**named, DOOR_HEADER: "guess"}) == "127.0.0.1"
    assert guard.client(scope, {CLIENT_HEADER: "10.0.0.9"}) == "127.0.0.1"
    unguarded = Guard(None, "127.0.0.1", 8000, 1000, 1000)
    assert unguarded.client(scope, named) == "127.0.0.1"
