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
) -> tuple[list[Bag], list[str]]:
    """Each passage's words and counts, and the words they are numbered by. `bodies` reads the body text of
    passages the postings copy has no forward index for."""
    words: dict[str, int] = {}
    located = [postings.body_terms(doc_id, ordinal) for doc_id, ordinal, _ in best]
    bags: list[Bag | None] = [None] * len(best)
    for s in sorted({found[0] for found in located if found is not None}):
        mine = [i for i, found in enumerate(located) if found is not None and found[0] == s]
        keys = [located[i][1] for i in mine]  # type: ignore[index]
        unique, inverse = np.unique(np.concatenate(keys), return_inverse=True)
        numbers = np.array([words.setdefault(w, len(words)) for w in postings.body_words(s, unique)], dtype=np.int64)
        ends = np.cumsum([len(k) for k in keys])
        for i, ids in zip(mine, np.split(numbers[inverse], ends[:-1]), strict=True):
            bags[i] = (ids, located[i][2])  # type: ignore[index]
    missing = [i for i, bag in enumerate(bags) if bag is None]
    for i, body in zip(missing, bodies([best[i] for i in missing]) if missing else [], strict=True):
        counts = SEARCH_ANALYZER.term_counts(body)
        ids = np.array([words.setdefault(w, len(words)) for w in counts], dtype=np.int64)
        bags[i] = (ids, np.array(list(counts.values()), dtype=np.int64))
    return [bag for bag in bags if bag is not None], list(words)


def feedback_words(
    ranking: Ranking, best: list[Found], typed: float, bags: list[Bag], vocabulary: list[str]
) -> dict[str, float]:
    """The words feedback adds to a query whose words weigh `typed`, with their weights, given its best passages
    and their words: the words of those passages, each weighted by how much of each passage it makes up and by
    that passage's score, that at least `feedback_agreement` of those passages hold (so that one passage's
    peculiar words stay out); the best `feedback_terms` of them, with `feedback_weight` of the whole."""
    total = sum(score for _, _, score in best)
    if total <= 0 or not bags:
        return {}
    shares = []
    for (_, _, score), (_, counts) in zip(best, bags, strict=True):
        share = score / total / (int(counts.sum()) or 1)
        shares.append(share * counts.astype(np.float64))
    ids = np.concatenate([ids for ids, _ in bags])
    model = np.bincount(ids, weights=np.concatenate(shares), minlength=len(vocabulary))  # summed in ranking order
    holding = np.bincount(ids, minlength=len(vocabulary))
    needed = ceil(ranking.feedback_agreement * ranking.feedback_docs)
    kept = np.flatnonzero(holding >= needed).tolist()
    # Rounded, so that sums of the same scores taken in another order pick the same words.
    chosen = sorted((-round(p, 12), vocabulary[w]) for w, p in zip(kept, model[kept].tolist(), strict=True))
    chosen = chosen[: ranking.feedback_terms]
    mass = -sum(p for p, _ in chosen)
    if not chosen or mass <= 0:
        return {}
    scale = ranking.feedback_weight / (1 - ranking.feedback_weight) * typed / mass
    return {w: -p * scale for p, w in chosen}
