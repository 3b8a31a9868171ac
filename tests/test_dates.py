"""A date typed by a person: every real date read back, every impossible one said plainly."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, strategies as st

from pnp.dates import read_date
from pnp.errors import PnpError


@given(st.dates(min_value=dt.date(1, 1, 1)))
def test_every_date_is_read_back(day):
    assert read_date(day.isoformat()) == day
    assert read_date(f" {day.year:04d}-{day.month}-{day.day} ") == day


@pytest.mark.parametrize("text, words", [
    ("2026-02-29", "the date 2026-02-29: February 2026 has 28 days"),
    ("2024-02-30", "the date 2024-02-30: February 2024 has 29 days"),
    ("2026-13-01", "there is no month 13; months run from 01 to 12"),
    ("0000-01-01", "there is no year 0"),
    ("yesterday", "the date must be year-month-day like 2026-11-21, got 'yesterday'"),
    ("2026-11-21T00:00", "must be year-month-day"),
])
def test_an_impossible_date_is_said_plainly(text, words):
    with pytest.raises(PnpError, match=words.replace("(", r"\(").replace(")", r"\)")):
        read_date(text)
