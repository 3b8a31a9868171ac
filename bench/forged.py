"""What proving a forged file costs, against proving the good file it was forged from, same run.

A file is proved by equality with its rebuild (pnp/verify/validate.py): a forged file fails on
its bytes, and costs more only for saying where it first differs (pnp/verify/difference.py);
nothing is rendered. The mutation tests plant one defect per class in small good PDFs
(tests/games/*/obligations.py, tests/support/defects.py): this plants each class once and
validates every planted file in-process, in interleaved rounds with the good files it was
planted in. It prints the CPU seconds a file of each kind takes, their ratio, and how many
planted files fail (all must).

    python bench/forged.py
    python bench/forged.py --rounds 3

Needs the test extra (pypdf).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ["PNP_NO_SANDBOX"] = "1"      # in-process: this process's CPU is the whole cost

from support.forgery import plant, verdict  # noqa: E402
from support.obligations import MUTATIONS, build_good  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=2, help="interleaved rounds (default 2)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        good = build_good(folder)
        forged = [plant(m, good[m.source], folder / f"forged{k}.pdf", random.Random(1))[1]
                  for k, m in enumerate(MUTATIONS)]
        genuine = [good[m.source] for m in MUTATIONS]        # the same mix of games
        seconds = {"forged": 0.0, "good": 0.0}
        verdicts: dict[str, list] = {}
        for r in range(args.rounds):
            order = [("forged", forged), ("good", genuine)]
            for name, files in order if r % 2 == 0 else order[::-1]:
                start = time.process_time()
                verdicts[name] = [verdict(path) for path in files]
                seconds[name] += time.process_time() - start
    failed = sum(not ok for ok, _, _ in verdicts["forged"])
    if failed != len(forged) or not all(ok for ok, _, _ in verdicts["good"]):
        raise SystemExit("a planted file passed, or a good one failed")
    per = {k: v / args.rounds / len(forged) for k, v in seconds.items()}
    print(f"{len(forged)} forged files (one per defect class) and the good files they were "
          f"planted in, {args.rounds} interleaved rounds, in-process; load average at the end "
          f"{os.getloadavg()[0]:.1f}")
    print(f"CPU a file: forged {per['forged'] * 1000:.0f} ms, good {per['good'] * 1000:.0f} ms, "
          f"ratio {per['forged'] / per['good']:.2f}; {failed} of {len(forged)} forged files fail")


if __name__ == "__main__":
    main()
