"""An MkDocs project (the folder with mkdocs.yml): which files under its docs_dir are no pages, as its config says.

- The theme's `custom_dir`, when it lies in docs_dir (pydantic's `docs/theme`), holds Jinja templates and
  overrides (`{% extends "base.html" %}`), not pages.
- `exclude_docs` (MkDocs 1.5: gitignore-like lines, `/` anchoring a pattern at docs_dir, a trailing `/` for a
  folder, `!` taking a path back) and the `exclude` plugin (`glob:` and `regex:` lists over the path in
  docs_dir) leave files out of the site.

A value the config does not give literally (an `!ENV` tag) is no folder or pattern here.
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import pathspec

from indexer.ingest.siteconfig import listed, site_folder

MAX_PATTERNS = 1_000


@dataclass(frozen=True)
class MkDocsSite:
    """What an mkdocs.yml says of the files of DOCS (see the module docstring)."""

    pages: str  # docs_dir's path in DOCS ("" when DOCS is docs_dir or inside it), ending in "/"
    inside: str  # DOCS's path in docs_dir when DOCS lies inside it ("" otherwise), ending in "/"
    theme: str  # the theme's custom_dir, as a path in docs_dir ending in "/" ("": none there)
    exclude_docs: tuple[str, ...] = ()  # its lines
    globs: tuple[str, ...] = ()  # the exclude plugin's
    regexes: tuple[str, ...] = ()  # the exclude plugin's

    @property
    def key(self) -> str:
        return "mkdocs-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    @cached_property
    def _ignored(self) -> pathspec.GitIgnoreSpec | None:
        """exclude_docs, read as MkDocs reads it (pathspec's gitignore matching, as for .docsearchignore); None when
        a line is no pattern (MkDocs refuses such a config: nothing is left out for it here)."""
        try:
            return pathspec.GitIgnoreSpec.from_lines(self.exclude_docs)
        except (ValueError, TypeError, re.error):  # pathspec's GitWildMatchPatternError, a bad [z-a] class
            return None

    def unpublished(self, doc_id: str) -> str | None:
        """Why MkDocs makes no page of `doc_id` (a file under docs_dir: Site.root says why the rest is none), or
        None."""
        if not doc_id.startswith(self.pages):
            return None
        path = self.inside + doc_id[len(self.pages) :]
        if self.theme and path.startswith(self.theme):
            return f"in the theme's custom_dir ({self.theme}: templates and overrides): no page of the site"
        checked = self._ignored.check_file(path) if self._ignored is not None else None
        if checked is not None and checked.include and checked.index is not None:
            line = self.exclude_docs[checked.index].strip()
            return f"excluded by mkdocs.yml's exclude_docs ({line}): no page of the site"
        glob = next((glob for glob in self.globs if fnmatch.fnmatch(path, glob)), None)
        if glob is not None:
            return f"excluded by the exclude plugin of mkdocs.yml (glob: {glob}): no page of the site"
        for regex in self.regexes:
            try:
                if re.match(regex, path):
                    return f"excluded by the exclude plugin of mkdocs.yml (regex: {regex}): no page of the site"
            except re.error:
                continue
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        return None


def mkdocs_site(config: Path, settings: Mapping[str, Any], docs: Path) -> MkDocsSite | None:
    """The config of the MkDocs project whose mkdocs.yml is `config` (read into `settings`), for DOCS; None when
    it says nothing of which files are pages."""
    pages_dir = (config.parent / (site_folder(settings.get("docs_dir", "docs")) or "docs")).resolve()
    docs = docs.resolve()
    if docs.is_relative_to(pages_dir):
        pages, inside = "", _slashed(docs.relative_to(pages_dir).as_posix())
    elif pages_dir.is_relative_to(docs):
        pages, inside = _slashed(pages_dir.relative_to(docs).as_posix()), ""
    else:
        return None
    theme = settings.get("theme")
    custom = site_folder(theme.get("custom_dir")) if isinstance(theme, dict) else ""
    custom_path = (config.parent / custom).resolve() if custom else None
    theme_in_pages = _slashed(custom_path.relative_to(pages_dir).as_posix()) if custom_path and (
        custom_path.is_relative_to(pages_dir) and custom_path != pages_dir
    ) else ""  # fmt: skip
    excluded = settings.get("exclude_docs")
    lines = tuple(excluded.splitlines()[:MAX_PATTERNS]) if isinstance(excluded, str) else ()
    globs: list[str] = []
    regexes: list[str] = []
    plugins = settings.get("plugins")  # a list of names and {name: options}, or one mapping of them
    for plugin in [{n: o} for n, o in plugins.items()] if isinstance(plugins, dict) else listed(plugins):
        options = plugin.get("exclude") if isinstance(plugin, dict) else None
        if isinstance(options, dict):
            globs += [g for g in listed(options.get("glob")) if isinstance(g, str)][:MAX_PATTERNS]
            regexes += [r for r in listed(options.get("regex")) if isinstance(r, str)][:MAX_PATTERNS]
    if not (theme_in_pages or lines or globs or regexes):
        return None
    return MkDocsSite(pages, inside, theme_in_pages, lines, tuple(globs), tuple(regexes))


def _slashed(path: str) -> str:
    return "" if path in ("", ".") else path.rstrip("/") + "/"
