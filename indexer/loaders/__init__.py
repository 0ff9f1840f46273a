"""Document loaders, one module per format, picked by file suffix from an ordered registry; a few take files by
their name or their first bytes (an OpenAPI spec: `openapi.yaml`, or a `.yaml` that opens with `openapi: 3.1.0`),
which a suffix alone does not tell (most `.yaml` files are no document; Learn's `### YamlMime:Landing` pages are)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath

from indexer.loaders.base import Loader
from indexer.loaders.docx import DocxLoader
from indexer.loaders.epub import EpubLoader
from indexer.loaders.html import HtmlLoader
from indexer.loaders.learnyaml import LearnYamlLoader
from indexer.loaders.mail import EmailLoader
from indexer.loaders.man import ManLoader
from indexer.loaders.markdown import MarkdownLoader
from indexer.loaders.mbox import MboxLoader
from indexer.loaders.mdx import MdxLoader
from indexer.loaders.notebook import NotebookLoader
from indexer.loaders.odf import OdfLoader
from indexer.loaders.openapidoc import HEAD_BYTES, OpenApiLoader
from indexer.loaders.pdf import PdfLoader
from indexer.loaders.pod import PodLoader
from indexer.loaders.pptx import PptxLoader
from indexer.loaders.rst import RstLoader
from indexer.loaders.rtf import RtfLoader
from indexer.loaders.texinfo import TexinfoLoader
from indexer.loaders.text import TextLoader
from indexer.loaders.xlsx import XlsxLoader

MAILBOX = MboxLoader()  # by its suffix, and by its name in Apple Mail's export (`Inbox.mbox/mbox`)
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
    MAILBOX,
    OdfLoader("odt"),
    OdfLoader("ods"),
    OdfLoader("odp"),
    EpubLoader(),
    RtfLoader(),
    TexinfoLoader(),
    PodLoader(),
)

# loaders that take a file by its name or first bytes: after those of its suffix
BY_NAME = (OpenApiLoader(), ManLoader(), MAILBOX, LearnYamlLoader())

__all__ = ["BY_NAME", "HEAD_BYTES", "LOADERS", "SUFFIXES", "Loader", "indexable", "loader_for"]

SUFFIXES: frozenset[str] = frozenset().union(*(loader.suffixes for loader in LOADERS))


def loader_for(path: PurePath, head: bytes = b"") -> Loader | None:
    """The loader for a file name whose first bytes are `head` (HEAD_BYTES of them), or None when no loader
    takes it."""
    suffix = path.suffix.lower()
    for loader in LOADERS:
        if suffix in loader.suffixes:
            return loader
    return next((loader for loader in BY_NAME if loader.takes(path, head)), None)


def indexable(name: str, head: Callable[[], bytes]) -> bool:
    """Whether a loader takes a file of this name; `head` reads its first HEAD_BYTES bytes, which are looked at only
    when neither the suffix nor the name tells (a `.yaml` file that may be an OpenAPI spec)."""
    path = PurePath(name)
    if path.suffix.lower() in SUFFIXES:
        return True
    if not any(loader.sniffs(path) for loader in BY_NAME):  # told by their first bytes
        return False
    return loader_for(path) is not None or loader_for(path, head()) is not None
