"""What the run's summary says of the site generator that publishes DOCS (IndexReport.site, url_option,
served_at, docs_beside, inherit_missing, nested_site): its name as its users write it, the --base-url option that
gives each page its URL on the site, the pages a Docusaurus site's config names outside DOCS, and the file an
mkdocs.yml inherits that is not there; or, when no generator's config is at DOCS or above it (sitedetect.py), the
folder below DOCS that holds a site.
"""

from __future__ import annotations

import os
from pathlib import Path

from indexer.ingest.antora import drops_extensions, is_antora
from indexer.ingest.antora import served_at as antora_served_at
from indexer.ingest.bookdown import served_at as bookdown_served_at
from indexer.ingest.cname import pages_address
from indexer.ingest.docc import is_catalog
from indexer.ingest.docfx import DocfxSite, docfx_served_at
from indexer.ingest.documenter import documenter_project
from indexer.ingest.docusaurus import content_plugins, docs_outside, serves_its_folder
from indexer.ingest.docusaurus import served_at as docusaurus_served_at
from indexer.ingest.exdoc import ExDocSite
from indexer.ingest.jekyll import JekyllSite
from indexer.ingest.layouts import hugo_content, site_of
from indexer.ingest.mdbooksite import mdbook_served_at
from indexer.ingest.mdn import MdnSite
from indexer.ingest.site import Site
from indexer.ingest.siteconfig import config_mapping, lowered, site_address, site_folder, site_folders
from indexer.ingest.sitedetect import NOT_SITES, RAILS_GUIDES, config_in
from indexer.ingest.vitepress import VitePressSite, vitepress_served_at
from indexer.ingest.zola import ZolaSite, zola_config
from indexer.loaders.jsconfig import JsConfig, config_text
from indexer.loaders.mdximports import DOCUSAURUS_CONFIGS
from indexer.loaders.mkdocsyml import CONFIGS as MKDOCS_CONFIGS
from indexer.loaders.mkdocsyml import missing_inherit, mkdocs_settings
from indexer.loaders.sphinxproject import literal_values

_SHOWN = {
    "docusaurus": "Docusaurus", "mdbook": "mdBook", "mkdocs": "MkDocs", "vuepress": "VuePress", "hugo": "Hugo",
    "sphinx": "Sphinx", "astro": "Astro", "jekyll": "Jekyll", "vitepress": "VitePress", "quarto": "Quarto",
    "mintlify": "Mintlify", "nextjs": "Next.js", "gitbook": "GitBook", "antora": "Antora", "mystmd": "MyST",
    "docsify": "Docsify", "exdoc": "ExDoc", "railsguides": "Rails Guides", "documenter": "Documenter.jl",
    "bookdown": "bookdown", "docfx": "DocFX", "zola": "Zola",
    "mdn": "MDN Web Docs", "docc": "DocC",
}  # fmt: skip
_HTML_FILES = frozenset(
    {"mdbook", "vuepress", "jekyll", "quarto", "antora", "exdoc", "railsguides", "bookdown", "docfx"}
)
_NESTED_DEPTH = 3  # folders below DOCS looked into for a site's config (website/, docs/site/, docs/docsite/rst/)
_SPHINX_DOCS = frozenset({"doc", "docs", "documentation", "source"})  # folders whose conf.py is Sphinx's
# settings only Sphinx's conf.py gives: a conf.py elsewhere that assigns one is Sphinx's (Ansible's docs/docsite/rst)
_SPHINX_SETTINGS = frozenset({"extensions", "html_theme", "master_doc", "root_doc", "source_suffix", "rst_epilog",
                              "rst_prolog", "templates_path", "html_static_path"})  # fmt: skip


def shown_name(site: Site) -> str:
    """The generator's name as its users write it ("" for none)."""
    if isinstance(site.config, DocfxSite) and site.config.learn:
        return "DocFX (Microsoft Learn)"
    return _SHOWN.get(site.name, site.name)


