"""Which site generator publishes the documents folder, known by its own files, never guessed from the pages.

A page's URL follows the generator's rules (site.py), so the generator is found from its config in DOCS or a
folder above it, up to the repository's root (the folder holding `.git`; beyond it lies another project; outside a
repository, see siteconfig.site_folders()), the nearest deciding (`docusaurus.config.js/ts/mjs/...`, `book.toml`,
`mkdocs.yml`, `.vuepress/`, `hugo.toml/yaml/json`, Zola's `zola.toml`, or `config.toml` beside content/ with a
`base_url` and templates/, themes/ or a `theme` (zola.py), Hugo's older config: layouts.old_hugo_config(),
`astro.config.mjs/js/ts/...`, Documenter.jl's `make.jl` when it calls `makedocs`, DocFX's `docfx.json`, a DocC
catalog's own folder, `Name.docc`; without
a mkdocs.yml, a
`mkdocs*.yml` that builds a site: mkdocsyml.py), or a
Docusaurus config in a folder beside DOCS or beside a folder above it, one of whose content plugins reads DOCS
(`website/docusaurus.config.js` with `path: '../docs'`), or, where none is, Docusaurus's `_category_.json/yml`
files inside DOCS (a docs folder copied out of its site). Front matter cannot decide it: `sidebar_position`, MDX or
an `id` are written on other sites too, and a site decided by one page would change every other page's URL when
that page changes; nor can it make a page a translation (a `lang` field). Without one of these files a folder gets
the rules all generators share. What the config found changes of its generator's rules, generators.py reads.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from indexer.ingest import generators
from indexer.ingest.antora import CONFIG as ANTORA_CONFIG
from indexer.ingest.antora import AntoraComponent, is_antora
from indexer.ingest.bookdown import indexed_book
from indexer.ingest.docc import docc_site, is_catalog
from indexer.ingest.docfx import CONFIG as DOCFX_CONFIG
from indexer.ingest.documenter import CONFIG as DOCUMENTER_CONFIG
from indexer.ingest.documenter import documenter_project
from indexer.ingest.docusaurus import plugin_reading
from indexer.ingest.exdoc import CONFIG as EXDOC_CONFIG
from indexer.ingest.exdoc import exdoc_site
from indexer.ingest.gitbook import CONFIG as GITBOOK_CONFIG
from indexer.ingest.gitbook import SITE_CONFIG as GITBOOK_SITE_CONFIG
from indexer.ingest.gitbook import GitBookSpaces, gitbook_site, is_gitbook
from indexer.ingest.jekyll import CONFIGS as JEKYLL_CONFIGS
from indexer.ingest.jekyll import jekyll_site
from indexer.ingest.layouts import old_hugo_config
from indexer.ingest.mdn import CONFIG as MDN_CONFIG
from indexer.ingest.mdn import mdn_site
from indexer.ingest.site import PLAIN, SITES, Site
from indexer.ingest.siteconfig import site_folders
from indexer.ingest.zola import CONFIGS as ZOLA_CONFIGS
from indexer.ingest.zola import zola_config
from indexer.loaders.jsconfig import config_text
from indexer.loaders.mdximports import DOCUSAURUS_CONFIGS
from indexer.loaders.mkdocsyml import site_configs

CONFIG_FILES = (
    [(name, "docusaurus") for name in DOCUSAURUS_CONFIGS]
    + [("book.toml", "mdbook"), ("mkdocs.yml", "mkdocs"), ("mkdocs.yaml", "mkdocs"), (".vuepress", "vuepress")]
    + [(".vitepress", "vitepress"), ("_quarto.yml", "quarto"), ("_quarto.yaml", "quarto"), ("myst.yml", "mystmd")]
    + [("_bookdown.yml", "bookdown")]
    + [("docs.json", "mintlify"), ("mint.json", "mintlify")]
    + [(f"next.config.{ext}", "nextjs") for ext in ("js", "mjs", "ts", "cjs")]
    + [(f"hugo.{ext}", "hugo") for ext in ("toml", "yaml", "yml", "json")]
    + [(f"astro.config.{ext}", "astro") for ext in ("mjs", "js", "ts", "mts", "cjs", "cts")] + [("conf.py", "sphinx")]
    + [(DOCUMENTER_CONFIG, "documenter"), (DOCFX_CONFIG, "docfx")]
)  # fmt: skip
"""(name, generator) of each generator's own config file or folder, in the order they are looked for in a folder."""
MARKER_FILES = frozenset({"_category_.json", "_category_.yml", "_category_.yaml"})
"""Names of files inside DOCS that tell its generator (the scanner notes them): Docusaurus's category files."""
NOT_SITES = frozenset({"node_modules", "__pycache__", "build", "dist", "target", "vendor", "site-packages"})
"""Folders that hold no site's config: dependencies, build output."""
SITE_CONFIGS = frozenset([name for name, _ in CONFIG_FILES] + list(JEKYLL_CONFIGS) + [ANTORA_CONFIG, ZOLA_CONFIGS[0]])
"""Names of the files (and folders: .vitepress/) that make their folder a site's, besides those of site_configs():
loaders look for them above a page on their own (MkDocs' snippets, Hugo's params, Docusaurus's @site/, Quarto's
and Jekyll's variables), so the scanner notes where DOCS holds one (planning.site_found)."""
RAILS_GUIDES = ("documents.yaml", "layout.html.erb")
"""What makes a folder the Rails Guides' source (rails/rails guides/source, a translation's source/<lang>/): the list
of the guides, and the layout its generator (guides/rails_guides/generator.rb) renders each in, as guide.html."""
_OLD_HUGO = frozenset(f"config.{ext}" for ext in ("toml", "yaml", "yml", "json"))  # layouts.old_hugo_config


