"""Imported only by the fork server that starts the page's workers (``pnp.web.jobs.Pool``
preloads it): one small build of every game, drawn and rendered there, so fonts, caches and lazy
imports are loaded once and every worker forked from it starts with them. Each worker is a
fresh process; without this each paid about 0.35 s for them (bench/web.py: a one-page preview
over HTTP took 0.84 s, 0.18 s with it)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from pnp.build import build
from pnp.games import KINDS
from pnp.spec import loads
from pnp.web.work import render


def warm() -> None:
    with tempfile.TemporaryDirectory(prefix="pnp-web-warm-") as tmp:
        for kind in KINDS:
            spec = loads(f"title: warm\nitems:\n  - kind: {kind}\n", "warm.yaml")
            for path, _, _ in build(spec, Path(tmp)):
                render(path, 1)


try:
    warm()
except Exception:   # noqa: BLE001 - warming is only for speed; the work itself says what fails
    pass
