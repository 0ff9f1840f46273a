"""Reading a generation's documents for a caller: metadata, text, passages, and the excerpts that fetch returns.

A document a caller may not see answers exactly as an id that does not exist. Ids are looked up in the index,
never used as paths. A part id (`manual.pdf#page=12`, `guide.md#part=7`, `guide.md#at=5000`) names where in a
document a fetch starts.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from indexer.errors import DocumentNotFoundError
from indexer.groups import Groups, visible
from indexer.model import Document, Passage
from indexer.store.docreader import DocReader


@dataclass(frozen=True)
class Excerpt:
    """A stretch of a document's text that one fetch returns, and where the rest continues."""

    document: Document
    id: str  # the id asked for: a document id, or a part id such as "manual.pdf#page=12"
    text: str
    start: int
    end: int
    next_id: str | None  # the part id that continues after `end`, or None at the end of the document
    title: str  # the title of what it holds: its document's, or that of the item a page is (item_title)


# Formats whose pages are items of their own: a mailbox's messages. A search cites the page of its hit, titled
# as the item, and a fetch of a page returns that page alone (its `next` is the next page).
SEPARATE_PAGES = frozenset({"mbox"})


def item_title(document: Document, passage: Passage | None) -> str:
    """The title of what a hit or a fetch shows: the document's, or, for a page that is an item of its own
    (SEPARATE_PAGES), that page's heading (a message's subject) and the document's: "Re: Release plan (Dev)"."""
    if document.format in SEPARATE_PAGES and passage is not None and passage.page is not None and passage.heading:
        return f"{passage.heading} ({document.title})"
    return document.title


def cited_id(document: Document, passage: Passage | None, fetch_max_chars: int, part: str = "") -> str:
    """The id a search result gives for a hit on `passage` (`part`, its part_id): the page of an item of its own
    (SEPARATE_PAGES); a part id when the passage lies beyond what one fetch of the document returns; else the
    document's id."""
    if passage is None:
        return document.id
    if document.format in SEPARATE_PAGES and passage.page is not None:
        return part_id(document.id, passage)  # (its page's id, wherever in the page the passage lies)
    if passage.end > fetch_max_chars:
        return part or part_id(document.id, passage)
    return document.id


def part_id(doc_id: str, passage: Passage, opens_page: bool = True) -> str:
    """The id that fetch takes to start reading at a passage: "#page=N" for the first passage of a page, else
    "#part=K" (a page id starts at the top of its page, and one page can hold more than a fetch returns)."""
    if passage.page is not None and opens_page:
        return f"{doc_id}#page={passage.page}"
    return f"{doc_id}#part={passage.ordinal}"