def site_configs_among(names: list[str]) -> list[str]:
    """Of the names of a folder's entries, those that make it a site's folder: SITE_CONFIGS, an mkdocs*.yml, and
    Hugo's older config.toml (.yaml...) beside a content/ folder (a name too common to count alone)."""
    hugo = "content" in names
    return [
        name
        for name in names
        if name in SITE_CONFIGS
        or (name.startswith("mkdocs") and name.endswith((".yml", ".yaml")))
        or (hugo and name in _OLD_HUGO)
    ]


def detect_site(docs: Path, markers: Iterable[str] = ()) -> Site:
    """The generator whose files are nearest to `docs` (see the module's docstring), with the editions it keeps
    there (layouts.py) and the file it was known by (Site.known_by); `markers` are the names of MARKER_FILES the
    scan found inside it, which decide only when no generator's own config is found (a docs folder in an MkDocs
    project or an mdBook is built by that generator, whatever `_category_` files it holds)."""
    for folder in site_folders(docs):
        for name, site in CONFIG_FILES:
            if os.path.exists(folder / name) and (found := generators.configured(site, folder, name, docs)) is not None:
                return replace(found, known_by=folder / name)
        if (found := _known_otherwise(folder, docs)) is not None:
            return found
    if any(name in MARKER_FILES for name in markers):
        config = next((docs / name for name in DOCUSAURUS_CONFIGS if os.path.exists(docs / name)), None)
        return replace(generators.with_layout(SITES["docusaurus"], config, docs), known_by=config)
    return PLAIN


