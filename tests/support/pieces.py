"""A game's pieces drawn one to a page, each at its frame, read back by pdfium."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from reportlab.pdfgen.canvas import Canvas

from pnp.games import cliques
from pnp.paper import MM, Frame
from pnp.pdf.page import PAPER_PT, geometry


def draw_pieces(board, page="A4", landscape=False, margin=10 * MM, only=None):
    """Each piece (or those ``only`` names) on its own page at its frame; [(piece, frame, page)]."""
    w, h = PAPER_PT[page]
    if landscape:
        w, h = h, w
    content = geometry(page, "landscape" if landscape else "portrait", margin / MM).content
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(w, h), invariant=1)
    placed = []
    for piece in cliques.pieces(board):
        if only is not None and not only(piece.name):
            continue
        if piece.size is None:
            frame = content
        else:
            frame = Frame(content.x + 1.7, content.top - piece.size[1] - 2.3, *piece.size)
        canvas.saveState()
        piece.draw(canvas, frame)
        canvas.restoreState()
        canvas.showPage()
        placed.append((piece, frame))
    canvas.save()
    pdf = pdfium.PdfDocument(buf.getvalue())
    return [(piece, frame, pdf[i]) for i, (piece, frame) in enumerate(placed)]
