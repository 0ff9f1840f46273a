"""Why a site generator publishes no page for a file that a loader reads: the rules Site.unpublished_reason (site.py)
applies besides what the site's config says (SiteConfig.unpublished).

A file outside the site's root folder is none (an mdBook's src/, Hugo's content/, VitePress's srcDir, MkDocs's
docs_dir, Next.js's pages/), nor is one outside the folders of the site's editions or in a folder it serves as it
is (editions.py: Docusaurus's static/, Astro's public/). Past those, each kind of generator (Site.unpublished, a key
of KINDS) leaves out files of its own: Docusaurus's partials (a Markdown or MDX file or folder named `_x`: their
text is read where a page imports them), mdBook's table of contents (`SUMMARY.md`), Sphinx's templates and static
files (`_templates/`, `_static/`, `_themes/`: Jinja, not pages), Quarto's partials (`_x.qmd`) and READMEs, Astro's
and Docsify's names starting with `_`. On any site, what it serves to crawlers (robots.txt) and its page for
addresses it does not serve (404.md, 404.html) are no documents (no_reading).
"""

from __future__ import annotations

from collections.abc import Callable

from indexer.ingest.editions import Layout

_SPHINX_FOLDERS = frozenset({"_templates", "_static", "_themes"})


def outside_folders(folders: str) -> str:
    """Why a file outside the folders of a Hugo or Zola site's pages (`content/ folder`) is no page of it."""
    return f"outside the site's {folders}: no page of the site (a template, a repository file)"


def outside_root(generator: str, root: str) -> str:
    """Why a file outside the site's `root` folder (in DOCS) is no page of the site `generator` builds."""
    if generator == "hugo":
        return outside_folders(f"{root} folder")
    if generator == "vitepress":
        return f"outside the site's {root} folder (VitePress's srcDir): no page of the site"
    if generator == "nextjs":
        return f"outside the site's {root} folder (Next.js's pages): no page of the site"
    if generator == "mkdocs":
        return f"outside the site's {root} folder (MkDocs's docs_dir): no page of the site"
    return f"outside the book's {root} folder: no page of the book (a page may include it)"


_FOR_MACHINES = frozenset({"robots.txt", "humans.txt", "ads.txt", "app-ads.txt", "security.txt"})
_NOT_FOUND_PAGES = frozenset({"404.md", "404.mdx", "404.html", "404.htm", "404.markdown", "404.rst"})


def no_reading(path: str) -> str | None:
    """Why a file at the top of the site's pages (`path`: where the site serves it from, without its pages'
    folder) is no document for its readers: what it serves to crawlers (Knip's public/robots.txt was a document
    titled 'Robots', found by 'robots'), and the page it shows for an address it does not serve (Just the Docs'
    404.html, 'Page not found'); None for the rest, and for any file in a folder (`errors/404.md` documents an
    API's error)."""
    name = path.lower()
    if name in _FOR_MACHINES:
        return f"{name}, what the site tells crawlers: no document for its readers"
    if name in _NOT_FOUND_PAGES:
        return "the site's page for an address it does not serve (404): no document for its readers"
    return None


def by_layout(layout: Layout, doc_id: str) -> str | None:
    """Why the page `doc_id` is none of the site whose editions `layout` places: it lies in none of their folders
    where the site serves no other (Layout.strays), or it is Markdown in a folder served as it is, unrendered
    (Ionic's pages import their examples from static/); None otherwise."""
    if layout.strays and not layout.holds(doc_id):
        return layout.strays
    if doc_id.lower().endswith((".md", ".mdx")) and (area := layout.place(doc_id).area).as_is:
        return f"Markdown in {area.folder}, which the site serves as it is, unrendered: no page (a page may import it)"
    return None


def by_kind(kind: str, doc_id: str, page: bool) -> str | None:
    """Why a generator of `kind` (Site.unpublished) publishes no page for the file `doc_id`, which is Markdown
    or MDX, or any file on Hugo's and Next.js's sites, when `page`; None where its rules leave it a page."""
    rule = KINDS.get(kind)
    return rule(doc_id, page) if rule else None


def _docusaurus(doc_id: str, page: bool) -> str | None:
    if page and any(part.startswith("_") for part in doc_id.split("/")):
        return "a Docusaurus partial (its name starts with _): no page of its own, read where a page imports it"
    return None


def _mdbook(doc_id: str, page: bool) -> str | None:
    if doc_id.split("/")[-1] == "SUMMARY.md":
        return "mdBook's table of contents (SUMMARY.md): no page of its own"
    return None


def _sphinx(doc_id: str, page: bool) -> str | None:
    if any(part in _SPHINX_FOLDERS for part in doc_id.split("/")[:-1]):
        return "in a Sphinx theme or template folder (_templates, _static, _themes): no page of the site"
    return None


def _quarto(doc_id: str, page: bool) -> str | None:
    parts = doc_id.split("/")
    if any(part.startswith(("_", ".")) for part in parts):
        return "a name starting with _ (a Quarto partial, _site, _freeze): Quarto renders no page of it"
    if parts[-1].lower() in ("readme.md", "readme.qmd"):
        return "a README, which Quarto does not render: no page of the site"
    if parts[-1] in ("CLAUDE.md", "AGENTS.md"):
        return "an AI assistant's instructions (CLAUDE.md, AGENTS.md), which Quarto does not render: no page"
    if parts[-1].lower().endswith(".txt"):
        return "a text file, which Quarto renders no page of (requirements.txt, runtime.txt): no page of the site"
    return None


def _astro(doc_id: str, page: bool) -> str | None:
    if any(part.startswith("_") for part in doc_id.split("/")):
        return (
            "a name starting with _, which Astro leaves out of its pages and collections: no page (a page may "
            "import it)"
        )
    return None


def _docsify(doc_id: str, page: bool) -> str | None:
    if doc_id.lower() == "index.html":
        return "Docsify's app page (index.html, which shows the Markdown pages): no page of its own"
    if any(part.startswith("_") for part in doc_id.split("/")):
        return "a name starting with _ (Docsify's sidebar, navbar, cover page, embedded files): no page of its own"
    return None


KINDS: dict[str, Callable[[str, bool], str | None]] = {
    "partials": _docusaurus,
    "summary": _mdbook,
    "templates": _sphinx,
    "quarto": _quarto,
    "underscored": _astro,
    "docsify": _docsify,
}
"""The kinds of Site.unpublished, each with its rule: why a generator of that kind publishes no page for a file."""
