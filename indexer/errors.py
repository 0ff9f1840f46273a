"""Errors raised by the indexer package.

IndexerError                 base: anything the indexer reports to its caller
├── DocsFolderError          the documents folder is missing or is not a folder
├── AccessFileError          the folder's access file cannot be read or parsed
├── IgnoreFileError          the folder's ignore file has a pattern that is not valid
├── IndexLockedError         another indexer run holds the index's lock
├── IndexWriteError          the index could not be written (disk full, permission denied, ...)
├── IndexNotFoundError       there is no index at the path (nothing has been indexed yet)
├── IndexFormatError         the index was written by an incompatible version
└── EmbeddingModelError      the embedding model cannot be found, loaded or built
LoaderError                  one file could not be parsed; the pipeline records it and goes on
└── NotAPage                 one file is no page by design (a redirect): skipped as the site's rules skip files
DocumentNotFoundError        no document with that id (lookups never touch the file system)
"""

from __future__ import annotations


class IndexerError(Exception):
    """Base of every error the indexer reports to its caller."""


class DocsFolderError(IndexerError):
    """The documents folder is missing, unreadable or not a folder."""


class AccessFileError(IndexerError):
    """The documents folder's access file (.docsearchaccess) cannot be read or has a malformed rule."""


class IgnoreFileError(IndexerError):
    """The documents folder's ignore file (.docsearchignore) has a line that is not a valid pattern."""


class IndexLockedError(IndexerError):
    """Another indexer run holds the index's lock."""


class IndexWriteError(IndexerError):
    """The index could not be written: disk full, permission denied, read-only file system."""


class IndexNotFoundError(IndexerError):
    """No complete index exists at the path."""


class IndexFormatError(IndexerError):
    """The index on disk was written by an incompatible version of the indexer."""


class EmbeddingModelError(IndexerError):
    """The embedding model is not installed, its folder lacks a file or holds an unsupported model, or its
    build in the index cannot be loaded."""


class LoaderError(Exception):
    """A file could not be parsed. `reason` is a short phrase for the run's summary."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotAPage(LoaderError):
    """A file that is no page, through no fault of its own (an HTML redirect: a meta refresh to another address):
    skipped by design, as a site's rules skip its partials, not listed as a failure."""


class DocumentNotFoundError(LookupError):
    """No document (or part) with the given id."""

    def __init__(self, doc_id: str) -> None:
        super().__init__(doc_id)
        self.doc_id = doc_id
