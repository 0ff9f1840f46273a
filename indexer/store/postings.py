"""The postings copy: the scored text fields' postings as numpy arrays, beside the Whoosh index of record.

Plain-word queries (no phrase, field, operator or wildcard) are the bulk of what agents send, and Whoosh's
pure-Python matchers cost about 0.5 s for a ten-word question at 20,000 documents. The same postings, laid
out as arrays that numpy scores a whole term at a time (bm25.py), answer it in milliseconds. They hold
exactly the terms, frequencies and field lengths the Whoosh writer indexes (the same analysis output),
so both paths rank alike; queries with operators keep going to Whoosh.

    GEN/postings/
      manifest.json        the generation's segments, and the documents deleted from each
      <seg>.meta.json      {"passages": P, "groups": {"<doc index>": [groups], ...}} (documents with groups only)
      <seg>.docs           the documents' ids (UTF-8), separated by NUL bytes (no path holds one); a segment an
                           older indexer wrote has none, and its meta.json lists "docs": [[doc id, [groups]], ...]
      <seg>.terms          the segment's keys ("<field letter>" + term, UTF-8), sorted, concatenated
      <seg>.term_ends.npy  int64, where each key ends in .terms
      <seg>.ends.npy       int64, where each key's postings end in the two arrays below
      <seg>.passages.npy   int32, the passage (segment-local number) of each posting, ascending per key
      <seg>.freqs.npy      uint16, its frequency
      <seg>.lengths.npy    uint32 (fields x P), each passage's length in words per field
      <seg>.owners.npy     int32 (2 x P), each passage's document (index into docs) and ordinal
      <seg>.forward_*.npy  each passage's body keys and frequencies (forward.py; absent in older segments)
      <seg>.position*.npy  each posting's positions in its passage (positions.py; absent in older segments)

A segment never changes once written (generations hard-link it); deleting a document only adds it to the
manifest, which each generation writes anew. Segments with many deletions, or too many small segments, are
merged into one.
"""

from __future__ import annotations

import json
import os
import secrets
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from indexer.store.arrays import load_array
from indexer.store.forward import Forward, write_forward
from indexer.store.keys import Keys, map_file
from indexer.store.positions import Positions, write_positions

FIELDS = ("title", "heading", "body")  # the scored text fields, in the order of the lengths array's rows
FIELD_KEYS = tuple(name[0].encode("ascii") for name in FIELDS)  # a key is this letter, then the term
BODY_END = b"c"  # every body key sorts before it, every other key after it
MANIFEST = "manifest.json"
FORMAT = 1
MAX_SEGMENTS = 8  # more than this after a run: the smallest are merged
MAX_DELETED_SHARE = 0.3  # a segment with more of its documents deleted is rewritten
MAX_FREQ = 65535  # frequencies are stored in 16 bits; a passage is 2,000 characters, far below it


@dataclass
class FieldPostings:
    """One field's postings in a new segment, term after term, as the Whoosh segment writer lays them out: its
    terms sorted, each one's number of postings, and every posting's passage (numbered from 0 in the order the
    passages were added), weight (a text field's weight is its frequency) and positions; plus each passage's
    length in words (absent: 0)."""

    terms: list[bytes] = field(default_factory=list)
    counts: array = field(default_factory=lambda: array("q"))
    passages: array = field(default_factory=lambda: array("i"))
    weights: array = field(default_factory=lambda: array("d"))
    lengths: Mapping[int, int] = field(default_factory=dict)
    positions: array = field(default_factory=lambda: array("I"))  # each posting's, one after the other


class DocList(Sequence[tuple[str, tuple[str, ...]]]):
    """A segment's documents as (doc id, its access groups), read from the ids and the groups of those that have
    any (most have none)."""

    def __init__(self, ids: list[str], groups: dict[int, tuple[str, ...]]) -> None:
        self._ids, self._groups = ids, groups

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self._ids)))]
        return self._ids[i], self._groups.get(i if i >= 0 else i + len(self._ids), ())

    def groups(self) -> list[tuple[str, ...]]:
        """Every document's groups, in order."""
        return [self._groups.get(i, ()) for i in range(len(self._ids))]


