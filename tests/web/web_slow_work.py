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


def fail(report, tmp):
    """Work that fails the way nobody foresaw, its message full of Python's insides."""
    raise ValueError(f"stream <_io.BytesIO object at {id(tmp):#x}>: Loop detected")


def refuse(report, tmp):
    """A refusal whose first line carries Python's insides and whose second is plain."""
    from pnp.web.say import Mistake
    from pnp.web.work import Refused

    raise Refused([Mistake("the validator failed (PdfError: stream <_io.BytesIO object "
                           "at 0x7f8a12345678>); please report it"),
                   Mistake("a plain mistake")])


ANSWER = "Yesterday's board (Sunday 2031-01-12, 11 dots): perfect play: the first player wins by 20; best opening A-B"


def slow_answer(report, tmp, iso_day):
    """Yesterday's answer as a long search gives it: positions heard for five seconds."""
    for n in range(100):
        report({"positions": (n + 1) * 100_000, "seconds": n * 0.05})
        time.sleep(0.05)
    return [ANSWER]


def no_answer(report, tmp, iso_day):
    raise MemoryError


def full_disk_build(report, tmp, *args):
    """The page's build (``pnp.web.work.build_spec``) on a full disk: every PDF it writes goes
    to /dev/full, where each write fails as a full disk's does (ENOSPC)."""
    import os

    import pnp.pdf.writer as writer
    from pnp.web import work

    writer._create_new = lambda part: os.open("/dev/full", os.O_WRONLY)
    return work.build_spec(report, tmp, *args)


NOT_WORKED_OUT = "Yesterday's board (Sunday 2031-01-12, 13 dots): not worked out within 120 s of CPU"


def budget_spent(report, tmp, iso_day):
    """Yesterday's answer as the game gives it when its CPU budget ran out: a line saying so."""
    report({"positions": 1_000_000, "seconds": 1.0})
    return [NOT_WORKED_OUT]


def worker_dies(report, tmp, iso_day):
    """A worker that dies without an answer (killed, a crash): nothing to remember."""
    import os

    os._exit(3)
