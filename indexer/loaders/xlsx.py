"""Excel (.xlsx, .xlsm): each worksheet a Section headed by its name, read with openpyxl (read-only, cached values).

A sheet's first non-empty row is its header; every later row becomes one paragraph of `header: value` lines
(a column without a header is named by its letter, empty cells are left out). Formulas give their cached value,
never their source. A sheet is bounded: after MAX_ROWS rows with values, MAX_SHEET_CHARS characters of text or
MAX_SCANNED_ROWS rows read (empty ones count, not the gaps between them), and past MAX_COLUMNS columns, the rest
is cut with a warning, so a million-row sheet costs what its first rows cost. Chart sheets have no cells and are
left out. Title: the workbook's properties, else the file name. Author and dates go to front matter, keywords to
tags.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from datetime import date, datetime, time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from indexer.errors import LoaderError
from indexer.loaders.base import describe
from indexer.loaders.containers import open_container
from indexer.loaders.officemeta import document_title, metadata, one_line, quiet, safely
from indexer.model import ParsedDoc, Section

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook

__all__ = ["MAX_COLUMNS", "MAX_ROWS", "MAX_SHEET_CHARS", "XlsxLoader"]

MAX_ROWS = 10_000  # rows with values, per sheet
MAX_SCANNED_ROWS = 100_000  # rows the file holds, empty or not, per sheet
EXCEL_ROWS = 1_048_576  # no sheet has more: a cell formatted on the last row leaves a gap of empty rows before it
MAX_SHEET_CHARS = 2_000_000
MAX_COLUMNS = 500


class XlsxLoader:
    """Loads .xlsx and .xlsm files; see the module docstring for what becomes a Section."""

    format = "xlsx"
    suffixes = frozenset({".xlsx", ".xlsm"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        with quiet():
            return self._read(data)

    def _read(self, data: bytes) -> ParsedDoc:
        container = open_container(data, "workbook")
        workbook = _open(container.data)
        sections: list[Section] = []
        warnings: list[str] = []
        if container.macros:
            warnings.append("macros left out: the cells are indexed, the macros are never run or read")
        try:
            for sheet in workbook.worksheets:
                if hasattr(sheet, "reset_dimensions"):  # else rows are padded to the size the file claims
                    sheet.reset_dimensions()
                text = sheet_text(sheet.title, sheet.iter_rows(values_only=True), warnings)
                if text:
                    sections.append(Section(text=text, heading=one_line(sheet.title)))
        except LoaderError:
            raise
        except Exception as exc:  # openpyxl raises many kinds of error on a damaged sheet
            raise LoaderError(f"not a readable workbook: {describe(exc)}") from exc
        finally:
            workbook.close()
        props = workbook.properties
        return ParsedDoc(
            format=self.format,
            title=document_title(safely(lambda: props.title)),
            sections=tuple(sections),
            front_matter=metadata(props.creator, props.created, props.modified, props.keywords),
            warnings=tuple(warnings),
        )


def _open(data: bytes) -> Workbook:
    import openpyxl  # here: a fifth of a second at start-up, for runs without workbooks

    try:
        return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
    except Exception as exc:  # a missing part, a bad relationship, XML that does not parse
        raise LoaderError(f"not a readable workbook: {describe(exc)}") from exc


def sheet_text(name: str, rows: Iterable[tuple[Any, ...]], warnings: list[str]) -> str:
    """A sheet's rows as paragraphs of `header: value` lines, within the bounds of the module docstring."""
    header: list[str] | None = None
    paragraphs: list[str] = []
    chars = kept = 0
    scanned = 0
    for read, row in enumerate(rows, start=1):
        if not row and read <= EXCEL_ROWS:  # a gap between two rows the file holds: free (0.07 s a million)
            continue
        scanned += 1
        if scanned > MAX_SCANNED_ROWS or read > EXCEL_ROWS or kept >= MAX_ROWS or chars >= MAX_SHEET_CHARS:
            warnings.append(f"sheet {name!r} cut after {kept:,} rows: only the first rows are indexed")
            break
        if len(row) > MAX_COLUMNS and header is None:
            wide = f"sheet {name!r} has more than {MAX_COLUMNS} columns: only the first are indexed"
            warnings += [] if wide in warnings else [wide]
        values = [_cell(v) for v in row[:MAX_COLUMNS]]
        if not any(values):
            continue
        if header is None:
            header = values
            continue
        lines = [f"{_column(header, i)}: {v}" for i, v in enumerate(values) if v]
        paragraph = "\n".join(lines)
        paragraphs.append(paragraph)
        chars += len(paragraph) + 2
        kept += 1
    if header is not None and not paragraphs:  # a sheet of one row: a list, not a header
        return "\n".join(v for v in header if v)
    return "\n\n".join(paragraphs)


def _column(header: list[str], index: int) -> str:
    if index < len(header) and header[index]:
        return header[index]
    return _letters(index)


def _letters(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, datetime):
        return value.isoformat(sep=" ", timespec="seconds").removesuffix(" 00:00:00")
    if isinstance(value, date | time):
        return value.isoformat()
    return one_line(str(value))
