"""A VitePress site (the folder with `.vitepress/`, or its `srcDir`): which of its files are pages, read from its
config as VitePress reads it (`.vitepress/config/index.ts` or `.vitepress/config.ts`, with the modules it imports
from there: loaders/vitepressconfig.py).

VitePress makes a page of each Markdown file under `srcDir` (the site's folder by default), except those its
`srcExclude` globs name (`tutorial/**/description.md`); `srcDir/public/` is served as it is, from the site's
root (`public/logo.pdf` is `/logo.pdf`); a page its `rewrites` map is served at the path they give
(ingest/vitepressrewrites.py: VitePress's own docs serve `en/guide/cms.md` at `/guide/cms`). HTML and text
files beside the pages are no pages: examples and fragments that pages import (Vue's docs keep 58 in
`examples/src/` and `tutorial/src/`). Only literal values are read from the config (loaders/jsconfig.py); an
expression leaves VitePress's default.

Its translations (ingest/layouts.py): the keys of the config's `locales` object are its locales' folders in
srcDir, each served under its name as written (`zh/` at /zh/); `root` is the pages at the top, the default, in
the language its `lang` names (else the config's own `lang`, else VitePress's en-US). A locale whose `link` is
another site's address (Vite's `zh: { link: 'https://cn.vite.dev' }`) has no pages here: with no other, the site
is of one language. Of the config's `locales` objects, the site's is the one whose entries give a `label` or a
`lang` (the search options' own, in `themeConfig`, give neither).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from indexer.ingest.cname import pages_address
from indexer.ingest.editions import Area, Layout
from indexer.ingest.pathglob import path_glob
from indexer.ingest.siteconfig import MAX_NAMES, site_address, site_folder
from indexer.ingest.urls import served_page
from indexer.ingest.vitepressrewrites import Rewrites
from indexer.loaders.jsconfig import SPREAD, JsConfig, config_text
from indexer.loaders.vitepressconfig import FOLDER, site_config

PUBLIC = "public/"
_FRAGMENTS = frozenset({".html", ".htm", ".txt"})


@dataclass(frozen=True)
class VitePressSite:
    """What a VitePress config says of the files of DOCS (see the module docstring)."""

    src: str  # srcDir's path in DOCS ("" when DOCS is srcDir or inside it), ending in "/"
    inside: str  # DOCS's path in srcDir when DOCS lies inside it ("" otherwise), ending in "/": globs match from there
    exclude: tuple[str, ...]  # srcExclude's globs
    clean_urls: bool = False  # cleanUrls: pages are served without .html
    rewrites: Rewrites = field(default_factory=Rewrites)

    @property
    def key(self) -> str:
        return "vitepress-" + hashlib.sha256(repr(self).encode()).hexdigest()[:16]

    @cached_property
    def _patterns(self) -> tuple[tuple[str, re.Pattern[str]], ...]:
        return tuple((glob, path_glob(glob.strip().removeprefix("./"), any_folders=True)) for glob in self.exclude)

    def unpublished(self, doc_id: str) -> str | None:
        """Why VitePress makes no page of `doc_id` (a file under srcDir: see Site.root for the rest), or None."""
        if not doc_id.startswith(self.src):
            return None
        path = self.inside + doc_id[len(self.src) :]
        if path.startswith(PUBLIC):
            return None
        glob = next((glob for glob, pattern in self._patterns if pattern.fullmatch(path)), None)
        if glob is not None:
            return f"excluded by the VitePress config (srcExclude: {glob}): no page of the site"
        if os.path.splitext(doc_id)[1].lower() in _FRAGMENTS:
            return "an HTML or text file beside VitePress's pages (an example or fragment a page may import): no page"
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        """A file of public/ at its path from the site's root, a page its rewrites map at the path they give (a
        page's, as urls.site_path makes it: `guide/cms` or `guide/cms.html`, `guide/` for an index); None for
        any other (`doc_id` is from srcDir: Site.root is taken off)."""
        path = self.inside + doc_id
        if path.startswith(PUBLIC):
            return path[len(PUBLIC) :]
        served = self.rewrites.rewritten(path) if path.lower().endswith(".md") else None
        if served is None or not pages:
            return served
        return served_page(served, extension)


def vitepress_site(root: Path, docs: Path) -> VitePressSite:
    """The site whose `.vitepress/` folder lies in `root` (DOCS or a folder above it), as DOCS holds it."""
    options = site_config(root / FOLDER, lambda path: config_text(Path(path)))
    src = site_folder(options.option("srcDir", str) if options else None)
    exclude = (options.strings("srcExclude") if options else None) or ()
    source = root / src
    inside = os.path.relpath(docs, source).replace(os.sep, "/")
    if inside == "." or inside.startswith(".."):
        inside = ""  # DOCS is srcDir, or holds it (its pages are those of src: Site.root)
    else:
        inside += "/"
    in_docs = os.path.relpath(source, docs).replace(os.sep, "/")
    src_in_docs = "" if in_docs == "." or in_docs.startswith("..") else in_docs + "/"
    clean = bool(options.option("cleanUrls", bool)) if options else False
    rewrites = Rewrites.of(options.option("rewrites", dict) if options else None)
    return VitePressSite(src_in_docs, inside, tuple(exclude[:MAX_NAMES]), clean, rewrites)


def vitepress_served_at(root: Path) -> str:
    """The address the site whose `.vitepress/` folder lies in `root` is served at, as its config says: its
    sitemap's `hostname` joined with its `base` (`https://vuejs.org` and no base: `https://vuejs.org/`); "" when
    the hostname is no literal http(s) address, or `base` is written more than once (a sidebar's own) or no
    literal, for the summary to give as --base-url. Without a hostname, the domain of the CNAME its public/ folder
    holds (in srcDir: VitePress serves that folder as it is, and GitHub Pages the domain; cname.py)."""
    options = site_config(root / FOLDER, lambda path: config_text(Path(path)))
    sitemap = options.option("sitemap", dict) if options else None
    hostname = sitemap.get("hostname") if sitemap else None
    bases = options.values("base") if options else []
    if len(bases) > 1:
        return ""
    public = root / site_folder(options.option("srcDir", str) if options else None) / "public"
    base = bases[0] if bases else ""
    return site_address(hostname, base) or pages_address((public,), base)


DEFAULT_LANG = "en-US"  # the `lang` of a VitePress site whose config names none


def vitepress_layout(config: Path) -> Layout | None:
    """A VitePress site's locales, from the `locales` object of the config in its `.vitepress/` folder `config`
    (see the module's docstring); None when it has one language here."""
    options = site_config(config, lambda path: config_text(Path(path)))
    if options is None:
        return None
    found = [v for v in options.values("locales") if isinstance(v, dict) and _labelled(v)]
    if len(found) != 1:
        return None
    locales = found[0]
    folders = [key for key, entry in locales.items() if key != "root" and not _elsewhere(entry)]
    folders = [f for f in folders if f and "/" not in f and f not in (".", "..", SPREAD)][:MAX_NAMES]
    if not folders:
        return None  # Vite's: each translation is a site of its own
    root = locales.get("root")
    lang = root.get("lang") if isinstance(root, dict) else None
    root_name = (lang if isinstance(lang, str) and lang else _site_lang(options, locales)).lower()
    src = site_folder(options.option("srcDir", str))
    areas = [Area(f"{src}{f}/", f"{f}/", f.lower()) for f in folders] + [Area(src, "", root_name)]
    languages = (root_name, *sorted({f.lower() for f in folders} - {root_name}))
    return Layout("vitepress", tuple(areas), languages)


def _labelled(locales: dict[str, Any]) -> bool:
    """Whether a `locales` object is VitePress's own, whose entries give a `label` or `lang`, not the search's
    (`themeConfig: { search: { options: { locales: { zh: { translations } } } } }`)."""
    return any(isinstance(entry, dict) and ("label" in entry or "lang" in entry) for entry in locales.values())


def _elsewhere(locale: object) -> bool:
    """Whether a VitePress locale links to another site (`link: 'https://cn.vite.dev'`), which serves its pages."""
    link = locale.get("link") if isinstance(locale, dict) else None
    return isinstance(link, str) and link.strip().lower().startswith(("http://", "https://", "//"))


def _site_lang(options: JsConfig, locales: dict[str, Any]) -> str:
    """The `lang` a VitePress config gives the site, which its root locale keeps when it names none: the one
    `lang` written outside the locales' entries, else VitePress's default."""
    langs = [v for v in options.values("lang") if isinstance(v, str)]
    for entry in locales.values():
        if isinstance(entry, dict) and entry.get("lang") in langs:
            langs.remove(entry["lang"])
    return langs[0] if len(langs) == 1 and langs[0] else DEFAULT_LANG
