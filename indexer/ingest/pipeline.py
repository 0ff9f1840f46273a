"""One indexer run: scan the folder, work out what changed, parse it in parallel, publish a new generation."""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from indexer.errors import DocsFolderError
from indexer.ingest import planning, sitereport
from indexer.ingest.access import AccessRules
from indexer.ingest.editions import Selection
from indexer.ingest.embedding import carry
from indexer.ingest.jobs import Failed, Job, Outcome, Unchanged
from indexer.ingest.pool import JobRunner
from indexer.ingest.scanner import Scan, scan
from indexer.ingest.site import Site
from indexer.ingest.sitedetect import detect_site
from indexer.ingest.urls import UrlRules, document_url, unjoined_path, url_warning
from indexer.model import IndexReport, SkippedFile
from indexer.settings import IndexerSettings
from indexer.store import storage
from indexer.store.docstore import DocRecord, DocStore, Failure, RunState, Stamp, read_state
from indexer.store.passage_index import PassageIndex
from indexer.store.schema import SCHEMA_VERSION

log = logging.getLogger(__name__)

# How this indexer reads files into text: raised whenever a loader reads a file differently (a dialect or markup
# it now understands), so that an index written before reads every file again once (vectors whose text did not
# change are reused, by digest) instead of keeping the old text of the files that did not change since.
INDEXER_VERSION = "10"
Progress = Callable[[int, int, int], None]  # (files done, files to do, bytes done)
URL_SETTINGS = ("base_url", "drop_extensions", "url_extension", "site")  # meta keys: a change remakes every URL
EDITIONS = "editions"  # meta key of the site's editions (Layout.key): a change re-decides each page's language


@dataclass
class _Tally:
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


def update_index(
    docs: Path, settings: IndexerSettings, rebuild: bool = False, progress: Progress | None = None
) -> IndexReport:
    """Bring the index in settings.index up to date with the folder `docs`."""
    started = time.monotonic()
    docs = _check_docs(docs)
    index_dir = settings.index
    with storage.writer_lock(index_dir):
        storage.remove_stale(index_dir)
        previous = storage.current_generation(index_dir)
        state, secret, rebuild = _state_to_keep(previous, rebuild)
        run = _plan_run(docs, settings, secret, state, None if rebuild else previous)
        if previous and not rebuild and run.nothing_to_write(state):
            return run.up_to_date(len(state.stamps), time.monotonic() - started)
        tally = _Tally(unchanged=run.unchanged, removed=run.removed, known=set(state.stamps))
        number = _write_generation(
            index_dir,
            None if rebuild else previous,
            run.jobs,
            run.carried,
            state.meta,
            run.meta,
            settings,
            run.urls,
            run.site,
            tally,
            progress,
        )
    return run.written(tally, number, rebuild, time.monotonic() - started)


def _state_to_keep(previous: Path | None, rebuild: bool) -> tuple[RunState, str, bool]:
    """What the last run left that this one goes on from (nothing when it rebuilds), the secret that signs
    readers' pagination cursors (kept across rebuilds: replicas share it), and whether this run rebuilds: asked
    to, or the index was written by another schema or by an indexer that read files worse."""
    state = read_state(previous / storage.DOCSTORE) if previous else RunState({}, {}, {})
    secret = state.meta.get("secret") or secrets.token_hex(32)
    if state.meta.get("schema_version") != str(SCHEMA_VERSION):
        if previous:
            log.info("the index was written by another version: rebuilding it in full")
        rebuild = True
    elif previous and not rebuild and state.meta.get("indexer_version") != INDEXER_VERSION:
        log.info("this version of the indexer reads files better than the one that wrote the index: every file "
                 "is read again (vectors of unchanged text are kept)")  # fmt: skip
        rebuild = True
    return (RunState({}, {}, {}) if rebuild else state), secret, rebuild