class DocumentView:
    """A generation's documents as callers read them; `Snapshot` is one, with search on top. The docstore
    connection is used under one lock (SQLite objects are not shared across threads at once)."""

    def __init__(self, reader: DocReader) -> None:
        self._docs = reader
        self._lock = threading.Lock()

    def document_count(self, groups: Groups = None) -> int:
        """How many documents a caller in `groups` may see (None: every document)."""
        with self._lock:
            return self._docs.count(groups)

    def formats(self, groups: Groups = None) -> list[tuple[str, int]]:
        """(format, document count) of the documents a caller in `groups` may see, the most common first."""
        with self._lock:
            return self._docs.formats(groups)

    def document(self, doc_id: str, groups: Groups = None) -> Document | None:
        """The document with that id, if there is one and a caller in `groups` may see it."""
        if not _storable(doc_id):
            return None
        with self._lock:
            document = self._docs.document(doc_id)
            return document if document is not None and visible(document, groups) else None

    def text(self, doc_id: str, groups: Groups = None) -> str | None:
        if not _storable(doc_id):
            return None
        with self._lock:
            document = self._docs.document(doc_id)
            if document is None or not visible(document, groups):
                return None
            return self._docs.text(doc_id)

    def slice(self, doc_id: str, start: int, end: int) -> str:
        """Characters start..end of a document's text, without reading the rest."""
        with self._lock:
            return self._docs.slice(doc_id, start, end)

    def passages(self, doc_id: str) -> list[Passage]:
        with self._lock:
            return self._docs.passages(doc_id)

    def excerpt(self, ref: str, max_chars: int, groups: Groups = None) -> Excerpt:
        """Up to max_chars of a document's text from the start, or from a part id; cut between passages.
        A document a caller in `groups` may not see is not found, exactly like an unknown id."""
        if not _storable(ref):
            raise DocumentNotFoundError(ref)
        with self._lock:
            doc_id, start = self._resolve(ref)
            document = self._docs.document(doc_id)
            if document is None or not visible(document, groups):
                raise DocumentNotFoundError(ref)
            passages = self._docs.passages(doc_id)
            end = min(document.chars, start + max_chars)
            item = _item_at(document, passages, start) if ref != doc_id else None
            if item is not None:  # a page that is an item of its own: that page alone
                end = min(end, max(p.end for p in passages if p.page == item.page))
            if end < document.chars:  # cut at the last passage boundary that fits, when there is one
                ends = [p.end for p in passages if start < p.end <= end]
                end = max(ends) if ends else end
            index = next((i for i, p in enumerate(passages) if p.start >= end), None) if end < document.chars else None
            next_id = None
            if index is not None:
                opens_page = index == 0 or passages[index - 1].page != passages[index].page
                next_id = part_id(doc_id, passages[index], opens_page)
            if end < document.chars and next_id is None:
                next_id = f"{doc_id}#at={end}"
            text = self._docs.slice(doc_id, start, end)
            return Excerpt(document, ref, text, start, end, next_id, item_title(document, item))

    def _part_id(self, passage: Passage) -> str:
        previous = self._docs.passage(passage.doc_id, passage.ordinal - 1) if passage.page is not None else None
        return part_id(passage.doc_id, passage, previous is None or previous.page != passage.page)

    def _resolve(self, ref: str) -> tuple[str, int]:
        """(document id, start offset) of a document id or a part id. Ids are looked up, never used as paths. A
        part or page starts where the passage before it ends: what lies between two passages (the heading of the
        second) is read with the second, and parts chained through `next` hold the whole text."""
        if self._docs.document(ref) is not None:
            return ref, 0
        doc_id, sep, fragment = ref.rpartition("#")
        key, _, value = fragment.partition("=")
        if not sep or not (value.isascii() and value.isdigit() and len(value) <= 18) or key not in _PART_KEYS:
            raise DocumentNotFoundError(ref)
        number = int(value)
        if key == "at":
            document = self._docs.document(doc_id)
            if document is None or number > document.chars:
                raise DocumentNotFoundError(ref)
            return doc_id, number
        passages = self._docs.passages(doc_id)
        for i, p in enumerate(passages):
            if (key == "part" and p.ordinal == number) or (key == "page" and p.page == number):
                return doc_id, min(p.start, passages[i - 1].end) if i else 0
        raise DocumentNotFoundError(ref)

    def list_documents(self, after: str = "", limit: int = 100, groups: Groups = None) -> list[Document]:
        with self._lock:
            return self._docs.list_documents(after, limit, groups)


_PART_KEYS = ("part", "page", "at")


def _item_at(document: Document, passages: list[Passage], start: int) -> Passage | None:
    """The first passage of the page at `start`, when the document's pages are items of their own."""
    if document.format not in SEPARATE_PAGES:
        return None
    at = next((p for p in passages if p.end > start), None)
    return next((p for p in passages if p.page == at.page), None) if at is not None and at.page is not None else None


def _storable(doc_id: str) -> bool:
    """Whether an id can be an id at all: one that is not valid UTF-8 (a lone surrogate) names no document."""
    try:
        doc_id.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
