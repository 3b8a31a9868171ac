"""Sphinx configuration of pnp's documentation site.

Sphinx with MyST (Markdown) and the Furo theme: all three are actively maintained, install from
PyPI with `pip install '.[docs]'`, and build offline (no CDN, no network at build time). The
strict build is

    sphinx-build -W --keep-going -n -b html docs docs/_build/html

and `.ci/run` runs it, so a broken link, a missing page or a page outside the navigation fails CI.
The CLI and spec references are generated at build time from click and the JSON Schema
(docs/_ext/pnp_docs.py), so they are never written twice.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "pnp"
author = "the pnp authors"
copyright = "the pnp authors"

extensions = ["myst_parser", "pnp_docs"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3          # [text](page.md#a-heading) links are checked too

html_theme = "furo"
html_title = "pnp: print-and-play PDFs"
html_static_path = ["_static"]
html_css_files = ["pnp.css"]
html_show_sourcelink = False
html_last_updated_fmt = None       # the same sources build the same pages: no build dates

# strict: every cross-reference must resolve (-n), and -W turns every warning into a failure
nitpicky = True
smartquotes = False                # `--seed` stays two hyphens, 'quotes' stay as typed
