"""What proving a forged file costs: the render comparison now against an older one, same run.

A file pnp wrote is proved by its bytes and a re-save by structure (bench/validator.py); a
forged page that passes the allow-list but draws otherwise than the redraw is rendered at
600 dpi and compared channel by channel (pnp/verify/proof.py). The mutation tests plant one
defect per class in small good PDFs (tests/games/*/obligations.py, tests/support/defects.py) and validate each: this plants
each class once and validates every planted file in-process, once with today's comparison
and once with ``--before-ref``'s (its pnp/verify/proof.py, loaded beside today's), in
interleaved rounds. It prints the CPU seconds of each, their ratio, and whether every verdict
came out the same, to the word (ok or not, the problem codes, and every report line with the
places it names).

    python bench/forged.py                      # against 33cd342 (before issue 23's last speed-up)
    python bench/forged.py --before-ref HEAD~3 --rounds 3

Needs the test extra (pypdf) and git.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import subprocess
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

import pnp.verify.proof  # noqa: E402


def proof_at(ref: str, folder: Path):
    """pnp/verify/proof.py as it was at ``ref``, loaded as a module of its own."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:pnp/verify/proof.py"],
                            check=True, capture_output=True, text=True).stdout
    path = folder / "proof_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("proof_before", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before-ref", default="33cd342", help="git ref whose proof.py is the baseline")
    ap.add_argument("--rounds", type=int, default=2, help="interleaved rounds (default 2)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        before = proof_at(args.before_ref, folder)
        good = build_good(folder)
        forged = [plant(m, good[m.source], folder / f"forged{k}.pdf", random.Random(1))[1]
                  for k, m in enumerate(MUTATIONS)]
        now_render = pnp.verify.proof._rendered
        seconds = {"now": 0.0, args.before_ref: 0.0}
        verdicts: dict[str, list] = {}
        for r in range(args.rounds):
            order = [("now", now_render), (args.before_ref, before._rendered)]
            for name, render in order if r % 2 == 0 else order[::-1]:
                # compare() looks _rendered up in its module at each call: the baseline's
                # comparison runs inside today's validator, everything else the same
                pnp.verify.proof._rendered = render
                start = time.process_time()
                verdicts[name] = [verdict(path) for path in forged]
                seconds[name] += time.process_time() - start
            pnp.verify.proof._rendered = now_render
            if verdicts["now"] != verdicts[args.before_ref]:
                raise SystemExit("the two comparisons gave different verdicts")
    now, was = seconds["now"], seconds[args.before_ref]
    print(f"{len(forged)} forged files (one per defect class), {args.rounds} interleaved rounds, "
          f"in-process; load average at the end {os.getloadavg()[0]:.1f}")
    print(f"CPU: now {now:.1f} s, {args.before_ref} {was:.1f} s, ratio {now / was:.2f}; "
          f"{sum(not ok for ok, _, _ in verdicts['now'])} of {len(forged)} fail, verdicts identical")


if __name__ == "__main__":
    main()
