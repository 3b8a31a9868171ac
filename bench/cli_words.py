"""The CLI's English, printed whole, to compare two versions word for word (issue 44: the
messages' house changed, the CLI's words must not). Run it on two checkouts and diff:

    python bench/cli_words.py > /tmp/after.txt
    (cd ../main && python bench/cli_words.py) > /tmp/before.txt   # or git stash / worktree
    diff /tmp/before.txt /tmp/after.txt                          # empty: the same words

It prints what `pnp build` says for every spec of the spec-mistake corpus
(tests/test_spec_mistakes.py's planted mistakes, drawn derandomized so both runs draw the same,
and its syntax edits), and the validator's report (`pnp validate`, text and --json) of a good
pack and of a forged copy. Paths under the run's temporary folder are written as <tmp>.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from pnp.cli import cli  # noqa: E402


def run(args, tmp: Path) -> str:
    result = CliRunner().invoke(cli, args)
    text = f"$ pnp {' '.join(args)}\nexit {result.exit_code}\n{result.output}"
    return text.replace(str(tmp), "<tmp>").replace(str(ROOT), "<root>")


def specs():
    """The corpus: (name, spec text)."""
    from hypothesis import HealthCheck, given, settings

    import test_spec_mistakes as corpus

    drawn = []

    @settings(max_examples=300, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(corpus.planted())
    def draw(case):
        drawn.append(case[0])

    draw()
    yield from (("planted", text) for text in drawn)
    for name, (edit, _) in sorted(corpus.SYNTAX.items()):
        for line in corpus.VALUE_LINES:
            yield f"{name} at line {line}", edit(line)
    yield "good", corpus.GOOD


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        spec = tmp / "x.yaml"
        for name, text in specs():
            spec.write_text(text, encoding="utf-8")
            print(f"## {name}\n{run(['build', str(spec), '-o', str(tmp / 'out')], tmp)}")
        from support.tamper import rewrite

        good = tmp / "out-good"
        print(run(["build", str(ROOT / "layouts" / "daily.yaml"), "-o", str(good)], tmp))
        pdf = next(good.glob("*.pdf"))
        forged = rewrite(pdf, tmp / "forged.pdf", content_edit=lambda t: t + "\n0 0 m 200 200 l S\n")
        for target in (pdf, forged):
            print(run(["validate", str(target)], tmp))
            print(run(["validate", "--json", str(target)], tmp))


if __name__ == "__main__":
    main()