@dataclass(frozen=True)
class _Run:
    """A run planned: what the folder holds and which site publishes it, the files to read and those carried
    over from the last run, what is gone, the URL rules and the meta record, and what the summary says of the
    site."""

    found: Scan
    site: Site
    jobs: list[Job]
    carried: dict[str, Failure]
    unchanged: int
    removed: dict[str, str]
    urls: UrlRules
    meta: dict[str, str]
    same_settings: bool
    skipped: list[SkippedFile]
    about_site: dict[str, Any]

    def nothing_to_write(self, state: RunState) -> bool:
        """Whether the last generation is this run's: no file to read, none gone, the same settings and failures."""
        return not self.jobs and not self.removed and self.same_settings and _same_failures(state, self.carried)

    def up_to_date(self, documents: int, elapsed: float) -> IndexReport:
        return IndexReport(
            unchanged=self.unchanged,
            skipped=tuple(sorted(self.skipped, key=lambda s: s.id)),
            elapsed=elapsed,
            documents=documents,
            unread=_unread(self.found),
            **self.about_site,
        )

    def written(self, tally: _Tally, number: int, rebuilt: bool, elapsed: float) -> IndexReport:
        """The report of a run that wrote generation `number`: a document removed and one added with its text
        is a move; one the run could no longer read is gone too."""
        removed_hashes = set(tally.removed.values())
        moved = {doc_id for doc_id, sha256 in tally.added.items() if sha256 in removed_hashes}
        skipped = self.skipped + [SkippedFile(i, f.reason, f.by_design) for i, f in tally.failed]
        turned = {doc_id for doc_id, _ in tally.failed if doc_id in tally.known}  # documents now skipped: gone too
        return IndexReport(
            added=len(tally.added) - len(moved),
            updated=tally.updated,
            removed=len(tally.removed) - len(moved) + len(turned),
            moved=len(moved),
            unchanged=tally.unchanged,
            skipped=tuple(sorted(skipped, key=lambda s: s.id)),
            warnings=tuple(tally.warnings),
            bytes_read=tally.bytes_read,
            text_chars=tally.text_chars,
            elapsed=elapsed,
            generation=number,
            documents=tally.documents,
            rebuilt=rebuilt,
            unread=_unread(self.found),
            unjoined_urls=(tally.unjoined, tally.unjoined_example),
            **self.about_site,
        )


def _plan_run(docs: Path, settings: IndexerSettings, secret: str, state: RunState, previous: Path | None) -> _Run:
    """What this run does (_Run), from the folder as the scan finds it and what the last run left (`previous`:
    its generation, None when this run rebuilds)."""
    includes_from = planning.includes_root(docs, settings)  # one that does not hold DOCS stops the run
    rules = AccessRules.load(docs)
    found = scan(docs, settings.max_file_bytes, exclude=settings.index, follow_symlinks=settings.follow_symlinks)
    site = detect_site(docs, found.markers)
    planning.leave_out_unpublished(site, Selection.of(settings.languages, settings.versions), found)
    nested = None if site.name else sitereport.nested_site(docs)
    found_site = planning.site_found(docs, site, found.configs)
    redecide = set()
    if previous:
        redecide = planning.read_again_for_another_site(state, found_site, found.files)
        redecide |= planning.drafts_to_decide_again(previous, state, site)
        redecide |= planning.read_again_in_another_format(state, site, found.files)
        redecide |= planning.titles_to_read_again(state, site)
    jobs, carried, unchanged = planning.plan_jobs(
        docs, found.files, state, settings, rules, site, redecide, includes_from
    )
    seen = {c.id for c in found.files}
    urls = _url_rules(settings, site)
    meta = _meta(docs, settings, secret, rules, urls, site, found_site)
    skipped = [s for s, _, _ in found.skipped] + [SkippedFile(i, f.reason, f.by_design) for i, f in carried.items()]
    return _Run(
        found=found,
        site=site,
        jobs=jobs,
        carried=carried,
        unchanged=unchanged,
        removed={i: s.sha256 for i, s in state.stamps.items() if i not in seen},
        urls=urls,
        meta=meta,
        same_settings=all(state.meta.get(k, "") == v for k, v in meta.items() if k != "built_at"),
        skipped=skipped,
        about_site=_about_site(docs, site, nested),
    )


def _about_site(docs: Path, site: Site, nested: tuple[str, str] | None) -> dict[str, Any]:
    """What the run's summary says of the site generator (IndexReport.site, url_option, served_at, site_configs,
    docs_beside), or of the one found below DOCS when there is none (`nested`: sitereport.nested_site())."""
    if site.name:
        return {
            "site": sitereport.shown_name(site),
            "url_option": sitereport.url_option(site),
            "served_at": sitereport.served_at(docs, site),
            "site_configs": tuple(os.path.relpath(config, docs).replace(os.sep, "/") for config in site.configs),
            "docs_beside": sitereport.docs_beside(docs, site),
        }
    return {"nested_site": nested} if nested else {}


def _unread(found: Scan) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(found.unread.items(), key=lambda item: (-item[1], item[0])))


