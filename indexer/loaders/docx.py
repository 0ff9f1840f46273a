"""Word (.docx, .docm): the body's paragraphs and tables in order, split at headings, read with python-docx.

The body is read as Word shows it (wordxml.py): content controls, tracked insertions, fields' results, text
boxes and the words of charts and SmartArt diagrams are text; tracked deletions and field codes are not. A
paragraph whose style is a heading ("Heading 1".."Heading 9", "Title") starts a new Section whose `heading` is its
text. Tables become one line per row, cells joined by " | " (a merged cell counted once). Headers, footers,
comments and footnotes are not body text and are left out; style names and XML never reach the text. Title: the
core properties' title, else the first "Title" paragraph, else the first heading. Author, created and modified
dates go to front matter, keywords to tags. A .docm's macros are never read (containers.py), only its text.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from indexer.errors import LoaderError
from indexer.loaders.base import describe
from indexer.loaders.charts import chart_text, first_showing
from indexer.loaders.containers import open_container
from indexer.loaders.diagrams import diagram_text
from indexer.loaders.officemeta import one_line, ooxml_properties, quiet
from indexer.loaders.wordxml import TABLE, blocks, graphics, paragraph_style, paragraph_text, table_rows
from indexer.loaders.xmlparts import parse_part
from indexer.model import ParsedDoc, Section

if TYPE_CHECKING:
    from docx.document import Document

__all__ = ["DocxLoader"]

_DOCM_MAIN = "application/vnd.ms-word.document.macroEnabled.main+xml"
_DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
_HEADING_STYLES = frozenset({"title", *(f"heading {n}" for n in range(1, 10))})


class DocxLoader:
    """Loads .docx and .docm files; see the module docstring for what becomes a Section."""

    format = "docx"
    suffixes = frozenset({".docx", ".docm"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        with quiet():
            return self._read(data)

    def _read(self, data: bytes) -> ParsedDoc:
        container = open_container(data, "Word document", retype={_DOCM_MAIN: _DOCX_MAIN})
        document = _open(container.data)
        body = _Body(style_names(document))
        shown: set[str] = set()  # the chart and diagram parts whose words are in the text already
        try:
            for block in blocks(document.element.body):
                body.add(block)
                for kind, rid in graphics(block) if block.tag != TABLE else ():
                    body.add_words(_graphic_text(document, kind, rid, shown))
        except Exception as exc:  # python-docx raises many kinds of error on a damaged body
            raise LoaderError(f"not a readable Word document: {describe(exc)}") from exc
        title, front = ooxml_properties(document)
        return ParsedDoc(
            format=self.format,
            title=title or body.first_title or body.first_heading,
            sections=tuple(body.sections()),
            front_matter=front,
            warnings=container.warnings,
        )


def _graphic_text(document: Document, kind: str, rid: str, shown: set[str]) -> str:
    """A chart's or a SmartArt diagram's words (charts.py, diagrams.py); "" when its part is missing or damaged,
    or its words are in the text already (`shown`: charts.first_showing)."""
    try:
        part = document.part.related_parts[rid]
        if not first_showing(part, shown):
            return ""
        blob = part.blob
        if kind == "diagram":
            return diagram_text(blob, "Word document")
        return chart_text(parse_part(blob, "a chart", "Word document"))
    except (KeyError, LoaderError):
        return ""


def _open(data: bytes) -> Document:
    import docx  # here: python-docx loads lxml and its part classes, for runs without Word files

    try:
        return docx.Document(io.BytesIO(data))
    except Exception as exc:  # a missing part, a bad relationship, XML that does not parse
        raise LoaderError(f"not a readable Word document: {describe(exc)}") from exc


class _Body:
    """Paragraphs and tables collected into heading-delimited sections."""

    def __init__(self, styles: dict[str, str]) -> None:
        self._styles = styles
        self.first_title = ""
        self.first_heading = ""
        self._done: list[Section] = []
        self._heading = ""
        self._level = 0
        self._blocks: list[str] = []

    def add(self, block: Any) -> None:
        """A w:p or w:tbl of the body (wordxml.blocks)."""
        if block.tag == TABLE:
            self._blocks.append(table_text(block))
            return
        text = paragraph_text(block).strip()
        style = self._styles.get(paragraph_style(block), "")
        if text and style in _HEADING_STYLES:
            heading = one_line(text)
            self._flush()
            self._heading, self._level = heading, 1 if style == "title" else int(style.split()[1]) + 1
            if style == "title" and not self.first_title:
                self.first_title = heading
            self.first_heading = self.first_heading or heading
        elif text:
            self._blocks.append(text)

    def add_words(self, text: str) -> None:
        """Text of the body's that is no paragraph of it: a chart's, a diagram's."""
        if text:
            self._blocks.append(text)

    def sections(self) -> list[Section]:
        self._flush()
        return self._done

    def _flush(self) -> None:
        text = "\n\n".join(b for b in self._blocks if b)
        if text or self._heading:  # a heading right before another is kept (assemble() joins them)
            self._done.append(Section(text=text, heading=self._heading, level=self._level))
        self._heading, self._level, self._blocks = "", 0, []


def table_text(table: Any) -> str:
    """One line per row, its cells' text joined by " | " (a cell spanning columns appears once, empty cells none)."""
    rows = (" | ".join(cell for cell in cells if cell) for cells in table_rows(table))
    return "\n".join(row for row in rows if row)


def style_names(document: Document) -> dict[str, str]:
    """The file's own paragraph styles, id -> lower-case name, read once: python-docx looks a paragraph's style up
    by scanning every style, for every paragraph, and makes up a styles part when the file has none."""
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.oxml.ns import qn

    try:
        styles = document.part.part_related_by(RELATIONSHIP_TYPE.STYLES).element  # type: ignore[attr-defined]
    except Exception:  # no styles part (KeyError), or a damaged one: no paragraph is a heading by its style
        return {}
    names: dict[str, str] = {}
    for style in styles.iterchildren(qn("w:style")):
        style_id, name = style.get(qn("w:styleId")), style.find(qn("w:name"))
        if style_id and name is not None:
            names[style_id] = (name.get(qn("w:val")) or "").lower()
    return names
