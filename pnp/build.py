"""Spec -> PDF: generate every board (in parallel when asked), impose its pieces, attach the data.

Each board gets its own random stream derived from (seed, item number, board number) by
SHA-256, so boards do not depend on each other, on the order workers finish, or on the
machine: ``--jobs 4`` gives the same bytes as ``--jobs 1``.
"""

from __future__ import annotations

import os
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from pnp.errors import PnpError
from pnp.games import game
from pnp.i18n import ENGLISH
from pnp.render import (GENERATOR, HELD_BACK, MAIN, WHOLE, ItemError, draw_boards, footer_text,
                        page_geometry, payload)   # the drawing seam, below build and validate
from pnp.seeding import ident_for, rng_for
from pnp.spec import Entry, Spec


@dataclass(frozen=True)
class Task:
    kind: str
    item: object
    seed: str
    entry: int
    number: int       # board number within the build, from 1
    copy: int         # copy within the entry


def tasks(spec: Spec, seed: str) -> list[Task]:
    out, number = [], 0
    for e, entry in enumerate(spec.items):
        for k in range(entry.count):
            number += 1
            out.append(Task(entry.kind, entry.item, seed, e, number, k))
    return out


def run_task(task: Task):
    """Generate one board (module-level so worker processes can run it)."""
    module = game(task.kind)
    return module.generate(task.item, rng_for(task.seed, task.entry, task.copy),
                           ident_for(task.seed, task.number))


CHUNK = 32        # most boards a worker is handed at once: few messages, yet even shares


def generate_all(spec: Spec, seed: str, jobs: int = 1, progress=None) -> list:
    with closing(generated(spec, seed, jobs, progress)) as pairs:
        return [board for _, board in pairs]


