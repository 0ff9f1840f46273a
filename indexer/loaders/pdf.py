"""PDF: one Section per page that has text, read with pypdf.

Sections carry `page` (1-based) and an empty `heading`: PDFs have no reliable headings, and the page
number already says where a passage is. A running header or footer is kept on its first page only
(runningheads.py); a filled form's values follow the page's text (pdfforms.py). An encrypted PDF is
opened with the empty password when it has only an owner password; otherwise it is an error. A PDF
without any text layer (a scan) loads with no sections and a warning. pypdf's Python warnings and log
records about a damaged file never escape: up to a few of them become one warning, "damaged PDF, its
text read anyway (pypdf: ...)".
"""

from __future__ import annotations

import io
import logging
import re
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from indexer.errors import LoaderError
from indexer.loaders.base import describe
from indexer.loaders.officemeta import document_title
from indexer.loaders.pdfforms import form_lines
from indexer.loaders.runningheads import drop_running_heads
from indexer.model import ParsedDoc, Section

if TYPE_CHECKING:
    from pypdf import PdfReader

__all__ = ["PdfLoader", "normalise_pdf_text"]

_MAX_PYPDF_NOTES = 3
_MAX_NOTE_CHARS = 120
_HEADER_WINDOW = 1024  # readers accept the %PDF- header anywhere in the first KiB
_SPACES = re.compile(r"[^\S\n]+")
_BLANK_LINES = re.compile(r"\n{3,}")
_LINE_END_HYPHEN = re.compile(r"(\w)-\n(\w)")
_DOT_LEADER = re.compile(r"(?:[.\u2026] ?){4,}")  # a table of contents' "Overview ........ 6"


class PdfLoader:
    """Loads .pdf files page by page; see the module docstring for what becomes a Section."""

    format = "pdf"
    suffixes = frozenset({".pdf"})

    def load(self, path: Path, data: bytes) -> ParsedDoc:
        with _pypdf_notes() as notes:
            reader = _open(data)
            title = _title(reader)
            page_count, sections, problems = _read_pages(reader)
        found = tuple(problems) + _summarise(notes)
        if not sections and len(problems) < max(page_count, 1):  # not only pages that failed
            found = ("no text layer (scanned PDF?)", *found)
        return ParsedDoc(
            format=self.format,
            title=title,
            sections=tuple(sections),
            pages=page_count,
            warnings=found,
        )


def normalise_pdf_text(text: str) -> str:
    """Tidy extracted text: one space between words, at most one blank line, line-end hyphens re-joined, a dot
    leader one ellipsis."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "").replace("\u00ad\n", "")
    text = _SPACES.sub(" ", _DOT_LEADER.sub(" … ", text))
    text = "\n".join(line.strip() for line in text.split("\n"))
    text = _LINE_END_HYPHEN.sub(_join_hyphenated, text)
    return _BLANK_LINES.sub("\n\n", text).strip()


def _join_hyphenated(match: re.Match[str]) -> str:
    before, after = match.group(1), match.group(2)
    if before.isalpha() and after.islower():  # "exam-\nple" -> "example"; keep "COVID-\n19", "A-\nB"
        return before + after
    return match.group(0)


def _open(data: bytes) -> PdfReader:
    from pypdf import PasswordType, PdfReader  # here: a tenth of a second at start-up, for runs without PDFs

    if b"%PDF-" not in data[:_HEADER_WINDOW]:
        raise LoaderError("not a readable PDF: no %PDF header (is it really a PDF?)")
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        locked = reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED
    except Exception as exc:  # pypdf raises many kinds of error on damaged input, not only PdfReadError
        raise LoaderError(f"not a readable PDF: {describe(exc)}") from exc
    if locked:
        raise LoaderError("encrypted PDF (password required)")
    return reader


def _title(reader: PdfReader) -> str:
    try:
        metadata = reader.metadata
        title = metadata.title if metadata is not None else None
    except Exception:  # a broken /Info dictionary should not cost the document its text
        return ""
    return document_title(str(title)) if title else ""


def _read_pages(reader: PdfReader) -> tuple[int, list[Section], list[str]]:
    try:
        pages = list(reader.pages)
    except Exception as exc:  # a broken page tree leaves nothing to read
        raise LoaderError(f"not a readable PDF: {describe(exc)}") from exc
    texts: list[str] = []
    problems: list[str] = []
    for number, page in enumerate(pages, start=1):
        try:
            texts.append(normalise_pdf_text(page.extract_text() or ""))
        except Exception:  # one bad page (broken content stream, missing font) must not sink the rest
            problems.append(f"page {number}: text could not be extracted")
            texts.append("")
    texts = drop_running_heads(texts)
    read: set[tuple[int, int]] = set()  # the form objects read already (pdfforms.form_lines)
    texts = ["\n".join(filter(None, (text, *form_lines(page, read)))) for text, page in zip(texts, pages, strict=True)]
    sections = [Section(text=text, page=number) for number, text in enumerate(texts, start=1) if text]
    return len(pages), sections, problems


def _summarise(notes: list[str]) -> tuple[str, ...]:
    """pypdf's notes as one warning that says what they mean to a reader: the file is damaged, its text was read
    anyway ("incorrect startxref pointer(1)" alone says neither)."""
    distinct = list(dict.fromkeys(note[:_MAX_NOTE_CHARS] for note in notes))
    if not distinct:
        return ()
    said = "; ".join(distinct[:_MAX_PYPDF_NOTES])
    more = len(distinct) - _MAX_PYPDF_NOTES
    return (f"damaged PDF, its text read anyway (pypdf: {said}{f'; {more} more' if more > 0 else ''})",)


class _NoteCollector(logging.Handler):
    """Sends pypdf's log records to the current thread's open `_pypdf_notes()` list, if any."""

    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.local = threading.local()

    def emit(self, record: logging.LogRecord) -> None:
        notes: list[str] | None = getattr(self.local, "notes", None)
        if notes is not None:
            notes.append(" ".join(record.getMessage().split()))
        else:  # pypdf used outside a load: behave as if this handler were not there
            logging.getLogger().handle(record)


_COLLECTOR = _NoteCollector()
_INSTALL_LOCK = threading.Lock()


@contextmanager
def _pypdf_notes() -> Iterator[list[str]]:
    """Collect pypdf's log messages and Python warnings while parsing, instead of printing them."""
    logger = logging.getLogger("pypdf")
    with _INSTALL_LOCK:
        if _COLLECTOR not in logger.handlers:
            logger.addHandler(_COLLECTOR)
            logger.propagate = False
    notes: list[str] = []
    _COLLECTOR.local.notes = notes
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield notes
        notes.extend(" ".join(str(w.message).split()) for w in caught)
    finally:
        _COLLECTOR.local.notes = None
