"""The boards' data travels inside the PDF as an attached file, so the PDF alone can be checked.

We use a standard PDF attachment (an EmbeddedFiles name tree in the catalog): any viewer lists
it as ``pnp-data.json``, and pdfium reads it back without us parsing PDF syntax ourselves.
"""

from __future__ import annotations

import json

ATTACHMENT = "pnp-data.json"
FORMAT = "pnp-data/1"


def attach_json(canvas, payload: dict) -> None:
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString

    body = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
    stream = PDFStream(PDFDictionary({"Type": PDFName("EmbeddedFile")}), body)
    filespec = PDFDictionary({
        "Type": PDFName("Filespec"), "F": PDFString(ATTACHMENT), "UF": PDFString(ATTACHMENT),
        "Desc": PDFString("pnp board data: pnp validate checks the pages against it"),
        "EF": PDFDictionary({"F": canvas._doc.Reference(stream)}),
    })
    names = PDFArray([PDFString(ATTACHMENT), canvas._doc.Reference(filespec)])
    canvas.setCatalogEntry("Names", PDFDictionary({"EmbeddedFiles": PDFDictionary({"Names": names})}))
