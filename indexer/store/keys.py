"""A postings segment's keys ("<field letter>" + term, UTF-8, sorted), read from its memory-mapped .terms file
as they are compared: a query looks up a few words among millions without loading them.
"""

from __future__ import annotations

import mmap
import os
from bisect import bisect_left
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

# Key lookups remembered per segment: at most this many, of keys at most this long (a query's word can be a
# thousand characters); a few MB at most.
_FOUND_KEPT = 20_000
_FOUND_KEY_BYTES = 64
_SAMPLED = 32  # one key in this many is kept in a list to bisect, when a segment's keys are first searched


class Keys(Sequence[bytes]):
    """A segment's sorted keys, read from the memory-mapped .terms file as they are compared."""

    def __init__(self, blob: mmap.mmap | bytes, ends: np.ndarray) -> None:
        self._blob = blob
        self._ends = ends
        self._found: dict[bytes, int] = {}  # key -> find(key), for the keys queries ask for again and again
        self._sample: list[bytes] | None = None  # see first_not_below()
        self._ends_list: list[int] | None = None  # likewise

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, i: Any) -> Any:
        start = int(self._ends[i - 1]) if i > 0 else 0
        return self._blob[start : int(self._ends[i])]

    def all(self) -> list[bytes]:
        """Every key, in order (for a merge)."""
        blob, ends = self._blob, self._ends.tolist()
        return [blob[start:end] for start, end in zip([0, *ends[:-1]], ends, strict=True)]

    def many(self, indexes: np.ndarray) -> list[bytes]:
        """The keys numbered `indexes`."""
        ends = self._ends[indexes]
        starts = np.where(indexes > 0, self._ends[np.maximum(indexes - 1, 0)], 0)
        blob = self._blob
        return [blob[start:end] for start, end in zip(starts.tolist(), ends.tolist(), strict=True)]

    def suffixes(self, indexes: np.ndarray, skip: int = 0) -> np.ndarray:
        """The keys numbered `indexes`, less their first `skip` bytes, as one array of fixed-width byte strings
        (numpy's "S" type: comparable, sortable and unique-able without a Python object per key)."""
        starts = np.where(indexes > 0, self._ends[np.maximum(indexes - 1, 0)], 0) + skip
        lengths = self._ends[indexes] - starts
        width = max(int(lengths.max(initial=0)), 1)
        if not len(indexes):
            return np.zeros(0, dtype=f"S{width}")
        blob = np.frombuffer(self._blob, dtype=np.uint8)
        columns = np.arange(width)
        chars = blob[np.minimum(starts[:, None] + columns, len(blob) - 1)]
        chars[columns >= lengths[:, None]] = 0  # no key holds a NUL byte: "S" strings end at the first one
        return chars.view(f"S{width}").ravel()

    def find(self, key: bytes) -> int:
        """The index of `key`, or -1."""
        found = self._found.get(key)
        if found is None:
            i = self.first_not_below(key)
            found = i if i < len(self._ends) and self[i] == key else -1
            if len(key) <= _FOUND_KEY_BYTES:
                if len(self._found) >= _FOUND_KEPT:
                    self._found.clear()
                self._found[key] = found
        return found

    def starting_with(self, prefix: bytes, limit: int, start: int | None = None) -> list[bytes]:
        """The first `limit` keys that start with `prefix`, in order; from the key numbered `start`, when given
        (the first such key, or past it)."""
        found: list[bytes] = []
        i = self.first_not_below(prefix) if start is None else start
        while i < len(self._ends) and len(found) < limit and (key := self[i]).startswith(prefix):
            found.append(key)
            i += 1
        return found

    def first_not_below(self, key: bytes) -> int:
        """The index of the first key not below `key` (len(self) when every key is): between two keys of a
        sample of every _SAMPLED-th (bisected in C), then by a binary search among the few between them, over
        the keys' ends as a Python list (made with the sample: numpy's scalars are slow to index with)."""
        sample, ends = self._sample, self._ends_list
        if sample is None or ends is None:
            ends = self._ends_list = self._ends.tolist()
            sample = self._sample = [self[i] for i in range(0, len(ends), _SAMPLED)]
        block = bisect_left(sample, key)  # sample[block - 1] < key <= sample[block]
        lo = (block - 1) * _SAMPLED + 1 if block else 0
        hi = min(block * _SAMPLED, len(ends))
        blob = self._blob
        while lo < hi:
            mid = (lo + hi) // 2
            if blob[ends[mid - 1] if mid else 0 : ends[mid]] < key:
                lo = mid + 1
            else:
                hi = mid
        return lo


def map_file(path: Path) -> mmap.mmap | bytes:
    """A file's bytes, memory-mapped read-only (an empty file cannot be mapped: its bytes)."""
    with path.open("rb") as f:
        size = os.fstat(f.fileno()).st_size
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
