"""PNG pages rendered from the PDF itself (pdfium), so a preview shows what will print."""

from __future__ import annotations

from pathlib import Path

from pnp.pdf.readback import NotOurs


def render_pages(pdf_path: Path, out_dir: Path, dpi: int = 100, first: int | None = None) -> list[Path]:
    import pypdfium2 as pdfium

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
