"""Which document and passage each Whoosh document of a segment is, kept beside the segment.

Whoosh numbers a segment's documents (our passages) in the order they were added and keeps their ids only in
its stored fields, pickled and compressed one by one: about 4 us each to read back. A search that filters
(`type:pdf`) maps Whoosh's matches onto the postings copy's passages, and a NOT or an edition on Whoosh's path
groups passages by document: each needs every passage's document and ordinal, which made the first such query of
a generation wait 0.5 s at 100,000 documents. The indexer writes them once per segment, when the segment joins
the index, beside the segment's own files:

    whoosh/<segment id>.owners     int32 pairs, one per Whoosh document: its document's number (from 1, into the
                                   ids; 0: deleted when written) and its passage's ordinal
    whoosh/<segment id>.ids        the documents' ids, UTF-8, NUL-separated (no path holds one), number 1 first

Named like the segment's files, they go when Whoosh cleans the segment away after a merge. A segment without them
(an older indexer's) is read from its stored fields, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from whoosh import index

OWNERS = ".owners"
IDS = ".ids"


@dataclass(frozen=True)
class PassageOwners:
    """Which document each passage (Whoosh document) of a segment belongs to: its number (from 1; 0: deleted),
    those numbers' document ids (number 1 first), and the passage's ordinal in its document."""

    owners: np.ndarray
    doc_ids: list[str]
    ordinals: np.ndarray


def from_stored_fields(reader: Any) -> PassageOwners:
    """A segment reader's owners, read from its stored fields (deleted passages belong to no document)."""
    owners = np.zeros(reader.doc_count_all(), dtype=np.int64)
    ordinals = np.zeros(reader.doc_count_all(), dtype=np.int64)
    numbers: dict[str, int] = {}
    for passage, stored in reader.iter_docs():
        owners[passage] = numbers.setdefault(stored["doc_id"], len(numbers) + 1)
        ordinals[passage] = stored["ordinal"]
    return PassageOwners(owners, list(numbers), ordinals)


def read(reader: Any) -> PassageOwners | None:
    """A segment reader's owners from the files beside its segment, with the passages deleted since they were
    written taken out; None when the segment has none, or the reader is not one segment's."""
    segment = getattr(reader, "segment", lambda: None)()
    if segment is None:
        return None
    storage = reader.storage()
    name = segment.segment_id()
    if not (storage.file_exists(name + OWNERS) and storage.file_exists(name + IDS)):
        return None
    try:
        pairs = np.frombuffer(_contents(storage, name + OWNERS), dtype="<i4").reshape(-1, 2)
        doc_ids = _contents(storage, name + IDS).decode("utf-8").split("\0")
    except (OSError, ValueError):  # unreadable, cut short, not UTF-8: read its stored fields
        return None
    if len(pairs) != reader.doc_count_all() or not _fits(pairs, len(doc_ids)):
        return None  # not this segment's: read its stored fields
    owners = pairs[:, 0].astype(np.int64)
    deleted = np.fromiter(segment.deleted_docs(), dtype=np.int64) if reader.has_deletions() else None
    if deleted is not None and len(deleted):
        owners[deleted] = 0
    return PassageOwners(owners, doc_ids, pairs[:, 1].astype(np.int64))


def segment_names(whoosh_dir: Any) -> set[str]:
    """The ids of the segments of the index in `whoosh_dir`."""
    with index.open_dir(str(whoosh_dir)).reader() as reader:
        return {leaf.segment().segment_id() for leaf, _ in reader.leaf_readers() if hasattr(leaf, "segment")}


def _fits(pairs: np.ndarray, documents: int) -> bool:
    """Whether (document number, ordinal) pairs can be a segment's: numbers within its `documents` (0: deleted),
    and each ordinal below the count of its document's passages."""
    if not len(pairs):
        return True
    numbers, ordinals = pairs[:, 0].astype(np.int64), pairs[:, 1].astype(np.int64)
    if not 0 <= numbers.min() <= numbers.max() <= documents or ordinals.min() < 0:
        return False
    held = numbers > 0
    counts = np.bincount(numbers, minlength=documents + 1)
    return bool(np.all(ordinals[held] < counts[numbers[held]]))


def write_missing(whoosh_dir: Any) -> int:
    """Write the owners of every segment of the index in `whoosh_dir` that has none yet (the segments this run
    added or merged: the others kept theirs); how many were written."""
    opened = index.open_dir(str(whoosh_dir))
    storage = opened.storage
    written = 0
    with opened.reader() as reader:
        for leaf, _ in reader.leaf_readers():
            segment = getattr(leaf, "segment", lambda: None)()
            if segment is None:  # an index with no segment yet
                continue
            name = segment.segment_id()
            if storage.file_exists(name + OWNERS) and storage.file_exists(name + IDS):
                continue
            found = from_stored_fields(leaf)
            pairs = np.stack([found.owners, found.ordinals], axis=1).astype("<i4")
            _write(storage, name + IDS, "\0".join(found.doc_ids).encode("utf-8"))
            _write(storage, name + OWNERS, pairs.tobytes())
            written += 1
    return written


def _contents(storage: Any, name: str) -> bytes:
    with storage.open_file(name) as handle:
        return bytes(handle.read())


def _write(storage: Any, name: str, data: bytes) -> None:
    with storage.create_file(name) as handle:
        handle.write(data)
