"""Scoring plain-word queries over the postings copy (postings.py) with numpy: the fast path of search.

It computes the same BM25 as the Whoosh path (ranking.py), term by term over whole postings lists:
per field, idf(word) ** power * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / average length)), times
the field's weight, summed per passage; a document scores its best passage. Field lengths go through
Whoosh's one-byte length encoding, as Whoosh scores them, so a query ranks the same on either path.

Statistics (passage count, average lengths, document frequencies) count live passages only: a document
deleted or replaced by an incremental run stops weighing at once, so an updated index ranks words as a
fresh build of the same folder does. (A phrase among the words is scored by Whoosh, whose statistics still
count deleted passages until their segment is merged.)
"""

from __future__ import annotations

import logging
import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress
from pathlib import Path

import numpy as np
from whoosh.util.numeric import byte_to_length

from indexer.groups import Groups, may_see
from indexer.search import clauses
from indexer.search.phrases import phrase_postings
from indexer.search.plan import PhraseClause
from indexer.search.ranking import Ranking
from indexer.store.postings import FIELD_KEYS, FIELDS, Segment, key_for, read_manifest

log = logging.getLogger(__name__)
ScoredTerm = tuple[str, bytes, float]  # (field, term, weight): one clause of a plain-word query
MAX_CACHED_FILTERS = 64  # search filters kept per searcher, one per distinct set of caller groups

_NO_IMPACTS = np.zeros(0)
_POSTINGS_KEPT = 4_000_000  # postings of the words remembered per generation (their impacts: 8 bytes each)
_TERM_KEY_BYTES = 64
_LENGTHS = np.array([byte_to_length(b) for b in range(256)], dtype=np.int64)  # what each length byte means


def _quantized(lengths: np.ndarray) -> np.ndarray:
    """Lengths as Whoosh stores them: the value of the byte that encodes each one."""
    return _LENGTHS[np.minimum(np.searchsorted(_LENGTHS, lengths, side="left"), 255)].astype(np.float64)


@dataclass(frozen=True)
class _Postings:
    """One word of one field in every segment: its passages and their impacts (views of the postings copy), how
    many live passages hold it, and its idf."""

    passages: list[np.ndarray]
    impacts: list[np.ndarray]
    matching: int
    idf: float
    ranges: list[tuple[int, int, int]]  # per segment: its key's number (-1: none), first posting, end


@dataclass(frozen=True)
class _Vocabulary:
    """The body words of a generation (UTF-8, sorted, as fixed-width byte strings), and per segment the number
    of each of its body keys among them."""

    words: np.ndarray
    ids: list[np.ndarray]


@dataclass(frozen=True)
class _Query:
    """What search() scores, looked up: its words' postings and weights (idf included), its phrases (their words'
    postings, their weight), the scores added to passages and the passages left out, by segment, the postings
    of the words whose passages are left out, and an AND's operands."""

    found: list[_Postings]
    weights: list[float]
    phrases: list[tuple[list[_Postings], float]]
    added: dict[int, list[tuple[int, float]]]
    dropped: dict[int, list[tuple[int, float]]]
    dropped_lists: list[_Postings]
    required: list[list[_Postings]]