class Segment:
    """One segment's arrays, memory-mapped: a query reads only the postings of its own terms."""

    def __init__(self, folder: Path, name: str) -> None:
        self.name = name
        meta = json.loads((folder / f"{name}.meta.json").read_text(encoding="utf-8"))
        self.passage_count: int = meta["passages"]
        if "docs" in meta:  # written by an older indexer: every document's id and groups in the JSON
            self.doc_ids: list[str] = [d for d, _ in meta["docs"]]
            self.doc_groups = {i: tuple(groups) for i, (_, groups) in enumerate(meta["docs"]) if groups}
        else:
            ids = (folder / f"{name}.docs").read_bytes()
            self.doc_ids = ids.decode("utf-8").split("\0") if ids else []
            self.doc_groups = {int(i): tuple(groups) for i, groups in meta["groups"].items()}
        self.docs = DocList(self.doc_ids, self.doc_groups)
        self.keys = Keys(map_file(folder / f"{name}.terms"), load_array(folder / f"{name}.term_ends.npy"))
        self.ends = load_array(folder / f"{name}.ends.npy")
        self.passages = load_array(folder / f"{name}.passages.npy")
        self.freqs = load_array(folder / f"{name}.freqs.npy")
        self.lengths = load_array(folder / f"{name}.lengths.npy")
        self.owners = load_array(folder / f"{name}.owners.npy")
        self.forward = Forward.open(folder, name)  # None in a segment an older indexer wrote
        self.positions = Positions.open(folder, name)  # likewise

    def body_keys(self) -> int:
        """How many of the segment's keys are the body field's (they sort first)."""
        return self.keys.first_not_below(BODY_END)

    def write_forward(self, folder: Path) -> None:
        """Add the forward index (forward.py) to a segment written without one, into `folder`."""
        counts = np.diff(self.ends, prepend=0)
        write_forward(folder, self.name, self.body_keys(), counts, self.passages, self.freqs, self.passage_count)
        self.forward = Forward.open(folder, self.name)

    def postings(self, key: bytes) -> tuple[np.ndarray, np.ndarray]:
        """(passages, frequencies) of a key; empty arrays when the segment does not have it."""
        start, end = self.posting_range(key)
        if start == end:
            return _EMPTY_INT, _EMPTY_INT
        return self.passages[start:end], self.freqs[start:end]

    def posting_range(self, key: bytes | int) -> tuple[int, int]:
        """Where a key's postings lie in the segment's posting arrays (the key, or its number: -1 for none);
        (0, 0) when it has none."""
        i = self.keys.find(key) if isinstance(key, bytes) else key
        if i < 0:
            return 0, 0
        return int(self.ends[i - 1]) if i > 0 else 0, int(self.ends[i])

    def keys_held(self, prefix: bytes, limit: int, held: np.ndarray | None) -> list[bytes]:
        """The first `limit` keys that start with `prefix`, in order, of those that a passage of `held` (a mask
        over the segment's passages; None: all of them) holds. Keys are checked a batch at a time, their
        postings at once, so keys that only other passages hold cost little."""
        keys = self.keys
        if held is None:
            return keys.starting_with(prefix, limit)
        found: list[bytes] = []
        i, batch = keys.first_not_below(prefix), limit
        while len(found) < limit:
            candidates = keys.starting_with(prefix, batch, i)
            if not candidates:
                break
            ends = self.ends[i : i + len(candidates)].astype(np.int64)
            first = int(self.ends[i - 1]) if i else 0
            seen = np.concatenate(([0], np.cumsum(held[self.passages[first : int(ends[-1])]])))
            counts = seen[ends - first] - seen[np.concatenate(([first], ends[:-1])) - first]
            found += [key for key, count in zip(candidates, counts.tolist(), strict=True) if count]
            i, batch = i + len(candidates), batch * 4
        return found[:limit]

    def dead_passages(self, deleted: Iterable[int]) -> np.ndarray | None:
        """A mask of the passages of deleted documents; None when none is deleted."""
        gone = np.fromiter(deleted, dtype=np.int32)
        return np.isin(self.owners[0], gone) if len(gone) else None


_EMPTY_INT = np.zeros(0, dtype=np.int32)


def key_for(field_name: str, term: bytes) -> bytes:
    return FIELD_KEYS[FIELDS.index(field_name)] + term


