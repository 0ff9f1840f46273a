"""Which documents come first: from an array of passage scores, the best passage of each of the best documents
(a document scores its best passage), with a cut that spares looking at most of the array.

bm25.py scores the passages of a generation as one array; what is picked from it here does not depend on how
the scores were made.
"""

from __future__ import annotations

import numpy as np

from indexer.search.passages import WordPostings

Located = list[tuple[int, float]]  # (passage number, score) of some passages


def lower_bound(scores: np.ndarray, doc_of: np.ndarray, seeds: np.ndarray, limit: int) -> float:
    """A score that the `limit`-th best document reaches at least: that of the `limit`-th best document among
    the `seeds` passages alone (0 when they do not hold `limit` scoring documents). Passages below it cannot
    be the best passage of a document in the top `limit`."""
    value, doc = scores[seeds], doc_of[seeds]
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


def seeds(found: list[WordPostings], weights: list[float], likely: Located, size: int) -> np.ndarray:
    """Passages likely to score near the top, to find a cut with (lower_bound()): those named `likely`,
    else the passages of the weightiest words (the rarest), until there are about `size`."""
    if likely:
        return np.array([passage for passage, _ in likely], dtype=np.int64)
    parts, total = [], 0
    for i in sorted(range(len(found)), key=lambda i: -weights[i]):
        if total >= size:
            break
        parts.append(found[i].passages)
        total += len(found[i].passages)
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def best_passages(scores: np.ndarray, doc_of: np.ndarray, limit: int, cut: float = 0.0) -> np.ndarray:
    """The best-scoring passage of each of the `limit` best documents (a document scores its best passage), and
    of any more documents tied with the last of them (search breaks those ties by document id), best first;
    among equal scores, the lower passage number first. With a `cut` that the `limit`-th best document
    reaches, only the passages at or above it are looked at."""
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
