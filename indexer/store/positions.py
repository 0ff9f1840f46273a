"""The positions of a postings segment: where in its passage each posting's word stands, so that the postings copy
matches phrases (search/phrases.py) without Whoosh's matchers.

    GEN/postings/
      <seg>.positions.npy      uint16 (uint32 when a passage holds more words), each posting's positions, in
                               increasing order, posting after posting (a posting has as many as its frequency)
      <seg>.position_ends.npy  int64, per key: where its postings' positions end in the array above

The positions are those Whoosh's Positions format encodes in the same segment (the analyzer's: stop words take no
position; an identifier's whole stands at its first word's). A segment written before these files existed has
none: Positions.open() answers None, and its phrases are matched by Whoosh as before.
"""

from __future__ import annotations

import pickle
from array import array
from collections.abc import Iterable
from itertools import accumulate, chain
from pathlib import Path

import numpy as np

from indexer.store.arrays import load_arrays

POSITION_FILES = ("positions", "position_ends")
_DECODED_KEPT = 200_000  # encodings remembered (most postings hold one position, and those repeat)


def position_paths(folder: Path, name: str) -> list[Path]:
    return [folder / f"{name}.{part}.npy" for part in POSITION_FILES]


class _Decoded(dict[bytes, tuple[int, ...]]):
    """Whoosh's Positions encoding (the count as 4 bytes, then a pickled list of deltas) -> the positions."""

    def __missing__(self, value: bytes) -> tuple[int, ...]:
        positions = tuple(accumulate(pickle.loads(value[4:])))
        if len(self) >= _DECODED_KEPT:
            self.clear()
        self[value] = positions
        return positions


_DECODED = _Decoded()


def extend_positions(positions: array, values: Iterable[bytes]) -> None:
    """Append the positions of postings whose values Whoosh encoded, one posting after the other (no Python step
    per posting: the encodings are looked up and chained in C)."""
    positions.extend(chain.from_iterable(map(_DECODED.__getitem__, values)))


def write_positions(folder: Path, name: str, positions: np.ndarray, counts: np.ndarray, freqs: np.ndarray) -> None:
    """Write segment `name`'s positions: `positions` of its postings in key order, `counts` postings per key, each
    posting holding its frequency (`freqs`) of them. Nothing is written when they disagree (a frequency that
    does not count positions): phrases in that segment are then matched by Whoosh."""
    totals = np.cumsum(np.asarray(freqs, dtype=np.int64))
    if len(positions) != (int(totals[-1]) if len(totals) else 0):
        return
    ends = np.cumsum(counts, dtype=np.int64)
    position_ends = np.where(ends > 0, totals[np.maximum(ends - 1, 0)], 0) if len(totals) else np.zeros(len(ends))
    wide = len(positions) and int(np.max(positions)) > np.iinfo(np.uint16).max
    paths = position_paths(folder, name)
    np.save(paths[0], np.asarray(positions).astype(np.uint32 if wide else np.uint16, copy=False))
    np.save(paths[1], np.asarray(position_ends, dtype=np.int64))


def ragged(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The indexes starts[0], starts[0] + 1, ... (counts[0] of them), then those of starts[1], and so on."""
    total = int(counts.sum())
    if not total:
        return np.zeros(0, dtype=np.int64)
    offsets = np.cumsum(counts) - counts  # where each run begins in the result
    return np.repeat(starts - offsets, counts) + np.arange(total)


class Positions:
    """A segment's positions, memory-mapped."""

    def __init__(self, positions: np.ndarray, ends: np.ndarray) -> None:
        self.positions, self.ends = positions, ends

    @classmethod
    def open(cls, folder: Path, name: str) -> Positions | None:
        """The positions of segment `name`, or None when it has none (written by an older indexer)."""
        arrays = load_arrays(position_paths(folder, name))
        return None if arrays is None else cls(*arrays)

    def of_key(self, key: int) -> np.ndarray:
        """The positions of the postings of the key numbered `key`, one posting after the other."""
        start = int(self.ends[key - 1]) if key else 0
        return self.positions[start : int(self.ends[key])]
