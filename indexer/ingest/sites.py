"""Which site generator publishes the documents folder, and what it makes of a page's file path.

Generators agree that `guides/install.md` is the page `guides/install` and `guides/index.md` the folder
`guides/`; past that they differ, and a rule that is right on one site gives URLs that do not exist on another:

- Docusaurus strips a number prefix (`01-`, `2_`, `3.`) from each file and folder name (`01-intro.md` is
  `intro`), takes `README` (any case) and a file named like its folder (`guides/guides.md`) for the folder's
  page, and names a page by its front matter `id`. Hugo, Jekyll, MkDocs, mdBook, VitePress and Sphinx do none of
  this: a number prefix is part of the name there, and a front matter `id` is any value (Hugo's `id: 42`).
- mdBook (`README.md` becomes `index.html`, any case), MkDocs (`README.md`, in capitals, when the folder has no
  `index.md`; with both, MkDocs leaves README out of the site) and VuePress take a README for its folder's page;
  VitePress, Hugo, Jekyll and Sphinx publish it as a page of its own (`README.html`). Hugo's section page is
  `_index.md` (`content/posts/_index.md` is `posts/`), and Hugo lowercases a page's path and ends it with a slash
  (`functions/TableOfContents.md` is `functions/tableofcontents/`).
- An mdBook indexed from its own folder (book.toml in DOCS, so that its pages can include `listings/`): its
  pages are those of its src folder (book.toml's `src`), served from the book's root (`src/ch01.md` is
  `ch01.html`); what lies outside src is no page (a page may still include it).

- Docusaurus, Starlight (Astro) and Hugo keep translations and versions of their pages in folders of their own
  (`i18n/fr/...`, `versioned_docs/version-2.x/`, `src/content/docs/fr/`, `content/fr/`), Hugo and Nextra also
  in the pages' names (`about.fr.md`, `api.zh-CN.mdx`): the site's editions, which its config and folders name
  (layouts.py) and whose pages are served under their own paths (`fr/`, `docs/2.x/`). Starlight serves the
  pages of `src/content/docs/` from the site's root. A Docusaurus site indexed from its own folder serves each of
  its content plugins' folders under the plugin's route (docusaurus.py: `src/pages/about.md` is `about`, and
  `docs/intro.md` is `intro` on a site of docs alone).

So the rules follow the generator, and the generator is known by its own files, never guessed from the pages: its
config in DOCS or a folder above it, up to the repository's root (the folder holding `.git`; beyond it lies another
project; outside a repository, see _site_folders()), the nearest deciding (`docusaurus.config.js/ts/mjs/...`,
`book.toml`, `mkdocs.yml`, `.vuepress/`, `hugo.toml/yaml/json`, Hugo's older config: layouts.old_hugo_config(),
`astro.config.mjs/js/ts/...`; without a mkdocs.yml, a `mkdocs*.yml` that builds a site: mkdocsyml.py), or a
Docusaurus config in a folder beside DOCS or beside a folder above it, one of whose content plugins reads DOCS
(`website/docusaurus.config.js` with `path: '../docs'`), or, where none is, Docusaurus's `_category_.json/yml`
files inside DOCS (a docs folder copied out of its site). Front matter cannot decide it: `sidebar_position`, MDX or
an `id` are written on other sites too, and a site decided by one page would change every other page's URL when
that page changes; nor can it make a page a translation (a `lang` field). Without one of these files a folder gets
the rules all generators share.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from indexer.ingest.antora import CONFIG as ANTORA_CONFIG
from indexer.ingest.antora import AntoraComponent, is_antora
from indexer.ingest.docusaurus import content_plugins, docs_outside, plugin_reading, serves_its_folder
from indexer.ingest.docusaurus import served_at as docusaurus_served_at
from indexer.ingest.editions import Area, Layout, Place
from indexer.ingest.gitbook import CONFIG as GITBOOK_CONFIG
from indexer.ingest.gitbook import gitbook_site, is_gitbook
from indexer.ingest.hugobuild import site_cascade
from indexer.ingest.jekyll import CONFIGS as JEKYLL_CONFIGS
from indexer.ingest.jekyll import jekyll_site
from indexer.ingest.layouts import hugo_content, layout_of, nextra_pages, old_hugo_config
from indexer.ingest.mintlify import mintlify_site
from indexer.ingest.mkdocs import MkDocsSite, mkdocs_site
from indexer.ingest.navtitles import mdbook_titles, mkdocs_titles
from indexer.ingest.nextra import nextra_site
from indexer.ingest.quartoproject import quarto_project
from indexer.ingest.siteconfig import config_mapping, listed, lowered, site_folder, yaml_config
from indexer.ingest.sphinxconf import SphinxConfig, sphinx_config
from indexer.ingest.vitepress import vitepress_site
from indexer.loaders.jsconfig import JsConfig, config_text
from indexer.loaders.jsx import DOCUSAURUS_CONFIGS
from indexer.loaders.mkdocsyml import mkdocs_settings, site_configs


class SiteConfig(Protocol):
    """What a generator's config says of a site's files, beyond the rules generators share (jekyll.py,
    vitepress.py): a key that changes when it does, why a file is no page, and a file's path on the site (None
    where the shared rules decide it)."""

    @property
    def key(self) -> str: ...

    def unpublished(self, doc_id: str) -> str | None: ...

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None: ...


class _NoConfig:
    key = ""

    def unpublished(self, doc_id: str) -> str | None:
        return None

    def path(self, doc_id: str, front_matter: Mapping[str, Any], pages: bool, extension: str) -> str | None:
        return None


NO_CONFIG: SiteConfig = _NoConfig()


@dataclass(frozen=True)
class Site:
    """What a site generator does with a page's path: which file names are their folder's page, and whether
    number prefixes are stripped and a front matter `id` names the page."""

    name: str  # "" for a folder no generator's file was found for
    index_names: frozenset[str] = frozenset({"index"})
    any_case: bool = False  # index names match in any case
    folder_named_index: bool = False  # guides/guides.md is guides/ (the names as written, in any case)
    number_prefixes: bool = False  # 01-intro.md is intro, 02-guides/ is guides/
    page_ids: bool = False  # a front matter id takes the file name's place
    unpublished: str = ""  # what of the folder's pages the generator does not publish (see unpublished_reason)
    pretty: bool = False  # a page's path is lowercased and ends in a slash (Hugo's defaults: /functions/toc/)
    slashed: bool = False  # a page's path ends in a slash (Sphinx's dirhtml builder, MkDocs: /usage/quickstart/)
    slugged: bool = False  # each name of a page's path is slugged (Astro: `My Topic/Intro.md` is my-topic/intro)
    root: str = ""  # the folder in DOCS that holds the pages ("src/" when DOCS is an mdBook's own folder)
    drafts: bool = False  # it publishes no page whose front matter says `draft: true` (Docusaurus, Hugo)
    # the folders of its pages in DOCS and the path each is served under (Docusaurus's content plugins), and
    # the translations and versions it keeps there (editions.py), if any
    layout: Layout | None = None
    config: SiteConfig = field(default_factory=lambda: NO_CONFIG)  # what its config says of pages (Jekyll, VitePress)
    # doc id -> the title its navigation gives a page (MkDocs' nav, mdBook's SUMMARY.md: navtitles.py)
    titles: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)
    # the configs it was known by when their names are not the generator's own: the one read, then the others
    # beside it that build a site (Textual's mkdocs-online.yml, then mkdocs-offline.yml)
    configs: tuple[Path, ...] = field(default=(), compare=False, hash=False)
    # the file (or folder: .vitepress/) it was known by, None for none or for Docusaurus's _category_ files alone:
    # the index's meta keeps its path (planning.site_found), so that a config that comes, goes or moves reads
    # every page again, as loaders look for the site's config on their own and remember only one they found
    known_by: Path | None = field(default=None, compare=False, hash=False)

    @property
    def key(self) -> str:
        """What tells this site's rules from others', for the index's meta."""
        key = f"{self.name}:{self.root}" if self.root else self.name
        key += f"@{self.config.key}" if self.config.key else ""
        key += "/slashed" if self.slashed else ""
        key += "/slugged" if self.slugged else ""
        return f"{key}+{self.layout.key}" if self.layout else key

    def place(self, doc_id: str) -> Place:
        """Where the file `doc_id` (a path in DOCS) lies among the site's editions: the folder the site serves it
        from, and its path there (without the site's root, which the editions' folders hold: VitePress's srcDir)."""
        if self.layout:
            return self.layout.place(doc_id)
        return Place(doc_id[len(self.root) :] if self.root and doc_id.startswith(self.root) else doc_id, Area("", ""))

    def is_index(self, stem: str, folder: str) -> bool:
        """Whether a file named `stem` (without its extension) in the folder named `folder` ("" at the top) is
        that folder's page."""
        if self.any_case:
            return stem.lower() in self.index_names or (self.folder_named_index and stem.lower() == folder.lower())
        return stem in self.index_names

    def reads_as(self, doc_id: str) -> str:
        """The suffix of the format the generator reads the file in, when it is not the file's own (".rst" for
        the `.txt` pages of a Sphinx project whose conf.py parses them as reStructuredText: sphinxconf.py); ""
        otherwise."""
        return self.config.reads_as(doc_id) if isinstance(self.config, SphinxConfig) else ""

    @property
    def reading_key(self) -> str:
        """What the generator reads in another format than its own (reads_as), for the index's meta: "" when
        nothing, else JSON of the Sphinx project's folder and its (suffix, format's suffix) pairs."""
        if not isinstance(self.config, SphinxConfig) or not self.config.read_as:
            return ""
        return json.dumps([self.config.source, dict(self.config.read_as)])

    def drafts_of(self, doc_id: str) -> str:
        """Who publishes no page of the file `doc_id` when its front matter says `draft: true`: the generator
        (Docusaurus, Hugo), or MkDocs's blog plugin for one of its posts; "" for none."""
        if self.drafts:
            return self.name
        drafted = isinstance(self.config, MkDocsSite) and self.config.drafted(doc_id)
        return "MkDocs's blog plugin" if drafted else ""

    @property
    def draft_rules(self) -> str:
        """What publishes no page for a draft, for the index's meta ("" for nothing): the generator's name, or
        the folders of an MkDocs blog's posts."""
        if self.drafts:
            return self.name
        return self.config.drafts if isinstance(self.config, MkDocsSite) else ""

    def unpublished_reason(self, doc_id: str) -> str | None:
        """Why the generator publishes no page for the file `doc_id` (which a loader reads), or None: Docusaurus's
        partials (a Markdown or MDX file or folder named `_x`: their text is read where a page imports them),
        mdBook's table of contents (`SUMMARY.md`), Sphinx's templates and static files (`_templates/`,
        `_static/`, `_themes/`: Jinja, not pages), Quarto's partials (`_x.qmd`) and READMEs, Markdown in a folder
        served as it is (Docusaurus's static/, Astro's public/: raw source; Ionic's pages import their examples from
        it); what the site's config says (SiteConfig: Jekyll's `_includes/`, VitePress's `srcExclude`)."""
        parts = doc_id.split("/")
        if self.root and not doc_id.startswith(self.root):
            if self.name == "hugo":
                return f"outside the site's {self.root} folder: no page of the site (a template, a repository file)"
            if self.name == "vitepress":
                return f"outside the site's {self.root} folder (VitePress's srcDir): no page of the site"
            if self.name == "nextjs":
                return f"outside the site's {self.root} folder (Next.js's pages): no page of the site"
            if self.name == "mkdocs":
                return f"outside the site's {self.root} folder (MkDocs's docs_dir): no page of the site"
            return f"outside the book's {self.root} folder: no page of the book (a page may include it)"
        own = self.config.unpublished(doc_id)
        if own is not None:
            return own
        # (Hugo: layouts/ are templates; Nextra serves no file outside pages/, as Site.root says with no locales)
        page = doc_id.lower().endswith((".md", ".mdx")) or self.name in ("hugo", "nextjs")
        if page and self.layout and self.layout.strays and not self.layout.holds(doc_id):
            return self.layout.strays
        if page and self.layout and doc_id.lower().endswith((".md", ".mdx")) and self.layout.place(doc_id).area.as_is:
            folder = self.layout.place(doc_id).area.folder
            return f"Markdown in {folder}, which the site serves as it is, unrendered: no page (a page may import it)"
        if self.unpublished == "partials" and page:
            if any(part.startswith("_") for part in parts):
                return "a Docusaurus partial (its name starts with _): no page of its own, read where a page imports it"
        elif self.unpublished == "summary" and parts[-1] == "SUMMARY.md":
            return "mdBook's table of contents (SUMMARY.md): no page of its own"
        elif self.unpublished == "templates" and any(part in _SPHINX_FOLDERS for part in parts[:-1]):
            return "in a Sphinx theme or template folder (_templates, _static, _themes): no page of the site"
        elif self.unpublished == "quarto" and any(part.startswith(("_", ".")) for part in parts):
            return "a name starting with _ (a Quarto partial, _site, _freeze): Quarto renders no page of it"
        elif self.unpublished == "underscored" and any(part.startswith("_") for part in parts):
            return (
                "a name starting with _, which Astro leaves out of its pages and collections: no page (a page may "
                "import it)"
            )
        elif self.unpublished == "docsify" and doc_id.lower() == "index.html":
            return "Docsify's app page (index.html, which shows the Markdown pages): no page of its own"
        elif self.unpublished == "docsify" and any(part.startswith("_") for part in parts):
            return "a name starting with _ (Docsify's sidebar, navbar, cover page, embedded files): no page of its own"
        elif self.unpublished == "quarto" and parts[-1].lower() in ("readme.md", "readme.qmd"):
            return "a README, which Quarto does not render: no page of the site"
        elif self.unpublished == "quarto" and parts[-1] in ("CLAUDE.md", "AGENTS.md"):
            return "an AI assistant's instructions (CLAUDE.md, AGENTS.md), which Quarto does not render: no page"
        elif self.unpublished == "quarto" and parts[-1].lower().endswith(".txt"):
            return "a text file, which Quarto renders no page of (requirements.txt, runtime.txt): no page of the site"
        return None


