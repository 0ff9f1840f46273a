"""A run killed half-way, or a second run on a locked index, never leaves a broken index.

These runs index words only (--no-embeddings): the vectors' own kill and resume are in tests/ingest/test_embedding.py.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from indexer.errors import IndexLockedError
from indexer.store import storage

from support.folders import ROOT, index, run_cli, snapshot, write

FILES = 300
FILLER = ("Ordinary filler words that every page repeats. " * 20 + "\n\n") * 5


def _write_folder(docs: Path, sentinel: str) -> None:
    for n in range(FILES):
        write(docs, f"new/part{n // 50}/page{n:03d}.md", f"# Page {n}\n\n{sentinel} here.\n\n{FILLER}")


def _hits(index_dir: Path, query: str) -> int:
    return len(snapshot(index_dir).search(query, limit=FILES + 10))


def _wait_for(condition: Callable[[], bool], what: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def _group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def test_killed_run_leaves_the_previous_generation_and_the_next_run_recovers(
    docs: Path, index_dir: Path, tmp_path: Path
) -> None:
    for n in range(5):
        write(docs, f"old/page{n}.md", f"# Old {n}\n\noldsentinel here.\n")
    index(docs, index_dir)
    _write_folder(docs, "newsentinel")
    log = tmp_path / "stderr.txt"
    with log.open("w") as stderr:
        run = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "indexer",
                str(docs),
                "--index",
                str(index_dir),
                "--no-embeddings",
                "--workers",
                "1",
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,  # its worker processes share its process group, for the check below
        )
    try:
        # a progress line ("[###---] 30/300 files ..."): a worker is at work in the new generation's folder (a log
        # line before it may say "files" too: an upgrade's "reads files better")
        _wait_for(lambda: re.search(r"\d/[\d,]+ files", log.read_text()) is not None, "the run to report progress")
        os.kill(run.pid, signal.SIGKILL)
        run.wait(timeout=10)
        _wait_for(lambda: _group_gone(run.pid), "the killed run's worker to exit", timeout=10)
    finally:
        if not _group_gone(run.pid):
            os.killpg(run.pid, signal.SIGKILL)

    assert list(index_dir.glob("tmp-*")), "the run was killed before it could finish"
    assert storage.current_generation(index_dir) == index_dir / "gen-000001"
    assert snapshot(index_dir).document_count() == 5
    assert _hits(index_dir, "oldsentinel") == 5
    assert _hits(index_dir, "newsentinel") == 0

    report = index(docs, index_dir, workers=1)
    assert (report.added, report.generation) == (FILES, 2)
    assert list(index_dir.glob("tmp-*")) == []
    assert _hits(index_dir, "newsentinel") == FILES
    assert _hits(index_dir, "oldsentinel") == 5


def test_open_snapshot_keeps_reading_its_generation_while_newer_ones_are_published(docs: Path, index_dir: Path) -> None:
    write(docs, "page.md", "The first edition mentions oldsentinel.\n")
    index(docs, index_dir)
    old = snapshot(index_dir)
    for edition in range(2, 2 + storage.KEEP_GENERATIONS + 1):
        write(docs, "page.md", f"Edition {edition} mentions newsentinel.\n")
        index(docs, index_dir)
    assert [h.document.id for h in old.search("oldsentinel")] == ["page.md"]
    assert "oldsentinel" in (old.text("page.md") or "")
    assert [h.document.id for h in snapshot(index_dir).search("newsentinel")] == ["page.md"]


def test_second_run_while_the_lock_is_held_is_refused(docs: Path, index_dir: Path) -> None:
    write(docs, "page.md", "The lockwort page.\n")
    index(docs, index_dir)
    write(docs, "page.md", "The changed page.\n")
    with storage.writer_lock(index_dir), pytest.raises(IndexLockedError, match="locked") as caught:
        index(docs, index_dir)
    assert f"pid {os.getpid()}" in str(caught.value)
    assert [h.document.id for h in snapshot(index_dir).search("lockwort")] == ["page.md"]
    assert index(docs, index_dir).updated == 1  # the lock was released with the holder


def test_second_indexer_process_gets_a_locked_error_and_leaves_the_index_alone(docs: Path, index_dir: Path) -> None:
    write(docs, "page.md", "The lockwort page.\n")
    index(docs, index_dir)
    write(docs, "other.md", "A new page.\n")
    before = sorted(p.name for p in index_dir.iterdir())
    with storage.writer_lock(index_dir):
        result = run_cli(docs, "--index", index_dir, "--no-embeddings")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("indexer: error: ")
    assert "locked" in result.stderr
    assert result.stdout == ""
    assert sorted(p.name for p in index_dir.iterdir()) == before
    assert snapshot(index_dir).document_count() == 1
    assert [h.document.id for h in snapshot(index_dir).search("lockwort")] == ["page.md"]


def test_a_server_keeps_its_generation_when_the_next_one_cannot_be_read(docs: Path, index_dir: Path) -> None:
    import sqlite3

    from indexer.search import searcher as search
    from indexer.search.searcher import Searcher
    from indexer.store import storage

    write(docs, "a.md", "# A\n\nwombat\n")
    index(docs, index_dir)
    searcher = Searcher(index_dir)
    first = searcher.snapshot().folder
    write(docs, "b.md", "# B\n\nnumbat\n")
    index(docs, index_dir)
    newest = storage.current_generation(index_dir)
    assert newest is not None
    db = sqlite3.connect(newest / storage.DOCSTORE)  # as if a newer indexer had written another format
    db.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    db.commit()
    db.close()
    time.sleep(search.REFRESH_SECONDS + 0.1)
    kept = searcher.snapshot()
    assert kept.folder == first
    assert [h.document.id for h in kept.search("wombat")] == ["a.md"]
    assert kept.search("numbat") == []  # only the unreadable generation has it
