"""Play a board (`pnp serve`): the page pnp.play writes, for a board code (Look at a board's
"Play") or for a board of the day (its page's "Play"), and the game's script and style it links
to. This server's pages allow no inline script (app.SECURITY_HEADERS), so the page links them
from /play/; its data travels in a JSON block, which no policy runs. Nothing here names a game:
pnp.play asks every game that offers the play door."""

from __future__ import annotations

import asyncio
from functools import lru_cache

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from pnp import play, services
from pnp.i18n import current
from pnp.web import say
from pnp.web.say import shown
from pnp.web.site import MAX_CODE, Refusal, answer
from pnp.web.tools import parse_day

TYPES = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}


@lru_cache(maxsize=64)
def _asset(kind: str, ext: str) -> bytes:
    found = play.assets(kind)
    return found["script" if ext == "js" else "style"].encode("utf-8")


async def asset(request: Request) -> Response:
    kind, _, ext = request.path_params["name"].rpartition(".")
    if kind not in play.kinds() or ext not in TYPES:
        return PlainTextResponse(shown(say.NOT_FOUND), 404)
    return Response(_asset(kind, ext), media_type=TYPES[ext], headers={"Cache-Control": "max-age=300"})


@lru_cache(maxsize=16)
def _day(day) -> tuple:
    """The day's playable boards (the same for everyone; generating them costs a few tenths of
    a second of CPU, so kept for the last days asked)."""
    return tuple(services.daily_playable(day))


async def play_page(request: Request) -> Response:
    query = request.query_params
    try:
        if "date" in query:
            day = parse_day(query.get("date"))
            n = query.get("n", "0")
            boards = await asyncio.to_thread(_day, day)
            if not n.isdigit() or int(n) >= len(boards):
                raise Refusal(say.NO_BOARD, 404)
            kind, board = boards[int(n)]
        else:
            code = query.get("code", "")[:MAX_CODE + 1]
            if not code.strip():
                raise Refusal(say.TYPE_A_CODE)
            if len(code) > MAX_CODE:
                raise Refusal(say.CODE_TOO_LONG.with_facts(most=MAX_CODE))
            try:
                found = play.read_code(code)
            except ValueError as exc:
                raise Refusal(exc) from None
            if found is None:
                raise Refusal(say.TYPE_A_CODE)
            kind, board = found
    except Refusal as exc:
        return answer(request, exc)
    return HTMLResponse(play.page(kind, board, None, current().code, linked="/play/", back="/"))