PLAIN = Site("")
SITES = {
    site.name: site
    for site in (
        PLAIN,
        Site("docusaurus", frozenset({"index", "readme"}), True, True, True, True, "partials", drafts=True),
        Site("mdbook", frozenset({"index", "readme"}), any_case=True, unpublished="summary"),
        Site("mkdocs", frozenset({"index", "README"})),
        Site("vuepress", frozenset({"index", "readme"}), any_case=True),
        Site("hugo", frozenset({"index", "_index"}), pretty=True, drafts=True),
        Site("sphinx", unpublished="templates"),
        Site("astro", unpublished="underscored", slugged=True),
        Site("jekyll"),
        Site("vitepress"),
        Site("quarto", unpublished="quarto"),
        Site("mintlify"),
        Site("nextjs"),
        Site("gitbook"),
        Site("antora"),
        Site("mystmd"),
        Site("docsify", frozenset({"readme"}), any_case=True, unpublished="docsify"),
    )
}
_SPHINX_FOLDERS = frozenset({"_templates", "_static", "_themes"})
_CONFIGS = (
    [(name, "docusaurus") for name in DOCUSAURUS_CONFIGS]
    + [("book.toml", "mdbook"), ("mkdocs.yml", "mkdocs"), ("mkdocs.yaml", "mkdocs"), (".vuepress", "vuepress")]
    + [(".vitepress", "vitepress"), ("_quarto.yml", "quarto"), ("_quarto.yaml", "quarto"), ("myst.yml", "mystmd")]
    + [("docs.json", "mintlify"), ("mint.json", "mintlify")]
    + [(f"next.config.{ext}", "nextjs") for ext in ("js", "mjs", "ts", "cjs")]
    + [(f"hugo.{ext}", "hugo") for ext in ("toml", "yaml", "yml", "json")]
    + [(f"astro.config.{ext}", "astro") for ext in ("mjs", "js", "ts", "mts", "cjs", "cts")] + [("conf.py", "sphinx")]
)  # fmt: skip
MARKER_FILES = frozenset({"_category_.json", "_category_.yml", "_category_.yaml"})
"""Names of files inside DOCS that tell its generator (the scanner notes them): Docusaurus's category files."""

