"""Writing one generation of the index: the documents a run read, stored (docs.sqlite, the segments and postings
copy) with their URLs, languages and versions, what the last generation holds carried over, and what the run
did counted (Tally) for its report (pipeline.py plans the run and reports it)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from indexer.ingest.embedding import carry
from indexer.ingest.jobs import Failed, Job, Outcome, Unchanged
from indexer.ingest.pool import JobRunner
from indexer.ingest.site import Site
from indexer.ingest.urls import UrlRules, document_url, unjoined_path, url_warning
from indexer.model import SkippedFile
from indexer.settings import IndexerSettings
from indexer.store import storage
from indexer.store.docstore import DocRecord, DocStore, Failure, Stamp
from indexer.store.passage_index import PassageIndex

Progress = Callable[[int, int, int], None]  # (files done, files to do, bytes done)
URL_SETTINGS = ("base_url", "drop_extensions", "url_extension", "site")  # meta keys: a change remakes every URL
EDITIONS = "editions"  # meta key of the site's editions (Layout.key): a change re-decides each page's language


@dataclass
class Tally:
    """What a run did, counted as its outcomes are applied: the documents added, updated, removed and failed, the
    bytes and characters read, the warnings, and what the report says of URLs."""

    added: dict[str, str] = field(default_factory=dict)  # id -> sha256 of each new document (not its record:
    # a run over a large folder would hold every document's text until the end)
    updated: int = 0
    removed: dict[str, str] = field(default_factory=dict)  # id -> sha256 it had
    unchanged: int = 0
    failed: list[tuple[str, Failure]] = field(default_factory=list)
    bytes_read: int = 0
    text_chars: int = 0
    warnings: list[SkippedFile] = field(default_factory=list)
    known: set[str] = field(default_factory=set)  # ids in the previous generation
    applied: set[str] = field(default_factory=set)  # ids stored in this run
    dropped: set[str] = field(default_factory=set)  # ids whose passages must leave the new segments
    documents: int = 0
    unjoined: int = 0  # documents given a URL whose front matter url is a path, with no base URL to join it to
    unjoined_example: str = ""  # the first such path in sorted order
    outside: set[str] = field(default_factory=set)  # files pages include from outside where included files may
    # come from (their absolute paths: Indexed.outside), for the summary to name the folder that holds them


def write_generation(
    index_dir: Path,
    previous: Path | None,
    jobs: list[Job],
    carried: dict[str, Failure],
    old_meta: dict[str, str],
    meta: dict[str, str],
    records: Mapping[str, str],
    settings: IndexerSettings,
    urls: UrlRules,
    site: Site,
    tally: Tally,
    progress: Progress | None,
) -> int:
    """Write the run's generation beside `previous` (None: from nothing) and publish it; its number. Each job's
    outcome is applied as the workers give it (stored, carried over, or failed), the documents removed leave it,
    and a change of the URL settings or of the site's editions remakes every document's URL or edition."""
    tmp, number = storage.start_generation(index_dir, previous)
    store = passages = None
    try:
        with storage.io_errors(tmp):
            store = DocStore(tmp / storage.DOCSTORE)
            store.clear_failed()
            passages = PassageIndex(tmp, create=previous is None)
            for doc_id in tally.removed:
                passages.delete(doc_id)
                store.delete(doc_id)
            add = passages.add
            runner = JobRunner(jobs, tmp, settings.worker_count, lambda o: add(o.record))
            with contextlib.closing(iter(runner)) as outcomes:  # closing it stops the workers, on every path
                for done, outcome in enumerate(outcomes, 1):
                    _apply(outcome, store, passages, urls, site, tally)
                    if progress:
                        progress(done, len(jobs), tally.bytes_read)
            if old_meta and any(old_meta.get(k) != meta[k] for k in URL_SETTINGS):
                _refresh_urls(store, urls, tally)
            if old_meta and old_meta.get(EDITIONS, "") != meta[EDITIONS]:
                for doc_id in store.ids():
                    store.set_edition(doc_id, *_edition(site, doc_id))
            store.add_failed([*carried.items(), *tally.failed])
            tally.documents = store.count()
            store.set_meta({**meta, "generation": str(number), "documents": str(tally.documents)})
            store.set_records(records)
            passage_count = store.passage_count()
            passages.commit(runner.segments, drop=frozenset(tally.dropped))
            store.commit()
            if settings.embeddings:
                touched = tally.applied | set(tally.removed) | tally.dropped | {i for i, _ in tally.failed}
                carry(previous, tmp, touched, passage_count)
        storage.publish(index_dir, tmp, number)
    except BaseException:
        if passages:
            passages.cancel()
        if store:
            store.close()
        storage.discard(tmp)
        raise
    return number


def _apply(outcome: Outcome, store: DocStore, passages: PassageIndex, urls: UrlRules, site: Site, tally: Tally) -> None:
    """Record one file's outcome in the docstore (its passages are already in a Whoosh writer). A file can come
    twice, when the worker that indexed it died with its segment: the second outcome replaces the first."""
    if isinstance(outcome, Unchanged):
        store.touch(outcome.id, outcome.stamp)
        tally.unchanged += 1
        return
    again = outcome.id in tally.applied
    known = outcome.id in tally.known
    if known and not again:
        passages.delete(outcome.id)
    if isinstance(outcome, Failed):
        failure = Failure(outcome.stamp, outcome.reason, outcome.by_design, outcome.includes)
        _fail(outcome.id, failure, outcome.partial, store, tally)
        tally.outside.update(outcome.outside)
        return
    record = outcome.record
    try:
        store.put(record, _url(record, urls, tally), replace=known or again)
        edition = _edition(site, record.id)
        if any(edition):
            store.set_edition(record.id, *edition)
    except (ValueError, TypeError, OverflowError, sqlite3.DataError, sqlite3.IntegrityError) as exc:
        # This file's data, not the run's (a full disk is an OperationalError, and stops the run)
        reason = f"could not be stored ({exc})"[:300]
        _fail(
            record.id,
            Failure(Stamp(record.size, record.mtime_ns), reason, includes=record.includes),
            True,
            store,
            tally,
        )
        return
    if not again:
        tally.bytes_read += record.size
        tally.text_chars += len(record.text)
        tally.warnings.extend(SkippedFile(record.id, w) for w in record.warnings)
        tally.outside.update(outcome.outside)
        if known:
            tally.updated += 1
        else:
            tally.added[record.id] = record.sha256
    tally.applied.add(record.id)


def _fail(doc_id: str, failure: Failure, partial: bool, store: DocStore, tally: Tally) -> None:
    """A file that could not be indexed: no document of that id in this generation, and its reason kept."""
    if doc_id in tally.known or doc_id in tally.applied:
        store.delete(doc_id)
    if doc_id in tally.applied:
        tally.applied.discard(doc_id)
        tally.dropped.add(doc_id)  # its passages may be in a worker's segment: the writer drops them
        tally.added.pop(doc_id, None)
    if partial:
        tally.dropped.add(doc_id)
    tally.failed.append((doc_id, failure))


def _edition(site: Site, doc_id: str) -> tuple[str, str]:
    """The page's language and version, on a site that keeps several (else "")."""
    area = site.place(doc_id).area
    return area.language, area.version