class PostingsSearcher:
    """One generation's postings copy, open for scoring. Thread-safe: queries share only read-only arrays."""

    def __init__(self, folder: Path, ranking: Ranking) -> None:
        self._ranking = ranking
        manifest = read_manifest(folder)
        self._segments = [Segment(folder, name) for name in manifest]
        self._alive: list[np.ndarray | None] = []
        for segment, deleted in zip(self._segments, manifest.values(), strict=True):
            dead = segment.dead_passages(deleted)
            self._alive.append(None if dead is None else ~dead)
        self.passage_count = sum(
            s.passage_count if a is None else int(a.sum()) for s, a in zip(self._segments, self._alive, strict=True)
        )
        self._norms = self._length_norms()
        older = [segment.name for segment in self._segments if segment.forward is None]
        if older:
            log.info(
                "%d postings segments of %s have no forward index (an older indexer wrote them): feedback reads their "
                "passages' text, which is slower; the next indexing run that changes anything adds it, or --rebuild",
                len(older),
                folder,
            )
        self._filters: dict[frozenset[str], list[np.ndarray | None]] = {}
        self._first_passage: dict[str, int] | None = None  # see _locate()
        self._passage_bases = list(accumulate((segment.passage_count for segment in self._segments), initial=0))
        self._terms: OrderedDict[bytes, _Postings] = OrderedDict()  # by key, see _term()
        self._held = 0  # postings in self._terms
        self._body_vocabulary: _Vocabulary | None = None  # see _vocabulary()
        bases = accumulate((len(segment.docs) for segment in self._segments), initial=0)
        # each passage's document, numbered across the segments
        self._doc_numbers = [np.asarray(s.owners[0]) + base for s, base in zip(self._segments, bases, strict=False)]
        self._lock = threading.Lock()

    def _length_norms(self) -> list[np.ndarray]:
        """Per segment and field, k1 * (1 - b + b * length / average length) of each passage."""
        totals = np.zeros(len(FIELDS))
        for segment, alive in zip(self._segments, self._alive, strict=True):
            lengths = np.asarray(segment.lengths, dtype=np.int64)
            totals += (lengths if alive is None else lengths[:, alive]).sum(axis=1)
        averages = np.array([[(total / (self.passage_count or 1)) or 1.0] for total in totals])
        b = np.array([[self._ranking.b.get(name, 0.75)] for name in FIELDS])
        k1 = self._ranking.k1
        return [k1 * ((1 - b) + b * _quantized(np.asarray(s.lengths)) / averages) for s in self._segments]

    def search(
        self,
        terms: Sequence[ScoredTerm],
        limit: int,
        groups: Groups = None,
        extra: Iterable[tuple[str, int, float]] = (),
        excluded: Iterable[tuple[str, int]] = (),
        excluded_terms: Sequence[ScoredTerm] = (),
        sums: list[np.ndarray] | None = None,
        required: Sequence[int] = (),
        likely: Iterable[tuple[str, int]] = (),
        phrases: Sequence[PhraseClause] = (),
    ) -> list[tuple[str, int, float]]:
        """The best `limit` documents for a sum of weighted words: (doc id, ordinal of its best passage, score),
        best first; equal scores go by document id. `extra` adds scores to passages (doc id, ordinal),
        `excluded` and the passages holding any of `excluded_terms` are left out. A caller in `groups` finds
        only what it may see. `sums`, when given, keeps each segment's per-passage sums of the terms and `extra`:
        empty, it is filled; filled, the sums start from it and grow by these terms (words added to a query
        that was ranked already). With `required`, `terms` are an AND's operands, one after the other, of these
        many terms each: only passages that hold a word of each operand count. `likely` names passages (doc id,
        ordinal) expected near the top, such as a first ranking's best: they only make the search faster.
        `phrases` add their words' scores to the passages that hold them (needs has_positions)."""
        if limit <= 0:
            return []
        found = [self._term(name, term) for name, term, _ in terms]
        ends = list(accumulate(required))
        query = _Query(
            found,
            [weight * postings.idf for (_, _, weight), postings in zip(terms, found, strict=True)],
            [([self._term(phrase.field, word) for word in phrase.words], phrase.weight) for phrase in phrases],
            self._by_segment(extra),
            self._by_segment((doc_id, ordinal, 0.0) for doc_id, ordinal in excluded),
            [self._term(name, term) for name, term, _ in excluded_terms],
            [found[end - size : end] for size, end in zip(required, ends, strict=True)],
        )
        masks = self._visible(groups)
        scored = [self._segment_scores(s, query, masks[s], sums) for s in range(len(self._segments))]
        seeds = self._by_segment((doc_id, ordinal, 0.0) for doc_id, ordinal in likely)
        cut = self._cut(scored, _seeds(found, query.weights, seeds, len(scored), max(4 * limit, 64)), limit)
        best: list[tuple[float, str, int]] = []
        for segment, scores in zip(self._segments, scored, strict=True):
            chosen = _best_passages(scores, segment.owners[0], limit, cut)
            docs, ordinals = segment.owners[:, chosen].tolist()
            values, names = (-scores[chosen]).tolist(), segment.doc_ids
            best += [(v, names[d], o) for v, d, o in zip(values, docs, ordinals, strict=True)]
        best.sort()  # equal scores by document id: the same order however the documents fell into segments
        return [(doc_id, ordinal, -score) for score, doc_id, ordinal in best[:limit]]

    def _segment_scores(
        self, s: int, query: _Query, mask: np.ndarray | None, sums: list[np.ndarray] | None
    ) -> np.ndarray:
        """Segment `s`'s score of each passage for a query (0 for those it leaves out or a caller may not see,
        outside `mask`); the sums before any passage is left out are kept in `sums` (see search())."""
        scores = self._sums(s, query.found, query.weights, sums)
        for words, weight in query.phrases:
            self._add_phrase(s, scores, words, weight)
        for passage, score in query.added.get(s, ()):
            scores[passage] += score
        if sums is not None and s == len(sums):
            sums.append(scores)
        dropped = query.dropped.get(s, ())
        if sums is not None and (dropped or query.dropped_lists or mask is not None or query.required):
            scores = scores.copy()  # the sums stay sums
        if query.required:
            scores[~_holding_all(query.required, s, self._segments[s].passage_count)] = 0.0
        for passage, _ in dropped:
            scores[passage] = 0.0
        for postings in query.dropped_lists:
            scores[postings.passages[s]] = 0.0
        if mask is not None:
            scores[~mask] = 0.0
        return scores

    def _sums(self, s: int, found: list[_Postings], weights: list[float], sums: list[np.ndarray] | None) -> np.ndarray:
        """Segment `s`'s per-passage sum of the weighted terms, on top of the kept sums when there are any. One
        unbuffered add over all their postings adds term after term, as a loop over them would, to the last bit."""
        kept = sums is not None and s < len(sums)
        scores = sums[s].copy() if kept else np.zeros(self._segments[s].passage_count)  # type: ignore[index]
        live = [(p, w) for p, w in zip(found, weights, strict=True) if p.matching and len(p.passages[s])]
        if len(live) == 1:
            postings, weight = live[0]
            scores[postings.passages[s]] += weight * postings.impacts[s]  # a word's passages are distinct
        elif live:
            passages = np.concatenate([p.passages[s] for p, _ in live])
            impacts = np.concatenate([p.impacts[s] for p, _ in live])
            np.add.at(scores, passages, impacts * np.repeat([w for _, w in live], [len(p.impacts[s]) for p, _ in live]))
        return scores

    @property
    def has_positions(self) -> bool:
        """Whether every segment has positions, so that phrases can be matched here (see phrases.py)."""
        return all(segment.positions is not None for segment in self._segments)

    def _add_phrase(self, s: int, scores: np.ndarray, words: list[_Postings], weight: float) -> None:
        """Add to segment `s`'s scores a phrase of these words in one field: to each passage holding it, `weight`
        times the sum of its words' BM25, as Whoosh scores a phrase."""
        if any(word.ranges[s][0] < 0 or not word.matching for word in words):
            return
        postings = phrase_postings(self._segments[s], [word.ranges[s] for word in words])
        if not postings:
            return
        total = sum(word.idf * word.impacts[s][at] for word, at in zip(words, postings, strict=True))
        scores[words[0].passages[s][postings[0]]] += weight * total

    def _cut(self, scored: list[np.ndarray], seeds: list[np.ndarray], limit: int) -> float:
        """A score that the `limit`-th best document reaches at least: that of the `limit`-th best document among
        the `seeds` passages of each segment alone (0 when they do not hold `limit` scoring documents). Passages
        below it cannot be the best passage of a document in the top `limit`."""
        if not scored:
            return 0.0
        values = [scores[seed] for scores, seed in zip(scored, seeds, strict=True)]
        owners = [self._doc_numbers[s][seed] for s, seed in enumerate(seeds)]
        value, doc = np.concatenate(values), np.concatenate(owners)
        scoring = value > 0
        if int(np.count_nonzero(scoring)) < limit:
            return 0.0
        value, doc = value[scoring], doc[scoring]
        order = np.argsort(-value, kind="stable")
        _, first = np.unique(doc[order], return_index=True)
        if len(first) < limit:
            return 0.0
        best = value[order[first]]
        return float(np.partition(best, len(best) - limit)[len(best) - limit])

    def expand(self, name: str, start: str, groups: Groups = None) -> list[bytes]:
        """The words a wildcard expands to for a caller in `groups`: the first MAX_EXPANSIONS words of a field
        that begin with `start`, in sorted order, of those held by live passages the caller may see. (Words
        that only hidden or deleted passages hold take no place: what a caller finds depends only on what it
        may see.)"""
        limit = clauses.MAX_EXPANSIONS
        key = key_for(name, start.encode("utf-8"))
        words: set[bytes] = set()
        for segment, mask in zip(self._segments, self._visible(groups), strict=True):
            words.update(segment.keys_held(key, limit, mask))
        return [w[1:] for w in sorted(words)[:limit]]

    def body_terms(self, doc_id: str, ordinal: int) -> tuple[int, np.ndarray, np.ndarray] | None:
        """(segment, body key indexes, counts) of a live passage, from its segment's forward index; None when the
        passage is not in the copy or its segment has no forward index (written by an older indexer)."""
        where = self._locate(doc_id)
        if where is None or self._segments[where[0]].forward is None:
            return None
        s, first = where
        return (s, *self._segments[s].forward.terms(first + ordinal))  # type: ignore[union-attr]

    def word_ids(self, s: int, keys: np.ndarray) -> np.ndarray:
        """The numbers of segment `s`'s body keys numbered `keys` in the generation's body vocabulary (a word has
        one number in every segment; see words())."""
        return self._vocabulary().ids[s][keys]

    def word_ids_of(self, words: list[str]) -> np.ndarray:
        """The numbers of body words given as text; -1 for a word no segment holds."""
        vocabulary = self._vocabulary().words
        wanted = np.array([word.encode("utf-8") for word in words], dtype=bytes)
        at = np.minimum(np.searchsorted(vocabulary, wanted), max(len(vocabulary) - 1, 0))
        return np.where(vocabulary[at] == wanted, at, -1) if len(vocabulary) else np.full(len(words), -1)

    def words(self, ids: np.ndarray) -> list[str]:
        """The body words numbered `ids` (word_ids())."""
        return [word.decode("utf-8") for word in self._vocabulary().words[ids].tolist()]

    @property
    def vocabulary_size(self) -> int:
        return len(self._vocabulary().words)

    def _vocabulary(self) -> _Vocabulary:
        """Every body word of the generation, sorted, and each segment's body keys numbered by it; made once, when
        feedback first needs it (about 0.1 s at 100,000 documents)."""
        vocabulary = self._body_vocabulary
        if vocabulary is None:
            with self._lock:
                vocabulary = self._body_vocabulary
                if vocabulary is None:
                    skip = len(FIELD_KEYS[FIELDS.index("body")])
                    keys = [segment.keys.suffixes(np.arange(segment.body_keys()), skip) for segment in self._segments]
                    width = max((k.dtype.itemsize for k in keys), default=1)
                    words, ids = np.unique(np.concatenate([k.astype(f"S{width}") for k in keys]), return_inverse=True)
                    ends = np.cumsum([len(k) for k in keys])[:-1]
                    vocabulary = _Vocabulary(words, np.split(ids.astype(np.int32), ends))
                    self._body_vocabulary = vocabulary
        return vocabulary

    def _locate(self, doc_id: str) -> tuple[int, int] | None:
        """(segment, its first passage) of a live document; None for one the generation does not hold."""
        first = self._first_passage
        if first is None:
            first = self._first_passage = self._first_passages()
        number = first.get(doc_id)
        if number is None:
            return None
        s = bisect_right(self._passage_bases, number) - 1
        return s, number - self._passage_bases[s]

    def _first_passages(self) -> dict[str, int]:
        """Doc id -> the number, across the segments, of its first passage, for every live document; built when
        first needed, in C (about 10 ms at 100,000 documents)."""
        first: dict[str, int] = {}
        for s, (segment, alive) in enumerate(zip(self._segments, self._alive, strict=True)):
            starts = np.searchsorted(segment.owners[0], np.arange(len(segment.doc_ids)), side="left")
            live = starts < segment.passage_count  # a document with no passage left is not there
            if alive is not None:
                live[live] = alive[starts[live]]
            numbers = (starts[live] + self._passage_bases[s]).tolist()
            first.update(zip(compress(segment.doc_ids, live.tolist()), numbers, strict=True))
        return first

    def _by_segment(self, passages: Iterable[tuple[str, int, float]]) -> dict[int, list[tuple[int, float]]]:
        """(segment, [(passage, score)]) of passages given as (doc id, ordinal, score); unknown ones are left out."""
        located: dict[int, list[tuple[int, float]]] = {}
        for doc_id, ordinal, score in passages:
            where = self._locate(doc_id)
            if where is not None:
                located.setdefault(where[0], []).append((where[1] + ordinal, score))
        return located

    def _term(self, name: str, term: bytes) -> _Postings:
        """A word's postings in one field: its passages and their BM25 impacts in each segment, how many live
        passages hold it and its idf. The words queries ask for again and again are remembered, the most
        recently used first, up to _POSTINGS_KEPT postings in all."""
        key = key_for(name, term)
        with self._lock:
            found = self._terms.get(key)
            if found is not None:
                self._terms.move_to_end(key)
                return found
        field = FIELDS.index(name)
        passages, impacts, ranges = [], [], []
        for s, segment in enumerate(self._segments):
            number = segment.keys.find(key)
            start, end = segment.posting_range(number)
            passages.append(segment.passages[start:end])
            impacts.append(self._impacts(s, field, start, end))
            ranges.append((number, start, end))
        matching = sum(
            len(p) if alive is None else int(np.count_nonzero(alive[p]))
            for p, alive in zip(passages, self._alive, strict=True)
        )
        found = _Postings(passages, impacts, matching, self._ranking.idf(matching, self.passage_count), ranges)
        size = sum(len(p) for p in passages)
        if len(key) <= _TERM_KEY_BYTES and size <= _POSTINGS_KEPT // 4:
            with self._lock:
                if key not in self._terms:
                    self._terms[key] = found
                    self._held += size
                while self._held > _POSTINGS_KEPT:
                    _, dropped = self._terms.popitem(last=False)
                    self._held -= sum(len(p) for p in dropped.passages)
        return found

    def _impacts(self, s: int, field: int, start: int, end: int) -> np.ndarray:
        """The BM25 weight before idf and field weight, tf * (k1 + 1) / (tf + norm), of segment `s`'s postings
        start..end, which are those of a word of field number `field`."""
        if end == start:
            return _NO_IMPACTS
        segment, k1 = self._segments[s], self._ranking.k1
        tf = segment.freqs[start:end].astype(np.float64)
        return tf * (k1 + 1) / (tf + self._norms[s][field][segment.passages[start:end]])

    def _visible(self, groups: Groups) -> list[np.ndarray | None]:
        """Per segment, the passages a caller in `groups` may see and that are live; None: every passage."""
        if groups is None:
            return self._alive
        masks = self._filters.get(groups)
        if masks is None:
            masks = []
            for segment, alive in zip(self._segments, self._alive, strict=True):
                docs = np.array([may_see(groups, access) for access in segment.docs.groups()], dtype=bool)
                mask = docs[segment.owners[0]]
                mask = mask if alive is None else mask & alive
                masks.append(None if mask.all() else mask)  # a caller who may see every passage: no filter
            with self._lock:
                if len(self._filters) >= MAX_CACHED_FILTERS:
                    self._filters.pop(next(iter(self._filters)))
                self._filters[groups] = masks
        return masks


