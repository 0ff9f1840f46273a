"""The read side: open the current generation of an index, search it, read documents from it.

A `Searcher` follows the index directory: `snapshot()` returns the newest published generation, checked
at most every REFRESH_SECONDS. A request does all its work on one Snapshot, so it sees one consistent
generation even while the indexer publishes the next; a snapshot stays usable after it is superseded.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import collectors
from whoosh import index as whoosh_index
from whoosh.filedb.filestore import FileStorage
from whoosh.idsets import BitSet
from whoosh.query import Or, Query, Term

from indexer.embed.model import INFO
from indexer.errors import IndexerError, IndexFormatError, IndexNotFoundError
from indexer.groups import PUBLIC, Groups
from indexer.model import Document, Passage
from indexer.search import feedback
from indexer.search.bm25 import PostingsSearcher, ScoredTerm
from indexer.search.clauses import Edition, Prefix, stored_ids, with_also, with_expansions
from indexer.search.documents import DocumentView
from indexer.search.hybrid import CANDIDATES, DENSE_WEIGHT, DenseIndex, Found, fuse
from indexer.search.passages import MAX_CACHED_FILTERS
from indexer.search.plan import ParsedQuery, PhraseClause, Plan
from indexer.search.query import parse_query
from indexer.search.ranking import DEFAULT, Ranking
from indexer.search.snippets import make_snippets
from indexer.search.wildcards import held_words
from indexer.store import storage, vectors
from indexer.store.docstore import DocReader
from indexer.store.postings import FIELDS
from indexer.store.schema import SCHEMA_VERSION, passage_body

REFRESH_SECONDS = 1.0
CURRENT_VERSION = "current"  # Docusaurus's unreleased version, served under next/
VERSION_DEPTH = 3  # on a site of several versions, pages ranked per page shown: each version's copies are one
VERSION_WINDOW = 50  # and at least these many, so that a page's newest copy is among them whatever page is asked
MAX_VERSION_WINDOW = 5_000  # ranked, at most, to fill a page when copies of many versions crowd each other out
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
        self._whoosh: Any = None  # Whoosh's searcher, opened by the first query that needs it (see _searcher)
        self._postings = PostingsSearcher(folder / storage.POSTINGS_DIR, ranking)
        self._dense = _dense_index(folder)
        # DocumentView's lock serves Whoosh's searcher too; the postings need none
        self._filters: dict[frozenset[str], BitSet] = {}  # by caller groups, oldest first
        self._use_postings = postings
        self._passing_masks: dict[tuple[str, Groups], np.ndarray | None] = {}  # see _passing(); oldest first
        self._docnum_passages: np.ndarray | None = None  # see _passages_of_docnums()
        # several versions of a site: a page's copies are one result (a site with editions can have them; looking
        # is a scan of the documents, 40 ms at 100,000, not paid where the meta says there are none)
        self._versions = bool(meta.get("editions")) and self._docs.has_versions()

    @property
    def _searcher(self) -> Any:
        """Whoosh's searcher over the generation, opened when a query first needs Whoosh (field filters, an AND
        with a phrase or a filter, an older index's phrases): most queries never do. Its segments are read
        through files, not memory maps: over a map, Whoosh copies each part of a segment that it opens (postings,
        terms, stored fields) into memory whole, 160 MB at 100,000 documents, and the first field query waited
        for the copy (about 0.12 s). Reading files is safe here because every use is under the lock."""
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
        """Documents ranked by their best passage; `offset` skips that many of the best. A caller in `groups`
        finds only the documents it may see (see docstore.visible); None finds every document. `retrieval`:
        "hybrid" (words and meaning, when the generation has vectors), "lexical" or "dense" (meaning alone)."""
        if offset < 0:
            raise ValueError(f"offset must be at least 0, not {offset}")
        if limit <= 0:
            return []
        parsed = parse_query(query, self.ranking.field_weights)
        depth = offset + limit
        if self._versions and not _names_version(parsed.query):
            found = self._one_version_ranked(query, parsed, depth, groups, retrieval)[offset:]
        else:
            found = self._ranked(query, parsed, depth, groups, retrieval)[offset:]
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
        """_ranked() with one copy of each page that several versions of the site hold (_one_version_each):
        ranked deeper than `depth`, and deeper again while copies crowd the pages out of the window."""
        window = max(depth * VERSION_DEPTH, VERSION_WINDOW)
        while True:
            found = self._ranked(query, parsed, window, groups, retrieval)
            with self._lock:
                editions = self._docs.editions(doc_id for doc_id, _, _ in found)
            kept = _one_version_each(found, editions)
            if len(kept) >= depth or len(found) < window or window >= MAX_VERSION_WINDOW:
                return kept[:depth]
            window *= 4

    def _ranked(self, query: str, parsed: ParsedQuery, depth: int, groups: Groups, retrieval: str) -> Found:
        """The best `depth` documents: lexically, then fused with the nearest passages by meaning when the
        generation has vectors. A sum of words searches every passage by meaning; a query with operators
        (fields, phrases, NOT, AND, wildcards) is matched by its words and only re-ranked by meaning; a query of
        operators alone stays lexical."""
        dense = self._dense
        kind = _kind(parsed) if dense is not None and retrieval != "lexical" else None
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
        return fuse(lexical, near, 1.0 if retrieval == "dense" else DENSE_WEIGHT, every_match)[:depth]

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
        Field filters beside either keep the passages that Whoosh finds match them (_passing). Any other query
        goes to Whoosh whole.
        `sums` (see PostingsSearcher.search) keeps the copy's per-passage sums of a query of words; with
        `added`, they are the sums of this very query, and only the words `added` are scored on top of them.
        `likely`: passages expected near the top (the first ranking's, when feedback ranks again)."""
        plan = parsed.plan(FIELDS) if self._use_postings else None
        if plan is None:
            return self._whoosh_ranked(parsed.query, limit, groups)
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
            extra = self._whoosh_matches(Or(others), groups, scored=True) if others else []
            excluded = self._whoosh_matches(excluded_others, groups) if excluded_others is not None else []
            passing = self._passing(plan.filters, groups) if plan.filters else None
        dropped = [(d, o) for d, o, _ in excluded]
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

    def _passing(self, filters: list[Query], groups: Groups) -> np.ndarray | None:
        """The passages that match every filter (field clauses: `type:pdf`, `title:install`, `path:guides/*`), as
        a mask over the postings copy's passages. Whoosh matches each filter, its wildcards bound as for a caller
        in `groups`, by document numbers alone (no stored field is read); each filter's mask is kept for the
        filter and the caller's groups, the most recent MAX_CACHED_FILTERS, since callers filter by the same few
        fields again and again (binding a wildcard is work too: 1.4 ms for `path:part-00*` at 100,000 documents,
        24 ms for a caller with groups). None: every live passage passes (`type:markdown` in a folder of
        Markdown). Called under the lock."""
        passing: np.ndarray | None = None
        for query in filters:
            key = (_filter_key(query), groups)
            if key in self._passing_masks:
                mask = self._passing_masks.pop(key)  # kept again below, as the most recent
            else:
                mask = self._filter_mask(self._bound(query, groups))
                if len(self._passing_masks) >= MAX_CACHED_FILTERS:
                    self._passing_masks.pop(next(iter(self._passing_masks)))
            self._passing_masks[key] = mask
            if mask is not None:
                passing = mask if passing is None else passing & mask
        return passing

    def _filter_mask(self, query: Query) -> np.ndarray | None:
        """The passages a filter (its wildcards bound) matches, as a mask; None when every live one does."""
        docnums = np.fromiter(self._searcher.docs_for_query(query), dtype=np.int64)
        passages = self._passages_of_docnums()[docnums]
        mask = np.zeros(self._postings.size, dtype=bool)
        mask[passages[passages >= 0]] = True
        return None if np.count_nonzero(mask) == self._postings.passage_count else mask

    def _passages_of_docnums(self) -> np.ndarray:
        """Each Whoosh document number's passage in the postings copy (-1 for a deleted one), from each segment's
        stored ids (clauses.stored_ids, which a NOT on Whoosh's path reads too), once per generation: about 0.7 s
        at 125,000 passages. Called under the lock."""
        if self._docnum_passages is None:
            reader = self._searcher.reader()
            table = np.full(reader.doc_count_all(), -1, dtype=np.int64)
            for leaf, offset in reader.leaf_readers():
                ids = stored_ids(leaf)
                first = np.append(self._postings.first_passages(ids.doc_ids), -1)  # owner 0 (deleted) picks the -1
                start = first[ids.owners - 1]
                table[offset : offset + len(start)] = np.where(start >= 0, start + ids.ordinals, -1)
            self._docnum_passages = table
        return self._docnum_passages

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

    def _bound(self, query: Query, groups: Groups) -> Query:
        """The query with its wildcards expanded to the words a caller in `groups` may see, by the rule of the
        postings path (wildcards.py), and its editions (`lang:fr`) bound to their documents. Called under the
        lock."""

        def expand(name: str, start: str) -> list[str]:
            if name in FIELDS:
                return [word.decode("utf-8") for word in self._postings.expand(name, start, groups)]
            return held_words(self._searcher.reader(), name, start, self._allowed(groups))

        def bind(clause: Query) -> Query:
            return (
                clause.bound(self._docs.edition_ids(clause.fieldname, clause.text))
                if type(clause) is Edition
                else clause
            )

        return with_expansions(query, expand).accept(bind)

    def _whoosh_matches(self, query: Query, groups: Groups, scored: bool = False) -> list[tuple[str, int, float]]:
        """(doc id, ordinal, score) of every passage a query matches (score 0 unless `scored`); its wildcards
        expand as they do for a caller in `groups`."""
        collector: Any = collectors.UnlimitedCollector() if scored else collectors.UnsortedCollector()
        self._searcher.search_with_collector(self._bound(query, groups), collector)
        return [(hit["doc_id"], hit["ordinal"], hit.score or 0.0) for hit in collector.results()]

    def _whoosh_ranked(self, query: Query, limit: int, groups: Groups) -> list[tuple[str, int, float]]:
        """The best `limit` documents by Whoosh's ranking, each with its best passage. Equal scores go by document
        id, as on the postings path: Whoosh breaks ties by its document numbers, which follow the order the
        files were indexed in, and that changes from build to build."""
        # Every match is scored and collapsed here: Whoosh skips its own collapsing under a filter (every
        # passage of a document comes back). Queries that reach this path match few passages.
        collector: Any = collectors.UnlimitedCollector()
        with self._lock:
            allowed = self._allowed(groups)
            if allowed is not None:
                collector = collectors.FilterCollector(collector, allowed, None)
            self._searcher.search_with_collector(self._bound(query, groups), collector)
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

    def _allowed(self, groups: Groups) -> BitSet | None:
        """The Whoosh documents (passages) a caller in `groups` may see, as a search filter; None: all."""
        if groups is None:
            return None
        allowed = self._filters.get(groups)
        if allowed is None:
            terms = [Term("access", name) for name in sorted(groups | {PUBLIC})]
            docnums = self._searcher.docs_for_query(Or(terms))
            allowed = BitSet(docnums, size=self._searcher.doc_count_all())
            if len(self._filters) >= MAX_CACHED_FILTERS:
                self._filters.pop(next(iter(self._filters)))
            self._filters[groups] = allowed
        return allowed


