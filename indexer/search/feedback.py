"""Pseudo-relevance feedback (RM3): the words that a query's best passages share, to add to the query.

Each passage's words and counts are what its body field was indexed with: read from the postings copy's forward
index (store/forward.py) when its segment has one, else by analysing the passage's body again (an index written
by an older indexer); both give the same counts, so feedback picks the same words either way. The words' weights
are summed passage after passage in ranking order on both ways, so that they agree to the last bit.
"""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

import numpy as np

from indexer.search.bm25 import PostingsSearcher
from indexer.search.ranking import Ranking
from indexer.text.analysis import SEARCH_ANALYZER

Found = tuple[str, int, float]  # (doc id, ordinal, score) of a ranked passage
Bag = tuple[np.ndarray, np.ndarray]  # a passage's words (numbers in a Vocabulary) and how often it holds each


def best_passages(ranking: Ranking, ranked: list[Found]) -> list[Found]:
    """The passages feedback reads: the best `feedback_docs`, and every passage tied with the last of them."""
    best = ranked[: 2 * ranking.feedback_docs]
    if len(best) > ranking.feedback_docs:  # passages tied at the cut are all kept: the same on both paths
        cut = best[ranking.feedback_docs - 1][2] * (1 - 1e-9)
        best = [hit for hit in best if hit[2] >= cut]
    return best


def passage_bags(
    postings: PostingsSearcher, best: list[Found], bodies: Callable[[list[Found]], list[str]]
) -> tuple[list[Bag], Callable[[np.ndarray], list[str]]]:
    """Each passage's words and counts, and what gives the words of their numbers. Words are numbered as the
    postings copy numbers the generation's body words; `bodies` reads the body text of passages the copy has
    no forward index for (a word of theirs that no segment holds is numbered past the copy's words)."""
    bags: list[Bag | None] = [postings.body_words(doc_id, ordinal) for doc_id, ordinal, _ in best]
    missing = [i for i, bag in enumerate(bags) if bag is None]
    unknown: dict[str, int] = {}
    for i, body in zip(missing, bodies([best[i] for i in missing]) if missing else [], strict=True):
        counts = SEARCH_ANALYZER.term_counts(body)
        ids = postings.word_ids_of(list(counts))
        for j in np.flatnonzero(ids < 0).tolist():
            word = list(counts)[j]
            ids[j] = unknown.setdefault(word, postings.vocabulary_size + len(unknown))
        bags[i] = (ids, np.array(list(counts.values()), dtype=np.int64))
    extra = list(unknown)

    def words(ids: np.ndarray) -> list[str]:
        size = postings.vocabulary_size
        known = iter(postings.words(ids[ids < size]))
        return [extra[i - size] if i >= size else next(known) for i in ids.tolist()]

    return [bag for bag in bags if bag is not None], words


def feedback_words(
    ranking: Ranking, best: list[Found], typed: float, bags: list[Bag], words: Callable[[np.ndarray], list[str]]
) -> dict[str, float]:
    """The words feedback adds to a query whose words weigh `typed`, with their weights, given its best passages
    and their words: the words of those passages, each weighted by how much of each passage it makes up and by
    that passage's score, that at least `feedback_agreement` of those passages hold (so that one passage's
    peculiar words stay out); the best `feedback_terms` of them, with `feedback_weight` of the whole."""
    total = sum(score for _, _, score in best)
    if total <= 0 or not bags:
        return {}
    lengths = np.array([len(counts) for _, counts in bags])
    counts = np.concatenate([counts for _, counts in bags]).astype(np.int64)
    running, ends = np.concatenate(([0], np.cumsum(counts))), np.cumsum(lengths)
    held = running[ends] - running[ends - lengths]  # how many words each passage holds
    share = np.array([score for _, _, score in best]) / total / np.maximum(held, 1)  # a word's share, per passage
    numbers, ids = np.unique(np.concatenate([ids for ids, _ in bags]), return_inverse=True)
    weights = np.repeat(share, lengths) * counts
    model = np.bincount(ids, weights=weights, minlength=len(numbers))  # summed in ranking order
    holding = np.bincount(ids, minlength=len(numbers))
    needed = ceil(ranking.feedback_agreement * ranking.feedback_docs)
    kept = _contenders(model, np.flatnonzero(holding >= needed), ranking.feedback_terms)
    # Rounded, so that sums of the same scores taken in another order pick the same words.
    chosen = sorted((-round(p, 12), w) for w, p in zip(words(numbers[kept]), model[kept].tolist(), strict=True))
    chosen = chosen[: ranking.feedback_terms]
    mass = -sum(p for p, _ in chosen)
    if not chosen or mass <= 0:
        return {}
    scale = ranking.feedback_weight / (1 - ranking.feedback_weight) * typed / mass
    return {w: -p * scale for p, w in chosen}


def _contenders(model: np.ndarray, kept: np.ndarray, best: int) -> np.ndarray:
    """Of the `kept` words, those that can be among the `best` once their weights are rounded to 12 decimals
    (where ties go by the word): every word within 2e-12 of the best-th weight. Rounding keeps the order of
    weights, so any other word's rounded weight is below that of `best` words. (Naming and sorting only these
    spares a query most of the 60-odd words that feedback's passages share.)"""
    if best <= 0:  # (feedback that adds no word)
        return kept[:0]
    if len(kept) <= best:
        return kept
    values = model[kept]
    cut = np.partition(values, len(values) - best)[len(values) - best]
    return kept[values >= cut - 2e-12]