def url_option(site: Site) -> str:
    """The option under which --base-url gives each page the URL the site serves it at ("" for no generator):
    `--drop-extensions` for sites that serve pages without an extension (or as folders), `--url-extension html`
    for those that serve .html files."""
    if not site.name:
        return ""
    if site.name in ("sphinx", "mkdocs", "documenter"):
        return "--drop-extensions" if site.slashed else "--url-extension html"
    if site.name == "vitepress":
        return "--drop-extensions" if getattr(site.config, "clean_urls", False) else "--url-extension html"
    if site.name == "antora" and site.known_by is not None and drops_extensions(site.known_by.parent):
        return "--drop-extensions"
    if isinstance(site.config, DocfxSite) and site.config.learn:  # Microsoft Learn: no .html
        return "--drop-extensions"
    return "--url-extension html" if site.name in _HTML_FILES else "--drop-extensions"


def nested_site(docs: Path) -> tuple[str, str] | None:
    """When no generator's config is at DOCS or above it: (the generator's name, the folder) of one in a folder
    below DOCS (a repository whose site lies in website/; or, as Redux keeps it, whose website/ reads its pages
    from docs/ beside it: docs/; a Sphinx project's conf.py in doc/build/, as SQLAlchemy, Alembic and Mako keep
    theirs; an Antora component's antora.yml beside its modules/, as Spring's projects keep theirs in docs/; the
    Rails Guides' source, in rails/rails guides/source; a DocC catalog, TSPL.docc, Sources/MyKit/MyKit.docc),
    nearest first; None when there is none."""
    level = [docs]
    for _ in range(_NESTED_DEPTH):
        below: list[Path] = []
        for folder in level:
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                if not entry.is_dir(follow_symlinks=False) or entry.name.startswith("."):
                    continue
                path = Path(entry.path)
                if entry.name in NOT_SITES:  # output, not sources; but SQLAlchemy's sources are in doc/build/
                    if entry.name == "build" and folder.name in _SPHINX_DOCS and (path / "conf.py").is_file():
                        return _SHOWN["sphinx"], path.relative_to(docs).as_posix()
                    continue
                if entry.name == "_default" and folder.name == "config" and folder.parent == docs:
                    continue  # Hugo's config folder: its site is DOCS, which lacks the content/ it is known by
                site = config_in(path)
                site = "antora" if site is None and is_antora(path) else site  # antora.yml beside modules/
                site = "docc" if site is None and is_catalog(path) else site  # TSPL.docc
                site = "zola" if site is None and zola_config(path) is not None else site  # getzola/zola's docs/
                if site is None and all((path / name).is_file() for name in RAILS_GUIDES):
                    site = "railsguides"  # rails/rails guides/source
                if site is not None and (site != "sphinx" or entry.name in _SPHINX_DOCS or _sphinx_conf(path)):
                    return _SHOWN.get(site, site), _pages_of(site, path, docs).relative_to(docs).as_posix()
                below.append(path)
        level = below
    return None


def _sphinx_conf(folder: Path) -> bool:
    """Whether the folder's conf.py (a name any Python program may give a file) sets what only Sphinx reads."""
    values = literal_values(config_text(folder / "conf.py"))
    return values is not None and not _SPHINX_SETTINGS.isdisjoint(values)


def docs_beside(docs: Path, site: Site) -> tuple[tuple[str, str], ...]:
    """Indexed from a Docusaurus site's folder: (the path its config gives, the path the site serves them under)
    of the pages its docs plugins read from outside it (website/ reading ../docs), which DOCS does not hold."""
    if site.name != "docusaurus":
        return ()
    config = next((docs / n for n in DOCUSAURUS_CONFIGS if (docs / n).is_file()), None)
    return tuple(docs_outside(config)) if config is not None else ()


def _served_beside(docs: Path, config: Path | None) -> str:
    """The address a Docusaurus site beside DOCS serves its pages at, when a docs plugin of its config (`config`)
    reads DOCS itself (Redux's website/ reads `../docs` at `https://redux.js.org/`): the site's address and the
    plugin's route; "" for none, or when DOCS is a folder inside the plugin's (its ids lack that folder's path)."""
    if config is None or config.parent == docs or not config.is_file():
        return ""
    wanted = os.path.realpath(docs)
    for path, route in docs_outside(config):
        if os.path.realpath(config.parent / path) == wanted:
            served = docusaurus_served_at(config)
            return site_address(served, route) if served else ""
    return ""


