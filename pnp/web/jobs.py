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
build stops at once. An upload is written into its job's folder before the job waits for a
turn, so a queue of uploads sits on disk, not in the server's memory, and the bytes waiting are
capped (``most_queued``).

Work that many requests ask for alike (the board of a date, a gallery picture) is merged
(``shared``): one job, every asker waiting on it, cancelled only when all of them left; a
finished one is kept in the shared folder (``pnp.web.cache``) when the caller says so.

The workers run the code the server runs. The fork server is a fresh interpreter started with
``-c``, which puts the current folder first on sys.path (Python 3.11 does not apply the
``sys_path`` multiprocessing hands it), so started in the project's folder it imported the
source tree's ``pnp`` (no compiled solver core) instead of the installed one. It is started here
with the current folder left out (PYTHONSAFEPATH) and the folder holding the server's own
``pnp`` first. Given a ``run_folder``, the fork server also removes that folder when it ends,
and it ends only after the server has gone, however the server stopped (even killed), so no
temporary folder outlives a stop (``pnp.web.warm``).

A job's unexpected failure is shown as a plain line for its kind of work; what was raised goes
to the server's log, never to the page.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import multiprocessing
import os
import secrets
import shutil
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.web import keeping, say
from pnp.web.insides import shows_insides
from pnp.web.keeping import FINISHED_SECONDS
from pnp.web.turns import BACKGROUND, LONG, QUICK, Turns, lane_of

KEPT = say.Duration(FINISHED_SECONDS)       # how long finished work is kept, as the page says it
KEPT_TOTAL = 2 * 2**30      # bytes of finished PDFs kept on disk, every client together
MOST_QUEUED = 256 * 2**20   # bytes of uploads waiting or being checked, all jobs together
RUN_FOLDER_VARIABLE = "PNP_RUN_FOLDER"      # read by pnp.web.warm in the fork server

# the asking client's address, set by the guard for each request: a client may have only so
# many jobs at once (``per_client``)
CLIENT: contextvars.ContextVar[str | None] = contextvars.ContextVar("pnp_client", default=None)

# what a page shows when work fails in a way nobody foresaw: plain words, by kind of work
UNFORESEEN = {"check": say.UNFORESEEN_CHECK, "look": say.UNFORESEEN_LOOK}

log = logging.getLogger("pnp.web")


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
    client: str | None = None
    upload_bytes: int = 0
    askers: int = 0                 # requests waiting on a merged job (``Pool.shared``)
    merged: tuple | None = None     # (what, key) of work many ask for alike (``Pool.merged``)
    keep: bool = False              # its result is written to the shared folder when done
    kept_bytes: int = 0             # its PDFs' bytes, kept on disk once done (pnp.web.keeping)
    kept_folder: str | None = None
    timed_out: bool = False
    out_of_memory: bool = False     # its worker ran out of the memory the page allows

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
    except Exception as exc:    # noqa: BLE001 - unforeseen: the log gets it, the page plain words
        conn.send(("unforeseen", f"{type(exc).__name__}: {' '.join(str(exc).split())[:500]}"))
    finally:
        conn.close()
        # at once: the answer is sent, and a whole interpreter's tidy exit (tens of
        # milliseconds with pnp's modules loaded) would only delay the next job
        os._exit(0)


_FORKSERVER_LOCK = threading.Lock()


def _start_forkserver(run_folder: str | None) -> None:
    """The fork server running, started (if it is not) so that it imports the server's own
    ``pnp`` and, given ``run_folder``, removes that folder when it ends."""
    from multiprocessing import forkserver

    import pnp

    home = str(Path(pnp.__file__).resolve().parent.parent)
    wanted = {"PYTHONSAFEPATH": "1",
              "PYTHONPATH": os.pathsep.join([home] + [p for p in [os.environ.get("PYTHONPATH")] if p])}
    if run_folder:
        wanted[RUN_FOLDER_VARIABLE] = run_folder
    with _FORKSERVER_LOCK:
        pid = getattr(forkserver._forkserver, "_forkserver_pid", None)
        try:
            # WNOWAIT: asked without reaping it, so ensure_running still sees it end
            if pid is not None and os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
                return                      # running (ensure_running would do nothing)
        except ChildProcessError:
            pass
        before = {name: os.environ.get(name) for name in wanted}
        os.environ.update(wanted)
        try:
            forkserver.ensure_running()
        finally:
            for name, value in before.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


