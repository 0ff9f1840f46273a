"""RTF (.rtf): the text of an RTF file, read with striprtf; title and author from its \\info group.

Formatting, font and colour tables, style sheets, pictures, headers, footers and footnotes are not text (striprtf
leaves every such destination out). The code page named by \\ansicpg decodes \\'xx escapes (cp1252 when it names
none or one Python does not know). A table's row is a line, its cells joined by " | ". Title: \\info's \\title,
else the file name. Author and creation date (\\creatim) go to front matter, \\keywords to tags.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import Any

from indexer.errors import LoaderError
from indexer.loaders.base import describe
from indexer.loaders.officemeta import document_title, metadata, one_line
from indexer.model import ParsedDoc, Section

__all__ = ["RtfLoader"]

_SIGNATURE = re.compile(rb"^\s*\{\\rtf")
_CODE_PAGE = re.compile(r"\\ansicpg(\d{3,5})")
_INFO_FIELD = re.compile(r"\{\\(title|author|keywords)\s([^{}]*)\}")
_CREATED = re.compile(r"\\creatim\\yr(\d{4})\\mo(\d{1,2})\\dy(\d{1,2})")
_BLANK_LINES = re.compile(r"\n{3,}")
_INFO_WINDOW = 64 * 1024  # the \info group sits in the header, near the start


class RtfLoader:
    """Loads .rtf files; see the module docstring for what becomes text."""

    format = "rtf"
    suffixes = frozenset({".rtf"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        from striprtf.striprtf import rtf_to_text  # here: for runs without RTF files

        if not _SIGNATURE.match(data[:64]):
            raise LoaderError("not an RTF file: it does not start with {\\rtf (is it really RTF?)")
        rtf = data.decode("latin-1")  # RTF is 7-bit; any other byte stands for itself
        encoding = _encoding(rtf)
        try:
            text = rtf_to_text(rtf, encoding=encoding, errors="replace")
        except Exception as exc:  # striprtf raises on some malformed escapes
            raise LoaderError(f"not a readable RTF file: {describe(exc)}") from exc
        text = _BLANK_LINES.sub("\n\n", "\n".join(_row(line) for line in text.splitlines())).strip()
        title, front = _info(rtf[:_INFO_WINDOW], encoding, rtf_to_text)
        return ParsedDoc(format=self.format, title=title, sections=(Section(text=text),), front_matter=front)


def _row(line: str) -> str:
    """A line; a table row's cells (striprtf ends each with "|") joined by " | ", as the Word and PowerPoint loaders
    join them, its empty cells and the spaces that padded them left out ("Suppe:|M 1| Salat     A,C,|")."""
    if "|" not in line:
        return line.rstrip()
    return " | ".join(cell for cell in (one_line(cell) for cell in line.split("|")) if cell)


def _encoding(rtf: str) -> str:
    match = _CODE_PAGE.search(rtf, 0, 4096)
    if match:
        name = f"cp{match.group(1)}"
        try:
            codecs.lookup(name)
        except LookupError:
            return "cp1252"
        return name
    return "cp1252"


def _info(header: str, encoding: str, rtf_to_text: Any) -> tuple[str, dict[str, Any]]:
    fields: dict[str, str] = {}
    for match in _INFO_FIELD.finditer(header):
        try:
            value = rtf_to_text("{\\rtf1 " + match.group(2) + "}", encoding=encoding, errors="replace")
        except Exception:  # a malformed escape in one field: that field is left out
            continue
        fields.setdefault(match.group(1), one_line(value))
    created = _CREATED.search(header)
    date = None
    if created:
        year, month, day = (int(g) for g in created.groups())
        date = f"{year:04d}-{month:02d}-{day:02d}" if 1 <= month <= 12 and 1 <= day <= 31 else None
    return document_title(fields.get("title", "")), metadata(fields.get("author"), date, None, fields.get("keywords"))
