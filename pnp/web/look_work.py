"""What a worker does for Look at a board: the CLI's analysis of a board (``pnp.web.work``) and
the game's picture of it (the optional ``picture`` door), as plain data for the page.

Kept apart from the page's module (``pnp.web.looking``) so a worker imports no web framework."""

from __future__ import annotations

from pathlib import Path

from pnp import services
from pnp.errors import PnpError
from pnp.games import game
from pnp.sources import read_code
from pnp.i18n.message import Message
from pnp.web import work
from pnp.web.say import Mistake

NOTHING_TO_LOOK_AT = Message("{name} holds no board this page can look at.")


def look_code(report, tmp: str, text: str, seconds: float) -> dict:
    """A board code's figures, its report, and (from games that draw one) its picture: the SVG,
    one sentence a move of the best line, and the figures in words. A mistyped code, or a
    board's ID typed instead of its code, is said in the page's language (the game's message,
    its facts made safe to show)."""
    try:
        read_code(text)
    except PnpError as exc:
        if exc.args and isinstance(exc.args[0], Message):
            raise work.Refused([Mistake(work.safe_to_show(exc.args[0]))]) from None
        raise work.Refused(work.mistakes(exc)) from None
    result = work.analyze_code(report, tmp, text, seconds)
    kind = result["kind"]
    result["unfinished"] = result["figures"].get("perfect_play") is None
    if callable(getattr(game(kind), "picture", None)):
        _, board = read_code(text)
        result.update(game(kind).picture(board, result["figures"]))
    return result


def look_file(report, tmp: str, content: bytes, name: str, n: int | None, seconds: float,
              most: int) -> dict:
    """The boards of a spec or a pnp PDF (read as `pnp analyze` reads them: a PDF as the
    validator does, a spec by the strict loader, at most ``most`` boards): with one board, or
    ``n`` chosen, that board looked at as a code is; otherwise the boards to choose from."""
    from pnp.spec import loads

    pdf = content.startswith(b"%PDF")
    path = Path(tmp) / ("upload.pdf" if pdf else "upload.yaml")
    path.write_bytes(content)
    try:
        if not pdf:
            spec = loads(content.decode("utf-8", "replace"), name)
            if sum(e.count for e in spec.items) > most:
                raise PnpError(f"{name} makes more than {most} boards; the page looks at a spec "
                               f"of at most {most}")
        found = services.from_pdf(path) if pdf else services.from_spec(path)
    except PnpError as exc:
        raise work.Refused([Mistake(str(exc).replace(str(path), name))]) from None
    if not found:
        raise work.Refused([Mistake(NOTHING_TO_LOOK_AT.with_facts(name=name))])
    labels = [label.replace(str(path), name) for label, _, _ in found]
    if n is None and len(found) > 1:
        return {"choose": labels}
    label, kind, board = found[min(n or 0, len(found) - 1)]

    def heard(positions, elapsed):
        report({"positions": positions, "seconds": elapsed})

    try:
        figures, _ = services.analyze((label, kind, board), heard, solve=None, seconds=seconds)
    except PnpError as exc:
        raise work.Refused(work.mistakes(exc)) from None
    result = {"label": labels[min(n or 0, len(found) - 1)], "kind": kind,
              "title": game(kind).TITLE, "figures": figures,
              "report": services.report(kind, figures),
              "unfinished": figures.get("perfect_play") is None}
    if callable(getattr(game(kind), "picture", None)):
        result.update(game(kind).picture(board, figures))
    return result
