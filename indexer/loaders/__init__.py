"""Document loaders, one module per format, picked by file suffix from an ordered registry."""

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

__all__ = ["LOADERS", "SUFFIXES", "Loader", "loader_for"]

SUFFIXES: frozenset[str] = frozenset().union(*(loader.suffixes for loader in LOADERS))


def loader_for(path: PurePath) -> Loader | None:
    """The loader for a file name, or None when no loader takes its suffix."""
    suffix = path.suffix.lower()
    for loader in LOADERS:
        if suffix in loader.suffixes:
            return loader
    return None
