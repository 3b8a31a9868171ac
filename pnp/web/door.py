"""The door: what `pnp serve` listens with, in front of granian, to hold the connections a
client may open to what one client's share is, and to read each request's first line as sent.

Why: granian serves only so many connections at once (``backpressure``) and closes one whose
headers do not come in time, but it counts connections, not clients. 1,100 slow connections
held open by one client (more than the server's 1,024 descriptors) took every place, and a
teacher's page waited past 8 s, until the deadline freed them. And granian drops the host of an
absolute request URI (``GET http://other.example/ HTTP/1.1``) before the app sees it, so a Host
header that disagrees with it could not be refused.

So the door, a thread of the server's main process (asyncio, one descriptor a connection):

- counts each client's open connections (a client as the limits count it, ``pnp.web.clients``:
  an IPv6 /64, the address a proxy of ours names) and closes at once a connection past that
  client's cap (``per_client``), and any past the total (``most``, below the descriptor limit);
- gives each request's headers a deadline (``header_seconds``) and a size (``HEAD_BYTES``);
- refuses a request whose absolute URI names another host than its Host header (400);
- passes the request to granian on loopback with the client it counted (``CLIENT_HEADER``,
  believed only with this start's secret ``DOOR_HEADER``), then the bytes both ways as they
  are. One request a connection (``Connection: close``): each request is counted and read
  anew, and the next one opens its own connection.
"""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import secrets
import threading
import time
from collections import Counter

from pnp.web.clients import IPV6_PREFIX, Proxies, client_of

CLIENT_HEADER = "x-pnp-client"          # the client the door counted, for the guard's limits
DOOR_HEADER = "x-pnp-door"              # this start's secret: only the door's word is taken
HEAD_BYTES = 64 * 1024                  # a request's line and headers, at most
RESERVE = 128                           # descriptors kept for the server's own files and workers
CHUNK = 64 * 1024
BACKLOG = 1024                          # connections waiting for the door in the kernel's queue
UPSTREAM_SECONDS = 60                   # the most the door waits for granian to (re)start

log = logging.getLogger("pnp.web")