def _known_otherwise(folder: Path, docs: Path) -> Site | None:
    """The generator known in `folder` (DOCS or one above it) by another file than its config of CONFIG_FILES: an
    mkdocs*.yml, Zola's zola.toml or config.toml (zola.py), Hugo's older config, a Docusaurus site beside it that
    reads DOCS (before GitBook's files: a config that names DOCS outweighs one left from an older site), GitBook's,
    Antora's, Docsify's index.html, Jekyll's; ExDoc's mix.exs, MDN's package.json, the Rails Guides' list of guides
    beside their layout, bookdown's index.Rmd; None when there is none. Each with the file it was known by
    (Site.known_by). A DocC catalog is known by its folder's name (`TSPL.docc`: docc.py)."""
    if is_catalog(folder):
        return replace(SITES["docc"], config=docc_site(folder, docs), known_by=folder)
    if configs := site_configs(folder):  # no mkdocs.yml (detect_site reads it first): mkdocs-online.yml
        return replace(generators.mkdocs_rules(SITES["mkdocs"], configs[0], docs), configs=configs, known_by=configs[0])
    if (zola := zola_config(folder)) is not None:  # before Hugo's older config: Zola's is config.toml too
        return generators.zola_rules(*zola, docs)
    if (config := old_hugo_config(folder)) is not None:
        found = generators.hugo_root(generators.with_layout(SITES["hugo"], config, docs), config, folder == docs, docs)
        return replace(found, known_by=config)
    if folder != docs and (beside := _docusaurus_beside(folder, docs)) is not None:
        return beside  # its config names DOCS: a .gitbook.yaml beside it is older (Redux keeps one from 2018)
    if is_gitbook(folder):
        gitbook = gitbook_site(folder, docs)  # a site of spaces is known by its docs.yaml, not a name alike
        names = (GITBOOK_SITE_CONFIG,) if isinstance(gitbook, GitBookSpaces) else (GITBOOK_CONFIG,)
        known_by = next((folder / name for name in names if (folder / name).is_file()), folder / "SUMMARY.md")
        return replace(SITES["gitbook"], config=gitbook, known_by=known_by)
    if folder == docs and is_antora(docs):
        return replace(SITES["antora"], config=AntoraComponent(), known_by=docs / ANTORA_CONFIG)
    if folder == docs and "$docsify" in config_text(docs / "index.html"):
        return replace(SITES["docsify"], known_by=docs / "index.html")
    if (jekyll := jekyll_site(folder, docs)) is not None:  # DOCS, or the source folder its config names
        known_by = next((folder / name for name in JEKYLL_CONFIGS if (folder / name).is_file()), folder)
        return replace(SITES["jekyll"], config=jekyll, known_by=known_by)
    if (exdoc := exdoc_site(folder)) is not None:  # an Elixir project's mix.exs, its guides in guides/
        return replace(SITES["exdoc"], config=exdoc, known_by=folder / EXDOC_CONFIG)
    if (mdn := mdn_site(folder, docs)) is not None:  # MDN's content: a page's slug is its path (mdn.py)
        return replace(SITES["mdn"], config=mdn, known_by=folder / MDN_CONFIG)
    if folder == docs and all(os.path.isfile(docs / name) for name in RAILS_GUIDES):
        return replace(SITES["railsguides"], known_by=docs / RAILS_GUIDES[0])
    if folder == docs and (book := indexed_book(docs)) is not None:  # a book with bookdown's defaults
        return replace(SITES["bookdown"], config=book, known_by=docs / "index.Rmd")
    return None


def config_in(folder: Path) -> str | None:
    """The generator whose config (CONFIG_FILES) lies in `folder`, None for none: a make.jl is Documenter's only
    when it calls makedocs (a Julia package's benchmarks/ and test/ hold scripts of that name too)."""
    for name, site in CONFIG_FILES:
        if os.path.exists(folder / name) and (site != "documenter" or documenter_project(folder / name) is not None):
            return site
    return None


def mdbook_home(docs: Path) -> Path | None:
    """The folder of the mdBook whose pages DOCS holds, when DOCS is (in) its src folder: its chapters include
    files from beside it (`{{#include ../listings/ch01/main.rs}}` in the Rust book), which are the book's own.
    None when DOCS is no part of an mdBook's pages, or another generator's config is nearer."""
    for folder in site_folders(docs):
        nearest = config_in(folder)
        if nearest is not None:
            if nearest != "mdbook" or folder == docs:
                return None
            src = (folder / generators.mdbook_src(folder)).resolve()
            return folder if docs.resolve().is_relative_to(src) else None
    return None


def _docusaurus_beside(folder: Path, docs: Path) -> Site | None:
    """The rules of a Docusaurus site whose config lies in a folder of `folder` (one above DOCS) and one of whose
    content plugins reads DOCS from outside the site's folder (`website/` with `path: '../docs'`, as Redux and
    Jest keep theirs); None when there is none. Its pages are served from the plugin's route, which --base-url
    gives, as for a docs folder below its config."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return None
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False) or entry.name.startswith(".") or entry.name in NOT_SITES:
            continue
        config = next((Path(entry.path, n) for n in DOCUSAURUS_CONFIGS if os.path.isfile(Path(entry.path, n))), None)
        plugin = plugin_reading(config, docs) if config is not None else None
        if plugin is not None:
            numbered = plugin.kind == "docs" and (plugin.options or {}).get("numberPrefixParser") is not False
            return replace(SITES["docusaurus"], number_prefixes=numbered, known_by=config)
    return None
