"""What office documents say about themselves (title, author, dates, keywords), as a loader's front matter.

Every value is optional; a property a library cannot read (a damaged docProps/core.xml) is left out, never fatal.
A title an application wrote by itself ("PowerPoint Presentation", "Untitled document") is no title (document_title).
Author and dates reach the document's stored metadata; keywords become its tags.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any

__all__ = [
    "core_metadata",
    "document_title",
    "has_core_properties",
    "metadata",
    "one_line",
    "ooxml_properties",
    "quiet",
    "safely",
]

_KEYWORD_SPLIT = re.compile(r"[,;]")
# Titles applications write by themselves: PowerPoint's "PowerPoint Presentation", python-pptx's "Presentation",
# Google Docs' "Untitled document", reportlab's "untitled", Word's "Document1", Acrobat's "Binder1", AutoCAD's
# layout names ("Model", "Layout1").
_PLACEHOLDER = re.compile(
    r"(?:untitled|title|document|presentation|book|binder|workbook|slide|sheet|model|layout|word document"
    r"|microsoft word document"
    r"|powerpoint presentation|untitled (?:document|presentation|spreadsheet))[ _-]?\d{0,4}",
    re.IGNORECASE,
)
# A PDF printed from Office by Acrobat's PDFMaker or Distiller is titled "Microsoft Word - report.docx".
_PRINTED_FROM = re.compile(r"microsoft (?:office )?(?:word|powerpoint|excel) - ", re.IGNORECASE)
# A PDF exported from a drawing application is titled with the drawing's file name: Django's diagrams,
# OmniGraffle's "triage_process.graffle"; Visio's, draw.io's, Illustrator's likewise; one printed from an image, the
# image's.
_DOCUMENT_SUFFIXES = frozenset(
    {"doc", "docx", "docm", "dot", "dotx", "ppt", "pptx", "pptm", "xls", "xlsx", "xlsm", "pdf", "odt", "odp", "ods",
     "rtf", "txt", "indd", "pages", "key", "numbers", "tex", "html", "htm", "md",
     "graffle", "vsd", "vsdx", "drawio", "dia", "odg", "svg", "ai", "eps", "ps", "dvi", "sketch", "psd",
     "png", "jpg", "jpeg", "gif", "webp", "tif", "tiff", "bmp", "heic"}
)  # fmt: skip
# A browser's tab showing an image, printed to PDF, is titled with the image's file name and size: Chrome's
# "chart.png (1578\u00d71766)", a multiplication sign between width and height.
_IMAGE_SIZE = re.compile(r" ?\(\d{1,6} ?[\u00d7x] ?\d{1,6}\)$")
_CORE_PROPERTIES = "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"


def metadata(
    author: object = None, created: object = None, modified: object = None, keywords: object = None
) -> dict[str, Any]:
    """Front matter from a document's properties: `author`, `created`, `modified` (ISO dates), `tags`."""
    front: dict[str, Any] = {}
    if isinstance(author, str) and author.strip():
        front["author"] = one_line(author)
    for name, value in (("created", created), ("modified", modified)):
        if isinstance(value, datetime | date):
            front[name] = value.isoformat()
        elif isinstance(value, str) and value.strip():
            front[name] = one_line(value)
    if isinstance(keywords, str):
        tags = [one_line(k) for k in _KEYWORD_SPLIT.split(keywords) if k.strip()]
        if tags:
            front["tags"] = tags
    return front


def core_metadata(props: Any) -> dict[str, Any]:
    """Front matter from python-docx's or python-pptx's CoreProperties."""
    return metadata(
        safely(lambda: props.author),
        safely(lambda: props.created),
        safely(lambda: props.modified),
        safely(lambda: props.keywords),
    )


def safely(read: Callable[[], Any]) -> Any:
    """A property's value, or None when reading it fails (a damaged properties part must not cost the text)."""
    try:
        return read()
    except Exception:  # libraries raise many kinds of error on a damaged part
        return None


def ooxml_properties(document: Any) -> tuple[str, dict[str, Any]]:
    """The title and front matter of a python-docx Document or python-pptx Presentation, from its core properties
    when it has its own (else "" and nothing: the library would make them up)."""
    if not has_core_properties(document.part.package):
        return "", {}
    props = document.core_properties
    return document_title(safely(lambda: props.title) or ""), core_metadata(props)


def document_title(title: object) -> str:
    """A title from a file's own properties, or "" when the application wrote it there by itself: a placeholder
    ("PowerPoint Presentation", "Untitled document", "Binder1.pdf") would title every such file alike in results,
    where the first heading or the file's name tells them apart. A file name ("Microsoft Word - Q3 report.docx",
    "notes.pdf", "chart.png" and its size in pixels) gives its stem."""
    if not isinstance(title, str):
        return ""
    text = one_line(title)
    printed = _PRINTED_FROM.match(text)
    if printed:
        text = text[printed.end() :].strip()
    text = _IMAGE_SIZE.sub("", text)
    stem, dot, suffix = text.rpartition(".")
    if dot and stem.strip() and suffix.lower() in _DOCUMENT_SUFFIXES:
        text = stem.strip()
    return "" if _PLACEHOLDER.fullmatch(text) else text


def has_core_properties(package: Any) -> bool:
    """Whether an OPC package (python-docx's or python-pptx's) has a core properties part of its own: when it has
    none, both libraries make one up, titled "Word Document" or "PowerPoint Presentation"."""
    try:
        package.part_related_by(_CORE_PROPERTIES)
    except Exception:  # KeyError when there is none; anything else: a damaged package, read as none
        return False
    return True


@contextmanager
def quiet() -> Iterator[None]:
    """Libraries' Python warnings left out while they read a file ("Workbook contains no default style", "Data
    Validation extension is not supported and will be removed"): they speak of writing, which no loader does."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def one_line(text: str) -> str:
    return " ".join(text.split())
