"""Every image in the docs is what the current code draws (docs/make_images.py): a changed page
fails here until `python docs/make_images.py` is run again."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load():
    spec = importlib.util.spec_from_file_location("docs_make_images", ROOT / "docs" / "make_images.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


images = _load()


def test_every_image_matches_the_current_code():
    stale = images.stale()
    assert not stale, "\n".join(stale) + "\nrun: python docs/make_images.py"


def test_every_image_shown_is_made_by_the_script():
    made = set(json.loads(images.MANIFEST.read_text())["images"])
    pages = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
    shown = set()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        targets = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)
        targets += re.findall(r"^```\{(?:figure|image)\} (\S+)", text, re.M)
        assert targets or page.name not in ("index.md", "README.md"), page
        for target in targets:
            name = Path(target).name
            if name.startswith("web-"):          # the web page's screenshots, made by its own tests
                continue
            shown.add(name.removesuffix(".png"))
            assert (page.parent / target).resolve().is_relative_to(images.IMAGES), f"{page}: {target}"
    assert shown <= made, f"images shown but not made by docs/make_images.py: {shown - made}"
    unused = {p.stem for p in images.IMAGES.glob("*.png")} - made
    assert not {u for u in unused if not u.startswith("web-")}, f"images nobody makes: {unused}"


def test_a_changed_image_is_caught(tmp_path, monkeypatch):
    from PIL import Image

    for path in images.IMAGES.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(images, "IMAGES", tmp_path)
    monkeypatch.setattr(images, "MANIFEST", tmp_path / "images.json")
    with Image.open(tmp_path / "daily.png") as picture:
        changed = picture.copy()
    changed.putpixel((changed.width // 2, changed.height // 2), 0 if changed.getpixel((changed.width // 2, changed.height // 2)) else 255)
    changed.save(tmp_path / "daily.png")
    manifest = json.loads((tmp_path / "images.json").read_text())
    manifest["images"]["worksheet"]["pdf_sha256"] = "0" * 64
    (tmp_path / "images.json").write_text(json.dumps(manifest))
    stale = images.stale()
    assert any(s.startswith("worksheet: its source changed") for s in stale), stale
    if manifest["renderer"] == images._renderer():
        assert any(s.startswith("daily: pixels differ") for s in stale), stale
