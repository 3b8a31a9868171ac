"""What a page must never show: the server's insides. A line that names Python's insides (an
object's address, an exception's class, a plea to report a bug), a path on the server (its
temporary folders, any absolute path) or the operating system's own words for a failure ("No
space left on device", "[Errno 28]") is for the server's log; the page says its plain words
instead.

Why: on a full disk a build's page and its JSON said "Cannot write <the server's temporary
folder>/pnp-serve-XXXX/pnp-web-XXXX/class-set.pdf: No space left on device", a message the
CLI rightly prints (it names the user's own file) but which, on a shared server, tells a stranger
where the server keeps its work and what it runs on, and tells a teacher nothing they can act on.
"""

from __future__ import annotations

import errno
import os
import re
import tempfile

PYTHON = r"object at 0x|0x[0-9a-fA-F]{8,}|\b[A-Z]\w*(?:Error|Exception)\b|Traceback|please report it"
# an absolute path: a slash then at least two parts (not "1/2", not a spec's "a/b" field path);
# a Windows drive's path; a home folder
PATHS = r"(?<![\w.:/])/(?:[\w.@+-]+/)+[\w.@+-]*|\b[A-Za-z]:\\|~/"
ERRNO = r"\[Errno \d+\]"
# the names of the server's own temporary folders (pnp.web.jobs, pnp.web.app, multiprocessing's)
FOLDERS = r"\b(?:pnp-(?:web|serve|kept)|pymp)-\w+"
# the operating system's words for what can go wrong with files and memory (in English, as
# Python gives them: os.strerror)
SYSTEM = [os.strerror(code) for code in (
    errno.ENOSPC, errno.EDQUOT, errno.EACCES, errno.EPERM, errno.EROFS, errno.EIO, errno.EMFILE,
    errno.ENFILE, errno.ENOMEM, errno.ENOENT, errno.ENOTDIR, errno.EISDIR, errno.EEXIST,
    errno.EFBIG, errno.EXDEV)]

SHOWS = re.compile("|".join([PYTHON, PATHS, ERRNO, FOLDERS] + [re.escape(words) for words in SYSTEM]))


def shows_insides(text: str, folders=()) -> bool:
    """Whether ``text`` names something of the server's: Python's insides, a path, the
    system's words, or one of ``folders`` (the job's own, the server's temporary one)."""
    text = str(text)
    if SHOWS.search(text):
        return True
    for folder in (*folders, tempfile.gettempdir()):
        if not folder or folder == os.sep:
            continue
        name = os.path.basename(folder.rstrip(os.sep))
        # the folder as written, or its own name where it is one of ours (pnp-serve-XXXX)
        if folder in text or (name.startswith("pnp-") and name in text):
            return True
    return False
