"""Drawing a CliqueR board: dots large and clear, the ID and code, a rules and scoring reminder.

Layout is a pure function of (board, frame) so the validator can recompute where every dot
must be on the page from the embedded data and the recorded frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.paper import MM, Frame
from pnp.games.cliquer.board import Board, dot_name
from pnp.games.cliquer.codes import encode
from pnp.games.cliquer.geometry import convex_hull
from pnp.games.cliquer.rules import (CLIQUE_POINTS, FOUR_CLIQUE_MOVE, LINE_POINTS, TRIANGLE_POINTS,
                                      triangulation_size)
from pnp.pdf import fonts
from pnp.pdf.marks import marked

DOT_RADIUS_MM = 1.8          # big enough to find with a pencil tip, small against 3 mm clearance
KEY_DOT_RADIUS_MM = 1.4      # answer keys draw the board small, with the hull over it
LABEL_BAND_MM = {"page": 0, "half": 16, "quarter": 16}

RULES = ("Take turns. A move is a straight line between two dots not yet joined; "
         "it may not cross a line already drawn.")
SCORING = (f"Score {LINE_POINTS} for the line, +{TRIANGLE_POINTS} for each triangle it completes, "
           f"+{CLIQUE_POINTS} for each four dots all joined (a 4-clique) it completes. A 4-clique move "
           f"scores {LINE_POINTS}+{TRIANGLE_POINTS}+{TRIANGLE_POINTS}+{CLIQUE_POINTS} = {FOUR_CLIQUE_MOVE}.")


def moves_in_game(board: Board) -> int:
    """Every finished game draws exactly 3n - 3 - h lines (h = dots on the hull)."""
    return triangulation_size(len(board.dots), len(convex_hull(board.dots)))


@dataclass(frozen=True)
class Layout:
    square: Frame            # where the board's square is printed
    text: Frame              # where the words go


def piece_size(board: Board) -> tuple[float, float] | None:
    """None: a whole page; otherwise the reduced board's card in points."""
    if board.size == "page":
        return None
    side = board.side_mm * MM
    return (side + 8 * MM, side + (LABEL_BAND_MM[board.size] + 8) * MM)


def layout(board: Board, frame: Frame) -> Layout:
    side = board.side_mm * MM
    if board.size != "page":
        pad = 4 * MM
        square = Frame(frame.x + (frame.width - side) / 2, frame.top - pad - side, side, side)
        return Layout(square, Frame(frame.x + pad, frame.y + pad, frame.width - 2 * pad,
                                    square.y - frame.y - pad - 2 * MM))
    header = 22 * MM
    if frame.width - side >= 70 * MM:            # landscape: words beside the board
        square = Frame(frame.x, frame.top - header - side, side, side)
        text = Frame(square.right + 8 * MM, frame.y, frame.right - square.right - 8 * MM,
                     frame.height - header)
    else:                                        # portrait: words below the board
        square = Frame(frame.x + (frame.width - side) / 2, frame.top - header - side, side, side)
        text = Frame(frame.x, frame.y, frame.width, square.y - frame.y - 6 * MM)
    return Layout(square, text)


def dot_position(board: Board, square: Frame, dot) -> tuple[float, float]:
    scale = square.width / board.grid
    return square.x + dot[0] * scale, square.y + dot[1] * scale


def subtitle(board: Board) -> str:
    parts = [f"Board {board.ident}", f"{len(board.dots)} dots"]
    if board.band:
        parts.append(f"{board.band} ({board.difficulty:.2f})")
    return " · ".join(parts)


def draw_board(board: Board, canvas, frame: Frame) -> None:
    fonts.ensure_fonts()
    lay = layout(board, frame)
    sq = lay.square
    canvas.saveState()
    canvas.setStrokeGray(0.6)
    canvas.setLineWidth(0.6)
    canvas.rect(sq.x, sq.y, sq.width, sq.height, stroke=1, fill=0)
    canvas.setFillGray(0)
    radius = dot_radius("board", board)
    for i, dot in enumerate(board.dots):
        x, y = dot_position(board, sq, dot)
        with marked(canvas, "PnpDot", i):
            canvas.circle(x, y, radius, stroke=0, fill=1)
    if board.worksheet:
        canvas.setFont(fonts.SANS, 8)
        for i, dot in enumerate(board.dots):
            x, y = dot_position(board, sq, dot)
            canvas.drawString(x + radius + 1, y + radius + 1, dot_name(i))
    canvas.restoreState()
    if board.size == "page":
        _page_words(board, canvas, frame, lay)
    else:
        _card_words(board, canvas, lay)


