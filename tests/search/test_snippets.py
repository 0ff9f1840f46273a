"""A snippet is the window of a passage that holds the most distinct query words, found in one pass over them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from indexer.search.snippets import _densest

HITS = st.lists(st.tuples(st.integers(0, 3000), st.sampled_from("abcdef")), max_size=60).map(sorted)


@given(HITS, st.integers(1, 400))
def test_the_window_is_the_first_holding_the_most_distinct_words(hits: list[tuple[int, str]], width: int) -> None:
    best_start, best_count = 0, 0
    for i, (start, _) in enumerate(hits):  # every window, as written before: quadratic in the hits
        window = {term for s, term in hits[i:] if s < start + width}
        if len(window) > best_count:
            best_start, best_count = start, len(window)
    assert _densest(hits, width) == (best_start, best_count)