# Docusaurus's default number prefix parser: digits, then -, _ or . (with spaces around), then the name; a
# date (2021-11-notes) or a version (1.2-notes) is not a prefix, and a name that is only a number stays whole.
_NUMBER_PREFIX = re.compile(r"[0-9]+\s*[-_.]+\s*([^-_.\s].*)")
_NOT_A_PREFIX = re.compile(r"[0-9]+[-_.][0-9]")


def strip_number_prefix(name: str) -> str:
    """`01-intro` -> `intro`, as Docusaurus names pages and folders."""
    if _NOT_A_PREFIX.match(name):
        return name
    match = _NUMBER_PREFIX.fullmatch(name)
    return match.group(1) if match else name


def _mdbook(book: Path) -> Site:
    """The mdBook whose folder (book.toml beside src/) is DOCS itself: its pages are those of its src folder
    (book.toml's `src`, "src" by default), served from the book's root."""
    src = _mdbook_src(book)
    if not src or src == "." or ".." in src.split("/") or not (book / src).is_dir():
        return SITES["mdbook"]
    return replace(SITES["mdbook"], root=f"{src}/")


def mdbook_home(docs: Path) -> Path | None:
    """The folder of the mdBook whose pages DOCS holds, when DOCS is (in) its src folder: its chapters include
    files from beside it (`{{#include ../listings/ch01/main.rs}}` in the Rust book), which are the book's own.
    None when DOCS is no part of an mdBook's pages, or another generator's config is nearer."""
    for folder in _site_folders(docs):
        nearest = next((site for name, site in _CONFIGS if os.path.exists(folder / name)), None)
        if nearest is not None:
            if nearest != "mdbook" or folder == docs:
                return None
            src = (folder / _mdbook_src(folder)).resolve()
            return folder if docs.resolve().is_relative_to(src) else None
    return None


