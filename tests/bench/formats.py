"""The formats of issue 17 for the indexing benchmark: for each, a folder of documents made from the same generated
text as the Markdown corpus (corpus_gen.markdown_doc: a title, sections of paragraphs), written by the library that
a user's tools would write it with (python-docx, python-pptx, openpyxl, odfpy, the email package, json), or by hand
where no writer is installed (EPUB, RTF, as the loader tests do). And the two large files that the issue names: a
200-page .docx and a 50,000-row .xlsx. Folders are generated once and reused, like the other corpora.
"""

from __future__ import annotations

import io
import json
import random
import zipfile
from collections.abc import Callable
from email.message import EmailMessage
from html import escape
from pathlib import Path

from tests.bench.corpus_gen import Generated, Pool, _fresh, _reusable, _seal, load_pool, markdown_doc

VERSION = 1  # bump when the output changes, so stale folders are regenerated
LARGE_PAGES = 200
LARGE_ROWS = 50_000
Outline = tuple[str, list[tuple[str, list[str]]]]  # title, [(heading, paragraphs)]


def outline(markdown: str) -> Outline:
    """The title and sections of a document that markdown_doc wrote."""
    title, sections = "", [("", [])]
    body = markdown.split("\n---\n", 1)[1] if markdown.startswith("---\n") else markdown
    for line in body.splitlines():
        if line.startswith("# "):
            title = line[2:]
        elif line.startswith("## "):
            sections.append((line[3:], []))
        elif line.strip():
            sections[-1][1].append(line.removeprefix("- "))
    return title, [s for s in sections if s[1]]


def docx_file(doc: Outline) -> bytes:
    import docx

    title, sections = doc
    document = docx.Document()
    document.core_properties.title = title
    document.add_heading(title, 0)
    for heading, paragraphs in sections:
        if heading:
            document.add_heading(heading, 1)
        for paragraph in paragraphs:
            document.add_paragraph(paragraph)
    return _saved(document)


def pptx_file(doc: Outline) -> bytes:
    import pptx

    title, sections = doc
    deck = pptx.Presentation()
    deck.core_properties.title = title
    for heading, paragraphs in sections:
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = heading or title
        slide.placeholders[1].text = "\n".join(paragraphs)
    return _saved(deck)


def xlsx_file(doc: Outline) -> bytes:
    import openpyxl

    title, sections = doc
    book = openpyxl.Workbook()
    book.properties.title = title
    sheet = book.active
    sheet.append(["section", "text"])
    for heading, paragraphs in sections:
        for paragraph in paragraphs:
            sheet.append([_cell(heading or title), _cell(paragraph)])
    return _saved(book)


def odt_file(doc: Outline) -> bytes:
    from odf import dc, text
    from odf.opendocument import OpenDocumentText

    title, sections = doc
    document = OpenDocumentText()
    document.meta.addElement(dc.Title(text=title))
    document.text.addElement(text.H(outlinelevel=1, text=title))
    for heading, paragraphs in sections:
        if heading:
            document.text.addElement(text.H(outlinelevel=2, text=heading))
        for paragraph in paragraphs:
            document.text.addElement(text.P(text=paragraph))
    return _saved(document)


def epub_file(doc: Outline) -> bytes:
    title, sections = doc
    chapters = [
        f"<h1>{escape(heading or title)}</h1>" + "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
        for heading, paragraphs in sections
    ]
    manifest = "".join(
        f'<item id="c{n}" href="c{n}.xhtml" media-type="application/xhtml+xml"/>' for n in range(len(chapters))
    )
    spine = "".join(f'<itemref idref="c{n}"/>' for n in range(len(chapters)))
    opf = (
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
        f'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{escape(title)}</dc:title></metadata>'
        f"<manifest>{manifest}</manifest><spine>{spine}</spine></package>"
    )
    container = (
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
        '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
        "</rootfiles></container>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        archive.writestr("META-INF/container.xml", container)
        archive.writestr("OEBPS/content.opf", opf)
        for n, body in enumerate(chapters):
            archive.writestr(
                f"OEBPS/c{n}.xhtml",
                '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml">'
                f"<head><title>{escape(title)}</title></head><body>{body}</body></html>",
            )
    return out.getvalue()


def rtf_file(doc: Outline) -> bytes:
    title, sections = doc
    parts = [r"{\rtf1\ansi\deff0{\fonttbl{\f0 Times New Roman;}}{\info{\title " + _rtf(title) + "}}"]
    parts.append(r"{\b\fs32 " + _rtf(title) + r"}\par ")
    for heading, paragraphs in sections:
        if heading:
            parts.append(r"{\b " + _rtf(heading) + r"}\par ")
        parts += [_rtf(paragraph) + r"\par " for paragraph in paragraphs]
    return ("".join(parts) + "}").encode("ascii")


def ipynb_file(doc: Outline) -> bytes:
    title, sections = doc
    cells = [{"cell_type": "markdown", "metadata": {}, "source": [f"# {title}"]}]
    for heading, paragraphs in sections:
        source = ([f"## {heading}\n\n"] if heading else []) + ["\n\n".join(paragraphs)]
        cells.append({"cell_type": "markdown", "metadata": {}, "source": source})
        cells.append({
            "cell_type": "code", "metadata": {}, "execution_count": 1, "source": [f"len({json.dumps(heading)})"],
            "outputs": [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                         "data": {"text/plain": [str(len(heading))]}}],
        })  # fmt: skip
    notebook = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(notebook, ensure_ascii=False, indent=1).encode("utf-8")


