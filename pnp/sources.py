"""What the arguments of `pnp build` and `pnp analyze` name: spec files, PDFs, or board codes
typed in any form the README allows."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.errors import PnpError, Several
from pnp.spec import load, loads

MAX_CODE_PIECES = 40     # arguments joined into one code at most (a 40-dot code has 27 groups)


def load_all(args) -> list:
    """Every spec and board code named, read before anything is built; the mistakes of all of
    them are reported together."""
    sources, errors = named(args)
    loaded = []
    for source in sources:
        try:
            loaded.append(load(source) if isinstance(source, Path) else code_spec(*source))
        except PnpError as exc:
            errors.append(exc)
    if errors:
        raise errors[0] if len(errors) == 1 else Several(errors)
    return loaded


def named(args) -> tuple[list, list]:
    """Each argument as a spec path or a (kind, board) read from a board code; and the
    mistyped codes' errors.

    A code may arrive in pieces: typed with spaces and no quotes, ``pnp build R1 SFE2 12KE ...``
    gives one argument per group, so consecutive arguments that are not files are joined until
    they read as a code (the README promises that spaces do not matter)."""
    out, errors, i = [], [], 0
    while i < len(args):
        if os.path.lexists(args[i]):
            out.append(Path(args[i]))
            i += 1
            continue
        found, error, j = None, None, i + 1
        while j <= min(len(args), i + MAX_CODE_PIECES):
            if j > i + 1 and os.path.lexists(args[j - 1]):
                break
            try:
                found = read_code(" ".join(args[i:j]))
            except PnpError as exc:
                error, upto = exc, j
            if found is not None:
                break
            j += 1
        if found is not None:
            out.append(found)
            i = j
        elif error is not None:
            # the pieces read as a mistyped code, and no more: what follows is read on its own
            # (`pnp analyze 5UYT-01 R1-...` says what the ID is and still reads the code)
            errors.append(error)
            i = upto
        else:
            out.append(Path(args[i]))     # not a code: a spec file, missing (load says so)
            i += 1
    return out, errors


def code_spec(kind: str, board):
    """A spec printing exactly the board of a code, as the README's `pnp build R1-...` does."""
    from pnp.games import game

    code = board.ident
    return loads(f'title: "{game(kind).TITLE} {code}"\nseed: "{code}"\noutput: "{code}.pdf"\n'
                 f'items:\n  - kind: {kind}\n    code: "{code}"\n', f"<code {code}>")


def read_code(text: str):
    """(kind, board) when ``text`` is some game's board code, else None; a mistyped code (or a
    board's ID typed instead) is the user's mistake, said in one line: a PnpError whose English
    is the CLI's, and which keeps the game's message and facts (``problem_of``) for a page to say
    in its own language."""
    from pnp.errors import problem_of
    from pnp.games import game, offering

    for kind in offering("read_code"):
        try:
            board = game(kind).read_code(text)
        except ValueError as exc:
            raise PnpError(problem_of(exc)) from None
        if board is not None:
            return kind, board
    return None
