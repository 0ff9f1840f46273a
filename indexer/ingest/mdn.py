"""MDN Web Docs (mdn/content, mdn/translated-content), whose build (Yari, now rari) serves each page at the path its
front matter `slug` gives under its locale: `files/en-us/web/javascript/reference/global_objects/array/map/index.md`,
`slug: Web/JavaScript/Reference/Global_Objects/Array/map`, is
`https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/map`.

Read by the rules all generators share, that slug (no leading slash) took the file's name's place in its folder
(`reference/global_objects/array/map/Web/JavaScript/...`), a URL the site never served. The repository is known by
its package.json, which names it (`@mdn/content`; `@mdn/translated-content`, whose scripts run no build) or runs
MDN's build over CONTENT_ROOT=files (a fork renamed), beside the `files/` folder of the locales; DOCS may be that
folder, a locale's, or any folder below one (the JavaScript reference alone). The summary gives
`https://developer.mozilla.org/` as the --base-url.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from indexer.loaders.jsconfig import config_text

__all__ = ["CONFIG", "SERVED_AT", "MdnSite", "mdn_site"]

CONFIG = "package.json"
SERVED_AT = "https://developer.mozilla.org/"
_CONTENT = "files"  # CONTENT_ROOT: a folder per locale (en-us, pt-br, zh-cn)
# the repository's name, or MDN's build's setting; not the name of a tool alone (`rari` is a React framework's too)
_BUILDS = re.compile(r""""@mdn/(?:translated-)?content"|\bCONTENT_ROOT=files\b""")
# a slug is a path below `<Locale>/docs/`: no spaces, query or fragment; a colon is its own (`Web/CSS/:focus`)
_SLUG = re.compile(r"[^\s?#\\]{1,300}")
_LOCALE = re.compile(r"[a-z]{2,3}(?:-[a-z]{2,4})?")


@dataclass(frozen=True)
class MdnSite:
    """Where DOCS lies in the content folder (site.SiteConfig): `below` is its path there (`en-us/web/javascript/`,
    "" for the content folder itself, None when DOCS holds the content folder, whose ids start with `files/`)."""

    below: str | None = ""

    @property
    def key(self) -> str:
        return f"mdn:{self.below}"

    def unpublished(self, doc_id: str) -> str | None:
        """Why a file beside a locale's folders of pages is none: `_redirects.txt` and `_wikihistory.json` are data
        of MDN's build (1.4 MB of old and new paths, which came first for 'javascript reference global objects')."""
        parts = self._parts(doc_id)
        if len(parts) == 2 and parts[1].startswith("_"):
            return "data of MDN's build beside a locale's pages (its redirects, its history): no page"
        return None

    def _parts(self, doc_id: str) -> tuple[str, ...]:
        """The parts of the file's path in the content folder, its locale's folder first; () outside it."""
        if self.below is None:
            return PurePosixPath(doc_id[len(_CONTENT) + 1 :]).parts if doc_id.startswith(_CONTENT + "/") else ()
        return PurePosixPath(self.below + doc_id).parts

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """A page's path: `<Locale>/docs/<slug>`, its locale the first folder of its path in the content folder
        (`en-us` is served as `en-US`); None for a file with no slug or outside the content folder (README.md)."""
        parts = self._parts(doc_id)
        slug = front_matter.get("slug")
        if len(parts) < 2 or not isinstance(slug, str) or not _SLUG.fullmatch(slug := slug.strip().strip("/")):
            return None
        if not _LOCALE.fullmatch(parts[0]) or ".." in slug.split("/"):
            return None
        language, _, region = parts[0].partition("-")
        return f"{language}-{region.upper()}/docs/{slug}" if region else f"{language}/docs/{slug}"

    @property
    def served_at(self) -> str:
        return SERVED_AT


def mdn_site(folder: Path, docs: Path) -> MdnSite | None:
    """The MDN content repository whose package.json is in `folder` (DOCS or one above it) and whose content folder
    holds DOCS or lies in it, or None: no package.json that runs MDN's build, or DOCS elsewhere (its scripts/)."""
    if _BUILDS.search(config_text(folder / CONFIG)) is None or not (folder / _CONTENT).is_dir():
        return None
    try:
        inside = docs.resolve().relative_to((folder / _CONTENT).resolve())
    except ValueError:
        return MdnSite(below=None) if docs.resolve() == folder.resolve() else None
    return MdnSite("" if inside == Path(".") else inside.as_posix() + "/")
