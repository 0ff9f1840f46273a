"""docsearch's indexer: turns a folder of documents into a Whoosh index, and reads and searches it.

Public API: update_index() writes; Searcher / Snapshot read; the values and errors below are what they return
and raise. The on-disk format belongs to this package alone.
"""

import importlib
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from indexer.pipeline import update_index
    from indexer.search import Excerpt, Hit, Searcher, Snapshot, part_id
    from indexer.settings import IndexerSettings

__version__ = "0.1.0"

# Imported when first asked for: an indexing worker process imports this package for its own modules, and
# needs neither the search side nor the settings (pydantic).
_LAZY = {
    "update_index": "indexer.pipeline",
    "Excerpt": "indexer.search",
    "Hit": "indexer.search",
    "Searcher": "indexer.search",
    "Snapshot": "indexer.search",
    "part_id": "indexer.search",
    "IndexerSettings": "indexer.settings",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'indexer' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