def _mdbook_src(book: Path) -> str:
    """The folder of an mdBook's pages, as the book.toml in `book` names it (book.src, "src" by default)."""
    try:
        with open(book / "book.toml", "rb") as f:
            src = tomllib.load(f).get("book", {}).get("src", "src")
    except (OSError, ValueError, AttributeError):
        src = "src"
    return src.strip("/") if isinstance(src, str) else "src"


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
        if not entry.is_dir(follow_symlinks=False) or entry.name.startswith(".") or entry.name in _NOT_SITES:
            continue
        config = next((Path(entry.path, n) for n in DOCUSAURUS_CONFIGS if os.path.isfile(Path(entry.path, n))), None)
        plugin = plugin_reading(config, docs) if config is not None else None
        if plugin is not None:
            numbered = plugin.kind == "docs" and (plugin.options or {}).get("numberPrefixParser") is not False
            return replace(SITES["docusaurus"], number_prefixes=numbered, known_by=config)
    return None


def _mkdocs(site: Site, config: Path, docs: Path) -> Site:
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
    folder, Nextra 2's and 3's pages/ folder, which holds the routes."""
    nextra = nextra_site(config, docs)
    if nextra is not None:
        return replace(site, config=nextra)
    return replace(site, root=nextra_pages(config)) if config.parent == docs else site


def detect_site(docs: Path, markers: Iterable[str] = ()) -> Site:
    """The generator whose files are nearest to `docs` (see the module's docstring), with the editions it keeps
    there (layouts.py) and the file it was known by (Site.known_by); `markers` are the names of MARKER_FILES the
    scan found inside it, which decide only when no generator's own config is found (a docs folder in an MkDocs
    project or an mdBook is built by that generator, whatever `_category_` files it holds)."""
    for folder in _site_folders(docs):
        for name, kind in _CONFIGS:
            if os.path.exists(folder / name) and (found := _configured(kind, folder / name, docs)) is not None:
                return replace(found, known_by=folder / name)
        if configs := site_configs(folder):  # no mkdocs.yml (the loop above reads it): mkdocs-online.yml
            return replace(_mkdocs(SITES["mkdocs"], configs[0], docs), configs=configs, known_by=configs[0])
        if (config := old_hugo_config(folder)) is not None:
            found = _hugo_root(_with_layout(SITES["hugo"], config, docs), config, folder == docs)
            return replace(found, known_by=config)
        if is_gitbook(folder):
            known_by = folder / GITBOOK_CONFIG if (folder / GITBOOK_CONFIG).is_file() else folder / "SUMMARY.md"
            return replace(SITES["gitbook"], config=gitbook_site(folder, docs), known_by=known_by)
        if folder == docs and is_antora(docs):
            return replace(SITES["antora"], config=AntoraComponent(), known_by=docs / ANTORA_CONFIG)
        if folder == docs and "$docsify" in config_text(docs / "index.html"):
            return replace(SITES["docsify"], known_by=docs / "index.html")
        if folder == docs and (jekyll := jekyll_site(docs)) is not None:
            known_by = next((docs / name for name in JEKYLL_CONFIGS if (docs / name).is_file()), docs)
            return replace(SITES["jekyll"], config=jekyll, known_by=known_by)
        if folder != docs and (beside := _docusaurus_beside(folder, docs)) is not None:
            return beside
    if any(name in MARKER_FILES for name in markers):
        config = next((docs / name for name in DOCUSAURUS_CONFIGS if os.path.exists(docs / name)), None)
        return replace(_with_layout(SITES["docusaurus"], config, docs), known_by=config)
    return PLAIN


def _configured(kind: str, config: Path, docs: Path) -> Site | None:
    """The rules of the site of the generator `kind` whose config (named as that generator names its own) is
    `config`; None when it is no such generator's after all (a docs.json of another kind than Mintlify's)."""
    folder = config.parent
    found = _mdbook(docs) if kind == "mdbook" and folder == docs else SITES[kind]
    if kind == "sphinx" and _dirhtml(folder):
        found = replace(found, slashed=True)
    if kind == "sphinx" and (sphinx := sphinx_config(config, docs)) is not None:
        found = replace(found, config=sphinx)
    if kind == "nextjs":
        found = _nextjs(found, config, docs)
    if kind == "mintlify":
        mintlify = mintlify_site(folder, docs)
        if mintlify is None:
            return None
        found = replace(found, config=mintlify)
    if kind == "quarto" and (quarto := quarto_project(config, docs)) is not None:
        found = replace(found, config=quarto)
    if kind == "vitepress":
        vitepress = vitepress_site(folder, docs)
        found = replace(found, config=vitepress, root=vitepress.src)
    if kind == "mkdocs":
        found = _mkdocs(found, config, docs)
    if kind == "mdbook" and ".." not in (src := _mdbook_src(folder)).split("/"):
        found = replace(found, titles=mdbook_titles(folder / src, docs))
    return _hugo_root(_with_layout(found, config, docs), config, folder == docs)


_SHOWN = {
    "docusaurus": "Docusaurus", "mdbook": "mdBook", "mkdocs": "MkDocs", "vuepress": "VuePress", "hugo": "Hugo",
    "sphinx": "Sphinx", "astro": "Astro", "jekyll": "Jekyll", "vitepress": "VitePress", "quarto": "Quarto",
    "mintlify": "Mintlify", "nextjs": "Next.js", "gitbook": "GitBook", "antora": "Antora", "mystmd": "MyST",
    "docsify": "Docsify",
}  # fmt: skip
_HTML_FILES = frozenset({"mdbook", "vuepress", "jekyll", "quarto", "antora"})  # serve page.html
_NESTED_DEPTH = 2  # folders below DOCS looked into for a site's config (website/, docs/site/)


def shown_name(site: Site) -> str:
    """The generator's name as its users write it ("" for none)."""
    return _SHOWN.get(site.name, site.name)


