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

import threading
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from indexer.search.bm25 import PostingsSearcher

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


def repeats_in(postings: PostingsSearcher, found: Found) -> Callable[[int], list[bool]]:
    """What tells, for the first so many documents of a ranking (doc id, ordinal of its best passage, score),
    whether each one's passage is nearly the text of one above it (repeating()), as the words its body was indexed
    with tell (the postings copy's forward index). A document's flag depends on those above it alone: asked for
    more, it looks at the new ones only."""
    lengths = postings.body_lengths(found)
    flags: list[bool] = []

    def words(indexes: list[int]) -> list[np.ndarray | None]:
        held = [postings.body_words(found[i][0], found[i][1]) for i in indexes]
        return [None if words is None else words[0] for words in held]

    def flags_of(size: int) -> list[bool]:
        if size > len(flags):
            flags.extend(repeating(lengths[:size], words, start=len(flags)))
        return flags[:size]

    return flags_of


def repeating(lengths: np.ndarray, words: Callable[[list[int]], list[np.ndarray | None]], start: int = 0) -> list[bool]:
    """For passages in ranking order, given their lengths in words and `words(indexes)`, the distinct word numbers of
    those passages (None for one whose words cannot be read): whether each from `start` on is nearly the text of a
    passage above it. Only passages of similar lengths have their words read; their words in common are counted for
    every pair at once (a product of two small matrices). Small lists are handled as Python lists: numpy's cost per
    call is most of the work at twenty passages."""
    count = len(lengths)
    if count > REPEAT_DEPTH:  # (pairs grow as the square of the depth: a deep page would cost seconds)
        head = repeating(lengths[:REPEAT_DEPTH], words, start) if start < REPEAT_DEPTH else []
        return head + [False] * (count - max(start, REPEAT_DEPTH))
    sizes = lengths.tolist()
    above = {j: alike for j in range(start, count) if (alike := _alike_above(sizes, j))}
    flags = [False] * (count - start)
    involved = sorted({k for j, others in above.items() for k in (j, *others)})
    if not involved:
        return flags
    rows = {k: held for k, held in zip(involved, words(involved), strict=True) if held is not None}
    if len(rows) < 2:
        return flags
    place = {k: at for at, k in enumerate(rows)}
    held = list(rows.values())
    both = _in_common(held)
    distinct = [len(w) for w in held]
    for j, others in above.items():
        b = place.get(j)
        if b is None:
            continue
        for i in others:
            a = place.get(i)
            if a is not None and both[a][b] >= MIN_OVERLAP * (distinct[a] + distinct[b] - both[a][b]):
                flags[j - start] = True
                break
    return flags


def _alike_above(sizes: list[int], j: int) -> list[int]:
    """The passages above the j-th whose lengths allow them to be near copies of it (see the module docstring)."""
    size = sizes[j]
    if size < MIN_WORDS:
        return []
    low = max(MIN_WORDS, MIN_LENGTH_RATIO * size)  # a shorter one's least length; a longer one's greatest, below
    return [i for i in range(j) if (other := sizes[i]) >= low and size >= MIN_LENGTH_RATIO * other]


def _in_common(held: list[np.ndarray]) -> list[list[float]]:
    """For every two rows of distinct word numbers, how many they share: each row a line of a 0/1 matrix, its
    columns the places of its words in all the rows together (a word's one column: the last place it has there,
    set through a scratch array that the thread keeps), the matrix times its transpose."""
    every = np.concatenate(held)
    scratch = _scratch(int(every.max()) + 1)
    scratch[every] = np.arange(len(every), dtype=np.int32)
    matrix = np.zeros((len(held), len(every)), dtype=np.float32)
    matrix[np.repeat(np.arange(len(held)), [len(w) for w in held]), scratch[every]] = 1.0
    result: list[list[float]] = (matrix @ matrix.T).tolist()
    return result


_LOCAL = threading.local()


def _scratch(size: int) -> np.ndarray:
    """An int32 array of at least `size` for this thread (searches run in a few threads at once)."""
    found: np.ndarray | None = getattr(_LOCAL, "scratch", None)
    if found is None or len(found) < size:
        found = _LOCAL.scratch = np.empty(max(size, 1 << 16), dtype=np.int32)
    return found
