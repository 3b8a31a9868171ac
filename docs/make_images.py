"""Make every image in the docs from the current code: `pnp build` (or `pnp daily`), then the
pages rendered by pdfium as `pnp preview` renders them.

    python docs/make_images.py            write docs/images/*.png and docs/images/images.json
    python docs/make_images.py --check    write nothing; exit 1 naming every image out of date

images.json records, for each image, the command that made its PDF, the page, and the SHA-256
of the PDF: pnp promises the same bytes for the same spec and seed on any machine, so a
changed hash means the pages changed and the image is out of date. Where the renderer is the
version recorded, --check also compares the pixels. tests/test_docs_images.py runs --check.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
MANIFEST = IMAGES / "images.json"

# source name -> the command that makes it (run in a folder holding a copy of layouts/) and the PDF
SOURCES = {
    "starter": (["pnp", "build"], "output/starter-pack.pdf"),
    "class-set": (["pnp", "build", "layouts/class-set.yaml"], "output/class-set.pdf"),
    "class-set-ar": (["pnp", "build", "layouts/class-set.yaml", "--language", "ar", "-o", "output/ar"],
                     "output/ar/class-set.pdf"),
    "daily": (["pnp", "daily", "--date", "2026-11-25", "--solve-seconds", "0.01"],
              "output/daily-2026-11-25.pdf"),
}

# image -> (source, kind, which board of that kind (0 = first), which of its pages, dpi).
# Boards and their pages are read from the PDF itself (`pnp validate --json`), so an image
# follows its piece when the packing changes; "last" is the last page of the file. Images in
# CROPPED keep only the box round that board's pieces on the page (a sheet may hold the next
# item's cards too), so a rules card reads at the page's width.
PICTURES = {
    "cliquer-board": ("starter", "cliquer", 0, 0, 100),
    "cliquer-quarter": ("starter", "cliquer", 1, 0, 60),
    "circles-board": ("starter", "circles", 0, 0, 60),
    "circles-rules": ("starter", "circles", 0, -1, 130),
    "cliques-score-sheet": ("starter", "cliques", 0, 0, 60),
    "cliques-rules": ("starter", "cliques", 0, 1, 130),
    "cliques-tracker": ("starter", "cliques", 0, 2, 60),
    "worksheet": ("class-set", "cliquer", 0, 0, 80),
    "answer-keys": ("class-set", "cliquer", 0, "last", 80),
    "teacher-page": ("class-set", "cliquer", 0, 1, 80),       # the first board's second page
    "worksheet-ar": ("class-set-ar", "cliquer", 0, 0, 80),
    "daily": ("daily", "cliquer", 0, 0, 60),
}


CROPPED = {"circles-rules", "cliques-rules"}


def _pieces_only(picture, pdf: Path, kind: str, nth: int, number: int, dpi: int):
    """The picture cut to the box round this board's pieces on the page, so a sheet another item
    shares (items share cut sheets) shows only the pieces the caption names."""
    from pnp.verify.record import read as read_record

    doc = read_record(pdf)
    height = doc.payload["page"]["height"]
    board = [b for b in doc.payload["boards"] if b["kind"] == kind][nth]
    frames = [p["frame"] for p in board["placements"] if p["page"] == number - 1]
    px, pad = dpi / 72, 1.0      # a point round the frames: their cut lines, not the next piece
    left, right = min(f[0] for f in frames) - pad, max(f[0] + f[2] for f in frames) + pad
    bottom, top = min(f[1] for f in frames) - pad, max(f[1] + f[3] for f in frames) + pad
    return picture.crop((max(round(left * px), 0), max(round((height - top) * px), 0),
                         min(round(right * px), picture.width), min(round((height - bottom) * px), picture.height)))


def _pnp(args: list[str], cwd: Path) -> str:
    bindir = Path(sys.executable).parent
    command = [str(bindir / args[0])] + args[1:]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                          env={"PATH": str(bindir), "HOME": str(cwd), "XDG_CACHE_HOME": str(cwd / ".cache"),
                               "LC_ALL": "C.UTF-8", "TZ": "UTC"})
    if done.returncode:
        raise SystemExit(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def _renderer() -> str:
    import pypdfium2

    return f"pypdfium2 {pypdfium2.version.PYPDFIUM_INFO} / pdfium {pypdfium2.version.PDFIUM_INFO}"


def render(work: Path) -> dict:
    """Build every source in `work` and render every picture; name -> (PIL image, record)."""
    import shutil

    import pypdfium2 as pdfium

    shutil.copytree(ROOT / "layouts", work / "layouts")
    made = {}
    for name, (command, pdf) in SOURCES.items():
        _pnp(command, work)
        boards = json.loads(_pnp(["pnp", "validate", "--json", pdf], work))["files"][0]["boards"]
        made[name] = (work / pdf, boards)
    out = {}
    for image, (source, kind, nth, which, dpi) in PICTURES.items():
        pdf, boards = made[source]
        document = pdfium.PdfDocument(str(pdf))
        pages = [b["pages"] for b in boards if b["kind"] == kind][nth]
        number = len(document) if which == "last" else pages[which]
        picture = document[number - 1].render(scale=dpi / 72).to_pil().convert("L")
        document.close()
        if image in CROPPED:
            picture = _pieces_only(picture, pdf, kind, nth, number, dpi)
        record = {"command": " ".join(SOURCES[source][0]), "pdf": SOURCES[source][1], "page": number,
                  "dpi": dpi, "cropped": image in CROPPED, "pdf_sha256": hashlib.sha256(pdf.read_bytes()).hexdigest()}
        out[image] = (picture, record)
    return out


def write() -> None:
    with tempfile.TemporaryDirectory(prefix="pnp-images-") as tmp:
        made = render(Path(tmp))
        IMAGES.mkdir(exist_ok=True)
        manifest = {"renderer": _renderer(), "images": {}}
        for image, (picture, record) in made.items():
            picture.save(IMAGES / f"{image}.png", format="PNG", optimize=True)
            manifest["images"][image] = record
        MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(made)} images to {IMAGES.relative_to(ROOT)}/ and {MANIFEST.name}")


def stale() -> list[str]:
    """Every image that the current code would draw otherwise, with the reason."""
    from PIL import Image, ImageChops

    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    same_renderer = manifest["renderer"] == _renderer()
    problems = []
    with tempfile.TemporaryDirectory(prefix="pnp-images-") as tmp:
        made = render(Path(tmp))
        for image, (picture, record) in made.items():
            path = IMAGES / f"{image}.png"
            kept = manifest["images"].get(image)
            if kept is None or not path.exists():
                problems.append(f"{image}: missing")
                continue
            if kept != record:
                changed = ", ".join(k for k in record if record[k] != kept.get(k))
                problems.append(f"{image}: its source changed ({changed})")
                continue
            if same_renderer:
                with Image.open(path) as old:
                    if old.size != picture.size or ImageChops.difference(old.convert("L"), picture).getbbox():
                        problems.append(f"{image}: pixels differ from today's rendering")
        for image in set(manifest["images"]) - set(made):
            problems.append(f"{image}: in images.json but no longer made")
    return problems


if __name__ == "__main__":
    if "--check" in sys.argv[1:]:
        found = stale()
        for line in found:
            print(line)
        print(f"{len(found)} image(s) out of date: run python docs/make_images.py" if found
              else "every image matches the current code")
        sys.exit(1 if found else 0)
    write()
