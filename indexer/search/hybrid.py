"""Hybrid ranking: the passages nearest a query's meaning, fused with the lexical ranking.

The nearest passages are found in two steps over the generation's vectors (store/vectors.py): the sign codes of
every row the caller may see are compared with the query's (Hamming distance, 64 components a word), and the
closest COARSE rows are rescored exactly from their int8 values. A document scores by its best passage.
Fusion is a convex mix, DENSE_WEIGHT of the dense score and the rest of the lexical one, each standardized over
the candidates its side found (EVAL.md has the measurements behind the method and the weight: reciprocal rank
fusion and min-max or top-score normalizations ranked lower over the six collections together). Here too: how
meaning takes part in a query of each kind (meaning_kind), and a generation's vectors opened (dense_index).
"""

from __future__ import annotations

import json
import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import numpy as np

from indexer.embed.model import INFO, Encoder
from indexer.errors import EmbeddingModelError
from indexer.groups import PUBLIC, Groups
from indexer.search.plan import ParsedQuery
from indexer.store import storage, vectors
from indexer.store.postings import FIELDS
from indexer.store.vectors import VectorTable, sign_codes

log = logging.getLogger(__name__)

CANDIDATES = 100  # documents each side brings to fusion (more when a caller pages further)
COARSE = 2000  # rows the sign codes pass on to exact scoring
DENSE_WEIGHT = 0.5
# The spread of the dense side's scores (cosines) over a query's candidates, typically: the median over the
# eval collections' queries of the standard deviation of their 100 nearest documents' scores is 0.043 to 0.056.
# Standardizing over a few candidates, a spread measured on them is shrunk toward it, as if DENSE_PRIOR_WEIGHT
# more had it: three documents whose cosines differ by 0.02 differ by little, not by three standard deviations.
DENSE_SPREAD = 0.045
DENSE_PRIOR_WEIGHT = 10
MAX_CACHED_MASKS = 64

Found = list[tuple[str, int, float]]  # (doc id, ordinal of its best passage, score), best first

_encoders: dict[Path, Encoder] = {}
_pool: ThreadPoolExecutor | None = None
_encoders_lock = threading.Lock()


def encoder_for(folder: Path) -> Encoder:
    """The encoder of a built model folder, loaded once per process (a server's snapshots share it)."""
    with _encoders_lock:
        encoder = _encoders.get(folder)
        if encoder is None:
            encoder = _encoders[folder] = Encoder(folder, threads=1, intra_threads=2)
        return encoder


