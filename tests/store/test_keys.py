"""A segment's keys are looked up by bisecting a sample of them, then searching between two of them; feedback reads
many at once as fixed-width byte strings."""

from __future__ import annotations

from bisect import bisect_left

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from indexer.store.keys import Keys

KEYS = st.lists(st.binary(min_size=1, max_size=6).filter(lambda b: b"\0" not in b), unique=True, max_size=300)


@given(KEYS, st.lists(st.binary(max_size=7), max_size=30))
def test_a_key_is_found_where_bisecting_every_key_finds_it(keys: list[bytes], asked: list[bytes]) -> None:
    keys.sort()
    table = Keys(b"".join(keys), np.cumsum([len(k) for k in keys], dtype=np.int64))
    for key in asked + keys + [k + b"\0" for k in keys[:5]]:
        assert table.first_not_below(key) == bisect_left(keys, key)
        assert table.find(key) == (keys.index(key) if key in keys else -1)


@given(KEYS)
def test_keys_read_at_once_are_the_keys(keys: list[bytes]) -> None:
    keys.sort()
    table = Keys(b"".join(keys), np.cumsum([len(k) for k in keys], dtype=np.int64))
    indexes = np.arange(len(keys))[::3]
    assert table.suffixes(indexes).tolist() == [keys[i] for i in indexes]
    assert table.suffixes(indexes, skip=1).tolist() == [keys[i][1:] for i in indexes]
