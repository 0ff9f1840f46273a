"""One indexer run: scan the folder, work out what changed, parse it in parallel, publish a new generation."""

from __future__ import annotations

import logging
import os
import secrets
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from indexer.errors import DocsFolderError
from indexer.ingest import planning, sitereport, sphinximages
from indexer.ingest.access import AccessRules
from indexer.ingest.editions import Selection
from indexer.ingest.generation import EDITIONS, Progress, Tally, write_generation
from indexer.ingest.jobs import Job
from indexer.ingest.scanner import Scan, scan
from indexer.ingest.site import Site
from indexer.ingest.sitedetect import detect_site
from indexer.ingest.urls import UrlRules
from indexer.model import IndexReport, SkippedFile
from indexer.settings import IndexerSettings
from indexer.store import storage
from indexer.store.docstore import Failure, RunState, read_state
from indexer.store.schema import SCHEMA_VERSION

log = logging.getLogger(__name__)

# How this indexer reads files into text: raised whenever a loader reads a file differently (a dialect or markup
# it now understands), so that an index written before reads every file again once (vectors whose text did not
# change are reused, by digest) instead of keeping the old text of the files that did not change since.
INDEXER_VERSION = "20"


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
        tally = Tally(unchanged=run.unchanged, removed=run.removed, known=set(state.stamps))
        number = write_generation(
            index_dir,
            None if rebuild else previous,
            run.jobs,
            run.carried,
            state.meta,
            run.meta,
            run.records,
            settings,
            run.urls,
            run.site,
            tally,
            progress,
        )
    return run.written(tally, number, rebuild, time.monotonic() - started, sitereport.holding(docs, tally.outside))


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
    records: dict[str, str]  # what only the next run reads (DocStore.set_records): a run that finds only them
    # changed writes no generation (the fragment scan's record of a file touched but not changed is then not
    # kept: the next run reads that file again)
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

    def written(self, tally: Tally, number: int, rebuilt: bool, elapsed: float, holds: str) -> IndexReport:
        """The report of a run that wrote generation `number`: a document removed and one added with its text
        is a move; one the run could no longer read is gone too. `holds`: the folder that holds the files its
        pages named outside where included files may come from (IndexReport.includes_held_by)."""
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
            includes_held_by=holds,
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
    found_site = planning.site_found(docs, site, found.configs)
    redecide = set()
    if previous:
        redecide = planning.read_again_for_another_site(state, found_site, found.files)
        redecide |= planning.drafts_to_decide_again(previous, state, site)
        redecide |= planning.read_again_in_another_format(state, site, found.files)
        redecide |= planning.titles_to_read_again(state, site)
        redecide |= planning.read_again_from_another_root(state, includes_from)
    reread = planning.read_again(docs, found.files, state, settings, rules, redecide, includes_from)
    scanned = planning.leave_out_fragments(docs, site, found, includes_from, settings.max_file_bytes, state, reread)
    sphinximages.leave_out_image_sources(site, found, settings.max_file_bytes)
    jobs, carried, unchanged = planning.plan_jobs(
        docs, found.files, state, settings, rules, site, reread, includes_from
    )
    seen = {c.id for c in found.files}
    urls = _url_rules(settings, site)
    meta = _meta(docs, settings, secret, rules, urls, site, found_site, includes_from)
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
        records={planning.FRAGMENT_SCAN: scanned},
        same_settings=all(state.meta.get(k, "") == v for k, v in meta.items() if k != "built_at"),
        skipped=skipped,
        about_site=_about_site(docs, site),
    )


def _about_site(docs: Path, site: Site) -> dict[str, Any]:
    """What the run's summary says of the site generator (IndexReport.site, url_option, served_at, site_configs,
    docs_beside), or of the one found below DOCS when there is none (sitereport.nested_site()), or when DOCS is
    known as a GitBook space by its own files only: a repository keeps them from a site it left (Redux's root
    holds a .gitbook.yaml from 2018, its site now in website/, which reads docs/)."""
    about: dict[str, Any] = {}
    if site.name:
        about = {
            "site": sitereport.shown_name(site),
            "url_option": sitereport.url_option(site),
            "served_at": sitereport.served_at(docs, site),
            "site_configs": tuple(os.path.relpath(config, docs).replace(os.sep, "/") for config in site.configs),
            "docs_beside": sitereport.docs_beside(docs, site),
            "inherit_missing": sitereport.inherit_missing(docs, site),
        }
    gitbook_here = site.name == "gitbook" and site.known_by is not None and site.known_by.parent == docs
    nested = sitereport.nested_site(docs) if not site.name or gitbook_here else None
    return {**about, "nested_site": nested} if nested else about


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
    includes_from: Path,
) -> dict[str, str]:
    """The index's meta record. `secret` signs readers' pagination cursors; it is kept across runs. A change of
    the URL settings (base_url to site) remakes every document's URL, one of the site's editions every
    document's language and version; one of `drafts` decides drafts again, one of `reading` reads again the files
    it names (planning.read_again_in_another_format), one of the site found (`found_site`: planning.site_found)
    every file, one of the folder included files may come from (`includes_from`: planning.includes_root) the
    pages that included or looked for a file (planning.read_again_from_another_root). A key an older index
    lacks reads as ""."""
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
        planning.INCLUDES_ROOT: str(includes_from),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
