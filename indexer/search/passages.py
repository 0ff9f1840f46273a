"""A generation's postings copy as one space of passages: its segments side by side, their passages numbered
across them (segment after segment), and each word's postings looked up once across all of them.

Scoring (bm25.py) then works on one array of scores for the whole generation, whatever the number of segments.
What it needs of the copy lives here: the passages' documents and ordinals, which are live and which a caller
may see, each word's postings with their BM25 impacts (remembered for the words asked again and again), where a
document's passages start, and the body words feedback reads (numbered once for the generation).
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate, compress
from pathlib import Path

import numpy as np
from whoosh.util.numeric import byte_to_length

from indexer.groups import Groups, may_see
from indexer.search.ranking import Ranking
from indexer.store.postings import FIELD_KEYS, FIELDS, Segment, key_for, read_manifest

MAX_CACHED_FILTERS = 64  # caller filters kept per generation, one per distinct set of caller groups
# Postings of the words remembered per generation (12 bytes each: 192 MB at most). 100,000 documents hold 7.7
# million in all, so a server that has run a while looks up only words never asked before; at 4 million, half of
# the words of the benchmark's searches were looked up again (17 lookups a search against 8, 0.4 ms of 4).
_POSTINGS_KEPT = 16_000_000
_TERM_KEY_BYTES = 64
_EMPTY_PASSAGES = np.zeros(0, dtype=np.int32)
_NO_IMPACTS = np.zeros(0)
_LENGTHS = np.array([byte_to_length(b) for b in range(256)], dtype=np.int64)  # what each length byte means


def _quantized(lengths: np.ndarray) -> np.ndarray:
    """Lengths as Whoosh stores them: the value of the byte that encodes each one."""
    return _LENGTHS[np.minimum(np.searchsorted(_LENGTHS, lengths, side="left"), 255)].astype(np.float64)


@dataclass(frozen=True)
class WordPostings:
    """One word of one field in the whole generation: the passages holding it (numbered across the segments,
    increasing) and their BM25 impacts, how many live passages hold it and its idf; and, per segment, its key's
    number (-1: none) and postings range, and where that segment's part starts in the two arrays."""

    passages: np.ndarray
    impacts: np.ndarray
    matching: int
    idf: float
    ranges: list[tuple[int, int, int]]
    offsets: list[int]  # len(segments) + 1


@dataclass(frozen=True)
class _Vocabulary:
    """The body words of a generation (UTF-8, sorted, as fixed-width byte strings), and per segment the number
    of each of its body keys among them."""

    words: np.ndarray
    ids: list[np.ndarray]


