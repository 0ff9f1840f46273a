"""Write the sample office documents of the user guide into corpus/office/.

Run from the project folder after `make install`:

    .venv/bin/python tests/build_corpus_office.py

A Word policy, a PowerPoint deck (slides are pages: `office/docsearch-in-five-minutes.pptx#page=3`), an Excel
sheet of settings, an OpenDocument checklist, a Jupyter notebook and a saved e-mail, each written by the library
made for its format, so that `make serve` shows what the loaders make of them. Running the script twice writes the
same bytes: every date is fixed, and each zip is rewritten with fixed member times.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import docx
import openpyxl
import pptx
from odf import dc, text
from odf.opendocument import OpenDocumentText

OUT_DIR = Path(__file__).resolve().parent.parent / "corpus" / "office"
FIXED_DATE = datetime(2025, 1, 1, tzinfo=UTC)
AUTHOR = "docsearch maintainers"
_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")


def fixed_zip(data: bytes) -> bytes:
    """The same archive with every member dated FIXED_DATE (libraries stamp the time of writing)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(2025, 1, 1, 0, 0, 0))
            fixed.compress_type = info.compress_type
            fixed.external_attr = info.external_attr
            content = source.read(info)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the time of saving as modified
                content = _MODIFIED.sub(rb"\g<1>2025-01-01T00:00:00Z\g<2>", content)
            target.writestr(fixed, content)
    return out.getvalue()


def policy_docx() -> bytes:
    d = docx.Document()
    props = d.core_properties
    props.title, props.author, props.keywords = "Access control policy for shared indexes", AUTHOR, "access, security"
    props.created = props.modified = FIXED_DATE.replace(tzinfo=None)
    props.last_modified_by, props.revision = AUTHOR, 1
    d.add_heading("Access control policy for shared indexes", level=0)
    d.add_paragraph(
        "This policy says who may see which documents when one docsearch index serves several teams. "
        "It applies to every index that is served over HTTP."
    )
    d.add_heading("Groups and tokens", level=1)
    d.add_paragraph(
        "Each caller presents a bearer token; the server maps the token to groups. A document without "
        "access groups is visible to every caller, a document with groups only to callers in one of them."
    )
    d.add_heading("Who sees what", level=1)
    table = d.add_table(rows=4, cols=2)
    rows = [
        ("Folder", "Groups allowed"),
        ("handbook/", "everyone"),
        ("finance/", "finance, executives"),
        ("board/", "executives"),
    ]
    for row, (folder, groups) in zip(table.rows, rows, strict=True):
        row.cells[0].text, row.cells[1].text = folder, groups
    d.add_heading("Reviewing access", level=1)
    d.add_paragraph(
        "Review the .docsearchaccess file at every reorganisation of the shared drive, and re-run the indexer: "
        "access groups are read at indexing time."
    )
    return fixed_zip(saved(d))


SLIDES = [
    ("docsearch in five minutes", "A search server for your documents, for AI agents", "Welcome everyone."),
    ("Install", "make install\nPython 3.11 or newer", "Only Python and make are needed."),
    ("Index a folder", "make index DOCS=~/handbook\nWord, PowerPoint, Excel, PDF, Markdown and more",
     "Office files are read too: slides become pages, sheets become sections."),
    ("Serve and connect", "make serve\nConnect ChatGPT, Claude or any MCP client to /mcp",
     "Show the search and fetch tools in the MCP Inspector."),
]  # fmt: skip


def deck_pptx() -> bytes:
    deck = pptx.Presentation()
    props = deck.core_properties
    props.title, props.author = "docsearch in five minutes", AUTHOR
    props.created = props.modified = FIXED_DATE.replace(tzinfo=None)
    props.last_modified_by, props.revision = AUTHOR, 1
    for number, (title, body, notes) in enumerate(SLIDES):
        slide = deck.slides.add_slide(deck.slide_layouts[0 if number == 0 else 1])
        assert slide.shapes.title is not None
        slide.shapes.title.text = title
        slide.placeholders[1].text = body
        slide.notes_slide.notes_text_frame.text = notes  # type: ignore[union-attr]
    return fixed_zip(saved(deck))