def url_option(site: Site) -> str:
    """The option under which --base-url gives each page the URL the site serves it at ("" for no generator):
    `--drop-extensions` for sites that serve pages without an extension (or as folders), `--url-extension html`
    for those that serve .html files."""
    if not site.name:
        return ""
    if site.name in ("sphinx", "mkdocs"):
        return "--drop-extensions" if site.slashed else "--url-extension html"
    if site.name == "vitepress":
        return "--drop-extensions" if getattr(site.config, "clean_urls", False) else "--url-extension html"
    return "--url-extension html" if site.name in _HTML_FILES else "--drop-extensions"


def nested_site(docs: Path) -> tuple[str, str] | None:
    """When no generator's config is at DOCS or above it: (the generator's name, the folder) of one in a folder
    below DOCS (a repository whose site lies in website/; or, as Redux keeps it, whose website/ reads its pages
    from docs/ beside it: docs/), nearest first; None when there is none."""
    level = [docs]
    for _ in range(_NESTED_DEPTH):
        below: list[Path] = []
        for folder in level:
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                if not entry.is_dir(follow_symlinks=False) or entry.name.startswith(".") or entry.name in _NOT_SITES:
                    continue
                path = Path(entry.path)
                site = next((site for name, site in _CONFIGS if os.path.exists(path / name)), None)
                if site is not None and (site != "sphinx" or entry.name in _SPHINX_DOCS):  # (conf.py: any Python)
                    return _SHOWN.get(site, site), _pages_of(site, path, docs).relative_to(docs).as_posix()
                below.append(path)
        level = below
    return None


