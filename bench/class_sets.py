"""Can neighbours copy? For every pair of worksheets in a class set, the share of questions with
the same answer, and the share of pairs that share no answer at all.

The easy step puts every dot on the hull; there the third question asks for the lines from A
that nothing can block instead of the triangles at A with a dot inside (0 on every such board).

A class set gives every pupil the same difficulty step (the same number of dots inside the
hull), so any answer the step decides is the same on every sheet. The baseline is the five
questions worksheets asked before (the hull's dots, the dots inside, the game's length, a
triangle with a dot inside and the 4-clique counts, 'at least 12'), computed here from the same
boards in the same run, so the two rows compare like with like.

What a neighbour could copy is compared, not the printed sentence: the order of the hull, the
count, the count, the line (``worksheet.answer_values``); for the old questions, the hull's set,
the number inside, the number of lines, the two counts, 12. Question 4's score is not counted:
it is the scoring rule's own sum, the same on every sheet of a step (the key says so), and the
last line of the output shows it, worked out afresh from each sheet's lines by the rules.

Run: python bench/class_sets.py [--count 24]
"""

from __future__ import annotations

import argparse
import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.build import generate_all
from pnp.games.cliquer.rules import FOUR_CLIQUE_MOVE
from pnp.games.cliquer.sheet import moves_in_game
from pnp.games.cliquer.worksheet import answer_values, dotted_triangles, four_cliques, hull_dots
from pnp.spec import loads

SETS = [("easy", 6), ("easy", 8), ("easy", 10), ("easy", 12), ("medium", 8), ("hard", 8),
        ("medium", 10), ("hard", 12)]


def old_values(board) -> tuple:
    """The answers the worksheet printed before this redesign, as a neighbour could copy them."""
    hull = hull_dots(board)
    return (frozenset(hull), len(board.dots) - len(hull), moves_in_game(board),
            (len(dotted_triangles(board)), four_cliques(board)), FOUR_CLIQUE_MOVE)


def compare(values: list[tuple]) -> tuple[list[float], float]:
    """(per question: share of pairs answering alike; share of pairs sharing no answer)."""
    pairs = list(combinations(values, 2))
    alike = [sum(p[k] == q[k] for p, q in pairs) / len(pairs) for k in range(len(values[0]))]
    apart = sum(all(a != b for a, b in zip(p, q)) for p, q in pairs) / len(pairs)
    return alike, apart


def class_set(band: str, dots: int, count: int) -> list:
    seed = f"class-{band}-{dots}"
    text = (f"title: Class\nseed: {seed}\npage: {{size: A4, orientation: portrait}}\nitems:\n"
            f"  - {{kind: cliquer, count: {count}, dots: {dots}, difficulty: {band}, worksheet: true}}\n")
    return generate_all(loads(text, "class.yaml"), seed)


def run(count: int) -> str:
    rows = [["class set", "questions", "alike per question (share of pairs)", "no answer alike",
             "same on every sheet"]]
    for band, dots in SETS:
        boards = class_set(band, dots, count)
        for name, values in (("before", [old_values(b) for b in boards]),
                             ("now", [answer_values(b) for b in boards])):
            alike, apart = compare(values)
            every = [str(k + 1) for k in range(len(values[0])) if len({v[k] for v in values}) == 1]
            label = f"{count} × {dots} dots, {band}" if name == "before" else ""
            rows.append([label, name, " ".join(f"{a:.2f}" for a in alike), f"{apart:.0%}",
                         ", ".join(every) or "none"])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    scores = {f"{count} × {dots} dots, {band}": sorted({question_four_score(b) for b in
                                                        class_set(band, dots, count)})
              for band, dots in SETS}
    lines.append("\nQuestion 4's score, not counted above (the scoring rule's own sum), on the "
                 "sheets of each set: " + "; ".join(f"{k}: {', '.join(map(str, v))}"
                                                    for k, v in scores.items()))
    return "\n".join(lines)


def question_four_score(board) -> int:
    """What question 4's line scores with only the question's lines drawn, played by the rules."""
    from pnp.games.cliquer.rules import Rules
    from pnp.games.cliquer.worksheet import scoring_example

    rules = Rules(board.dots)
    drawn, scorer, _ = scoring_example(board)
    state = rules.start()
    for line in drawn:                  # every listed line by the same player: only adjacency
        state, _ = rules.play(state._replace(to_move=0), line)
    return rules.points(state, scorer)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=24, help="sheets in a set (default 24)")
    args = parser.parse_args(argv)
    print("Class sets: pairs of sheets answering alike (before: the old five questions, same boards)\n")
    print(run(args.count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
