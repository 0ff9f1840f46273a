"""--watch: re-run the incremental update whenever files in the documents folder change (debounced)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from watchfiles import watch

from indexer.errors import IndexerError, IndexLockedError
from indexer.ingest.pipeline import update_index
from indexer.model import IndexReport
from indexer.settings import IndexerSettings

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
    for changes in watch(docs, debounce=DEBOUNCE_MS, step=100, stop_event=stop, raise_interrupt=False):
        if all(Path(path).resolve().is_relative_to(index_dir) for _, path in changes):
            continue  # the index itself lives inside the folder
        try:
            on_report(update_index(docs, settings))
        except IndexLockedError as exc:
            log.warning("%s; will retry on the next change", exc)
        except IndexerError as exc:
            log.error("indexer: error: %s", exc)
