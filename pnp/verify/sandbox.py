"""The validator's work in a child process with hard limits, so no file can hang it or
blow its memory.

A crafted record can ask a rebuild for a million pages; a crafted file can ask a renderer
(``--show-difference``) for gigabytes. The child gets an address-space limit (RLIMIT_AS) set so
that it holds at most ``MEMORY_LIMIT`` in memory, what it inherits from its parent included, a
CPU-time limit (RLIMIT_CPU, ``CPU_SECONDS``) and the parent a wall clock; an allocation that
fails, an abort inside pdfium or an endless loop becomes one line ("needs more than 300 MB")
instead of a signal, a swap storm or a hang, and a reader that crashes (SIGSEGV, SIGBUS) is
reported as a crash. These two constants are the numbers docs/validator.md promises. Where
``fork`` is not available the work runs in-process, unlimited.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import time
from typing import Any, Callable

from pnp.i18n.message import Message

MEMORY_LIMIT = 300 * 2**20      # bytes the child may hold in memory, what it inherits included
CPU_SECONDS = 10                # CPU time of one file; bench/validator.py measures what packs need
WALL_SECONDS = 120              # a busy machine gets slack, a hang does not
# what a child may map past what it inherits, however much its parent already holds: a
# command's parent holds ~60 MB, so MEMORY_LIMIT decides; a long-lived parent (a test run's
# worker, which had grown past 270 MB) left 32 MB, too little to rebuild even a small file
MIN_ROOM = 160 * 2**20


class Exhausted(Exception):
    """The work hit a limit or died; ``str`` is one line saying which."""


def _address_space() -> tuple[int, int]:
    """(bytes of address space this process has mapped, bytes of it in memory) now (Linux),
    or (0, 0) if unknown."""
    try:
        with open("/proc/self/statm") as fh:
            size, resident = fh.read().split()[:2]
        page = os.sysconf("SC_PAGE_SIZE")
        return int(size) * page, int(resident) * page
    except (OSError, ValueError, IndexError):
        return 0, 0


def _address_limit(memory: int) -> int:
    """The address-space limit that keeps a child forked now within ``memory`` bytes in
    memory: what it inherits is already in memory, so it may map only what is left (at least
    ``MIN_ROOM``); 0 where the system does not say."""
    mapped, resident = _address_space()
    return mapped + max(memory - resident, MIN_ROOM) if mapped else 0


def available() -> bool:
    return hasattr(os, "fork") and os.environ.get("PNP_NO_SANDBOX") != "1"


def run(fn: Callable[..., Any], *args, memory: int = MEMORY_LIMIT, cpu: int = CPU_SECONDS,
        wall: float = WALL_SECONDS) -> Any:
    """``fn(*args)`` in a limited child; its result, or its exception raised again here.

    The result and exceptions travel pickled through a pipe. Anything that ends the child
    otherwise (a signal, running out of memory or CPU) raises ``Exhausted``.
    """
    return start(fn, *args, memory=memory, cpu=cpu, wall=wall).result()


def start(fn: Callable[..., Any], *args, memory: int = MEMORY_LIMIT, cpu: int = CPU_SECONDS,
          wall: float = WALL_SECONDS) -> "Pending":
    """``run``, started: the child works while this process goes on; ``.result()`` waits for
    it. The child dies with this process. Where there is no fork, ``fn`` runs here and now."""
    if not available():
        return Pending(None, None, fn, args, memory, cpu, wall)
    import resource

    limit = _address_limit(memory)
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:                                   # the child: limit, work, report, vanish
        os.close(read_end)
        status = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
            die_with_parent(parent)
            import faulthandler

            faulthandler.disable()      # an abort in pdfium is reported by the parent, in one line
            _limit(resource, "RLIMIT_AS", limit)
            _limit(resource, "RLIMIT_CPU", cpu)
            try:
                message = ("ok", fn(*args))
            except MemoryError:
                message = ("exhausted", "memory")
            except BaseException as exc:  # noqa: BLE001 - carried to the parent as it is
                message = ("raised", exc)
            try:
                body = pickle.dumps(message)
            except Exception as exc:  # noqa: BLE001 - an exception that cannot be pickled
                body = pickle.dumps(("raised", RuntimeError(f"{type(exc).__name__}: {exc}")))
            view = memoryview(body)
            while view:
                view = view[os.write(write_end, view):]
        except BaseException:  # noqa: BLE001 - never let a child fall back into the caller
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)
    return Pending(pid, read_end, fn, args, memory, cpu, wall)


class Pending:
    """A started child (or, without fork, the work to do here when asked)."""

    def __init__(self, pid, read_end, fn, args, memory: int, cpu: int, wall: float):
        self.pid, self.read_end = pid, read_end
        self.fn, self.args = fn, args
        self.memory, self.cpu = memory, cpu
        self.deadline = time.monotonic() + wall
        self.wall = wall
        self.done = False

    def result(self) -> Any:
        if self.done:
            raise RuntimeError("this child's result was taken or cancelled already")
        self.done = True
        if self.pid is None:
            return self.fn(*self.args)
        pid, read_end = self.pid, self.read_end
        chunks: list[bytes] = []
        try:
            while True:
                left = self.deadline - time.monotonic()
                if left <= 0:
                    os.kill(pid, signal.SIGKILL)
                    raise Exhausted(Message("took longer than {seconds} s", seconds=round(self.wall)))
                ready, _, _ = select.select([read_end], [], [], min(left, 1.0))
                if ready:
                    chunk = os.read(read_end, 1 << 20)
                    if not chunk:
                        break
                    chunks.append(chunk)
        except BaseException:
            _reap(pid, kill=True)
            os.close(read_end)
            raise
        os.close(read_end)
        status = _reap(pid)
        if chunks:
            try:
                kind, value = pickle.loads(b"".join(chunks))
            except Exception:  # noqa: BLE001 - a child cut off mid-message
                kind, value = "exhausted", "died"
        else:
            kind, value = "exhausted", status
        if kind == "ok":
            return value
        if kind == "raised":
            raise value
        raise Exhausted(_why(value, self.memory, self.cpu))

    def cancel(self) -> None:
        """Stop the child, if its result is still to come, without waiting for it."""
        if not self.done:
            self.done = True
            if self.pid is not None:
                _reap(self.pid, kill=True)
                os.close(self.read_end)


def die_with_parent(parent: int) -> None:
    """On Linux the kernel kills this process when its parent dies, so a child killed by its
    own parent's wall clock (or a build killed outright) leaves no worker of its own running.

    ``parent``: the pid of the process that started this one, taken before it did. A parent
    killed between the start and this call sends no signal (the kernel only signals a death
    after the request), so a process whose parent is already gone ends itself here."""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)


def _limit(resource, name: str, value: int) -> None:
    """Lower one limit where the system has it (macOS refuses RLIMIT_AS; then the pre-scan
    and the wall clock remain)."""
    if not value or not hasattr(resource, name):
        return
    which = getattr(resource, name)
    try:
        soft, hard = resource.getrlimit(which)
        top = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(which, (top, hard if name == "RLIMIT_AS" else min(hard, top + 5)
                                   if hard != resource.RLIM_INFINITY else top + 5))
    except (ValueError, OSError):
        pass


def _reap(pid: int, kill: bool = False) -> int:
    if kill:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    return status


def _why(value, memory: int, cpu: int) -> Message:
    signalled = isinstance(value, int) and os.WIFSIGNALED(value)
    if value == "memory" or signalled and os.WTERMSIG(value) == signal.SIGABRT:
        # pdfium aborts when an allocation fails, so an abort here is, in practice, memory
        return Message("needs more than {mb} MB of memory", mb=memory // 2**20)
    if signalled and os.WTERMSIG(value) in (signal.SIGSEGV, signal.SIGBUS):
        # not memory: a bad access is a fault in the reader, which the file has found
        return Message("crashed the PDF reader ({signal}); no pnp PDF does",
                       signal=signal.Signals(os.WTERMSIG(value)).name)
    if signalled and os.WTERMSIG(value) in (signal.SIGXCPU, signal.SIGKILL):
        return Message("needs more than {seconds} s of work", seconds=cpu)
    return Message("could not be read (the work stopped)")
