"""Document loaders, one module per format, picked by file suffix from an ordered registry; a few take files by
their name (an OpenAPI spec: `openapi.yaml`), which a suffix alone does not tell (most `.yaml` files are no
document)."""

from __future__ import annotations

from pathlib import PurePath

from indexer.loaders.base import Loader
from indexer.loaders.docx import DocxLoader
from indexer.loaders.epub import EpubLoader
from indexer.loaders.html import HtmlLoader
from indexer.loaders.mail import EmailLoader
from indexer.loaders.markdown import MarkdownLoader
from indexer.loaders.mdx import MdxLoader
from indexer.loaders.notebook import NotebookLoader
from indexer.loaders.odf import OdfLoader
from indexer.loaders.openapidoc import OpenApiLoader
from indexer.loaders.pdf import PdfLoader
from indexer.loaders.pptx import PptxLoader
from indexer.loaders.rst import RstLoader
from indexer.loaders.rtf import RtfLoader
from indexer.loaders.text import TextLoader
from indexer.loaders.xlsx import XlsxLoader

LOADERS: tuple[Loader, ...] = (
    MarkdownLoader(),
    MdxLoader(),
    PdfLoader(),
    HtmlLoader(),
    RstLoader(),
    TextLoader(),
    DocxLoader(),
    XlsxLoader(),
    PptxLoader(),
    NotebookLoader(),
    EmailLoader(),
    OdfLoader("odt"),
    OdfLoader("ods"),
    OdfLoader("odp"),
    EpubLoader(),
    RtfLoader(),
)

BY_NAME = (OpenApiLoader(),)  # loaders that take a file by its whole name: tried after those of its suffix

__all__ = ["BY_NAME", "LOADERS", "SUFFIXES", "Loader", "indexable", "loader_for"]

SUFFIXES: frozenset[str] = frozenset().union(*(loader.suffixes for loader in LOADERS))


def loader_for(path: PurePath) -> Loader | None:
    """The loader for a file name, or None when no loader takes it."""
    suffix = path.suffix.lower()
    for loader in LOADERS:
        if suffix in loader.suffixes:
            return loader
    return next((loader for loader in BY_NAME if loader.takes(path)), None)


def indexable(name: str) -> bool:
    """Whether a loader takes a file of this name."""
    return PurePath(name).suffix.lower() in SUFFIXES or any(loader.takes(PurePath(name)) for loader in BY_NAME)