def docs_beside(docs: Path, site: Site) -> tuple[tuple[str, str], ...]:
    """Indexed from a Docusaurus site's folder: (the path its config gives, the path the site serves them under)
    of the pages its docs plugins read from outside it (website/ reading ../docs), which DOCS does not hold."""
    if site.name != "docusaurus":
        return ()
    config = next((docs / n for n in DOCUSAURUS_CONFIGS if (docs / n).is_file()), None)
    return tuple(docs_outside(config)) if config is not None else ()


def served_at(docs: Path, site: Site) -> str:
    """Indexed from a Docusaurus site's folder: the address its config says it is served at, for the summary to
    give as --base-url when none is given; "" otherwise."""
    if site.name != "docusaurus":
        return ""
    config = next((docs / n for n in DOCUSAURUS_CONFIGS if (docs / n).is_file()), None)
    return docusaurus_served_at(config) if config is not None else ""


def _pages_of(site: str, folder: Path, docs: Path) -> Path:
    """The folder to index for the pages of the site whose config lies in `folder`, below DOCS: that folder, but
    for a Docusaurus site whose docs plugin reads a folder beside it in DOCS (Redux's website/ reads ../docs) that
    holds the pages the site serves: not when versions.json lists a release, which the site serves instead from
    its own versioned_docs/ (Jest's docs/ is the unreleased next version)."""
    config = (
        next((folder / n for n in DOCUSAURUS_CONFIGS if (folder / n).is_file()), None) if site == "docusaurus" else None
    )
    if config is None:
        return folder
    for plugin in content_plugins(JsConfig(config_text(config)))[0]:
        path = (plugin.options or {}).get("path")
        if plugin.kind == "docs" and not plugin.off and not plugin.folder and isinstance(path, str) and path.strip():
            read = Path(os.path.normpath(folder / path.strip()))
            if read.is_relative_to(docs) and read != docs and read.is_dir() and serves_its_folder(config, plugin):
                return read
    return folder


