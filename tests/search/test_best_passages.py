"""The postings path picks each of the best documents' best passage from a segment's scores without sorting them
all: it gives what sorting every scoring passage gives (ties to the lower passage number), whatever the ties,
zeros, and documents of many passages."""

from __future__ import annotations

import numpy as np

from indexer.search.top import best_passages


def _sorted_reference(scores: np.ndarray, doc_of: np.ndarray, limit: int) -> list[int]:
    """Each document's best passage in score order (the lower passage first), the first `limit` of them and the
    documents tied with the last."""
    order = sorted((p for p in range(len(scores)) if scores[p]), key=lambda p: (-scores[p], p))
    best: dict[int, int] = {}
    for passage in order:
        best.setdefault(int(doc_of[passage]), passage)
    found = list(best.values())
    return [p for i, p in enumerate(found) if i < limit or scores[p] == scores[found[limit - 1]]]


def test_the_best_passages_are_those_a_full_sort_gives() -> None:
    rng = np.random.default_rng(5)
    for _ in range(400):
        size = int(rng.integers(1, 2000))
        scores = np.zeros(size)
        scoring = rng.choice(size, int(rng.integers(0, size + 1)), replace=False)
        scores[scoring] = np.round(rng.random(len(scoring)) * rng.choice([2, 10, 1000])) + 0.5  # many ties
        doc_of = np.sort(rng.integers(0, max(1, size // int(rng.integers(1, 6))), size))
        limit = int(rng.integers(1, 80))
        assert best_passages(scores, doc_of, limit).tolist() == _sorted_reference(scores, doc_of, limit)


def test_a_cut_at_or_below_the_last_documents_score_changes_nothing() -> None:
    """Search first finds a score that the last of the best documents reaches (from a few likely passages) and
    looks only at the passages at or above it: any such cut gives what the full sort gives."""
    rng = np.random.default_rng(8)
    for _ in range(400):
        size = int(rng.integers(1, 2000))
        scores = np.zeros(size)
        scoring = rng.choice(size, int(rng.integers(1, size + 1)), replace=False)
        scores[scoring] = np.round(rng.random(len(scoring)) * rng.choice([2, 10, 1000])) + 0.5
        doc_of = np.sort(rng.integers(0, max(1, size // int(rng.integers(1, 6))), size))
        limit = int(rng.integers(1, 80))
        expected = _sorted_reference(scores, doc_of, limit)
        if len(expected) < limit:
            continue  # fewer documents score than asked for: no cut is known, search looks at them all
        last = scores[expected[limit - 1]]
        for cut in (last, last * float(rng.random())):
            assert best_passages(scores, doc_of, limit, cut).tolist() == expected
