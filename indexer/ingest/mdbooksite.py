"""The address an mdBook is served at, for the run's summary to give as --base-url (sitereport.served_at).

book.toml's `site-url` is where the book is hosted: mostly a path ("/" by default, the one the 404 page's links
start with), a full URL where a preprocessor wants one (mdbook-rss-feed's, mdbook-permalinks':
`site-url = "https://me.github.io/book/"`), which is the address. A book published on GitHub Pages under a
domain of its own says which: mdBook's `[output.html] cname = "rust-lang.github.io"` writes a CNAME file into
the built site, a `CNAME` file in its src/ is copied there, and one beside book.toml is copied there by the
book's CI (the rustc dev guide's `cp CNAME book/html`): cname.py reads them. That domain serves the site at its
root, so a full `site-url` on github.io gives it no path (GitHub Pages redirects `me.github.io/book/x` there).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from indexer.ingest.cname import domain_name, pages_domain
from indexer.ingest.generators import book_src
from indexer.ingest.siteconfig import config_mapping, site_address


def mdbook_served_at(docs: Path, config: Path) -> str:
    """Indexed from an mdBook's folder (book.toml's), its src folder or a folder below that: a full `site-url`,
    or the domain its config's `output.html.cname` or a CNAME file in src/ or beside book.toml names, served over
    HTTPS at `site-url`'s path, joined with DOCS's path in src/; "" when neither names one, or DOCS lies
    elsewhere."""
    book, settings = config.parent, config_mapping(config)
    src = book / book_src(settings)
    try:
        inside = "" if docs.resolve() == book.resolve() else docs.resolve().relative_to(src.resolve()).as_posix()
    except (OSError, ValueError):
        return ""
    html = _html_output(settings)
    site_url = html.get("site-url", "/")
    if not isinstance(site_url, str):
        return ""
    below = "" if inside == "." else inside
    domain = domain_name(html.get("cname")) or pages_domain((src, book))
    try:
        full = urlsplit(site_url.strip())
    except ValueError:
        return ""
    if not full.scheme and not full.netloc:  # a path: `site-url = "/handbook/"`
        return site_address(f"https://{domain}", site_url, below) if domain else ""
    if not domain:
        return site_address(site_url, below)
    return site_address(f"https://{domain}", full.path if full.hostname == domain else "", below)


def _html_output(settings: dict[str, Any]) -> dict[str, object]:
    """book.toml's `[output.html]` table ({} when there is none)."""
    output = settings.get("output")
    html = output.get("html") if isinstance(output, dict) else None
    return html if isinstance(html, dict) else {}
