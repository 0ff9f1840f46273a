"""The .npy arrays of a postings segment, as the server reads them: memory-mapped, as plain ndarrays."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np


def load_array(path: Path) -> np.ndarray:
    """A .npy file, memory-mapped (read-only) when it holds any data. As a plain ndarray over the mapping: numpy's
    memmap class runs Python code on every index and slice, a third of a query's time in key lookups."""
    mapped = np.load(path, mmap_mode="r")
    return mapped.view(np.ndarray) if mapped.size else np.load(path)


def load_arrays(paths: Sequence[Path]) -> list[np.ndarray] | None:
    """The arrays of these files, or None when any is missing (a segment an older indexer wrote)."""
    if not all(path.is_file() for path in paths):
        return None
    return [load_array(path) for path in paths]