def most_connections(limit: int | None = None) -> int:
    """Connections the door holds at once, below the descriptor limit: two descriptors each
    (the client's, granian's), and ``RESERVE`` for everything else. The soft limit is raised to
    the hard one first."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if limit is None:
        try:
            if hard == resource.RLIM_INFINITY or hard > soft:
                resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY
                                                            else max(soft, 65536), hard))
                soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        except (ValueError, OSError):
            pass
        limit = soft
    return max(16, (limit - RESERVE) // 2)


def _refusal(status: int, reason: str, text: str) -> bytes:
    body = f"pnp: {text}\n".encode()
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n").encode() + body


BAD_REQUEST = _refusal(400, "Bad Request", "this request could not be read")
TWO_HOSTS = _refusal(400, "Bad Request", "a request names one host, not two")
TOO_LARGE = _refusal(431, "Request Header Fields Too Large", "this request's headers are too large")


def authority_of(target: str) -> str | None:
    """The host[:port] of an absolute-form request target (``http://host:port/path``), lower
    case; None for the usual origin-form (``/path``)."""
    if "://" not in target[:16]:
        return None
    rest = target.split("://", 1)[1]
    return rest.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0].rsplit("@", 1)[-1].lower()


def _same_host(authority: str, host: str, default_port: str = "80") -> bool:
    def parts(text: str) -> tuple[str, str]:
        text = text.strip().lower()
        if text.startswith("["):
            name, _, rest = text.partition("]")
            return name + "]", rest[1:] if rest.startswith(":") else default_port
        name, _, port = text.partition(":")
        return name, port or default_port
    return parts(authority) == parts(host)


class Door:
    def __init__(self, upstream: tuple[str, int], per_client: int | None, most: int,
                 header_seconds: float, proxies=(), ipv6_prefix: int = IPV6_PREFIX,
                 secret: str | None = None):
        self.upstream = upstream
        self.per_client, self.most = per_client, most
        self.header_seconds = header_seconds
        self.proxies = proxies if isinstance(proxies, Proxies) else Proxies(proxies)
        self.ipv6_prefix = ipv6_prefix
        self.secret = secret or secrets.token_urlsafe(24)
        self.open: Counter[str] = Counter()     # open connections by the peer's client
        self.refused = 0                        # connections closed at once: past a cap
        self.server: asyncio.AbstractServer | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    # --- running ----------------------------------------------------------------------------
    async def start(self, host: str | None = None, port: int | None = None, sock=None) -> None:
        self.loop = asyncio.get_running_loop()
        if sock is not None:
            self.server = await asyncio.start_server(self._serve, sock=sock, limit=HEAD_BYTES)
        else:
            self.server = await asyncio.start_server(self._serve, host, port, backlog=BACKLOG,
                                                     reuse_address=True, limit=HEAD_BYTES)

    def run_in_thread(self, host: str, port: int) -> threading.Thread:
        """The door serving in a thread of this process (daemon: it ends with it), for tests."""
        started = threading.Event()
        failed: list[BaseException] = []

        def run():
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self.start(host, port))
            except BaseException as exc:     # noqa: BLE001 - said by the caller, in one line
                failed.append(exc)
                started.set()
                return
            started.set()
            loop.run_forever()

        thread = threading.Thread(target=run, name="pnp-door", daemon=True)
        thread.start()
        started.wait(30)
        if failed:
            raise failed[0]
        return thread

    def run_in_process(self, sock) -> int:
        """The door serving ``sock`` (bound and listening) in a process of its own, forked now;
        its pid. Why a process: granian forks its worker processes from this one, and a fork
        taken while the door held a client's connection kept it open in the worker after the
        door had closed it (the client never saw it end). Forked before granian starts, with
        the listening socket closed here after, no process of granian's holds any of them."""
        pid = os.fork()
        if pid:
            sock.close()
            return pid
        code = 0
        try:
            import signal

            from pnp.verify.sandbox import die_with_parent

            signal.signal(signal.SIGINT, signal.SIG_IGN)   # the server's Ctrl-C: it ends us
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            die_with_parent(os.getppid())
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            loop.run_until_complete(self.start(sock=sock))
            loop.run_forever()
        except BaseException:       # noqa: BLE001 - a door that cannot serve ends; the log says
            log.exception("pnp serve: the door stopped")
            code = 1
        finally:
            os._exit(code)

    def stop(self) -> None:
        if self.loop is not None and self.server is not None:
            self.loop.call_soon_threadsafe(self.server.close)

    # --- one connection -----------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = (writer.get_extra_info("peername") or ("?", 0))[0]
        # a proxy of ours carries many clients' connections: only the total caps it
        counted = client_of(peer, self.ipv6_prefix)
        capped = self.per_client is not None and peer not in self.proxies
        if sum(self.open.values()) >= self.most or (capped and self.open[counted] >= self.per_client):
            self.refused += 1
            writer.transport.abort()            # at once: it holds nothing
            return
        self.open[counted] += 1
        try:
            await self._pass(reader, writer, peer)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
            pass
        finally:
            self.open[counted] -= 1
            if not self.open[counted]:
                del self.open[counted]
            writer.close()              # what was sent goes first, then the connection
            try:
                await asyncio.wait_for(writer.wait_closed(), 5)
            except (asyncio.TimeoutError, ConnectionError, OSError):
                writer.transport.abort()

    async def _pass(self, reader, writer, peer: str) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), self.header_seconds)
        except asyncio.TimeoutError:
            return                              # its headers did not come in time: closed
        except asyncio.LimitOverrunError:
            writer.write(TOO_LARGE)
            await writer.drain()
            return
        rewritten = self._rewritten(head, peer)
        if isinstance(rewritten, bytes) and rewritten.startswith(b"HTTP/"):
            writer.write(rewritten)
            await writer.drain()
            return
        up_reader, up_writer = await self._upstream()
        try:
            up_writer.write(rewritten)
            # the body goes up as it comes; the answer comes down until granian closes (one
            # request a connection), and then the connection is done whatever the client sends
            sending = asyncio.ensure_future(_pipe(reader, up_writer))
            try:
                await _pipe(up_reader, writer)
            finally:
                sending.cancel()
        finally:
            up_writer.transport.abort()

    async def _upstream(self):
        """A connection to granian; while it starts (or restarts its process) the door waits
        for it rather than close the client's connection with nothing said."""
        deadline = time.monotonic() + UPSTREAM_SECONDS
        while True:
            try:
                return await asyncio.open_connection(*self.upstream, limit=CHUNK)
            except ConnectionRefusedError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)

    def _rewritten(self, head: bytes, peer: str) -> bytes:
        """The request's head as granian gets it (the client named, one request a connection),
        or the door's own answer (``HTTP/1.1 400 ...``)."""
        try:
            text = head.decode("latin-1")
            line, *fields = text[:-4].split("\r\n")
            method, target, version = line.split(" ")
        except ValueError:
            return BAD_REQUEST
        kept, hosts, forwarded = [], [], None
        for field in fields:
            name, colon, value = field.partition(":")
            if not colon or not name or name != name.strip():
                return BAD_REQUEST
            lower = name.lower()
            if lower in (CLIENT_HEADER, DOOR_HEADER, "connection", "keep-alive"):
                continue
            if lower == "host":
                hosts.append(value.strip())
            if lower == "x-forwarded-for":
                forwarded = value
            kept.append(field)
        if len(hosts) > 1:
            return TWO_HOSTS
        authority = authority_of(target)
        if authority is not None and (not hosts or not _same_host(authority, hosts[0])):
            # RFC 9112 3.2.2 says a server takes the URI's host over Host; the app sees only
            # Host (granian drops the URI's), so one that disagrees is refused, not guessed at
            return _refusal(400, "Bad Request", "this request's address and its Host header "
                                                "name different hosts")
        address = peer
        if peer in self.proxies and forwarded:
            # the proxy appends the address it saw: the last entry is the one it vouches for
            address = forwarded.split(",")[-1].strip()[:64]
        client = client_of(address, self.ipv6_prefix)
        kept += [f"{CLIENT_HEADER}: {client}", f"{DOOR_HEADER}: {self.secret}", "connection: close"]
        return "\r\n".join([f"{method} {target} {version}", *kept, "", ""]).encode("latin-1")


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            data = await reader.read(CHUNK)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        try:
            await writer.drain()
        except (ConnectionError, OSError):
            pass
