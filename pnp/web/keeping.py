"""Finished work kept for the client that asked, as the page promises ("a finished PDF is kept
for 15 minutes": ``FINISHED_SECONDS``, which the page's words read).

Each client's finished jobs are kept apart: a job goes when it is older than the promise, or
when its own client has more than ``count`` finished jobs or ``most_bytes`` of PDFs (that
client's oldest first). Nothing one client does removes another's: before, the pool kept the
last 32 finished jobs of everyone, so one address's 34 small builds made another teacher's
class set vanish within a minute. The bytes of every client together are bounded by the pool
(``Pool.kept_total``): past it, new builds are refused as busy, never made room for by removing
someone's.

A finished build's PDFs are written to disk (``store``), in the pool's folder for them, and read
from there when downloaded: kept work waits on disk, not in the server's memory.
"""

from __future__ import annotations

import shutil
from pathlib import Path

FINISHED_SECONDS = 900      # how long finished work is kept (the page says it: jobs.KEPT)
FINISHED_COUNT = 32         # finished jobs kept for one client
CLIENT_BYTES = 256 * 2**20  # bytes of finished PDFs kept for one client


def store(folder: Path, job) -> None:
    """A finished job's PDFs (``result["pdfs"]``: name, bytes) written to ``folder``/job id and
    named by their path there instead; the bytes counted in ``job.kept_bytes``."""
    pdfs = (job.result or {}).get("pdfs") if isinstance(job.result, dict) else None
    if not pdfs:
        return
    place = folder / job.id
    place.mkdir(mode=0o700)
    kept = []
    for n, (name, data) in enumerate(pdfs):
        path = place / f"{n}.pdf"
        with open(path, "xb") as out:
            out.write(data)
        kept.append((name, str(path)))
        job.kept_bytes += len(data)
    job.result["pdfs"] = kept
    job.kept_folder = str(place)


def drop(job) -> None:
    if getattr(job, "kept_folder", None):
        shutil.rmtree(job.kept_folder, ignore_errors=True)
        job.kept_folder = None


def to_forget(finished, now: float, seconds: float = FINISHED_SECONDS, count: int = FINISHED_COUNT,
              most_bytes: int = CLIENT_BYTES) -> list:
    """The finished jobs to forget now: past their time, or past their own client's count or
    bytes, that client's oldest first (its newest is kept whatever its size)."""
    out = [job for job in finished if now - job.ended > seconds]
    by_client: dict = {}
    for job in finished:
        if now - job.ended <= seconds:
            by_client.setdefault(job.client, []).append(job)
    for jobs in by_client.values():
        jobs.sort(key=lambda j: j.ended, reverse=True)          # newest first
        total = 0
        for n, job in enumerate(jobs):
            total += job.kept_bytes
            if n and (n >= count or total > most_bytes):
                out.append(job)
    return out

