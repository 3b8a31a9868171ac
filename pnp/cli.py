"""The `pnp` command: parse, call, print. Heavy modules are imported inside commands so that
`pnp --help` answers as fast as click itself."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from pnp import __version__
from pnp.games import KINDS

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def user_errors(fn):
    """A user's mistake is one line on stderr and exit 2, never a traceback."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from pnp.errors import PnpError

        try:
            return fn(*args, **kwargs)
        except PnpError as exc:
            click.echo(f"pnp: {exc}" if not _located(exc) else str(exc), err=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            # PDFs are renamed into place whole, so whatever was interrupted left no torn file
            click.echo("pnp: interrupted", err=True)
            sys.exit(130)
    return wrapper


def _located(exc) -> bool:
    return hasattr(exc, "line")


def default_spec() -> Path:
    return Path(__file__).with_name("layouts") / "default.yaml"


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def cli():
    """pnp: print-and-play PDFs for CliqueR, Thinking in Circles and Cliques.

    Write a YAML spec (see layouts/), then `pnp build SPEC` and `pnp validate PDF`.
    """


@cli.command()
@click.argument("specs", nargs=-1)
@click.option("-o", "--out", "out_dir", default="output", show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="folder for the PDFs")
@click.option("--seed", default=None, help="override the spec's seed (any text or number)")
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="generate boards on this many cores (same bytes as --jobs 1)")
@click.option("--split", is_flag=True, help="also write one PDF per item of the spec")
@click.option("--png", is_flag=True, help="also write PNG previews of every page")
@click.option("--force", is_flag=True, help="replace an output file even if pnp did not make it")
@click.option("--keys-apart", is_flag=True,
              help="write answer keys to NAME-keys.pdf instead of the end of the pack")
@user_errors
def build(specs, out_dir, seed, jobs, split, png, force, keys_apart):
    """Build SPEC files (or CliqueR board codes) into PDFs.

    With no SPEC, builds the built-in starter pack into ./output/.
    """
    from pnp.build import build as run_build, tasks

    loaded = [_spec_or_code(s) for s in specs] if specs else [_load_spec(default_spec())]
    if seed is not None:
        _check_seed(seed)
    _refuse_shared_outputs(loaded, out_dir, split, keys_apart)
    for spec in loaded:       # every spec is read before anything is written
        total = len(tasks(spec, spec.seed))
        with _progress(total, f"building {Path(spec.file).name}") as bar:
            written = run_build(spec, out_dir, seed=seed, jobs=jobs, force=force, split=split,
                                progress=bar.update if bar else None, keys_apart=keys_apart)
        for path, boards, pages in written:
            click.echo(f"wrote {path} ({boards} boards, {pages} pages)")
            if png:
                _previews(path, out_dir / "png")


def _check_seed(seed: str) -> None:
    """--seed obeys the rules of a spec's seed: printable text of at most MAX_TEXT characters."""
    from pnp.errors import PnpError
    from pnp.spec import MAX_TEXT

    if len(seed) > MAX_TEXT:
        raise PnpError(f"--seed is {len(seed)} characters long; at most {MAX_TEXT}")
    bad = next((ch for ch in seed if not ch.isprintable() or 0xD800 <= ord(ch) <= 0xDFFF), None)
    if bad is not None:
        raise PnpError(f"--seed contains a character that is not printable text (U+{ord(bad):04X})")


def _refuse_shared_outputs(specs, out_dir: Path, split: bool, keys_apart: bool = False) -> None:
    """Two specs of one build must not write the same PDF: the second would replace the first."""
    from pnp.build import output_paths
    from pnp.errors import PnpError

    seen: dict[Path, str] = {}
    for spec in specs:
        for name, _ in output_paths(spec, out_dir, split, keys_apart):
            if name in seen:
                raise PnpError(f"{seen[name]} and {spec.file} would both write {name}; "
                               "give one of them another output: name")
            seen[name] = spec.file


