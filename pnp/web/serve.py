"""Running the page: uvicorn on the bound address, the browser opened when asked."""

from __future__ import annotations

import threading
import webbrowser

import click


def serve(host: str, port: int, open_browser: bool = False, workers: int | None = None) -> None:
    import uvicorn

    from pnp.errors import PnpError
    from pnp.web.app import create_app

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
