"""docsearch's indexer: turns a folder of documents into a Whoosh index, and reads and searches it.

Public API: update_index() writes; Searcher / Snapshot read; the values and errors below are what they return
and raise. The on-disk format belongs to this package alone.
"""

from indexer.errors import (
    DocsFolderError,
    DocumentNotFoundError,
    IndexerError,
    IndexFormatError,
    IndexLockedError,
    IndexNotFoundError,
    IndexWriteError,
    LoaderError,
)
from indexer.model import Document, IndexReport, Passage, SkippedFile
from indexer.pipeline import update_index
from indexer.search import Excerpt, Hit, Searcher, Snapshot, part_id
from indexer.settings import IndexerSettings

__version__ = "0.1.0"

__all__ = [
    "DocsFolderError",
    "Document",
    "DocumentNotFoundError",
    "Excerpt",
    "Hit",
    "IndexFormatError",
    "IndexLockedError",
    "IndexNotFoundError",
    "IndexReport",
    "IndexWriteError",
    "IndexerError",
    "IndexerSettings",
    "LoaderError",
    "Passage",
    "Searcher",
    "SkippedFile",
    "Snapshot",
    "__version__",
    "part_id",
    "update_index",
]
