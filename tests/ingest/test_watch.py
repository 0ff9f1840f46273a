"""--watch keeps the index current while files change."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from indexer.model import IndexReport
from indexer.settings import IndexerSettings
from indexer.watch import watch_folder

from support.folders import found, index, write


def _wait_for(condition: object, seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return False


def test_watch_indexes_added_changed_and_deleted_files(docs: Path, index_dir: Path) -> None:
    write(docs, "a.md", "# A\n\nbrontosaurus lives here\n")
    index(docs, index_dir)
    reports: list[IndexReport] = []
    stop = threading.Event()
    watcher = threading.Thread(
        target=watch_folder, args=(docs, IndexerSettings(index=index_dir), reports.append, stop), daemon=True
    )
    watcher.start()
    try:
        time.sleep(0.5)  # let the watcher start before the first change
        write(docs, "b.md", "# B\n\nvelociraptor arrives\n")
        assert _wait_for(lambda: found(index_dir, "velociraptor") == ["b.md"])
        write(docs, "a.md", "# A\n\nstegosaurus replaced it\n")
        assert _wait_for(lambda: found(index_dir, "stegosaurus") == ["a.md"])
        assert found(index_dir, "brontosaurus") == []
        (docs / "b.md").unlink()
        assert _wait_for(lambda: found(index_dir, "velociraptor") == [])
    finally:
        stop.set()
        watcher.join(timeout=10)
    assert not watcher.is_alive()
    assert sum(r.added for r in reports) == 1
    assert sum(r.removed for r in reports) == 1


def test_watch_sees_a_file_included_from_the_folder_above_that_includes_from_names(tmp_path: Path) -> None:
    """Sphinx's changes.rst is `.. include:: ../CHANGES.rst`, read with --includes-from the repository's root:
    --watch watched DOCS only, so a new changelog entry never reached the index. Other files there change
    nothing."""
    docs, index_dir = tmp_path / "repo" / "docs", tmp_path / "index"
    write(tmp_path / "repo", "CHANGES.rst", "Version 1\n---------\n\nFixed the ammonite.\n")
    write(tmp_path / "repo", "src/app.py", "print('x')\n")
    write(docs, "changes.rst", "Changes\n=======\n\n.. include:: ../CHANGES.rst\n")
    settings = IndexerSettings(index=index_dir, includes_from=tmp_path / "repo")
    index(docs, index_dir, includes_from=tmp_path / "repo")
    assert found(index_dir, "ammonite") == ["changes.rst"]
    reports: list[IndexReport] = []
    stop = threading.Event()
    watcher = threading.Thread(target=watch_folder, args=(docs, settings, reports.append, stop), daemon=True)
    watcher.start()
    try:
        time.sleep(0.5)  # let the watcher start before the first change
        write(tmp_path / "repo", "src/app.py", "print('trilobite')\n")  # no page reads it: no update
        time.sleep(2)  # four times the debounce
        assert reports == []
        write(tmp_path / "repo", "CHANGES.rst", "Version 2\n---------\n\nFixed the nautilus.\n")
        assert _wait_for(lambda: found(index_dir, "nautilus") == ["changes.rst"])
    finally:
        stop.set()
        watcher.join(timeout=10)
    assert not watcher.is_alive()
    assert found(index_dir, "ammonite") == []
    assert [r.updated for r in reports] == [1]
