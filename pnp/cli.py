"""The `pnp` command: parse, call, print. Heavy modules are imported inside commands so that
`pnp --help` answers as fast as click itself."""

from __future__ import annotations

import dataclasses
import functools
import os
import sys
from pathlib import Path

import click

from pnp import __version__
from pnp.games import KINDS
from pnp.i18n import CODES
from pnp.web.serve import options as serve_options

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def interrupted():
    """Ctrl-C: one line and exit 130, once the interrupted work has cleaned up after itself.

    os._exit, not sys.exit: when the KeyboardInterrupt passed through code that Python ran
    from C (an import can), Python remembers it as unhandled and at exit kills itself with
    SIGINT instead of exiting 130, though we caught it. Output is flushed first."""
    import os

    writer = sys.modules.get("pnp.pdf.writer")
    if writer is not None:          # a part whose with block never started (see writer)
        writer.discard_open_parts()
    click.echo("pnp: interrupted", err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(130)


_sigint_seen = False


def on_sigint(_signum, _frame):
    """Ctrl-C as the usual KeyboardInterrupt, and remembered: C code that Python calls (one of
    reportlab's accelerators, during canvas.py's check at import) can turn the interrupt into an
    error of its own on the way out, which must still end as one line and exit 130."""
    global _sigint_seen
    _sigint_seen = True
    raise KeyboardInterrupt


def user_errors(fn):
    """A user's mistakes are one line each on stderr and exit 2, never a traceback."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from pnp.errors import PnpError, error_lines

        try:
            return fn(*args, **kwargs)
        except PnpError as exc:
            for line in error_lines(exc):
                click.echo(line, err=True)
            sys.exit(exc.exit_code)
        except OSError as exc:
            # the file system said no where no check of ours did (a path too long for it, a
            # disk gone): still one line
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"pnp: {where}{exc.strerror or exc}", err=True)
            sys.exit(EXIT_USAGE)
        except KeyboardInterrupt:
            # PDFs are renamed into place whole, so whatever was interrupted left no torn file
            interrupted()
        except Exception:
            if _sigint_seen:        # an interrupt that C code turned into another error
                interrupted()
            raise
    return wrapper


class _Pnp(click.Group):
    """click's group, with its usage errors said in one line as the README promises."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except (KeyboardInterrupt, click.exceptions.Abort):
            interrupted()
        except _HELP_ERRORS as exc:             # `pnp` alone: the help, as click shows it
            exc.show()
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            click.echo(usage_line(exc), err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            click.echo(f"pnp: {_sentence(exc.format_message())}", err=True)
            sys.exit(exc.exit_code)
        sys.exit(code if isinstance(code, int) else 0)


_HELP_ERRORS = getattr(click.exceptions, "NoArgsIsHelpError", ())


def usage_line(exc: click.UsageError) -> str:
    """`pnp build: no such option '--foo' (did you mean '--force'?); see pnp build --help`."""
    command = exc.ctx.command_path if exc.ctx is not None else "pnp"
    return f"{command}: {_sentence(exc.format_message())}; see {command} --help"


def _sentence(message: str) -> str:
    """click's message as part of one line: no line breaks, no capital, no full stop."""
    text = " ".join(message.split()).replace(". (", " (").replace("(Did you", "(did you")
    text = text.replace(". Did you", "; did you").rstrip(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() or len(text) < 2 else text


def default_spec() -> Path:
    return Path(__file__).with_name("layouts") / "default.yaml"


@click.group(cls=_Pnp, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli():
    """pnp: print-and-play PDFs for CliqueR, Thinking in Circles and Cliques.

    `pnp build` alone prints a starter pack into output/. For your own, `pnp new KIND > my.yaml`
    writes a spec to start from, every option shown with its default (`pnp new --help` lists
    the kinds); then `pnp build my.yaml` and `pnp validate output/my.pdf`. `pnp serve --open`
    opens a form instead.
    """


@cli.command()
@click.argument("specs", nargs=-1)
@click.option("-o", "--out", "out_dir", default="output", show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="folder for the PDFs")
@click.option("--seed", default=None, help="override the spec's seed (any text or number)")
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="generate boards on this many cores (same bytes as --jobs 1)")
@click.option("--split", is_flag=True, help="also write one PDF per item of the spec")
@click.option("--png", is_flag=True, help="also write PNG previews of every page (into png/ beside the PDF)")
@click.option("--force", is_flag=True, help="replace an output file even if pnp did not make it")
@click.option("--keys-apart", is_flag=True,
              help="write answer keys to NAME-keys.pdf instead of the end of the pack")
@click.option("--language", type=click.Choice(CODES), default=None,
              help="print every word in this language (overrides the spec's language:)")
@click.option("--check", is_flag=True,
              help="validate each PDF before it replaces anything (a validation costs about what the "
                   "build does: bench/validator.py)")
@user_errors
def build(specs, out_dir, seed, jobs, split, png, force, keys_apart, language, check):
    """Build SPEC files (or CliqueR board codes) into PDFs.

    With no SPEC, builds the built-in starter pack into ./output/.
    """
    from pnp import services
    from pnp.build import output_paths
    from pnp.progress import progress
    from pnp.sources import load_all
    from pnp.words import count

    _check_out_dir(out_dir)
    if seed is not None:
        _check_seed(seed)
    loaded = load_all(specs) if specs else [_load_spec(default_spec())]
    if language is not None:
        from pnp.errors import PnpError
        from pnp.spec import printable_in

        try:
            printable_in(language)
        except ValueError as exc:
            raise PnpError(f"--language {language}: {exc}") from None
        loaded = [dataclasses.replace(spec, language=language) for spec in loaded]
    _refuse_shared_outputs(loaded, out_dir, split, keys_apart)
    for spec in loaded:       # every spec is read before anything is written
        plan = services.plan(spec)
        with progress(plan.boards, f"building {Path(spec.file).name}") as bar:
            written = services.build(plan, out_dir, seed=seed, jobs=jobs, force=force, split=split,
                                     progress=bar.update if bar else None, keys_apart=keys_apart,
                                     check=check)
        parts = dict(output_paths(spec, out_dir, split, keys_apart))
        for path, boards, pages in written:
            click.echo(f"wrote {path} ({services.contents(spec, parts.get(path), boards)}, "
                       f"{count(pages, 'page')})")
            if png:
                _previews(path)


def _check_seed(seed: str) -> None:
    """--seed obeys the rules of a spec's seed: it is printed in every footer."""
    from pnp.errors import PnpError
    from pnp.spec import seed_problem

    problem = seed_problem(seed)
    if problem:
        raise PnpError(f"--seed {problem}")


NAME_MAX = 255      # bytes in one file or folder name on the usual file systems
# bytes a build adds to a PDF's name while writing it: "." + name + ".PID.part" (pnp/pdf/writer.py)
_WRITING = len("..4194304.part")


def _check_out_dir(out_dir: Path) -> None:
    """-o names a folder the file system can hold: one line now, not an error from deep inside."""
    from pnp.errors import PnpError

    for part in out_dir.parts:
        size = len(os.fsencode(part))
        if size > NAME_MAX:
            raise PnpError(f"-o: the folder name {part[:30]!r}... is {size} bytes long; "
                           f"a folder name can be at most {NAME_MAX} bytes")


def _refuse_shared_outputs(specs, out_dir: Path, split: bool, keys_apart: bool = False) -> None:
    """Two specs of one build must not write the same PDF: the second would replace the first.
    And every PDF's name must fit the file system while it is being written."""
    from pnp.build import output_paths
    from pnp.errors import PnpError, SpecError

    seen: dict[Path, str] = {}
    for spec in specs:
        for name, _ in output_paths(spec, out_dir, split, keys_apart):
            size = len(os.fsencode(name.name))
            if size + _WRITING > NAME_MAX:
                raise SpecError(f"its PDF would be named {name.name[:30]!r}... ({size} bytes); at most "
                                f"{NAME_MAX - _WRITING}: give the spec a shorter output: name",
                                spec.file, None, None)
            if name in seen:
                raise PnpError(f"{seen[name]} and {spec.file} would both write {name}; "
                               "give one of them another output: name")
            seen[name] = spec.file


def _load_spec(path):
    from pnp import spec as spec_module

    return spec_module.load(path)


def _previews(pdf: Path) -> None:
    from pnp.preview import png_folder, render_pages
    from pnp.words import count

    pages = render_pages(pdf, png_folder(pdf))
    if pages:
        click.echo(f"wrote {count(len(pages), 'PNG page')} to {png_folder(pdf)}/ ({pages[0].name} ...)")


@cli.command()
@click.argument("pdfs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="print one JSON document for machines")
@click.option("--data-only", is_flag=True,
              help="check the boards' data alone, without the rebuild: proves nothing about what prints")
@click.option("--show-difference", "pictures", type=click.Path(file_okay=False, path_type=Path),
              default=None, metavar="DIR",
              help="for each page that differs, write a picture of the page as pnp draws it beside "
                   "the page as the file has it into DIR (a picture explains; it does not prove)")
@click.option("--rebuild", "copy", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="COPY.pdf", help="write the file this pnp builds from the PDF's record (one PDF)")
@user_errors
def validate(pdfs, as_json, data_only, pictures, copy):
    """Prove PDF files by reproduction: each is rebuilt from its record with this pnp and
    compared byte for byte; every board's data is checked too.

    Exit 0: every file is proved (the same bytes) and its boards pass; 1: a file is not proved
    (the report says where it first differs) or a board fails its checks; 2: a file cannot be
    read, or another pnp version wrote it (the line says which).
    """
    import json

    from pnp.errors import PnpError
    from pnp.i18n.message import Message
    from pnp.verify.record import NotOurs
    from pnp.verify.validate import OtherVersion, prove_file, summary
    from pnp.words import count

    if copy is not None and len(pdfs) != 1:
        raise PnpError(Message("--rebuild writes the rebuild of one PDF; name one"))
    if data_only and (copy is not None or pictures is not None):
        raise PnpError(Message("--data-only makes no rebuild: it cannot be given --rebuild or "
                               "--show-difference"))
    if copy is not None and (copy.exists() or copy.is_symlink()):
        raise PnpError(Message("--rebuild {file}: a file of that name exists; name a new file",
                               file=str(copy)))
    all_reports, files, unreadable = [], [], 0
    for pdf in pdfs:
        try:
            verdict = prove_file(pdf, data_only=data_only, keep=copy is not None or pictures is not None)
        except NotOurs as exc:
            unreadable += 1
            files.append({"file": str(pdf), "error": str(exc),
                          "other_version": isinstance(exc, OtherVersion)})
            if not as_json:
                click.echo(f"error {exc}", err=True)
            continue
        reports = verdict.reports
        all_reports += reports
        entry = {"file": str(pdf), "proved": verdict.proved, "proof": str(verdict.said),
                 "boards": [r.as_json() for r in reports]}
        if verdict.advice is not None:
            entry["advice"] = str(verdict.advice)
        if copy is not None and verdict.rebuilt is not None:
            _write_copy(copy, verdict.rebuilt)
            entry["rebuild"] = str(copy)
        if pictures is not None and verdict.proved is False and verdict.rebuilt is not None:
            entry["pictures"] = [str(p) for p in _pictures(pdf, verdict, pictures)]
        files.append(entry)
        if not as_json:
            for r in reports:
                if r.number or any(p.code != "not-reproduced" for p in r.problems):
                    click.echo(r.line(str(pdf)))
            click.echo(verdict.line(str(pdf)))
            if verdict.advice is not None:
                click.echo(f"      {verdict.advice}")
            for path in entry.get("pictures", ()):
                click.echo(f"      wrote {path}")
            if "rebuild" in entry:
                click.echo(f"      wrote {copy}")
    failed = any(not r.ok for r in all_reports)
    if as_json:
        click.echo(json.dumps({"files": files, "ok": not failed and not unreadable}, indent=2))
    else:
        click.echo(summary(all_reports) + (f", {count(unreadable, 'file')} unreadable" if unreadable else ""))
    if unreadable:
        sys.exit(EXIT_USAGE)
    sys.exit(EXIT_INVALID if failed else EXIT_OK)


def _write_copy(copy: Path, rebuilt: bytes) -> None:
    """--rebuild: the rebuild written atomically (never a half-written PDF, never over a file
    pnp did not make unless it is the rebuild's own name)."""
    from pnp.pdf.writer import atomic_path

    with atomic_path(copy) as (tmp, fh):
        fh.write(rebuilt)


def _pictures(pdf: Path, verdict, folder: Path) -> list[Path]:
    from pnp.errors import PnpError
    from pnp.i18n.message import Message
    from pnp.verify import sandbox
    from pnp.verify.picture import side_by_side

    try:
        return side_by_side(pdf, verdict.rebuilt, verdict.pages, folder)
    except sandbox.Exhausted as exc:
        raise PnpError(Message("--show-difference: {file}: drawing its pages {why}", file=str(pdf),
                               why=exc.args[0])) from None


@cli.command()
@click.argument("sources", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="print the figures as JSON")
@click.option("--solve/--no-solve", default=None,
              help="perfect-play margin and best line (default: tried for 20 s of CPU on boards of "
                   "up to 10 dots; --solve: up to 11 dots, 10 minutes of CPU)")
@click.option("--solve-seconds", type=click.FloatRange(0, min_open=True), default=None,
              help="give up perfect play after this many CPU seconds (implies --solve)")
@click.option("--solve-positions", type=click.IntRange(1), default=None,
              help="give up perfect play after this many positions (implies --solve)")
@click.option("--solve-memory", type=click.IntRange(64), default=None, metavar="MB",
              help="give up perfect play past this much memory [default: 1024] (implies --solve)")
@click.option("--depth", is_flag=True,
              help="the board's strategic depth, 0 to 3: a skill chain of players (random, "
                   "greedy, lookahead2, perfect play within the solve budget), each against the "
                   "strongest below it that passed, in pairs of games until a sequential test "
                   "decides (a rung winning 70% of pairs passes, one winning 60% fails, each at "
                   "least 95% of the time), with the depth's range and how sure it is (CliqueR)")
@click.option("--depth-games", type=click.IntRange(1), default=None, metavar="N",
              help="at most this many pairs of games a rung [default: 400; the test's error "
                   "rates hold at the default] (implies --depth)")
@click.option("--depth-seed", default=None, metavar="TEXT",
              help="seed of the chain's games [default: board]; another seed plays the chain "
                   "again on other games (implies --depth)")
@user_errors
def analyze(sources, as_json, solve, solve_seconds, solve_positions, solve_memory, depth,
            depth_games, depth_seed):
    """Figures of boards from PDFs, board codes or specs (games that offer analysis).

    For CliqueR: dots, hull, interior dots, difficulty and its components, the number of moves
    in every finished game, and perfect play: the margin, a best opening and a best line of play.
    Perfect play is always bounded: past its budget the report says "not worked out" and, when
    --solve (or a --solve-* option) asked for it, pnp exits with status 2. --depth adds the
    board's strategic depth: a skill chain of players, perfect play on top within the same budget
    (docs/difficulty.md).
    """
    import json

    from pnp import services
    from pnp.errors import PnpError
    from pnp.progress import Searching

    limits = {"seconds": solve_seconds, "positions": solve_positions, "memory_mb": solve_memory}
    if solve is False and any(x is not None for x in limits.values()):
        raise PnpError("--no-solve cannot go with --solve-seconds, --solve-positions or --solve-memory")
    chain = ({"depth": True, "depth_games": depth_games, "depth_seed": depth_seed}
             if depth or depth_games or depth_seed is not None else {})
    results, unsolved = [], 0
    for found in services.to_analyze(sources):
        label, kind, _ = found
        with Searching(label, "perfect play") as heard:
            result, unfinished = services.analyze(found, heard, solve=solve, **limits, **chain)
        unsolved += bool(unfinished)
        results.append((label, kind, result))
    if as_json:
        click.echo(json.dumps([{**result, "board": label} for label, _, result in results], indent=2))
    else:
        for label, kind, result in results:
            click.echo(f"== {label}")
            click.echo(services.report(kind, result))
    if unsolved:
        sys.exit(EXIT_USAGE)


@cli.command()
@click.argument("pdf", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--out", "out_dir", default=None, type=click.Path(file_okay=False, path_type=Path),
              help="folder for the PNG files (default: png/ beside the PDF, as build --png)")
@click.option("--dpi", default=100, show_default=True, type=click.IntRange(20, 600))
@user_errors
def preview(pdf, out_dir, dpi):
    """Render every page of PDF to PNG, from the PDF itself."""
    from pnp.preview import png_folder, render_pages
    from pnp.words import count

    out_dir = out_dir or png_folder(pdf)
    _check_out_dir(out_dir)
    pages = render_pages(pdf, out_dir, dpi)
    click.echo(f"wrote {count(len(pages), 'PNG page')} to {out_dir}/")


@cli.command()
def schema():
    """Print the JSON Schema of the spec format (for editors)."""
    import json

    from pnp.schema import spec_schema

    click.echo(json.dumps(spec_schema(), indent=2, ensure_ascii=False))


class _Kind(click.Choice):
    """A game kind, read from the registry when the command runs (not when this module loads)."""

    def __init__(self):
        super().__init__((), case_sensitive=False)      # `pnp new CliqueR` is cliquer

    @property
    def choices(self):
        return tuple(sorted(KINDS))

    @choices.setter
    def choices(self, _):
        pass


class _New(click.Command):
    """`pnp new`, whose help lists the kinds with their games' names (read from the registry
    only when that help is asked for: `pnp --help` imports no game)."""

    def format_help_text(self, ctx, formatter):
        from pnp.games import game

        super().format_help_text(ctx, formatter)
        with formatter.section("Kinds"):
            formatter.write_dl([(kind, game(kind).TITLE) for kind in sorted(KINDS)])


@cli.command(cls=_New)
@click.argument("kind", type=_Kind(), metavar="KIND")
def new(kind):
    """Print a commented starter spec for KIND (every option with its default).

    Save it and build it: `pnp new cliquer > my.yaml`, then `pnp build my.yaml`.
    """
    from pnp.starter import starter

    click.echo(starter(kind), nl=False)


@cli.command()
@click.option("--date", "date_text", default=None, help="YYYY-MM-DD (default: today)")
@click.option("-o", "--out", "out_dir", default="output", show_default=True,
              type=click.Path(file_okay=False, path_type=Path))
@click.option("--png", is_flag=True, help="also write a PNG preview")
@click.option("--solve-seconds", type=click.FloatRange(0, min_open=True), default=None,
              help="CPU seconds allowed for yesterday's perfect-play answer [default: 120; "
                   "once worked out, an answer is kept in the cache folder]")
@user_errors
def daily(date_text, out_dir, png, solve_seconds):
    """Build the board of the day: the same board for everyone on that date. Then print
    yesterday's perfect-play answer (the winner, by how much, and a best opening)."""
    import datetime as dt

    from pnp import services
    from pnp.progress import Searching

    day = dt.date.today() if date_text is None else parse_date(date_text)
    _check_out_dir(out_dir)
    for _, path, _, _ in services.daily(day, out_dir):
        click.echo(f"wrote {path}")
        if png:
            _previews(path)
    # stdout only: the PDF is the same with or without it
    with Searching("yesterday's board", "perfect play") as heard:
        for answer in services.yesterday(day, solve_seconds, heard):
            click.echo(answer)


@cli.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--from", "first_text", default=None, metavar="DATE",
              help="the first day to add, YYYY-MM-DD (default: today)")
@click.option("--days", default=1, show_default=True, type=click.IntRange(1),
              help="how many days to add, from --from on")
@click.option("--url", default=None,
              help="the address the site is served from (the feed's links are then absolute)")
@click.option("--solve-seconds", type=click.FloatRange(0, min_open=True), default=None,
              help="CPU seconds allowed for each answer not worked out before [default: 600, "
                   "as for any board; answers are kept in the cache folder, as pnp daily's]")
@user_errors
def site(folder, first_text, days, url, solve_seconds):
    """Make the board of the day a static site in FOLDER: a page a day (the board's picture and
    PDF, yesterday's answer with its best line), a page of every day and an Atom feed. Plain
    files for any web host, or opened from the folder; days already in FOLDER are kept."""
    import datetime as dt

    from pnp.progress import Searching
    from pnp.site import build as build_site
    from pnp.words import count

    first = dt.date.today() if first_text is None else parse_date(first_text, "--from")
    held, written = build_site(folder, first, days, solve_seconds, url,
                               lambda label: Searching(label, "perfect play"))
    span = held[0].isoformat() + (f" to {held[-1].isoformat()}" if len(held) > 1 else "")
    click.echo(f"wrote {count(written, 'file')} in {folder}: {count(len(held), 'day')}, {span}; "
               f"open {folder / 'index.html'}")


@cli.command()
@serve_options
@user_errors
def serve(**options):
    """Start the web page: a class set, the board of the day, a pack, check a PDF, look at a board."""
    from pnp import collector
    from pnp.web.serve import run_command

    collector.resume()      # a server runs for hours: its cycles must be collected
    run_command(**options)


def parse_date(text: str, flag: str = "--date"):
    """A --date, YYYY-MM-DD, and what is wrong with it said plainly (the page says the same)."""
    from pnp.dates import read_date

    return read_date(text, flag)


def main():
    """Console entry point: usage errors are one line, and Ctrl-C anywhere, even while click
    parses, is one line and exit 130 (see _Pnp.main)."""
    cli.main(prog_name="pnp")
