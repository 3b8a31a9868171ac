"""The page's walls, as one ASGI layer in front of every route.

- DNS rebinding: a request whose Host header is not the name and port the server is bound to
  is refused (421), so a page from another site whose name was pointed at 127.0.0.1 cannot
  read this one.
- Size: a request body larger than the route allows is refused (413) before it is read whole.
- Forgery: a request that changes anything (every POST) must carry the server's token, which
  only pages served by this server hold, and must not come from another origin (403).

The token is made at start and lives only in this process's memory and its pages.
"""

from __future__ import annotations

import secrets

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
LOCAL_NAMES = {"127.0.0.1", "localhost", "::1", "[::1]"}


def allowed_hosts(host: str, port: int) -> set[str] | None:
    """The Host headers this server answers to, or None for any (bound to every address)."""
    if host in ("0.0.0.0", "::", ""):
        return None
    names = LOCAL_NAMES if host in LOCAL_NAMES else {host}
    out = set()
    for name in names:
        shown = f"[{name}]" if ":" in name and not name.startswith("[") else name
        out.add(f"{shown}:{port}".lower())
        if port == 80:
            out.add(shown.lower())
    return out


class Guard:
    def __init__(self, app, host: str, port: int, max_body: int, max_upload: int,
                 upload_paths: tuple[str, ...] = ("/validate",), token: str | None = None):
        self.app = app
        self.hosts = allowed_hosts(host, port)
        self.max_body, self.max_upload = max_body, max_upload
        self.upload_paths = upload_paths
        self.token = token or secrets.token_urlsafe(32)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "").strip().lower()
        if self.hosts is not None and host not in self.hosts:
            return await _refuse(send, 421, "pnp serve answers only to the name it was started "
                                            "on (this request named another host)")
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and origin != "null" and origin.split("://", 1)[-1].lower() != host:
                return await _refuse(send, 403, "this request came from another site; refused")
            if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return await _refuse(send, 403, "this request came from another site; refused")
        limit = self.max_upload if scope["path"] in self.upload_paths else self.max_body
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return await _refuse(send, 400, "the request's Content-Length is not a number")
            if int(length) > limit:
                return await _refuse(send, 413, f"the request is larger than {limit // 1000} kB, "
                                                "the most this page takes")
        seen = 0
        state = scope.setdefault("state", {})
        state["csrf_token"], state["body_limit"] = self.token, limit

        async def counted():
            # past the limit the body reads as a client that went away: the route's reader
            # stops there and answers 413 (see app.form_of)
            nonlocal seen
            if state.get("too_large"):
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    state["too_large"] = True
                    return {"type": "http.disconnect"}
            return message

        await self.app(scope, counted, send)

    def token_ok(self, given: str | None) -> bool:
        return bool(given) and secrets.compare_digest(given.encode("utf-8", "replace"),
                                                      self.token.encode())


async def _refuse(send, status: int, text: str) -> None:
    body = f"pnp: {text}\n".encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