class Pool:
    def __init__(self, workers: int | None = None, waiting: int = 62, abandon_after: float = 30.0,
                 per_client: int | None = None, most_seconds: float | None = None,
                 most_queued: int = MOST_QUEUED, run_folder: str | None = None, kept=None,
                 fair_share: bool | None = None, kept_total: int = KEPT_TOTAL,
                 kept_per_client: int = keeping.CLIENT_BYTES):
        self.workers = max(1, min(workers or _cores(), _cores()))
        self.waiting = waiting
        self.abandon_after = abandon_after
        self.per_client = per_client        # jobs at once from one client (None: no cap)
        self.most_seconds = most_seconds    # no job runs longer, whatever its caller asked
        self.most_queued = most_queued
        self.run_folder = run_folder
        self.kept = kept                    # pnp.web.cache.Kept, or None
        self.jobs: dict[str, Job] = {}
        self._merged: dict[tuple[str, str], Job] = {}
        self.kept_total, self.kept_per_client = kept_total, kept_per_client
        # the lanes (pnp.web.turns): quick and long work each on the cores' worth of workers,
        # yesterday's answer one at a time; shared (``fair_share``, the default with a cap per
        # client) a client holds at most half a lane's workers while it has work waiting
        if fair_share is None:
            fair_share = per_client is not None
        share = max(1, self.workers // 2) if fair_share else None
        self.lanes = {QUICK: Turns(self.workers, share), LONG: Turns(self.workers, share),
                      BACKGROUND: Turns(1)}
        self._threads = ThreadPoolExecutor(max_workers=2 * self.workers + 1,
                                           thread_name_prefix="pnp-job")
        self._kept_folder: Path | None = None
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["pnp.web.warm"])

    def start(self) -> None:
        """The fork server started now (it warms while the first page is asked for)."""
        _start_forkserver(self.run_folder)

    # --- the queue ------------------------------------------------------------------------------
    def active(self) -> int:
        return sum(1 for job in self.jobs.values() if not job.finished)

    def queued_bytes(self) -> int:
        return sum(job.upload_bytes for job in self.jobs.values() if not job.finished)

    def kept_bytes(self) -> int:
        return sum(job.kept_bytes for job in self.jobs.values())

    def ahead(self, job: Job) -> int | None:
        """How many jobs start before this one in its lane (None: it is not waiting)."""
        return self.lanes[lane_of(job.what)].ahead(job.client or "", job)

    def submit(self, what: str, fn, *args, timeout: float = 120, watched: bool = False,
               tmp: str | None = None, upload_bytes: int = 0) -> Job:
        """Start ``fn`` on a worker (or queue it); Busy when the queue is full, or when the
        asking client already has ``per_client`` jobs."""
        self._forget_old()
        if self.active() >= self.workers + self.waiting:
            raise Busy(say.BUSY)
        background = lane_of(what) == BACKGROUND
        # work in the background is no one client's: asked once for everyone (yesterday's
        # answer), counted against nobody's cap, and bounded by its own budget, not the cap
        client = None if background else CLIENT.get()
        if self.per_client is not None and client is not None and sum(
                1 for j in self.jobs.values() if j.client == client and not j.finished) >= self.per_client:
            raise Busy(say.TOO_MANY_AT_ONCE)
        if what == "build" and self.kept_bytes() >= self.kept_total:
            raise Busy(say.BUSY)          # the room for finished PDFs is full: none is removed
        if self.most_seconds is not None and not background:
            timeout = min(timeout, self.most_seconds)
        job = Job(secrets.token_urlsafe(16), what, watched=watched, client=client, tmp=tmp,
                  upload_bytes=upload_bytes)
        self.jobs[job.id] = job
        job.future = asyncio.get_running_loop().create_task(self._run(job, fn, args, timeout))
        return job

    async def run(self, what: str, fn, *args, timeout: float = 120, gone=None,
                  upload: tuple | None = None) -> Any:
        """Submit and wait for the result; ``gone`` (an async callable) is asked now and then
        whether the client left, and the job is cancelled if so. Raises the worker's Refused,
        Failed or Busy. ``upload`` (an open file, a name) is copied into the job's folder under
        that name before the job waits for its turn."""
        if upload is None:
            job = self.submit(what, fn, *args, timeout=timeout)
        else:
            job = await self.submit_upload(what, fn, *args, upload=upload, timeout=timeout)
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

    async def submit_upload(self, what: str, fn, *args, upload: tuple, timeout: float = 120,
                            watched: bool = False) -> Job:
        """``submit``, once ``upload`` (an open file, a name) is copied into the job's folder
        under that name: the bytes wait on disk, not in memory, and all that wait together are
        capped (``most_queued``; Busy past it)."""
        source, name = upload
        source.seek(0, os.SEEK_END)
        size = source.tell()
        source.seek(0)
        if self.queued_bytes() + size > self.most_queued:
            raise Busy(say.TOO_MANY_UPLOADS)
        tmp = tempfile.mkdtemp(prefix="pnp-web-")          # mode 0700: this user only
        # the bytes are counted from now: a placeholder job holds them while they are copied
        holder = Job(secrets.token_urlsafe(16), "upload", upload_bytes=size)
        self.jobs[holder.id] = holder
        try:
            await asyncio.get_running_loop().run_in_executor(None, _copy, source, Path(tmp) / name)
            del self.jobs[holder.id]
            return self.submit(what, fn, *args, timeout=timeout, watched=watched, tmp=tmp,
                               upload_bytes=size)
        except BaseException:
            self.jobs.pop(holder.id, None)
            shutil.rmtree(tmp, ignore_errors=True)
            raise

    # --- work many ask for alike: one job a key -------------------------------------------------
    async def kept_result(self, what: str, key: str) -> Any | None:
        """What the shared folder keeps for ``(what, key)``, or None (no folder, or not there)."""
        if self.kept is None:
            return None
        return await asyncio.get_running_loop().run_in_executor(None, self.kept.get, what, key)

    def merged(self, what: str, key: str, fn, *args, timeout: float = 120,
               keep: bool = False) -> Job:
        """The one job working out ``fn(*args)`` for ``(what, key)``: the one under way, or one
        started now (Busy when the queue is full). With ``keep``, its result is written to the
        shared folder when it is done, whoever is still waiting. It stays the key's job until it
        is forgotten (``forget``), so a failure is never remembered past that."""
        job = self._merged.get((what, key))
        if job is None:
            job = self.submit(what, fn, *args, timeout=timeout)
            job.merged, job.keep = (what, key), keep
            self._merged[(what, key)] = job
        return job

    def forget(self, job: Job) -> None:
        """``job`` is no longer its key's job: the next ask for the key starts anew."""
        if job.merged is not None and self._merged.get(job.merged) is job:
            del self._merged[job.merged]

    async def shared(self, what: str, key: str, fn, *args, timeout: float = 120, gone=None,
                     keep: bool = False) -> Any:
        """``fn(*args)`` worked out once for every request asking for the same ``(what, key)``
        while it runs, each waiting on it; cancelled only when every asker has left (``gone``).
        With ``keep``, read from the shared folder when it is there, and kept there when done."""
        if keep:
            found = await self.kept_result(what, key)
            if found is not None:
                return found
        job = self.merged(what, key, fn, *args, timeout=timeout, keep=keep)
        job.askers += 1
        left = False
        try:
            while not job.future.done():
                await asyncio.wait({job.future}, timeout=0.25)
                if gone is not None and not job.future.done() and await gone():
                    left = True
                    break
        finally:
            job.askers -= 1
            if job.askers == 0:
                if not job.finished:
                    self.cancel(job.id)
                self.forget(job)
                if job.finished:
                    self.jobs.pop(job.id, None)
        if left:
            raise Failed(say.ABANDONED)
        return self.outcome(job)

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
        """Finished work past its time or past its own client's room (pnp.web.keeping)."""
        finished = [j for j in self.jobs.values() if j.finished]
        for job in keeping.to_forget(finished, time.monotonic(), most_bytes=self.kept_per_client):
            self.jobs.pop(job.id, None)
            keeping.drop(job)
            self.forget(job)        # a merged job nobody came back for: not its key's job for ever

    # --- one job --------------------------------------------------------------------------------
    async def _run(self, job: Job, fn, args, timeout: float) -> None:
        lane, client = self.lanes[lane_of(job.what)], job.client or ""
        try:
            await lane.turn(client, job)
            try:
                if job.cancelled:
                    job.state = "cancelled"
                    return
                job.state = "running"
                job.started = time.monotonic()
                await asyncio.get_running_loop().run_in_executor(
                    self._threads, self._work, job, fn, args, timeout)
            finally:
                lane.done(client)
            if job.keep and job.state == "done" and self.kept is not None:
                await asyncio.get_running_loop().run_in_executor(None, self.kept.put, *job.merged,
                                                                 job.result)
        except Exception as exc:    # noqa: BLE001 - no worker could be started: one plain line
            log.error("pnp serve: no worker could be started for %s: %s: %s", job.what,
                      type(exc).__name__, exc)
            job.state, job.error = "failed", say.NO_WORKER
        finally:
            job.ended = time.monotonic()
            if job.tmp is not None:         # a job cancelled before it ran: its upload too
                shutil.rmtree(job.tmp, ignore_errors=True)

    def _store(self, job: Job) -> None:
        with _FORKSERVER_LOCK:          # the pool's threads finish builds at once
            if self._kept_folder is None:
                self._kept_folder = Path(tempfile.mkdtemp(prefix="pnp-kept-"))    # mode 0700
        keeping.store(self._kept_folder, job)

    def _work(self, job: Job, fn, args, timeout: float) -> None:
        """In a thread of the pool: start the worker, listen to it, end it, clean up."""
        if job.tmp is None:
            job.tmp = tempfile.mkdtemp(prefix="pnp-web-")      # mode 0700: this user only
        _start_forkserver(self.run_folder)      # again if it died: never one that reads ./pnp
        receive, send = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_child, args=(send, fn, args, job.tmp), daemon=True)
        try:
            process.start()
            send.close()
            deadline = time.monotonic() + timeout
            while True:
                if job.cancelled:
                    job.state, job.error = "cancelled", say.CANCELLED
                    return
                if job.watched and time.monotonic() - job.seen > self.abandon_after:
                    job.state, job.error = "cancelled", say.ABANDONED
                    return
                if time.monotonic() > deadline:
                    job.state, job.error = "failed", say.TOOK_TOO_LONG.with_facts(seconds=f"{timeout:g}")
                    job.timed_out = True
                    return
                if not receive.poll(0.1):
                    if not process.is_alive() and not receive.poll(0):
                        job.state, job.error = "failed", say.STOPPED_WITHOUT_ANSWER
                        return
                    continue
                try:
                    tag, value = receive.recv()
                except (EOFError, OSError):
                    job.state, job.error = "failed", say.STOPPED_WITHOUT_ANSWER
                    return
                if tag == "progress":
                    job.progress = value
                    continue
                # the worker's own "failed" is one thing only: it ran out of memory (``_child``)
                job.out_of_memory = tag == "failed"
                if tag == "unforeseen":
                    log.error("pnp serve: %s failed: %s", job.what, value)
                    tag, value = "failed", UNFORESEEN.get(job.what, say.UNFORESEEN_OTHER)
                elif tag == "refused":
                    value = self._plain(job, value)
                if tag == "done" and job.what == "build":
                    # its PDFs on disk before it is said done: a download reads them there
                    try:
                        job.result = value
                        self._store(job)
                    except OSError as exc:      # a full disk: plain words, the details logged
                        log.error("pnp serve: a build could not be kept: %s", exc)
                        keeping.drop(job)
                        tag, value, job.result = "failed", say.UNFORESEEN_OTHER, None
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

    def _plain(self, job: Job, mistakes: list) -> list:
        """A worker's mistakes (``say.Mistake``), each that shows the server's insides (Python's,
        a path, the system's words: ``pnp.web.insides``) replaced, and logged."""
        out = []
        folders = (job.tmp, self.run_folder, str(self._kept_folder or ""))
        for m in mistakes:
            said = (m.message, m.problem, m.file)
            if any(shows_insides(str(text), folders) for text in said if text):
                log.error("pnp serve: %s refused with: %s", job.what, m.message)
                m = say.Mistake(UNFORESEEN.get(job.what, say.UNFORESEEN_OTHER))
            out.append(m)
        return out

    def close(self) -> None:
        for job in self.jobs.values():
            job.cancelled = True
        self._threads.shutdown(wait=True, cancel_futures=True)
        for job in self.jobs.values():
            if job.tmp is not None:
                shutil.rmtree(job.tmp, ignore_errors=True)
        if self._kept_folder is not None:
            shutil.rmtree(self._kept_folder, ignore_errors=True)


def _copy(source, target: Path) -> None:
    with open(target, "xb") as out:
        shutil.copyfileobj(source, out, 2**20)
