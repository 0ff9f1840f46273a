"""Scoring plain-word queries over the postings copy (postings.py) with numpy: the fast path of search.

It computes the same BM25 as the Whoosh path (ranking.py), term by term over whole postings lists:
per field, idf(word) ** power * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / average length)), times
the field's weight, summed per passage; a document scores its best passage. Field lengths go through
Whoosh's one-byte length encoding, as Whoosh scores them, so a query ranks the same on either path. The
passages of all the segments are scored as one array (passages.py numbers them across the segments), from
which top.py picks the best documents.

Statistics (passage count, average lengths, document frequencies) count live passages only: a document
deleted or replaced by an incremental run stops weighing at once, so an updated index ranks words as a
fresh build of the same folder does. (A clause left to Whoosh, such as a field filter among the words, is
scored with Whoosh's statistics, which still count deleted passages until their segment is merged.)
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

import numpy as np

from indexer.groups import Groups
from indexer.search import clauses, top
from indexer.search.passages import GenerationPostings, WordPostings
from indexer.search.phrases import phrase_postings
from indexer.search.plan import PhraseClause
from indexer.search.ranking import Ranking
from indexer.search.top import Located
from indexer.store.postings import key_for

log = logging.getLogger(__name__)
WORDS_KEPT = 8192  # passages whose body words are remembered (body_words): a few hundred searches' best
ScoredTerm = tuple[str, bytes, float]  # (field, term, weight): one clause of a plain-word query


@dataclass(frozen=True)
class _Query:
    """What search() scores, looked up: its words' postings and weights (idf included), its phrases (their words'
    postings, their weight), the scores added to passages, an AND's operands, and what leaves documents out:
    passages, the postings of words, and phrases (their words' postings)."""

    found: list[WordPostings]
    weights: list[float]
    phrases: list[tuple[list[WordPostings], float]]
    added: Located
    required: list[list[WordPostings]]
    dropped: Located
    dropped_lists: list[WordPostings]
    dropped_phrases: list[list[WordPostings]]

    @property
    def excludes(self) -> bool:
        return bool(self.dropped or self.dropped_lists or self.dropped_phrases)


class PostingsSearcher:
    """One generation's postings copy, open for scoring. Thread-safe: queries share only read-only arrays."""

    def __init__(self, folder: Path, ranking: Ranking) -> None:
        self._copy = GenerationPostings(folder, ranking)
        self.passage_count = self._copy.passage_count
        # (a cache of a function of the copy, not of a method: a bound method in it would make a cycle that keeps an
        # old generation's postings in memory until Python's cyclic collector runs)
        self.body_words = functools.lru_cache(maxsize=WORDS_KEPT)(functools.partial(_body_words, self._copy))
        older = [segment.name for segment in self._copy.segments if segment.forward is None]
        if older:
            log.info(
                "%d postings segments of %s have no forward index (an older indexer wrote them): feedback reads their "
                "passages' text, which is slower; the next indexing run that changes anything adds it, or --rebuild",
                len(older),
                folder,
            )

    @property
    def has_positions(self) -> bool:
        """Whether phrases can be matched over the copy (every segment has positions)."""
        return self._copy.has_positions

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
        excluded_phrases: Sequence[PhraseClause] = (),
        passing: np.ndarray | None = None,
    ) -> list[tuple[str, int, float]]:
        """The best `limit` documents for a sum of weighted words: (doc id, ordinal of its best passage, score),
        best first; equal scores go by document id. `extra` adds scores to passages (doc id, ordinal). The
        documents of the `excluded` passages (doc id, ordinal), and those with a passage holding any of
        `excluded_terms` or `excluded_phrases`, are left out whole. A caller in `groups` finds only what it may
        see. `sums`, when given, keeps the per-passage sums of the terms and `extra`: empty, it
        is filled; filled, the sums start from it and grow by these terms (words added to a query that was
        ranked already). With `required`, `terms` are an AND's operands, one after the other, of these many
        terms each: only passages that hold a word of each operand count. `likely` names passages (doc id,
        ordinal) expected near the top, such as a first ranking's best: they only make the search faster.
        `phrases` add their words' scores to the passages that hold them (needs has_positions). `passing`, a
        mask over the generation's passages (`size` of them), keeps only the passages it holds (filters)."""
        if limit <= 0:
            return []
        copy = self._copy
        found = [copy.term(name, term) for name, term, _ in terms]
        ends = list(accumulate(required))
        query = _Query(
            found,
            [weight * postings.idf for (_, _, weight), postings in zip(terms, found, strict=True)],
            [([copy.term(phrase.field, word) for word in phrase.words], phrase.weight) for phrase in phrases],
            copy.located(extra),
            [found[end - size : end] for size, end in zip(required, ends, strict=True)],
            copy.located((doc_id, ordinal, 0.0) for doc_id, ordinal in excluded),
            [copy.term(name, term) for name, term, _ in excluded_terms],
            [[copy.term(phrase.field, word) for word in phrase.words] for phrase in excluded_phrases],
        )
        scores = self._scores(query, self._mask(groups, passing), sums)
        seeds = top.seeds(found, query.weights, copy.located((d, o, 0.0) for d, o in likely), max(4 * limit, 64))
        chosen = top.best_passages(scores, copy.doc_of, limit, top.lower_bound(scores, copy.doc_of, seeds, limit))
        values, docs, ordinals = (-scores[chosen]).tolist(), copy.doc_of[chosen].tolist(), copy.ordinal_of[chosen]
        names = copy.doc_ids
        best = sorted(zip(values, [names[d] for d in docs], ordinals.tolist(), strict=True))  # ties: by id
        return [(doc_id, ordinal, -score) for score, doc_id, ordinal in best[:limit]]

    def by_document_id(
        self,
        limit: int,
        score: float,
        passing: np.ndarray | None,
        groups: Groups = None,
        excluded: Iterable[tuple[str, int]] = (),
        excluded_terms: Sequence[ScoredTerm] = (),
        excluded_phrases: Sequence[PhraseClause] = (),
    ) -> list[tuple[str, int, float]]:
        """The first `limit` documents by id among those with a passage in `passing` (None: every passage), each
        with the first such passage and `score`: how Whoosh ranks filters alone that score each match alike
        (`type:pdf`), equal scores going by id, without scoring and sorting every match in Python (0.8 s for
        `type:markdown` at 100,000 documents). Exclusions and groups as in search()."""
        copy = self._copy
        mask = self._mask(groups, passing)
        if excluded or excluded_terms or excluded_phrases:
            dropped = copy.located((doc_id, ordinal, 0.0) for doc_id, ordinal in excluded)
            lists = [copy.term(name, term) for name, term, _ in excluded_terms]
            phrases = [[copy.term(phrase.field, word) for word in phrase.words] for phrase in excluded_phrases]
            left_out = self._left_out(_Query([], [], [], [], [], dropped, lists, phrases))
            mask = ~left_out if mask is None else mask & ~left_out
        passages = np.flatnonzero(mask) if mask is not None else np.arange(copy.size)
        owners = copy.doc_of[passages]  # rising: a segment's documents are numbered in the order of their passages
        first = np.flatnonzero(np.diff(owners, prepend=-1))  # the first passage of each document
        docs = owners[first]
        ranks = copy.doc_rank()[docs]
        if len(ranks) > limit:
            kept = np.argpartition(ranks, limit - 1)[:limit]
            docs, first, ranks = docs[kept], first[kept], ranks[kept]
        order = np.argsort(ranks)
        names, ordinals = copy.doc_ids, copy.ordinal_of[passages[first[order]]].tolist()
        return [(names[d], ordinal, score) for d, ordinal in zip(docs[order].tolist(), ordinals, strict=True)]

    def _mask(self, groups: Groups, passing: np.ndarray | None) -> np.ndarray | None:
        """The live passages a caller in `groups` may see that are in `passing` (None: all), as a mask; None: all."""
        mask = self._copy.visible(groups)
        if passing is None:
            return mask
        return passing if mask is None else mask & passing

    def body_lengths(self, found: Sequence[tuple[str, int, float]]) -> np.ndarray:
        """The body length in words of each (doc id, ordinal, score) passage; 0 for one the copy does not hold."""
        copy = self._copy
        first = copy.first_passages(doc_id for doc_id, _, _ in found)
        numbers = first + np.array([ordinal for _, ordinal, _ in found], dtype=np.int64)
        return np.where(first >= 0, copy.body_lengths()[np.where(first >= 0, numbers, 0)], 0)

    def _scores(self, query: _Query, mask: np.ndarray | None, sums: list[np.ndarray] | None) -> np.ndarray:
        """Each passage's score for a query (0 for those it leaves out or a caller may not see, outside `mask`);
        the sums before any passage is left out are kept in `sums` (see search())."""
        scores = self._sums(query.found, query.weights, sums)
        for words, weight in query.phrases:
            self._add_phrase(scores, words, weight)
        for passage, score in query.added:
            scores[passage] += score
        if sums is not None and not sums:
            sums.append(scores)
        if sums is not None and (query.excludes or mask is not None or query.required):
            scores = scores.copy()  # the sums stay sums
        if query.required:
            scores[~_holding_all(query.required, len(scores))] = 0.0
        if query.excludes:
            scores[self._left_out(query)] = 0.0
        if mask is not None:
            scores[~mask] = 0.0
        return scores

    def _left_out(self, query: _Query) -> np.ndarray:
        """Which passages a query's exclusions leave out: every passage of a document that has a live passage
        excluded or holding an excluded word or phrase. (A NOT leaves out documents, as readers take it and web
        search engines do it: a passage is only a piece of its document.) The documents are marked from the
        passages, then their passages found through the passage -> document array, in two numpy steps."""
        copy = self._copy
        passages = [np.array([passage for passage, _ in query.dropped], dtype=np.int64)]
        passages += [postings.passages for postings in query.dropped_lists]
        for words in query.dropped_phrases:
            passages += [words[0].passages[at[0]] for at in self._phrase_matches(words)]
        held = np.concatenate(passages)
        if copy.alive is not None:
            held = held[copy.alive[held]]  # a deleted passage leaves nothing out
        documents = np.zeros(len(copy.doc_ids), dtype=bool)
        documents[copy.doc_of[held]] = True
        return documents[copy.doc_of]

    def _sums(self, found: list[WordPostings], weights: list[float], sums: list[np.ndarray] | None) -> np.ndarray:
        """Each passage's sum of the weighted terms, on top of the kept sums when there are any. One unbuffered
        add over all their postings adds term after term, as a loop over them would, to the last bit."""
        scores = sums[0].copy() if sums else np.zeros(self._copy.size)
        live = [(p, w) for p, w in zip(found, weights, strict=True) if p.matching]
        if len(live) == 1:
            postings, weight = live[0]
            scores[postings.passages] += weight * postings.impacts  # a word's passages are distinct
        elif live:
            passages = np.concatenate([p.passages for p, _ in live])
            impacts = np.concatenate([p.impacts for p, _ in live])
            np.add.at(scores, passages, impacts * np.repeat([w for _, w in live], [len(p.impacts) for p, _ in live]))
        return scores

    def _add_phrase(self, scores: np.ndarray, words: list[WordPostings], weight: float) -> None:
        """Add to the scores a phrase of these words in one field: to each passage holding it, `weight` times the
        sum of its words' BM25, as Whoosh scores a phrase."""
        for at in self._phrase_matches(words):
            total = sum(word.idf * word.impacts[i] for word, i in zip(words, at, strict=True))
            scores[words[0].passages[at[0]]] += weight * total

    def _phrase_matches(self, words: list[WordPostings]) -> Iterator[list[np.ndarray]]:
        """Where a phrase of these words in one field stands: for each segment holding it, each word's postings
        (numbers in its arrays) in the passages that hold the phrase."""
        if not all(word.matching for word in words):
            return
        for s, segment in enumerate(self._copy.segments):
            if any(word.ranges[s][0] < 0 for word in words):
                continue
            held = phrase_postings(segment, [word.ranges[s] for word in words])  # within each word's segment part
            if held:
                yield [word.offsets[s] + postings for word, postings in zip(words, held, strict=True)]

    @property
    def size(self) -> int:
        """The generation's passages, live or not: the length of a mask over them."""
        return self._copy.size

    def first_passages(self, doc_ids: Sequence[str]) -> np.ndarray:
        """The number of each document's first passage (-1 for one the generation does not hold live)."""
        return self._copy.first_passages(doc_ids)

    def expand(self, name: str, start: str, groups: Groups = None) -> list[bytes]:
        """The words a wildcard expands to for a caller in `groups`: the first MAX_EXPANSIONS words of a field
        that begin with `start`, in sorted order, of those held by live passages the caller may see. (Words
        that only hidden or deleted passages hold take no place: what a caller finds depends only on what it
        may see.)"""
        limit = clauses.MAX_EXPANSIONS
        key = key_for(name, start.encode("utf-8"))
        copy = self._copy
        mask = copy.visible(groups)
        words: set[bytes] = set()
        for s, segment in enumerate(copy.segments):
            words.update(segment.keys_held(key, limit, copy.segment_mask(mask, s)))
        return [w[1:] for w in sorted(words)[:limit]]

    def word_ids_of(self, words: list[str]) -> np.ndarray:
        """The numbers of body words given as text; -1 for a word no segment holds."""
        vocabulary = self._copy.vocabulary().words
        wanted = np.array([word.encode("utf-8") for word in words], dtype=bytes)
        at = np.minimum(np.searchsorted(vocabulary, wanted), max(len(vocabulary) - 1, 0))
        return np.where(vocabulary[at] == wanted, at, -1) if len(vocabulary) else np.full(len(words), -1)

    def words(self, ids: np.ndarray) -> list[str]:
        """The body words numbered `ids` (word_ids())."""
        return [word.decode("utf-8") for word in self._copy.vocabulary().words[ids].tolist()]

    @property
    def vocabulary_size(self) -> int:
        return len(self._copy.vocabulary().words)


def _holding_all(operands: list[list[WordPostings]], count: int) -> np.ndarray:
    """Of the `count` passages, those that hold a word of each operand (each a list of its words' postings)."""
    held = np.ones(count, dtype=bool)
    for operand in operands:
        hit = np.zeros(count, dtype=bool)
        for postings in operand:
            hit[postings.passages] = True
        held &= hit
    return held


def _body_words(copy: GenerationPostings, doc_id: str, ordinal: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(word numbers in the generation's body vocabulary, counts) of a live passage's body, from its segment's
    forward index; None when the passage is not in the copy or its segment has no forward index (written by an
    older indexer). PostingsSearcher.body_words remembers it for the last WORDS_KEPT passages: feedback reads a
    query's best passages, and repeats.py the same ones again."""
    first = copy.first_passage(doc_id)
    if first is None:
        return None
    s, passage = copy.segment_of(first + ordinal)
    forward = copy.segments[s].forward
    if forward is None:
        return None
    keys, counts = forward.terms(passage)
    return copy.vocabulary().ids[s][keys], counts
