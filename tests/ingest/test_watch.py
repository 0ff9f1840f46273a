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
