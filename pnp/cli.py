"""The `pnp` command: parse, call, print. Heavy modules are imported inside commands so that
`pnp --help` answers as fast as click itself."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from pnp import __version__

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
            click.echo("pnp: interrupted; no PDF was written", err=True)
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
@click.argument("specs", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--out", "out_dir", default="output", show_default=True,
              type=click.Path(file_okay=False, path_type=Path), help="folder for the PDFs")
@click.option("--seed", default=None, help="override the spec's seed (any text or number)")
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="generate boards on this many cores (same bytes as --jobs 1)")
@click.option("--force", is_flag=True, help="replace an output file even if pnp did not make it")
@user_errors
def build(specs, out_dir, seed, jobs, force):
    """Build SPEC files into PDFs (no SPEC: the built-in starter pack)."""
    from pnp import spec as spec_module
    from pnp.build import build as run_build, tasks

    loaded = [spec_module.load(p) for p in specs] if specs else [spec_module.load(default_spec())]
    for spec in loaded:       # every spec is read before anything is written
        total = len(tasks(spec, spec.seed))
        with _progress(total, f"building {Path(spec.file).name}") as bar:
            path, boards, pages = run_build(spec, out_dir, seed=seed, jobs=jobs, force=force,
                                            progress=bar.update if bar else None)
        click.echo(f"wrote {path} ({boards} boards, {pages} pages)")


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


def main():
    cli(prog_name="pnp")