def _names_version(query: Query) -> bool:
    """Whether a query filters by version (`version:2.x`): then every version's page it finds is shown."""
    if type(query) is Edition and query.fieldname == "version":
        return True
    return any(_names_version(child) for child in query.children())


def _one_version_each(found: Found, editions: dict[str, tuple[str, str, str]]) -> Found:
    """The ranking with one copy of each page kept where several versions of a site hold it (`--versions all`:
    Jest's ECMAScript Modules page came first, second and third, for 30.4, 30.0 and 29.7). Copies are the
    documents of different versions whose URLs are the same once the version's own path segment is taken out
    (`/docs/29.7/x` and `/docs/x`); the group keeps the place of its best-ranked copy and shows its newest version
    (the site's default, as a rule). A page alone in its version, or a copy whose URL says no version, stays."""
    kept: Found = []
    groups: dict[tuple[str, str], int] = {}  # (URL without the version, language) -> the group's place in kept
    for hit in found:
        url, language, version = editions.get(hit[0], ("", "", ""))
        if not version or not url:
            kept.append(hit)
            continue
        segment = "next" if version == CURRENT_VERSION else version  # Docusaurus's path of its current version
        key = (url.replace(f"/{segment}/", "/", 1), language)
        at = groups.get(key)
        if at is None:
            groups[key] = len(kept)
            kept.append(hit)
            continue
        held = editions[kept[at][0]][2]
        if held == version:
            kept.append(hit)  # another page of that version: not a copy
        elif _newer(version, held):
            kept[at] = hit
    return kept


