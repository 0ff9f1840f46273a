"""The read side: open the current generation of an index, search it, read documents from it.

A `Searcher` follows the index directory: `snapshot()` returns the newest published generation, checked
at most every REFRESH_SECONDS. A request does all its work on one Snapshot, so it sees one consistent
generation even while the indexer publishes the next; a snapshot stays usable after it is superseded.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
from whoosh.query import Or, Query

from indexer.errors import IndexerError, IndexFormatError, IndexNotFoundError
from indexer.groups import Groups
from indexer.model import Document, Passage
from indexer.search import feedback
from indexer.search.bm25 import PostingsSearcher, ScoredTerm
from indexer.search.clauses import with_also
from indexer.search.documents import DocumentView
from indexer.search.hybrid import CANDIDATES, DENSE_WEIGHT, Found, dense_index, fuse, meaning_kind
from indexer.search.plan import ParsedQuery, PhraseClause, Plan
from indexer.search.query import parse_query
from indexer.search.ranking import DEFAULT, Ranking
from indexer.search.record import IndexOfRecord
from indexer.search.repeats import fresh_first, repeats_in
from indexer.search.snippets import make_snippets
from indexer.search.versions import MAX_VERSION_WINDOW, VERSION_DEPTH, VERSION_WINDOW, names_version, one_version_each
from indexer.store import storage
from indexer.store.docreader import DocReader
from indexer.store.postings import FIELDS
from indexer.store.schema import SCHEMA_VERSION, passage_body

REFRESH_SECONDS = 1.0
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Hit:
    document: Document
    score: float
    passage: Passage | None  # the best-matching passage
    snippet: str  # the part of that passage where the query's words are densest
    part: str = ""  # the id fetch takes to start reading at that passage (see part_id)


class Snapshot(DocumentView):
    """One published generation, open for reading and searching."""

    def __init__(self, folder: Path, ranking: Ranking = DEFAULT, *, postings: bool = True) -> None:
        """`postings=False` ranks every query with Whoosh alone, the index of record: the reference that the
        postings copy's ranking is held to (tests), and a way to rule the copy out when a ranking looks wrong."""
        self.folder = folder
        self.ranking = ranking
        self.generation = storage.generation_number(folder)
        super().__init__(DocReader(folder / storage.DOCSTORE))
        meta = self._docs.meta()
        if meta.get("schema_version") != str(SCHEMA_VERSION):
            raise IndexFormatError(
                f"the index at {folder.parent} was written by another version of the indexer "
                f"(schema {meta.get('schema_version')}, this one reads {SCHEMA_VERSION}); "
                "rebuild it with: python -m indexer DOCS --index DIR --rebuild"
            )
        self.meta = meta
        self._postings = PostingsSearcher(folder / storage.POSTINGS_DIR, ranking)
        # Whoosh, for what the copy does not hold; DocumentView's lock serves it too, the postings need none
        self._record = IndexOfRecord(folder, ranking, self._postings, self._docs)
        self._dense = dense_index(folder)
        self._use_postings = postings
        # several versions of a site: a page's copies are one result (a site with editions can have them; looking
        # is a scan of the documents, 40 ms at 100,000, not paid where the meta says there are none)
        self._versions = bool(meta.get("editions")) and self._docs.has_versions()

    @property
    def hybrid(self) -> bool:
        """Whether this generation has passage vectors to rank by meaning as well as by words."""
        return self._dense is not None

    def search(
        self,
        query: str,
        limit: int = 10,
        offset: int = 0,
        snippets: bool = True,
        groups: Groups = None,
        retrieval: str = "hybrid",
    ) -> list[Hit]:
        """Documents ranked by their best passage, one whose best passage nearly repeats that of one above it ten
        places further down (repeats.py); `offset` skips that many of the best. A caller in `groups`
        finds only the documents it may see (see docstore.visible); None finds every document. `retrieval`:
        "hybrid" (words and meaning, when the generation has vectors), "lexical" or "dense" (meaning alone)."""
        if offset < 0:
            raise ValueError(f"offset must be at least 0, not {offset}")
        if limit <= 0:
            return []
        parsed = parse_query(query, self.ranking.field_weights)
        ranked = self._one_version_ranked if self._versions and not names_version(parsed.query) else self._ranked
        plan = parsed.plan(FIELDS)
        if plan is not None and plan.constant is not None:  # a list of documents by id (`type:pdf`): no text ranks
            found = ranked(query, parsed, offset + limit, groups, retrieval)[offset:]
        else:

            def rank(depth: int) -> Found:
                return ranked(query, parsed, depth, groups, retrieval)

            found = fresh_first(rank, offset + limit, partial(repeats_in, self._postings))[offset:]
        with self._lock:
            docs = self._docs.documents(doc_id for doc_id, _, _ in found)
            texts = self._docs.passages_with_text((doc_id, ordinal) for doc_id, ordinal, _ in found)
            parts = {ref: self._part_id(passage) for ref, (passage, _) in texts.items()}
        kept = [(doc_id, ordinal, score) for doc_id, ordinal, score in found if doc_id in docs]
        held = [texts.get((doc_id, ordinal), (None, "")) for doc_id, ordinal, _ in kept]
        shown = make_snippets([text if passage else "" for passage, text in held], parsed.terms) if snippets else []
        return [
            Hit(docs[doc_id], score, passage, shown[i] if shown else "", parts.get((doc_id, ordinal), doc_id))
            for i, ((doc_id, ordinal, score), (passage, _)) in enumerate(zip(kept, held, strict=True))
        ]

    def _one_version_ranked(self, query: str, parsed: ParsedQuery, depth: int, groups: Groups, retrieval: str) -> Found:
        """_ranked() with one copy of each page that several versions of the site hold (one_version_each):
        ranked deeper than `depth`, and deeper again while copies crowd the pages out of the window."""
        window = max(depth * VERSION_DEPTH, VERSION_WINDOW)
        while True:
            found = self._ranked(query, parsed, window, groups, retrieval)
            with self._lock:
                editions = self._docs.editions(doc_id for doc_id, _, _ in found)
            kept = one_version_each(found, editions)
            if len(kept) >= depth or len(found) < window or window >= MAX_VERSION_WINDOW:
                return kept[:depth]
            window *= 4

    def _ranked(self, query: str, parsed: ParsedQuery, depth: int, groups: Groups, retrieval: str) -> Found:
        """The best `depth` documents: lexically, then fused with the nearest passages by meaning when the
        generation has vectors. A sum of words searches every passage by meaning; a query with operators
        (fields, phrases, NOT, AND, wildcards) is matched by its words and only re-ranked by meaning; a query of
        operators alone stays lexical."""
        dense = self._dense
        kind = meaning_kind(parsed) if dense is not None and retrieval != "lexical" else None
        if dense is None or kind is None:
            return self._ranked_with_feedback(parsed, depth, groups)
        pool = max(depth, CANDIDATES)
        alone = retrieval == "dense" and kind == "words"
        pending = dense.start(query, depth if alone else pool, groups, search=kind == "words")
        lexical = [] if alone else self._ranked_with_feedback(parsed, pool, groups)
        found = pending.result()
        if found is None:  # the model cannot be loaded (warned): words alone
            return lexical[:depth] if lexical else self._ranked_with_feedback(parsed, depth, groups)
        vector, nearest = found
        if alone:
            return nearest
        near = dense.scores(vector, [doc for doc, _, _ in lexical])
        held = {doc for doc, _, _ in near}
        near += [hit for hit in nearest if hit[0] not in held]
        every_match = len(lexical) < pool
        searched = pool if kind == "words" else 0  # (operators: meaning only re-ranks the matches, as many as they are)
        return fuse(lexical, near, 1.0 if retrieval == "dense" else DENSE_WEIGHT, every_match, searched)[:depth]

    def _ranked_with_feedback(self, parsed: ParsedQuery, limit: int, groups: Groups) -> list[tuple[str, int, float]]:
        """_ranked(), with pseudo-relevance feedback (RM3; Ranking holds its numbers): the words that the best
        passages for the query share are added to it. Only a sum of words is expanded, from passages the caller
        may see. When the postings copy ranked the query, its sums are kept and only the new words are scored."""
        ranking = self.ranking
        typed = parsed.summed_word_weight()
        if ranking.feedback_weight <= 0 or typed <= 0:
            return self._lexical(parsed, limit, groups)
        sums: list[np.ndarray] = []
        ranked = self._lexical(parsed, max(2 * ranking.feedback_docs, limit), groups, sums)
        words = self._feedback_words(ranked, typed)
        if not words:
            return ranked[:limit]
        if not sums:  # Whoosh ranked it: it ranks the expanded query
            return self._lexical(parsed.expanded(words, ranking.field_weights), limit, groups)
        weights = [(name, weight) for name, weight in ranking.field_weights.items() if name in FIELDS]
        added = [(name, word.encode("utf-8"), b * w) for word, w in words.items() for name, b in weights]
        return self._lexical(parsed, limit, groups, sums, added, likely=ranked)

    def _feedback_words(self, ranked: list[tuple[str, int, float]], typed: float) -> dict[str, float]:
        """The words feedback adds to a query whose words weigh `typed`, given its ranking (feedback.py)."""
        best = feedback.best_passages(self.ranking, ranked)
        bags, words = feedback.passage_bags(self._postings, best, self._bodies)
        return feedback.feedback_words(self.ranking, best, typed, bags, words)

    def _bodies(self, found: list[tuple[str, int, float]]) -> list[str]:
        """The body field, as indexed, of each (doc id, ordinal, score) passage ("" for one that is gone)."""
        with self._lock:
            docs = self._docs.documents(doc_id for doc_id, _, _ in found)
            texts = self._docs.passages_with_text((doc_id, ordinal) for doc_id, ordinal, _ in found)
        bodies = []
        for doc_id, ordinal, _ in found:
            passage, text = texts.get((doc_id, ordinal), (None, ""))
            document = docs.get(doc_id)
            bodies.append(passage_body(document.title, passage.heading, text) if passage and document else "")
        return bodies

    def _lexical(
        self,
        parsed: ParsedQuery,
        limit: int,
        groups: Groups,
        sums: list[np.ndarray] | None = None,
        added: list[ScoredTerm] | None = None,
        likely: Sequence[tuple[str, int, float]] = (),
    ) -> list[tuple[str, int, float]]:
        """(doc id, ordinal of its best passage, score) of the best `limit` documents. A query that is a sum of
        words and phrases is scored over the postings copy, in parallel with other searches; the clauses only
        Whoosh can match (fields within the sum; phrases when a segment has no positions) are matched by Whoosh
        and added in; an AND of sums of words is scored there as well, over the passages holding a word of each.
        Field filters beside either keep the passages that Whoosh finds match them (record.passing); filters alone
        that score every match alike (`type:pdf`) list the documents they keep by id. Any other query goes to
        Whoosh whole.
        `sums` (see PostingsSearcher.search) keeps the copy's per-passage sums of a query of words; with
        `added`, they are the sums of this very query, and only the words `added` are scored on top of them.
        `likely`: passages expected near the top (the first ranking's, when feedback ranks again)."""
        plan = parsed.plan(FIELDS) if self._use_postings else None
        if plan is None:
            with self._lock:
                return self._record.ranked(parsed.query, limit, groups)
        operands = [self._words(operand, groups) for operand in plan.required]  # an AND's
        phrases, others = self._matched_where(plan)
        if added is not None:
            terms, phrases, others = added, [], []  # the query's own words and clauses are in `sums` already
        elif operands:
            terms = [term for operand in operands for term in operand]
        else:
            terms = self._words(plan, groups)
        required = [len(operand) for operand in operands]
        excluded_terms, excluded_phrases, excluded_others = self._exclusions(plan, groups)
        with self._lock:
            extra = self._record.matches(Or(others), groups, scored=True) if others else []
            excluded = self._record.matches(excluded_others, groups) if excluded_others is not None else []
            passing = self._record.passing(plan.filters, groups) if plan.filters else None
        dropped = [(d, o) for d, o, _ in excluded]
        if plan.constant is not None:
            return self._postings.by_document_id(
                limit, plan.constant, passing, groups, dropped, excluded_terms, excluded_phrases
            )
        seeds = [(doc_id, ordinal) for doc_id, ordinal, _ in likely]
        return self._postings.search(
            terms,
            limit,
            groups,
            extra,
            dropped,
            excluded_terms,
            sums,
            required,
            seeds,
            phrases,
            excluded_phrases,
            passing,
        )

    def _exclusions(self, plan: Plan, groups: Groups) -> tuple[list[ScoredTerm], list[PhraseClause], Query | None]:
        """What a plan excludes (a NOT at its top), split by who matches it: words (wildcards expanded to the words
        a caller in `groups` may see) and phrases, which the copy matches; the rest (field filters, nested
        operators; phrases when a segment has no positions) as one query for Whoosh, or None. A document with a
        passage that any of them matches is left out."""
        if not plan.excluded:
            return [], [], None
        excluded = ParsedQuery(Or(plan.excluded)).plan(FIELDS)
        if excluded is None:
            return [], [], Or(plan.excluded)
        phrases, others = self._matched_where(excluded)
        return self._words(excluded, groups), phrases, Or(others) if others else None

    def _matched_where(self, plan: Plan) -> tuple[list[PhraseClause], list[Query]]:
        """A plan's phrases that the copy matches, and the clauses Whoosh must: its others, and its phrases too
        when a segment has no positions (an older indexer wrote it)."""
        if plan.phrases and not self._postings.has_positions:
            return [], [*plan.others, *(phrase.query for phrase in plan.phrases)]
        return list(plan.phrases), list(plan.others)

    def _words(self, plan: Plan, groups: Groups) -> list[ScoredTerm]:
        """A plan's scored words, its wildcards expanded to the words a caller in `groups` may see."""
        expand = self._postings.expand
        return plan.terms + [
            (name, word, weight)
            for name, start, weight, also in plan.prefixes
            for word in with_also(expand(name, start, groups), also)
        ]


