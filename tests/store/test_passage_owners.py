"""Which document and passage each Whoosh document is: the indexer writes it beside each Whoosh segment, so the
first filtered search of a generation does not read every passage's stored fields; a segment without those files
(an older indexer's), or with files that do not fit it, is read from its stored fields, with the same results."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from indexer.store import passage_owners, storage
from indexer.store.passage_owners import IDS, OWNERS, segment_names

from support.folders import index, snapshot, write

PAST = np.array([0, 100_000])  # added to (document number, ordinal): ordinals past their documents' passages
FILTERED = ["oak type:markdown", "oak type:text", "type:text", "pine NOT oak", "oak path=b/n03.md"]


def _unread(reader: object) -> None:
    raise AssertionError("a segment's stored fields were read")


def _folder(docs: Path, count: int, start: int = 0) -> None:
    for n in range(start, start + count):
        words = " ".join(["oak", "pine", "elm"][n % 3] for _ in range(40 + n))
        if n % 4 == 0:
            write(docs, f"a/n{n:02d}.txt", f"Note {n}\n\n{words}\n")
        else:
            write(docs, f"b/n{n:02d}.md", f"# Page {n}\n\n{words}\n\n## More\n\n{words}\n")


def _whoosh(index_dir: Path) -> Path:
    current = storage.current_generation(index_dir)
    assert current is not None
    return current / storage.WHOOSH_DIR


def _answers(index_dir: Path) -> list[list[tuple[str, int | None]]]:
    snap = snapshot(index_dir)
    found = [snap.search(query, limit=50) for query in FILTERED]
    return [[(h.document.id, h.passage.ordinal if h.passage else None) for h in hits] for hits in found]


def test_every_segment_has_its_owners_and_merged_ones_leave_none_behind(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _folder(docs, 40)
    index(docs, index_dir, workers=2)
    for run in range(1, 12):  # small runs add segments until Whoosh merges them
        for path in sorted(docs.rglob("*.md"))[run::9]:
            path.unlink()
        _folder(docs, 3, start=40 + 3 * run)
        index(docs, index_dir)
    whoosh_dir = _whoosh(index_dir)
    segments = segment_names(whoosh_dir)
    owned = {p.name.removesuffix(OWNERS) for p in whoosh_dir.iterdir() if p.name.endswith(OWNERS)}
    named = {p.name.removesuffix(IDS) for p in whoosh_dir.iterdir() if p.name.endswith(IDS)}
    assert owned == named == segments


def test_without_the_owners_files_a_search_finds_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    _folder(docs, 40)
    index(docs, index_dir, workers=2)
    deleted = sorted(docs.rglob("*.md"))[::5]
    for path in deleted:
        path.unlink()  # deleted since the segments' owners were written
    index(docs, index_dir)
    with monkeypatch.context() as patched:  # the files are read: no segment's stored fields are
        patched.setattr(passage_owners, "from_stored_fields", _unread)
        expected = _answers(index_dir)
    found = {doc_id for answer in expected for doc_id, _ in answer}
    assert all(expected) and len(found) > 20
    assert not found & {path.relative_to(docs).as_posix() for path in deleted}
    whoosh_dir = _whoosh(index_dir)
    written = {path: path.read_bytes() for path in whoosh_dir.iterdir() if path.name.endswith((OWNERS, IDS))}
    spoilt = {  # each read as no files: the segment's stored fields are read instead
        IDS: lambda data: b"\xff\xfe" + data,  # not UTF-8
        OWNERS: lambda data: b"\xff" * 8 + data[8:],  # a document number below 0
    }
    later = {  # owners that do not fit their segment
        OWNERS: lambda data: (np.frombuffer(data, "<i4").reshape(-1, 2) + PAST).astype("<i4").tobytes(),
    }
    cut = {OWNERS: lambda data: data[:-8]}
    for change in ({IDS: spoilt[IDS]}, {OWNERS: spoilt[OWNERS]}, later, cut):
        for path, data in written.items():
            suffix = OWNERS if path.name.endswith(OWNERS) else IDS
            path.write_bytes(change[suffix](data) if suffix in change else data)
        assert _answers(index_dir) == expected, change
    for path in whoosh_dir.iterdir():
        if path.name.endswith((OWNERS, IDS)):
            path.unlink()  # as an older indexer left it
    assert _answers(index_dir) == expected
