"""The titles a site's navigation gives its pages: MkDocs' `nav:` in mkdocs.yml, mdBook's SUMMARY.md.

A page whose file names no title of its own (no front matter `title`, no level-1 heading) is titled by its
generator from the navigation: MkDocs takes the `nav:` entry's title before anything else, mdBook the chapter's
name in SUMMARY.md. Without them the index fell back to the page's first heading of any level, often a section's
("Optional dependencies" for pydantic's Installation page). records.make_record() decides when the navigation's
title applies; these functions only read it, keyed by the document's id (its path from DOCS).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from indexer.ingest.siteconfig import site_folder
from indexer.loaders.jsconfig import config_text

__all__ = ["mdbook_titles", "mkdocs_titles"]

MAX_ENTRIES = 20_000  # a navigation larger than this is read no further
MAX_DEPTH = 20  # nested sections deeper than this are not read
_CHAPTER = re.compile(r"\[((?:[^\[\]\n]|\[[^\[\]\n]*\])+)\]\(<?([^()<>\s]+?)>?\)")  # [Name](path.md), in SUMMARY.md
_MARKUP = re.compile(r"[`*_]|\\(?=[^\w\s])")  # code and emphasis marks and escapes in a chapter's name


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


def mdbook_titles(src: Path, docs: Path) -> dict[str, str]:
    """Doc id -> chapter name of each chapter that the SUMMARY.md in the book's `src` folder links, for the
    pages inside `docs` (a draft chapter, `[Name]()`, has no file)."""
    titles: dict[str, str] = {}
    for line in config_text(src / "SUMMARY.md").splitlines():
        stripped = line.strip()
        if not stripped.startswith(("-", "*", "[")) and not stripped[:1].isdigit():
            continue  # a part's title (`# Part`), a separator, prose
        found = _CHAPTER.search(stripped)
        if found is not None:
            _add(titles, src, found.group(2), docs, _MARKUP.sub("", found.group(1)))
        if len(titles) >= MAX_ENTRIES:
            break
    return titles


def _add(titles: dict[str, str], base: Path, target: str, docs: Path, title: str) -> None:
    """Title the page that `target` (a path from `base`, not a URL) names, when it lies in `docs`."""
    target = target.split("#", 1)[0].strip()
    if not target or "://" in target or target.startswith(("/", "mailto:")):
        return
    doc_id = os.path.relpath(os.path.normpath(base / target), docs).replace(os.sep, "/")
    title = " ".join(title.split())
    if title and not doc_id.startswith("../") and doc_id != ".." and doc_id not in titles:
        titles[doc_id] = title
