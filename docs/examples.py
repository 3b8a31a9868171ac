"""Every command and spec shown in README.md and docs/*.md, run as a reader would run it.

    python docs/examples.py             run them all, print what differs (exit 1 if anything)
    python docs/examples.py --update    write each console block's actual output into the page
    python docs/examples.py [--update] docs/teachers.md ...    only these pages

The rules a page is held to (tests/test_docs_examples.py runs them):

- A ```console block is a session: each line starting with `$ ` is run with bash, and the lines
  after it, up to the next `$ `, are its output (stdout and stderr as they interleave), compared
  line by line. A line `...` stands for any number of lines.
- A ```sh (or bash, shell) block is run line by line; every line must succeed (exit 0).
- A ```yaml block must follow a `<!-- file: NAME -->` line: it is written to NAME, and a later
  command on the same page must use NAME, so every spec shown is built. (A ```text block may
  carry the marker too, for a file that is not valid YAML on purpose.) The paragraph before it
  names the file in backticks, so a reader knows what to save it as.
- `<!-- skip: WHY -->` before a block leaves it unrun; the reason is required.
- ```text, ```json, ```python and the other INERT languages below are not run, and may not hold
  a command (a line starting with `$ ` or `pnp `): commands go in console or sh blocks. A block
  without a language fails, so nothing is left unchecked by accident.

Each page runs in a fresh temporary folder holding a copy of layouts/, its blocks in order, with
HOME and the caches in that folder, so a page's commands can use the files earlier ones made.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SH = ("sh", "bash", "shell")          # run line by line
RUN = ("console", *SH, "yaml")
INERT = ("text", "json", "python", "toml", "ini", "c", "html", "css", "javascript", "diff")
FENCE = re.compile(r"^(`{3,})(\S*)(?:\s.*)?$")      # ```lang, or ```{directive} argument
MARKER = re.compile(r"^<!-- (file|skip): (.+?) -->\s*$")
TIMEOUT = 120


def pages() -> list[Path]:
    """README.md and every Markdown page of the docs site (not the generated references)."""
    found = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
    return [p for p in found if "_build" not in p.parts]


@dataclass
class Block:
    page: Path
    line: int                 # 1-based line of the opening fence
    lang: str
    body: list[str]
    marker: tuple[str, str] | None = None
    end: int = 0              # line index (0-based) of the closing fence

    @property
    def where(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"


def blocks(page: Path) -> list[Block]:
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        ticks, lang = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines) and lines[j].rstrip() != ticks:
            j += 1
        before = lines[i - 1] if i else ""
        mark = MARKER.match(before)
        found.append(Block(page, i + 1, lang, lines[i + 1:j],
                           (mark.group(1), mark.group(2)) if mark else None, j))
        i = j + 1
    return found


def _paragraph_before(b: Block) -> str:
    """The paragraph just above the block's marker line."""
    lines = b.page.read_text(encoding="utf-8").splitlines()[:b.line - 2]
    while lines and not lines[-1].strip():
        lines.pop()
    start = max((i for i, l in enumerate(lines) if not l.strip()), default=-1) + 1
    return " ".join(lines[start:])


def problems_of_form(page: Path) -> list[str]:
    """What breaks the rules above without running anything."""
    out = []
    written = []
    for b in blocks(page):
        if b.lang.startswith("{"):            # a MyST directive (toctree, ...)
            continue
        if b.lang not in RUN + INERT:
            out.append(f"{b.where}: a ```{b.lang or '(no language)'} block: use console, sh, yaml, "
                       f"or one of {', '.join(INERT)} for what is not run")
        if b.lang in INERT and any(l.startswith(("$ ", "pnp ")) for l in b.body):
            out.append(f"{b.where}: a command in a ```{b.lang} block: put it in a console or sh block")
        if b.marker and b.marker[0] == "skip":
            continue
        if b.lang == "yaml" and not (b.marker and b.marker[0] == "file"):
            out.append(f"{b.where}: a yaml block needs <!-- file: NAME --> (or <!-- skip: WHY -->)")
        if b.marker and b.marker[0] == "file":
            written.append((b, b.marker[1]))
            if f"`{b.marker[1]}`" not in _paragraph_before(b):
                out.append(f"{b.where}: say `{b.marker[1]}` in the paragraph before the block, so a "
                           "reader knows what to save it as")
    for b, name in written:
        commands = [l for x in blocks(page) if x.lang in ("console", *SH) and x.line > b.line
                    for l in x.body if name in l]
        if not commands:
            out.append(f"{b.where}: the spec {name} is never used by a later command on the page")
    return out


