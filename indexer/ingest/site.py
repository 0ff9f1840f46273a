"""A site generator's rules for a page's file path: the Site, and each generator's defaults (SITES).

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
  (`functions/TableOfContents.md` is `functions/tableofcontents/`). Zola's is `_index.md` too, but Zola slugifies
  only a page's own name, keeping its folders' as written, and its config names its languages (zola.py).
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

Which generator publishes DOCS is found from its own files (sitedetect.py), and what its config changes of these
rules is read from it (generators.py); why a file is no page of the site, unpublished.py says.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from indexer.ingest import unpublished
from indexer.ingest.editions import Area, Layout, Place
from indexer.ingest.hugobuild import SiteCascade
from indexer.ingest.mkdocs import MkDocsSite
from indexer.ingest.sphinxconf import SphinxConfig


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
    unpublished: str = ""  # what of the folder's pages the generator does not publish: unpublished.KINDS
    pretty: bool = False  # a page's path is lowercased and ends in a slash (Hugo's defaults: /functions/toc/)
    slashed: bool = False  # a page's path ends in a slash (Sphinx's dirhtml builder, MkDocs: /usage/quickstart/)
    bare_folders: bool = False  # a folder's page is served without its slash (Next.js: /learn, not /learn/)
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
        key += "/bare" if self.bare_folders else ""
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

    def page_name(self, doc_id: str) -> str:
        """The name a page that names no title is titled by when it is not its file's: a folder's index page's
        (`blog/_index.md`, a section that sets only its sorting; `blog/_index.fr.md`, its translation) is its
        folder's, as the site serves it (`content/_index.md` of a Hugo or Zola site indexed from its own folder is
        its home page, not "Content"); "" for the others and for the site's home page."""
        pure = PurePosixPath(self.place(doc_id).path)
        folder, stem = pure.parent.name, pure.stem
        if folder and (self.is_index(stem, folder) or self.is_index(stem.partition(".")[0], folder)):
            return folder
        return ""

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
        it); what the site's config says (SiteConfig: Jekyll's `_includes/`, VitePress's `srcExclude`); on any
        site, robots.txt and the 404 page (unpublished.no_reading)."""
        mounted = isinstance(self.config, SiteCascade) and self.config.mounted(doc_id)  # Hugo's vendored modules'
        if self.root and not doc_id.startswith(self.root) and not mounted:
            return unpublished.outside_root(self.name, self.root)
        own = self.config.unpublished(doc_id)
        if own is not None:
            return own
        if self.name and (machines := unpublished.no_reading(self.place(doc_id).path)) is not None:
            return machines
        # (Hugo: layouts/ are templates, Zola's templates/ too; Nextra serves no file outside pages/, as Site.root
        # says with no locales; Astro none outside its content folders, src/pages/ and public/: Tauri's
        # packages/.../template.html)
        page = doc_id.lower().endswith((".md", ".mdx")) or self.name in ("hugo", "zola", "nextjs", "astro")
        if page and self.layout and (why := unpublished.by_layout(self.layout, doc_id)) is not None:
            return why
        return unpublished.by_kind(self.unpublished, doc_id, page)


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
        Site("zola", frozenset({"_index", "index"}), slashed=True, drafts=True),  # its config says the rest (zola.py)
        Site("sphinx", unpublished="templates"),
        Site("astro", unpublished="underscored", slugged=True),
        Site("jekyll"),
        Site("vitepress"),
        Site("quarto", unpublished="quarto"),
        Site("bookdown"),
        Site("mintlify"),
        Site("nextjs", bare_folders=True),  # unless its config says `trailingSlash: true` (generators.py)
        Site("gitbook"),
        Site("antora"),
        Site("mystmd"),
        Site("docsify", frozenset({"readme"}), any_case=True, unpublished="docsify"),
        Site("exdoc"),
        Site("railsguides"),
        Site("documenter"),  # its make.jl says where its pages are and whether they are folders (documenter.py)
        Site("mdn"),  # its pages' front matter slugs say where they are served (mdn.py)
        Site("docfx"),  # its docfx.json says which files are pages and where they are served (docfx.py)
        Site("docc"),  # its catalog serves its articles by their names alone (docc.py)
    )
}

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