def _page_words(board: Board, canvas, frame: Frame, lay: Layout) -> None:
    canvas.setFillGray(0)
    fonts.draw_fitted(canvas, board.title, frame.x, frame.top - 8 * MM, frame.width, fonts.BOLD, 18)
    fonts.draw_fitted(canvas, subtitle(board), frame.x, frame.top - 14 * MM, frame.width, fonts.SANS, 10)
    fonts.draw_fitted(canvas, f"Code {encode(board.dots, board.grid)}", frame.x, frame.top - 19 * MM,
                      frame.width, fonts.SANS, 9)
    text = lay.text
    if board.worksheet:       # questions take the room of the rules; the key holds the answers
        from pnp.games.cliquer.worksheet import draw_questions

        draw_questions(board, canvas, text)
        return
    y = text.top - 4 * MM
    size = 10
    lines = [("How to play", fonts.BOLD), (RULES, fonts.SANS), (SCORING, fonts.SANS),
             (f"This board's game always ends after exactly {moves_in_game(board)} lines.", fonts.SANS)]
    for words, font in lines:
        for line in fonts.wrap(words, font, size, text.width):
            if y < text.y + 26 * MM:
                break
            canvas.setFont(font, size)
            canvas.drawString(text.x, y, line)
            y -= size * 1.3
        y -= 2
    _score_boxes(canvas, Frame(text.x, text.y, text.width, min(24 * MM, y - text.y)))


def _score_boxes(canvas, box: Frame) -> None:
    """Two boxes to keep a running score with a pencil."""
    if box.height < 12 * MM:
        return
    gap = 6 * MM
    width = (box.width - gap) / 2
    canvas.setLineWidth(0.8)
    for k in range(2):
        x = box.x + k * (width + gap)
        canvas.rect(x, box.y, width, box.height - 2 * MM, stroke=1, fill=0)
        canvas.setFont(fonts.BOLD, 10)
        canvas.drawString(x + 2 * MM, box.y + box.height - 7 * MM, f"Player {k + 1}: ")
        canvas.setFont(fonts.SANS, 8)
        canvas.drawString(x + 2 * MM, box.y + 2 * MM, "running score")


def _card_words(board: Board, canvas, lay: Layout) -> None:
    text = lay.text
    canvas.setFillGray(0)
    fonts.draw_fitted(canvas, f"{board.title} · {subtitle(board)}", text.x, text.top - 3 * MM,
                      text.width, fonts.BOLD, 9)
    fonts.draw_fitted(canvas, encode(board.dots, board.grid), text.x, text.top - 7.5 * MM,
                      text.width, fonts.SANS, 8)
    fonts.draw_fitted(canvas, f"{LINE_POINTS} per line, +{TRIANGLE_POINTS} per triangle, +{CLIQUE_POINTS} "
                      f"per 4-clique · {moves_in_game(board)} lines "
                      "in every game", text.x, text.top - 11.5 * MM, text.width, fonts.SANS, 7)


def dot_radius(piece: str, board: Board) -> float:
    """Printed radius of a dot in points: smaller on reduced boards and on answer keys."""
    if piece == "answer-key":
        return KEY_DOT_RADIUS_MM * MM
    return DOT_RADIUS_MM * MM * (1 if board.size == "page" else 0.85)


def square_for(piece: str, board: Board, frame: Frame) -> Frame | None:
    """Where a piece prints the board's square (None: the piece shows no dots)."""
    if piece == "board":
        return layout(board, frame).square
    if piece == "answer-key":
        from pnp.games.cliquer.worksheet import key_square

        return key_square(board, frame)
    return None
