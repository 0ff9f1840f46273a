"""A postings segment lists its documents' ids in a file of their own (read at once when a server starts) and the
groups of those that have any in its meta.json; a segment an older indexer wrote, with every document in its
meta.json, reads the same."""

from __future__ import annotations

import json
from pathlib import Path

from indexer.store import storage
from indexer.store.postings import Segment, read_manifest

from support.folders import index, snapshot, write


def test_a_segment_written_before_the_ids_file_reads_the_same(docs: Path, index_dir: Path) -> None:
    write(docs, "open.md", "# Open\n\nThe heron waits by the river.\n")
    write(docs, "team/plan.md", "---\naccess: [staff]\n---\n# Plan\n\nThe heron nests in spring.\n")
    write(docs, "naïve name\twith tab.md", "# Odd\n\nA heron, named oddly.\n")
    index(docs, index_dir)
    current = storage.current_generation(index_dir)
    assert current is not None
    folder = current / storage.POSTINGS_DIR
    (name,) = read_manifest(folder)
    segment = Segment(folder, name)
    listed = list(segment.docs)
    assert sorted(doc for doc, _ in listed) == ["naïve name\twith tab.md", "open.md", "team/plan.md"]
    assert dict(listed)["team/plan.md"] == ("staff",) and dict(listed)["open.md"] == ()
    found = [h.document.id for h in snapshot(index_dir).search("heron", groups=frozenset())]
    meta = json.loads((folder / f"{name}.meta.json").read_text(encoding="utf-8"))
    old = {"passages": meta["passages"], "docs": [[doc, list(groups)] for doc, groups in listed]}
    (folder / f"{name}.meta.json").write_text(json.dumps(old, ensure_ascii=False), encoding="utf-8")
    (folder / f"{name}.docs").unlink()
    assert list(Segment(folder, name).docs) == listed
    assert [h.document.id for h in snapshot(index_dir).search("heron", groups=frozenset())] == found
    assert "team/plan.md" not in found