def inherit_missing(docs: Path, site: Site) -> tuple[str, str]:
    """An MkDocs site's mkdocs.yml that INHERITs a file not there (Ruff's mkdocs.generated.yml, which its build
    writes), and that file, as paths from DOCS: the site is read without the settings it holds, or as another
    mkdocs*.yml builds it (mkdocsyml.site_configs); ("", "") when there is none."""
    folder = site.known_by.parent if site.name == "mkdocs" and site.known_by is not None else None
    own = next((folder / n for n in MKDOCS_CONFIGS if (folder / n).is_file()), None) if folder else None
    missing = missing_inherit(own) if own is not None else ""
    if own is None or not missing:
        return ("", "")
    return os.path.relpath(own, docs).replace(os.sep, "/"), os.path.relpath(missing, docs).replace(os.sep, "/")


def holding(docs: Path, outside: set[str]) -> str:
    """The nearest folder above DOCS that holds the files its pages include from outside where included files may
    come from (`outside`: their absolute paths), of those in DOCS's project (up to its repository's root:
    siteconfig.site_folders), so that --includes-from may name it; "" when none is in it. A file beyond the project
    (in the home folder, or named by a path that leaves it, `../../../../etc/passwd`) is not counted."""
    real = os.path.realpath(docs)
    climb = [str(folder) for folder in site_folders(Path(real))] if outside else []
    held = {os.path.commonpath([real, path]) for path in outside if os.path.isabs(path)}
    return next((folder for folder in reversed(climb) if folder in held), "")


def served_at(docs: Path, site: Site) -> str:
    """Indexed from a Docusaurus, Hugo (or its content folder), Jekyll, Astro, Quarto or bookdown site's folder (or
    the folder a Docusaurus site beside it reads: _served_beside), a VitePress site's (or its srcDir), an mdBook's
    (or its src: a full site-url, or its CNAME: mdbooksite.py), an MkDocs project's (or its docs_dir), a Sphinx
    project's (its conf.py's literal `html_baseurl`), a Documenter.jl project's (or its source folder: make.jl's
    `canonical`), a DocFX project's (docfx.json's sitemap baseUrl: docfx.py), MDN's content (mdn.py), or an Antora
    component's: the address its config (an Antora site's playbook) says it is served at, for the summary to give
    as --base-url when none is given; "" otherwise."""
    if site.name == "antora":
        return antora_served_at(docs)
    # known from their config when it was read: ExDoc's (pages' URLs are their names alone, wherever DOCS lies in
    # it), MDN's (developer.mozilla.org, wherever DOCS lies in its content), Zola's (base_url and DOCS's folder)
    if isinstance(site.config, ExDocSite | MdnSite | ZolaSite):
        return site.config.served_at
    if site.name == "vitepress":  # not from a folder inside srcDir: its pages' ids lack that folder's path
        if isinstance(site.config, VitePressSite) and site.config.inside:
            return ""
        root = next((folder for folder in site_folders(docs) if (folder / ".vitepress").is_dir()), None)
        return vitepress_served_at(root) if root is not None else ""
    if site.name == "docusaurus":
        config = next((docs / n for n in DOCUSAURUS_CONFIGS if (docs / n).is_file()), None)
        return docusaurus_served_at(config) if config is not None else _served_beside(docs, site.known_by)
    config = site.known_by
    if site.name == "docfx" and config is not None:
        return docfx_served_at(config, docs)
    if site.name == "mkdocs" and config is not None:
        return _mkdocs_served_at(docs, config)
    if site.name == "quarto" and config is not None and config.is_file():
        return _quarto_served_at(docs, config)
    if site.name == "documenter" and config is not None and (project := documenter_project(config)) is not None:
        pages = {config.parent.resolve(), (config.parent / project.source).resolve()}  # docs/, docs/src/
        return project.canonical if docs.resolve() in pages else ""  # `canonical = "https://x.org/stable/"`
    if site.name == "mdbook" and config is not None:  # book.toml's `cname`, or a CNAME file GitHub Pages serves
        return mdbook_served_at(docs, config)
    if site.name == "bookdown" and config is not None:  # index.Rmd's `url: 'https\://bookdown.org/yihui/bookdown/'`
        return bookdown_served_at(docs, config)
    if config is None or not config.is_file():
        return ""
    if site.name == "hugo" and docs.resolve() in _hugo_folders(config):  # grpc.io's `baseURL: https://grpc.io/`
        settings = lowered(config_mapping(config))  # else the CNAME its static folder holds
        static = site_folder(settings.get("staticdir", "static")) or "static/"
        return site_address(settings.get("baseurl")) or pages_address((site_of(config) / static,))
    if site.name == "astro":
        return _astro_served_at(docs, config)
    if site.name == "jekyll" and isinstance(site.config, JekyllSite):  # indexed from its folder or its `source`
        settings = config_mapping(config)  # _config.yml: `url: "https://just-the-docs.com"`, `baseurl: ""`
        folders = (Path(site.config.folder), config.parent)  # else GitHub's Jekyll's: the CNAME's domain
        baseurl = settings.get("baseurl") or ""
        return site_address(settings.get("url"), baseurl) or pages_address(folders, baseurl)
    if site_of(config) != docs:
        return ""
    if site.name == "sphinx":  # Sphinx's own conf.py: `html_baseurl = 'https://www.sphinx-doc.org/en/master/'`
        values = literal_values(config_text(config))
        return site_address(values.get("html_baseurl") if values else None)
    return ""