class Searcher:
    """Hands out the newest snapshot of an index directory."""

    def __init__(self, index_dir: str | os.PathLike[str]) -> None:
        self.index_dir = Path(index_dir)
        self._lock = threading.Lock()
        self._checked = 0.0
        self._snapshot = self._open()

    def snapshot(self) -> Snapshot:
        now = time.monotonic()
        if now - self._checked >= REFRESH_SECONDS:
            with self._lock:
                if now - self._checked >= REFRESH_SECONDS:
                    self._checked = now
                    folder = storage.current_generation(self.index_dir)
                    if folder is not None and folder != self._snapshot.folder:
                        try:
                            self._snapshot = self._open()
                        except IndexerError as exc:  # keep serving the last generation that opened
                            log.error("cannot open the new index generation %s: %s", folder.name, exc)
        return self._snapshot

    def _open(self) -> Snapshot:
        for _ in range(3):  # a generation can be removed between reading CURRENT and opening it
            folder = storage.current_generation(self.index_dir)
            if folder is None:
                raise IndexNotFoundError(
                    f"no index at {self.index_dir}; build one with: python -m indexer DOCS --index {self.index_dir}"
                )
            try:
                return Snapshot(folder)
            except FileNotFoundError:
                continue
        raise IndexNotFoundError(f"the index at {self.index_dir} keeps changing under the reader; try again")