class GenerationPostings:
    """One generation's postings copy, open. Thread-safe: searches share read-only arrays and locked caches."""

    def __init__(self, folder: Path, ranking: Ranking) -> None:
        self.ranking = ranking
        manifest = read_manifest(folder)
        self.segments = [Segment(folder, name) for name in manifest]
        self.bases = list(accumulate((segment.passage_count for segment in self.segments), initial=0))
        self.size = self.bases[-1]  # passages, live or not
        dead = [
            segment.dead_passages(deleted) for segment, deleted in zip(self.segments, manifest.values(), strict=True)
        ]
        self.alive: np.ndarray | None = None  # live passages; None: every one
        if any(d is not None for d in dead):
            self.alive = np.concatenate(
                [np.ones(s.passage_count, bool) if d is None else ~d for s, d in zip(self.segments, dead, strict=True)]
            )
        self.passage_count = self.size if self.alive is None else int(np.count_nonzero(self.alive))
        doc_bases = list(accumulate((len(segment.doc_ids) for segment in self.segments), initial=0))
        # each passage's document (numbered across the segments too) and ordinal
        documents = [np.asarray(s.owners[0], np.int64) + b for s, b in zip(self.segments, doc_bases[:-1], strict=True)]
        self.doc_of = np.concatenate(documents) if documents else np.zeros(0, np.int64)
        self.ordinal_of = np.concatenate([s.owners[1] for s in self.segments]) if documents else np.zeros(0, np.int32)
        self.doc_ids = [doc_id for segment in self.segments for doc_id in segment.doc_ids]
        self._norms = self._length_norms()
        self._lock = threading.Lock()
        self._terms: OrderedDict[bytes, WordPostings] = OrderedDict()  # by key, most recently used last
        self._held = 0  # postings in self._terms
        self._filters: dict[frozenset[str], np.ndarray | None] = {}  # by caller groups, oldest first
        self._first: dict[str, int] | None = None  # see first_passage()
        self._rank: np.ndarray | None = None  # see doc_rank()
        self._body_lengths: np.ndarray | None = None  # see body_lengths()
        self._vocabulary: _Vocabulary | None = None  # see vocabulary()

    def _length_norms(self) -> np.ndarray:
        """Per field, k1 * (1 - b + b * length / average length) of each passage (numbered across the segments)."""
        totals = np.zeros(len(FIELDS))
        for s, segment in enumerate(self.segments):
            lengths = np.asarray(segment.lengths, dtype=np.int64)
            alive = None if self.alive is None else self.alive[self.bases[s] : self.bases[s + 1]]
            totals += (lengths if alive is None else lengths[:, alive]).sum(axis=1)
        averages = np.array([[(total / (self.passage_count or 1)) or 1.0] for total in totals])
        b = np.array([[self.ranking.b.get(name, 0.75)] for name in FIELDS])
        k1 = self.ranking.k1
        if not self.segments:
            return np.zeros((len(FIELDS), 0))
        norms = [k1 * ((1 - b) + b * _quantized(np.asarray(s.lengths)) / averages) for s in self.segments]
        return np.concatenate(norms, axis=1)

    @property
    def has_positions(self) -> bool:
        """Whether every segment has positions, so that phrases can be matched over the copy (phrases.py)."""
        return all(segment.positions is not None for segment in self.segments)

    def term(self, name: str, term: bytes) -> WordPostings:
        """A word's postings in one field (see WordPostings). The words queries ask for again and again are
        remembered, the most recently used first, up to _POSTINGS_KEPT postings in all."""
        key = key_for(name, term)
        with self._lock:
            found = self._terms.get(key)
            if found is not None:
                self._terms.move_to_end(key)
                return found
        found = self._look_up(key, FIELDS.index(name))
        size = len(found.passages)
        if len(key) <= _TERM_KEY_BYTES and size <= _POSTINGS_KEPT // 4:
            with self._lock:
                if key not in self._terms:
                    self._terms[key] = found
                    self._held += size
                while self._held > _POSTINGS_KEPT:
                    self._held -= len(self._terms.popitem(last=False)[1].passages)
        return found

    def _look_up(self, key: bytes, field: int) -> WordPostings:
        """A word's postings across the segments, with their impacts computed over all of them at once: most
        words are held by a few passages, and numpy's cost per call, not per posting, is most of a lookup."""
        ranges, parts, freqs = [], [], []
        for s, segment in enumerate(self.segments):
            number = segment.keys.find(key)
            start, end = segment.posting_range(number)
            ranges.append((number, start, end))
            if end > start:
                local = segment.passages[start:end]
                parts.append(local + self.bases[s] if self.bases[s] else local)
                freqs.append(segment.freqs[start:end])
        offsets = list(accumulate((end - start for _, start, end in ranges), initial=0))
        if not parts:
            idf = self.ranking.idf(0, self.passage_count)
            return WordPostings(_EMPTY_PASSAGES, _NO_IMPACTS, 0, idf, ranges, offsets)
        joined = np.concatenate(parts) if len(parts) > 1 else parts[0]
        tf = (np.concatenate(freqs) if len(freqs) > 1 else freqs[0]).astype(np.float64)
        impacts = tf * (self.ranking.k1 + 1) / (tf + self._norms[field][joined])  # BM25's impact before idf and weight
        matching = len(joined) if self.alive is None else int(np.count_nonzero(self.alive[joined]))
        return WordPostings(joined, impacts, matching, self.ranking.idf(matching, self.passage_count), ranges, offsets)

    def visible(self, groups: Groups) -> np.ndarray | None:
        """The passages a caller in `groups` may see and that are live; None: every passage."""
        if groups is None:
            return self.alive
        mask = self._filters.get(groups, False)
        if mask is False:
            docs = np.array([may_see(groups, access) for s in self.segments for access in s.docs.groups()], bool)
            mask = docs[self.doc_of] if len(docs) else np.zeros(0, bool)
            mask = mask if self.alive is None else mask & self.alive
            mask = None if mask.all() else mask  # a caller who may see every passage: no filter
            with self._lock:
                if len(self._filters) >= MAX_CACHED_FILTERS:
                    self._filters.pop(next(iter(self._filters)))
                self._filters[groups] = mask
        return mask  # type: ignore[return-value]

    def segment_mask(self, mask: np.ndarray | None, s: int) -> np.ndarray | None:
        """Segment `s`'s part of a mask over all the passages."""
        return None if mask is None else mask[self.bases[s] : self.bases[s + 1]]

    def located(self, passages: Iterable[tuple[str, int, float]]) -> list[tuple[int, float]]:
        """(passage number, score) of passages given as (doc id, ordinal, score); unknown ones are left out."""
        first = self._first_passages()
        found = ((first.get(doc_id), ordinal, score) for doc_id, ordinal, score in passages)
        return [(number + ordinal, score) for number, ordinal, score in found if number is not None]

    def segment_of(self, passage: int) -> tuple[int, int]:
        """(segment, its own number of the passage) of a passage numbered across the segments."""
        s = bisect_right(self.bases, passage) - 1
        return s, passage - self.bases[s]

    def first_passage(self, doc_id: str) -> int | None:
        """The number of a live document's first passage; None for one the generation does not hold."""
        return self._first_passages().get(doc_id)

    def first_passages(self, doc_ids: Iterable[str]) -> np.ndarray:
        """The number of each document's first passage (-1 for one the generation does not hold live)."""
        get = self._first_passages().get
        return np.fromiter((get(doc_id, -1) for doc_id in doc_ids), dtype=np.int64)

    def _first_passages(self) -> dict[str, int]:
        """Doc id -> the number of its first passage, for every live document; built when first needed, in C
        (about 10 ms at 100,000 documents)."""
        first = self._first
        if first is None:
            first = {}
            for s, segment in enumerate(self.segments):
                starts = np.searchsorted(segment.owners[0], np.arange(len(segment.doc_ids)), side="left")
                live = starts < segment.passage_count  # a document with no passage left is not there
                numbers = starts[live] + self.bases[s]
                if self.alive is not None:
                    live[live] = self.alive[numbers]
                    numbers = starts[live] + self.bases[s]
                first.update(zip(compress(segment.doc_ids, live.tolist()), numbers.tolist(), strict=True))
            self._first = first
        return first

    def doc_rank(self) -> np.ndarray:
        """Each document's place (numbered across the segments) in the order of their ids; made when first needed
        (about 0.1 s at 100,000 documents)."""
        rank = self._rank
        if rank is None:
            order = sorted(range(len(self.doc_ids)), key=self.doc_ids.__getitem__)
            rank = np.empty(len(order), dtype=np.int64)
            rank[order] = np.arange(len(order))
            self._rank = rank
        return rank

    def body_lengths(self) -> np.ndarray:
        """Each passage's body length in words (numbered across the segments)."""
        lengths = self._body_lengths
        if lengths is None:
            body = FIELDS.index("body")
            parts = [np.asarray(segment.lengths[body], dtype=np.int64) for segment in self.segments]
            lengths = self._body_lengths = np.concatenate(parts) if parts else np.zeros(0, np.int64)
        return lengths

    def vocabulary(self) -> _Vocabulary:
        """Every body word of the generation, sorted, and each segment's body keys numbered by it; made once, when
        feedback first needs it (about 0.05 s at 100,000 documents)."""
        vocabulary = self._vocabulary
        if vocabulary is None:
            with self._lock:
                vocabulary = self._vocabulary
                if vocabulary is None:
                    skip = len(FIELD_KEYS[FIELDS.index("body")])
                    keys = [segment.keys.suffixes(np.arange(segment.body_keys()), skip) for segment in self.segments]
                    width = max((k.dtype.itemsize for k in keys), default=1)
                    every = [k.astype(f"S{width}") for k in keys] or [np.zeros(0, "S1")]
                    words, ids = np.unique(np.concatenate(every), return_inverse=True)
                    ends = np.cumsum([len(k) for k in keys])[:-1]
                    vocabulary = self._vocabulary = _Vocabulary(words, np.split(ids.astype(np.int32), ends))
        return vocabulary
