"""Imported only by the fork server that starts the page's workers (``pnp.web.jobs.Pool``
preloads it): one small build of every game, drawn and rendered there, so fonts, caches and lazy
imports are loaded once and every worker forked from it starts with them. Each worker is a
fresh process; without this each paid about 0.35 s for them (bench/web.py: a one-page preview
over HTTP took 0.84 s, 0.18 s with it).

The fork server also tidies up after the server: given the server's private temporary folder
(``pnp.web.jobs.RUN_FOLDER_VARIABLE``), it removes it when it ends. It ends when the server is
gone, whatever stopped the server (Ctrl-C, SIGTERM, a crash, SIGKILL): the server held the
other end of its pipe. It ignores SIGTERM, which a service manager sends to every process of
the service at once, so that it outlives the server and tidies after it."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
from pathlib import Path

from pnp.build import build
from pnp.games import KINDS
from pnp.spec import loads
from pnp.web.jobs import RUN_FOLDER_VARIABLE
from pnp.web.work import render


def warm() -> None:
    with tempfile.TemporaryDirectory(prefix="pnp-web-warm-") as tmp:
        for kind in KINDS:
            spec = loads(f"title: warm\nitems:\n  - kind: {kind}\n", "warm.yaml")
            for path, _, _ in build(spec, Path(tmp)):
                render(path, 1)


def tidy_after_the_server() -> None:
    folder = os.environ.pop(RUN_FOLDER_VARIABLE, None)
    if folder:
        atexit.register(shutil.rmtree, folder, True)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)


tidy_after_the_server()
try:
    warm()
except Exception:   # noqa: BLE001 - warming is only for speed; the work itself says what fails
    pass
