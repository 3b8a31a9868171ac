"""Running the page: uvicorn on the bound address, the browser opened when asked."""

from __future__ import annotations

import threading
import webbrowser

import click


def serve(host: str, port: int, open_browser: bool = False, workers: int | None = None) -> None:
    import uvicorn

    from pnp.errors import PnpError
    from pnp.web.app import create_app

    _check_free(host, port)
    app = create_app(host, port, workers)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"pnp: serving on {host}: anyone who can reach this address can use the page",
                   err=True)
    click.echo(f"pnp: the page is at {url} (Ctrl-C stops it)", err=True)
    if open_browser:
        threading.Timer(0.8, webbrowser.open, (url,)).start()
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            server_header=False, lifespan="on")
    server = uvicorn.Server(config)
    try:
        server.run()
    except OSError as exc:
        raise PnpError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    if not server.started:
        raise PnpError(f"cannot serve on {host}:{port} (is another server using the port?)")


def _check_free(host: str, port: int) -> None:
    """One line now if the address cannot be had (uvicorn would log and exit 1 later)."""
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