_SPHINX_DOCS = frozenset({"doc", "docs", "documentation", "source"})  # folders whose conf.py is Sphinx's
_NOT_SITES = frozenset({"node_modules", "__pycache__", "build", "dist", "target", "vendor", "site-packages"})


_DIRHTML_COMMAND = re.compile(r"\bsphinx-build\b.*\s-[bM][ \t]*dirhtml\b")  # a build command of its own
_READTHEDOCS = (".readthedocs.yaml", ".readthedocs.yml", "readthedocs.yml", "readthedocs.yaml")


def _dirhtml(conf: Path) -> bool:
    """Whether the Sphinx project whose conf.py lies in `conf` is built by Read the Docs with the dirhtml builder
    (`sphinx: builder: dirhtml`, or a build command `sphinx-build -b dirhtml`, in .readthedocs.yaml, in that
    folder or one above it up to the repository's root), which serves `usage/quickstart.rst` at
    `usage/quickstart/`."""
    for folder in _site_folders(conf):
        found = next((folder / name for name in _READTHEDOCS if (folder / name).is_file()), None)
        if found is not None:
            settings = yaml_config(found)
            commands = listed(lowered(settings.get("build")).get("commands"))
            built = any(isinstance(c, str) and _DIRHTML_COMMAND.search(c) for c in commands)
            return built or lowered(settings.get("sphinx")).get("builder") == "dirhtml"
    return False


