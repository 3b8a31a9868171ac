"""Each catalog read back into English, blind, and compared with the English line by line.

The check that a translation says what the English says: someone who has not seen the English
reads each translation back into English, and the two are compared, line by line.

    python bench/back_translation.py export fr > fr.txt   # the translations only, shuffled
    python bench/back_translation.py export fr --unread   # only those not read, or changed since
    # (a reader writes tests/i18n/back/fr.tsv: each line "KEY<TAB>MARK<TAB>English reading")
    python bench/back_translation.py compare fr           # English | reading, worst first
    python bench/back_translation.py export web/fr        # the web page's catalog: web-fr.tsv

``export`` never shows the English: each line is a key (a hash of the message, which does not
give the English away), the translation, and nothing else, in an order that is not the
catalog's. ``compare`` prints the English beside each reading with the share of the English's
content words the reading has, worst first, for a person to judge; tests/i18n/test_back.py
holds the readings to the catalogs (one per message, for the translation as it is now, with the
same numbers and placeholders).
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BACK = ROOT / "tests" / "i18n" / "back"
STOP = set("a an the of to in on is are and or it its for at by be as if that this with her she "
           "you your each one from not no so".split())


def key(message) -> str:
    """A key for a message that does not give its words away."""
    text = "\x04".join(message) if isinstance(message, tuple) else message
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def said(translation) -> str:
    """The form of a translation a reader reads back (a counted phrase: its last form)."""
    return translation[-1] if isinstance(translation, tuple) else translation


def fingerprint(translation) -> str:
    """Which translation a reading was made from (a new translation needs a new reading)."""
    return key(translation if isinstance(translation, tuple) else (translation,))


def catalog(code: str) -> tuple[str, str]:
    """(language, catalog) of a code as the commands take it: "fr" is the printed catalog of
    French, "web/fr" the web page's."""
    from pnp.i18n.catalogs import DOMAIN, WEB

    domain, _, language = code.rpartition("/")
    if domain not in ("", WEB):
        raise ValueError(f"no catalog {domain!r}")
    return language, domain or DOMAIN


def reading_file(code: str) -> Path:
    """Where the readings of ``code`` are kept: back/fr.tsv, back/web-fr.tsv."""
    return BACK / (code.replace("/", "-") + ".tsv")


def entries(code: str) -> list[tuple[str, object, object]]:
    """(key, English message, translation) of every message of ``code``'s catalog."""
    from pnp.i18n.catalogs import read_catalog

    return [(key(m.id), m.id, m.string) for m in read_catalog(*catalog(code)) if m.id]


def readings(code: str) -> dict[str, tuple[str, str]]:
    """key -> (fingerprint of the translation read, the English reading)."""
    out = {}
    path = reading_file(code)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            k, mark, reading = line.split("\t")
            out[k] = (mark, reading)
    return out


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9{}+−-]+", text.lower()) if w not in STOP}


def overlap(english: str, reading: str) -> float:
    """The share of the English's content words the reading has (1.0: all of them)."""
    wanted = words(english)
    return len(wanted & words(reading)) / len(wanted) if wanted else 1.0


def unread(code: str) -> set[str]:
    """Keys of the messages whose reading is missing, or was made from another translation."""
    got = readings(code) if reading_file(code).exists() else {}
    return {k for k, _, translation in entries(code)
            if got.get(k, ("", ""))[0] != fingerprint(translation)}


def export(code: str, only_unread: bool = False) -> None:
    """Print the translations to read (all, or with ``only_unread`` those needing a new reading);
    a new reading replaces the old line of its key in its reading file (``reading_file``)."""
    wanted = unread(code) if only_unread else None
    rows = sorted(entries(code), key=lambda row: hashlib.sha256(row[0].encode()).hexdigest())
    print(f"# {code}: read each line into English; write KEY<TAB>MARK<TAB>reading")
    for k, _, translation in rows:
        if wanted is None or k in wanted:
            print(f"{k}\t{fingerprint(translation)}\t{said(translation)!r}")


def compare(code: str) -> None:
    got = readings(code)
    rows = []
    for k, english, translation in entries(code):
        english = english[-1] if isinstance(english, tuple) else english
        mark, reading = got.get(k, ("", "(no reading)"))
        score = overlap(english, reading)
        if mark and mark != fingerprint(translation):
            reading = f"(read from an earlier translation) {reading}"
        rows.append((score, english, reading))
    rows.sort(key=lambda row: row[0])
    for score, english, reading in rows:
        print(f"{score:4.2f}  EN: {english}\n      BACK: {reading}\n")
    mean = sum(r[0] for r in rows) / len(rows)
    print(f"{code}: {len(rows)} messages, mean word overlap {mean:.2f}, "
          f"{sum(r[0] < 0.5 for r in rows)} under 0.5 (read those by hand)")


def main(argv: list[str]) -> int:
    usage = "usage: back_translation.py export [web/]CODE [--unread] | compare [web/]CODE"
    if len(argv) < 2 or argv[0] not in ("export", "compare") or \
            argv[2:] not in ([], ["--unread"]) or (argv[0] == "compare" and argv[2:]):
        print(usage, file=sys.stderr)
        return 2
    try:
        catalog(argv[1])
    except ValueError as exc:
        print(f"{usage}\n{exc}", file=sys.stderr)
        return 2
    if argv[0] == "export":
        export(argv[1], only_unread=argv[2:] == ["--unread"])
    else:
        compare(argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