def _url(record: DocRecord, urls: UrlRules, tally: Tally) -> str:
    _note_unjoined(record.front_matter, urls, tally)
    if record.id not in tally.applied:  # (not again: a file that came twice)
        _note_url_warning(record.id, record.front_matter, record.title, urls, tally)
    return document_url(record.id, record.source, record.front_matter, urls, record.title)


def _refresh_urls(store: DocStore, urls: UrlRules, tally: Tally) -> None:
    """The URL settings changed since the last run: remake every document's URL (and count anew, over all of
    them, the paths left with no base URL)."""
    tally.unjoined, tally.unjoined_example = 0, ""
    for doc_id, source, front, title in list(store.front_matters()):
        _note_unjoined(front, urls, tally)
        if doc_id not in tally.applied:  # (warned of as it was read)
            _note_url_warning(doc_id, front, title, urls, tally)
        store.set_url(doc_id, document_url(doc_id, source, front, urls, title))


def _note_url_warning(doc_id: str, front_matter: Mapping[str, Any], title: str, urls: UrlRules, tally: Tally) -> None:
    """Warn of a page cited at its file's path where its site serves it elsewhere (urls.url_warning)."""
    warning = url_warning(doc_id, front_matter, urls, title)
    if warning:
        tally.warnings.append(SkippedFile(doc_id, warning))


def _note_unjoined(front_matter: Mapping[str, Any], urls: UrlRules, tally: Tally) -> None:
    """Count a front matter url that is a path with no base URL to join it to (the run's report says so: such a
    document is cited by a file:// URL)."""
    path = unjoined_path(front_matter, urls.base_url)
    if path:
        tally.unjoined += 1
        tally.unjoined_example = min(tally.unjoined_example or path, path)
