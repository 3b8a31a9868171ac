"""Planting defects in a built PDF, as an attacker or a careless editor would (uses pypdf)."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, StreamObject

# a small pack of every game, the file the validator's attack tests plant their forgeries in
SMALL = """\
title: Attack
seed: attack
output: small.pdf
items:
  - kind: cliquer
    size: quarter
    dots: 6
  - kind: circles
    circles: 3
  - kind: cliques
    players: 3
    remark_cards: 4
"""


def _attachment_stream(writer: PdfWriter) -> StreamObject:
    names = writer._root_object["/Names"]["/EmbeddedFiles"]["/Names"]
    return names[1].get_object()["/EF"]["/F"].get_object()


def read_data(path: Path) -> dict:
    reader = PdfReader(str(path))
    names = reader.trailer["/Root"]["/Names"]["/EmbeddedFiles"]["/Names"]
    return json.loads(names[1].get_object()["/EF"]["/F"].get_object().get_data())


def rewrite(path: Path, out: Path, data_edit=None, content_edit=None) -> Path:
    """Copy ``path`` to ``out`` with the attached data and/or page 1's content edited."""
    writer = PdfWriter(clone_from=str(path))
    if data_edit is not None:
        stream = _attachment_stream(writer)
        payload = json.loads(stream.get_data())
        data_edit(payload)
        stream.set_data(json.dumps(payload).encode())
    if content_edit is not None:
        page = writer.pages[0]
        content = page.get_contents()
        text = content.get_data().decode("latin-1")
        new = content_edit(text)
        assert new != text, "the content edit changed nothing"
        stream = StreamObject()
        stream.set_data(new.encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(stream)
    with open(out, "wb") as fh:
        writer.write(fh)
    return out
