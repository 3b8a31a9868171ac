"""Run a Python module or script in this process and record its own peak resident memory.

The kernel's per-child accounting (ru_maxrss from wait4) starts a child at the peak of the
process it was forked from: exec keeps the larger of the two, so a command launched by a big
harness reports at least the harness's size. The peak of the process's own address space after
exec, VmHWM in /proc/self/status, is what the command itself used; it is written to the file
named by $OWN_PEAK_FILE (in kB) when the command exits.

    OWN_PEAK_FILE=peak.txt python bench/own_peak.py -m pnp build spec.yaml
    OWN_PEAK_FILE=peak.txt python bench/own_peak.py script.py args...
"""

from __future__ import annotations

import atexit
import os
import runpy
import sys


def own_peak_kb() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc/self/status")


def own_peak_mb() -> float:
    """This process's own peak resident memory so far, in MiB (for solver benches that time
    each solve in a child of its own)."""
    return own_peak_kb() / 1024


def _write() -> None:
    with open(os.environ["OWN_PEAK_FILE"], "w") as out:
        out.write(str(own_peak_kb()))


def main() -> None:
    args = sys.argv[1:]
    # pnp leaves by os._exit once its atexit handlers have run (pnp/__main__.py), so the
    # ``finally`` below never runs for it: the figure is written from atexit as well
    atexit.register(_write)
    try:
        if args[0] == "-m":
            sys.argv = [args[1], *args[2:]]
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = args
            sys.path.insert(0, os.path.dirname(os.path.abspath(args[0])))
            runpy.run_path(args[0], run_name="__main__")
    finally:
        _write()


if __name__ == "__main__":
    main()