class DenseIndex:
    """One generation's passage vectors, searchable; `model` is the built model folder that made them."""

    def __init__(self, table: VectorTable, model: Path) -> None:
        self.table = table
        self._model = model
        rows = table.rows
        words = np.ascontiguousarray(table.codes).view(np.uint64)
        self._code_words = [np.ascontiguousarray(words[:, j]) for j in range(words.shape[1])]  # column by column
        self._doc_of_row = np.asarray(rows.owners[:, 0])
        self._masks: dict[frozenset[str], np.ndarray] = {}
        self._unusable = False  # the model could not be loaded
        self._lock = threading.Lock()
        order = np.argsort(self._doc_of_row, kind="stable")
        bounds = np.searchsorted(self._doc_of_row[order], np.arange(len(table.docs) + 1))
        self._rows_of_doc = [order[bounds[i] : bounds[i + 1]] for i in range(len(table.docs))]
        self._doc_number = {doc_id: i for i, (doc_id, _) in enumerate(table.docs)}

    def query_vector(self, text: str) -> np.ndarray | None:
        """The query's vector; None when the model cannot be loaded (warned once: the generation then ranks by
        words, until a later one brings a model that loads)."""
        if self._unusable:
            return None
        try:
            return encoder_for(self._model).query(text)
        except EmbeddingModelError as exc:
            self._unusable = True
            log.warning("%s; ranking by words alone", exc)
            return None

    def start(self, text: str, limit: int, groups: Groups, search: bool) -> Future[tuple[np.ndarray, Found] | None]:
        """In a worker thread, while the words are ranked (onnxruntime and numpy's large operations release the
        GIL): the query's vector and, when `search`, its `limit` nearest documents; None when the model cannot
        be loaded (warned)."""
        global _pool
        with _encoders_lock:
            if _pool is None:
                _pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="dense-query")

        def work() -> tuple[np.ndarray, Found] | None:
            vector = self.query_vector(text)
            if vector is None:
                return None
            return vector, self.nearest(vector, limit, groups) if search else []

        return _pool.submit(work)

    def nearest(self, vector: np.ndarray, limit: int, groups: Groups) -> Found:
        """The best `limit` documents a caller in `groups` may see, by their nearest passage."""
        allowed = self._allowed(groups)
        count = len(self._doc_of_row)
        if count > COARSE:
            distance = self._distances(sign_codes(vector[None, :]).view(np.uint64)[0])
            if allowed is not None:
                distance[~allowed] = 64 * len(self._code_words) + 1  # farther than any row can be
            candidates = _closest(distance, COARSE)
            if allowed is not None:
                candidates = candidates[allowed[candidates]]
        else:
            candidates = np.flatnonzero(allowed) if allowed is not None else np.arange(count)
        return self._best_documents(candidates, self._exact(candidates, vector), limit)

    def _distances(self, query_code: np.ndarray) -> np.ndarray:
        """Hamming distance of every row's sign code to the query's (a word of 64 components at a time)."""
        total = np.bitwise_count(self._code_words[0] ^ query_code[0]).astype(np.uint16)
        for column, word in zip(self._code_words[1:], query_code[1:], strict=True):
            total += np.bitwise_count(column ^ word)
        return total

    def scores(self, vector: np.ndarray, doc_ids: list[str]) -> Found:
        """The dense score of each of these documents (by its nearest passage) that has a vector."""
        rows = [self._rows_of_doc[n] for n in (self._doc_number.get(d) for d in doc_ids) if n is not None]
        if not rows:
            return []
        candidates = np.concatenate(rows)
        return self._best_documents(candidates, self._exact(candidates, vector), len(doc_ids))

    def _exact(self, rows: np.ndarray, vector: np.ndarray) -> np.ndarray:
        """The cosine of each of these rows to the query's vector, from their int8 values. In numpy's own loops,
        not BLAS: OpenBLAS splits so small a product over threads that wait for each other (7.9 ms for 2,000
        rows on two threads, 0.12 on one; einsum 0.3, with no float copy of the rows)."""
        values = self.table.rows.values[rows]
        return np.einsum("ij,j->i", values, vector, dtype=np.float32) * self.table.rows.scales[rows]

    def _best_documents(self, rows: np.ndarray, scores: np.ndarray, limit: int) -> Found:
        order = np.argsort(-scores, kind="stable")
        _, first = np.unique(self._doc_of_row[rows[order]], return_index=True)  # each document's best row
        best = order[np.sort(first)[:limit]]
        owners, docs = self.table.rows.owners, self.table.docs
        return [(docs[self._doc_of_row[rows[i]]][0], int(owners[rows[i], 1]), float(scores[i])) for i in best]

    def _allowed(self, groups: Groups) -> np.ndarray | None:
        """Which rows a caller in `groups` may see; None: every row."""
        if groups is None:
            return None
        with self._lock:
            mask = self._masks.get(groups)
            if mask is None:
                names = groups | {PUBLIC}
                visible = np.array([not access or bool(names & set(access)) for _, access in self.table.docs], bool)
                mask = visible[self._doc_of_row] if len(self._doc_of_row) else np.zeros(0, bool)
                if len(self._masks) >= MAX_CACHED_MASKS:
                    self._masks.pop(next(iter(self._masks)))
                self._masks[groups] = mask
            return mask


