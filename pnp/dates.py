"""A date a person typed (year-month-day), and what is wrong with it said plainly: the same
words for `pnp daily --date` and the page's board of the day."""

from __future__ import annotations

import calendar
import datetime as dt
import re

from pnp.errors import PnpError

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")     # not the locale's: messages are in English


def read_date(text: str, what: str = "the date") -> dt.date:
    """``text`` as a date, YYYY-MM-DD; else a PnpError naming ``what`` (a flag, a field's
    label) and saying what to write."""
    match = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text.strip())
    if match is None:
        raise PnpError(f"{what} must be year-month-day like 2026-11-21, got {text[:40]!r}")
    year, month, day = map(int, match.groups())
    if year < 1:
        raise PnpError(f"{what} {text}: there is no year 0; write a year like 2026")
    if not 1 <= month <= 12:
        raise PnpError(f"{what} {text}: there is no month {month}; months run from 01 to 12")
    last = calendar.monthrange(year, month)[1]
    if not 1 <= day <= last:
        raise PnpError(f"{what} {text}: {MONTHS[month - 1]} {year} has {last} days")
    return dt.date(year, month, day)
