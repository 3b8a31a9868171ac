"""How each language writes a number and a list, read once from Babel's CLDR data and kept here.

A build in another language writes numbers (a dot count, a score, "0.50") and a few lists
("players 1 and 3"). Babel does this exactly, but each build would import it and unpickle its
locale data first: about 30 ms of CPU, a tenth of a small pack's build (issue 37: a language
should cost at most 1.5x English's time). What a build needs of that data is a handful of
symbols and patterns a language, kept in ``locale/writing.json`` and read here; the numbers
and lists are then written exactly as Babel's ``format_decimal`` and ``format_list`` write
them (its algorithm, for the patterns pnp uses: no currency, no exponent, no significant
digits). ``python -m pnp.i18n.extract`` writes the table again from Babel (``table()``), and
tests/i18n holds it to Babel's data and every number and list pnp may write to Babel's own
writing of it.
"""

from __future__ import annotations

import json
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

TABLE = Path(__file__).with_name("locale") / "writing.json"
STYLES = ("standard", "or")           # the list styles pnp prints
_MOST_PLACES = 3                      # of a number written without ``places`` (CLDR's "#,##0.###")


@lru_cache(maxsize=None)
def _table() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


def writing(code: str) -> dict:
    """Language ``code``'s symbols and patterns (a KeyError for one not in the table)."""
    return _table()[code]


def number(code: str, n, places: int | None = None) -> str:
    """``n`` as Babel's ``format_decimal`` writes it in language ``code``: with the language's
    own pattern (grouped, at most three decimals), or with ``places`` decimals exactly and no
    grouping (the pattern "0.00", "0")."""
    w = writing(code)
    value = n if isinstance(n, Decimal) else Decimal(str(n))
    negative = int(value.is_signed())
    value = abs(value).normalize()
    if value.is_infinite():
        digits = w["infinity"]
    else:
        low, high = (0, _MOST_PLACES) if places is None else (places, places)
        whole, _, fraction = f"{value.quantize(Decimal(10) ** -high):f}".partition(".")
        if places is None:
            whole = _grouped(whole, w["grouping"], w["group"])
        digits = whole + _fraction(fraction or "0", low, high, w["decimal"])
    prefix, suffix = (w["prefix"], w["suffix"]) if places is None else (["", "-"], ["", ""])
    return prefix[negative] + digits + suffix[negative]


def _grouped(whole: str, grouping: list[int], symbol: str) -> str:
    size, out = grouping[0], ""
    while len(whole) > size:
        out = symbol + whole[-size:] + out
        whole = whole[:-size]
        size = grouping[1]
    return whole + out


def _fraction(digits: str, low: int, high: int, symbol: str) -> str:
    digits = digits.ljust(low, "0")
    if high == 0 or (low == 0 and int(digits) == 0):
        return ""
    while len(digits) > low and digits[-1] == "0":
        digits = digits[:-1]
    return symbol + digits


def listed(code: str, items, style: str = "standard") -> str:
    """``items`` joined as Babel's ``format_list`` joins them in language ``code``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    patterns = writing(code)["lists"][style]
    if len(items) == 2 and "2" in patterns:
        return patterns["2"].format(*items)
    out = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        out = patterns["middle"].format(out, item)
    return patterns["end"].format(out, items[-1])


def table(languages) -> dict:
    """The table as Babel's data gives it for ``languages`` ({code: Babel locale}); for
    ``pnp.i18n.extract`` and the test that holds the kept one to Babel."""
    from babel import Locale
    from babel.numbers import get_decimal_symbol, get_group_symbol, get_infinity_symbol

    out = {}
    for code, locale in languages.items():
        parsed = Locale.parse(locale)
        pattern = parsed.decimal_formats[None]
        if pattern.frac_prec != (0, _MOST_PLACES) or pattern.int_prec[0] != 1 \
                or pattern.exp_prec or pattern.scale:
            raise ValueError(f"{locale}'s number pattern {pattern.pattern!r} is not one "
                             "pnp.i18n.writing writes")
        out[code] = {
            "decimal": get_decimal_symbol(parsed), "group": get_group_symbol(parsed),
            "infinity": get_infinity_symbol(parsed), "grouping": list(pattern.grouping),
            "prefix": list(pattern.prefix), "suffix": list(pattern.suffix),
            "lists": {style: dict(parsed.list_patterns[style]) for style in STYLES},
        }
    return out


def write_table(languages) -> None:
    TABLE.write_text(json.dumps(table(languages), ensure_ascii=False, indent=1, sort_keys=True)
                     + "\n", encoding="utf-8")
