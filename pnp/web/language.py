"""The page's language: which one a request asks for, and the page's words in it.

A person's choice wins: the switch on every page is a link with ``?lang=CODE``, and the code
chosen is kept in a cookie, so every page after it speaks the same. Without a choice the page
speaks the first language of the browser's ``Accept-Language`` that pnp has (by its weights),
and English when there is none. Only the codes of ``pnp.i18n.LANGUAGES`` are ever taken from a
request, and nothing else of it is written back: an unknown code is ignored, not echoed.

The language is set for the whole of a request (``Speaking``, around the app), in the same
context variable the printed words read, so a route, a form made from the option model and a
template all say their words in it without passing it along (``pnp.web.say`` and the
templates' gettext read it). The page's words are the ``web`` domain of the catalogs
(pnp/i18n/locale/<code>/LC_MESSAGES/web.po).
"""

from __future__ import annotations

import re
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl

from pnp.i18n import CODES, ENGLISH, current, using, writing

PARAM = "lang"                          # ?lang=fr: the switch's links
COOKIE = "pnp_lang"                     # where the choice is kept
KEPT_SECONDS = 365 * 24 * 3600
MOST_ASKED = 20                         # languages of Accept-Language read, at most
# Chinese written in traditional characters: pnp has Simplified Chinese only, and does not
# offer it to a reader who asked for the other script
TRADITIONAL = {"zh-tw", "zh-hk", "zh-mo", "zh-hant"}


def number(n) -> str:
    """A count as the page's language writes it (grouping, digits)."""
    return writing.number(current().code, n)


def from_accept(header: str | None) -> str | None:
    """The language pnp has that ``Accept-Language`` prefers (weights, then order), or None."""
    asked = []
    for k, part in enumerate((header or "")[:1000].split(",")[:MOST_ASKED]):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip().lower()
        weight = 1.0
        found = re.fullmatch(r"\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*", params) if params else None
        if params and not found:
            continue                    # a weight that is no weight: that language is skipped
        if found:
            weight = float(found.group(1))
        if weight > 0 and re.fullmatch(r"[a-z]{1,8}(-[a-z0-9]{1,8})*", tag):
            asked.append((-weight, k, tag))
    for _w, _k, tag in sorted(asked):
        code = tag.split("-")[0]
        if code in CODES and not any(tag == t or tag.startswith(t + "-") for t in TRADITIONAL):
            return code
    return None


def chosen(scope) -> tuple[str, bool]:
    """The language of a request (an ASGI scope), and whether it was chosen by the switch now
    (then the cookie keeps it)."""
    query = scope.get("query_string", b"").decode("latin-1")
    asked = [v for k, v in parse_qsl(query[:2000]) if k == PARAM]
    if asked and asked[-1] in CODES:
        return asked[-1], True
    # a header sent twice is one list (RFC 9110: joined by commas; cookies by semicolons)
    cookies, accepted = [], []
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            cookies.append(value.decode("latin-1"))
        elif name == b"accept-language":
            accepted.append(value.decode("latin-1"))
    kept = _cookie(";".join(cookies))
    if kept in CODES:
        return kept, False
    return from_accept(",".join(accepted)) or ENGLISH, False


def _cookie(header: str) -> str | None:
    jar = SimpleCookie()
    for part in header[:4000].split(";"):
        try:
            jar.load(part)
        except Exception:  # noqa: BLE001 - a cookie that does not parse is no choice
            continue
    return jar[COOKIE].value if COOKIE in jar else None


class Speaking:
    """Around the app: each request is answered in its language (``chosen``); a language just
    chosen is kept in the cookie, and every answer says which it is in and what it varies by."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        code, switched = chosen(scope)
        extra = [(b"content-language", code.encode()), (b"vary", b"Accept-Language, Cookie")]
        if switched:
            extra.append((b"set-cookie", f"{COOKIE}={code}; Path=/; Max-Age={KEPT_SECONDS}; "
                                         "SameSite=Lax; HttpOnly".encode()))

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            await send(message)

        with using(code):
            await self.app(scope, receive, sending)


def switch_links(path: str, query: str) -> list[tuple[str, str, str]]:
    """(code, name in its own words, the link to this page in it) for the switch: this page's
    own query kept, the language replaced."""
    from urllib.parse import urlencode

    from pnp.i18n import LANGUAGES

    kept = [(k, v) for k, v in parse_qsl(query[:2000]) if k != PARAM]
    return [(code, lang.name, path + "?" + urlencode(kept + [(PARAM, code)]))
            for code, lang in LANGUAGES.items()]
