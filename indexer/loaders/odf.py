"""OpenDocument (.odt, .ods, .odp): content.xml read with lxml (xmlparts.py), after containers.py's checks.

- Text (.odt): paragraphs, lists and tables in order; a heading (text:h) starts a Section; tables one line per row,
  cells joined by " | ". Comments (office:annotation), footnotes, tracked deletions and page headers and footers
  (styles.xml, not read) are not body text.
- Spreadsheet (.ods): each sheet a Section named after it, rows as `header: value` lines with xlsx.py's bounds;
  repeated rows and columns are expanded only as far as those bounds reach.
- Presentation (.odp): each slide (draw:page) a Section and a page (`talk.odp#page=3`), headed by its title frame
  (else "Slide N"), its speaker notes after a "Notes:" line.
Title: meta.xml's dc:title, else the first heading (or slide title), else the file name; the creator and dates go to
front matter, keywords to tags.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from indexer.errors import LoaderError
from indexer.loaders.containers import open_container
from indexer.loaders.digits import bounded
from indexer.loaders.officemeta import document_title, metadata, one_line
from indexer.loaders.xlsx import MAX_COLUMNS, MAX_ROWS, MAX_SHEET_CHARS, sheet_text
from indexer.loaders.xmlparts import parse_part
from indexer.model import ParsedDoc, Section

__all__ = ["OdfLoader"]

_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "draw": "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0",
    "presentation": "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
    "meta": "urn:oasis:names:tc:opendocument:xmlns:meta:1.0",
}
_KINDS = {"odt": "text document", "ods": "spreadsheet", "odp": "presentation"}
_MANIFEST = "META-INF/manifest.xml"
_MANIFEST_NS = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
_FILE_ENTRY, _ENCRYPTION_DATA = f"{{{_MANIFEST_NS}}}file-entry", f"{{{_MANIFEST_NS}}}encryption-data"
_FULL_PATH = f"{{{_MANIFEST_NS}}}full-path"


def _tag(prefix: str, name: str) -> str:
    return f"{{{_NS[prefix]}}}{name}"


_H, _P, _SPAN = _tag("text", "h"), _tag("text", "p"), _tag("text", "span")
_S, _TAB, _BREAK = _tag("text", "s"), _tag("text", "tab"), _tag("text", "line-break")
TABLE_CHARS = 2 * MAX_SHEET_CHARS  # of one table's cells, repeats expanded (a sheet's own cut comes first)
_TABLE, _ROW, _CELL = _tag("table", "table"), _tag("table", "table-row"), _tag("table", "table-cell")
_COVERED = _tag("table", "covered-table-cell")
_PAGE, _NOTES, _FRAME = _tag("draw", "page"), _tag("presentation", "notes"), _tag("draw", "frame")
_NOT_TEXT = frozenset(
    {_tag("office", "annotation"), _tag("office", "annotation-end"), _tag("text", "note"),
     _tag("text", "tracked-changes"), _tag("text", "sequence-decls"), _tag("table", "shapes")}
)  # fmt: skip
_ROWS_REPEATED = _tag("table", "number-rows-repeated")
_COLUMNS_REPEATED = _tag("table", "number-columns-repeated")


class OdfLoader:
    """Loads one OpenDocument kind: OdfLoader("odt"), ("ods") or ("odp"); see the module docstring."""

    def __init__(self, doc_format: str) -> None:
        self.format = doc_format
        self.suffixes = frozenset({f".{doc_format}"})
        self._kind = _KINDS[doc_format]

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        container = open_container(data, self._kind)
        with zipfile.ZipFile(BytesIO(container.data)) as archive:
            if "content.xml" not in container.names:
                raise LoaderError(f"not a readable {self._kind}: it has no content.xml")
            if _encrypted(archive, container.names, self._kind):
                raise LoaderError(
                    f"encrypted (password-protected): the {self._kind}'s content is encrypted; "
                    "save it without a password to index it"
                )
            content = parse_part(archive.read("content.xml"), "content.xml", self._kind)
            meta = (
                parse_part(archive.read("meta.xml"), "meta.xml", self._kind) if "meta.xml" in container.names else None
            )
        warnings = list(container.warnings)
        if self.format == "ods":
            sections, pages = _sheets(content, warnings), None
        elif self.format == "odp":
            sections = _slides(content)
            pages = len(content.findall(f".//{_PAGE}"))
        else:
            sections, pages = _text_sections(content), None
        title, front = _meta(meta)
        if not title and self.format != "ods":
            title = next((s.heading for s in sections if s.heading and not s.heading.startswith("Slide ")), "")
        return ParsedDoc(
            format=self.format, title=title, sections=tuple(sections), pages=pages, front_matter=front,
            warnings=tuple(warnings),
        )  # fmt: skip


def _encrypted(archive: zipfile.ZipFile, names: frozenset[str], kind: str) -> bool:
    """Whether the manifest says content.xml is encrypted: ODF encrypts a member's bytes itself (no zip flag), so
    a password-protected file's content.xml is ciphertext, which would read as 'not well-formed XML'."""
    if _MANIFEST not in names:
        return False
    manifest = parse_part(archive.read(_MANIFEST), _MANIFEST, kind)
    return any(
        entry.get(_FULL_PATH) == "content.xml" and entry.find(_ENCRYPTION_DATA) is not None
        for entry in manifest.iter(_FILE_ENTRY)
    )


def _meta(meta: Any) -> tuple[str, dict[str, Any]]:
    if meta is None:
        return "", {}

    def first(path: str) -> str:
        found = meta.find(f".//{path}", _NS)
        return one_line("".join(found.itertext())) if found is not None else ""

    keywords = ", ".join(one_line("".join(k.itertext())) for k in meta.findall(".//meta:keyword", _NS))
    front = metadata(
        first("dc:creator") or first("meta:initial-creator"), first("meta:creation-date"), first("dc:date"), keywords
    )
    return document_title(first("dc:title")), front


