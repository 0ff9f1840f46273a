"""The forward index of a postings segment: each passage's body terms and their counts, beside its postings.

Pseudo-relevance feedback (search/feedback.py) weighs the words of a query's best passages. Without these files
it reads their text back from docs.sqlite and analyses it again, about a third of a query's time; with them, it
reads the counts the indexer already has: the body field's postings of the segment (postings.py), by passage.

    GEN/postings/
      <seg>.forward_ends.npy   int64 (P), where each passage's entries end in the two arrays below
      <seg>.forward_keys.npy   int32, the index of a body key in the segment's keys (<seg>.terms), ascending
      <seg>.forward_freqs.npy  uint16, how many times the passage holds it (its body field's frequency)

A segment written before these files existed has none: Forward.open() answers None, and search reads such a
segment's passages as before. write_forward() makes them from a segment's postings, for a new segment and for
an older one that a later run finds without them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from indexer.store.arrays import load_arrays

FORWARD_FILES = {"forward_ends": np.int64, "forward_keys": np.int32, "forward_freqs": np.uint16}


def forward_paths(folder: Path, name: str) -> list[Path]:
    return [folder / f"{name}.{part}.npy" for part in FORWARD_FILES]


def write_forward(
    folder: Path, name: str, body_keys: int, counts: np.ndarray, passages: np.ndarray, freqs: np.ndarray, size: int
) -> None:
    """Write the forward index of segment `name` of `size` passages from its postings: `counts` postings per key,
    in key order, of which the first `body_keys` keys are the body field's (its key letter sorts first)."""
    ends = np.cumsum(counts, dtype=np.int64)
    body_postings = int(ends[body_keys - 1]) if body_keys else 0
    keys = np.repeat(np.arange(body_keys, dtype=np.int32), np.asarray(counts[:body_keys], dtype=np.int64))
    owners = np.asarray(passages[:body_postings], dtype=np.int64)
    order = np.argsort(owners, kind="stable")  # by passage; each passage's keys stay in key order
    arrays = (np.cumsum(np.bincount(owners, minlength=size), dtype=np.int64), keys[order], freqs[:body_postings][order])
    for path, array, dtype in zip(forward_paths(folder, name), arrays, FORWARD_FILES.values(), strict=True):
        np.save(path, np.asarray(array).astype(dtype, copy=False))


class Forward:
    """A segment's forward index, memory-mapped."""

    def __init__(self, ends: np.ndarray, keys: np.ndarray, freqs: np.ndarray) -> None:
        self._ends, self._keys, self._freqs = ends, keys, freqs

    @classmethod
    def open(cls, folder: Path, name: str) -> Forward | None:
        """The forward index of segment `name`, or None when it has none (written by an older indexer)."""
        arrays = load_arrays(forward_paths(folder, name))
        return None if arrays is None else cls(*arrays)

    def terms(self, passage: int) -> tuple[np.ndarray, np.ndarray]:
        """(body key indexes, counts) of one passage of the segment."""
        start = int(self._ends[passage - 1]) if passage else 0
        end = int(self._ends[passage])
        return self._keys[start:end], self._freqs[start:end]