def eml_file(doc: Outline) -> bytes:
    title, sections = doc
    message = EmailMessage()
    message["Subject"] = title
    message["From"] = "Docs Team <docs@example.com>"
    message["To"] = "everyone@example.com"
    message["Date"] = "Tue, 24 Nov 2026 10:00:00 +0000"
    message.set_content("\n\n".join(f"{h}\n\n" + "\n\n".join(ps) if h else "\n\n".join(ps) for h, ps in sections))
    return bytes(message)


WRITERS: dict[str, Callable[[Outline], bytes]] = {
    "docx": docx_file,
    "pptx": pptx_file,
    "xlsx": xlsx_file,
    "odt": odt_file,
    "epub": epub_file,
    "rtf": rtf_file,
    "ipynb": ipynb_file,
    "eml": eml_file,
}


def make_format_folders(root: Path, count: int, seed: int, pool: Pool | None = None) -> dict[str, Generated]:
    """`count` documents per format, under root/<format>/, the same texts in every format."""
    folders = {}
    for suffix, writer in WRITERS.items():
        folder = root / suffix
        params = {"kind": suffix, "docs": count, "seed": seed, "version": VERSION}
        names = [f"doc-{i:04d}.{suffix}" for i in range(count)]
        if not _reusable(folder, params):
            pool = pool or load_pool()
            _fresh(folder)
            for i, name in enumerate(names):
                doc = outline(markdown_doc(random.Random(f"md:{seed}:{i}"), pool))
                (folder / name).write_bytes(writer(doc))
            _seal(folder, params)
        files = [folder / name for name in names]
        folders[suffix] = Generated(folder, files, sum(p.stat().st_size for p in files))
    return folders


def make_large_folder(folder: Path, seed: int, pool: Pool | None = None) -> Generated:
    """A 200-page .docx (a page break after every page's paragraphs) and a 50,000-row .xlsx."""
    import docx
    import openpyxl

    params = {"kind": "large", "pages": LARGE_PAGES, "rows": LARGE_ROWS, "seed": seed, "version": VERSION}
    names = ["report-200-pages.docx", "inventory-50000-rows.xlsx"]
    if not _reusable(folder, params):
        pool = pool or load_pool()
        rng = random.Random(f"large:{seed}")
        _fresh(folder)
        document = docx.Document()
        for page in range(LARGE_PAGES):
            document.add_heading(f"Part {page + 1}: {rng.choice(pool.titles)}", 1)
            for _ in range(6):
                document.add_paragraph(" ".join(rng.choice(pool.sentences) for _ in range(3)))
            document.add_page_break()
        (folder / names[0]).write_bytes(_saved(document))
        book = openpyxl.Workbook(write_only=True)
        sheet = book.create_sheet("inventory")
        sheet.append(["item", "title", "count", "note"])
        for row in range(LARGE_ROWS):
            title, note = _cell(rng.choice(pool.titles)), _cell(rng.choice(pool.sentences))
            sheet.append([f"item-{row:05d}", title, rng.randint(0, 999), note])
        (folder / names[1]).write_bytes(_saved(book))
        _seal(folder, params)
    files = [folder / name for name in names]
    return Generated(folder, files, sum(p.stat().st_size for p in files))


def _saved(document: object) -> bytes:
    out = io.BytesIO()
    document.save(out)  # type: ignore[attr-defined]  # python-docx, python-pptx, openpyxl and odfpy alike
    return out.getvalue()


def _cell(text: str) -> str:
    """Text as a worksheet cell may hold it: the control characters XLSX forbids left out."""
    return "".join(c for c in text if c >= " " or c in "\t\n\r")


def _rtf(text: str) -> str:
    """Text as RTF: its control characters escaped, anything past ASCII as \\uN? per UTF-16 unit (N signed)."""
    out = []
    for char in text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}"):
        if ord(char) < 128:
            out.append(char)
            continue
        units = char.encode("utf-16-le")
        for k in range(0, len(units), 2):
            value = int.from_bytes(units[k : k + 2], "little")
            out.append(f"\\u{value - 65536 if value > 32767 else value}?")
    return "".join(out)
