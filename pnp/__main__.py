"""`pnp` and `python -m pnp`: Ctrl-C at any moment is one line and exit 130, never a traceback.

While Python is still importing pnp's modules nothing has been written, so an interrupt then just
says so and leaves (os._exit: a KeyboardInterrupt raised inside an import can otherwise end the
process by the signal, or as a traceback). Once the CLI is loaded, Ctrl-C becomes the usual
KeyboardInterrupt again, so a build can remove its temporary file (pnp.cli handles it). Once
the command is over (its PDF renamed into place or removed, its exit code on the way), Ctrl-C can
only interrupt Python's own shutdown, where a KeyboardInterrupt would print a traceback: it is
ignored from then on, and one that lands between the command's end and that moment is the same
one line and exit 130 (nothing is half-done there: the command's own handlers have run).

The cyclic garbage collector runs less often than Python's default (every 700 net new
objects): a build or a validation makes many small objects that live until the PDF is saved
(drawing records, pages, read-back geometry), and walking them again and again took 7 % of a
600-board build (0.14 s of GC in 151 + 14 + 1 collections; 0.05 s at these thresholds, the
same peak memory; ``bench/run.py`` times the whole command). pnp makes few cycles.

numpy's BLAS runs on one thread unless the user says otherwise: pnp's arrays are small (a
board's dots, a page's boxes), and OpenBLAS starting a thread a core when numpy is imported
cost about 0.1 s of CPU each time for no work (`python -c "import numpy"` busy for 0.5 s:
0.77-0.83 s of CPU by default, 0.70 with one thread).
"""

import gc
import os
import signal

GC_THRESHOLDS = (10_000, 50, 50)


def _leave(_signum, _frame):
    os.write(2, b"pnp: interrupted\n")
    os._exit(130)


def run():
    signal.signal(signal.SIGINT, _leave)
    gc.set_threshold(*GC_THRESHOLDS)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")      # before anything imports numpy
    from pnp.cli import main, on_sigint

    signal.signal(signal.SIGINT, on_sigint)
    try:
        main()
    except KeyboardInterrupt:
        _leave(None, None)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    run()