def _newer(version: str, than: str) -> bool:
    """Whether a version name is newer than another: by their numbers (30.4 > 30.0 > 29.7; a release over its
    pre-releases, 2.0 over 2.0-rc1); a numbered version over an unnumbered one (`current`, served as `next`)."""
    a, b = _release(version), _release(than)
    if a[0] and b[0]:
        return a > b
    return bool(a[0]) and not b[0]


def _release(version: str) -> tuple[tuple[int, ...], bool]:
    """A version's leading numbers (`v2.1.3-beta` 2, 1, 3), and whether it is a release (nothing after them)."""
    found = re.match(r"^[vV]?(\d+(?:\.\d+){0,5})(.*)$", version.strip())
    if found is None:
        return (), False
    return tuple(int(n) for n in found.group(1).split(".")), not found.group(2).strip(" .-_")


def _filter_key(query: Query) -> str:
    """What tells filters apart: the query's text, and the words its wildcards also match (not in their repr)."""
    also = [leaf.also for leaf in query.leaves() if type(leaf) is Prefix]
    return f"{query!r} {also!r}" if also else repr(query)


def _kind(parsed: ParsedQuery) -> str | None:
    """How meaning takes part in ranking a query: "words" (a sum of words: every passage is a candidate),
    "operators" (words within operators: only what the words match is re-ranked), None (no words: lexical)."""
    plan = parsed.plan(FIELDS)
    if plan is not None and not (
        plan.others or plan.excluded or plan.required or plan.prefixes or plan.phrases or plan.filters
    ):
        return "words"
    return "operators" if parsed.summed_word_weight() > 0 or (plan is not None and plan.terms) else None


def _dense_index(folder: Path) -> DenseIndex | None:
    """The generation's passage vectors and the model that made them; None (lexical ranking) when there are
    none, or they cannot be used: then a warning says why."""
    try:
        table = vectors.read(folder)
    except vectors.VectorsUnusable as exc:
        if (folder / vectors.VECTORS_DIR).exists():
            log.warning("generation %s: %s; ranking by words alone", folder.name, exc)
        return None
    model = folder.parent / storage.MODELS_DIR / table.model
    try:
        info = json.loads((model / INFO).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("generation %s: the embedding model %s that made its vectors cannot be read (%s); "
                    "ranking by words alone", folder.name, table.model, exc)  # fmt: skip
        return None
    if info.get("fingerprint") != table.model or int(info.get("dim", -1)) != table.dim:
        log.warning("generation %s: its vectors (%s dimensions) do not match the model folder %s; ranking by words "
                    "alone", folder.name, table.dim, model.name)  # fmt: skip
        return None
    return DenseIndex(table, model) if len(table.rows) else None


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
