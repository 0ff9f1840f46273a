"""Feedback reads each best passage's words from the postings copy's forward index (store/forward.py), not from
its text: a query ranks exactly as it does on the same index without the forward index (an index written by an
older indexer, whose passages' text feedback analyses again), for every kind of query, for callers with groups,
in an index with deleted and updated documents. A later run adds the forward index to such an index.
"""

from __future__ import annotations

import logging
import random
import shutil
from pathlib import Path

import pytest

from indexer.search.ranking import Ranking
from indexer.search.searcher import Hit, Snapshot
from indexer.store import storage
from indexer.store.postings import read_manifest

from support.folders import index, snapshot, write

VOCABULARY = [f"{a}{b}{c}" for a in "bdgkmprstz" for b in "aeiou" for c in "nrstl"]  # 250 words, no stems
GROUPS = [None, None, "staff", "legal"]


def _words(rng: random.Random, count: int) -> list[str]:
    return rng.choices(VOCABULARY, [1 / (rank + 1) for rank in range(len(VOCABULARY))], k=count)


def _document(rng: random.Random) -> str:
    group = rng.choice(GROUPS)
    parts = [f"---\naccess: [{group}]\n---\n" if group else "", f"# {' '.join(_words(rng, rng.randint(1, 3)))}"]
    for _ in range(rng.randint(1, 3)):
        parts.append(f"## {' '.join(_words(rng, rng.randint(1, 3)))}")
        text = _words(rng, rng.choice([15, 60, 400]))
        if rng.random() < 0.3:  # identifiers give their whole and their words; accents fold
            text += [f"{rng.choice(VOCABULARY)}_{rng.choice(VOCABULARY)}", rng.choice(VOCABULARY).title() + "Café"]
        parts.append(" ".join(text))
    return "\n\n".join(parts) + "\n"


def _queries(rng: random.Random, count: int) -> list[str]:
    """Sums of words, and every operator kind: phrase, title:, heading:, AND, OR, NOT, prefix*, field=value."""
    made = []
    for _ in range(count):
        words = _words(rng, rng.randint(1, 8))
        word, other = rng.choice(VOCABULARY[:60]), rng.choice(VOCABULARY[:60])
        kind = rng.choice(["words", "phrase", "title", "heading", "and", "or", "not", "prefix", "exact", "type"])
        extra = {
            "words": "",
            "phrase": f'"{word} {other}"',
            "title": f"title:{word}",
            "heading": f"heading:{word}",
            "and": f"AND {word}",
            "or": f"OR {word}",
            "not": f"NOT {word}",
            "prefix": f"{word[:2]}*",
            "exact": f"path={word}.md",
            "type": "type:markdown",
        }[kind]
        made.append(" ".join([*words, extra]).strip())
    return made


def _ranking(hits: list[Hit]) -> list[tuple[str, int | None, float]]:
    return [(h.document.id, h.passage.ordinal if h.passage else None, h.score) for h in hits]


def _without_forward_index(index_dir: Path, copy: Path) -> Path:
    """A copy of an index whose current generation's postings segments have no forward index, as an older
    indexer wrote them."""
    shutil.copytree(index_dir, copy)
    current = storage.current_generation(copy)
    assert current is not None
    removed = list((current / storage.POSTINGS_DIR).glob("*.forward_*.npy"))
    assert len(removed) == 3 * len(read_manifest(current / storage.POSTINGS_DIR))
    for path in removed:
        path.unlink()
    return copy


@pytest.fixture(scope="module")
def indexes(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """The documents; an index of them (two segments, then a run that deletes, updates and adds documents);
    and a copy of that index without its forward index."""
    root = tmp_path_factory.mktemp("forward")
    docs, index_dir = root / "docs", root / "index"
    rng = random.Random(41)
    for n in range(160):
        write(docs, f"d{n // 40}/{n:03d}.md", _document(rng))
    index(docs, index_dir, workers=2)
    files = sorted(docs.rglob("*.md"))
    for path in files[::9]:
        path.unlink()
    for path in files[4::13]:
        if path.exists():
            path.write_text(_document(rng), encoding="utf-8")
    for n in range(12):
        write(docs, f"new/{n:03d}.md", _document(rng))
    index(docs, index_dir, workers=2)
    assert any(read_manifest(storage.current_generation(index_dir) / storage.POSTINGS_DIR).values())  # type: ignore[operator]
    return docs, index_dir, _without_forward_index(index_dir, root / "old")


@pytest.mark.parametrize("groups", [None, frozenset({"staff"})], ids=["everyone", "staff"])
def test_feedback_from_the_forward_index_ranks_as_from_the_passages_text(
    indexes: tuple[Path, Path, Path], groups: frozenset[str] | None, caplog: pytest.LogCaptureFixture
) -> None:
    _, index_dir, old = indexes
    with caplog.at_level(logging.INFO):
        fast = snapshot(index_dir)
    assert not any("no forward index" in r.getMessage() for r in caplog.records)  # the fast path is taken
    reference = snapshot(old)
    folder = storage.current_generation(index_dir)
    assert folder is not None
    plain = Snapshot(folder, Ranking(feedback_weight=0.0))
    answered = expanded = 0
    for query in _queries(random.Random(43), 200):
        got = _ranking(fast.search(query, limit=20, snippets=False, groups=groups))
        expected = _ranking(reference.search(query, limit=20, snippets=False, groups=groups))
        assert [(d, o) for d, o, _ in got] == [(d, o) for d, o, _ in expected], query
        assert [s for _, _, s in got] == pytest.approx([s for _, _, s in expected], rel=1e-12, abs=0), query
        answered += bool(got)
        expanded += got != _ranking(plain.search(query, limit=20, snippets=False, groups=groups))
    assert answered >= 150  # of 200
    assert expanded >= 100  # feedback changed the ranking of most: the comparison is not idle


def test_an_index_without_a_forward_index_says_so_and_a_later_run_adds_it(
    indexes: tuple[Path, Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    docs, _, old = indexes
    copy = tmp_path / "index"
    shutil.copytree(old, copy)
    with caplog.at_level(logging.INFO):
        snapshot(copy)
    assert any("no forward index" in r.getMessage() and "index" in r.getMessage() for r in caplog.records)
    write(docs, "new/added-later.md", "# Later\n\nbanor kanor\n")
    try:
        index(docs, copy)
    finally:
        (docs / "new/added-later.md").unlink()
    current = storage.current_generation(copy)
    assert current is not None
    segments = read_manifest(current / storage.POSTINGS_DIR)
    assert len(list((current / storage.POSTINGS_DIR).glob("*.forward_*.npy"))) == 3 * len(segments)
    caplog.clear()
    with caplog.at_level(logging.INFO):
        updated = snapshot(copy)
    assert not any("no forward index" in r.getMessage() for r in caplog.records)
    reference = snapshot(_without_forward_index(copy, tmp_path / "again"))
    for query in _queries(random.Random(47), 60):
        got = _ranking(updated.search(query, limit=10, snippets=False))
        assert got == _ranking(reference.search(query, limit=10, snippets=False)), query
