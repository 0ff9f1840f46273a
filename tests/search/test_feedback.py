"""Pseudo-relevance feedback: a query of words also finds, below the documents that hold its words, those that
share the vocabulary of its best passages. Only passages the caller may see feed it, and only a sum of words
is expanded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.search.ranking import Ranking
from indexer.search.searcher import Snapshot
from indexer.store import storage

from support.folders import index, snapshot, write

GLACIER = "# Glacier survey {n}\n\nThe glacier carved a moraine; meltwater from the glacier fed the outwash plain.\n"
OTHER = "# Kitchen note {n}\n\nBread dough rises overnight before it is baked in a hot oven.\n"


def _ids(snap: Snapshot, query: str, groups: frozenset[str] | None = None) -> list[str]:
    return [hit.document.id for hit in snap.search(query, limit=100, snippets=False, groups=groups)]


def _corpus(docs: Path) -> None:
    for n in range(8):
        write(docs, f"glacier-{n}.md", GLACIER.format(n=n))
    for n in range(5):
        write(docs, f"kitchen-{n}.md", OTHER.format(n=n))
    write(docs, "landforms.md", "# Landforms\n\nA moraine and an outwash plain, shaped by meltwater.\n")


def test_a_document_sharing_the_best_passages_words_is_found_below_those_holding_the_query(
    docs: Path, index_dir: Path
) -> None:
    _corpus(docs)
    index(docs, index_dir)
    found = _ids(snapshot(index_dir), "glacier")
    assert sorted(found[:8]) == [f"glacier-{n}.md" for n in range(8)]
    assert found[8:] == ["landforms.md"]
    folder = storage.current_generation(index_dir)
    assert folder is not None
    without = Snapshot(folder, Ranking(feedback_weight=0.0))
    assert sorted(_ids(without, "glacier")) == [f"glacier-{n}.md" for n in range(8)]
    no_words = Snapshot(folder, Ranking(feedback_terms=0))  # feedback that may add no word adds none
    assert sorted(_ids(no_words, "glacier")) == [f"glacier-{n}.md" for n in range(8)]


def test_both_scoring_paths_expand_a_query_alike(docs: Path, index_dir: Path) -> None:
    _corpus(docs)
    index(docs, index_dir)
    snap = snapshot(index_dir)
    fast = [(h.document.id, round(h.score, 9)) for h in snap.search("glacier", limit=100, snippets=False)]
    whoosh = [(h.document.id, round(h.score, 9)) for h in snap.search("glacier type:md", limit=100, snippets=False)]
    assert fast == whoosh
    assert "landforms.md" in dict(fast)


def test_an_and_of_words_is_not_expanded(docs: Path, index_dir: Path) -> None:
    _corpus(docs)
    index(docs, index_dir)
    assert sorted(_ids(snapshot(index_dir), "glacier AND carved")) == [f"glacier-{n}.md" for n in range(8)]


def test_feedback_reads_only_the_passages_the_caller_may_see(docs: Path, index_dir: Path) -> None:
    for n in range(8):  # the staff's glacier documents all speak of zeolite
        write(docs, f"staff/glacier-{n}.md", "---\naccess: [staff]\n---\n" + GLACIER.format(n=n) + "Zeolite.\n")
    for n in range(6):
        write(docs, f"public/glacier-{n}.md", GLACIER.format(n=n + 8))
    write(docs, "public/zeolite.md", "# Minerals\n\nZeolite is a porous mineral.\n")
    write(docs, "public/landforms.md", "# Landforms\n\nA moraine and an outwash plain, shaped by meltwater.\n")
    index(docs, index_dir)
    snap = snapshot(index_dir)
    staff = _ids(snap, "glacier", groups=frozenset({"staff"}))
    public = _ids(snap, "glacier", groups=frozenset())
    assert "public/zeolite.md" in staff  # the staff's best passages share "zeolite"
    assert "public/zeolite.md" not in public  # the public's best passages never mention it
    assert "public/landforms.md" in public
    assert not any(doc_id.startswith("staff/") for doc_id in public)


def test_no_limit_finds_nothing_and_a_negative_offset_is_refused(docs: Path, index_dir: Path) -> None:
    _corpus(docs)
    index(docs, index_dir)
    snap = snapshot(index_dir)
    assert snap.search("glacier", limit=0) == []
    assert snap.search("glacier", limit=-2) == []
    with pytest.raises(ValueError, match="offset"):
        snap.search("glacier", offset=-1)


@pytest.mark.parametrize(
    "settings",
    [{"feedback_weight": 1.0}, {"feedback_weight": -0.1}, {"feedback_docs": 0}, {"feedback_agreement": 1.5}],
)
def test_feedback_settings_out_of_range_are_refused(settings: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="feedback"):
        Ranking(**settings)
