"""pnp leaves with os._exit once its command is over (pnp/__main__.py): what it wrote must be
whole all the same, its exit code the command's, and what it printed all there, even into a
pipe or a file (buffered, not a terminal)."""

from __future__ import annotations

import os
import subprocess
import sys

from pypdf import PdfReader

from pnp.__main__ import _exit_code


# buffered as a user's shell has it (a development machine may set PYTHONUNBUFFERED)
BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _pnp(*args, cwd):
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env=BUFFERED)


def test_a_build_leaves_its_pdf_whole_and_says_so(tmp_path):
    spec = tmp_path / "s.yaml"
    spec.write_text("title: t\nseed: leave\noutput: s.pdf\nitems:\n  - kind: cliquer\n    count: 3\n",
                    encoding="utf-8")
    done = _pnp("build", str(spec), "-o", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "wrote out/s.pdf (3 boards, 3 pages)\n"
    pdf = tmp_path / "out" / "s.pdf"
    assert pdf.read_bytes().rstrip().endswith(b"%%EOF")
    assert len(PdfReader(pdf).pages) == 3
    assert not list((tmp_path / "out").glob(".*part"))       # no temporary file left behind


def test_a_long_output_into_a_file_is_all_there(tmp_path):
    """More than a pipe's buffer, written to a file: the flush before os._exit must not lose
    its tail."""
    out = tmp_path / "spec.yaml"
    with open(out, "w", encoding="utf-8") as fh:
        code = subprocess.run([sys.executable, "-m", "pnp", "new", "cliquer"], stdout=fh,
                              timeout=120, env=BUFFERED).returncode
    assert code == 0
    text = out.read_text(encoding="utf-8")
    assert len(text) > 1000 and text.endswith("\n")
    again = _pnp("new", "cliquer", cwd=tmp_path)
    assert again.stdout == text


def test_the_exit_code_is_the_commands(tmp_path):
    assert _pnp("build", "no-such.yaml", cwd=tmp_path).returncode == 2
    assert _pnp("no-such-command", cwd=tmp_path).returncode == 2
    assert _pnp("--version", cwd=tmp_path).returncode == 0


def test_exit_codes_as_python_makes_them():
    assert [_exit_code(c) for c in (None, 0, 2, 130, 256, -1)] == [0, 0, 2, 130, 0, 255]


def test_a_server_collects_its_cycles_again(monkeypatch):
    """A command runs with the collector off (pnp.__main__); pnp serve, which runs for hours,
    must turn it back on before it starts serving."""
    import gc

    from click.testing import CliRunner

    import pnp.web.serve as serve
    from pnp import collector
    from pnp.cli import cli

    seen = []
    monkeypatch.setattr(serve, "run_command", lambda **_: seen.append((gc.isenabled(), gc.get_threshold())))
    was = gc.isenabled(), gc.get_threshold()
    collector.pause()
    try:
        result = CliRunner().invoke(cli, ["serve"])
    finally:
        gc.set_threshold(*was[1])
        (gc.enable if was[0] else gc.disable)()
    assert result.exit_code == 0, result.output
    assert seen == [(True, collector.THRESHOLDS)]


def test_leaving_flushes_what_is_still_buffered(tmp_path):
    """click.echo flushes as it writes; a plain write (a library's print) may still sit in the
    buffer when pnp leaves, and os._exit alone would drop it."""
    out = tmp_path / "out.txt"
    code = ("import sys\nfrom pnp.__main__ import _exit\n"
            "sys.stdout.write('x' * 100)\nsys.stdout.write('end')\nsys.stderr.write('err')\n_exit(3)\n")
    with open(out, "w", encoding="utf-8") as fh, open(tmp_path / "err.txt", "w", encoding="utf-8") as err:
        returncode = subprocess.run([sys.executable, "-c", code], stdout=fh, stderr=err, env=BUFFERED,
                                    timeout=60).returncode
    assert returncode == 3
    assert out.read_text(encoding="utf-8") == "x" * 100 + "end"
    assert (tmp_path / "err.txt").read_text(encoding="utf-8") == "err"