def generated(spec: Spec, seed: str, jobs: int = 1, progress=None):
    """(entry, board) in build order, each as soon as it and those before it are ready, so the
    PDF is drawn while workers are still generating."""
    todo = tasks(spec, seed)
    if jobs <= 1 or len(todo) <= 1:
        for task in todo:
            board, error = _outcome(task)
            if error is not None:
                raise _every_failing(spec, todo, task, error)
            if progress:
                progress(1)
            yield spec.items[task.entry], board
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(os.getpid(),))
    try:
        # boards go out in chunks (one message each; a 9-dot board takes about a millisecond),
        # at least four a worker so one slow board does not leave the others idle at the end
        chunk = max(1, min(CHUNK, len(todo) // (4 * jobs)))
        with _sigint_held():
            results = pool.map(_outcome, todo, chunksize=chunk)
        for task, (board, error) in zip(todo, results):
            if error is not None:
                pool.shutdown(wait=False, cancel_futures=True)   # no queued boards while
                raise _every_failing(spec, todo, task, error)      # later items are probed
            if progress:
                progress(1)
            yield spec.items[task.entry], board
    except BaseException:
        # Ctrl-C, a bad item, or the PDF writer giving up (GeneratorExit): stop at once rather
        # than let queued boards run to the end
        pool.shutdown(wait=False, cancel_futures=True)
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        raise
    pool.shutdown()


def _every_failing(spec: Spec, todo: list[Task], failed: Task, error: tuple):
    """The error of the item that failed and of every later item that fails too, so one run
    names every impossible item (each later item is tried on its first board only: enough for
    an item that cannot be made at all, the usual case)."""
    from pnp.errors import SpecErrors

    mistakes = [spec.items[failed.entry].error(*error)]
    tried = {failed.entry}
    for task in todo:
        if task.entry > failed.entry and task.entry not in tried:
            tried.add(task.entry)
            _, later = _outcome(task)
            if later is not None:
                mistakes.append(spec.items[task.entry].error(*later))
    return mistakes[0] if len(mistakes) == 1 else SpecErrors(mistakes)


def _outcome(task: Task):
    """(board, None), or (None, (message, advice)) for a user's error, which the parent reports
    at its own item (module-level so worker processes can run it; ``advice``: the fields to
    change, when the error names them)."""
    try:
        return run_task(task), None
    except (ValueError, PnpError) as exc:
        return None, (str(exc), getattr(exc, "advice", None))


@contextmanager
def _sigint_held():
    """SIGINT held back while the pool forks its workers (they are forked as the boards are
    handed out): a Ctrl-C reaches the whole process group, and a worker forked a moment before
    it had not yet ignored it, so it died and the parent met a broken pool (a traceback, exit 1)
    instead of its own KeyboardInterrupt. Workers are born with SIGINT blocked and unblock it
    once ignoring it; the parent takes a Ctrl-C held back here as soon as it is released."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):     # Windows: no signal masks, no process groups
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _worker_start(parent: int) -> None:
    """Workers leave Ctrl-C to the parent (which stops them) and die with it if it is killed
    (elsewhere than Linux the pool's own pipe closing ends them)."""
    import signal

    from pnp.verify.sandbox import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):        # born blocked (_sigint_held): now ignored
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    die_with_parent(parent)


def spec_language(spec: Spec, language: str | None = None) -> str:
    """The language the pages print in: ``language`` if given (the command line's
    ``--language``), else the spec's, else English."""
    return language or spec.language or ENGLISH


def write_pdf(target: Path, spec: Spec, seed: str, pairs: Iterable[tuple[Entry, object]],
              part: str = WHOLE, check: bool = False, language: str | None = None) -> int:
    """Impose the boards' pieces (as they come) and write one PDF atomically; returns the
    page count. ``part``: "main" leaves out the pieces held back to the end (answer keys),
    "held-back" prints only those, for boards that have any. ``check``: validate the finished
    file before the rename (see ``_refuse_failing``)."""
    from pnp.pdf.embed import attach_json
    from pnp.pdf.writer import atomic_path, new_canvas

    page = page_geometry(spec.page.size, spec.page.orientation, spec.page.margin_mm)
    index = {id(entry): e for e, entry in enumerate(spec.items)}
    language = spec_language(spec, language)
    with atomic_path(target) as (tmp, fh):
        canvas = new_canvas(fh, page, spec.title)
        try:
            records, pages = draw_boards(canvas, page, footer_text(spec.title, seed, GENERATOR),
                                         ((index[id(entry)], entry.kind, board) for entry, board in pairs),
                                         part, language)
        except ItemError as exc:
            raise spec.items[exc.item].error(exc.message, exc.advice) from None
        attach_json(canvas, payload(spec.title, seed, spec.page, page, records, part, language))
        canvas.save()
        fh.flush()
        if check:
            _refuse_failing(target, tmp)
    return pages


def _refuse_failing(target: Path, tmp: Path) -> None:
    """``pnp build --check``: the finished temporary file is validated before the rename, and a
    failure stops the build with one line (exit 2), leaving any earlier PDF in place.

    Not by default: it rebuilds the file from its record, which costs about what the build does
    (bench/validator.py), so --check about doubles a build's CPU. That a build never writes a
    PDF its validator fails is proved by the tests instead, over the space a spec can ask for:
    every game, paper, orientation, size option and the extreme margins over many seeds
    (tests/test_print_fidelity.py), every layout in layouts/ and the starter pack; and
    bench/layout_sweep.py looks between those corners."""
    from pnp.verify.record import NotOurs
    from pnp.verify.validate import validate_file

    try:
        reports = validate_file(tmp)
    except NotOurs as exc:
        raise PnpError(f"{target}: pnp wrote a PDF it cannot validate ({exc}); nothing was "
                       "written: please report this") from None
    failed = [r for r in reports if not r.ok]
    if failed:
        raise PnpError(f"{target}: pnp drew a PDF its validator fails, so nothing was written "
                       f"(please report this): {failed[0].line(target.name)[6:]}")


def output_path(spec: Spec, out_dir: Path) -> Path:
    name = spec.output or f"{Path(spec.file).stem or 'pnp'}.pdf"
    return out_dir / name


def output_paths(spec: Spec, out_dir: Path, split: bool = False,
                 keys_apart: bool = False) -> list[tuple[Path, int | str | tuple | None]]:
    """The PDFs a build writes: (the pack, None), then with ``split`` one per item (its index)
    and, with ``keys_apart`` too, that item's held-back pieces beside it ((index, HELD_BACK),
    written when it has any), then with ``keys_apart`` the pack's held-back pieces, such as
    answer keys (HELD_BACK)."""
    target = output_path(spec, out_dir)
    parts: list[tuple[Path, int | str | tuple | None]] = []
    for e, entry in enumerate(spec.items) if split else ():
        name = f"{target.stem}-{e + 1:02d}-{entry.kind}"
        parts.append((target.with_name(f"{name}.pdf"), e))
        if keys_apart:
            parts.append((target.with_name(f"{name}-keys.pdf"), (e, HELD_BACK)))
    if keys_apart:
        parts.append((target.with_name(f"{target.stem}-keys.pdf"), HELD_BACK))
    return [(target, None), *parts]


def check_replaceable(target: Path, force: bool) -> None:
    """Rebuilding replaces a PDF pnp made; anything else needs --force to be replaced."""
    if not target.exists() or force:
        return
    if target.is_dir():
        raise PnpError(f"{target} is a folder; choose another output name")
    from pnp.verify.record import NotOurs, read_payload

    try:
        read_payload(target)         # in the validator's limited child: the file may be hostile
    except NotOurs:
        raise PnpError(f"{target} exists and was not made by pnp; move it away or pass --force "
                       "to replace it") from None


def build(spec: Spec, out_dir: Path, seed: str | None = None, jobs: int = 1, force: bool = False,
          split: bool = False, progress=None, keys_apart: bool = False,
          check: bool = False, language: str | None = None) -> list[tuple[Path, int, int]]:
    """Build the spec into one PDF (and with ``split`` one more per item; with ``keys_apart``
    the pieces held back to the end go to a PDF of their own instead of the pack's end), its
    words in ``language`` (else the spec's); returns (path, boards, pages) for each PDF
    written."""
    seed = spec.seed if seed is None else seed
    outputs = output_paths(spec, out_dir, split, keys_apart)
    for path, _ in outputs:       # refuse before any work is done
        check_replaceable(path, force)
    (target, _), parts = outputs[0], outputs[1:]
    main = MAIN if keys_apart else WHOLE
    with closing(generated(spec, seed, jobs, progress)) as pairs:
        if parts:                 # each board goes into more than one PDF: keep them
            pairs = list(pairs)
        written = [(target, len(tasks(spec, seed)), write_pdf(target, spec, seed, pairs, main, check, language))]
    for path, e in parts:
        if e == HELD_BACK or isinstance(e, tuple):        # the pack's or one item's keys
            held = [pair for pair in pairs if any(p.at_end for p in game(pair[0].kind).pieces(pair[1]))
                    and (e == HELD_BACK or pair[0] is spec.items[e[0]])]
            if held:
                written.append((path, len(held), write_pdf(path, spec, seed, held, HELD_BACK, check, language)))
            continue
        mine = [pair for pair in pairs if pair[0] is spec.items[e]]
        written.append((path, len(mine), write_pdf(path, spec, seed, mine, main, check, language)))
    return written
