"""The titles a site's navigation gives its pages: MkDocs' `nav:` in mkdocs.yml, the sidebars of a Next.js app
(react.dev's src/sidebarReference.json: `{"title": "<link>", "path": "/reference/..."}`); mdBook's SUMMARY.md is
read by mdbookchapters.py.

A page whose file names no title of its own (no front matter `title`, no level-1 heading) is titled by its
generator from the navigation: MkDocs takes the `nav:` entry's title before anything else, mdBook the chapter's
name in SUMMARY.md. Without them the index fell back to the page's first heading of any level, often a section's
("Optional dependencies" for pydantic's Installation page). records.make_record() decides when the navigation's
title applies; these functions only read it, keyed by the document's id (its path from DOCS).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from indexer.ingest.siteconfig import site_folder
from indexer.loaders.jsconfig import config_text

__all__ = ["mkdocs_titles", "sidebar_titles"]

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


def sidebar_titles(app: Path, pages: Path, docs: Path) -> dict[str, str]:
    """Doc id -> title of each page that the sidebars of the Next.js app in `app` (JSON files named sidebar*, in
    the app's folder or its src/: routes of `title` and `path`, nested in `routes`) name, for the pages of its
    folder `pages` (where `/learn/setup` is learn/setup.md or learn/setup/index.md) inside `docs`. react.dev
    titles a page so when its front matter names no title (its <link> page)."""
    titles: dict[str, str] = {}
    for folder in (app, app / "src"):
        try:
            with os.scandir(folder) as entries:
                names = sorted(e.name for e in entries if e.name.startswith("sidebar") and e.name.endswith(".json"))
        except OSError:
            continue
        for name in names:
            try:
                tree = json.loads(config_text(folder / name) or "null")
            except (ValueError, RecursionError):  # not JSON, or nested too deep to read
                continue
            _routes([tree], pages, docs, titles, 0)
    return titles


def _routes(value: Any, pages: Path, docs: Path, titles: dict[str, str], depth: int) -> None:
    if not isinstance(value, list) or depth > MAX_DEPTH:
        return
    for route in value:
        if len(titles) >= MAX_ENTRIES or not isinstance(route, dict):
            continue
        path, title = route.get("path"), route.get("title")
        if isinstance(path, str) and path.startswith("/") and isinstance(title, str):
            stem = path.strip("/")
            names = [stem + suffix for suffix in (".md", ".mdx")] if stem else []
            names += [f"{stem}/{index}".lstrip("/") for index in ("index.md", "index.mdx")]
            page = next((name for name in names if (pages / name).is_file()), "")
            if page:
                _add(titles, pages, page, docs, title)
        _routes(route.get("routes"), pages, docs, titles, depth + 1)


def _add(titles: dict[str, str], base: Path, target: str, docs: Path, title: str) -> None:
    """Title the page that `target` names, when it lies in `docs`."""
    doc_id, title = nav_page(base, target, docs), " ".join(title.split())
    if title and doc_id is not None and doc_id not in titles:
        titles[doc_id] = title


def nav_page(base: Path, target: str, docs: Path) -> str | None:
    """The doc id of the page that a navigation's `target` (a path from `base`, its anchor dropped) names; None
    for a URL, an anchor alone, or a page outside `docs`."""
    target = target.split("#", 1)[0].strip()
    if not target or "://" in target or target.startswith(("/", "mailto:")) or "\x00" in target:
        return None
    doc_id = os.path.relpath(os.path.normpath(base / target), docs).replace(os.sep, "/")
    return None if doc_id == ".." or doc_id.startswith("../") else doc_id