SETTINGS = [
    ("Setting", "Environment variable", "Default", "What it does"),
    ("--index DIR", "DOCSEARCH_INDEX", ".index", "folder of the index"),
    ("--max-file-size MB", "DOCSEARCH_MAX_FILE_SIZE", 50, "larger files are skipped"),
    ("--workers N", "DOCSEARCH_WORKERS", 0, "parsing processes (0: one per core)"),
    ("--parse-timeout S", "DOCSEARCH_PARSE_TIMEOUT", 120, "a file that takes longer to parse is skipped"),
]


def settings_xlsx() -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Indexer settings"
    for row in SETTINGS:
        sheet.append(row)
    formats = book.create_sheet("Formats")
    for row in [("Format", "Suffixes", "Unit"), ("Word", ".docx .docm", "sections"),
                ("PowerPoint", ".pptx .pptm", "slides (pages)"), ("Excel", ".xlsx .xlsm", "sheets")]:  # fmt: skip
        formats.append(row)
    book.properties.title, book.properties.creator = "docsearch settings reference", AUTHOR
    book.properties.created = book.properties.modified = FIXED_DATE.replace(tzinfo=None)
    return fixed_zip(saved(book))


def checklist_odt() -> bytes:
    doc = OpenDocumentText()
    doc.meta.addElement(dc.Title(text="Release checklist"))
    doc.meta.addElement(dc.Creator(text=AUTHOR))
    doc.text.addElement(text.H(outlinelevel=1, text="Release checklist"))
    for item in ("Run the whole test suite and make check.", "Rebuild the index of the sample corpus.",
                 "Read the summary: skipped files and their reasons.", "Tag the release."):  # fmt: skip
        doc.text.addElement(text.P(text=item))
    out = io.BytesIO()
    doc.write(out)
    return fixed_zip(out.getvalue())


def ranking_ipynb() -> bytes:
    def cell(kind: str, source: str, outputs: list[dict[str, object]] | None = None) -> dict[str, object]:
        base: dict[str, object] = {"cell_type": kind, "metadata": {}, "source": source}
        return base if kind == "markdown" else {**base, "execution_count": 1, "outputs": outputs or []}

    cells = [
        cell("markdown", "# Ranking experiments\n\nHow BM25 parameters change the order of results on the corpus."),
        cell("code", "from indexer.search.searcher import Searcher\nhits = Searcher('.index').snapshot().search("
             "'reverse proxy', limit=3)\n[h.document.id for h in hits]",
             [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
               "data": {"text/plain": "['pdf/operations-handbook.pdf', 'guides/security.md', 'reference/tools.md']"}}]),
        cell("markdown", "## Findings\n\nTitle matches weigh more than body matches, so a page titled by the "
             "query's words comes first."),
    ]  # fmt: skip
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"title": "Ranking experiments", "authors": [{"name": AUTHOR}]},
        "cells": cells,
    }
    return (json.dumps(notebook, indent=1) + "\n").encode()


def decision_eml() -> bytes:
    message = EmailMessage()
    message["Subject"] = "Decision: index office documents"
    message["From"] = "docsearch maintainers <maintainers@example.org>"
    message["To"] = "users@example.org"
    message["Date"] = "Wed, 01 Jan 2025 09:00:00 +0000"
    message["Message-ID"] = "<office-formats@example.org>"
    message.set_content(
        "We decided to index Word, PowerPoint, Excel, OpenDocument, EPUB, RTF, notebooks and saved e-mail.\n\n"
        "Every office file is a zip archive: the indexer checks it before reading it, and skips zip bombs,\n"
        "password-protected files and files with XML entity declarations, saying why in its summary.\n"
        "Macros are never run.\n"
    )
    return message.as_bytes(policy=SMTP)


def saved(document: object) -> bytes:
    out = io.BytesIO()
    document.save(out)  # type: ignore[attr-defined]
    return out.getvalue()


FILES: dict[str, Callable[[], bytes]] = {
    "access-control-policy.docx": policy_docx,
    "docsearch-in-five-minutes.pptx": deck_pptx,
    "settings-reference.xlsx": settings_xlsx,
    "release-checklist.odt": checklist_odt,
    "ranking-experiments.ipynb": ranking_ipynb,
    "decision-office-formats.eml": decision_eml,
}


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, build in FILES.items():
        (OUT_DIR / name).write_bytes(build())
        print(f"wrote {OUT_DIR / name}")


if __name__ == "__main__":
    main()