def _astro_served_at(docs: Path, config: Path) -> str:
    """Indexed from an Astro project's folder, its src/content/docs or a folder in it (a locale's: Astro's docs'
    src/content/docs/en, served at https://docs.astro.build/en/): the config's `site` (knip.dev's `site:
    'https://knip.dev', base: '/'`; Starlight's from the environment, with a literal default) and `base`, joined
    with that folder's path in the content folder, lowercased as Astro slugs it; "" from any other folder."""
    try:
        inside = docs.resolve().relative_to(config.parent.resolve()).as_posix()
    except ValueError:
        return ""
    content = "src/content/docs"
    if inside != "." and inside != content and not inside.startswith(content + "/"):
        return ""
    options = JsConfig(config_text(config))
    bases = options.values("base")
    address = options.option("site", str) or options.env_default("site")
    below = inside[len(content) + 1 :].lower() if inside.startswith(content + "/") else ""
    return site_address(address, bases[0] if len(bases) == 1 else "" if not bases else None, below)


def _hugo_folders(config: Path) -> set[Path]:
    """The folders a Hugo site may be indexed from for its pages to be served from its root: its own, and its
    content folder (gohugo.io's content/en, which its baseURL serves at https://gohugo.io/)."""
    site = site_of(config).resolve()
    content = hugo_content(config)
    return {site, (site / content).resolve()} if content else {site}


def _mkdocs_served_at(docs: Path, config: Path) -> str:
    """Indexed from an MkDocs project's folder or its docs_dir, whose pages it serves from the site's root: the
    config's `site_url` (dstack's `site_url: https://dstack.ai`), else the domain a CNAME in its docs_dir names
    (cname.py); "" otherwise."""
    settings = mkdocs_settings(config)
    docs_dir = settings.get("docs_dir", "docs")
    folders = {config.parent.resolve()} | (
        {(config.parent / docs_dir).resolve()} if isinstance(docs_dir, str) else set()
    )
    if docs.resolve() not in folders:
        return ""
    pages = (config.parent / docs_dir,) if isinstance(docs_dir, str) else ()  # `mkdocs gh-deploy` copies its CNAME
    return site_address(settings.get("site_url")) or pages_address(pages)


def _quarto_served_at(docs: Path, config: Path) -> str:
    """Indexed from a Quarto project's folder or one below it, whose pages it serves at their paths: the address
    its _quarto.yml gives (quarto.org's `website: site-url: https://quarto.org`, a book's `book: site-url`) joined
    with DOCS's path in the project (`docs/`: https://quarto.org/docs/); "" otherwise."""
    settings = config_mapping(config)
    project = next((v for k in ("website", "book") if isinstance(v := settings.get(k), dict)), {})
    try:
        inside = docs.resolve().relative_to(config.parent.resolve()).as_posix()
    except ValueError:
        return ""
    return site_address(project.get("site-url"), "" if inside == "." else inside)


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
