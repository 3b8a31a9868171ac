"""Yesterday's answer, remembered per date: worked out once, in the background, and what came
of it kept, so a reload never starts the work again.

Why: a board whose perfect play needs more than the shared mode's 120 s was stopped, forgotten
and started again on every reload; it never appeared, and each reload took a worker for 120 s.
Now the work runs in the pool's background lane (``pnp.web.turns``: one at a time, whoever
asked, counted against no client's cap and not cut short by the shared mode's per-job limit),
within the game's own budget in CPU seconds (``pnp.games.cliquer.DAILY_SECONDS``: a busy
machine gives it the same work as an idle one) and a wall limit only against a machine that
gives it no CPU at all (``WALL_SECONDS``). However many ask, one job a date (``Pool.merged``).

What came of it is remembered as soon as it ends, whether or not anyone is looking:

- an answer, or the game's own line saying it was not worked out within its budget (the
  page shows that line: a date that cannot be worked out is said, not tried again);
- work stopped past the wall limit or out of the page's memory: "cannot", said with why;
- anything else (the server stopping, a worker that died): not remembered, the next ask
  tries again.

The answers the games work out are also kept in their cache folder (the shared folder under
``--cache``), so replicas and the next start read them there.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

DATES_KEPT = 400            # dates whose outcome one process remembers (the oldest asked go)
WALL_SECONDS = 1800         # a wall limit, only against a machine that gives the work no CPU


@dataclass(frozen=True)
class Outcome:
    lines: list | None = None       # the answer's lines (the game's sentences), or
    cannot: object = None           # why it cannot be worked out here (the page's words)


class Answers:
    """What came of each date's work (``Outcome``), and the date's job while it runs."""

    def __init__(self, most: int = DATES_KEPT):
        self.most = most
        self.known: OrderedDict[str, Outcome] = OrderedDict()
        self.started = 0            # jobs started, for the tests and the log

    def outcome(self, key: str) -> Outcome | None:
        found = self.known.get(key)
        if found is not None:
            self.known.move_to_end(key)
        return found

    def ask(self, pool, what: str, key: str, fn, *args):
        """The date's job: the one under way or one started now (``Pool.merged``; Busy when
        the queue is full). Its outcome is remembered the moment it ends."""
        job = pool.merged(what, key, fn, *args, timeout=WALL_SECONDS)
        if not getattr(job, "answers_heard", False):
            job.answers_heard = True
            self.started += 1
            job.future.add_done_callback(lambda _: self.settle(pool, key, job))
        return job

    def settle(self, pool, key: str, job) -> Outcome | None:
        """What came of ``job``, now that it ended, remembered (as many times as it is called:
        when it ends, and by a page that saw it end first); None when nothing is to be kept."""
        if job.state == "done":
            self._remember(key, Outcome(lines=list(job.result)))
        elif job.state == "failed" and (job.timed_out or job.out_of_memory):
            self._remember(key, Outcome(cannot=job.error))
        else:
            return None     # the next ask shows it once and tries again (``seen``)
        # its outcome is here now: the job is no longer the key's, and no longer kept for
        # anyone (a page following it finds it gone and reloads, to show the outcome)
        pool.forget(job)
        pool.jobs.pop(job.id, None)
        return self.known[key]

    def seen(self, pool, job) -> None:
        """A job that ended without an outcome to remember was shown: the next ask starts
        anew."""
        pool.forget(job)
        pool.jobs.pop(job.id, None)

    def _remember(self, key: str, outcome: Outcome) -> None:
        self.known[key] = outcome
        self.known.move_to_end(key)
        while len(self.known) > self.most:
            self.known.popitem(last=False)
