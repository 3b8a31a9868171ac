"""Numbers and lists written as Babel writes them, without Babel at build time (pnp.i18n.writing).

The kept table must be what Babel's CLDR data says now (a newer Babel with other data fails
here, naming the command that writes the table again), and every number and list pnp may
write must come out as Babel's own ``format_decimal`` and ``format_list`` write it."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from babel.lists import format_list
from babel.numbers import format_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp import i18n
from pnp.i18n import writing

CODES = list(i18n.CODES)


def test_the_kept_table_is_babels_data():
    kept = writing._table()
    assert kept == writing.table({code: i18n.LANGUAGES[code].locale for code in CODES}), \
        "locale/writing.json is not Babel's data: run python -m pnp.i18n.extract"


def _babel(code, n, places):
    pattern = None if places is None else "0." + "0" * places if places else "0"
    return format_decimal(n, format=pattern, locale=i18n.LANGUAGES[code].locale)


@settings(max_examples=400, deadline=None)
@given(code=st.sampled_from(CODES), n=st.integers(-10**18, 10**18),
       places=st.none() | st.integers(0, 4))
def test_a_whole_number_is_written_as_babel_writes_it(code, n, places):
    assert writing.number(code, n, places) == _babel(code, n, places)


@settings(max_examples=400, deadline=None)
@given(code=st.sampled_from(CODES),
       n=st.floats(-1e12, 1e12, allow_nan=False) | st.sampled_from(
           [0.0, -0.0, 0.5, 1.5, 2.5, 0.125, 0.0625, 1e-7, 12345.6785, 999.9995, -0.0004]),
       places=st.none() | st.integers(0, 4))
def test_a_fraction_is_written_as_babel_writes_it(code, n, places):
    """Floats round as Babel rounds them (their shortest decimal, half to even), -0.0 and the
    smallest keep their sign where Babel keeps it, and a number rounding to 1,000 is grouped."""
    assert writing.number(code, n, places) == _babel(code, n, places)


@pytest.mark.parametrize("code", CODES)
def test_infinity_and_decimals_as_babel(code):
    for n in (float("inf"), float("-inf"), Decimal("1.005"), Decimal("-1E+5")):
        assert writing.number(code, n) == _babel(code, n, None)


@settings(max_examples=200, deadline=None)
@given(code=st.sampled_from(CODES), style=st.sampled_from(writing.STYLES),
       items=st.lists(st.text(alphabet="ab1 ,{}", max_size=4), max_size=6))
def test_a_list_is_joined_as_babel_joins_it(code, style, items):
    assert writing.listed(code, items, style) == \
        format_list(items, style=style, locale=i18n.LANGUAGES[code].locale)


def test_a_build_in_another_language_does_not_load_babel():
    """The point of the table: a build in French imports no part of Babel (whose import and
    locale data cost about 30 ms of CPU a build)."""
    layout = Path(__file__).resolve().parents[2] / "layouts" / "circles.yaml"
    script = ("import sys\nfrom pathlib import Path\nfrom pnp.build import build\n"
              "from pnp.spec import load\nimport tempfile\n"
              "with tempfile.TemporaryDirectory() as d:\n"
              f"    build(load(Path({str(layout)!r})), Path(d, 'a.pdf'), language='fr')\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
