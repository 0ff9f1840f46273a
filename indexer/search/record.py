"""Whoosh, the index of record, as a snapshot's searches use it: what the postings copy does not hold.

Most queries never reach it: the copy ranks sums of words, phrases, wildcards and ANDs (bm25.py). Whoosh
matches field filters (`type:pdf`, `path:guides/*`, `title:install` beside words), the clauses within a sum that
only it can match, and ranks whole the queries the copy cannot (operators alone, `postings=False`, the reference
that tests hold the copy's ranking to). Its searcher is opened by the first query that needs it. Every method is
called under the snapshot's lock: Whoosh's searcher, read through files, is used by one thread at a time.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import collectors
from whoosh import index as whoosh_index
from whoosh.filedb.filestore import FileStorage
from whoosh.idsets import BitSet
from whoosh.query import Or, Query, Term

from indexer.errors import IndexNotFoundError
from indexer.groups import PUBLIC, Groups
from indexer.search.bm25 import PostingsSearcher
from indexer.search.clauses import Edition, Prefix, stored_ids, with_expansions
from indexer.search.passages import MAX_CACHED_FILTERS
from indexer.search.ranking import Ranking
from indexer.search.wildcards import held_words
from indexer.store import storage
from indexer.store.docreader import DocReader
from indexer.store.postings import FIELDS

Found = list[tuple[str, int, float]]  # (doc id, ordinal of a passage, score)


class IndexOfRecord:
    """One generation's Whoosh index, opened when first needed, with what its filters cost kept for the next
    query: each caller's visible documents, each filter's passages, and which Whoosh document is which passage."""

    def __init__(self, folder: Path, ranking: Ranking, postings: PostingsSearcher, docs: DocReader) -> None:
        self.folder = folder
        self.ranking = ranking
        self._postings = postings
        self._docs = docs
        self._whoosh: Any = None  # Whoosh's searcher (see searcher)
        self._visible: dict[frozenset[str], BitSet] = {}  # by caller groups, oldest first
        self._masks: dict[tuple[str, Groups], np.ndarray | None] = {}  # see passing(); oldest first
        self._docnum_passages: np.ndarray | None = None  # see _passages_of_docnums()

    @property
    def searcher(self) -> Any:
        """Whoosh's searcher over the generation. Its segments are read through files, not memory maps: over a
        map, Whoosh copies each part of a segment that it opens (postings, terms, stored fields) into memory
        whole, 160 MB at 100,000 documents, and the first field query waited for the copy (about 0.12 s)."""
        if self._whoosh is None:
            try:
                files = FileStorage(str(self.folder / storage.WHOOSH_DIR), supports_mmap=False, readonly=True)
                index = files.open_index()
            except (OSError, whoosh_index.EmptyIndexError) as exc:  # removed: two newer generations were published
                raise IndexNotFoundError(
                    f"the index generation {self.folder.name} is gone (newer ones replaced it); search again"
                ) from exc
            self._whoosh = index.searcher(weighting=self.ranking.weighting())
            weakref.finalize(self, self._whoosh.close)  # its files, once the snapshot is let go
        return self._whoosh

    def matches(self, query: Query, groups: Groups, scored: bool = False) -> Found:
        """(doc id, ordinal, score) of every passage a query matches (score 0 unless `scored`); its wildcards
        expand as they do for a caller in `groups`."""
        collector: Any = collectors.UnlimitedCollector() if scored else collectors.UnsortedCollector()
        self.searcher.search_with_collector(self.bound(query, groups), collector)
        return [(hit["doc_id"], hit["ordinal"], hit.score or 0.0) for hit in collector.results()]

    def ranked(self, query: Query, limit: int, groups: Groups) -> Found:
        """The best `limit` documents by Whoosh's ranking, each with its best passage. Equal scores go by document
        id, as on the postings path: Whoosh breaks ties by its document numbers, which follow the order the
        files were indexed in, and that changes from build to build."""
        # Every match is scored and collapsed here: Whoosh skips its own collapsing under a filter (every
        # passage of a document comes back). Queries that reach this path match few passages.
        collector: Any = collectors.UnlimitedCollector()
        allowed = self._allowed(groups)
        if allowed is not None:
            collector = collectors.FilterCollector(collector, allowed, None)
        self.searcher.search_with_collector(self.bound(query, groups), collector)
        best: dict[str, tuple[float, int]] = {}  # doc id -> (score, ordinal) of its first hit: its best
        last: float | None = None  # the limit-th document's score, once there is one
        for hit in collector.results():  # best first; stored fields are read only up to the last one kept
            score = hit.score or 0.0
            if last is not None and score < last:
                break
            doc_id = hit["doc_id"]
            if doc_id not in best:  # and documents tied with the limit-th, whose order is Whoosh's
                best[doc_id] = (score, hit["ordinal"])
                if len(best) == limit:
                    last = score
        ranked = sorted(best.items(), key=lambda item: (-item[1][0], item[0]))[:limit]
        return [(doc_id, ordinal, score) for doc_id, (score, ordinal) in ranked]

    def passing(self, filters: list[Query], groups: Groups) -> np.ndarray | None:
        """The passages that match every filter (field clauses: `type:pdf`, `title:install`, `path:guides/*`), as
        a mask over the postings copy's passages. Whoosh matches each filter, its wildcards bound as for a caller
        in `groups`, by document numbers alone (no stored field is read); each filter's mask is kept for the
        filter and the caller's groups, the most recent MAX_CACHED_FILTERS, since callers filter by the same few
        fields again and again (binding a wildcard is work too: 1.4 ms for `path:part-00*` at 100,000 documents,
        24 ms for a caller with groups). None: every live passage passes (`type:markdown` in a folder of
        Markdown)."""
        passing: np.ndarray | None = None
        for query in filters:
            key = (_filter_key(query), groups)
            if key in self._masks:
                mask = self._masks.pop(key)  # kept again below, as the most recent
            else:
                mask = self._filter_mask(self.bound(query, groups))
                if len(self._masks) >= MAX_CACHED_FILTERS:
                    self._masks.pop(next(iter(self._masks)))
            self._masks[key] = mask
            if mask is not None:
                passing = mask if passing is None else passing & mask
        return passing

    def bound(self, query: Query, groups: Groups) -> Query:
        """The query with its wildcards expanded to the words a caller in `groups` may see, by the rule of the
        postings path (wildcards.py), and its editions (`lang:fr`) bound to their documents."""

        def expand(name: str, start: str) -> list[str]:
            if name in FIELDS:
                return [word.decode("utf-8") for word in self._postings.expand(name, start, groups)]
            return held_words(self.searcher.reader(), name, start, self._allowed(groups))

        def bind(clause: Query) -> Query:
            return (
                clause.bound(self._docs.edition_ids(clause.fieldname, clause.text))
                if type(clause) is Edition
                else clause
            )

        return with_expansions(query, expand).accept(bind)

    def _filter_mask(self, query: Query) -> np.ndarray | None:
        """The passages a filter (its wildcards bound) matches, as a mask; None when every live one does."""
        docnums = np.fromiter(self.searcher.docs_for_query(query), dtype=np.int64)
        passages = self._passages_of_docnums()[docnums]
        mask = np.zeros(self._postings.size, dtype=bool)
        mask[passages[passages >= 0]] = True
        return None if np.count_nonzero(mask) == self._postings.passage_count else mask

    def _passages_of_docnums(self) -> np.ndarray:
        """Each Whoosh document number's passage in the postings copy (-1 for a deleted one), from each segment's
        owners (clauses.stored_ids, which a NOT on Whoosh's path reads too; the indexer writes them beside each
        segment), once per generation: about 0.7 s at 125,000 passages when they must be read from Whoosh's stored
        fields instead (segments an older indexer wrote)."""
        if self._docnum_passages is None:
            reader = self.searcher.reader()
            table = np.full(reader.doc_count_all(), -1, dtype=np.int64)
            for leaf, offset in reader.leaf_readers():
                ids = stored_ids(leaf)
                first = np.append(self._postings.first_passages(ids.doc_ids), -1)  # owner 0 (deleted) picks the -1
                start = first[ids.owners - 1]
                table[offset : offset + len(start)] = np.where(start >= 0, start + ids.ordinals, -1)
            self._docnum_passages = table
        return self._docnum_passages

    def _allowed(self, groups: Groups) -> BitSet | None:
        """The Whoosh documents (passages) a caller in `groups` may see, as a search filter; None: all."""
        if groups is None:
            return None
        allowed = self._visible.get(groups)
        if allowed is None:
            terms = [Term("access", name) for name in sorted(groups | {PUBLIC})]
            docnums = self.searcher.docs_for_query(Or(terms))
            allowed = BitSet(docnums, size=self.searcher.doc_count_all())
            if len(self._visible) >= MAX_CACHED_FILTERS:
                self._visible.pop(next(iter(self._visible)))
            self._visible[groups] = allowed
        return allowed


def _filter_key(query: Query) -> str:
    """What tells filters apart: the query's text, and the words its wildcards also match (not in their repr)."""
    also = [leaf.also for leaf in query.leaves() if type(leaf) is Prefix]
    return f"{query!r} {also!r}" if also else repr(query)