def _check_docs(docs: Path) -> Path:
    if not docs.exists():
        raise DocsFolderError(f"documents folder {docs} does not exist")
    if not docs.is_dir():
        raise DocsFolderError(f"{docs} is not a folder")
    return docs.resolve()


def _same_failures(state: RunState, carried: dict[str, Failure]) -> bool:
    return set(state.failed) == set(carried)


def _url_rules(settings: IndexerSettings, site: Site) -> UrlRules:
    """The run's URL settings, with the site generator's rules when pages are served under names of their own
    (only then: a generator's config that comes or goes changes no URL otherwise)."""
    rules = UrlRules(settings.base_url, settings.drop_extensions, settings.url_extension)
    return replace(rules, site=site) if rules.base_url and rules.pages else rules


def _meta(
    docs: Path,
    settings: IndexerSettings,
    secret: str,
    rules: AccessRules,
    urls: UrlRules,
    site: Site,
    found_site: str,
) -> dict[str, str]:
    """The index's meta record. `secret` signs readers' pagination cursors; it is kept across runs. A change of
    the URL settings (base_url to site) remakes every document's URL, one of the site's editions every
    document's language and version; one of `drafts` decides drafts again, one of `reading` reads again the files
    it names (planning.read_again_in_another_format), one of the site found (`found_site`: planning.site_found)
    every file. A key an older index lacks reads as ""."""
    return {
        "access_file": rules.text,
        "secret": secret,
        "schema_version": str(SCHEMA_VERSION),
        "indexer_version": INDEXER_VERSION,
        "docs_root": str(docs),
        "base_url": urls.base_url,
        "drop_extensions": str(urls.drop_extensions),
        "url_extension": urls.url_extension,
        "site": urls.site.key,  # "" unless URLs follow the site's rules
        EDITIONS: site.layout.key if site.layout else "",
        "drafts": planning.drafts_generator(site),
        planning.READING: site.reading_key,
        planning.READING_LIMITS: planning.reading_limits(settings),
        planning.NAV_TITLES: planning.nav_titles(site),
        planning.SITE_FOUND: found_site,
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _write_generation(
    index_dir: Path,
    previous: Path | None,
    jobs: list[Job],
    carried: dict[str, Failure],
    old_meta: dict[str, str],
    meta: dict[str, str],
    settings: IndexerSettings,
    urls: UrlRules,
    site: Site,
    tally: _Tally,
    progress: Progress | None,
) -> int:
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


def _apply(
    outcome: Outcome, store: DocStore, passages: PassageIndex, urls: UrlRules, site: Site, tally: _Tally
) -> None:
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
        if known:
            tally.updated += 1
        else:
            tally.added[record.id] = record.sha256
    tally.applied.add(record.id)


def _fail(doc_id: str, failure: Failure, partial: bool, store: DocStore, tally: _Tally) -> None:
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


def _url(record: DocRecord, urls: UrlRules, tally: _Tally) -> str:
    _note_unjoined(record.front_matter, urls, tally)
    if record.id not in tally.applied:  # (not again: a file that came twice)
        _note_url_warning(record.id, record.front_matter, record.title, urls, tally)
    return document_url(record.id, record.source, record.front_matter, urls, record.title)


def _refresh_urls(store: DocStore, urls: UrlRules, tally: _Tally) -> None:
    """The URL settings changed since the last run: remake every document's URL (and count anew, over all of
    them, the paths left with no base URL)."""
    tally.unjoined, tally.unjoined_example = 0, ""
    for doc_id, source, front, title in list(store.front_matters()):
        _note_unjoined(front, urls, tally)
        if doc_id not in tally.applied:  # (warned of as it was read)
            _note_url_warning(doc_id, front, title, urls, tally)
        store.set_url(doc_id, document_url(doc_id, source, front, urls, title))


def _note_url_warning(doc_id: str, front_matter: Mapping[str, Any], title: str, urls: UrlRules, tally: _Tally) -> None:
    """Warn of a page cited at its file's path where its site serves it elsewhere (urls.url_warning)."""
    warning = url_warning(doc_id, front_matter, urls, title)
    if warning:
        tally.warnings.append(SkippedFile(doc_id, warning))


def _note_unjoined(front_matter: Mapping[str, Any], urls: UrlRules, tally: _Tally) -> None:
    """Count a front matter url that is a path with no base URL to join it to (the run's report says so: such a
    document is cited by a file:// URL)."""
    path = unjoined_path(front_matter, urls.base_url)
    if path:
        tally.unjoined += 1
        tally.unjoined_example = min(tally.unjoined_example or path, path)
