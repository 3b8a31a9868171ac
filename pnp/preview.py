"""PNG pages rendered from the PDF itself (pdfium), so a preview shows what will print."""

from __future__ import annotations

from pathlib import Path

from pnp.inputs import path_problem
from pnp.verify.record import NotOurs


def png_folder(pdf_path: Path) -> Path:
    """Where PNG pages of a PDF go unless told otherwise: png/ beside it. One rule for
    `pnp preview` and `pnp build --png`."""
    return pdf_path.parent / "png"


def render_pages(pdf_path: Path, out_dir: Path, dpi: int = 100, first: int | None = None) -> list[Path]:
    import pypdfium2 as pdfium

    problem = path_problem(pdf_path)
    if problem:
        raise NotOurs(f"{pdf_path}: {problem}")
    if not Path(pdf_path).exists():      # path_problem leaves a missing path to its reader
        raise NotOurs(f"{pdf_path}: no such file")
    try:
        pdf = pdfium.PdfDocument(str(pdf_path))
    except (pdfium.PdfiumError, FileNotFoundError, OSError) as exc:
        raise NotOurs(f"{pdf_path}: cannot open as a PDF ({exc})") from None
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    try:
        count = len(pdf) if first is None else min(first, len(pdf))
        for i in range(count):
            image = pdf[i].render(scale=dpi / 72).to_pil()
            target = out_dir / f"{pdf_path.stem}-p{i + 1:03d}.png"
            tmp = target.with_name(f".{target.name}.part")
            image.save(tmp, format="PNG")
            tmp.replace(target)
            written.append(target)
    finally:
        pdf.close()
    return written
