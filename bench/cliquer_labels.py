"""Dot letters on CliqueR boards: how often each letter is clear of every line a game could draw.

For each kind of board, generate boards and place their letters (pnp.games.cliquer.labels):

- tier 1: clear of every segment between two dots (no game can ever draw over it)
- tier 2: clear of the hull only (some game could draw a line over it)
- tier 3: clear of dots and letters only
- refused: a dot with no spot at all (the build would stop with a message)

and what the letters cost: the time to draw each board's piece with its letters over the time to
draw it without (reportlab, to memory, the same boards in the same run), so the figure does not
depend on the machine; and the placer's own time (CPU) against the numpy placer it replaced
(tests/support/labels_baseline.py, frozen) and against the placer at a git ref (``--before-ref``,
main by default: the placer before this branch), with a count of boards where any two placed a
letter differently (there must be none).

    python bench/cliquer_labels.py            # 200 boards of each kind
    python bench/cliquer_labels.py --quick    # 40
    python bench/cliquer_labels.py --before-ref HEAD~3
    python bench/cliquer_labels.py --in-validator 1000   # the placer's share of `pnp validate`

``--in-validator N`` builds bench/validator.py's N-board pack and validates it in fresh
processes, in-process (PNP_NO_SANDBOX=1), with this tree's pnp and the before-ref's (git
archive), interleaved, printing each run's CPU seconds and the placer's own.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import subprocess
import sys
import time
import types
from collections import Counter
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))  # support

from pnp.games import cliquer  # noqa: E402
from pnp.games.cliquer.ink import dot_radius  # noqa: E402
from pnp.games.cliquer.labels import Crowded  # noqa: E402
from pnp.games.cliquer.layout import card_size, is_card  # noqa: E402
from pnp.paper import Frame  # noqa: E402

KINDS = {
    "page, 9 dots (default)": {},
    "half, 9 dots": {"size": "half"},
    "quarter, 9 dots": {"size": "quarter"},
    "worksheet, 9 dots": {"worksheet": True},
    "page, 14 dots": {"dots": 14},
    "quarter, 11 dots, spacing 6": {"size": "quarter", "dots": 11, "spacing_mm": 6, "clearance_mm": 2},
    "page, 20 dots, spacing 5": {"dots": 20, "spacing_mm": 5, "clearance_mm": 2},
}


def letter(board, place=None):
    from pnp.games.cliquer.draw import LABEL_PT
    from pnp.games.cliquer.labels import every_segment
    from pnp.games.cliquer.labels import place as current
    from pnp.games.cliquer.ink import dot_position
    from pnp.games.cliquer.board import dot_name
    from pnp.games.cliquer.sheet import hull_segments

    side = board.side_mm * 72 / 25.4
    square = Frame(0, 0, side, side)
    points = [dot_position(board, square, d) for d in board.dots]
    names = [dot_name(i) for i in range(len(points))]
    size = LABEL_PT["card" if is_card(board) else "page"]
    size = size[-1] if isinstance(size, tuple) else size     # a card's sizes: the least, always tried
    return (place or current)(points, names, square, dot_radius("board", board), size,
                 avoid=(every_segment(points), hull_segments(board, points)))


def placer_at(ref: str):
    """``place`` of pnp/games/cliquer/labels.py as it was at the git ref ``ref`` (None when git
    cannot show it), loaded beside the current one."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    try:
        source = subprocess.run(["git", "show", f"{ref}:pnp/games/cliquer/labels.py"], cwd=root,
                                capture_output=True, check=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("labels_before")
    sys.modules[module.__name__] = module        # dataclasses look their module up
    exec(compile(source, f"{ref}:labels.py", "exec"), module.__dict__)
    return module.place


# run in a fresh process: validate argv[1] in-process, print "total CPU, placer CPU, calls"
_TIMED_VALIDATE = """
import os, sys, time
os.environ["PNP_NO_SANDBOX"] = "1"
import pnp.games.cliquer.labels as labels
spent = [0.0, 0]
real = labels.place
def place(*args, **kwargs):
    start = time.process_time()
    try:
        return real(*args, **kwargs)
    finally:
        spent[0] += time.process_time() - start
        spent[1] += 1
labels.place = place
from pnp.cli import main
start = time.process_time()
sys.argv = ["pnp", "validate", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
print(time.process_time() - start, spent[0], spent[1], file=sys.stderr)
"""


def in_validator(boards: int, repeat: int, ref: str) -> None:
    """The placer's CPU seconds inside ``pnp validate`` of an N-board pack, this tree against
    the tree at ``ref``, interleaved in fresh processes."""
    import statistics
    import tempfile
    from pathlib import Path

    import validator

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        source = validator.spec(work, boards)
        subprocess.run([sys.executable, "-m", "pnp", "build", str(source), "-o", str(work / "out")],
                       check=True, capture_output=True, cwd=work)
        trees = {"this tree": None}
        old = validator.before_tree(ref, work)
        if old is not None:
            trees[ref] = str(old)
        runs: dict = {name: [] for name in trees}
        for _ in range(repeat):
            for name, path in trees.items():
                env = dict(os.environ)
                env.pop("PYTHONPATH", None)
                if path:
                    env["PYTHONPATH"] = path
                done = subprocess.run([sys.executable, "-c", _TIMED_VALIDATE, str(work / "out" / "pack.pdf")],
                                      capture_output=True, text=True, env=env, cwd=work)
                total, placer, calls = done.stderr.split()[-3:]
                runs[name].append((float(total), float(placer), int(calls)))
        print(f"{boards}-board pack, `pnp validate` in-process, medians of {repeat} interleaved runs (CPU s)")
        for name, figures in runs.items():
            total = statistics.median(f[0] for f in figures)
            placer = statistics.median(f[1] for f in figures)
            print(f"  {name:<12} validate {total:6.2f} s   placer {placer:5.2f} s ({placer / total:5.1%})   "
                  f"{figures[0][2]} placings   {boards / total:4.0f} boards per CPU s")


def plain(outcome):
    """A placing as plain values, so placers with their own Label classes compare."""
    if isinstance(outcome, str):
        return outcome
    return [(label.index, label.text, label.size, label.box, label.tier, label.origin)
            for label in outcome]


def draw_page(board) -> None:
    from pnp.pdf.page import geometry
    from pnp.pdf.writer import new_canvas

    page = geometry("A4", "portrait", 10)
    canvas = new_canvas(io.BytesIO(), page, "bench")
    piece = cliquer.pieces(board)[0]
    frame = page.content if piece.size is None else Frame(page.content.x, page.content.y, *card_size(board))
    piece.draw(canvas, frame)
    canvas.showPage()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--before-ref", default="main", help="git ref of the 'before' placer")
    parser.add_argument("--in-validator", type=int, metavar="N", help="time the placer inside "
                        "`pnp validate` of an N-board pack instead")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree (--in-validator)")
    args = parser.parse_args()
    if args.in_validator:
        in_validator(args.in_validator, args.repeat, args.before_ref)
        return
    count = 40 if args.quick else 200
    from support import labels_baseline

    from pnp.games.cliquer.labels import place

    placers = {"numpy": labels_baseline.place}
    before = placer_at(args.before_ref)
    if before is not None:
        placers[args.before_ref] = before
    placers["python"] = place
    print(f"{'boards':<32} {'tier 1':>8} {'tier 2':>8} {'tier 3':>8} {'refused':>8} {'with/without':>13}"
          + "".join(f" {name + ' ms':>10}" for name in placers) + f" {'differ':>7}")
    total_spent = dict.fromkeys(placers, 0.0)
    for name, options in KINDS.items():
        item = cliquer.Item(**options)
        boards = [cliquer.generate(item, random.Random(f"labels-{k}"), "B-01") for k in range(count)]
        tiers: Counter = Counter()
        refused = differ = 0
        t_with = t_without = 0.0
        spent = dict.fromkeys(placers, 0.0)
        draw_page(replace(boards[0], labels=False, ident="warm-up"))     # imports, fonts
        for board in boards:
            outcomes = []
            for placer, place in placers.items():
                start = time.process_time()
                try:
                    outcomes.append(plain(letter(board, place)))
                except Crowded as exc:
                    outcomes.append(str(exc))
                spent[placer] += time.process_time() - start
            differ += any(outcome != outcomes[0] for outcome in outcomes)
            if isinstance(outcomes[0], str):
                refused += 1
                continue
            tiers.update(label[4] for label in outcomes[0])
            start = time.perf_counter()
            draw_page(replace(board, labels=False))
            t_without += time.perf_counter() - start
            start = time.perf_counter()
            draw_page(board)
            t_with += time.perf_counter() - start
        total = sum(tiers.values()) or 1
        for placer in placers:
            total_spent[placer] += spent[placer]
        print(f"{name:<32} {tiers[1] / total:>8.3f} {tiers[2] / total:>8.3f} {tiers[3] / total:>8.3f} "
              f"{refused:>8d} {t_with / t_without:>13.2f}"
              + "".join(f" {spent[p] / count * 1000:>10.2f}" for p in placers) + f" {differ:>7d}")
    print(f"{'all kinds':<32} {'':>8} {'':>8} {'':>8} {'':>8} {'':>13}"
          + "".join(f" {total_spent[p] / count / len(KINDS) * 1000:>10.2f}" for p in placers))
    if before is not None:
        print(f"\nplacer time, this tree over {args.before_ref}'s: "
              f"{total_spent['python'] / total_spent[args.before_ref]:.2f} "
              f"({total_spent[args.before_ref] / total_spent['python']:.2f}x faster)")
    print(f"\n{count} boards of each kind; tiers are shares of all letters; 'with/without': time to "
          f"draw a board's piece with its letters over the time without (worksheets always have them); "
          "'ms' columns: each placer's CPU time a board on the same "
          f"boards (numpy: the placer before issue 14; {args.before_ref}: the placer at that git ref; "
          "python: this tree's); 'differ': boards where any two placed a letter differently")


if __name__ == "__main__":
    main()