def _holding_all(operands: list[list[_Postings]], s: int, count: int) -> np.ndarray:
    """Of segment `s`'s `count` passages, those that hold a word of each operand (each a list of its words'
    postings)."""
    held = np.ones(count, dtype=bool)
    for operand in operands:
        hit = np.zeros(count, dtype=bool)
        for postings in operand:
            hit[postings.passages[s]] = True
        held &= hit
    return held


def _seeds(
    found: list[_Postings], weights: list[float], likely: dict[int, list[tuple[int, float]]], segments: int, size: int
) -> list[np.ndarray]:
    """Per segment, passages likely to score near the top, to find a cut with (PostingsSearcher._cut): those
    named `likely`, else the passages of the weightiest words (the rarest), until there are about `size`."""
    if likely:
        return [np.array([p for p, _ in likely.get(s, ())], dtype=np.int64) for s in range(segments)]
    seeds: list[list[np.ndarray]] = [[] for _ in range(segments)]
    total = 0
    for i in sorted(range(len(found)), key=lambda i: -weights[i]):
        if total >= size:
            break
        for s, passages in enumerate(found[i].passages):
            seeds[s].append(passages)
            total += len(passages)
    return [np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64) for parts in seeds]


def _best_passages(scores: np.ndarray, doc_of: np.ndarray, limit: int, cut: float = 0.0) -> np.ndarray:
    """The best-scoring passage of each of the `limit` best documents (a document scores its best passage), and
    of any more documents tied with the last of them (search breaks those ties by document id, whatever the
    segments), best first; among equal scores, the lower passage number first. With a `cut` that the
    `limit`-th best document reaches, only the passages at or above it are looked at."""
    if cut > 0:
        chosen = np.flatnonzero(scores >= cut)
        chosen = chosen[np.lexsort((chosen, -scores[chosen]))]
        _, first = np.unique(doc_of[chosen], return_index=True)
        return _with_ties(scores, chosen[np.sort(first)], limit)
    take = max(4 * limit, 32)
    while True:
        chosen = _at_least_the_best(scores, take)
        chosen = chosen[np.lexsort((chosen, -scores[chosen]))]
        _, first = np.unique(doc_of[chosen], return_index=True)
        best = chosen[np.sort(first)]
        if len(best) >= limit or len(chosen) == np.count_nonzero(scores):
            return _with_ties(scores, best, limit)
        take *= 4


