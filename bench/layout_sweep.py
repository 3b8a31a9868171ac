"""A random sweep of what a spec can ask for, built and validated: each game's size options
(two moved at a time from its defaults, tests/support/layout_variants.py) x page margins x papers x
orientations, one board each. Every case must either build a PDF that `pnp validate` passes or
be refused in one FILE:LINE:COL line; anything else (a traceback, a multi-line message, a PDF
that fails) is printed. The tests cover the corners of this space (tests/test_print_fidelity.py);
this looks in between, where a margin of 27 mm once pushed a key off its frame.

Run:  python bench/layout_sweep.py [--per-kind 100] [--seed 11]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "bench")]

from support.layout_variants import variants, yaml_item  # noqa: E402

from pnp.build import build  # noqa: E402
from pnp.errors import PnpError  # noqa: E402
from pnp.games import KINDS  # noqa: E402
from pnp.spec import loads  # noqa: E402
from pnp.verify.validate import validate_file  # noqa: E402

MARGINS = (5, 8, 12, 16, 20, 24, 27, 30, 33, 36, 40)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = {"built": 0, "refused": 0, "bad": 0}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for kind in KINDS:
            options = variants(kind)
            for trial in range(args.per_kind):
                chosen = dict(options[0])
                for moved in rng.sample(options, 2):
                    chosen.update(moved)
                margin, size = rng.choice(MARGINS), rng.choice(["A4", "Letter"])
                orientation = rng.choice(["portrait", "landscape"])
                case = f"{kind} {chosen} margin {margin} {size} {orientation}"
                text = (f"title: sweep\nseed: {trial}\noutput: s.pdf\npage: {{size: {size}, "
                        f"orientation: {orientation}, margin_mm: {margin}}}\nitems:\n"
                        + yaml_item(kind, chosen, 1))
                try:
                    [(path, _, _)] = build(loads(text, "s.yaml"), Path(tmp), force=True)
                except PnpError as exc:
                    message = str(exc)
                    one_line = "\n" not in message and message.startswith("s.yaml:")
                    counts["refused" if one_line else "bad"] += 1
                    if not one_line:
                        print(f"MESSAGE  {case}: {message[:200]!r}")
                    continue
                except Exception:  # noqa: BLE001 - exactly what the sweep looks for
                    counts["bad"] += 1
                    print(f"CRASH    {case}\n{traceback.format_exc(limit=4)}")
                    continue
                failed = [r.line("s.pdf") for r in validate_file(path) if not r.ok]
                counts["bad" if failed else "built"] += 1
                if failed:
                    print(f"INVALID  {case}: {failed[0][:240]}")
    total = sum(counts.values())
    print(f"{total} cases ({args.per_kind} a game, seed {args.seed}): {counts['built']} built and "
          f"validated, {counts['refused']} refused in one line, {counts['bad']} bad; "
          f"{time.perf_counter() - start:.0f} s")
    return 1 if counts["bad"] else 0


if __name__ == "__main__":
    sys.exit(main())
