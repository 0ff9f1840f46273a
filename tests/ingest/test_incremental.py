"""Re-runs over a folder that changed, or did not: what is re-read, what is reported, what the index holds."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

import indexer.search.searcher as searcher_module
from indexer import Searcher
from indexer.store import storage

from support.folders import (
    all_ids,
    document,
    found,
    index,
    needs_non_root,
    run_cli,
    set_mtime,
    skipped,
    snapshot,
    write,
)


@pytest.fixture
def folder(docs: Path, index_dir: Path) -> Path:
    """Three documents, indexed once."""
    write(docs, "guides/install.md", "# Install\n\nRun the gryphonix installer.\n")
    write(docs, "notes.txt", "Plain notes about the wombatrix.\n")
    write(docs, "deep/nested/faq.html", "<title>FAQ</title><p>Questions on the quokkalyst.</p>")
    report = index(docs, index_dir)
    assert report.added == 3
    return docs


def test_unchanged_folder_reports_nothing_and_publishes_no_generation(folder: Path, index_dir: Path) -> None:
    report = index(folder, index_dir)
    assert (report.added, report.updated, report.removed, report.moved) == (0, 0, 0, 0)
    assert report.unchanged == 3
    assert report.generation is None
    assert report.documents == 3
    assert sorted(p.name for p in index_dir.glob("gen-*")) == ["gen-000001"]


def test_unchanged_file_is_not_reread(folder: Path, index_dir: Path) -> None:
    path = folder / "guides/install.md"
    before = path.stat()
    path.write_text("# Install\n\nRun the basiliskq installer.\n", encoding="utf-8")  # same length
    set_mtime(path, before.st_mtime_ns)
    assert path.stat().st_size == before.st_size
    report = index(folder, index_dir)
    assert report.generation is None
    assert found(index_dir, "gryphonix") == ["guides/install.md"]
    assert found(index_dir, "basiliskq") == []


@needs_non_root
def test_unchanged_unreadable_file_is_not_opened(folder: Path, index_dir: Path) -> None:
    path = folder / "notes.txt"
    path.chmod(0)
    try:
        report = index(folder, index_dir)
    finally:
        path.chmod(0o644)
    assert report.skipped == ()
    assert found(index_dir, "wombatrix") == ["notes.txt"]


def test_touched_file_is_reread_but_counts_as_unchanged(folder: Path, index_dir: Path) -> None:
    path = folder / "notes.txt"
    set_mtime(path, path.stat().st_mtime_ns + 5_000_000_000)
    report = index(folder, index_dir)
    assert (report.added, report.updated, report.removed) == (0, 0, 0)
    assert report.unchanged == 3
    assert document(index_dir, "notes.txt").modified == pytest.approx(path.stat().st_mtime, abs=1e-3)
    assert index(folder, index_dir).generation is None  # the new mtime was remembered


def test_modified_file_is_updated(folder: Path, index_dir: Path) -> None:
    write(folder, "guides/install.md", "# Install\n\nRun the chimerazz setup, then more steps.\n")
    report = index(folder, index_dir)
    assert (report.added, report.updated, report.removed) == (0, 1, 0)
    assert report.generation == 2
    assert found(index_dir, "chimerazz") == ["guides/install.md"]
    assert found(index_dir, "gryphonix") == []
    assert "gryphonix" not in (snapshot(index_dir).text("guides/install.md") or "")


def test_same_size_change_with_a_new_mtime_is_updated(folder: Path, index_dir: Path) -> None:
    path = folder / "guides/install.md"
    mtime = path.stat().st_mtime_ns
    path.write_text("# Install\n\nRun the basiliskq installer.\n", encoding="utf-8")
    set_mtime(path, mtime + 1)
    report = index(folder, index_dir)
    assert report.updated == 1
    assert found(index_dir, "basiliskq") == ["guides/install.md"]


def test_deleted_file_is_removed(folder: Path, index_dir: Path) -> None:
    (folder / "notes.txt").unlink()
    report = index(folder, index_dir)
    assert (report.added, report.updated, report.removed) == (0, 0, 1)
    assert report.documents == 2
    assert found(index_dir, "wombatrix") == []
    assert snapshot(index_dir).document("notes.txt") is None


def test_renamed_file_is_reported_as_moved(folder: Path, index_dir: Path) -> None:
    (folder / "archive").mkdir()
    os.rename(folder / "notes.txt", folder / "archive/old notes.txt")
    report = index(folder, index_dir)
    assert (report.added, report.removed, report.moved) == (0, 0, 1)
    assert found(index_dir, "wombatrix") == ["archive/old notes.txt"]
    assert snapshot(index_dir).document("notes.txt") is None
    assert sorted(all_ids(index_dir)) == ["archive/old notes.txt", "deep/nested/faq.html", "guides/install.md"]


def test_added_file_is_added(folder: Path, index_dir: Path) -> None:
    write(folder, "guides/new.md", "# New\n\nThe phoenixel arrives.\n")
    report = index(folder, index_dir)
    assert (report.added, report.updated, report.removed, report.unchanged) == (1, 0, 0, 3)
    assert found(index_dir, "phoenixel") == ["guides/new.md"]


def test_rebuild_reindexes_every_file(folder: Path, index_dir: Path) -> None:
    report = index(folder, index_dir, rebuild=True)
    assert report.rebuilt
    assert report.added == 3
    assert report.generation == 2
    assert found(index_dir, "quokkalyst") == ["deep/nested/faq.html"]


def test_an_index_from_an_indexer_that_read_files_otherwise_reads_every_file_again(
    folder: Path, index_dir: Path
) -> None:
    """After an upgrade that reads files better (a dialect understood, list numbers kept), the files that did not
    change must not keep the text the old version made of them: the first run reads them all again, once."""
    newest = storage.current_generation(index_dir)
    assert newest is not None
    db = sqlite3.connect(newest / storage.DOCSTORE)  # as an earlier indexer left it
    db.execute("UPDATE meta SET value = '1' WHERE key = 'indexer_version'")
    db.commit()
    db.close()
    report = index(folder, index_dir)
    assert report.rebuilt and report.added == 3 and report.unchanged == 0
    assert found(index_dir, "quokkalyst") == ["deep/nested/faq.html"]
    assert index(folder, index_dir).generation is None  # then as usual: nothing to do


def test_failed_unchanged_file_is_not_reread_and_still_skipped(docs: Path, index_dir: Path) -> None:
    write(docs, "good.md", "fine\n")
    path = write(docs, "data.txt", bytes(range(256)) * 4)
    first = index(docs, index_dir)
    assert skipped(first) == {"data.txt": "binary content in a text file"}
    mtime = path.stat().st_mtime_ns
    path.write_bytes((b"lemurion " * 200)[:1024])  # same size, now good text: only a re-read would see it
    set_mtime(path, mtime)
    second = index(docs, index_dir)
    assert second.generation is None
    assert skipped(second) == {"data.txt": "binary content in a text file"}
    assert found(index_dir, "lemurion") == []


def test_failed_file_that_is_fixed_is_indexed(docs: Path, index_dir: Path) -> None:
    write(docs, "data.txt", bytes(range(256)) * 4)
    index(docs, index_dir)
    write(docs, "data.txt", "Now readable: the lemurion.\n")
    report = index(docs, index_dir)
    assert report.added == 1
    assert report.skipped == ()
    assert found(index_dir, "lemurion") == ["data.txt"]


def test_failed_file_that_is_deleted_is_no_longer_listed(docs: Path, index_dir: Path) -> None:
    write(docs, "good.md", "fine\n")
    write(docs, "data.txt", bytes(range(256)) * 4)
    index(docs, index_dir)
    (docs / "data.txt").unlink()
    report = index(docs, index_dir)
    assert report.skipped == ()
    assert index(docs, index_dir).skipped == ()


def test_good_file_that_turns_bad_is_removed_and_skipped(folder: Path, index_dir: Path) -> None:
    write(folder, "notes.txt", bytes(range(256)) * 4)
    report = index(folder, index_dir)
    assert skipped(report) == {"notes.txt": "binary content in a text file"}
    assert found(index_dir, "wombatrix") == []
    assert snapshot(index_dir).document("notes.txt") is None
    assert report.documents == 2


def test_the_cursor_secret_survives_a_rebuild(docs: Path, index_dir: Path) -> None:
    write(docs, "a.md", "# A\n\naardvark\n")
    index(docs, index_dir)
    secret = snapshot(index_dir).meta["secret"]
    assert len(secret) == 64
    index(docs, index_dir, rebuild=True)
    assert snapshot(index_dir).meta["secret"] == secret


def test_failures_left_by_an_indexer_that_kept_no_includes_for_them_are_read_again_once(
    docs: Path, index_dir: Path
) -> None:
    """An index written before failures kept their kind (by design or not) and what they included cannot tell
    whether a skipped page's missing include has appeared since: each failure is read again, once."""
    write(docs, "chapter.md", "{{#include listing.rs}}\n")
    write(docs, "other.md", "# Other\n\nWords.\n")
    index(docs, index_dir)
    newest = storage.current_generation(index_dir)
    assert newest is not None
    db = sqlite3.connect(newest / storage.DOCSTORE)  # as an earlier indexer left it
    db.execute("ALTER TABLE skipped DROP COLUMN by_design")
    db.execute("DELETE FROM includes")
    db.commit()
    db.close()
    write(docs, "listing.rs", "fn zebracorn() {}\n")
    report = index(docs, index_dir)
    assert (report.added, report.unchanged, report.skipped) == (1, 1, ())
    assert found(index_dir, "zebracorn") == ["chapter.md"]
    assert index(docs, index_dir).generation is None


