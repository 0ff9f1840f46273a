"""An MkDocs project (the folder with mkdocs.yml): which files under its docs_dir are no pages, as its config says.

- The theme's `custom_dir`, when it lies in docs_dir (pydantic's `docs/theme`), holds Jinja templates and
  overrides (`{% extends "base.html" %}`), not pages.
- `exclude_docs` (MkDocs 1.5: gitignore-like lines, `/` anchoring a pattern at docs_dir, a trailing `/` for a
  folder, `!` taking a path back) and the `exclude` plugin (`glob:` and `regex:` lists over the path in
  docs_dir) leave files out of the site.

- Its blog plugin serves the posts of its posts folder at paths of their own, and publishes no draft
  (mkdocsblog.py).

A value the config does not give literally (an `!ENV` tag) is no folder or pattern here.
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath
from typing import Any

import pathspec

from indexer.ingest.mkdocsblog import Blog, Unreadable, blogs, is_page
from indexer.ingest.siteconfig import listed, site_folder
from indexer.loaders.mkdocsyml import plugin_entries

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
    blogs: tuple[Blog, ...] = ()  # its blog plugins'
    directories: bool = True  # use_directory_urls: a page is served as a folder
    rooted: bool = False  # docs_dir is the site's root folder in DOCS (Site.root), which a path on the site starts from

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
        """Where a file of a blog's posts folder that is no page (an image, a PDF) is served (`doc_id` from the
        site's root folder, as urls.site_path gives it); None for any other file (posts: post_path())."""
        path = self._located(doc_id)
        blog = self._blog(path)
        moved = blog.moved(path) if pages and blog is not None and path is not None else None
        return self._served(moved) if moved is not None else None

    def post_path(
        self, doc_id: str, front_matter: Mapping[str, Any], title: str, pages: bool, extension: str
    ) -> tuple[str | None, str | None]:
        """(Where a blog post is served, `extension` ending it as --url-extension does; None for a file that is
        no post, or a post whose path cannot be made: then a warning that says why, as the second item.)"""
        path = self._located(doc_id)
        blog = self._blog(path)
        if not pages or blog is None or path is None or not is_page(path):
            return None, None
        try:
            page = PurePosixPath(blog.post_path(path, front_matter, title)).with_suffix("")
        except Unreadable as exc:
            return None, f"a post of the blog of mkdocs.yml, cited at its file's path: {exc}"
        folder = "" if str(page.parent) == "." else f"{page.parent}/"
        name = "index" if page.name in ("index", "README") else page.name
        if extension:
            return self._served(f"{folder}{name}{extension}"), None
        if name == "index" or self.directories:
            return self._served(folder if name == "index" else f"{folder}{name}/"), None
        return self._served(f"{folder}{name}"), None

    def drafted(self, doc_id: str) -> bool:
        """Whether the file `doc_id` is a blog post that is no page of the site when its front matter says
        `draft: true`."""
        path = self._in_docs_dir(doc_id)
        blog = self._blog(path)
        return path is not None and blog is not None and is_page(path) and not blog.drafts

    @property
    def drafts(self) -> str:
        """The posts folders where a draft is no page, for the index's meta ("" for none)."""
        folders = [blog.post_dir for blog in self.blogs if not blog.drafts]
        return f"mkdocs blog: {', '.join(folders)}" if folders else ""

    def _in_docs_dir(self, doc_id: str) -> str | None:
        return self.inside + doc_id[len(self.pages) :] if doc_id.startswith(self.pages) else None

    def _located(self, doc_id: str) -> str | None:
        """The path in docs_dir of the file `doc_id` given from the site's root folder."""
        return doc_id if self.rooted else self._in_docs_dir(doc_id)

    def _blog(self, path: str | None) -> Blog | None:
        return next((blog for blog in self.blogs if blog.holds(path)), None) if path is not None else None

    def _served(self, path: str) -> str | None:
        """A path in docs_dir as a path from where DOCS is served (None when DOCS, inside docs_dir, holds none)."""
        if self.rooted:
            return path
        return self.pages + path[len(self.inside) :] if path.startswith(self.inside) else None


def mkdocs_site(config: Path, settings: Mapping[str, Any], docs: Path, rooted: bool = False) -> MkDocsSite | None:
    """The config of the MkDocs project whose mkdocs.yml is `config` (read into `settings`), for DOCS (`rooted`:
    the site's pages are those of its docs_dir in DOCS); None when it says nothing of which files are pages or
    where they are served."""
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
    plugins = plugin_entries(settings)
    for name, options in plugins:
        if name == "exclude":
            globs += [g for g in listed(options.get("glob")) if isinstance(g, str)][:MAX_PATTERNS]
            regexes += [r for r in listed(options.get("regex")) if isinstance(r, str)][:MAX_PATTERNS]
    found = blogs(plugins)
    if not (theme_in_pages or lines or globs or regexes or found):
        return None
    directories = settings.get("use_directory_urls") is not False
    return MkDocsSite(pages, inside, theme_in_pages, lines, tuple(globs), tuple(regexes), found, directories, rooted)


def _slashed(path: str) -> str:
    return "" if path in ("", ".") else path.rstrip("/") + "/"