def _with_ties(scores: np.ndarray, best: np.ndarray, limit: int) -> np.ndarray:
    """The first `limit` of passages in score order, and those after them with the last one's score."""
    if len(best) <= limit:
        return best
    tied = np.count_nonzero(scores[best[limit:]] == scores[best[limit - 1]])
    return best[: limit + tied]


def _at_least_the_best(scores: np.ndarray, take: int) -> np.ndarray:
    """The passages of the `take` best scores, with every passage tied at the cut (all scoring ones when fewer
    score), in passage order. When most passages score (a long question), the cut is the take-th best score of
    the whole array, found without listing the scoring passages first: three times faster at 60,000 passages.
    (Partitioning an array of mostly zeros is slow: when few score, they are listed first.)"""
    scoring = int(np.count_nonzero(scores))
    if take >= scoring:
        return np.flatnonzero(scores)
    if 8 * scoring < len(scores):
        candidates = np.flatnonzero(scores)
        top = np.argpartition(-scores[candidates], take - 1)[:take]
        return candidates[scores[candidates] >= scores[candidates[top]].min()]
    cut = np.partition(scores, len(scores) - take)[len(scores) - take]
    if cut > 0:  # at least `take` passages score (no score is negative): those at the cut or above
        return np.flatnonzero(scores >= cut)
    return np.flatnonzero(scores)
