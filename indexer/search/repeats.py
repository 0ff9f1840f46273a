"""Pages that repeat what a page above them shows: the same passage on many pages (a "Miscellaneous Options"
section that thirty command pages include, each naming its own command; a page published twice, as a manual page
and as a chapter) scores alike on each, so one question's results can be that passage seven times over, and the
pages that answer it are pushed off the list.

A page whose best passage is nearly the text of the best passage of a page ranked above it (at least MIN_WORDS
words each, their lengths within MIN_LENGTH_RATIO, and MIN_OVERLAP of their words in common) goes REPEAT_DROP places
down, after that many pages that show something new (one page of results): nothing is left out, the first page to
show the text keeps its place, and a deep ranking (a top 100) keeps its repeats near where they were. Repeats are
looked for among the first REPEAT_DEPTH pages of a ranking (their pairs cost as the square of the depth); the ranking
is looked at deeper as placing needs, as far as MAX_WINDOW pages.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np

Found = list[tuple[str, int, float]]  # (doc id, ordinal of its best passage, score), best first

MIN_WORDS = 30  # a shorter passage (a label, a date line, "No abstract available.") repeats nothing
MIN_LENGTH_RATIO = 0.8  # the shorter passage's length, at least this share of the longer's
MIN_OVERLAP = 0.8  # words the two hold both, at least this share of the words either holds (Jaccard)
REPEAT_DROP = 10  # places a repeat goes down: one page of the search tool's results
REPEAT_DEPTH = 100  # repeats are looked for among a ranking's first so many documents; below, each keeps its place
MAX_WINDOW = 1000  # documents of a ranking looked at to place `depth` of them


def fresh_first(
    rank: Callable[[int], Found], depth: int, repeated: Callable[[Found], Callable[[int], list[bool]]]
) -> Found:
    """The best `depth` documents of `rank` (a ranking of so many documents), each that `repeated` says shows what
    one above it showed put REPEAT_DROP places further down, after that many documents that show something new.
    `repeated(found)` tells it for the first so many of a ranking: the ranking's head is looked at first, and
    further only as far as placing `depth` documents needs (most rankings hold no repeat in their first `depth`)."""
    window = depth + REPEAT_DROP  # what placing a repeat at the top needs, ranked at once with the rest
    while True:
        found = rank(window)
        flags_of = repeated(found)
        head = min(depth, len(found))
        placed, settled = _placed(found[:head], flags_of(head))
        if settled < depth and len(found) > head:  # a repeat among the first: placing needs the rest, read at once
            placed, settled = _placed(found, flags_of(len(found)))
        if settled >= depth or len(found) < window or window >= MAX_WINDOW:
            return placed[:depth]
        window = min(MAX_WINDOW, 3 * window)


def _placed(found: Found, flags: list[bool]) -> tuple[Found, int]:
    """The ranking with each repeat after the REPEAT_DROP documents that show something new below it, and how many
    of its first places are settled (placed before the ranking ran out: a document ranked below the window comes
    after them)."""
    placed: Found = []
    waiting: deque[tuple[int, tuple[str, int, float]]] = deque()  # (new documents to wait for, the repeat)
    new = 0
    for hit, again in zip(found, flags, strict=True):
        if again:
            waiting.append((new + REPEAT_DROP, hit))
            continue
        placed.append(hit)
        new += 1
        while waiting and waiting[0][0] <= new:
            placed.append(waiting.popleft()[1])
    settled = len(placed)
    return placed + [hit for _, hit in waiting], settled


def repeating(lengths: np.ndarray, words: Callable[[list[int]], list[np.ndarray | None]]) -> list[bool]:
    """For passages in ranking order, given their lengths in words and `words(indexes)`, the distinct word numbers of
    those passages (None for one whose words cannot be read): whether each is nearly the text of a passage above it.
    Only passages of similar lengths have their words read; their words in common are counted for every pair at
    once (a product of two small matrices)."""
    if len(lengths) > REPEAT_DEPTH:  # (pairs grow as the square of the depth: a deep page would cost seconds)
        return repeating(lengths[:REPEAT_DEPTH], words) + [False] * (len(lengths) - REPEAT_DEPTH)
    count = len(lengths)
    shorter = np.minimum.outer(lengths, lengths)
    similar = (shorter >= MIN_WORDS) & (shorter >= MIN_LENGTH_RATIO * np.maximum.outer(lengths, lengths))
    similar &= np.tri(count, k=-1, dtype=bool)  # [j, i]: passage j and one above it, i
    if not similar.any():
        return [False] * count
    involved = np.flatnonzero(similar.any(axis=0) | similar.any(axis=1))
    read = words(involved.tolist())
    known = [i for i, held in zip(involved.tolist(), read, strict=True) if held is not None]
    if len(known) < 2:
        return [False] * count
    held = [w for w in read if w is not None]
    union, columns = np.unique(np.concatenate(held), return_inverse=True)
    matrix = np.zeros((len(known), len(union)), dtype=np.float32)
    matrix[np.repeat(np.arange(len(known)), [len(w) for w in held]), columns] = 1.0
    both = matrix @ matrix.T  # words in common, per pair
    sizes = np.array([len(w) for w in held], dtype=np.float32)
    near = both >= MIN_OVERLAP * (sizes[:, None] + sizes[None, :] - both)
    flags = np.zeros(count, dtype=bool)
    at = np.array(known)
    flags[at] = (near & similar[np.ix_(at, at)]).any(axis=1)
    return flags.tolist()