def test_an_unchanged_gitbook_space_is_up_to_date_in_the_next_process(docs: Path, index_dir: Path) -> None:
    """Each run is a process of its own, with its own string hashing: the rules of a GitBook space, which make its
    pages' URLs, were told apart by the order the set of the pages its SUMMARY.md lists printed in, so every run
    remade every URL and published a new generation of a space that had not changed."""
    pages = ("README", "install", "usage", "faq", "api", "changelog")
    write(docs, "SUMMARY.md", "# Summary\n\n" + "".join(f"* [{page}]({page}.md)\n" for page in pages))
    for page in pages:
        write(docs, f"{page}.md", f"# {page}\n\nThe {page} page.\n")
    args = (docs, "--index", index_dir, "--no-embeddings", "--base-url", "https://example.com/", "--drop-extensions")
    first = run_cli(*args, env={"PYTHONHASHSEED": "1"})
    assert "6 added" in first.stderr, first.stderr
    second = run_cli(*args, env={"PYTHONHASHSEED": "2"})
    assert "is up to date: 0 added, 0 updated, 0 removed" in second.stderr, second.stderr


def test_a_running_searcher_shows_an_edited_pages_new_title_and_text(
    folder: Path, index_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server keeps one Searcher for its life, and what it read of a generation is remembered: after a run
    that changes a page, the next search shows the page as it is now, not as the search before the run read it."""
    monkeypatch.setattr(searcher_module, "REFRESH_SECONDS", 0.0)  # the new generation is looked for at once
    searcher = Searcher(index_dir)
    (before,) = searcher.snapshot().search("gryphonix", limit=1)
    assert (before.document.title, before.snippet) == ("Install", "Run the gryphonix installer.")
    write(folder, "guides/install.md", "# Setup\n\nRun the gryphonix installer twice.\n")
    index(folder, index_dir)
    (after,) = searcher.snapshot().search("gryphonix", limit=1)
    assert (after.document.title, after.snippet) == ("Setup", "Run the gryphonix installer twice.")
