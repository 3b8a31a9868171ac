"""Work for the pool's tests: as long as asked, reporting as it goes."""

import sys
import time


def sleep(report, tmp, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        report({"done": 0, "total": 1})
        time.sleep(0.05)
    return "slept"


def warm(report, tmp):
    """Whether the worker started with pnp's heavy modules already loaded (from the fork server)."""
    return all(name in sys.modules for name in ("pnp.build", "pypdfium2", "pnp.web.warm"))
