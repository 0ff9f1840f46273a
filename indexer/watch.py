"""--watch: re-run the incremental update whenever files in the documents folder change (debounced).

With --includes-from, pages may include files from the folder above DOCS that it names (Sphinx's changelog in
the repository's root): that folder is watched too, and a change there updates the index when it is to a file
that a page includes or names (the index records them), not for every other file of the repository."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from watchfiles import watch

from indexer.errors import IndexerError, IndexLockedError
from indexer.ingest.pipeline import update_index
from indexer.ingest.planning import includes_root
from indexer.model import IndexReport
from indexer.settings import IndexerSettings
from indexer.store import storage
from indexer.store.docstore import read_state

log = logging.getLogger(__name__)
DEBOUNCE_MS = 500


def watch_folder(
    docs: Path,
    settings: IndexerSettings,
    on_report: Callable[[IndexReport], None],
    stop: threading.Event | None = None,
) -> None:
    """Block, updating the index after each burst of changes, until `stop` is set or Ctrl-C."""
    index_dir = settings.index.resolve()
    docs = docs.resolve()
    root = includes_root(docs, settings)
    outside = _included_outside(docs, index_dir) if root != docs else set()
    for changes in watch(root, debounce=DEBOUNCE_MS, step=100, stop_event=stop, raise_interrupt=False):
        if not _wanted((path for _, path in changes), docs, index_dir, outside):
            continue  # the index itself (it may live inside the folder), or a file no page reads
        try:
            on_report(update_index(docs, settings))
        except IndexLockedError as exc:
            log.warning("%s; will retry on the next change", exc)
        except IndexerError as exc:
            log.error("indexer: error: %s", exc)
        if root != docs:
            outside = _included_outside(docs, index_dir)


def _wanted(paths: Iterable[str], docs: Path, index_dir: Path, outside: set[str]) -> bool:
    """Whether a burst of changes may change the index: one of them is in DOCS (not in the index) or is a file
    outside DOCS that a page includes."""
    for path in paths:
        changed = Path(os.path.abspath(path))
        if changed.is_relative_to(index_dir):
            continue
        if changed.is_relative_to(docs) or str(changed) in outside:
            return True
    return False


def _included_outside(docs: Path, index_dir: Path) -> set[str]:
    """The paths of the files outside DOCS that the index's pages (and files that failed) include or name."""
    current = storage.current_generation(index_dir)
    if current is None:
        return set()
    state = read_state(current / storage.DOCSTORE)
    named = {path for files in state.includes.values() for path in files}
    return {os.path.normpath(docs / path) for path in named if path.startswith("../")}