def _env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PNP_", "PYTEST", "COV_"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), LC_ALL="C.UTF-8", TZ="UTC",
               COLUMNS="100", TERM="dumb", NO_COLOR="1", PYTHONHASHSEED="0")
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def _run(command: str, cwd: Path, env: dict) -> tuple[int, str]:
    done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
    return done.returncode, done.stdout.decode("utf-8", "replace")


def _clean(lines: list[str]) -> list[str]:
    out = [l.rstrip() for l in lines]
    while out and not out[-1]:
        out.pop()
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a `...` line in expected stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


@dataclass
class Session:
    command: str
    expected: list[str]
    actual: list[str] = field(default_factory=list)
    status: int = 0


def sessions(b: Block) -> list[Session]:
    out: list[Session] = []
    for line in b.body:
        if line.startswith("$ "):
            out.append(Session(line[2:], []))
        elif out:
            out[-1].expected.append(line)
        elif line.strip():
            raise ValueError(f"{b.where}: a console block starts with output, not a `$ ` command")
    return out


@dataclass
class Result:
    page: Path
    failures: list[str] = field(default_factory=list)
    updates: dict[int, list[str]] = field(default_factory=dict)   # closing-fence-relative bodies


def run_page(page: Path) -> Result:
    result = Result(page)
    result.failures += problems_of_form(page)
    with tempfile.TemporaryDirectory(prefix="pnp-docs-") as tmp:
        work, home = Path(tmp) / "work", Path(tmp) / "home"
        home.mkdir()
        shutil.copytree(ROOT / "layouts", work / "layouts")
        env = _env(home)
        for b in blocks(page):
            if b.marker and b.marker[0] == "file":
                (work / b.marker[1]).write_text("\n".join(b.body) + "\n", encoding="utf-8")
                continue
            if b.lang not in RUN or (b.marker and b.marker[0] == "skip"):
                continue
            if b.lang in SH:
                for line in b.body:
                    if line.strip() and not line.lstrip().startswith("#"):
                        status, output = _run(line, work, env)
                        if status:
                            result.failures.append(f"{b.where}: `{line}` exited {status}:\n{output}")
                continue
            body = []
            for s in sessions(b):
                s.status, text = _run(s.command, work, env)
                s.actual = _clean(text.splitlines())
                expected = _clean(s.expected)
                if not matches(expected, s.actual):
                    result.failures.append(
                        f"{b.where}: `$ {s.command}` printed (exit {s.status}):\n"
                        + "\n".join(s.actual) + "\n--- but the page shows:\n" + "\n".join(expected))
                    body += [f"$ {s.command}"] + (s.actual if "..." not in expected else s.expected)
                else:
                    body += [f"$ {s.command}"] + s.expected
            result.updates[b.line] = body
    return result


def update(page: Path, result: Result) -> bool:
    lines = page.read_text(encoding="utf-8").splitlines()
    changed = False
    for b in reversed(blocks(page)):
        body = result.updates.get(b.line)
        if body is not None and body != b.body:
            lines[b.line:b.end] = body
            changed = True
    if changed:
        page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    write = "--update" in argv
    chosen = [Path(a).resolve() for a in argv if not a.startswith("--")]
    bad = 0
    for page in chosen or pages():
        result = run_page(page)
        if write and update(page, result):
            print(f"updated {page.relative_to(ROOT)}")
            result = run_page(page)
        for failure in result.failures:
            print(failure, end="\n\n")
            bad += 1
    print(f"{bad} problem(s)" if bad else "every example runs as shown")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