@dataclass
class PostingsBuilder:
    """Collects the passages of a new segment as they are indexed; finish() writes them as one segment, with
    the postings the Whoosh segment writer gathered for the very same passages (no word is handled twice)."""

    folder: Path
    _owners: array = field(default_factory=lambda: array("i"))  # per passage: doc index, ordinal
    _docs: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)

    def add(self, doc_id: str, access: tuple[str, ...], ordinal: int) -> None:
        """One passage of a document; a document's passages come one after the other."""
        if not self._docs or self._docs[-1][0] != doc_id:
            self._docs.append((doc_id, access))
        self._owners.extend((len(self._docs) - 1, ordinal))

    def finish(self, fields: Sequence[FieldPostings]) -> str | None:
        """Write the segment; its name, or None when nothing was added. `fields`: per field of FIELDS, the
        postings of the passages added, numbered from 0 in the order they were added."""
        if not self._docs:
            return None
        passage_count = len(self._owners) // 2
        by_key = sorted(zip(FIELD_KEYS, fields, strict=True), key=lambda pair: pair[0])  # keys sort by letter first
        words = [prefix + term for prefix, postings in by_key for term in postings.terms]
        weights = np.concatenate([np.frombuffer(p.weights, dtype=np.float64) for _, p in by_key])
        lengths = np.array(
            [[postings.lengths.get(p, 0) for p in range(passage_count)] for postings in fields], dtype=np.uint32
        ).reshape(len(FIELDS), passage_count)
        owners = np.frombuffer(self._owners, dtype=np.int32).reshape(-1, 2).T
        return write_segment(
            self.folder,
            words,
            np.concatenate([np.frombuffer(p.counts, dtype=np.int64) for _, p in by_key]),
            np.concatenate([np.frombuffer(p.passages, dtype=np.int32) for _, p in by_key]),
            np.minimum(weights, MAX_FREQ).astype(np.uint16),
            lengths,
            owners,
            self._docs,
            np.concatenate([np.frombuffer(p.positions, dtype=np.uint32) for _, p in by_key]),
        )


def write_segment(
    folder: Path,
    words: list[bytes],
    counts: np.ndarray,
    passages: np.ndarray,
    freqs: np.ndarray,
    lengths: np.ndarray,
    owners: np.ndarray,
    docs: Sequence[tuple[str, tuple[str, ...]]],
    positions: np.ndarray | None = None,
) -> str:
    """Write a segment's files under a new name: keys sorted, with `counts` postings each, in key order, and their
    `positions` when they are known (positions.py)."""
    name = f"seg-{secrets.token_hex(6)}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.terms").write_bytes(b"".join(words))
    np.save(folder / f"{name}.term_ends.npy", np.cumsum([len(w) for w in words], dtype=np.int64))
    np.save(folder / f"{name}.ends.npy", np.cumsum(counts, dtype=np.int64))
    np.save(folder / f"{name}.passages.npy", passages.astype(np.int32, copy=False))
    np.save(folder / f"{name}.freqs.npy", freqs.astype(np.uint16, copy=False))
    np.save(folder / f"{name}.lengths.npy", lengths.astype(np.uint32, copy=False))
    np.save(folder / f"{name}.owners.npy", owners.astype(np.int32, copy=False))
    write_forward(folder, name, bisect_left(words, BODY_END), counts, passages, freqs, int(lengths.shape[1]))
    if positions is not None:
        write_positions(folder, name, positions, counts, freqs)
    (folder / f"{name}.docs").write_bytes("\0".join(doc_id for doc_id, _ in docs).encode("utf-8"))
    groups = {str(i): list(access) for i, (_, access) in enumerate(docs) if access}
    meta = {"passages": int(lengths.shape[1]), "groups": groups}
    (folder / f"{name}.meta.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    return name


def read_manifest(folder: Path) -> dict[str, list[int]]:
    """Segment name -> indexes of its deleted documents, in the generation's segment order."""
    path = folder / MANIFEST
    if not path.exists():
        return {}
    manifest = json.loads(path.read_text(encoding="utf-8"))
    if manifest.get("format") != FORMAT:
        raise ValueError(f"unknown postings format {manifest.get('format')!r} in {path}")
    return {s["name"]: list(s["deleted"]) for s in manifest["segments"]}


def write_manifest(folder: Path, segments: dict[str, list[int]]) -> None:
    """Replace the manifest (never written in place: the previous generation's is the same file, hard-linked)."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {"format": FORMAT, "segments": [{"name": n, "deleted": sorted(d)} for n, d in segments.items()]}
    tmp = folder / f"{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest), encoding="utf-8")
    os.replace(tmp, folder / MANIFEST)