def _closest(distance: np.ndarray, count: int) -> np.ndarray:
    """The `count` rows of the smallest distances (small integers: a Hamming distance), the lower row first among
    equal ones: counted by distance, then listed, instead of partitioning them all (0.4 against 1.1 ms at
    125,000 rows)."""
    cut = int(np.searchsorted(np.cumsum(np.bincount(distance)), count))  # `count` rows lie at or within it
    below = np.flatnonzero(distance < cut)
    return np.concatenate([below, np.flatnonzero(distance == cut)[: count - len(below)]])


def fuse(
    lexical: Found, dense: Found, weight: float = DENSE_WEIGHT, every_match: bool = False, pool: int = CANDIDATES
) -> Found:
    """One ranking from both: each side's scores standardized over the candidates it brought (z-scores: how far
    above that side's mean a document stands, in its standard deviations), mixed `weight` dense to 1 - weight
    lexical; a document one side did not bring takes that side's lowest score. `every_match`: the lexical side
    brought every document its words match (fewer than it was asked for), so the others match none: they are
    standardized with it as scoring 0, as many of them as fill the `pool` the dense side searched for, whether
    the index holds them or not. (Else a query whose words one document alone holds, such as an error code,
    lost that document's lead: a single score stands at its own mean; and in a folder of three documents,
    standardized over three, it stood 1.4 deviations up, where a large index puts it 10 up, so that a page
    nearer in meaning that holds no word of the query came first.) The dense side's spread is shrunk toward its
    typical one (DENSE_SPREAD): over few candidates, near-equal cosines are no strong signal. Each document
    keeps the passage its lexical ranking chose, if any."""
    unmatched = {doc for doc, _, _ in dense} - {doc for doc, _, _ in lexical} if every_match else set()
    absent = max(0, pool - len(lexical) - len(unmatched)) if every_match else 0
    lexical_z = _standardized(lexical + [(doc, 0, 0.0) for doc in sorted(unmatched)], zeros=absent)
    dense_z = _standardized(dense, DENSE_SPREAD)
    lexical_floor = min(lexical_z.values(), default=0.0)
    dense_floor = min(dense_z.values(), default=0.0)
    passage = {doc: ordinal for doc, ordinal, _ in dense}
    passage.update((doc, ordinal) for doc, ordinal, _ in lexical)
    combined = {
        doc: weight * dense_z.get(doc, dense_floor) + (1 - weight) * lexical_z.get(doc, lexical_floor)
        for doc in passage
    }
    ranked = sorted(combined.items(), key=lambda item: (-item[1], item[0]))
    return [(doc, passage[doc], score) for doc, score in ranked]


def _standardized(found: Found, typical: float = 0.0, zeros: int = 0) -> dict[str, float]:
    """z-scores over `found` and `zeros` more scores of 0 (documents that are not there); with a `typical`
    spread, the spread measured is shrunk toward it (DENSE_SPREAD)."""
    if not found:
        return {}
    scores = np.array([score for _, _, score in found] + [0.0] * zeros, np.float64)
    mean, variance = float(scores.mean()), float(scores.var())
    if typical:
        variance = (len(scores) * variance + DENSE_PRIOR_WEIGHT * typical**2) / (len(scores) + DENSE_PRIOR_WEIGHT)
    spread = variance**0.5 or 1.0
    return {doc: (score - mean) / spread for doc, _, score in found}


def meaning_kind(parsed: ParsedQuery) -> str | None:
    """How meaning takes part in ranking a query: "words" (a sum of words: every passage is a candidate),
    "operators" (words within operators: only what the words match is re-ranked), None (no words: lexical)."""
    plan = parsed.plan(FIELDS)
    if plan is not None and not (
        plan.others or plan.excluded or plan.required or plan.prefixes or plan.phrases or plan.filters
    ):
        return "words"
    return "operators" if parsed.summed_word_weight() > 0 or (plan is not None and plan.terms) else None


def dense_index(folder: Path) -> DenseIndex | None:
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