def _load_spec(path):
    from pnp import spec as spec_module

    return spec_module.load(path)


def _spec_or_code(arg: str):
    """A spec file, or a game's board code (CliqueR's R1-...) to print exactly that board."""
    if Path(arg).exists():
        return _load_spec(Path(arg))
    found = _read_code(arg)
    if found is None:
        return _load_spec(Path(arg))
    kind, board = found
    from pnp.games import game
    from pnp.spec import loads

    code = board.ident
    return loads(f'title: "{game(kind).TITLE} {code}"\nseed: "{code}"\noutput: "{code}.pdf"\n'
                 f'items:\n  - kind: {kind}\n    code: "{code}"\n', f"<code {code}>")


def _read_code(text: str):
    """(kind, board) when ``text`` is some game's board code, else None; a mistyped code is the
    user's mistake, said in one line."""
    from pnp.errors import PnpError
    from pnp.games import game, offering

    for kind in offering("read_code"):
        try:
            board = game(kind).read_code(text)
        except ValueError as exc:
            raise PnpError(str(exc)) from None
        if board is not None:
            return kind, board
    return None


def _previews(pdf: Path, out_dir: Path) -> None:
    from pnp.preview import render_pages

    pages = render_pages(pdf, out_dir)
    if pages:
        click.echo(f"wrote {len(pages)} PNG pages to {out_dir}/ ({pages[0].name} ...)")


class _NoBar:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _progress(total: int, label: str):
    """A progress bar on a terminal for long builds; silent in pipes and CI logs."""
    if total < 20 or not sys.stderr.isatty():
        return _NoBar()
    return click.progressbar(length=total, label=label, file=sys.stderr)


