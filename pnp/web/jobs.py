"""A bounded pool of worker processes for the page's builds, validations and analyses.

Each job runs in a process of its own, forked from a fork server that already holds pnp's
modules, warmed by one build of every game (``pnp.web.warm``): a worker starts in milliseconds
and never inherits the server's threads. At most ``workers`` run at once, never more than the
machine's cores; at most ``waiting`` more wait for
a turn, and past that a new job is refused with ``Busy`` ("busy, try again") instead of a queue
that grows without end.

Every job has a private temporary folder (mode 0700) that the pool, not the worker, removes
when the job ends, however it ends: done, failed, past its time, cancelled, or abandoned by a
client that stopped asking (``abandon_after``). Cancelling kills the worker, so a cancelled
build stops at once.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

FINISHED_KEPT = 32          # finished jobs whose results can still be fetched
FINISHED_SECONDS = 900      # and for how long


class Busy(Exception):
    """Every worker is busy and the queue is full."""


class Failed(Exception):
    """The job did not finish: cancelled, past its time, or its worker died. ``str`` says which."""


@dataclass
class Job:
    id: str
    what: str
    state: str = "waiting"          # waiting | running | done | refused | failed | cancelled
    progress: dict = field(default_factory=dict)
    result: Any = None
    error: Any = None               # Refused's mistakes, or one line
    started: float = field(default_factory=time.monotonic)
    seen: float = field(default_factory=time.monotonic)
    ended: float | None = None
    cancelled: bool = False
    watched: bool = False           # a page polls it: abandoned when the polling stops
    tmp: str | None = None
    future: asyncio.Future | None = None

    @property
    def finished(self) -> bool:
        return self.ended is not None


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _child(conn, fn, args, tmp) -> None:
    """A worker: runs ``fn(report, tmp, *args)`` and sends ("progress", ...) messages, then one
    ("done", result) or ("refused", mistakes) or ("failed", line)."""
    import signal

    from pnp.verify.sandbox import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)    # the server's Ctrl-C: it ends us itself
    die_with_parent(os.getppid())
    from pnp.web.work import Refused

    def report(progress: dict) -> None:
        conn.send(("progress", progress))

    try:
        conn.send(("done", fn(report, tmp, *args)))
    except Refused as exc:
        conn.send(("refused", exc.args[0]))
    except MemoryError:
        conn.send(("failed", "the work needed more memory than the page allows"))
    except Exception as exc:    # noqa: BLE001 - a bug in the work is one line, never a traceback
        conn.send(("failed", f"pnp failed ({type(exc).__name__}: {' '.join(str(exc).split())[:200]}); "
                             "please report it"))
    finally:
        conn.close()
        # at once: the answer is sent, and a whole interpreter's tidy exit (tens of
        # milliseconds with pnp's modules loaded) would only delay the next job
        os._exit(0)


class Pool:
    def __init__(self, workers: int | None = None, waiting: int = 62, abandon_after: float = 30.0):
        self.workers = max(1, min(workers or _cores(), _cores()))
        self.waiting = waiting
        self.abandon_after = abandon_after
        self.jobs: dict[str, Job] = {}
        self._threads = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="pnp-job")
        self._slots: asyncio.Semaphore | None = None
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["pnp.web.warm"])

    # --- the queue ------------------------------------------------------------------------------
    def active(self) -> int:
        return sum(1 for job in self.jobs.values() if not job.finished)

    def submit(self, what: str, fn, *args, timeout: float = 120, watched: bool = False) -> Job:
        """Start ``fn`` on a worker (or queue it); Busy when the queue is full."""
        self._forget_old()
        if self.active() >= self.workers + self.waiting:
            raise Busy("busy, try again")
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        job = Job(secrets.token_urlsafe(16), what, watched=watched)
        self.jobs[job.id] = job
        job.future = asyncio.get_running_loop().create_task(self._run(job, fn, args, timeout))
        return job

    async def run(self, what: str, fn, *args, timeout: float = 120, gone=None) -> Any:
        """Submit and wait for the result; ``gone`` (an async callable) is asked now and then
        whether the client left, and the job is cancelled if so. Raises the worker's Refused,
        Failed or Busy."""
        job = self.submit(what, fn, *args, timeout=timeout)
        try:
            while not job.future.done():
                await asyncio.wait({job.future}, timeout=0.25)
                if gone is not None and not job.future.done() and await gone():
                    self.cancel(job.id)
            return self.outcome(job)
        finally:
            if not job.finished:
                self.cancel(job.id)
            self.jobs.pop(job.id, None)     # its result went to the caller

    def outcome(self, job: Job) -> Any:
        from pnp.web.work import Refused

        if job.state == "done":
            return job.result
        if job.state == "refused":
            raise Refused(job.error)
        raise Failed(job.error or job.state)

    def cancel(self, job_id: str) -> bool:
        job = self.jobs.get(job_id)
        if job is None or job.finished:
            return False
        job.cancelled = True
        return True

    def seen(self, job_id: str) -> Job | None:
        job = self.jobs.get(job_id)
        if job is not None:
            job.seen = time.monotonic()
        return job

    def _forget_old(self) -> None:
        now = time.monotonic()
        finished = sorted((j for j in self.jobs.values() if j.finished), key=lambda j: j.ended)
        for job in finished[:-FINISHED_KEPT] + [j for j in finished if now - j.ended > FINISHED_SECONDS]:
            self.jobs.pop(job.id, None)

    # --- one job --------------------------------------------------------------------------------
    async def _run(self, job: Job, fn, args, timeout: float) -> None:
        try:
            async with self._slots:
                if job.cancelled:
                    job.state = "cancelled"
                    return
                job.state = "running"
                job.started = time.monotonic()
                await asyncio.get_running_loop().run_in_executor(
                    self._threads, self._work, job, fn, args, timeout)
        except Exception as exc:    # noqa: BLE001 - no worker could be started: one line
            job.state, job.error = "failed", f"no worker could be started ({type(exc).__name__}: {exc})"
        finally:
            job.ended = time.monotonic()

    def _work(self, job: Job, fn, args, timeout: float) -> None:
        """In a thread of the pool: start the worker, listen to it, end it, clean up."""
        job.tmp = tempfile.mkdtemp(prefix="pnp-web-")          # mode 0700: this user only
        receive, send = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_child, args=(send, fn, args, job.tmp), daemon=True)
        try:
            process.start()
            send.close()
            deadline = time.monotonic() + timeout
            while True:
                if job.cancelled:
                    job.state, job.error = "cancelled", "cancelled"
                    return
                if job.watched and time.monotonic() - job.seen > self.abandon_after:
                    job.state, job.error = "cancelled", "abandoned: the page stopped asking"
                    return
                if time.monotonic() > deadline:
                    job.state, job.error = "failed", f"took longer than {timeout:g} s; try less at once"
                    return
                if not receive.poll(0.1):
                    if not process.is_alive() and not receive.poll(0):
                        job.state, job.error = "failed", "the worker stopped without an answer"
                        return
                    continue
                try:
                    tag, value = receive.recv()
                except (EOFError, OSError):
                    job.state, job.error = "failed", "the worker stopped without an answer"
                    return
                if tag == "progress":
                    job.progress = value
                    continue
                job.state = tag
                if tag == "done":
                    job.result = value
                else:
                    job.error = value
                return
        finally:
            receive.close()
            if process.is_alive():
                process.kill()
            process.join(5)
            shutil.rmtree(job.tmp, ignore_errors=True)

    def close(self) -> None:
        for job in self.jobs.values():
            job.cancelled = True
        self._threads.shutdown(wait=True, cancel_futures=True)
