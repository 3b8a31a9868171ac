"""What a path named on the command line is, before anything opens it.

Opening a named pipe waits for a writer forever, and reading a device never ends, so pnp
refuses everything that is not a regular file before handing a path to a reader.
"""

from __future__ import annotations

import os
import stat

NOT_A_FILE = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"),
              (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def not_a_file(mode: int) -> str | None:
    """'a folder', 'a named pipe', ... for a file mode that is not a regular file, else None."""
    for test, what in NOT_A_FILE:
        if test(mode):
            return what
    return None if stat.S_ISREG(mode) else "not a regular file"


def path_problem(path) -> str | None:
    """Why ``path`` cannot be read as an input file (stat never blocks, unlike open), or None;
    a missing path is left to the reader, which says so with its own hint."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"
    what = not_a_file(mode)
    return f"is {what}, not a file" if what else None
