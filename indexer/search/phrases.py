"""Phrases over the postings copy: the passages of a segment where a phrase's words stand one after the other.

Whoosh matches a phrase as a chain of spans, each next word at the position after the last (SpanNear2 with slop
1, in order), and scores it as the sum of its words' BM25 in its field. Here the passages holding every word
are found from the words' postings, and each word's positions there (store/positions.py) give where a phrase
would start if it stood there (its position less its place in the phrase); a passage holds the phrase when every
word agrees on one such start. bm25.py adds the words' scores for the passages found.
"""

from __future__ import annotations

import numpy as np

from indexer.store.positions import ragged
from indexer.store.postings import Segment

_STRIDE = 1 << 34  # a start position (shifted by the phrase's length) fits below it: positions are at most 32 bits


def phrase_postings(segment: Segment, words: list[tuple[int, int, int]]) -> list[np.ndarray]:
    """For a phrase whose words are segment keys given as (key number, first posting, end of its postings), in
    order: for each word, the numbers (within its postings) of its postings in the passages that hold the
    phrase, passage by passage; [] when no passage does. The segment has positions (Segment.positions)."""
    table = segment.positions
    assert table is not None
    lists = [segment.passages[start:end] for _, start, end in words]
    held = lists[0]
    for passages in lists[1:]:  # the passages holding every word
        held = np.intersect1d(held, passages, assume_unique=True)
    if not len(held):
        return []
    starts = None
    for place, ((key, start, end), passages) in enumerate(zip(words, lists, strict=True)):
        postings = np.searchsorted(passages, held)
        freqs = np.asarray(segment.freqs[start:end], dtype=np.int64)
        counts = freqs[postings]
        positions = table.of_key(key)[ragged((np.cumsum(freqs) - freqs)[postings], counts)]
        # where the phrase would start, for each position of this word, in each passage (numbered in `held`)
        found = np.repeat(np.arange(len(held), dtype=np.int64), counts) * _STRIDE
        found += positions.astype(np.int64) + (len(words) - place)
        starts = found if starts is None else np.intersect1d(starts, found, assume_unique=True)
        if not len(starts):
            return []
    matched = held[np.unique(starts // _STRIDE)]  # type: ignore[operator]
    return [np.searchsorted(passages, matched) for passages in lists]
