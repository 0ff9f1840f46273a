"""The titles a site's navigation gives its pages: MkDocs' `nav:` in mkdocs.yml (mdBook's SUMMARY.md:
mdbookchapters.py).

A page whose file names no title of its own (no front matter `title`, no level-1 heading) is titled by its
generator from the navigation: MkDocs takes the `nav:` entry's title before anything else, mdBook the chapter's
name in SUMMARY.md. Without them the index fell back to the page's first heading of any level, often a section's
("Optional dependencies" for pydantic's Installation page). records.make_record() decides when the navigation's
title applies; these functions only read it, keyed by the document's id (its path from DOCS).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from indexer.ingest.siteconfig import site_folder

__all__ = ["mkdocs_titles"]

MAX_ENTRIES = 20_000  # a navigation larger than this is read no further
MAX_DEPTH = 20  # nested sections deeper than this are not read


def mkdocs_titles(config: Path, docs: Path, settings: Mapping[str, Any]) -> dict[str, str]:
    """Doc id -> title of each page that the `nav:` of the MkDocs project whose mkdocs.yml is `config` (read into
    `settings`) names with a title (`- Installation: install.md`; a page listed bare has none), for the pages
    inside `docs`."""
    pages = config.parent / (site_folder(settings.get("docs_dir", "docs")) or "docs")
    titles: dict[str, str] = {}
    _nav_entries(settings.get("nav"), pages, docs, titles, 0)
    return titles


def _nav_entries(value: Any, pages: Path, docs: Path, titles: dict[str, str], depth: int) -> None:
    if not isinstance(value, list) or depth > MAX_DEPTH:
        return
    for entry in value:
        if len(titles) >= MAX_ENTRIES:
            return
        if not isinstance(entry, dict):
            continue  # a bare path: titled by the page itself
        for title, target in entry.items():
            if isinstance(target, list):
                _nav_entries(target, pages, docs, titles, depth + 1)
            elif isinstance(title, str) and title.strip() and isinstance(target, str):
                _add(titles, pages, target, docs, title)


def _add(titles: dict[str, str], base: Path, target: str, docs: Path, title: str) -> None:
    """Title the page that `target` (a path from `base`, not a URL) names, when it lies in `docs`."""
    target = target.split("#", 1)[0].strip()
    if not target or "://" in target or target.startswith(("/", "mailto:")):
        return
    doc_id = os.path.relpath(os.path.normpath(base / target), docs).replace(os.sep, "/")
    title = " ".join(title.split())
    if title and not doc_id.startswith("../") and doc_id != ".." and doc_id not in titles:
        titles[doc_id] = title
