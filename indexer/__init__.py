"""docsearch's indexer: turns a folder of documents into a Whoosh index, and reads and searches it.

This module is the package's public face, and the only thing the connector (or any other caller) imports:
update_index() writes; Searcher / Snapshot read; the values and errors below are what they return and raise;
the group rules and terms_of() are what a caller needs to speak of access groups and words as the index does.
Inside, the rooms are:

    text/      what a word is (analysis), and the cleaning of extracted text: shared by both sides
    loaders/   one module per file format: bytes in, ParsedDoc out
    ingest/    folder -> new generation: scan, plan, workers (jobs, pool), records, pipeline
    store/     the on-disk format both sides share: generations, docs.sqlite, Whoosh schema and segments,
               the postings copy
    search/    generation -> results: Searcher and Snapshot, query language, BM25, feedback, snippets

    cli.py, watch.py, progress.py   the command line around ingest; settings.py, errors.py, model.py and
                                    groups.py are shared by every room

Imports point down: ingest and search each use store, text and the shared modules, never each other; store
uses only text and the shared modules (tests/test_architecture.py holds these rules).
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
from indexer.groups import MAX_GROUPS, Groups, check_group, group_names
from indexer.model import Document, IndexReport, Passage, SkippedFile

if TYPE_CHECKING:
    from indexer.ingest.pipeline import update_index
    from indexer.search.documents import Excerpt, cited_id, item_title, part_id
    from indexer.search.searcher import Hit, Searcher, Snapshot
    from indexer.settings import IndexerSettings, setting_error
    from indexer.text.analysis import terms_of, word_matches

__version__ = "0.1.0"

# Imported when first asked for: an indexing worker process imports this package for its own modules, and
# needs neither the search side nor the settings (pydantic).
_LAZY = {
    "update_index": "indexer.ingest.pipeline",
    "Excerpt": "indexer.search.documents",
    "Hit": "indexer.search.searcher",
    "Searcher": "indexer.search.searcher",
    "Snapshot": "indexer.search.searcher",
    "part_id": "indexer.search.documents",
    "cited_id": "indexer.search.documents",
    "item_title": "indexer.search.documents",
    "IndexerSettings": "indexer.settings",
    "setting_error": "indexer.settings",
    "terms_of": "indexer.text.analysis",
    "word_matches": "indexer.text.analysis",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'indexer' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "MAX_GROUPS",
    "DocsFolderError",
    "Document",
    "DocumentNotFoundError",
    "Excerpt",
    "Groups",
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
    "check_group",
    "cited_id",
    "group_names",
    "item_title",
    "part_id",
    "setting_error",
    "terms_of",
    "update_index",
    "word_matches",
]
