"""Running the page: granian on the bound address, one process or several, the browser opened
when asked.

Why granian (docs/hosting.md says it for the reader): the page must close a connection whose
headers do not arrive within a deadline, and serve only so many connections at once, the rest
waiting in the kernel's queue rather than each holding a file descriptor. granian does both
itself (``header_read_timeout``, ``backpressure``: it accepts a connection only when it has room
for it) and restarts its process if it dies. The deadline
runs from the connection's start and again after each answer, so a connection that sends nothing
at all is closed too (HTTP/1 only: see ``serve``). uvicorn, the
server before, times out only idle keep-alive connections and counts connections without
capping them (1,100 half-sent requests held 1,100 descriptors until the server ran out); its
``limit_concurrency`` answers 503 after accepting, so the descriptors are still taken. The
body's deadline is the guard's (``pnp.web.guard``), which sees every body whatever the server.

granian counts connections, not clients, and drops the host of an absolute request URI: the
door in front of it (``pnp.web.door``, a process of its own listening on the address asked
for, granian on loopback behind it) caps each client's connections and refuses a Host that
disagrees with the URI.

The server process builds its app from the settings in ``SETTINGS_VARIABLE`` (its worker pool,
its private temporary folder); replicas on other machines share the cache folder.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from pathlib import Path

import click

SETTINGS_VARIABLE = "PNP_SERVE_SETTINGS"
CONFIG_KEYS = {"host": str, "port": int, "workers": int, "public": bool, "allow_host": list,
               "cache": str, "proxy": list, "ipv6_prefix": int}


def _cores() -> int:
    from pnp.web.jobs import _cores as cores

    return cores()


def settings_of(host: str, port: int, workers: int | None, public: bool, allow_host=(),
                cache: str | None = None, proxy=(), ipv6_prefix: int = 64) -> dict:
    """What the server process is started with. One process serves the page: a build's progress
    and its PDFs live in its memory, so a second process on the same socket could not answer for
    it. The work runs in the pool's worker processes, the cores' worth (``--workers``); beyond
    one machine, replicas behind a proxy that keeps each client on one (docs/hosting.md).
    A ``proxy`` given by name is resolved here, once (a name that resolves to nothing: one
    line)."""
    from pnp.errors import PnpError
    from pnp.web.clients import networks_of

    try:
        proxies = networks_of(proxy)
    except ValueError as exc:
        raise PnpError(str(exc)) from None
    return {"host": host, "port": port, "workers": workers, "public": public,
            "allow_hosts": list(allow_host), "cache": str(Path(cache).resolve()) if cache else None,
            "proxies": proxies, "ipv6_prefix": ipv6_prefix}


def app_of(settings: dict):
    """One server process's app (granian calls this in each of them)."""
    from pnp.web.app import create_app

    return create_app(settings["host"], settings["port"], settings["workers"],
                      public=settings["public"], allow_hosts=settings["allow_hosts"],
                      cache=settings["cache"] and str(Path(settings["cache"]) / "pnp" / "web"),
                      proxies=settings["proxies"], own_temp=True,
                      ipv6_prefix=settings.get("ipv6_prefix", 64),
                      door_secret=settings.get("door_secret"))


def _load(_target: str):
    """In a server process granian started: its app. The process dies with granian's main
    process, however that ends (a process left serving alone would hold its folder)."""
    from pnp.verify.sandbox import die_with_parent

    die_with_parent(os.getppid())
    return app_of(json.loads(os.environ[SETTINGS_VARIABLE]))


def read_config(path: str) -> dict:
    """A config file (YAML): the same names as the options (``allow_host`` and ``proxy`` lists)."""
    import yaml

    from pnp.errors import PnpError

    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.safe_load(fh.read(64_000)) or {}
    except OSError as exc:
        raise PnpError(f"--config {path}: {exc.strerror or exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise PnpError(f"{path}{where}: not YAML ({getattr(exc, 'problem', None) or 'unreadable'})") from None
    if not isinstance(data, dict):
        raise PnpError(f"{path}: a config file is a list of settings (name: value)")
    for key, value in data.items():
        kind = CONFIG_KEYS.get(key)
        if kind is None:
            raise PnpError(f"{path}: unknown setting {key!r}; the settings are "
                           f"{', '.join(sorted(CONFIG_KEYS))}")
        if kind is list and isinstance(value, str):
            data[key] = value = [value]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)) or (
                kind is list and not all(isinstance(v, str) for v in value)):
            raise PnpError(f"{path}: {key} must be {'a list of names' if kind is list else kind.__name__}")
    return data


