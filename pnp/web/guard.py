"""The page's walls, as one ASGI layer in front of every route.

- DNS rebinding: a request whose Host header is not one of the server's names is refused (421),
  so a page from another site whose name was pointed at this machine cannot read this one. On
  loopback the names are 127.0.0.1, localhost and [::1] with the bound port; on any other
  address, this machine's own names and addresses; always, the names given with
  ``--allow-host`` (a proxy's public name). Never "any name".
- Size: a request body larger than the route allows is refused (413) before it is read whole;
  a body that does not arrive within its deadline is given up (408), so a client sending a byte
  a minute holds nothing for long.
- Forgery: a request that changes anything (every POST) must carry the server's token, which
  only pages served by this server hold, and must not come from another origin (403). A GET
  that starts work (``work_paths``: the board of a date, a gallery picture) is refused when
  another site's page asked for it (an image or a script of theirs), so no site can fill the
  queue through its visitors' browsers; a link clicked on another site still opens the page.
- Rate: in the shared mode each client address may send only so many requests that can start
  work a minute (429 past it): every POST, and the GETs of ``rated_paths`` (a date's board: a
  gallery picture is one of a few, made once, and a start page asks for all of them at once).

The token is made at start and lives only in this process's memory and its pages.
"""

from __future__ import annotations

import asyncio
import ipaddress
import secrets
import socket
import time
from collections import OrderedDict

from pnp.web.clients import IPV6_PREFIX, Proxies, client_of
from pnp.web.door import CLIENT_HEADER, DOOR_HEADER
from pnp.web.jobs import CLIENT

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
LOCAL_NAMES = {"127.0.0.1", "localhost", "::1", "[::1]"}
ANY_ADDRESS = {"0.0.0.0", "::", ""}
CROSS_SITE = "this request came from another site; refused"
MOST_CLIENTS = 10_000       # rate buckets kept; the least recently seen go first


def is_loopback(host: str) -> bool:
    if host in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _shown(name: str) -> str:
    """An address as a Host header writes it: IPv6 in brackets, lower case."""
    name = name.lower()
    return f"[{name}]" if ":" in name and not name.startswith("[") else name


def machine_names() -> set[str]:
    """This machine's own names and addresses, as a browser on the network would write them."""
    names = set(LOCAL_NAMES)
    try:
        host = socket.gethostname()
        names |= {host, socket.getfqdn(), f"{host}.local"}
        for info in socket.getaddrinfo(host, None):
            names.add(info[4][0])
    except OSError:
        pass
    names |= _interface_addresses()
    return {_shown(n) for n in names if n}


def _interface_addresses() -> set[str]:
    """Every address of the network interfaces (Linux: ioctl for IPv4, /proc for IPv6)."""
    out: set[str] = set()
    try:
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(probe.fileno(), 0x8915,        # SIOCGIFADDR
                                         struct.pack("256s", name.encode()[:15]))
                    out.add(socket.inet_ntoa(packed[20:24]))
                except OSError:
                    continue
    except (ImportError, OSError, AttributeError):
        pass
    try:
        with open("/proc/net/if_inet6") as fh:
            for line in fh:
                raw = line.split()[0]
                out.add(str(ipaddress.IPv6Address(bytes.fromhex(raw))))
    except (OSError, ValueError, IndexError):
        pass
    return out


class Hosts:
    """The Host headers the server answers to."""

    def __init__(self, host: str, port: int, extra=()):
        self.port = port
        self.local = is_loopback(host)
        self.names = {_shown(n) for n in LOCAL_NAMES} if self.local else machine_names()
        self.extra = {_shown(n.strip()) for n in extra if n.strip()}

    def allows(self, header: str) -> bool:
        header = header.strip().lower()
        name, port = header, None
        if header.startswith("["):
            if "]" not in header:
                return False
            name, _, rest = header.partition("]")
            name += "]"
            if rest:
                if not rest.startswith(":"):
                    return False
                port = rest[1:]
        elif header.count(":") == 1:
            name, port = header.split(":")
        elif ":" in header:
            return False
        if port is not None and not (port.isdigit() and len(port) <= 5):
            return False
        if not name:
            return False
        if name in self.extra:
            return True         # a proxy's public name: on whatever port the proxy listens
        if name not in self.names:
            return False
        if self.local:          # loopback: the bound port only (another local server is not us)
            return port == str(self.port) or (port is None and self.port == 80)
        return port is None or port == str(self.port)


class Rate:
    """A token bucket per client address: ``burst`` at once, ``per_minute`` on average."""

    def __init__(self, per_minute: float, burst: int):
        self.per_second, self.burst = per_minute / 60, burst
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """0 if the client may go on, else the seconds until it may."""
        now = time.monotonic()
        tokens, then = self.buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.per_second)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.per_second
        self.buckets[client] = (tokens, now)
        while len(self.buckets) > MOST_CLIENTS:
            self.buckets.popitem(last=False)
        return wait


