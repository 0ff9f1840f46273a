"""What a site generator's config, found in DOCS or beside it (sitedetect.py), changes of the generator's rules
(site.py's SITES): the pages' folder (mdBook's src, MkDocs's docs_dir, VitePress's srcDir, Next.js's pages/,
Hugo's content folder, Documenter.jl's source), whether pages are served as folders (MkDocs's use_directory_urls,
Sphinx's dirhtml builder on Read the Docs, Astro's `trailingSlash: 'always'`, Documenter.jl's prettyurls), the
titles of its navigation (navtitles.py), the editions it keeps (layouts.py), and what its config says of its pages
(Site.config: mkdocs.py, sphinxconf.py, vitepress.py, nextra.py, mintlify.py, quartoproject.py, bookdown.py,
hugobuild.py, docfx.py, zola.py; documenter.py reads make.jl).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import replace
from itertools import islice
from pathlib import Path
from typing import Any

from indexer.ingest.bookdown import bookdown_book
from indexer.ingest.docfx import docfx_site
from indexer.ingest.documenter import documenter_project
from indexer.ingest.hugobuild import site_cascade
from indexer.ingest.hugomounts import Mount, vendored_mounts
from indexer.ingest.hugopermalinks import hugo_permalinks
from indexer.ingest.layouts import hugo_content, layout_of, nextra_pages
from indexer.ingest.mdbookchapters import read_summary
from indexer.ingest.mintlify import mintlify_site
from indexer.ingest.mkdocs import mkdocs_site
from indexer.ingest.navtitles import mkdocs_titles, sidebar_titles
from indexer.ingest.nextra import nextra_site
from indexer.ingest.quartoproject import quarto_project
from indexer.ingest.site import SITES, Site
from indexer.ingest.siteconfig import config_mapping, listed, lowered, site_folder, site_folders, yaml_config
from indexer.ingest.sphinxconf import sphinx_config
from indexer.ingest.unpublished import outside_folders
from indexer.ingest.vitepress import vitepress_site
from indexer.ingest.zola import zola_site
from indexer.loaders.jsconfig import JsConfig, config_text
from indexer.loaders.mkdocsyml import mkdocs_settings, site_configs


def configured(site: str, folder: Path, name: str, docs: Path) -> Site | None:
    """The rules of the generator `site` whose config, the file `name`, lies in `folder` (DOCS or one above it),
    as that config sets them; None when the file is no config of that generator (a docs.json of another kind)."""
    config = folder / name
    found = _mdbook(docs) if site == "mdbook" and folder == docs else SITES[site]
    if site == "sphinx" and _dirhtml(folder):
        found = replace(found, slashed=True)
    if site == "sphinx" and (sphinx := sphinx_config(config, docs)) is not None:
        found = replace(found, config=sphinx)
    if site == "astro" and JsConfig(config_text(config)).option("trailingSlash", str) == "always":
        found = replace(found, slashed=True)  # Astro's docs: /en/getting-started/, served so only
    if site == "nextjs":
        found = _nextjs(found, config, docs)
    if site == "documenter":
        project = documenter_project(config)
        if project is None:
            return None  # a make.jl of another kind
        rooted = folder == docs and (docs / project.source).is_dir()  # indexed from make.jl's folder: docs/src/
        found = replace(found, slashed=project.pretty, root=project.source if rooted else "")
    if site == "mintlify":
        mintlify = mintlify_site(folder, docs)
        if mintlify is None:
            return None  # a docs.json of another kind
        found = replace(found, config=mintlify)
    if site == "docfx":
        found = replace(found, config=docfx_site(config, docs))
    if site == "quarto" and (quarto := quarto_project(config, docs)) is not None:
        found = replace(found, config=quarto)
    if site == "bookdown" and (book := bookdown_book(config, docs)) is not None:
        found = replace(found, config=book)
    if site == "vitepress":
        vitepress = vitepress_site(folder, docs)
        found = replace(found, config=vitepress, root=vitepress.src)
    if site == "mkdocs":
        if site_configs(folder)[:1] != (config,):
            return None  # it INHERITs a file not there: another mkdocs*.yml builds the site (sitedetect.py)
        found = mkdocs_rules(found, config, docs)
    if site == "mdbook" and ".." not in (src := mdbook_src(folder)).split("/"):
        chapters, titles = read_summary(folder / src, docs)
        found = replace(found, titles=titles, config=chapters)
    return hugo_root(with_layout(found, config, docs), config, folder == docs, docs)


def _mdbook(book: Path) -> Site:
    """The mdBook whose folder (book.toml beside src/) is DOCS itself: its pages are those of its src folder
    (book.toml's `src`, "src" by default), served from the book's root."""
    src = mdbook_src(book)
    if not src or src == "." or ".." in src.split("/") or not (book / src).is_dir():
        return SITES["mdbook"]
    return replace(SITES["mdbook"], root=f"{src}/")


def mdbook_src(book: Path) -> str:
    """The folder of an mdBook's pages, as the book.toml in `book` names it (book.src, "src" by default)."""
    return book_src(config_mapping(book / "book.toml"))


def book_src(settings: Mapping[str, Any]) -> str:
    """The folder of an mdBook's pages, as its read book.toml names it (book.src, "src" by default)."""
    book = settings.get("book")
    src = book.get("src", "src") if isinstance(book, dict) else "src"
    return src.strip("/") if isinstance(src, str) else "src"


def mkdocs_rules(site: Site, config: Path, docs: Path) -> Site:
    """An MkDocs project's rules, from its mkdocs.yml (read once, with what its INHERIT gives: mkdocsyml.py):
    each page served as a folder unless it says `use_directory_urls: false`; indexed from the folder of
    mkdocs.yml, its pages are those of its `docs_dir` ("docs" by default, served from the site's root; "" when
    that is no folder in DOCS: DOCS holds pages); the titles of its nav (navtitles.py); what it leaves out
    (mkdocs.py)."""
    settings = mkdocs_settings(config)
    found = replace(site, slashed=settings.get("use_directory_urls") is not False)
    if config.parent == docs:
        folder = site_folder(settings.get("docs_dir", "docs"))
        found = replace(found, root=folder if folder and (docs / folder).is_dir() else "")
    found = replace(found, titles=mkdocs_titles(config, docs, settings))
    mkdocs = mkdocs_site(config, settings, docs, rooted=bool(found.root))
    return replace(found, config=mkdocs) if mkdocs is not None else found


def _nextjs(site: Site, config: Path, docs: Path) -> Site:
    """A Next.js site's rules: Nextra 4's app and content folders (nextra.py), else, indexed from the site's
    folder, Nextra 2's and 3's pages/ folder, which holds the routes, or the folder a catch-all route reads. A
    folder's page is served without a slash (react.dev's `learn/index.md` is /learn, /learn/ a redirect) unless
    the config says `trailingSlash: true`, which ends every page's path in one."""
    if JsConfig(config_text(config)).option("trailingSlash", bool) is True:
        site = replace(site, slashed=True, bare_folders=False)
    nextra = nextra_site(config, docs)
    if nextra is not None:
        return replace(site, config=nextra)
    content = _catch_all_content(config.parent)
    if content:  # its sidebars' titles, for the pages that name none
        site = replace(site, titles=sidebar_titles(config.parent, config.parent / content, docs))
    if config.parent != docs:
        return site
    return replace(site, root=nextra_pages(config) or content)


_CATCH_ALL = re.compile(r"\[\[?\.\.\.[\w$]+\]\]?\.(?:js|jsx|ts|tsx)")  # pages/[[...markdownPath]].js
_QUOTED_FOLDER = re.compile(r"""['"`]/?((?:[\w-]+/){0,4}[\w-]+)/?['"`]""")
MAX_ROUTE_NAMES = 1000  # distinct quoted names of a catch-all route looked for as folders of the site
MAX_ROUTE_FOLDERS = 50  # of those that are, the ones looked into for Markdown
MAX_LOOKED_AT = 2000  # files and folders looked at for Markdown in a folder a route names


def _catch_all_content(site: Path) -> str:
    """The folder a Next.js app's catch-all route reads its Markdown from (react.dev's
    `pages/[[...markdownPath]].js` reads `process.cwd() + '/src/content/'`): its pages, served from the site's
    root; "" when there is no such route, or none of its quoted paths is a folder of the site."""
    for pages in ("pages", "src/pages"):
        try:
            with os.scandir(site / pages) as entries:
                routes = [entry.name for entry in entries if _CATCH_ALL.fullmatch(entry.name)]
        except OSError:
            continue
        for route in sorted(routes):
            names = islice(
                dict.fromkeys(m[1] for m in _QUOTED_FOLDER.finditer(config_text(site / pages / route))), MAX_ROUTE_NAMES
            )
            folders = islice((name for name in names if name != pages and (site / name).is_dir()), MAX_ROUTE_FOLDERS)
            folder = next((name for name in folders if _holds_markdown(site / name)), "")
            if folder:
                return folder + "/"
    return ""


def _holds_markdown(folder: Path) -> bool:
    """Whether a folder holds Markdown or MDX files, looking at up to MAX_LOOKED_AT entries of it and its
    folders, the nearest first: a quoted path a route names may be any folder (`'components/Layout'`)."""
    waiting, looked_at = [folder], 0
    while waiting and looked_at < MAX_LOOKED_AT:
        try:
            with os.scandir(waiting.pop(0)) as entries:
                for entry in islice(entries, MAX_LOOKED_AT - looked_at):
                    looked_at += 1
                    if entry.name.endswith((".md", ".mdx")):
                        return True
                    if entry.is_dir(follow_symlinks=False):
                        waiting.append(Path(entry.path))
        except OSError:
            continue
    return False


_DIRHTML_COMMAND = re.compile(r"\bsphinx-build\b.*\s-[bM][ \t]*dirhtml\b")  # a build command of its own
_READTHEDOCS = (".readthedocs.yaml", ".readthedocs.yml", "readthedocs.yml", "readthedocs.yaml")


def _dirhtml(conf: Path) -> bool:
    """Whether the Sphinx project whose conf.py lies in `conf` is built by Read the Docs with the dirhtml builder
    (`sphinx: builder: dirhtml`, or a build command `sphinx-build -b dirhtml`, in .readthedocs.yaml, in that
    folder or one above it up to the repository's root), which serves `usage/quickstart.rst` at
    `usage/quickstart/`."""
    for folder in site_folders(conf):
        found = next((folder / name for name in _READTHEDOCS if (folder / name).is_file()), None)
        if found is not None:
            settings = yaml_config(found)
            commands = listed(lowered(settings.get("build")).get("commands"))
            built = any(isinstance(c, str) and _DIRHTML_COMMAND.search(c) for c in commands)
            return built or lowered(settings.get("sphinx")).get("builder") == "dirhtml"
    return False


def hugo_root(site: Site, config: Path, in_docs: bool, docs: Path) -> Site:
    """A Hugo site indexed from its own folder (its config in DOCS): its pages are those of its content folder
    (layouts.hugo_content), served from the site's root (`content/docs/install.md` is `docs/install/`); its
    templates, its README and the rest are no pages, but the files its vendored modules mount as pages
    (hugomounts.py). A multilingual site's editions say where its pages are instead (layouts.py). Its config's
    cascades, permalinks (hugopermalinks.py) and mounts are its SiteCascade."""
    if site.name != "hugo":
        return site
    if in_docs and site.layout is not None:  # its languages' folders hold its pages: the rest is none
        folders = ", ".join(sorted({area.folder for area in site.layout.areas if area.folder}))
        why = outside_folders(f"content folders ({folders})")
        site = replace(site, layout=replace(site.layout, strays=why))
    elif in_docs and (folder := hugo_content(config)):
        site = replace(site, root=folder)
    content = [area.folder for area in site.layout.areas] if site.layout else [site.root]
    settings = lowered(config_mapping(config))
    lower = settings.get("disablepathtolower") is not True
    pages = config.parent / site.root if in_docs else docs
    permalinks = None  # read from the content folder itself or the site's, not from one below it
    mounts: tuple[Mount, ...] = ()
    if site.layout is None and in_docs and (docs / "_vendor").is_dir():  # its vendored modules' pages (hugomounts.py)
        mounts = vendored_mounts(settings)
    if site.layout is None and (in_docs or docs.resolve() == (config.parent / hugo_content(config)).resolve()):
        permalinks = hugo_permalinks(settings, str(pages), lower, mounts, str(docs))
    cascade = site_cascade(settings, content, permalinks, mounts, lower, str(docs))
    return replace(site, config=cascade) if cascade is not None else site


def zola_rules(config: Path, settings: Mapping[str, Any], docs: Path) -> Site:
    """A Zola site's rules (zola.py) from its config at `config`, read as `settings`, with the languages it keeps
    and, indexed from its own folder (its config in DOCS), its content/ and static/ folders, the rest no pages
    (ZolaSite.layout)."""
    zola = zola_site(config, settings, docs)
    return replace(SITES["zola"], config=zola, layout=zola.layout, known_by=config)


def with_layout(site: Site, config: Path | None, docs: Path) -> Site:
    """The site with the editions its config and folders say it keeps (layouts.py), if any."""
    layout = layout_of(site.name, config, docs) if config else None
    if layout and site.name == "nextjs" and site.root:  # Nextra's locales: their area is its pages folder
        why = f"outside the site's {site.root} folder (Next.js's pages): no page of the site"
        return replace(site, root="", layout=replace(layout, strays=why))
    return replace(site, layout=layout) if layout else site