def _hugo_root(site: Site, config: Path, in_docs: bool) -> Site:
    """A Hugo site indexed from its own folder (its config in DOCS): its pages are those of its content folder
    (layouts.hugo_content), served from the site's root (`content/docs/install.md` is `docs/install/`); its
    templates, its README and the rest are no pages. A multilingual site's editions say where its pages are
    instead (layouts.py)."""
    if site.name != "hugo":
        return site
    if in_docs and site.layout is not None:  # its languages' folders hold its pages: the rest is none
        folders = ", ".join(sorted({area.folder for area in site.layout.areas if area.folder}))
        why = f"outside the site's content folders ({folders}): no page of the site (a template, a repository file)"
        site = replace(site, layout=replace(site.layout, strays=why))
    elif in_docs and (folder := hugo_content(config)):
        site = replace(site, root=folder)
    content = [area.folder for area in site.layout.areas] if site.layout else [site.root]
    cascade = site_cascade(lowered(config_mapping(config)), content)
    return replace(site, config=cascade) if cascade is not None else site


def _with_layout(site: Site, config: Path | None, docs: Path) -> Site:
    layout = layout_of(site.name, config, docs) if config else None
    if layout and site.name == "nextjs" and site.root:  # Nextra's locales: their area is its pages folder
        why = f"outside the site's {site.root} folder (Next.js's pages): no page of the site"
        return replace(site, root="", layout=replace(layout, strays=why))
    return replace(site, layout=layout) if layout else site


def _site_folders(docs: Path) -> Iterator[Path]:
    """DOCS, then the folders above it where the config of the site it belongs to may lie, nearest first.

    The climb ends at the repository's root (the folder holding `.git`, looked at: beyond it lies another
    project). Outside a repository it would reach `/`, so it also stops before a folder that is no part of the
    same project: the user's home folder (holding all their projects: a config file there is none of theirs;
    DOCS itself is looked at even when it is the home folder) and all above it, a folder on another file system
    (DOCS's mount point is the last looked at), one owned by another user than DOCS (/home, /srv: a site whose
    root belongs to another user than its pages is not seen), and one that anyone may write to (/tmp: anyone
    could leave a config there that changes every URL)."""
    try:
        own = os.stat(docs)
    except OSError:
        return
    home = os.path.expanduser("~")
    home = os.path.realpath(home) if home != "~" else ""
    folder = docs
    while True:
        yield folder
        parent = folder.parent
        if parent == folder or str(folder) == home or str(parent) == home or os.path.exists(folder / ".git"):
            return
        try:
            info = os.stat(parent)
        except OSError:
            return
        if info.st_dev != own.st_dev or info.st_uid != own.st_uid or info.st_mode & stat.S_IWOTH:
            return
        folder = parent