def serve(host: str, port: int, open_browser: bool = False, workers: int | None = None,
          public: bool = False, allow_host=(), cache: str | None = None, proxy=(),
          ipv6_prefix: int = 64) -> None:
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.server import Server

    from pnp.errors import PnpError
    from pnp.web.guard import is_loopback
    from pnp.web.site import PRIVATE, PUBLIC

    import secrets

    from pnp.web.door import Door, most_connections

    settings = settings_of(host, port, workers, public, allow_host, cache, proxy, ipv6_prefix)
    _check_free(host, port)
    # granian listens on loopback behind the door, which listens on the address asked for
    inside = _free_loopback_port()
    settings["door_secret"] = secrets.token_urlsafe(24)
    limits = PUBLIC if public else PRIVATE
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if not is_loopback(host):
        click.echo(f"pnp: serving on {host}: anyone who can reach this address can use the page; "
                   "it answers to this machine's own names"
                   + (f" and {', '.join(allow_host)}" if allow_host else " (--allow-host adds a name)"),
                   err=True)
    if public:
        click.echo(f"pnp: the shared mode: {limits.per_minute:g} requests that start work a "
                   f"minute and {limits.per_client} jobs at once from one address", err=True)
    click.echo(f"pnp: the page is at {url} (Ctrl-C stops it)", err=True)
    if open_browser:
        import webbrowser       # here: pnp.cli imports this module for its options, every command

        threading.Timer(0.8, webbrowser.open, (url,)).start()
    os.environ[SETTINGS_VARIABLE] = json.dumps(settings)
    if settings["cache"]:
        # perfect-play answers (kept by the games in their cache folder) go there too, so the
        # board of the day's answer is worked out once for every process sharing it
        os.environ["XDG_CACHE_HOME"] = settings["cache"]
    stopped_by: list[int] = []

    class Stoppable(Server):
        def signal_handler_interrupt(self, *args, **kwargs):
            stopped_by.append(args[0] if args else signal.SIGINT)
            super().signal_handler_interrupt(*args, **kwargs)

    door = Door(("127.0.0.1", inside), limits.per_client_connections, most_connections(),
                limits.header_seconds, settings["proxies"], ipv6_prefix, settings["door_secret"])
    try:
        listening = _listen(host, port)
    except OSError as exc:
        raise PnpError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    door_pid = door.run_in_process(listening)
    server = Stoppable(
        # HTTP/1 only: in "auto" granian first sniffs for HTTP/2 with no deadline, so a
        # connection that sends nothing was held for good; HTTP/2 is the proxy's to speak
        "pnp", address="127.0.0.1", port=inside, interface=Interfaces.ASGI, http=HTTPModes.http1,
        workers=1, backlog=max(128, limits.connections),
        backpressure=limits.connections,
        http1_settings=HTTP1Settings(header_read_timeout=int(limits.header_seconds * 1000)),
        log_enabled=False, log_dictconfig={"disable_existing_loggers": False},
        respawn_failed_workers=True, workers_kill_timeout=30)
    try:
        server.serve(target_loader=_load)
    except OSError as exc:
        raise PnpError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    except SystemExit as exc:
        if exc.code and not stopped_by:     # its processes could not start (their log says why)
            raise PnpError("the page's server processes could not start") from None
        raise
    finally:
        _end(door_pid)
    if stopped_by and stopped_by[0] == signal.SIGINT:
        raise KeyboardInterrupt
    if stopped_by:
        click.echo("pnp: stopped", err=True)


def _listen(host: str, port: int):
    """The listening socket the door serves (pnp.web.door), bound here so that an address in
    use is one line now."""
    import socket

    from pnp.web.door import BACKLOG

    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    return sock


def _end(pid: int) -> None:
    """The door's process ended and reaped."""
    try:
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _free_loopback_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _check_free(host: str, port: int) -> None:
    """One line now if the address cannot be had (the server would log and exit 1 later)."""
    import socket

    from pnp.errors import PnpError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise PnpError(f"--host {host}: no such address ({exc.strerror})") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise PnpError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def options(fn):
    """`pnp serve`'s options (pnp.cli registers the command)."""
    for option in reversed([
        click.option("--host", default="127.0.0.1", show_default=True,
                     help="address to listen on (only this computer by default)"),
        click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535)),
        click.option("--open", "open_browser", is_flag=True, help="open the page in a browser"),
        click.option("--workers", default=None, type=click.IntRange(1, 64),
                     help="builds at once (default and at most: the cores)"),
        click.option("--public", is_flag=True,
                     help="the shared mode, for a school or a club: a rate limit and caps per "
                          "address, shorter caps on long work (docs/hosting.md)"),
        click.option("--allow-host", multiple=True, metavar="NAME",
                     help="a name the page answers to besides its own (a proxy's public name); "
                          "repeat for more"),
        click.option("--cache", type=click.Path(file_okay=False), default=None,
                     help="a folder for finished work that several servers share"),
        click.option("--proxy", multiple=True, metavar="ADDRESS",
                     help="a reverse proxy's address, range (10.0.0.0/8) or name (resolved at "
                          "start): its X-Forwarded-For names the client; repeat for more"),
        click.option("--ipv6-prefix", default=64, show_default=True, type=click.IntRange(32, 128),
                     help="the bits of an IPv6 address that name one client for the limits"),
        click.option("--config", "config", type=click.Path(dir_okay=False), default=None,
                     help="a YAML file of these settings (options given here win)"),
    ]):
        fn = option(fn)
    return fn


def run_command(config: str | None = None, **given) -> None:
    """`pnp serve`: the options, with a config file's settings where an option was not given."""
    if config:
        context = click.get_current_context()
        for key, value in read_config(config).items():
            if context.get_parameter_source(key) in (None, click.core.ParameterSource.DEFAULT):
                given[key] = tuple(value) if isinstance(value, list) else value
    serve(**given)
