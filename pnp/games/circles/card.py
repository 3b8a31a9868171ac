"""The rules card: the rules in short, and exactly the variants in play."""

from __future__ import annotations

from pnp.paper import MM, Frame
from pnp.games.circles.board import BEADS_PER_HAND, SHAPES, Board
from pnp.pdf.fonts import BOLD, SANS, draw_fitted, ensure_fonts, wrap

CARD = (105 * MM, 148 * MM)     # A6: four to a sheet, fits a pocket


def variant_rules(board: Board) -> list[tuple[str, str]]:
    """(name, rule) for each variant in play, in the source's order."""
    v = board.variants
    rules = []
    if v.lockdown:
        supply = board.blockers - board.players
        rules.append(("Lockdown", f"Each player starts with 1 blocker; the other {supply} are the "
                      "supply. If a marker lands on a neutral space on your turn (not moving "
                      "counts as landing), take a blocker. After your opponent picks a circle, "
                      "before beads are chosen, you may spend a blocker to make them pick a "
                      "different circle."))
    if v.spin_cycle:
        rules.append(("Spin Cycle", f"Each player writes {v.spin_cycle} secret goals instead of "
                      "one; meeting any of them wins."))
    if v.uncloned:
        rules.append(("UnCloned", "No secret goal may have two identical shapes side by side "
                      "(square, circle, square is fine; square, square, circle is not)."))
    if v.wild_cards:
        rules.append(("Wild Cards", "A marker on your color counts as any one shape of your "
                      "sequence. Black with square, circle, pentagon also wins on square, black, "
                      "pentagon, or on black, circle, black."))
    return rules


def rules_text(board: Board) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs, in the order printed."""
    k = len(board.circles)
    sizes = sorted({len(c.spaces) for c in board.circles})
    goals = board.variants.goals
    goal_words = "a secret sequence" if goals == 1 else f"{goals} secret sequences"
    where = "in a ring (the last is next to the first)" if board.arrangement == "ring" \
        else "in a row"
    text = [
        ("", f"A game by Jonathan Leistiko (2004). Board {board.ident}: {k} circles {where}, "
             f"{'/'.join(map(str, sizes))} spaces each."),
        ("Goal", "Get the markers of three adjacent circles onto spaces of your color, or onto "
                 "your secret sequence of three shapes, in order (read either way)."),
        ("Setup", f"Put a marker on the start space (★) of every circle. Each player takes "
                  f"{BEADS_PER_HAND} black and {BEADS_PER_HAND} white beads (or bead chits) and "
                  f"writes {goal_words} of three shapes ({', '.join(SHAPES)}) on a goal slip, "
                  "kept hidden. One player chooses black or white; the other takes the other "
                  "color and goes first."),
        ("Turn", "Pick a circle. You and your opponent each secretly hold 1 to "
                 f"{BEADS_PER_HAND} beads, all of one color, then reveal together. Each white "
                 "bead is +1, each black bead −1. Move that circle's marker by the total: "
                 "clockwise if positive, counter-clockwise if negative; 0 stays put. Play passes "
                 "to the left."),
        ("Win", "Markers on three adjacent circles (joined by a bar) on your color, or on your "
                "shapes in order, forwards or backwards."),
    ]
    variants = variant_rules(board)
    if variants:
        text.append(("Variants in play", ", ".join(name for name, _ in variants) + "."))
        text += variants
    else:
        text.append(("Variants in play", "none."))
    return text


def _layout(board: Board, width: float, size: float) -> list[tuple[str, str]]:
    """(font, line) list for the card's body at ``size``: a bold heading, then its paragraph."""
    lines = []
    for heading, paragraph in rules_text(board):
        if heading:
            lines.append((BOLD, heading))
        lines += [(SANS, line) for line in wrap(paragraph, SANS, size, width)]
        lines.append(("gap", ""))
    return lines


def draw_card(board: Board, canvas, frame: Frame) -> None:
    ensure_fonts()
    inner = frame.inset(4 * MM)
    canvas.saveState()
    canvas.setLineWidth(1.2)
    canvas.setStrokeGray(0)
    canvas.rect(frame.x + 2 * MM, frame.y + 2 * MM, frame.width - 4 * MM,
                frame.height - 4 * MM, stroke=1, fill=0)
    canvas.setFillGray(0)
    title = 15.0
    draw_fitted(canvas, "Thinking in Circles", inner.x, inner.top - title, inner.width,
                font=BOLD, size=title)
    room = inner.height - title - 8
    size = 9.0
    while True:
        lines = _layout(board, inner.width, size)
        lead = size * 1.22
        used = sum(lead * (0.45 if f == "gap" else 1) for f, _ in lines)
        if used <= room or size <= 5:
            break
        size -= 0.25
    y = inner.top - title - 8
    for font, line in lines:
        if font == "gap":
            y -= lead * 0.45
            continue
        y -= lead
        canvas.setFont(font, size)
        canvas.drawString(inner.x, y + size * 0.22, line)
    canvas.restoreState()
