"""Pages that repeat what a page above them shows: the same passage on many pages (a "Miscellaneous Options"
section that thirty command pages include, each naming its own command; a page published twice, as a manual page
and as a chapter) scores alike on each, so one question's results can be that passage seven times over, and the
pages that answer it are pushed off the list.

A page whose best passage is nearly the text of the best passage of a page ranked above it (at least MIN_WORDS
words each, their lengths within MIN_LENGTH_RATIO, and MIN_OVERLAP of their words in common) goes REPEAT_DROP places
down, after that many pages that show something new (one page of results): nothing is left out, the first page to
show the text keeps its place, and a deep ranking (a top 100) keeps its repeats near where they were. The ranking is
looked at deeper as placing needs, as far as MAX_WINDOW pages.
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
MAX_WINDOW = 1000  # documents of a ranking looked at to place `depth` of them


def fresh_first(rank: Callable[[int], Found], depth: int, repeated: Callable[[Found], list[bool]]) -> Found:
    """The best `depth` documents of `rank` (a ranking of so many documents), each that `repeated` says shows what
    one above it showed put REPEAT_DROP places further down, after that many documents that show something new."""
    window = depth
    while True:
        found = rank(window)
        flags = repeated(found)
        if not any(flags):
            return found[:depth]
        placed, settled = _placed(found, flags)
        if settled >= depth or len(found) < window or window >= MAX_WINDOW:
            return placed[:depth]
        window = min(MAX_WINDOW, max(3 * window, depth + 3 * REPEAT_DROP))


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


def repeating(lengths: list[int], words: Callable[[int], np.ndarray | None]) -> list[bool]:
    """For passages in ranking order, given their lengths in words and `words(i)`, the distinct word numbers of the
    i-th (None when they cannot be read): whether each is nearly the text of a passage above it. Only passages of
    similar lengths have their words read, so a ranking of unlike passages costs a comparison of numbers."""
    read: dict[int, np.ndarray | None] = {}

    def held(i: int) -> np.ndarray | None:
        if i not in read:
            read[i] = words(i)
        return read[i]

    flags = [False] * len(lengths)
    for j, length in enumerate(lengths):
        for i in range(j):
            shorter, longer = sorted((lengths[i], length))
            if shorter < MIN_WORDS or shorter < MIN_LENGTH_RATIO * longer:
                continue
            a, b = held(i), held(j)
            if a is None or b is None:
                continue
            both = len(np.intersect1d(a, b, assume_unique=True))
            if both >= MIN_OVERLAP * (len(a) + len(b) - both):
                flags[j] = True
                break
    return flags