def started_elsewhere(headers: dict[str, str], host: str) -> bool:
    """Whether another site's page made this request (Fetch Metadata; Origin and Referer where
    a browser sends no Sec-Fetch-Site). A link the person clicked on another site is not."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        if site in ("same-origin", "none"):
            return False
        return not (headers.get("sec-fetch-mode") == "navigate"
                    and headers.get("sec-fetch-dest", "document") == "document"
                    and headers.get("sec-fetch-user") == "?1")
    origin = headers.get("origin")
    if origin is not None and origin != "null":
        return origin.split("://", 1)[-1].lower() != host
    return False


class Guard:
    def __init__(self, app, host: str, port: int, max_body: int, max_upload: int,
                 upload_paths: tuple[str, ...] = ("/validate",), token: str | None = None,
                 allow_hosts=(), work_paths: tuple[str, ...] = (), rated_paths: tuple[str, ...] = (),
                 rate: Rate | None = None,
                 body_seconds: float = 60.0, upload_seconds: float = 300.0,
                 proxies=(), ipv6_prefix: int = IPV6_PREFIX, door_secret: str | None = None):
        self.app = app
        self.hosts = Hosts(host, port, allow_hosts)
        self.max_body, self.max_upload = max_body, max_upload
        self.upload_paths = upload_paths
        self.work_paths = work_paths
        self.rated_paths = rated_paths  # GETs counted by the rate (each may start new work)
        self.rate = rate
        self.body_seconds, self.upload_seconds = body_seconds, upload_seconds
        # networks whose X-Forwarded-For names the client (pnp.web.clients: resolved at start)
        self.proxies = proxies if isinstance(proxies, Proxies) else Proxies(proxies)
        self.ipv6_prefix = ipv6_prefix  # an IPv6 client is its /64
        self.token = token or secrets.token_urlsafe(32)
        self.door_secret = door_secret  # the door's word on the client is taken with it

    def client(self, scope, headers: dict[str, str]) -> str:
        """The client the limits count: the peer, or the address a proxy of ours names; an
        IPv6 address as its network (pnp.web.clients)."""
        if self.door_secret and secrets.compare_digest(
                headers.get(DOOR_HEADER, "").encode("latin-1"), self.door_secret.encode()):
            # our own door (pnp.web.door) counted the client, proxies and /64 included
            return headers.get(CLIENT_HEADER, "?")[:64]
        address = (scope.get("client") or ("?", 0))[0]
        if address in self.proxies and headers.get("x-forwarded-for"):
            # the proxy appends the address it saw: the last entry is the one it vouches for
            address = headers["x-forwarded-for"].split(",")[-1].strip()[:64]
        return client_of(address, self.ipv6_prefix)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "").strip().lower()
        if sum(1 for k, _ in scope["headers"] if k.lower() == b"host") > 1:
            # one Host is checked, and the app might read another: two are refused (RFC 9112)
            return await _refuse(send, 400, "a request names one host, not two")
        if not self.hosts.allows(host):
            return await _refuse(send, 421, "pnp serve answers only to its own names (this "
                                            "request named another host)")
        starts_work = scope["method"] not in SAFE_METHODS or scope["path"].startswith(self.work_paths)
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and origin != "null" and origin.split("://", 1)[-1].lower() != host:
                return await _refuse(send, 403, CROSS_SITE)
            if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return await _refuse(send, 403, CROSS_SITE)
        elif starts_work and started_elsewhere(headers, host):
            return await _refuse(send, 403, CROSS_SITE)
        client = self.client(scope, headers)
        CLIENT.set(client)
        rated = scope["method"] not in SAFE_METHODS or scope["path"].startswith(self.rated_paths)
        if rated and self.rate is not None:
            wait = self.rate.take(client)
            if wait:
                return await _refuse(send, 429, "too many requests from your address; wait a "
                                                "few seconds and try again",
                                     [(b"retry-after", str(int(wait) + 1).encode())])
        upload = scope["path"] in self.upload_paths
        limit = self.max_upload if upload else self.max_body
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return await _refuse(send, 400, "the request's Content-Length is not a number")
            if int(length) > limit:
                return await _refuse(send, 413, f"the request is larger than {limit // 1000} kB, "
                                                "the most this page takes")
        seen, body_done = 0, False
        state = scope.setdefault("state", {})
        state["csrf_token"], state["body_limit"] = self.token, limit
        deadline = time.monotonic() + (self.upload_seconds if upload else self.body_seconds)

        async def counted():
            # past the limit or the deadline the body reads as a client that went away: the
            # route's reader stops there and answers 413 or 408 (see site.form_of)
            nonlocal seen, body_done
            if state.get("too_large") or state.get("too_slow"):
                return {"type": "http.disconnect"}
            if body_done:       # afterwards only a disconnect can come: no deadline on that
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                state["too_slow"] = True
                return {"type": "http.disconnect"}
            if message["type"] == "http.request":
                body_done = not message.get("more_body", False)
                seen += len(message.get("body", b""))
                if seen > limit:
                    state["too_large"] = True
                    return {"type": "http.disconnect"}
            return message

        await self.app(scope, counted, send)

    def token_ok(self, given: str | None) -> bool:
        return bool(given) and secrets.compare_digest(given.encode("utf-8", "replace"),
                                                      self.token.encode())


async def _refuse(send, status: int, text: str, headers=()) -> None:
    body = f"pnp: {text}\n".encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})
