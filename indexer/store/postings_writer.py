"""Writing a generation's postings copy (postings.py): new segments, deletions, and merges.

The single writer of a run takes the previous generation's segments (hard-linked into the new generation),
marks the documents the run deletes or replaces, adds the segments built in this run, and merges when
segments pile up or fill with deletions, then writes the manifest.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from indexer.store.positions import ragged
from indexer.store.postings import (
    MAX_DELETED_SHARE,
    MAX_SEGMENTS,
    FieldPostings,
    PostingsBuilder,
    Segment,
    read_manifest,
    write_manifest,
    write_segment,
)


class PostingsWriter:
    """The postings side of one run's writer."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._segments = read_manifest(folder)  # name -> deleted doc indexes (previous generation's)
        self._where: dict[str, tuple[str, int]] | None = None  # doc id -> (segment, doc index), when needed
        self._opened: dict[str, Segment] = {}
        self._inline = PostingsBuilder(folder)

    def _segment(self, name: str) -> Segment:
        """A segment of this run, opened once (its document list is read from disk)."""
        if name not in self._opened:
            self._opened[name] = Segment(self.folder, name)
        return self._opened[name]

    def delete(self, doc_id: str) -> None:
        """Drop a document of the previous generation (a document added in this run is not affected)."""
        if self._where is None:
            self._where = {}
            for name, deleted in self._segments.items():
                gone = set(deleted)
                for index, (doc, _) in enumerate(self._segment(name).docs):
                    if index not in gone:
                        self._where[doc] = (name, index)
        found = self._where.pop(doc_id, None)
        if found is not None:
            self._segments[found[0]].append(found[1])

    def add(self, doc_id: str, access: tuple[str, ...], ordinal: int) -> None:
        self._inline.add(doc_id, access, ordinal)

    def commit(
        self, inline_postings: list[FieldPostings], built: list[str], drop: frozenset[str] = frozenset()
    ) -> None:
        """Take the postings of the passages added here and the segments this run built (in the order the Whoosh
        writer takes its own), less the documents in `drop`; merge where due, write the manifest, and drop the
        files of segments no longer listed."""
        inline = self._inline.finish(inline_postings)
        for name in ([inline] if inline else []) + built:
            docs = self._segment(name).docs if drop else []
            self._segments[name] = [index for index, (doc, _) in enumerate(docs) if doc in drop]
        self._merge_due()
        for name in self._segments:  # a segment an older indexer wrote gains its forward index
            if self._segment(name).forward is None:
                self._segment(name).write_forward(self.folder)
        write_manifest(self.folder, self._segments)
        listed = set(self._segments) | {"manifest"}
        for path in self.folder.iterdir():
            if path.name.split(".", 1)[0] not in listed:
                path.unlink()

    def _merge_due(self) -> None:
        """Merge every segment with too many deletions, and the smallest ones while there are too many."""
        sizes = {name: self._segment(name) for name in self._segments}
        live = {n: len(s.docs) - len(self._segments[n]) for n, s in sizes.items()}
        merge = [n for n, s in sizes.items() if s.docs and len(self._segments[n]) > MAX_DELETED_SHARE * len(s.docs)]
        rest = sorted((n for n in sizes if n not in merge), key=lambda n: live[n])
        while len(sizes) - len(merge) + (1 if merge else 0) > MAX_SEGMENTS and rest:
            merge.append(rest.pop(0))
        if len(merge) < 2 and not any(self._segments[n] for n in merge):
            return
        ordered = [n for n in self._segments if n in merge]
        name = merge_segments(self.folder, [(sizes[n], self._segments[n]) for n in ordered])
        for n in ordered:
            del self._segments[n]
        if name is not None:
            self._segments[name] = []


def merge_segments(folder: Path, parts: list[tuple[Segment, list[int]]]) -> str | None:
    """One new segment holding the live documents of `parts` (segment, its deleted doc indexes), in order;
    None when no document is left."""
    keys_of = [segment.keys.all() for segment, _ in parts]
    union = sorted(set().union(*keys_of))
    rank = {w: i for i, w in enumerate(union)}
    keys, passages, freqs, lengths, owners, kept = [], [], [], [], [], []
    docs: list[tuple[str, tuple[str, ...]]] = []
    first_passage = 0
    for (segment, deleted), segment_keys in zip(parts, keys_of, strict=True):
        dead = segment.dead_passages(deleted)
        alive = np.ones(segment.passage_count, dtype=bool) if dead is None else ~dead
        renumbered = np.cumsum(alive, dtype=np.int64) - 1 + first_passage  # new number of each live passage
        old_docs = np.ones(len(segment.docs), dtype=bool)
        old_docs[list(deleted)] = False
        doc_numbers = np.cumsum(old_docs) - 1 + len(docs)
        docs.extend(d for d, keep in zip(segment.docs, old_docs, strict=True) if keep)
        counts = np.diff(segment.ends, prepend=0)
        key_ranks = np.repeat(np.array([rank[w] for w in segment_keys], dtype=np.int64), counts)
        keep = alive[segment.passages]
        kept.append(np.flatnonzero(keep))
        keys.append(key_ranks[keep])
        passages.append(renumbered[segment.passages[keep]])
        freqs.append(np.asarray(segment.freqs)[keep])
        lengths.append(np.asarray(segment.lengths)[:, alive])
        owners.append(np.vstack([doc_numbers[segment.owners[0][alive]], segment.owners[1][alive]]))
        first_passage += int(alive.sum())
    if not docs:
        return None
    all_keys = np.concatenate(keys)
    all_passages = np.concatenate(passages)
    order = np.lexsort((all_passages, all_keys))
    counts = np.bincount(all_keys, minlength=len(union))
    used = counts > 0  # words whose every posting was deleted are left out
    return write_segment(
        folder,
        [w for w, u in zip(union, used, strict=True) if u],
        counts[used],
        all_passages[order],
        np.concatenate(freqs)[order],
        np.concatenate(lengths, axis=1),
        np.concatenate(owners, axis=1),
        docs,
        _merged_positions([segment for segment, _ in parts], kept, order),
    )


def _merged_positions(segments: list[Segment], kept: list[np.ndarray], order: np.ndarray) -> np.ndarray | None:
    """The positions of the merged postings: those of the `kept` postings of each segment, taken in `order` (an
    order of the kept postings of all the segments, one segment after the other); None when a segment has no
    positions (an older indexer wrote it: the merged segment's phrases go to Whoosh, as its did)."""
    tables = [segment.positions for segment in segments if segment.positions is not None]
    if len(tables) < len(segments):
        return None
    starts, counts, offset = [], [], 0
    for segment, postings, table in zip(segments, kept, tables, strict=True):
        freqs = np.asarray(segment.freqs, dtype=np.int64)
        starts.append(offset + (np.cumsum(freqs) - freqs)[postings])
        counts.append(freqs[postings])
        offset += len(table.positions)
    every = np.concatenate([np.asarray(table.positions, dtype=np.uint32) for table in tables])
    return every[ragged(np.concatenate(starts)[order], np.concatenate(counts)[order])]