@cli.command()
@click.argument("pdfs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="print one JSON document for machines")
@user_errors
def validate(pdfs, as_json):
    """Check every board in PDF files from the PDF alone (exit 1 if any fails)."""
    import json

    from pnp.pdf.readback import NotOurs
    from pnp.validate import summary, validate_file

    all_reports, files, unreadable = [], [], 0
    for pdf in pdfs:
        try:
            reports = validate_file(pdf)
        except NotOurs as exc:
            unreadable += 1
            files.append({"file": str(pdf), "error": str(exc)})
            if not as_json:
                click.echo(f"error {exc}", err=True)
            continue
        all_reports += reports
        files.append({"file": str(pdf), "boards": [r.as_json() for r in reports]})
        if not as_json:
            for r in reports:
                click.echo(r.line(str(pdf)))
    failed = any(not r.ok for r in all_reports)
    if as_json:
        click.echo(json.dumps({"files": files, "ok": not failed and not unreadable}, indent=2))
    else:
        click.echo(summary(all_reports) + (f", {unreadable} files unreadable" if unreadable else ""))
    if unreadable:
        sys.exit(EXIT_USAGE)
    sys.exit(EXIT_INVALID if failed else EXIT_OK)


@cli.command()
@click.argument("source")
@click.option("--json", "as_json", is_flag=True, help="print the figures as JSON")
@click.option("--solve/--no-solve", default=None,
              help="perfect-play margin and best opening (default: on for boards of up to 9 dots)")
@user_errors
def analyze(source, as_json, solve):
    """Figures of boards from a PDF, a board code or a spec (games that offer analysis).

    For CliqueR: dots, hull, interior dots, difficulty and its components, the number of moves
    in every finished game, and for small boards the perfect-play margin and a best opening move.
    """
    import json

    from pnp.errors import PnpError
    from pnp.games import game

    results = []
    for label, kind, board in _boards_to_analyze(source):
        try:
            result = game(kind).analyze(board, solve=solve)
        except ValueError as exc:
            raise PnpError(f"{label}: {exc}") from None
        results.append((label, kind, result))
    if as_json:
        click.echo(json.dumps([{**result, "board": label} for label, _, result in results], indent=2))
        return
    for label, kind, result in results:
        click.echo(f"== {label}")
        click.echo(game(kind).report(result))


def _boards_to_analyze(source: str) -> list[tuple[str, str, object]]:
    """(label, kind, board) for every board of a game that offers analysis, in a PDF, a spec,
    or one board code."""
    from pnp.errors import PnpError
    from pnp.games import game, offering

    kinds = offering("analyze")
    path = Path(source)
    if path.suffix.lower() == ".pdf" and path.exists():
        from pnp.pdf.readback import PdfBoards

        doc = PdfBoards(path)
        doc.close()
        out = []
        for record in doc.payload.get("boards", []):
            if isinstance(record, dict) and record.get("kind") in kinds:
                module = game(record["kind"])
                try:
                    board = module.from_data(record.get("data"))
                except (ValueError, TypeError, KeyError) as exc:
                    raise PnpError(f"{path}: board data cannot be read: {exc}") from None
                out.append((f"{path} board {board.ident}", record["kind"], board))
    elif not path.exists() and (found := _read_code(source)) is not None:
        kind, board = found
        out = [(board.ident, kind, board)] if kind in kinds else []
    else:
        from contextlib import closing

        from pnp.build import generated

        spec = _load_spec(path)
        with closing(generated(spec, spec.seed)) as pairs:
            out = [(f"{source} board {board.ident}", entry.kind, board)
                   for entry, board in pairs if entry.kind in kinds]
    if not out:
        names = " or ".join(game(k).TITLE for k in kinds)
        raise PnpError(f"{source}: no {names} boards in it")
    return out


@cli.command()
@click.argument("pdf", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--out", "out_dir", default=None, type=click.Path(file_okay=False, path_type=Path),
              help="folder for the PNG files (default: beside the PDF)")
@click.option("--dpi", default=100, show_default=True, type=click.IntRange(20, 600))
@user_errors
def preview(pdf, out_dir, dpi):
    """Render every page of PDF to PNG, from the PDF itself."""
    from pnp.preview import render_pages

    pages = render_pages(pdf, out_dir or pdf.parent, dpi)
    click.echo(f"wrote {len(pages)} PNG pages to {out_dir or pdf.parent}/")


@cli.command()
def schema():
    """Print the JSON Schema of the spec format (for editors)."""
    import json

    from pnp.schema import spec_schema

    click.echo(json.dumps(spec_schema(), indent=2, ensure_ascii=False))


@cli.command()
@click.argument("kind", type=click.Choice(sorted(KINDS)))
def new(kind):
    """Print a commented starter spec for KIND (every option with its default)."""
    from pnp.starter import starter

    click.echo(starter(kind), nl=False)


@cli.command()
@click.option("--date", "date_text", default=None, help="YYYY-MM-DD (default: today)")
@click.option("-o", "--out", "out_dir", default="output", show_default=True,
              type=click.Path(file_okay=False, path_type=Path))
@click.option("--png", is_flag=True, help="also write a PNG preview")
@user_errors
def daily(date_text, out_dir, png):
    """Build the board of the day: the same board for everyone on that date."""
    import datetime as dt

    from pnp.build import build as run_build
    from pnp.errors import PnpError
    from pnp.games import game, offering
    from pnp.spec import loads

    try:
        day = dt.date.today() if date_text is None else dt.date.fromisoformat(date_text)
    except ValueError:
        raise PnpError(f"--date must look like 2026-11-21, got {date_text!r}") from None
    for kind in offering("daily_spec"):
        spec = loads(game(kind).daily_spec(day), f"<daily {kind} {day.isoformat()}>")
        for path, boards, pages in run_build(spec, out_dir):
            click.echo(f"wrote {path}")
            if png:
                _previews(path, out_dir / "png")


def main():
    """Console entry point: Ctrl-C anywhere, even while click parses, is one line and exit 130."""
    try:
        code = cli.main(prog_name="pnp", standalone_mode=False)
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("pnp: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    sys.exit(code if isinstance(code, int) else 0)
