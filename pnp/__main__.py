"""`pnp` and `python -m pnp`: Ctrl-C at any moment is one line and exit 130, never a traceback.

While Python is still importing pnp's modules nothing has been written, so an interrupt then just
says so and leaves (os._exit: a KeyboardInterrupt raised inside an import can otherwise end the
process by the signal, or as a traceback). Once the CLI is loaded, Ctrl-C becomes the usual
KeyboardInterrupt again, so a build can remove its temporary file (pnp.cli handles it). Once
the command is over (its PDF renamed into place or removed, its exit code on the way), Ctrl-C can
only interrupt Python's own shutdown, where a KeyboardInterrupt would print a traceback: it is
ignored from then on, and one that lands between the command's end and that moment is the same
one line and exit 130 (nothing is half-done there: the command's own handlers have run).

The cyclic garbage collector does not run while the command runs (``pnp.collector``).

Leaving: once the command has returned its exit code, pnp runs the atexit handlers, flushes
stdout and stderr and leaves with os._exit. Python's own shutdown after that would free every
module and object one by one (about 30 ms after a build) for nothing: the files are written
and closed by then (PDFs are renamed into place inside the command), and nothing else is
pending. Under a profiler or a tracer (cProfile, coverage) Python leaves as usual, so they
can write what they measured.

numpy's BLAS runs on one thread unless the user says otherwise: pnp's arrays are small (a
board's dots, a page's boxes), and OpenBLAS starting a thread a core when numpy is imported
cost about 0.1 s of CPU each time for no work (`python -c "import numpy"` busy for 0.5 s:
0.77-0.83 s of CPU by default, 0.70 with one thread).
"""

import os
import signal

import atexit
import sys

from pnp import collector


def _leave(_signum, _frame):
    os.write(2, b"pnp: interrupted\n")
    os._exit(130)


def run():
    signal.signal(signal.SIGINT, _leave)
    collector.pause()
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")      # before anything imports numpy
    from pnp.cli import main, on_sigint

    collector.freeze()
    signal.signal(signal.SIGINT, on_sigint)
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = _exit_code(exc.code)
    except KeyboardInterrupt:
        _leave(None, None)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    _exit(code)


def _exit_code(code) -> int:
    """What ``sys.exit(code)`` makes the process's status: None is 0, a number itself, anything
    else printed to stderr and 1 (as Python does)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code % 256
    print(code, file=sys.stderr)
    return 1


def _exit(code: int) -> None:
    """Leave as Python would, without freeing every object first: the atexit handlers, then
    the output streams flushed (a failed flush, as Python reports it: exit 120), then os._exit."""
    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(code)          # a profiler's or coverage's own handlers still to run
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            if stream is sys.stdout:
                code = code or 120
    os._exit(code)


if __name__ == "__main__":
    run()
