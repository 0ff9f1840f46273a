"""A Nextra 4 site (a `next.config.*` that names Nextra, beside Next.js's `app/` folder and no `pages/`): which of
its files are pages, and the path each is served at.

Nextra 4 makes pages of two folders, as its file conventions say. In Next.js's `app/` (or `src/app/`) a
`page.md` or `page.mdx` file is the page of its folder's route (`app/docs/guide/page.mdx` is `docs/guide`, the
root's `page.mdx` the site's home); a route group, a folder named in parentheses, is no part of the path
(`app/(docs)/intro/page.mdx` is `intro`), and what lies in a private folder (`_components/`) or any other
Markdown file there (`old.mdx`, a fragment) is no page. In its `content/` (or `src/content/`) folder each Markdown
file is a page (`index.mdx` its folder's), served under the config's `contentDirBasePath` (`/` by default). What
lies outside both (the README, the `components/*.mdx` pages import) is no page of the site. Next.js serves a
route without a trailing slash, unless the config says `trailingSlash: true`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from indexer.ingest.siteconfig import site_folder
from indexer.loaders.jsconfig import JsConfig, config_text

APP_FOLDERS = ("app/", "src/app/")
CONTENT_FOLDERS = ("content/", "src/content/")
PAGE_FOLDERS = ("pages/", "src/pages/")  # Next.js's pages router: Nextra 2 and 3 (generators.py reads those)
_MARKDOWN = frozenset({".md", ".mdx"})
_PAGE_FILES = frozenset({"page.md", "page.mdx"})


@dataclass(frozen=True)
class NextraSite:
    """What a Nextra 4 site's folders make of the files of DOCS (see the module docstring)."""

    inside: str  # DOCS's path in the site's folder ("" when DOCS is that folder), ending in "/"
    app: str  # the app folder's path in the site's folder: "app/" or "src/app/"
    content: str  # the content folder's, "" when there is none
    base: str  # contentDirBasePath without its slashes ("" for the site's root)
    slashed: bool = False  # `trailingSlash: true`: every route but the home ends in a slash

    @property
    def key(self) -> str:
        return "nextra-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    def unpublished(self, doc_id: str) -> str | None:
        path = self.inside + doc_id
        if self.content and path.startswith(self.content):
            return None
        if not path.startswith(self.app):
            where = f"{self.app} and {self.content} folders" if self.content else f"{self.app} folder"
            return f"outside the Nextra site's {where}: no page of the site (a page may import it)"
        route = PurePosixPath(path[len(self.app) :])
        if any(name.startswith("_") for name in route.parent.parts):
            return "in a private folder (its name starts with _) of Next.js's app folder: no page of the site"
        if route.suffix.lower() in _MARKDOWN and route.name not in _PAGE_FILES:
            return (
                "a Markdown file in Next.js's app folder that is no page.md or page.mdx: no page (a page may import it)"
            )
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """A page's route: its app folder's path without route groups, or its path in the content folder under
        contentDirBasePath (None for other files, and when pages are served as the files they are)."""
        path = self.inside + doc_id
        pure = PurePosixPath(path)
        if not pages or pure.suffix.lower() not in _MARKDOWN:
            return None
        if self.content and path.startswith(self.content):
            names = [self.base] if self.base else []
            names += PurePosixPath(path[len(self.content) :]).parent.parts
            names += [] if pure.stem == "index" else [pure.stem]
        elif path.startswith(self.app) and pure.name in _PAGE_FILES:
            names = [name for name in PurePosixPath(path[len(self.app) :]).parent.parts if not _group(name)]
        else:
            return None
        route = "/".join(names)
        if extension:
            return (route or "index") + extension
        return route + "/" if self.slashed and route else route


def _group(name: str) -> bool:
    """Whether a folder of the app folder is a route group, `(docs)`, which is no part of the path."""
    return name.startswith("(") and name.endswith(")")


def nextra_site(config: Path, docs: Path) -> NextraSite | None:
    """The Nextra 4 site whose next.config.* is `config` (in DOCS or a folder above it): None when the config does
    not name Nextra, the site keeps a pages/ folder (Nextra 2 and 3) or has no app/ folder."""
    site = config.parent
    if "nextra" not in config_text(config).lower() or any((site / f).is_dir() for f in PAGE_FOLDERS):
        return None
    app = next((folder for folder in APP_FOLDERS if (site / folder).is_dir()), None)
    if app is None:
        return None
    content = next((folder for folder in CONTENT_FOLDERS if (site / folder).is_dir()), "")
    options = JsConfig(config_text(config))
    base = options.option("contentDirBasePath", str) or ""
    inside = os.path.relpath(docs, site).replace(os.sep, "/")
    inside = "" if inside == "." else inside + "/"
    slashed = options.option("trailingSlash", bool) is True
    return NextraSite(inside, app, content, site_folder(base.lstrip("/")).rstrip("/"), slashed)