def inline_text(element: Any) -> str:
    """The text of a paragraph-like element: spans, spaces (text:s), tabs and line breaks; notes left out."""
    parts: list[str] = [element.text or ""]
    for child in element:
        if child.tag in _NOT_TEXT:
            pass
        elif child.tag == _S:
            count = child.get(_tag("text", "c"), "1")
            parts.append(" " * min(_count(count), 100))
        elif child.tag == _TAB:
            parts.append("\t")
        elif child.tag == _BREAK:
            parts.append("\n")
        else:
            parts.append(inline_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def paragraphs(element: Any, depth: int = 0) -> Iterator[str]:
    """The text of every paragraph or heading under `element`, comments and notes left out."""
    for child in element:
        if child.tag in _NOT_TEXT or not isinstance(child.tag, str):
            continue
        if child.tag in (_P, _H):
            text = one_line(inline_text(child))
            if text:
                yield text
        elif depth < 64:
            yield from paragraphs(child, depth + 1)


def _text_sections(content: Any) -> list[Section]:
    body = content.find("office:body/office:text", _NS)
    sections: list[Section] = []
    heading, blocks = "", list[str]()
    for kind, text in _blocks(body) if body is not None else iter(()):
        if kind == "heading":
            if blocks or heading:  # a heading right before another is kept (assemble() joins them)
                sections.append(Section(text="\n\n".join(blocks), heading=heading))
            heading, blocks = one_line(text), []
        elif text.strip():
            blocks.append(text.strip())
    if blocks or heading:
        sections.append(Section(text="\n\n".join(blocks), heading=heading))
    return sections


def _blocks(element: Any, depth: int = 0) -> Iterator[tuple[str, str]]:
    """("heading" | "text", text) for the block elements under `element`, in document order."""
    for child in element:
        if child.tag in _NOT_TEXT or not isinstance(child.tag, str):
            continue
        if child.tag == _H:
            yield "heading", inline_text(child)
        elif child.tag == _P:
            yield "text", inline_text(child)
        elif child.tag == _TABLE:
            rows = (" | ".join(c for c in cells if c) for cells in _table_rows(child, MAX_COLUMNS))
            yield "text", "\n".join(r for r in rows if r)
        elif depth < 64:  # lists, sections, frames, text boxes: their blocks
            yield from _blocks(child, depth + 1)


def _table_rows(table: Any, max_columns: int) -> Iterator[tuple[str, ...]]:
    """A table's own rows (not those of a table nested in a cell) as tuples of cell text; repeated rows and columns
    expanded, empty repeats not, until TABLE_CHARS characters in all: a few bytes that repeat one long cell over
    every row and column would otherwise expand to gigabytes."""
    left = TABLE_CHARS
    for row in table.iter(_ROW):
        if _table_of(row) is not table:
            continue
        cells: list[str] = []
        size = 0
        for cell in row:
            if cell.tag not in (_CELL, _COVERED):
                continue
            text = " ".join(paragraphs(cell))
            repeat = min(_count(cell.get(_COLUMNS_REPEATED)), max_columns - len(cells), 1 + left // (len(text) + 1))
            cells.extend([text] * repeat)
            size += repeat * (len(text) + 1)
            if len(cells) >= max_columns or size > left:
                break
        while cells and not cells[-1]:  # LibreOffice ends each row with empty cells repeated to column 1024
            cells.pop()
        values = tuple(cells)
        repeat = _count(row.get(_ROWS_REPEATED)) if any(values) else 1
        for _ in range(min(repeat, MAX_ROWS + 1)):
            if left < 0:
                return
            left -= max(size, 1)
            yield values


def _table_of(row: Any) -> Any:
    """The table a row belongs to: its nearest table ancestor (rows sit in header, row-group and rows elements)."""
    parent = row.getparent()
    while parent is not None and parent.tag != _TABLE:
        parent = parent.getparent()
    return parent


def _count(value: str | None) -> int:
    """A count an attribute gives (spaces, repeated cells or rows), 1 when it is none; at most a billion (digits.py:
    a count of thousands of digits failed the document)."""
    digits = (value or "").lstrip("0")
    return bounded(digits) if digits.isdecimal() else 1


def _sheets(content: Any, warnings: list[str]) -> list[Section]:
    body = content.find("office:body/office:spreadsheet", _NS)
    sections: list[Section] = []
    for table in body.findall("table:table", _NS) if body is not None else []:
        name = one_line(table.get(_tag("table", "name"), "")) or f"Sheet {len(sections) + 1}"
        text = sheet_text(name, _table_rows(table, MAX_COLUMNS + 1), warnings)
        if text:
            sections.append(Section(text=text, heading=name))
    return sections


def _slides(content: Any) -> list[Section]:
    sections = []
    for number, page in enumerate(content.iter(_PAGE), start=1):
        title, blocks = "", []
        for shape in page:  # frames, but also custom shapes, groups, lines: whatever holds paragraphs
            if shape.tag == _NOTES or not isinstance(shape.tag, str):
                continue
            text = "\n".join(paragraphs(shape))
            if shape.tag == _FRAME and shape.get(_tag("presentation", "class")) == "title" and not title:
                title = one_line(text)
            elif text:
                blocks.append(text)
        notes = page.find("presentation:notes", _NS)
        if notes is not None:
            lines = list(paragraphs(notes))
            if lines:
                blocks.append("Notes:\n" + "\n".join(lines))
        if blocks or title:
            sections.append(Section(text="\n\n".join(blocks) or title, heading=title or f"Slide {number}", page=number))
    return sections
