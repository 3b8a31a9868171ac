"""Golden outputs: a few specs whose PDFs are pinned, so that any change to generation or layout
is a conscious, reviewed diff (update the table below in the same commit, and say why).

Two digests per spec:

- **drawn**: the attached data (boards, placements) and every page's content stream,
  decompressed. This is what pnp decides: which boards, where every dot, line and letter goes.
  It does not depend on how reportlab serialises a file, so it is checked everywhere.
- **file**: the whole PDF's bytes, checked only under the reportlab release the table was made
  with (a new reportlab may write the same drawing with other bytes; the drawn digest still
  holds pnp to the same pages).

On a mismatch the message prints the new digests to paste here once the change is intended.
"""

from __future__ import annotations

import hashlib
import json

import pytest
import reportlab

from support.paths import ROOT
from pnp.build import build
from pnp.spec import load, loads

CLASS = """\
title: Golden class set
seed: golden
output: class.pdf
page: {size: Letter, orientation: landscape}
items:
  - {kind: cliquer, worksheet: true, count: 2, dots: 8, difficulty: medium}
  - {kind: cliquer, size: half, count: 2, dots: 7}
"""
CIRCLES = """\
title: Golden circles
seed: golden
output: circles.pdf
items:
  - kind: circles
    players: 4
    variants: {lockdown: true, spin_cycle: 3, uncloned: true, wild_cards: true}
"""
CLIQUES = """\
title: Golden cliques
seed: golden
output: cliques.pdf
page: {size: A4, orientation: landscape}
items:
  - {kind: cliques, players: 7}
"""
# the same packs in three other scripts: HarfBuzz's shaping (pinned), the faces, the bidi
# layout and the catalogs, pinned like the rest (CJK: the font the extra makes, fontTools pinned)
SPECS = {"starter pack": None, "class set": CLASS, "circles": CIRCLES, "cliques": CLIQUES,
         "circles ar": CIRCLES.replace("seed: golden", "seed: golden\nlanguage: ar"),
         "cliques hi": CLIQUES.replace("seed: golden", "seed: golden\nlanguage: hi"),
         "class set zh": CLASS.replace("seed: golden", "seed: golden\nlanguage: zh")}
MADE_WITH = "5.1.0"       # reportlab.Version the file digests were taken with
GOLDEN = {
    "starter pack": ("bb8ab523becccede", "8af85bc0202b97a7"),  # issue 44: each game's rules after its board; plain header; code line labelled
    "class set": ("a2993217398e107d", "f8e1097c01cfe77c"),  # issue 44: the teacher's page; plain header words; the code's line labelled
    "circles": ("d5c68bf3f95a4b5b", "c5251b0cde3b9ab5"),  # issue 44: the card's house rules marked (supply, start space, check after a move)
    "cliques": ("2655166bd906e0a4", "3b702e8b3916872f"),  # issue 44: the tracker says its count goes up to 49
    "circles ar": ("e954635f0f6526b4", "a3b3700361a75238"),  # issue 44: the card's house rules marked, in Arabic
    "cliques hi": ("5b283570a6e32ee3", "352fa2a5de1cdce2"),  # issue 44: the tracker's range in words, in Hindi
    "class set zh": ("9d69f984de9b714b", "d7f1d8d16079e004"),  # issue 44: the teacher's page and the plain header, in Chinese (its hull line 用一根橡皮筋只套住这些点 since the blind reading)
}


def drawn_digest(path) -> str:
    """sha256 of the attached data and every page's decompressed content, in page order."""
    import pypdf

    from pnp.verify.record import read as read_record

    doc = read_record(str(path))
    h = hashlib.sha256(json.dumps(doc.payload, sort_keys=True).encode())
    for page in pypdf.PdfReader(path).pages:
        h.update(page.get_contents().get_data())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("name", list(SPECS))
def test_golden_outputs(tmp_path, name):
    text = SPECS[name]
    spec = load(ROOT / "pnp" / "layouts" / "default.yaml") if text is None else loads(text, f"{name}.yaml")
    [(path, _, _)] = build(spec, tmp_path)
    drawn = drawn_digest(path)
    whole = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    want_drawn, want_whole = GOLDEN[name]
    hint = f"now {name!r}: ({drawn!r}, {whole!r}); if the change is meant, update GOLDEN"
    assert drawn == want_drawn, "the pages pnp draws changed: " + hint
    if reportlab.Version == MADE_WITH:
        assert whole == want_whole, "the file's bytes changed: " + hint
