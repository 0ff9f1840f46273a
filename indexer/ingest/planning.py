"""What a run must read: the jobs for new and changed files (and for those whose includes, access groups or
draft status changed since the last run), the failures carried over unchanged, and the files the site publishes
no page for, listed as skipped before anything is read."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path, PurePosixPath

from indexer.errors import AccessFileError, DocsFolderError
from indexer.ingest.access import AccessRules
from indexer.ingest.editions import Selection, unknown_without_layout
from indexer.ingest.fragmentfiles import read_scan_record, scan_record
from indexer.ingest.fragments import REASON, fragments
from indexer.ingest.jobs import Job, is_draft
from indexer.ingest.scanner import Candidate, Scan
from indexer.ingest.site import Site
from indexer.ingest.sitedetect import mdbook_home
from indexer.loaders.includes import stamp_now
from indexer.model import SkippedFile
from indexer.settings import IndexerSettings
from indexer.store import storage
from indexer.store.docstore import Failure, RunState, Stamp, read_front_matters

log = logging.getLogger(__name__)


def plan_jobs(
    docs: Path,
    files: list[Candidate],
    state: RunState,
    settings: IndexerSettings,
    rules: AccessRules,
    site: Site,
    reread: set[str],
    includes_from: Path,
) -> tuple[list[Job], dict[str, Failure], int]:
    """Jobs for new and changed files and for those to read again though they did not change (`reread`:
    read_again()); failures carried over for files unchanged since they failed. `includes_from`:
    includes_root()."""
    jobs: list[Job] = []
    carried: dict[str, Failure] = {}
    unchanged = 0
    same_limits = state.meta.get(READING_LIMITS) == reading_limits(settings)  # else failures may be mended
    same_rules = rules.text == state.meta.get("access_file", "")  # else a failure may be mended: what it
    # included may be allowed
    root = "" if settings.follow_symlinks else str(docs)
    for c in files:
        old = state.stamps.get(c.id)
        again = c.id in reread
        if old and (old.size, old.mtime_ns) == (c.size, c.mtime_ns) and not again:
            unchanged += 1
            continue
        failed = state.failed.get(c.id)
        as_failed = failed is not None and (failed.stamp.size, failed.stamp.mtime_ns) == (c.size, c.mtime_ns)
        if failed and as_failed and same_rules and same_limits and not again:
            carried[c.id] = failed
            continue
        sha256 = old.sha256 if old and not again else ""  # "" re-reads the file even if its bytes are the same
        job = Job(c.id, str(c.path), Stamp(c.size, c.mtime_ns, sha256), settings.max_file_bytes,
                  settings.parse_timeout, rules.groups_for(c.id), root, str(docs), rules,
                  site.drafts_of(c.id), str(includes_from), nav_title=site.titles.get(c.id, ""),
                  read_as=site.reads_as(c.id), named_after=site.page_name(c.id), generator=site.name,
                  index=str(settings.index))  # fmt: skip
        jobs.append(job)
    return jobs, carried, unchanged


def read_again(
    docs: Path,
    files: list[Candidate],
    state: RunState,
    settings: IndexerSettings,
    rules: AccessRules,
    redecide: set[str],
    includes_from: Path,
) -> set[str]:
    """The files read again whatever their size and mtime: those whose groups, or those of a file they include,
    the access file changed, those (indexed or failed) that include a file that changed, and the drafts and
    others to decide again (`redecide`). The fragment scan reads them afresh too (leave_out_fragments)."""
    old_rules = _previous_rules(state) if rules.text != state.meta.get("access_file", "") else rules
    again = set(redecide)
    now: dict[str, tuple[int, int]] = {}  # path -> its stamp: many pages name the same files and folders
    for c in files:
        included = state.includes.get(c.id, {})
        paths = (c.id, *included)  # its groups and its includes' decide who may see it (jobs._check_includes)
        regroup = old_rules is not rules and (
            old_rules is None or any(old_rules.groups_for(p) != rules.groups_for(p) for p in paths)
        )
        if regroup or (included and _includes_changed(docs, included, includes_from, settings.follow_symlinks, now)):
            again.add(c.id)
    return again


READING_LIMITS = "reading_limits"  # the meta key of reading_limits()


def reading_limits(settings: IndexerSettings) -> str:
    """The settings that bound the reading of one file (--max-file-size, --parse-timeout), as the index's meta
    records them: when they change, the files that failed are read again (a file that took too long may not now)."""
    return f"{settings.max_file_bytes} bytes, {settings.parse_timeout:g} s"


def _includes_changed(
    docs: Path, included: dict[str, tuple[int, int]], root: Path, follow_symlinks: bool, now: dict[str, tuple[int, int]]
) -> bool:
    """Whether any file a document (or a file that failed) included, or named, missing then, is not as it was when
    it was read; one outside `root` (where included files may come from) is as if it were not there. Each path is
    looked at once a run (`now`): the pages of a Sphinx project that name a label no page defines each watch the
    same 200 folders (pagescan.watch()), 600,000 looks of 300 folders for 3,000 pages, 13 s a run with nothing
    changed."""
    for path, stamp in included.items():
        if path not in now:
            now[path] = stamp_now(docs / path, root, follow_symlinks)
        if now[path] != stamp:
            return True
    return False


def includes_root(docs: Path, settings: IndexerSettings) -> Path:
    """The folder included files may come from: the folder above DOCS that --includes-from names (a
    DocsFolderError for one that does not hold DOCS); without it, the mdBook's own folder when DOCS holds its
    pages (sitedetect.mdbook_home()), else DOCS."""
    if settings.includes_from is None:
        return mdbook_home(docs) or docs
    root = settings.includes_from.expanduser().resolve()
    if not root.is_dir():
        raise DocsFolderError(f"--includes-from {settings.includes_from} is not a folder")
    if not docs.is_relative_to(root):
        raise DocsFolderError(
            f"--includes-from {root} does not hold the documents folder {docs}: included files may come from a "
            "folder that holds DOCS, such as its repository's root"
        )
    return root


def drafts_to_decide_again(previous: Path, state: RunState, site: Site) -> set[str]:
    """When the generator that publishes no drafts is not the last run's (a hugo.toml came or went), the files
    whose front matter `draft` now decides otherwise whether they are a page: the documents that say they are
    drafts, and the files skipped by design as drafts. None otherwise."""
    if state.meta.get("drafts", "") == drafts_generator(site):
        return set()
    documents = {
        doc_id for doc_id, front in read_front_matters(previous / storage.DOCSTORE, "draft") if is_draft(front)
    }
    return documents | {doc_id for doc_id, failure in state.failed.items() if failure.by_design}


NAV_TITLES = "nav_titles"  # the meta key of the titles the site's navigation gives its pages (Site.titles)


def nav_titles(site: Site) -> str:
    """The site's navigation titles as the index's meta keeps them (JSON)."""
    return json.dumps(dict(sorted(site.titles.items())), ensure_ascii=False, separators=(",", ":"))


def titles_to_read_again(state: RunState, site: Site) -> set[str]:
    """The pages whose title in the site's navigation changed since the last run (mkdocs.yml's nav or mdBook's
    SUMMARY.md was edited): their files are read again, since the title is decided where the file is parsed."""
    try:
        old = json.loads(state.meta.get(NAV_TITLES) or "{}")
    except ValueError:
        old = {}
    old = old if isinstance(old, dict) else {}
    return {doc_id for doc_id in old.keys() | site.titles.keys() if old.get(doc_id) != site.titles.get(doc_id)}


SITE_FOUND = "site_found"  # the meta key of site_found()


def site_found(docs: Path, site: Site, configs: set[str]) -> str:
    """Which site the folder was found to be, as the index's meta keeps it: JSON of the generator's name and the
    path from DOCS of the config it was known by (Site.known_by), or, with none, the paths of the sites' configs
    the scan found below DOCS (Scan.configs: a second site's config, or one three folders down, counts as much
    as the first); "" for a folder of neither."""
    if site.name:
        where = os.path.relpath(site.known_by, docs).replace(os.sep, "/") if site.known_by else ""
        return json.dumps([site.name, where])
    return json.dumps(["", *sorted(configs)]) if configs else ""


def read_again_for_another_site(state: RunState, found: str, files: list[Candidate]) -> set[str]:
    """When the site found (site_found()) is not the last run's, as a config came (a mkdocs.yml or a
    docusaurus.config.js added to a folder of plain pages), went, or moved (mkdocs.yml renamed mkdocs.yaml):
    every file, to be read as a rebuild reads it. Loaders look for the site's config on their own (the snippets
    of mkdocs.yml's markdown_extensions, a Docusaurus page's `@site/` imports, Hugo's params, Quarto's and
    Jekyll's variables) and remember the config they read, so that a change to it reads the page again, but not
    the configs they found missing: a page read with none would keep that reading. None when it is the same
    site (an index written before the key was kept reads every file once, unless it is of no site)."""
    if state.meta.get(SITE_FOUND, "") == found:
        return set()
    log.info("the folder's site generator or its config is not the last run's: every file is read again")
    return {c.id for c in files}


INCLUDES_ROOT = "includes_root"  # the meta key of the folder included files may come from (includes_root())


def read_again_from_another_root(state: RunState, includes_from: Path) -> set[str]:
    """When the folder included files may come from is not the last run's (--includes-from came, went or names
    another folder): the documents and failures that included a file or looked for one, as autodoc looks for a
    module in that folder (Sphinx's own docs, whose conf.py adds nothing to sys.path, find `sphinx/` in the
    repository's root): what they looked for may now be found where they never looked before. None when it is
    the same folder."""
    if state.meta.get(INCLUDES_ROOT, "") == str(includes_from):
        return set()
    return {doc_id for doc_id, included in state.includes.items() if included}


READING = "reading"  # the meta key of Site.reading_key


def read_again_in_another_format(state: RunState, site: Site, files: list[Candidate]) -> set[str]:
    """When what the site reads in another format than its own changed since the last run (a Sphinx conf.py's
    source_suffix came to parse `.txt` files as reStructuredText, or stopped), the files of the suffixes it
    named then or names now: each is read again, in the format it is read in now. None when it did not change."""
    old, new = state.meta.get(READING, ""), site.reading_key
    if old == new:
        return set()
    suffixes = _reread_suffixes(old) | _reread_suffixes(new)
    return {c.id for c in files if PurePosixPath(c.id).suffix.lower() in suffixes}


def _reread_suffixes(key: str) -> set[str]:
    try:
        _, read_as = json.loads(key) if key else ("", {})
        return {suffix for suffix in read_as if isinstance(suffix, str)}
    except (ValueError, TypeError):  # not a key this version writes: the files of every suffix read so
        return {".txt", ".text", ".md", ".markdown"}


def drafts_generator(site: Site) -> str:
    """What publishes no page for a draft, "" for nothing (the index's meta keeps it): Site.draft_rules."""
    return site.draft_rules


def _previous_rules(state: RunState) -> AccessRules | None:
    try:
        return AccessRules.parse(state.meta.get("access_file", ""))
    except AccessFileError:  # accepted by an earlier version, refused by this one: re-index every document
        return None


def leave_out_unpublished(site: Site, selection: Selection, found: Scan) -> None:
    """The files that the site generator found for the folder publishes no page for (Site.unpublished_reason:
    Docusaurus's partials, mdBook's SUMMARY.md, Sphinx's templates, Jekyll's _includes), and the pages of its
    editions that the selection (--languages, --versions) leaves out (editions.py), are listed as skipped, with
    the reason; so is a file the scan skipped for a fault of its own (empty, too large) that is no page of the
    site (a test fixture's empty file outside Ruff's docs_dir, indexed from the repository's root): nothing to
    look at."""
    for note in site.layout.unknown(selection) if site.layout else unknown_without_layout(selection):
        log.warning("%s", note)
    if not site.unpublished and not site.root and not site.layout and not site.config.key:
        return
    kept = []
    for candidate in found.files:
        reason = site.unpublished_reason(candidate.id)
        if reason is None and site.layout:
            reason = site.layout.left_out(candidate.id, selection)
        if reason is None:
            kept.append(candidate)
        else:
            found.skipped.append(
                (SkippedFile(candidate.id, reason, by_design=True), candidate.size, candidate.mtime_ns)
            )
    found.files = kept
    found.skipped = [_as_unpublished(site, entry) for entry in found.skipped]


FRAGMENT_SCAN = "fragment_scan"  # the record (RunState.records) of what the fragment scan kept of each file
# (fragmentfiles.scan_record)


def leave_out_fragments(
    docs: Path, site: Site, found: Scan, includes_from: Path, max_bytes: int, state: RunState, reread: set[str]
) -> str:
    """In a folder of plain AsciiDoc (no site generator found), the untitled files that pages include
    (fragments.py: git's config/pull.adoc, shown in git-config's page) are listed as skipped by
    design, with the reason: Asciidoctor renders no page of them, and as pages they came before those that show
    them. Their text is still read where pages include it. What the last run's scan kept (`state`'s record
    FRAGMENT_SCAN) spares reading a file unchanged since, but for one the run reads again (`reread`: read_again();
    what the loader reads of it now decides, not what the scan kept when the file was rewritten with its size and
    mtime); returns what this run's kept ("" with a site)."""
    if site.name:
        return ""
    last = read_scan_record(state.records.get(FRAGMENT_SCAN, ""), docs)
    last = {doc_id: kept for doc_id, kept in last.items() if doc_id not in reread}
    pieces, scanned = fragments(found.files, docs, includes_from, max_bytes, last)
    kept = []
    for candidate in found.files:
        if candidate.id in pieces:
            found.skipped.append((SkippedFile(candidate.id, REASON, True), candidate.size, candidate.mtime_ns))
        else:
            kept.append(candidate)
    found.files = kept
    return scan_record(scanned, docs) if scanned else ""


def _as_unpublished(site: Site, entry: tuple[SkippedFile, int, int]) -> tuple[SkippedFile, int, int]:
    skipped, size, mtime_ns = entry
    if skipped.by_design or skipped.id.endswith("/"):  # (a folder: a link the scan did not follow)
        return entry
    reason = site.unpublished_reason(skipped.id)
    return entry if reason is None else (SkippedFile(skipped.id, reason, by_design=True), size, mtime_ns)
