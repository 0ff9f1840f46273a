"""What a DocFX project's docfx.json says of the files of DOCS (dotnet/docfx's docs/, Microsoft Learn's
repositories such as dotnet/docs-maui): which are pages, and where the site serves each.

`build.content` lists groups of files: `files` globs and `exclude` globs (DocFX's: `**` across folders, `*` within
a name, `{md,yml}` either), both from the group's `src` folder (the folder of docfx.json when it names none), its
pages served under the group's `dest` folder. A Markdown file no group takes is no page of the site: Learn's
`includes/**`, which docfx.json excludes, are read where pages include them (loaders/docfx.py), and a file beside
the site's pages (a README) is not published; nor is any other file that no group of `build.resource` takes (the
text files of a sample's project, which pages show code from). DocFX serves a page at its path with `.html`
(`docs/intro.md` is `docs/intro.html`, `index.md` is `index.html`); Microsoft Learn, which builds a repository
holding `.openpublishing.publish.config.json`, serves it without one (`get-started/first-app`, `index.md` its
folder).
A `toc.md` is the navigation of its folder (`# [Getting Started](gettingstarted.md)`), no page. The address the
site is served at is docfx.json's `build.sitemap.baseUrl`.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from indexer.ingest.pathglob import path_glob
from indexer.ingest.siteconfig import MAX_NAMES, listed, site_address, site_folder, site_folders
from indexer.ingest.urls import served_page
from indexer.loaders.base import describe
from indexer.loaders.docfxproject import CONFIG, LEARN_CONFIG
from indexer.loaders.jsconfig import MAX_CONFIG_BYTES, config_text
from indexer.loaders.jsonc import loads_jsonc
from indexer.loaders.unchanged import while_unchanged

__all__ = ["CONFIG", "DocfxSite", "docfx_served_at", "docfx_site"]

_PAGES = (".md", ".markdown")
_YAML_PAGES = (".yml", ".yaml")  # Learn's YAML pages (`### YamlMime:Landing`: loaders/learnyaml.py), served as pages
log = logging.getLogger(__name__)
_MAX_GLOB = 500  # characters of a glob: a longer one names no file of a site


@dataclass(frozen=True)
class Group:
    """One group of docfx.json's build.content: its folders from the folder of docfx.json ("" or "docs/")."""

    src: str
    dest: str
    files: tuple[str, ...]
    exclude: tuple[str, ...]

    @cached_property
    def _patterns(self) -> tuple[tuple[re.Pattern[str], ...], tuple[re.Pattern[str], ...]]:
        def compiled(globs: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
            return tuple(path_glob(glob.strip().removeprefix("./"), any_folders=True) for glob in globs)

        return compiled(self.files), compiled(self.exclude)

    def takes(self, path: str) -> str | None:
        """The path from `src` of the file `path` (from the folder of docfx.json) when the group takes it."""
        if not path.startswith(self.src):
            return None
        inside = path[len(self.src) :]
        files, exclude = self._patterns
        taken = any(p.fullmatch(inside) for p in files) and not any(p.fullmatch(inside) for p in exclude)
        return inside if taken else None


@dataclass(frozen=True)
class DocfxSite:
    """What a docfx.json says of the files of DOCS (see the module docstring)."""

    inside: str  # DOCS's path from the folder of docfx.json ("" for that folder), ending in "/"
    groups: tuple[Group, ...]
    learn: bool = False  # built by Microsoft Learn: pages served without an extension
    resources: tuple[Group, ...] = ()  # build.resource: files served as they are (images, downloads)

    @property
    def key(self) -> str:
        return "docfx-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    def _served(self, doc_id: str) -> tuple[Group, str] | None:
        path = self.inside + doc_id
        return next(((group, rel) for group in self.groups if (rel := group.takes(path)) is not None), None)

    def unpublished(self, doc_id: str) -> str | None:
        """Why DocFX publishes nothing of the file `doc_id`: no group of build.content takes it (a Markdown file),
        nor one of build.resource (any other: a text file of a sample's project); or it is a table of contents."""
        if os.path.basename(doc_id).lower() == "toc.md":
            return "DocFX's table of contents (toc.md, the site's navigation): no page"
        if not self.groups or self._served(doc_id) is not None:
            return None
        if doc_id.lower().endswith(_PAGES):
            return "not in docfx.json's build.content: no page of the site (an include is read where pages include it)"
        if any(group.takes(self.inside + doc_id) is not None for group in self.resources):
            return None
        return "not in docfx.json's build.content or build.resource: not on the site (a sample's or a snippet's file)"

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """A page at its path under its group's `dest` (from its `src`): `guide/intro.html`, `guide/` for an
        index page served without an extension (Learn's `whats-new/index.yml` too: a YAML file indexed is a page);
        None for a file no group takes (the shared rules decide)."""
        served = self._served(doc_id) if doc_id.lower().endswith(_PAGES + _YAML_PAGES) else None
        if served is None:
            return None
        group, rel = served
        path = group.dest + rel
        return served_page(path, extension) if pages else path


def docfx_site(config: Path, docs: Path) -> DocfxSite:
    """The site whose docfx.json is `config` (in DOCS or a folder above it), as DOCS holds it."""
    inside = os.path.relpath(docs, config.parent).replace(os.sep, "/")
    inside = "" if inside == "." else inside + "/"
    build = _settings(config).get("build")
    build = build if isinstance(build, dict) else {}
    groups, resources = (
        tuple(group for entry in listed(build.get(key))[:MAX_NAMES] if (group := _group(entry)) is not None)
        for key in ("content", "resource")
    )
    learn = any((folder / LEARN_CONFIG).is_file() for folder in site_folders(config.parent))
    return DocfxSite(inside, groups, learn, resources)


def docfx_served_at(config: Path, docs: Path) -> str:
    """docfx.json's `build.sitemap.baseUrl` when DOCS is the folder its pages are served from (that of docfx.json,
    or a group's `src` served at the site's root); "" otherwise."""
    build = _settings(config).get("build")
    sitemap = build.get("sitemap") if isinstance(build, dict) else None
    address = site_address(sitemap.get("baseUrl")) if isinstance(sitemap, dict) else ""
    site = docfx_site(config, docs)
    rooted = not site.inside or any(g.src == site.inside and not g.dest for g in site.groups)
    return address if rooted else ""


def _group(entry: object) -> Group | None:
    """A group of build.content, None for one that is no mapping or names no globs."""
    if not isinstance(entry, dict):
        return None
    files = tuple(g for g in _globs(entry.get("files")) if g)
    src, dest = entry.get("src"), entry.get("dest")
    if not files or (src not in (None, ".", "./") and not site_folder(src)):
        return None  # (a src outside the project's folder: its pages are not in DOCS)
    return Group(site_folder(src), site_folder(dest), files, tuple(_globs(entry.get("exclude"))))


def _globs(value: object) -> list[str]:
    """A glob or a list of them, as docfx.json writes either."""
    values = [value] if isinstance(value, str) else listed(value)
    return [v for v in values[:MAX_NAMES] if isinstance(v, str) and len(v) <= _MAX_GLOB]


@while_unchanged(maxsize=16, missing={})
def _settings(config: str) -> dict[str, Any]:
    """docfx.json as a mapping ({} when it cannot be read: a warning names it, once: it is parsed once while it
    is unchanged); JSON as DocFX reads it, comments, trailing commas and a byte order mark allowed (jsonc.py)."""
    text = config_text(Path(config))
    try:
        if not text and os.path.getsize(config) > MAX_CONFIG_BYTES:
            raise ValueError(f"larger than {MAX_CONFIG_BYTES:,} bytes")
        data = loads_jsonc(text)
    except (ValueError, RecursionError, OSError) as exc:
        log.warning("%s is not JSON DocFX reads (%s): its build.content is not read, every Markdown file is taken "
                    "for a page and served at its file's path", config, describe(exc))  # fmt: skip
        return {}
    return data if isinstance(data, dict) else {}
