"""How long the browser's perfect play (pnp/games/cliquer/playing/engine.js) takes from the start
of a board, in node, by dots: the figure behind BROWSER_SOLVES (pnp/games/cliquer/playing).
Beside it, in the same run, pnp's own solver (its C core where built) on the same boards: the
ratio says how far the script is from it, whatever the machine's load.

    python bench/play_solver.py [--most 8]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import time
from importlib import resources

from pnp.games import game
from pnp.games.cliquer.item import Item
from pnp.games.cliquer.rules import Rules
from pnp.games.cliquer.solver import Solver

SCRIPT = """
const E = require(process.argv[1]);
const boards = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = [];
for (const dots of boards) {
  const rules = new E.Rules(dots), s = new E.Solver(rules);
  const t = process.hrtime.bigint();
  const v = s.value(rules.start());
  out.push([v, s.positions, Number(process.hrtime.bigint() - t) / 1e9]);
}
console.log(JSON.stringify(out));
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=8, help="largest boards, in dots")
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not installed")
    engine = str(resources.files("pnp.games.cliquer.playing").joinpath("engine.js"))
    boards = [game("cliquer").generate(Item(dots=n), random.Random(seed), "B").dots
              for n in range(6, args.most + 1) for seed in range(args.seeds)]
    done = subprocess.run([node, "-e", SCRIPT, engine], input=json.dumps(boards), text=True,
                          capture_output=True, check=True)
    print("dots  margin  browser positions  browser s  pnp solver s  ratio")
    for dots, (margin, positions, seconds) in zip(boards, json.loads(done.stdout)):
        start = time.perf_counter()
        found = Solver(Rules(dots)).solve(whole_line=False)
        own = time.perf_counter() - start
        assert found.margin == margin, (dots, found.margin, margin)
        print(f"{len(dots):4}  {margin:6}  {positions:17,}  {seconds:9.3f}  {own:12.3f}  {seconds / max(own, 1e-6):5.0f}")


if __name__ == "__main__":
    main()
